//! The admission policy of [`admit`], pinned down through the statistics
//! of the doorkeeper and of its decisions: what it refuses and records,
//! what it lets through without recording anything, when it forgets.
//!
//! Each test runs on a fresh thread (its own cache and doorkeeper), with
//! the scan bypass off: the tests look up keys that are not cached, and a
//! bypass would only turn admissions away unsampled.

#![cfg(not(strata_loom))]

use std::ptr::NonNull;

use strata_sync::thread;
use strata_tls::{
    CAPACITY, Owner, TABLE_BYTES, admit, doorkeeper_holds, insert, lookup, reset_stats, stats,
};

/// A stand-in for an interned storage.
#[derive(Debug)]
struct Storage {
    key: u64,
}

/// Storages that outlive every owner of a test (the `# Safety` contract of
/// `insert` and `admit`, clause 1).
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

/// Keys beyond the hot set: enough for 1025 keys of distinct doorkeeper
/// bits (of 8192) and the keys that share a bit with an earlier one.
const SPARE: u64 = 4_000;

fn hash(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5555
}

/// Caches `key`'s storage, without the doorkeeper.
fn put(owner: &Owner, arena: &Arena, key: u64) {
    // SAFETY: (1) the arena outlives every owner in these tests and is never
    // mutated; (2) `KIND` always stores `Storage`.
    unsafe { insert(owner, KIND, hash(key), arena.ptr(key)) };
}

/// Caches `key`'s storage through the doorkeeper.
fn admit_key(owner: &Owner, arena: &Arena, key: u64) {
    // SAFETY: (1, 2) as in `put`.
    unsafe { admit(owner, KIND, hash(key), arena.ptr(key)) };
}

fn get(owner: &Owner, key: u64) -> Option<NonNull<Storage>> {
    lookup(owner, KIND, hash(key), |s: &Storage| s.key == key)
}

fn holds(owner: &Owner, key: u64) -> bool {
    doorkeeper_holds(owner, KIND, hash(key))
}

/// Runs `f` on a thread whose cache nothing else has touched, with the
/// scan bypass off.
fn on_fresh_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    thread::spawn(|| {
        strata_tls::set_scan_bypass(false);
        f()
    })
    .join()
    .unwrap()
}

/// Fills every set of the cache with `owner`'s entries (four times as
/// many keys as it holds) and returns the keys it holds then: the hot set.
fn fill(owner: &Owner, arena: &Arena) -> Vec<u64> {
    let n = 4 * CAPACITY as u64;
    for key in 0..n {
        put(owner, arena, key);
    }
    assert_eq!(stats().len, CAPACITY, "a set is not full");
    let hot: Vec<u64> = (0..n).filter(|&key| get(owner, key).is_some()).collect();
    assert_eq!(hot.len(), CAPACITY);
    hot
}

/// The keys after the hot set's whose bit the doorkeeper does not hold
/// yet, in order. A key whose bit it holds (a false positive of the
/// filter, which it admits by design) is left out, so that each key this
/// yields is one the policy must refuse the first time.
fn unrecorded<'a>(owner: &'a Owner) -> impl Iterator<Item = u64> + 'a {
    let n = 4 * CAPACITY as u64;
    (n..n + SPARE).filter(move |&key| !holds(owner, key))
}

/// With every set full of one owner's entries, a scan of new keys, each
/// admitted once (its second use, in the facade), is refused key by key:
/// each is recorded, nothing is stored or evicted, and the whole hot set
/// is still cached afterwards.
#[test]
fn a_scan_does_not_evict_the_hot_set() {
    on_fresh_thread(|| {
        let arena = Arena::new(4 * CAPACITY as u64 + SPARE);
        let owner = Owner::new();
        let hot = fill(&owner, &arena);
        reset_stats();
        let mut scan = Vec::new();
        while scan.len() < 1000 {
            let key = unrecorded(&owner).next().expect("enough spare keys");
            admit_key(&owner, &arena, key);
            scan.push(key);
        }
        let s = stats();
        assert_eq!(
            (s.rejections, s.admissions, s.inserts, s.evictions),
            (1000, 0, 0, 0),
            "{s:?}"
        );
        assert_eq!((s.door_keys, s.door_resets), (1000, 0), "{s:?}");
        assert!(scan.iter().all(|&key| holds(&owner, key)));
        for &key in &hot {
            assert_eq!(
                get(&owner, key),
                Some(arena.ptr(key)),
                "the scan evicted hot key {key}"
            );
        }
        assert!(scan.iter().all(|&key| get(&owner, key).is_none()));
    });
}

/// A key refused once (its set full of the owner's entries) is recorded
/// and not stored; admitted a second time, it gets in over the set's tail
/// entry, and is not recorded again.
#[test]
fn a_key_refused_once_is_admitted_the_second_time() {
    on_fresh_thread(|| {
        let arena = Arena::new(4 * CAPACITY as u64 + SPARE);
        let owner = Owner::new();
        let hot = fill(&owner, &arena);
        reset_stats();
        let key = unrecorded(&owner).next().unwrap();
        admit_key(&owner, &arena, key);
        let s = stats();
        assert_eq!(
            (s.rejections, s.admissions, s.inserts, s.door_keys),
            (1, 0, 0, 1),
            "the first admission was not a recorded refusal: {s:?}"
        );
        assert!(holds(&owner, key), "the refused key was not recorded");
        assert!(get(&owner, key).is_none(), "the refused key was stored");
        admit_key(&owner, &arena, key);
        let s = stats();
        assert_eq!(
            (s.rejections, s.admissions, s.inserts, s.evictions),
            (1, 1, 1, 1),
            "the second admission was not let in: {s:?}"
        );
        assert_eq!(s.door_keys, 1, "a key let in was recorded again");
        assert_eq!(get(&owner, key), Some(arena.ptr(key)));
        assert_eq!(s.len, CAPACITY);
        let evicted = hot.iter().filter(|&&k| get(&owner, k).is_none()).count();
        assert_eq!(evicted, 1, "one admission evicted {evicted} entries");
    });
}

/// The doorkeeper holds 1024 keys: it keeps every one of them until the
/// refusal that would record a 1025th, which empties it first. The keys
/// refused before are forgotten then, and a second arrival of one of them
/// is refused again.
#[test]
fn the_doorkeeper_resets_after_1024_keys() {
    on_fresh_thread(|| {
        let arena = Arena::new(4 * CAPACITY as u64 + SPARE);
        let owner = Owner::new();
        fill(&owner, &arena);
        reset_stats();
        let mut refused = Vec::new();
        while refused.len() < 1024 {
            let key = unrecorded(&owner).next().expect("enough spare keys");
            admit_key(&owner, &arena, key);
            refused.push(key);
            let s = stats();
            assert_eq!(s.door_resets, 0, "reset after {} keys", refused.len());
            assert_eq!(s.door_keys, refused.len(), "{s:?}");
        }
        assert_eq!(stats().rejections, 1024);
        assert!(
            refused.iter().all(|&key| holds(&owner, key)),
            "the doorkeeper forgot a key before it was full"
        );
        let last = unrecorded(&owner).next().unwrap();
        admit_key(&owner, &arena, last);
        let s = stats();
        assert_eq!(
            (s.door_resets, s.door_keys, s.rejections),
            (1, 1, 1025),
            "the 1025th key did not empty the doorkeeper: {s:?}"
        );
        assert!(holds(&owner, last));
        assert!(
            refused.iter().all(|&key| !holds(&owner, key)),
            "the reset left a key behind"
        );
        admit_key(&owner, &arena, refused[0]);
        let s = stats();
        assert_eq!(
            (s.rejections, s.admissions, s.evictions, s.door_keys),
            (1026, 0, 0, 2),
            "a key forgotten by the reset was let in: {s:?}"
        );
        assert!(get(&owner, refused[0]).is_none());
    });
}

/// The doorkeeper is asked only when a set is full of the owner's own
/// entries: the first admission (which allocates the table), admissions
/// into sets with a free way, and admissions over another owner's tail
/// entry all store, and none records anything.
#[test]
fn admissions_the_doorkeeper_need_not_judge_record_nothing() {
    on_fresh_thread(|| {
        let n = 4 * CAPACITY as u64;
        let arena = Arena::new(n);
        let owner = Owner::new();
        admit_key(&owner, &arena, 0);
        let s = stats();
        assert_eq!((s.admissions, s.inserts, s.bytes), (1, 1, TABLE_BYTES));
        assert_eq!((s.rejections, s.door_keys), (0, 0), "{s:?}");
        for key in 1..200 {
            admit_key(&owner, &arena, key);
        }
        let s = stats();
        assert_eq!(
            (s.admissions, s.inserts, s.evictions, s.len),
            (200, 200, 0, 200),
            "{s:?}"
        );
        assert_eq!(
            (s.rejections, s.door_keys),
            (0, 0),
            "an admission into a free way was recorded: {s:?}"
        );
        assert!((0..200).all(|key| !holds(&owner, key)));
        // Every set full of the first owner's entries: a second owner's
        // admissions evict them without asking (up to three a set, after
        // which the tail is its own).
        for key in 0..n {
            put(&owner, &arena, key);
        }
        let other = Owner::new();
        reset_stats();
        for key in 0..100 {
            admit_key(&other, &arena, key);
        }
        let s = stats();
        assert_eq!(
            (s.admissions, s.inserts, s.evictions),
            (100, 100, 100),
            "{s:?}"
        );
        assert_eq!(
            (s.rejections, s.door_keys),
            (0, 0),
            "an admission over another owner's tail was recorded: {s:?}"
        );
        assert!((0..100).all(|key| get(&other, key) == Some(arena.ptr(key))));
    });
}

/// `reset_stats` zeroes the admission and reset counters and keeps what
/// the doorkeeper holds.
#[test]
fn reset_stats_keeps_the_doorkeepers_keys() {
    on_fresh_thread(|| {
        let arena = Arena::new(4 * CAPACITY as u64 + SPARE);
        let owner = Owner::new();
        fill(&owner, &arena);
        let key = unrecorded(&owner).next().unwrap();
        admit_key(&owner, &arena, key);
        reset_stats();
        let s = stats();
        assert_eq!((s.rejections, s.admissions, s.door_resets), (0, 0, 0));
        assert_eq!(s.door_keys, 1);
        assert!(holds(&owner, key));
        admit_key(&owner, &arena, key);
        assert_eq!(
            stats().admissions,
            1,
            "the reset made the doorkeeper forget"
        );
    });
}
