//! The context's handles the IR stores: `strata-ctx`'s `Attribute`, `Type`
//! and `Location`.
//!
//! The facade does not build under `--cfg strata_loom` (its kinds are
//! `static`s, which loom's atomics cannot initialise), so the loom models of
//! the container run the same IR over stand-in handles: a name in a `&str`.
//! Everything else in the crate is the code a compiler runs.

#[cfg(not(strata_loom))]
pub(crate) use strata_ctx::{Attribute, Context, Location, Type};

/// A stand-in for an interned handle under loom: equal names are equal.
#[cfg(strata_loom)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Handle<'c>(pub &'c str);

/// The stand-in attribute.
#[cfg(strata_loom)]
pub(crate) type Attribute<'c> = Handle<'c>;
/// The stand-in type.
#[cfg(strata_loom)]
pub(crate) type Type<'c> = Handle<'c>;
/// The stand-in location.
#[cfg(strata_loom)]
pub(crate) type Location<'c> = Handle<'c>;
/// The stand-in context (folders get the context to intern constants in).
#[cfg(strata_loom)]
pub(crate) type Context = ();
