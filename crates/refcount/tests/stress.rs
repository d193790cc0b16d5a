//! Stress tests of the refcount base outside loom: many real threads on few
//! cores, bounded by operation counts. They check what the loom models check
//! (the payload is dropped exactly once, never used after its drop, never
//! revived) under the hardware's own memory model, and the AddressSanitizer
//! run of the suite checks that the memory is freed exactly once.

#![cfg(not(strata_loom))]

use strata_refcount::{Ref, WeakRef};
use strata_sync::Arc;
use strata_sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use strata_sync::thread;

/// A payload that notices being used after its drop, or dropped twice.
struct Canary {
    /// True until the destructor runs.
    alive: AtomicBool,
    /// Counts destructor runs (shared with the test).
    drops: Arc<AtomicUsize>,
}

impl Canary {
    fn new(drops: &Arc<AtomicUsize>) -> Self {
        Canary {
            alive: AtomicBool::new(true),
            drops: Arc::clone(drops),
        }
    }

    /// Panics if the destructor has run. Relaxed is enough: a correct
    /// refcount makes the destructor's store happen-after this load (the
    /// caller's handle is released after it), so the load can never see it;
    /// a broken one may let it through, which is what this looks for.
    fn check(&self) {
        assert!(self.alive.load(Relaxed), "used a payload after its drop");
    }
}

impl Drop for Canary {
    fn drop(&mut self) {
        // Relaxed: see `check`; the swap's atomicity alone catches a second
        // drop.
        assert!(self.alive.swap(false, Relaxed), "payload dropped twice");
        // Counts drops; the joins order it before the test reads it.
        self.drops.fetch_add(1, Relaxed);
    }
}

const THREADS: usize = 16;

/// Sixteen threads hammer one object: clone and drop strong handles,
/// downgrade, upgrade (which must succeed, as each thread holds a strong
/// handle), clone and drop weak ones. The payload is dropped exactly once,
/// when the last strong handle goes, and never revived after.
#[test]
fn many_threads_clone_drop_upgrade_one_object() {
    const OPS: usize = 5_000;
    let drops = Arc::new(AtomicUsize::new(0));
    let root = Ref::new(Canary::new(&drops));
    let workers: Vec<_> = (0..THREADS)
        .map(|t| {
            let mine = root.clone();
            thread::spawn(move || {
                let weak = Ref::downgrade(&mine);
                for i in 0..OPS {
                    match (i + t) % 4 {
                        0 => {
                            let c = mine.clone();
                            c.check();
                        }
                        1 => {
                            let up = weak.upgrade().expect("alive: this thread holds it");
                            up.check();
                        }
                        2 => {
                            let w: WeakRef<Canary> = weak.clone();
                            assert!(w.strong_count() >= 1);
                        }
                        _ => {
                            let w = Ref::downgrade(&mine);
                            w.upgrade().expect("alive").check();
                        }
                    }
                }
                weak
            })
        })
        .collect();
    let weaks: Vec<WeakRef<Canary>> = workers.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(Ref::strong_count(&root), 1, "every worker's handle is gone");
    assert_eq!(Ref::weak_count(&root), THREADS, "the returned weak handles");
    assert_eq!(drops.load(Relaxed), 0);
    drop(root);
    assert_eq!(drops.load(Relaxed), 1, "the payload was not dropped once");
    assert!(
        weaks.iter().all(|w| w.upgrade().is_none()),
        "a dead object was revived"
    );
}

/// Round after round, eight threads upgrade their weak handles in a loop
/// (until an upgrade fails, or a bound) while the main thread drops the only
/// strong handle: every upgrade returns a live payload or `None`, the payload
/// is dropped exactly once per round, and once every thread is done no
/// upgrade succeeds.
#[test]
fn upgrades_race_the_last_drop() {
    const ROUNDS: usize = 50;
    const UPGRADERS: usize = 8;
    // A bound, not an expectation: overlapping upgrades may keep the object
    // alive for a while after the main thread's drop, and an upgrader may
    // finish before that drop.
    const ATTEMPTS: usize = 20_000;
    for _ in 0..ROUNDS {
        let drops = Arc::new(AtomicUsize::new(0));
        let started = Arc::new(AtomicUsize::new(0));
        let root = Ref::new(Canary::new(&drops));
        let upgraders: Vec<_> = (0..UPGRADERS)
            .map(|_| {
                let weak = Ref::downgrade(&root);
                let started = Arc::clone(&started);
                thread::spawn(move || {
                    // Counts started threads; pairs with nothing (the main
                    // thread only waits for the number).
                    started.fetch_add(1, Relaxed);
                    for _ in 0..ATTEMPTS {
                        match weak.upgrade() {
                            Some(r) => r.check(),
                            None => break,
                        }
                    }
                    weak
                })
            })
            .collect();
        // Let at least one upgrader start, so the drop races real upgrades.
        while started.load(Relaxed) == 0 {
            thread::yield_now();
        }
        drop(root);
        let weaks: Vec<WeakRef<Canary>> =
            upgraders.into_iter().map(|h| h.join().unwrap()).collect();
        // Every upgrader is done, so no strong handle is left.
        assert_eq!(drops.load(Relaxed), 1, "the payload was not dropped once");
        assert!(
            weaks.iter().all(|w| w.upgrade().is_none()),
            "a dead object was revived"
        );
    }
}

/// Two threads drop the last strong and the last weak handle of many objects
/// at the same time: the payload is dropped once and the block freed once
/// (the AddressSanitizer run reports a double free or a leak).
#[test]
fn last_weak_and_last_strong_drop_together() {
    const OBJECTS: usize = 2_000;
    let drops = Arc::new(AtomicUsize::new(0));
    let (strongs, weaks): (Vec<_>, Vec<_>) = (0..OBJECTS)
        .map(|_| {
            let r = Ref::new(Canary::new(&drops));
            let w = Ref::downgrade(&r);
            (r, w)
        })
        .unzip();
    let a = thread::spawn(move || drop(strongs));
    let b = thread::spawn(move || drop(weaks));
    a.join().unwrap();
    b.join().unwrap();
    assert_eq!(drops.load(Relaxed), OBJECTS);
}
