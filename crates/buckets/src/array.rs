//! The bucket array: lazily created slots published by compare-and-swap.
//!
//! The slots are grouped in segments. Segment `s` holds
//! `FIRST_SEGMENT_LEN << s` slots, so the segments double in size and index
//! `i` lives in segment `ilog2(i + FIRST_SEGMENT_LEN) - FIRST_SHIFT`: one
//! `leading_zeros`, no loop. Segment 0 is inline in the array, so the first
//! [`FIRST_SEGMENT_LEN`] indices (every builtin kind of the facade) cost one
//! load to probe; every later segment is allocated on first use and
//! published by compare-and-swap in a fixed table of segment pointers. A
//! slot holds a pointer to a separately allocated node, also published by
//! compare-and-swap. Nothing published is ever moved or freed before the
//! array itself is dropped, which is what lets [`BucketArray::get`] hand out
//! a plain `&T` without a lock, an epoch or a reference count.

use core::fmt;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use core::ptr::{self, NonNull};

#[cfg(not(strata_loom))]
use strata_sync::alloc::{self, Layout};
use strata_sync::atomic::Ordering::{AcqRel, Acquire, Relaxed};
use strata_sync::policy::{AtomicInt, AtomicPointer, Policy, Shared};
use strata_sync::{Mutant, UnsafeCell, mutant};

/// `log2` of the length of segment 0, the inline one: 32 slots (256 bytes),
/// enough for the facade's builtin kinds.
///
/// Under loom the first segment holds a single slot, so that a model touching
/// index 1 or 2 already exercises growth.
#[cfg(not(strata_loom))]
const FIRST_SHIFT: u32 = 5;
#[cfg(strata_loom)]
const FIRST_SHIFT: u32 = 0;

/// The length of segment 0, which is inline in the array; segment `s` holds
/// `FIRST_SEGMENT_LEN << s` slots.
pub const FIRST_SEGMENT_LEN: usize = 1 << FIRST_SHIFT;

/// The number of segments, the inline one included: 18, so the table of
/// heap segments is 136 bytes, the capacity is about 8.4 million indices,
/// and the largest segment (4 Mi slots, 32 MiB) is still an allocation a test
/// can make. Level 1 is indexed by small dense numbers (kind indices, shard
/// numbers), far below that. Under loom, 4, which keeps every model's state
/// small.
#[cfg(not(strata_loom))]
const SEGMENTS: usize = 18;
#[cfg(strata_loom)]
const SEGMENTS: usize = 4;

/// The number of indices a [`BucketArray`] can hold: every `i < CAPACITY`
/// works. `FIRST_SEGMENT_LEN * (2^SEGMENTS - 1)` in all: 8,388,576 (15 under
/// loom).
pub const CAPACITY: usize = (1 << (SEGMENTS + FIRST_SHIFT as usize)) - FIRST_SEGMENT_LEN;

/// Heap blocks for nodes and (under loom) segments.
///
/// A normal build allocates through `strata_sync::alloc`. FIXME(loom): under
/// `--cfg strata_loom` a block is a loom `Arc` instead (turned into a raw
/// pointer and back), which loom tracks just as well (a leaked block fails
/// the model with "Arc leaked."; a double free fails too) but without loom
/// 0.7.2's defect with raw allocations: when a model fails (a causality
/// violation, a leak report) while a block from `loom::alloc` is live, loom's
/// table of raw allocations is dropped outside the model during unwinding,
/// its entries panic in their destructor, and the whole test binary aborts,
/// so no `should_panic` mutant test could observe the failure. The cost is
/// that the loom build does not exercise the normal build's allocation calls
/// (ASan and the stress tests do).
mod block {
    use core::ptr::NonNull;

    /// Moves `value` into a new block.
    #[cfg(not(strata_loom))]
    #[inline]
    pub(super) fn new<B>(value: B) -> NonNull<B> {
        strata_sync::alloc::into_raw(value)
    }

    /// Moves `value` into a new block.
    #[cfg(strata_loom)]
    pub(super) fn new<B>(value: B) -> NonNull<B> {
        let raw = strata_sync::Arc::into_raw(strata_sync::Arc::new(value));
        NonNull::new(raw.cast_mut()).expect("an `Arc` is never null")
    }

    /// Drops the value in the block and frees it.
    ///
    /// # Safety
    ///
    /// 1. `block` came from [`new`] for the same `B`.
    /// 2. It is not freed before, and nothing uses it afterwards.
    #[cfg(not(strata_loom))]
    #[inline]
    pub(super) unsafe fn drop<B>(block: NonNull<B>) {
        // SAFETY: (1) and (2) are `drop_raw`'s (1) and (2).
        unsafe { strata_sync::alloc::drop_raw(block) };
    }

    /// Drops the value in the block and frees it.
    ///
    /// # Safety
    ///
    /// 1. `block` came from [`new`] for the same `B`.
    /// 2. It is not freed before, and nothing uses it afterwards.
    #[cfg(strata_loom)]
    pub(super) unsafe fn drop<B>(block: NonNull<B>) {
        // SAFETY: by (1) the pointer came from `Arc::into_raw` for `B`, whose
        // single strong count this `Arc` takes back; by (2) exactly once.
        core::mem::drop(unsafe { strata_sync::Arc::from_raw(block.as_ptr().cast_const()) });
    }
}

/// One slot of a segment.
///
/// **Slot pointer invariant.** A slot holds null, or a `Node<T>` allocated by
/// [`Node::alloc_empty`] whose value was completely written (by
/// [`Node::fill`]) before the compare-and-swap in [`BucketArray::publish`]
/// stored it. That compare-and-swap (null to node, at most once per slot) is
/// the only write while the array is shared; `Drop` clears it again with
/// exclusive access. A published node is never written, moved or freed
/// before the array is dropped.
type Slot<T, P> = <P as Policy>::AtomicPtr<Node<T>>;

/// A published value and its allocation.
struct Node<T> {
    /// The value: uninitialised between [`Node::alloc_empty`] and
    /// [`Node::fill`], then initialised and never written again. Reached only
    /// through `with`/`with_mut` so that loom's causality checker sees every
    /// access.
    value: UnsafeCell<MaybeUninit<T>>,
    /// Loom's stand-in for "the value's fields are written". Set by
    /// [`Node::fill`] right after the value. Only the deliberately broken
    /// publish-before-init order (`Mutant::BucketsPublishBeforeInit`) can let
    /// a reader find it `false`; the reader then waits instead of reading
    /// uninitialised memory, and loom reports the unordered write as a
    /// causality violation. A normal build carries no such flag.
    #[cfg(strata_loom)]
    written: UnsafeCell<bool>,
}

impl<T> Node<T> {
    /// Allocates a node whose value is not written yet.
    fn alloc_empty() -> NonNull<Self> {
        block::new(Node {
            value: UnsafeCell::new(MaybeUninit::uninit()),
            #[cfg(strata_loom)]
            written: UnsafeCell::new(false),
        })
    }

    /// Writes the node's value.
    ///
    /// # Safety
    ///
    /// 1. `this` came from [`Node::alloc_empty`], is not freed, and its value
    ///    has not been written yet.
    /// 2. No other thread reads the node while this runs (it is not
    ///    published yet; only `Mutant::BucketsPublishBeforeInit` breaks this,
    ///    on purpose, for loom to catch).
    unsafe fn fill(this: NonNull<Self>, value: T) {
        // SAFETY: by (1) the node is live; by (2) nobody else accesses it, so
        // a shared borrow of the node to reach its cells is sound.
        let node = unsafe { this.as_ref() };
        // SAFETY: by (1) the slot is live, valid for a write of `T` and holds
        // no value that this would overwrite without dropping; by (2) the
        // write races with nothing.
        node.value.with_mut(|p| unsafe { (*p).write(value) });
        node.mark_written();
    }

    /// Records, for loom, that the value is written.
    #[cfg(strata_loom)]
    fn mark_written(&self) {
        // SAFETY: the flag is a live `bool`, written by the node's only owner
        // before publication (the contract of `fill`).
        self.written.with_mut(|p| unsafe { *p = true });
    }

    /// Records, for loom, that the value is written: nothing to do in a
    /// normal build.
    #[cfg(not(strata_loom))]
    #[inline(always)]
    fn mark_written(&self) {}

    /// Waits until the value is written. It always is by the time a node can
    /// be seen, so this never waits, except under the publish-before-init
    /// mutant, where waiting (instead of reading uninitialised memory) lets
    /// loom report the unordered write as a causality violation.
    #[cfg(strata_loom)]
    fn wait_written(&self) {
        // SAFETY: the flag is a live `bool`; reading it is what loom checks.
        while !self.written.with(|p| unsafe { *p }) {
            strata_sync::spin_loop();
        }
    }

    /// Waits until the value is written: nothing to do in a normal build,
    /// where a node is filled before it is published.
    #[cfg(not(strata_loom))]
    #[inline(always)]
    fn wait_written(&self) {}

    /// Borrows the value of a published node.
    ///
    /// # Safety
    ///
    /// 1. `this` is a node read from a slot (so the slot pointer invariant
    ///    holds for it: it was filled before it was published), through a
    ///    load that synchronises with the publishing compare-and-swap.
    /// 2. The array that holds it outlives `'a` (nodes are freed only when
    ///    the array is dropped).
    #[inline]
    unsafe fn value<'a>(this: *mut Self) -> &'a T {
        // SAFETY: by (1) and the slot pointer invariant the node is live and
        // never written again; by (2) it stays live for `'a`.
        let node: &'a Self = unsafe { &*this };
        node.wait_written();
        // SAFETY: by (1) the value was initialised before publication and is
        // never written again, so a shared borrow for `'a` (within the node's
        // lifetime, by (2)) is sound.
        node.value.with(|p| unsafe { (*p).assume_init_ref() })
    }

    /// Frees a node nobody else can reach, returning its value if it had been
    /// written.
    ///
    /// The allocation is freed before the value is returned, so a value
    /// whose destructor panics in the caller's hands leaks nothing.
    ///
    /// # Safety
    ///
    /// 1. `this` came from [`Node::alloc_empty`] and is not freed.
    /// 2. No other thread can reach it (it was never published, or the array
    ///    that published it is being dropped), and nothing uses it afterwards.
    /// 3. `written` says truthfully whether [`Node::fill`] ran on it.
    unsafe fn take(this: NonNull<Self>, written: bool) -> Option<T> {
        let value = if written {
            // SAFETY: by (1) and (2) the node is live and ours to borrow.
            let node = unsafe { this.as_ref() };
            // SAFETY: by (3) the value is initialised; by (2) it is never read
            // again, so moving it out leaves no second owner.
            Some(node.value.with(|p| unsafe { (*p).assume_init_read() }))
        } else {
            None
        };
        // SAFETY: by (1) `this` came from `block::new` (inside `alloc_empty`)
        // for `Node<T>`; by (2) it is freed once. Dropping the node drops
        // only its cells: `MaybeUninit` never drops the value, which was
        // moved out above.
        unsafe { block::drop(this) };
        value
    }
}

/// A lock-free array of lazily created values, each published once by
/// compare-and-swap and never moved or freed before the array is dropped.
///
/// Level 1 of strata: the facade keeps one per-kind table in each slot,
/// indexed by the kind's dense index (see [`DenseKind`]). Any structure
/// whose parts are created lazily and must never move (shards, per-thread
/// or per-dialect state indexed by a dense number) can use it the same way.
///
/// - [`get`](Self::get) is a probe: one acquire load of the slot for the
///   first [`FIRST_SEGMENT_LEN`] indices (segment 0 is inline), two beyond
///   (the segment pointer, then the slot); no lock, no read-modify-write.
/// - [`get_or_init`](Self::get_or_init) builds a value with `make` and
///   publishes it by compare-and-swap. **`make` may run in more than one
///   thread** when several threads reach an empty slot at once; exactly one
///   result is ever published, and every other thread drops its own candidate
///   and returns the published value. If `make` panics, nothing is
///   published.
/// - The array grows by publishing segments of doubling size, each by the
///   same publish-or-free rule, so a `&T` stays valid for the array's whole
///   lifetime. Every index below [`CAPACITY`] works.
///
/// `P` picks the threading mode: [`Shared`] (the default) is `Sync`;
/// [`Local`](strata_sync::policy::Local) uses plain loads and stores and is
/// neither `Send` nor `Sync`:
///
/// ```compile_fail
/// use strata_buckets::BucketArray;
/// use strata_sync::policy::Local;
/// fn share<S: Sync>(_: &S) {}
/// let local: BucketArray<u32, Local> = BucketArray::new();
/// share(&local); // error: `Cell<*mut ...>` cannot be shared between threads
/// ```
///
/// # Atomic orderings
///
/// Everything `make` did, and every write to the value before it was
/// published, happens-before any thread that obtains the value from
/// [`get`](Self::get), [`get_or_init`](Self::get_or_init) or
/// [`iter`](Self::iter): the publishing compare-and-swap is `AcqRel` (its
/// failure ordering `Acquire`, for the loser who reads the winner's value),
/// and every probe load is `Acquire`.
///
/// [`DenseKind`]: crate::DenseKind
pub struct BucketArray<T, P: Policy = Shared> {
    /// Segment 0, inline: the slots of indices `0..FIRST_SEGMENT_LEN`.
    first: [Slot<T, P>; FIRST_SEGMENT_LEN],
    /// The heap segments, in reverse: segment `s` (for `s` in `1..SEGMENTS`)
    /// is entry `SEGMENTS - 1 - s`, reached through
    /// [`heap_segment`](Self::heap_segment). Reversed, the entry is a
    /// constant plus the index's leading-zero count, which the compiler
    /// folds into the load's addressing mode on the hit path.
    ///
    /// **Segment pointer invariant.** Segment `s`'s entry holds null, or the
    /// address of an array of (at least) `FIRST_SEGMENT_LEN << s` slots
    /// allocated by [`alloc_segment`] with every slot initialised (to null)
    /// before the compare-and-swap in [`BucketArray::grow`] published it.
    /// That compare-and-swap (null to segment, at most once per entry) is the
    /// only write while the array is shared; `Drop` clears it again with
    /// exclusive access. A published segment is never moved or freed before
    /// the array is dropped.
    rest: [P::AtomicPtr<Slot<T, P>>; SEGMENTS - 1],
    /// How many values have been published. A statistics counter (Relaxed,
    /// pairs with nothing): exact whenever no publication is in flight.
    published: P::AtomicUsize,
    /// How many value candidates lost their publishing race and were
    /// dropped. Statistics (Relaxed), counted on the cold loser path only.
    lost_values: P::AtomicUsize,
    /// How many segment candidates lost their publishing race and were
    /// freed. Statistics (Relaxed), counted on the cold loser path only.
    lost_segments: P::AtomicUsize,
    /// The array owns its values (for the drop checker).
    _owns: PhantomData<T>,
}

// SAFETY: sharing the array lets any thread run `make` and publish a `T` that
// another thread drops later (so `T: Send`) and hands `&T` to every thread
// (so `T: Sync`). All shared mutable state is in the policy's atomic pointers;
// the bound on them excludes the single-threaded policy, whose `Cell`s are
// not `Sync`.
unsafe impl<T: Send + Sync, P: Policy> Sync for BucketArray<T, P>
where
    P::AtomicPtr<Slot<T, P>>: Sync,
    P::AtomicUsize: Sync,
{
}

// SAFETY: moving the array moves the `T`s it owns (so `T: Send`); the raw
// pointers in it are owned by it alone. The bound on the policy's types keeps
// the single-threaded policy on its thread, as that policy intends.
unsafe impl<T: Send, P: Policy> Send for BucketArray<T, P>
where
    P::AtomicPtr<Slot<T, P>>: Send,
    P::AtomicUsize: Send,
{
}

/// Where index `i < CAPACITY` lives: `(segment, offset within it)`.
#[inline(always)]
fn locate(i: usize) -> (usize, usize) {
    debug_assert!(i < CAPACITY);
    // `j` lies in `[2^(s + FIRST_SHIFT), 2^(s + FIRST_SHIFT + 1))` exactly
    // when `i` lies in segment `s`; it cannot overflow because `i < CAPACITY`.
    // The offset is `j` without its top bit: an `xor` (one `btc` on x86-64)
    // rather than a subtraction of a variable shift.
    let j = i + FIRST_SEGMENT_LEN;
    let top = (usize::BITS - 1 - j.leading_zeros()) as usize;
    (top - FIRST_SHIFT as usize, j ^ (1 << top))
}

/// The number of slots of segment `s`.
#[inline(always)]
const fn segment_len(s: usize) -> usize {
    FIRST_SEGMENT_LEN << s
}

/// The first index stored in segment `s`.
#[inline(always)]
const fn segment_start(s: usize) -> usize {
    FIRST_SEGMENT_LEN * ((1 << s) - 1)
}

/// Allocates segment `s`: `segment_len(s)` slots, every one null.
#[cfg(not(strata_loom))]
fn alloc_segment<T, P: Policy>(s: usize) -> NonNull<Slot<T, P>> {
    let len = segment_len(s);
    let layout = segment_layout::<T, P>(s);
    // SAFETY: the layout is non-empty: `len >= 1` and a slot is an atomic
    // pointer or a `Cell` of one, never zero-sized.
    let raw = unsafe { alloc::alloc(layout) }.cast::<Slot<T, P>>();
    let Some(base) = NonNull::new(raw) else {
        alloc::handle_alloc_error(layout)
    };
    for k in 0..len {
        // SAFETY: `base` is valid for `len` slots (the layout above), `k <
        // len`, and the memory is uninitialised, so writing without dropping
        // is right.
        unsafe {
            base.as_ptr()
                .add(k)
                .write(AtomicPointer::new(ptr::null_mut()))
        };
    }
    base
}

/// The layout of segment `s`.
#[cfg(not(strata_loom))]
fn segment_layout<T, P: Policy>(s: usize) -> Layout {
    // A segment of a valid index is at most `CAPACITY` slots of one pointer
    // each, which fits the address space by the choice of `SEGMENTS`.
    Layout::array::<Slot<T, P>>(segment_len(s)).expect("a segment's size fits in `isize`")
}

/// Frees segment `s` at `base` (its slots' nodes must have been freed or
/// never existed).
///
/// # Safety
///
/// 1. `base` came from [`alloc_segment`] for the same `T`, `P` and `s`.
/// 2. No other thread can reach it, and it is not freed before or used after.
#[cfg(not(strata_loom))]
unsafe fn free_segment<T, P: Policy>(base: NonNull<Slot<T, P>>, s: usize) {
    // SAFETY: by (1) the segment holds `segment_len(s)` initialised slots;
    // by (2) nobody else uses them, so dropping them in place is sound.
    unsafe { ptr::slice_from_raw_parts_mut(base.as_ptr(), segment_len(s)).drop_in_place() };
    // SAFETY: by (1) the block was allocated by `alloc::alloc` with exactly
    // this layout; by (2) it is freed once.
    unsafe { alloc::dealloc(base.as_ptr().cast(), segment_layout::<T, P>(s)) };
}

/// Under loom every segment is a block of the largest segment's length
/// (8 slots), of which segment `s` uses the first `segment_len(s)`: a
/// block's type must be `Sized` (see [`block`]).
#[cfg(strata_loom)]
type LoomSegment<T, P> = [Slot<T, P>; FIRST_SEGMENT_LEN << (SEGMENTS - 1)];

/// Allocates segment `s`: at least `segment_len(s)` slots, every one null.
#[cfg(strata_loom)]
fn alloc_segment<T, P: Policy>(_s: usize) -> NonNull<Slot<T, P>> {
    let slots: LoomSegment<T, P> = core::array::from_fn(|_| AtomicPointer::new(ptr::null_mut()));
    block::new(slots).cast()
}

/// Frees a segment.
///
/// # Safety
///
/// 1. `base` came from [`alloc_segment`] for the same `T` and `P`.
/// 2. No other thread can reach it, and it is not freed before or used after.
#[cfg(strata_loom)]
unsafe fn free_segment<T, P: Policy>(base: NonNull<Slot<T, P>>, _s: usize) {
    // SAFETY: by (1) `base` is the block `alloc_segment` made for a
    // `LoomSegment<T, P>`; (2) is `block::drop`'s (2).
    unsafe { block::drop(base.cast::<LoomSegment<T, P>>()) };
}

impl<T, P: Policy> BucketArray<T, P> {
    /// The number of indices the array can hold (see [`CAPACITY`]).
    pub const CAPACITY: usize = CAPACITY;

    /// Creates an empty array. Segment 0 is inline; no other segment is
    /// allocated until a value is published into it.
    pub fn new() -> Self {
        Self {
            first: core::array::from_fn(|_| AtomicPointer::new(ptr::null_mut())),
            rest: core::array::from_fn(|_| AtomicPointer::new(ptr::null_mut())),
            published: AtomicInt::new(0),
            lost_values: AtomicInt::new(0),
            lost_segments: AtomicInt::new(0),
            _owns: PhantomData,
        }
    }

    /// Creates an empty array whose segments for the indices `0..len` are
    /// allocated up front, so that the first publication into them does not
    /// race to grow the array.
    ///
    /// # Panics
    ///
    /// If `len > CAPACITY`.
    pub fn with_capacity(len: usize) -> Self {
        assert!(
            len <= CAPACITY,
            "strata: a bucket array holds at most {CAPACITY} indices, not {len}"
        );
        let array = Self::new();
        if len > 0 {
            let (last, _) = locate(len - 1);
            for s in 1..=last {
                array.segment_or_grow(s);
            }
        }
        array
    }

    /// Returns the value published at index `i`, if any.
    ///
    /// The hit path for an index below [`FIRST_SEGMENT_LEN`] is one acquire
    /// load of the slot and one dereference; beyond it, one more acquire load
    /// (the segment pointer, found with one `leading_zeros`). No lock, no
    /// read-modify-write, no loop. An index at or beyond [`CAPACITY`] has
    /// nothing published.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        // Both paths meet at (segment base, offset), so that the slot load
        // is one indexed load whichever segment the index is in.
        let (base, off): (*const Slot<T, P>, usize) = if i < FIRST_SEGMENT_LEN {
            (self.first.as_ptr(), i)
        } else {
            if i >= CAPACITY {
                return None;
            }
            let (s, off) = locate(i);
            // Pairs with the AcqRel compare-and-swap in `grow`: seeing the
            // segment means seeing its slots initialised.
            let base = self.heap_segment(s).load(Acquire);
            if base.is_null() {
                return None;
            }
            (base.cast_const(), off)
        };
        // SAFETY: either `base` is the inline segment 0 and `off = i <
        // FIRST_SEGMENT_LEN`, or, by the segment pointer invariant, `base`
        // points at `segment_len(s)` initialised slots that live as long as
        // `self` and `off < segment_len(s)` by `locate`.
        let slot = unsafe { &*base.add(off) };
        let node = slot.load(probe_order());
        if node.is_null() {
            None
        } else {
            // SAFETY: `node` came from a slot through an Acquire load that
            // pairs with its publishing compare-and-swap (1); the slot
            // pointer invariant keeps it live until `self` is dropped, and
            // the result borrows `self` (2).
            Some(unsafe { Node::value(node) })
        }
    }

    /// Returns the value at index `i`, first building it with `make` and
    /// publishing it if the slot is empty.
    ///
    /// If several threads find the slot empty at once, each runs its own
    /// `make`, and a compare-and-swap publishes exactly one result; every
    /// other thread drops its candidate (on its own thread, before this
    /// returns) and returns the published value. So `make` may run more
    /// than once for one index, but only one value is ever visible. A `make`
    /// that re-enters `get_or_init` for the same index is allowed: the inner
    /// call publishes, and the outer call's candidate is dropped.
    ///
    /// If `make` panics, nothing is published and the panic propagates; a
    /// later call runs its own `make`.
    ///
    /// # Panics
    ///
    /// If `i >= CAPACITY`, or if `make` panics.
    #[inline]
    pub fn get_or_init(&self, i: usize, make: impl FnOnce() -> T) -> &T {
        assert!(
            i < CAPACITY,
            "strata: bucket index {i} is beyond the array's capacity of {CAPACITY}"
        );
        let slot = if i < FIRST_SEGMENT_LEN {
            &self.first[i]
        } else {
            let (s, off) = locate(i);
            let base = self.segment_or_grow(s);
            // SAFETY: by the segment pointer invariant `base` points at
            // `segment_len(s)` initialised slots that live as long as `self`,
            // and `off < segment_len(s)` by `locate`.
            unsafe { &*base.as_ptr().add(off) }
        };
        let node = slot.load(probe_order());
        if !node.is_null() {
            // SAFETY: `node` came from a slot through an Acquire load that
            // pairs with its publishing compare-and-swap (1); the slot
            // pointer invariant keeps it live until `self` is dropped, and
            // the result borrows `self` (2).
            return unsafe { Node::value(node) };
        }
        // `make` runs before anything is allocated: if it panics, there is
        // nothing to clean up and nothing was published.
        self.publish(slot, make())
    }

    /// The number of values published so far: exact when no publication is
    /// in flight, a snapshot otherwise.
    #[inline]
    pub fn len_hint(&self) -> usize {
        // Statistics counter: Relaxed, pairs with nothing.
        self.published.load(Relaxed)
    }

    /// A snapshot of the array's statistics (each figure exact when no
    /// publication is in flight).
    pub fn stats(&self) -> BucketStats {
        BucketStats {
            published: self.len_hint(),
            allocated_slots: self.allocated_slots(),
            // Statistics counters: Relaxed, pair with nothing.
            lost_value_races: self.lost_values.load(Relaxed),
            lost_segment_races: self.lost_segments.load(Relaxed),
        }
    }

    /// The number of slots available without allocating: the inline
    /// segment 0 plus every heap segment allocated so far. A snapshot if
    /// other threads are growing the array.
    pub fn allocated_slots(&self) -> usize {
        FIRST_SEGMENT_LEN
            + (1..SEGMENTS)
                // Only the null test is used, no slot is read: Relaxed.
                .filter(|&s| !self.heap_segment(s).load(Relaxed).is_null())
                .map(segment_len)
                .sum::<usize>()
    }

    /// Iterates over the published values in index order, as `(index, &T)`.
    ///
    /// Values published while the iteration runs may or may not be seen;
    /// every value published before `iter` was called (in the
    /// happens-before sense) is.
    pub fn iter(&self) -> Iter<'_, T, P> {
        Iter {
            array: self,
            segment: 0,
            started: false,
            slots: &[],
            offset: 0,
        }
    }

    /// The ordering of the compare-and-swaps that publish a value; success
    /// and failure.
    #[inline(always)]
    fn publish_orders() -> (strata_sync::atomic::Ordering, strata_sync::atomic::Ordering) {
        if mutant(Mutant::BucketsRelaxedPublish) {
            (Relaxed, Relaxed)
        } else {
            (AcqRel, Acquire)
        }
    }

    /// The table entry of heap segment `s` (`1 <= s < SEGMENTS`).
    #[inline(always)]
    fn heap_segment(&self, s: usize) -> &P::AtomicPtr<Slot<T, P>> {
        &self.rest[SEGMENTS - 1 - s]
    }

    /// Returns heap segment `s` (`s >= 1`), allocating and publishing it
    /// first if needed.
    #[inline]
    fn segment_or_grow(&self, s: usize) -> NonNull<Slot<T, P>> {
        // Pairs with the AcqRel compare-and-swap in `grow`: seeing the
        // segment means seeing its slots initialised.
        match NonNull::new(self.heap_segment(s).load(Acquire)) {
            Some(base) => base,
            None => self.grow(s),
        }
    }

    /// Allocates segment `s` and publishes it, or frees it and returns the
    /// segment another thread published first.
    #[cold]
    #[inline(never)]
    fn grow(&self, s: usize) -> NonNull<Slot<T, P>> {
        let fresh = alloc_segment::<T, P>(s);
        // Success AcqRel: the Release half publishes the null-initialised
        // slots to every Acquire load of the segment table (in `get`,
        // `segment_or_grow` and `Iter`); the Acquire half costs nothing and
        // keeps the rule the same as for values. Failure Acquire: the loser
        // goes on to use the winner's slots, so it must see them initialised.
        match self.heap_segment(s).compare_exchange(
            ptr::null_mut(),
            fresh.as_ptr(),
            AcqRel,
            Acquire,
        ) {
            Ok(_) => fresh,
            Err(winner) => {
                // Lost the race: another thread published segment `s` first.
                // Our candidate was never visible to anyone, so we free it
                // here and use the winner's.
                // SAFETY: `fresh` came from `alloc_segment` for this `s` (1),
                // and the failed compare-and-swap means no other thread ever
                // saw it (2).
                unsafe { free_segment::<T, P>(fresh, s) };
                // Statistics counter: Relaxed, pairs with nothing.
                self.lost_segments.fetch_add(1, Relaxed);
                // SAFETY: the compare-and-swap failed, so `winner` is the
                // non-null value of the entry (the segment pointer invariant:
                // once published, never cleared while shared).
                unsafe { NonNull::new_unchecked(winner) }
            }
        }
    }

    /// Publishes `value` into the empty `slot`, or drops it and returns the
    /// value another thread published first.
    #[cold]
    #[inline(never)]
    fn publish<'a>(&'a self, slot: &'a Slot<T, P>, value: T) -> &'a T {
        let candidate = Node::alloc_empty();
        // `pending` holds the value until it is written into the candidate:
        // before publication normally, after it under the publish-before-init
        // mutant (which loom must catch).
        let mut pending = Some(value);
        if !mutant(Mutant::BucketsPublishBeforeInit)
            && let Some(value) = pending.take()
        {
            // SAFETY: the candidate is fresh from `alloc_empty` (1) and not
            // yet published, so no other thread can see it (2).
            unsafe { Node::fill(candidate, value) };
        }
        let (success, failure) = Self::publish_orders();
        // Success AcqRel: the Release half publishes the filled value to every
        // Acquire probe (in `get`, `get_or_init` and `Iter`); the Acquire half
        // is not needed for correctness (nothing is read through the null we
        // replaced) but costs nothing, and DESIGN.md section 5 names it.
        // Failure Acquire: the loser returns the winner's value, so it must
        // see the winner's writes to it.
        match slot.compare_exchange(ptr::null_mut(), candidate.as_ptr(), success, failure) {
            Ok(_) => {
                if let Some(value) = pending.take() {
                    // Only under the publish-before-init mutant.
                    // SAFETY: (1) holds: the candidate is ours and still
                    // empty; (2) does not, deliberately (the mutant).
                    unsafe { Node::fill(candidate, value) };
                }
                // Statistics counter: Relaxed, pairs with nothing.
                self.published.fetch_add(1, Relaxed);
                // SAFETY: we published `candidate` after filling it (1), and
                // it lives as long as `self`, which the result borrows (2).
                unsafe { Node::value(candidate.as_ptr()) }
            }
            Err(winner) => {
                // Lost the race: another thread published first. Nobody ever
                // saw our candidate, so we free it and drop our value here,
                // then return the winner's.
                // SAFETY: the candidate came from `alloc_empty` (1), was never
                // published (2), and was filled exactly when `pending` is
                // empty (3).
                let ours = unsafe { Node::take(candidate, pending.is_none()) };
                // Statistics counter: Relaxed, pairs with nothing.
                self.lost_values.fetch_add(1, Relaxed);
                if mutant(Mutant::BucketsLoserLeaks) {
                    // The deliberate bug: the loser forgets its candidate
                    // value instead of dropping it, leaking everything the
                    // value owns (for a per-kind table: its arena). The node's
                    // own block is still freed above, because loom 0.7.2
                    // aborts the process, instead of failing the model, when a
                    // raw allocation leaks.
                    core::mem::forget(ours);
                } else {
                    // The node is already freed, so a panicking destructor
                    // here leaks nothing.
                    drop(ours);
                }
                // SAFETY: `winner` is the non-null content of the slot, read
                // by the failed compare-and-swap with Acquire, which pairs
                // with the winner's publishing compare-and-swap (1); it lives
                // as long as `self`, which the result borrows (2).
                unsafe { Node::value(winner) }
            }
        }
    }

    /// Frees every published value and segment, clearing each pointer before
    /// freeing what it pointed at, so that a second call (after a value's
    /// destructor panicked) frees each remaining one exactly once.
    fn free_all(&mut self) {
        // SAFETY: the inline slots are initialised and borrowed exclusively.
        unsafe { Self::free_nodes(&self.first) };
        for s in 1..SEGMENTS {
            // Exclusive access (`&mut self`): whatever handed this thread the
            // array ordered every publication before this point, so Relaxed
            // is enough here and in `free_nodes`.
            let Some(base) = NonNull::new(self.heap_segment(s).load(Relaxed)) else {
                continue;
            };
            // SAFETY: by the segment pointer invariant `base` points at
            // `segment_len(s)` initialised slots, which `&mut self` lets us
            // treat as exclusively ours.
            unsafe { Self::free_nodes(core::slice::from_raw_parts(base.as_ptr(), segment_len(s))) };
            self.heap_segment(s).store(ptr::null_mut(), Relaxed);
            // SAFETY: `base` came from `alloc_segment` for this `s` (1); the
            // entry is cleared, its nodes are freed, and we have exclusive
            // access (2).
            unsafe { free_segment::<T, P>(base, s) };
        }
    }

    /// Frees the node of every published slot in `slots`, clearing each slot
    /// first.
    ///
    /// # Safety
    ///
    /// 1. No other thread can reach `slots` (the array is being dropped).
    unsafe fn free_nodes(slots: &[Slot<T, P>]) {
        for slot in slots {
            // Relaxed: exclusive access, see `free_all`.
            if let Some(node) = NonNull::new(slot.swap(ptr::null_mut(), Relaxed)) {
                // SAFETY: by the slot pointer invariant the node came from
                // `alloc_empty` and is live (1) and was filled (3); the slot is
                // cleared and, by (1), nobody else reaches it (2).
                let value = unsafe { Node::take(node, true) };
                // The node is already freed and its slot cleared: if this
                // destructor panics, the resumed `free_all` skips it.
                drop(value);
            }
        }
    }
}

impl<T, P: Policy> Drop for BucketArray<T, P> {
    fn drop(&mut self) {
        /// The guard's job: if a value's destructor panics half way, free
        /// every value and segment not freed yet (a second panic aborts, as
        /// for any destructor).
        struct Resume<'a, T, P: Policy>(&'a mut BucketArray<T, P>);
        impl<T, P: Policy> Drop for Resume<'_, T, P> {
            fn drop(&mut self) {
                self.0.free_all();
            }
        }
        let guard = Resume(self);
        guard.0.free_all();
        // Everything is freed; the guard's second pass would find only nulls.
        core::mem::forget(guard);
    }
}

impl<T, P: Policy> Default for BucketArray<T, P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: fmt::Debug, P: Policy> fmt::Debug for BucketArray<T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<'a, T, P: Policy> IntoIterator for &'a BucketArray<T, P> {
    type Item = (usize, &'a T);
    type IntoIter = Iter<'a, T, P>;
    fn into_iter(self) -> Iter<'a, T, P> {
        self.iter()
    }
}

/// The ordering of a probe load of a slot.
#[inline(always)]
fn probe_order() -> strata_sync::atomic::Ordering {
    // Pairs with the AcqRel compare-and-swap in `publish`: seeing the node
    // means seeing its value written.
    if mutant(Mutant::BucketsRelaxedProbe) {
        Relaxed
    } else {
        Acquire
    }
}

/// A snapshot of a [`BucketArray`]'s statistics, from
/// [`BucketArray::stats`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BucketStats {
    /// Values published ([`BucketArray::len_hint`]).
    pub published: usize,
    /// Slots in the allocated segments ([`BucketArray::allocated_slots`]).
    pub allocated_slots: usize,
    /// Value candidates built by `make` and then dropped because another
    /// thread published first: wasted work, a measure of first-touch
    /// contention.
    pub lost_value_races: usize,
    /// Segment candidates allocated and then freed because another thread
    /// published the segment first.
    pub lost_segment_races: usize,
}

/// An iterator over the published values of a [`BucketArray`], in index
/// order, as `(index, &T)`. Made by [`BucketArray::iter`].
pub struct Iter<'a, T, P: Policy = Shared> {
    array: &'a BucketArray<T, P>,
    /// The segment that `slots` belongs to.
    segment: usize,
    /// Whether `slots` has been set to segment 0 yet.
    started: bool,
    /// The slots of the current segment (empty before the first).
    slots: &'a [Slot<T, P>],
    /// The next offset in `slots`.
    offset: usize,
}

impl<'a, T, P: Policy> Iterator for Iter<'a, T, P> {
    type Item = (usize, &'a T);

    fn next(&mut self) -> Option<(usize, &'a T)> {
        loop {
            while let Some(slot) = self.slots.get(self.offset) {
                let index = segment_start(self.segment) + self.offset;
                self.offset += 1;
                let node = slot.load(probe_order());
                if !node.is_null() {
                    // SAFETY: `node` came from a slot through an Acquire load
                    // that pairs with its publishing compare-and-swap (1);
                    // the slot pointer invariant keeps it live as long as the
                    // array, which `'a` borrows (2).
                    return Some((index, unsafe { Node::value(node) }));
                }
            }
            // The current segment is used up (or none was loaded yet): move
            // to the next published one. Segment 0 is inline.
            if !self.started {
                self.started = true;
                self.slots = &self.array.first;
                self.offset = 0;
                continue;
            }
            self.segment += 1;
            loop {
                if self.segment >= SEGMENTS {
                    // Stay exhausted: later calls land here again.
                    self.segment = SEGMENTS;
                    self.slots = &[];
                    return None;
                }
                // Pairs with the AcqRel compare-and-swap in `grow`: seeing
                // the segment means seeing its slots initialised.
                let base = self.array.heap_segment(self.segment).load(Acquire);
                if !base.is_null() {
                    // SAFETY: by the segment pointer invariant `base` points
                    // at `segment_len(segment)` initialised slots that live as
                    // long as the array, which `'a` borrows.
                    self.slots =
                        unsafe { core::slice::from_raw_parts(base, segment_len(self.segment)) };
                    self.offset = 0;
                    break;
                }
                self.segment += 1;
            }
        }
    }
}

impl<T, P: Policy> fmt::Debug for Iter<'_, T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Iter")
            .field("segment", &self.segment)
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;

    #[test]
    fn locate_covers_every_index_once_in_order() {
        let mut expected = (0, 0);
        for i in 0..10_000 {
            assert_eq!(locate(i), expected, "index {i}");
            expected.1 += 1;
            if expected.1 == segment_len(expected.0) {
                expected = (expected.0 + 1, 0);
            }
            assert_eq!(segment_start(locate(i).0) + locate(i).1, i);
        }
    }

    #[test]
    fn locate_at_the_capacity_edge() {
        assert_eq!(
            locate(CAPACITY - 1),
            (SEGMENTS - 1, segment_len(SEGMENTS - 1) - 1)
        );
        assert_eq!(
            segment_start(SEGMENTS - 1) + segment_len(SEGMENTS - 1),
            CAPACITY
        );
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(FIRST_SEGMENT_LEN), (1, 0));
    }
}
