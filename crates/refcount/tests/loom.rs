//! Loom models of the refcount base (invariant 6 in `docs/ARCHITECTURE.md`): the destructor
//! sees every write made through every handle, the payload is dropped once
//! and the memory freed once, a dead object is never revived, and the
//! installed marker hands over exactly once.
//!
//! Every heap block is allocated through `strata_sync::alloc` (that is what
//! `Ref::new` does), so loom tracks it: a model that leaks it fails with
//! "Allocation leaked.", and every access through a handle (`Deref`, the
//! header's counts) is recorded, so a free that is not ordered after another
//! thread's access fails with `strata_sync::alloc::FREE_RACE`.

#![cfg(strata_loom)]

use core::mem::ManuallyDrop;

use std::sync::atomic::{AtomicUsize as Tally, Ordering::Relaxed as Plain}; // tidy: allow (tallies across loom iterations must not be loom objects)

use strata_refcount::Ref;
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::mutant::with_mutant;
use strata_sync::{Arc, Mutant, UnsafeCell, model, thread};

/// A payload that one thread writes through its shared handle (in the cell)
/// and whose destructor reads back, so loom's causality checker flags a
/// destructor that does not happen-after that write.
struct Written {
    /// Written once, by the thread that owns the writer's handle, before it
    /// drops that handle; read once, by the destructor.
    cell: UnsafeCell<usize>,
    /// Counts destructor runs.
    drops: Arc<AtomicUsize>,
}

// SAFETY: the cell is written by one thread before it releases its handle and
// read only in the destructor, after every handle is released; the refcount's
// orderings (the subject of these models) are what make that sound, and loom
// checks every access.
unsafe impl Sync for Written {}

impl Drop for Written {
    fn drop(&mut self) {
        // SAFETY: see the `Sync` impl: this is the only read, and the write
        // happened through a handle released before the last one.
        let seen = self.cell.with(|p| unsafe { *p });
        assert_eq!(seen, 1, "the destructor ran before the writer's write");
        // Counts drops; the joins in the model order it before the check.
        self.drops.fetch_add(1, Relaxed);
    }
}

/// The body of `clone_drop_sees_every_write` (and of its mutant test).
fn clone_drop_model() {
    let drops = Arc::new(AtomicUsize::new(0));
    let r = Ref::new(Written {
        cell: UnsafeCell::new(0),
        drops: drops.clone(),
    });
    let writer = {
        let r = r.clone();
        thread::spawn(move || {
            // SAFETY: the only write to the cell; see `Written`.
            r.cell.with_mut(|p| unsafe { *p = 1 });
            drop(r);
        })
    };
    let cloner = {
        let r = r.clone();
        thread::spawn(move || {
            let again = r.clone();
            drop(r);
            drop(again);
        })
    };
    drop(r);
    writer.join().unwrap();
    cloner.join().unwrap();
    assert_eq!(drops.load(Relaxed), 1, "the payload was not dropped once");
}

/// Three threads clone and drop handles to one object while one of them has
/// written through its handle: whichever drops the last handle runs the
/// destructor, which must see that write (the Release decrement of the
/// writer, then the Acquire fence of the last dropper), and the payload is
/// dropped exactly once and the block freed exactly once (loom's leak and
/// double-free checks).
///
/// Checks invariants 6 and 11.
#[test]
fn clone_drop_sees_every_write() {
    model::check("clone_drop_sees_every_write", clone_drop_model);
}

/// Breaks invariant 6 (the decrement is Release and the last one is followed
/// by an Acquire fence): with a Relaxed decrement and no fence, a thread that
/// drops the last handle runs the destructor without happening-after the
/// writer's write, and loom reports the destructor's read of the cell as
/// "Causality violation: Concurrent read and write accesses."
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_refcount_relaxed_decrement() {
    with_mutant(Mutant::RefcountRelaxedDecrement, || {
        model::check("mutant_refcount_relaxed_decrement", clone_drop_model)
    });
}

/// A payload that counts its drops through a pointer to a counter the model's
/// main thread owns. It owns nothing itself, so that even the mutant's double
/// drop is harmless and the failure is the model's own assertion.
struct Counted {
    /// Points at the `AtomicUsize` inside the main thread's `Arc`, which is
    /// dropped only after every spawned thread is joined.
    drops: *const AtomicUsize,
}

// SAFETY: the pointee is an atomic that outlives every thread of the model
// (see the field's invariant); sharing or sending the pointer only lets other
// threads make atomic updates to it.
unsafe impl Send for Counted {}
// SAFETY: as for `Send`.
unsafe impl Sync for Counted {}

impl Counted {
    /// The drops counted so far, read with a read-modify-write so that it is
    /// the latest value in the counter's modification order, whatever the
    /// interleaving (a plain Relaxed load could return an older one).
    fn drops_now(&self) -> usize {
        // SAFETY: the field's invariant: the counter is alive.
        unsafe { &*self.drops }.fetch_add(0, Relaxed)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        // SAFETY: the field's invariant: the counter is alive. Counts drops;
        // the check reads it after the joins.
        unsafe { &*self.drops }.fetch_add(1, Relaxed);
    }
}

/// The body of `upgrade_races_last_drop` (and of its mutant test).
fn upgrade_model() {
    let drops = Arc::new(AtomicUsize::new(0));
    let r = Ref::new(Counted {
        drops: &*drops as *const AtomicUsize,
    });
    let w = Ref::downgrade(&r);
    // A weak handle the main thread keeps to the end, so the block outlives
    // both spawned threads even if a mutant miscounts, and the model can look
    // at the object once they are done. `ManuallyDrop` so that a failed
    // assertion does not drop it into a block a mutant may have freed.
    let keep = ManuallyDrop::new(Ref::downgrade(&r));
    let dropper = thread::spawn(move || drop(r));
    let upgrader = thread::spawn(move || {
        let saw_dead = w.upgrade().map(|r2| r2.drops_now() != 0);
        drop(w);
        saw_dead
    });
    dropper.join().unwrap();
    let saw_dead = upgrader.join().unwrap();
    assert_ne!(
        saw_dead,
        Some(true),
        "revived a dead object: upgrade returned a handle to a dropped payload"
    );
    let n = drops.load(Relaxed);
    assert_eq!(
        n, 1,
        "revived a dead object: the payload was dropped {n} times"
    );
    let keep = ManuallyDrop::into_inner(keep);
    assert!(keep.upgrade().is_none(), "a dead object was upgraded");
    drop(keep);
}

/// An upgrade races the drop of the last strong handle: the upgrade returns
/// `None`, or a handle to a payload that is not dropped while it is held; the
/// payload is dropped exactly once, a later upgrade fails, and the block is
/// freed exactly once.
///
/// Checks invariant 6.
#[test]
fn upgrade_races_last_drop() {
    model::check("upgrade_races_last_drop", upgrade_model);
}

/// Breaks invariant 6 (a strong count that reached zero is never revived):
/// an upgrade by `fetch_add` moves the count from zero to one after the
/// payload was dropped, so the upgrader either sees the drop through its new
/// handle or, releasing that handle, drops the payload a second time; the
/// model fails with "revived a dead object".
#[test]
#[should_panic(expected = "revived a dead object")]
fn mutant_refcount_upgrade_fetch_add() {
    with_mutant(Mutant::RefcountUpgradeFetchAdd, || {
        model::check("mutant_refcount_upgrade_fetch_add", upgrade_model)
    });
}

/// The last weak handle is dropped while the last strong handle is: the
/// strong side drops the payload and releases its collective weak reference,
/// and exactly one of the two decrements of the weak count frees the block
/// (loom's allocation tracking fails a missing free with "Allocation
/// leaked." and a double free as the file's opening comment says).
///
/// Checks invariants 6 and 11: whichever thread frees the block, the other
/// thread's accesses to it (its handle's counts) happen-before the free
/// (`strata_sync::alloc`'s free check). The model asserts that the strong
/// thread found the weak handle both still there and already gone when it
/// released its own (the second is the order in which the strong side frees
/// the block; the mutant test below shows loom reaching the other).
#[test]
fn weak_drop_races_strong_drop() {
    WEAK_FREED.store(0, Plain);
    STRONG_FREED.store(0, Plain);
    model::check("weak_drop_races_strong_drop", weak_strong_model);
    assert!(
        WEAK_FREED.load(Plain) > 0 && STRONG_FREED.load(Plain) > 0,
        "the model never explored both orders of the last releases"
    );
}

// What the strong thread saw of the weak handle at its release, across the
// iterations of one model run (plain std atomics: loom resets its own
// objects on every iteration): gone (so the strong side frees the block) or
// still there.
static WEAK_FREED: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)
static STRONG_FREED: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)

/// The body of `weak_drop_races_strong_drop` (and of its mutant test).
fn weak_strong_model() {
    let drops = Arc::new(AtomicUsize::new(0));
    let r = Ref::new(Counted {
        drops: &*drops as *const AtomicUsize,
    });
    let w = Ref::downgrade(&r);
    let strong = thread::spawn(move || {
        // The weak count after this thread's release tells whether the
        // weak handle was already gone (then this thread freed the block).
        let weak_left = Ref::weak_count(&r);
        drop(r);
        weak_left
    });
    let weak = thread::spawn(move || drop(w));
    let weak_left = strong.join().unwrap();
    weak.join().unwrap();
    assert_eq!(drops.load(Relaxed), 1, "the payload was not dropped once");
    if weak_left == 0 {
        STRONG_FREED.fetch_add(1, Plain);
    } else {
        WEAK_FREED.fetch_add(1, Plain);
    }
}

/// Breaks invariant 11 (every free happens-after every access to the freed
/// block): with a Relaxed weak decrement, the strong side's release of its
/// collective weak reference no longer publishes its accesses to the block
/// (the header's counts, read and written by `drop`), so when the weak
/// handle's drop is the last one it frees the block unordered with them. The
/// payload holds no loom cell the free would touch: only the free check of
/// `strata_sync::alloc` sees it.
#[test]
#[should_panic(
    expected = "strata_sync::alloc: a block was freed while another thread's access to it was not ordered before the free"
)]
fn mutant_refcount_weak_relaxed_decrement() {
    with_mutant(Mutant::RefcountWeakRelaxedDecrement, || {
        model::check("mutant_refcount_weak_relaxed_decrement", weak_strong_model)
    });
}

/// One thread writes through its handle and then sets the installed marker,
/// while two others race to clear it: a clearer that sees the marker set
/// reads the write (the AcqRel swaps hand it over; the causality checker
/// verifies it), and the set is consumed by at most one clearer, or is
/// still pending at the end.
///
/// Checks invariant 13.
#[test]
fn installed_marker_hands_over_once() {
    model::check("installed_marker_hands_over_once", || {
        let drops = Arc::new(AtomicUsize::new(0));
        let r = Ref::new(Written {
            cell: UnsafeCell::new(0),
            drops: drops.clone(),
        });
        let setter = {
            let r = r.clone();
            thread::spawn(move || {
                // SAFETY: the only write to the cell; see `Written`.
                r.cell.with_mut(|p| unsafe { *p = 1 });
                assert!(!Ref::counts(&r).set_installed(), "set twice");
            })
        };
        let clear = |r: &Ref<Written>| -> usize {
            if Ref::counts(r).clear_installed() {
                // SAFETY: the swap that saw the marker set synchronised with
                // the setter's swap, which came after its write.
                let seen = r.cell.with(|p| unsafe { *p });
                assert_eq!(seen, 1, "the clearer missed the setter's write");
                1
            } else {
                0
            }
        };
        let clearer = {
            let r = r.clone();
            thread::spawn(move || clear(&r))
        };
        let mine = clear(&r);
        setter.join().unwrap();
        let theirs = clearer.join().unwrap();
        let pending = usize::from(Ref::counts(&r).is_installed());
        assert_eq!(
            mine + theirs + pending,
            1,
            "the set was not handed over once"
        );
        drop(r);
        assert_eq!(drops.load(Relaxed), 1);
    });
}
