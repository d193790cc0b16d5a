//! Threading policies: one layer, written once, compiled thread-safe or
//! single-threaded.
//!
//! A layer that wants both modes takes a type parameter `P: Policy` and builds
//! its shared state from `P`'s associated types:
//!
//! | associated type | [`Shared`] | [`Local`] |
//! |---|---|---|
//! | `AtomicUsize`, `AtomicU64`, `AtomicU32`, `AtomicU8` | the atomic integer | a `Cell` (plain load and store, no `lock` prefix) |
//! | `AtomicBool` | `AtomicBool` | `Cell<bool>` |
//! | `AtomicPtr<T>` | `AtomicPtr<T>` | `Cell<*mut T>` |
//! | `RwLock<T>`, `Mutex<T>` | the shim's (parking_lot) locks | a `RefCell` (a borrow flag, no lock) |
//! | `Arc<T>` | `Arc<T>` | `Rc<T>` |
//! | `Once<T>` | [`OnceGate<T>`](crate::OnceGate) | `core::cell::OnceCell<T>` |
//! | `Swap<T>` ([`SwapCell`]) | [`ArcSwap<T>`](crate::ArcSwap) | [`LocalSwap<T>`] (`RefCell<Rc<T>>`) |
//! | `Shelf<T>` | `Arc<Mutex<T>>` | `Rc<LocalLock<T>>` |
//!
//! [`Read`], [`Write`], [`Guard`] and [`SwapSnapshot`] name the guard types
//! of a policy's locks and snapshot cell (`Read<'a, P, T>`).
//!
//! The mode is a type, decided once where the structure is built (invariant
//! 4 in `docs/ARCHITECTURE.md`): no hot path branches on it. Everything `Local` hands out
//! holds a `Cell`, `RefCell` or `Rc`, so any structure built from it is
//! `!Sync` and the compiler rejects sharing it between threads.
//!
//! Orderings passed to a `Local` operation are ignored: with one thread there
//! is nothing to order against.

use core::cell::{Cell, OnceCell, RefCell};
use core::fmt::Debug;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use crate::atomic::{self, Ordering};

mod sealed {
    pub trait Sealed {}
}

/// An atomic integer, or its single-threaded stand-in.
pub trait AtomicInt<T: Copy>: Sized + Debug {
    /// Creates the cell.
    fn new(v: T) -> Self;
    /// Loads the value.
    fn load(&self, order: Ordering) -> T;
    /// Stores `v`.
    fn store(&self, v: T, order: Ordering);
    /// Stores `v` and returns the previous value.
    fn swap(&self, v: T, order: Ordering) -> T;
    /// Stores `new` if the value is `current`; returns the previous value,
    /// `Ok` on success.
    fn compare_exchange(
        &self,
        current: T,
        new: T,
        success: Ordering,
        failure: Ordering,
    ) -> Result<T, T>;
    /// As [`compare_exchange`](Self::compare_exchange), but may fail
    /// spuriously (cheaper in a loop on some targets).
    fn compare_exchange_weak(
        &self,
        current: T,
        new: T,
        success: Ordering,
        failure: Ordering,
    ) -> Result<T, T>;
    /// Adds `v` (wrapping) and returns the previous value.
    fn fetch_add(&self, v: T, order: Ordering) -> T;
    /// Subtracts `v` (wrapping) and returns the previous value.
    fn fetch_sub(&self, v: T, order: Ordering) -> T;
    /// Bitwise-ors `v` in and returns the previous value.
    fn fetch_or(&self, v: T, order: Ordering) -> T;
    /// Bitwise-ands `v` in and returns the previous value.
    fn fetch_and(&self, v: T, order: Ordering) -> T;
}

/// An atomic boolean, or its single-threaded stand-in.
pub trait AtomicFlag: Sized + Debug {
    /// Creates the flag.
    fn new(v: bool) -> Self;
    /// Loads the flag.
    fn load(&self, order: Ordering) -> bool;
    /// Stores `v`.
    fn store(&self, v: bool, order: Ordering);
    /// Stores `v` and returns the previous value.
    fn swap(&self, v: bool, order: Ordering) -> bool;
}

/// An atomic pointer, or its single-threaded stand-in.
pub trait AtomicPointer<T>: Sized + Debug {
    /// Creates the cell.
    fn new(p: *mut T) -> Self;
    /// Loads the pointer.
    fn load(&self, order: Ordering) -> *mut T;
    /// Stores `p`.
    fn store(&self, p: *mut T, order: Ordering);
    /// Stores `p` and returns the previous pointer.
    fn swap(&self, p: *mut T, order: Ordering) -> *mut T;
    /// Stores `new` if the pointer is `current`; returns the previous
    /// pointer, `Ok` on success.
    fn compare_exchange(
        &self,
        current: *mut T,
        new: *mut T,
        success: Ordering,
        failure: Ordering,
    ) -> Result<*mut T, *mut T>;
}

/// A reader-writer lock, or its single-threaded stand-in (a `RefCell`).
pub trait RwLockApi<T>: Sized {
    /// Shared access.
    type Read<'a>: Deref<Target = T>
    where
        Self: 'a;
    /// Exclusive access.
    type Write<'a>: DerefMut<Target = T>
    where
        Self: 'a;
    /// Creates the lock.
    fn new(value: T) -> Self;
    /// Blocks until shared access is granted. The `Local` stand-in panics if
    /// this thread holds the lock for writing (it cannot block).
    fn read(&self) -> Self::Read<'_>;
    /// As [`read`](Self::read), for a thread that already holds a read
    /// guard of this lock: does not queue behind a waiting writer while
    /// readers hold the lock (which would wait for this thread forever).
    fn read_recursive(&self) -> Self::Read<'_>;
    /// Blocks until exclusive access is granted. The `Local` stand-in panics
    /// if this thread holds the lock (it cannot block).
    fn write(&self) -> Self::Write<'_>;
    /// Shared access if it can be granted without blocking.
    fn try_read(&self) -> Option<Self::Read<'_>>;
    /// Exclusive access if it can be granted without blocking.
    fn try_write(&self) -> Option<Self::Write<'_>>;
    /// The data through a unique borrow, without locking.
    fn get_mut(&mut self) -> &mut T;
    /// Unwraps the data.
    fn into_inner(self) -> T;
}

/// A mutex, or its single-threaded stand-in (a `RefCell`).
pub trait MutexApi<T>: Sized {
    /// Exclusive access.
    type Guard<'a>: DerefMut<Target = T>
    where
        Self: 'a;
    /// Creates the mutex.
    fn new(value: T) -> Self;
    /// Blocks until the lock is acquired. The `Local` stand-in panics if this
    /// thread holds it already.
    fn lock(&self) -> Self::Guard<'_>;
    /// Acquires the lock if it is free right now.
    fn try_lock(&self) -> Option<Self::Guard<'_>>;
    /// The data through a unique borrow, without locking.
    fn get_mut(&mut self) -> &mut T;
    /// Unwraps the data.
    fn into_inner(self) -> T;
}

/// Shared ownership: `Arc` or `Rc`.
pub trait ArcApi<T>: Clone + Deref<Target = T> {
    /// Allocates `value`.
    fn new(value: T) -> Self;
    /// The number of strong handles.
    fn strong_count(this: &Self) -> usize;
    /// Whether both handles point at the same allocation.
    fn ptr_eq(a: &Self, b: &Self) -> bool;
}

/// Run-once initialisation: [`OnceGate`](crate::OnceGate) or `OnceCell`.
pub trait OnceApi<T>: Sized {
    /// Creates an empty cell.
    fn new() -> Self;
    /// The value, if initialised.
    fn get(&self) -> Option<&T>;
    /// The value, running `init` first if needed.
    fn get_or_init(&self, init: impl FnOnce() -> T) -> &T;
}

/// A cell holding the current version of some read-mostly value, replaced as
/// a whole: a reader's snapshot is always one complete version.
pub trait SwapCell<T>: Sized {
    /// A snapshot of one version; it stays valid while newer versions are
    /// published.
    type Snapshot: Deref<Target = T>;
    /// Publishes `value` as the first version.
    fn new(value: T) -> Self;
    /// The current version.
    fn load(&self) -> Self::Snapshot;
    /// Publishes `value` as the current version.
    fn store(&self, value: T);
    /// Publishes `f(current)`. With arc-swap, `f` may run more than once when
    /// writers race, so it must be a pure function of its argument.
    fn update(&self, f: impl FnMut(&T) -> T);
}

impl<T> SwapCell<T> for crate::ArcSwap<T> {
    type Snapshot = crate::Snapshot<T>;

    #[inline]
    fn new(value: T) -> Self {
        crate::ArcSwap::from_value(value)
    }

    #[inline]
    fn load(&self) -> crate::Snapshot<T> {
        crate::ArcSwap::load(self)
    }

    fn store(&self, value: T) {
        crate::ArcSwap::store(self, crate::Arc::new(value));
    }

    fn update(&self, mut f: impl FnMut(&T) -> T) {
        // The replaced version is dropped here, or later by the last reader
        // still holding a snapshot of it.
        drop(self.rcu(|current| crate::Arc::new(f(current))));
    }
}

/// The single-threaded [`SwapCell`]: a `RefCell<Rc<T>>`. Loading clones the
/// `Rc` (a plain increment) and releases the borrow at once.
pub struct LocalSwap<T> {
    current: RefCell<std::rc::Rc<T>>,
}

impl<T> SwapCell<T> for LocalSwap<T> {
    type Snapshot = std::rc::Rc<T>;

    #[inline]
    fn new(value: T) -> Self {
        Self {
            current: RefCell::new(std::rc::Rc::new(value)),
        }
    }

    #[inline]
    fn load(&self) -> std::rc::Rc<T> {
        std::rc::Rc::clone(&self.current.borrow())
    }

    fn store(&self, value: T) {
        *self.current.borrow_mut() = std::rc::Rc::new(value);
    }

    fn update(&self, mut f: impl FnMut(&T) -> T) {
        // Compute from a snapshot, so no borrow is held while `f` runs.
        let next = f(&self.load());
        self.store(next);
    }
}

impl<T: Debug> Debug for LocalSwap<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("LocalSwap").field(&*self.load()).finish()
    }
}

/// A threading policy: the family of primitives a layer is built from.
///
/// Sealed: the two policies are [`Shared`] and [`Local`].
pub trait Policy: sealed::Sealed + Copy + Default + Debug + Send + Sync + 'static {
    /// Whether structures built from this policy may be shared between
    /// threads.
    const THREAD_SAFE: bool;
    /// A short name for statistics and benchmark output.
    const NAME: &'static str;
    /// `usize` counter.
    type AtomicUsize: AtomicInt<usize>;
    /// `u64` counter.
    type AtomicU64: AtomicInt<u64>;
    /// `u32` counter.
    type AtomicU32: AtomicInt<u32>;
    /// `u8` state word.
    type AtomicU8: AtomicInt<u8>;
    /// Boolean flag.
    type AtomicBool: AtomicFlag;
    /// Pointer slot.
    type AtomicPtr<T>: AtomicPointer<T>;
    /// Reader-writer lock.
    type RwLock<T>: RwLockApi<T>;
    /// Mutex.
    type Mutex<T>: MutexApi<T>;
    /// Shared ownership.
    type Arc<T>: ArcApi<T>;
    /// Run-once initialisation.
    type Once<T>: OnceApi<T>;
    /// A snapshot cell for a read-mostly value replaced as a whole (the
    /// diagnostic engine's handler stack): arc-swap or `RefCell<Rc<T>>`.
    type Swap<T>: SwapCell<T>;
    /// A shared, locked value that is `'static` whenever its content is:
    /// `Arc<Mutex<T>>` or `Rc<RefCell<T>>`. An ordered diagnostic region's
    /// buffer is one, and the per-thread task context holds a type-erased
    /// clone (`dyn Any` needs the `'static`, which [`Policy::Arc`] alone does
    /// not promise in generic code).
    type Shelf<T: 'static>: ArcApi<Self::Mutex<T>> + 'static;
    /// A zero-sized marker to embed in structures that must inherit the
    /// policy's thread-safety but hold none of the types above: `()` for
    /// [`Shared`], a `!Send + !Sync` marker for [`Local`].
    type Marker: Copy + Default + Debug;
    /// A memory fence; a no-op for [`Local`].
    fn fence(order: Ordering);
}

/// Shared access to a `P::RwLock<T>`: `Read<'a, P, T>` reads better than
/// `<<P as Policy>::RwLock<T> as RwLockApi<T>>::Read<'a>`.
pub type Read<'a, P, T> = <<P as Policy>::RwLock<T> as RwLockApi<T>>::Read<'a>;
/// Exclusive access to a `P::RwLock<T>`.
pub type Write<'a, P, T> = <<P as Policy>::RwLock<T> as RwLockApi<T>>::Write<'a>;
/// A held `P::Mutex<T>`.
pub type Guard<'a, P, T> = <<P as Policy>::Mutex<T> as MutexApi<T>>::Guard<'a>;
/// A snapshot of a `P::Swap<T>`.
pub type SwapSnapshot<P, T> = <<P as Policy>::Swap<T> as SwapCell<T>>::Snapshot;

/// The thread-safe policy: atomics, `parking_lot` locks, `Arc`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shared;

/// The single-threaded policy: `Cell`, `RefCell`, `Rc`. Plain loads and
/// stores, no atomic read-modify-write, no lock, and `!Sync`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Local;

impl sealed::Sealed for Shared {}
impl sealed::Sealed for Local {}

/// A zero-sized marker that is neither `Send` nor `Sync`.
#[derive(Clone, Copy, Debug, Default)]
pub struct NotThreadSafe(PhantomData<*const ()>);

impl Policy for Shared {
    const THREAD_SAFE: bool = true;
    const NAME: &'static str = "shared";
    type AtomicUsize = atomic::AtomicUsize;
    type AtomicU64 = atomic::AtomicU64;
    type AtomicU32 = atomic::AtomicU32;
    type AtomicU8 = atomic::AtomicU8;
    type AtomicBool = atomic::AtomicBool;
    type AtomicPtr<T> = atomic::AtomicPtr<T>;
    type RwLock<T> = crate::RwLock<T>;
    type Mutex<T> = crate::Mutex<T>;
    type Arc<T> = crate::Arc<T>;
    type Once<T> = crate::OnceGate<T>;
    type Swap<T> = crate::ArcSwap<T>;
    type Shelf<T: 'static> = crate::Arc<crate::Mutex<T>>;
    type Marker = ();
    #[inline]
    fn fence(order: Ordering) {
        // A forwarder: the fence pairs with whatever the caller's comment
        // names.
        atomic::fence(order);
    }
}

impl Policy for Local {
    const THREAD_SAFE: bool = false;
    const NAME: &'static str = "single";
    type AtomicUsize = Cell<usize>;
    type AtomicU64 = Cell<u64>;
    type AtomicU32 = Cell<u32>;
    type AtomicU8 = Cell<u8>;
    type AtomicBool = Cell<bool>;
    type AtomicPtr<T> = Cell<*mut T>;
    type RwLock<T> = LocalLock<T>;
    type Mutex<T> = LocalLock<T>;
    type Arc<T> = std::rc::Rc<T>;
    type Once<T> = OnceCell<T>;
    type Swap<T> = LocalSwap<T>;
    type Shelf<T: 'static> = std::rc::Rc<LocalLock<T>>;
    type Marker = NotThreadSafe;
    #[inline]
    fn fence(_order: Ordering) {}
}

/// Implements a policy trait for a thread-safe primitive by forwarding every
/// method to the primitive's inherent method of the same name (the one
/// generator of the forwarding impls). Associated types come first, in
/// braces; methods are written as their signatures.
macro_rules! forward {
    (impl[$($g:tt)*] $trait:ty, for $ty:ty { $($assoc:item)* } $($methods:tt)*) => {
        impl<$($g)*> $trait for $ty {
            $($assoc)*
            forward!(@methods $ty; $($methods)*);
        }
    };
    (@methods $ty:ty;) => {};
    (@methods $ty:ty; fn $n:ident(&self $(, $a:ident: $t:ty)*) $(-> $r:ty)?; $($rest:tt)*) => {
        #[inline]
        fn $n(&self $(, $a: $t)*) $(-> $r)? { <$ty>::$n(self $(, $a)*) }
        forward!(@methods $ty; $($rest)*);
    };
    (@methods $ty:ty; fn $n:ident(&mut self $(, $a:ident: $t:ty)*) $(-> $r:ty)?; $($rest:tt)*) => {
        #[inline]
        fn $n(&mut self $(, $a: $t)*) $(-> $r)? { <$ty>::$n(self $(, $a)*) }
        forward!(@methods $ty; $($rest)*);
    };
    (@methods $ty:ty; fn $n:ident(self $(, $a:ident: $t:ty)*) $(-> $r:ty)?; $($rest:tt)*) => {
        #[inline]
        fn $n(self $(, $a: $t)*) $(-> $r)? { <$ty>::$n(self $(, $a)*) }
        forward!(@methods $ty; $($rest)*);
    };
    (@methods $ty:ty; fn $n:ident($($a:ident: $t:ty),*) $(-> $r:ty)?; $($rest:tt)*) => {
        #[inline]
        fn $n($($a: $t),*) $(-> $r)? { <$ty>::$n($($a),*) }
        forward!(@methods $ty; $($rest)*);
    };
}

macro_rules! atomic_int {
    ($($t:ty => $atomic:ty),*) => {$(
        forward!(impl[] AtomicInt<$t>, for $atomic {}
            fn new(v: $t) -> Self;
            fn load(&self, o: Ordering) -> $t;
            fn store(&self, v: $t, o: Ordering);
            fn swap(&self, v: $t, o: Ordering) -> $t;
            fn compare_exchange(&self, c: $t, n: $t, s: Ordering, f: Ordering) -> Result<$t, $t>;
            fn compare_exchange_weak(&self, c: $t, n: $t, s: Ordering, f: Ordering) -> Result<$t, $t>;
            fn fetch_add(&self, v: $t, o: Ordering) -> $t;
            fn fetch_sub(&self, v: $t, o: Ordering) -> $t;
            fn fetch_or(&self, v: $t, o: Ordering) -> $t;
            fn fetch_and(&self, v: $t, o: Ordering) -> $t;
        );

        impl AtomicInt<$t> for Cell<$t> {
            #[inline] fn new(v: $t) -> Self { Cell::new(v) }
            #[inline] fn load(&self, _: Ordering) -> $t { self.get() }
            #[inline] fn store(&self, v: $t, _: Ordering) { self.set(v) }
            #[inline] fn swap(&self, v: $t, _: Ordering) -> $t { self.replace(v) }
            #[inline] fn compare_exchange(&self, c: $t, n: $t, _: Ordering, _: Ordering) -> Result<$t, $t> {
                let old = self.get();
                if old == c { self.set(n); Ok(old) } else { Err(old) }
            }
            #[inline] fn compare_exchange_weak(&self, c: $t, n: $t, s: Ordering, f: Ordering) -> Result<$t, $t> {
                AtomicInt::compare_exchange(self, c, n, s, f)
            }
            #[inline] fn fetch_add(&self, v: $t, _: Ordering) -> $t { let old = self.get(); self.set(old.wrapping_add(v)); old }
            #[inline] fn fetch_sub(&self, v: $t, _: Ordering) -> $t { let old = self.get(); self.set(old.wrapping_sub(v)); old }
            #[inline] fn fetch_or(&self, v: $t, _: Ordering) -> $t { let old = self.get(); self.set(old | v); old }
            #[inline] fn fetch_and(&self, v: $t, _: Ordering) -> $t { let old = self.get(); self.set(old & v); old }
        }
    )*};
}

atomic_int!(
    usize => atomic::AtomicUsize,
    u64 => atomic::AtomicU64,
    u32 => atomic::AtomicU32,
    u8 => atomic::AtomicU8
);

forward!(impl[] AtomicFlag, for atomic::AtomicBool {}
    fn new(v: bool) -> Self;
    fn load(&self, o: Ordering) -> bool;
    fn store(&self, v: bool, o: Ordering);
    fn swap(&self, v: bool, o: Ordering) -> bool;
);

impl AtomicFlag for Cell<bool> {
    #[inline]
    fn new(v: bool) -> Self {
        Cell::new(v)
    }
    #[inline]
    fn load(&self, _: Ordering) -> bool {
        self.get()
    }
    #[inline]
    fn store(&self, v: bool, _: Ordering) {
        self.set(v)
    }
    #[inline]
    fn swap(&self, v: bool, _: Ordering) -> bool {
        self.replace(v)
    }
}

forward!(impl[T] AtomicPointer<T>, for atomic::AtomicPtr<T> {}
    fn new(p: *mut T) -> Self;
    fn load(&self, o: Ordering) -> *mut T;
    fn store(&self, p: *mut T, o: Ordering);
    fn swap(&self, p: *mut T, o: Ordering) -> *mut T;
    fn compare_exchange(&self, c: *mut T, n: *mut T, s: Ordering, f: Ordering) -> Result<*mut T, *mut T>;
);

impl<T> AtomicPointer<T> for Cell<*mut T> {
    #[inline]
    fn new(p: *mut T) -> Self {
        Cell::new(p)
    }
    #[inline]
    fn load(&self, _: Ordering) -> *mut T {
        self.get()
    }
    #[inline]
    fn store(&self, p: *mut T, _: Ordering) {
        self.set(p)
    }
    #[inline]
    fn swap(&self, p: *mut T, _: Ordering) -> *mut T {
        self.replace(p)
    }
    #[inline]
    fn compare_exchange(
        &self,
        c: *mut T,
        n: *mut T,
        _: Ordering,
        _: Ordering,
    ) -> Result<*mut T, *mut T> {
        let old = self.get();
        if old == c {
            self.set(n);
            Ok(old)
        } else {
            Err(old)
        }
    }
}

forward!(impl[T] RwLockApi<T>, for crate::RwLock<T> {
        type Read<'a> = crate::ReadGuard<'a, T> where Self: 'a;
        type Write<'a> = crate::WriteGuard<'a, T> where Self: 'a;
    }
    fn new(value: T) -> Self;
    fn read(&self) -> Self::Read<'_>;
    fn read_recursive(&self) -> Self::Read<'_>;
    fn write(&self) -> Self::Write<'_>;
    fn try_read(&self) -> Option<Self::Read<'_>>;
    fn try_write(&self) -> Option<Self::Write<'_>>;
    fn get_mut(&mut self) -> &mut T;
    fn into_inner(self) -> T;
);

forward!(impl[T] MutexApi<T>, for crate::Mutex<T> {
        type Guard<'a> = crate::MutexGuard<'a, T> where Self: 'a;
    }
    fn new(value: T) -> Self;
    fn lock(&self) -> Self::Guard<'_>;
    fn try_lock(&self) -> Option<Self::Guard<'_>>;
    fn get_mut(&mut self) -> &mut T;
    fn into_inner(self) -> T;
);

/// The single-threaded lock: a `RefCell`. Taking it costs a plain load and
/// store of a borrow flag; taking it again while held (re-entrancy, the only
/// way one thread can contend with itself) panics instead of deadlocking.
#[derive(Debug, Default)]
pub struct LocalLock<T>(RefCell<T>);

impl<T> LocalLock<T> {
    /// Creates the lock. (Inherent, so that `LocalLock::new` is not ambiguous
    /// between the [`RwLockApi`] and [`MutexApi`] impls.)
    #[inline]
    pub const fn new(value: T) -> Self {
        LocalLock(RefCell::new(value))
    }

    /// Shared access; panics if this thread holds the lock for writing.
    #[inline]
    pub fn read(&self) -> core::cell::Ref<'_, T> {
        self.0.try_borrow().expect(LOCAL_REENTRY)
    }

    /// Exclusive access; panics if this thread holds the lock.
    #[inline]
    pub fn write(&self) -> core::cell::RefMut<'_, T> {
        self.0.try_borrow_mut().expect(LOCAL_REENTRY)
    }
}

const LOCAL_REENTRY: &str =
    "strata: a single-threaded lock was re-entered while held on this thread";

impl<T> RwLockApi<T> for LocalLock<T> {
    type Read<'a>
        = core::cell::Ref<'a, T>
    where
        Self: 'a;
    type Write<'a>
        = core::cell::RefMut<'a, T>
    where
        Self: 'a;
    #[inline]
    fn new(value: T) -> Self {
        LocalLock(RefCell::new(value))
    }
    #[inline]
    fn read(&self) -> Self::Read<'_> {
        self.0.try_borrow().expect(LOCAL_REENTRY)
    }
    #[inline]
    fn read_recursive(&self) -> Self::Read<'_> {
        self.0.try_borrow().expect(LOCAL_REENTRY)
    }
    #[inline]
    fn write(&self) -> Self::Write<'_> {
        self.0.try_borrow_mut().expect(LOCAL_REENTRY)
    }
    #[inline]
    fn try_read(&self) -> Option<Self::Read<'_>> {
        self.0.try_borrow().ok()
    }
    #[inline]
    fn try_write(&self) -> Option<Self::Write<'_>> {
        self.0.try_borrow_mut().ok()
    }
    #[inline]
    fn get_mut(&mut self) -> &mut T {
        self.0.get_mut()
    }
    #[inline]
    fn into_inner(self) -> T {
        self.0.into_inner()
    }
}

impl<T> MutexApi<T> for LocalLock<T> {
    type Guard<'a>
        = core::cell::RefMut<'a, T>
    where
        Self: 'a;
    #[inline]
    fn new(value: T) -> Self {
        LocalLock(RefCell::new(value))
    }
    #[inline]
    fn lock(&self) -> Self::Guard<'_> {
        self.0.try_borrow_mut().expect(LOCAL_REENTRY)
    }
    #[inline]
    fn try_lock(&self) -> Option<Self::Guard<'_>> {
        self.0.try_borrow_mut().ok()
    }
    #[inline]
    fn get_mut(&mut self) -> &mut T {
        self.0.get_mut()
    }
    #[inline]
    fn into_inner(self) -> T {
        self.0.into_inner()
    }
}

impl<T> ArcApi<T> for crate::Arc<T> {
    #[inline]
    fn new(value: T) -> Self {
        crate::Arc::new(value)
    }
    #[inline]
    fn strong_count(this: &Self) -> usize {
        crate::Arc::strong_count(this)
    }
    #[inline]
    fn ptr_eq(a: &Self, b: &Self) -> bool {
        crate::Arc::ptr_eq(a, b)
    }
}

impl<T> ArcApi<T> for std::rc::Rc<T> {
    #[inline]
    fn new(value: T) -> Self {
        std::rc::Rc::new(value)
    }
    #[inline]
    fn strong_count(this: &Self) -> usize {
        std::rc::Rc::strong_count(this)
    }
    #[inline]
    fn ptr_eq(a: &Self, b: &Self) -> bool {
        std::rc::Rc::ptr_eq(a, b)
    }
}

impl<T> OnceApi<T> for crate::OnceGate<T> {
    #[inline]
    fn new() -> Self {
        crate::OnceGate::new()
    }
    #[inline]
    fn get(&self) -> Option<&T> {
        crate::OnceGate::get(self)
    }
    #[inline]
    fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        crate::OnceGate::get_or_init(self, init)
    }
}

impl<T> OnceApi<T> for OnceCell<T> {
    #[inline]
    fn new() -> Self {
        OnceCell::new()
    }
    #[inline]
    fn get(&self) -> Option<&T> {
        OnceCell::get(self)
    }
    #[inline]
    fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        OnceCell::get_or_init(self, init)
    }
}
