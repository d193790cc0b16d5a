//! The public API of the thread cache: hits and misses, what `eq` sees, the
//! capacity bound, many owners coming and going, `clear`, the statistics,
//! panicking and re-entrant `eq` closures.
//!
//! Each test that asserts on the calling thread's cache runs its body on a
//! fresh thread, so that no other test (libtest may run several on one
//! thread) has touched that cache.

#![cfg(not(strata_loom))]

use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr::NonNull;

use strata_sync::{Arc, Mutex, thread};
use strata_tls::{
    CAPACITY, CacheStats, Owner, TABLE_BYTES, admit, clear, insert, lookup, reset_stats, stats,
};

/// A stand-in for an interned storage.
#[derive(Debug)]
struct Storage {
    key: u64,
}

/// Storages that outlive every owner of a test (the `# Safety` contract of
/// `insert`, clause 1).
struct Arena(Vec<Storage>);

impl Arena {
    fn new(n: u64) -> Self {
        Arena((0..n).map(|key| Storage { key }).collect())
    }
    fn ptr(&self, key: u64) -> NonNull<Storage> {
        NonNull::from(&self.0[key as usize])
    }
}

const KIND: u32 = 1;

fn hash(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5555
}

/// Caches `key`'s storage.
fn put(owner: &Owner, arena: &Arena, key: u64) {
    // SAFETY: (1) the arena outlives every owner in these tests and is never
    // mutated; (2) `KIND` always stores `Storage`.
    unsafe { insert(owner, KIND, hash(key), arena.ptr(key)) };
}

/// Caches `key`'s storage through the doorkeeper.
fn admit_key(owner: &Owner, arena: &Arena, key: u64) {
    // SAFETY: (1, 2) as in `put`: the arena outlives every owner and is
    // never mutated; `KIND` always stores `Storage`.
    unsafe { admit(owner, KIND, hash(key), arena.ptr(key)) };
}

fn get(owner: &Owner, key: u64) -> Option<NonNull<Storage>> {
    lookup(owner, KIND, hash(key), |s: &Storage| s.key == key)
}

/// Runs `f` on a thread whose cache nothing else has touched.
fn on_fresh_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    thread::spawn(f).join().unwrap()
}

#[test]
fn a_hit_needs_the_same_owner_kind_hash_and_key() {
    on_fresh_thread(|| {
        let arena = Arena::new(4);
        let (a, b) = (Owner::new(), Owner::new());
        assert_eq!(get(&a, 1), None);
        put(&a, &arena, 1);
        assert_eq!(get(&a, 1), Some(arena.ptr(1)));
        // Another owner, another kind, another hash, another key: all miss.
        assert_eq!(get(&b, 1), None);
        assert_eq!(
            lookup(&a, KIND + 1, hash(1), |s: &Storage| s.key == 1),
            None
        );
        assert_eq!(
            lookup(&a, KIND, hash(1) ^ 1, |s: &Storage| s.key == 1),
            None
        );
        assert_eq!(lookup(&a, KIND, hash(1), |s: &Storage| s.key == 2), None);
    });
}

#[test]
fn eq_runs_only_after_owner_kind_and_hash_match() {
    on_fresh_thread(|| {
        let arena = Arena::new(2);
        let (a, b) = (Owner::new(), Owner::new());
        put(&a, &arena, 1);
        let calls = core::cell::Cell::new(0);
        let count = |s: &Storage| {
            calls.set(calls.get() + 1);
            s.key == 1
        };
        assert_eq!(lookup(&b, KIND, hash(1), count), None);
        assert_eq!(lookup(&a, KIND + 7, hash(1), count), None);
        assert_eq!(lookup(&a, KIND, hash(1) + 1, count), None);
        assert_eq!(
            calls.get(),
            0,
            "eq ran on an entry whose owner, kind or hash differ"
        );
        assert_eq!(lookup(&a, KIND, hash(1), count), Some(arena.ptr(1)));
        assert_eq!(calls.get(), 1);
    });
}

#[test]
fn lookups_allocate_nothing_and_record_no_miss() {
    on_fresh_thread(|| {
        let arena = Arena::new(8);
        let owner = Owner::new();
        for key in 0..8 {
            assert_eq!(get(&owner, key), None);
        }
        let s = stats();
        assert_eq!((s.misses, s.len, s.bytes), (8, 0, 0));
        put(&owner, &arena, 3);
        assert_eq!(stats().bytes, TABLE_BYTES);
        // Misses leave no trace: the entry count moves only with inserts.
        for key in 0..8 {
            let _ = get(&owner, key);
        }
        assert_eq!(stats().len, 1);
        // A key that missed before is found once it is inserted (here, as a
        // facade would after the shared table answers).
        put(&owner, &arena, 5);
        assert_eq!(get(&owner, 5), Some(arena.ptr(5)));
    });
}

#[test]
fn the_entry_count_never_exceeds_the_capacity() {
    on_fresh_thread(|| {
        let n = 8 * CAPACITY as u64;
        let arena = Arena::new(n);
        let owner = Owner::new();
        for key in 0..n {
            put(&owner, &arena, key);
            if key % 61 == 0 {
                let s = stats();
                assert!(s.len <= CAPACITY, "{s:?}");
                assert_eq!(s.bytes, TABLE_BYTES);
            }
        }
        let s = stats();
        assert!(s.len <= CAPACITY && s.len > CAPACITY / 2, "{s:?}");
        assert_eq!(s.inserts, n);
        assert_eq!(s.evictions, n - s.len as u64);
        // The most recent insert is always still cached.
        assert_eq!(get(&owner, n - 1), Some(arena.ptr(n - 1)));
    });
}

/// With every set full of one owner's entries, a scan of keys admitted once
/// each evicts nothing but the doorkeeper's false positives (a few per cent);
/// the same keys admitted a second time all get in.
#[test]
fn admit_evicts_only_for_keys_it_refused_before() {
    on_fresh_thread(|| {
        let n = 4 * CAPACITY as u64;
        let scan = 500;
        let arena = Arena::new(n + scan);
        let owner = Owner::new();
        for key in 0..n {
            put(&owner, &arena, key);
        }
        reset_stats();
        for key in n..n + scan {
            admit_key(&owner, &arena, key);
        }
        let first = stats();
        assert_eq!(first.rejections + first.inserts, scan, "{first:?}");
        assert!(first.evictions <= scan / 10, "{first:?}");
        assert!(first.rejections >= scan * 9 / 10, "{first:?}");
        reset_stats();
        for key in n..n + scan {
            admit_key(&owner, &arena, key);
        }
        let second = stats();
        assert_eq!(second.rejections, 0, "{second:?}");
        assert_eq!(get(&owner, n + scan - 1), Some(arena.ptr(n + scan - 1)));
        // A tail entry of another owner is evicted without asking the
        // doorkeeper (until this owner's own entries reach the tail of a
        // set, which a few sets see within 500 keys).
        let other = Owner::new();
        reset_stats();
        for key in 0..scan {
            admit_key(&other, &arena, key);
        }
        let s = stats();
        assert_eq!(s.inserts + s.rejections, scan, "{s:?}");
        assert!(s.inserts >= scan * 19 / 20, "{s:?}");
    });
}

/// 100 000 owners come and go, each caching entries under the same kind
/// and hashes as the one before: no owner ever sees an entry of a dropped
/// one, and the cache stays within its one table.
#[test]
fn many_owners_keep_memory_flat_and_never_see_each_other() {
    on_fresh_thread(|| {
        let arena = Arena::new(2);
        let mut generations = HashSet::new();
        for round in 0..100_000u32 {
            let owner = Owner::new();
            assert!(generations.insert(owner.generation()), "generation reused");
            assert_eq!(
                get(&owner, 0),
                None,
                "round {round}: a dropped owner's entry"
            );
            assert_eq!(
                get(&owner, 1),
                None,
                "round {round}: a dropped owner's entry"
            );
            put(&owner, &arena, 0);
            put(&owner, &arena, 1);
            assert_eq!(get(&owner, 0), Some(arena.ptr(0)));
            if round % 997 == 0 {
                let s = stats();
                assert!(s.len <= CAPACITY, "{s:?}");
                assert_eq!(s.bytes, TABLE_BYTES);
            }
        }
        assert!(stats().len <= CAPACITY);
    });
}

#[test]
fn clear_empties_only_the_calling_threads_cache() {
    let arena = Arc::new(Arena::new(4));
    let owner = Arc::new(Owner::new());
    let cleared = Arc::new(Mutex::new(false));
    // The other thread caches key 2, then waits for this one to clear.
    let other = {
        let (arena, owner, cleared) = (arena.clone(), owner.clone(), cleared.clone());
        thread::spawn(move || {
            put(&owner, &arena, 2);
            while !*cleared.lock() {
                thread::yield_now();
            }
            assert_eq!(get(&owner, 2), Some(arena.ptr(2)), "another thread's clear");
        })
    };
    on_fresh_thread({
        let (arena, owner) = (arena.clone(), owner.clone());
        move || {
            put(&owner, &arena, 1);
            let before = stats();
            clear();
            assert_eq!(get(&owner, 1), None);
            let s = stats();
            assert_eq!((s.len, s.bytes), (0, TABLE_BYTES), "clear keeps the table");
            assert_eq!(s.inserts, before.inserts, "clear keeps the counters");
            // The emptied cache is fully usable.
            put(&owner, &arena, 1);
            assert_eq!(get(&owner, 1), Some(arena.ptr(1)));
        }
    });
    *cleared.lock() = true;
    other.join().unwrap();
}

#[test]
fn the_counters_count_exactly_and_reset() {
    on_fresh_thread(|| {
        let arena = Arena::new(4);
        let owner = Owner::new();
        assert_eq!(stats(), CacheStats::default());
        let _ = get(&owner, 0); // miss
        put(&owner, &arena, 0); // insert
        put(&owner, &arena, 0); // already cached: not counted
        let _ = get(&owner, 0); // hit
        let _ = get(&owner, 0); // hit
        let _ = get(&owner, 1); // miss
        let s = stats();
        assert_eq!(
            (s.hits, s.misses, s.inserts, s.evictions, s.len),
            (2, 2, 1, 0, 1)
        );
        assert!((s.hit_rate() - 0.5).abs() < 1e-12);
        reset_stats();
        let s = stats();
        assert_eq!((s.hits, s.misses, s.inserts, s.evictions), (0, 0, 0, 0));
        assert_eq!(s.len, 1, "resetting the counters keeps the entries");
        assert_eq!(s.hit_rate(), 0.0);
    });
}

#[test]
fn a_scan_of_misses_bypasses_the_cache_until_it_ends() {
    on_fresh_thread(|| {
        let arena = Arena::new(20_000);
        let owner = Owner::new();
        let misses = |keys: std::ops::Range<u64>| {
            for key in keys {
                assert!(get(&owner, key).is_none());
            }
        };
        put(&owner, &arena, 0);
        assert!(get(&owner, 0).is_some());
        // A window of 1024 probe misses (half the capacity) with one hit in
        // it: a scan.
        misses(1..1024);
        assert_eq!(stats().bypasses, 0, "a bypass before the window ended");
        misses(1024..1025);
        let s = stats();
        assert_eq!((s.hits, s.misses, s.bypasses, s.bypassed), (1, 1024, 1, 0));
        // The lookups skip the cache, a cached key's included...
        assert!(get(&owner, 0).is_none(), "a lookup during a bypass probes");
        // ... one admission in seven goes on, and explicit inserts store.
        let before = stats();
        admit_key(&owner, &arena, 100);
        put(&owner, &arena, 101);
        assert_eq!(stats().inserts, before.inserts + 1);
        for key in 102..107 {
            admit_key(&owner, &arena, key);
        }
        assert_eq!(
            stats().inserts,
            before.inserts + 1,
            "a sixth admission got in"
        );
        admit_key(&owner, &arena, 107);
        assert_eq!(
            stats().inserts,
            before.inserts + 2,
            "the seventh was turned away"
        );
        assert_eq!(stats().len, 3);
        assert!(get(&owner, 107).is_none(), "the bypass ended early");
        // A sampled admission of a key already cached ends the bypass: the
        // working set recurs.
        for key in 108..114 {
            admit_key(&owner, &arena, key);
        }
        admit_key(&owner, &arena, 107);
        assert!(
            get(&owner, 0).is_some(),
            "a recurring key did not end the bypass"
        );
        assert_eq!(stats().bypassed, 2);
        // A second scan: the bypass doubles, to 8192 lookups.
        misses(2000..3024);
        assert_eq!(stats().bypasses, 2);
        for _ in 0..8192 {
            assert!(get(&owner, 0).is_none());
        }
        assert_eq!(stats().bypassed, 2 + 8192);
        assert!(
            get(&owner, 0).is_some(),
            "the second bypass was not 8192 long"
        );
        // A window with hits in it is no scan: nothing more is bypassed, and
        // the next scan starts again from the shortest bypass.
        for key in 5000..6024 {
            assert!(get(&owner, key).is_none());
            assert!(get(&owner, 0).is_some());
        }
        assert_eq!(stats().bypasses, 2, "a window with hits bypassed");
        misses(7000..8024);
        assert_eq!(stats().bypasses, 3);
        for _ in 0..4096 {
            assert!(get(&owner, 0).is_none());
        }
        assert!(
            get(&owner, 0).is_some(),
            "the third bypass was not 4096 long"
        );
        // Resetting the counters during a bypass counts its later lookups
        // from zero.
        misses(9000..10024);
        assert_eq!(stats().bypasses, 4);
        misses(0..10);
        reset_stats();
        assert_eq!((stats().bypassed, stats().misses), (0, 0));
        misses(0..5);
        assert_eq!((stats().bypassed, stats().misses), (5, 5));
        // `clear` empties the table, parked or not.
        clear();
        assert_eq!(stats().len, 0, "clear missed the parked table");
        // Turned off (the benchmarks' A/B switch), the bypass under way ends
        // and no scan starts another.
        put(&owner, &arena, 0);
        strata_tls::set_scan_bypass(false);
        assert_eq!(stats().bypassed, 5, "turning the bypass off miscounted");
        assert!(
            get(&owner, 0).is_some(),
            "turning the bypass off left it on"
        );
        misses(11_000..14_000);
        assert_eq!(stats().bypasses, 0, "counted since the reset");
        strata_tls::set_scan_bypass(true);
    });
}

#[test]
fn a_hot_set_with_some_misses_never_bypasses() {
    on_fresh_thread(|| {
        let arena = Arena::new(64);
        let owner = Owner::new();
        for key in 0..32 {
            put(&owner, &arena, key);
        }
        // One miss in four lookups, forever: a hit rate of 75%.
        for round in 0..10_000u64 {
            for key in 0..3 {
                assert!(get(&owner, (round * 3 + key) % 32).is_some());
            }
            assert!(get(&owner, 32 + round % 32).is_none());
        }
        let s = stats();
        assert_eq!((s.bypasses, s.bypassed), (0, 0));
        assert_eq!(s.misses, 10_000);
    });
}

#[test]
fn a_panicking_eq_leaves_the_cache_consistent() {
    on_fresh_thread(|| {
        let arena = Arena::new(4);
        let owner = Owner::new();
        for key in 0..4 {
            put(&owner, &arena, key);
        }
        let r = catch_unwind(AssertUnwindSafe(|| {
            lookup(&owner, KIND, hash(2), |_: &Storage| panic!("eq panics"))
        }));
        assert!(r.is_err());
        for key in 0..4 {
            assert_eq!(get(&owner, key), Some(arena.ptr(key)));
        }
        assert_eq!(stats().len, 4);
    });
}

/// `eq` looks up, inserts and clears on the same thread while the outer
/// lookup is running: nothing breaks, and the outer lookup returns the
/// storage its `eq` accepted.
#[test]
fn a_reentrant_eq_is_safe() {
    on_fresh_thread(|| {
        let arena = Arena::new(64);
        let owner = Owner::new();
        for key in 0..4 {
            put(&owner, &arena, key);
        }
        let found = lookup(&owner, KIND, hash(3), |s: &Storage| {
            assert_eq!(get(&owner, 1), Some(arena.ptr(1)));
            for key in 4..64 {
                put(&owner, &arena, key);
            }
            clear();
            put(&owner, &arena, 7);
            s.key == 3
        });
        assert_eq!(found, Some(arena.ptr(3)));
        assert_eq!(get(&owner, 7), Some(arena.ptr(7)));
        assert!(stats().len <= 2);
    });
}

#[test]
fn entries_are_private_to_their_thread() {
    let arena = Arc::new(Arena::new(2));
    let owner = Arc::new(Owner::new());
    on_fresh_thread({
        let (arena, owner) = (arena.clone(), owner.clone());
        move || put(&owner, &arena, 1)
    });
    on_fresh_thread(move || {
        assert_eq!(get(&owner, 1), None);
        assert_eq!(stats().bytes, 0);
        drop(arena);
    });
}

#[test]
fn generations_are_unique_across_threads() {
    let threads: Vec<_> = (0..16)
        .map(|_| {
            thread::spawn(|| {
                (0..2_000)
                    .map(|_| Owner::new().generation())
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut seen = HashSet::new();
    for t in threads {
        for g in t.join().unwrap() {
            assert_ne!(g, 0, "generation 0 marks an empty entry");
            assert!(seen.insert(g), "generation {g} handed out twice");
        }
    }
    assert_eq!(seen.len(), 32_000);
}

/// The scan threshold exactly: a window of 1024 probe misses with 203 hits
/// in it (under one in six lookups) is a scan, one with 204 is not.
#[test]
fn a_window_is_a_scan_below_204_hits() {
    for (hits, scans) in [(203, 1), (204, 0)] {
        let bypasses = on_fresh_thread(move || {
            let arena = Arena::new(2_000);
            let owner = Owner::new();
            put(&owner, &arena, 0);
            for _ in 0..hits {
                assert!(get(&owner, 0).is_some());
            }
            for key in 1..=1024 {
                assert!(get(&owner, key).is_none());
            }
            stats().bypasses
        });
        assert_eq!(bypasses, scans, "{hits} hits in a window of 1024 misses");
    }
}

#[test]
fn the_hit_rate_is_hits_over_lookups() {
    let s = CacheStats {
        hits: 3,
        misses: 1,
        ..CacheStats::default()
    };
    assert_eq!(s.hit_rate(), 0.75);
    assert_eq!(CacheStats::default().hit_rate(), 0.0);
}

/// The doorkeeper forgets: it is emptied once an eighth of its bits are
/// set, so a long stream of keys each admitted once keeps being refused
/// (a stale filter would call more and more of them seen before, and let
/// them evict).
#[test]
fn the_doorkeeper_forgets_and_a_long_stream_stays_refused() {
    on_fresh_thread(|| {
        let n = 4 * CAPACITY as u64;
        let stream = 20_000;
        let arena = Arena::new(n + stream);
        let owner = Owner::new();
        strata_tls::set_scan_bypass(false);
        for key in 0..n {
            put(&owner, &arena, key);
        }
        reset_stats();
        for key in n..n + stream {
            admit_key(&owner, &arena, key);
        }
        let s = stats();
        assert_eq!(s.rejections + s.inserts, stream, "{s:?}");
        // At most one bit in eight is set, so under one key in eight is
        // taken for one seen before.
        assert!(s.inserts <= stream / 8, "{s:?}");
    });
}
