//! The operations on handles that intern: the arithmetic operators and
//! `floor_div`/`ceil_div`/`modulo` on [`AffineExpr`], replacement, and
//! [`AffineMap`]'s identity, composition and replacement. Each takes the
//! cluster's mutex exactly once.

use core::ops::{Add, Mul, Neg, Rem, Sub};

use strata_sync::policy::Policy;

use crate::context::{AffineContext, Inner, inner_of};
use crate::handle::{AffineExpr, AffineMap, Operand};
use crate::node::{NodeKind, NodeRef};
use crate::tables::Tables;

/// A canonicalising constructor of the tables (`Tables::add`, ...).
type Constructor<P> = fn(&mut Tables<P>, NodeRef<P>, NodeRef<P>) -> NodeRef<P>;

impl<'a, P: Policy> AffineExpr<'a, P> {
    /// The context's shared state.
    #[inline]
    fn inner(self) -> &'a Inner<P> {
        // SAFETY: (1) the owner was recorded in this `ExprNode<P>` by the
        // tables of its `AffineContext<P>`; (2) the handle's `'a` borrows
        // that context.
        unsafe { inner_of(self.node().owner) }
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
            self.node().owner == other.node().owner,
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

impl<'a, P: Policy> AffineMap<'a, P> {
    /// The context's shared state.
    fn inner(self) -> &'a Inner<P> {
        // SAFETY: (1) the owner was recorded in this `MapNode<P>` by the
        // tables of its `AffineContext<P>`; (2) the handle's `'a` borrows
        // that context.
        unsafe { inner_of(self.node().owner) }
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
            self.node().owner == inner.node().owner,
            "strata: affine maps `{self}` and `{inner}` belong to different AffineContexts"
        );
        assert_eq!(
            inner.num_results(),
            self.num_dims() as usize,
            "strata: cannot compose `{self}` with `{inner}`: it needs one result per dimension"
        );
        let (outer, inner) = (self.node(), inner.node());
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
                e.node().owner == self.node().owner,
                "strata: affine expression `{e}` belongs to another AffineContext than `{self}`"
            );
            e.node_ref()
        };
        let dims: Vec<_> = dims.iter().map(check).collect();
        let syms: Vec<_> = symbols.iter().map(check).collect();
        let mut t = self.inner().lock();
        let mut memo = Default::default();
        let results: Vec<_> = self
            .node()
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
