//! [`HotSlot`]: one published pointer and a few published words in front of
//! a [`BucketArray`], for the one value a context reads most.
//!
//! A [`BucketArray`] probe is a dense-index load, a compare against the
//! unassigned marker, a segment test, the slot load and a null test. For the
//! one entry that is read on nearly every lookup (the builtin dialect's
//! pre-created types, read by `ctx.i64()`), that is most of the lookup. A
//! hot slot is a single identity word, a single pointer and `W` words: the
//! first claimant writes its pointer and its words, then publishes its
//! identity, and a reader that presents the same identity gets the pointer,
//! or any one word, with one compare and one load. The words let the reader
//! skip the pointer too: `ctx.i64()` reads the `i64` handle itself, one load
//! from the context, as it did when the builtins were a field of the
//! context.
//!
//! [`BucketArray`]: crate::BucketArray

use core::num::NonZeroUsize;
use core::ptr::{self, NonNull};

use strata_sync::atomic::Ordering::{Acquire, Relaxed, Release};
use strata_sync::policy::{AtomicInt, AtomicPointer, Policy, Shared};
use strata_sync::{Mutant, mutant};

/// The `owner` value while the winner of the claim writes its pointer and
/// words: not an identity any reader can present (see [`HotSlot::claim`]).
const WRITING: usize = usize::MAX;

/// One pointer and `W` words that the first claimant publishes under its
/// identity, and that only a reader presenting that identity gets back.
///
/// ```
/// use std::num::NonZeroUsize;
/// use std::ptr::NonNull;
/// use strata_buckets::HotSlot;
///
/// static VALUE: u32 = 7;
/// static WORD: u64 = 9;
/// let slot: HotSlot<u32, strata_sync::policy::Shared, 1> = HotSlot::new();
/// let me = NonZeroUsize::new(1).unwrap();
/// let other = NonZeroUsize::new(2).unwrap();
/// assert!(slot.claim(me, NonNull::from(&VALUE), &[NonNull::from(&WORD).cast()]));
/// assert!(!slot.claim(other, NonNull::from(&VALUE), &[]), "claimed once, forever");
/// assert_eq!(slot.get(me), Some(NonNull::from(&VALUE)));
/// assert_eq!(slot.word(me, 0), Some(NonNull::from(&WORD).cast()));
/// assert_eq!(slot.get(other), None);
/// assert_eq!(slot.word(other, 0), None);
/// ```
///
/// # Atomic orderings
///
/// `owner` goes from 0 to a writing marker (`usize::MAX`) exactly once (one compare-and-swap),
/// and only the thread whose swap succeeded then stores `value` and the
/// words, once each, and finally stores its identity into `owner` with
/// `Release`. A reader loads `owner` with `Acquire`, pairing with that
/// store: finding its own identity there, it sees the pointer and every word
/// complete, and whatever the claimant could see of their pointees when it
/// claimed. The pointer and the words are therefore loaded `Relaxed`: they
/// are written before the publication and never again.
pub struct HotSlot<T, P: Policy = Shared, const W: usize = 0> {
    /// 0, then [`WRITING`] (one compare-and-swap in `claim`, Relaxed: it
    /// orders nothing), then forever the identity of the one claimant
    /// (stored by the claimant with Release, pairs with the Acquire load in
    /// `owned_by`).
    owner: P::AtomicUsize,
    /// Null, then forever the claimant's pointer. Stored once by the
    /// claimant before it publishes `owner` (Relaxed: `owner`'s
    /// Release/Acquire pair orders it).
    value: P::AtomicPtr<T>,
    /// Null, then forever the claimant's words; written like `value`.
    words: [P::AtomicPtr<()>; W],
}

impl<T, P: Policy, const W: usize> HotSlot<T, P, W> {
    /// An unclaimed slot.
    pub fn new() -> Self {
        Self {
            owner: AtomicInt::new(0),
            value: AtomicPointer::new(ptr::null_mut()),
            words: core::array::from_fn(|_| AtomicPointer::new(ptr::null_mut())),
        }
    }

    /// Whether `id` claimed the slot and published its pointer and words.
    #[inline(always)]
    fn owned_by(&self, id: NonZeroUsize) -> bool {
        // Pairs with the Release store of the identity in `claim`: finding
        // it means seeing the pointer and words written before it.
        let order = if mutant(Mutant::BucketsHotRelaxedLoad) {
            Relaxed
        } else {
            Acquire
        };
        self.owner.load(order) == id.get()
    }

    /// The pointer published by the claimant `id`, if `id` claimed the slot
    /// and published it yet; `None` for every other identity.
    #[inline(always)]
    pub fn get(&self, id: NonZeroUsize) -> Option<NonNull<T>> {
        if !self.owned_by(id) {
            return None;
        }
        // Relaxed: written before the identity `owned_by` acquired, never
        // again.
        NonNull::new(self.value.load(Relaxed))
    }

    /// Word `k` published by the claimant `id`, if `id` claimed the slot
    /// and published its words yet and gave a word `k`; `None` for every
    /// other identity, and for `k` at or beyond `W` or the claimant's words.
    #[inline(always)]
    pub fn word(&self, id: NonZeroUsize, k: usize) -> Option<NonNull<()>> {
        let word = self.words.get(k)?;
        if mutant(Mutant::BucketsHotWordFirst) {
            return self.word_first(id, word);
        }
        // The identity first: finding it with the Acquire load of
        // `owned_by` is what makes the word loaded next the claimant's, and
        // orders the writes of its pointee before the caller's reads. A
        // caller that reads words alone (`Context::hot_word`) has no other
        // Acquire in front of this one.
        if !self.owned_by(id) {
            return None;
        }
        // Relaxed: as in `get`.
        NonNull::new(word.load(Relaxed))
    }

    /// The word path of the `BucketsHotWordFirst` mutant: the word is
    /// loaded first and taken for the sign that the slot is published (a
    /// word is non-null only once written), and the identity is then
    /// checked with a Relaxed load, only to tell claimants apart. No load
    /// of the path pairs with the claimant's Release store, so a reader
    /// that gets the word is not ordered after the writes of its pointee.
    #[cold]
    fn word_first(&self, id: NonZeroUsize, word: &P::AtomicPtr<()>) -> Option<NonNull<()>> {
        // Relaxed, both (the deliberate bug): they pair with nothing.
        let ptr = NonNull::new(word.load(Relaxed))?;
        (self.owner.load(Relaxed) == id.get()).then_some(ptr)
    }

    /// Claims the slot for `id` and publishes `value` and `words` under it,
    /// if no identity claimed it before; returns whether this call did.
    /// Whatever the caller can see of `*value` and of the words' pointees
    /// now, a reader that gets them back sees too. The slot never
    /// dereferences them: keeping the pointees alive while readers may use
    /// them is the caller's part.
    ///
    /// # Panics
    ///
    /// If `words` has more than `W` words, or `id` is `usize::MAX` (the
    /// slot's marker for a claim being written): both before anything is
    /// claimed.
    pub fn claim(&self, id: NonZeroUsize, value: NonNull<T>, words: &[NonNull<()>]) -> bool {
        assert!(
            words.len() <= W,
            "a hot slot of {W} words cannot publish {}",
            words.len()
        );
        assert_ne!(id.get(), WRITING, "usize::MAX is not a hot-slot identity");
        let owner_first = mutant(Mutant::BucketsHotOwnerFirst);
        // Relaxed on both sides: this swap only elects the writer; the
        // Release store of the identity below publishes what it writes.
        let won = self
            .owner
            .compare_exchange(
                0,
                if owner_first { id.get() } else { WRITING },
                Relaxed,
                Relaxed,
            )
            .is_ok();
        if won || mutant(Mutant::BucketsHotLoserPublishes) {
            // Relaxed: ordered before readers by the identity's Release
            // store (below), which pairs with the Acquire load in
            // `owned_by`.
            self.value.store(value.as_ptr(), Relaxed);
            for (slot, word) in self.words.iter().zip(words) {
                slot.store(word.as_ptr(), Relaxed);
            }
        }
        if won && !owner_first {
            // Pairs with the Acquire load in `owned_by`.
            self.owner.store(id.get(), Release);
        }
        won
    }
}

impl<T, P: Policy, const W: usize> Default for HotSlot<T, P, W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, P: Policy, const W: usize> core::fmt::Debug for HotSlot<T, P, W> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HotSlot")
            .field("owner", &self.owner.load(Relaxed))
            .field("words", &W)
            .finish_non_exhaustive()
    }
}
