//! `Body`: an identified struct whose body names the struct itself (a
//! recursive type), declared with no `unsafe` and no `transmute`.

use std::fmt;
use std::hash::{Hash, Hasher};
use strata_ctx::{
    Arena, Body, Context, Kind, KindInfo, MutableKind, StorageKind, Type, TypeFamily,
};

/// An identified struct: interned by name, body set later.
enum Struct {}

#[derive(Debug)]
struct StructData<'c> {
    name: &'c str,
    body: Body<Type<'c>>,
}

impl fmt::Display for StructData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "!struct<\"{}\">", self.name)
    }
}

impl Kind for Struct {
    type Family = TypeFamily;
    type Stored<'c> = StructData<'c>;
    type Key<'k, 'c>
        = &'k str
    where
        'c: 'k;
    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Struct>("demo.struct");
        &INFO
    }
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k str, state: &mut H) {
        key.hash(state)
    }
    fn shorten<'a, 'b: 'a>(stored: &'a StructData<'b>) -> &'a StructData<'a> {
        stored // compiles: `Body` is covariant
    }
}

impl StorageKind for Struct {
    fn matches<'k, 'c: 'k>(stored: &'c StructData<'c>, key: &&'k str) -> bool {
        stored.name == *key
    }
    fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c Arena) -> StructData<'c> {
        StructData {
            name: arena.alloc_str(key),
            body: Body::new(),
        }
    }
}

impl MutableKind for Struct {
    fn key_of<'a>(stored: &'a StructData<'a>) -> &'a str {
        stored.name
    }
}

#[test]
fn a_recursive_type_sets_its_body_once() {
    let ctx = Context::new();
    let list = ctx.intern::<Struct>("list");
    // A recursive type: the body names the struct itself.
    assert!(ctx.mutate(list, |s| s.body.set(&[list.into()])));
    assert!(!ctx.mutate(list, |s| s.body.set(&[]))); // set once
    let body = ctx.read_mutable(list, |s| s.body.get().unwrap());
    assert_eq!(body, &[Type::from(list)]);
    // Read from many threads at once, without a lock.
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let body = ctx.read_mutable(list, |s| s.body.get().unwrap());
                assert_eq!(body.len(), 1);
            });
        }
    });
}

#[test]
fn set_or_check_sets_once_then_accepts_only_the_same_body() {
    let ctx = Context::new();
    let pair = ctx.intern::<Struct>("pair");
    let other = ctx.intern::<Struct>("other");
    assert_eq!(
        ctx.mutate(pair, |s| s.body.set_or_check(&[pair.into()])),
        Ok(true)
    );
    // The same body again succeeds without changing anything, as MLIR's
    // `setBody` does.
    assert_eq!(
        ctx.mutate(pair, |s| s.body.set_or_check(&[pair.into()])),
        Ok(false)
    );
    // A different body is refused, and the first one stays.
    assert_eq!(
        ctx.mutate(pair, |s| s.body.set_or_check(&[other.into()])),
        Err(strata_ctx::BodyMismatch)
    );
    assert_eq!(
        ctx.mutate(pair, |s| s.body.set_or_check(&[pair.into(), pair.into()])),
        Err(strata_ctx::BodyMismatch)
    );
    let body = ctx.read_mutable(pair, |s| s.body.get().unwrap());
    assert_eq!(body, &[Type::from(pair)]);
}
