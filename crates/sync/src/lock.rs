//! `Mutex` and `RwLock` with `parking_lot`'s shape.
//!
//! Guards are returned directly and nothing is poisoned: a panic while a lock
//! is held releases the lock and leaves the data as the panicking code left
//! it. Every layer that runs user code under a lock (a constructor, a
//! handler) is responsible for leaving its data consistent when that code
//! panics; poisoning would only turn one panic into many.

use core::fmt;
use core::ops::{Deref, DerefMut};

#[cfg(not(strata_loom))]
mod imp {
    pub(crate) type Mutex<T> = parking_lot::Mutex<T>;
    pub(crate) type MutexGuard<'a, T> = parking_lot::MutexGuard<'a, T>;
    pub(crate) type RwLock<T> = parking_lot::RwLock<T>;
    pub(crate) type ReadGuard<'a, T> = parking_lot::RwLockReadGuard<'a, T>;
    pub(crate) type WriteGuard<'a, T> = parking_lot::RwLockWriteGuard<'a, T>;
}

#[cfg(strata_loom)]
mod imp {
    pub(crate) type Mutex<T> = loom::sync::Mutex<T>;
    pub(crate) type MutexGuard<'a, T> = loom::sync::MutexGuard<'a, T>;
    pub(crate) type RwLock<T> = loom::sync::RwLock<T>;
    pub(crate) type ReadGuard<'a, T> = loom::sync::RwLockReadGuard<'a, T>;
    pub(crate) type WriteGuard<'a, T> = loom::sync::RwLockWriteGuard<'a, T>;
}

/// Loom's locks report poisoning like `std`'s; the shim never poisons, so a
/// poisoned result is unwrapped into its guard.
#[cfg(strata_loom)]
fn unpoison<G>(r: Result<G, std::sync::PoisonError<G>>) -> G {
    r.unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(strata_loom)]
fn try_unpoison<G>(r: Result<G, std::sync::TryLockError<G>>) -> Option<G> {
    match r {
        Ok(g) => Some(g),
        Err(std::sync::TryLockError::Poisoned(p)) => Some(p.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => None,
    }
}

/// Under loom, the first step inside every critical section.
///
/// Loom switches threads only at its own operations, and releasing a lock is
/// not one; so a critical section that makes no loom-visible operation runs
/// as one step, and no other thread can ever find the lock held. That made
/// models of lock-protected code pass without exercising the lock at all.
/// Each acquisition therefore makes one loom atomic operation right after the
/// lock is taken (a point where loom may run another thread, which then finds
/// the lock held), and tells [`crate::model`] whether the acquisition found
/// the lock held, so that a model that takes locks and never contends fails.
#[cfg(strata_loom)]
fn in_section(section: &loom::sync::atomic::AtomicUsize, contended: bool) {
    crate::model::note_acquisition(contended);
    // Relaxed: a scheduling point, ordered by the lock itself. Pairs with
    // nothing.
    section.fetch_add(1, core::sync::atomic::Ordering::Relaxed);
}

/// A mutual-exclusion lock: `parking_lot::Mutex` normally, loom's under
/// `--cfg strata_loom`.
pub struct Mutex<T> {
    inner: imp::Mutex<T>,
    /// Under loom: the critical section's scheduling point (see
    /// [`in_section`]).
    #[cfg(strata_loom)]
    section: loom::sync::atomic::AtomicUsize,
}

/// The guard of a [`Mutex`]; the lock is released when it drops.
pub struct MutexGuard<'a, T> {
    inner: imp::MutexGuard<'a, T>,
}

impl<T> Mutex<T> {
    /// Creates an unlocked mutex holding `value`.
    #[cfg(not(strata_loom))]
    #[inline]
    pub const fn new(value: T) -> Self {
        Self {
            inner: parking_lot::Mutex::new(value),
        }
    }

    /// Creates an unlocked mutex holding `value`.
    #[cfg(strata_loom)]
    pub fn new(value: T) -> Self {
        Self {
            inner: loom::sync::Mutex::new(value),
            section: loom::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// Blocks until the lock is acquired.
    #[inline]
    pub fn lock(&self) -> MutexGuard<'_, T> {
        #[cfg(not(strata_loom))]
        return MutexGuard {
            inner: self.inner.lock(),
        };
        #[cfg(strata_loom)]
        return {
            let (inner, contended) = match try_unpoison(self.inner.try_lock()) {
                Some(g) => (g, false),
                None => (unpoison(self.inner.lock()), true),
            };
            in_section(&self.section, contended);
            MutexGuard { inner }
        };
    }

    /// Acquires the lock if it is free right now.
    #[inline]
    pub fn try_lock(&self) -> Option<MutexGuard<'_, T>> {
        #[cfg(not(strata_loom))]
        return self.inner.try_lock().map(|inner| MutexGuard { inner });
        #[cfg(strata_loom)]
        return try_unpoison(self.inner.try_lock()).map(|inner| {
            in_section(&self.section, false);
            MutexGuard { inner }
        });
    }

    /// Returns the data through a unique borrow, without locking.
    #[inline]
    pub fn get_mut(&mut self) -> &mut T {
        #[cfg(not(strata_loom))]
        return self.inner.get_mut();
        #[cfg(strata_loom)]
        return unpoison(self.inner.get_mut());
    }

    /// Unwraps the data.
    #[inline]
    pub fn into_inner(self) -> T {
        #[cfg(not(strata_loom))]
        return self.inner.into_inner();
        #[cfg(strata_loom)]
        return unpoison(self.inner.into_inner());
    }
}

impl<T: Default> Default for Mutex<T> {
    fn default() -> Self {
        Self::new(T::default())
    }
}

impl<T> fmt::Debug for Mutex<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mutex").finish_non_exhaustive()
    }
}

impl<T> Deref for MutexGuard<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T> DerefMut for MutexGuard<'_, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.inner
    }
}

impl<T: fmt::Debug> fmt::Debug for MutexGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// A reader-writer lock: `parking_lot::RwLock` normally (task-fair, writers
/// are not starved), loom's under `--cfg strata_loom`.
pub struct RwLock<T> {
    inner: imp::RwLock<T>,
    /// Under loom: the critical section's scheduling point (see
    /// [`in_section`]).
    #[cfg(strata_loom)]
    section: loom::sync::atomic::AtomicUsize,
}

/// Shared access to the data of a [`RwLock`].
pub struct ReadGuard<'a, T> {
    inner: imp::ReadGuard<'a, T>,
}

/// Exclusive access to the data of a [`RwLock`].
pub struct WriteGuard<'a, T> {
    inner: imp::WriteGuard<'a, T>,
}

impl<T> RwLock<T> {
    /// Creates an unlocked lock holding `value`.
    #[cfg(not(strata_loom))]
    #[inline]
    pub const fn new(value: T) -> Self {
        Self {
            inner: parking_lot::RwLock::new(value),
        }
    }

    /// Creates an unlocked lock holding `value`.
    #[cfg(strata_loom)]
    pub fn new(value: T) -> Self {
        Self {
            inner: loom::sync::RwLock::new(value),
            section: loom::sync::atomic::AtomicUsize::new(0),
        }
    }

    /// Blocks until shared access is granted.
    #[inline]
    pub fn read(&self) -> ReadGuard<'_, T> {
        #[cfg(not(strata_loom))]
        return ReadGuard {
            inner: self.inner.read(),
        };
        #[cfg(strata_loom)]
        return {
            let (inner, contended) = match try_unpoison(self.inner.try_read()) {
                Some(g) => (g, false),
                None => (unpoison(self.inner.read()), true),
            };
            in_section(&self.section, contended);
            ReadGuard { inner }
        };
    }

    /// Blocks until shared access is granted, without queueing behind a
    /// waiting writer while other readers hold the lock: for a thread that
    /// already holds a read guard of this lock and needs another (a plain
    /// [`read`](Self::read) would wait for the writer, which waits for this
    /// thread). Used for nesting only: readers that never wait for writers
    /// can starve them.
    #[inline]
    pub fn read_recursive(&self) -> ReadGuard<'_, T> {
        #[cfg(not(strata_loom))]
        return ReadGuard {
            inner: self.inner.read_recursive(),
        };
        // loom's lock has no recursive read; its models do not nest reads.
        #[cfg(strata_loom)]
        return self.read();
    }

    /// Grants shared access if no writer holds or waits for the lock.
    #[inline]
    pub fn try_read(&self) -> Option<ReadGuard<'_, T>> {
        #[cfg(not(strata_loom))]
        return self.inner.try_read().map(|inner| ReadGuard { inner });
        #[cfg(strata_loom)]
        return try_unpoison(self.inner.try_read()).map(|inner| {
            in_section(&self.section, false);
            ReadGuard { inner }
        });
    }

    /// Blocks until exclusive access is granted.
    #[inline]
    pub fn write(&self) -> WriteGuard<'_, T> {
        #[cfg(not(strata_loom))]
        return WriteGuard {
            inner: self.inner.write(),
        };
        #[cfg(strata_loom)]
        return {
            let (inner, contended) = match try_unpoison(self.inner.try_write()) {
                Some(g) => (g, false),
                None => (unpoison(self.inner.write()), true),
            };
            in_section(&self.section, contended);
            WriteGuard { inner }
        };
    }

    /// Grants exclusive access if the lock is free right now.
    #[inline]
    pub fn try_write(&self) -> Option<WriteGuard<'_, T>> {
        #[cfg(not(strata_loom))]
        return self.inner.try_write().map(|inner| WriteGuard { inner });
        #[cfg(strata_loom)]
        return try_unpoison(self.inner.try_write()).map(|inner| {
            in_section(&self.section, false);
            WriteGuard { inner }
        });
    }

    /// Returns the data through a unique borrow, without locking.
    #[inline]
    pub fn get_mut(&mut self) -> &mut T {
        #[cfg(not(strata_loom))]
        return self.inner.get_mut();
        #[cfg(strata_loom)]
        return unpoison(self.inner.get_mut());
    }

    /// Unwraps the data.
    #[inline]
    pub fn into_inner(self) -> T {
        #[cfg(not(strata_loom))]
        return self.inner.into_inner();
        #[cfg(strata_loom)]
        return unpoison(self.inner.into_inner());
    }
}

impl<T: Default> Default for RwLock<T> {
    fn default() -> Self {
        Self::new(T::default())
    }
}

impl<T> fmt::Debug for RwLock<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RwLock").finish_non_exhaustive()
    }
}

impl<T> Deref for ReadGuard<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T> Deref for WriteGuard<'_, T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T> DerefMut for WriteGuard<'_, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.inner
    }
}

impl<T: fmt::Debug> fmt::Debug for ReadGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T: fmt::Debug> fmt::Debug for WriteGuard<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
