//! rustc's sharded interner, rebuilt: a fixed array of cache-aligned
//! `parking_lot::Mutex<hashbrown table>` shards picked by high hash bits,
//! with arena storage.
//!
//! rustc (`rustc_data_structures::sharded::ShardedHashMap::intern`) hashes
//! the key with FxHash, locks the shard the hash picks, and probes with
//! hashbrown's `HashTable::entry` (its `table_entry` helper), one probe that
//! either finds the key or keeps the slot to insert at; on a miss it
//! allocates the value in an arena and inserts it there, all under that one
//! mutex: there is no read-only path. The shard is picked by the bits just
//! below the top 7, because hashbrown uses the top 7 bits as its control-byte
//! tag, and a shard whose keys all share a tag would probe badly. The table
//! stores bare pointers (no cached hash) and re-hashes on growth, as rustc's
//! `FxHashMap<InternedInSet<T>, ()>` does. The one liberty taken: rustc's
//! arena is per thread, outside the shard; here each shard owns a bump arena
//! inside its mutex.

use core::fmt;
use core::hash::BuildHasher;
use core::ptr::NonNull;

use bumpalo::Bump;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use parking_lot::Mutex;
use rustc_hash::FxBuildHasher;

use super::Interner;
use crate::keys::StoreKey;

/// Shard-index bits (rustc's `SHARD_BITS` in the parallel compiler).
const SHARD_BITS: u32 = 5;

/// The number of shards: 32.
pub const SHARDS: usize = 1 << SHARD_BITS;

/// What one shard's mutex guards: the table and the arena its keys live in.
struct ShardInner<K: ?Sized + StoreKey> {
    /// Invariant: every pointer points to a `K` allocated in `arena` (of this
    /// same shard), never moved or freed before the shard drops.
    table: HashTable<NonNull<K>>,
    arena: Bump,
}

// SAFETY: the pointers in `table` point into `arena`, which moves with the
// shard, so sending the shard sends what they point to; `K` is `Send + Sync`
// (a `StoreKey` bound), so the stored keys may be used from another thread.
unsafe impl<K: ?Sized + StoreKey> Send for ShardInner<K> {}

/// One shard, on its own pair of cache lines so that locking one shard never
/// invalidates a neighbour's line (rustc's `CacheAligned`).
#[repr(align(128))]
struct Shard<K: ?Sized + StoreKey> {
    inner: Mutex<ShardInner<K>>,
}

/// The rebuilt rustc interner.
pub struct RustcSharded<K: ?Sized + StoreKey> {
    shards: Box<[Shard<K>; SHARDS]>,
}

impl<K: ?Sized + StoreKey> RustcSharded<K> {
    /// An empty interner with [`SHARDS`] shards.
    pub fn new() -> Self {
        Self {
            shards: Box::new(core::array::from_fn(|_| Shard {
                inner: Mutex::new(ShardInner {
                    table: HashTable::new(),
                    arena: Bump::new(),
                }),
            })),
        }
    }

    /// The shard of `hash`: the `SHARD_BITS` bits below the top 7 (as
    /// rustc's `get_shard_hash`), so that the shard index and hashbrown's
    /// tag use different bits.
    #[inline]
    fn shard(&self, hash: u64) -> &Shard<K> {
        let index = (hash >> (64 - 7 - SHARD_BITS)) as usize & (SHARDS - 1);
        &self.shards[index]
    }

    /// How many distinct keys are interned.
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.inner.lock().table.len()).sum()
    }

    /// Whether nothing is interned yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<K: ?Sized + StoreKey> Default for RustcSharded<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: ?Sized + StoreKey> Interner<K> for &RustcSharded<K> {
    #[inline]
    fn intern(&mut self, key: &K) -> usize {
        let hash = FxBuildHasher.hash_one(key);
        let mut guard = self.shard(hash).inner.lock();
        let shard = &mut *guard;
        // rustc's `table_entry`: one probe that either finds the key or
        // remembers the slot to insert it at.
        let entry = shard.table.entry(
            hash,
            |&p| {
                // SAFETY: by the invariant on `table`, `p` points to a live
                // `K` in this shard's arena, which the held lock keeps alive.
                let stored = unsafe { p.as_ref() };
                stored.same(key)
            },
            |&p| {
                // SAFETY: as above: a live `K` in this shard's arena.
                FxBuildHasher.hash_one(unsafe { p.as_ref() })
            },
        );
        match entry {
            Entry::Occupied(found) => found.get().as_ptr().cast::<u8>().addr(),
            Entry::Vacant(slot) => {
                let stored = NonNull::from(key.alloc_in(&shard.arena));
                slot.insert(stored);
                stored.as_ptr().cast::<u8>().addr()
            }
        }
    }
}

impl<K: ?Sized + StoreKey> fmt::Debug for RustcSharded<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RustcSharded")
            .field("shards", &SHARDS)
            .field("len", &self.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::IntKey;

    #[test]
    fn shards_are_cache_aligned_and_keys_unique() {
        assert_eq!(core::mem::align_of::<Shard<IntKey>>(), 128);
        let map = RustcSharded::<IntKey>::new();
        let mut r = &map;
        let ids: Vec<usize> = (0..5_000).map(|v| r.intern(&IntKey::new(v))).collect();
        for (v, &id) in ids.iter().enumerate() {
            assert_eq!(r.intern(&IntKey::new(v as i64)), id);
        }
        assert_eq!(map.len(), 5_000);
        let used = map
            .shards
            .iter()
            .filter(|s| !s.inner.lock().table.is_empty())
            .count();
        assert_eq!(
            used, SHARDS,
            "high hash bits should spread keys over every shard"
        );
    }
}
