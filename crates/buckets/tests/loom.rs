//! Loom models of the bucket array and the kind index, and the mutant tests
//! that show each model catches the bug it is written against.
//!
//! Run with
//! `RUSTFLAGS="--cfg strata_loom" LOOM_MAX_PREEMPTIONS=2 cargo test --release -p strata-buckets --test loom`.
//! Under the cfg, segment 0 of a bucket array holds one slot and segment 1
//! holds indices 1 and 2, so small models already grow the array.
//!
//! Loom 0.7.2 can explore too little without saying so: when a spawned
//! thread begins with a load and later stores to the same atomic, an earlier
//! conflicting load by the main thread is never reordered after that store
//! (tokio-rs/loom#392, "Atomic load makes threads not explore at all"). So
//! each model below records its outcomes across all iterations in
//! [`Outcomes`] and asserts afterwards that every interleaving class it
//! targets actually occurred, and the models are written with the probing
//! thread spawned and the publishing thread main, the orientation loom
//! explores.
//!
//! The ordering mutants expect the part common to loom's two reports of an
//! unordered read and write of an `UnsafeCell` (loom-0.7.2 `src/rt/cell.rs`):
//! "Causality violation: Concurrent read and write accesses." when the write
//! came first, "... accesses to `UnsafeCell`." when the read did.

#![cfg(strata_loom)]

// Outcome tallies live outside the model (loom resets its own objects on
// every iteration), so they are plain std atomics.
use std::sync::atomic::{AtomicUsize as Tally, Ordering::Relaxed as Plain}; // tidy: allow (tallies across loom iterations must not be loom objects)

use core::ptr::NonNull;

use core::num::NonZeroUsize;

use strata_buckets::{BucketArray, BucketStats, DenseKind, HotSlot, KindRegistry};
use strata_sync::mutant::with_mutant;
use strata_sync::policy::Shared;
use strata_sync::{Arc, Mutant, UnsafeCell, alloc, model, thread};

/// How often each outcome of a model occurred, across all its iterations.
struct Outcomes([Tally; 4]);

impl Outcomes {
    const fn new() -> Self {
        Outcomes([const { Tally::new(0) }; 4])
    }

    fn record(&self, outcome: usize) {
        self.0[outcome].fetch_add(1, Plain);
    }

    fn count(&self, outcome: usize) -> usize {
        self.0[outcome].load(Plain)
    }

    /// Asserts that every outcome in `expected` occurred at least once.
    fn assert_seen(&self, model: &str, expected: &[(usize, &str)]) {
        for &(outcome, what) in expected {
            assert!(
                self.count(outcome) > 0,
                "model `{model}` never explored the interleaving where {what}"
            );
        }
    }
}

/// A value built by `make`: a non-atomic field that loom's causality checker
/// watches, and a token block from `strata_sync::alloc` that loom's leak
/// checker watches, so a value that is never dropped fails the model with
/// "Allocation leaked." (cleanly: the shim's blocks do not abort the test
/// process when a model fails).
struct Payload {
    /// Written when the payload is built, read by every thread that obtains
    /// it.
    tag: UnsafeCell<usize>,
    /// Allocated when the payload is built, freed when it is dropped.
    token: NonNull<u8>,
}

// SAFETY: `tag` is written only when the payload is built and only read
// afterwards (through `UnsafeCell::with`, so loom checks each read); `token`
// is only freed, by the payload's drop.
unsafe impl Sync for Payload {}
// SAFETY: as for `Sync`: the token block is owned by the payload.
unsafe impl Send for Payload {}

impl Drop for Payload {
    fn drop(&mut self) {
        // SAFETY: (1) the token came from `into_raw` in `new`; (2) it is freed
        // once, here.
        unsafe { alloc::drop_raw(self.token) };
    }
}

impl Payload {
    fn new(tag: usize) -> Self {
        Payload {
            tag: UnsafeCell::new(tag),
            token: alloc::into_raw(0_u8),
        }
    }

    fn tag(&self) -> usize {
        // SAFETY: `tag` is initialised and never written after construction.
        self.tag.with(|p| unsafe { *p })
    }
}

/// Outcomes of [`publish_race`].
const MAIN_WON: usize = 0;
const SPAWNED_WON: usize = 1;
const A_CANDIDATE_LOST: usize = 2;

/// Two threads `get_or_init` the same empty slot at once.
fn publish_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::with_capacity(1));
    let theirs = {
        let array = Arc::clone(&array);
        thread::spawn(move || array.get_or_init(0, || Payload::new(1)).tag())
    };
    let mine = array.get_or_init(0, || Payload::new(2)).tag();
    let theirs = theirs.join().unwrap();
    assert_eq!(mine, theirs, "the two threads got different values");
    let stats = array.stats();
    assert_eq!(stats.published, 1, "exactly one value published");
    assert!(stats.lost_value_races <= 1);
    assert_eq!(array.get(0).map(Payload::tag), Some(mine));
    seen.record(if mine == 2 { MAIN_WON } else { SPAWNED_WON });
    if stats.lost_value_races == 1 {
        seen.record(A_CANDIDATE_LOST);
    }
    // Dropping the last `Arc` drops the array; loom then checks that the
    // loser's candidate and the published value were both dropped.
}

/// Outcomes of [`probe_race`].
const PROBE_SAW_NOTHING: usize = 0;
const PROBE_SAW_VALUE: usize = 1;

/// A probe (`get`, in the spawned thread) races the publication of the slot
/// it reads (by the main thread).
fn probe_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::with_capacity(1));
    let prober = {
        let array = Arc::clone(&array);
        thread::spawn(move || match array.get(0) {
            None => false,
            Some(value) => {
                assert_eq!(value.tag(), 7, "the probe saw an incomplete value");
                true
            }
        })
    };
    array.get_or_init(0, || Payload::new(7));
    let saw_value = prober.join().unwrap();
    seen.record(if saw_value {
        PROBE_SAW_VALUE
    } else {
        PROBE_SAW_NOTHING
    });
    assert_eq!(array.get(0).map(Payload::tag), Some(7));
}

/// Three threads: two publish into slot 0 at once (the main thread and a
/// spawned one) while a third probes it. Outcome: what the probe saw.
fn contested_probe_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::with_capacity(1));
    let prober = {
        let array = Arc::clone(&array);
        thread::spawn(move || array.get(0).map(Payload::tag))
    };
    let rival = {
        let array = Arc::clone(&array);
        thread::spawn(move || array.get_or_init(0, || Payload::new(1)).tag())
    };
    let mine = array.get_or_init(0, || Payload::new(2)).tag();
    assert_eq!(
        rival.join().unwrap(),
        mine,
        "the publishers got different values"
    );
    let probed = prober.join().unwrap();
    if let Some(tag) = probed {
        assert_eq!(
            tag, mine,
            "the probe saw a value that was not the one published"
        );
    }
    assert_eq!(array.stats().published, 1);
    seen.record(if probed.is_some() {
        PROBE_SAW_VALUE
    } else {
        PROBE_SAW_NOTHING
    });
    if array.stats().lost_value_races == 1 {
        seen.record(A_CANDIDATE_LOST);
    }
}

/// Outcomes of [`hot_claim_race`].
const HOT_MAIN_WON: usize = 0;
const HOT_SPAWNED_WON: usize = 1;

/// The identity `n` (1 or 2) of a hot-slot claimant.
fn id(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

/// Two threads claim one hot slot at once, each with its own identity, a
/// value it built (tag = identity) and one word, a second payload it built
/// (tag = 10 + identity). Afterwards the winner's identity gets the
/// winner's value and word, and the loser's gets nothing.
fn hot_claim_race(seen: &Outcomes) {
    let slot = Arc::new(HotSlot::<Payload, Shared, 1>::new());
    let claim = |slot: &HotSlot<Payload, Shared, 1>, n: usize| {
        let value = Arc::new(Payload::new(n));
        let word = Arc::new(Payload::new(10 + n));
        let won = slot.claim(
            id(n),
            NonNull::from(&*value),
            &[NonNull::from(&*word).cast()],
        );
        (won, value, word)
    };
    let rival = {
        let slot = Arc::clone(&slot);
        thread::spawn(move || claim(&slot, 2))
    };
    let (i_won, mine, my_word) = claim(&slot, 1);
    let (they_won, theirs, their_word) = rival.join().unwrap();
    assert!(i_won != they_won, "both or neither claim won");
    let (winner, loser) = if i_won { (1, 2) } else { (2, 1) };
    let got = slot
        .get(id(winner))
        .expect("the winner's value is published");
    // SAFETY: all four payloads are alive until the end of this function,
    // and every pointer in the slot is one of them.
    let tag = unsafe { got.as_ref() }.tag();
    assert_eq!(
        tag, winner,
        "the hot slot returned another claimant's value"
    );
    let word = slot
        .word(id(winner), 0)
        .expect("the winner's word is published");
    // SAFETY: as above.
    let tag = unsafe { word.cast::<Payload>().as_ref() }.tag();
    assert_eq!(
        tag,
        10 + winner,
        "the hot slot returned another claimant's word"
    );
    assert_eq!(
        slot.get(id(loser)),
        None,
        "the loser's identity got a value"
    );
    assert_eq!(
        slot.word(id(loser), 0),
        None,
        "the loser's identity got a word"
    );
    seen.record(if i_won { HOT_MAIN_WON } else { HOT_SPAWNED_WON });
    drop((mine, theirs, my_word, their_word));
}

/// A reader (spawned) presents identity 1 while the main thread builds a
/// value and a word and claims the slot with them; the reader reads both
/// pointees it gets.
fn hot_probe_race(seen: &Outcomes) {
    let slot = Arc::new(HotSlot::<Payload, Shared, 1>::new());
    let mine = Arc::new(Payload::new(7));
    let word = Arc::new(Payload::new(7));
    let reader = {
        let slot = Arc::clone(&slot);
        let keep = (Arc::clone(&mine), Arc::clone(&word));
        thread::spawn(move || {
            // SAFETY: the only pointers ever stored are `keep`'s payloads,
            // alive for this whole closure.
            let value = slot.get(id(1)).map(|p| unsafe { p.as_ref() }.tag());
            // SAFETY: as above.
            let word = slot
                .word(id(1), 0)
                .map(|p| unsafe { p.cast::<Payload>().as_ref() }.tag());
            drop(keep);
            (value, word)
        })
    };
    // The payloads' tags are written here, in the claimant's thread, after
    // the reader was spawned: only the slot's Release/Acquire pair orders
    // them before the reader's reads.
    // SAFETY: nobody reads the tags before the claim below publishes them.
    mine.tag.with_mut(|p| unsafe { *p = 8 });
    // SAFETY: as above.
    word.tag.with_mut(|p| unsafe { *p = 9 });
    assert!(slot.claim(
        id(1),
        NonNull::from(&*mine),
        &[NonNull::from(&*word).cast()]
    ));
    let (value, word) = reader.join().unwrap();
    if let Some(tag) = value {
        assert_eq!(tag, 8, "the reader saw the pointer but not the value");
    }
    if let Some(tag) = word {
        assert_eq!(tag, 9, "the reader saw the word but not its pointee");
    }
    seen.record(if value.is_some() {
        PROBE_SAW_VALUE
    } else {
        PROBE_SAW_NOTHING
    });
}

/// Outcomes of [`hot_words_race`].
const WORDS_SAW_NOTHING: usize = 0;
const WORDS_SAW_ALL: usize = 1;

/// A reader (spawned) presents identity 1 while the main thread claims the
/// slot with a pointer and two words. Nothing is dereferenced: the model is
/// about what finding the identity promises, that the pointer and every
/// word are there with it.
fn hot_words_race(seen: &Outcomes) {
    let slot = Arc::new(HotSlot::<u8, Shared, 2>::new());
    let value = NonNull::<u8>::dangling();
    let words = [
        NonNull::<u16>::dangling().cast(),
        NonNull::<u32>::dangling().cast(),
    ];
    let reader = {
        let slot = Arc::clone(&slot);
        thread::spawn(move || {
            // Addresses, not pointers: the result crosses back to the main
            // thread.
            let got = slot.get(id(1)).map(NonNull::addr);
            let first = slot.word(id(1), 0).map(NonNull::addr);
            let second = slot.word(id(1), 1).map(NonNull::addr);
            (got, first, second)
        })
    };
    assert!(slot.claim(id(1), value, &words));
    let (got, first, second) = reader.join().unwrap();
    if got.is_some() {
        assert!(
            first.is_some() && second.is_some(),
            "the reader found its identity but not its words"
        );
        assert_eq!(got, Some(value.addr()), "the reader got another pointer");
        assert_eq!(
            (first, second),
            (Some(words[0].addr()), Some(words[1].addr())),
            "the reader got other words"
        );
    }
    seen.record(if got.is_some() {
        WORDS_SAW_ALL
    } else {
        WORDS_SAW_NOTHING
    });
}

/// Outcomes of [`hot_word_alone_race`]: how many of the two words the
/// reader got (0, 1 or 2).
const WORDS_GOT_NONE: usize = 0;
const WORDS_GOT_BOTH: usize = 2;

/// A reader (spawned) presents identity 1 and reads the slot's two words
/// through the word path alone, as `Context::hot_word` (what `ctx.i64()`
/// calls) does, dereferencing each word it gets, while the main thread
/// writes the words' pointees and claims the slot with them. No `get` comes
/// first, so only the word path's own load of the identity can order the
/// pointees' writes before the reader's reads of them.
fn hot_word_alone_race(seen: &Outcomes) {
    let slot = Arc::new(HotSlot::<Payload, Shared, 2>::new());
    let words = [Arc::new(Payload::new(0)), Arc::new(Payload::new(0))];
    let reader = {
        let slot = Arc::clone(&slot);
        let keep = (Arc::clone(&words[0]), Arc::clone(&words[1]));
        thread::spawn(move || {
            let read = |k| {
                let word = slot.word(id(1), k)?;
                // SAFETY: the only words ever stored are `keep`'s payloads,
                // alive for this whole closure.
                Some(unsafe { word.cast::<Payload>().as_ref() }.tag())
            };
            let got = (read(0), read(1));
            drop(keep);
            got
        })
    };
    // Written here, after the reader was spawned: only the slot orders
    // these writes before the reader's reads.
    // SAFETY: nobody reads the tags before the claim below publishes them.
    words[0].tag.with_mut(|p| unsafe { *p = 20 });
    // SAFETY: as above.
    words[1].tag.with_mut(|p| unsafe { *p = 21 });
    // The reader never reads the slot's pointer, so the claim publishes a
    // dangling one.
    let value = NonNull::<Payload>::dangling();
    let published = [
        NonNull::from(&*words[0]).cast(),
        NonNull::from(&*words[1]).cast(),
    ];
    assert!(slot.claim(id(1), value, &published));
    let (first, second) = reader.join().unwrap();
    if let Some(tag) = first {
        assert_eq!(tag, 20, "the reader got word 0 but not its pointee");
        assert!(
            second.is_some(),
            "the reader got word 0, then not word 1 of the same claim"
        );
    }
    if let Some(tag) = second {
        assert_eq!(tag, 21, "the reader got word 1 but not its pointee");
    }
    seen.record(usize::from(first.is_some()) + usize::from(second.is_some()));
}

/// Outcomes of [`growth_race`].
const A_SEGMENT_LOST: usize = 0;
const NO_SEGMENT_LOST: usize = 1;

/// Two threads publish into different slots of the same unpublished segment,
/// so both race to allocate and publish that segment.
fn growth_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::new());
    let other = {
        let array = Arc::clone(&array);
        thread::spawn(move || array.get_or_init(1, || Payload::new(1)).tag())
    };
    assert_eq!(array.get_or_init(2, || Payload::new(2)).tag(), 2);
    assert_eq!(other.join().unwrap(), 1);
    assert_eq!(array.get(1).map(Payload::tag), Some(1));
    assert_eq!(array.get(2).map(Payload::tag), Some(2));
    assert!(array.get(0).is_none());
    let stats = array.stats();
    // The inline segment 0 (one slot under loom) and one segment 1 (two
    // slots): the loser's segment was not kept.
    assert_eq!(
        stats,
        BucketStats {
            published: 2,
            allocated_slots: 3,
            lost_value_races: 0,
            lost_segment_races: stats.lost_segment_races.min(1),
        }
    );
    seen.record(if stats.lost_segment_races == 1 {
        A_SEGMENT_LOST
    } else {
        NO_SEGMENT_LOST
    });
}

/// Two threads: the main thread publishes slots 1 and then 0 while the
/// spawned one iterates. Outcome: a bit mask of the indices iteration saw.
fn iter_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::with_capacity(2));
    let walker = {
        let array = Arc::clone(&array);
        thread::spawn(move || {
            let mut mask = 0;
            for (index, value) in array.iter() {
                assert_eq!(value.tag(), 10 + index, "iteration saw an incomplete value");
                mask |= 1 << index;
            }
            mask
        })
    };
    array.get_or_init(1, || Payload::new(11));
    array.get_or_init(0, || Payload::new(10));
    seen.record(walker.join().unwrap());
    assert_eq!(array.iter().count(), 2);
}

/// Outcomes of [`kind_index_race`].
const BOTH_RESERVED: usize = 0;
const ONE_RESERVED: usize = 1;

/// Two threads ask for the dense index of one kind for the first time.
fn kind_index_race(seen: &Outcomes) {
    let registry = Arc::new(KindRegistry::new());
    let kind = Arc::new(DenseKind::new("test.racy"));
    let theirs = {
        let (registry, kind) = (Arc::clone(&registry), Arc::clone(&kind));
        thread::spawn(move || kind.index_in(&registry))
    };
    let mine = kind.index_in(&registry);
    let theirs = theirs.join().unwrap();
    assert_eq!(
        mine, theirs,
        "racing threads got different dense indices for one kind"
    );
    assert_eq!(kind.assigned_index(), Some(mine));
    // At most one hole: the loser's reserved number.
    let reserved = registry.reserved();
    assert!(mine < reserved && reserved <= 2);
    seen.record(if reserved == 2 {
        BOTH_RESERVED
    } else {
        ONE_RESERVED
    });
    // The next kind gets a fresh number.
    let next = DenseKind::new("test.next");
    assert_eq!(next.index_in(&registry), reserved);
}

/// Outcomes of [`growth_probe_race`].
const SAW_NO_SEGMENT: usize = 0;
const SAW_EMPTY_SLOT: usize = 1;
const SAW_GROWN_VALUE: usize = 2;

/// A probe (spawned) of index 1 races the main thread's first
/// `get_or_init(1)`, which allocates and publishes segment 1 (beyond the
/// inline segment) and then the value in it. Outcome: whether the probe found
/// no segment, the segment with an empty slot, or the value.
fn growth_probe_race(seen: &Outcomes) {
    let array = Arc::new(BucketArray::<Payload>::new());
    let prober = {
        let array = Arc::clone(&array);
        thread::spawn(move || {
            // Read before the probe: a segment seen here is seen by the probe
            // (coherence of the segment pointer), so a probe that then finds
            // nothing found an empty slot.
            let segment_seen = array.allocated_slots() > 1;
            match array.get(1) {
                Some(value) => {
                    assert_eq!(value.tag(), 5, "the probe saw an incomplete value");
                    SAW_GROWN_VALUE
                }
                None if segment_seen => SAW_EMPTY_SLOT,
                None => SAW_NO_SEGMENT,
            }
        })
    };
    assert_eq!(array.get_or_init(1, || Payload::new(5)).tag(), 5);
    seen.record(prober.join().unwrap());
    assert_eq!(array.stats().allocated_slots, 3, "one segment 1 was kept");
}

/// Outcomes of [`two_kinds_race`].
const FIRST_KIND_GOT_ZERO: usize = 0;
const SECOND_KIND_GOT_ZERO: usize = 1;

/// Two threads number two *different* kinds in one registry for the first
/// time: both reserve from the registry's counter at once.
fn two_kinds_race(seen: &Outcomes) {
    let registry = Arc::new(KindRegistry::new());
    let first = Arc::new(DenseKind::new("test.first"));
    let theirs = {
        let (registry, first) = (Arc::clone(&registry), Arc::clone(&first));
        thread::spawn(move || first.index_in(&registry))
    };
    let second = DenseKind::new("test.second");
    let mine = second.index_in(&registry);
    let theirs = theirs.join().unwrap();
    assert_ne!(mine, theirs, "two different kinds got the same dense index");
    assert_eq!(registry.reserved(), 2, "two numbers reserved");
    seen.record(if theirs == 0 {
        FIRST_KIND_GOT_ZERO
    } else {
        SECOND_KIND_GOT_ZERO
    });
}

// ---- models (races of growth and of unique numbers) --------------------

/// Checks invariants 2 and 11 where publication races growth: the probe of
/// index 1 runs while segment 1 is being allocated and published. The probe
/// finds no segment, an empty slot, or the complete value; its access to the
/// segment is ordered after the segment's allocation (the shim's liveness
/// cell) and before its free at the array's drop. All three outcomes occur.
#[test]
fn probe_racing_segment_growth() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "probe_racing_segment_growth";
    model::check(name, || growth_probe_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (
                SAW_NO_SEGMENT,
                "the probe runs before segment 1 is published",
            ),
            (SAW_EMPTY_SLOT, "the probe finds segment 1 before its value"),
            (
                SAW_GROWN_VALUE,
                "the probe runs after the value is published",
            ),
        ],
    );
}

/// Checks invariant 12 (numbers handed out by a counter are unique): two
/// different kinds reserve their dense indices at once and get different
/// numbers; each kind gets 0 in some iteration.
#[test]
fn two_kinds_reserve_distinct_indices() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "two_kinds_reserve_distinct_indices";
    model::check(name, || two_kinds_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (
                FIRST_KIND_GOT_ZERO,
                "the spawned thread's kind is numbered first",
            ),
            (
                SECOND_KIND_GOT_ZERO,
                "the main thread's kind is numbered first",
            ),
        ],
    );
}

// ---- models ------------------------------------------------------------

/// Targets: both threads find slot 0 empty, both run `make`, both attempt
/// the publishing compare-and-swap. Exactly one value is published, both
/// threads return it with the field `make` wrote visible (causality checker),
/// and the loser's candidate is dropped (leak checker). Each thread must win
/// in some iteration, and some iteration must run the loser path.
///
/// Checks invariants 2 and 11 (the loser frees its candidate before anyone
/// can reach it).
#[test]
fn publish_race_publishes_exactly_one_value() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "publish_race_publishes_exactly_one_value";
    model::check(name, || publish_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (MAIN_WON, "the main thread wins"),
            (SPAWNED_WON, "the spawned thread wins"),
            (A_CANDIDATE_LOST, "both build a candidate and one loses"),
        ],
    );
}

/// Targets: `get` loads slot 0 before, and after, the other thread's
/// build-then-publish. The probe sees either nothing or the complete value,
/// and both outcomes occur.
///
/// Checks invariant 2.
#[test]
fn probe_sees_nothing_or_a_complete_value() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "probe_sees_nothing_or_a_complete_value";
    model::check(name, || probe_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (PROBE_SAW_NOTHING, "the probe runs before the publication"),
            (PROBE_SAW_VALUE, "the probe runs after the publication"),
        ],
    );
}

/// Targets: a probe in a third thread while two threads race to publish
/// slot 0. The probe sees nothing or the one value that is published (never
/// the loser's candidate, never a partial value); both outcomes occur, and
/// some iteration runs the loser path.
///
/// Checks invariant 2.
#[test]
fn contested_publication_probed_by_a_third_thread() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "contested_publication_probed_by_a_third_thread";
    model::check(name, || contested_probe_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (
                PROBE_SAW_NOTHING,
                "the probe runs before either publication",
            ),
            (PROBE_SAW_VALUE, "the probe runs after the publication"),
            (
                A_CANDIDATE_LOST,
                "both publishers build a candidate and one loses",
            ),
        ],
    );
}

/// Targets: both threads find segment 1 unpublished, both allocate it, both
/// attempt to publish it. One segment survives holding both values; the
/// loser's segment is freed (a leaked segment would fail the run) and its
/// slots are never used. Some iteration must run the segment loser path.
///
/// Checks invariants 2 and 11.
#[test]
fn growth_race_keeps_one_segment() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "growth_race_keeps_one_segment";
    model::check(name, || growth_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (A_SEGMENT_LOST, "both allocate segment 1 and one loses"),
            (
                NO_SEGMENT_LOST,
                "one thread publishes segment 1 before the other looks",
            ),
        ],
    );
}

/// Targets: `iter` walks the segments while the other thread publishes slot
/// 1 and then slot 0. Every value it yields is complete; it sees nothing,
/// slot 1 alone, or both, and at least nothing and both occur.
///
/// Checks invariant 2.
#[test]
fn iteration_sees_only_complete_values() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "iteration_sees_only_complete_values";
    model::check(name, || iter_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (0b00, "iteration runs before both publications"),
            (0b11, "iteration runs after both publications"),
        ],
    );
}

/// Targets: both threads find the kind unnumbered, both reserve a number,
/// both attempt the compare-and-swap. Both return the winner's number, and
/// some iteration has both reserve (the loser leaves a hole).
///
/// Checks invariants 2 and 12.
#[test]
fn kind_index_race_agrees_on_one_index() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "kind_index_race_agrees_on_one_index";
    model::check(name, || kind_index_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (BOTH_RESERVED, "both threads reserve a number"),
            (
                ONE_RESERVED,
                "one thread numbers the kind before the other looks",
            ),
        ],
    );
}

// ---- mutants -----------------------------------------------------------

/// Breaks invariant 2 (Level 1 publishes only fully constructed values): the
/// publishing compare-and-swap is Relaxed, so a probe that sees the pointer
/// need not see the value; loom reports the unordered read.
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_buckets_relaxed_publish() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsRelaxedPublish, || {
        model::check("mutant_buckets_relaxed_publish", || probe_race(&SEEN))
    });
}

/// Breaks invariant 2: the probe load is Relaxed, so seeing the pointer does
/// not imply seeing the value; loom reports the unordered read.
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_buckets_relaxed_probe() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsRelaxedProbe, || {
        model::check("mutant_buckets_relaxed_probe", || probe_race(&SEEN))
    });
}

/// Breaks invariant 2: the slot is published before the value is written, so
/// a probe that sees the pointer is not ordered after the writes of the
/// value's fields; loom reports the read and the write as unordered.
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_buckets_publish_before_init() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsPublishBeforeInit, || {
        model::check("mutant_buckets_publish_before_init", || probe_race(&SEEN))
    });
}

/// Breaks publish-or-free (invariant 2's "the loser frees its candidate"):
/// the loser of the value compare-and-swap forgets its candidate instead of
/// dropping it; loom's leak checker reports the candidate's token block
/// (loom-0.7.2 `src/rt/alloc.rs`: "Allocation leaked.").
#[test]
#[should_panic(expected = "Allocation leaked.")]
fn mutant_buckets_loser_leaks() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsLoserLeaks, || {
        model::check("mutant_buckets_loser_leaks", || publish_race(&SEEN))
    });
}

/// Breaks "a kind's dense index is assigned exactly once": the index is
/// assigned by a load and then a store, so two threads can both see it
/// unassigned and both store their own number; the model's assertion fails.
#[test]
#[should_panic(expected = "racing threads got different dense indices for one kind")]
fn mutant_buckets_kind_index_race() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsKindIndexRace, || {
        model::check("mutant_buckets_kind_index_race", || kind_index_race(&SEEN))
    });
}

/// Breaks invariant 2 where publication races growth: the compare-and-swap
/// that publishes segment 1 is Relaxed, so the probe that finds the segment
/// is not ordered after its allocation; the shim's liveness cell reports it.
#[test]
#[should_panic(
    expected = "strata_sync::alloc: a thread accessed a block whose allocation is not ordered before the access"
)]
fn mutant_buckets_relaxed_grow() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsRelaxedGrow, || {
        model::check("mutant_buckets_relaxed_grow", || growth_probe_race(&SEEN))
    });
}

/// Breaks invariant 12: the registry reserves a number with a load and a
/// store, so two different kinds numbered at once can both read the same
/// number; the model's assertion fails.
#[test]
#[should_panic(expected = "two different kinds got the same dense index")]
fn mutant_buckets_reserve_split() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsReserveSplit, || {
        model::check("mutant_buckets_reserve_split", || two_kinds_race(&SEEN))
    });
}

/// Targets: two threads claim one hot slot at once; each wins in some
/// iteration, and the winner's identity gets exactly the winner's value.
///
/// Checks invariant 2 (a hot slot publishes one value, once, under the
/// identity that claimed it).
#[test]
fn hot_slot_claim_race_publishes_the_winner_only() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "hot_slot_claim_race_publishes_the_winner_only";
    model::check(name, || hot_claim_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (HOT_MAIN_WON, "the main thread claims first"),
            (HOT_SPAWNED_WON, "the spawned thread claims first"),
        ],
    );
}

/// Targets: a hot-slot read before, and after, the claim that publishes
/// the value; the reader sees nothing or the complete value, and both occur.
///
/// Checks invariant 2.
#[test]
fn hot_slot_reader_sees_nothing_or_the_complete_value() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "hot_slot_reader_sees_nothing_or_the_complete_value";
    model::check(name, || hot_probe_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (PROBE_SAW_NOTHING, "the read runs before the claim"),
            (PROBE_SAW_VALUE, "the read runs after the claim"),
        ],
    );
}

/// Targets: a reader that presents its identity while the claimant
/// publishes a pointer and two words; finding the identity means finding
/// the pointer and both words, and both outcomes occur.
///
/// Checks invariant 2.
#[test]
fn hot_slot_identity_comes_with_every_word() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "hot_slot_identity_comes_with_every_word";
    model::check(name, || hot_words_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (WORDS_SAW_NOTHING, "the read runs before the publication"),
            (WORDS_SAW_ALL, "the read runs after the publication"),
        ],
    );
}

/// Targets: the word path read on its own, as `Context::hot_word` reads
/// it, racing the claim that publishes the words. The reader calls only
/// `word`, never `get`, so no earlier Acquire orders what it reads: each
/// word it gets has its pointee complete (loom's causality checker), word
/// 0 found means word 1 found, and the reader gets no word, and both
/// words, in some iterations.
///
/// Checks invariant 2.
#[test]
fn hot_slot_word_read_alone_sees_nothing_or_the_complete_value() {
    static SEEN: Outcomes = Outcomes::new();
    let name = "hot_slot_word_read_alone_sees_nothing_or_the_complete_value";
    model::check(name, || hot_word_alone_race(&SEEN));
    SEEN.assert_seen(
        name,
        &[
            (WORDS_GOT_NONE, "both word reads run before the claim"),
            (WORDS_GOT_BOTH, "both word reads run after the claim"),
        ],
    );
}

/// Breaks invariant 2 for the hot slot: the claimant publishes its
/// identity before it writes its pointer and words, so a reader can find
/// the identity with the words still missing; the model's assertion fails.
#[test]
#[should_panic(expected = "the reader found its identity but not its words")]
fn mutant_buckets_hot_owner_first() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsHotOwnerFirst, || {
        model::check("mutant_buckets_hot_owner_first", || hot_words_race(&SEEN))
    });
}

/// Breaks invariant 2 for the hot slot: the loser of the claim stores its
/// pointer and word too, so the winner's identity can get the loser's value
/// or word; the model's assertion fails.
#[test]
// The loser's stores interleave with the winner's, so the first one a
// reader meets may be the value or the word: the message names either.
#[should_panic(expected = "the hot slot returned another claimant's")]
fn mutant_buckets_hot_loser_publishes() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsHotLoserPublishes, || {
        model::check("mutant_buckets_hot_loser_publishes", || {
            hot_claim_race(&SEEN)
        })
    });
}

/// Breaks invariant 2 for the hot slot: the identity load is Relaxed, so
/// the reader that finds its identity and gets the pointer is not ordered
/// after the claimant's write of the value; loom reports the unordered read.
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_buckets_hot_relaxed_load() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsHotRelaxedLoad, || {
        model::check("mutant_buckets_hot_relaxed_load", || hot_probe_race(&SEEN))
    });
}

/// Breaks invariant 2 for the word path: `word` loads the word first and
/// checks the identity with a Relaxed load, so a reader that reads a word
/// alone is not ordered after the claimant's write of its pointee; loom
/// reports the unordered read.
#[test]
#[should_panic(expected = "Causality violation: Concurrent read and write accesses")]
fn mutant_buckets_hot_word_first() {
    static SEEN: Outcomes = Outcomes::new();
    with_mutant(Mutant::BucketsHotWordFirst, || {
        model::check("mutant_buckets_hot_word_first", || {
            hot_word_alone_race(&SEEN)
        })
    });
}
