//! Loom models of the shim's own stand-ins: the once-gate and the swappable
//! `Arc`. (The mapping of every other primitive to loom is exercised by each
//! layer's models.)

#![cfg(strata_loom)]

use strata_sync::atomic::{AtomicUsize, Ordering};
use strata_sync::{Arc, ArcSwap, Mutant, OnceGate, UnsafeCell, model, mutant, thread};

/// Two threads race to initialise one gate: the initialiser runs exactly
/// once, and both threads see every write it made (the causality checker
/// reads the cell the initialiser wrote).
///
/// Checks invariant 13: of the racing callers exactly one runs the
/// initialiser, and every caller sees its value.
#[test]
fn once_gate_runs_once_and_publishes() {
    model::check("once_gate_runs_once_and_publishes", || {
        let gate = Arc::new(OnceGate::<UnsafeCell<usize>>::new());
        let runs = Arc::new(AtomicUsize::new(0));
        let spawn = |gate: Arc<OnceGate<UnsafeCell<usize>>>, runs: Arc<AtomicUsize>| {
            thread::spawn(move || {
                let cell = gate.get_or_init(|| {
                    // Counts initialiser runs; the mutex orders it.
                    runs.fetch_add(1, Ordering::Relaxed);
                    UnsafeCell::new(7)
                });
                // SAFETY: the cell is never written after publication.
                cell.with(|p| assert_eq!(unsafe { *p }, 7));
            })
        };
        let a = spawn(gate.clone(), runs.clone());
        let b = spawn(gate.clone(), runs.clone());
        a.join().unwrap();
        b.join().unwrap();
        assert_eq!(runs.load(Ordering::Relaxed), 1, "initialiser ran twice");
    });
}

/// A reader loads while a writer swaps in a new version: the reader sees the
/// old version or the new one, whole.
///
/// Checks invariant 7 for the loom stand-in of `ArcSwap` (the handler stack
/// lives in one): a load sees a whole version.
#[test]
fn arc_swap_is_all_or_nothing() {
    model::check("arc_swap_is_all_or_nothing", || {
        let cell = Arc::new(ArcSwap::from_value((1usize, 1usize)));
        let writer = {
            let cell = cell.clone();
            thread::spawn(move || cell.store(Arc::new((2, 2))))
        };
        let seen = *cell.load();
        assert!(seen == (1, 1) || seen == (2, 2), "torn version {seen:?}");
        writer.join().unwrap();
        assert_eq!(*cell.load(), (2, 2));
    });
}

/// The mutant switch is scoped to the model run that asked for it, and seen
/// by every loom thread of that model (they run on the calling OS thread),
/// whichever of two racing threads reads it first.
#[test]
fn switch_is_scoped_to_its_model() {
    assert!(!mutant(Mutant::TableNoReprobe));
    strata_sync::mutant::with_mutant(Mutant::TableNoReprobe, || {
        model::check("switch_is_scoped_to_its_model", || {
            let seen = Arc::new(AtomicUsize::new(0));
            let t = {
                let seen = seen.clone();
                thread::spawn(move || {
                    assert!(mutant(Mutant::TableNoReprobe));
                    // Counts readers; the join orders it.
                    seen.fetch_add(1, Ordering::Relaxed);
                })
            };
            assert!(mutant(Mutant::TableNoReprobe));
            assert!(!mutant(Mutant::TableNoReentrancyCheck));
            seen.fetch_add(1, Ordering::Relaxed);
            t.join().unwrap();
            assert_eq!(seen.load(Ordering::Relaxed), 2);
        });
    });
    assert!(!mutant(Mutant::TableNoReprobe));
}
