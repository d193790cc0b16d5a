//! Tests of the policies, the once-gate and the locks outside loom.

#![cfg(not(strata_loom))]

use strata_sync::atomic::Ordering;
use strata_sync::policy::{
    AtomicInt, AtomicPointer, Local, MutexApi, OnceApi, Policy, RwLockApi, Shared,
};
use strata_sync::{OnceGate, RwLock, thread};

fn exercise<P: Policy>() {
    let c = P::AtomicUsize::new(5);
    assert_eq!(c.fetch_add(2, Ordering::Relaxed), 5);
    assert_eq!(c.fetch_sub(1, Ordering::Relaxed), 7);
    // The orderings below exercise the API on one thread: each pairs with
    // nothing.
    assert_eq!(
        c.compare_exchange(6, 9, Ordering::AcqRel, Ordering::Acquire),
        Ok(6)
    );
    assert_eq!(
        c.compare_exchange(6, 1, Ordering::AcqRel, Ordering::Acquire),
        Err(9)
    );
    assert_eq!(c.swap(3, Ordering::Relaxed), 9);
    assert_eq!(c.fetch_or(4, Ordering::Relaxed), 3);
    assert_eq!(c.fetch_and(1, Ordering::Relaxed), 7);
    assert_eq!(c.load(Ordering::Relaxed), 1);

    let mut x = 1u32;
    let p = P::AtomicPtr::<u32>::new(std::ptr::null_mut());
    // One thread again: each ordering pairs with nothing.
    assert!(
        p.compare_exchange(
            std::ptr::null_mut(),
            &mut x,
            Ordering::AcqRel,
            Ordering::Acquire
        )
        .is_ok()
    );
    // Pairs with the compare-and-swap above, on the same thread.
    assert_eq!(p.load(Ordering::Acquire), &mut x as *mut u32);

    let lock = P::RwLock::new(vec![1]);
    lock.write().push(2);
    assert_eq!(*lock.read(), vec![1, 2]);
    {
        let _r = lock.read();
        assert!(
            lock.try_write().is_none(),
            "a writer got in beside a reader"
        );
    }
    let m = P::Mutex::new(0);
    *m.lock() += 1;
    assert_eq!(*m.lock(), 1);

    let once = P::Once::<String>::new();
    assert!(once.get().is_none());
    assert_eq!(once.get_or_init(|| "a".into()), "a");
    assert_eq!(once.get_or_init(|| "b".into()), "a");
}

#[test]
fn both_policies_behave_alike() {
    exercise::<Shared>();
    exercise::<Local>();
}

#[test]
#[should_panic(expected = "a single-threaded lock was re-entered")]
fn local_lock_reentry_is_a_clear_panic() {
    let lock = <Local as Policy>::RwLock::new(0);
    let _w = lock.write();
    let _r = lock.read();
}

#[test]
fn once_gate_initialises_once_across_threads() {
    let gate = OnceGate::<usize>::new();
    let runs = RwLock::new(0);
    let seen: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                let (gate, runs) = (&gate, &runs);
                s.spawn(move || {
                    *gate.get_or_init(|| {
                        *runs.write() += 1;
                        i
                    })
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(seen.iter().all(|&v| v == seen[0]));
    assert_eq!(*runs.read(), 1);
}

#[test]
fn once_gate_survives_a_panicking_initialiser() {
    let gate = OnceGate::<usize>::new();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        gate.get_or_init(|| panic!("boom"));
    }));
    assert!(r.is_err());
    assert!(gate.get().is_none());
    assert_eq!(*gate.get_or_init(|| 3), 3);
}

#[test]
fn thread_tokens_differ_between_live_threads() {
    let mine = thread::token();
    let theirs = thread::spawn(thread::token).join().unwrap();
    assert_ne!(mine, 0);
    assert_eq!(mine, thread::token());
    // Both threads were alive at the same time only briefly; what matters is
    // that a live thread never sees another live thread's token, and the main
    // thread is alive throughout.
    assert_ne!(mine, theirs);
}
