//! The floor: an unsynchronised hashbrown table with FxHash over
//! arena-allocated storage. One thread, no lock, no atomic: the physical
//! limit of interning on one core, against which every other implementation
//! is read as a ratio.

use core::fmt;
use core::hash::BuildHasher;
use core::ptr::NonNull;

use bumpalo::Bump;
use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::{Interner, addr};
use crate::keys::StoreKey;

/// The unsynchronised interner. Each table entry keeps the key's 64-bit hash
/// beside the pointer, so a probe compares hashes before it dereferences,
/// and growth never rehashes (the fastest layout hashbrown offers).
pub struct Floor<K: ?Sized + StoreKey> {
    /// Invariant: every pointer points to a `K` allocated in `arena` by
    /// [`Floor::intern`], never moved (a bump arena does not move its
    /// allocations) or freed before `self` drops; the hash beside it is that
    /// key's FxHash.
    table: HashTable<(u64, NonNull<K>)>,
    arena: Bump,
}

impl<K: ?Sized + StoreKey> Floor<K> {
    /// An empty floor interner.
    pub fn new() -> Self {
        Self {
            table: HashTable::new(),
            arena: Bump::new(),
        }
    }

    /// How many distinct keys are interned.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether nothing is interned yet.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

impl<K: ?Sized + StoreKey> Default for Floor<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: ?Sized + StoreKey> Interner<K> for Floor<K> {
    #[inline]
    fn intern(&mut self, key: &K) -> usize {
        let hash = FxBuildHasher.hash_one(key);
        let found = self.table.find(hash, |&(h, p)| {
            // SAFETY: by the invariant on `table`, `p` points to a live `K`
            // in `self.arena`, which is borrowed (through `self`) here.
            h == hash && unsafe { p.as_ref() }.same(key)
        });
        if let Some(&(_, p)) = found {
            // SAFETY: as above, `p` points to a live `K` in our arena.
            return addr(unsafe { p.as_ref() });
        }
        let stored = NonNull::from(key.alloc_in(&self.arena));
        self.table.insert_unique(hash, (hash, stored), |&(h, _)| h);
        // SAFETY: `stored` was just allocated in our arena.
        addr(unsafe { stored.as_ref() })
    }
}

impl<K: ?Sized + StoreKey> fmt::Debug for Floor<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Floor")
            .field("len", &self.table.len())
            .field("arena_bytes", &self.arena.allocated_bytes())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::IntKey;

    #[test]
    fn equal_keys_share_an_identity() {
        let mut f = Floor::<IntKey>::new();
        let a = f.intern(&IntKey::new(1));
        let b = f.intern(&IntKey::new(2));
        assert_ne!(a, b);
        assert_eq!(a, f.intern(&IntKey::new(1)));
        for v in 0..10_000 {
            f.intern(&IntKey::new(v));
        }
        assert_eq!(a, f.intern(&IntKey::new(1)), "growth moved a stored key");
        assert_eq!(f.len(), 10_000);

        let mut s = Floor::<str>::new();
        let x = s.intern("sym_1");
        assert_eq!(x, s.intern(&String::from("sym_1")));
        assert_ne!(x, s.intern("sym_2"));
    }
}
