//! The strata facade: `Context`, storage kinds, typed handles, builtins, the
//! affine cluster and the parallel driver.

mod context;
mod driver;
mod handle;
mod kind;
mod stats;

pub mod affine;
pub mod builtin;

pub use context::{Context, Dialect, Registry};
pub use handle::{Attribute, AttributeKind, Interned, Location, LocationKind, Type, TypeKind};
pub use kind::{Category, KindInfo, StorageHeader, StorageKind, fx_hash};
pub use stats::{KindStatistics, Statistics};
pub use strata_diag::{self as diag, DiagEngine};
/// The threading policy of a [`Context`]: [`Shared`] or [`Local`]. (It is
/// strata-diag's `DiagPolicy`, which extends strata-sync's policy with what
/// the diagnostic engine needs, so that one parameter covers the context's
/// tables and its diagnostics.)
pub use strata_diag::DiagPolicy as Policy;
pub use strata_sync::policy::{Local, Shared};
pub use strata_table::Arena;
