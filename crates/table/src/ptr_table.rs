//! [`PtrTable`]: the lower-level table for reclaimable storage kinds, whose
//! values are heap objects owned by their handles rather than by an arena.

use core::fmt;
use core::hash::{BuildHasher, Hash};
use core::ptr::NonNull;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry as MapEntry;
use rustc_hash::FxBuildHasher;
use strata_sync::policy::{Policy, Shared};
use strata_sync::{Mutant, mutant};

use crate::shard::{Shard, Shards, default_shard_count};
use crate::stats::{ShardStats, TableStats, ThreadArenaStats};
use crate::table::{Entry, rehash};

/// What the `hit` closure of [`PtrTable::get_or_insert_ptr`] says about one
/// entry whose stored hash equals the probed hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PtrProbe<R> {
    /// The entry is the key's, and usable: the lookup returns `R` (for
    /// example a new strong handle, taken by an upgrade that succeeded).
    Match(R),
    /// The entry is the key's but unusable (its strong count reached zero
    /// and its owner is on the way to removing it). The write path replaces
    /// it with a fresh object.
    Dead,
    /// The entry belongs to another key with the same hash.
    NoMatch,
}

/// A sharded, reader-writer-locked index of caller-owned objects: the
/// building block for reclaimable (reference-counted, individually freed)
/// storage kinds.
///
/// Entries are `(hash, NonNull<U>)` pairs, with at most one entry per key.
/// The table never dereferences, drops or frees a `U`: it only calls the
/// caller's closures with the stored pointers, under the shard's lock. The
/// caller owns the objects (typically through their reference counts) and
/// keeps the entries honest:
///
/// - an object is created by `make` under the shard's write lock, inserted,
///   and handed out by `hit`;
/// - when its last strong handle goes, `hit` starts answering
///   [`PtrProbe::Dead`] for it, and its owner calls
///   [`remove_ptr`](Self::remove_ptr) with its own pointer, which removes the
///   entry only if it still holds exactly that pointer (a lookup may have
///   replaced the dead entry by a fresh object in between: the owner check);
/// - the object is freed only after `remove_ptr` returned (whatever it
///   returned): from then on no lookup can reach it, because every lookup
///   reaches entries under the shard's lock.
///
/// Same locking, sharding and re-entrancy detection as
/// [`Table`](crate::Table).
pub struct PtrTable<U, P: Policy = Shared, S = FxBuildHasher> {
    shards: Shards<HashTable<Entry<U>>, P>,
    hasher: S,
}

impl<U, P: Policy, S: BuildHasher + Default> PtrTable<U, P, S> {
    /// Creates an empty table for the storage kind `name`, with
    /// [`default_shard_count`] shards.
    pub fn new(name: &'static str) -> Self {
        Self::with_shards_and_hasher(name, default_shard_count::<P>(), S::default())
    }

    /// Creates an empty table with `shards` shards.
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and
    /// [`MAX_SHARDS`](crate::MAX_SHARDS).
    pub fn with_shards(name: &'static str, shards: usize) -> Self {
        Self::with_shards_and_hasher(name, shards, S::default())
    }
}

impl<U, P: Policy, S> PtrTable<U, P, S> {
    /// Creates an empty table with `shards` shards whose callers hash with
    /// `hasher`.
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and
    /// [`MAX_SHARDS`](crate::MAX_SHARDS).
    pub fn with_shards_and_hasher(name: &'static str, shards: usize, hasher: S) -> Self {
        PtrTable {
            shards: Shards::new(name, shards, HashTable::new),
            hasher,
        }
    }

    /// The storage kind's name.
    pub fn name(&self) -> &'static str {
        self.shards.name()
    }

    /// The number of shards.
    pub fn shard_count(&self) -> usize {
        self.shards.len()
    }

    /// The hasher builder callers hash their keys with.
    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    /// Hashes `key` with the table's hasher.
    #[inline]
    pub fn hash_one<K: Hash + ?Sized>(&self, key: &K) -> u64
    where
        S: BuildHasher,
    {
        self.hasher.hash_one(key)
    }

    /// Probes under the read lock only: `Some(r)` for the entry `hit`
    /// answers [`PtrProbe::Match`] for, `None` if the key is absent or its
    /// entry is dead.
    ///
    /// `hit` runs under the shard's read lock, possibly on several threads at
    /// once, and must not call back into this table.
    ///
    /// # Panics
    ///
    /// If called under this shard's write lock by this thread (from `make`).
    #[inline]
    pub fn get_ptr<R>(&self, hash: u64, hit: impl FnMut(NonNull<U>) -> PtrProbe<R>) -> Option<R> {
        self.probe_read(self.shards.shard(hash), hash, hit)
    }

    /// Returns what `hit` returns for the key's live entry, or inserts the
    /// object `make` creates (replacing the key's dead entry, if any) and
    /// returns `make`'s `R`.
    ///
    /// The protocol is [`Table`](crate::Table)'s: probe under the read lock;
    /// if that finds no live entry, take the write lock and probe again (a
    /// racing thread may have inserted or replaced the entry meanwhile), and
    /// only then call `make`, under the write lock, and insert its pointer.
    ///
    /// `hit` is called for entries whose stored hash equals `hash`, under the
    /// shard's lock (read or write). `make` runs under the write lock; if it
    /// panics nothing changes. Neither may intern into the same shard.
    ///
    /// # Panics
    ///
    /// If `make` interns into the shard it is being made in (invariant 9);
    /// propagates a panic of `hit` or `make`.
    #[inline]
    pub fn get_or_insert_ptr<R>(
        &self,
        hash: u64,
        mut hit: impl FnMut(NonNull<U>) -> PtrProbe<R>,
        make: impl FnOnce() -> (NonNull<U>, R),
    ) -> R {
        let shard = self.shards.shard(hash);
        if let Some(r) = self.probe_read(shard, hash, &mut hit) {
            return r;
        }
        self.insert_slow(shard, hash, hit, make)
    }

    /// The read probe: stops at the first entry `hit` does not answer
    /// [`PtrProbe::NoMatch`] for (there is at most one entry per key), and
    /// counts a hit before releasing the read lock (see
    /// `Shard::count_read_hit`).
    #[inline]
    fn probe_read<R>(
        &self,
        shard: &Shard<HashTable<Entry<U>>, P>,
        hash: u64,
        mut hit: impl FnMut(NonNull<U>) -> PtrProbe<R>,
    ) -> Option<R> {
        self.shards.read_with::<_, true>(shard, |guard| {
            let mut result = None;
            guard.data.find(hash, |e| {
                e.hash == hash
                    && match hit(e.ptr) {
                        PtrProbe::Match(r) => {
                            result = Some(r);
                            true
                        }
                        PtrProbe::Dead => true,
                        PtrProbe::NoMatch => false,
                    }
            });
            if result.is_some() {
                shard.count_read_hit();
            }
            result
        })
    }

    #[inline(never)]
    fn insert_slow<R>(
        &self,
        shard: &Shard<HashTable<Entry<U>>, P>,
        hash: u64,
        mut hit: impl FnMut(NonNull<U>) -> PtrProbe<R>,
        make: impl FnOnce() -> (NonNull<U>, R),
    ) -> R {
        let mut guard = self.shards.write(shard);
        let locked = &mut *guard;
        let (map, counters) = (&mut locked.data, &mut locked.counters);
        if mutant(Mutant::TableNoReprobe) {
            // The deliberate bug: trust the read probe's miss.
            let (ptr, r) = make();
            map.insert_unique(hash, Entry { hash, ptr }, rehash);
            counters.inserts += 1;
            return r;
        }
        // The mandatory re-probe (invariant 3): another thread may have
        // inserted the key, or replaced its dead entry, since the read probe.
        let mut live = None;
        let entry = map.entry(
            hash,
            |e| {
                e.hash == hash
                    && match hit(e.ptr) {
                        PtrProbe::Match(r) => {
                            live = Some(r);
                            true
                        }
                        PtrProbe::Dead => true,
                        PtrProbe::NoMatch => false,
                    }
            },
            rehash,
        );
        match entry {
            MapEntry::Occupied(mut found) => {
                if let Some(r) = live {
                    counters.reprobe_hits += 1;
                    return r;
                }
                // The key's entry is dead: its owner will find, when it calls
                // `remove_ptr`, that the entry no longer holds its pointer,
                // and leave the fresh object alone.
                let (ptr, r) = make();
                found.get_mut().ptr = ptr;
                counters.replaced += 1;
                r
            }
            MapEntry::Vacant(slot) => {
                let (ptr, r) = make();
                slot.insert(Entry { hash, ptr });
                counters.inserts += 1;
                r
            }
        }
    }

    /// Removes the entry for `hash` that holds exactly `ptr`, under the
    /// shard's write lock, and says whether there was one. An entry that a
    /// lookup has meanwhile replaced with a fresh object is left alone (the
    /// owner check).
    ///
    /// # Panics
    ///
    /// If called from `make` under this shard's write lock.
    pub fn remove_ptr(&self, hash: u64, ptr: NonNull<U>) -> bool {
        let mut guard = self.shards.write(self.shards.shard(hash));
        let locked = &mut *guard;
        // The owner check; without it (the mutant), the owner of a dead
        // object would remove whichever entry now has its hash, such as the
        // fresh object that replaced it.
        let check_owner = !mutant(Mutant::ReclaimNoOwnerCheck);
        match locked
            .data
            .find_entry(hash, |e| e.hash == hash && (!check_owner || e.ptr == ptr))
        {
            Ok(found) => {
                found.remove();
                locked.counters.removed += 1;
                true
            }
            Err(_) => false,
        }
    }

    /// The number of entries (each shard read under its read lock in turn).
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| self.shards.read(s).data.len())
            .sum()
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every entry and returns the pointers, so that an owner tearing
    /// the table down can free what is left.
    pub fn drain(&mut self) -> Vec<NonNull<U>> {
        let mut out = Vec::new();
        for shard in self.shards.iter_mut() {
            out.extend(shard.get_mut().data.drain().map(|e| e.ptr));
        }
        out
    }

    /// Statistics per shard (each read under its shard's read lock).
    pub fn stats(&self) -> TableStats {
        let shards = self
            .shards
            .iter()
            .map(|shard| {
                let guard = self.shards.read(shard);
                let c = guard.counters;
                ShardStats {
                    entries: guard.data.len(),
                    bytes: 0,
                    arena_bytes: 0,
                    index_bytes: guard.data.allocation_size(),
                    read_hits: shard.read_hits(),
                    write_locks: c.write_locks,
                    reprobe_hits: c.reprobe_hits,
                    write_hits: c.write_hits,
                    inserts: c.inserts,
                    replaced: c.replaced,
                    removed: c.removed,
                }
            })
            .collect();
        TableStats {
            name: self.name(),
            policy: P::NAME,
            shards,
            thread_arenas: ThreadArenaStats::default(),
        }
    }
}

impl<U, P: Policy, S> fmt::Debug for PtrTable<U, P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PtrTable")
            .field("name", &self.name())
            .field("policy", &P::NAME)
            .field("shards", &self.shards.len())
            .finish_non_exhaustive()
    }
}
