//! Stress tests: many more threads than cores hammering first touch.
//!
//! Each test is bounded by an operation count, not by time, so it takes well
//! under a second in a debug build on two cores (and a few seconds under
//! AddressSanitizer, which also checks that nothing leaks).

#![cfg(not(strata_loom))]

use strata_buckets::{BucketArray, DenseKind, KindRegistry};
use strata_sync::Arc;
use strata_sync::atomic::Ordering::{AcqRel, Acquire};
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::thread;

/// Counts constructions and destructions of [`Tracked`] values.
#[derive(Debug, Default)]
struct Counts {
    made: AtomicUsize,
    dropped: AtomicUsize,
}

/// A value whose every field is derived from its index, so a reader can
/// check that it sees the value completely built.
#[derive(Debug)]
struct Tracked {
    index: usize,
    check: u64,
    payload: Vec<u64>,
    counts: Arc<Counts>,
}

impl Tracked {
    fn new(index: usize, counts: &Arc<Counts>) -> Self {
        counts.made.fetch_add(1, Relaxed);
        Tracked {
            index,
            check: checksum(index),
            payload: vec![index as u64; index % 7 + 1],
            counts: Arc::clone(counts),
        }
    }

    fn verify(&self, index: usize) {
        assert_eq!(self.index, index);
        assert_eq!(self.check, checksum(index));
        assert_eq!(self.payload.len(), index % 7 + 1);
        assert!(self.payload.iter().all(|&x| x == index as u64));
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        self.counts.dropped.fetch_add(1, Relaxed);
    }
}

fn checksum(index: usize) -> u64 {
    (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xABCD
}

/// A one-shot spinning barrier (the shim has no `Barrier`), so that all
/// threads reach first touch at about the same moment.
struct StartLine {
    arrived: AtomicUsize,
    expected: usize,
}

impl StartLine {
    fn new(expected: usize) -> Self {
        StartLine {
            arrived: AtomicUsize::new(0),
            expected,
        }
    }

    fn wait(&self) {
        // AcqRel/Acquire: only a rendezvous; the data the threads share is
        // published through the array itself.
        self.arrived.fetch_add(1, AcqRel);
        while self.arrived.load(Acquire) < self.expected {
            thread::yield_now();
        }
    }
}

const THREADS: usize = 32;

/// 32 threads touch the same 300 empty slots (spanning six segments, so they
/// also race to grow the array), each in its own order; 12 rounds with a
/// fresh array each. Every slot is published exactly once, every thread gets
/// the same value for a slot, the values are complete, every candidate that
/// lost a race was dropped, and dropping the array drops the rest.
#[test]
fn first_touch_publishes_each_slot_once() {
    const SLOTS: usize = 300;
    const ROUNDS: usize = 12;
    let mut lost_values = 0;
    let mut lost_segments = 0;
    for round in 0..ROUNDS {
        let counts = Arc::new(Counts::default());
        let array = Arc::new(BucketArray::<Tracked>::new());
        let start = Arc::new(StartLine::new(THREADS));
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let (counts, array, start) =
                    (Arc::clone(&counts), Arc::clone(&array), Arc::clone(&start));
                thread::spawn(move || {
                    start.wait();
                    // Thread `t` starts at its own offset and half of them walk
                    // backwards, so first touches collide everywhere.
                    let mut addresses = vec![0usize; SLOTS];
                    for k in 0..SLOTS {
                        let step = (t * 37 + round * 11 + k) % SLOTS;
                        let i = if t % 2 == 0 { step } else { SLOTS - 1 - step };
                        let value = array.get_or_init(i, || Tracked::new(i, &counts));
                        value.verify(i);
                        addresses[i] = core::ptr::from_ref(value) as usize;
                    }
                    addresses
                })
            })
            .collect();
        let addresses: Vec<Vec<usize>> = workers.into_iter().map(|w| w.join().unwrap()).collect();
        for (t, seen) in addresses.iter().enumerate() {
            assert_eq!(
                seen, &addresses[0],
                "thread {t} got a different value for some slot"
            );
        }
        let stats = array.stats();
        let made = counts.made.load(Relaxed);
        assert_eq!(stats.published, SLOTS, "every slot published once");
        assert_eq!(
            made,
            SLOTS + stats.lost_value_races,
            "every make accounted for"
        );
        assert_eq!(
            counts.dropped.load(Relaxed),
            stats.lost_value_races,
            "every losing candidate dropped, no published value dropped"
        );
        for (i, value) in array.iter() {
            value.verify(i);
            assert_eq!(core::ptr::from_ref(value) as usize, addresses[0][i]);
        }
        lost_values += stats.lost_value_races;
        lost_segments += stats.lost_segment_races;
        drop(array);
        assert_eq!(
            counts.dropped.load(Relaxed),
            made,
            "dropping the array drops the rest"
        );
    }
    // Not a correctness condition, but a test that never loses a race tests
    // nothing; 32 threads over 12 rounds always do on this machine.
    eprintln!("first touch: {lost_values} lost value races, {lost_segments} lost segment races");
    assert!(
        lost_values + lost_segments > 0,
        "no first-touch race happened at all"
    );
}

/// 16 threads publish 200 slots in scattered order while 16 others probe
/// them over and over: a probe sees nothing or a complete value, and once a
/// value is seen at an address it stays there.
#[test]
fn probes_see_nothing_or_complete_values() {
    const SLOTS: usize = 200;
    const PROBE_PASSES: usize = 40;
    let counts = Arc::new(Counts::default());
    let array = Arc::new(BucketArray::<Tracked>::new());
    let start = Arc::new(StartLine::new(THREADS));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let (counts, array, start) =
                (Arc::clone(&counts), Arc::clone(&array), Arc::clone(&start));
            thread::spawn(move || {
                start.wait();
                if t % 2 == 0 {
                    for k in 0..SLOTS {
                        let i = (k * 73 + t) % SLOTS;
                        array.get_or_init(i, || Tracked::new(i, &counts)).verify(i);
                    }
                } else {
                    let mut first_seen = vec![0usize; SLOTS];
                    for _ in 0..PROBE_PASSES {
                        for (i, seen) in first_seen.iter_mut().enumerate() {
                            if let Some(value) = array.get(i) {
                                value.verify(i);
                                let address = core::ptr::from_ref(value) as usize;
                                assert!(*seen == 0 || *seen == address, "slot {i} moved");
                                *seen = address;
                            }
                        }
                        thread::yield_now();
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    assert_eq!(array.stats().published, SLOTS);
    let made = counts.made.load(Relaxed);
    drop(array);
    assert_eq!(counts.dropped.load(Relaxed), made);
}

/// 32 threads number the same 200 fresh kinds at once, each in its own
/// order: all threads agree on every kind's index, indices of different kinds
/// differ, and the holes left by lost races stay within their bound.
#[test]
fn racing_threads_agree_on_kind_indices() {
    const KINDS: usize = 200;
    const ROUNDS: usize = 4;
    for round in 0..ROUNDS {
        let registry = Arc::new(KindRegistry::new());
        let kinds: Arc<Vec<DenseKind>> =
            Arc::new((0..KINDS).map(|_| DenseKind::new("stress.kind")).collect());
        let start = Arc::new(StartLine::new(THREADS));
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let (registry, kinds, start) = (
                    Arc::clone(&registry),
                    Arc::clone(&kinds),
                    Arc::clone(&start),
                );
                thread::spawn(move || {
                    start.wait();
                    let mut indices = vec![0u32; KINDS];
                    for k in 0..KINDS {
                        let i = (k + t * 7 + round) % KINDS;
                        indices[i] = kinds[i].index_in(&registry);
                    }
                    indices
                })
            })
            .collect();
        let indices: Vec<Vec<u32>> = workers.into_iter().map(|w| w.join().unwrap()).collect();
        for seen in &indices {
            assert_eq!(seen, &indices[0], "threads disagree on some kind's index");
        }
        let mut sorted = indices[0].clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), KINDS, "two kinds share an index");
        let reserved = registry.reserved() as usize;
        assert!(sorted.iter().all(|&i| (i as usize) < reserved));
        // Each kind leaves at most one hole per thread that lost its race.
        assert!(reserved - KINDS <= KINDS * (THREADS - 1));
        for (kind, &index) in kinds.iter().zip(&indices[0]) {
            assert_eq!(kind.assigned_index(), Some(index));
        }
    }
}
