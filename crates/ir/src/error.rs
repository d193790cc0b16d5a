//! The errors of the IR's mutations, and the inconsistencies
//! [`Body::check`](crate::Body::check) reports.

use core::fmt;

use crate::id::{BlockId, BlockOperand, OpId, OpOperand, OwnerId, RegionId, Value};

/// A mutation that would break the IR, refused with nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IrError {
    /// Erasing `value` (or what defines it) would leave `user` reading a
    /// value that no longer exists.
    ValueInUse {
        /// The value still used.
        value: Value,
        /// One of its uses from outside what is erased.
        user: OpOperand,
    },
    /// Erasing `block` would leave `pred` branching to nothing.
    BlockInUse {
        /// The block still named.
        block: BlockId,
        /// One of its predecessors from outside what is erased.
        pred: BlockOperand,
    },
    /// The operation is not in a block.
    Detached(OpId),
    /// The block is not in a region.
    DetachedBlock(BlockId),
    /// The operation would end up inside its own regions.
    IntoItself(OpId),
    /// The block would end up inside one of its own operations' regions.
    BlockIntoItself(BlockId),
    /// The operation is already in a block; remove it first.
    Attached(OpId),
    /// The block is already in a region; remove it first.
    AttachedBlock(BlockId),
    /// A clone into another body read `value`, which the mapping does not
    /// map and which is not defined in what is cloned.
    Unmapped(Value),
    /// A clone into another body names `block`, which the mapping does not
    /// map and which is not in what is cloned.
    UnmappedBlock(BlockId),
    /// The child body is checked out by a container guard.
    ChildOut(OwnerId),
    /// The symbol is defined already, by this operation.
    SymbolExists(OpId),
    /// The operation built to define a symbol does not define it.
    SymbolMismatch(OpId),
    /// The owner id names no child of this body (erased, or another body's).
    UnknownOwner(OwnerId),
    /// The region is not empty, or is not detached, where an empty detached
    /// one is needed.
    RegionInUse(RegionId),
    /// An operand, successor, argument or region position out of range.
    OutOfRange {
        /// What was indexed.
        what: &'static str,
        /// The index asked for.
        index: usize,
        /// How many there are.
        len: usize,
    },
    /// The two blocks (of a merge, or a split point) are in different
    /// regions where one region is needed, or a block merges into itself.
    BadBlockPair(BlockId, BlockId),
    /// The number of replacement values differs from what they replace.
    CountMismatch {
        /// How many are replaced.
        expected: usize,
        /// How many replacements were given.
        found: usize,
    },
}

impl fmt::Display for IrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ValueInUse { value, user } => write!(
                f,
                "{value:?} is still used by operand {} of {:?}",
                user.index, user.op
            ),
            Self::BlockInUse { block, pred } => write!(
                f,
                "{block:?} is still a successor of {:?} (successor {})",
                pred.op, pred.index
            ),
            Self::Detached(op) => write!(f, "{op:?} is not in a block"),
            Self::DetachedBlock(b) => write!(f, "{b:?} is not in a region"),
            Self::IntoItself(op) => write!(f, "{op:?} cannot be moved into its own regions"),
            Self::BlockIntoItself(b) => {
                write!(
                    f,
                    "{b:?} cannot be placed in a region of its own operations"
                )
            }
            Self::Attached(op) => write!(f, "{op:?} is already in a block"),
            Self::AttachedBlock(b) => write!(f, "{b:?} is already in a region"),
            Self::Unmapped(v) => write!(
                f,
                "{v:?} is read by what is cloned but neither defined in it nor mapped"
            ),
            Self::UnmappedBlock(b) => write!(
                f,
                "{b:?} is a successor in what is cloned but neither in it nor mapped"
            ),
            Self::ChildOut(o) => write!(f, "the body of {o:?} is checked out"),
            Self::SymbolExists(op) => write!(f, "the symbol is already defined by {op:?}"),
            Self::SymbolMismatch(op) => {
                write!(f, "{op:?} was built for a symbol it does not define")
            }
            Self::UnknownOwner(o) => write!(f, "{o:?} names no child body here"),
            Self::RegionInUse(r) => write!(f, "{r:?} is not an empty detached region"),
            Self::OutOfRange { what, index, len } => {
                write!(f, "{what} {index} is out of range (there are {len})")
            }
            Self::BadBlockPair(a, b) => write!(f, "{a:?} and {b:?} cannot be merged or split so"),
            Self::CountMismatch { expected, found } => {
                write!(f, "{found} replacements given for {expected} values")
            }
        }
    }
}

impl std::error::Error for IrError {}

/// A broken link or use-list that [`Body::check`](crate::Body::check)
/// found: a bug in a mutation, never a state the public API can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inconsistency(pub String);

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "inconsistent IR: {}", self.0)
    }
}

impl std::error::Error for Inconsistency {}
