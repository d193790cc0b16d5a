//! Expression nodes and the [`AffineExpr`] handle: kinds, predicates,
//! evaluation and the arithmetic operators.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Add, Mul, Neg, Rem, Sub};
use core::ptr::NonNull;

use strata_sync::policy::{Policy, Shared};

use super::Inner;
use super::simplify::fold;
use super::tables::Tables;

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
pub(super) struct Ptr<T: ?Sized>(NonNull<T>);

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
    pub(super) unsafe fn new(ptr: NonNull<T>) -> Self {
        Ptr(ptr)
    }

    /// The referent.
    #[inline]
    pub(super) fn get(&self) -> &T {
        // SAFETY: by the type invariant (established by the contract of
        // `new`) the referent is alive and unmodified while `self` is used.
        unsafe { self.0.as_ref() }
    }

    /// The raw pointer.
    #[inline]
    pub(super) fn non_null(self) -> NonNull<T> {
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
pub(super) type NodeRef<P> = Ptr<ExprNode<P>>;

/// A canonicalising constructor of the tables (`Tables::add`, ...).
type Constructor<P> = fn(&mut Tables<P>, NodeRef<P>, NodeRef<P>) -> NodeRef<P>;

/// The binary operators of affine expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BinOp {
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
pub(super) enum NodeKind<P: Policy> {
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
pub(super) const PURE_AFFINE: u8 = 1;
/// `is_symbolic_or_constant` holds.
pub(super) const SYMBOLIC_OR_CONSTANT: u8 = 2;

/// The `lead` of an expression without dimensions or symbols.
pub(super) const NO_LEAD: u64 = u64::MAX;
/// Symbols sort after every dimension: `s{j}` has lead `SYMBOL_LEAD + j`.
const SYMBOL_LEAD: u64 = 1 << 32;

/// An interned expression, in the arena of its context. Immutable once
/// inserted into the table.
pub(super) struct ExprNode<P: Policy> {
    /// The structure.
    pub(super) kind: NodeKind<P>,
    /// The hash of `kind` (children contribute their stored hashes, so the
    /// hash is structural and the same in every run).
    pub(super) hash: u64,
    /// The ordering key of canonicalisation: the lowest dimension (or, with
    /// none, symbol) the expression uses; `NO_LEAD` if it uses neither.
    pub(super) lead: u64,
    /// One more than the highest dimension position used (0 if none).
    pub(super) dims_used: u64,
    /// One more than the highest symbol position used (0 if none).
    pub(super) syms_used: u64,
    /// `PURE_AFFINE | SYMBOLIC_OR_CONSTANT`.
    pub(super) flags: u8,
    /// The context whose arena holds this node (see `Ptr`'s invariant): the
    /// operators reach the context's mutex through it.
    pub(super) owner: Ptr<Inner<P>>,
}

impl<P: Policy> ExprNode<P> {
    /// A node for `kind`, deriving the cached properties from the children.
    pub(super) fn new(kind: NodeKind<P>, hash: u64, owner: Ptr<Inner<P>>) -> Self {
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
    pub(super) fn constant_value(self) -> Option<i64> {
        match self.get().kind {
            NodeKind::Constant(c) => Some(c),
            _ => None,
        }
    }

    /// The operands, if the node is `lhs op rhs`.
    #[inline]
    pub(super) fn operands(self, op: BinOp) -> Option<(NodeRef<P>, NodeRef<P>)> {
        match self.get().kind {
            NodeKind::Binary(o, l, r) if o == op => Some((l, r)),
            _ => None,
        }
    }

    /// `(x, c_node, c)` if the node is `x op c` with `x` not a constant and
    /// `c` a constant.
    #[inline]
    pub(super) fn with_constant_rhs(self, op: BinOp) -> Option<(NodeRef<P>, NodeRef<P>, i64)> {
        let (x, c_node) = self.operands(op)?;
        let c = c_node.constant_value()?;
        x.constant_value().is_none().then_some((x, c_node, c))
    }
}

/// A handle to an interned affine expression: one pointer, `Copy`, equal and
/// hashed by address.
///
/// Build one with [`AffineContext::dim`](super::AffineContext::dim),
/// [`symbol`](super::AffineContext::symbol) or
/// [`constant`](super::AffineContext::constant), then combine handles with
/// `+ - * %`, unary `-`, [`floor_div`](Self::floor_div),
/// [`ceil_div`](Self::ceil_div) and [`modulo`](Self::modulo) (each takes the
/// context's mutex once). The right-hand side may be another handle of the
/// same context or an integer.
///
/// ```
/// use strata_ctx::affine::{AffineContext, AffineExprKind};
///
/// let ctx = AffineContext::new();
/// let (d0, s0) = (ctx.dim(0), ctx.symbol(0));
/// let e = (d0 + s0 * 2).floor_div(4);
/// assert_eq!(e.to_string(), "(d0 + s0 * 2) floordiv 4");
/// assert!(matches!(e.kind(), AffineExprKind::FloorDiv(_, four) if four.as_constant() == Some(4)));
/// assert!(e.is_pure_affine());
/// assert!(!(d0 * s0).is_pure_affine());
/// assert_eq!(e.eval(&[7], &[3]), Some(3));
/// ```
#[repr(transparent)]
pub struct AffineExpr<'a, P: Policy = Shared> {
    /// A node in the arena of the context that `'a` borrows.
    node: &'a ExprNode<P>,
}

/// What an [`AffineExpr`] is: its top-level operator and operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AffineExprKind<'a, P: Policy = Shared> {
    /// The dimension identifier `d{position}`.
    Dim(u32),
    /// The symbol identifier `s{position}`.
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs + rhs`.
    Add(AffineExpr<'a, P>, AffineExpr<'a, P>),
    /// `lhs * rhs`.
    Mul(AffineExpr<'a, P>, AffineExpr<'a, P>),
    /// `lhs mod rhs`.
    Mod(AffineExpr<'a, P>, AffineExpr<'a, P>),
    /// `lhs floordiv rhs`.
    FloorDiv(AffineExpr<'a, P>, AffineExpr<'a, P>),
    /// `lhs ceildiv rhs`.
    CeilDiv(AffineExpr<'a, P>, AffineExpr<'a, P>),
}

/// The right-hand operand of an operator on [`AffineExpr`]: another handle
/// of the same context, or an integer constant. Converted from either with
/// `From`, so `e + d1`, `e + 3` and `e.floor_div(4)` all work.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand<'a, P: Policy = Shared> {
    /// An expression.
    Expr(AffineExpr<'a, P>),
    /// A constant.
    Constant(i64),
}

impl<'a, P: Policy> From<AffineExpr<'a, P>> for Operand<'a, P> {
    fn from(e: AffineExpr<'a, P>) -> Self {
        Operand::Expr(e)
    }
}

impl<P: Policy> From<i64> for Operand<'_, P> {
    fn from(c: i64) -> Self {
        Operand::Constant(c)
    }
}

/// So that an unsuffixed literal (`e + 1`, which defaults to `i32`) works.
impl<P: Policy> From<i32> for Operand<'_, P> {
    fn from(c: i32) -> Self {
        Operand::Constant(i64::from(c))
    }
}

impl<'a, P: Policy> AffineExpr<'a, P> {
    /// Wraps a node.
    ///
    /// # Safety
    ///
    /// 1. The arena holding the node lives for at least `'a` (its context is
    ///    borrowed for `'a`).
    #[inline]
    pub(super) unsafe fn from_ref(r: NodeRef<P>) -> Self {
        // SAFETY: the node is alive for `'a` by (1), and nodes are never
        // written after they are interned.
        let node = unsafe { r.non_null().as_ref() };
        AffineExpr { node }
    }

    /// The node.
    #[inline]
    pub(super) fn node(self) -> &'a ExprNode<P> {
        self.node
    }

    /// The node as a pointer, for the tables.
    #[inline]
    pub(super) fn node_ref(self) -> NodeRef<P> {
        // SAFETY: (1) the node lives in its context's arena, which lives as
        // long as the context; the tables use the pointer only while the
        // context is borrowed (for an interning call) or inside that same
        // arena (as a child of a node of the same context, which the callers
        // check).
        unsafe { Ptr::new(NonNull::from(self.node)) }
    }

    /// The context's shared state.
    #[inline]
    fn inner(self) -> &'a Inner<P> {
        // SAFETY: `owner` points at the `Inner` whose arena holds this node,
        // which lives as long as the context that `'a` borrows.
        unsafe { self.node.owner.non_null().as_ref() }
    }

    /// Runs `f` on the tables under the context's mutex (one acquisition)
    /// and wraps the resulting node.
    fn build(self, f: impl FnOnce(&mut Tables<P>) -> NodeRef<P>) -> Self {
        let out = f(&mut self.inner().lock());
        // SAFETY: (1) the tables of `self`'s context built `out` in that
        // context's arena, which lives for `'a`.
        unsafe { AffineExpr::from_ref(out) }
    }

    /// The node of `other`, after checking it shares `self`'s context.
    fn same_context(self, other: AffineExpr<'a, P>) -> NodeRef<P> {
        assert!(
            self.node.owner == other.node.owner,
            "strata: affine expressions `{self}` and `{other}` belong to different AffineContexts"
        );
        other.node_ref()
    }

    /// Applies the canonicalising constructor `op` to `self` and `rhs`.
    fn binary(self, rhs: Operand<'a, P>, op: Constructor<P>) -> Self {
        let rhs = match rhs {
            Operand::Expr(e) => Ok(self.same_context(e)),
            Operand::Constant(c) => Err(c),
        };
        let lhs = self.node_ref();
        self.build(|t| {
            let rhs = rhs.unwrap_or_else(|c| t.constant(c));
            op(t, lhs, rhs)
        })
    }

    /// `c - self`, with one mutex acquisition.
    fn subtracted_from(self, c: i64) -> Self {
        let rhs = self.node_ref();
        self.build(|t| {
            let c = t.constant(c);
            t.sub(c, rhs)
        })
    }

    /// The top-level operator and operands.
    pub fn kind(self) -> AffineExprKind<'a, P> {
        // SAFETY: (1) a child lives in the same arena as its parent, which
        // lives for `'a`.
        let wrap = |r| unsafe { AffineExpr::from_ref(r) };
        match self.node.kind {
            NodeKind::Dim(i) => AffineExprKind::Dim(i),
            NodeKind::Symbol(i) => AffineExprKind::Symbol(i),
            NodeKind::Constant(c) => AffineExprKind::Constant(c),
            NodeKind::Binary(op, l, r) => {
                let (l, r) = (wrap(l), wrap(r));
                match op {
                    BinOp::Add => AffineExprKind::Add(l, r),
                    BinOp::Mul => AffineExprKind::Mul(l, r),
                    BinOp::Mod => AffineExprKind::Mod(l, r),
                    BinOp::FloorDiv => AffineExprKind::FloorDiv(l, r),
                    BinOp::CeilDiv => AffineExprKind::CeilDiv(l, r),
                }
            }
        }
    }

    /// The value, if this is a constant.
    pub fn as_constant(self) -> Option<i64> {
        match self.node.kind {
            NodeKind::Constant(c) => Some(c),
            _ => None,
        }
    }

    /// Whether the expression is pure affine: built from dimensions,
    /// symbols and constants with `+`, `*` by a constant, and `mod`,
    /// `floordiv`, `ceildiv` by a constant (MLIR's `isPureAffine`). A
    /// semi-affine expression (`d0 * s0`, `d0 floordiv s0`) is not.
    pub fn is_pure_affine(self) -> bool {
        self.node.flags & PURE_AFFINE != 0
    }

    /// Whether the expression uses no dimension (only symbols and
    /// constants).
    pub fn is_symbolic_or_constant(self) -> bool {
        self.node.flags & SYMBOLIC_OR_CONSTANT != 0
    }

    /// `self floordiv rhs` (rounds toward negative infinity).
    ///
    /// # Panics
    ///
    /// If `rhs` is an expression of another context.
    pub fn floor_div(self, rhs: impl Into<Operand<'a, P>>) -> Self {
        self.binary(rhs.into(), Tables::floor_div)
    }

    /// `self ceildiv rhs` (rounds toward positive infinity).
    ///
    /// # Panics
    ///
    /// If `rhs` is an expression of another context.
    pub fn ceil_div(self, rhs: impl Into<Operand<'a, P>>) -> Self {
        self.binary(rhs.into(), Tables::ceil_div)
    }

    /// `self mod rhs` (non-negative for a positive divisor); also `%`.
    ///
    /// # Panics
    ///
    /// If `rhs` is an expression of another context.
    pub fn modulo(self, rhs: impl Into<Operand<'a, P>>) -> Self {
        self.binary(rhs.into(), Tables::modulo)
    }

    /// The value of the expression with `d{i} = dims[i]` and
    /// `s{j} = symbols[j]`, computed with MLIR's semantics.
    ///
    /// `None` if a dimension or symbol has no value, an operation overflows
    /// `i64`, a `floordiv` or `ceildiv` divides by zero, or a `mod` has a
    /// non-positive divisor (MLIR leaves those undefined).
    pub fn eval(self, dims: &[i64], symbols: &[i64]) -> Option<i64> {
        eval_node(self.node, dims, symbols)
    }

    /// The expression with every `d{i}` replaced by `dims[i]` and every
    /// `s{j}` by `symbols[j]` (positions past the end of a slice are kept),
    /// re-canonicalised. One mutex acquisition.
    ///
    /// # Panics
    ///
    /// If a replacement belongs to another context.
    pub fn replace_dims_and_symbols(self, dims: &[Self], symbols: &[Self]) -> Self {
        let dims: Vec<_> = dims.iter().map(|&e| self.same_context(e)).collect();
        let syms: Vec<_> = symbols.iter().map(|&e| self.same_context(e)).collect();
        let root = self.node_ref();
        self.build(|t| t.replace(root, &dims, &syms, &mut Default::default()))
    }
}

/// Evaluates a node (see [`AffineExpr::eval`]).
fn eval_node<P: Policy>(node: &ExprNode<P>, dims: &[i64], syms: &[i64]) -> Option<i64> {
    match node.kind {
        NodeKind::Dim(i) => dims.get(i as usize).copied(),
        NodeKind::Symbol(i) => syms.get(i as usize).copied(),
        NodeKind::Constant(c) => Some(c),
        NodeKind::Binary(op, l, r) => fold(
            op,
            eval_node(l.get(), dims, syms)?,
            eval_node(r.get(), dims, syms)?,
        ),
    }
}

impl<P: Policy> Clone for AffineExpr<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy> Copy for AffineExpr<'_, P> {}

impl<P: Policy> PartialEq for AffineExpr<'_, P> {
    /// Interned: equal structures are one node, so equality is identity.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.node, other.node)
    }
}

impl<P: Policy> Eq for AffineExpr<'_, P> {}

impl<P: Policy> Hash for AffineExpr<'_, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        core::ptr::from_ref(self.node).hash(state);
    }
}

impl<'a, P: Policy, R: Into<Operand<'a, P>>> Add<R> for AffineExpr<'a, P> {
    type Output = Self;
    fn add(self, rhs: R) -> Self {
        self.binary(rhs.into(), Tables::add)
    }
}

impl<'a, P: Policy, R: Into<Operand<'a, P>>> Sub<R> for AffineExpr<'a, P> {
    type Output = Self;
    fn sub(self, rhs: R) -> Self {
        self.binary(rhs.into(), Tables::sub)
    }
}

impl<'a, P: Policy, R: Into<Operand<'a, P>>> Mul<R> for AffineExpr<'a, P> {
    type Output = Self;
    fn mul(self, rhs: R) -> Self {
        self.binary(rhs.into(), Tables::mul)
    }
}

impl<'a, P: Policy, R: Into<Operand<'a, P>>> Rem<R> for AffineExpr<'a, P> {
    type Output = Self;
    /// `self mod rhs`.
    fn rem(self, rhs: R) -> Self {
        self.binary(rhs.into(), Tables::modulo)
    }
}

impl<P: Policy> Neg for AffineExpr<'_, P> {
    type Output = Self;
    /// `self * -1`.
    fn neg(self) -> Self {
        self.binary(Operand::Constant(-1), Tables::mul)
    }
}

/// `c + e`, `c - e`, `c * e` with an integer on the left.
macro_rules! scalar_lhs {
    ($($int:ty),*) => {$(
        impl<'a, P: Policy> Add<AffineExpr<'a, P>> for $int {
            type Output = AffineExpr<'a, P>;
            fn add(self, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
                rhs + self
            }
        }

        impl<'a, P: Policy> Sub<AffineExpr<'a, P>> for $int {
            type Output = AffineExpr<'a, P>;
            fn sub(self, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
                rhs.subtracted_from(i64::from(self))
            }
        }

        impl<'a, P: Policy> Mul<AffineExpr<'a, P>> for $int {
            type Output = AffineExpr<'a, P>;
            fn mul(self, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
                rhs * self
            }
        }
    )*};
}

scalar_lhs!(i32, i64);

impl<P: Policy> fmt::Debug for AffineExpr<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
