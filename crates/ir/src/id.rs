//! Statement and owner identities, checkpoints and snapshots.

use core::fmt;

/// The identity of a value (an SSA value: a function argument, a constant,
/// the result of an expression).
///
/// Value and expression ids are drawn from one counter per container, so the
/// raw number is also the statement's creation sequence number: ids are
/// never reused, and comparing two ids (of either kind, through
/// [`seq`](Self::seq)) compares creation order. A removed value's id stays
/// dead forever.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ValueId(pub(crate) u32);

/// The identity of an expression (an operation with input values and output
/// values). Drawn from the same counter as [`ValueId`]; see there.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExprId(pub(crate) u32);

/// The identity of an owner (a function or fusion that holds statements).
///
/// Owner ids come from their own counter and are never reused either, so an
/// id kept after its owner was dropped can never name a later owner of the
/// same container. Ids are not tied to their container: every container
/// counts from `o0`, so an id of one container given to another names that
/// container's owner of the same number (a logic error the types do not
/// catch, like an index into the wrong `Vec`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OwnerId(pub(crate) u32);

impl ValueId {
    /// The creation sequence number: the raw id, comparable with
    /// [`ExprId::seq`] because both kinds share one counter.
    #[inline]
    pub const fn seq(self) -> u32 {
        self.0
    }
}

impl ExprId {
    /// The creation sequence number: the raw id, comparable with
    /// [`ValueId::seq`] because both kinds share one counter.
    #[inline]
    pub const fn seq(self) -> u32 {
        self.0
    }
}

impl OwnerId {
    /// The raw owner number (owners are numbered from zero in creation
    /// order).
    #[inline]
    pub const fn index(self) -> u32 {
        self.0
    }
}

impl fmt::Debug for ValueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for ValueId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Debug for ExprId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "e{}", self.0)
    }
}

impl fmt::Display for ExprId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "e{}", self.0)
    }
}

impl fmt::Debug for OwnerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "o{}", self.0)
    }
}

impl fmt::Display for OwnerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "o{}", self.0)
    }
}

/// A statement of either kind, as yielded by
/// [`IrView::statements`](crate::IrView::statements) in creation order.
///
/// Statements order by creation ([`seq`](Self::seq)), whatever their kind:
/// the two kinds share one id counter, so no two statements of a container
/// have the same sequence number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Statement {
    /// A value.
    Value(ValueId),
    /// An expression.
    Expr(ExprId),
}

impl Statement {
    /// The creation sequence number of the statement.
    #[inline]
    pub const fn seq(self) -> u32 {
        match self {
            Statement::Value(v) => v.0,
            Statement::Expr(e) => e.0,
        }
    }
}

impl Ord for Statement {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        // Ties (possible only between statements of different containers)
        // fall back to the kind, to stay consistent with `Eq`.
        (self.seq(), matches!(self, Statement::Expr(_)))
            .cmp(&(other.seq(), matches!(other, Statement::Expr(_))))
    }
}

impl PartialOrd for Statement {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// A position in one owner's history: what
/// [`Mutator::remove_statements_created_after`](crate::Mutator::remove_statements_created_after)
/// rolls that owner back to.
///
/// A checkpoint names its owner because a container is shared: rolling back
/// removes only the statements *this* owner holds that were created after
/// the checkpoint, never the work other owners did concurrently in the
/// meantime.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Checkpoint {
    pub(crate) owner: OwnerId,
    /// The first statement id not yet allocated when the checkpoint was
    /// taken.
    pub(crate) next: u32,
}

impl Checkpoint {
    /// The owner whose history the checkpoint marks.
    #[inline]
    pub const fn owner(&self) -> OwnerId {
        self.owner
    }

    /// The first creation sequence number that lies after the checkpoint.
    #[inline]
    pub const fn next_seq(&self) -> u32 {
        self.next
    }
}

/// An owned copy of the ids one owner holds, in creation order: what a
/// caller keeps when it needs the membership after the lock is released.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnerSnapshot {
    /// The owner the snapshot describes.
    pub owner: OwnerId,
    /// The values it held, in creation order.
    pub values: Vec<ValueId>,
    /// The expressions it held, in creation order.
    pub exprs: Vec<ExprId>,
}
