//! The one type-erased per-kind slot, so that the immortal tables, the
//! reclaimable tables and the extensions' states each fit in one bucket
//! array, indexed by the kind's dense index.

use core::marker::PhantomData;
use core::ptr::NonNull;

use crate::Policy;

/// What a slot's value reports about itself (`R`: table statistics, memory,
/// or nothing).
pub(crate) trait Report<R> {
    /// The report.
    fn report(&self) -> R;
}

/// A leaked, type-erased `Box<T>` for one kind, with the kind's identity and
/// a report function instantiated for `T`.
pub(crate) struct Erased<P: Policy, R> {
    /// Invariant: a leaked `Box<T>` for the `T` that `new::<T>` was given,
    /// freed only by `Drop` below.
    value: NonNull<()>,
    /// The address of the kind's (or extension's) `static` identity.
    id: usize,
    drop_value: unsafe fn(NonNull<()>),
    report: unsafe fn(NonNull<()>) -> R,
    _policy: PhantomData<P::Marker>,
}

// SAFETY: `new`'s contract (1) makes the erased value `Send + Sync` whenever
// `P` is thread-safe; otherwise `P::Marker` is neither and neither is this.
unsafe impl<P: Policy, R> Send for Erased<P, R> where P::Marker: Send {}
// SAFETY: as above, for `Sync`.
unsafe impl<P: Policy, R> Sync for Erased<P, R> where P::Marker: Sync {}

impl<P: Policy, R> Erased<P, R> {
    /// Erases `value`, the slot of the kind whose `static` identity is `id`.
    ///
    /// # Safety
    ///
    /// 1. `T` is `Send + Sync` if `P` is thread-safe (a table of policy `P`
    ///    whose payloads are `Send + Sync`, or an extension's state).
    pub(crate) unsafe fn new<T: Report<R>, I>(id: &'static I, value: T) -> Self {
        Self {
            value: NonNull::from(Box::leak(Box::new(value))).cast(),
            id: core::ptr::from_ref(id).addr(),
            drop_value: drop_value::<T>,
            report: report_value::<T, R>,
            _policy: PhantomData,
        }
    }

    /// Whether this is the slot of the kind whose identity is `id` (a debug
    /// check that two kinds never share one dense index).
    #[inline]
    pub(crate) fn is<I>(&self, id: &'static I) -> bool {
        self.id == core::ptr::from_ref(id).addr()
    }

    /// The value.
    ///
    /// # Safety
    ///
    /// 1. `self` was created by `Erased::new::<T>`.
    #[inline]
    pub(crate) unsafe fn typed<T>(&self) -> &T {
        // SAFETY: by (1) and the invariant on `value`, a live `T`, freed only
        // when `self` drops, which the borrow of `self` rules out.
        unsafe { self.value.cast::<T>().as_ref() }
    }

    /// The value's report.
    pub(crate) fn report(&self) -> R {
        // SAFETY: `report` was instantiated for the type `value` holds.
        unsafe { (self.report)(self.value) }
    }
}

/// # Safety
///
/// 1. `p` is the leaked box `Erased::new::<T>` made, not freed before.
unsafe fn drop_value<T>(p: NonNull<()>) {
    // SAFETY: by (1).
    drop(unsafe { Box::from_raw(p.cast::<T>().as_ptr()) });
}

/// # Safety
///
/// 1. `p` is the live box `Erased::new::<T>` made.
unsafe fn report_value<T: Report<R>, R>(p: NonNull<()>) -> R {
    // SAFETY: by (1).
    unsafe { p.cast::<T>().as_ref() }.report()
}

impl<P: Policy, R> Drop for Erased<P, R> {
    fn drop(&mut self) {
        // SAFETY: `drop_value` matches the value's type, and this is the one
        // place that frees it.
        unsafe { (self.drop_value)(self.value) }
    }
}
