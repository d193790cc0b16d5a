//! Thread exit frees that thread's cache and nothing else.
//!
//! A counting global allocator tracks the live per-thread tables (the only
//! allocations of exactly `TABLE_BYTES` bytes at 128-byte alignment), and a
//! drop probe in the storages shows that no stored value is ever dropped by
//! the cache. One test per binary section: the allocator counts process-wide.

#![cfg(not(strata_loom))]

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr::NonNull;

use strata_sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use strata_sync::{Arc, Mutex, thread};
use strata_tls::{Owner, TABLE_BYTES, insert, lookup, stats};

/// Counts live allocations that have the table's layout.
struct CountTables;

static LIVE_TABLES: AtomicUsize = AtomicUsize::new(0);

fn is_table(layout: Layout) -> bool {
    layout.size() == TABLE_BYTES && layout.align() == 128
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the
// `GlobalAlloc` contract; the counting has no effect on the memory returned.
unsafe impl GlobalAlloc for CountTables {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if is_table(layout) {
            // SeqCst: a test-only counter, kept simple; it pairs with the
            // load in `live_tables`, though nothing depends on the ordering
            // beyond the joins that already order the threads.
            LIVE_TABLES.fetch_add(1, SeqCst);
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if is_table(layout) {
            // SeqCst: as in `alloc`; pairs with the load in `live_tables`.
            LIVE_TABLES.fetch_sub(1, SeqCst);
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountTables = CountTables;

fn live_tables() -> usize {
    // SeqCst: as in `alloc`; pairs with the updates there and in `dealloc`.
    LIVE_TABLES.load(SeqCst)
}

/// A storage whose drop is counted: the cache must never drop one.
struct Probe {
    key: u64,
    drops: Arc<AtomicUsize>,
}

impl Drop for Probe {
    fn drop(&mut self) {
        // SeqCst: test-only counter; pairs with the test's loads of it.
        self.drops.fetch_add(1, SeqCst);
    }
}

/// Storages shared by the threads of a test, alive until the test ends.
struct Storages(Vec<Probe>);

const KIND: u32 = 9;

fn hash(key: u64) -> u64 {
    key.wrapping_mul(0xA076_1D64_78BD_642F)
}

fn put(owner: &Owner, storages: &Storages, key: u64) {
    let ptr = NonNull::from(&storages.0[key as usize]);
    // SAFETY: (1) the storages outlive the owner (both live until the test's
    // end; the owner is dropped first) and are never mutated; (2) `KIND`
    // always stores `Probe`.
    unsafe { insert(owner, KIND, hash(key), ptr) };
}

fn get(owner: &Owner, key: u64) -> Option<NonNull<Probe>> {
    lookup(owner, KIND, hash(key), |p: &Probe| p.key == key)
}

/// Thread-locals whose destructors use the cache while the thread exits.
mod exit_users {
    use super::*;

    /// Looks up and inserts from its destructor.
    pub(super) struct UsesCacheOnDrop {
        pub(super) owner: Mutex<Option<(Arc<Owner>, Arc<Storages>)>>,
    }

    impl Drop for UsesCacheOnDrop {
        fn drop(&mut self) {
            if let Some((owner, storages)) = self.owner.lock().take() {
                // Whether the cache's table is still there depends on the
                // destructor order; either way this must neither crash nor
                // leak, and a hit must be the right storage.
                if let Some(p) = get(&owner, 0) {
                    assert_eq!(p, NonNull::from(&storages.0[0]));
                }
                put(&owner, &storages, 1);
                let _ = get(&owner, 1);
            }
        }
    }

    strata_sync::thread_local! {
        pub(super) static USER: UsesCacheOnDrop = const {
            UsesCacheOnDrop { owner: Mutex::new(None) }
        };
    }
}

#[test]
fn thread_exit_frees_its_cache_and_nothing_else() {
    let drops = Arc::new(AtomicUsize::new(0));
    let storages = Arc::new(Storages(
        (0..4)
            .map(|key| Probe {
                key,
                drops: drops.clone(),
            })
            .collect(),
    ));
    let owner = Arc::new(Owner::new());
    let base = live_tables();

    // A thread that only looks up allocates nothing.
    {
        let owner = owner.clone();
        thread::spawn(move || {
            assert_eq!(get(&owner, 0), None);
            assert_eq!(stats().bytes, 0);
        })
        .join()
        .unwrap();
    }
    assert_eq!(live_tables(), base);

    // B caches key 0 and keeps running while A caches and exits.
    let a_done = Arc::new(AtomicBool::new(false));
    let b_cached = Arc::new(AtomicBool::new(false));
    let b = {
        let (owner, storages, a_done, b_cached) = (
            owner.clone(),
            storages.clone(),
            a_done.clone(),
            b_cached.clone(),
        );
        thread::spawn(move || {
            put(&owner, &storages, 0);
            // SeqCst: test-only flags; each store pairs with the other
            // thread's load of the same flag.
            b_cached.store(true, SeqCst);
            while !a_done.load(SeqCst) {
                thread::yield_now();
            }
            // A's exit did not touch B's cache or the storages.
            assert_eq!(get(&owner, 0), Some(NonNull::from(&storages.0[0])));
            assert_eq!(stats().len, 1);
        })
    };
    // Pairs with B's store of the flag.
    while !b_cached.load(SeqCst) {
        thread::yield_now();
    }
    assert_eq!(live_tables(), base + 1);
    {
        let (owner, storages) = (owner.clone(), storages.clone());
        thread::spawn(move || {
            put(&owner, &storages, 0);
            put(&owner, &storages, 2);
            assert_eq!(live_tables(), base + 2);
        })
        .join()
        .unwrap();
    }
    // A's table is gone, B's is not; no storage was dropped.
    assert_eq!(live_tables(), base + 1);
    // Pairs with the increments in `Probe::drop`; the store pairs with B's
    // load of the flag.
    assert_eq!(drops.load(SeqCst), 0);
    a_done.store(true, SeqCst);
    b.join().unwrap();
    assert_eq!(live_tables(), base);
    // Pairs with the increments in `Probe::drop` (as every load of `drops`).
    assert_eq!(drops.load(SeqCst), 0);
    // The storages are intact and owned by whoever owned them.
    assert!(
        storages
            .0
            .iter()
            .enumerate()
            .all(|(i, p)| p.key == i as u64)
    );

    // Another thread-local's destructor uses the cache during thread exit,
    // with its destructor registered before the cache's release guard and
    // after it (glibc runs them last-registered first, so one order runs it
    // after the table is freed, the other before).
    for user_first in [true, false] {
        let (owner, storages) = (owner.clone(), storages.clone());
        thread::spawn(move || {
            let arm = || {
                exit_users::USER
                    .with(|u| *u.owner.lock() = Some((owner.clone(), storages.clone())));
            };
            if user_first {
                arm();
                put(&owner, &storages, 0);
            } else {
                put(&owner, &storages, 0);
                arm();
            }
        })
        .join()
        .unwrap();
        assert_eq!(
            live_tables(),
            base,
            "user_first = {user_first}: a table outlived its thread"
        );
    }
    // Pairs with the increments in `Probe::drop`, here and below.
    assert_eq!(drops.load(SeqCst), 0);

    drop(owner);
    drop(Arc::try_unwrap(storages).ok().expect("all threads joined"));
    assert_eq!(drops.load(SeqCst), 4);
}
