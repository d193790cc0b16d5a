//! Loom models of the storage table: one storage per key under racing
//! inserts, on the read-first and the write-first path (invariant 3), no
//! lost insert in a shared shard, a probe that
//! races an insert sees nothing or a complete storage, re-entrant interning
//! is a panic and not a deadlock (invariant 9), a declared mutable component
//! changes only under the shard's write lock (invariant 5), and the
//! reclaimable table's owner check. Each model uses one or two shards and at
//! most three threads.
//!
//! Stored values carry a `strata_sync::UnsafeCell` written by the constructor
//! and read by whoever finds the value, so loom's causality checker fails a
//! model in which a lookup does not happen-after the construction. The
//! reclaimable objects are allocated through `strata_sync::alloc`, so loom's
//! leak checker fails a model that leaks one and its allocation tracker one
//! that frees one twice.

#![cfg(strata_loom)]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr::NonNull;

use strata_sync::alloc::{drop_raw, into_raw};
use strata_sync::atomic::{AtomicUsize, Ordering};
use strata_sync::mutant::with_mutant;
use strata_sync::{Arc, Mutant, UnsafeCell, model, thread};
use strata_table::{Outcome, ProbePolicy, PtrProbe, PtrTable, Table};

/// A stored value: its key, and a payload the constructor writes after
/// creating the cell (a write loom tracks) and every finder reads.
struct Stored {
    key: u64,
    payload: UnsafeCell<u64>,
}

// SAFETY: the payload is written once, by the constructor, before the value
// is inserted, and only read afterwards; that the table orders the write
// before every read is what these models check, and loom checks every access.
unsafe impl Sync for Stored {}

/// The payload the constructor of `key` writes.
fn payload_of(key: u64) -> u64 {
    key * 10 + 1
}

impl Stored {
    fn build(key: u64, constructs: &AtomicUsize) -> Stored {
        // Counts constructions; the joins order it before the model's check.
        constructs.fetch_add(1, Ordering::Relaxed);
        let s = Stored {
            key,
            payload: UnsafeCell::new(0),
        };
        // SAFETY: the value is not shared yet; this is the only write.
        s.payload.with_mut(|p| unsafe { *p = payload_of(key) });
        s
    }

    /// Reads the payload (a read loom checks against the constructor's
    /// write) and checks it.
    fn check(&self) {
        // SAFETY: see the `Sync` impl.
        let seen = self.payload.with(|p| unsafe { *p });
        assert_eq!(
            seen,
            payload_of(self.key),
            "a lookup saw a half-built storage"
        );
    }
}

type StoreTable = Table<Stored>;

/// Interns `key` (with `hash`) and returns the address and the outcome.
fn intern(table: &StoreTable, hash: u64, key: u64, constructs: &AtomicUsize) -> (usize, Outcome) {
    let (s, how) = table.get_or_insert_with_outcome(
        hash,
        |s| s.key == key,
        |_| Stored::build(key, constructs),
    );
    s.check();
    (s as *const Stored as usize, how)
}

/// The body of `same_key_one_storage` (and of its mutant test).
fn same_key_model() {
    let table = Arc::new(StoreTable::with_shards("model", 1));
    let constructs = Arc::new(AtomicUsize::new(0));
    let other = {
        let (table, constructs) = (table.clone(), constructs.clone());
        thread::spawn(move || intern(&table, 7, 1, &constructs))
    };
    let prober = {
        let table = table.clone();
        thread::spawn(move || {
            table.get(7, |s| s.key == 1).map(|s| {
                s.check();
                s as *const Stored as usize
            })
        })
    };
    let mine = intern(&table, 7, 1, &constructs);
    let theirs = other.join().unwrap();
    let probed = prober.join().unwrap();
    assert_eq!(mine.0, theirs.0, "two storages for one key");
    assert!(
        probed.is_none_or(|p| p == mine.0),
        "the prober saw a storage nobody else got"
    );
    assert_eq!(constructs.load(Ordering::Relaxed), 1, "constructed twice");
    let inserted = [mine.1, theirs.1]
        .iter()
        .filter(|&&o| o == Outcome::Inserted)
        .count();
    assert_eq!(inserted, 1);
    assert_eq!(table.len(), 1);
}

/// Two threads intern the same key into an empty one-shard table while a
/// third probes for it. Targets the interleaving in which both read probes
/// miss before either thread takes the write lock: the second writer must
/// find the first one's storage on its re-probe (`Outcome::ReprobeHit`), so
/// exactly one storage is constructed and both threads get its address; the
/// prober sees nothing or that same, complete storage.
///
/// Checks invariant 3.
#[test]
fn same_key_one_storage() {
    model::check("same_key_one_storage", same_key_model);
}

/// Invariant 3 broken: with the re-probe under the write lock removed, the
/// interleaving in which both read probes miss inserts two storages for one
/// key, and the threads get different addresses.
#[test]
#[should_panic(expected = "two storages for one key")]
fn mutant_table_no_reprobe() {
    with_mutant(Mutant::TableNoReprobe, || {
        model::check("mutant_table_no_reprobe", same_key_model)
    });
}

/// The body of `write_first_same_key_one_storage` (and of its mutant test):
/// `same_key_model`'s race on a table whose lookups all take the write-first
/// path (a shard whose recent lookups mostly missed).
fn write_first_same_key_model() {
    let mut table = StoreTable::with_shards("model", 1);
    table.set_probe_policy(ProbePolicy::WriteFirst);
    let table = Arc::new(table);
    let constructs = Arc::new(AtomicUsize::new(0));
    let other = {
        let (table, constructs) = (table.clone(), constructs.clone());
        thread::spawn(move || intern(&table, 7, 1, &constructs))
    };
    let mine = intern(&table, 7, 1, &constructs);
    let theirs = other.join().unwrap();
    assert_eq!(mine.0, theirs.0, "two storages for one key");
    assert_eq!(constructs.load(Ordering::Relaxed), 1, "constructed twice");
    let mut outcomes = [mine.1, theirs.1];
    outcomes.sort_by_key(|o| *o == Outcome::Inserted);
    assert_eq!(outcomes, [Outcome::WriteHit, Outcome::Inserted]);
    assert_eq!(table.len(), 1);
}

/// Two threads intern the same key into an empty one-shard table, both on
/// the write-first path (the write lock at once and one probe under it).
/// Targets the interleavings in which both threads queue for the write lock
/// before either holds it: the second must find the first one's storage by
/// its probe under the lock (`Outcome::WriteHit`), so exactly one storage is
/// constructed, both threads get its address, and the second reads a
/// complete payload.
///
/// Checks invariant 3 on the write-first path.
#[test]
fn write_first_same_key_one_storage() {
    model::check(
        "write_first_same_key_one_storage",
        write_first_same_key_model,
    );
}

/// Invariant 3 broken on the write-first path: with its probe under the
/// write lock removed, the second thread to take the lock inserts a second
/// storage for the key.
#[test]
#[should_panic(expected = "two storages for one key")]
fn mutant_table_write_first_no_probe() {
    with_mutant(Mutant::TableWriteFirstNoProbe, || {
        model::check(
            "mutant_table_write_first_no_probe",
            write_first_same_key_model,
        )
    });
}

/// Invariant 9 broken the other way: the re-entrancy check takes any shard
/// lock it cannot get at once for re-entry, without comparing the owner word
/// with the caller's token. Only a model in which a thread finds the lock
/// held by another thread can see it. In this model the inserter's critical
/// section makes no loom operation of its own, so before the shim's locks
/// gained a scheduling point inside every critical section the lookup never
/// found the lock held and this mutant survived (tried: with that point
/// removed, the model reports `locks=28 contended=0` and the test fails).
#[test]
#[should_panic(expected = "strata: re-entrant interning into storage kind `model`")]
fn mutant_table_busy_is_reentry() {
    with_mutant(Mutant::TableBusyIsReentry, || {
        model::check("mutant_table_busy_is_reentry", probe_insert_model)
    });
}

/// Two threads intern different keys that fall into the same shard of a
/// two-shard table. Targets the interleavings in which both miss, both
/// queue for the write lock, and the second one's re-probe sees the first
/// one's entry (same shard, different stored hash): it must not take it for
/// its own, and neither insert may be lost.
///
/// Checks invariant 3.
#[test]
fn different_keys_one_shard_both_present() {
    model::check("different_keys_one_shard_both_present", || {
        let table = Arc::new(StoreTable::with_shards("model", 2));
        assert_eq!(table.shard_index(1), table.shard_index(2));
        let constructs = Arc::new(AtomicUsize::new(0));
        let other = {
            let (table, constructs) = (table.clone(), constructs.clone());
            thread::spawn(move || intern(&table, 2, 2, &constructs))
        };
        let mine = intern(&table, 1, 1, &constructs);
        let theirs = other.join().unwrap();
        assert_ne!(mine.0, theirs.0);
        assert_eq!((mine.1, theirs.1), (Outcome::Inserted, Outcome::Inserted));
        for (hash, key) in [(1, 1), (2, 2)] {
            let s = table
                .get(hash, |s| s.key == key)
                .expect("an insert was lost");
            s.check();
        }
        assert_eq!(table.len(), 2);
    });
}

/// The body of `threads_allocate_from_their_own_arenas` (and of its mutant
/// test): two threads insert different keys that fall into different shards
/// of a two-shard table, so both constructions (and both allocations) can run
/// at once, each under its own shard's write lock; both threads register
/// their arenas at once in the interleavings where the registry's lock is
/// found held.
fn own_arenas_model() {
    let table = Arc::new(StoreTable::with_shards("model", 2));
    let (low, high) = (1u64, 1u64 << 56);
    assert_ne!(table.shard_index(low), table.shard_index(high));
    let constructs = Arc::new(AtomicUsize::new(0));
    let other = {
        let (table, constructs) = (table.clone(), constructs.clone());
        thread::spawn(move || intern(&table, high, 2, &constructs))
    };
    let mine = intern(&table, low, 1, &constructs);
    let theirs = other.join().unwrap();
    assert_eq!((mine.1, theirs.1), (Outcome::Inserted, Outcome::Inserted));
    assert_ne!(mine.0, theirs.0);
    let arenas = table.stats().thread_arenas.arenas;
    assert!(arenas != 1, "two threads allocated from one arena");
    assert_eq!(arenas, 2);
    // This thread's next insertion finds its arena again (through its
    // per-thread slot) instead of registering a third.
    intern(&table, low + 2, 3, &constructs);
    assert_eq!(table.stats().thread_arenas.arenas, 2);
}

/// Two threads insert into different shards of one table at once. Targets
/// the interleavings in which both register their per-thread arena at the
/// same moment (the registry's lock found held) and construct at the same
/// moment: each must get an arena of its own, so no bump arena is ever
/// allocated from by two threads.
///
/// Checks invariant 14.
#[test]
fn threads_allocate_from_their_own_arenas() {
    model::check("threads_allocate_from_their_own_arenas", own_arenas_model);
}

/// Invariant 14 broken: every thread gets the first registered arena, so
/// the two constructions allocate from one bump arena at once.
#[test]
#[should_panic(expected = "two threads allocated from one arena")]
fn mutant_table_shared_arena() {
    with_mutant(Mutant::TableSharedArena, || {
        model::check("mutant_table_shared_arena", own_arenas_model)
    });
}

/// The body of `probe_racing_insert_sees_nothing_or_complete` (and of the
/// `TableBusyIsReentry` mutant test).
fn probe_insert_model() {
    let table = Arc::new(StoreTable::with_shards("model", 1));
    let constructs = Arc::new(AtomicUsize::new(0));
    let prober = {
        let table = table.clone();
        thread::spawn(move || match table.get(5, |s| s.key == 3) {
            Some(s) => {
                s.check();
                true
            }
            None => false,
        })
    };
    let (addr, how) = intern(&table, 5, 3, &constructs);
    assert_eq!(how, Outcome::Inserted);
    let _found = prober.join().unwrap();
    let again = table.get(5, |s| s.key == 3).unwrap();
    assert_eq!(again as *const Stored as usize, addr);
}

/// A lookup (`get`, read lock only) races the insertion of the key it looks
/// for. Targets every point of the insert, constructor included: the lookup
/// finds nothing, or a storage whose constructor's write to the payload
/// happens-before the lookup's read (loom's causality checker fails the
/// model otherwise). Checks invariants 3 and 9: the lookup also finds the
/// shard's lock held by the inserter (`strata_sync::model::check` fails a
/// model whose locks never contend) and waits instead of taking that for
/// re-entry.
#[test]
fn probe_racing_insert_sees_nothing_or_complete() {
    model::check(
        "probe_racing_insert_sees_nothing_or_complete",
        probe_insert_model,
    );
}

/// The body of `reentrant_construct_panics` (and of its mutant test):
/// thread 1's constructor interns into its own shard; thread 2 inserts
/// another key into that shard at the same time.
///
/// The constructor catches the re-entrancy panic itself, so the outer write
/// guard is released normally. Letting the panic unwind through the guard
/// cannot be modelled: loom's `RwLock` keeps its data in a `std` lock that
/// poisons, and the next acquisition then fails with "loom::RwLock state
/// corrupt". That the unwinding releases the lock and clears the owner word
/// is tested outside loom (`tests/table.rs`).
///
/// The table and the counter are leaked `&'static` borrows rather than
/// `Arc`s: in the mutant test loom raises its deadlock panic on the thread
/// that blocks last (thread 2, in the first deadlocking schedule loom
/// explores), and unwinding a frame that drops a loom object after loom
/// declared the deadlock aborts the process (loom's `Arc` touches the
/// execution, which has no active thread any more). With nothing but plain
/// borrows on thread 2's stack the panic unwinds cleanly and `should_panic`
/// sees it. The leak is a few hundred bytes per iteration.
fn reentry_model() {
    let table: &'static StoreTable = Box::leak(Box::new(StoreTable::with_shards("model", 1)));
    let constructs: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
    let other = thread::spawn(move || intern(table, 9, 9, constructs).1);
    let (s, how) = table.get_or_insert_with_outcome(
        4,
        |s| s.key == 4,
        |_| {
            let err = catch_unwind(AssertUnwindSafe(|| intern(table, 5, 5, constructs)))
                .expect_err("re-entrant interning returned");
            let msg = err
                .downcast_ref::<String>()
                .map(String::as_str)
                .unwrap_or("a non-string panic");
            assert!(
                msg.starts_with("strata: re-entrant interning into storage kind `model`"),
                "unexpected panic: {msg}"
            );
            Stored::build(4, constructs)
        },
    );
    assert_eq!(how, Outcome::Inserted);
    s.check();
    assert_eq!(other.join().unwrap(), Outcome::Inserted);
    assert!(table.get(5, |s| s.key == 5).is_none());
    assert_eq!(table.len(), 2);
}

/// A constructor interns into the shard it is being constructed in while
/// another thread inserts into (or waits for) the same shard. Targets both
/// the case where the other thread holds the lock when the constructor's
/// thread arrives (it must wait, not panic: the owner is someone else), the
/// case where the other thread arrives while the constructor runs (it must
/// wait for the lock, not panic: the owner word is not its token), and the
/// re-entrant probe itself (it must panic with the kind's name instead of
/// blocking, and the table must carry on).
///
/// Checks invariant 9.
#[test]
fn reentrant_construct_panics() {
    model::check("reentrant_construct_panics", reentry_model);
}

/// The body of `write_section_reads_its_own_shard` (and of its mutant
/// test): key 3 is in the one-shard table before the threads start; thread
/// 1 holds the shard's write lock around a callback (a `mutate`) that looks
/// key 3 up again; thread 2 inserts key 7 into the same shard meanwhile.
///
/// The callback catches a panic of its lookup and the model panics with
/// its message only after the write section has ended, so that the lock is
/// released normally (unwinding through a loom lock guard cannot be
/// modelled, see `reentry_model`). The table and the counter are leaked
/// borrows, as there, for the mutant's panic.
fn write_section_model() {
    let table: &'static StoreTable = Box::leak(Box::new(StoreTable::with_shards("model", 1)));
    let constructs: &'static AtomicUsize = Box::leak(Box::new(AtomicUsize::new(0)));
    let (three, _) = intern(table, 3, 3, constructs);
    let other = thread::spawn(move || intern(table, 7, 7, constructs).1);
    let found = table.with_write_lock(3, || {
        catch_unwind(AssertUnwindSafe(|| intern(table, 3, 3, constructs)))
    });
    let (again, how) = found.unwrap_or_else(|err| {
        let msg = err
            .downcast_ref::<String>()
            .map_or("a non-string panic", String::as_str);
        panic!("{msg}")
    });
    assert_eq!((again, how), (three, Outcome::ReadHit));
    assert_eq!(other.join().unwrap(), Outcome::Inserted);
    assert_eq!(table.len(), 2);
    assert_eq!(constructs.load(Ordering::Relaxed), 2);
}

/// A thread looks up a key already in a shard from inside its own write
/// section of that shard (`with_write_lock`, the facade's `mutate`) while
/// another thread inserts into the same shard. Targets the interleavings in
/// which the inserter holds the lock when the write section begins (the
/// section waits), and those in which the inserter arrives during the
/// section (it waits: the section's thread reads the shard under the lock
/// it holds, and nobody writes it meanwhile): the lookup finds the key with
/// its complete payload and is no re-entry, and the insertion is not lost.
///
/// Checks invariant 9 (only re-entry is a panic).
#[test]
fn write_section_reads_its_own_shard() {
    model::check("write_section_reads_its_own_shard", write_section_model);
}

/// Invariant 9 broken the other way: a write section that does not let its
/// own thread read the shard it holds, so the lookup of a key already there
/// is taken for re-entry.
#[test]
#[should_panic(expected = "strata: re-entrant interning into storage kind `model`")]
fn mutant_table_write_section_unread() {
    with_mutant(Mutant::TableWriteSectionUnread, || {
        model::check("mutant_table_write_section_unread", write_section_model)
    });
}

/// Invariant 9 broken: without the re-entrancy check the re-entrant probe
/// blocks on the read lock its own thread holds for writing, and loom
/// reports the deadlock ("deadlock; threads = ...", from loom's scheduler in
/// `rt/execution.rs`).
#[test]
#[should_panic(expected = "deadlock; threads =")]
fn mutant_table_no_reentrancy_check() {
    with_mutant(Mutant::TableNoReentrancyCheck, || {
        model::check("mutant_table_no_reentrancy_check", reentry_model)
    });
}

// ---------------------------------------------------------------------------
// The declared mutable component (invariant 5).

/// A stored value with a declared mutable component (as MLIR's `mutate` on a
/// recursive type's body): a counter that changes only inside
/// `with_write_lock` and is read only inside `with_read_lock`. It is a
/// non-atomic, loom-tracked cell, so loom's causality checker fails a model
/// in which two changes are not ordered by the shard's lock.
struct Mutable {
    count: UnsafeCell<u64>,
}

// SAFETY: `count` is written only under the write lock of the value's shard
// and read only under its read lock (see `bump` and the model); that the
// lock orders those accesses is what the model checks.
unsafe impl Sync for Mutable {}

const MUTABLE_HASH: u64 = 5;

/// Changes the mutable component of the value stored under `MUTABLE_HASH`.
fn bump(table: &Table<Mutable>) {
    let value = table
        .get(MUTABLE_HASH, |_| true)
        .expect("the value is interned before the threads start");
    table.with_write_lock(MUTABLE_HASH, || {
        // SAFETY: under the shard's write lock (the `Sync` impl's rule).
        value.count.with_mut(|c| unsafe { *c += 1 });
    });
}

/// The body of `mutable_component_only_under_the_write_lock` (and of its
/// mutant test).
fn mutable_model() {
    let table = Arc::new(Table::<Mutable>::with_shards("model", 1));
    let _ = table.get_or_insert_with_outcome(
        MUTABLE_HASH,
        |_| true,
        |_| Mutable {
            count: UnsafeCell::new(0),
        },
    );
    let other = {
        let table = table.clone();
        thread::spawn(move || bump(&table))
    };
    bump(&table);
    other.join().unwrap();
    let value = table.get(MUTABLE_HASH, |_| true).unwrap();
    // SAFETY: under the shard's read lock (the `Sync` impl's rule).
    let count = table.with_read_lock(MUTABLE_HASH, || value.count.with(|c| unsafe { *c }));
    assert_eq!(count, 2, "a change of the mutable component was lost");
}

/// Two threads change the declared mutable component of one interned value
/// at once, each through `with_write_lock`. Targets every interleaving of
/// the two read-modify-write sequences: the shard's write lock orders them,
/// so loom sees no concurrent access and no change is lost.
///
/// Checks invariant 5.
#[test]
fn mutable_component_only_under_the_write_lock() {
    model::check("mutable_component_only_under_the_write_lock", mutable_model);
}

/// Invariant 5 broken: with `with_write_lock` running its closure without
/// taking the lock, the two changes are unordered, and loom's causality
/// checker reports "Causality violation: Concurrent write accesses to
/// `UnsafeCell`." (`rt/cell.rs`, `track_write`).
#[test]
#[should_panic(expected = "Causality violation: Concurrent write accesses to `UnsafeCell`")]
fn mutant_table_mutate_without_lock() {
    with_mutant(Mutant::TableMutateWithoutLock, || {
        model::check("mutant_table_mutate_without_lock", mutable_model)
    });
}

// ---------------------------------------------------------------------------
// PtrTable: caller-owned, reference-counted objects.

/// A reclaimable object: its key and strong count.
struct Obj {
    key: u64,
    strong: AtomicUsize,
}

const OBJ_HASH: u64 = 11;
const OBJ_KEY: u64 = 1;

/// The `hit` closure: an upgrade that fails on zero (invariant 6).
fn upgrade(p: NonNull<Obj>) -> PtrProbe<usize> {
    // SAFETY: an object is freed only after its entry has been removed or
    // replaced under the write lock, and this runs under the shard's lock,
    // so the entry's object is live.
    let obj = unsafe { p.as_ref() };
    if obj.key != OBJ_KEY {
        return PtrProbe::NoMatch;
    }
    // Relaxed: the CAS below revalidates.
    let mut n = obj.strong.load(Ordering::Relaxed);
    loop {
        if n == 0 {
            return PtrProbe::Dead;
        }
        // Relaxed: an increment from a live count protects no data (the
        // handle being copied keeps the object alive).
        match obj
            .strong
            .compare_exchange(n, n + 1, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => return PtrProbe::Match(p.as_ptr() as usize),
            Err(now) => n = now,
        }
    }
}

/// Takes a strong handle to the key's object, creating it if needed.
fn acquire(table: &PtrTable<Obj>) -> usize {
    table.get_or_insert_ptr(OBJ_HASH, upgrade, || {
        let p = into_raw(Obj {
            key: OBJ_KEY,
            strong: AtomicUsize::new(1),
        });
        (p, p.as_ptr() as usize)
    })
}

/// Drops a strong handle; the last one removes the entry (owner-checked)
/// and frees the object. Returns whether it freed.
fn release(table: &PtrTable<Obj>, addr: usize) -> bool {
    let p = NonNull::new(addr as *mut Obj).unwrap();
    // SAFETY: the caller holds a strong handle, so the object is live.
    let obj = unsafe { p.as_ref() };
    // AcqRel, and it pairs with itself: the Release half publishes this
    // handle's uses to the freeing thread; the Acquire half, when this is
    // the last handle, makes every
    // other handle's uses happen-before the free.
    if obj.strong.fetch_sub(1, Ordering::AcqRel) != 1 {
        return false;
    }
    table.remove_ptr(OBJ_HASH, p);
    // SAFETY: `p` came from `into_raw` for this type (1); the count reached
    // zero, so no handle is left and no upgrade can succeed; the entry is
    // gone (removed just now, or replaced under the write lock before), so
    // no lookup can reach the object; freed once, here, by the one thread
    // whose decrement reached zero (2).
    unsafe { drop_raw(p) };
    true
}

/// The body of `ptr_removal_keeps_a_replacement` (and of its mutant test).
fn ptr_removal_model() {
    // A leaked `&'static` rather than an `Arc`, so that the mutant's failed
    // assertion unwinds no frame holding a loom object (see
    // `reentry_model`).
    let table: &'static PtrTable<Obj> = Box::leak(Box::new(PtrTable::with_shards("model", 1)));
    let first = acquire(table);
    let dropper = thread::spawn(move || release(table, first));
    let getter = thread::spawn(move || acquire(table));
    let freed_first = dropper.join().unwrap();
    let got = getter.join().unwrap();
    // The getter still holds its handle, so its object must still be
    // findable, whatever happened to the first one.
    let found = table.get_ptr(OBJ_HASH, upgrade);
    // A failing model may leave objects live: `strata_sync::alloc`'s blocks
    // then fail the model cleanly (they used to abort the test binary, so
    // this check freed everything before it panicked).
    assert_eq!(
        found,
        Some(got),
        "the dead object's owner removed the entry of a live object"
    );
    assert!(!release(table, got), "the lookup above holds a handle");
    assert!(release(table, got), "the last handle frees");
    assert!(freed_first || got == first);
    assert!(table.is_empty());
}

/// The last handle to an object is dropped while another thread looks the
/// key up. Targets the interleaving in which the count reaches zero, the
/// lookup finds the dead entry and replaces it with a fresh object, and only
/// then does the dead object's owner call `remove_ptr`: the owner check must
/// leave the fresh entry alone. Every object is freed exactly once (loom's
/// allocation tracker), none leaks (its leak checker).
///
/// Checks invariant 6.
#[test]
fn ptr_removal_keeps_a_replacement() {
    model::check("ptr_removal_keeps_a_replacement", ptr_removal_model);
}

/// Invariant 6's owner check broken (the facade's `ReclaimNoOwnerCheck`,
/// guarded here in `PtrTable::remove_ptr`): the dead object's owner removes
/// whichever entry has its hash, which after a replacement is the live
/// object's.
#[test]
#[should_panic(expected = "the dead object's owner removed the entry of a live object")]
fn mutant_reclaim_no_owner_check() {
    with_mutant(Mutant::ReclaimNoOwnerCheck, || {
        model::check("mutant_reclaim_no_owner_check", ptr_removal_model)
    });
}

/// Two threads look up the same absent key in the reclaimable table.
/// Targets the interleaving in which both read probes miss: the second
/// writer's re-probe must find (and upgrade) the first one's object, so one
/// object is made and both threads hold it.
///
/// Checks invariant 3.
#[test]
fn ptr_same_key_one_object() {
    model::check("ptr_same_key_one_object", || {
        let table = Arc::new(PtrTable::<Obj>::with_shards("model", 2));
        let other = {
            let table = table.clone();
            thread::spawn(move || acquire(&table))
        };
        let mine = acquire(&table);
        let theirs = other.join().unwrap();
        assert_eq!(mine, theirs, "two objects for one key");
        assert!(!release(&table, mine));
        assert!(release(&table, theirs));
        assert!(table.is_empty());
    });
}
