//! The shard array shared by [`Table`](crate::Table) and
//! [`PtrTable`](crate::PtrTable): how a 64-bit hash picks a shard, how the
//! remaining bits feed the shard's hash table, and the lock discipline that
//! turns re-entrant locking into a panic instead of a deadlock.

use core::fmt;
use core::ops::{Deref, DerefMut};

#[cfg(not(strata_loom))]
use strata_sync::OnceGate;
use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::policy::{AtomicInt, Policy, RwLockApi};
use strata_sync::{CachePadded, Mutant, mutant, thread};

/// The most shards a table may have. Beyond this the per-shard headers cost
/// more memory than the contention they save, and the mixing of the shard
/// bits into hashbrown's tag needs them to stay well below 57.
pub const MAX_SHARDS: usize = 1024;

/// The largest shard count [`default_shard_count`] picks.
const DEFAULT_SHARD_CAP: usize = 64;

/// The miss score at which a shard's lookups go straight to the write lock
/// (see [`Shard::mostly_missing`]).
pub(crate) const WRITE_FIRST_AT: usize = 8;

/// The highest miss score. With the score kept between 0 and this bound, a
/// shard switches paths after at most nine more hits than misses (or eight
/// more misses than hits), however long it stayed on one path before.
pub(crate) const MISS_SCORE_MAX: usize = 16;

/// The top seven bits of a hash: the bits hashbrown keeps in its control
/// bytes as the "tag" of an entry.
const TAG_BITS: u64 = 0xFE00_0000_0000_0000;

/// The shard count a table of policy `P` gets when none is named: one for
/// [`Local`](strata_sync::policy::Local) (there is no contention to spread),
/// and for [`Shared`](strata_sync::policy::Shared) four shards per hardware
/// thread rounded up to a power of two, at most 64.
///
/// Four per thread keeps the chance that two threads inserting at the same
/// moment pick the same shard low; more would only spread the hot entries
/// over more cache lines.
///
/// The machine's parallelism is asked once per process and cached:
/// `available_parallelism` reads the cgroup quota files on Linux and costs
/// about 0.2 ms, more than the rest of a table's construction.
pub fn default_shard_count<P: Policy>() -> usize {
    if !P::THREAD_SAFE {
        return 1;
    }
    machine_threads()
        .saturating_mul(4)
        .next_power_of_two()
        .min(DEFAULT_SHARD_CAP)
}

/// The number of hardware threads, asked once.
#[cfg(not(strata_loom))]
fn machine_threads() -> usize {
    static THREADS: OnceGate<usize> = OnceGate::new();
    *THREADS.get_or_init(ask_machine_threads)
}

/// The number of hardware threads (loom's primitives cannot live in a
/// `static`, and models name their shard counts anyway).
#[cfg(strata_loom)]
fn machine_threads() -> usize {
    ask_machine_threads()
}

fn ask_machine_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The panic message of a re-entrant lock attempt (invariant 9).
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn reentry_panic(name: &str) -> ! {
    panic!(
        "strata: re-entrant interning into storage kind `{name}`: the constructor interned into the shard it is being constructed in"
    )
}

/// Counters that change only under the shard's write lock, so they are plain
/// integers inside the locked data.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WriteCounters {
    /// Write-lock acquisitions.
    pub(crate) write_locks: u64,
    /// Write paths that found the key on the re-probe (a race lost to
    /// another inserter between the read probe and the write lock).
    pub(crate) reprobe_hits: u64,
    /// Lookups that the write-first path found under the write lock.
    pub(crate) write_hits: u64,
    /// Entries inserted.
    pub(crate) inserts: u64,
    /// Dead entries replaced by a fresh one ([`PtrTable`](crate::PtrTable)).
    pub(crate) replaced: u64,
    /// Entries removed ([`PtrTable`](crate::PtrTable)).
    pub(crate) removed: u64,
}

/// What a shard's lock protects: the table-specific data and the counters
/// that only writers touch.
#[derive(Debug)]
#[repr(C)]
pub(crate) struct Locked<D> {
    pub(crate) data: D,
    pub(crate) counters: WriteCounters,
}

/// One shard: a reader-writer lock over its data, the word that names the
/// thread holding the write lock, the read-hit counter and the miss score.
///
/// All four live in one 128-byte-aligned block ([`CachePadded`]), in the
/// order the fields are declared: a reader already owns the lock word's
/// cache line after acquiring it, so counting its hit in the same line
/// touches no other line.
#[repr(C)]
pub(crate) struct Shard<D, P: Policy> {
    /// Read hits, approximate under contention (see `count_read_hit`).
    read_hits: P::AtomicU64,
    /// The miss score, between 0 and [`MISS_SCORE_MAX`]: up one for each
    /// lookup that missed, down one for each that hit (see
    /// [`mostly_missing`](Self::mostly_missing)). A heuristic, updated with
    /// Relaxed loads and stores, so concurrent updates may be lost; it
    /// decides only which correct path a lookup takes, never its answer.
    miss_score: P::AtomicUsize,
    /// `thread::token()` of the thread holding the write lock, or 0.
    ///
    /// Invariant: a thread stores its own token here right after acquiring
    /// the write lock and stores 0 before releasing it; no other store ever
    /// happens. Hence the only thread that can read its own token here is the
    /// one holding the write lock, which is what the re-entrancy check asks.
    /// Always 0 under [`Local`](strata_sync::policy::Local), which needs no
    /// owner (every failed `try_*` there is re-entrancy).
    owner: P::AtomicUsize,
    /// The lock and the data, last: with `repr(C)` the counter, the miss
    /// score, the owner word, the lock word and the head of the data (the
    /// hash index's 32-byte header) share the shard's first 64-byte cache
    /// line, so a read hit touches one line of the shard, not two.
    lock: P::RwLock<Locked<D>>,
}

/// The guard type of a shard's read lock.
pub(crate) type ReadGuard<'a, D, P> =
    <<P as Policy>::RwLock<Locked<D>> as RwLockApi<Locked<D>>>::Read<'a>;

type RawWriteGuard<'a, D, P> =
    <<P as Policy>::RwLock<Locked<D>> as RwLockApi<Locked<D>>>::Write<'a>;

impl<D, P: Policy> Shard<D, P> {
    fn new(data: D) -> Self {
        Shard {
            lock: RwLockApi::new(Locked {
                data,
                counters: WriteCounters::default(),
            }),
            owner: AtomicInt::new(0),
            read_hits: AtomicInt::new(0),
            miss_score: AtomicInt::new(0),
        }
    }

    /// Whether the shard's recent lookups mostly missed (its miss score is
    /// at least [`WRITE_FIRST_AT`]), so that the next lookup should take the
    /// write lock at once instead of a read probe that would likely miss.
    ///
    /// Relaxed: the score pairs with nothing; a stale value only picks the
    /// other of two correct paths.
    #[inline]
    pub(crate) fn mostly_missing(&self) -> bool {
        self.miss_score.load(Relaxed) >= WRITE_FIRST_AT
    }

    /// Scores a lookup: up one for a miss, down one for a hit, within
    /// `0..=MISS_SCORE_MAX`. A load and a store, not a read-modify-write (as
    /// `count_read_hit`, and for the same reason); the store is skipped when
    /// the score is already at the bound, so a read hit on a shard that
    /// mostly hits writes nothing.
    #[inline]
    pub(crate) fn score(&self, missed: bool) {
        let score = self.miss_score.load(Relaxed);
        // Relaxed stores: as in `mostly_missing`. One compare per case, not
        // a clamp and a compare of the result: this runs on every lookup.
        if missed {
            if score < MISS_SCORE_MAX {
                self.miss_score.store(score + 1, Relaxed);
            }
        } else if score > 0 {
            self.miss_score.store(score - 1, Relaxed);
        }
    }

    /// Counts one read hit. Call it while holding the shard's read lock.
    ///
    /// A Relaxed load and a Relaxed store, not a `fetch_add`: an atomic
    /// read-modify-write would be a third locked instruction on every read
    /// hit, the path the whole design keeps cheap. Inside the critical
    /// section the store costs nothing measurable (the unlock's locked
    /// instruction drains it along with its own); after the unlock, either
    /// form measurably delayed the next lookup's lock. Two readers of one shard counting at the same moment may
    /// lose one of the two increments, so the figure is a lower bound under
    /// contention and exact without it: statistics are approximate by
    /// design. The counter pairs with nothing.
    #[inline]
    pub(crate) fn count_read_hit(&self) {
        let hits = self.read_hits.load(Relaxed);
        self.read_hits.store(hits.wrapping_add(1), Relaxed);
    }

    /// The read-hit count (Relaxed: statistics only).
    pub(crate) fn read_hits(&self) -> u64 {
        self.read_hits.load(Relaxed)
    }

    /// The data through a unique borrow (no locking: `&mut self` proves no
    /// other thread can reach the shard).
    pub(crate) fn get_mut(&mut self) -> &mut Locked<D> {
        self.lock.get_mut()
    }
}

/// The exclusive guard of a shard: the lock's own guard plus the duty of
/// clearing the owner word.
pub(crate) struct WriteGuard<'a, D: 'a, P: Policy> {
    guard: RawWriteGuard<'a, D, P>,
    owner: &'a P::AtomicUsize,
}

impl<'a, D: 'a, P: Policy> Drop for WriteGuard<'a, D, P> {
    /// The guard's job: clear the owner word before the lock is released
    /// (this body runs before the `guard` field drops), also when user code
    /// under the lock panics, so that a later lock attempt by this thread is
    /// not mistaken for re-entrancy.
    #[inline]
    fn drop(&mut self) {
        if P::THREAD_SAFE {
            // Relaxed suffices: only this thread ever stores this thread's
            // token, so no ordering with other threads is needed for the
            // check in `Shards::check_reentry` to be exact (see the
            // invariant on `Shard::owner`).
            self.owner.store(0, Relaxed);
        }
    }
}

impl<'a, D: 'a, P: Policy> Deref for WriteGuard<'a, D, P> {
    type Target = Locked<D>;
    #[inline]
    fn deref(&self) -> &Locked<D> {
        &self.guard
    }
}

impl<'a, D: 'a, P: Policy> DerefMut for WriteGuard<'a, D, P> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Locked<D> {
        &mut self.guard
    }
}

/// A power-of-two array of shards and the split of a hash between them.
pub(crate) struct Shards<D, P: Policy> {
    shards: Box<[CachePadded<Shard<D, P>>]>,
    /// `63 - log2(shard count)`: the shard of `hash` is
    /// `(hash >> 1) >> shift`, which is `hash >> (64 - log2(n))` for `n > 1`
    /// and 0 for one shard, without a shift by 64.
    shift: u32,
    /// `log2(shard count)`.
    bits: u32,
    /// [`TAG_BITS`] with more than one shard, else 0 (see `table_hash`).
    tag_mask: u64,
    /// The storage kind's name, for the re-entrancy panic and statistics.
    name: &'static str,
}

impl<D, P: Policy> Shards<D, P> {
    /// Creates `count` shards, each holding `make()`.
    ///
    /// # Panics
    ///
    /// If `count` is not a power of two between 1 and [`MAX_SHARDS`].
    pub(crate) fn new(name: &'static str, count: usize, mut make: impl FnMut() -> D) -> Self {
        assert!(
            count.is_power_of_two() && count <= MAX_SHARDS,
            "strata: the shard count of storage kind `{name}` must be a power of two between 1 and {MAX_SHARDS}, not {count}"
        );
        let bits = count.trailing_zeros();
        Shards {
            shards: (0..count)
                .map(|_| CachePadded::new(Shard::new(make())))
                .collect(),
            shift: 63 - bits,
            bits,
            tag_mask: if bits == 0 { 0 } else { TAG_BITS },
            name,
        }
    }

    /// The storage kind's name.
    #[inline]
    pub(crate) fn name(&self) -> &'static str {
        self.name
    }

    /// The number of shards.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.shards.len()
    }

    /// The index of the shard `hash` selects: its top `log2(n)` bits.
    #[inline]
    pub(crate) fn index(&self, hash: u64) -> usize {
        ((hash >> 1) >> self.shift) as usize
    }

    /// The shard `hash` selects.
    #[inline]
    pub(crate) fn shard(&self, hash: u64) -> &Shard<D, P> {
        let index = self.index(hash);
        debug_assert!(index < self.shards.len());
        // SAFETY: `index` is below the shard count: `shift` is `63 - log2(n)`
        // for the `n` (a power of two) shards made in `new`, neither ever
        // changes, and `(hash >> 1) >> (63 - log2(n))` has at most `log2(n)`
        // bits. Unchecked, because the bounds check was two of the
        // single-threaded hit's instructions (docs/PERFORMANCE.md).
        unsafe { self.shards.get_unchecked(index) }
    }

    /// The hash handed to the shard's hashbrown table.
    ///
    /// hashbrown picks the bucket from the low bits and keeps the top seven
    /// bits as the entry's tag, compared before anything else. Within one
    /// shard the top `log2(n)` bits are the same for every entry (they chose
    /// the shard), so with 16 shards only 3 of the 7 tag bits would still
    /// tell entries apart and a probe would inspect up to 16 times as many
    /// false candidates. XOR-ing the next bits down into the tag restores its
    /// seven bits of entropy; the low bits, which pick the bucket, are
    /// untouched.
    #[inline]
    pub(crate) fn table_hash(&self, hash: u64) -> u64 {
        mix_tag(hash, self.bits, self.tag_mask)
    }

    /// A copy of the parameters of [`table_hash`](Self::table_hash), for the
    /// rehash closure hashbrown keeps while `self` is borrowed.
    #[inline]
    pub(crate) fn tag_mixer(&self) -> impl Fn(u64) -> u64 + Copy + use<D, P> {
        let (bits, mask) = (self.bits, self.tag_mask);
        move |hash| mix_tag(hash, bits, mask)
    }

    /// Shared access to `shard`, panicking instead of deadlocking if this
    /// thread holds its write lock.
    #[inline]
    pub(crate) fn read<'a>(&self, shard: &'a Shard<D, P>) -> ReadGuard<'a, D, P> {
        match shard.lock.try_read() {
            Some(guard) => guard,
            None => self.read_slow(shard),
        }
    }

    #[cold]
    #[inline(never)]
    fn read_slow<'a>(&self, shard: &'a Shard<D, P>) -> ReadGuard<'a, D, P> {
        self.check_reentry(shard);
        shard.lock.read()
    }

    /// Exclusive access to `shard`, panicking instead of deadlocking if this
    /// thread holds its write lock. Counts the acquisition.
    pub(crate) fn write<'a>(&self, shard: &'a Shard<D, P>) -> WriteGuard<'a, D, P> {
        let mut guard = self.write_uncounted(shard);
        guard.counters.write_locks += 1;
        guard
    }

    /// As [`write`](Self::write), without counting the acquisition (the
    /// single-threaded lookup takes the exclusive borrow for hits too, and
    /// counts only its misses).
    #[inline]
    pub(crate) fn write_uncounted<'a>(&self, shard: &'a Shard<D, P>) -> WriteGuard<'a, D, P> {
        let guard = match shard.lock.try_write() {
            Some(guard) => guard,
            None => {
                self.check_reentry(shard);
                shard.lock.write()
            }
        };
        if P::THREAD_SAFE {
            // Relaxed: the token is read back only by the re-entrancy check,
            // and the only thread that can ever read its own token there is
            // this one (invariant on `Shard::owner`); other threads need only
            // to see some value other than their own, which any value is.
            shard.owner.store(thread::token(), Relaxed);
        }
        WriteGuard {
            guard,
            owner: &shard.owner,
        }
    }

    /// Called when a lock attempt on `shard` could not be granted at once:
    /// panics if the reason is that this very thread holds the write lock
    /// (blocking would then wait for itself forever).
    fn check_reentry(&self, shard: &Shard<D, P>) {
        if mutant(Mutant::TableNoReentrancyCheck) {
            return;
        }
        // Under `Local` there is one thread, so a lock that cannot be granted
        // is held by this thread: re-entrancy, always.
        // Relaxed: see the invariant on `Shard::owner`; this thread's own
        // last store to the word (its token while it holds the lock, 0 after)
        // is what coherence guarantees it reads, or a later store by another
        // thread, which is never this thread's token.
        // (The mutant `TableBusyIsReentry` skips the comparison, so a shard
        // another thread holds looks like re-entry.)
        if !P::THREAD_SAFE
            || mutant(Mutant::TableBusyIsReentry)
            || shard.owner.load(Relaxed) == thread::token()
        {
            reentry_panic(self.name);
        }
    }

    /// Iterates the shards.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &Shard<D, P>> {
        self.shards.iter().map(|s| &**s)
    }

    /// Iterates the shards through a unique borrow.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = &mut Shard<D, P>> {
        self.shards.iter_mut().map(|s| &mut **s)
    }
}

/// See [`Shards::table_hash`].
#[inline(always)]
fn mix_tag(hash: u64, bits: u32, mask: u64) -> u64 {
    hash ^ ((hash << bits) & mask)
}

impl<D, P: Policy> fmt::Debug for Shards<D, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Shards")
            .field("name", &self.name)
            .field("shards", &self.shards.len())
            .finish_non_exhaustive()
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;
    use strata_sync::policy::{Local, Shared};

    #[test]
    fn shard_index_is_the_top_bits() {
        let one = Shards::<(), Shared>::new("k", 1, || ());
        assert_eq!(one.index(u64::MAX), 0);
        assert_eq!(one.index(0), 0);
        let eight = Shards::<(), Shared>::new("k", 8, || ());
        assert_eq!(eight.index(u64::MAX), 7);
        assert_eq!(eight.index(0x2000_0000_0000_0000), 1);
        assert_eq!(eight.index(0x1FFF_FFFF_FFFF_FFFF), 0);
        let two = Shards::<(), Shared>::new("k", 2, || ());
        assert_eq!(two.index(1 << 63), 1);
        assert_eq!(two.index((1 << 63) - 1), 0);
    }

    #[test]
    fn table_hash_keeps_low_bits_and_refreshes_the_tag() {
        let one = Shards::<(), Shared>::new("k", 1, || ());
        assert_eq!(one.table_hash(0xDEAD_BEEF_1234_5678), 0xDEAD_BEEF_1234_5678);
        let sixteen = Shards::<(), Shared>::new("k", 16, || ());
        // Two hashes in one shard (same top 4 bits) whose next bits differ
        // get different tags.
        let a = 0x5000_0000_0000_0000u64;
        let b = 0x5200_0000_0000_0000u64;
        assert_eq!(sixteen.index(a), sixteen.index(b));
        assert_ne!(sixteen.table_hash(a) >> 57, sixteen.table_hash(b) >> 57);
        // The low 57 bits are untouched.
        let h = 0x1234_5678_9ABC_DEF0u64;
        assert_eq!(sixteen.table_hash(h) & !TAG_BITS, h & !TAG_BITS);
        assert_eq!(sixteen.tag_mixer()(h), sixteen.table_hash(h));
    }

    #[test]
    fn default_counts() {
        assert_eq!(default_shard_count::<Local>(), 1);
        let n = default_shard_count::<Shared>();
        assert!(n.is_power_of_two() && (4..=DEFAULT_SHARD_CAP).contains(&n));
    }

    #[test]
    #[should_panic(expected = "must be a power of two")]
    fn rejects_a_non_power_of_two() {
        let _ = Shards::<(), Shared>::new("k", 3, || ());
    }

    #[test]
    #[should_panic(expected = "must be a power of two")]
    fn rejects_too_many_shards() {
        let _ = Shards::<(), Shared>::new("k", MAX_SHARDS * 2, || ());
    }

    #[test]
    fn write_guard_sets_and_clears_the_owner() {
        let shards = Shards::<u32, Shared>::new("k", 1, || 0);
        let shard = shards.shard(0);
        {
            let mut g = shards.write(shard);
            g.data += 1;
            assert_eq!(shard.owner.load(Relaxed), thread::token());
        }
        assert_eq!(shard.owner.load(Relaxed), 0);
        assert_eq!(shards.read(shard).data, 1);
        assert_eq!(shards.read(shard).counters.write_locks, 1);
    }

    #[test]
    fn read_hits_count_exactly_without_contention() {
        let shards = Shards::<(), Local>::new("k", 1, || ());
        let shard = shards.shard(7);
        for _ in 0..5 {
            shard.count_read_hit();
        }
        assert_eq!(shard.read_hits(), 5);
    }
}
