//! `Ref` and `WeakRef`: the owning handles built on [`Counts`].

use core::fmt;
use core::marker::PhantomData;
use core::mem::ManuallyDrop;
use core::ops::Deref;
use core::ptr::{self, NonNull};

use strata_sync::alloc;
use strata_sync::policy::{Policy, Shared};

use crate::counts::{Counts, Released};

/// The heap block a [`Ref`] and its [`WeakRef`]s share.
struct Inner<T, P: Policy> {
    counts: Counts<P>,
    /// Initialised while `counts.strong_count()` is above zero; dropped in
    /// place (never moved) by the caller whose `dec_strong` returned
    /// [`Released::Last`].
    value: ManuallyDrop<T>,
}

/// A strong, shared, reference-counted handle to a `T`: `std::sync::Arc`'s
/// shape, built on [`Counts`], generic over the threading policy.
///
/// Cloning adds a strong reference (one `Relaxed` increment); dropping the
/// last one drops the `T`. [`Ref::downgrade`] makes a [`WeakRef`], which keeps
/// the memory but not the payload alive. The functions that are not `clone`,
/// `deref` or `drop` are associated functions (`Ref::downgrade(&r)`), so they
/// never shadow a method of `T`.
///
/// With `P = Shared` (the default), `Ref<T>` is `Send + Sync` when `T` is. With
/// `P = Local` the counts are plain integers and the handle is neither `Send`
/// nor `Sync`:
///
/// ```compile_fail,E0277
/// use strata_refcount::Ref;
/// use strata_sync::policy::Local;
///
/// let r = Ref::new_in(7_u32, Local);
/// // error: `Cell<usize>` cannot be shared between threads safely
/// strata_sync::thread::spawn(move || assert_eq!(*r, 7));
/// ```
///
/// ```compile_fail,E0277
/// use strata_refcount::Ref;
/// use strata_sync::policy::Local;
///
/// fn share<T: Sync>(_: &T) {}
/// share(&Ref::new_in(7_u32, Local)); // error: not `Sync`
/// ```
pub struct Ref<T, P: Policy = Shared> {
    /// Points at a live `Inner` (allocated by `strata_sync::alloc::into_raw`)
    /// in which this handle holds one strong reference; so the block and its
    /// `value` stay alive until this handle is dropped.
    ptr: NonNull<Inner<T, P>>,
    /// This handle owns a `T` (for the drop checker) as well as a share of
    /// the block.
    _owns: PhantomData<Inner<T, P>>,
}

/// A weak handle: keeps the memory of a [`Ref`]'s block alive but not its
/// payload. [`WeakRef::upgrade`] makes a strong handle again while the
/// payload lives, and fails once it is dropped.
///
/// Like [`Ref`], `WeakRef<T, Local>` is neither `Send` nor `Sync`:
///
/// ```compile_fail,E0277
/// use strata_refcount::Ref;
/// use strata_sync::policy::Local;
///
/// let w = Ref::downgrade(&Ref::new_in(7_u32, Local));
/// strata_sync::thread::spawn(move || drop(w)); // error: not `Send`
/// ```
pub struct WeakRef<T, P: Policy = Shared> {
    /// Points at an `Inner` (allocated by `strata_sync::alloc::into_raw`) in
    /// which this handle holds one weak reference; so the block stays
    /// allocated until this handle is dropped. Its `value` may be dropped
    /// already: only `counts` may be reached through this pointer.
    ptr: NonNull<Inner<T, P>>,
    _owns: PhantomData<Inner<T, P>>,
}

// SAFETY: a `Ref` shares a `T` between threads (hence `T: Sync`) and the
// thread that drops the last one drops the `T` (hence `T: Send`); the counts
// are updated from several threads at once, which `Counts<P>: Sync` permits
// (it holds for `Shared`, whose counts are atomics, and fails for `Local`,
// whose counts are `Cell`s).
unsafe impl<T: Send + Sync, P: Policy> Send for Ref<T, P> where Counts<P>: Sync {}
// SAFETY: as for `Send`: a `&Ref` lets other threads clone the handle.
unsafe impl<T: Send + Sync, P: Policy> Sync for Ref<T, P> where Counts<P>: Sync {}
// SAFETY: as for `Ref`: upgrading in another thread gives it a `Ref`.
unsafe impl<T: Send + Sync, P: Policy> Send for WeakRef<T, P> where Counts<P>: Sync {}
// SAFETY: as for `Ref`.
unsafe impl<T: Send + Sync, P: Policy> Sync for WeakRef<T, P> where Counts<P>: Sync {}

impl<T> Ref<T> {
    /// Moves `value` to the heap behind a fresh header (one strong reference,
    /// this one), under the default, thread-safe policy. For another policy,
    /// use [`Ref::new_in`].
    #[inline]
    pub fn new(value: T) -> Self {
        Ref::new_in(value, Shared)
    }
}

impl<T, P: Policy> Ref<T, P> {
    /// Moves `value` to the heap behind a fresh header (one strong reference,
    /// this one), under the policy `P`. The second argument is the policy's
    /// unit value (`Shared` or `Local`); it only names the type, as
    /// `Box::new_in` names its allocator.
    #[inline]
    pub fn new_in(value: T, _: P) -> Self {
        let ptr = alloc::into_raw(Inner {
            counts: Counts::new(),
            value: ManuallyDrop::new(value),
        });
        Ref {
            ptr,
            _owns: PhantomData,
        }
    }

    /// The header of `this`'s object: for the installed marker, and for
    /// statistics.
    #[inline]
    pub fn counts(this: &Self) -> &Counts<P> {
        // Under loom: the block's free must come after this access.
        // SAFETY: (1) `ptr`'s invariant: the block came from `into_raw` and is
        // alive while `this` is.
        unsafe { alloc::access_raw(this.ptr) };
        // SAFETY: `ptr`'s invariant: the block is alive while `this` is, so
        // its header is too.
        unsafe { &(*this.ptr.as_ptr()).counts }
    }

    /// Makes a weak handle to `this`'s object.
    #[inline]
    pub fn downgrade(this: &Self) -> WeakRef<T, P> {
        Ref::counts(this).inc_weak();
        WeakRef {
            ptr: this.ptr,
            _owns: PhantomData,
        }
    }

    /// The number of strong handles (a snapshot).
    #[inline]
    pub fn strong_count(this: &Self) -> usize {
        Ref::counts(this).strong_count()
    }

    /// The number of weak handles (a snapshot). It does not count the weak
    /// reference the strong handles hold collectively.
    #[inline]
    pub fn weak_count(this: &Self) -> usize {
        // The collective weak reference is held while `this` lives, so the
        // raw count is at least one.
        Ref::counts(this).weak_count() - 1
    }

    /// Whether both handles point at the same object.
    #[inline]
    pub fn ptr_eq(this: &Self, other: &Self) -> bool {
        this.ptr == other.ptr
    }

    /// The address of the payload: stable for the object's lifetime, equal
    /// for every handle to it.
    #[inline]
    pub fn as_ptr(this: &Self) -> *const T {
        // SAFETY: `ptr`'s invariant: the block is alive. `addr_of!` makes a
        // raw pointer to the field without creating a reference.
        let value = unsafe { ptr::addr_of!((*this.ptr.as_ptr()).value) };
        // `ManuallyDrop<T>` is `repr(transparent)` over `T`.
        value.cast::<T>()
    }

    /// Drops the payload and releases the collective weak reference; called
    /// by the handle whose strong decrement was the last.
    ///
    /// # Safety
    ///
    /// 1. `dec_strong` has just returned [`Released::Last`] for this handle's
    ///    reference, and `self` is not used afterwards.
    #[inline(never)]
    unsafe fn drop_slow(&mut self) {
        // Scope guard whose job is to release the collective weak reference
        // (and free the memory if it was the last weak one) even if the
        // payload's destructor panics: a weak handle for the reference the
        // strong side held, dropped at the end of this scope either way.
        let _collective = WeakRef::<T, P> {
            ptr: self.ptr,
            _owns: PhantomData,
        };
        // SAFETY: by (1) the strong count reached zero through this handle,
        // so the payload is initialised (`ptr`'s invariant) and no other
        // strong handle exists or can be made (`try_inc_strong` fails on
        // zero): this is its only and last use. The Acquire fence in
        // `dec_strong` ordered every access made through other handles before
        // this drop. The pointer is derived from the allocation, so it may be
        // written through.
        unsafe { ptr::drop_in_place(ptr::addr_of_mut!((*self.ptr.as_ptr()).value).cast::<T>()) };
    }
}

impl<T, P: Policy> Clone for Ref<T, P> {
    /// Adds a strong reference: one `Relaxed` increment.
    #[inline]
    fn clone(&self) -> Self {
        Ref::counts(self).inc_strong();
        Ref {
            ptr: self.ptr,
            _owns: PhantomData,
        }
    }
}

impl<T, P: Policy> Deref for Ref<T, P> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        // Under loom: the block's free must come after this access.
        // SAFETY: (1) `ptr`'s invariant: the block came from `into_raw` and is
        // alive while `self` is.
        unsafe { alloc::access_raw(self.ptr) };
        // SAFETY: `ptr`'s invariant: this handle's strong reference keeps the
        // payload initialised for as long as `self` is borrowed.
        unsafe { &(*self.ptr.as_ptr()).value }
    }
}

impl<T, P: Policy> Drop for Ref<T, P> {
    /// Releases the strong reference; the last one drops the payload, and the
    /// memory goes with the last weak reference.
    #[inline]
    fn drop(&mut self) {
        if Ref::counts(self).dec_strong() == Released::Last {
            // SAFETY: `dec_strong` returned `Last` for this handle (1), and
            // `self` is not used after this line.
            unsafe { self.drop_slow() }
        }
    }
}

impl<T: fmt::Debug, P: Policy> fmt::Debug for Ref<T, P> {
    /// Formats the payload, as `Arc` does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T, P: Policy> WeakRef<T, P> {
    /// The header of the object. Its memory is alive while `self` is.
    #[inline]
    pub fn counts(&self) -> &Counts<P> {
        // Under loom: the block's free must come after this access.
        // SAFETY: (1) `ptr`'s invariant: the block came from `into_raw` and is
        // alive while `self` is.
        unsafe { alloc::access_raw(self.ptr) };
        // SAFETY: `ptr`'s invariant: the block stays allocated while `self`
        // holds its weak reference. Only the `counts` field is borrowed; the
        // `value` field may be dropped already.
        unsafe { &(*self.ptr.as_ptr()).counts }
    }

    /// A strong handle to the object if it is still alive; `None` once its
    /// last strong handle was dropped (a dead object is never revived).
    #[inline]
    pub fn upgrade(&self) -> Option<Ref<T, P>> {
        if self.counts().try_inc_strong() {
            Some(Ref {
                ptr: self.ptr,
                _owns: PhantomData,
            })
        } else {
            None
        }
    }

    /// The number of strong handles (a snapshot); 0 means dead for good.
    #[inline]
    pub fn strong_count(&self) -> usize {
        self.counts().strong_count()
    }

    /// Whether both handles point at the same object.
    #[inline]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        self.ptr == other.ptr
    }
}

impl<T, P: Policy> Clone for WeakRef<T, P> {
    /// Adds a weak reference: one `Relaxed` increment.
    #[inline]
    fn clone(&self) -> Self {
        self.counts().inc_weak();
        WeakRef {
            ptr: self.ptr,
            _owns: PhantomData,
        }
    }
}

impl<T, P: Policy> Drop for WeakRef<T, P> {
    /// Releases the weak reference; the last one frees the memory.
    #[inline]
    fn drop(&mut self) {
        if self.counts().dec_weak() == Released::Last {
            // SAFETY: `ptr` was returned by `into_raw` for `Inner<T, P>`
            // (`ptr`'s invariant) (1), and the weak count reached zero through
            // this handle, so no handle of either kind remains and none can
            // be made: it is freed once and never used again (2). Dropping the
            // `Inner` drops only the header; the payload sits in a
            // `ManuallyDrop` and was dropped when the strong count reached
            // zero (which happened before: the strong side's collective weak
            // reference is released only after that drop).
            unsafe { alloc::drop_raw(self.ptr) }
        }
    }
}

impl<T, P: Policy> fmt::Debug for WeakRef<T, P> {
    /// Prints `(WeakRef)`, as `std`'s `Weak` does: the payload may be gone.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(WeakRef)")
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;
    use core::cell::Cell;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::rc::Rc;
    use strata_sync::policy::Local;

    /// Counts its drops in a shared cell (single-threaded tests only).
    struct Tracked {
        drops: Rc<Cell<usize>>,
        value: u64,
    }

    impl Drop for Tracked {
        fn drop(&mut self) {
            self.drops.set(self.drops.get() + 1);
        }
    }

    fn tracked(value: u64) -> (Rc<Cell<usize>>, Tracked) {
        let drops = Rc::new(Cell::new(0));
        let t = Tracked {
            drops: Rc::clone(&drops),
            value,
        };
        (drops, t)
    }

    fn lifecycle<P: Policy>() {
        let (drops, t) = tracked(42);
        let a = Ref::new_in(t, P::default());
        let b = a.clone();
        assert!(Ref::ptr_eq(&a, &b));
        assert_eq!(Ref::as_ptr(&a), &*b as *const Tracked);
        assert_eq!((Ref::strong_count(&a), Ref::weak_count(&a)), (2, 0));
        let w = Ref::downgrade(&a);
        let w2 = w.clone();
        assert!(w.ptr_eq(&w2));
        // An equal payload in another object is another object.
        let (_, t) = tracked(42);
        let other = Ref::new_in(t, P::default());
        assert!(!Ref::ptr_eq(&a, &other));
        assert!(!w.ptr_eq(&Ref::downgrade(&other)));
        drop(other);
        assert_eq!((Ref::strong_count(&a), Ref::weak_count(&a)), (2, 2));
        assert_eq!(w.strong_count(), 2);
        drop(a);
        assert_eq!(b.value, 42);
        let c = w.upgrade().expect("alive while `b` is");
        assert_eq!(c.value, 42);
        assert!(Ref::ptr_eq(&b, &c));
        drop(b);
        drop(c);
        assert_eq!(drops.get(), 1, "the last strong drop drops the payload");
        assert_eq!(w.strong_count(), 0);
        assert!(w.upgrade().is_none(), "a dead object is never revived");
        assert!(w2.upgrade().is_none());
        assert_eq!(w.counts().weak_count(), 2);
        drop(w);
        drop(w2);
        assert_eq!(drops.get(), 1, "freeing the memory drops nothing again");
    }

    #[test]
    fn lifecycle_shared() {
        lifecycle::<Shared>();
    }

    #[test]
    fn lifecycle_local() {
        lifecycle::<Local>();
    }

    fn weak_outlives_strong<P: Policy>() {
        let (drops, t) = tracked(1);
        let w = Ref::downgrade(&Ref::new_in(t, P::default()));
        assert_eq!(drops.get(), 1, "the temporary's drop dropped the payload");
        assert!(w.upgrade().is_none());
        assert_eq!(w.counts().weak_count(), 1, "only `w` is left");
    }

    #[test]
    fn weak_outlives_strong_shared() {
        weak_outlives_strong::<Shared>();
    }

    #[test]
    fn weak_outlives_strong_local() {
        weak_outlives_strong::<Local>();
    }

    /// Panics in its destructor, after counting the drop.
    struct PanicsOnDrop(Rc<Cell<usize>>);

    impl Drop for PanicsOnDrop {
        fn drop(&mut self) {
            self.0.set(self.0.get() + 1);
            panic!("payload destructor panics");
        }
    }

    fn payload_panic_releases_memory<P: Policy>() {
        let drops = Rc::new(Cell::new(0));
        let r = Ref::new_in(PanicsOnDrop(Rc::clone(&drops)), P::default());
        let w = Ref::downgrade(&r);
        let caught = catch_unwind(AssertUnwindSafe(move || drop(r)));
        assert!(caught.is_err(), "the payload's panic propagates");
        assert_eq!(drops.get(), 1);
        assert!(w.upgrade().is_none(), "the object is dead after the panic");
        // The scope guard in `drop_slow` released the collective weak
        // reference: only `w` is left, and its drop frees the block (a leak
        // here is reported by LeakSanitizer in the ASan run).
        assert_eq!(w.counts().weak_count(), 1);
        drop(w);
    }

    #[test]
    fn payload_panic_releases_memory_shared() {
        payload_panic_releases_memory::<Shared>();
    }

    #[test]
    fn payload_panic_releases_memory_local() {
        payload_panic_releases_memory::<Local>();
    }

    #[test]
    fn installed_marker_through_handles() {
        let r = Ref::new(5_u8);
        let w = Ref::downgrade(&r);
        assert!(!Ref::counts(&r).set_installed());
        assert!(w.counts().is_installed(), "one header behind both handles");
        assert!(w.counts().clear_installed());
        assert!(!Ref::counts(&r).is_installed());
    }

    #[test]
    fn zero_sized_payload() {
        let r = Ref::new_in((), Local);
        let w = Ref::downgrade(&r);
        let r2 = r.clone();
        drop(r);
        assert!(w.upgrade().is_some());
        drop(r2);
        assert!(w.upgrade().is_none());
    }

    #[test]
    fn debug_formats() {
        let r = Ref::new(vec![1, 2]);
        assert_eq!(format!("{r:?}"), "[1, 2]");
        assert_eq!(format!("{:?}", Ref::downgrade(&r)), "(WeakRef)");
    }

    #[test]
    fn shared_handles_are_send_and_sync() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Ref<String>>();
        send_sync::<WeakRef<String>>();
        send_sync::<Counts>();
    }
}
