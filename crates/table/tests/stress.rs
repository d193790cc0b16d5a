//! Stress tests: many threads (more than this machine has cores) interning
//! overlapping keys in different orders must agree on every pointer; the
//! reclaimable table must keep identity for live objects and free everything
//! exactly once under churn. Bounded by operation counts, not time.

#![cfg(not(strata_loom))]

use std::ptr::NonNull;

use strata_sync::Arc;
use strata_sync::atomic::{AtomicUsize, Ordering};
use strata_sync::thread;
use strata_table::{PtrProbe, PtrTable, Table};

#[derive(Debug)]
struct Attr {
    ty: usize,
    value: i64,
}

const THREADS: usize = 16;
const KEYS: usize = 1 << 14;
const PASSES: usize = 4;

/// The `i`-th key thread `t` visits: an odd multiplier and an offset make
/// each thread's order a different permutation of the key space, and odd
/// threads walk it backwards.
fn key_index(t: usize, i: usize) -> usize {
    let i = if t % 2 == 1 { KEYS - 1 - i } else { i };
    (i.wrapping_mul(2 * t + 1) + t * 977) & (KEYS - 1)
}

fn value_of(j: usize) -> i64 {
    ((j as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 1) as i64
}

fn run_table(shards: usize) {
    let table = Arc::new(Table::<Attr>::with_shards("integer attribute", shards));
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let table = Arc::clone(&table);
            thread::spawn(move || {
                let mut seen = vec![0usize; KEYS];
                let mut mismatches = 0usize;
                for pass in 0..PASSES {
                    for i in 0..KEYS {
                        let j = key_index(t, i);
                        let key = (j % 7, value_of(j));
                        let hash = table.hash_one(&key);
                        let s = table.get_or_insert_with(
                            hash,
                            |s| (s.ty, s.value) == key,
                            |_| Attr {
                                ty: key.0,
                                value: key.1,
                            },
                        );
                        assert_eq!((s.ty, s.value), key);
                        let p = s as *const Attr as usize;
                        if pass == 0 {
                            seen[j] = p;
                        } else if seen[j] != p {
                            mismatches += 1;
                        }
                    }
                }
                (seen, mismatches)
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let mut mismatches: usize = results.iter().map(|r| r.1).sum();
    for (seen, _) in &results[1..] {
        mismatches += seen
            .iter()
            .zip(&results[0].0)
            .filter(|(a, b)| a != b)
            .count();
    }
    assert_eq!(
        mismatches, 0,
        "threads got different storages for equal keys"
    );
    let stats = table.stats().total();
    assert_eq!(stats.entries, KEYS);
    assert_eq!(stats.inserts as usize, KEYS);
    // Every write lock either inserted or found the key: by the re-probe
    // after a read miss (a race lost), or by the write-first path's probe.
    assert_eq!(
        stats.write_locks,
        stats.inserts + stats.reprobe_hits + stats.write_hits
    );
    let ops = THREADS * KEYS * PASSES;
    assert!(ops >= 1_000_000);
    assert!(stats.read_hits as usize <= ops - KEYS);
}

/// 16 threads, about a million lookups over 16k keys in 16 different
/// orders, default-like sharding: zero pointer mismatches.
#[test]
fn sixteen_threads_agree_on_every_pointer() {
    run_table(8);
}

/// The same with one shard: every insert and hit contends on one lock.
#[test]
fn sixteen_threads_one_shard() {
    let table = Arc::new(Table::<Attr>::with_shards("one shard", 1));
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let table = Arc::clone(&table);
            thread::spawn(move || {
                (0..4096)
                    .map(|i| {
                        let j = key_index(t, i) & 1023;
                        let key = (0usize, value_of(j));
                        let h = table.hash_one(&key);
                        let s = table.get_or_insert_with(
                            h,
                            |s| s.value == key.1,
                            |_| Attr {
                                ty: 0,
                                value: key.1,
                            },
                        );
                        (j, s as *const Attr as usize)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut by_key = vec![0usize; 1024];
    for h in handles {
        for (j, p) in h.join().unwrap() {
            assert!(by_key[j] == 0 || by_key[j] == p, "two storages for key {j}");
            by_key[j] = p;
        }
    }
    assert_eq!(table.len(), 1024);
}

static LIVE_OBJECTS: AtomicUsize = AtomicUsize::new(0);
static CREATED: AtomicUsize = AtomicUsize::new(0);

struct Obj {
    key: u64,
    strong: AtomicUsize,
}

fn upgrade(p: NonNull<Obj>, key: u64) -> PtrProbe<NonNull<Obj>> {
    // SAFETY: entries point to live allocations (freed only after their
    // removal or replacement), and this runs under the shard's lock.
    let obj = unsafe { p.as_ref() };
    if obj.key != key {
        return PtrProbe::NoMatch;
    }
    // Relaxed load: the CAS below revalidates.
    let mut n = obj.strong.load(Ordering::Relaxed);
    loop {
        if n == 0 {
            return PtrProbe::Dead;
        }
        // Relaxed: an increment from a live count protects no data.
        match obj
            .strong
            .compare_exchange_weak(n, n + 1, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => return PtrProbe::Match(p),
            Err(now) => n = now,
        }
    }
}

fn acquire(table: &PtrTable<Obj>, key: u64) -> NonNull<Obj> {
    let hash = table.hash_one(&key);
    table.get_or_insert_ptr(
        hash,
        |p| upgrade(p, key),
        || {
            LIVE_OBJECTS.fetch_add(1, Ordering::Relaxed);
            CREATED.fetch_add(1, Ordering::Relaxed);
            let p = NonNull::from(Box::leak(Box::new(Obj {
                key,
                strong: AtomicUsize::new(1),
            })));
            (p, p)
        },
    )
}

fn release(table: &PtrTable<Obj>, p: NonNull<Obj>) {
    // SAFETY: the caller holds a strong reference.
    let obj = unsafe { p.as_ref() };
    let key = obj.key;
    // AcqRel, pairs with the other threads' decrements: the thread that
    // reaches zero frees the object and must see every other thread's use
    // of it.
    if obj.strong.fetch_sub(1, Ordering::AcqRel) == 1 {
        table.remove_ptr(table.hash_one(&key), p);
        LIVE_OBJECTS.fetch_sub(1, Ordering::Relaxed);
        // SAFETY: the count is zero and the entry is gone (removed now, or
        // replaced under the write lock earlier), so nothing can reach it.
        drop(unsafe { Box::from_raw(p.as_ptr()) });
    }
}

/// Reclaimable churn: 16 threads take and drop handles to 32 keys, so
/// objects die and are re-created constantly, dead entries are replaced and
/// removals race lookups. A live object keeps its identity; everything is
/// freed exactly once (AddressSanitizer checks the frees).
#[test]
fn ptr_table_churn() {
    let table = Arc::new(PtrTable::<Obj>::with_shards("reclaimable", 4));
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let table = Arc::clone(&table);
            thread::spawn(move || {
                for i in 0..3000u64 {
                    let key = (i * (t as u64 + 1)) % 32;
                    let a = acquire(&table, key);
                    let b = acquire(&table, key);
                    assert_eq!(a, b, "a live object lost its identity");
                    // SAFETY: we hold two strong references.
                    assert_eq!(unsafe { a.as_ref() }.key, key);
                    release(&table, a);
                    release(&table, b);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert!(
        table.is_empty(),
        "every object was removed by its last owner"
    );
    assert_eq!(LIVE_OBJECTS.load(Ordering::Relaxed), 0);
    let s = table.stats().total();
    // Every object was created by an insert or a replacement; an owner's
    // removal succeeds unless a replacement got there first.
    assert_eq!(
        CREATED.load(Ordering::Relaxed) as u64,
        s.inserts + s.replaced
    );
    assert_eq!(s.removed, s.inserts);
}
