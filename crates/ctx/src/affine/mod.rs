//! The affine cluster: interned affine expressions, affine maps and integer
//! sets, all under one mutex.
//!
//! # The problem
//!
//! Loop transformations speak in affine expressions (`d0 * 4 + s0`), affine
//! maps (`(d0, d1)[s0] -> (d0 + s0, d1)`) and integer sets
//! (`(d0)[s0] : (d0 - s0 >= 0)`). A compiler builds millions of them, mostly
//! the same few, and compares them constantly; as MLIR does, strata interns
//! them, so that equal structures are one object and comparing two handles is
//! comparing two addresses.
//!
//! These three kinds do not fit the generic storage stack of strata (thread
//! cache, Level-1 buckets, sharded Level-2 tables). They share structure: an
//! expression is the child of many expressions, maps and sets. With one lock
//! per kind, interning a map would take the expression lock once per result
//! expression and then the map lock, and a canonicalising constructor (which
//! rewrites `(x + 1) + 2` into `x + 3`, interning intermediate expressions as
//! it goes) would take it many times per call.
//!
//! # The approach
//!
//! The seed's design (the "Affine Cluster Mutex" of MLIRContext): one
//! [`AffineContext`] owns one mutex (`P::Mutex`) over all three hash tables
//! and the [`bumpalo`] arena their nodes live in. Every public operation
//! (building `d0 + d1 * 2`, interning a map, composing two maps) takes that
//! mutex exactly once, does all its rewriting and interning under it, and
//! releases it. Handles are read without the lock: a node is fully written
//! before it is inserted into its table, it is never written again, and its
//! address is stable until the context drops (invariant 5 of DESIGN.md).
//!
//! The cost, as in MLIR, is that this is the one place where a probe blocks a
//! concurrent insert from another thread. Affine interning is rare next to
//! type and attribute interning, and typically done by one thread per
//! function, so the simple lock wins.
//!
//! **Re-entrancy is impossible by construction**: no user code runs under the
//! mutex. Hashing, equality and canonicalisation are this module's own code
//! over its own node types (children compare by address, so hashing a node is
//! O(1) in its children, and a node's hash is stored in it), and no user
//! callback, `Hash` or `Eq` impl is ever called while the lock is held.
//! Validation (a dimension out of range, a handle from another context)
//! happens before the lock is taken, so a rejected call changes nothing. The
//! lock never poisons; should anything panic under it (a table growing past
//! `isize::MAX`), every node already interned is complete and canonical, and
//! a node allocated but not yet inserted is merely unreachable arena memory.
//!
//! # Canonical form
//!
//! Expressions are simplified on construction, so that structurally equal
//! simplified forms intern to the same handle:
//!
//! - constants fold (`2 + 3` is `5`), with MLIR's semantics: `floordiv`
//!   rounds toward negative infinity, `ceildiv` toward positive infinity, and
//!   `mod` is non-negative for a positive divisor. A division by zero, a
//!   `mod` by a non-positive constant, or an overflowing fold is not folded:
//!   the node is kept, and [`AffineExpr::eval`] returns `None` for it;
//! - identities: `x + 0`, `x * 1`, `x floordiv 1`, `x ceildiv 1` are `x`;
//!   `x * 0` and `x mod 1` are `0`;
//! - constants go to the right of `+` and `*`, and outwards:
//!   `(x + c1) + c2` is `x + (c1 + c2)`, `(x + c) + y` is `(x + y) + c`,
//!   `(x * c1) * c2` is `x * (c1 * c2)`;
//! - a sum is a left-nested chain of terms sorted by a structural order, with
//!   like terms merged (`d1 + d0 * 2 + d0` is `d0 * 3 + d1`, `e - e` is `0`);
//!   the order looks at structure only (the lowest dimension or symbol a term
//!   uses, then its shape), never at addresses, so printing is deterministic
//!   from run to run;
//! - negation distributes over a sum (`-(d0 + d1)` is `-d0 - d1`), so that
//!   `a - b` is a sum of terms and `e - e` is `0` for every `e`; other
//!   constant factors do not (see below);
//! - the two operands of a non-constant product are put in that same order;
//! - divisions of multiples: `(x * 8) floordiv 4` is `x * 2`, `(x * 8) mod 4`
//!   is `0`, `(x floordiv 2) floordiv 3` is `x floordiv 6`, and
//!   `(x mod 8) mod 4` is `x mod 4`.
//!
//! As in MLIR, constant factors other than `-1` are not distributed over
//! sums (`(d0 + 1) * 2` stays as written): a full linear normal form is the
//! job of a flattening simplifier, not of the uniquer. With that, `+` is
//! commutative and associative on handles (`a + b` and `b + a` are one
//! handle), and so is a product's operand pair.
//!
//! Every rewrite is an identity over the integers and none introduces a
//! division, so where the original expression has a value, the simplified
//! one has the same value (the integration tests check this on random
//! expressions); a rewrite may make an undefined expression defined
//! (`(d0 floordiv 0) * 0` is `0`). Near the ends of the `i64` range,
//! reassociation can move an intermediate overflow from one form to the
//! other; where both evaluate, they agree.
//!
//! # What is here
//!
//! - [`AffineContext<P>`]: owns the mutex, the tables and the arena; builds
//!   and interns everything. [`AffineStats`] is what [`AffineContext::stats`]
//!   reports.
//! - [`AffineExpr<'a, P>`]: a handle (one pointer; `Copy`; equality and hash
//!   by address) to an interned expression. `+ - * %` and unary `-` work on
//!   handles and on `i64`s ([`Operand`] is the right-hand side), as do
//!   [`AffineExpr::floor_div`], [`AffineExpr::ceil_div`] and
//!   [`AffineExpr::modulo`]; [`AffineExpr::kind`] returns an
//!   [`AffineExprKind`].
//! - [`AffineMap<'a, P>`] and [`IntegerSet<'a, P>`]: handles to interned maps
//!   and sets.
//!
//! `Display` and `Debug` print MLIR's syntax. The lifetime `'a` ties every
//! handle to a borrow of its context, so a handle cannot outlive it.
//!
//! # Example
//!
//! ```
//! use strata_ctx::affine::{AffineContext, AffineMap};
//!
//! let ctx = AffineContext::new();
//! let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
//!
//! // Canonicalised on construction: equal forms are one handle.
//! assert_eq!(d0 + 1 + 2, d0 + 3);
//! assert_eq!(d1 * 2 + d0, d0 + 2 * d1);
//! assert_eq!((d0 + s0 * 2).to_string(), "d0 + s0 * 2");
//! assert_eq!((d0 - 1).to_string(), "d0 - 1");
//! assert_eq!(((d0 + 1) * 2).to_string(), "(d0 + 1) * 2");
//!
//! let map = ctx.map(2, 1, &[d0 + s0, d1.floor_div(4)]);
//! assert_eq!(map.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 4)");
//! assert_eq!(map.eval(&[10, 9], &[5]), Some(vec![15, 2]));
//! assert_eq!(AffineMap::identity(&ctx, 2).to_string(), "(d0, d1) -> (d0, d1)");
//!
//! let set = ctx.integer_set(1, 1, &[d0 - s0, d0], &[false, true]);
//! assert_eq!(set.to_string(), "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)");
//! ```
//!
//! # Threading
//!
//! `AffineContext<Shared>` (the default) is `Send + Sync`: share it by
//! reference (`std::thread::scope`) or in an `Arc`; its handles are
//! `Send + Sync` too, and threads that build the same expression get the same
//! handle. `AffineContext<Local>` uses a `RefCell` instead of the mutex (a
//! borrow flag, no lock, no atomic read-modify-write) and neither it nor its
//! handles can leave their thread (build it with
//! [`AffineContext::single_threaded`]); the compiler rejects sharing it:
//!
//! ```compile_fail
//! use strata_ctx::affine::AffineContext;
//! fn needs_sync<T: Sync>(_: &T) {}
//! let ctx = AffineContext::single_threaded();
//! needs_sync(&ctx); // error: `RefCell<Tables<Local>>` cannot be shared between threads
//! ```
//!
//! nor send one of its handles to another thread:
//!
//! ```compile_fail
//! use strata_ctx::affine::{AffineContext, AffineExpr};
//! use strata_sync::policy::Local;
//! fn needs_send<T: Send>(_: T) {}
//! let ctx = AffineContext::single_threaded();
//! let d0: AffineExpr<'_, Local> = ctx.dim(0);
//! needs_send(d0); // error: the handle would reach the `RefCell` from another thread
//! ```
//!
//! whereas the shared instance may be used from several threads:
//!
//! ```
//! use strata_ctx::affine::AffineContext;
//! fn needs_sync<T: Sync>(_: &T) {}
//! let ctx: AffineContext = AffineContext::new();
//! needs_sync(&ctx);
//! let same = std::thread::scope(|s| {
//!     let a = s.spawn(|| ctx.dim(0) + ctx.symbol(0) * 2);
//!     let b = s.spawn(|| ctx.symbol(0) * 2 + ctx.dim(0));
//!     a.join().unwrap() == b.join().unwrap()
//! });
//! assert!(same);
//! ```
//!
//! # Atomic orderings
//!
//! None. Every write to shared state happens under the mutex; a thread that
//! obtains a handle from an interning call took the mutex after the node was
//! written (the unlock that published it happens-before that lock), and a
//! thread that receives a handle from another thread does so through whatever
//! synchronisation carried the handle (a join, a channel). The statistics
//! counters live inside the mutex too, so the `Local` instance has no atomic
//! operation at all.

mod expr;
mod map;
mod print;
mod simplify;
mod tables;

use core::fmt;
use core::marker::PhantomData;
use core::ops::DerefMut;
use core::ptr::NonNull;

use strata_sync::alloc;
use strata_sync::policy::{Local, MutexApi, Policy, Shared};

pub use expr::{AffineExpr, AffineExprKind, Operand};
pub use map::{AffineMap, IntegerSet};

use expr::{NodeKind, NodeRef};
use map::MapRef;
use tables::Tables;

/// The shared state of one [`AffineContext`]: the one mutex over every table
/// and the arena. It lives in its own heap allocation, so that its address
/// (which every node records as its owner) does not change when the
/// `AffineContext` value is moved.
struct Inner<P: Policy> {
    /// The affine tables and their arena, behind the cluster's one mutex.
    tables: P::Mutex<Tables<P>>,
}

impl<P: Policy> Inner<P> {
    /// Takes the cluster mutex and counts the acquisition (and whether it had
    /// to wait). The counters are plain integers inside the mutex: the lock
    /// is held while they change, so they need no atomic operation.
    fn lock(&self) -> impl DerefMut<Target = Tables<P>> + '_ {
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
/// or moved while a handle exists. See the [module documentation](self) for
/// the canonical form of expressions.
pub struct AffineContext<P: Policy = Shared> {
    /// INVARIANT: allocated by `alloc::into_raw` in `with_policy`, freed
    /// only by `Drop`; valid and never moved in between. Every node in its
    /// arena records this address as its owner.
    inner: Owned<Inner<P>>,
}

/// What [`AffineContext::stats`] reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AffineStats {
    /// Interned expressions (including the intermediate ones that
    /// canonicalisation built).
    pub exprs: usize,
    /// Interned affine maps.
    pub maps: usize,
    /// Interned integer sets.
    pub sets: usize,
    /// Bytes held: the arena's chunks plus the three tables' buckets.
    pub bytes: usize,
    /// Acquisitions of the cluster mutex by interning operations (one per
    /// public call that builds something; `stats` itself is not counted).
    pub lock_acquisitions: u64,
    /// How many of those acquisitions found the mutex held by another thread
    /// and had to wait. Always 0 for `Local`.
    pub contended_acquisitions: u64,
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
        unsafe { MutexApi::<Tables<P>>::get_mut(&mut inner.tables).set_owner(ptr) };
        AffineContext {
            inner: Owned {
                ptr,
                _owns: PhantomData,
            },
        }
    }

    /// The shared state.
    fn inner(&self) -> &Inner<P> {
        // SAFETY: by the invariant of `inner`, the pointer is valid until
        // `self` drops, and `&self` outlives the returned borrow.
        unsafe { self.inner.ptr.as_ref() }
    }

    /// Whether `owner` (a node's owner) is this context.
    fn owns(&self, owner: NonNull<Inner<P>>) -> bool {
        owner == self.inner.ptr
    }

    /// The node of `e`, after checking that it belongs to this context.
    ///
    /// # Panics
    ///
    /// If `e` was built by another `AffineContext` (mixing contexts would
    /// make this context's nodes point into another context's arena).
    fn check<'a>(&'a self, e: AffineExpr<'a, P>) -> NodeRef<P> {
        assert!(
            self.owns(e.node().owner.non_null()),
            "strata: affine expression `{e}` belongs to a different AffineContext"
        );
        e.node_ref()
    }

    /// Wraps a node of this context in a handle borrowing `self`.
    fn handle(&self, r: NodeRef<P>) -> AffineExpr<'_, P> {
        debug_assert!(self.owns(r.get().owner.non_null()));
        // SAFETY: (1) `r` is a node of this context's arena (every node handed
        // out by `self.inner().lock()` is), which lives as long as `self`,
        // and so at least as long as the returned borrow.
        unsafe { AffineExpr::from_ref(r) }
    }

    /// Wraps a map of this context in a handle borrowing `self`.
    fn map_handle(&self, r: MapRef<P>) -> AffineMap<'_, P> {
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
