//! The node types of the affine cluster: expression, map and set nodes as
//! they live in a context's arena, and the raw pointer they are linked by.
//!
//! The bottom of the crate's module chain (`node` <- `tables` <- `simplify`
//! <- `handle` <- `context` <- `ops` <- `print`): it depends on no other
//! module of the crate. A node records its owner (the context's shared state)
//! as an erased [`OwnerRef`], so that the node types do not name the context
//! type that holds their tables.

use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ptr::NonNull;

use strata_sync::policy::Policy;

/// A shared, read-only raw pointer with the thread-safety of `&T`: `Send`
/// and `Sync` exactly when `T: Sync`.
///
/// INVARIANT: the referent stays alive, and is written only through interior
/// mutability (the `Inner`'s mutex), for as long as any copy of the pointer
/// is used. Every `Ptr` of this module points either into the arena of an
/// `AffineContext` (nodes, and slices of child pointers, never written after
/// they are interned) or at the context's `Inner`; both live until the
/// context drops, and the module uses a `Ptr` only while a borrow of that
/// context (a handle's `'a`, or the context's own `&self`) is alive.
#[repr(transparent)]
pub(crate) struct Ptr<T: ?Sized>(NonNull<T>);

// SAFETY: a `Ptr<T>` is used exactly like a `&T` (shared, read-only access
// to a `T` that outlives it), so it may cross threads exactly when `&T` may,
// which is when `T: Sync`.
unsafe impl<T: ?Sized + Sync> Send for Ptr<T> {}
// SAFETY: as for `Send`: sharing a `&Ptr<T>` shares only `&T`.
unsafe impl<T: ?Sized + Sync> Sync for Ptr<T> {}

impl<T: ?Sized> Ptr<T> {
    /// Wraps `ptr`.
    ///
    /// # Safety
    ///
    /// 1. `ptr` is valid for reads, and the referent stays alive and is not
    ///    written except through interior mutability for as long as the
    ///    returned pointer (or a copy) is used (the type invariant).
    pub(crate) unsafe fn new(ptr: NonNull<T>) -> Self {
        Ptr(ptr)
    }

    /// The referent.
    #[inline]
    pub(crate) fn get(&self) -> &T {
        // SAFETY: by the type invariant (established by the contract of
        // `new`) the referent is alive and unmodified while `self` is used.
        unsafe { self.0.as_ref() }
    }

    /// The raw pointer.
    #[inline]
    pub(crate) fn non_null(self) -> NonNull<T> {
        self.0
    }
}

impl<T: ?Sized> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Ptr<T> {}

impl<T: ?Sized> PartialEq for Ptr<T> {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::addr_eq(self.0.as_ptr(), other.0.as_ptr())
    }
}

impl<T: ?Sized> Eq for Ptr<T> {}

impl<T: ?Sized> Hash for Ptr<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.as_ptr().cast::<()>().hash(state);
    }
}

/// A pointer to an interned expression node.
pub(crate) type NodeRef<P> = Ptr<ExprNode<P>>;

/// The binary operators of affine expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    /// `+`.
    Add,
    /// `*`.
    Mul,
    /// `mod`.
    Mod,
    /// `floordiv`.
    FloorDiv,
    /// `ceildiv`.
    CeilDiv,
}

/// The structural content of a node. Children are interned nodes and
/// compare by address, so comparing two kinds is O(1).
pub(crate) enum NodeKind<P: Policy> {
    /// `d{i}`.
    Dim(u32),
    /// `s{i}`.
    Symbol(u32),
    /// A constant.
    Constant(i64),
    /// `lhs op rhs`.
    Binary(BinOp, NodeRef<P>, NodeRef<P>),
}

impl<P: Policy> Clone for NodeKind<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy> Copy for NodeKind<P> {}

impl<P: Policy> PartialEq for NodeKind<P> {
    fn eq(&self, other: &Self) -> bool {
        match (*self, *other) {
            (NodeKind::Dim(a), NodeKind::Dim(b)) | (NodeKind::Symbol(a), NodeKind::Symbol(b)) => {
                a == b
            }
            (NodeKind::Constant(a), NodeKind::Constant(b)) => a == b,
            (NodeKind::Binary(o1, l1, r1), NodeKind::Binary(o2, l2, r2)) => {
                o1 == o2 && l1 == l2 && r1 == r2
            }
            _ => false,
        }
    }
}

/// `is_pure_affine` holds.
pub(crate) const PURE_AFFINE: u8 = 1;
/// `is_symbolic_or_constant` holds.
pub(crate) const SYMBOLIC_OR_CONSTANT: u8 = 2;

/// The `lead` of an expression without dimensions or symbols.
pub(crate) const NO_LEAD: u64 = u64::MAX;
/// Symbols sort after every dimension: `s{j}` has lead `SYMBOL_LEAD + j`.
const SYMBOL_LEAD: u64 = 1 << 32;

/// An interned expression, in the arena of its context. Immutable once
/// inserted into the table.
pub(crate) struct ExprNode<P: Policy> {
    /// The structure.
    pub(crate) kind: NodeKind<P>,
    /// The hash of `kind` (children contribute their stored hashes, so the
    /// hash is structural and the same in every run).
    pub(crate) hash: u64,
    /// The ordering key of canonicalisation: the lowest dimension (or, with
    /// none, symbol) the expression uses; `NO_LEAD` if it uses neither.
    pub(crate) lead: u64,
    /// One more than the highest dimension position used (0 if none).
    pub(crate) dims_used: u64,
    /// One more than the highest symbol position used (0 if none).
    pub(crate) syms_used: u64,
    /// `PURE_AFFINE | SYMBOLIC_OR_CONSTANT`.
    pub(crate) flags: u8,
    /// The context whose arena holds this node (see `Ptr`'s invariant): the
    /// operators reach the context's mutex through it.
    pub(crate) owner: OwnerRef<P>,
}

impl<P: Policy> ExprNode<P> {
    /// A node for `kind`, deriving the cached properties from the children.
    pub(crate) fn new(kind: NodeKind<P>, hash: u64, owner: OwnerRef<P>) -> Self {
        let (lead, dims_used, syms_used, flags) = match kind {
            NodeKind::Dim(i) => (u64::from(i), u64::from(i) + 1, 0, PURE_AFFINE),
            NodeKind::Symbol(i) => (
                SYMBOL_LEAD + u64::from(i),
                0,
                u64::from(i) + 1,
                PURE_AFFINE | SYMBOLIC_OR_CONSTANT,
            ),
            NodeKind::Constant(_) => (NO_LEAD, 0, 0, PURE_AFFINE | SYMBOLIC_OR_CONSTANT),
            NodeKind::Binary(op, l, r) => {
                let (l, r) = (l.get(), r.get());
                let both = l.flags & r.flags;
                let r_const = matches!(r.kind, NodeKind::Constant(_));
                let pure = both & PURE_AFFINE != 0
                    && match op {
                        BinOp::Add => true,
                        // A product is affine only when one side is a
                        // constant; the divisor of `mod`, `floordiv` and
                        // `ceildiv` must be a constant.
                        BinOp::Mul => r_const || matches!(l.kind, NodeKind::Constant(_)),
                        BinOp::Mod | BinOp::FloorDiv | BinOp::CeilDiv => r_const,
                    };
                let flags = (both & SYMBOLIC_OR_CONSTANT) | if pure { PURE_AFFINE } else { 0 };
                (
                    l.lead.min(r.lead),
                    l.dims_used.max(r.dims_used),
                    l.syms_used.max(r.syms_used),
                    flags,
                )
            }
        };
        ExprNode {
            kind,
            hash,
            lead,
            dims_used,
            syms_used,
            flags,
            owner,
        }
    }
}

impl<P: Policy> NodeRef<P> {
    /// The value, if the node is a constant.
    #[inline]
    pub(crate) fn constant_value(self) -> Option<i64> {
        match self.get().kind {
            NodeKind::Constant(c) => Some(c),
            _ => None,
        }
    }

    /// The operands, if the node is `lhs op rhs`.
    #[inline]
    pub(crate) fn operands(self, op: BinOp) -> Option<(NodeRef<P>, NodeRef<P>)> {
        match self.get().kind {
            NodeKind::Binary(o, l, r) if o == op => Some((l, r)),
            _ => None,
        }
    }
}

/// A pointer to an interned map.
pub(crate) type MapRef<P> = Ptr<MapNode<P>>;
/// A pointer to an interned integer set.
pub(crate) type SetRef<P> = Ptr<SetNode<P>>;

/// An interned affine map, in the arena of its context.
pub(crate) struct MapNode<P: Policy> {
    /// The number of dimensions.
    pub(crate) num_dims: u32,
    /// The number of symbols.
    pub(crate) num_symbols: u32,
    /// The result expressions: a slice in the same arena.
    pub(crate) results: Ptr<[NodeRef<P>]>,
    /// The hash of the key (dimensions, symbols, results).
    pub(crate) hash: u64,
    /// The context whose arena holds this node.
    pub(crate) owner: OwnerRef<P>,
}

impl<P: Policy> MapNode<P> {
    /// The result expressions.
    pub(crate) fn results(&self) -> &[NodeRef<P>] {
        self.results.get()
    }
}

/// An interned integer set, in the arena of its context.
pub(crate) struct SetNode<P: Policy> {
    /// The number of dimensions.
    pub(crate) num_dims: u32,
    /// The number of symbols.
    pub(crate) num_symbols: u32,
    /// The constraint expressions: a slice in the same arena.
    pub(crate) constraints: Ptr<[NodeRef<P>]>,
    /// Per constraint, whether it is an equality: a slice in the same arena.
    pub(crate) is_eq: Ptr<[bool]>,
    /// The hash of the key.
    pub(crate) hash: u64,
}

impl<P: Policy> SetNode<P> {
    /// The constraint expressions.
    pub(crate) fn constraints(&self) -> &[NodeRef<P>] {
        self.constraints.get()
    }

    /// The equality flags.
    pub(crate) fn eq_flags(&self) -> &[bool] {
        self.is_eq.get()
    }
}

/// A stand-in for the context state (`context::Inner<P>`) that owns a node:
/// never read, it only gives [`OwnerRef`] the thread safety of a pointer to
/// `Inner<P>` (`Sync` exactly when the policy is thread-safe), so that the
/// nodes and handles of a `Local` context stay on its thread.
pub(crate) struct OwnerTag<P: Policy>(PhantomData<P::Marker>);

/// The address of the context state (`context::Inner<P>`) whose arena holds
/// a node, with its type erased so that the node types do not name the
/// context. Only `context::inner_of` turns it back into a reference.
pub(crate) type OwnerRef<P> = Ptr<OwnerTag<P>>;
