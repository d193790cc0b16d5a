//! The strata facade: `Context`, storage kinds, typed handles, registries,
//! per-context dialect state and the parallel driver.
//!
#![doc = include_str!("../README.md")]

mod body;
mod context;
#[cfg(feature = "driver")]
mod driver;
mod erased;
pub mod extension;
mod handle;
mod kind;
mod stats;

pub use strata_affine as affine;

pub use body::{Body, BodyHandle, BodyMismatch};
pub use context::{Context, Dialect, Registry};
pub use extension::{Extension, ExtensionInfo, HOT_WORDS, HotWord};
pub use handle::{
    Attribute, AttributeKind, Interned, Location, LocationKind, RawInterned, Type, TypeKind,
};
pub use kind::{
    AttributeFamily, Category, Family, Kind, KindInfo, LocationFamily, MutableKind, OtherFamily,
    StorageHeader, StorageKind, TypeFamily, bytes_equal, family_by_category, fx_hash,
};
pub use reclaim::{Counted, KindMemory, MemoryReport, ReclaimableKind};
pub use stats::{KindStatistics, Statistics};
pub use strata_diag::{self as diag, DiagEngine};
pub use strata_table::Arena;

pub mod reclaim;

/// The threading policy of a [`Context`], its tables and its diagnostics:
/// [`Shared`] or [`Local`] (strata-sync's, the one policy family).
pub use strata_sync::policy::{Local, Policy, Shared};
