//! The synchronisation shim of strata: the one place that names `std::sync`,
//! `parking_lot`, `std::thread_local!` and `loom`.
//!
#![doc = include_str!("../README.md")]

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

/// Allocation hooks. Under loom every allocation made here is tracked, and a
/// model that ends with one still live fails with loom's leak report; that is
/// how "the loser frees its candidate" and "memory is freed exactly once" are
/// checked.
pub mod alloc {
    use core::ptr::NonNull;

    #[cfg(strata_loom)]
    pub use loom::alloc::{Layout, alloc, dealloc};
    #[cfg(strata_loom)]
    pub use std::alloc::handle_alloc_error;
    #[cfg(not(strata_loom))]
    pub use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};

    /// Moves `value` to a fresh heap allocation made through this module's
    /// [`alloc`] and returns the pointer. Free it with [`drop_raw`].
    ///
    /// Zero-sized types get a dangling, well-aligned pointer and no
    /// allocation.
    pub fn into_raw<T>(value: T) -> NonNull<T> {
        let layout = Layout::new::<T>();
        if layout.size() == 0 {
            core::mem::forget(value);
            return NonNull::dangling();
        }
        // SAFETY: the layout has a non-zero size (checked just above), which
        // is the one requirement of `alloc`.
        let raw = unsafe { alloc(layout) }.cast::<T>();
        let Some(ptr) = NonNull::new(raw) else {
            handle_alloc_error(layout)
        };
        // SAFETY: `ptr` was just allocated with `T`'s layout, so it is valid
        // for a write of one `T` and properly aligned.
        unsafe { ptr.as_ptr().write(value) };
        ptr
    }

    /// Drops the value behind `ptr` and frees its allocation.
    ///
    /// # Safety
    ///
    /// 1. `ptr` was returned by [`into_raw`] for the same `T`.
    /// 2. It has not been passed to `drop_raw` or [`free_raw`] before, and
    ///    nothing uses it afterwards.
    pub unsafe fn drop_raw<T>(ptr: NonNull<T>) {
        // SAFETY: by (1) the pointer holds an initialised `T` that, by (2),
        // nobody else will read or drop.
        unsafe { ptr.as_ptr().drop_in_place() };
        // SAFETY: the value is dropped; (1) and (2) are passed on unchanged.
        unsafe { free_raw(ptr) };
    }

    /// Frees the allocation behind `ptr` without dropping its value (the
    /// value was already dropped or moved out).
    ///
    /// # Safety
    ///
    /// 1. `ptr` was returned by [`into_raw`] for the same `T`.
    /// 2. It has not been freed before, and nothing uses it afterwards.
    pub unsafe fn free_raw<T>(ptr: NonNull<T>) {
        let layout = Layout::new::<T>();
        if layout.size() != 0 {
            // SAFETY: by (1) the block was allocated by `alloc` with this
            // very layout; by (2) it is freed once.
            unsafe { dealloc(ptr.as_ptr().cast(), layout) };
        }
    }
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
