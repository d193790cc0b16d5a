//! Cache-line padding.

use core::ops::{Deref, DerefMut};

/// Pads and aligns `T` to 128 bytes (two x86-64 cache lines, because the
/// adjacent-line prefetcher pulls pairs), so that two `CachePadded` values
/// never share a line and writers to one do not invalidate readers of the
/// other.
#[derive(Debug, Default)]
#[repr(align(128))]
pub struct CachePadded<T>(pub T);

impl<T> CachePadded<T> {
    /// Wraps `value`.
    #[inline]
    pub const fn new(value: T) -> Self {
        Self(value)
    }
}

impl<T> Deref for CachePadded<T> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for CachePadded<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}
