//! The handle surface: a reclaimable handle converts to the erased handle of
//! its family (pinning its storage), and the erased handle prints and
//! downcasts like any other.

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
