//! [`HotSlot`]: one published pointer in front of a [`BucketArray`], for the
//! one value a context reads most.
//!
//! A [`BucketArray`] probe is a dense-index load, a compare against the
//! unassigned marker, a segment test, the slot load and a null test. For the
//! one entry that is read on nearly every lookup (the builtin dialect's
//! pre-created types, read by `ctx.i64()`), that is most of the lookup. A
//! hot slot is a single identity word and a single pointer: the first
//! claimant's identity is written once, its pointer published once, and a
//! reader that presents the same identity gets the pointer with one compare
//! and one load.
//!
//! [`BucketArray`]: crate::BucketArray

use core::num::NonZeroUsize;
use core::ptr::{self, NonNull};

use strata_sync::atomic::Ordering::{Acquire, Relaxed, Release};
use strata_sync::policy::{AtomicInt, AtomicPointer, Policy, Shared};
use strata_sync::{Mutant, mutant};

/// One pointer that the first claimant publishes under its identity, and
/// that only a reader presenting that identity gets back.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::ptr::NonNull;
/// use strata_buckets::HotSlot;
///
/// static VALUE: u32 = 7;
/// let slot: HotSlot<u32> = HotSlot::new();
/// let me = NonZeroUsize::new(1).unwrap();
/// let other = NonZeroUsize::new(2).unwrap();
/// assert!(slot.claim(me, NonNull::from(&VALUE)));
/// assert!(!slot.claim(other, NonNull::from(&VALUE)), "claimed once, forever");
/// assert_eq!(slot.get(me), Some(NonNull::from(&VALUE)));
/// assert_eq!(slot.get(other), None);
/// ```
///
/// # Atomic orderings
///
/// `owner` goes from 0 to one identity exactly once (one compare-and-swap),
/// and only the thread whose swap succeeded stores `value`, exactly once,
/// with `Release`; `get` loads `value` with `Acquire`, pairing with that
/// store, so whatever the claimant could see of the pointee when it
/// claimed, the reader sees too. `owner` itself is read `Relaxed`: it
/// publishes nothing, and as it is written once, a reader that finds its own
/// identity there knows that any non-null `value` is that claimant's.
pub struct HotSlot<T, P: Policy = Shared> {
    /// 0, then forever the identity of the one claimant. Written by one
    /// compare-and-swap in `claim` (`Relaxed`: it orders nothing; `value`'s
    /// Release store does).
    owner: P::AtomicUsize,
    /// Null, then forever the claimant's pointer. Stored once by the
    /// claimant (Release, pairs with the Acquire load in `get`).
    value: P::AtomicPtr<T>,
}

impl<T, P: Policy> HotSlot<T, P> {
    /// An unclaimed slot.
    pub fn new() -> Self {
        Self {
            owner: AtomicInt::new(0),
            value: AtomicPointer::new(ptr::null_mut()),
        }
    }

    /// The pointer published by the claimant `id`, if `id` claimed the slot
    /// and its pointer is published yet; `None` for every other identity.
    #[inline(always)]
    pub fn get(&self, id: NonZeroUsize) -> Option<NonNull<T>> {
        // Relaxed: `owner` is written once and publishes nothing (see the
        // type's orderings).
        if self.owner.load(Relaxed) != id.get() {
            return None;
        }
        // Pairs with the Release store in `claim`: seeing the pointer means
        // seeing what the claimant saw of the pointee.
        let order = if mutant(Mutant::BucketsHotRelaxedLoad) {
            Relaxed
        } else {
            Acquire
        };
        NonNull::new(self.value.load(order))
    }

    /// Claims the slot for `id` and publishes `value` under it, if no
    /// identity claimed it before; returns whether this call did. Whatever
    /// the caller can see of `*value` now, a [`get`](Self::get) that
    /// returns the pointer sees too. The slot never dereferences `value`:
    /// keeping the pointee alive while readers may use it is the caller's
    /// part.
    pub fn claim(&self, id: NonZeroUsize, value: NonNull<T>) -> bool {
        // Relaxed on both sides: the identity orders nothing (the Release
        // store below does).
        let won = self
            .owner
            .compare_exchange(0, id.get(), Relaxed, Relaxed)
            .is_ok();
        if won || mutant(Mutant::BucketsHotLoserPublishes) {
            // Pairs with the Acquire load in `get`.
            self.value.store(value.as_ptr(), Release);
        }
        won
    }
}

impl<T, P: Policy> Default for HotSlot<T, P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, P: Policy> core::fmt::Debug for HotSlot<T, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HotSlot")
            .field("owner", &self.owner.load(Relaxed))
            .finish_non_exhaustive()
    }
}
