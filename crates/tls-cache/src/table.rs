//! The per-thread table: a fixed array of 4-way sets of cache entries, with
//! the probe, the one-swap promotion, the insertion behind the front way and
//! the tail eviction.
//!
//! Nothing here is shared between threads. Every field is a `Cell`, so the
//! table is `!Sync` (and the `NonNull` that owns it makes the cache `!Send`);
//! a user closure that re-enters the cache while a probe is running (an `eq`
//! that interns, or clears the cache) only ever meets other `&Cell`s, never a
//! live `&mut`.

use core::cell::Cell;
use core::ptr::{self, NonNull};

// The table comes from the shim's allocator, which loom tracks: a model in
// which a table is never freed fails with "Allocation leaked.", and a free
// not ordered after an access fails too.
use strata_sync::alloc::{Layout, alloc, dealloc, handle_alloc_error};

use strata_sync::{Mutant, mutant};

/// Ways per set: a key can live in any of the 4 entries of its set.
pub(crate) const WAYS: usize = 4;

/// The way a new entry is inserted at (behind the front way, which an entry
/// earns with a hit; see [`Table::put`]).
pub(crate) const INSERT_WAY: usize = 1;

/// log2 of the number of sets: 512 sets normally (256 left a few keys of a
/// 256-key hot set in overflowing sets: see the history in `lib.rs`), 2
/// under loom (tiny capacities keep the models small; the table holds no
/// loom-visible state).
#[cfg(not(strata_loom))]
const SET_BITS: u32 = 9;
#[cfg(strata_loom)]
const SET_BITS: u32 = 1;

/// Number of sets.
pub(crate) const SETS: usize = 1 << SET_BITS;

/// The alignment of a set, and so of the table: one 4-way set is exactly
/// 128 bytes, the pair of cache lines the adjacent-line prefetcher fetches
/// together, so a probe never straddles two pairs.
pub(crate) const SET_ALIGN: usize = 128;

/// The key of an entry: which owner, which kind, which hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    /// The owner's generation; never 0 (0 marks an empty entry).
    pub(crate) generation: u64,
    /// The kind's dense index.
    pub(crate) kind: u32,
    /// The caller's 64-bit hash of the key.
    pub(crate) hash: u64,
}

/// What the table knows about a key.
#[derive(Debug)]
pub(crate) enum Lookup<T> {
    /// The key is cached; the pointer is the storage `eq` accepted.
    Hit(NonNull<T>),
    /// The table does not know the key: the caller asks the shared table.
    Miss,
    /// A negative entry matched: "this key does not exist". Only the
    /// `TlsCachesMiss` mutant records such entries (invariant 1 forbids them);
    /// the variant exists so the negative model test can express the bug.
    KnownAbsent,
}

/// What [`Table::put`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Put {
    /// The same key and storage were cached already; nothing changed.
    Present,
    /// The entry went into a free way.
    Filled,
    /// The set was full: the tail way's entry was overwritten.
    Evicted,
}

/// One cached association of (owner, kind, hash) with a storage pointer.
///
/// 32 bytes, so a 4-way set is 128. Each field is its own `Cell` so that a
/// probe loads exactly the fields it compares, in the order it compares them.
#[repr(C)]
struct Entry {
    /// The caller's 64-bit hash of the key; compared first because it is by
    /// far the most selective field.
    hash: Cell<u64>,
    /// The owner's generation, or 0 when the entry is empty. No owner has
    /// generation 0, so a generation match also says "occupied".
    generation: Cell<u64>,
    /// The storage. Invariant: non-null in every occupied entry (`insert`
    /// takes a `NonNull`), except that the `TlsCachesMiss` mutant stores null
    /// to record a miss. It points to an immutable `T` that stays valid while
    /// the owner whose generation the entry holds is alive, and every entry
    /// of one (owner, kind) holds the same `T` (the `# Safety` contract of
    /// `crate::insert`).
    ptr: Cell<*const ()>,
    /// The kind's dense index.
    kind: Cell<u32>,
}

impl Entry {
    /// Whether the entry holds `key` (any storage).
    #[inline(always)]
    fn holds(&self, key: Key) -> bool {
        self.hash.get() == key.hash
            && self.generation.get() == key.generation
            && self.kind.get() == key.kind
    }

    #[inline]
    fn write(&self, key: Key, ptr: *const ()) {
        self.hash.set(key.hash);
        self.generation.set(key.generation);
        self.kind.set(key.kind);
        self.ptr.set(ptr);
    }

    #[inline]
    fn empty(&self) {
        self.write(
            Key {
                generation: 0,
                kind: 0,
                hash: 0,
            },
            ptr::null(),
        );
    }

    #[inline]
    fn copy_from(&self, other: &Entry) {
        self.hash.set(other.hash.get());
        self.generation.set(other.generation.get());
        self.kind.set(other.kind.get());
        self.ptr.set(other.ptr.get());
    }

    #[inline]
    fn swap(&self, other: &Entry) {
        self.hash.swap(&other.hash);
        self.generation.swap(&other.generation);
        self.kind.swap(&other.kind);
        self.ptr.swap(&other.ptr);
    }
}

/// A set: the ways a key may occupy, most recently promoted first.
///
/// Invariant: the occupied ways form a prefix (ways fill from the front and
/// are only emptied all at once by [`Table::clear`]).
#[repr(C, align(128))]
struct Set([Entry; WAYS]);

const _: () = assert!(core::mem::size_of::<Entry>() * WAYS == SET_ALIGN);
const _: () = assert!(core::mem::align_of::<Set>() == SET_ALIGN);

/// The table of one thread. All-zero bytes are a valid, empty table.
pub(crate) struct Table {
    sets: [Set; SETS],
}

/// The heap bytes one thread's table occupies.
pub(crate) const TABLE_BYTES: usize = core::mem::size_of::<Table>();

/// The set a key lives in: Fibonacci hashing of the hash mixed with the
/// kind (one multiply; the top bits of the product depend on every bit of
/// the input, so hashes whose entropy sits in the high or the low bits both
/// spread).
#[inline(always)]
pub(crate) fn set_index(kind: u32, hash: u64) -> usize {
    ((hash ^ u64::from(kind)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SET_BITS)) as usize
}

impl Table {
    /// Allocates an empty table. Free it with [`Table::free`].
    pub(crate) fn alloc() -> NonNull<Table> {
        let layout = Layout::new::<Table>();
        // SAFETY: (1) `Table` is not zero-sized (checked by the const
        // assertions on `Set`), which is `alloc`'s one requirement.
        let raw = unsafe { alloc(layout) };
        let Some(table) = NonNull::new(raw.cast::<Table>()) else {
            handle_alloc_error(layout)
        };
        // SAFETY: the block was just allocated with `Table`'s layout, so it
        // is valid for `layout.size()` bytes of writes; all-zero bytes are a
        // valid `Table` (every field is a `Cell` of an integer or a raw
        // pointer) in which every entry is empty (generation 0).
        unsafe { raw.write_bytes(0, layout.size()) };
        table
    }

    /// Frees a table made by [`Table::alloc`].
    ///
    /// # Safety
    ///
    /// 1. `table` was returned by [`Table::alloc`] and is not freed yet.
    /// 2. Nothing uses it afterwards (no `&Table` derived from it is live).
    pub(crate) unsafe fn free(table: NonNull<Table>) {
        // SAFETY: by (1) the block was allocated by `alloc` with exactly this
        // layout and is freed once; by (2) nobody reads it afterwards. The
        // entries own nothing (raw pointers), so there is nothing to drop.
        unsafe { dealloc(table.as_ptr().cast(), Layout::new::<Table>()) };
    }

    #[inline(always)]
    fn set(&self, key: Key) -> &Set {
        // `set_index` is below `SETS` by construction (a shift leaves
        // `SET_BITS` bits), so the bounds check folds away.
        &self.sets[set_index(key.kind, key.hash)]
    }

    /// Looks `key` up; on a hit at way `w > 0`, swaps the entry with way
    /// `w - 1` (one step of approximate-LRU promotion).
    ///
    /// `eq` runs only on an entry whose generation, kind and hash all match,
    /// and it may re-enter the cache (intern, insert, clear): no reference
    /// into the table is held across the call, only `&Cell`s, and the
    /// promotion after it is a plain swap of two entries of one set, which
    /// is harmless whatever `eq` did to the set meanwhile.
    ///
    /// The caller promises that `key.generation` is the generation of an
    /// owner it borrows (so the owner is alive and, by the `# Safety`
    /// contract of `crate::insert`, every pointer stored under it is a valid
    /// `T`).
    #[inline(always)]
    pub(crate) fn probe<T>(&self, key: Key, eq: &mut impl FnMut(&T) -> bool) -> Lookup<T> {
        let set = self.set(key);
        for way in 0..WAYS {
            let entry = &set.0[way];
            if !entry.holds(key) {
                continue;
            }
            let raw = entry.ptr.get();
            if mutant(Mutant::TlsCachesMiss) && raw.is_null() {
                return Lookup::KnownAbsent;
            }
            // SAFETY: the entry holds `key`, whose generation is non-zero, so
            // it is occupied, and an occupied entry's pointer is non-null
            // (the invariant on `Entry::ptr`; the one exception, the
            // `TlsCachesMiss` mutant's null, returned just above).
            let ptr = unsafe { NonNull::new_unchecked(raw.cast_mut()) }.cast::<T>();
            // SAFETY: the invariant on `Entry::ptr`: the entry's owner is the
            // one the caller borrows, so it is alive and the pointer is a
            // valid, immutable `T` (one `T` per owner and kind). The borrow
            // handed to `eq` cannot outlive the call (`eq` is generic over
            // the reference's lifetime).
            if eq(unsafe { ptr.as_ref() }) {
                if way > 0 {
                    set.0[way].swap(&set.0[way - 1]);
                }
                return Lookup::Hit(ptr);
            }
        }
        Lookup::Miss
    }

    /// Caches `key -> ptr` at way [`INSERT_WAY`] of its set (way 0 in an
    /// empty set), moving the entries behind it one way back; when the set is
    /// full, the tail way's entry falls off.
    ///
    /// The front way is kept for an entry that earned it with a hit, so a
    /// burst of one-off keys churns the ways behind it and leaves the hottest
    /// entry alone. Inserting behind the front rather than at the tail makes
    /// every new entry push the older ones back: an entry that stops being
    /// hit (a dropped context's, say) reaches the tail and falls off after at
    /// most `WAYS` inserts into its set, and a new entry survives the next
    /// insert into its set, long enough to earn its promotion. (Inserting at
    /// the tail instead, the first design, let dead entries pin the front ways
    /// for good: with three dropped contexts' entries in a set, every live key
    /// of that set fought over the tail way and the W1 hit rate fell (the
    /// figures are in `docs/notes/layer-design-measurements.md`, section
    /// "strata-tls: the design alternatives").)
    pub(crate) fn put(&self, key: Key, ptr: *const ()) -> Put {
        Self::put_in(self.set(key), key, ptr)
    }

    /// Whether `key`'s set is full and its tail entry belongs to `key`'s
    /// owner: the case in which the cache's admission ([`crate::admit`])
    /// asks its doorkeeper before evicting. A tail entry of another owner (a
    /// dropped context's, most often) is evicted without asking, so that
    /// dead entries never pin a set.
    ///
    /// One load: the occupied ways form a prefix, so an occupied tail means
    /// a full set (and generation 0 is no owner's). A refusal, the common
    /// answer during a scan of second uses, reads this one entry and nothing
    /// else of the set.
    #[inline(always)]
    pub(crate) fn full_of_owner(&self, key: Key) -> bool {
        self.set(key).0[WAYS - 1].generation.get() == key.generation
    }

    /// The body of [`put`](Self::put), on `key`'s set.
    #[inline(always)]
    fn put_in(set: &Set, key: Key, ptr: *const ()) -> Put {
        let mut len = WAYS;
        for (way, entry) in set.0.iter().enumerate() {
            if entry.generation.get() == 0 {
                len = way;
                break;
            }
            if entry.holds(key) && entry.ptr.get() == ptr {
                return Put::Present;
            }
        }
        let at = len.min(INSERT_WAY);
        // Move ways `at..` one back (the last falls off when the set is
        // full), from the back so that nothing is overwritten before it moves.
        let last = len.min(WAYS - 1);
        for way in (at..last).rev() {
            set.0[way + 1].copy_from(&set.0[way]);
        }
        set.0[at].write(key, ptr);
        if len == WAYS {
            Put::Evicted
        } else {
            Put::Filled
        }
    }

    /// Empties every entry (the allocation stays).
    pub(crate) fn clear(&self) {
        for set in &self.sets {
            for entry in &set.0 {
                entry.empty();
            }
        }
    }

    /// The number of occupied entries (a full scan: statistics only).
    pub(crate) fn len(&self) -> usize {
        self.sets
            .iter()
            .flat_map(|set| set.0.iter())
            .filter(|entry| entry.generation.get() != 0)
            .count()
    }

    /// The keys of `set`'s ways, front to back (`None` for a free way).
    #[cfg(all(test, not(strata_loom)))]
    fn ways(&self, set: usize) -> [Option<(Key, *const ())>; WAYS] {
        core::array::from_fn(|w| {
            let e = &self.sets[set].0[w];
            (e.generation.get() != 0).then(|| {
                let key = Key {
                    generation: e.generation.get(),
                    kind: e.kind.get(),
                    hash: e.hash.get(),
                };
                (key, e.ptr.get())
            })
        })
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;

    /// Frees the table when a test ends, also when it fails (the guard's
    /// job: no leak reports from a failing test under LeakSanitizer).
    struct Owned(NonNull<Table>);

    impl Owned {
        fn new() -> Self {
            Owned(Table::alloc())
        }
        fn get(&self) -> &Table {
            // SAFETY: allocated in `new`, freed only in `drop`.
            unsafe { self.0.as_ref() }
        }
    }

    impl Drop for Owned {
        fn drop(&mut self) {
            // SAFETY: allocated in `new` and freed only here (1); no `&Table`
            // outlives `self` (2).
            unsafe { Table::free(self.0) };
        }
    }

    /// `n` distinct hashes of kind `kind` that all map to set `set`.
    fn colliding(kind: u32, set: usize, n: usize) -> Vec<u64> {
        (1u64..)
            .map(|i| i.wrapping_mul(0xD6E8_FEB8_6659_FD93))
            .filter(|&h| set_index(kind, h) == set)
            .take(n)
            .collect()
    }

    fn key(generation: u64, kind: u32, hash: u64) -> Key {
        Key {
            generation,
            kind,
            hash,
        }
    }

    fn fake(i: usize) -> *const () {
        // Never dereferenced by these tests' `eq` closures.
        ptr::without_provenance::<()>(0x1000 + 8 * i)
    }

    fn hit(t: &Table, k: Key) -> Option<*const ()> {
        match t.probe::<u8>(k, &mut |_| true) {
            Lookup::Hit(p) => Some(p.as_ptr().cast_const().cast()),
            Lookup::Miss => None,
            Lookup::KnownAbsent => panic!("a negative entry outside the mutant"),
        }
    }

    fn order(t: &Table, set: usize) -> Vec<Option<u64>> {
        t.ways(set).iter().map(|w| w.map(|(k, _)| k.hash)).collect()
    }

    #[test]
    fn layout_is_one_aligned_128_byte_pair_per_set() {
        assert_eq!(core::mem::size_of::<Set>(), 128);
        assert_eq!(TABLE_BYTES, SETS * 128);
        assert_eq!(core::mem::align_of::<Table>(), SET_ALIGN);
    }

    #[test]
    fn set_index_stays_in_range_and_spreads() {
        let mut seen = vec![0u32; SETS];
        for i in 0..SETS as u64 * 64 {
            let s = set_index(3, i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i << 40));
            seen[s] += 1;
        }
        // 64 per set on average; a set index that ignored bits would leave
        // some sets empty.
        assert!(seen.iter().all(|&n| n > 16), "{seen:?}");
        // Hashes differing only in their top byte, or only in their bottom
        // byte, still land in many sets.
        let high: std::collections::HashSet<_> =
            (0..256u64).map(|b| set_index(0, b << 56)).collect();
        let low: std::collections::HashSet<_> = (0..256u64).map(|b| set_index(0, b)).collect();
        let most = SETS.min(256) * 3 / 4;
        assert!(
            high.len() >= most && low.len() >= most,
            "{} {}",
            high.len(),
            low.len()
        );
        // The kind takes part.
        let kinds: std::collections::HashSet<_> = (0..64u32).map(|k| set_index(k, 99)).collect();
        assert!(kinds.len() > 16);
    }

    #[test]
    fn inserts_behind_the_front_way_then_evicts_the_tail() {
        let t = Owned::new();
        let t = t.get();
        let hs = colliding(5, 7, 6);
        for (i, &h) in hs[..4].iter().enumerate() {
            assert_eq!(t.put(key(1, 5, h), fake(i)), Put::Filled);
        }
        // The first key takes the front way; each later one goes to way 1
        // and pushes the others back.
        assert_eq!(
            order(t, 7),
            vec![Some(hs[0]), Some(hs[3]), Some(hs[2]), Some(hs[1])]
        );
        // Full: the fifth key goes to way 1 and the tail (hs[1]) falls off.
        assert_eq!(t.put(key(1, 5, hs[4]), fake(4)), Put::Evicted);
        assert_eq!(
            order(t, 7),
            vec![Some(hs[0]), Some(hs[4]), Some(hs[3]), Some(hs[2])]
        );
        assert_eq!(hit(t, key(1, 5, hs[1])), None);
        // The same key and storage again changes nothing.
        assert_eq!(t.put(key(1, 5, hs[4]), fake(4)), Put::Present);
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn a_hit_promotes_one_step_and_protects_from_eviction() {
        let t = Owned::new();
        let t = t.get();
        let hs = colliding(1, 3, 6);
        for (i, &h) in hs[..4].iter().enumerate() {
            t.put(key(9, 1, h), fake(i));
        }
        assert_eq!(
            order(t, 3),
            vec![Some(hs[0]), Some(hs[3]), Some(hs[2]), Some(hs[1])]
        );
        // A hit at the tail moves it one step forward, not to the front.
        assert_eq!(hit(t, key(9, 1, hs[1])), Some(fake(1)));
        assert_eq!(
            order(t, 3),
            vec![Some(hs[0]), Some(hs[3]), Some(hs[1]), Some(hs[2])]
        );
        assert_eq!(hit(t, key(9, 1, hs[1])), Some(fake(1)));
        assert_eq!(hit(t, key(9, 1, hs[1])), Some(fake(1)));
        assert_eq!(
            order(t, 3),
            vec![Some(hs[1]), Some(hs[0]), Some(hs[3]), Some(hs[2])]
        );
        // A hit at the front changes nothing.
        assert_eq!(hit(t, key(9, 1, hs[1])), Some(fake(1)));
        assert_eq!(order(t, 3)[0], Some(hs[1]));
        // The next insert pushes the tail (hs[2], never hit since it was
        // pushed back) off, and the promoted key survives.
        assert_eq!(t.put(key(9, 1, hs[4]), fake(4)), Put::Evicted);
        assert_eq!(hit(t, key(9, 1, hs[2])), None);
        assert_eq!(hit(t, key(9, 1, hs[1])), Some(fake(1)));
    }

    #[test]
    fn generation_kind_and_hash_must_all_match_before_eq_runs() {
        let t = Owned::new();
        let t = t.get();
        t.put(key(4, 2, 77), fake(0));
        let mut calls = 0;
        for k in [key(5, 2, 77), key(4, 3, 77), key(4, 2, 78)] {
            let r = t.probe::<u8>(k, &mut |_| {
                calls += 1;
                true
            });
            assert!(matches!(r, Lookup::Miss));
        }
        assert_eq!(calls, 0, "eq ran on an entry of another key");
        // A matching entry that `eq` rejects (a hash collision) is a miss.
        let r = t.probe::<u8>(key(4, 2, 77), &mut |_| {
            calls += 1;
            false
        });
        assert!(matches!(r, Lookup::Miss));
        assert_eq!(calls, 1);
    }

    #[test]
    fn colliding_hashes_of_distinct_keys_coexist() {
        let t = Owned::new();
        let t = t.get();
        // Two storages under one (owner, kind, hash): eq tells them apart.
        assert_eq!(t.put(key(1, 0, 5), fake(1)), Put::Filled);
        assert_eq!(t.put(key(1, 0, 5), fake(2)), Put::Filled);
        let want = fake(2);
        let r = t.probe::<u8>(key(1, 0, 5), &mut |s: &u8| {
            ptr::from_ref(s).cast::<()>() == want
        });
        assert!(matches!(r, Lookup::Hit(p) if p.as_ptr().cast_const().cast() == want));
    }

    #[test]
    fn clear_empties_everything_and_keeps_the_table_usable() {
        let t = Owned::new();
        let t = t.get();
        // 16 keys per entry on average: every set fills (the chance that one
        // of them gets fewer than 4 is below 1e-20).
        for i in 0..16 * SETS * WAYS {
            t.put(
                key(1, 0, (i as u64).wrapping_mul(0x1234_5678_9ABC_DEF1)),
                fake(i),
            );
        }
        assert_eq!(t.len(), SETS * WAYS);
        t.clear();
        assert_eq!(t.len(), 0);
        assert_eq!(hit(t, key(1, 0, 0x1234_5678_9ABC_DEF1)), None);
        assert_eq!(t.put(key(1, 0, 42), fake(0)), Put::Filled);
        assert_eq!(hit(t, key(1, 0, 42)), Some(fake(0)));
    }

    /// Random operations on a few sets, compared with a straightforward
    /// model of the replacement policy (a `Vec` per set, front first).
    #[test]
    fn matches_a_reference_model_of_the_policy() {
        let t = Owned::new();
        let t = t.get();
        let sets = [0usize, SETS - 1];
        let pool: Vec<(u32, u64)> = sets
            .iter()
            .flat_map(|&s| {
                let kind = (s % 3) as u32;
                colliding(kind, s, 7).into_iter().map(move |h| (kind, h))
            })
            .collect();
        let mut model: Vec<Vec<(Key, *const ())>> = vec![Vec::new(); SETS];
        let mut state = 0x5EED_u64;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for step in 0..20_000 {
            let r = next();
            let (kind, hash) = pool[(r % pool.len() as u64) as usize];
            let k = key(1 + (r >> 32) % 3, kind, hash);
            let s = set_index(kind, hash);
            let m = &mut model[s];
            match (r >> 40) % 8 {
                0..=3 => {
                    let want = m.iter().position(|(mk, _)| *mk == k);
                    let got = hit(t, k);
                    match want {
                        Some(w) => {
                            assert_eq!(got, Some(m[w].1), "step {step}");
                            if w > 0 {
                                m.swap(w, w - 1);
                            }
                        }
                        None => assert_eq!(got, None, "step {step}"),
                    }
                }
                4..=6 => {
                    let p = fake((r >> 48) as usize % 3);
                    let expect = if m.contains(&(k, p)) {
                        Put::Present
                    } else {
                        m.insert(m.len().min(INSERT_WAY), (k, p));
                        if m.len() > WAYS {
                            m.pop();
                            Put::Evicted
                        } else {
                            Put::Filled
                        }
                    };
                    assert_eq!(t.put(k, p), expect, "step {step}");
                }
                _ => {
                    if r % 97 == 0 {
                        t.clear();
                        model.iter_mut().for_each(Vec::clear);
                    }
                }
            }
            let m = &model[s];
            let ways = t.ways(s);
            for (w, way) in ways.iter().enumerate() {
                assert_eq!(*way, m.get(w).copied(), "step {step}, way {w}");
            }
        }
    }
}
