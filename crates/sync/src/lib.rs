//! The synchronisation shim of strata: the one place that names `std::sync`,
//! `parking_lot`, `std::thread_local!` and `loom`.
//!
#![doc = include_str!("../README.md")]

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
