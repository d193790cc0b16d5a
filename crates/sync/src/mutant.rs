//! The mutant hook: deliberate bugs that negative model tests switch on.
//!
//! Every invariant of strata (DESIGN.md section 4) is guarded by code that a
//! careless edit could remove: a `Release` weakened to `Relaxed`, a re-probe
//! deleted, a miss cached. To prove that the loom models would notice, each
//! such guard is written as
//!
//! ```text
//! let order = if mutant(Mutant::BucketsRelaxedPublish) { Relaxed } else { AcqRel };
//! ```
//!
//! and a negative test runs the model with that one mutant switched on,
//! expecting the exact failure (`#[should_panic(expected = "...")]`).
//!
//! Outside `--cfg strata_loom`, [`mutant`] is a `const fn` returning `false`,
//! so the branch folds away and a release build carries no trace of it.

use core::fmt;

macro_rules! mutants {
    ($( $(#[$doc:meta])* $name:ident => ($layer:literal, $inv:literal, $what:literal), )*) => {
        /// A deliberate bug a negative model test can switch on.
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Mutant {
            $( $(#[$doc])* $name, )*
        }

        impl Mutant {
            /// Every mutant in the workspace.
            pub const ALL: &'static [Mutant] = &[$(Mutant::$name,)*];

            /// The mutant's name, as the negative tests spell it.
            pub const fn name(self) -> &'static str {
                match self { $(Mutant::$name => stringify!($name),)* }
            }

            /// The crate whose code the mutant changes.
            pub const fn layer(self) -> &'static str {
                match self { $(Mutant::$name => $layer,)* }
            }

            /// The invariant of DESIGN.md section 4 that the mutant breaks.
            pub const fn invariant(self) -> u8 {
                match self { $(Mutant::$name => $inv,)* }
            }

            /// What the mutant does, in one sentence.
            pub const fn description(self) -> &'static str {
                match self { $(Mutant::$name => $what,)* }
            }
        }
    };
}

mutants! {
    /// The refcount decrement is `Relaxed` and has no acquire fence.
    RefcountRelaxedDecrement => ("strata-refcount", 6, "the strong decrement is Relaxed, with no Acquire fence before the payload is dropped"),
    /// `upgrade` increments with `fetch_add` instead of a CAS loop.
    RefcountUpgradeFetchAdd => ("strata-refcount", 6, "upgrade uses fetch_add instead of a CAS that fails on zero, reviving a dead object"),
    /// The Level-1 publishing CAS is `Relaxed`.
    BucketsRelaxedPublish => ("strata-buckets", 2, "the publishing compare-and-swap is Relaxed"),
    /// The Level-1 probe load is `Relaxed`.
    BucketsRelaxedProbe => ("strata-buckets", 2, "the probe load is Relaxed"),
    /// The slot is published before the value is fully written.
    BucketsPublishBeforeInit => ("strata-buckets", 2, "the slot is published before the value is fully written"),
    /// The loser of the publishing CAS leaks its candidate.
    BucketsLoserLeaks => ("strata-buckets", 2, "the loser of the publishing CAS does not free its candidate"),
    /// The dense kind index is assigned without a CAS.
    BucketsKindIndexRace => ("strata-buckets", 2, "a kind's dense index is assigned with a plain store instead of a CAS"),
    /// The write path does not re-probe under the write lock.
    TableNoReprobe => ("strata-table", 3, "the write path inserts without re-probing under the write lock"),
    /// The re-entrancy check before taking a shard lock is skipped.
    TableNoReentrancyCheck => ("strata-table", 9, "a constructor re-entering its own shard is not detected"),
    /// The thread cache records misses.
    TlsCachesMiss => ("strata-tls", 1, "the thread cache records a miss as a negative entry"),
    /// Owner generations are reused.
    TlsReuseGeneration => ("strata-tls", 10, "a new owner reuses a dropped owner's generation"),
    /// A diagnostic's rendering is written in pieces outside the printer lock.
    DiagSplitWrite => ("strata-diag", 7, "a diagnostic is written in two pieces, each under its own printer-lock acquisition"),
    /// The handler stack is updated in place instead of by snapshot swap.
    DiagTornHandlerStack => ("strata-diag", 7, "the handler stack is replaced in two steps, so an emitter can see a torn stack"),
    /// A container mutation is split across two lock acquisitions.
    IrSplitMutation => ("strata-ir", 8, "a compound mutation releases and re-takes the lock half way"),
    /// Removing a reclaimable storage does not check the entry is still its own.
    ReclaimNoOwnerCheck => ("strata-reclaim", 6, "removal of a dead storage does not check that the table entry is still its own"),
    /// A lookup revives a storage whose strong count reached zero.
    ReclaimRevive => ("strata-reclaim", 6, "a lookup increments a strong count that already reached zero"),
    /// `Table::with_write_lock` runs its closure without taking the lock.
    TableMutateWithoutLock => ("strata-table", 5, "with_write_lock runs the mutation of a declared mutable component without taking the shard's write lock"),
}

impl fmt::Debug for Mutant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Mutant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether mutant `m` is switched on. Always `false` outside loom.
#[cfg(not(strata_loom))]
#[inline(always)]
pub const fn mutant(m: Mutant) -> bool {
    let _ = m;
    false
}

#[cfg(strata_loom)]
std::thread_local! {
    // Loom runs a model's threads as coroutines on the OS thread that called
    // the model, so an OS-thread-local switch covers exactly one model run and
    // never leaks into tests running beside it.
    static ACTIVE: core::cell::Cell<Option<Mutant>> = const { core::cell::Cell::new(None) };
}

/// Whether mutant `m` is switched on for the model running on this thread.
#[cfg(strata_loom)]
pub fn mutant(m: Mutant) -> bool {
    ACTIVE.with(|a| a.get() == Some(m))
}

/// Runs `f` (a loom model) with mutant `m` switched on, and switches it off
/// again afterwards, also when `f` panics (as a caught mutant does).
#[cfg(strata_loom)]
pub fn with_mutant<R>(m: Mutant, f: impl FnOnce() -> R) -> R {
    struct Reset;
    impl Drop for Reset {
        // The guard's job: leave no mutant switched on for the next test.
        fn drop(&mut self) {
            ACTIVE.with(|a| a.set(None));
        }
    }
    ACTIVE.with(|a| a.set(Some(m)));
    let _reset = Reset;
    f()
}
