//! [`Table`]: the arena-owning storage table of one storage kind.

use core::fmt;
use core::hash::{BuildHasher, Hash};
use core::marker::PhantomData;
use core::mem;
use core::ptr::NonNull;

use hashbrown::HashTable;
use hashbrown::hash_table::Entry as MapEntry;
use rustc_hash::FxBuildHasher;
use strata_sync::policy::{Local, Policy, Shared};
use strata_sync::{Mutant, mutant};

/// Whether the read probe of the interning path marks its shard as read by
/// this thread while `matches` runs (see `Shards::read_with`): in debug
/// builds, so that a `matches` that interns into its own shard is a panic
/// there; not in release builds, where the mark (a thread-local read and
/// two writes, and the register pressure they add) would tax the
/// thread-safe miss path on every read probe, and such a `matches`
/// (documented as forbidden) can deadlock. The measurement is in
/// `docs/notes/cold-path-steps.md`, step 9.
const PROBE_MARKS: bool = cfg!(debug_assertions);

use crate::arena::Arena;
use crate::shard::{
    HeldData, Locked, Shard, Shards, WRITE_FIRST_AT, WriteCounters, default_shard_count,
    reentry_panic,
};
use crate::stats::{ShardStats, TableStats, ThreadArenaStats};
use crate::thread_arena::ThreadArenas;

/// How [`Table::get_or_insert_with_outcome`] found its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Found by the probe under the read lock: the common path.
    ReadHit,
    /// Absent from the read probe but found by the re-probe under the write
    /// lock: another thread inserted the key in between (a race lost).
    ReprobeHit,
    /// Found under the write lock by the write-first path (a shard whose
    /// lookups mostly missed takes the write lock at once and probes once).
    WriteHit,
    /// Constructed and inserted by this call.
    Inserted,
}

/// Which path [`Table::get_or_insert_with`] takes first on a thread-safe
/// table. Only [`Adaptive`](Self::Adaptive) is meant for use; the others
/// exist for the loom models (each path on its own) and for benchmarks that
/// compare the designs in one run.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ProbePolicy {
    /// Per shard: the write lock first while the shard's recent lookups
    /// mostly missed, the read probe first otherwise (the default).
    #[default]
    Adaptive,
    /// Always the read probe, then on a miss the write lock and a re-probe
    /// (the design before the write-first path).
    ReadFirst,
    /// Always the write lock and one probe.
    WriteFirst,
}

/// Where a thread-safe table's insertions allocate their values. Only
/// [`PerThread`](Self::PerThread) is meant for use; the other is the first
/// design, kept for the benchmark that compares the two in one run.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ArenaPlacement {
    /// The inserting thread's own arena (the default, invariant 14).
    #[default]
    PerThread,
    /// The arena of the shard the key picked (the first design).
    PerShard,
}

/// One entry of a shard's index: the full 64-bit hash beside the pointer, so
/// that a probe rejects a different key by comparing two integers before it
/// calls the caller's key equality (and resizing never calls the hasher).
pub(crate) struct Entry<T> {
    pub(crate) hash: u64,
    /// Invariant (in a [`Table`]): points to an initialised `T` in one of the
    /// table's arenas (the table's one arena if it is single-threaded, the
    /// inserting thread's of a thread-safe one), written before the entry
    /// was inserted, never mutated, moved or freed until the table drops. In
    /// a [`PtrTable`](crate::PtrTable): an address the caller inserted, never
    /// dereferenced by the table.
    pub(crate) ptr: NonNull<T>,
}

// SAFETY: an entry is an owning pointer to a `T` (in a `Table`) or an address
// the caller vouches for (in a `PtrTable`). Moving it to another thread moves
// that ownership, which needs `T: Send`.
unsafe impl<T: Send> Send for Entry<T> {}
// SAFETY: sharing an entry lets other threads reach `&T` (needs `T: Sync`)
// and, through the table, drop a `T` another thread constructed (needs
// `T: Send`).
unsafe impl<T: Send + Sync> Sync for Entry<T> {}

/// What hashbrown calls to rehash an entry when a shard's index grows: the
/// stored hash, unchanged (the shard bits sit below hashbrown's tag, so the
/// index takes the caller's hash as it is; see `Shards::index`).
#[inline(always)]
pub(crate) fn rehash<T>(entry: &Entry<T>) -> u64 {
    entry.hash
}

/// Runs `construct` under the shard's write lock and moves its value into
/// the arena. If `construct` panics, counts the write-lock acquisition in
/// `counters.write_locks` on the way out: the insert paths count no
/// acquisition that ends in a hit or an insertion (`Table::stats` derives
/// those), so the one that ends in a panic is the only one left to count.
/// The count is made in the unwinding path only; a successful construction
/// writes no counter.
#[inline(always)]
fn construct_in<T>(
    arena: &Arena,
    counters: &mut WriteCounters,
    construct: impl FnOnce(&Arena) -> T,
) -> NonNull<T> {
    /// Counts one acquisition when dropped, which only unwinding does.
    struct OnUnwind<'a>(&'a mut u64);
    impl Drop for OnUnwind<'_> {
        fn drop(&mut self) {
            *self.0 += 1;
        }
    }
    let unwinding = OnUnwind(&mut counters.write_locks);
    let value = construct(arena);
    mem::forget(unwinding);
    arena.store(value)
}

/// The data behind one shard's lock. `repr(C)`: the index's header (what a
/// probe reads) comes first, next to the lock word; the arena (what only
/// inserts touch) after it.
#[repr(C)]
pub(crate) struct TableShard<T> {
    /// The index: entries keyed by their hash.
    map: HashTable<Entry<T>>,
    /// The arena the entries point into under the benchmark-only
    /// [`ArenaPlacement::PerShard`]. Otherwise it stays empty (a `Bump`
    /// allocates nothing until first used): a thread-safe table's entries
    /// point into its per-thread arenas, a single-threaded table's into the
    /// table's one arena (`Table::local_arena`).
    arena: SyncArena,
}

impl<T> TableShard<T> {
    /// An empty shard: nothing allocated until its first insertion.
    fn new() -> Self {
        TableShard {
            map: HashTable::new(),
            arena: SyncArena(Arena::new()),
        }
    }
}

/// The shard's arena, shareable between threads as part of the shard.
///
/// [`Arena`] is `!Sync` (it allocates through `&self`), but the shard's lock
/// makes its data `Sync` only if every field is. The table upholds what
/// `Sync` would otherwise guarantee: it allocates only through a write guard
/// (exclusive), and through a read guard it reads nothing of the arena but
/// its byte counters, which nothing writes while a read guard exists. (The
/// table's own arena, `Table::local_arena`, is allocated from only by a
/// single-threaded table, which is `!Sync`: its policy's borrow flags are.)
struct SyncArena(Arena);

// SAFETY: see the type's documentation: shared borrows of the arena, which
// exist only under a read guard, are used for reads no one races with.
unsafe impl Sync for SyncArena {}

impl<T> Drop for TableShard<T> {
    /// Drops the shard's values, each exactly once, before the arena (which
    /// then drops what the constructors registered in it and frees the
    /// chunks). Skipped entirely for types that need no drop.
    fn drop(&mut self) {
        if core::mem::needs_drop::<T>() {
            for entry in self.map.drain() {
                // SAFETY: the invariant on `Entry::ptr`: the value is
                // initialised and still in its arena (the shard's, dropped
                // after this body, or a per-thread one or the table's one,
                // dropped after the shards: `Table::arenas` and
                // `Table::local_arena` are declared after `Table::shards`).
                // `drain` yields each entry once and every insertion
                // stored a fresh allocation, so this is the value's only drop.
                unsafe { entry.ptr.as_ptr().drop_in_place() };
            }
        }
    }
}

/// The interned storage of one storage kind: a sharded, reader-writer-locked
/// hash table over values that live, at stable addresses, in arenas (one
/// per inserting thread, or the table's one in a single-threaded table).
///
/// - `T` is the storage type; its values are constructed once per key and
///   never mutated, moved or freed until the table drops. When the table
///   drops, each value's destructor runs once, in no particular order, before
///   the arena is freed: a destructor may read the value's own arena parts
///   but not other values of the table (they may be dropped already).
/// - `P` is the threading policy: [`Shared`] (reader-writer locks, `Sync`)
///   or [`Local`](strata_sync::policy::Local) ([`LOCAL_SHARDS`](crate::LOCAL_SHARDS)
///   shards, `RefCell` borrow flags, one arena, `!Sync`).
/// - `S` builds the hasher callers use for their keys ([`Table::hash_one`]);
///   the table itself only sees the resulting 64-bit hashes.
///
/// See the [crate documentation](crate) for the protocol and an example.
pub struct Table<T, P: Policy = Shared, S = FxBuildHasher> {
    /// Declared before `arenas`: fields drop in declaration order, and the
    /// shards drop the values (`TableShard::drop`) before the per-thread
    /// arenas they live in are freed.
    shards: Shards<TableShard<T>, P>,
    /// Where a thread-safe table's values live: one arena per inserting
    /// thread (invariant 14). A single-threaded table uses `local_arena`
    /// instead and registers nothing here.
    arenas: ThreadArenas,
    /// Where a single-threaded table's values live, whichever shard indexes
    /// them: one arena, so that values interned one after the other sit
    /// side by side, as in a thread-safe table's per-thread arena (empty in
    /// a thread-safe table). Declared after `shards`, which drop the values
    /// first.
    local_arena: SyncArena,
    hasher: S,
    /// The miss score from which a thread-safe lookup takes the write lock
    /// first: [`WRITE_FIRST_AT`] under [`ProbePolicy::Adaptive`], 0 (every
    /// score) under `WriteFirst`, `usize::MAX` (no score) under `ReadFirst`.
    /// A threshold rather than the policy itself, so that the lookup makes
    /// one compare and scores unconditionally: a pinned policy's scores are
    /// kept but never change its path.
    write_first_at: usize,
    /// Where a thread-safe table's insertions allocate.
    placement: ArenaPlacement,
    /// The table owns and drops `T` values.
    _owns: PhantomData<T>,
}

impl<T, P: Policy, S: BuildHasher + Default> Table<T, P, S> {
    /// Creates an empty table for the storage kind `name` (used in panic
    /// messages and statistics), with [`default_shard_count`] shards.
    pub fn new(name: &'static str) -> Self {
        Self::with_shards_and_hasher(name, default_shard_count::<P>(), S::default())
    }

    /// Creates an empty table with `shards` shards (a single-threaded table
    /// has [`LOCAL_SHARDS`](crate::LOCAL_SHARDS), whatever `shards` says:
    /// with one thread there is no contention to spread, and its shards are
    /// there for the index's growth).
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and
    /// [`MAX_SHARDS`](crate::MAX_SHARDS).
    pub fn with_shards(name: &'static str, shards: usize) -> Self {
        Self::with_shards_and_hasher(name, shards, S::default())
    }
}

impl<T, S: Default> Table<T, Local, S> {
    /// A single-threaded table with exactly `shards` shards (a power of two,
    /// at most [`LOCAL_SHARDS`](crate::LOCAL_SHARDS)) instead of the fixed
    /// count: one shard is the earlier design, kept for the benchmark that
    /// compares the two in one run.
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and `LOCAL_SHARDS`.
    #[doc(hidden)]
    pub fn with_local_shards(name: &'static str, shards: usize) -> Self {
        Self::from_shards(
            Shards::with_count(name, shards, TableShard::new),
            S::default(),
        )
    }
}

impl<T, P: Policy, S> Table<T, P, S> {
    /// Creates an empty table whose callers hash with `hasher`.
    pub fn with_hasher(name: &'static str, hasher: S) -> Self {
        Self::with_shards_and_hasher(name, default_shard_count::<P>(), hasher)
    }

    /// Creates an empty table with `shards` shards whose callers hash with
    /// `hasher`. No shard allocates until its first insertion.
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and
    /// [`MAX_SHARDS`](crate::MAX_SHARDS).
    pub fn with_shards_and_hasher(name: &'static str, shards: usize, hasher: S) -> Self {
        Self::from_shards(Shards::new(name, shards, TableShard::new), hasher)
    }

    /// An empty table over `shards`.
    fn from_shards(shards: Shards<TableShard<T>, P>, hasher: S) -> Self {
        Table {
            shards,
            arenas: ThreadArenas::new(),
            local_arena: SyncArena(Arena::new()),
            hasher,
            write_first_at: WRITE_FIRST_AT,
            placement: ArenaPlacement::PerThread,
            _owns: PhantomData,
        }
    }

    /// Sets which path thread-safe lookups take first (for models and
    /// benchmarks; see [`ProbePolicy`]).
    #[doc(hidden)]
    pub fn set_probe_policy(&mut self, policy: ProbePolicy) {
        self.write_first_at = match policy {
            ProbePolicy::Adaptive => WRITE_FIRST_AT,
            ProbePolicy::ReadFirst => usize::MAX,
            ProbePolicy::WriteFirst => 0,
        };
    }

    /// Sets where a thread-safe table's insertions allocate (for the
    /// benchmark that compares the designs; see [`ArenaPlacement`]). Values
    /// already inserted stay where they are.
    #[doc(hidden)]
    pub fn set_arena_placement(&mut self, placement: ArenaPlacement) {
        self.placement = placement;
    }

    /// The storage kind's name.
    pub fn name(&self) -> &'static str {
        self.shards.name()
    }

    /// The number of shards.
    pub fn shard_count(&self) -> usize {
        self.shards.len()
    }

    /// The index of the shard that `hash` selects (the bits just below its
    /// top seven, which hashbrown keeps as its tag).
    pub fn shard_index(&self, hash: u64) -> usize {
        self.shards.index(hash)
    }

    /// The hasher builder callers hash their keys with.
    pub fn hasher(&self) -> &S {
        &self.hasher
    }

    /// Hashes `key` with the table's hasher: the `hash` argument the lookup
    /// methods expect.
    #[inline]
    pub fn hash_one<K: Hash + ?Sized>(&self, key: &K) -> u64
    where
        S: BuildHasher,
    {
        self.hasher.hash_one(key)
    }

    /// Returns the stored value for which `matches` holds, among those
    /// inserted with `hash`, if there is one. Takes only the shard's read
    /// lock.
    ///
    /// `matches` is called only for entries whose stored 64-bit hash equals
    /// `hash`, under the shard's read lock: it must not call back into this
    /// table (a debug build panics if it interns into the same shard; a
    /// release build, whose read probe does not mark the shard, can
    /// deadlock).
    ///
    /// # Panics
    ///
    /// If called from the `construct` closure of an insertion into the same
    /// shard (invariant 9).
    #[inline]
    pub fn get(&self, hash: u64, matches: impl FnMut(&T) -> bool) -> Option<&T> {
        let shard = self.shards.shard(hash);
        // Unlike the interning path's read probe, this one reads a shard
        // that this thread holds around a write section (a `mutate` that
        // looks a key up), under that lock.
        let found = self.shards.read_with::<_, PROBE_MARKS>(shard, |locked| {
            Self::probe_locked(shard, locked, hash, matches)
        })?;
        // SAFETY: the invariant on `Entry::ptr`: the value lives, unmutated,
        // until the table drops, which cannot happen while `self` is
        // borrowed.
        Some(unsafe { found.as_ref() })
    }

    /// Returns the stored value for which `matches` holds among those with
    /// `hash`, constructing and inserting `construct(arena)` if there is
    /// none. Every caller that asks for an equal key gets the same address,
    /// stable for the table's lifetime.
    ///
    /// The protocol: probe under the shard's read lock; on a miss take the
    /// write lock, probe again (another thread may have inserted the key in
    /// between: invariant 3), and only if the key is still absent run
    /// `construct` under the write lock and insert the value.
    ///
    /// `construct` receives the shard's [`Arena`] for the value's
    /// variable-sized parts. It must produce a value for which `matches`
    /// holds, must not intern into the same shard (see Panics), and should
    /// not intern into other shards of this table either (two threads doing
    /// that in opposite directions would deadlock; intern a key's components
    /// before the key).
    ///
    /// If `construct` panics, nothing is inserted, the lock is released and
    /// the panic propagates; the table stays usable (the arena may keep the
    /// bytes `construct` allocated before panicking).
    ///
    /// # Panics
    ///
    /// If `construct` interns into, looks up in or takes statistics of the
    /// shard it is being constructed in, with a message that begins
    /// "strata: re-entrant interning into storage kind `NAME`:", instead of
    /// deadlocking. Propagates a panic of `matches` or
    /// `construct`.
    #[inline]
    pub fn get_or_insert_with(
        &self,
        hash: u64,
        matches: impl FnMut(&T) -> bool,
        construct: impl FnOnce(&Arena) -> T,
    ) -> &T {
        self.get_or_insert_with_outcome(hash, matches, construct).0
    }

    /// As [`get_or_insert_with`](Self::get_or_insert_with), and also tells
    /// which path found the value.
    // Always inline: for a single-threaded table this is the whole hit path,
    // and kept out of line its prologue and epilogue cost more than the
    // probe's compare (docs/notes/cold-path-steps.md, step 2).
    #[inline(always)]
    pub fn get_or_insert_with_outcome(
        &self,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
        construct: impl FnOnce(&Arena) -> T,
    ) -> (&T, Outcome) {
        let shard = self.shards.shard(hash);
        let (ptr, outcome) = if P::THREAD_SAFE {
            // A shard that this thread holds around a write section (a
            // `mutate` that looks up a key of its own shard) is probed only
            // by the out-of-line path after a read miss: the write-first
            // path hands `construct` back, the read probe reads the shard as
            // a miss, and `matches` is inlined here once per probe kind (a
            // second copy, or `matches` passed out of line, made every lookup
            // here dearer; docs/notes/cold-path-steps.md, step 10).
            let construct = if shard.mostly_missing(self.write_first_at) {
                match self.insert_locked::<false, _>(shard, hash, &mut matches, construct) {
                    Ok(found) => return self.found(found),
                    Err(construct) => construct,
                }
            } else {
                construct
            };
            match self.probe_read(shard, hash, &mut matches) {
                Some(ptr) => (ptr, Outcome::ReadHit),
                None => self.insert_after_read_miss(shard, hash, matches, construct),
            }
        } else {
            self.get_or_insert_local(shard, hash, matches, construct)
        };
        self.found((ptr, outcome))
    }

    /// A lookup's answer as a reference.
    #[inline(always)]
    fn found(&self, found: (NonNull<T>, Outcome)) -> (&T, Outcome) {
        // SAFETY: the invariant on `Entry::ptr` (for a pointer just inserted
        // too: it was written before insertion): the value lives, unmutated,
        // until the table drops, which cannot happen while `self` is
        // borrowed.
        (unsafe { found.0.as_ref() }, found.1)
    }

    /// The read probe: the pointer of the matching entry, found under the
    /// shard's read lock (released before returning). A shard this thread
    /// holds around a write section reads as a miss here, without a probe:
    /// the write path that follows probes it under that lock.
    #[inline]
    fn probe_read(
        &self,
        shard: &Shard<TableShard<T>, P>,
        hash: u64,
        matches: impl FnMut(&T) -> bool,
    ) -> Option<NonNull<T>> {
        self.shards
            .read_unless_held::<_, PROBE_MARKS>(shard, |locked| {
                Self::probe_locked(shard, locked, hash, matches)
            })
            .flatten()
    }

    /// The probe of a shard whose data `locked` is read under its read lock
    /// (or under the write lock of this thread's write section): the
    /// matching entry's pointer, with the hit counted and the lookup scored.
    #[inline(always)]
    fn probe_locked(
        shard: &Shard<TableShard<T>, P>,
        locked: &Locked<TableShard<T>>,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
    ) -> Option<NonNull<T>> {
        let found = locked.data.map.find(hash, |e| {
            // SAFETY: the invariant on `Entry::ptr`; the lock keeps the entry
            // in the index while it is inspected.
            e.hash == hash && matches(unsafe { e.ptr.as_ref() })
        });
        let found = found.map(|e| e.ptr);
        if found.is_some() {
            // Counted before the guard drops: the unlock's locked
            // instruction then drains the counter's store with its own,
            // where a store after it would delay the next lookup's lock.
            shard.count_read_hit();
        }
        shard.score(found.is_none());
        found
    }

    /// The write path after a read probe that missed (out of line: under the
    /// adaptive policy it is the rare one).
    #[inline(never)]
    fn insert_after_read_miss(
        &self,
        shard: &Shard<TableShard<T>, P>,
        hash: u64,
        matches: impl FnMut(&T) -> bool,
        construct: impl FnOnce(&Arena) -> T,
    ) -> (NonNull<T>, Outcome) {
        match self.insert_locked::<true, _>(shard, hash, matches, construct) {
            Ok(found) => found,
            Err(_) => unreachable!("the path after a read miss probes a held shard itself"),
        }
    }

    /// The single-threaded lookup (`P` is not thread-safe, a constant: the
    /// branch to here folds away): one exclusive borrow for the probe and, on
    /// a miss, the construction and insertion. With one thread nobody can
    /// insert between the probe and the insertion, so there is nothing to
    /// re-probe for, and a miss costs one probe, not two.
    #[inline(always)]
    fn get_or_insert_local(
        &self,
        shard: &Shard<TableShard<T>, P>,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
        construct: impl FnOnce(&Arena) -> T,
    ) -> (NonNull<T>, Outcome) {
        let mut guard = match self.shards.write_or_held(shard) {
            Ok(guard) => guard,
            Err(held) => return self.probe_held(shard, held, hash, matches),
        };
        let found = guard.data.map.find(hash, |e| {
            // SAFETY: the invariant on `Entry::ptr`; the exclusive borrow
            // keeps the entry in place.
            e.hash == hash && matches(unsafe { e.ptr.as_ref() })
        });
        if let Some(e) = found {
            let ptr = e.ptr;
            shard.count_read_hit();
            return (ptr, Outcome::ReadHit);
        }
        (
            Self::insert_local(&mut guard, &self.local_arena.0, hash, construct),
            Outcome::Inserted,
        )
    }

    /// The miss of [`get_or_insert_local`](Self::get_or_insert_local):
    /// construct and insert under the borrow already held. If `construct`
    /// panics nothing is inserted and the borrow is released as the guard
    /// unwinds.
    #[inline(never)]
    fn insert_local(
        locked: &mut Locked<TableShard<T>>,
        arena: &Arena,
        hash: u64,
        construct: impl FnOnce(&Arena) -> T,
    ) -> NonNull<T> {
        let map = &mut locked.data.map;
        // A miss is a write-lock acquisition, as it is under `Shared`, and
        // like the insertion it is derived from the entry count in `stats`,
        // not counted here.
        let ptr = construct_in(arena, &mut locked.counters, construct);
        map.insert_unique(hash, Entry { hash, ptr }, rehash);
        ptr
    }

    /// A lookup into a shard that this thread holds write-locked around a
    /// [`with_write_lock`](Self::with_write_lock) callback (a `mutate` that
    /// interns or looks up a key of the kind it mutates, in the same shard):
    /// the probe reads the shard under that lock, and finds the key or
    /// panics, since inserting it would modify a shard whose holder is
    /// still inside its callback.
    #[cold]
    #[inline(never)]
    fn probe_held(
        &self,
        shard: &Shard<TableShard<T>, P>,
        held: HeldData<TableShard<T>>,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
    ) -> (NonNull<T>, Outcome) {
        let locked = held.get();
        let found = locked.data.map.find(hash, |e| {
            // SAFETY: the invariant on `Entry::ptr`; the write lock that
            // this thread holds keeps the entry in place.
            e.hash == hash && matches(unsafe { e.ptr.as_ref() })
        });
        match found {
            Some(e) => {
                shard.count_read_hit();
                (e.ptr, Outcome::ReadHit)
            }
            None => reentry_panic(self.shards.name()),
        }
    }

    /// The arena an insertion under a shard's write lock allocates from: the
    /// calling thread's own for a thread-safe table (invariant 14: allocated
    /// from only under a shard's write lock, which the caller holds, and only
    /// by this thread), the table's one for a single-threaded one, and the
    /// shard's under the benchmark-only [`ArenaPlacement::PerShard`].
    #[inline(always)]
    fn arena_for<'a>(&'a self, shard_arena: &'a SyncArena) -> &'a Arena {
        if !P::THREAD_SAFE {
            &self.local_arena.0
        } else if self.placement == ArenaPlacement::PerThread {
            self.arenas.mine()
        } else {
            &shard_arena.0
        }
    }

    /// The write path, reached in one of two ways: after a read probe that
    /// missed (`AFTER_READ_MISS`), or at once, on the write-first path of a
    /// shard whose lookups mostly miss. Either way the key is looked for
    /// under the write lock it is inserted under (invariant 3), with one
    /// probe fused with finding the insertion slot; only if it is absent does
    /// `construct` run, under the lock, and the value get inserted.
    ///
    /// After a read miss the probe is the mandatory re-probe: between the
    /// read lock's release and the write lock, another thread may have
    /// inserted the same key (`Outcome::ReprobeHit`, a race lost). On the
    /// write-first path it is the only probe, so a miss costs one probe and
    /// two lock operations instead of two and four; a hit there pays the
    /// write lock (`Outcome::WriteHit`), which excludes other readers of the
    /// shard for as long, so the path is taken only while misses dominate.
    ///
    /// The two ways differ only in which mutant skips the probe, which
    /// counter a hit bumps and whether the lookup is scored here (the read
    /// probe scored it already), all decided at compile time.
    // Always inline: the write-first path is inlined into the caller's
    // out-of-line miss path (the facade's `intern_cold`), which saves a call
    // and a second prologue and epilogue (register saves) on every miss of
    // a shard that mostly misses; the rare read-first miss goes through the
    // out-of-line `insert_after_read_miss`.
    #[inline(always)]
    fn insert_locked<const AFTER_READ_MISS: bool, C: FnOnce(&Arena) -> T>(
        &self,
        shard: &Shard<TableShard<T>, P>,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
        construct: C,
    ) -> Result<(NonNull<T>, Outcome), C> {
        // Uncounted: an acquisition here ends in a hit (counted below) or an
        // insertion (derived from the entry count), and `stats` adds them up;
        // only one whose constructor panics is counted, by `construct_in`.
        // Counting each one would write a third cache line of the shard on
        // every insertion (docs/notes/cold-path-steps.md, step 5).
        let mut guard = match self.shards.write_or_held(shard) {
            Ok(guard) => guard,
            // This thread holds the shard around a write section (a `mutate`
            // that looks up a key of its own shard). The write-first path
            // hands `construct` back, for the read probe and then this path
            // after its miss, which probes the lent data here.
            Err(_) if !AFTER_READ_MISS => return Err(construct),
            Err(held) => return Ok(self.probe_held(shard, held, hash, matches)),
        };
        let locked = &mut *guard;
        let TableShard { map, arena } = &mut locked.data;
        let counters = &mut locked.counters;
        let skip_probe = if AFTER_READ_MISS {
            // The deliberate bug of invariant 3: trust the read probe's miss
            // and insert without looking again.
            mutant(Mutant::TableNoReprobe)
        } else {
            // The same bug on the write-first path: insert without looking
            // under the lock at all.
            mutant(Mutant::TableWriteFirstNoProbe)
        };
        if skip_probe {
            let ptr = construct_in(self.arena_for(arena), counters, construct);
            map.insert_unique(hash, Entry { hash, ptr }, rehash);
            return Ok((ptr, Outcome::Inserted));
        }
        let entry = map.entry(
            hash,
            |e| {
                // SAFETY: the invariant on `Entry::ptr`; the write guard
                // keeps the entry in place.
                e.hash == hash && matches(unsafe { e.ptr.as_ref() })
            },
            rehash,
        );
        if !AFTER_READ_MISS {
            shard.score(matches!(entry, MapEntry::Vacant(_)));
        }
        match entry {
            MapEntry::Occupied(found) => {
                let outcome = if AFTER_READ_MISS {
                    counters.reprobe_hits += 1;
                    Outcome::ReprobeHit
                } else {
                    counters.write_hits += 1;
                    Outcome::WriteHit
                };
                Ok((found.get().ptr, outcome))
            }
            MapEntry::Vacant(slot) => {
                // If `construct` panics, `slot` is dropped unused: nothing is
                // inserted, and the write guard's drop clears the owner word
                // and releases the lock.
                let ptr = construct_in(self.arena_for(arena), counters, construct);
                slot.insert(Entry { hash, ptr });
                Ok((ptr, Outcome::Inserted))
            }
        }
    }

    /// Runs `f` under the write lock of the shard that `hash` selects: the
    /// one place where an explicitly mutable component of a stored value
    /// (behind a `Cell`-like field of `T` that the caller owns) may change
    /// (invariant 5). Readers of that component must take the same lock
    /// (with [`with_read_lock`](Self::with_read_lock)).
    ///
    /// # Panics
    ///
    /// If called from a `construct` (or `f`) running under this shard's
    /// write lock, instead of deadlocking. Propagates a panic of `f`, after
    /// releasing the lock.
    pub fn with_write_lock<R>(&self, hash: u64, f: impl FnOnce() -> R) -> R {
        if mutant(Mutant::TableMutateWithoutLock) {
            // The deliberate bug (invariant 5): the mutation runs with no
            // lock, so two mutations of one component race.
            return f();
        }
        self.shards.write_held(self.shards.shard(hash), f)
    }

    /// Runs `f` under the read lock of the shard that `hash` selects (the
    /// reading side of [`with_write_lock`](Self::with_write_lock)).
    ///
    /// `f` should not call back into this table: an insertion into the same
    /// shard from `f` would need the write lock this very read lock
    /// prevents, and even a nested read may have to wait behind a waiting
    /// writer. The shard is marked as read by this thread while `f` runs,
    /// so such a lock attempt is a panic, not a deadlock.
    ///
    /// # Panics
    ///
    /// As [`with_write_lock`](Self::with_write_lock), and if `f` interns
    /// into this shard something that needs a lock it cannot get.
    pub fn with_read_lock<R>(&self, hash: u64, f: impl FnOnce() -> R) -> R {
        let shard = self.shards.shard(hash);
        self.shards.read_with::<_, true>(shard, |_| f())
    }

    /// The number of stored values (takes each shard's read lock in turn, so
    /// under concurrent insertion it is a snapshot of no single moment).
    ///
    /// # Panics
    ///
    /// If called from a `construct` of this table (re-entrancy).
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| self.shards.read(s).data.map.len())
            .sum()
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Statistics per shard (each read under its shard's read lock).
    ///
    /// # Panics
    ///
    /// If called from a `construct` of this table (re-entrancy).
    pub fn stats(&self) -> TableStats {
        // Every shard's read lock at once: the per-thread arenas are
        // allocated from under any shard's write lock (invariant 14), so
        // only with all of them held is no allocation under way. (Taken
        // without ever blocking while holding one: see `read_all`.)
        let guards = self.shards.read_all();
        let thread_arenas = if P::THREAD_SAFE {
            // SAFETY: (1) `guards` holds a lock of every shard.
            unsafe { self.arenas.stats() }
        } else {
            // The one thread's arena: the table's own.
            let arena = &self.local_arena.0;
            ThreadArenaStats {
                arenas: usize::from(arena.chunk_bytes() > 0),
                bytes: arena.bytes(),
                chunk_bytes: arena.chunk_bytes(),
            }
        };
        let shards = guards
            .iter()
            .map(|(shard, guard)| {
                let c = guard.counters;
                let entries = guard.data.map.len();
                // A table never removes an entry, so its insertions are its
                // entries; and every write lock of the insert paths ended in
                // a write-path hit, a re-probe hit or an insertion, or was
                // counted when its constructor panicked (`construct_in`).
                // Neither is counted on the insert path itself.
                let inserts = entries as u64;
                ShardStats {
                    entries,
                    bytes: guard.data.arena.0.bytes() + entries * mem::size_of::<T>(),
                    arena_bytes: guard.data.arena.0.chunk_bytes(),
                    index_bytes: guard.data.map.allocation_size(),
                    read_hits: shard.read_hits(),
                    write_locks: c.write_locks + c.write_hits + c.reprobe_hits + inserts,
                    reprobe_hits: c.reprobe_hits,
                    write_hits: c.write_hits,
                    inserts,
                    replaced: c.replaced,
                    removed: c.removed,
                }
            })
            .collect();
        TableStats {
            name: self.name(),
            policy: P::NAME,
            shards,
            thread_arenas,
        }
    }

    /// Visits every stored value, shard by shard, each shard under its read
    /// lock (`f` should not call back into this table).
    ///
    /// # Panics
    ///
    /// If called from a `construct` of this table (re-entrancy), or if `f`
    /// interns into the shard it is visiting something that needs a lock it
    /// cannot get (a panic, not a deadlock).
    pub fn for_each(&self, mut f: impl FnMut(&T)) {
        for shard in self.shards.iter() {
            self.shards.read_with::<_, true>(shard, |guard| {
                for e in guard.data.map.iter() {
                    // SAFETY: the invariant on `Entry::ptr`.
                    f(unsafe { e.ptr.as_ref() });
                }
            });
        }
    }
}

impl<T, P: Policy, S> fmt::Debug for Table<T, P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("name", &self.name())
            .field("policy", &P::NAME)
            .field("shards", &self.shards.len())
            .finish_non_exhaustive()
    }
}
