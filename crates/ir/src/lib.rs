//! MLIR's operation tree, mutable, with an arena per isolated-from-above
//! operation and the two-layer locking of shared IR.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod body;
mod check;
mod container;
pub mod dialect;
mod error;
mod handles;
mod id;
pub mod mutate;
pub mod pattern;
pub mod transform;
pub mod verify;
pub mod walk;

pub use body::{BlockOps, Blocks, Body, OpRef, Preds, RegionParent, Uses, ValueDef};
pub use container::{Container, ContainerMutator, InsertKey, OwnerGuard, symbol_name};
#[cfg(not(strata_loom))]
pub use container::{defined_symbol, first_redefinition};
pub use dialect::{
    Fold, FoldValue, OpDef, OpDefId, OpKind, OpRegistry, PropertyStorage, Traits, VerifyError,
};
pub use error::{Inconsistency, IrError};
#[cfg(strata_loom)]
pub use handles::Handle;
pub use id::{BlockId, BlockOperand, OpId, OpOperand, OwnerId, RegionId, Value};
pub use mutate::{InsertPoint, OperationState};
pub use pattern::{PatternRewriter, RewriteEvent, RewritePattern};
pub use strata_sync::policy::{Local, Policy, Shared};
pub use transform::IrMapping;
pub use verify::OpSite;
pub use walk::{WalkOrder, WalkResult, walk_body, walk_op, walk_region};
