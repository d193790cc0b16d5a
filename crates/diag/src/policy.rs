//! The engine's threading policy: the primitives of [`Policy`] plus a
//! snapshot cell for the handler stack.
//!
//! [`Policy`] has no swappable-`Arc` type, and the handler stack needs one:
//! emitters read the stack from a snapshot so that no engine lock is held
//! while user handlers run. [`DiagPolicy`] adds it. [`Shared`] uses
//! [`strata_sync::ArcSwap`] (arc-swap, lock-free loads); [`Local`] uses a
//! `RefCell<Rc<_>>` whose borrow lasts only as long as it takes to clone the
//! `Rc`, so a handler may register another handler without a borrow error.

use core::cell::RefCell;
use core::fmt;
use core::ops::Deref;
use std::rc::Rc;

use strata_sync::policy::{ArcApi, Local, LocalLock, Policy, Shared};
use strata_sync::{Arc, ArcSwap, Mutex, Snapshot};

mod sealed {
    pub trait Sealed {}
    impl Sealed for strata_sync::policy::Shared {}
    impl Sealed for strata_sync::policy::Local {}
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

impl<T> SwapCell<T> for ArcSwap<T> {
    type Snapshot = Snapshot<T>;

    #[inline]
    fn new(value: T) -> Self {
        ArcSwap::from_value(value)
    }

    #[inline]
    fn load(&self) -> Snapshot<T> {
        ArcSwap::load(self)
    }

    fn store(&self, value: T) {
        ArcSwap::store(self, Arc::new(value));
    }

    fn update(&self, mut f: impl FnMut(&T) -> T) {
        // The replaced version is dropped here, or later by the last reader
        // still holding a snapshot of it.
        drop(self.rcu(|current| Arc::new(f(current))));
    }
}

/// The single-threaded [`SwapCell`]: a `RefCell<Rc<T>>`. Loading clones the
/// `Rc` (a plain increment) and releases the borrow at once.
pub struct LocalSwap<T> {
    current: RefCell<Rc<T>>,
}

impl<T> SwapCell<T> for LocalSwap<T> {
    type Snapshot = Rc<T>;

    #[inline]
    fn new(value: T) -> Self {
        Self {
            current: RefCell::new(Rc::new(value)),
        }
    }

    #[inline]
    fn load(&self) -> Rc<T> {
        Rc::clone(&self.current.borrow())
    }

    fn store(&self, value: T) {
        *self.current.borrow_mut() = Rc::new(value);
    }

    fn update(&self, mut f: impl FnMut(&T) -> T) {
        // Compute from a snapshot, so no borrow is held while `f` runs.
        let next = f(&self.load());
        self.store(next);
    }
}

impl<T: fmt::Debug> fmt::Debug for LocalSwap<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("LocalSwap").field(&*self.load()).finish()
    }
}

/// A threading policy for the diagnostic engine: [`Shared`] (the default,
/// thread-safe) or [`Local`] (single-threaded, no atomic read-modify-write,
/// no lock, `!Sync`).
///
/// Sealed: implemented for exactly the two policies of `strata-sync`.
pub trait DiagPolicy: Policy + sealed::Sealed {
    /// The snapshot cell the handler stack lives in.
    type Swap<T>: SwapCell<T>;
    /// A shared, locked value that is `'static` whenever its content is:
    /// `Arc<Mutex<T>>` or `Rc<RefCell<T>>`. An ordered region's buffer is
    /// one, and the per-thread task context holds a type-erased clone
    /// (`dyn Any` needs the `'static`, which [`Policy::Arc`] alone does not
    /// promise in generic code).
    type Shelf<T: 'static>: ArcApi<Self::Mutex<T>> + 'static;
}

impl DiagPolicy for Shared {
    type Swap<T> = ArcSwap<T>;
    type Shelf<T: 'static> = Arc<Mutex<T>>;
}

impl DiagPolicy for Local {
    type Swap<T> = LocalSwap<T>;
    type Shelf<T: 'static> = Rc<LocalLock<T>>;
}
