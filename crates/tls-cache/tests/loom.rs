//! Loom models of the thread cache in front of a shared table.
//!
//! The cache itself is thread-private, so what the models check is its
//! interaction with what is shared: a key another thread publishes
//! (invariant 1, positive entries only), owners dropped and created while
//! other threads hold their entries (invariant 10, generations never
//! reused), and thread exit (invariant 10, a thread frees its own table and
//! nothing else; loom's leak checker sees the table because it is allocated
//! through `strata_sync::alloc`).
//!
//! The shared table of these models is a `Mutex<Vec<..>>` of storages, each
//! a loom `Arc` kept until the table drops.
//!
//! Run: `RUSTFLAGS="--cfg strata_loom" LOOM_MAX_PREEMPTIONS=2 cargo test
//! --release -p strata-tls --test loom`.

#![cfg(strata_loom)]

use core::ptr::NonNull;
use std::sync::atomic::{AtomicUsize as Tally, Ordering::Relaxed as Plain}; // tidy: allow (tallies across loom iterations must not be loom objects)

use strata_sync::mutant::with_mutant;
use strata_sync::{Arc, Mutant, Mutex, model, thread};
use strata_tls::model::{Answer, probe};
use strata_tls::{Owner, insert, lookup};

/// An interned payload.
#[derive(Debug)]
struct Storage {
    key: u64,
}

/// A storage pointer that may cross threads: storages are immutable after
/// publication, and published under the table's mutex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ptr(NonNull<Storage>);

// SAFETY: a `Storage` is never mutated after it is published under the
// table's mutex (which orders its construction before every reader), and
// it is dropped only when the table drops, after every thread is joined.
unsafe impl Send for Ptr {}

/// A tiny shared table: the storages published so far. Each storage is a
/// loom `Arc` the table keeps until it drops, so loom's leak checker sees
/// the storages too.
#[derive(Debug, Default)]
struct Table {
    slots: Mutex<Vec<(u64, Arc<Storage>)>>,
}

impl Table {
    /// The storage of `key`, if published.
    fn get(&self, key: u64) -> Option<Ptr> {
        let slots = self.slots.lock();
        slots
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| Ptr(NonNull::from(&**s)))
    }

    /// The storage of `key`, creating it if absent (re-probing under the
    /// lock, as Level 2 does).
    fn get_or_create(&self, key: u64) -> Ptr {
        let mut slots = self.slots.lock();
        if let Some((_, s)) = slots.iter().find(|(k, _)| *k == key) {
            return Ptr(NonNull::from(&**s));
        }
        let s = Arc::new(Storage { key });
        let p = Ptr(NonNull::from(&*s));
        slots.push((key, s));
        p
    }
}

const KIND: u32 = 2;
const KEY: u64 = 11;

fn hash(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Caches `p` as `key`'s storage under `owner`.
fn fill(owner: &Owner, key: u64, p: Ptr) {
    // SAFETY: (1) every storage lives until its table drops, which each
    // model does after dropping every owner, and is never mutated; (2) `KIND`
    // always stores `Storage`.
    unsafe { insert(owner, KIND, hash(key), p.0) };
}

/// The cache's answer for `key` under `owner`.
fn cached(owner: &Owner, key: u64) -> Option<Ptr> {
    lookup(owner, KIND, hash(key), |s: &Storage| s.key == key).map(Ptr)
}

/// A lookup-only query, as a facade's "get if it exists": the cache, then
/// the shared table. It trusts a cache that claims to know the key is absent
/// (the `KnownAbsent` only the `TlsCachesMiss` mutant produces).
fn find(owner: &Owner, table: &Table, key: u64) -> Option<Ptr> {
    match probe(owner, KIND, hash(key), |s: &Storage| s.key == key) {
        Answer::Hit(p) => Some(Ptr(p)),
        Answer::KnownAbsent => None,
        Answer::Miss => {
            let p = table.get(key)?;
            fill(owner, key, p);
            Some(p)
        }
    }
}

/// The facade's get-or-create path: the cache, then the shared table, then
/// fill the cache.
fn intern(owner: &Owner, table: &Table, key: u64) -> Ptr {
    if let Some(p) = cached(owner, key) {
        return p;
    }
    let p = table.get_or_create(key);
    fill(owner, key, p);
    p
}

/// Thread A (the model's main thread) looks a key up while thread B
/// publishes it: A's first probe runs before or after the publication (and
/// so misses or finds it). After joining B, A probes again and must find
/// B's storage, whatever its cache saw the first time.
fn miss_then_publish() {
    let owner = Arc::new(Owner::new());
    let table = Arc::new(Table::default());
    let b = {
        let table = table.clone();
        thread::spawn(move || table.get_or_create(KEY))
    };
    let first = find(&owner, &table, KEY);
    let published = b.join().unwrap();
    let second = find(&owner, &table, KEY);
    assert_eq!(
        second,
        Some(published),
        "thread A kept missing a key thread B had published"
    );
    if let Some(first) = first {
        assert_eq!(first, published, "two storages for one key");
    }
    // The storages outlive the owner (the contract of `insert`).
    drop(owner);
    drop(table);
}

/// Thread B caches an entry of owner 1 and lets go of owner 1; the main
/// thread caches one too, lets go, and creates owner 2 (before, between or
/// after B's steps, and either thread may be the one that drops owner 1
/// last), then hands owner 2 to B. Whichever thread holds owner 2 must miss
/// the key owner 1 cached: a dropped owner's entries are unreachable.
fn owner_dropped_while_cached_elsewhere() {
    let table = Arc::new(Table::default());
    let storage = table.get_or_create(KEY);
    let owner1 = Arc::new(Owner::new());
    let handoff: Arc<Mutex<Option<Arc<Owner>>>> = Arc::new(Mutex::new(None));
    let b = {
        let (owner1, handoff) = (owner1.clone(), handoff.clone());
        thread::spawn(move || {
            fill(&owner1, KEY, storage);
            assert_eq!(cached(&owner1, KEY), Some(storage));
            drop(owner1);
            let owner2 = handoff.lock().clone();
            if let Some(owner2) = owner2 {
                assert_eq!(
                    cached(&owner2, KEY),
                    None,
                    "a new owner saw a dropped owner's entry"
                );
            }
        })
    };
    fill(&owner1, KEY, storage);
    drop(owner1);
    let owner2 = Arc::new(Owner::new());
    assert_eq!(
        cached(&owner2, KEY),
        None,
        "a new owner saw a dropped owner's entry"
    );
    *handoff.lock() = Some(owner2.clone());
    b.join().unwrap();
    drop(owner2);
    drop(handoff);
    drop(table);
}

/// Thread B interns a key and exits while the main thread interns the same
/// key. B's exit frees B's table (loom's leak checker fails the model
/// otherwise) and nothing else: the main thread's entry and the shared
/// storage stay valid, and the storage is freed once, by its table.
fn thread_exit_frees_only_its_cache() {
    let owner = Arc::new(Owner::new());
    let table = Arc::new(Table::default());
    let b = {
        let (owner, table) = (owner.clone(), table.clone());
        thread::spawn(move || {
            let p = intern(&owner, &table, KEY);
            assert_eq!(cached(&owner, KEY), Some(p));
            p
        })
    };
    let mine = intern(&owner, &table, KEY);
    let theirs = b.join().unwrap();
    assert_eq!(mine, theirs, "two storages for one key");
    assert_eq!(
        cached(&owner, KEY),
        Some(mine),
        "B's exit touched A's cache"
    );
    // SAFETY: the storage lives until `table` drops, below.
    assert_eq!(unsafe { mine.0.as_ref() }.key, KEY);
    drop(owner);
    drop(table);
}

// Which thread's owner got the lower generation, across the iterations of
// one model run (plain std atomics: loom resets its own objects).
static SPAWNED_FIRST: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)
static MAIN_FIRST: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)

/// Two threads create an owner at the same moment, racing on the
/// process-wide generation counter (a loom atomic under the cfg).
fn two_owners() {
    let spawned = thread::spawn(|| Owner::new().generation());
    let mine = Owner::new().generation();
    let theirs = spawned.join().unwrap();
    assert_ne!(mine, theirs, "two owners got the same generation");
    assert!(
        mine != 0 && theirs != 0,
        "generation 0 marks an empty entry"
    );
    if theirs < mine {
        SPAWNED_FIRST.fetch_add(1, Plain);
    } else {
        MAIN_FIRST.fetch_add(1, Plain);
    }
}

/// Checks invariant 1: a thread that missed a key finds it once another
/// thread published it (no negative entry shadows the publication).
#[test]
fn a_miss_is_never_cached() {
    model::check("a_miss_is_never_cached", miss_then_publish);
}

/// Checks invariant 10: a dropped owner's entries, cached by two threads,
/// are never returned to a new owner.
#[test]
fn dropped_owners_entries_are_never_returned() {
    model::check(
        "dropped_owners_entries_are_never_returned",
        owner_dropped_while_cached_elsewhere,
    );
}

/// Checks invariants 10 and 11: a thread's exit frees its own table (loom's
/// leak checker, through `strata_sync::alloc`) and nothing another thread
/// still uses.
#[test]
fn thread_exit_frees_only_its_own_cache() {
    model::check(
        "thread_exit_frees_only_its_own_cache",
        thread_exit_frees_only_its_cache,
    );
}

/// Invariant 1 broken: the cache records a miss as a negative entry, so the
/// thread that missed keeps answering "absent" after another thread
/// published the key (the negative entry shadows the publication).
#[test]
#[should_panic(expected = "thread A kept missing a key thread B had published")]
fn mutant_tls_caches_miss() {
    with_mutant(Mutant::TlsCachesMiss, || {
        model::check("mutant_tls_caches_miss", miss_then_publish)
    });
}

/// Invariant 10 broken: a new owner reuses the generation of the owner
/// dropped last, so it is handed that owner's stale entries.
#[test]
#[should_panic(expected = "a new owner saw a dropped owner's entry")]
fn mutant_tls_reuse_generation() {
    with_mutant(Mutant::TlsReuseGeneration, || {
        model::check(
            "mutant_tls_reuse_generation",
            owner_dropped_while_cached_elsewhere,
        )
    });
}

/// Checks invariant 12 (numbers handed out by a counter are unique): two
/// owners created at once get different, non-zero generations; each thread
/// gets the lower one in some iteration.
#[test]
fn two_owners_take_distinct_generations() {
    model::check("two_owners_take_distinct_generations", two_owners);
    assert!(
        SPAWNED_FIRST.load(Plain) > 0 && MAIN_FIRST.load(Plain) > 0,
        "the model never explored both orders of the two increments"
    );
}

/// Invariant 12 broken: the generation is taken with a load and a store, so
/// two owners created at once can read the same counter value.
#[test]
#[should_panic(expected = "two owners got the same generation")]
fn mutant_tls_generation_split() {
    with_mutant(Mutant::TlsGenerationSplit, || {
        model::check("mutant_tls_generation_split", two_owners)
    });
}
