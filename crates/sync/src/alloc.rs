//! Heap blocks that loom tracks: leaks, and frees that race with accesses.
//!
//! Every layer that frees memory other threads may have reached (a refcounted
//! object, a bucket segment, a thread's cache table) allocates it here. In a
//! normal build these are `std::alloc`'s functions and [`access`] is nothing.
//!
//! Under `--cfg strata_loom` each block carries a hidden header in front of
//! it, which gives loom two things to check:
//!
//! - **Leaks.** The header holds a `loom::alloc::Track`, so a model that ends
//!   with a block still live fails with loom's "Allocation leaked.". The
//!   memory itself comes from `std::alloc`, not from `loom::alloc::alloc`:
//!   loom 0.7.2 keeps raw allocations in a table that it drops outside the
//!   model when a model fails, and each live entry then panics while the
//!   test is already unwinding, which aborts the whole test binary. A
//!   `Track` that is never dropped leaves nothing behind, so a failing model
//!   fails cleanly and a `should_panic` test can observe it.
//! - **Frees racing with accesses.** The header also holds a loom
//!   `UnsafeCell<()>`, the block's *liveness cell*. [`access`] records a
//!   read of it ("this thread touches the block here"); [`dealloc`] records
//!   a write of it (the free is a write to the whole block). Loom's causality
//!   checker then demands that every access happened-before the free. A
//!   last decrement that is `Relaxed` where it must be `Release`, or a free
//!   moved before another thread is done, fails the model with
//!   [`FREE_RACE`], even when the freed memory holds no loom cell or atomic
//!   of its own. Loom does not see the accesses themselves: a layer calls
//!   [`access`] wherever it reaches a block it does not own alone (a
//!   handle's dereference, a probe of a published segment).
//!
//! # Example
//!
//! ```
//! use strata_sync::alloc;
//!
//! let block = alloc::into_raw(41_u64);
//! // A thread that reads the block records the access (nothing outside loom).
//! // SAFETY: `block` came from `into_raw` and is live.
//! unsafe { alloc::access_raw(block) };
//! // SAFETY: `block` came from `into_raw` for `u64` and is freed once.
//! unsafe { alloc::drop_raw(block) };
//! ```

use core::ptr::NonNull;

pub use std::alloc::{Layout, handle_alloc_error};

/// The start of the panic message of a model whose free is not ordered after
/// another thread's access to the freed block (loom's own report follows it).
pub const FREE_RACE: &str = "strata_sync::alloc: a block was freed while another thread's access to it was not ordered before the free";

/// The start of the panic message of a model in which a thread accesses a
/// block that was allocated by another thread without the allocation being
/// ordered before the access (an unpublished or badly published block).
pub const UNORDERED_ACCESS: &str = "strata_sync::alloc: a thread accessed a block whose allocation is not ordered before the access";

#[cfg(not(strata_loom))]
pub use std::alloc::{alloc, dealloc};

/// Records that the calling thread accesses the block at `ptr` (allocated by
/// [`alloc`] with `layout`): the block's free must happen-after this call.
/// Nothing outside loom.
///
/// # Safety
///
/// 1. `ptr` came from [`alloc`] with `layout` and is not freed yet (under
///    loom the block's hidden header is read; a normal build reads nothing).
#[cfg(not(strata_loom))]
#[inline(always)]
pub unsafe fn access(ptr: *const u8, layout: Layout) {
    let _ = (ptr, layout);
}

/// Like [`access`], for a block made by [`into_raw`].
///
/// # Safety
///
/// 1. `ptr` came from [`into_raw`] for the same `T` and is not freed yet.
#[inline(always)]
pub unsafe fn access_raw<T>(ptr: NonNull<T>) {
    if size_of::<T>() != 0 {
        // SAFETY: by (1) the block was allocated by `alloc` with `T`'s
        // layout (in `into_raw`) and is live, which is `access`'s (1).
        unsafe { access(ptr.as_ptr().cast_const().cast(), Layout::new::<T>()) };
    }
}

#[cfg(strata_loom)]
mod tracked {
    use std::alloc::Layout;

    /// The hidden header in front of every block under loom.
    pub(super) struct Header {
        /// Leak tracking (a `Track` is reported if never dropped) around the
        /// liveness cell: read by every [`access`](super::access), written by
        /// the free.
        pub(super) live: loom::alloc::Track<loom::cell::UnsafeCell<()>>,
    }

    /// The layout of header plus block, and the block's offset in it.
    pub(super) fn extended(layout: Layout) -> (Layout, usize) {
        Layout::new::<Header>()
            .extend(layout)
            .expect("strata_sync::alloc: block layout overflows with its loom header")
    }

    /// The header of the block at `ptr`.
    ///
    /// # Safety
    ///
    /// 1. `ptr` came from [`alloc`](super::alloc) with `layout`.
    pub(super) unsafe fn header(ptr: *const u8, layout: Layout) -> *mut Header {
        let (_, offset) = extended(layout);
        // SAFETY: (1): the block sits `offset` bytes after the header's start
        // inside one allocation.
        unsafe { ptr.cast_mut().sub(offset) }.cast::<Header>()
    }
}

/// Allocates a block with `layout`, as `std::alloc::alloc` does, behind a
/// loom header that tracks its lifetime (see the module docs).
///
/// # Safety
///
/// 1. `layout` has a non-zero size.
#[cfg(strata_loom)]
pub unsafe fn alloc(layout: Layout) -> *mut u8 {
    let (full, offset) = tracked::extended(layout);
    // SAFETY: (1), and the header makes the size larger still.
    let base = unsafe { std::alloc::alloc(full) };
    if base.is_null() {
        return base;
    }
    let header = tracked::Header {
        live: loom::alloc::Track::new(loom::cell::UnsafeCell::new(())),
    };
    // SAFETY: `base` is a fresh allocation of `full`, which starts with a
    // `Header` at offset 0, properly aligned (`extend` keeps the alignment).
    unsafe { base.cast::<tracked::Header>().write(header) };
    // SAFETY: `offset` is inside the allocation of `full` bytes.
    unsafe { base.add(offset) }
}

/// Frees a block, as `std::alloc::dealloc` does; under loom the free is a
/// write of the block's liveness cell, checked against every [`access`].
///
/// # Panics
///
/// Under loom, with a message starting with [`FREE_RACE`], if an access to
/// the block by another thread does not happen-before this free.
///
/// # Safety
///
/// 1. `ptr` came from [`alloc`] with this `layout`.
/// 2. It has not been freed before, and nothing uses it afterwards.
#[cfg(strata_loom)]
pub unsafe fn dealloc(ptr: *mut u8, layout: Layout) {
    // SAFETY: (1).
    let header = unsafe { tracked::header(ptr, layout) };
    // SAFETY: by (1) and (2) the header is live and only this call drops it.
    let live = unsafe { (*header).live.get_ref() };
    // While the thread unwinds from a failure the model has already failed,
    // and a second panic here would abort the process: only free.
    let checked = if std::thread::panicking() {
        Ok(())
    } else {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            live.with_mut(|_| ());
        }))
    };
    if let Err(report) = checked {
        // The block is leaked on purpose: the model has failed.
        panic!("{FREE_RACE} (loom: {})", loom_report(&*report));
    }
    let (full, _) = tracked::extended(layout);
    // SAFETY: (2): the header is dropped once (its `Track` tells loom the
    // block was freed), and the allocation of `full` bytes starting at the
    // header is returned to the allocator it came from.
    unsafe {
        header.drop_in_place();
        std::alloc::dealloc(header.cast(), full);
    }
}

/// Records that the calling thread accesses the block at `ptr` (allocated by
/// [`alloc`] with `layout`): the block's free must happen-after this call.
///
/// Under loom this is a read of the block's liveness cell.
///
/// # Panics
///
/// With a message starting with [`UNORDERED_ACCESS`] if the block's
/// allocation (by another thread) is not ordered before this access.
///
/// # Safety
///
/// 1. `ptr` came from [`alloc`] with `layout` and is not freed yet.
#[cfg(strata_loom)]
pub unsafe fn access(ptr: *const u8, layout: Layout) {
    // SAFETY: (1) is `header`'s (1).
    let header = unsafe { tracked::header(ptr, layout) };
    // SAFETY: by (1) the block, and so its header, is live.
    let live = unsafe { (*header).live.get_ref() };
    if std::thread::panicking() {
        return;
    }
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| live.with(|_| ())));
    if let Err(report) = checked {
        panic!("{UNORDERED_ACCESS} (loom: {})", loom_report(&*report));
    }
}

/// Loom's panic message, for the shim's own report.
#[cfg(strata_loom)]
fn loom_report(report: &(dyn core::any::Any + Send)) -> &str {
    report
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| report.downcast_ref::<&str>().copied())
        .unwrap_or("")
        .trim()
}

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
    // SAFETY: (1) the layout has a non-zero size (checked just above),
    // which is the one requirement of `alloc`.
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
