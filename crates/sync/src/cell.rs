//! `UnsafeCell` with loom's shape.

/// A cell whose interior is reached only through closures, so that loom can
/// check every access for data races under `--cfg strata_loom`.
///
/// Outside loom this is a zero-cost wrapper around `core::cell::UnsafeCell`.
#[derive(Debug)]
#[repr(transparent)]
pub struct UnsafeCell<T: ?Sized> {
    #[cfg(not(strata_loom))]
    inner: core::cell::UnsafeCell<T>,
    #[cfg(strata_loom)]
    inner: loom::cell::UnsafeCell<T>,
}

impl<T> UnsafeCell<T> {
    /// Wraps `value`.
    #[cfg(not(strata_loom))]
    #[inline]
    pub const fn new(value: T) -> Self {
        Self {
            inner: core::cell::UnsafeCell::new(value),
        }
    }

    /// Wraps `value`.
    #[cfg(strata_loom)]
    pub fn new(value: T) -> Self {
        Self {
            inner: loom::cell::UnsafeCell::new(value),
        }
    }

    /// Unwraps the value.
    #[inline]
    pub fn into_inner(self) -> T {
        self.inner.into_inner()
    }
}

impl<T: ?Sized> UnsafeCell<T> {
    /// Runs `f` with a shared raw pointer to the contents. Loom records the
    /// access as a read.
    #[inline]
    pub fn with<R>(&self, f: impl FnOnce(*const T) -> R) -> R {
        #[cfg(not(strata_loom))]
        return f(self.inner.get());
        #[cfg(strata_loom)]
        return self.inner.with(f);
    }

    /// Runs `f` with a mutable raw pointer to the contents. Loom records the
    /// access as a write.
    #[inline]
    pub fn with_mut<R>(&self, f: impl FnOnce(*mut T) -> R) -> R {
        #[cfg(not(strata_loom))]
        return f(self.inner.get());
        #[cfg(strata_loom)]
        return self.inner.with_mut(f);
    }
}
