//! The context of the cluster: [`AffineContext`], which owns the one mutex
//! over the tables and the arena, and builds and interns everything.

use core::fmt;
use core::marker::PhantomData;
use core::ops::DerefMut;
use core::ptr::NonNull;

use strata_sync::alloc;
use strata_sync::policy::{Local, MutexApi, Policy, Shared};

use crate::handle::{AffineExpr, AffineMap, IntegerSet};
use crate::node::{MapRef, NodeKind, NodeRef, OwnerRef, OwnerTag};
use crate::tables::{AffineStats, Tables};

/// The shared state of one [`AffineContext`]: the one mutex over every table
/// and the arena. It lives in its own heap allocation, so that its address
/// (which every node records as its owner) does not change when the
/// `AffineContext` value is moved.
pub(crate) struct Inner<P: Policy> {
    /// The affine tables and their arena, behind the cluster's one mutex.
    tables: P::Mutex<Tables<P>>,
}

impl<P: Policy> Inner<P> {
    /// Takes the cluster mutex and counts the acquisition (and whether it had
    /// to wait). The counters are plain integers inside the mutex: the lock
    /// is held while they change, so they need no atomic operation.
    pub(crate) fn lock(&self) -> impl DerefMut<Target = Tables<P>> + '_ {
        let mut guard = match self.tables.try_lock() {
            Some(guard) => guard,
            None => {
                // Under `Local` a failed `try_lock` can only mean this thread
                // holds the borrow already, which is impossible (no user code
                // runs under it); `lock` would report that with a panic.
                let mut guard = self.tables.lock();
                guard.contended += 1;
                guard
            }
        };
        guard.acquisitions += 1;
        guard
    }
}

/// The context state a node's owner pointer names.
///
/// # Safety
///
/// 1. `owner` was recorded in a node of type `ExprNode<P>` or `MapNode<P>`
///    (with this `P`) by the tables of an `AffineContext<P>`: it is then the
///    address of that context's `Inner<P>` (`AffineContext::with_policy`
///    records it), which lives as long as the context.
/// 2. The context is borrowed for `'a`.
#[inline]
pub(crate) unsafe fn inner_of<'a, P: Policy>(owner: OwnerRef<P>) -> &'a Inner<P> {
    // SAFETY: by (1) the pointer is a live `Inner<P>`, and by (2) it stays
    // alive for `'a`; its one field is only written through its mutex.
    unsafe { owner.non_null().cast::<Inner<P>>().as_ref() }
}

/// An owning raw pointer with the thread-safety of `Box<T>`: `Send` when `T`
/// is, `Sync` when `T` is.
struct Owned<T> {
    ptr: NonNull<T>,
    _owns: PhantomData<T>,
}

// SAFETY: `Owned<T>` is the unique owner of its `T` (like `Box<T>`), so
// moving it to another thread moves the `T`, which is allowed when `T: Send`.
unsafe impl<T: Send> Send for Owned<T> {}
// SAFETY: through `&Owned<T>` only `&T` can be reached, which may be shared
// between threads when `T: Sync`.
unsafe impl<T: Sync> Sync for Owned<T> {}

/// The uniquer of the affine cluster: interns affine expressions, maps and
/// integer sets under one mutex.
///
/// Generic over the threading policy: [`Shared`] (the default) is a
/// `parking_lot` mutex and makes the context `Send + Sync`;
/// [`Local`] is a `RefCell`, with no lock and no
/// atomic read-modify-write, and the context cannot leave its thread.
///
/// Every handle borrows the context (`'a`), so the context cannot be dropped
/// or moved while a handle exists. See the [crate documentation](crate) for
/// the canonical form of expressions.
///
/// The single-threaded context cannot be shared between threads:
///
/// ```compile_fail
/// use strata_affine::AffineContext;
/// fn needs_sync<T: Sync>(_: &T) {}
/// let ctx = AffineContext::single_threaded();
/// needs_sync(&ctx); // error: `RefCell<Tables<Local>>` cannot be shared between threads
/// ```
///
/// nor can one of its handles be sent to another thread:
///
/// ```compile_fail
/// use strata_affine::{AffineContext, AffineExpr};
/// use strata_sync::policy::Local;
/// fn needs_send<T: Send>(_: T) {}
/// let ctx = AffineContext::single_threaded();
/// let d0: AffineExpr<'_, Local> = ctx.dim(0);
/// needs_send(d0); // error: the handle would reach the `RefCell` from another thread
/// ```
pub struct AffineContext<P: Policy = Shared> {
    /// INVARIANT: allocated by `alloc::into_raw` in `with_policy`, freed
    /// only by `Drop`; valid and never moved in between. Every node in its
    /// arena records this address as its owner.
    inner: Owned<Inner<P>>,
}

impl AffineContext<Shared> {
    /// An empty thread-safe context (`Send + Sync`).
    pub fn new() -> Self {
        Self::with_policy()
    }
}

impl AffineContext<Local> {
    /// An empty single-threaded context: a `RefCell` instead of the mutex,
    /// no atomic read-modify-write, `!Send + !Sync`.
    pub fn single_threaded() -> Self {
        Self::with_policy()
    }
}

impl<P: Policy> AffineContext<P> {
    /// An empty context with the policy `P` of its type (for code generic
    /// over the policy; [`new`](AffineContext::new) and
    /// [`single_threaded`](AffineContext::single_threaded) name it).
    pub fn with_policy() -> Self {
        let ptr = alloc::into_raw(Inner {
            tables: <P::Mutex<Tables<P>> as MutexApi<Tables<P>>>::new(Tables::new()),
        });
        // SAFETY: `ptr` was just returned by `into_raw`: it is valid, and
        // this is the only pointer to it, so a unique borrow is allowed.
        let inner = unsafe { &mut *ptr.as_ptr() };
        // SAFETY: (1) `ptr` is the `Inner` that holds these tables.
        unsafe { MutexApi::<Tables<P>>::get_mut(&mut inner.tables).set_owner(ptr.cast()) };
        AffineContext {
            inner: Owned {
                ptr,
                _owns: PhantomData,
            },
        }
    }

    /// The shared state.
    pub(crate) fn inner(&self) -> &Inner<P> {
        // SAFETY: by the invariant of `inner`, the pointer is valid until
        // `self` drops, and `&self` outlives the returned borrow.
        unsafe { self.inner.ptr.as_ref() }
    }

    /// Whether `owner` (a node's owner) is this context.
    fn owns(&self, owner: OwnerRef<P>) -> bool {
        owner.non_null() == self.inner.ptr.cast::<OwnerTag<P>>()
    }

    /// The node of `e`, after checking that it belongs to this context.
    ///
    /// # Panics
    ///
    /// If `e` was built by another `AffineContext` (mixing contexts would
    /// make this context's nodes point into another context's arena).
    fn check<'a>(&'a self, e: AffineExpr<'a, P>) -> NodeRef<P> {
        assert!(
            self.owns(e.node().owner),
            "strata: affine expression `{e}` belongs to a different AffineContext"
        );
        e.node_ref()
    }

    /// Wraps a node of this context in a handle borrowing `self`.
    fn handle(&self, r: NodeRef<P>) -> AffineExpr<'_, P> {
        debug_assert!(self.owns(r.get().owner));
        // SAFETY: (1) `r` is a node of this context's arena (every node handed
        // out by `self.inner().lock()` is), which lives as long as `self`,
        // and so at least as long as the returned borrow.
        unsafe { AffineExpr::from_ref(r) }
    }

    /// Wraps a map of this context in a handle borrowing `self`.
    pub(crate) fn map_handle(&self, r: MapRef<P>) -> AffineMap<'_, P> {
        // SAFETY: (1) as in `handle`: the map lives in this context's arena,
        // which outlives the borrow of `self`.
        unsafe { AffineMap::from_ref(r) }
    }

    /// The dimension identifier `d{position}`.
    pub fn dim(&self, position: u32) -> AffineExpr<'_, P> {
        let r = self.inner().lock().intern(NodeKind::Dim(position));
        self.handle(r)
    }

    /// The symbol identifier `s{position}`.
    pub fn symbol(&self, position: u32) -> AffineExpr<'_, P> {
        let r = self.inner().lock().intern(NodeKind::Symbol(position));
        self.handle(r)
    }

    /// The constant `value`.
    pub fn constant(&self, value: i64) -> AffineExpr<'_, P> {
        let r = self.inner().lock().constant(value);
        self.handle(r)
    }

    /// `lhs + rhs`, canonicalised. Same as `lhs + rhs` on handles.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn add<'a>(&'a self, lhs: AffineExpr<'a, P>, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().add(l, r);
        self.handle(out)
    }

    /// `lhs - rhs`, that is `lhs + rhs * -1`, canonicalised.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn sub<'a>(&'a self, lhs: AffineExpr<'a, P>, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().sub(l, r);
        self.handle(out)
    }

    /// `lhs * rhs`, canonicalised. The product is pure affine only when one
    /// side is a constant.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn mul<'a>(&'a self, lhs: AffineExpr<'a, P>, rhs: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().mul(l, r);
        self.handle(out)
    }

    /// `lhs floordiv rhs` (rounds toward negative infinity), canonicalised.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn floor_div<'a>(
        &'a self,
        lhs: AffineExpr<'a, P>,
        rhs: AffineExpr<'a, P>,
    ) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().floor_div(l, r);
        self.handle(out)
    }

    /// `lhs ceildiv rhs` (rounds toward positive infinity), canonicalised.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn ceil_div<'a>(
        &'a self,
        lhs: AffineExpr<'a, P>,
        rhs: AffineExpr<'a, P>,
    ) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().ceil_div(l, r);
        self.handle(out)
    }

    /// `lhs mod rhs` (non-negative for a positive divisor), canonicalised.
    ///
    /// # Panics
    ///
    /// If either operand belongs to another context.
    pub fn modulo<'a>(
        &'a self,
        lhs: AffineExpr<'a, P>,
        rhs: AffineExpr<'a, P>,
    ) -> AffineExpr<'a, P> {
        let (l, r) = (self.check(lhs), self.check(rhs));
        let out = self.inner().lock().modulo(l, r);
        self.handle(out)
    }

    /// The affine map `(d0, ..)[s0, ..] -> (results..)` with `num_dims`
    /// dimensions and `num_symbols` symbols.
    ///
    /// # Panics
    ///
    /// If a result uses a dimension `>= num_dims` or a symbol
    /// `>= num_symbols`, or belongs to another context.
    pub fn map<'a>(
        &'a self,
        num_dims: u32,
        num_symbols: u32,
        results: &[AffineExpr<'a, P>],
    ) -> AffineMap<'a, P> {
        let refs = self.checked_operands(num_dims, num_symbols, results, "affine map result");
        let r = self.inner().lock().map(num_dims, num_symbols, &refs);
        self.map_handle(r)
    }

    /// The integer set `(d0, ..)[s0, ..] : (constraints..)`: constraint `i`
    /// reads `constraints[i] == 0` when `is_eq[i]`, `constraints[i] >= 0`
    /// otherwise.
    ///
    /// # Panics
    ///
    /// If `constraints` and `is_eq` differ in length, or a constraint uses a
    /// dimension `>= num_dims` or a symbol `>= num_symbols`, or belongs to
    /// another context.
    pub fn integer_set<'a>(
        &'a self,
        num_dims: u32,
        num_symbols: u32,
        constraints: &[AffineExpr<'a, P>],
        is_eq: &[bool],
    ) -> IntegerSet<'a, P> {
        assert_eq!(
            constraints.len(),
            is_eq.len(),
            "strata: an integer set needs one equality flag per constraint"
        );
        let refs =
            self.checked_operands(num_dims, num_symbols, constraints, "integer set constraint");
        let r = self.inner().lock().set(num_dims, num_symbols, &refs, is_eq);
        // SAFETY: (1) the set lives in this context's arena, which outlives the
        // borrow of `self`.
        unsafe { IntegerSet::from_ref(r) }
    }

    /// Checks that every expression belongs to this context and uses only
    /// the given dimensions and symbols; returns their nodes.
    fn checked_operands<'a>(
        &'a self,
        num_dims: u32,
        num_symbols: u32,
        exprs: &[AffineExpr<'a, P>],
        what: &str,
    ) -> Vec<NodeRef<P>> {
        exprs
            .iter()
            .map(|&e| {
                let r = self.check(e);
                let node = r.get();
                assert!(
                    node.dims_used <= u64::from(num_dims),
                    "strata: {what} `{e}` uses d{} but there are only {num_dims} dimensions",
                    node.dims_used - 1
                );
                assert!(
                    node.syms_used <= u64::from(num_symbols),
                    "strata: {what} `{e}` uses s{} but there are only {num_symbols} symbols",
                    node.syms_used - 1
                );
                r
            })
            .collect()
    }

    /// Counts and sizes of the tables, and the lock statistics.
    pub fn stats(&self) -> AffineStats {
        // Not through `Inner::lock`: looking must not change the counters.
        self.inner().tables.lock().stats()
    }
}

impl<P: Policy> Default for AffineContext<P> {
    fn default() -> Self {
        Self::with_policy()
    }
}

impl<P: Policy> Drop for AffineContext<P> {
    fn drop(&mut self) {
        // SAFETY: (1) the pointer came from `alloc::into_raw` in
        // `with_policy`, for this very type; (2) it is freed here, once, and
        // nothing uses it afterwards: every handle borrows `self`, so none is
        // alive now, and the nodes' owner pointers die with the arena that
        // is freed with it.
        unsafe { alloc::drop_raw(self.inner.ptr) }
    }
}

impl<P: Policy> fmt::Debug for AffineContext<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AffineContext")
            .field("policy", &P::NAME)
            .field("stats", &self.stats())
            .finish()
    }
}
