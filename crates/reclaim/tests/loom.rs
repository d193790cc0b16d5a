//! Loom models of the reclaim protocol (strata-reclaim), run
//! on the policy-generic core [`ReclaimTable`] that the facade's
//! reclaimable kinds are built on.
//!
//! Run with:
//!
//! ```text
//! RUSTFLAGS="--cfg strata_loom" LOOM_MAX_PREEMPTIONS=2 \
//!     cargo test --release -p strata-reclaim --test loom
//! ```
//!
//! Storages are allocated through `strata_sync::alloc`, so loom's leak
//! checker fails a model that forgets one ("Allocation leaked.") and its
//! allocation tracker fails a double free ("pointer not tracked"). Payloads
//! are read through the shim's `UnsafeCell`, so a payload dropped while a
//! handle on another thread may still read it is a causality violation.

#![cfg(strata_loom)]

use core::mem::transmute;
// Outcome tallies live outside the model (loom resets its own objects on
// every iteration), so they are plain std atomics.
use std::sync::atomic::{AtomicUsize as Seen, Ordering::Relaxed as Plain}; // tidy: allow (tallies across loom iterations must not be loom objects)

use strata_reclaim::{ReclaimTable, Strong};
use strata_sync::atomic::AtomicUsize;
use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::mutant::with_mutant;
use strata_sync::{Arc, Mutant, model, thread};

/// The one key of the models, and its hash.
const KEY: u32 = 7;
const HASH: u64 = 0x5eed;
/// The second key of the collision model: another key with the same hash.
const OTHER: u32 = 8;

/// What the model's payloads report: how many were made and, as a bit per
/// construction, which were dropped (a second drop of one sets no new bit
/// but counts, so both a leak and a double drop show).
#[derive(Default)]
struct Tally {
    made: AtomicUsize,
    drops: AtomicUsize,
    dropped_bits: AtomicUsize,
}

impl Tally {
    /// The latest values, read with read-modify-writes so that they are the
    /// last in each counter's modification order whatever the interleaving.
    fn now(&self) -> (usize, usize, usize) {
        (
            self.made.fetch_add(0, Relaxed),
            self.drops.fetch_add(0, Relaxed),
            self.dropped_bits.fetch_or(0, Relaxed),
        )
    }
}

/// A payload that reports its drop to the main thread's [`Tally`].
struct Probe {
    key: u32,
    /// Which construction this is (0 for the first).
    serial: usize,
    /// Points at the `Tally` inside the main thread's `Arc`, which is
    /// dropped only after every spawned thread is joined.
    tally: *const Tally,
}

// SAFETY: the pointee is made of atomics and outlives every thread of the
// model (see the field's invariant); sharing or sending the pointer only
// lets other threads make atomic updates to it.
unsafe impl Send for Probe {}
// SAFETY: as for `Send`.
unsafe impl Sync for Probe {}

impl Drop for Probe {
    fn drop(&mut self) {
        // SAFETY: the field's invariant: the tally is alive.
        let tally = unsafe { &*self.tally };
        tally.drops.fetch_add(1, Relaxed);
        tally.dropped_bits.fetch_or(1 << self.serial, Relaxed);
    }
}

type Table = ReclaimTable<Probe>;

/// Interns the model's key.
fn intern<'t>(table: &'t Table, tally: &Arc<Tally>) -> Strong<'t, Probe> {
    table.intern(HASH, |p| p.key == KEY, || make(tally, KEY))
}

/// Builds the next payload for `key`.
fn make(tally: &Arc<Tally>, key: u32) -> Probe {
    Probe {
        key,
        serial: tally.made.fetch_add(1, Relaxed),
        tally: &**tally,
    }
}

/// Lets a handle cross into a spawned model thread (loom has no scoped
/// threads).
///
/// # Safety
///
/// 1. The table the handle borrows stays alive, and in place, until the
///    thread that receives the handle has been joined (the models keep it in
///    an `Arc` the main thread drops last).
unsafe fn detach(h: Strong<'_, Probe>) -> Strong<'static, Probe> {
    // SAFETY: the two types differ only in the lifetime; by (1) the borrow
    // it stands for outlives every use of the handle.
    unsafe { transmute::<Strong<'_, Probe>, Strong<'static, Probe>>(h) }
}

/// What the main thread finds once a model's threads are joined: its handle
/// `h` (held across the race) must be to a storage of `key`, alive, the
/// table's live entry for that key, and no owner may have found a count
/// revived.
///
/// A model asserts only after its joins and after freeing everything: loom
/// tears a failed execution down outside the model, and a storage still
/// allocated then (tracked by `strata_sync::alloc`), or a loom object on a
/// suspended thread's stack, aborts the process instead of failing the test.
fn verdict_held(
    table: &Table,
    tally: &Tally,
    h: &Strong<'_, Probe>,
    key: u32,
) -> Result<(), String> {
    if table.memory().revived != 0 {
        return Err(format!(
            "revived a dead storage: the lookup took a handle (to storage #{}) after its count had reached zero",
            h.serial
        ));
    }
    if h.key != key || tally.now().2 & (1 << h.serial) != 0 {
        return Err("a lookup returned a storage whose payload was dropped".into());
    }
    let found = table.get(HASH, |p| p.key == key);
    if found.as_ref() != Some(h) {
        return Err("the live storage for a key was removed from the table".into());
    }
    Ok(())
}

/// What the main thread finds after every handle is gone: each storage made
/// was dropped exactly once, and the table is empty. (Loom's leak checker
/// then checks every storage was freed, and its tracker that none was freed
/// twice.)
fn verdict_all_reclaimed(table: &Table, tally: &Tally) -> Result<(), String> {
    let (made, drops, dropped) = tally.now();
    if let Some(kept) = (0..made).find(|serial| dropped & (1 << serial) == 0) {
        return Err(format!(
            "storage #{kept} outlived its last handle: {made} storages were made but {drops} payloads dropped (bits {dropped:b})"
        ));
    }
    if drops != made {
        return Err(format!(
            "a storage was released twice: {made} storages were made but {drops} payloads dropped"
        ));
    }
    let m = table.memory();
    if !table.is_empty() || m.live != 0 || m.reclaimed as usize != made {
        return Err(format!("a storage was not reclaimed: {m:?}"));
    }
    Ok(())
}

/// Ends a model: drops the main thread's handle (to a storage of `KEY`, or
/// of the key given), checks, frees the table, then reports the first
/// failure. (A macro, because the handle borrows the table that it drops.)
macro_rules! finish {
    ($table:ident, $tally:ident, $h:ident) => {
        finish!($table, $tally, $h, KEY)
    };
    ($table:ident, $tally:ident, $h:ident, $key:expr) => {{
        let held = verdict_held(&$table, &$tally, &$h, $key);
        drop($h);
        let end = verdict_all_reclaimed(&$table, &$tally);
        drop($table);
        drop($tally);
        if let Err(failure) = held.and(end) {
            panic!("{failure}");
        }
    }};
}

/// The body of `lookup_races_last_drop` (and of both mutant tests).
fn lookup_races_last_drop_model() {
    let table = Arc::new(Table::new("probe", 1, |_| 0));
    let tally = Arc::new(Tally::default());
    // SAFETY: (1) the table lives in an `Arc` whose last clone, the main
    // thread's, is dropped in `finish!`, after the dropper is joined.
    let h0 = unsafe { detach(intern(&table, &tally)) };
    let dropper = thread::spawn(move || drop(h0));
    // The lookup: it finds the storage alive (and takes a count before the
    // dropper's decrement), finds it dead (and replaces the entry with a
    // fresh storage, before or after the dropper removed its own), or finds
    // no entry (and inserts one).
    let h = intern(&table, &tally);
    dropper.join().unwrap();
    // The dropper's removal is over: it must have left a live storage alone.
    assert!(h.serial <= 1);
    finish!(table, tally, h);
}

/// A lookup races the drop of the last handle to its key: the lookup gets
/// the old storage (its count taken before the count reached zero) or a
/// fresh one (inserted, or replacing the dead entry); the dropper removes
/// its entry only if the entry is still its own, so the storage the lookup
/// holds stays in the table; every storage is dropped and freed exactly
/// once, and no payload is dropped while a handle may still read it.
/// Checks invariants 6 and 11 (every access through a handle or a lookup is
/// recorded, so a free not ordered after one fails the model).
#[test]
fn lookup_races_last_drop() {
    model::check("lookup_races_last_drop", lookup_races_last_drop_model);
}

/// Two threads drop the last two handles to a key while a third (the main
/// thread) looks the key up: exactly one of the droppers (or the lookup's
/// own drop, if it took a count first) owns the storage's removal; the
/// lookup's storage is alive and in the table; everything is freed once.
/// Checks invariants 6 and 11.
#[test]
fn two_last_drops_race_a_lookup() {
    model::check("two_last_drops_race_a_lookup", || {
        let table = Arc::new(Table::new("probe", 1, |_| 0));
        let tally = Arc::new(Tally::default());
        let h0 = intern(&table, &tally);
        let h1 = h0.clone();
        // SAFETY: (1) the table lives in an `Arc` the main thread drops in
        // `finish!`, after both joins below.
        let (h0, h1) = unsafe { (detach(h0), detach(h1)) };
        let a = thread::spawn(move || drop(h0));
        let b = thread::spawn(move || drop(h1));
        let h = intern(&table, &tally);
        a.join().unwrap();
        b.join().unwrap();
        finish!(table, tally, h);
    });
}

/// Two threads intern a new key at once and hold their handles: one of
/// them builds the storage and the other finds it (in the read probe or in
/// the re-probe under the write lock), so both hold the same storage; then
/// both drop it and it is freed once. Checks invariants 3 and 11.
#[test]
fn racing_interns_share_one_storage() {
    model::check("racing_interns_share_one_storage", || {
        let table = Arc::new(Table::new("probe", 1, |_| 0));
        let tally = Arc::new(Tally::default());
        let other = {
            let (table, tally) = (Arc::clone(&table), Arc::clone(&tally));
            thread::spawn(move || {
                // SAFETY: (1) the handle goes to the main thread (through
                // the join), which keeps its clone of the `Arc`ed `table`
                // alive until after it has dropped this handle.
                unsafe { detach(intern(&table, &tally)) }
            })
        };
        let mine = intern(&table, &tally);
        let theirs = other.join().unwrap();
        let shared = mine == theirs;
        drop(theirs);
        let made = tally.now().0;
        finish!(table, tally, mine);
        assert!(shared, "two live storages for one key");
        assert_eq!(made, 1, "a key was built twice");
    });
}

/// How often each outcome of a model occurred, across all its iterations.
struct Outcomes([Seen; 3]);

impl Outcomes {
    const fn new() -> Self {
        Outcomes([const { Seen::new(0) }; 3])
    }

    fn record(&self, outcome: usize) {
        self.0[outcome].fetch_add(1, Plain);
    }

    /// Asserts that every outcome in `expected` occurred at least once.
    fn assert_seen(&self, model: &str, expected: &[(usize, &str)]) {
        for &(outcome, what) in expected {
            assert!(
                self.0[outcome].load(Plain) > 0,
                "model `{model}` never explored the interleaving where {what}"
            );
        }
    }
}

/// The body of `colliding_lookup_races_last_drop` (and of its mutant
/// tests). The outcome is how many times the lookup compared the other
/// key's payload: in the read probe and again in the re-probe under the
/// write lock (2), in the read probe only (1: the dropper removed its entry
/// in between), or never (0: removed before the lookup began).
fn colliding_lookup_races_last_drop_model(seen: &Outcomes) {
    let table = Arc::new(Table::new("probe", 1, |_| 0));
    let tally = Arc::new(Tally::default());
    // SAFETY: (1) the table lives in an `Arc` whose last clone, the main
    // thread's, is dropped in `finish!`, after the dropper is joined.
    let h0 = unsafe { detach(intern(&table, &tally)) };
    let dropper = thread::spawn(move || drop(h0));
    // The lookup of the other key, under the same hash: every entry it
    // meets before it inserts its own is the dropper's, a mismatch, live or
    // dead or on its way out.
    let mut compared = 0;
    let h = table.intern(
        HASH,
        |p| {
            if p.key == OTHER {
                return true;
            }
            compared += 1;
            false
        },
        || make(&tally, OTHER),
    );
    dropper.join().unwrap();
    // The lookup holds the only handle left, so once it is dropped every
    // storage must have been released, each once: the dropper's by the
    // dropper (or by whoever ends up with its last reference), the
    // lookup's by the lookup. `finish!` checks that before the table's drop
    // could free a storage still in it.
    seen.record(compared);
    finish!(table, tally, h, OTHER);
}

/// One key's last handle is dropped while a lookup of another key with the
/// same hash runs: the lookup compares the dying key's payload under the
/// shard's lock (in its read probe, in its re-probe under the write lock,
/// or both) and passes over it, or finds its entry already removed; it
/// inserts its own storage beside the dying entry; the dropper's removal
/// takes out its own entry only. Once the lookup's handle is dropped too,
/// each of the two storages has been released exactly once, by its last
/// handle, not by the table's drop (the leak check runs before it): a
/// reference the lookup took and gave back on the mismatch would have to
/// be the one that releases. All three outcomes (two comparisons, one, none)
/// occur. Checks invariants 6 and 11.
#[test]
fn colliding_lookup_races_last_drop() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "colliding_lookup_races_last_drop";
    model::check(name, || colliding_lookup_races_last_drop_model(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (
                2,
                "the lookup compares the dying storage in both of its probes",
            ),
            (
                1,
                "the dropper removes its entry between the lookup's two probes",
            ),
            (0, "the dropper removes its entry before the lookup begins"),
        ],
    );
}

/// Breaks the release of a colliding storage (invariant 6): the lookup
/// upgrades the other key's entry before comparing it and keeps the
/// reference on the mismatch, so the dropper's decrement is not the last
/// and nothing releases that storage; the model fails with "storage #0
/// outlived its last handle".
#[test]
#[should_panic(expected = "storage #0 outlived its last handle")]
fn mutant_reclaim_mismatch_keeps_ref() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::ReclaimMismatchKeepsRef, || {
        model::check("mutant_reclaim_mismatch_keeps_ref", || {
            colliding_lookup_races_last_drop_model(&SEEN)
        })
    });
}

/// Breaks the release of a colliding storage (invariant 6) only in one
/// interleaving: the lookup upgrades the other key's entry before comparing
/// it and gives the reference back with a bare decrement; when the
/// dropper's decrement comes between the upgrade and the give-back, the
/// give-back is the last release and releases nothing, and the model fails
/// with "storage #0 outlived its last handle".
#[test]
#[should_panic(expected = "storage #0 outlived its last handle")]
fn mutant_reclaim_mismatch_give_back_unreleased() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::ReclaimMismatchGiveBackUnreleased, || {
        model::check("mutant_reclaim_mismatch_give_back_unreleased", || {
            colliding_lookup_races_last_drop_model(&SEEN)
        })
    });
}

/// Breaks the owner check of the last drop (the dropper removes whichever
/// entry has its key, instead of only its own): when the lookup has
/// replaced the dead entry with a fresh storage before the dropper's
/// removal, the removal takes the fresh, live storage out of the table, and
/// the model fails with "the live storage for a key was removed from the
/// table".
#[test]
#[should_panic(expected = "the live storage for a key was removed from the table")]
fn mutant_reclaim_no_owner_check() {
    with_mutant(Mutant::ReclaimNoOwnerCheck, || {
        model::check(
            "mutant_reclaim_no_owner_check",
            lookup_races_last_drop_model,
        )
    });
}

/// Breaks invariant 6 (a strong count that reached zero is never revived):
/// the lookup increments the count with a plain `fetch_add`, so between the
/// dropper's decrement to zero and its removal the lookup takes a handle to
/// a storage the dropper is about to free. The dropper's check after the
/// removal sees the count off zero, backs off instead of freeing (so the
/// model stays memory-safe) and counts it; the model fails with "revived a
/// dead storage".
#[test]
#[should_panic(expected = "revived a dead storage")]
fn mutant_reclaim_revive() {
    with_mutant(Mutant::ReclaimRevive, || {
        model::check("mutant_reclaim_revive", lookup_races_last_drop_model)
    });
}
