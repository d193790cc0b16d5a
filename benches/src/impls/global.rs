//! `internment::Intern`: the published interner with pointer-identity
//! handles.
//!
//! `Intern<T>` is a one-pointer `Copy` handle whose equality is pointer
//! equality, which is the contract strata's handles have; `ArcIntern<T>` is
//! reference-counted (values are freed when the last handle drops), which
//! strata's arena-backed kinds are not, so `Intern` is the like-for-like
//! choice. Its pool is global: one `std::sync::Mutex<HashSet<&'static T>>`
//! per type (SipHash, not selectable), and interned values are leaked.
//! Because the pool is global, it cannot start from a fresh context: the
//! harness runs it only on the workloads that do not need one (W1, W3).

use internment::Intern;

use super::{Interner, addr};
use crate::keys::IntKey;

/// A handle on internment's global pool for [`IntKey`]s (the pool itself is
/// a static inside the crate: every `GlobalIntern` sees the same one).
#[derive(Clone, Copy, Debug, Default)]
pub struct GlobalIntern;

impl Interner<IntKey> for &GlobalIntern {
    #[inline]
    fn intern(&mut self, key: &IntKey) -> usize {
        addr(Intern::new(*key).as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_is_global() {
        let (a, b) = (GlobalIntern, GlobalIntern);
        let x = (&a).intern(&IntKey::new(-17));
        assert_eq!(x, (&b).intern(&IntKey::new(-17)));
        assert_ne!(x, (&a).intern(&IntKey::new(-18)));
    }
}
