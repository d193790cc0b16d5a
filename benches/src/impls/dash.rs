//! A `DashMap` interner, the way one is usually written: a read probe
//! (`get`, a shard read lock), then on a miss `entry` (the shard's write lock,
//! which re-probes) and an insert.
//!
//! Each key is stored in its own box, which is the map's key: the box's heap
//! address does not change when the map grows (only the box pointer moves),
//! so it is a stable identity, and the map frees every box when it drops.
//! The hasher is FxHash, as for every other implementation here, so that the
//! comparison measures the map and its locking, not SipHash.

use core::fmt;

use dashmap::DashMap;
use rustc_hash::FxBuildHasher;

use super::{Interner, addr};
use crate::keys::StoreKey;

/// The dashmap interner (default shard count: four per core, rounded up to a
/// power of two).
pub struct DashInterner<K: ?Sized + StoreKey> {
    map: DashMap<Box<K>, (), FxBuildHasher>,
}

impl<K: ?Sized + StoreKey> DashInterner<K> {
    /// An empty interner.
    pub fn new() -> Self {
        Self {
            map: DashMap::with_hasher(FxBuildHasher),
        }
    }

    /// How many distinct keys are interned.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is interned yet.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl<K: ?Sized + StoreKey> Default for DashInterner<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K: ?Sized + StoreKey> Interner<K> for &DashInterner<K> {
    #[inline]
    fn intern(&mut self, key: &K) -> usize {
        if let Some(hit) = self.map.get(key) {
            return addr::<K>(hit.key());
        }
        // `entry` takes the write lock and finds the key again if another
        // thread inserted it since `get`; then the map's key (ours or the
        // winner's) is returned, and a losing box is dropped.
        let entry = self.map.entry(key.boxed()).or_insert(());
        addr::<K>(entry.key())
    }
}

impl<K: ?Sized + StoreKey> fmt::Debug for DashInterner<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DashInterner")
            .field("len", &self.map.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::IntKey;

    #[test]
    fn identities_survive_growth() {
        let map = DashInterner::<str>::new();
        let mut r = &map;
        let first = r.intern("sym_0");
        for i in 0..5_000 {
            r.intern(&format!("sym_{i}"));
        }
        assert_eq!(r.intern("sym_0"), first);
        assert_eq!(map.len(), 5_000);
        let ints = DashInterner::<IntKey>::new();
        let mut r = &ints;
        assert_eq!(r.intern(&IntKey::new(3)), r.intern(&IntKey::new(3)));
        assert_ne!(r.intern(&IntKey::new(3)), r.intern(&IntKey::new(4)));
    }
}
