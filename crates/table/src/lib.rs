//! Level 2 of strata: the sharded reader-writer-locked storage table.

#![doc = "(under construction)"]
