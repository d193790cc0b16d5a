//! `lasso`: the published string interner, for the string workloads.
//!
//! lasso hands out integer keys (`Spur`), not pointers, so its identity is
//! the key itself: equal strings give equal keys. `ThreadedRodeo` (two
//! dashmaps, string to key and key to string, over a lock-free arena; a
//! `get` probe, then the shard's write lock and a re-probe) is the
//! thread-safe mode, `Rodeo` (a hashbrown map and a string vector, `&mut
//! self`) the single-threaded one. Both use
//! FxHash here, like every other implementation.

use core::fmt;

use lasso::{Key, Rodeo, Spur, ThreadedRodeo};
use rustc_hash::FxBuildHasher;

use super::Interner;

/// lasso's thread-safe interner.
pub struct RodeoThreaded(ThreadedRodeo<Spur, FxBuildHasher>);

impl RodeoThreaded {
    /// An empty interner.
    pub fn new() -> Self {
        Self(ThreadedRodeo::with_hasher(FxBuildHasher))
    }
}

impl Default for RodeoThreaded {
    fn default() -> Self {
        Self::new()
    }
}

impl Interner<str> for &RodeoThreaded {
    #[inline]
    fn intern(&mut self, key: &str) -> usize {
        self.0.get_or_intern(key).into_usize()
    }
}

/// lasso's single-threaded interner.
pub struct RodeoSingle(Rodeo<Spur, FxBuildHasher>);

impl RodeoSingle {
    /// An empty interner.
    pub fn new() -> Self {
        Self(Rodeo::with_hasher(FxBuildHasher))
    }
}

impl Default for RodeoSingle {
    fn default() -> Self {
        Self::new()
    }
}

impl Interner<str> for RodeoSingle {
    #[inline]
    fn intern(&mut self, key: &str) -> usize {
        self.0.get_or_intern(key).into_usize()
    }
}

// `FxBuildHasher` has no `Debug`, so lasso's types do not either here.
impl fmt::Debug for RodeoThreaded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RodeoThreaded")
            .field("len", &self.0.len())
            .finish()
    }
}

impl fmt::Debug for RodeoSingle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RodeoSingle")
            .field("len", &self.0.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_identify_strings() {
        let t = RodeoThreaded::new();
        let mut r = &t;
        let a = r.intern("sym_1");
        assert_eq!(a, r.intern("sym_1"));
        assert_ne!(a, r.intern("sym_2"));
        let mut s = RodeoSingle::new();
        let b = s.intern("sym_1");
        assert_eq!(b, s.intern("sym_1"));
        assert_ne!(b, s.intern("sym_2"));
    }
}
