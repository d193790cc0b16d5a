//! The shared IR container of strata, with two-layer locking.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod compile;
mod container;
mod error;
mod guard;
mod held;
mod id;
mod view;

pub use container::{IrContainer, Owner};
pub use error::{Inconsistency, IrError};
pub use guard::{Mutator, Reader};
pub use id::{Checkpoint, ExprId, OwnerId, OwnerSnapshot, Statement, ValueId};
pub use strata_sync::policy::{Local, Policy, Shared};
pub use view::{ExprRef, IrView, ValueRef};
