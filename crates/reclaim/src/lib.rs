//! The reclaim core of strata: an interning table whose storages are freed
//! when their last handle drops.
//!
#![doc = include_str!("../README.md")]

mod memory;
mod table;

pub use memory::{KindMemory, MemoryReport};
pub use table::{ReclaimStats, ReclaimTable, Strong};
