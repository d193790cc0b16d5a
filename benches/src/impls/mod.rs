//! The implementations the harness compares, behind one small trait.
//!
//! Every implementation turns a key into an *identity*: a `usize` that two
//! interned values share exactly when the implementation considers them the
//! same value. For the pointer-identity interners (strata, the floor,
//! rustc-sharded, dashmap, internment) it is the address of the stored value;
//! for lasso it is the integer key (`Spur`) it hands out. The harness checks
//! identities the same way for all of them.
//!
//! A thread-safe implementation implements [`Interner`] for a shared
//! reference (`&Ctx`), so one value can be used from many threads at once; an
//! unsynchronised one implements it for the value itself, used through
//! `&mut`.

mod dash;
mod floor;
mod global;
mod mix;
mod rodeo;
mod sharded;
mod strata;

pub use dash::DashInterner;
pub use floor::Floor;
pub use global::GlobalIntern;
pub use mix::{Mix, MixInterner};
pub use rodeo::{RodeoSingle, RodeoThreaded};
pub use sharded::{RustcSharded, SHARDS};

/// Interns keys of type `K` and returns their identities.
pub trait Interner<K: ?Sized> {
    /// Interns `key`: equal keys give equal identities, distinct keys
    /// distinct ones, for as long as the interner lives.
    fn intern(&mut self, key: &K) -> usize;
}

/// The address of `r`, as an identity.
#[inline(always)]
pub(crate) fn addr<T: ?Sized>(r: &T) -> usize {
    core::ptr::from_ref(r).cast::<u8>().addr()
}
