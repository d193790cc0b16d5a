//! Affine maps and integer sets: their nodes and the [`AffineMap`] and
//! [`IntegerSet`] handles.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::slice;

use strata_sync::policy::{Policy, Shared};

use super::expr::{AffineExpr, NodeKind, NodeRef, Ptr};
use super::{AffineContext, Inner};

/// A pointer to an interned map.
pub(super) type MapRef<P> = Ptr<MapNode<P>>;
/// A pointer to an interned integer set.
pub(super) type SetRef<P> = Ptr<SetNode<P>>;

/// An interned affine map, in the arena of its context.
pub(super) struct MapNode<P: Policy> {
    /// The number of dimensions.
    pub(super) num_dims: u32,
    /// The number of symbols.
    pub(super) num_symbols: u32,
    /// The result expressions: a slice in the same arena.
    pub(super) results: Ptr<[NodeRef<P>]>,
    /// The hash of the key (dimensions, symbols, results).
    pub(super) hash: u64,
    /// The context whose arena holds this node.
    pub(super) owner: Ptr<Inner<P>>,
}

impl<P: Policy> MapNode<P> {
    /// The result expressions.
    pub(super) fn results(&self) -> &[NodeRef<P>] {
        self.results.get()
    }
}

/// An interned integer set, in the arena of its context.
pub(super) struct SetNode<P: Policy> {
    /// The number of dimensions.
    pub(super) num_dims: u32,
    /// The number of symbols.
    pub(super) num_symbols: u32,
    /// The constraint expressions: a slice in the same arena.
    pub(super) constraints: Ptr<[NodeRef<P>]>,
    /// Per constraint, whether it is an equality: a slice in the same arena.
    pub(super) is_eq: Ptr<[bool]>,
    /// The hash of the key.
    pub(super) hash: u64,
}

impl<P: Policy> SetNode<P> {
    /// The constraint expressions.
    pub(super) fn constraints(&self) -> &[NodeRef<P>] {
        self.constraints.get()
    }

    /// The equality flags.
    pub(super) fn eq_flags(&self) -> &[bool] {
        self.is_eq.get()
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
/// use strata_ctx::affine::{AffineContext, AffineMap};
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
    pub(super) unsafe fn from_ref(r: MapRef<P>) -> Self {
        // SAFETY: alive for `'a` by (1), never written after interning.
        let node = unsafe { r.non_null().as_ref() };
        AffineMap { node }
    }

    /// The context's shared state.
    fn inner(self) -> &'a Inner<P> {
        // SAFETY: `owner` is the `Inner` whose arena holds this node, alive
        // as long as the context that `'a` borrows.
        unsafe { self.node.owner.non_null().as_ref() }
    }

    /// The identity map `(d0, .., d{n-1}) -> (d0, .., d{n-1})`.
    pub fn identity(ctx: &'a AffineContext<P>, num_dims: u32) -> Self {
        let r = {
            let mut t = ctx.inner().lock();
            let dims: Vec<_> = (0..num_dims).map(|i| t.intern(NodeKind::Dim(i))).collect();
            t.map(num_dims, 0, &dims)
        };
        ctx.map_handle(r)
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

    /// `self ∘ inner`, MLIR's `AffineMap::compose`: the results of `inner`
    /// replace the dimensions of `self`. The composed map has `inner`'s
    /// dimensions and `self.num_symbols() + inner.num_symbols()` symbols
    /// (those of `self` first, then those of `inner`, renumbered). One mutex
    /// acquisition.
    ///
    /// # Panics
    ///
    /// If `inner` has not `self.num_dims()` results, or belongs to another
    /// context.
    pub fn compose(self, inner: AffineMap<'a, P>) -> Self {
        assert!(
            self.node.owner == inner.node.owner,
            "strata: affine maps `{self}` and `{inner}` belong to different AffineContexts"
        );
        assert_eq!(
            inner.num_results(),
            self.num_dims() as usize,
            "strata: cannot compose `{self}` with `{inner}`: it needs one result per dimension"
        );
        let (outer, inner) = (self.node, inner.node);
        let r = {
            let mut t = self.inner().lock();
            let mut memo = Default::default();
            // `inner`'s symbols come after `self`'s.
            let shifted: Vec<_> = (0..inner.num_symbols)
                .map(|j| t.intern(NodeKind::Symbol(outer.num_symbols + j)))
                .collect();
            let dims: Vec<_> = inner
                .results()
                .iter()
                .map(|&e| t.replace(e, &[], &shifted, &mut memo))
                .collect();
            let mut memo = Default::default();
            let results: Vec<_> = outer
                .results()
                .iter()
                .map(|&e| t.replace(e, &dims, &[], &mut memo))
                .collect();
            t.map(
                inner.num_dims,
                outer.num_symbols + inner.num_symbols,
                &results,
            )
        };
        // SAFETY: (1) built by this context's tables, in its arena, which lives
        // for `'a`.
        unsafe { AffineMap::from_ref(r) }
    }

    /// The map with every `d{i}` of every result replaced by `dims[i]` and
    /// every `s{j}` by `symbols[j]` (positions past the end of a slice are
    /// kept), with `num_dims` dimensions and `num_symbols` symbols. One
    /// mutex acquisition.
    ///
    /// # Panics
    ///
    /// If a replacement belongs to another context, or a new result uses a
    /// dimension `>= num_dims` or a symbol `>= num_symbols`.
    pub fn replace_dims_and_symbols(
        self,
        dims: &[AffineExpr<'a, P>],
        symbols: &[AffineExpr<'a, P>],
        num_dims: u32,
        num_symbols: u32,
    ) -> Self {
        let check = |e: &AffineExpr<'a, P>| {
            assert!(
                e.node().owner == self.node.owner,
                "strata: affine expression `{e}` belongs to another AffineContext than `{self}`"
            );
            e.node_ref()
        };
        let dims: Vec<_> = dims.iter().map(check).collect();
        let syms: Vec<_> = symbols.iter().map(check).collect();
        let mut t = self.inner().lock();
        let mut memo = Default::default();
        let results: Vec<_> = self
            .node
            .results()
            .iter()
            .map(|&e| t.replace(e, &dims, &syms, &mut memo))
            .collect();
        for e in &results {
            let node = e.get();
            let ok =
                node.dims_used <= u64::from(num_dims) && node.syms_used <= u64::from(num_symbols);
            if !ok {
                drop(t);
                // SAFETY: (1) built by this context's tables, alive for `'a`.
                let e = unsafe { AffineExpr::from_ref(*e) };
                panic!(
                    "strata: replacing in `{self}` gives `{e}`, which does not fit {num_dims} dimensions and {num_symbols} symbols"
                );
            }
        }
        let r = t.map(num_dims, num_symbols, &results);
        drop(t);
        // SAFETY: (1) built by this context's tables, alive for `'a`.
        unsafe { AffineMap::from_ref(r) }
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
/// use strata_ctx::affine::AffineContext;
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
    pub(super) unsafe fn from_ref(r: SetRef<P>) -> Self {
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
