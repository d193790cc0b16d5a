//! The shim's API outside loom, one behaviour per test: what each wrapper
//! returns, what its `Debug` prints, when a `try_*` refuses. The layers rely
//! on every one of these (a `try_read` that always refused would turn every
//! table lookup into a re-entrancy panic), and their own tests reach them
//! only through several layers of code.

#![cfg(not(strata_loom))]

use std::cell::Cell;
use std::rc::Rc;

use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::policy::{
    ArcApi, AtomicFlag, AtomicPointer, Local, LocalSwap, MutexApi, OnceApi, Policy, RwLockApi,
    Shared, SwapCell,
};
use strata_sync::{Arc, ArcSwap, Mutant, Mutex, OnceGate, RwLock, mutant, thread};

#[test]
fn mutex_try_lock_succeeds_when_free_and_refuses_when_held() {
    let m = Mutex::new(7);
    {
        let g = m.try_lock().expect("a free mutex refused try_lock");
        assert_eq!(*g, 7);
        assert!(m.try_lock().is_none(), "a held mutex was locked twice");
        assert_eq!(format!("{g:?}"), "7");
    }
    assert!(m.try_lock().is_some(), "the guard's drop did not unlock");
    assert_eq!(format!("{m:?}"), "Mutex { .. }");
}

/// A reader that holds the lock while a writer waits: a plain read would
/// queue behind the writer (`try_read` refuses), a recursive read is
/// granted at once; the writer gets the lock once both readers are gone.
#[test]
fn a_recursive_read_does_not_queue_behind_a_waiting_writer() {
    let l = RwLock::new(1u32);
    let first = l.read();
    std::thread::scope(|s| {
        let writer = s.spawn(|| *l.write() += 1);
        let start = std::time::Instant::now();
        while l.try_read().is_some() {
            assert!(!writer.is_finished(), "the writer got past a reader");
            if start.elapsed() > std::time::Duration::from_secs(30) {
                // Let the writer through first, so that the scope can join
                // it while this thread unwinds.
                drop(first);
                panic!(
                    "hung: after 30 s the writer was still not waiting for the lock \
                     (`try_read` kept granting readers), so a recursive read could \
                     not be tried against a waiting writer"
                );
            }
            std::thread::yield_now();
        }
        let second = RwLockApi::read_recursive(&l);
        assert_eq!((*first, *second), (1, 1));
        drop(second);
        drop(first);
    });
    assert_eq!(*l.read(), 2);
    // The single-threaded stand-in nests reads too.
    let local = <Local as Policy>::RwLock::<u32>::new(5);
    let a = local.read();
    let b = local.read_recursive();
    assert_eq!(*a + *b, 10);
}

#[test]
fn rwlock_try_read_and_try_write_follow_reader_writer_rules() {
    let l = RwLock::new(String::from("v"));
    {
        let r = l.try_read().expect("a free lock refused a reader");
        assert!(l.try_read().is_some(), "a second reader was refused");
        assert!(l.try_write().is_none(), "a writer got in beside a reader");
        assert_eq!(format!("{r:?}"), "\"v\"");
    }
    {
        let mut w = l.try_write().expect("a free lock refused a writer");
        w.push('w');
        assert!(l.try_read().is_none(), "a reader got in beside a writer");
        assert!(l.try_write().is_none(), "two writers at once");
        assert_eq!(format!("{w:?}"), "\"vw\"");
    }
    assert_eq!(*l.read(), "vw");
    assert!(format!("{l:?}").starts_with("RwLock"));
}

#[test]
fn local_lock_try_methods_refuse_only_a_conflicting_borrow() {
    let l = <Local as Policy>::RwLock::new(1);
    {
        let _r = RwLockApi::try_read(&l).expect("a free local lock refused a reader");
        assert!(RwLockApi::try_read(&l).is_some());
        assert!(RwLockApi::try_write(&l).is_none());
    }
    {
        let _w = RwLockApi::try_write(&l).expect("a free local lock refused a writer");
        assert!(RwLockApi::try_read(&l).is_none());
    }
    let m = <Local as Policy>::Mutex::new(2);
    {
        let g = MutexApi::try_lock(&m).expect("a free local mutex refused try_lock");
        assert_eq!(*g, 2);
        assert!(MutexApi::try_lock(&m).is_none());
    }
    assert!(MutexApi::try_lock(&m).is_some());
}

#[test]
fn once_gate_get_sees_the_published_value() {
    let gate = OnceGate::new();
    assert_eq!(gate.get(), None);
    assert_eq!(format!("{gate:?}"), "OnceGate(None)");
    assert_eq!(*gate.get_or_init(|| 5), 5);
    assert_eq!(gate.get(), Some(&5));
    assert_eq!(format!("{gate:?}"), "OnceGate(Some(5))");
    // Through the policy trait too.
    let g = <Shared as Policy>::Once::<u8>::new();
    OnceApi::get_or_init(&g, || 3);
    assert_eq!(OnceApi::get(&g), Some(&3));
    let l = <Local as Policy>::Once::<u8>::new();
    OnceApi::get_or_init(&l, || 4);
    assert_eq!(OnceApi::get(&l), Some(&4));
}

/// Counts its drops.
struct Counted(Rc<Cell<usize>>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}

#[test]
fn once_gate_drops_its_value_once_and_an_empty_gate_nothing() {
    let drops = Rc::new(Cell::new(0));
    let gate = OnceGate::new();
    gate.get_or_init(|| Counted(Rc::clone(&drops)));
    // A second initialiser never runs, so it drops nothing either.
    gate.get_or_init(|| Counted(Rc::clone(&drops)));
    assert_eq!(drops.get(), 0);
    drop(gate);
    assert_eq!(
        drops.get(),
        1,
        "the gate's value was not dropped exactly once"
    );
    let empty: OnceGate<Counted> = OnceGate::new();
    drop(empty);
    assert_eq!(drops.get(), 1);
}

fn swap_cell<C: SwapCell<Vec<u8>>>() {
    let c = C::new(vec![1]);
    let old = c.load();
    c.store(vec![2]);
    assert_eq!(*c.load(), vec![2]);
    assert_eq!(*old, vec![1], "a snapshot changed under its reader");
    c.update(|v| v.iter().map(|x| x * 10).collect());
    assert_eq!(*c.load(), vec![20]);
}

#[test]
fn swap_cells_store_and_update_for_both_policies() {
    swap_cell::<ArcSwap<Vec<u8>>>();
    swap_cell::<LocalSwap<Vec<u8>>>();
    assert_eq!(format!("{:?}", LocalSwap::new(3)), "LocalSwap(3)");
}

#[test]
fn arc_swap_store_swap_and_debug() {
    let s = ArcSwap::from_value(1);
    s.store(Arc::new(2));
    assert_eq!(*s.load(), 2);
    assert_eq!(*s.swap(Arc::new(3)), 2);
    assert_eq!(*s.load_full(), 3);
    assert_eq!(format!("{s:?}"), "ArcSwap(3)");
    assert_eq!(format!("{:?}", s.load()), "3");
}

#[test]
fn local_flags_and_pointers_keep_what_is_stored() {
    // Through the traits: `Cell`'s own `swap` would shadow the method.
    let f: <Local as Policy>::AtomicBool = AtomicFlag::new(false);
    assert!(!AtomicFlag::load(&f, Relaxed));
    AtomicFlag::store(&f, true, Relaxed);
    assert!(AtomicFlag::load(&f, Relaxed));
    assert!(
        AtomicFlag::swap(&f, false, Relaxed),
        "swap returned the wrong old value"
    );
    assert!(!AtomicFlag::swap(&f, true, Relaxed));
    assert!(AtomicFlag::load(&f, Relaxed));

    let (mut a, mut b) = (1u8, 2u8);
    let (pa, pb): (*mut u8, *mut u8) = (&mut a, &mut b);
    let p: <Local as Policy>::AtomicPtr<u8> = AtomicPointer::new(pa);
    AtomicPointer::store(&p, pb, Relaxed);
    assert_eq!(AtomicPointer::load(&p, Relaxed), pb);
    assert_eq!(AtomicPointer::swap(&p, pa, Relaxed), pb);
    assert_eq!(AtomicPointer::load(&p, Relaxed), pa);
}

fn counted_handles<A: ArcApi<u8>>() {
    let a = A::new(1);
    assert_eq!(A::strong_count(&a), 1);
    let b = a.clone();
    assert_eq!(A::strong_count(&a), 2);
    assert!(A::ptr_eq(&a, &b));
    assert!(!A::ptr_eq(&a, &A::new(1)), "two allocations compared equal");
    drop(b);
    assert_eq!(A::strong_count(&a), 1);
}

#[test]
fn shared_handles_count_and_compare_by_address() {
    counted_handles::<Arc<u8>>();
    counted_handles::<Rc<u8>>();
}

#[test]
fn no_mutant_is_on_outside_loom_and_each_prints_its_name() {
    assert!(!Mutant::ALL.is_empty());
    for &m in Mutant::ALL {
        assert!(!mutant(m), "{m} is switched on outside loom");
        assert_eq!(format!("{m}"), m.name());
        assert_eq!(format!("{m:?}"), m.name());
        assert!(!m.name().is_empty());
    }
}

#[test]
fn thread_tokens_are_nonzero_stable_and_distinct_between_live_threads() {
    let mine = thread::token();
    assert_ne!(mine, 0);
    assert_eq!(thread::token(), mine, "a thread's token changed");
    let (tx, rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let other = std::thread::spawn(move || {
        tx.send(thread::token()).unwrap();
        // Stay alive until the main thread has compared: tokens are unique
        // only among threads alive at once.
        done_rx.recv().unwrap();
    });
    let theirs = rx.recv().unwrap();
    assert_ne!(theirs, 0);
    assert_ne!(theirs, mine, "two live threads share a token");
    done_tx.send(()).unwrap();
    other.join().unwrap();
}
