//! The behaviour of `Table` and `PtrTable` on one thread and a few: identity,
//! outcomes, re-entrancy, panic safety, destructors, statistics, and both
//! threading policies.
#![cfg(not(strata_loom))]

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::ptr::NonNull;

use strata_sync::Arc;
use strata_sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use strata_sync::policy::{Local, Policy};
use strata_table::{Arena, Outcome, PtrProbe, PtrTable, Table};

#[derive(Debug, PartialEq)]
struct Attr {
    ty: usize,
    value: i64,
}

type Key = (usize, i64);

fn intern<P: Policy>(table: &Table<Attr, P>, key: Key) -> (&Attr, Outcome) {
    let hash = table.hash_one(&key);
    table.get_or_insert_with_outcome(
        hash,
        |s| (s.ty, s.value) == key,
        |_| Attr {
            ty: key.0,
            value: key.1,
        },
    )
}

fn identity_and_outcomes<P: Policy>(table: Table<Attr, P>) {
    let mut firsts = Vec::new();
    for i in 0..1000i64 {
        let (a, how) = intern(&table, (i as usize % 3, i));
        assert_eq!(how, Outcome::Inserted);
        assert_eq!((a.ty, a.value), (i as usize % 3, i));
        firsts.push(a as *const Attr);
    }
    // After 1000 misses every shard of a thread-safe table takes the
    // write-first path, and switches back to read probes after at most nine
    // hits (`MISS_SCORE_MAX - WRITE_FIRST_AT + 1`); a single-threaded table
    // has one path.
    let mut write_hits = 0;
    for i in 0..1000i64 {
        let (a, how) = intern(&table, (i as usize % 3, i));
        if how == Outcome::WriteHit && P::THREAD_SAFE {
            write_hits += 1;
        } else {
            assert_eq!(how, Outcome::ReadHit);
        }
        assert!(std::ptr::eq(a, firsts[i as usize]), "key {i} moved");
        let h = table.hash_one(&(i as usize % 3, i));
        let got = table.get(h, |s| s.value == i).expect("present");
        assert!(std::ptr::eq(got, a));
    }
    assert_eq!(table.len(), 1000);
    assert!(!table.is_empty());
    let absent: Key = (9, 9);
    assert!(
        table
            .get(table.hash_one(&absent), |s| (s.ty, s.value) == absent)
            .is_none()
    );
    let stats = table.stats().total();
    assert_eq!(stats.entries, 1000);
    assert_eq!(stats.inserts, 1000);
    if P::THREAD_SAFE {
        assert!(write_hits > 0 && write_hits <= 9 * table.shard_count());
    }
    assert_eq!(stats.write_hits, write_hits as u64);
    assert_eq!(stats.write_locks, 1000 + stats.write_hits);
    assert_eq!(stats.reprobe_hits, 0);
    assert_eq!(
        stats.read_hits,
        2000 - stats.write_hits,
        "1000 interning hits and 1000 gets"
    );
    assert_eq!(stats.bytes, 1000 * std::mem::size_of::<Attr>());
    assert!(stats.arena_bytes >= stats.bytes);
    assert!(stats.index_bytes > 0);
}

#[test]
fn shared_identity_and_outcomes() {
    identity_and_outcomes(Table::<Attr>::with_shards("attr", 8));
    identity_and_outcomes(Table::<Attr>::new("attr"));
}

#[test]
fn local_identity_and_outcomes() {
    let table = Table::<Attr, Local>::new("attr");
    assert_eq!(table.shard_count(), strata_table::LOCAL_SHARDS);
    identity_and_outcomes(table);
    identity_and_outcomes(Table::<Attr, Local>::with_shards("attr", 4));
}

#[test]
fn equal_hashes_different_keys_are_both_stored() {
    let table = Table::<Attr>::with_shards("attr", 2);
    let hash = 0x8000_0000_0000_0042;
    let a = table.get_or_insert_with(hash, |s| s.value == 1, |_| Attr { ty: 0, value: 1 });
    let b = table.get_or_insert_with(hash, |s| s.value == 2, |_| Attr { ty: 0, value: 2 });
    assert!(!std::ptr::eq(a, b));
    assert!(std::ptr::eq(table.get(hash, |s| s.value == 1).unwrap(), a));
    assert!(std::ptr::eq(table.get(hash, |s| s.value == 2).unwrap(), b));
    assert_eq!(table.len(), 2);
}

#[test]
fn stored_hash_is_compared_before_key_equality() {
    // Two hashes that agree on everything hashbrown looks at (the low bits
    // that pick the bucket and the top seven bits of the tag) but differ in
    // the middle: hashbrown offers the first entry to the second probe, and
    // the stored-hash comparison must reject it without calling `matches`.
    let table = Table::<Attr, Local>::with_shards("attr", 1);
    let h1 = 0x0100_0000_0000_0001u64;
    let h2 = 0x0100_0000_1000_0001u64;
    table.get_or_insert_with(h1, |_| unreachable!("empty"), |_| Attr { ty: 1, value: 1 });
    let calls = Cell::new(0);
    let b = table.get_or_insert_with(
        h2,
        |_| {
            calls.set(calls.get() + 1);
            true
        },
        |_| Attr { ty: 2, value: 2 },
    );
    assert_eq!(b.ty, 2);
    assert_eq!(
        calls.get(),
        0,
        "key equality ran on an entry with another hash"
    );
}

/// A storage whose variable-sized parts live in the arena; the test keeps
/// raw pointers where the facade would erase lifetimes.
struct Sym {
    name: *const str,
    elems: *const [u32],
    boxed: *const String,
}

// SAFETY: the pointers point into the table's arena, immutable and alive
// for as long as the table; the pointees are `Send + Sync`.
unsafe impl Send for Sym {}
// SAFETY: as above.
unsafe impl Sync for Sym {}

#[test]
fn arena_parts_are_stable_and_dropped_once() {
    let table = Table::<Sym>::with_shards("sym", 4);
    let mut stored = Vec::new();
    for i in 0..200u32 {
        let name = format!("sym_{i}");
        let hash = table.hash_one(&name);
        let s = table.get_or_insert_with(
            hash,
            // SAFETY: `name` points into the arena (see `Sym`).
            |s| unsafe { &*s.name } == name,
            |arena: &Arena| Sym {
                name: arena.alloc_str(&name),
                elems: arena.alloc_slice_copy(&[i, i + 1, i + 2]),
                boxed: arena.alloc(format!("boxed {i}")),
            },
        );
        stored.push(s as *const Sym);
    }
    for (i, &p) in stored.iter().enumerate() {
        // SAFETY: the table is alive and values never move.
        let s = unsafe { &*p };
        // SAFETY: the arena parts live as long as the table.
        unsafe {
            assert_eq!(&*s.name, format!("sym_{i}"));
            assert_eq!(&*s.elems, &[i as u32, i as u32 + 1, i as u32 + 2]);
            assert_eq!(&*s.boxed, &format!("boxed {i}"));
        }
    }
    let stats = table.stats().total();
    assert!(stats.bytes > 200 * std::mem::size_of::<Sym>());
    // The `String`s allocated with `Arena::alloc` are dropped with the table;
    // LeakSanitizer (the ASan run of this suite) reports them otherwise.
    drop(table);
}

// Test counters. Every access is SeqCst, which costs nothing here and pairs
// each increment with the loads in the assertions without further thought.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static DROPS: AtomicUsize = AtomicUsize::new(0);

struct Counted(u64);

impl Counted {
    fn new(v: u64) -> Self {
        // Pairs with the loads in `destructors_run_exactly_once`.
        LIVE.fetch_add(1, SeqCst);
        Counted(v)
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        // Pairs with the loads in `destructors_run_exactly_once`.
        LIVE.fetch_sub(1, SeqCst);
        DROPS.fetch_add(1, SeqCst);
    }
}

#[test]
fn destructors_run_exactly_once() {
    // Pairs with the counters' updates in `Counted` (SeqCst throughout).
    let before = DROPS.load(SeqCst);
    {
        let table = Table::<Counted>::with_shards("counted", 4);
        for i in 0..500u64 {
            let h = table.hash_one(&i);
            table.get_or_insert_with(h, |c| c.0 == i, |_| Counted::new(i));
            // A hit constructs nothing.
            table.get_or_insert_with(h, |c| c.0 == i, |_| unreachable!("hit"));
        }
        // Pairs with the increments in `Counted::new`.
        assert_eq!(LIVE.load(SeqCst), 500);
    }
    // Pairs with the decrements in `Counted::drop`.
    assert_eq!(LIVE.load(SeqCst), 0);
    assert_eq!(DROPS.load(SeqCst) - before, 500);
}

#[test]
fn reentrant_construct_panics_and_leaves_the_table_usable() {
    fn check<P: Policy>(table: &Table<Attr, P>) {
        let outer: Key = (1, 1);
        let h = table.hash_one(&outer);
        let err = catch_unwind(AssertUnwindSafe(|| {
            table.get_or_insert_with(
                h,
                |s| s.value == 1,
                |_| {
                    // Same hash, so certainly the same shard.
                    table.get_or_insert_with(h, |s| s.value == 2, |_| Attr { ty: 2, value: 2 });
                    Attr { ty: 1, value: 1 }
                },
            );
        }))
        .expect_err("re-entrant interning must panic");
        let msg = err
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or_default();
        assert_eq!(
            msg,
            "strata: re-entrant interning into storage kind `attr`: code holding the write lock of one of its shards (a constructor of this kind, or a write section inserting a new key) reached that shard again (an intern, a lookup or statistics), which would wait for itself"
        );
        // Nothing was inserted, and the lock and owner word were released.
        assert_eq!(table.len(), 0);
        let (a, how) = intern(table, outer);
        assert_eq!(how, Outcome::Inserted);
        assert_eq!(a.value, 1);
    }
    check(&Table::<Attr>::with_shards("attr", 2));
    check(&Table::<Attr, Local>::new("attr"));
}

#[test]
fn reentrant_get_and_lock_sections_panic() {
    let table = Table::<Attr>::with_shards("attr", 1);
    let h = 5;
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.get_or_insert_with(
            h,
            |_| false,
            |_| {
                let _ = table.get(h + 1, |_| true);
                Attr { ty: 0, value: 0 }
            },
        )
    }))
    .expect_err("a read probe of the shard under construction must panic");
    assert!(
        err.downcast_ref::<String>()
            .unwrap()
            .contains("re-entrant interning into storage kind `attr`")
    );
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.with_write_lock(h, || table.with_write_lock(h, || ()));
    }))
    .expect_err("a write lock inside the write lock must panic");
    assert!(
        err.downcast_ref::<String>()
            .unwrap()
            .contains("re-entrant interning into storage kind `attr`")
    );
    assert!(table.is_empty());
    assert_eq!(table.with_write_lock(h, || 7), 7);
    // A read section inside this thread's own write section reads under the
    // write lock it already holds.
    assert_eq!(
        table.with_write_lock(h, || table.with_read_lock(h, || 8)),
        8
    );
}

const WRITE_REENTRY: &str = "strata: re-entrant interning into storage kind `attr`: code holding the write lock of one of its shards (a constructor of this kind, or a write section inserting a new key) reached that shard again (an intern, a lookup or statistics), which would wait for itself";

/// Inside a `with_write_lock` callback (a `mutate`), this thread's lookups
/// into the shard it holds read it under that lock: a key already there is
/// found, by `get` and by `get_or_insert_with` on either path, and only a
/// key that would have to be inserted is a re-entrancy panic, after which
/// the table is unchanged and usable. Both policies, one shard.
fn lookups_under_own_write_lock<P: Policy>(table: Table<Attr, P>) {
    let (a, _) = intern(&table, (1, 1));
    let a = a as *const Attr;
    let (b, _) = intern(&table, (2, 2));
    let b = b as *const Attr;
    let ha = table.hash_one(&(1usize, 1i64));
    let hb = table.hash_one(&(2usize, 2i64));
    let found = table.with_write_lock(ha, || {
        let got = table.get(hb, |s| s.value == 2).map(|s| s as *const Attr);
        let (again, how) = intern(&table, (2, 2));
        let missing = table.get(table.hash_one(&(3usize, 3i64)), |s| s.value == 3);
        (got, again as *const Attr, how, missing.is_none())
    });
    assert_eq!(found, (Some(b), b, Outcome::ReadHit, true));
    // Repeated lookups move the miss score; on every path the key is found.
    for _ in 0..40 {
        let again = table.with_write_lock(ha, || intern(&table, (1, 1)).0 as *const Attr);
        assert_eq!(again, a);
        let _ = intern(&table, (100, 100));
    }
    let before = table.len();
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.with_write_lock(ha, || intern(&table, (4, 4)).1)
    }))
    .expect_err("a new key inside the shard's own write section must panic");
    assert_eq!(
        err.downcast_ref::<String>().map(String::as_str),
        Some(WRITE_REENTRY)
    );
    assert_eq!(table.len(), before, "the refused key was inserted");
    assert_eq!(intern(&table, (4, 4)).1, Outcome::Inserted);
}

#[test]
fn lookups_under_own_write_lock_find_existing_keys() {
    lookups_under_own_write_lock(Table::<Attr>::with_shards("attr", 1));
    lookups_under_own_write_lock(Table::<Attr, Local>::with_local_shards("attr", 1));
}

/// A thread that looks keys up inside its write section while another thread
/// inserts into the same shard: the other thread waits for the lock (its
/// insertion is never read half-done), the looked-up keys are always found,
/// and nothing deadlocks.
#[test]
fn lookups_under_own_write_lock_while_another_thread_inserts() {
    let table: Arc<Table<Attr>> = Arc::new(Table::with_shards("attr", 1));
    for i in 0..64 {
        intern(&table, (0, i));
    }
    let t = Arc::clone(&table);
    let msg = watched(move || {
        std::thread::scope(|s| {
            s.spawn(|| {
                for i in 1000..3000 {
                    intern(&t, (1, i));
                }
            });
            for round in 0..2000i64 {
                let h = t.hash_one(&(0usize, round % 64));
                let ok = t.with_write_lock(h, || {
                    (0..4).all(|k| intern(&t, (0, (round + k) % 64)).0.value == (round + k) % 64)
                });
                assert!(
                    ok,
                    "round {round}: a key was not found under the write lock"
                );
            }
        });
    });
    assert_eq!(msg, None);
    assert_eq!(table.len(), 64 + 2000);
}

#[test]
fn interning_into_another_shard_from_a_constructor_is_allowed() {
    let table = Table::<Attr>::with_shards("attr", 2);
    let low = 1u64; // shard 0
    let high = 1u64 << 56; // shard 1 (the bit below the tag)
    assert_ne!(table.shard_index(low), table.shard_index(high));
    let outer = table.get_or_insert_with(
        low,
        |s| s.value == 1,
        |_| {
            let inner =
                table.get_or_insert_with(high, |s| s.value == 2, |_| Attr { ty: 0, value: 2 });
            Attr {
                ty: 0,
                value: inner.value - 1,
            }
        },
    );
    assert_eq!(outer.value, 1);
    assert_eq!(table.len(), 2);
}

#[test]
fn a_panicking_constructor_inserts_nothing_and_others_keep_going() {
    let table = Arc::new(Table::<Attr>::with_shards("attr", 1));
    let started = Arc::new(AtomicBool::new(false));
    let waiter = {
        let (table, started) = (Arc::clone(&table), Arc::clone(&started));
        strata_sync::thread::spawn(move || {
            // Pairs with the store in the constructor below.
            while !started.load(SeqCst) {
                strata_sync::thread::yield_now();
            }
            // Blocks behind the panicking constructor's write lock, then
            // proceeds.
            intern(&table, (2, 2)).1
        })
    };
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.get_or_insert_with(
            7,
            |_| false,
            |arena| {
                arena.alloc_slice_copy(&[1u8; 64]);
                // Pairs with the waiter's load.
                started.store(true, SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(20));
                panic!("constructor failed");
            },
        )
    }))
    .expect_err("the constructor panics");
    assert_eq!(err.downcast_ref::<&str>(), Some(&"constructor failed"));
    assert_eq!(waiter.join().unwrap(), Outcome::Inserted);
    assert!(table.get(7, |_| true).is_none(), "nothing inserted for 7");
    assert_eq!(table.len(), 1);
    assert_eq!(intern(&table, (2, 2)).1, Outcome::ReadHit);
    // The write lock is free again for this thread.
    assert_eq!(intern(&table, (3, 3)).1, Outcome::Inserted);
    // Three write locks: the panicked construction's (counted as it
    // unwound) and the two insertions (derived from the entry count); the
    // 64 bytes the panicking constructor allocated stay counted.
    let s = table.stats().total();
    assert_eq!((s.inserts, s.write_hits, s.reprobe_hits), (2, 0, 0));
    assert_eq!(s.write_locks, 3);
    assert_eq!(s.bytes, 64 + 2 * std::mem::size_of::<Attr>());
}

#[test]
fn a_single_threaded_table_counts_a_panicked_construction() {
    let table = Table::<Attr, Local>::new("attr");
    assert_eq!(intern(&table, (1, 1)).1, Outcome::Inserted);
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.get_or_insert_with(9, |_| false, |_| panic!("constructor failed"))
    }));
    assert!(err.is_err());
    assert_eq!(intern(&table, (1, 1)).1, Outcome::ReadHit);
    let s = table.stats().total();
    assert_eq!((s.entries, s.inserts, s.read_hits), (1, 1, 1));
    assert_eq!(s.write_locks, 2);
}

#[test]
fn racing_inserters_account_for_every_write_lock() {
    let table = Arc::new(Table::<Attr>::with_shards("attr", 2));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let table = Arc::clone(&table);
            strata_sync::thread::spawn(move || {
                let mut ptrs = Vec::new();
                // How many lookups ended each way: inserted, re-probe hit,
                // write-first hit.
                let mut ways = [0u64; 3];
                for i in 0..2000i64 {
                    let i = if t % 2 == 0 { i } else { 1999 - i };
                    let (attr, how) = intern(&table, (0, i));
                    match how {
                        Outcome::Inserted => ways[0] += 1,
                        Outcome::ReprobeHit => ways[1] += 1,
                        Outcome::WriteHit => ways[2] += 1,
                        Outcome::ReadHit => {}
                    }
                    ptrs.push((i, attr as *const Attr as usize));
                }
                ptrs.sort_unstable();
                (ptrs, ways)
            })
        })
        .collect();
    let results: Vec<_> = threads.into_iter().map(|h| h.join().unwrap()).collect();
    for r in &results[1..] {
        assert_eq!(r.0, results[0].0, "two threads got different storages");
    }
    let ways = results.iter().fold([0u64; 3], |mut a, r| {
        a.iter_mut().zip(r.1).for_each(|(a, n)| *a += n);
        a
    });
    let s = table.stats().total();
    assert_eq!(s.entries, 2000);
    assert_eq!(s.inserts, 2000);
    // The counters that change under the write lock are exact: each
    // matches the outcomes the callers saw.
    assert_eq!([s.inserts, s.reprobe_hits, s.write_hits], ways);
    assert_eq!(s.write_locks, s.inserts + s.reprobe_hits + s.write_hits);
    // Every lookup is a read hit, an insert, a re-probe hit or a write-first
    // hit; read hits are counted without an atomic RMW and may be
    // undercounted.
    assert!(s.read_hits <= 8 * 2000 - s.inserts - s.reprobe_hits - s.write_hits);
}

#[test]
fn debug_and_display() {
    let table = Table::<Attr>::with_shards("attr", 2);
    intern(&table, (1, 1));
    let d = format!("{table:?}");
    assert!(d.contains("attr") && d.contains("shared"), "{d}");
    let s = table.stats().to_string();
    assert!(s.starts_with("attr (shared, 2 shards): 1 entries"), "{s}");
    assert_eq!(table.stats().shards.len(), 2);
    assert!(table.stats().memory_bytes() > 0);
    let local = Table::<Attr, Local>::new("l");
    assert!(format!("{local:?}").contains("single"));
}

#[test]
fn for_each_visits_every_value() {
    let table = Table::<Attr>::with_shards("attr", 4);
    for i in 0..100 {
        intern(&table, (0, i));
    }
    let mut sum = 0;
    table.for_each(|a| sum += a.value);
    assert_eq!(sum, (0..100).sum::<i64>());
}

// ---------------------------------------------------------------------------
// PtrTable

/// A caller-owned object with a strong count, as a reclaimable kind's
/// storage would be.
struct Obj {
    key: u64,
    strong: AtomicUsize,
}

fn upgrade(p: NonNull<Obj>, key: u64) -> PtrProbe<NonNull<Obj>> {
    // SAFETY: entries point to live objects: they are freed only after their
    // removal from the table, and this runs under the shard's lock.
    let obj = unsafe { p.as_ref() };
    if obj.key != key {
        return PtrProbe::NoMatch;
    }
    // SeqCst on the count (here, in the loop and in `release`): a test
    // object's count, where the strongest ordering pairs with every other
    // access and costs nothing worth saving.
    let mut n = obj.strong.load(SeqCst);
    loop {
        if n == 0 {
            return PtrProbe::Dead;
        }
        match obj.strong.compare_exchange(n, n + 1, SeqCst, SeqCst) {
            Ok(_) => return PtrProbe::Match(p),
            Err(now) => n = now,
        }
    }
}

fn acquire<P: Policy>(table: &PtrTable<Obj, P>, key: u64, hash: u64) -> NonNull<Obj> {
    table.get_or_insert_ptr(
        hash,
        |p| upgrade(p, key),
        || {
            let p = NonNull::from(Box::leak(Box::new(Obj {
                key,
                strong: AtomicUsize::new(1),
            })));
            (p, p)
        },
    )
}

fn release<P: Policy>(table: &PtrTable<Obj, P>, p: NonNull<Obj>, hash: u64) -> bool {
    // Pairs with the other handles' decrements and with `upgrade`.
    // SAFETY: the caller holds a strong reference.
    if unsafe { p.as_ref() }.strong.fetch_sub(1, SeqCst) == 1 {
        table.remove_ptr(hash, p);
        // SAFETY: removed (or replaced) from the table, so unreachable; the
        // count is zero, so no handle is left.
        drop(unsafe { Box::from_raw(p.as_ptr()) });
        return true;
    }
    false
}

#[test]
fn ptr_table_lifecycle() {
    fn run<P: Policy>(table: PtrTable<Obj, P>) {
        let h = 0x1234;
        let a = acquire(&table, 1, h);
        let b = acquire(&table, 1, h);
        assert_eq!(a, b);
        // A different key with the same hash gets its own object.
        let c = acquire(&table, 2, h);
        assert_ne!(a, c);
        assert_eq!(table.len(), 2);
        assert_eq!(table.get_ptr(h, |p| upgrade(p, 1)), Some(a));
        assert!(!release(&table, a, h)); // the get_ptr's reference
        assert!(!release(&table, a, h));
        assert!(release(&table, b, h), "last reference frees");
        assert_eq!(table.len(), 1);
        assert_eq!(table.get_ptr(h, |p| upgrade(p, 1)), None);
        assert!(release(&table, c, h));
        assert!(table.is_empty());
        let s = table.stats().total();
        assert_eq!((s.inserts, s.removed, s.replaced), (2, 2, 0));
        assert_eq!(s.read_hits, 2);
    }
    run(PtrTable::<Obj>::with_shards("obj", 4));
    run(PtrTable::<Obj, Local>::new("obj"));
}

#[test]
fn ptr_table_replaces_a_dead_entry_and_checks_the_owner() {
    let table = PtrTable::<Obj>::with_shards("obj", 2);
    let h = 99;
    let old = acquire(&table, 5, h);
    // The last handle goes: the count reaches zero, but the owner has not
    // removed the entry yet.
    // Pairs with `upgrade`'s loads (one thread here).
    // SAFETY: `old` is live; we hold its only reference.
    assert_eq!(unsafe { old.as_ref() }.strong.fetch_sub(1, SeqCst), 1);
    // A lookup meanwhile finds the dead entry and replaces it.
    let fresh = acquire(&table, 5, h);
    assert_ne!(fresh, old);
    assert_eq!(table.stats().total().replaced, 1);
    // The old owner's removal must leave the fresh entry alone.
    assert!(!table.remove_ptr(h, old));
    // SAFETY: replaced in the table, count zero: unreachable.
    drop(unsafe { Box::from_raw(old.as_ptr()) });
    assert_eq!(table.get_ptr(h, |p| upgrade(p, 5)), Some(fresh));
    assert!(!release(&table, fresh, h));
    assert!(release(&table, fresh, h));
    assert!(table.is_empty());
}

#[test]
fn ptr_table_make_panic_and_reentrancy() {
    let table = PtrTable::<Obj>::with_shards("obj", 1);
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.get_or_insert_ptr(1, |p| upgrade(p, 1), || panic!("make failed"))
    }))
    .expect_err("make panics");
    assert_eq!(err.downcast_ref::<&str>(), Some(&"make failed"));
    assert!(table.is_empty());
    let err = catch_unwind(AssertUnwindSafe(|| {
        table.get_or_insert_ptr(
            1,
            |p| upgrade(p, 1),
            || {
                let _ = acquire(&table, 2, 2);
                unreachable!("re-entrancy is detected first")
            },
        )
    }))
    .expect_err("re-entrant make panics");
    assert!(
        err.downcast_ref::<String>()
            .unwrap()
            .contains("storage kind `obj`")
    );
    let p = acquire(&table, 3, 3);
    assert!(release(&table, p, 3));
}

#[test]
fn ptr_table_drain_returns_the_leftovers() {
    let mut table = PtrTable::<Obj>::with_shards("obj", 4);
    let ptrs: Vec<_> = (0..10u64).map(|k| acquire(&table, k, k << 60)).collect();
    let mut drained = table.drain();
    drained.sort();
    let mut expected = ptrs.clone();
    expected.sort();
    assert_eq!(drained, expected);
    assert!(table.is_empty());
    for p in ptrs {
        // SAFETY: drained from the table; nothing else refers to them.
        drop(unsafe { Box::from_raw(p.as_ptr()) });
    }
    assert!(format!("{table:?}").contains("PtrTable"));
}

#[test]
fn each_inserting_thread_gets_its_own_arena_and_keeps_it() {
    let table = Arc::new(Table::<Attr>::with_shards("attr", 4));
    let workers: Vec<_> = (0..3usize)
        .map(|t| {
            let table = Arc::clone(&table);
            strata_sync::thread::spawn(move || {
                for v in 0..100 {
                    intern(&table, (t, v));
                }
            })
        })
        .collect();
    for w in workers {
        w.join().unwrap();
    }
    let s = table.stats();
    assert_eq!(s.thread_arenas.arenas, 3, "one arena per inserting thread");
    assert!(s.thread_arenas.chunk_bytes >= 300 * std::mem::size_of::<Attr>());
    assert_eq!(s.total().bytes, 300 * std::mem::size_of::<Attr>());
    assert_eq!(s.total().arena_bytes, s.thread_arenas.chunk_bytes);
    // Hits allocate nothing, so a thread that only finds keys registers no
    // arena; one that inserts registers one.
    {
        let table = Arc::clone(&table);
        strata_sync::thread::spawn(move || assert_ne!(intern(&table, (0, 0)).1, Outcome::Inserted))
            .join()
            .unwrap();
    }
    assert_eq!(table.stats().thread_arenas.arenas, 3);
    intern(&table, (9, 9));
    assert_eq!(table.stats().thread_arenas.arenas, 4);
}

#[test]
fn more_tables_than_a_thread_remembers_still_get_one_arena_each() {
    // Forty tables on one thread: more than the thread's 16 remembered
    // (table, arena) pairs, so tables evict each other there; each must find
    // its arena again in its registry rather than register a second one.
    let tables: Vec<Table<Attr>> = (0..40).map(|_| Table::with_shards("attr", 2)).collect();
    for round in 0..3 {
        for table in &tables {
            intern(table, (round, 1));
        }
    }
    for table in &tables {
        let s = table.stats();
        assert_eq!(s.thread_arenas.arenas, 1);
        assert_eq!(s.total().entries, 3);
    }
    // A single-threaded table keeps the values of all its shards in its one
    // arena, side by side in insertion order, and reports it as its one
    // thread's.
    let local = Table::<Attr, Local>::new("attr");
    assert_eq!(local.stats().thread_arenas.arenas, 0);
    let mut shards_used = std::collections::BTreeSet::new();
    let mut addrs = Vec::new();
    for k in 0..64 {
        let key = (k, 1);
        shards_used.insert(local.shard_index(local.hash_one(&key)));
        addrs.push(core::ptr::from_ref(intern(&local, key).0).addr());
    }
    assert!(shards_used.len() > 1, "the keys should span several shards");
    let s = local.stats();
    assert_eq!(s.thread_arenas.arenas, 1);
    assert!(s.thread_arenas.chunk_bytes >= 64 * std::mem::size_of::<Attr>());
    assert!(s.shards.iter().all(|sh| sh.arena_bytes == 0));
    assert_eq!(s.total().arena_bytes, s.thread_arenas.chunk_bytes);
    // Consecutive values are adjacent in the one arena (bumpalo allocates
    // downwards within a chunk), whichever shards index them.
    let adjacent = addrs
        .windows(2)
        .filter(|w| w[0].abs_diff(w[1]) == std::mem::size_of::<Attr>())
        .count();
    assert!(adjacent >= 60, "only {adjacent} of 63 neighbours adjacent");
}

#[test]
fn statistics_never_deadlock_with_a_constructor_interning_into_another_shard() {
    // Thread 1 interns keys of shard 1 whose constructor interns a key of
    // shard 0 of the same table (allowed), so it holds shard 1's write lock
    // while it waits for shard 0's. Thread 2 takes the table's statistics,
    // which need every shard's lock at once: had it held shard 0's while
    // waiting for shard 1's, the two would wait for each other forever.
    let table = Arc::new(Table::<Attr>::with_shards("attr", 2));
    let shard1 = 1u64 << 56;
    assert_ne!(table.shard_index(0), table.shard_index(shard1));
    let done = Arc::new(AtomicBool::new(false));
    let inserter = {
        let (table, done) = (Arc::clone(&table), Arc::clone(&done));
        strata_sync::thread::spawn(move || {
            for i in 0..300i64 {
                let outer = shard1 | (i as u64) << 1;
                table.get_or_insert_with(
                    outer,
                    |s| (s.ty, s.value) == (1, i),
                    |_| {
                        // Widens the window in which the statistics can take
                        // shard 0 while this thread holds shard 1.
                        for _ in 0..200 {
                            std::hint::spin_loop();
                        }
                        table.get_or_insert_with(
                            (i as u64) << 1,
                            |s| (s.ty, s.value) == (0, i),
                            |_| Attr { ty: 0, value: i },
                        );
                        Attr { ty: 1, value: i }
                    },
                );
            }
            // Pairs with the statistics thread's Acquire load.
            done.store(true, SeqCst);
        })
    };
    let reader = {
        let (table, done) = (Arc::clone(&table), Arc::clone(&done));
        strata_sync::thread::spawn(move || {
            let mut rounds = 0u64;
            // Pairs with the inserter's store.
            while !done.load(SeqCst) {
                let s = table.stats().total();
                assert!(s.entries <= 600);
                rounds += 1;
            }
            rounds
        })
    };
    // A generous watchdog: the test takes milliseconds; only a deadlock
    // makes it wait this long, however loaded the machine.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !(inserter.is_finished() && reader.is_finished()) {
        assert!(
            std::time::Instant::now() < deadline,
            "the statistics and a nested constructor deadlocked"
        );
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    inserter.join().unwrap();
    reader.join().unwrap();
    assert_eq!(table.stats().total().entries, 600);
}

/// The benchmark's single-threaded table of the earlier design (one shard)
/// works like the default one, and a count past `LOCAL_SHARDS` is refused:
/// the single-threaded shard selection shifts by a constant that leaves room
/// for no more.
#[test]
fn a_single_threaded_table_of_fewer_shards_for_the_benchmark() {
    for shards in [1, 2, 16] {
        let table = Table::<Attr, Local>::with_local_shards("attr", shards);
        assert_eq!(table.shard_count(), shards);
        identity_and_outcomes(table);
    }
    let refused = std::panic::catch_unwind(|| {
        Table::<Attr, Local>::with_local_shards("attr", 2 * strata_table::LOCAL_SHARDS)
    });
    let err = refused.expect_err("32 single-threaded shards accepted");
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("must be a power of two between 1 and 16"),
        "{msg}"
    );
}

/// The adaptive policy's exact switch points on one shard: a shard whose
/// lookups all missed (its score at the bound, 16) takes the write lock
/// first for exactly nine hits (scores 16 down to 8), then reads first; and
/// misses that bring its score back to 8 send it back to the write lock.
#[test]
fn the_adaptive_policy_switches_after_exactly_nine_hits_and_one_miss() {
    let table = Table::<Attr>::with_shards("attr", 1);
    for i in 0..100i64 {
        assert_eq!(intern(&table, (0, i)).1, Outcome::Inserted);
    }
    let outcomes: Vec<Outcome> = (0..12i64).map(|i| intern(&table, (0, i)).1).collect();
    let mut expected = vec![Outcome::WriteHit; 9];
    expected.extend([Outcome::ReadHit; 3]);
    assert_eq!(
        outcomes, expected,
        "the score's bound is 16 and the switch at 8"
    );
    // The score is now 4 (nine hits took 16 to 7, three more to 4): four
    // misses take it to 8, and the next lookup takes the write lock first.
    for i in 100..104i64 {
        assert_eq!(intern(&table, (0, i)).1, Outcome::Inserted);
    }
    assert_eq!(intern(&table, (0, 0)).1, Outcome::WriteHit);
    assert_eq!(intern(&table, (0, 1)).1, Outcome::ReadHit, "score 7 again");
}

/// A pointer table's accessors: its name, shard count, hasher, and whether
/// it is empty.
#[test]
fn ptr_table_accessors() {
    let table = PtrTable::<Obj>::with_shards("obj", 4);
    assert_eq!(table.name(), "obj");
    assert_eq!(table.shard_count(), 4);
    assert_eq!(
        PtrTable::<Obj, Local>::new("obj").shard_count(),
        strata_table::LOCAL_SHARDS
    );
    assert_eq!(table.hash_one(&1u64), table.hash_one(&1u64));
    assert_ne!(table.hash_one(&1u64), table.hash_one(&2u64));
    assert!(table.is_empty());
    let h = table.hash_one(&5u64);
    let obj = acquire(&table, 5, h);
    assert!(!table.is_empty());
    assert_eq!(table.len(), 1);
    assert!(release(&table, obj, h));
    assert!(table.is_empty());
}

/// The totals of a table's statistics add every shard's figures to the
/// per-thread arenas', field by field.
#[test]
fn statistics_totals_add_every_field() {
    use strata_table::{ShardStats, TableStats, ThreadArenaStats};
    let shard = |k: u64| ShardStats {
        entries: k as usize,
        bytes: 10 * k as usize,
        arena_bytes: 100 * k as usize,
        index_bytes: 1000 * k as usize,
        read_hits: k,
        write_locks: 2 * k,
        reprobe_hits: 3 * k,
        write_hits: 4 * k,
        inserts: 5 * k,
        replaced: 6 * k,
        removed: 7 * k,
    };
    let stats = TableStats {
        name: "t",
        policy: "shared",
        shards: vec![shard(1), shard(2)],
        thread_arenas: ThreadArenaStats {
            arenas: 2,
            bytes: 50_000,
            chunk_bytes: 70_000,
        },
    };
    let t = stats.total();
    let mut expected = shard(3);
    expected.bytes += 50_000;
    expected.arena_bytes += 70_000;
    assert_eq!(t, expected);
    assert_eq!(stats.memory_bytes(), 70_000 + 300 + 3000);
}

/// The benchmark's and the models' switches: a fixed probe policy, and
/// values placed in the shard's arena instead of the thread's.
#[test]
fn fixed_probe_policies_and_per_shard_placement() {
    use strata_table::{ArenaPlacement, ProbePolicy};
    let mut table = Table::<Attr>::with_shards("attr", 1);
    table.set_probe_policy(ProbePolicy::WriteFirst);
    assert_eq!(intern(&table, (0, 1)).1, Outcome::Inserted);
    assert_eq!(intern(&table, (0, 1)).1, Outcome::WriteHit, "write first");
    let mut table = Table::<Attr>::with_shards("attr", 1);
    table.set_probe_policy(ProbePolicy::ReadFirst);
    for i in 0..100 {
        intern(&table, (0, i));
    }
    assert_eq!(intern(&table, (0, 1)).1, Outcome::ReadHit, "read first");
    let mut table = Table::<Attr>::with_shards("attr", 2);
    table.set_arena_placement(ArenaPlacement::PerShard);
    for i in 0..100 {
        intern(&table, (0, i));
    }
    let stats = table.stats();
    assert_eq!(stats.thread_arenas.arenas, 0, "a thread's arena was used");
    assert!(stats.shards.iter().all(|s| s.arena_bytes > 0), "{stats:?}");
}

// ---------------------------------------------------------------------------
// Callbacks under a read lock that intern into their own shard.

/// Runs `f` on its own thread and waits for it against a generous deadline,
/// so that a deadlock fails the test instead of hanging it. Returns `f`'s
/// panic message (`None` if it returned).
fn watched(f: impl FnOnce() + Send + 'static) -> Option<String> {
    let worker = std::thread::spawn(move || {
        catch_unwind(AssertUnwindSafe(f)).err().map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default()
        })
    });
    let start = std::time::Instant::now();
    while !worker.is_finished() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "a callback under a read lock interned into its shard: a deadlock, not a panic"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    worker.join().expect("the worker catches its panics")
}

const READ_REENTRY: &str = "strata: re-entrant interning into storage kind `attr`: a callback that runs under the shard's read lock (`matches`, a visitor) interned into that shard";

/// `with_read_lock`'s callback inserts into the shard it holds for reading:
/// the write lock can never be granted, so the attempt is the read-side
/// re-entrancy panic, and the table is usable afterwards.
#[test]
fn a_read_lock_callback_interning_into_its_shard_panics() {
    let table: Arc<Table<Attr>> = Arc::new(Table::with_shards("attr", 1));
    let t = Arc::clone(&table);
    let msg = watched(move || {
        let h = t.hash_one(&(7usize, 7i64));
        t.with_read_lock(h, || {
            let _ = intern(&t, (7, 7));
        });
    });
    assert_eq!(msg.as_deref(), Some(READ_REENTRY));
    assert_eq!(intern(&table, (7, 7)).1, Outcome::Inserted);
    // The same for a visitor of `for_each`.
    let t = Arc::clone(&table);
    let msg = watched(move || {
        t.for_each(|_| {
            let _ = intern(&t, (8, 8));
        });
    });
    assert_eq!(msg.as_deref(), Some(READ_REENTRY));
    assert_eq!(table.len(), 1);
    // A nested read that needs no lock it cannot get is no re-entry.
    let h = table.hash_one(&(7usize, 7i64));
    let found = table.with_read_lock(h, || table.get(h, |a| a.value == 7).is_some());
    assert!(found);
}

/// A `PtrTable` probe whose `hit` interns a missing key into the same shard
/// (the reclaimable kinds' `matches`): a panic, not a deadlock.
#[test]
fn a_ptr_table_hit_interning_into_its_shard_panics() {
    let mut table: Arc<PtrTable<Attr>> = Arc::new(PtrTable::with_shards("attr", 1));
    let make = |v: i64| {
        move || {
            let p = NonNull::from(Box::leak(Box::new(Attr { ty: 0, value: v })));
            (p, v)
        }
    };
    let a = table.get_or_insert_ptr(1, |_| PtrProbe::Match(1), make(1));
    assert_eq!(a, 1);
    let t = Arc::clone(&table);
    let msg = watched(move || {
        t.get_or_insert_ptr(
            1,
            |_| {
                // Hash 2 is a miss in the same (only) shard.
                t.get_or_insert_ptr(2, |_| PtrProbe::Match(2), make(2));
                PtrProbe::Match(1)
            },
            make(1),
        );
    });
    assert_eq!(msg.as_deref(), Some(READ_REENTRY));
    assert_eq!(table.get_ptr(2, |_| PtrProbe::Match(2)), None);
    // Free what the table points to (the caller owns a `PtrTable`'s objects).
    let left = Arc::get_mut(&mut table)
        .expect("the worker is done")
        .drain();
    assert_eq!(left.len(), 1);
    for p in left {
        // SAFETY: (1) every pointer in the table came from `Box::leak` in
        // `make`, and (2) the drained table no longer holds it.
        drop(unsafe { Box::from_raw(p.as_ptr()) });
    }
}

/// The interning path's `matches` interns a missing key into its own shard:
/// a panic in debug builds, where the read probe marks its shard (release
/// builds leave the mark out for speed; see `Table::get_or_insert_with`).
#[cfg(debug_assertions)]
#[test]
fn a_matches_interning_into_its_shard_panics_in_debug_builds() {
    let table: Arc<Table<Attr>> = Arc::new(Table::with_shards("attr", 1));
    let _ = intern(&table, (1, 1));
    let t = Arc::clone(&table);
    let msg = watched(move || {
        let h = t.hash_one(&(1usize, 1i64));
        t.get_or_insert_with(
            h,
            |a| {
                let _ = intern(&t, (2, 2));
                a.value == 1
            },
            |_| Attr { ty: 1, value: 1 },
        );
    });
    assert_eq!(msg.as_deref(), Some(READ_REENTRY));
    assert_eq!(table.len(), 1);
}
