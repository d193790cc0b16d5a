//! A mutable component that holds handles of its own context: [`Body`].
//!
//! MLIR's identified structs get their body after they are interned, and
//! the body names other types, often the struct itself. The payload must
//! stay covariant ([`Kind::shorten`](crate::Kind::shorten)), which an
//! ordinary cell of handles is not; a [`Body`] is, so such a kind needs no
//! `unsafe` and no `transmute`.

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
/// `crates/ctx/tests/body.rs` declares an identified struct whose body names
/// the struct itself (a recursive type) with no `unsafe`.
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

    /// Sets the body to `handles` if it is empty, or checks that the body
    /// set before is `handles` (MLIR's `LLVMStructType::setBody`, which
    /// succeeds again for the same body): `Ok(true)` if this call set it,
    /// `Ok(false)` if it was already `handles`. Call it inside
    /// [`Context::mutate`](crate::Context::mutate), as [`set`](Self::set).
    ///
    /// # Errors
    ///
    /// [`BodyMismatch`] if the body was set to other handles; the body is
    /// unchanged.
    pub fn set_or_check(&self, handles: &[H]) -> Result<bool, BodyMismatch>
    where
        H: PartialEq,
    {
        if self.set(handles) {
            return Ok(true);
        }
        match self.get() {
            Some(existing) if existing == handles => Ok(false),
            _ => Err(BodyMismatch),
        }
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

/// [`Body::set_or_check`] found the body set to other handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyMismatch;

impl fmt::Display for BodyMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the body is already set to different handles")
    }
}

impl std::error::Error for BodyMismatch {}

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
