//! The shard array shared by [`Table`](crate::Table) and
//! [`PtrTable`](crate::PtrTable): how a 64-bit hash picks a shard (the
//! bits just below hashbrown's tag, so that the shard's hash table gets the
//! hash unchanged), and the lock discipline that turns re-entrant locking
//! into a panic instead of a deadlock.

use core::fmt;
use core::mem;
use core::ops::{Deref, DerefMut};
use core::ptr::NonNull;

#[cfg(not(strata_loom))]
use strata_sync::OnceGate;
use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::policy::{AtomicInt, Policy, RwLockApi};
use strata_sync::{CachePadded, Mutant, mutant, thread};

/// The most shards a table may have. Beyond this the per-shard headers cost
/// more memory than the contention they save. (The shard bits sit below
/// hashbrown's 7-bit tag, bits 47 to 56 at most, far above the bucket bits
/// any shard's table uses.)
pub const MAX_SHARDS: usize = 1024;

/// The largest shard count [`default_shard_count`] picks.
const DEFAULT_SHARD_CAP: usize = 128;

/// The smallest shard count [`default_shard_count`] picks for a thread-safe
/// table.
const DEFAULT_SHARD_FLOOR: usize = 32;

/// The miss score at which a shard's lookups go straight to the write lock
/// (see [`Shard::mostly_missing`]).
pub(crate) const WRITE_FIRST_AT: usize = 8;

/// The highest miss score. With the score kept between 0 and this bound, a
/// shard switches paths after at most nine more hits than misses (or eight
/// more misses than hits), however long it stayed on one path before.
pub(crate) const MISS_SCORE_MAX: usize = 16;

/// The number of top bits of a hash that hashbrown keeps in its control
/// bytes as the "tag" of an entry. The shard bits are the ones just below.
const TAG_LEN: u32 = 7;

/// The shift that brings a single-threaded table's shard bits (the
/// `log2(LOCAL_SHARDS)` bits just below the tag) to the bottom.
const LOCAL_SHIFT: u32 = u64::BITS - TAG_LEN - LOCAL_SHARDS.trailing_zeros();

/// The shard count of every single-threaded ([`Local`]) table, whatever
/// count it is given.
///
/// One thread has no contention to spread; the shards are there for how
/// the index grows. One index grows by allocating a block twice its size
/// and freeing the old one, so a run of insertions keeps asking the
/// allocator for blocks larger than any it freed; sixteen indexes grow one
/// at a time, each to a sixteenth of the size. On the comparison harness,
/// against one shard, inserts (W2) and string inserts (W6a) got faster and
/// hot hits (W1) a little slower (the shift and mask that select the shard);
/// the figures are in `docs/notes/cold-path-steps.md`, step 7. The gain is
/// the allocator's, not the cache's: with glibc's allocation thresholds
/// pinned, so that freed memory is always reused, one shard and sixteen are
/// within noise of each other; with its defaults each repetition of W2
/// faults in fewer fresh pages with sixteen. The values stay in the table's
/// one arena, in insertion order, as they were with one shard: an arena per
/// shard spread values used together over sixteen places (a second pass
/// over strings, W6b, was slower with them). An empty shard costs its 256-byte
/// header (its index allocates on first insertion), so the sixteen cost
/// 4 KiB per storage kind in use, against 256 bytes with one.
///
/// [`Local`]: strata_sync::policy::Local
pub const LOCAL_SHARDS: usize = 16;

/// The shard count a table of policy `P` gets when none is named:
/// [`LOCAL_SHARDS`] for [`Local`](strata_sync::policy::Local),
/// and for [`Shared`](strata_sync::policy::Shared) sixteen shards per
/// hardware thread rounded up to a power of two, at least 32 and at most
/// 128.
///
/// An insertion holds its shard's write lock while it constructs the value,
/// so a second thread that picks the same shard meanwhile spins or parks.
/// With four shards per thread (the first design) two threads inserting the
/// same keys (W5) or disjoint keys (W4) on a 2-core machine were markedly
/// slower per operation than with 32 shards (docs/notes/cold-path-steps.md,
/// step 5); rustc's sharded maps use 32. An empty
/// shard costs its 256-byte header (its index and arena allocate on first
/// insertion), so the floor of 32 costs 8 KiB per storage kind in use.
///
/// The machine's parallelism is asked once per process and cached:
/// `available_parallelism` reads the cgroup quota files on Linux, which
/// costs more than the rest of a table's construction.
pub fn default_shard_count<P: Policy>() -> usize {
    if !P::THREAD_SAFE {
        return LOCAL_SHARDS;
    }
    machine_threads()
        .saturating_mul(16)
        .next_power_of_two()
        .clamp(DEFAULT_SHARD_FLOOR, DEFAULT_SHARD_CAP)
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
        "strata: re-entrant interning into storage kind `{name}`: code holding the write lock of one of its shards (a constructor of this kind, or a write section inserting a new key) reached that shard again (an intern, a lookup or statistics), which would wait for itself"
    )
}

/// The panic for a lock attempt on a shard whose read lock this thread holds
/// while a callback runs (a `matches` or a visitor that interned into the
/// shard it was called from).
#[cold]
#[inline(never)]
fn read_reentry_panic(name: &str) -> ! {
    panic!(
        "strata: re-entrant interning into storage kind `{name}`: a callback that runs under the shard's read lock (`matches`, a visitor) interned into that shard"
    )
}

/// One shard whose lock this thread holds while user code runs under it: a
/// node of a list that lives on the stack of the frames of
/// [`Shards::read_with`] (a read lock) and [`Shards::write_held`] (a write
/// lock whose data this thread may read meanwhile), innermost first.
struct ReadMark {
    /// The shard's address.
    shard: usize,
    /// Whether the mark is a [`Shards::write_held`] one.
    write: bool,
    /// For a write mark, the shard's locked data (a `*const Locked<D>`,
    /// stored untyped), which this thread's own lookups read while the
    /// callback runs. It is null for a read mark, and also while a lookup
    /// has borrowed it ([`HeldData`]), so that a lookup nested in that
    /// one's user code counts as re-entry.
    held: core::cell::Cell<*mut ()>,
    /// The mark of the enclosing `read_with` or `write_held` on this
    /// thread, or null.
    outer: *const ReadMark,
}

#[cfg(not(strata_loom))]
strata_sync::thread_local! {
    /// The innermost [`ReadMark`] of this thread (null when it holds no
    /// shard's read lock around user code). Read only by this thread's own
    /// lock attempts that could not be granted at once.
    static READING: core::cell::Cell<*const ReadMark> =
        const { core::cell::Cell::new(core::ptr::null()) };
}

// loom's thread-locals take no `const` initialiser.
#[cfg(strata_loom)]
strata_sync::thread_local! {
    static READING: core::cell::Cell<*const ReadMark> = core::cell::Cell::new(core::ptr::null());
}

/// Restores this thread's innermost mark when a `read_with` ends, also when
/// its callback unwinds.
struct Unmark(*const ReadMark);

impl Drop for Unmark {
    #[inline]
    fn drop(&mut self) {
        let outer = self.0;
        READING.with(|r| r.set(outer));
    }
}

/// Whether this thread holds the read lock of the shard at `shard` around
/// user code (a [`Shards::read_with`] that has not returned).
fn reading(shard: usize) -> bool {
    !find_mark(shard, |m| !m.write).is_null()
}

/// The innermost mark of this thread for the shard at `shard` that `which`
/// accepts, or null.
fn find_mark(shard: usize, which: impl Fn(&ReadMark) -> bool) -> *const ReadMark {
    let mut mark = READING.with(core::cell::Cell::get);
    while !mark.is_null() {
        // SAFETY: every mark in the list is a `ReadMark` on the stack of a
        // `read_with` or `write_held` frame of this thread that has not
        // returned (each frame unlinks its mark before it returns or
        // unwinds, through `Unmark`), so it is alive, and only this thread
        // reads it or sets its `held` cell.
        let m = unsafe { &*mark };
        if m.shard == shard && which(m) {
            return mark;
        }
        mark = m.outer;
    }
    core::ptr::null()
}

/// The data of a shard that this thread holds write-locked around a
/// [`Shards::write_held`] callback, lent to one lookup of that thread: the
/// mark's pointer is taken while the lookup has it and put back when it
/// ends (also when it unwinds), so a lookup nested in its user code (a
/// `matches` that interns, which is not allowed) finds no data and is a
/// re-entrancy panic.
pub(crate) struct HeldData<D> {
    /// The write mark the data was taken from.
    mark: *const ReadMark,
    data: NonNull<Locked<D>>,
}

impl<D> HeldData<D> {
    /// Takes the data of the shard at `shard` from this thread's write mark
    /// for it, if there is one with its data in place.
    #[cold]
    #[inline(never)]
    fn take(shard: usize) -> Option<Self> {
        let mark = find_mark(shard, |m| m.write && !m.held.get().is_null());
        if mark.is_null() {
            return None;
        }
        // SAFETY: as in `find_mark`: the mark is alive and only this thread
        // touches it.
        let held = unsafe { &(*mark).held };
        let data = NonNull::new(held.replace(core::ptr::null_mut()).cast())?;
        Some(HeldData { mark, data })
    }

    /// The data, for reading.
    pub(crate) fn get(&self) -> &Locked<D> {
        // SAFETY: `data` is the locked data of a shard whose write lock this
        // thread holds around a `write_held` callback still running further
        // up its stack (its mark is in the list, unlinked only after every
        // lookup nested in the callback ended): alive, out of every other
        // thread's reach, and not touched by the holding frame until the
        // callback returns. Taken from the mark, it is lent to this value
        // alone, so no other reference to it exists meanwhile.
        unsafe { self.data.as_ref() }
    }
}

impl<D> Drop for HeldData<D> {
    /// Puts the data back into its mark for the next lookup.
    fn drop(&mut self) {
        // SAFETY: as in `find_mark`: the mark outlives every lookup nested
        // in its frame's callback, this one included.
        unsafe { (*self.mark).held.set(self.data.as_ptr().cast()) };
    }
}

/// Counters that change only under the shard's write lock, so they are plain
/// integers inside the locked data.
///
/// They sit after the shard's data, a cache line or more away from the lock
/// word, so a [`Table`](crate::Table) counts nothing here on an insertion:
/// its statistics derive insertions and the write locks that ended in one
/// from its entry count (a third line written per insertion, bounced between
/// inserting threads, cost more than the rest of the protocol on two
/// threads; docs/notes/cold-path-steps.md, step 5).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WriteCounters {
    /// Write-lock acquisitions counted when taken: every one of a
    /// [`PtrTable`](crate::PtrTable)'s, and a [`Table`](crate::Table)'s
    /// explicit write-lock sections and insert-path acquisitions whose
    /// constructor panicked (`Table::stats` adds the hits and insertions of
    /// its insert paths, which are not counted here).
    pub(crate) write_locks: u64,
    /// Write paths that found the key on the re-probe (a race lost to
    /// another inserter between the read probe and the write lock).
    pub(crate) reprobe_hits: u64,
    /// Lookups that the write-first path found under the write lock.
    pub(crate) write_hits: u64,
    /// Entries inserted ([`PtrTable`](crate::PtrTable) only: a
    /// [`Table`](crate::Table)'s insertions are its entries).
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

/// A shard and a read guard of it ([`Shards::read_all`]).
pub(crate) type ShardRead<'a, D, P> = (&'a Shard<D, P>, ReadGuard<'a, D, P>);

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
    /// at least `at`, the table's threshold: [`WRITE_FIRST_AT`] unless a
    /// probe policy is pinned), so that the next lookup should take the
    /// write lock at once instead of a read probe that would likely miss.
    ///
    /// Relaxed: the score pairs with nothing; a stale value only picks the
    /// other of two correct paths.
    #[inline]
    pub(crate) fn mostly_missing(&self, at: usize) -> bool {
        self.miss_score.load(Relaxed) >= at
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
    /// `64 - 7 - log2(shard count)`: the shard of `hash` is
    /// `(hash >> shift) & mask`, the `log2(n)` bits just below hashbrown's
    /// tag (see [`index`](Self::index)). A single-threaded array shifts by
    /// `LOCAL_SHIFT` whatever its count: the bits below the tag that sixteen
    /// shards would use, the lowest of them when it has fewer.
    shift: u32,
    /// The shard count minus one.
    mask: usize,
    /// `mask` times the size of one shard: the byte offsets of the shards
    /// from the first, when that size is a power of two (see `shard`).
    offset_mask: usize,
    /// The storage kind's name, for the re-entrancy panic and statistics.
    name: &'static str,
}

impl<D, P: Policy> Shards<D, P> {
    /// The size of one shard in the array, a multiple of its 128-byte
    /// alignment.
    const STRIDE: usize = mem::size_of::<CachePadded<Shard<D, P>>>();

    /// Creates `count` shards, each holding `make()`; [`LOCAL_SHARDS`] under
    /// a policy that is not thread-safe, whatever `count` says (one thread
    /// has no contention to spread; a constant count lets a lookup select
    /// its shard with a constant shift and mask).
    ///
    /// # Panics
    ///
    /// If `count` is not a power of two between 1 and [`MAX_SHARDS`].
    pub(crate) fn new(name: &'static str, count: usize, make: impl FnMut() -> D) -> Self {
        assert!(
            count.is_power_of_two() && count <= MAX_SHARDS,
            "strata: the shard count of storage kind `{name}` must be a power of two between 1 and {MAX_SHARDS}, not {count}"
        );
        let count = if P::THREAD_SAFE { count } else { LOCAL_SHARDS };
        Self::with_count(name, count, make)
    }

    /// Creates exactly `count` shards, a power of two: at most
    /// [`MAX_SHARDS`], and at most [`LOCAL_SHARDS`] under a policy that is
    /// not thread-safe (whose shard selection shifts by a constant).
    pub(crate) fn with_count(
        name: &'static str,
        count: usize,
        mut make: impl FnMut() -> D,
    ) -> Self {
        let most = if P::THREAD_SAFE {
            MAX_SHARDS
        } else {
            LOCAL_SHARDS
        };
        assert!(
            count.is_power_of_two() && count <= most,
            "strata: the shard count of storage kind `{name}` must be a power of two between 1 and {most}, not {count}"
        );
        let bits = count.trailing_zeros();
        Shards {
            shards: (0..count)
                .map(|_| CachePadded::new(Shard::new(make())))
                .collect(),
            // A single-threaded array takes its shard bits from the same
            // place whatever its count (at most `LOCAL_SHARDS`), so that
            // `index` and `shard`'s constant shift agree.
            shift: if P::THREAD_SAFE {
                u64::BITS - TAG_LEN - bits
            } else {
                LOCAL_SHIFT
            },
            mask: count - 1,
            offset_mask: (count - 1) * Self::STRIDE,
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

    /// The index of the shard `hash` selects: the `log2(n)` bits just below
    /// its top seven, as rustc's sharded maps pick theirs.
    ///
    /// hashbrown picks the bucket from the low bits and keeps the top seven
    /// bits as the entry's tag, compared before anything else. Shard bits
    /// taken from the top would be the same for every entry of a shard, and
    /// with 16 shards only 3 of the 7 tag bits would still tell entries
    /// apart (a probe would inspect up to 16 times as many false
    /// candidates). Taken from below the tag, they are bits no shard's
    /// table looks at, so each shard's hashbrown table gets the caller's
    /// hash unchanged: no mixing on a probe, and none when a growing table
    /// moves its entries. (The first design took the top bits and folded the
    /// next ones down into the tag on every probe and every move.)
    #[inline]
    pub(crate) fn index(&self, hash: u64) -> usize {
        (hash >> self.shift) as usize & self.mask
    }

    /// The shard `hash` selects.
    #[inline]
    pub(crate) fn shard(&self, hash: u64) -> &Shard<D, P> {
        // Under a single-threaded policy the shift is the constant
        // `LOCAL_SHIFT` whatever the count (see `with_count`), and a shard's
        // size is a power of two in practice (a multiple of its 128-byte
        // alignment: 256 bytes for a table's shard).
        if !P::THREAD_SAFE && Self::STRIDE.is_power_of_two() {
            // The byte offset of the shard straight from the hash: the shard
            // bits shifted to the stride's place and masked with the count
            // less one times the stride (one shift, one mask and one add,
            // where index, scale and add were a shift, a mask, a shift and
            // an add, and one more register).
            let offset =
                (hash >> (LOCAL_SHIFT - Self::STRIDE.trailing_zeros())) as usize & self.offset_mask;
            debug_assert_eq!(offset, self.index(hash) * Self::STRIDE);
            // SAFETY: `offset` is `i * STRIDE` for an `i` at most `mask`
            // (its bits below the stride's are masked off, and the rest
            // with `mask`), so it is the offset of shard `i` of the
            // `mask + 1` in the array (elements `STRIDE` bytes apart), in
            // bounds.
            return unsafe { &*self.shards.as_ptr().byte_add(offset) };
        }
        let index = self.index(hash);
        debug_assert!(index < self.shards.len());
        // SAFETY: `index` is below the shard count: it is masked with
        // `mask`, the count minus one, for the `n` (a power of two) shards
        // made in `new` or `with_count`, whatever the shift; neither ever
        // changes. Unchecked, because the bounds check sat on the
        // single-threaded hit path (docs/notes/cold-path-steps.md, step 2).
        unsafe { self.shards.get_unchecked(index) }
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

    /// Shared access to every shard at once, for a reader that must see no
    /// write under way anywhere in the table (`Table::stats`).
    ///
    /// Never blocks while holding a guard: it tries each shard in turn, and
    /// if one cannot be had at once it drops what it holds, waits for that
    /// shard alone (panicking instead, as [`read`](Self::read) does, if this
    /// thread holds it), and starts over. Blocking on a shard while holding
    /// others could deadlock with a constructor that holds one shard's write
    /// lock and interns into another shard of the same table (which is
    /// allowed), if that other shard is one this reader holds.
    pub(crate) fn read_all(&self) -> Vec<ShardRead<'_, D, P>> {
        loop {
            let mut guards = Vec::with_capacity(self.shards.len());
            let mut busy = None;
            for shard in self.iter() {
                match shard.lock.try_read() {
                    Some(guard) => guards.push((shard, guard)),
                    None => {
                        busy = Some(shard);
                        break;
                    }
                }
            }
            match busy {
                None => return guards,
                Some(shard) => {
                    drop(guards);
                    drop(self.read(shard));
                }
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn read_slow<'a>(&self, shard: &'a Shard<D, P>) -> ReadGuard<'a, D, P> {
        self.check_reentry(shard);
        shard.lock.read()
    }

    /// Runs `f` on the shard's data under its read lock, with the shard
    /// marked as read by this thread for the duration when `MARK` is set:
    /// `f` calls user code (a `matches`, a visitor), and if that code
    /// interns into this shard, the lock attempt that cannot be granted (the
    /// write lock, or the read lock behind a waiting writer) is then a panic
    /// instead of a deadlock.
    ///
    /// The mark costs a thread-local read and two writes, a visible share of
    /// a lookup on the thread-safe context's scan of string hits (W6b of the
    /// comparison harness; docs/notes/cold-path-steps.md, step 9). So
    /// `Table`'s read probe, the interning path's, marks only in debug
    /// builds, and every other callback under a read lock always marks.
    ///
    /// If the read lock cannot be had because this thread holds the shard's
    /// write lock around a callback of [`write_held`](Self::write_held), `f`
    /// reads the data under that write lock instead (the thread has the
    /// shard to itself, and the callback does not touch the data).
    #[inline]
    pub(crate) fn read_with<R, const MARK: bool>(
        &self,
        shard: &Shard<D, P>,
        f: impl FnOnce(&Locked<D>) -> R,
    ) -> R {
        // The data under the read lock, or under the write lock this thread
        // holds around a `write_held` callback (then `guard` is `None` and
        // `held` lends the data); `f` is called in one place.
        let mut held = None;
        let guard = match shard.lock.try_read() {
            Some(guard) => Some(guard),
            None => match self.read_or_held(shard) {
                Ok(guard) => Some(guard),
                Err(data) => {
                    held = Some(data);
                    None
                }
            },
        };
        let data: &Locked<D> = match (&guard, &held) {
            (Some(guard), _) => guard,
            (None, Some(held)) => held.get(),
            (None, None) => unreachable!("a read lock or this thread's write section"),
        };
        // One thread: a second borrow of the shard fails at once and is a
        // re-entrancy panic already (`check_reentry`), so only a thread-safe
        // read lock is marked; a read under this thread's own write lock
        // needs no mark (the owner word already names this thread).
        let mut mark = ReadMark {
            shard: core::ptr::from_ref(shard).addr(),
            write: false,
            held: core::cell::Cell::new(core::ptr::null_mut()),
            outer: core::ptr::null(),
        };
        let unmark = if P::THREAD_SAFE && MARK && guard.is_some() {
            mark.outer = READING.with(core::cell::Cell::get);
            READING.with(|r| r.set(&raw const mark));
            Some(Unmark(mark.outer))
        } else {
            None
        };
        let r = f(data);
        drop(unmark);
        drop(guard);
        r
    }

    /// As [`read_with`](Self::read_with), except that `f` does not run when
    /// this thread holds the shard's write lock around a
    /// [`write_held`](Self::write_held) callback (`None`): the interning
    /// path's read probe, whose caller then probes on the write path, which
    /// reads such a shard itself. With one place that calls `f`, the probe
    /// is inlined once; a second call on the held data made every lookup of
    /// the thread-safe scan of string hits dearer through register pressure
    /// (docs/notes/cold-path-steps.md, step 10).
    #[inline]
    pub(crate) fn read_unless_held<R, const MARK: bool>(
        &self,
        shard: &Shard<D, P>,
        f: impl FnOnce(&Locked<D>) -> R,
    ) -> Option<R> {
        let guard = match shard.lock.try_read() {
            Some(guard) => guard,
            None => self.read_or_held(shard).ok()?,
        };
        if !P::THREAD_SAFE || !MARK {
            // One thread: a second borrow of the shard fails at once and is
            // a re-entrancy panic already (`check_reentry`).
            return Some(f(&guard));
        }
        let mark = ReadMark {
            shard: core::ptr::from_ref(shard).addr(),
            write: false,
            held: core::cell::Cell::new(core::ptr::null_mut()),
            outer: READING.with(core::cell::Cell::get),
        };
        READING.with(|r| r.set(&raw const mark));
        let unmark = Unmark(mark.outer);
        let r = f(&guard);
        drop(unmark);
        drop(guard);
        Some(r)
    }

    /// Exclusive access to `shard`, panicking instead of deadlocking if this
    /// thread holds its write lock. Counts the acquisition.
    pub(crate) fn write<'a>(&self, shard: &'a Shard<D, P>) -> WriteGuard<'a, D, P> {
        let mut guard = self.write_uncounted(shard);
        guard.counters.write_locks += 1;
        guard
    }

    /// Runs `f` under the write lock of `shard` (counted, as
    /// [`write`](Self::write)), with the shard's data lent to this thread's
    /// lookups meanwhile: a lookup of this thread into the shard from `f`
    /// ([`read_with`](Self::read_with),
    /// [`write_or_held`](Self::write_or_held)) uses it under this lock
    /// instead of waiting for the lock forever. `f` gets no access to the
    /// data itself, so those lookups never overlap another use of it.
    pub(crate) fn write_held<R>(&self, shard: &Shard<D, P>, f: impl FnOnce() -> R) -> R {
        let guard = self.write(shard);
        if mutant(Mutant::TableWriteSectionUnread) {
            // The deliberate bug (invariant 9): no mark, so a lookup of this
            // thread into the shard from `f` is taken for re-entry.
            let r = f();
            drop(guard);
            return r;
        }
        let mark = ReadMark {
            shard: core::ptr::from_ref(shard).addr(),
            write: true,
            held: core::cell::Cell::new(core::ptr::from_ref::<Locked<D>>(&guard).cast_mut().cast()),
            outer: READING.with(core::cell::Cell::get),
        };
        READING.with(|r| r.set(&raw const mark));
        let unmark = Unmark(mark.outer);
        let r = f();
        // The mark goes before the lock: once the lock is released another
        // thread may write the data, and this thread must not reach it
        // through the mark any more.
        drop(unmark);
        drop(guard);
        r
    }

    /// As [`write_uncounted`](Self::write_uncounted), except when this
    /// thread holds the shard's write lock around a callback of
    /// [`write_held`](Self::write_held): then the data under that lock,
    /// lent to the caller (`Err`), instead of a re-entrancy panic.
    #[inline]
    pub(crate) fn write_or_held<'a>(
        &self,
        shard: &'a Shard<D, P>,
    ) -> Result<WriteGuard<'a, D, P>, HeldData<D>> {
        let guard = match shard.lock.try_write() {
            Some(guard) => guard,
            None => {
                if let Some(data) = HeldData::take(core::ptr::from_ref(shard).addr()) {
                    return Err(data);
                }
                self.check_reentry(shard);
                shard.lock.write()
            }
        };
        Ok(self.own(shard, guard))
    }

    /// The read lock of `shard` after an attempt that could not be granted
    /// at once: the data under this thread's own write lock (`Err`) if it
    /// holds the shard around a [`write_held`](Self::write_held) callback,
    /// else a re-entrancy panic or a wait for the lock.
    #[cold]
    #[inline(never)]
    fn read_or_held<'a>(&self, shard: &'a Shard<D, P>) -> Result<ReadGuard<'a, D, P>, HeldData<D>> {
        match HeldData::take(core::ptr::from_ref(shard).addr()) {
            Some(data) => Err(data),
            None => Ok(self.read_slow(shard)),
        }
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
        self.own(shard, guard)
    }

    /// Wraps a write lock just acquired: records this thread as the
    /// shard's owner, which the guard clears again before it unlocks.
    #[inline]
    fn own<'a>(
        &self,
        shard: &'a Shard<D, P>,
        guard: RawWriteGuard<'a, D, P>,
    ) -> WriteGuard<'a, D, P> {
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
        // This thread holds the shard's read lock around user code that
        // re-entered: the write lock would wait for it forever, and so would
        // the read lock behind a waiting writer.
        if reading(core::ptr::from_ref(shard).addr()) {
            read_reentry_panic(self.name);
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
    fn shard_index_is_the_bits_below_the_tag() {
        let one = Shards::<(), Shared>::new("k", 1, || ());
        assert_eq!(one.index(u64::MAX), 0);
        assert_eq!(one.index(0), 0);
        let eight = Shards::<(), Shared>::new("k", 8, || ());
        // Bits 54 to 56 pick among eight shards; the tag (57 to 63) and the
        // bits below 54 do not.
        assert_eq!(eight.index(u64::MAX), 7);
        assert_eq!(eight.index(0x0040_0000_0000_0000), 1);
        assert_eq!(eight.index(0x01C0_0000_0000_0000), 7);
        assert_eq!(eight.index(0xFE3F_FFFF_FFFF_FFFF), 0);
        let two = Shards::<(), Shared>::new("k", 2, || ());
        assert_eq!(two.index(1 << 56), 1);
        assert_eq!(two.index(1 << 63), 0);
        assert_eq!(two.index((1 << 56) - 1), 0);
        let most = Shards::<(), Shared>::new("k", MAX_SHARDS, || ());
        assert_eq!(most.index(1 << 47), 1);
        assert_eq!(most.index(u64::MAX), MAX_SHARDS - 1);
        assert_eq!(most.index((1 << 47) - 1), 0);
    }

    #[test]
    fn every_shard_is_reachable_and_the_tag_is_free() {
        // Hashes that differ only in their tag bits land in one shard, and
        // hashes that differ only in the shard bits spread over all of them.
        let sixteen = Shards::<(), Shared>::new("k", 16, || ());
        let base = 0x1234_5678_9ABC_DEF0u64 & !(0xFu64 << 53);
        for tag in 0..128u64 {
            assert_eq!(sixteen.index(base | (tag << 57)), sixteen.index(base));
        }
        let hit: std::collections::BTreeSet<usize> = (0..16u64)
            .map(|s| sixteen.index(base | (s << 53)))
            .collect();
        assert_eq!(hit.len(), 16);
    }

    #[test]
    fn default_counts() {
        assert_eq!(default_shard_count::<Local>(), LOCAL_SHARDS);
        let n = default_shard_count::<Shared>();
        assert!(n.is_power_of_two() && (DEFAULT_SHARD_FLOOR..=DEFAULT_SHARD_CAP).contains(&n));
    }

    /// A single-threaded shard array has `LOCAL_SHARDS` shards whatever
    /// count it is given, and its constant shift and mask pick the same
    /// shard as the general index, every one of them for some hash.
    #[test]
    fn local_shards_are_a_constant_count_picked_by_the_general_index() {
        for count in [1, 4, 64] {
            let shards = Shards::<usize, Local>::new("k", count, || 0);
            assert_eq!(shards.len(), LOCAL_SHARDS);
            let mut seen = [false; LOCAL_SHARDS];
            let mut state = 7u64;
            for _ in 0..4096 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let hash = state ^ (state >> 29);
                let picked = shards.shard(hash);
                let index = shards.index(hash);
                assert!(core::ptr::eq(picked, &*shards.shards[index]));
                seen[index] = true;
            }
            assert!(seen.iter().all(|&s| s), "some shard was never picked");
        }
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
