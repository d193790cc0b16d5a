//! The shared IR container of strata, with two-layer locking.
//!
//! # The problem
//!
//! A compiler that splits a module into segments and compiles them in
//! parallel wants the segments to share what they have in common (scalars,
//! constants, the values that flow between them) instead of copying it. So
//! one container holds the values and expressions of several owners
//! (functions, fusions, segments) at once, and several threads mutate it at
//! once. nvFuser's `IrContainer` took exactly this step (the seed text
//! `ir-container-thread-safety-pr.txt`) and met the two problems every such
//! design meets:
//!
//! - **Nested mutations.** Removing a value removes its defining
//!   expression; registering a new definition removes the old one; a
//!   rollback calls all of these. If each public method locks, the nested
//!   calls deadlock on a non-recursive lock. nvFuser's answer is two layers:
//!   public methods lock, and a `ContainerMutator` of lock-free static
//!   methods assumes the lock is held and calls itself.
//! - **References that escape the lock.** nvFuser's accessors took a shared
//!   lock and returned `const&` to the internal sets, released the lock on
//!   return, and left the caller reading a set another thread may be
//!   rehashing (the review found it; the PR deferred it).
//!
//! # The approach
//!
//! Both layers are types here. Layer 1 is [`IrContainer::read`] and
//! [`IrContainer::write`], the only methods that take the lock. They return
//! guards: a [`Reader`] (shared) and a [`Mutator`] (exclusive), both of which
//! dereference to the read API, [`IrView`]. Layer 2 is the methods of
//! [`Mutator`]: holding a `Mutator` *is* holding the write lock, so its
//! methods call each other freely and none can lock again. Everything the
//! read API returns borrows the guard, so the borrow checker rejects a
//! reference that would outlive the lock (see the `compile_fail` example on
//! [`Reader`]); callers that need data after the lock take owned snapshots
//! ([`OwnerSnapshot`], the `Copy` ids).
//!
//! Every mutation is atomic with respect to other guards: a reader sees the
//! container before or after a compound mutation, never half way
//! (invariant 8). [`IrView::check_consistency`] states the
//! structural invariants and verifies them; the model checks run it under a
//! read guard while a writer works.
//!
//! ## Statements and owners
//!
//! - Values ([`ValueId`]) carry a payload `V` (for example an interned type
//!   handle); expressions ([`ExprId`]) carry a payload `E` and read input
//!   values and define output values. SSA: a value has at most one defining
//!   expression; registering a new one removes the old one.
//! - Both kinds of id come from one monotone counter per container, so an id
//!   is also the statement's creation sequence number: ids are never
//!   reused, and iteration (values, expressions, or both interleaved with
//!   [`IrView::statements`]) is in creation order, independent of hash seeds
//!   and addresses.
//! - Every statement is held by exactly one owner. An [`Owner`] handle
//!   registers its owner and keeps the container alive (it holds the
//!   policy's `Arc`); dropping it removes what the owner holds, and dropping
//!   the last one drops the container. Owners can be added
//!   ([`Owner::add_owner`]), their holdings transferred ([`Mutator::transfer`])
//!   or cleared ([`Mutator::clear_owner`]), and an owner can be rolled back to
//!   a [`Checkpoint`] ([`Mutator::remove_statements_created_after`]), which
//!   removes only what *that* owner created since, not the concurrent work of
//!   others.
//! - Removal cascades along references only: removing a value removes every
//!   expression that defines or reads it, whichever owner holds them;
//!   removing an expression never removes a value.
//!
//! ## Parallel compilation
//!
//! [`Owner::compile_segments`] runs a closure per segment, each under a new
//! owner of the same container, on scoped threads. Every segment runs, and
//! every failure is reported with its segment index, in segment order: the
//! outcome does not depend on the schedule.
//!
//! ## Threading policy
//!
//! `IrContainer<V, E, P: Policy = Shared>`: with [`Shared`] the lock is
//! `parking_lot`'s reader-writer lock and owners hold an `Arc`; with
//! [`Local`] the lock is a `RefCell` borrow flag and owners hold an `Rc`, so
//! no atomic read-modify-write and no lock is involved, and the compiler
//! refuses to share the container between threads:
//!
//! ```compile_fail,E0277
//! use strata_ir::IrContainer;
//! use strata_ir::Local;
//!
//! fn needs_sync<T: Sync>() {}
//! needs_sync::<IrContainer<u32, u32, Local>>(); // error: `RefCell` is not `Sync`
//! ```
//!
//! # Inventory
//!
//! - [`IrContainer`]: the shared container; [`read`](IrContainer::read),
//!   [`write`](IrContainer::write).
//! - [`Owner`]: an owner handle; creates containers, adds owners, compiles
//!   segments, dereferences to its container.
//! - [`Reader`], [`Mutator`]: the guards; [`IrView`]: the read API both
//!   dereference to, with [`ValueRef`] and [`ExprRef`].
//! - [`ValueId`], [`ExprId`], [`OwnerId`], [`Statement`], [`Checkpoint`],
//!   [`OwnerSnapshot`]: identities and owned snapshots.
//! - [`IrError`]: why a mutation was refused; [`Inconsistency`]: what the
//!   consistency checker found.
//!
//! # Example
//!
//! ```
//! use strata_ir::{IrError, Owner};
//!
//! // A function `f` with one argument; a second owner `g` shares its values.
//! let f = Owner::<&str, &str>::new();
//! let g = f.add_owner();
//!
//! let (x, y, neg) = {
//!     let mut ir = f.write();
//!     let x = ir.register_value(f.id(), "i32")?;
//!     let y = ir.register_value(f.id(), "i32")?;
//!     let neg = ir.register_expr(f.id(), "neg", &[x], &[y])?;
//!     (x, y, neg)
//! };
//!
//! // `g` redefines `y`: SSA removes `f`'s `neg` in the same critical section.
//! let abs = g.write().register_expr(g.id(), "abs", &[x], &[y])?;
//! {
//!     let ir = g.read();
//!     assert_eq!(ir.definition(y), Some(abs));
//!     assert!(!ir.contains_expr(neg));
//!     assert_eq!(ir.value(x).unwrap().uses, &[abs]);
//!     ir.assert_consistent();
//! }
//!
//! // Roll `g` back to a checkpoint: only what `g` created since goes.
//! let cp = g.checkpoint();
//! let tmp = g.write().register_value(g.id(), "f32")?;
//! g.write().remove_statements_created_after(cp)?;
//! assert!(!g.read().contains_value(tmp));
//!
//! // Dropping `g` removes what it holds; `f`'s values stay.
//! drop(g);
//! let snapshot = f.snapshot();
//! assert_eq!(snapshot.values, [x, y]);
//! assert!(snapshot.exprs.is_empty());
//! assert_eq!(f.write().remove_expr(abs), Err(IrError::UnknownExpr(abs)));
//! # Ok::<(), IrError>(())
//! ```
//!
//! # Atomic orderings
//!
//! The container has no atomics of its own: every statement, link and
//! holding is guarded by the one reader-writer lock, whose release (when a
//! guard drops) happens-before the next acquisition. So everything a
//! `Mutator` wrote is visible to every guard taken after it is dropped, and a
//! payload moved in through a `Mutator` may be read by any thread that takes
//! a guard afterwards. The owners' `Arc` count is the `Arc`'s own: the last
//! owner's drop acquires every other owner's release before the container
//! is dropped.
//!
//! # Cost
//!
//! Statements live in B-trees keyed by id (ordered iteration, ordered range
//! removal for checkpoints): lookups and registrations are logarithmic. The
//! owner table is a hash map. A value's uses are a vector kept in creation
//! order by pushing (a new expression has the largest id).

mod compile;
mod container;
mod error;
mod guard;
mod id;
mod view;

pub use container::{IrContainer, Owner};
pub use error::{Inconsistency, IrError};
pub use guard::{Mutator, Reader};
pub use id::{Checkpoint, ExprId, OwnerId, OwnerSnapshot, Statement, ValueId};
pub use strata_sync::policy::{Local, Policy, Shared};
pub use view::{ExprRef, IrView, ValueRef};
