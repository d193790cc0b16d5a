//! The mutant hook: deliberate bugs that negative model tests switch on.
//!
//! Every numbered invariant of strata (the list in `docs/ARCHITECTURE.md`,
//! section "Invariants") is guarded by code that a careless edit could
//! remove: a `Release` weakened to `Relaxed`, a re-probe deleted, a miss
//! cached, a read-modify-write split into a load and a store. To prove that
//! the loom models would notice, each such guard is written as
//!
//! ```text
//! let order = if mutant(Mutant::BucketsRelaxedPublish) { Relaxed } else { AcqRel };
//! ```
//!
//! and a negative test runs the model with that one mutant switched on,
//! expecting the exact failure (`#[should_panic(expected = "...")]`). Each
//! entry of the list below names the invariant it breaks by number, and
//! `cargo xtask loom --mutants` prints them grouped by invariant.
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

            /// The number of the invariant the mutant breaks (the numbered
            /// list of `docs/ARCHITECTURE.md`).
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
    /// The weak decrement (the one that frees the memory) is `Relaxed`.
    RefcountWeakRelaxedDecrement => ("strata-refcount", 11, "the weak decrement is Relaxed instead of Release, so the last weak release may free the block before another thread's access through its strong handle is done"),
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
    /// The segment-publishing compare-and-swap of `grow` is `Relaxed`.
    BucketsRelaxedGrow => ("strata-buckets", 2, "the compare-and-swap that publishes a new segment is Relaxed, so a probe racing the growth can reach a segment whose allocation it does not see"),
    /// The loser of a hot slot's claim stores its pointer too.
    BucketsHotLoserPublishes => ("strata-buckets", 2, "the loser of a hot slot's claim stores its pointer too, so a reader presenting the winner's identity can get the loser's value"),
    /// The hot slot's identity load is `Relaxed`.
    BucketsHotRelaxedLoad => ("strata-buckets", 2, "the hot slot's identity load is Relaxed, so a reader that finds its identity and gets the pointer need not see the pointee"),
    /// The hot slot's claimant publishes its identity before its words.
    BucketsHotOwnerFirst => ("strata-buckets", 2, "the claimant of a hot slot publishes its identity before it writes its pointer and words, so a reader that finds its identity can miss its words"),
    /// The registry's number reservation is a load then a store.
    BucketsReserveSplit => ("strata-buckets", 12, "the registry reserves a kind number with a load and a store instead of one fetch_add, so two different kinds can get the same dense index"),
    /// The write path does not re-probe under the write lock.
    TableNoReprobe => ("strata-table", 3, "the write path inserts without re-probing under the write lock"),
    /// The write-first path inserts without probing under the write lock.
    TableWriteFirstNoProbe => ("strata-table", 3, "the write-first path (a shard whose lookups mostly miss) inserts without probing under the write lock"),
    /// Every thread of a table allocates from the first thread's arena.
    TableSharedArena => ("strata-table", 14, "a thread-safe table hands every inserting thread the first thread's arena, so two threads allocate from one bump arena at once"),
    /// The re-entrancy check before taking a shard lock is skipped.
    TableNoReentrancyCheck => ("strata-table", 9, "a constructor re-entering its own shard is not detected"),
    /// A lock attempt that cannot be granted is taken for re-entry.
    TableBusyIsReentry => ("strata-table", 9, "the re-entrancy check panics whenever a shard lock cannot be granted at once, without comparing the owner word with the caller's token, so a shard another thread holds looks like re-entry"),
    /// A write section does not let its own thread read the shard it holds.
    TableWriteSectionUnread => ("strata-table", 9, "a write section (`with_write_lock`, the facade's `mutate`) does not let its own thread read the shard it holds, so a lookup from inside it of a key already there is taken for re-entry and panics"),
    /// The thread cache records misses.
    TlsCachesMiss => ("strata-tls", 1, "the thread cache records a miss as a negative entry"),
    /// Owner generations are reused.
    TlsReuseGeneration => ("strata-tls", 10, "a new owner reuses a dropped owner's generation"),
    /// The generation counter is read and then written, not incremented.
    TlsGenerationSplit => ("strata-tls", 12, "a new owner takes its generation with a load and a store instead of one fetch_add, so two owners created at once can share a generation"),
    /// A diagnostic's rendering is written in pieces outside the printer lock.
    DiagSplitWrite => ("strata-diag", 7, "a diagnostic is written in two pieces, each under its own printer-lock acquisition"),
    /// The handler stack is updated in place instead of by snapshot swap.
    DiagTornHandlerStack => ("strata-diag", 7, "the handler stack is replaced in two steps, so an emitter can see a torn stack"),
    /// The error limit's notice flag is read and then written.
    DiagLimitNoticeSplit => ("strata-diag", 13, "the error-limit notice flag is tested with a load and set with a store instead of one swap, so two errors past the limit at once both print the notice"),
    /// A handler-stack change is published with a store, not a compare-and-swap.
    DiagHandlerLostUpdate => ("strata-diag", 7, "a handler-stack change is computed from a load and published with a plain store, so a registration or removal racing it is lost"),
    /// A container mutation is split across two lock acquisitions.
    IrSplitMutation => ("strata-ir", 8, "a compound mutation of the container (look a symbol up, insert it if it is missing) releases and re-takes the lock half way"),
    /// A checkout leaves the owner's body home and hands out a copy.
    IrCheckoutShared => ("strata-ir", 15, "a container checkout leaves the owner's body in its slot and gives the guard a copy, so two guards hold one owner at once and the last one back overwrites the other's work"),
    /// A checked-out body goes back to its slot whatever the generation.
    IrStaleOwnerReturn => ("strata-ir", 15, "a guard gives its body back to the slot without comparing generations, so the body of an owner erased while it was out replaces the body of the operation that reused the slot"),
    /// Removing a reclaimable storage does not check the entry is still its own.
    ReclaimNoOwnerCheck => ("strata-reclaim", 6, "removal of a dead storage does not check that the table entry is still its own"),
    /// A lookup revives a storage whose strong count reached zero.
    ReclaimRevive => ("strata-reclaim", 6, "a lookup increments a strong count that already reached zero"),
    /// The hot slot's word path loads the word before the identity.
    BucketsHotWordFirst => ("strata-buckets", 2, "the hot slot's word path loads the word first, takes a non-null word for the sign of publication and checks the identity with a Relaxed load, so a word read on its own (Context::hot_word) is not ordered after the claimant's writes of its pointee"),
    /// A lookup keeps the reference it took on a colliding entry.
    ReclaimMismatchKeepsRef => ("strata-reclaim", 6, "a lookup upgrades each entry of its hash before comparing the payload and keeps the reference when the payload is another key's, so the colliding key's storage never reaches zero and its last handle never releases it"),
    /// A lookup gives back a colliding entry's reference without releasing.
    ReclaimMismatchGiveBackUnreleased => ("strata-reclaim", 6, "a lookup upgrades each entry of its hash before comparing the payload and, when the payload is another key's, gives the reference back with a bare decrement, so when that key's last handle dropped in between, the give-back is the last release and nobody releases the storage"),
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
