//! Behaviour of the bucket array and the kind identities, single-threaded,
//! under both threading policies.

#![cfg(not(strata_loom))]

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeSet, HashSet};
use std::hash::{Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_buckets::{
    BucketArray, CAPACITY, DenseKind, FIRST_SEGMENT_LEN, KindId, KindRegistry, MAX_KINDS,
};
use strata_sync::Arc;
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::policy::{Local, Policy, Shared};

/// Counts constructions and destructions of [`Tracked`] values.
#[derive(Debug, Default)]
struct Counts {
    made: AtomicUsize,
    dropped: AtomicUsize,
}

impl Counts {
    fn made(&self) -> usize {
        self.made.load(Relaxed)
    }
    fn dropped(&self) -> usize {
        self.dropped.load(Relaxed)
    }
}

/// A value that reports its construction and destruction.
#[derive(Debug)]
struct Tracked {
    index: usize,
    counts: Arc<Counts>,
    panic_on_drop: bool,
}

impl Tracked {
    fn new(index: usize, counts: &Arc<Counts>) -> Self {
        counts.made.fetch_add(1, Relaxed);
        Tracked {
            index,
            counts: Arc::clone(counts),
            panic_on_drop: false,
        }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.counts.dropped.fetch_add(1, Relaxed);
        if self.panic_on_drop {
            panic!("Tracked {} panics on drop", self.index);
        }
    }
}

fn publish_get_and_drop<P: Policy>() {
    let counts = Arc::new(Counts::default());
    let array: BucketArray<Tracked, P> = BucketArray::new();
    assert!(array.get(0).is_none());
    assert_eq!(
        array.allocated_slots(),
        FIRST_SEGMENT_LEN,
        "segment 0 is inline"
    );
    assert_eq!(array.len_hint(), 0);

    let first = array.get_or_init(5, || Tracked::new(5, &counts));
    assert_eq!(first.index, 5);
    assert_eq!(array.allocated_slots(), FIRST_SEGMENT_LEN);
    // A second `get_or_init` finds the published value and never runs `make`.
    let again = array.get_or_init(5, || unreachable!("the slot is published"));
    assert!(std::ptr::eq(first, again));
    assert!(std::ptr::eq(first, array.get(5).unwrap()));
    assert!(array.get(4).is_none());
    assert!(array.get(6).is_none());

    // Indices spread over many segments.
    let picked: Vec<usize> = (0..3000).filter(|i| i % 7 == 3).collect();
    for &i in &picked {
        assert_eq!(array.get_or_init(i, || Tracked::new(i, &counts)).index, i);
    }
    let expected: BTreeSet<usize> = picked.iter().copied().chain([5]).collect();
    for i in 0..3000 {
        assert_eq!(
            array.get(i).map(|t| t.index),
            expected.contains(&i).then_some(i)
        );
    }
    assert_eq!(array.len_hint(), expected.len());
    assert_eq!(counts.made(), expected.len());
    assert_eq!(counts.dropped(), 0);

    drop(array);
    assert_eq!(counts.dropped(), counts.made(), "every value dropped once");
}

#[test]
fn shared_publish_get_and_drop() {
    publish_get_and_drop::<Shared>();
}

#[test]
fn local_publish_get_and_drop() {
    publish_get_and_drop::<Local>();
}

fn iter_in_index_order<P: Policy>() {
    let array: BucketArray<usize, P> = BucketArray::new();
    assert_eq!(array.iter().count(), 0);
    // Segment 0, a gap of whole unpublished segments, then a far segment.
    for i in [3, 700, 1, 701, 4000] {
        array.get_or_init(i, || i * 10);
    }
    let seen: Vec<(usize, usize)> = array.iter().map(|(i, v)| (i, *v)).collect();
    assert_eq!(
        seen,
        vec![(1, 10), (3, 30), (700, 7000), (701, 7010), (4000, 40000)]
    );
    let via_ref: Vec<usize> = (&array).into_iter().map(|(i, _)| i).collect();
    assert_eq!(via_ref, vec![1, 3, 700, 701, 4000]);
}

#[test]
fn shared_iter_in_index_order() {
    iter_in_index_order::<Shared>();
}

#[test]
fn local_iter_in_index_order() {
    iter_in_index_order::<Local>();
}

#[test]
fn iter_over_a_full_segment_and_its_neighbours() {
    let array: BucketArray<usize> = BucketArray::new();
    for i in 0..100 {
        array.get_or_init(i, || i);
    }
    assert!(
        array
            .iter()
            .map(|(i, v)| (i, *v))
            .eq((0..100).map(|i| (i, i)))
    );
}

#[test]
fn segments_double_and_with_capacity_preallocates() {
    let array: BucketArray<u8> = BucketArray::new();
    array.get_or_init(0, || 0);
    array.get_or_init(FIRST_SEGMENT_LEN - 1, || 0);
    assert_eq!(
        array.allocated_slots(),
        FIRST_SEGMENT_LEN,
        "inline segment only"
    );
    array.get_or_init(FIRST_SEGMENT_LEN, || 1);
    assert_eq!(array.allocated_slots(), 3 * FIRST_SEGMENT_LEN);
    // The indices either side of the first segment boundary.
    assert_eq!(array.get(FIRST_SEGMENT_LEN - 1), Some(&0));
    assert_eq!(array.get(FIRST_SEGMENT_LEN), Some(&1));
    assert_eq!(array.get(FIRST_SEGMENT_LEN + 1), None);
    array.get_or_init(7 * FIRST_SEGMENT_LEN - 1, || 2);
    assert_eq!(array.allocated_slots(), 7 * FIRST_SEGMENT_LEN);
    array.get_or_init(7 * FIRST_SEGMENT_LEN, || 3);
    assert_eq!(array.allocated_slots(), 15 * FIRST_SEGMENT_LEN);
    assert_eq!(array.stats().published, 5);

    let sized: BucketArray<u8> = BucketArray::with_capacity(100);
    assert!(sized.allocated_slots() >= 100);
    assert!(sized.allocated_slots() < 200 + FIRST_SEGMENT_LEN);
    assert_eq!(sized.len_hint(), 0);
    assert!(sized.get(99).is_none());
    assert_eq!(
        BucketArray::<u8>::with_capacity(0).allocated_slots(),
        FIRST_SEGMENT_LEN
    );
    // Exactly the segments that hold indices below `len`.
    for (len, slots) in [
        (FIRST_SEGMENT_LEN, FIRST_SEGMENT_LEN),
        (FIRST_SEGMENT_LEN + 1, 3 * FIRST_SEGMENT_LEN),
        (3 * FIRST_SEGMENT_LEN, 3 * FIRST_SEGMENT_LEN),
        (3 * FIRST_SEGMENT_LEN + 1, 7 * FIRST_SEGMENT_LEN),
    ] {
        assert_eq!(
            BucketArray::<u8>::with_capacity(len).allocated_slots(),
            slots,
            "with_capacity({len})"
        );
    }
}

#[test]
fn capacity_edges() {
    assert_eq!(BucketArray::<u8>::CAPACITY, CAPACITY);
    let array: BucketArray<u8> = BucketArray::new();
    assert!(array.get(CAPACITY).is_none());
    assert!(array.get(usize::MAX).is_none());
    // The very last index works (this allocates the largest segment).
    assert_eq!(*array.get_or_init(CAPACITY - 1, || 7), 7);
    assert_eq!(array.get(CAPACITY - 1), Some(&7));
    assert_eq!(
        array.iter().map(|(i, _)| i).collect::<Vec<_>>(),
        vec![CAPACITY - 1]
    );
}

#[test]
#[should_panic(expected = "strata: bucket index 8388576 is beyond the array's capacity of 8388576")]
fn get_or_init_beyond_capacity_panics() {
    let array: BucketArray<u8> = BucketArray::new();
    array.get_or_init(CAPACITY, || 0);
}

#[test]
#[should_panic(expected = "strata: a bucket array holds at most 8388576 indices, not 8388577")]
fn with_capacity_beyond_capacity_panics() {
    let _ = BucketArray::<u8>::with_capacity(CAPACITY + 1);
}

fn panicking_make_publishes_nothing<P: Policy>() {
    let counts = Arc::new(Counts::default());
    let array: BucketArray<Tracked, P> = BucketArray::new();
    let result = catch_unwind(AssertUnwindSafe(|| {
        array.get_or_init(2, || panic!("make failed"));
    }));
    assert!(result.is_err());
    assert!(array.get(2).is_none());
    assert_eq!(array.len_hint(), 0);
    // The slot is still usable.
    assert_eq!(array.get_or_init(2, || Tracked::new(2, &counts)).index, 2);
    drop(array);
    assert_eq!((counts.made(), counts.dropped()), (1, 1));
}

#[test]
fn shared_panicking_make_publishes_nothing() {
    panicking_make_publishes_nothing::<Shared>();
}

#[test]
fn local_panicking_make_publishes_nothing() {
    panicking_make_publishes_nothing::<Local>();
}

/// A `make` that re-enters `get_or_init` for its own index: the inner call
/// publishes, the outer call loses its compare-and-swap and drops its
/// candidate. This is the one way a single thread reaches the loser path, so
/// it exercises it under both policies.
fn reentrant_make_loses_and_drops_its_candidate<P: Policy>() {
    let counts = Arc::new(Counts::default());
    let array: BucketArray<Tracked, P> = BucketArray::new();
    let got = array.get_or_init(9, || {
        let inner = array.get_or_init(9, || Tracked::new(9, &counts));
        assert_eq!(inner.index, 9);
        Tracked::new(1000, &counts)
    });
    assert_eq!(got.index, 9, "the first published value wins");
    assert_eq!(counts.made(), 2);
    assert_eq!(counts.dropped(), 1, "the loser's candidate was dropped");
    assert_eq!(array.len_hint(), 1);
    drop(array);
    assert_eq!(counts.dropped(), 2);
}

#[test]
fn shared_reentrant_make_loses_and_drops_its_candidate() {
    reentrant_make_loses_and_drops_its_candidate::<Shared>();
}

#[test]
fn local_reentrant_make_loses_and_drops_its_candidate() {
    reentrant_make_loses_and_drops_its_candidate::<Local>();
}

#[test]
fn a_panicking_loser_drop_leaves_the_array_consistent() {
    let counts = Arc::new(Counts::default());
    let array: BucketArray<Tracked> = BucketArray::new();
    let result = catch_unwind(AssertUnwindSafe(|| {
        array.get_or_init(1, || {
            array.get_or_init(1, || Tracked::new(1, &counts));
            let mut loser = Tracked::new(2, &counts);
            loser.panic_on_drop = true;
            loser
        });
    }));
    assert!(result.is_err(), "the loser's destructor panicked");
    assert_eq!(array.get(1).map(|t| t.index), Some(1));
    drop(array);
    assert_eq!((counts.made(), counts.dropped()), (2, 2));
}

#[test]
fn a_panicking_value_drop_still_frees_the_rest() {
    let counts = Arc::new(Counts::default());
    let array: BucketArray<Tracked> = BucketArray::new();
    for i in 0..40 {
        let mut t = Tracked::new(i, &counts);
        t.panic_on_drop = i == 17;
        array.get_or_init(i, || t);
    }
    let result = catch_unwind(AssertUnwindSafe(move || drop(array)));
    assert!(result.is_err());
    assert_eq!(counts.dropped(), 40, "every value dropped exactly once");
}

/// A zero-sized value with a destructor.
struct Unit<'a>(&'a AtomicUsize);

impl Drop for Unit<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Relaxed);
    }
}

#[test]
fn zero_sized_values() {
    let drops = AtomicUsize::new(0);
    let array: BucketArray<Unit<'_>> = BucketArray::new();
    for i in 0..20 {
        array.get_or_init(i, || Unit(&drops));
    }
    // The re-entrant loser path, with every candidate at the same address.
    array.get_or_init(30, || {
        array.get_or_init(30, || Unit(&drops));
        Unit(&drops)
    });
    assert_eq!(drops.load(Relaxed), 1);
    assert_eq!(array.iter().count(), 21);
    drop(array);
    assert_eq!(drops.load(Relaxed), 22);

    let units: BucketArray<()> = BucketArray::new();
    units.get_or_init(3, || ());
    assert_eq!(units.get(3), Some(&()));
}

#[test]
fn debug_lists_the_published_values() {
    let array: BucketArray<&str> = BucketArray::default();
    array.get_or_init(2, || "two");
    array.get_or_init(0, || "zero");
    assert_eq!(format!("{array:?}"), r#"{0: "zero", 2: "two"}"#);
    assert!(format!("{:?}", array.iter()).starts_with("Iter {"));
}

#[test]
fn thread_safety_follows_the_policy() {
    fn send_sync<S: Send + Sync>() {}
    send_sync::<BucketArray<String>>();
    send_sync::<BucketArray<String, Shared>>();
    send_sync::<DenseKind>();
    send_sync::<KindId>();
    send_sync::<KindRegistry>();
    // `BucketArray<T, Local>` is neither: see the `compile_fail` doctest on
    // `BucketArray`.
}

// ---- kinds ------------------------------------------------------------

static INTEGER: DenseKind = DenseKind::new("builtin.integer");
static FLOAT: DenseKind = DenseKind::new("builtin.float");
/// Same name as `INTEGER`, different kind: identity is the address.
static INTEGER_TWIN: DenseKind = DenseKind::new("builtin.integer");

fn hash_of(id: KindId) -> u64 {
    let mut h = DefaultHasher::new();
    id.hash(&mut h);
    h.finish()
}

#[test]
fn kind_identity_is_the_address() {
    let int = INTEGER.id();
    assert_eq!(int, KindId::of(&INTEGER));
    assert_eq!(hash_of(int), hash_of(KindId::of(&INTEGER)));
    assert_ne!(hash_of(int), hash_of(FLOAT.id()), "two kinds hash alike");
    assert_eq!(int.partial_cmp(&FLOAT.id()), Some(int.cmp(&FLOAT.id())));
    assert_ne!(int, FLOAT.id());
    assert_ne!(int, INTEGER_TWIN.id(), "same name, different kind");
    assert_eq!(int.name(), INTEGER_TWIN.id().name());
    assert_eq!(int.addr(), std::ptr::from_ref(&INTEGER) as usize);
    assert!(std::ptr::eq(int.kind(), &INTEGER));
    assert_eq!(int.cmp(&FLOAT.id()), int.addr().cmp(&FLOAT.id().addr()));
    let set: HashSet<KindId> = [int, FLOAT.id(), INTEGER_TWIN.id(), int].into();
    assert_eq!(set.len(), 3);
    assert_eq!(format!("{int:?}"), "KindId(builtin.integer)");
    assert_eq!(int.to_string(), "builtin.integer");
    assert_eq!(INTEGER.name(), "builtin.integer");
}

#[test]
fn global_indices_are_distinct_and_stable() {
    let a = INTEGER.index();
    let b = FLOAT.index();
    let c = INTEGER_TWIN.id().index();
    assert_eq!(INTEGER.index(), a);
    assert_eq!(INTEGER.assigned_index(), Some(a));
    assert_eq!(INTEGER.index_in(KindRegistry::global()), a);
    assert!(a != b && b != c && a != c);
    assert!(KindRegistry::global().reserved() > a.max(b).max(c));
    assert_eq!(KindRegistry::global().limit(), MAX_KINDS);
}

#[test]
fn a_registry_numbers_kinds_densely() {
    let registry = KindRegistry::new();
    let kinds: Vec<DenseKind> = (0..10).map(|_| DenseKind::new("test.dense")).collect();
    assert!(kinds[0].assigned_index().is_none());
    assert_eq!(kinds[0].assigned_index_or_max(), u32::MAX);
    for (n, kind) in kinds.iter().enumerate() {
        assert_eq!(kind.index_in(&registry), n as u32);
        assert_eq!(kind.assigned_index_or_max(), n as u32);
    }
    for (n, kind) in kinds.iter().enumerate().rev() {
        assert_eq!(kind.index_in(&registry), n as u32);
    }
    assert_eq!(registry.reserved(), 10);
    assert_eq!(
        format!("{:?}", kinds[3]),
        r#"DenseKind { name: "test.dense", index: Some(3) }"#
    );
    assert_eq!(
        format!("{registry:?}"),
        "KindRegistry { reserved: 10, limit: 65536 }"
    );
    assert_eq!(KindRegistry::default().reserved(), 0);
}

#[test]
fn exceeding_the_limit_is_a_clear_panic_and_registers_nothing() {
    let registry = KindRegistry::with_limit(2);
    let first = DenseKind::new("test.first");
    let second = DenseKind::new("test.second");
    let third = DenseKind::new("test.third");
    assert_eq!(first.index_in(&registry), 0);
    assert_eq!(second.index_in(&registry), 1);
    for _ in 0..3 {
        let err = catch_unwind(AssertUnwindSafe(|| third.index_in(&registry)))
            .expect_err("a third kind exceeds the limit");
        let message = err.downcast_ref::<String>().expect("a formatted message");
        assert_eq!(
            message,
            "strata: more than 2 storage kinds; cannot register `test.third`"
        );
        assert_eq!(third.assigned_index(), None, "nothing half-registered");
    }
    assert_eq!(registry.reserved(), 2);
    // Kinds numbered before the limit keep their numbers.
    assert_eq!(second.index_in(&registry), 1);
}

#[test]
#[should_panic(
    expected = "strata: more than 65536 storage kinds; cannot register `test.one_too_many`"
)]
fn the_global_limit_names_the_kind() {
    let registry = KindRegistry::new();
    for _ in 0..MAX_KINDS {
        DenseKind::new("test.filler").index_in(&registry);
    }
    assert_eq!(registry.reserved(), MAX_KINDS);
    DenseKind::new("test.one_too_many").index_in(&registry);
}

#[test]
#[should_panic(expected = "strata: a kind registry's limit is at most MAX_KINDS")]
fn a_registry_limit_above_max_kinds_panics() {
    let _ = KindRegistry::with_limit(MAX_KINDS + 1);
}
