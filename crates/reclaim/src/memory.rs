//! Visible memory: [`MemoryReport`] and [`KindMemory`], what
//! the facade's `Context::memory` returns (they live here, beside the
//! reclaim core, because they report its tables and the immortal ones alike).

use core::fmt;

use strata_table::TableStats;

use crate::ReclaimStats;

/// The memory of one storage kind.
///
/// For an immortal kind, `bytes_in_use` is what its arena chunks hold (the
/// storages never leave before the context), and nothing is ever reclaimed.
/// For a reclaimable kind, it is the bytes of the live storages (each one's
/// node plus its payload's heap bytes), and the reclaimed figures grow as
/// storages die.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindMemory {
    /// The kind's name.
    pub name: &'static str,
    /// Whether the kind is reclaimable.
    pub reclaimable: bool,
    /// Live storages.
    pub live: usize,
    /// Bytes held by the live storages (immortal kinds: arena chunks).
    pub bytes_in_use: usize,
    /// Bytes of the kind's hash index.
    pub index_bytes: usize,
    /// Storages reclaimed so far (0 for an immortal kind).
    pub reclaimed: u64,
    /// Their bytes (0 for an immortal kind).
    pub bytes_reclaimed: u64,
}

impl KindMemory {
    /// An immortal kind's memory, from its table's statistics.
    pub fn immortal(name: &'static str, t: &TableStats) -> Self {
        let total = t.total();
        Self {
            name,
            reclaimable: false,
            live: total.entries,
            bytes_in_use: total.arena_bytes,
            index_bytes: total.index_bytes,
            reclaimed: 0,
            bytes_reclaimed: 0,
        }
    }

    /// A reclaimable kind's memory.
    pub fn reclaimable(name: &'static str, m: &ReclaimStats) -> Self {
        Self {
            name,
            reclaimable: true,
            live: m.live,
            bytes_in_use: m.live_bytes,
            index_bytes: m.index_bytes,
            reclaimed: m.reclaimed,
            bytes_reclaimed: m.reclaimed_bytes,
        }
    }
}

/// A snapshot of a context's memory, per kind
/// (the facade's `Context::memory`).
///
/// Figures are read without stopping other threads: while they intern and
/// drop, each is a value its counter had; once they are quiet, the figures
/// are exact and add up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryReport {
    /// Per kind that was used, immortal and reclaimable, sorted by name.
    pub kinds: Vec<KindMemory>,
    /// The affine cluster's bytes (arena and tables; immortal).
    pub affine_bytes: usize,
}

impl MemoryReport {
    /// A report of `kinds` (sorted here) and the affine cluster.
    pub fn new(mut kinds: Vec<KindMemory>, affine_bytes: usize) -> Self {
        kinds.sort_by(|a, b| a.name.cmp(b.name));
        Self {
            kinds,
            affine_bytes,
        }
    }

    /// The kind named `name`, if it was used.
    pub fn kind(&self, name: &str) -> Option<&KindMemory> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// Bytes in use over every kind, their indexes and the affine cluster.
    pub fn bytes_in_use(&self) -> usize {
        self.kinds
            .iter()
            .map(|k| k.bytes_in_use + k.index_bytes)
            .sum::<usize>()
            + self.affine_bytes
    }

    /// Bytes reclaimed over every kind.
    pub fn bytes_reclaimed(&self) -> u64 {
        self.kinds.iter().map(|k| k.bytes_reclaimed).sum()
    }
}

impl fmt::Display for MemoryReport {
    /// A table: one line per kind, then the affine cluster and the totals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<28} {:>11} {:>10} {:>12} {:>10} {:>10} {:>14}",
            "kind", "", "live", "bytes", "index", "reclaimed", "bytes freed"
        )?;
        for k in &self.kinds {
            writeln!(
                f,
                "{:<28} {:>11} {:>10} {:>12} {:>10} {:>10} {:>14}",
                k.name,
                if k.reclaimable {
                    "reclaimable"
                } else {
                    "immortal"
                },
                k.live,
                k.bytes_in_use,
                k.index_bytes,
                k.reclaimed,
                k.bytes_reclaimed
            )?;
        }
        writeln!(
            f,
            "{:<28} {:>11} {:>10} {:>12}",
            "affine (exprs+maps+sets)", "immortal", "", self.affine_bytes
        )?;
        write!(
            f,
            "{} bytes in use, {} bytes reclaimed",
            self.bytes_in_use(),
            self.bytes_reclaimed()
        )
    }
}
