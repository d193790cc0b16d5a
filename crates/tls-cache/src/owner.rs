//! Owners and their generations.

use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::{Mutant, mutant};

strata_sync::static_atomic! {
    /// The generation the next owner gets. Starts at 1 because generation 0
    /// marks an empty cache entry; only ever incremented, so a generation is
    /// never handed out twice (see [`Owner`] on why it cannot wrap). Under
    /// loom it is a loom atomic, fresh in every iteration of a model, so the
    /// models race owners on it.
    static NEXT_GENERATION: AtomicU64 = 1;
}

strata_sync::static_atomic! {
    /// The generation of the most recently dropped owner, written and read
    /// only under the `TlsReuseGeneration` mutant (0: none). It is the
    /// one-slot free list a careless "recycle generations" optimisation
    /// would add.
    static LAST_DROPPED: AtomicU64 = 0;
}

/// The identity of one owner of cache entries (a context), by a 64-bit
/// generation that no other owner ever had or will have.
///
/// Every cache entry carries the generation of the owner that inserted it,
/// and [`lookup`](crate::lookup) returns an entry only to a caller that
/// borrows an owner with that generation. An owner's entries in every
/// thread's cache therefore become unreachable the moment the owner is
/// dropped: no later owner can present the same generation. They are not
/// freed then (the cache cannot reach other threads); they are overwritten
/// by later inserts like any cold entry, so memory stays bounded by the
/// cache's capacity however many owners come and go.
///
/// Generations come from a process-wide counter that only increments. A
/// `u64` does not wrap in practice: at one owner per nanosecond it would take
/// 584 years. Should it ever get there, [`Owner::new`] aborts the process
/// rather than hand out a generation twice.
///
/// `Owner` is neither `Clone` nor `Copy`, so the end of its life is one
/// well-defined point:
///
/// ```compile_fail
/// let a = strata_tls::Owner::new();
/// let b = a.clone(); // error: no method named `clone`
/// ```
#[derive(Debug)]
pub struct Owner {
    /// Never 0 and never shared with another owner, alive or dropped.
    generation: u64,
}

impl Owner {
    /// Creates an owner with a fresh generation.
    ///
    /// This costs one `Relaxed` atomic increment of a process-wide counter;
    /// create one owner per context, not per operation.
    pub fn new() -> Self {
        if mutant(Mutant::TlsReuseGeneration) {
            // The mutant: recycle the generation of the last dropped owner.
            // Relaxed, pairs with nothing (the bug needs no ordering).
            let recycled = LAST_DROPPED.swap(0, Relaxed);
            if recycled != 0 {
                return Owner {
                    generation: recycled,
                };
            }
        }
        // Relaxed: the generation publishes no data, so there is nothing to
        // order; uniqueness comes from the read-modify-write itself, which
        // always reads the latest value of the counter.
        let generation = if mutant(Mutant::TlsGenerationSplit) {
            // The mutant: a load, then a store (a check-then-act split of
            // the read-modify-write). Relaxed, pairs with nothing.
            let g = NEXT_GENERATION.load(Relaxed);
            NEXT_GENERATION.store(g + 1, Relaxed);
            g
        } else {
            NEXT_GENERATION.fetch_add(1, Relaxed)
        };
        if generation == 0 || generation == u64::MAX {
            // The counter wrapped (584 years at one owner per nanosecond):
            // the next generations would repeat earlier ones.
            std::process::abort();
        }
        Owner { generation }
    }

    /// The owner's generation: non-zero and unique for the whole life of
    /// the process.
    #[inline]
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

impl Default for Owner {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        if mutant(Mutant::TlsReuseGeneration) {
            // The mutant's free list. Relaxed, pairs with nothing.
            LAST_DROPPED.store(self.generation, Relaxed);
        }
    }
}
