//! The refcount header: a strong count, a weak count and the installed
//! marker, with the orderings of invariant 6 in `docs/ARCHITECTURE.md`.

use core::fmt;

use strata_sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use strata_sync::policy::{AtomicFlag, AtomicInt, Policy, Shared};
use strata_sync::{Mutant, mutant};

/// The largest value either count may take. An increment that would take a
/// count past it aborts the process.
///
/// The bound is `isize::MAX`, as for `std::sync::Arc`. It leaves
/// `usize::MAX - isize::MAX` (about 2^63) of headroom above it, and each
/// thread can push the count at most one step past the bound before it
/// aborts, so no number of threads racing on increments can wrap the count
/// round to zero (which would free a payload that is still in use).
pub const MAX_REFCOUNT: usize = isize::MAX as usize;

/// What a decrement did: the answer of [`Counts::dec_strong`] and
/// [`Counts::dec_weak`].
///
/// The answer is `#[must_use]`: ignoring [`Released::Last`] leaks the payload
/// (after `dec_strong`) or the memory (after `dec_weak`), because nobody else
/// will ever be told.
#[must_use = "the caller that releases the last reference must drop the payload or free the memory"]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Released {
    /// This was the last reference of its kind. After
    /// [`dec_strong`](Counts::dec_strong) the caller now owns the payload and
    /// must drop it; after [`dec_weak`](Counts::dec_weak) it owns the memory
    /// and must free it. The acquire fence is already done: everything done
    /// through every other reference happens-before whatever the caller does
    /// next.
    Last,
    /// Other references of this kind remain; the caller must not touch what
    /// they keep alive any more.
    NotLast,
}

impl Released {
    /// Whether this was the last reference ([`Released::Last`]).
    #[inline]
    pub fn is_last(self) -> bool {
        self == Released::Last
    }
}

/// The refcount header of one shared object: a strong count, a weak count,
/// and an installed-in-table marker.
///
/// This is the low-level half of the crate. [`Ref`](crate::Ref) and
/// [`WeakRef`](crate::WeakRef) are built on it; code that embeds the header in
/// its own storage (the facade's reclaimable storage kinds, which live in a
/// table's arena) calls these methods directly and owns the consequences of
/// each answer.
///
/// # Protocol
///
/// A fresh header counts one strong reference (its creator's) and one weak
/// reference, held collectively by all strong references, as in `std`'s
/// `Arc`:
///
/// - The payload lives while the strong count is above zero. The caller whose
///   [`dec_strong`](Self::dec_strong) returns [`Released::Last`] drops it, and
///   then releases the collective weak reference with
///   [`dec_weak`](Self::dec_weak).
/// - The memory (header included) lives while the weak count is above zero.
///   The caller whose `dec_weak` returns [`Released::Last`] frees it.
/// - A strong count that reached zero stays zero: [`try_inc_strong`]
///   fails on it, and [`inc_strong`](Self::inc_strong) may only be called by
///   someone who already holds a strong reference.
///
/// The installed marker is independent of both counts: a flag the owner of the
/// surrounding storage (a table) sets while the object is reachable from it.
/// This crate never reads it; it only makes its flips atomic and ordered.
///
/// # Atomic orderings
///
/// | operation | ordering | pairs with |
/// |---|---|---|
/// | [`inc_strong`](Self::inc_strong), [`inc_weak`](Self::inc_weak) | `Relaxed` | nothing: the new reference is made from one the caller holds, which keeps the object alive |
/// | [`try_inc_strong`] | `Relaxed` CAS loop that fails on zero | the decrement to zero (through the modification order of the count, not through happens-before) |
/// | [`dec_strong`](Self::dec_strong), [`dec_weak`](Self::dec_weak) | `Release`, then an `Acquire` fence on the last one | every earlier decrement of the same count |
/// | [`set_installed`](Self::set_installed), [`clear_installed`](Self::clear_installed) | `AcqRel` swap | each other and [`is_installed`](Self::is_installed) |
/// | [`is_installed`](Self::is_installed) | `Acquire` | the swaps |
/// | [`strong_count`](Self::strong_count), [`weak_count`](Self::weak_count) | `Relaxed` | nothing: a snapshot |
///
/// Under the [`Local`](strata_sync::policy::Local) policy every count is a
/// `Cell`, the orderings are ignored and the fences compile to nothing.
///
/// # Example
///
/// The life of an object embedded in someone else's storage, told through its
/// header alone:
///
/// ```
/// use strata_refcount::{Counts, Released};
///
/// let counts: Counts = Counts::new(); // one strong (the creator's), one weak (the strong side's)
/// counts.inc_weak(); // someone keeps a weak reference
/// assert!(counts.try_inc_strong()); // ... and upgrades it while the object lives
/// assert_eq!(counts.dec_strong(), Released::NotLast);
/// // The last strong reference goes: this caller drops the payload, then
/// // releases the weak reference the strong side held.
/// assert_eq!(counts.dec_strong(), Released::Last);
/// assert_eq!(counts.dec_weak(), Released::NotLast);
/// // The object is dead for good: an upgrade now fails.
/// assert!(!counts.try_inc_strong());
/// // The last weak reference goes: this caller frees the memory.
/// assert_eq!(counts.dec_weak(), Released::Last);
/// ```
///
/// [`try_inc_strong`]: Self::try_inc_strong
pub struct Counts<P: Policy = Shared> {
    /// The number of strong references. The payload is alive exactly while
    /// this is above zero; once it reaches zero it is never incremented again
    /// (`try_inc_strong` refuses, `inc_strong` requires a strong reference).
    strong: P::AtomicUsize,
    /// The number of weak references, plus one while `strong` is above zero
    /// (the weak reference the strong side holds collectively). The memory is
    /// alive exactly while this is above zero.
    weak: P::AtomicUsize,
    /// Whether the surrounding storage has installed the object (in a table);
    /// flipped only by whole-value swaps, so exactly one of two racing
    /// flippers sees the old value.
    installed: P::AtomicBool,
}

impl<P: Policy> Counts<P> {
    /// A header for a freshly created object: one strong reference (the
    /// creator's), one weak reference (held collectively by the strong side),
    /// not installed.
    #[inline]
    pub fn new() -> Self {
        Counts {
            strong: AtomicInt::new(1),
            weak: AtomicInt::new(1),
            installed: AtomicFlag::new(false),
        }
    }

    /// Adds a strong reference. The caller must already hold one (that is what
    /// keeps the object alive during the call); to make a strong reference
    /// from a weak one, use [`try_inc_strong`](Self::try_inc_strong).
    ///
    /// Aborts the process if the count would pass [`MAX_REFCOUNT`] (only
    /// possible by leaking references, e.g. with `mem::forget` in a loop).
    #[inline]
    pub fn inc_strong(&self) {
        // Relaxed: the new reference is made from one the caller holds, so
        // the object cannot die during the increment and no data is handed
        // over; the new reference reaches another thread (if ever) through a
        // channel that synchronises on its own. Pairs with nothing.
        let old = self.strong.fetch_add(1, Relaxed);
        debug_assert!(
            old != 0,
            "strata-refcount: inc_strong on a dead object (use try_inc_strong)"
        );
        abort_past_max(old);
    }

    /// Adds a strong reference if the object is still alive (its strong
    /// count is above zero), and returns whether it did. A strong count that
    /// reached zero is never revived: once this returns `false` for a header,
    /// it returns `false` forever.
    ///
    /// The caller must hold something that keeps the memory alive (a weak
    /// reference, or a lock under which the owner of the memory cannot free
    /// it). Aborts the process if the count would pass [`MAX_REFCOUNT`].
    #[inline]
    #[must_use = "on `true` the caller holds a new strong reference that it must release"]
    pub fn try_inc_strong(&self) -> bool {
        if mutant(Mutant::RefcountUpgradeFetchAdd) {
            // The mutant: increment unconditionally, reviving a zero count.
            // Relaxed, as the CAS below; pairs with nothing.
            let old = self.strong.fetch_add(1, Relaxed);
            abort_past_max(old);
            return true;
        }
        // Relaxed: the value only seeds the loop; the CAS below re-checks it.
        let mut n = self.strong.load(Relaxed);
        loop {
            if n == 0 {
                return false;
            }
            abort_past_max(n);
            // Relaxed on success: the increment protects no data by itself.
            // The payload was fully built before the first reference to it
            // existed, and the caller reached this header through a channel
            // that carried that construction with it. What the CAS must
            // guarantee, it guarantees through the modification order of
            // `strong` alone: it succeeds only if no decrement to zero came
            // between the value it read and its write, so it never moves the
            // count up from zero. Pairs with the decrement to zero in
            // `dec_strong` in that sense only. Relaxed on failure: the new
            // value only re-seeds the loop.
            match self
                .strong
                .compare_exchange_weak(n, n + 1, Relaxed, Relaxed)
            {
                Ok(_) => return true,
                Err(seen) => n = seen,
            }
        }
    }

    /// Releases a strong reference and says whether it was the last one.
    ///
    /// On [`Released::Last`] the caller owns the payload: it must drop it and
    /// then release the collective weak reference with
    /// [`dec_weak`](Self::dec_weak). The acquire fence has been done:
    /// everything any thread did through a strong reference before releasing
    /// it happens-before the caller's next step, so the payload's destructor
    /// sees every write made through every handle.
    #[inline]
    pub fn dec_strong(&self) -> Released {
        let broken = mutant(Mutant::RefcountRelaxedDecrement);
        // Release: publishes everything this thread did through its strong
        // reference to whichever thread takes the count to zero. Pairs with
        // the Acquire fence below, run by that thread. (The mutant weakens it
        // to Relaxed.)
        let old = self
            .strong
            .fetch_sub(1, if broken { Relaxed } else { Release });
        debug_assert!(old != 0, "strata-refcount: strong count underflow");
        if old != 1 {
            return Released::NotLast;
        }
        if !broken {
            // Acquire fence: pairs with the Release decrements of every other
            // strong reference (they all precede ours in the count's
            // modification order, and a release sequence carries each of them
            // to us), so the payload's destructor sees their writes. A fence
            // here rather than an AcqRel decrement keeps the common, not-last
            // decrement a plain Release.
            P::fence(Acquire);
        }
        Released::Last
    }

    /// Adds a weak reference. The caller must hold a strong or weak reference
    /// already (that keeps the memory alive during the call).
    ///
    /// Aborts the process if the count would pass [`MAX_REFCOUNT`].
    #[inline]
    pub fn inc_weak(&self) {
        // Relaxed: like `inc_strong`, the new reference is made from one the
        // caller holds and hands no data over. Pairs with nothing.
        let old = self.weak.fetch_add(1, Relaxed);
        debug_assert!(old != 0, "strata-refcount: inc_weak on freed memory");
        abort_past_max(old);
    }

    /// Releases a weak reference and says whether it was the last one.
    ///
    /// On [`Released::Last`] the caller owns the memory and must free it. The
    /// acquire fence has been done: every access any thread made through any
    /// reference (strong or weak) happens-before the free.
    #[inline]
    pub fn dec_weak(&self) -> Released {
        // Release: publishes this thread's accesses through its reference
        // (including, for the collective weak reference, the payload's
        // destruction) to the thread that frees the memory. Pairs with the
        // Acquire fence below, run by that thread. (The mutant
        // `RefcountWeakRelaxedDecrement` weakens it to Relaxed.)
        let broken = mutant(Mutant::RefcountWeakRelaxedDecrement);
        let old = self
            .weak
            .fetch_sub(1, if broken { Relaxed } else { Release });
        debug_assert!(old != 0, "strata-refcount: weak count underflow");
        if old != 1 {
            return Released::NotLast;
        }
        // Acquire fence: pairs with the Release decrements of every other weak
        // reference, so the free comes after every access to the memory.
        P::fence(Acquire);
        Released::Last
    }

    /// The number of strong references: a snapshot that may be stale by the
    /// time it returns, except that zero is final (a dead object stays dead).
    /// Decisions are taken on the answers of the read-modify-write methods,
    /// never on this.
    #[inline]
    pub fn strong_count(&self) -> usize {
        // Relaxed: a snapshot for statistics and tests; pairs with nothing.
        self.strong.load(Relaxed)
    }

    /// The number of weak references, counting the one the strong side holds
    /// collectively while the object is alive: a snapshot, like
    /// [`strong_count`](Self::strong_count).
    #[inline]
    pub fn weak_count(&self) -> usize {
        // Relaxed: a snapshot for statistics and tests; pairs with nothing.
        self.weak.load(Relaxed)
    }

    /// Sets the installed marker and returns its previous value. Of several
    /// threads racing to set it, exactly one sees `false`.
    #[inline]
    pub fn set_installed(&self) -> bool {
        // AcqRel: the marker hands responsibility over (the caller that flips
        // it owns whatever the owner of the storage ties to it, such as
        // removing the table entry). Release publishes what the caller did
        // before flipping it; Acquire lets it see what the previous flipper
        // did. Pairs with `clear_installed`, `is_installed` and other calls
        // of this method.
        self.installed.swap(true, AcqRel)
    }

    /// Clears the installed marker and returns its previous value. Of several
    /// threads racing to clear it, exactly one sees `true`.
    #[inline]
    pub fn clear_installed(&self) -> bool {
        // AcqRel: as in `set_installed`, with which (and with `is_installed`)
        // it pairs.
        self.installed.swap(false, AcqRel)
    }

    /// Whether the installed marker is set. Seeing a value written by
    /// [`set_installed`](Self::set_installed) or
    /// [`clear_installed`](Self::clear_installed) means seeing everything the
    /// writer did before that call.
    #[inline]
    pub fn is_installed(&self) -> bool {
        // Acquire: pairs with the AcqRel swaps of `set_installed` and
        // `clear_installed`.
        self.installed.load(Acquire)
    }
}

impl<P: Policy> Default for Counts<P> {
    /// The same as [`Counts::new`].
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy> fmt::Debug for Counts<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Counts")
            .field("policy", &P::NAME)
            .field("strong", &self.strong_count())
            .field("weak", &self.weak_count())
            .field("installed", &self.is_installed())
            .finish()
    }
}

/// Aborts the process if a count that read `old` may not be incremented.
///
/// An abort rather than a panic: by the time the check runs, the increment
/// has happened (a `fetch_add` cannot be taken back without racing with other
/// threads), and unwinding would run destructors that may decrement a count
/// that is already wrong.
#[inline(always)]
fn abort_past_max(old: usize) {
    if old >= MAX_REFCOUNT {
        overflow_abort();
    }
}

#[cold]
#[inline(never)]
fn overflow_abort() -> ! {
    std::process::abort()
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;
    use strata_sync::policy::Local;

    fn protocol<P: Policy>() {
        let c = Counts::<P>::new();
        assert_eq!((c.strong_count(), c.weak_count()), (1, 1));
        assert!(!c.is_installed());
        c.inc_strong();
        c.inc_weak();
        assert_eq!((c.strong_count(), c.weak_count()), (2, 2));
        assert!(c.try_inc_strong());
        assert_eq!(c.strong_count(), 3);
        assert_eq!(c.dec_strong(), Released::NotLast);
        assert_eq!(c.dec_strong(), Released::NotLast);
        assert_eq!(c.dec_strong(), Released::Last);
        assert_eq!(c.strong_count(), 0);
        // Dead for good: every later upgrade fails and leaves the count at 0.
        assert!(!c.try_inc_strong());
        assert!(!c.try_inc_strong());
        assert_eq!(c.strong_count(), 0);
        assert_eq!(c.dec_weak(), Released::NotLast);
        assert_eq!(c.dec_weak(), Released::Last);
        assert_eq!(c.weak_count(), 0);
    }

    #[test]
    fn protocol_shared() {
        protocol::<Shared>();
    }

    #[test]
    fn protocol_local() {
        protocol::<Local>();
    }

    fn installed_marker<P: Policy>() {
        let c = Counts::<P>::default();
        assert!(!c.set_installed(), "the first set sees the marker clear");
        assert!(c.set_installed(), "a second set sees it set");
        assert!(c.is_installed());
        assert!(c.clear_installed(), "the first clear sees it set");
        assert!(!c.clear_installed(), "a second clear sees it clear");
        assert!(!c.is_installed());
        // The marker is independent of the counts.
        assert_eq!((c.strong_count(), c.weak_count()), (1, 1));
    }

    #[test]
    fn installed_marker_shared() {
        installed_marker::<Shared>();
    }

    #[test]
    fn installed_marker_local() {
        installed_marker::<Local>();
    }

    #[test]
    fn released_is_last() {
        assert!(Released::Last.is_last());
        assert!(!Released::NotLast.is_last());
    }

    #[test]
    fn debug_shows_counts_and_policy() {
        let c = Counts::<Local>::new();
        let _ = c.set_installed();
        assert_eq!(
            format!("{c:?}"),
            "Counts { policy: \"single\", strong: 1, weak: 1, installed: true }"
        );
    }

    #[test]
    fn counts_up_to_the_bound_do_not_abort() {
        let c = Counts::<Shared>::new();
        c.strong.store(MAX_REFCOUNT - 1, Relaxed);
        c.inc_strong();
        assert_eq!(c.strong_count(), MAX_REFCOUNT);
        c.strong.store(MAX_REFCOUNT - 1, Relaxed);
        assert!(c.try_inc_strong());
        assert_eq!(c.strong_count(), MAX_REFCOUNT);
        c.weak.store(MAX_REFCOUNT - 1, Relaxed);
        c.inc_weak();
        assert_eq!(c.weak_count(), MAX_REFCOUNT);
    }

    /// The environment variable that turns [`overflow_child`] on.
    const CHILD: &str = "STRATA_REFCOUNT_OVERFLOW_CHILD";

    /// One increment past the bound, chosen by `CHILD`; runs only in the child
    /// process [`overflow_aborts`] starts, where it must abort.
    #[test]
    fn overflow_child() {
        let Ok(which) = std::env::var(CHILD) else {
            return;
        };
        fn at_bound<P: Policy>() -> Counts<P> {
            let c = Counts::<P>::new();
            c.strong.store(MAX_REFCOUNT, Relaxed);
            c.weak.store(MAX_REFCOUNT, Relaxed);
            c
        }
        match which.as_str() {
            "inc_strong/shared" => at_bound::<Shared>().inc_strong(),
            "inc_strong/local" => at_bound::<Local>().inc_strong(),
            "inc_weak/shared" => at_bound::<Shared>().inc_weak(),
            "inc_weak/local" => at_bound::<Local>().inc_weak(),
            "try_inc_strong/shared" => {
                let _ = at_bound::<Shared>().try_inc_strong();
            }
            "try_inc_strong/local" => {
                let _ = at_bound::<Local>().try_inc_strong();
            }
            other => panic!("unknown overflow case {other}"),
        }
        // Reaching this line means the increment did not abort; the parent
        // sees a clean exit and fails.
    }

    /// Every increment aborts the process (SIGABRT, not a panic) when it would
    /// pass `MAX_REFCOUNT`, under both policies.
    #[test]
    fn overflow_aborts() {
        use std::os::unix::process::ExitStatusExt;
        let exe = std::env::current_exe().expect("the test binary's path");
        for case in [
            "inc_strong/shared",
            "inc_strong/local",
            "inc_weak/shared",
            "inc_weak/local",
            "try_inc_strong/shared",
            "try_inc_strong/local",
        ] {
            let out = std::process::Command::new(&exe)
                .args([
                    "--exact",
                    "counts::tests::overflow_child",
                    "--test-threads=1",
                ])
                .env(CHILD, case)
                .output()
                .expect("the child test process starts");
            assert_eq!(
                out.status.signal(),
                Some(6),
                "{case}: expected SIGABRT, got {:?}\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}
