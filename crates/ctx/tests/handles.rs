//! The handle surface: a reclaimable handle converts to the erased handle of
//! its family (pinning its storage), and the erased handle prints and
//! downcasts like any other; counted handles compare, hash and print by
//! storage, a counted lookup never creates, and the heap bytes a kind
//! declares show in the memory report.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};

use strata_ctx::{Attribute, AttributeFamily, Context, Counted, Kind, KindInfo, ReclaimableKind};

/// A reclaimable attribute kind: a blob of bytes.
enum Blob {}

#[derive(Debug, PartialEq, Eq)]
struct BlobData(Vec<u8>);

impl fmt::Display for BlobData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "blob<{}>", self.0.len())
    }
}

impl Kind for Blob {
    type Family = AttributeFamily;
    type Stored<'c> = BlobData;
    type Key<'k, 'c>
        = &'k [u8]
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Blob>("test.blob");
        &INFO
    }
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u8], state: &mut H) {
        key.hash(state);
    }
    fn shorten<'a, 'b: 'a>(stored: &'a BlobData) -> &'a BlobData {
        stored
    }
}

impl ReclaimableKind for Blob {
    fn matches<'k, 'c: 'k>(stored: &BlobData, key: &&'k [u8]) -> bool {
        stored.0[..] == **key
    }
    fn construct<'k, 'c: 'k>(key: &&'k [u8]) -> BlobData {
        BlobData(key.to_vec())
    }
    fn heap_bytes(stored: &BlobData) -> usize {
        stored.0.len()
    }
}

#[test]
fn a_counted_handle_converts_to_its_erased_handle_and_is_pinned() {
    let ctx = Context::new();
    let blob: Counted<'_, Blob> = ctx.intern_counted::<Blob>(&[1, 2, 3]);
    let other = blob.clone();
    let addr = blob.as_ptr();
    let attr: Attribute<'_> = blob.into();
    assert_eq!(attr.as_ptr(), addr);
    assert!(attr.isa::<Blob>());
    assert_eq!(attr.kind().name(), "test.blob");
    assert_eq!(attr.to_string(), "blob<3>");
    assert_eq!(format!("{attr:?}"), "BlobData([1, 2, 3])");
    // The conversion keeps one reference for good: dropping every handle
    // leaves the storage live, and interning the key finds it again.
    drop(other);
    let memory = *ctx.memory().kind("test.blob").unwrap();
    assert_eq!((memory.live, memory.reclaimed), (1, 0));
    assert_eq!(ctx.intern_counted::<Blob>(&[1, 2, 3]).as_ptr(), addr);
    // A storage that was never converted is still reclaimed.
    drop(ctx.intern_counted::<Blob>(&[4]));
    assert_eq!(ctx.memory().kind("test.blob").unwrap().reclaimed, 1);
}

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut s = DefaultHasher::new();
    v.hash(&mut s);
    s.finish()
}

#[test]
fn counted_handles_compare_hash_and_print_by_storage() {
    let ctx = Context::new();
    let a: Counted<'_, Blob> = ctx.intern_counted::<Blob>(&[1, 2, 3]);
    let a2 = ctx.intern_counted::<Blob>(&[1, 2, 3]);
    let b = ctx.intern_counted::<Blob>(&[4]);
    assert!(a == a2);
    assert!(a != b, "two storages compared equal");
    assert_eq!(hash_of(&a), hash_of(&a2));
    assert_ne!(hash_of(&a), hash_of(&b), "two storages hashed alike");
    assert_eq!(Counted::strong_count(&a), 2);
    drop(a2);
    assert_eq!(Counted::strong_count(&a), 1);
    assert_eq!(a.to_string(), "blob<3>");
    assert_eq!(format!("{a:?}"), "BlobData([1, 2, 3])");
}

#[test]
fn a_counted_lookup_finds_only_live_storages() {
    let ctx = Context::new();
    assert!(
        ctx.lookup_counted::<Blob>(&[9]).is_none(),
        "a kind never used"
    );
    let live = ctx.intern_counted::<Blob>(&[9]);
    let found = ctx
        .lookup_counted::<Blob>(&[9])
        .expect("a live storage not found");
    assert!(found == live);
    assert_eq!(
        Counted::strong_count(&live),
        2,
        "the lookup's handle counts"
    );
    assert!(
        ctx.lookup_counted::<Blob>(&[8]).is_none(),
        "a lookup created a storage"
    );
    drop((live, found));
    assert!(
        ctx.lookup_counted::<Blob>(&[9]).is_none(),
        "a dead storage was found"
    );
}

#[test]
fn declared_heap_bytes_show_in_the_memory_report() {
    let small = Context::new();
    let large = Context::new();
    let _s = small.intern_counted::<Blob>(&[0; 3]);
    let _l = large.intern_counted::<Blob>(&[0; 103]);
    let s = *small
        .memory()
        .kind("test.blob")
        .expect("the kind is reported");
    let l = *large
        .memory()
        .kind("test.blob")
        .expect("the kind is reported");
    assert!(s.reclaimable);
    assert_eq!((s.live, l.live), (1, 1));
    assert_eq!(l.bytes_in_use - s.bytes_in_use, 100, "{s:?} against {l:?}");
}
