//! Level 1 of strata: the CAS-published bucket array and storage-kind
//! identities.
//!
#![doc = include_str!("../README.md")]

mod array;
mod hot;
mod kind;

pub use array::{BucketArray, BucketStats, CAPACITY, FIRST_SEGMENT_LEN, Iter};
pub use hot::HotSlot;
pub use kind::{DenseKind, KindId, KindRegistry, MAX_KINDS};
