//! A mutable component that holds handles of its own context: [`Body`].
//!
//! MLIR's identified structs are interned by name and get their body later
//! (`mutate`), and the body names other types, often the struct itself. In
//! Rust the payload that holds such a component must still be covariant in
//! the context's lifetime (that is what [`Kind::shorten`](crate::Kind::shorten)
//! checks), and an ordinary cell (`OnceLock<Vec<Type<'c>>>`) is not. A
//! [`Body`] is: it keeps its handles with the lifetime erased and hands them
//! out only at the lifetime of the payload that holds it, so a kind with a
//! body needs no `unsafe` and no `transmute`.

use core::fmt;
use core::marker::PhantomData;

use strata_sync::OnceGate;

use crate::kind::StorageHeader;
use crate::{Attribute, Location, Type};

pub(crate) mod sealed {
    use crate::kind::StorageHeader;

    pub trait Sealed {
        /// The handle's header with the lifetime erased (see
        /// `erase_lifetime` in `handle.rs`).
        fn static_header(self) -> &'static StorageHeader;
    }
}

/// The erased handles a [`Body`] can hold: [`Type`], [`Attribute`],
/// [`Location`] (each `repr(transparent)` over a header reference). Sealed.
pub trait BodyHandle: Copy + Send + Sync + sealed::Sealed {}

impl BodyHandle for Type<'_> {}
impl BodyHandle for Attribute<'_> {}
impl BodyHandle for Location<'_> {}

/// A component set once (inside [`Context::mutate`](crate::Context::mutate))
/// to a list of handles of the same context, read without a lock.
///
/// Covariant in `'c`, so a payload holding one still implements
/// [`Kind::shorten`](crate::Kind::shorten) as `{ stored }`. The handles must
/// belong to the payload's own context (the hazard MLIR has too: the types
/// do not check it, as for keys).
///
/// ```
/// use std::fmt;
/// use std::hash::{Hash, Hasher};
/// use strata_ctx::{
///     Arena, Body, Context, Kind, KindInfo, MutableKind, StorageKind, Type, TypeFamily,
/// };
///
/// /// An identified struct: interned by name, body set later.
/// pub enum Struct {}
///
/// #[derive(Debug)]
/// pub struct StructData<'c> {
///     pub name: &'c str,
///     pub body: Body<Type<'c>>,
/// }
///
/// impl fmt::Display for StructData<'_> {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "!struct<\"{}\">", self.name)
///     }
/// }
///
/// impl Kind for Struct {
///     type Family = TypeFamily;
///     type Stored<'c> = StructData<'c>;
///     type Key<'k, 'c> = &'k str where 'c: 'k;
///     fn info() -> &'static KindInfo {
///         static INFO: KindInfo = KindInfo::new::<Struct>("demo.struct");
///         &INFO
///     }
///     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k str, state: &mut H) {
///         key.hash(state)
///     }
///     fn shorten<'a, 'b: 'a>(stored: &'a StructData<'b>) -> &'a StructData<'a> {
///         stored // compiles: `Body` is covariant
///     }
/// }
///
/// impl StorageKind for Struct {
///     fn matches<'k, 'c: 'k>(stored: &'c StructData<'c>, key: &&'k str) -> bool {
///         stored.name == *key
///     }
///     fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c Arena) -> StructData<'c> {
///         StructData { name: arena.alloc_str(key), body: Body::new() }
///     }
/// }
///
/// impl MutableKind for Struct {
///     fn key_of<'a>(stored: &'a StructData<'a>) -> &'a str {
///         stored.name
///     }
/// }
///
/// let ctx = Context::new();
/// let list = ctx.intern::<Struct>("list");
/// // A recursive type: the body names the struct itself.
/// assert!(ctx.mutate(list, |s| s.body.set(&[list.into()])));
/// assert!(!ctx.mutate(list, |s| s.body.set(&[]))); // set once
/// let body = ctx.read_mutable(list, |s| s.body.get().unwrap());
/// assert_eq!(body, &[Type::from(list)]);
/// ```
pub struct Body<H: BodyHandle> {
    /// The handles' headers, with the lifetime erased (covariance comes from
    /// `PhantomData<H>`, not from this field).
    headers: OnceGate<Box<[&'static StorageHeader]>>,
    _handles: PhantomData<H>,
}

impl<H: BodyHandle> Body<H> {
    /// An empty body.
    pub fn new() -> Self {
        Self {
            headers: OnceGate::new(),
            _handles: PhantomData,
        }
    }

    /// Sets the body to `handles` if it is empty; whether it was. Call it
    /// inside [`Context::mutate`](crate::Context::mutate), where mutations
    /// of the component are serialised (invariant 5).
    pub fn set(&self, handles: &[H]) -> bool {
        let mut fresh = false;
        self.headers.get_or_init(|| {
            fresh = true;
            handles.iter().map(|&h| h.static_header()).collect()
        });
        fresh
    }

    /// The body, if it was set. Lock-free: the gate's `Acquire` load pairs
    /// with the `Release` that published the body in `set`.
    pub fn get(&self) -> Option<&[H]> {
        let headers: &[&'static StorageHeader] = self.headers.get()?;
        // SAFETY: `H` is `Type`, `Attribute` or `Location` (sealed), each
        // `repr(transparent)` over a `&StorageHeader`, so the slices have one
        // layout; the headers were taken from `H` handles by `set`, and are
        // handed out at `H`'s lifetime, the payload's own.
        Some(unsafe { core::slice::from_raw_parts(headers.as_ptr().cast::<H>(), headers.len()) })
    }
}

impl<H: BodyHandle> Default for Body<H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<H: BodyHandle + fmt::Debug> fmt::Debug for Body<H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Body").field(&self.get()).finish()
    }
}
