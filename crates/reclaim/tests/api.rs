//! The reclaim core's surface outside loom: the table's accessors, handles
//! that compare, hash and point by storage, the storages a dropped table
//! still held, and the memory report's totals.

#![cfg(not(strata_loom))]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use strata_reclaim::{KindMemory, MemoryReport, ReclaimTable, Strong};
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::policy::Shared;

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut s = DefaultHasher::new();
    v.hash(&mut s);
    s.finish()
}

fn intern<'t>(table: &'t ReclaimTable<Vec<u8>, Shared>, key: &[u8]) -> Strong<'t, Vec<u8>, Shared> {
    table.intern(table.hash_one(key), |v| v[..] == *key, || key.to_vec())
}

#[test]
fn accessors_and_handles_by_storage() {
    let table = ReclaimTable::<Vec<u8>, Shared>::new("bytes", 2, Vec::len);
    assert_eq!(table.name(), "bytes");
    assert!(table.is_empty());
    assert_eq!(table.len(), 0);
    assert_ne!(table.hash_one(&[1u8][..]), table.hash_one(&[2u8][..]));
    let a = intern(&table, &[1]);
    let a2 = intern(&table, &[1]);
    let b = intern(&table, &[2]);
    assert_eq!(table.len(), 2);
    assert!(!table.is_empty());
    assert!(a == a2 && a != b, "handles compare by storage");
    assert!(Strong::ptr_eq(&a, &a2) && !Strong::ptr_eq(&a, &b));
    assert_eq!(Strong::as_ptr(&a), Strong::as_ptr(&a2));
    assert_ne!(Strong::as_ptr(&a), Strong::as_ptr(&b));
    assert!(!Strong::as_ptr(&a).is_null());
    assert_eq!(hash_of(&a), hash_of(&a2));
    assert_ne!(hash_of(&a), hash_of(&b), "two storages hashed alike");
}

/// Counts its drops.
static DROPS: AtomicUsize = AtomicUsize::new(0);

#[derive(PartialEq)]
struct Counted(u8);

impl Drop for Counted {
    fn drop(&mut self) {
        // Relaxed: a test counter, read on this thread.
        DROPS.fetch_add(1, Relaxed);
    }
}

#[test]
fn a_dropped_table_frees_the_storages_whose_handles_were_leaked() {
    let table = ReclaimTable::<Counted, Shared>::new("counted", 1, |_| 0);
    let key = 7u8;
    let h = table.hash_one(&key);
    let kept = table.intern(h, |c| c.0 == key, || Counted(key));
    // A handle leaked on purpose: its storage stays until the table drops.
    std::mem::forget(kept);
    let gone = table.intern(h + 1, |c| c.0 == 8, || Counted(8));
    drop(gone);
    assert_eq!(DROPS.load(Relaxed), 1, "the last handle's drop reclaimed");
    drop(table);
    assert_eq!(
        DROPS.load(Relaxed),
        2,
        "the table's drop freed the leaked one"
    );
}

fn kind(name: &'static str, bytes: usize, index: usize, freed: u64) -> KindMemory {
    KindMemory {
        name,
        reclaimable: true,
        live: 1,
        bytes_in_use: bytes,
        index_bytes: index,
        reclaimed: 0,
        bytes_reclaimed: freed,
    }
}

#[test]
fn a_memory_report_finds_kinds_and_adds_them_up() {
    let report = MemoryReport::new(vec![kind("z", 100, 10, 5), kind("a", 1000, 20, 7)], 3);
    assert_eq!(report.kinds[0].name, "a", "sorted by name");
    assert_eq!(report.kind("z").map(|k| k.bytes_in_use), Some(100));
    assert!(report.kind("y").is_none());
    assert_eq!(report.bytes_in_use(), 100 + 10 + 1000 + 20 + 3);
    assert_eq!(report.bytes_reclaimed(), 12);
    let shown = report.to_string();
    assert!(shown.lines().count() >= 3, "{shown}");
    assert!(shown.contains("reclaimable"), "{shown}");
}
