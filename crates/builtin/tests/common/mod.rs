//! Helpers shared by strata-builtin's integration tests.

use core::hash::{BuildHasher, Hasher};

/// A hasher that sends every key to 0, so that in a context built with it
/// every lookup meets every stored payload of its kind and only the kind's
/// equality tells them apart.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Collide;

impl Hasher for Collide {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, _bytes: &[u8]) {}
}

impl BuildHasher for Collide {
    type Hasher = Collide;

    fn build_hasher(&self) -> Collide {
        Collide
    }
}
