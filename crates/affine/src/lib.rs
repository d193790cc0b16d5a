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
//! MLIRContext's design (its "Affine Cluster Mutex"): one
//! [`AffineContext`] owns one mutex (`P::Mutex`) over all three hash tables
//! and the [`bumpalo`] arena their nodes live in. Every public operation
//! (building `d0 + d1 * 2`, interning a map, composing two maps) takes that
//! mutex exactly once, does all its rewriting and interning under it, and
//! releases it. Handles are read without the lock: a node is fully written
//! before it is inserted into its table, it is never written again, and its
//! address is stable until the context drops (invariant 5).
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
//! Expressions are simplified on construction exactly as MLIR 19's
//! `AffineExpr` operators simplify them (`simplifyAdd`, `simplifyMul`,
//! `simplifyFloorDiv`, `simplifyCeilDiv`, `simplifyMod`), so that a form
//! prints as `mlir-opt` prints it:
//!
//! - constants fold (`2 + 3` is `5`), with MLIR's semantics: `floordiv`
//!   rounds toward negative infinity, `ceildiv` toward positive infinity, and
//!   `mod` is non-negative for a positive divisor. A division by zero, a
//!   `mod` by a non-positive constant, or an overflowing fold of two
//!   constants is not folded: the node is kept, and [`AffineExpr::eval`]
//!   returns `None` for it;
//! - identities: `x + 0`, `x * 1`, `x floordiv 1`, `x ceildiv 1` are `x`;
//!   `x * 0` is `0`;
//! - constants go to the right of `+` and `*`, and a symbolic operand after
//!   a dimensional one; `(x + c1) + c2` is `x + (c1 + c2)`, `(x + c) + y` is
//!   `(x + y) + c`, `(x * c1) * c2` is `x * (c1 * c2)` and `(x * c) * y` is
//!   `(x * y) * c` (these merged constants wrap, as MLIR's do);
//! - like terms merge only when they are the two operands of one `+`
//!   (`x * c1 + x * c2` is `x * (c1 + c2)`), and `x - (x floordiv q) * q`
//!   is `x mod q`;
//! - divisions by constants use the largest known divisor: `(x * 8)
//!   floordiv 4` is `x * 2`, `(d0 * 4 + d1) floordiv 4` is
//!   `d0 + d1 floordiv 4`, `(d0 * 4 + 8) mod 4` is `0`, `(x mod 8) mod 4` is
//!   `x mod 4`.
//!
//! Nothing else is reordered: `d1 + d0` stays `d1 + d0`, `d1 - d0` prints
//! `d1 - d0`, and `-(d0 + d1)` stays a product by `-1`, as in MLIR. So `+` is
//! not commutative on handles; equal handles mean equal MLIR expressions.
//!
//! Every rewrite is an identity over the integers (modulo 2^64 where MLIR's
//! merged constants wrap) and none introduces a division, so where both the
//! original and the simplified expression evaluate in `i64`, they agree (the
//! integration tests check this on random expressions); a rewrite may make
//! an undefined expression defined (`(d0 floordiv 0) * 0` is `0`).
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
//! use strata_affine::{AffineContext, AffineMap};
//!
//! let ctx = AffineContext::new();
//! let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
//!
//! // Canonicalised on construction: equal forms are one handle.
//! assert_eq!(d0 + 1 + 2, d0 + 3);
//! assert_eq!(d1 * 2 + d0, 2 * d1 + d0);
//! assert_eq!((d1 - d0).to_string(), "d1 - d0");
//! assert_eq!((-(d0 + d1)).to_string(), "-(d0 + d1)");
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
//! use strata_affine::AffineContext;
//! fn needs_sync<T: Sync>(_: &T) {}
//! let ctx = AffineContext::single_threaded();
//! needs_sync(&ctx); // error: `RefCell<Tables<Local>>` cannot be shared between threads
//! ```
//!
//! nor send one of its handles to another thread:
//!
//! ```compile_fail
//! use strata_affine::{AffineContext, AffineExpr};
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
//! use strata_affine::AffineContext;
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

mod context;
mod handle;
mod node;
mod ops;
mod print;
mod simplify;
mod tables;

pub use context::AffineContext;
pub use handle::{AffineExpr, AffineExprKind, AffineMap, IntegerSet, Operand};
pub use tables::AffineStats;
