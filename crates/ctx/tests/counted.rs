//! Counted handles of a reclaimable kind, on the facade's surface: equality,
//! hashing and printing by storage, the strong count, a lookup that never
//! creates, and the heap bytes a kind declares showing in the memory report.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};

use strata_ctx::{AttributeFamily, Context, Counted, Kind, KindInfo, ReclaimableKind};

/// A reclaimable kind: a byte string that owns its bytes on the heap.
enum Bytes {}

#[derive(Debug, PartialEq, Eq)]
struct BytesData(Vec<u8>);

impl fmt::Display for BytesData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bytes<{}>", self.0.len())
    }
}

impl Kind for Bytes {
    type Family = AttributeFamily;
    type Stored<'c> = BytesData;
    type Key<'k, 'c>
        = &'k [u8]
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Bytes>("counted.bytes");
        &INFO
    }
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u8], state: &mut H) {
        key.hash(state);
    }
    fn shorten<'a, 'b: 'a>(stored: &'a BytesData) -> &'a BytesData {
        stored
    }
}

impl ReclaimableKind for Bytes {
    fn matches<'k, 'c: 'k>(stored: &BytesData, key: &&'k [u8]) -> bool {
        stored.0[..] == **key
    }
    fn construct<'k, 'c: 'k>(key: &&'k [u8]) -> BytesData {
        BytesData(key.to_vec())
    }
    fn heap_bytes(stored: &BytesData) -> usize {
        stored.0.len()
    }
}

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut s = DefaultHasher::new();
    v.hash(&mut s);
    s.finish()
}

#[test]
fn counted_handles_compare_hash_and_print_by_storage() {
    let ctx = Context::new();
    let a: Counted<'_, Bytes> = ctx.intern_counted::<Bytes>(&[1, 2, 3]);
    let a2 = ctx.intern_counted::<Bytes>(&[1, 2, 3]);
    let b = ctx.intern_counted::<Bytes>(&[4]);
    assert!(a == a2);
    assert!(a != b, "two storages compared equal");
    assert_eq!(hash_of(&a), hash_of(&a2));
    assert_ne!(hash_of(&a), hash_of(&b), "two storages hashed alike");
    assert_eq!(Counted::strong_count(&a), 2);
    drop(a2);
    assert_eq!(Counted::strong_count(&a), 1);
    assert_eq!(a.to_string(), "bytes<3>");
    assert_eq!(format!("{a:?}"), "BytesData([1, 2, 3])");
}

#[test]
fn a_counted_lookup_finds_only_live_storages() {
    let ctx = Context::new();
    assert!(
        ctx.lookup_counted::<Bytes>(&[9]).is_none(),
        "a kind never used"
    );
    let live = ctx.intern_counted::<Bytes>(&[9]);
    let found = ctx
        .lookup_counted::<Bytes>(&[9])
        .expect("a live storage not found");
    assert!(found == live);
    assert_eq!(
        Counted::strong_count(&live),
        2,
        "the lookup's handle counts"
    );
    assert!(
        ctx.lookup_counted::<Bytes>(&[8]).is_none(),
        "a lookup created a storage"
    );
    drop((live, found));
    assert!(
        ctx.lookup_counted::<Bytes>(&[9]).is_none(),
        "a dead storage was found"
    );
}

#[test]
fn declared_heap_bytes_show_in_the_memory_report() {
    let small = Context::new();
    let large = Context::new();
    let _s = small.intern_counted::<Bytes>(&[0; 3]);
    let _l = large.intern_counted::<Bytes>(&[0; 103]);
    let s = *small
        .memory()
        .kind("counted.bytes")
        .expect("the kind is reported");
    let l = *large
        .memory()
        .kind("counted.bytes")
        .expect("the kind is reported");
    assert!(s.reclaimable);
    assert_eq!((s.live, l.live), (1, 1));
    assert_eq!(l.bytes_in_use - s.bytes_in_use, 100, "{s:?} against {l:?}");
}
