//! The handles: [`AffineExpr`], [`AffineMap`] and [`IntegerSet`], what they
//! are and what can be read from them without the cluster's mutex (kinds,
//! predicates, evaluation, results). The operations that intern (the
//! arithmetic operators, composition, replacement) are in `ops`, above the
//! context in the module chain.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ptr::NonNull;
use core::slice;

use strata_sync::policy::{Policy, Shared};

use crate::node::{
    BinOp, ExprNode, MapNode, MapRef, NodeKind, NodeRef, PURE_AFFINE, Ptr, SYMBOLIC_OR_CONSTANT,
    SetNode, SetRef,
};
use crate::simplify::fold;

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
/// use strata_affine::{AffineContext, AffineExprKind};
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
    pub(crate) unsafe fn from_ref(r: NodeRef<P>) -> Self {
        // SAFETY: the node is alive for `'a` by (1), and nodes are never
        // written after they are interned.
        let node = unsafe { r.non_null().as_ref() };
        AffineExpr { node }
    }

    /// The node.
    #[inline]
    pub(crate) fn node(self) -> &'a ExprNode<P> {
        self.node
    }

    /// The node as a pointer, for the tables.
    #[inline]
    pub(crate) fn node_ref(self) -> NodeRef<P> {
        // SAFETY: (1) the node lives in its context's arena, which lives as
        // long as the context; the tables use the pointer only while the
        // context is borrowed (for an interning call) or inside that same
        // arena (as a child of a node of the same context, which the callers
        // check).
        unsafe { Ptr::new(NonNull::from(self.node)) }
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

    /// The value of the expression with `d{i} = dims[i]` and
    /// `s{j} = symbols[j]`, computed with MLIR's semantics.
    ///
    /// `None` if a dimension or symbol has no value, an operation overflows
    /// `i64`, a `floordiv` or `ceildiv` divides by zero, or a `mod` has a
    /// non-positive divisor (MLIR leaves those undefined).
    pub fn eval(self, dims: &[i64], symbols: &[i64]) -> Option<i64> {
        eval_node(self.node, dims, symbols)
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

impl<P: Policy> fmt::Debug for AffineExpr<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Views a slice of node pointers living for `'a` as a slice of handles.
///
/// # Safety
///
/// 1. Every node in `refs` lives in an arena that lives for at least `'a`.
unsafe fn as_handles<'a, P: Policy>(refs: &'a [NodeRef<P>]) -> &'a [AffineExpr<'a, P>] {
    // SAFETY: `AffineExpr<'a, P>` is `repr(transparent)` over
    // `&'a ExprNode<P>`, and `NodeRef<P>` is `repr(transparent)` over
    // `NonNull<ExprNode<P>>`: the same layout (one non-null pointer to a
    // sized type). Every pointer is a valid `&'a ExprNode<P>` by (1), and
    // nodes are never written after they are interned.
    unsafe { slice::from_raw_parts(refs.as_ptr().cast::<AffineExpr<'a, P>>(), refs.len()) }
}

/// A handle to an interned affine map `(d0, ..)[s0, ..] -> (results..)`:
/// one pointer, `Copy`, equal and hashed by address.
///
/// ```
/// use strata_affine::{AffineContext, AffineMap};
///
/// let ctx = AffineContext::new();
/// let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
/// let map = ctx.map(2, 1, &[d0 + s0, d1 * 2]);
/// assert_eq!(map.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 * 2)");
/// assert_eq!(map.num_results(), 2);
/// assert_eq!(map.results()[1], d1 * 2);
/// assert_eq!(map.eval(&[1, 2], &[10]), Some(vec![11, 4]));
///
/// // Composition substitutes the inner map's results for the dimensions.
/// let swap = ctx.map(2, 0, &[d1, d0]);
/// assert_eq!(map.compose(swap).to_string(), "(d0, d1)[s0] -> (d1 + s0, d0 * 2)");
/// assert!(AffineMap::identity(&ctx, 2).is_identity());
/// ```
pub struct AffineMap<'a, P: Policy = Shared> {
    /// A node in the arena of the context that `'a` borrows.
    node: &'a MapNode<P>,
}

impl<'a, P: Policy> AffineMap<'a, P> {
    /// Wraps a node.
    ///
    /// # Safety
    ///
    /// 1. The arena holding the node lives for at least `'a`.
    pub(crate) unsafe fn from_ref(r: MapRef<P>) -> Self {
        // SAFETY: alive for `'a` by (1), never written after interning.
        let node = unsafe { r.non_null().as_ref() };
        AffineMap { node }
    }

    /// The node.
    #[inline]
    pub(crate) fn node(self) -> &'a MapNode<P> {
        self.node
    }

    /// The number of dimensions.
    pub fn num_dims(self) -> u32 {
        self.node.num_dims
    }

    /// The number of symbols.
    pub fn num_symbols(self) -> u32 {
        self.node.num_symbols
    }

    /// The number of results.
    pub fn num_results(self) -> usize {
        self.node.results().len()
    }

    /// The result expressions.
    pub fn results(self) -> &'a [AffineExpr<'a, P>] {
        // SAFETY: (1) the results live in the same arena as the map, which
        // lives for `'a`.
        unsafe { as_handles(self.node.results()) }
    }

    /// Result `i`.
    ///
    /// # Panics
    ///
    /// If `i >= self.num_results()`.
    pub fn result(self, i: usize) -> AffineExpr<'a, P> {
        self.results()[i]
    }

    /// Whether this is `(d0, .., d{n-1}) -> (d0, .., d{n-1})`, without
    /// symbols.
    pub fn is_identity(self) -> bool {
        self.num_symbols() == 0
            && self.num_results() == self.num_dims() as usize
            && self
                .results()
                .iter()
                .zip(0..)
                .all(|(e, i)| matches!(e.node().kind, NodeKind::Dim(d) if d == i))
    }

    /// The results with `d{i} = dims[i]` and `s{j} = symbols[j]`.
    ///
    /// `None` if `dims` or `symbols` does not have exactly
    /// [`num_dims`](Self::num_dims) or [`num_symbols`](Self::num_symbols)
    /// values, or a result is undefined (see [`AffineExpr::eval`]).
    pub fn eval(self, dims: &[i64], symbols: &[i64]) -> Option<Vec<i64>> {
        if dims.len() != self.num_dims() as usize || symbols.len() != self.num_symbols() as usize {
            return None;
        }
        self.results()
            .iter()
            .map(|e| e.eval(dims, symbols))
            .collect()
    }
}

impl<P: Policy> Clone for AffineMap<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy> Copy for AffineMap<'_, P> {}

impl<P: Policy> PartialEq for AffineMap<'_, P> {
    /// Interned: equality is identity.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.node, other.node)
    }
}

impl<P: Policy> Eq for AffineMap<'_, P> {}

impl<P: Policy> Hash for AffineMap<'_, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        core::ptr::from_ref(self.node).hash(state);
    }
}

impl<P: Policy> fmt::Debug for AffineMap<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A handle to an interned integer set
/// `(d0, ..)[s0, ..] : (c0 >= 0, c1 == 0, ..)`: one pointer, `Copy`, equal
/// and hashed by address.
///
/// ```
/// use strata_affine::AffineContext;
///
/// let ctx = AffineContext::new();
/// let (d0, s0) = (ctx.dim(0), ctx.symbol(0));
/// // 0 <= d0 < s0, and d0 even.
/// let set = ctx.integer_set(1, 1, &[d0, s0 - d0 - 1, d0 % 2], &[false, false, true]);
/// assert_eq!(set.to_string(), "(d0)[s0] : (d0 >= 0, -d0 + s0 - 1 >= 0, d0 mod 2 == 0)");
/// assert_eq!(set.contains(&[4], &[10]), Some(true));
/// assert_eq!(set.contains(&[5], &[10]), Some(false));
/// assert_eq!(set.contains(&[10], &[10]), Some(false));
/// ```
pub struct IntegerSet<'a, P: Policy = Shared> {
    /// A node in the arena of the context that `'a` borrows.
    node: &'a SetNode<P>,
}

impl<'a, P: Policy> IntegerSet<'a, P> {
    /// Wraps a node.
    ///
    /// # Safety
    ///
    /// 1. The arena holding the node lives for at least `'a`.
    pub(crate) unsafe fn from_ref(r: SetRef<P>) -> Self {
        // SAFETY: alive for `'a` by (1), never written after interning.
        let node = unsafe { r.non_null().as_ref() };
        IntegerSet { node }
    }

    /// The number of dimensions.
    pub fn num_dims(self) -> u32 {
        self.node.num_dims
    }

    /// The number of symbols.
    pub fn num_symbols(self) -> u32 {
        self.node.num_symbols
    }

    /// The number of constraints.
    pub fn num_constraints(self) -> usize {
        self.node.constraints().len()
    }

    /// The constraint expressions.
    pub fn constraints(self) -> &'a [AffineExpr<'a, P>] {
        // SAFETY: (1) the constraints live in the same arena as the set,
        // which lives for `'a`.
        unsafe { as_handles(self.node.constraints()) }
    }

    /// Per constraint, whether it reads `== 0` (otherwise `>= 0`).
    pub fn eq_flags(self) -> &'a [bool] {
        self.node.eq_flags()
    }

    /// Constraint `i`.
    ///
    /// # Panics
    ///
    /// If `i >= self.num_constraints()`.
    pub fn constraint(self, i: usize) -> AffineExpr<'a, P> {
        self.constraints()[i]
    }

    /// Whether constraint `i` is an equality.
    ///
    /// # Panics
    ///
    /// If `i >= self.num_constraints()`.
    pub fn is_eq(self, i: usize) -> bool {
        self.eq_flags()[i]
    }

    /// Whether the point `(dims)[symbols]` satisfies every constraint.
    ///
    /// `None` if `dims` or `symbols` does not have exactly
    /// [`num_dims`](Self::num_dims) or [`num_symbols`](Self::num_symbols)
    /// values, or a constraint is undefined there (see
    /// [`AffineExpr::eval`]).
    pub fn contains(self, dims: &[i64], symbols: &[i64]) -> Option<bool> {
        if dims.len() != self.num_dims() as usize || symbols.len() != self.num_symbols() as usize {
            return None;
        }
        let mut all = true;
        for (e, &eq) in self.constraints().iter().zip(self.eq_flags()) {
            let v = e.eval(dims, symbols)?;
            all &= if eq { v == 0 } else { v >= 0 };
        }
        Some(all)
    }
}

impl<P: Policy> Clone for IntegerSet<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy> Copy for IntegerSet<'_, P> {}

impl<P: Policy> PartialEq for IntegerSet<'_, P> {
    /// Interned: equality is identity.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.node, other.node)
    }
}

impl<P: Policy> Eq for IntegerSet<'_, P> {}

impl<P: Policy> Hash for IntegerSet<'_, P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        core::ptr::from_ref(self.node).hash(state);
    }
}

impl<P: Policy> fmt::Debug for IntegerSet<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
