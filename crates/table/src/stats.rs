//! Statistics of a table: per shard, with totals.

use core::fmt;

/// The statistics of one shard.
///
/// Everything but `read_hits` is counted under the shard's write lock and is
/// exact. `read_hits` is counted without an atomic read-modify-write (to keep
/// the read path free of a second locked instruction), so concurrent readers
/// of one shard can lose increments: a lower bound under contention, exact
/// without it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShardStats {
    /// Stored entries.
    pub entries: usize,
    /// Bytes of the shard's values (entries times their size) and what
    /// their constructors allocated in the shard's arena (a table's
    /// constructors allocate in per-thread arenas, or in a single-threaded
    /// table's one arena, counted in [`TableStats::thread_arenas`] instead;
    /// 0 for a [`PtrTable`](crate::PtrTable), which has no arena).
    pub bytes: usize,
    /// Bytes of the shard's arena's chunks: what it costs in memory (0 but
    /// under the benchmark-only per-shard arena placement: a table's chunks
    /// are in [`TableStats::thread_arenas`]).
    pub arena_bytes: usize,
    /// Bytes of the shard's hash index.
    pub index_bytes: usize,
    /// Lookups answered by the read probe.
    pub read_hits: u64,
    /// Write-lock acquisitions (misses of the read probe, and explicit
    /// write-lock sections).
    pub write_locks: u64,
    /// Misses of the read probe that the re-probe under the write lock found
    /// (races lost to another inserter).
    pub reprobe_hits: u64,
    /// Lookups that the write-first path (taken while a shard's lookups
    /// mostly miss) found under the write lock.
    pub write_hits: u64,
    /// Entries inserted.
    pub inserts: u64,
    /// Dead entries replaced in place ([`PtrTable`](crate::PtrTable) only).
    pub replaced: u64,
    /// Entries removed ([`PtrTable`](crate::PtrTable) only).
    pub removed: u64,
}

/// The statistics of a table: one [`ShardStats`] per shard, and totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableStats {
    /// The storage kind's name.
    pub name: &'static str,
    /// The threading policy's name (`"shared"` or `"single"`).
    pub policy: &'static str,
    /// Per shard, in shard order.
    pub shards: Vec<ShardStats>,
    /// The per-thread arenas of a thread-safe table, or the one arena of a
    /// single-threaded table (its one thread's).
    pub thread_arenas: ThreadArenaStats,
}

/// The per-thread arenas of a thread-safe table, where its values and
/// what their constructors allocate live (one arena per thread that
/// inserted). [`TableStats::total`] adds them to the shards' figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThreadArenaStats {
    /// Arenas registered: one per thread that ever inserted (for a
    /// single-threaded table, 1 once it has inserted, its one arena).
    pub arenas: usize,
    /// Bytes constructors requested from them (the values themselves are
    /// counted in the shards' `bytes`, as entries times their size).
    pub bytes: usize,
    /// Bytes of their chunks: what they cost in memory.
    pub chunk_bytes: usize,
}

impl TableStats {
    /// The sum over all shards, with the per-thread arenas' bytes in
    /// `bytes` and `arena_bytes`.
    pub fn total(&self) -> ShardStats {
        let arenas = ShardStats {
            bytes: self.thread_arenas.bytes,
            arena_bytes: self.thread_arenas.chunk_bytes,
            ..ShardStats::default()
        };
        self.shards.iter().fold(arenas, |a, s| ShardStats {
            entries: a.entries + s.entries,
            bytes: a.bytes + s.bytes,
            arena_bytes: a.arena_bytes + s.arena_bytes,
            index_bytes: a.index_bytes + s.index_bytes,
            read_hits: a.read_hits + s.read_hits,
            write_locks: a.write_locks + s.write_locks,
            reprobe_hits: a.reprobe_hits + s.reprobe_hits,
            write_hits: a.write_hits + s.write_hits,
            inserts: a.inserts + s.inserts,
            replaced: a.replaced + s.replaced,
            removed: a.removed + s.removed,
        })
    }

    /// Memory held by the table: arena chunks plus hash indexes.
    pub fn memory_bytes(&self) -> usize {
        let t = self.total();
        t.arena_bytes + t.index_bytes
    }
}

impl fmt::Display for TableStats {
    /// One line: `NAME (POLICY, N shards): E entries, B bytes, ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.total();
        write!(
            f,
            "{} ({}, {} shards): {} entries, {} bytes stored, {} bytes held, {} read hits, {} write locks, {} re-probe hits",
            self.name,
            self.policy,
            self.shards.len(),
            t.entries,
            t.bytes,
            self.memory_bytes(),
            t.read_hits,
            t.write_locks,
            t.reprobe_hits,
        )
    }
}
