//! The errors of the mutation API and of the consistency checker.

use core::fmt;

use crate::id::{OwnerId, ValueId};
use crate::{ExprId, Statement};

/// Why a mutation was refused. A refused mutation changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IrError {
    /// The owner is not (or no longer) registered in this container.
    UnknownOwner(OwnerId),
    /// The value is not (or no longer) in this container.
    UnknownValue(ValueId),
    /// The expression is not (or no longer) in this container.
    UnknownExpr(ExprId),
    /// An expression lists the same output twice (a value has at most one
    /// defining expression, and that expression defines it once).
    DuplicateOutput(ValueId),
    /// An expression reads a value it defines.
    OutputIsInput(ValueId),
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IrError::UnknownOwner(o) => write!(f, "owner {o} is not registered in this container"),
            IrError::UnknownValue(v) => write!(f, "value {v} is not in this container"),
            IrError::UnknownExpr(e) => write!(f, "expression {e} is not in this container"),
            IrError::DuplicateOutput(v) => {
                write!(
                    f,
                    "value {v} is listed twice among the outputs of one expression"
                )
            }
            IrError::OutputIsInput(v) => {
                write!(
                    f,
                    "value {v} is both an input and an output of one expression"
                )
            }
        }
    }
}

impl std::error::Error for IrError {}

/// A broken invariant found by
/// [`IrView::check_consistency`](crate::IrView::check_consistency).
///
/// Its `Display` form reads `inconsistent container: ` followed by the first
/// violation found, naming the statements involved (`v1`, `e2`, `o0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    /// The statement the violation was found at.
    pub at: Statement,
    message: String,
}

impl Inconsistency {
    pub(crate) fn new(at: Statement, message: String) -> Self {
        Self { at, message }
    }

    /// The violation, without the `inconsistent container: ` prefix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "inconsistent container: {}", self.message)
    }
}

impl std::error::Error for Inconsistency {}
