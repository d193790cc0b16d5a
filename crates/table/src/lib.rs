//! Level 2 of strata: the sharded, reader-writer-locked storage table of one
//! storage kind, and the arena its values live in.
//!
#![doc = include_str!("../README.md")]

mod arena;
mod ptr_table;
mod shard;
mod stats;
mod table;
mod thread_arena;

pub use arena::Arena;
pub use ptr_table::{PtrProbe, PtrTable};
pub use shard::{LOCAL_SHARDS, MAX_SHARDS, default_shard_count};
pub use stats::{ShardStats, TableStats, ThreadArenaStats};
pub use table::{ArenaPlacement, Outcome, ProbePolicy, Table};
