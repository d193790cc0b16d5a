//! The strata facade: `Context`, storage kinds, typed handles, builtins, the
//! affine cluster and the parallel driver.

mod context;
mod handle;
mod kind;
mod stats;

pub mod affine;
pub mod builtin;

pub use context::{Context, Dialect, Registry};
pub use handle::{Attribute, AttributeKind, Interned, Location, LocationKind, Type, TypeKind};
pub use kind::{Category, KindInfo, StorageHeader, StorageKind, fx_hash};
pub use stats::{KindStatistics, Statistics};
pub use strata_sync::policy::{Local, Policy, Shared};
pub use strata_table::Arena;
