//! The thread-safe refcount base of strata: strong and weak counts with an
//! installed-in-table marker, and the `Ref` / `WeakRef` handles built on them.
//!
#![doc = include_str!("../README.md")]

mod counts;
mod handle;

pub use counts::{Counts, MAX_REFCOUNT, Released};
pub use handle::{Ref, WeakRef};
