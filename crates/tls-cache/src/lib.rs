//! The per-thread positive-only uniquer cache of strata.
//!
#![doc = include_str!("../README.md")]

// History of the design, 2026-11-21 (the figures behind it are in
// `docs/notes/layer-design-measurements.md`, section "strata-tls: the design
// alternatives"; the current ones in `docs/PERFORMANCE.md`, the section of
// the same name).
//
// The reference system, MLIR's `StorageUniquer`, fronts its parametric
// storage tables with a `ThreadLocalCache`: a per-instance, per-thread map
// reached through a thread-local map keyed by the instance, whose values
// live behind `std::weak_ptr`s so that a destroyed context can be detected.
// A hit therefore pays a thread-local map lookup and a weak-pointer check,
// atomic operations on every hit; nothing is ever evicted, so memory grows
// with threads × keys touched; and the per-thread values are destroyed at
// thread exit, racing the destruction of the context they point into, a
// use-after-free that was fixed three times. Its hit is much slower than
// this crate's.
//
// Three alternatives were weighed:
//
// 1. A global sharded map, rustc's interner design (shards of
//    `Mutex<FxHashMap>` picked by high hash bits) or `DashMap`: no cache at
//    all, every intern probes the shared structure. Even uncontended, a hit
//    takes a lock (two atomic read-modify-writes, and the lock word's cache
//    line written on every lookup, so that two threads hitting the same
//    shard bounce it between cores). Both measured slower than this crate,
//    single-threaded.
// 2. A per-context thread-local, the `thread_local` crate's
//    `ThreadLocal<Cache>` in each context: entries die with their context,
//    so no generations are needed. But a hit adds a thread-id lookup and an
//    acquire load of a bucket pointer to the probe, and memory is contexts
//    × threads, freed only when the context drops, never at thread exit; a
//    compiler that creates a context per test or per module multiplies it.
//    (Not measured: the crate is not a dependency of the workspace.)
// 3. One cache per thread, shared by every context, entries tagged with a
//    never-reused generation (this crate): one thread-local, bounded memory
//    per thread, nothing to clean when a context drops, nothing shared
//    touched when a thread exits.
//
// Within (3), what the measurements decided (`cargo bench -p strata-bench
// --bench tls`, 256 keys in the W1 order of `benches/WORKLOADS.md`):
//
// - The hit counter of `stats` (a plain increment of thread-local memory)
//   costs nothing measurable, so it stays.
// - The first version ran the probe inside the closure given to std's
//   `LocalKey::try_with`; LLVM kept that closure out of line, and the hit
//   was far slower. Taking only the cache's address inside `try_with` and
//   probing outside let it inline completely.
// - With the table's destructor on the hot thread-local, std guards every
//   access with a state-flag load, compare and branch; moving the
//   destructor to a second thread-local removed them.
// - 256 sets × 4 ways (the first sizing, 32 KiB) left five or so of the 256
//   hot keys missing for good: they land in sets that already hold four (a
//   Poisson(1) tail), and a full set evicts on every cycle. Each such miss
//   costs a shared-table probe, far dearer than a hit. 512 sets make that
//   tail negligible for this working set; 128 sets × 8 ways also
//   removed the misses but scanned deeper and was slower (this and the next
//   finding come from a throwaway copy of the probe, generic over ways, sets
//   and promotion, timed the same way).
// - A branch-free probe (a match mask over the four ways, then one indexed
//   load) was much slower: it puts the hash compare on the dependency chain
//   of the storage load, where a predicted branch lets the core load the
//   storage speculatively.
// - Inserting at the tail (the first design) let dead entries pin the front
//   ways; with three dropped contexts the W1 hit rate fell visibly, so
//   inserts go behind the front way.

mod owner;
mod table;

use core::cell::Cell;
use core::ptr::NonNull;

use strata_sync::{Mutant, mutant};

pub use owner::Owner;
use table::{Key, Lookup, Put, Table};

/// How many entries one thread's cache holds: 512 sets of 4 ways (2 sets
/// under `--cfg strata_loom`).
pub const CAPACITY: usize = table::SETS * table::WAYS;

/// The heap bytes one thread's cache occupies once it holds an entry (64 KiB
/// normally: 32 bytes an entry). A thread that never inserts holds none.
pub const TABLE_BYTES: usize = table::TABLE_BYTES;

/// The calling thread's cache statistics, from [`stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Lookups that returned a storage.
    pub hits: u64,
    /// Lookups that returned `None`.
    pub misses: u64,
    /// Inserts that stored an entry (an insert of an entry already cached
    /// stores nothing and is not counted).
    pub inserts: u64,
    /// Inserts that overwrote an occupied entry (a subset of `inserts`).
    pub evictions: u64,
    /// Calls of [`admit`] that the doorkeeper turned away (a full set, the
    /// key not seen before): nothing was stored or evicted, and the key was
    /// recorded.
    pub rejections: u64,
    /// Calls of [`admit`] that went on to store (a free way, a tail entry of
    /// another owner, or a key the doorkeeper saw refused before), counted
    /// also when the entry was cached already. With `rejections` they make
    /// every admission, except those a bypass turned away unsampled.
    pub admissions: u64,
    /// Keys the doorkeeper holds now: refusals recorded since its last
    /// reset (two keys that share a bit count once), at most 1024.
    pub door_keys: usize,
    /// How many times the doorkeeper was emptied (see [`admit`]).
    pub door_resets: u64,
    /// Lookups answered `None` without a probe because the thread was in a
    /// scan (a subset of `misses`): see [`lookup`].
    pub bypassed: u64,
    /// How many times a scan was detected and the cache bypassed.
    pub bypasses: u64,
    /// Entries occupied now, at most [`CAPACITY`]. Entries of dropped owners
    /// count until they are overwritten.
    pub len: usize,
    /// Heap bytes held by this thread's cache: 0 or [`TABLE_BYTES`].
    pub bytes: usize,
}

impl CacheStats {
    /// `hits / (hits + misses)`, or 0 before the first lookup.
    pub fn hit_rate(&self) -> f64 {
        let total = self.hits + self.misses;
        if total == 0 {
            0.0
        } else {
            self.hits as f64 / total as f64
        }
    }
}

/// One thread's cache: the table (allocated on the first insert) and the
/// statistics counters. Thread-private: it lives in a thread-local, holds
/// `Cell`s and a `NonNull`, and so is neither `Send` nor `Sync`.
///
/// It has no `Drop`, on purpose: std gives a `const`-initialised
/// thread-local without drop glue no state flag at all, so reaching it is
/// one `%fs`-relative address and nothing else. Freeing the table at thread
/// exit is the job of a second thread-local, [`Release`], touched only when
/// the table is allocated.
struct Cache {
    /// `None` until the first insert, and again once [`Release`] has freed
    /// the table at thread exit. Otherwise the table made by
    /// [`Table::alloc`] that this thread's `Release` owns: it is freed only
    /// by `Release::drop`, after this field is set back to `None`, and that
    /// drop runs among the thread's exit destructors, never during a call
    /// into this crate on this thread. So a `&Table` derived from it stays
    /// valid for the whole of such a call, re-entrant calls included.
    table: Cell<Option<NonNull<Table>>>,
    /// The same table while the cache is bypassed (see [`Bypass`]): then
    /// `table` is `None`, so that the hit path's one check (is there a
    /// table?) sends every lookup straight to the shared table, and this
    /// field keeps it for when the bypass ends. Freed and cleared like
    /// `table` (the same invariant holds of it).
    parked: Cell<Option<NonNull<Table>>>,
    hits: Cell<u64>,
    /// Probes that found nothing (the lookups answered during a bypass are
    /// counted by [`Bypass::skipped`] instead).
    misses: Cell<u64>,
    inserts: Cell<u64>,
    evictions: Cell<u64>,
    rejections: Cell<u64>,
    /// Admissions the doorkeeper let through (counted out of line, by
    /// [`put_admitted`](Self::put_admitted)).
    admissions: Cell<u64>,
    /// The scan detector.
    bypass: Bypass,
    /// The admission doorkeeper of [`admit`] (TinyLFU's): one bit per
    /// recently refused key.
    door: Doorkeeper,
}

/// Probe misses between two reviews of the hit rate: half the cache's
/// capacity, so that only a stream of more distinct keys than the cache
/// could hold anyway is ever taken for a scan. A smaller working set used
/// again and again (three passes over a few hundred keys) fills the cache
/// on its second pass, as it did before the bypass existed.
const WINDOW_MISSES: u32 = (CAPACITY / 2) as u32;

/// A window of [`WINDOW_MISSES`] misses with fewer hits than this (a hit
/// rate under one in six) is a scan.
const SCAN_HITS: u64 = WINDOW_MISSES as u64 / 5;

/// Lookups the first bypass of a scan lasts; each further window that is
/// still a scan doubles it, up to [`BYPASS_MAX`].
const BYPASS_FIRST: u32 = 4 * WINDOW_MISSES;

/// The longest bypass: a long scan then pays the cache's probe on one
/// lookup in 33 (a window after each bypass). A working set that recurs
/// during a bypass ends it early (see [`Cache::admit`]).
const BYPASS_MAX: u32 = 32 * WINDOW_MISSES;

/// The scan detector: when the thread's lookups keep missing (a first pass
/// or a second pass over a large module, where the cache holds nothing the
/// next lookup wants), probing the cache and admitting into it only cost:
/// a cache line of a random set read, and another written by the
/// admission, on every lookup, for no hit. Every [`WINDOW_MISSES`] probe
/// misses the hit rate since the last review is read; a window with fewer
/// than [`SCAN_HITS`] hits parks the table for a while (lookups miss
/// without a probe, and only one admission in [`ADMIT_SAMPLE`] goes on, so
/// that a working set that recurs meanwhile is still learned, and ends the
/// bypass when it finds its key already cached), and the parked stretches
/// double while the scan goes on. A window with hits ends the doubling.
///
/// All of it lives on the miss path: the hit path is unchanged (it checks
/// for a table, as it always did), because parking the table is what sends
/// lookups around the cache.
struct Bypass {
    /// `hits` at the last review.
    window_hits: Cell<u64>,
    /// Probe misses since the last review.
    window_misses: Cell<u32>,
    /// Lookups left before the parked table comes back.
    left: Cell<u32>,
    /// The length of the last bypass (0: the last window was not a scan).
    len: Cell<u32>,
    /// The lengths of every bypass begun, added up: the lookups answered
    /// without a probe are this less `left` (derived in
    /// [`skipped`](Self::skipped), so that a skipped lookup counts nothing).
    total: Cell<u64>,
    /// Bypasses begun, in all.
    started: Cell<u64>,
    /// Whether scans are detected at all ([`set_scan_bypass`]).
    enabled: Cell<bool>,
    /// Admissions turned away since the last one let through during a
    /// bypass (see [`sample`](Self::sample)).
    admit_count: Cell<u32>,
}

/// During a bypass one admission in this many goes on to the parked table.
/// Not a power of two, so that a working set of a power-of-two size, walked
/// round and round, has a different part of it admitted on each round.
const ADMIT_SAMPLE: u32 = 7;

impl Bypass {
    /// Lookups answered without a probe since the counters were last reset.
    fn skipped(&self) -> u64 {
        self.total.get() - u64::from(self.left.get())
    }

    /// Whether this admission during a bypass goes on (one in
    /// [`ADMIT_SAMPLE`]).
    #[inline]
    fn sample(&self) -> bool {
        let n = self.admit_count.get() + 1;
        let go = n >= ADMIT_SAMPLE;
        self.admit_count.set(if go { 0 } else { n });
        go
    }

    const fn new() -> Self {
        Bypass {
            window_hits: Cell::new(0),
            window_misses: Cell::new(0),
            left: Cell::new(0),
            len: Cell::new(0),
            total: Cell::new(0),
            started: Cell::new(0),
            enabled: Cell::new(true),
            admit_count: Cell::new(0),
        }
    }
}

impl Cache {
    const fn new() -> Self {
        Cache {
            table: Cell::new(None),
            parked: Cell::new(None),
            hits: Cell::new(0),
            misses: Cell::new(0),
            inserts: Cell::new(0),
            evictions: Cell::new(0),
            rejections: Cell::new(0),
            admissions: Cell::new(0),
            bypass: Bypass::new(),
            door: Doorkeeper::new(),
        }
    }

    #[inline(always)]
    fn table(&self) -> Option<&Table> {
        // SAFETY: the invariant on `table`: the table stays live for the
        // whole of the current call into this crate, which outlasts the
        // borrow returned here (every caller uses it within its call); the
        // table is only ever reached through `&Table`.
        self.table.get().map(|t| unsafe { t.as_ref() })
    }

    /// The table, parked or not (for the paths that must see every entry:
    /// explicit inserts, `clear`, statistics).
    #[inline]
    fn any_table(&self) -> Option<&Table> {
        // SAFETY: as in `table`: `parked` keeps the same invariant.
        self.table()
            .or_else(|| self.parked.get().map(|t| unsafe { t.as_ref() }))
    }

    /// The table, allocated on first use.
    #[inline]
    fn table_or_alloc(&self) -> Option<&Table> {
        self.any_table().or_else(|| self.alloc_table())
    }

    /// Allocates the table and arms [`Release`]. `None` once the thread's
    /// `Release` has run: a thread that is destroying its thread-locals
    /// caches nothing more.
    #[cold]
    fn alloc_table(&self) -> Option<&Table> {
        RELEASE
            .try_with(|release| {
                let table = Table::alloc();
                // The guard owns the table from here on.
                release.table.set(Some(table));
                self.table.set(Some(table));
            })
            .ok()?;
        self.table()
    }

    #[inline(always)]
    fn probe<T>(&self, key: Key, mut eq: impl FnMut(&T) -> bool) -> Lookup<T> {
        if let Some(table) = self.table() {
            // The caller borrows the owner of `key.generation`: `probe`'s
            // requirement.
            let found = table.probe(key, &mut eq);
            if !matches!(found, Lookup::Miss) {
                bump(&self.hits);
                return found;
            }
            bump(&self.misses);
            let window = self.bypass.window_misses.get() + 1;
            self.bypass.window_misses.set(window);
            if window == WINDOW_MISSES {
                self.review();
            }
        } else if self.parked.get().is_some() {
            self.skip();
        } else {
            bump(&self.misses);
        }
        if mutant(Mutant::TlsCachesMiss) {
            // The mutant: remember the miss as a negative entry.
            if let Some(table) = self.table_or_alloc() {
                table.put(key, core::ptr::null());
            }
        }
        Lookup::Miss
    }

    /// The review at the end of a window of [`WINDOW_MISSES`] probe misses:
    /// parks the table if the window was a scan (see [`Bypass`]).
    #[cold]
    #[inline(never)]
    fn review(&self) {
        let b = &self.bypass;
        let hits = self.hits.get().wrapping_sub(b.window_hits.get());
        b.window_hits.set(self.hits.get());
        b.window_misses.set(0);
        if hits >= SCAN_HITS || !b.enabled.get() {
            b.len.set(0);
            return;
        }
        let len = match b.len.get() {
            0 => BYPASS_FIRST,
            n => n.saturating_mul(2).min(BYPASS_MAX),
        };
        b.len.set(len);
        b.left.set(len);
        b.total.set(b.total.get() + u64::from(len));
        b.started.set(b.started.get() + 1);
        self.parked.set(self.table.take());
    }

    /// Ends a bypass before its time: the working set recurs.
    #[cold]
    fn unpark(&self) {
        let b = &self.bypass;
        // The lookups not skipped after all leave the total.
        b.total.set(b.skipped());
        b.left.set(0);
        self.table.set(self.parked.take());
    }

    /// A lookup during a bypass: no probe; the table comes back after the
    /// last lookup of the bypass.
    #[inline(always)]
    fn skip(&self) {
        let b = &self.bypass;
        let left = b.left.get() - 1;
        b.left.set(left);
        if left == 0 {
            self.table.set(self.parked.take());
        }
    }

    /// Stores `key -> ptr` (allocating the table on first use). Out of line:
    /// storing is the rare path of [`admit`](Self::admit) and of a miss.
    /// `None` if nothing could be stored (the thread's cache is being
    /// destroyed).
    #[inline(never)]
    fn put(&self, key: Key, ptr: *const ()) -> Option<Put> {
        self.store(key, ptr)
    }

    /// [`put`](Self::put) for an admission the doorkeeper let through, which
    /// it counts: out of line too, so that counting adds nothing to the
    /// inline part of [`admit`](Self::admit).
    #[inline(never)]
    fn put_admitted(&self, key: Key, ptr: *const ()) -> Option<Put> {
        let put = self.store(key, ptr)?;
        bump(&self.admissions);
        Some(put)
    }

    /// The body of [`put`](Self::put) and [`put_admitted`](Self::put_admitted).
    #[inline(always)]
    fn store(&self, key: Key, ptr: *const ()) -> Option<Put> {
        let table = self.table_or_alloc()?;
        let put = table.put(key, ptr);
        self.count(put);
        Some(put)
    }

    /// [`put`](Self::put) behind the doorkeeper: a key whose set is full of
    /// this owner's entries is stored only if the doorkeeper saw it refused
    /// before (see [`admit`]); a key already cached in such a set is
    /// refused too (nothing would change).
    ///
    /// The refusal is inline and the store out of line: during a scan of
    /// second uses (a second pass over a large module) nearly every call is
    /// a refusal, which then costs the set's tail load and one doorkeeper
    /// bit, with no call.
    ///
    /// The key is built by `key` only once the admission goes on: during a
    /// bypass most admissions are turned away, and building it first (its
    /// owner and kind loaded, stored for the out-of-line `put`) was a large
    /// share of their cost (docs/notes/cold-path-steps.md, step 7).
    #[inline(always)]
    fn admit(&self, key: impl FnOnce() -> Key, ptr: *const ()) {
        let (table, parked) = match self.table() {
            Some(table) => (table, false),
            // No table allocated yet: this admission allocates it.
            None if self.parked.get().is_none() => {
                self.put_admitted(key(), ptr);
                return;
            }
            // The table is parked during a scan: one admission in
            // `ADMIT_SAMPLE` goes on to the parked table, so that a working
            // set that recurs while the cache is bypassed is still learned.
            None => match self.bypass.sample().then(|| self.any_table()).flatten() {
                Some(table) => (table, true),
                None => return,
            },
        };
        let key = key();
        if table.full_of_owner(key) && !self.door.seen_before(key) {
            bump(&self.rejections);
            return;
        }
        // A sampled key that is already there was admitted before during
        // this scan and came back: a working set recurs, so the bypass ends
        // now rather than after its last lookup.
        if self.put_admitted(key, ptr) == Some(Put::Present) && parked {
            self.unpark();
        }
    }

    fn count(&self, put: Put) {
        match put {
            Put::Present => {}
            Put::Filled => bump(&self.inserts),
            Put::Evicted => {
                bump(&self.inserts);
                bump(&self.evictions);
            }
        }
    }
}

/// The number of 64-bit words of the doorkeeper: 8192 bits, 1 KiB (64 bits
/// under loom).
#[cfg(not(strata_loom))]
const DOOR_WORDS: usize = 128;
#[cfg(strata_loom)]
const DOOR_WORDS: usize = 1;

/// The doorkeeper is emptied once this many bits are set (an eighth of its
/// bits), so that a false "seen before" stays below one chance in eight and
/// the memory of a refused key lasts for the next thousand refusals.
const DOOR_RESET: u32 = (DOOR_WORDS as u32 * 64) / 8;

/// TinyLFU's doorkeeper: a one-hash Bloom filter of the keys [`admit`]
/// refused lately. A key is admitted over a resident entry only on its
/// second refusal-worthy arrival, so a scan over keys used twice each (a
/// second pass over a large module) never evicts anything, while a key
/// that keeps coming back gets in on its next use.
struct Doorkeeper {
    bits: [Cell<u64>; DOOR_WORDS],
    /// Bits set since the last reset.
    set: Cell<u32>,
    /// Resets, in all (statistics: bumped only by the cold `reset`).
    resets: Cell<u64>,
}

impl Doorkeeper {
    const fn new() -> Self {
        Doorkeeper {
            bits: [const { Cell::new(0) }; DOOR_WORDS],
            set: Cell::new(0),
            resets: Cell::new(0),
        }
    }

    /// The word and the mask of `key`'s bit.
    #[inline(always)]
    fn bit(&self, key: Key) -> (&Cell<u64>, u64) {
        // A multiplier other than the set index's, so that keys of one set
        // spread over the filter.
        let bit = ((key.hash ^ u64::from(key.kind)).wrapping_mul(0xD6E8_FEB8_6659_FD93)
            >> (64 - (DOOR_WORDS * 64).trailing_zeros())) as usize;
        (&self.bits[bit / 64], 1u64 << (bit % 64))
    }

    /// Whether `key`'s bit is set, recording nothing (the debug view of
    /// [`doorkeeper_holds`]).
    fn holds(&self, key: Key) -> bool {
        let (word, mask) = self.bit(key);
        word.get() & mask != 0
    }

    /// Whether `key` was recorded since the last reset; records it if not
    /// (emptying the filter first when it is full enough).
    #[inline]
    fn seen_before(&self, key: Key) -> bool {
        let (word, mask) = self.bit(key);
        if word.get() & mask != 0 {
            return true;
        }
        if self.set.get() >= DOOR_RESET {
            self.reset();
        }
        word.set(word.get() | mask);
        self.set.set(self.set.get() + 1);
        false
    }

    /// Empties the filter (once every [`DOOR_RESET`] refusals, so out of
    /// the inline refusal path).
    #[cold]
    #[inline(never)]
    fn reset(&self) {
        for w in &self.bits {
            w.set(0);
        }
        self.set.set(0);
        bump(&self.resets);
    }
}

/// The owner of a thread's table, in its own thread-local so that the hot
/// [`Cache`] needs no drop glue. Armed by the first insert; dropped with the
/// thread's other thread-locals at thread exit.
struct Release {
    /// The table this thread allocated (the same pointer `Cache::table`
    /// holds), or `None` before the first insert.
    table: Cell<Option<NonNull<Table>>>,
}

impl Release {
    const fn new() -> Self {
        Release {
            table: Cell::new(None),
        }
    }
}

impl Drop for Release {
    /// Runs at thread exit: frees this thread's table and touches nothing
    /// else. The entries are raw pointers, so no storage is dropped, and no
    /// shared state is read or written.
    fn drop(&mut self) {
        // FIXME(loom): when a model fails, loom drops the model's
        // thread-locals while the panic unwinds, outside the model, where
        // touching any loom primitive (`CACHE`, the table's tracked block) panics
        // again and aborts the process before `should_panic` can see the
        // failure. The table is leaked then; the test is failing anyway.
        #[cfg(strata_loom)]
        if std::thread::panicking() {
            return;
        }
        let Some(table) = self.table.take() else {
            return;
        };
        // Unpublish first, so that a later exit destructor that looks
        // something up finds no table instead of a freed one. (Under loom,
        // whose thread-locals are all taken before any is dropped, `CACHE`
        // is already unreachable and `try_with` fails: nothing can reach the
        // table either way.)
        let _ = CACHE.try_with(|cache| {
            cache.table.set(None);
            cache.parked.set(None);
        });
        // SAFETY: (1) made by `Table::alloc` (in `Cache::table_or_alloc`) and
        // freed only here, once (`take` left `None` behind); (2) the
        // invariant on `Cache::table`: no call into this crate is running on
        // this thread (thread-local destructors run one at a time, outside
        // any such call), so no `&Table` is live, and `CACHE` no longer
        // points to it.
        unsafe { Table::free(table) };
    }
}

/// A statistics counter: a plain load and store of thread-local memory.
#[inline(always)]
fn bump(counter: &Cell<u64>) {
    counter.set(counter.get().wrapping_add(1));
}

#[cfg(not(strata_loom))]
strata_sync::thread_local! {
    // `const`-initialised and without drop glue: std keeps no
    // initialisation or destruction state for it, so an access is a bare
    // `%fs`-relative address.
    static CACHE: Cache = const { Cache::new() };
    // Has drop glue; touched only when the table is allocated.
    static RELEASE: Release = const { Release::new() };
}

#[cfg(strata_loom)]
strata_sync::thread_local! {
    // Loom's macro takes no `const { }` block.
    static CACHE: Cache = Cache::new();
    static RELEASE: Release = Release::new();
}

/// The calling thread's cache; `None` only under loom, once the thread's
/// thread-locals are being destroyed (std never destroys a thread-local
/// without drop glue, so there the `None` arm folds away).
///
/// Only the address is taken inside `try_with`, and the callers work on it
/// outside: that keeps the one closure std must inline trivially small. With
/// the probe inside a closure (of `try_with`, or of a `with`-style helper),
/// LLVM left the closure out of line in the benchmark: a call, a spill of
/// the captured key and a reload on every hit, which cost more than the
/// probe itself.
#[inline(always)]
fn current() -> Option<NonNull<Cache>> {
    CACHE.try_with(|c| NonNull::from(c)).ok()
}

/// Runs `f` on the calling thread's cache (see [`current`]); for the paths
/// off the hit path.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> Option<R> {
    let cache = current()?;
    // SAFETY: `cache` points to this thread's `Cache`, which lives as long
    // as the thread (std never destroys it; loom drops it at the thread's
    // end, which cannot come during this call on this thread). It is only
    // ever reached through `&Cache`.
    Some(f(unsafe { cache.as_ref() }))
}

#[inline(always)]
fn key(owner: &Owner, kind: u32, hash: u64) -> Key {
    Key {
        generation: owner.generation(),
        kind,
        hash,
    }
}

/// The probe behind [`lookup`], with the cache's full answer.
#[inline(always)]
fn probe<T>(owner: &Owner, kind: u32, hash: u64, eq: impl FnMut(&T) -> bool) -> Lookup<T> {
    let Some(cache) = current() else {
        return Lookup::Miss;
    };
    // SAFETY: as in `with_cache`: this thread's `Cache` outlives this call.
    let cache = unsafe { cache.as_ref() };
    cache.probe(key(owner, kind, hash), eq)
}

/// Looks up the storage cached for `(owner, kind, hash)` in the calling
/// thread's cache.
///
/// `eq` is called only on an entry whose owner, kind and hash all match,
/// and it decides: the first entry it accepts is returned (and promoted one
/// step). `None` means "not cached here" and never "does not exist": the
/// cache holds positive entries only, so a miss must go to the shared table.
///
/// The hit path takes no lock and makes no atomic read-modify-write: one
/// thread-local access, one multiply to pick the set, the entry's loads and
/// compares, `eq`, and a plain counter increment.
///
/// `eq` may re-enter the cache (look up, insert, clear); if it panics the
/// cache stays consistent (nothing is half-updated while it runs).
///
/// When the thread's lookups keep missing (fewer than 204 hits while the
/// probes miss 1024 times, half the cache's capacity: a scan of more
/// distinct keys than the cache holds), the cache steps aside for a while:
/// lookups answer `None` without a probe and [`admit`] lets one call in
/// seven through, for 4096 lookups, doubling while the scan goes on, up to
/// 32768, or until a sampled admission finds its key already there (the
/// working set recurs). A working set smaller than half the cache is never
/// taken for a scan. A `None` is always a correct answer for a
/// positive-only cache, so this changes speed only; [`CacheStats`] counts
/// these lookups as `bypassed`.
///
/// The returned pointer is valid for as long as the inserter promised (the
/// `# Safety` contract of [`insert`]: at least while `owner` lives).
#[inline]
#[must_use]
pub fn lookup<T>(
    owner: &Owner,
    kind: u32,
    hash: u64,
    eq: impl FnMut(&T) -> bool,
) -> Option<NonNull<T>> {
    match probe(owner, kind, hash, eq) {
        Lookup::Hit(ptr) => Some(ptr),
        Lookup::Miss | Lookup::KnownAbsent => None,
    }
}

/// Caches `ptr` as the storage of `(owner, kind, hash)` in the calling
/// thread's cache.
///
/// The entry goes into a free way of its set, or over the least recently
/// promoted entry when the set is full. The first insert on a thread
/// allocates the thread's table ([`TABLE_BYTES`]); it is freed when the
/// thread exits. There is no way to record a miss: `ptr` is non-null.
///
/// # Safety
///
/// 1. `ptr` points to an initialised `T` that stays valid, and is never
///    mutated (no `&mut`, no interior mutability), for as long as `owner`
///    lives: `lookup` hands `&T` to its `eq` and returns `ptr` to any caller
///    that borrows `owner`, on this thread.
/// 2. Every `insert` and every [`lookup`] made with `owner` and `kind` names
///    this same `T` (the cache stores the pointer type-erased and casts it
///    back to the caller's `T`). Keep the `Owner` private to the structure
///    that upholds this, as a context does with its kinds.
#[inline]
pub unsafe fn insert<T>(owner: &Owner, kind: u32, hash: u64, ptr: NonNull<T>) {
    let key = key(owner, kind, hash);
    with_cache(|cache| cache.put(key, ptr.as_ptr().cast_const().cast()));
}

/// Caches `ptr` as the storage of `(owner, kind, hash)` as [`insert`] does,
/// except when the key's set is full of `owner`'s entries: then the tail
/// entry is evicted only if this thread's doorkeeper (TinyLFU's, a small
/// Bloom filter) recorded the key as refused before; otherwise the key is
/// recorded and nothing is stored.
///
/// This is the admission of a facade that caches a storage on its second
/// use: a scan over keys each used twice then never evicts a hot entry (each
/// key would be cached only to be evicted unused), while a key used a third
/// time gets in. A tail entry of another owner is evicted without asking,
/// so entries of dropped owners never pin a set, and an admission into a
/// set with a free way, or over another owner's tail, records nothing.
///
/// The doorkeeper is one bit per key in 8192 and holds at most 1024 keys:
/// the refusal that would record a 1025th empties it first (and is then its
/// only key), so that a false "refused before" stays below one chance in
/// eight. [`CacheStats`] counts the refusals (`rejections`), the admissions
/// let through (`admissions`), the keys held (`door_keys`) and the resets
/// (`door_resets`).
///
/// # Safety
///
/// As for [`insert`]:
///
/// 1. `ptr` points to an initialised `T` that stays valid, and is never
///    mutated, for as long as `owner` lives.
/// 2. Every `admit`, [`insert`] and [`lookup`] made with `owner` and `kind`
///    names this same `T`.
#[inline]
pub unsafe fn admit<T>(owner: &Owner, kind: u32, hash: u64, ptr: NonNull<T>) {
    with_cache(|cache| cache.admit(|| key(owner, kind, hash), ptr.as_ptr().cast_const().cast()));
}

/// Whether the calling thread's doorkeeper (see [`admit`]) holds the bit of
/// `(owner, kind, hash)`: the key was refused since the last reset, or
/// another key with the same bit was. A debug view for tests: it records
/// nothing and changes nothing.
#[doc(hidden)]
pub fn doorkeeper_holds(owner: &Owner, kind: u32, hash: u64) -> bool {
    with_cache(|cache| cache.door.holds(key(owner, kind, hash))).unwrap_or(false)
}

/// Turns the scan bypass (see [`lookup`]) on or off for the calling
/// thread; it is on by default. Off, every lookup probes and every
/// admission may store, as before the bypass existed: for the A/B
/// benchmarks, and for tests about what the cache holds after a run of
/// misses.
/// Turning it off ends a bypass under way.
#[doc(hidden)]
pub fn set_scan_bypass(enabled: bool) {
    with_cache(|cache| {
        let b = &cache.bypass;
        b.enabled.set(enabled);
        if !enabled && cache.parked.get().is_some() {
            cache.unpark();
        }
    });
}

/// Empties the calling thread's cache. The table stays allocated; the
/// statistics counters are kept (see [`reset_stats`]).
pub fn clear() {
    with_cache(|cache| cache.any_table().map(Table::clear));
}

/// The calling thread's cache statistics.
pub fn stats() -> CacheStats {
    with_cache(|cache| {
        let table = cache.any_table();
        CacheStats {
            hits: cache.hits.get(),
            misses: cache.misses.get() + cache.bypass.skipped(),
            inserts: cache.inserts.get(),
            evictions: cache.evictions.get(),
            rejections: cache.rejections.get(),
            admissions: cache.admissions.get(),
            door_keys: cache.door.set.get() as usize,
            door_resets: cache.door.resets.get(),
            bypassed: cache.bypass.skipped(),
            bypasses: cache.bypass.started.get(),
            len: table.map_or(0, Table::len),
            bytes: if table.is_some() { TABLE_BYTES } else { 0 },
        }
    })
    .unwrap_or_default()
}

/// Sets the calling thread's hit, miss, insert, eviction, rejection,
/// admission, bypass and doorkeeper-reset counters to 0. What the cache
/// holds is kept: its entries (`len`) and the doorkeeper's keys
/// (`door_keys`).
pub fn reset_stats() {
    with_cache(|cache| {
        for c in [
            &cache.hits,
            &cache.misses,
            &cache.inserts,
            &cache.evictions,
            &cache.rejections,
            &cache.admissions,
            &cache.door.resets,
            &cache.bypass.started,
            &cache.bypass.window_hits,
        ] {
            c.set(0);
        }
        cache.bypass.window_misses.set(0);
        // What is left of a bypass under way is not skipped yet.
        let b = &cache.bypass;
        b.total.set(u64::from(b.left.get()));
    });
}

/// Hooks for the loom models (`--cfg strata_loom` only): the cache's full
/// answer, including the `KnownAbsent` that only the `TlsCachesMiss` mutant
/// produces.
#[cfg(strata_loom)]
#[doc(hidden)]
pub mod model {
    /// What the cache knows about a key.
    #[derive(Debug)]
    pub enum Answer<T> {
        /// A cached storage.
        Hit(core::ptr::NonNull<T>),
        /// Not cached: ask the shared table.
        Miss,
        /// "Known not to exist": a negative entry, which only the mutant
        /// records.
        KnownAbsent,
    }

    /// [`lookup`](crate::lookup) with the cache's full answer.
    pub fn probe<T>(
        owner: &crate::Owner,
        kind: u32,
        hash: u64,
        eq: impl FnMut(&T) -> bool,
    ) -> Answer<T> {
        match crate::probe(owner, kind, hash, eq) {
            crate::Lookup::Hit(p) => Answer::Hit(p),
            crate::Lookup::Miss => Answer::Miss,
            crate::Lookup::KnownAbsent => Answer::KnownAbsent,
        }
    }
}
