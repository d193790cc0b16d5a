//! Statistics of a context.

use core::fmt;

use strata_table::TableStats;

/// The statistics of one storage kind's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindStatistics {
    /// The kind's name.
    pub name: &'static str,
    /// Interned values.
    pub entries: usize,
    /// Bytes of payload in the arena (values and their slices and strings).
    pub bytes: usize,
    /// Bytes of memory the table holds (arena chunks and hash indexes).
    pub memory: usize,
    /// Lookups answered under the read lock (a lower bound under contention).
    pub read_hits: u64,
    /// Write-lock acquisitions.
    pub write_locks: u64,
    /// Races lost: misses of the read probe that the re-probe found.
    pub lost_races: u64,
}

impl KindStatistics {
    pub(crate) fn from_table(name: &'static str, t: &TableStats) -> Self {
        let total = t.total();
        Self {
            name,
            entries: total.entries,
            bytes: total.bytes,
            memory: t.memory_bytes(),
            read_hits: total.read_hits,
            write_locks: total.write_locks,
            lost_races: total.reprobe_hits,
        }
    }
}

/// A snapshot of a context's statistics ([`Context::statistics`](crate::Context::statistics)).
#[derive(Clone, Debug)]
pub struct Statistics {
    /// The threading policy (`"shared"` or `"single"`).
    pub mode: &'static str,
    /// Per kind, sorted by name; only kinds that were used.
    pub kinds: Vec<KindStatistics>,
    /// The calling thread's cache counters (all contexts together).
    pub cache: strata_tls::CacheStats,
    /// The affine cluster.
    pub affine: crate::affine::AffineStats,
}

impl Statistics {
    pub(crate) fn new(
        mode: &'static str,
        kinds: Vec<KindStatistics>,
        cache: strata_tls::CacheStats,
        affine: crate::affine::AffineStats,
    ) -> Self {
        Self {
            mode,
            kinds,
            cache,
            affine,
        }
    }

    /// Interned values over all kinds (the affine cluster excluded).
    pub fn total_entries(&self) -> usize {
        self.kinds.iter().map(|k| k.entries).sum()
    }

    /// Memory held by all tables and the affine cluster, in bytes.
    pub fn total_memory(&self) -> usize {
        self.kinds.iter().map(|k| k.memory).sum::<usize>() + self.affine.bytes
    }

    /// Write-lock acquisitions over all kinds.
    pub fn total_write_locks(&self) -> u64 {
        self.kinds.iter().map(|k| k.write_locks).sum()
    }

    /// Races lost over all kinds.
    pub fn total_lost_races(&self) -> u64 {
        self.kinds.iter().map(|k| k.lost_races).sum()
    }

    /// The calling thread's cache hit rate, in `[0, 1]` (0 with no lookups).
    pub fn cache_hit_rate(&self) -> f64 {
        let total = self.cache.hits + self.cache.misses;
        if total == 0 {
            0.0
        } else {
            self.cache.hits as f64 / total as f64
        }
    }

    /// The deterministic part of the statistics (kind names, entries and
    /// payload bytes), which is identical from run to run for the same work.
    pub fn counts_table(&self) -> String {
        use core::fmt::Write as _;
        let mut out = format!("{:<28} {:>10} {:>12}\n", "kind", "entries", "bytes");
        // Writing into a `String` cannot fail.
        for k in &self.kinds {
            let _ = writeln!(out, "{:<28} {:>10} {:>12}", k.name, k.entries, k.bytes);
        }
        let affine = self.affine.exprs + self.affine.maps + self.affine.sets;
        let _ = writeln!(
            out,
            "{:<28} {affine:>10} {:>12}",
            AFFINE_ROW, self.affine.bytes
        );
        let _ = writeln!(out, "{:<28} {:>10}", "total", self.total_entries());
        out
    }
}

/// The name of the affine cluster's row in the statistics tables.
const AFFINE_ROW: &str = "affine (exprs+maps+sets)";

impl fmt::Display for Statistics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<28} {:>10} {:>12} {:>12} {:>12} {:>10} {:>8}",
            "kind", "entries", "bytes", "memory", "read hits", "w-locks", "lost"
        )?;
        for k in &self.kinds {
            writeln!(
                f,
                "{:<28} {:>10} {:>12} {:>12} {:>12} {:>10} {:>8}",
                k.name, k.entries, k.bytes, k.memory, k.read_hits, k.write_locks, k.lost_races
            )?;
        }
        let affine = self.affine.exprs + self.affine.maps + self.affine.sets;
        writeln!(
            f,
            "{:<28} {affine:>10} {:>12}",
            AFFINE_ROW, self.affine.bytes
        )?;
        writeln!(
            f,
            "mode {}; {} entries; {} bytes of memory; {} write locks, {} races lost; thread cache: {} hits, {} misses ({:.1}% hit rate), {} evictions, {} lookups past it during scans",
            self.mode,
            self.total_entries(),
            self.total_memory(),
            self.total_write_locks(),
            self.total_lost_races(),
            self.cache.hits,
            self.cache.misses,
            100.0 * self.cache_hit_rate(),
            self.cache.evictions,
            self.cache.bypassed
        )
    }
}
