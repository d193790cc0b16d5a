//! The synchronisation shim of strata: the one place that names `std::sync`,
//! `parking_lot`, `std::thread_local!` and `loom`.
//!
//! # The problem
//!
//! Every layer of strata is a small concurrent data structure whose
//! correctness rests on a handful of memory orderings and lock disciplines.
//! Those claims are checked with [loom], which replaces the standard library's
//! atomics, locks, cells and thread-locals with instrumented copies and then
//! explores every interleaving of a small model. For that to work, no layer may
//! reach for `std::sync` or `parking_lot` directly: a single direct import is a
//! primitive loom cannot see, and a model that silently checks nothing.
//!
//! So every layer imports its primitives from here. In a normal build they are
//! the standard library's atomics, `parking_lot`'s locks and `std`'s
//! thread-locals; built with `RUSTFLAGS="--cfg strata_loom"` every one of them
//! is loom's counterpart (or a loom-backed stand-in where loom has none, such as
//! the [`OnceGate`]). The tidy test of `xtask` fails the build if any other
//! crate names `std::sync`, `parking_lot` or `loom`.
//!
//! # What is here
//!
//! - [`atomic`]: the atomic integers, pointers, [`atomic::fence`] and
//!   [`atomic::Ordering`].
//! - [`Mutex`] and [`RwLock`] with `parking_lot`'s shape: guards are returned
//!   directly, nothing is poisoned, `try_*` variants return `Option`.
//! - [`UnsafeCell`] with loom's `with`/`with_mut` shape, so loom's causality
//!   checker sees every access to shared non-atomic data.
//! - [`thread_local!`], [`Arc`], [`thread`] (spawn, yield, a cheap per-thread
//!   token) and [`alloc`] (heap blocks that loom tracks: a leaked block, and
//!   a free that is not ordered after another thread's access, fail the
//!   model).
//! - [`ArcSwap`]: an atomically swappable `Arc` (arc-swap normally, a
//!   loom-backed stand-in under loom), for read-mostly snapshots.
//! - [`OnceGate`]: run an initialiser exactly once, publish its value, let
//!   later callers read it with one acquire load.
//! - [`policy`]: the threading policies. [`policy::Shared`] is thread-safe;
//!   [`policy::Local`] compiles to plain loads and stores, takes no lock, and is
//!   `!Sync`, so the compiler refuses to share it between threads.
//! - [`mutant`]: the hook negative model tests use to switch on one deliberate
//!   bug; `const false` outside loom, so it costs nothing in a real build.
//! - `model` (under `strata_loom` only): runs a loom model, counts its
//!   iterations, and fails a model that explored a single interleaving.
//!
//! # Example
//!
//! A layer is written once, generic over the policy:
//!
//! ```
//! use strata_sync::policy::{AtomicInt, Local, Policy, Shared};
//! use strata_sync::atomic::Ordering;
//!
//! struct Hits<P: Policy> {
//!     count: P::AtomicUsize,
//! }
//!
//! impl<P: Policy> Hits<P> {
//!     fn bump(&self) -> usize {
//!         // Statistics counter: Relaxed, pairs with nothing.
//!         self.count.fetch_add(1, Ordering::Relaxed) + 1
//!     }
//! }
//!
//! let shared = Hits::<Shared> { count: AtomicInt::new(0) };
//! let local = Hits::<Local> { count: AtomicInt::new(0) };
//! assert_eq!(shared.bump(), 1);
//! assert_eq!(local.bump(), 1);
//! ```
//!
//! The single-threaded instance cannot cross threads:
//!
//! ```compile_fail
//! use strata_sync::policy::{AtomicInt, Local, Policy};
//! fn needs_sync<T: Sync>(_: &T) {}
//! let local = <Local as Policy>::AtomicUsize::new(0);
//! needs_sync(&local); // error: `Cell<usize>` cannot be shared between threads
//! ```
//!
//! [loom]: https://docs.rs/loom

pub mod alloc;
mod cell;
mod lock;
pub mod mutant;
mod once;
mod pad;
pub mod policy;
mod swap;
pub mod thread;

#[cfg(strata_loom)]
pub mod model;

pub use cell::UnsafeCell;
pub use lock::{Mutex, MutexGuard, ReadGuard, RwLock, WriteGuard};
pub use mutant::{Mutant, mutant};
pub use once::OnceGate;
pub use pad::CachePadded;
pub use swap::{ArcSwap, Snapshot};

/// Atomic types and orderings: `core::sync::atomic` normally, loom's under
/// `--cfg strata_loom`.
pub mod atomic {
    #[cfg(not(strata_loom))]
    pub use core::sync::atomic::{
        AtomicBool, AtomicPtr, AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering, fence,
    };
    #[cfg(strata_loom)]
    pub use loom::sync::atomic::{
        AtomicBool, AtomicPtr, AtomicU8, AtomicU32, AtomicU64, AtomicUsize, Ordering, fence,
    };
}

#[cfg(strata_loom)]
pub use loom::sync::Arc;
/// Reference-counted shared ownership: `std::sync::Arc` normally, loom's
/// `Arc` under `--cfg strata_loom` (whose leak checker reports a model that
/// forgets one).
#[cfg(not(strata_loom))]
pub use std::sync::Arc;

#[cfg(strata_loom)]
pub use loom::thread_local;
/// Declares a thread-local: `std::thread_local!` normally, `loom::thread_local!`
/// under `--cfg strata_loom` (each loom thread gets its own value, and the
/// value is dropped when the loom thread ends).
#[cfg(not(strata_loom))]
pub use std::thread_local;

#[cfg(strata_loom)]
#[doc(hidden)]
pub use loom as __loom;

/// Declares a process-wide atomic `static` that loom sees.
///
/// `static NAME: AtomicU64 = 1;` (any atomic integer of [`atomic`]) becomes a
/// plain `const`-initialised static in a normal build. Loom's atomics have no
/// `const` constructor, so under `--cfg strata_loom` it becomes a loom
/// `lazy_static!` instead: created on first use in each iteration of a
/// model and fresh in the next, so a model can race threads on it.
///
/// ```
/// use strata_sync::atomic::Ordering::Relaxed;
///
/// strata_sync::static_atomic! {
///     /// Tickets, unique for the process.
///     static NEXT_TICKET: AtomicU64 = 1;
/// }
///
/// // Relaxed: uniqueness comes from the read-modify-write; pairs with nothing.
/// let a = NEXT_TICKET.fetch_add(1, Relaxed);
/// let b = NEXT_TICKET.fetch_add(1, Relaxed);
/// assert_ne!(a, b);
/// ```
#[macro_export]
macro_rules! static_atomic {
    ($(#[$attr:meta])* $vis:vis static $name:ident: $ty:ident = $init:expr;) => {
        #[cfg(not(strata_loom))]
        $(#[$attr])*
        $vis static $name: $crate::atomic::$ty = $crate::atomic::$ty::new($init);
        #[cfg(strata_loom)]
        $crate::__loom::lazy_static! {
            $(#[$attr])*
            static ref $name: $crate::atomic::$ty = $crate::atomic::$ty::new($init);
        }
    };
}

/// A hint for spin loops: `core::hint::spin_loop` normally; under loom it
/// yields to the scheduler, so a spinning model still terminates.
#[inline]
pub fn spin_loop() {
    #[cfg(not(strata_loom))]
    core::hint::spin_loop();
    #[cfg(strata_loom)]
    loom::thread::yield_now();
}
