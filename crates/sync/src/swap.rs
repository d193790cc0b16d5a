//! An atomically swappable `Arc`: `arc_swap::ArcSwap` normally, a loom-backed
//! stand-in under `--cfg strata_loom`.

use core::fmt;
use core::ops::Deref;

use crate::Arc;

/// A shared pointer to the current version of some read-mostly data, swapped
/// atomically as a whole. Readers take a snapshot with [`load`](Self::load)
/// (lock-free with arc-swap) and keep using it while writers publish new
/// versions; a reader never sees a half-written version.
///
/// Under `--cfg strata_loom` arc-swap is invisible to loom, so this becomes
/// a `Mutex<Arc<T>>` whose `load` clones the `Arc`: the same shape and the
/// same all-or-nothing visibility, which is what the models check.
///
/// FIXME(loom): arc-swap's own lock-free protocol is not model-checked here;
/// the models check the callers' use of whole-version publication.
pub struct ArcSwap<T> {
    #[cfg(not(strata_loom))]
    inner: arc_swap::ArcSwap<T>,
    #[cfg(strata_loom)]
    inner: crate::Mutex<Arc<T>>,
}

/// A snapshot returned by [`ArcSwap::load`]: dereferences to the version that
/// was current when it was taken.
pub struct Snapshot<T> {
    #[cfg(not(strata_loom))]
    inner: arc_swap::Guard<Arc<T>>,
    #[cfg(strata_loom)]
    inner: Arc<T>,
}

impl<T> ArcSwap<T> {
    /// Publishes `value` as the first version.
    pub fn new(value: Arc<T>) -> Self {
        #[cfg(not(strata_loom))]
        return Self {
            inner: arc_swap::ArcSwap::new(value),
        };
        #[cfg(strata_loom)]
        return Self {
            inner: crate::Mutex::new(value),
        };
    }

    /// Publishes `value` wrapped in a fresh `Arc`.
    pub fn from_value(value: T) -> Self {
        Self::new(Arc::new(value))
    }

    /// A cheap snapshot of the current version.
    #[inline]
    pub fn load(&self) -> Snapshot<T> {
        #[cfg(not(strata_loom))]
        return Snapshot {
            inner: self.inner.load(),
        };
        #[cfg(strata_loom)]
        return Snapshot {
            inner: Arc::clone(&self.inner.lock()),
        };
    }

    /// The current version as an owned `Arc`.
    #[inline]
    pub fn load_full(&self) -> Arc<T> {
        #[cfg(not(strata_loom))]
        return self.inner.load_full();
        #[cfg(strata_loom)]
        return Arc::clone(&self.inner.lock());
    }

    /// Publishes `value` as the current version.
    pub fn store(&self, value: Arc<T>) {
        #[cfg(not(strata_loom))]
        self.inner.store(value);
        #[cfg(strata_loom)]
        {
            *self.inner.lock() = value;
        }
    }

    /// Publishes `value` and returns the version it replaced.
    pub fn swap(&self, value: Arc<T>) -> Arc<T> {
        #[cfg(not(strata_loom))]
        return self.inner.swap(value);
        #[cfg(strata_loom)]
        return core::mem::replace(&mut *self.inner.lock(), value);
    }

    /// Read-copy-update: computes a new version from the current one and
    /// publishes it, retrying if another writer published in between (with
    /// arc-swap, `f` may therefore run more than once). Returns the version
    /// that was replaced.
    pub fn rcu(&self, mut f: impl FnMut(&Arc<T>) -> Arc<T>) -> Arc<T> {
        #[cfg(not(strata_loom))]
        return self.inner.rcu(|cur| f(cur));
        #[cfg(strata_loom)]
        {
            let mut guard = self.inner.lock();
            let new = f(&guard);
            core::mem::replace(&mut *guard, new)
        }
    }
}

impl<T> Deref for Snapshot<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T: fmt::Debug> fmt::Debug for ArcSwap<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ArcSwap").field(&*self.load()).finish()
    }
}

impl<T: fmt::Debug> fmt::Debug for Snapshot<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
