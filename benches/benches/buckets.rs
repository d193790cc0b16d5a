//! Criterion benches of the buckets layer (Level 1).
//!
//! - `buckets/probe_hit_inline` and `buckets/probe_hit_spread`: reading
//!   published slots, against the structures a user would otherwise index:
//!   a plain `Vec<u64>` (the floor), a `Vec<Box<u64>>` (the same pointer
//!   chase, unsynchronised), a fixed `Vec<OnceLock<Box<u64>>>` (lazy and
//!   thread-safe, but cannot grow), and a
//!   `parking_lot::RwLock<Vec<Option<Box<u64>>>>` (lazy, growable, locked).
//!   `inline` probes the 32 indices of the array's inline segment 0 (where
//!   the facade's builtin kinds live); `spread` probes 64 indices scattered
//!   over `0..2048`, so most probes also load a heap segment pointer. The
//!   visiting order is scattered; the throughput is per probe.
//! - `buckets/first_touch`: publishing 64 values into a fresh array (segment
//!   growth, one allocation per value, one compare-and-swap per value),
//!   against pushing 64 boxes into a `Vec` and initialising 64 `OnceLock`s.
//!
//! Run: `cargo bench -p strata-bench --bench buckets -- --warm-up-time 1
//! --measurement-time 2`.

use std::hint::black_box;
use std::sync::OnceLock;

use criterion::{BatchSize, Criterion, Throughput, criterion_main};
use parking_lot::RwLock;
use strata_buckets::BucketArray;
use strata_sync::policy::{Local, Policy, Shared};

/// How many values `first_touch` publishes.
const N: usize = 64;

/// The indices a probe group visits, in a scattered order: `count` distinct
/// indices below `bound`.
fn indices(count: usize, bound: usize) -> Vec<usize> {
    let stride = bound / count;
    (0..count)
        .map(|k| ((k * 37 + 11) % count) * stride + (k % stride.max(1)))
        .collect()
}

fn filled<P: Policy>(indices: &[usize]) -> BucketArray<u64, P> {
    let array = BucketArray::new();
    for &i in indices {
        array.get_or_init(i, || i as u64 * 3);
    }
    array
}

/// One probe group: every structure holds the value `3 * i` at each index
/// `i` of `order` (and nothing or a placeholder elsewhere).
fn probe_group(c: &mut Criterion, name: &str, order: &[usize]) {
    let bound = order.iter().max().map_or(0, |&m| m + 1);
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(order.len() as u64));

    let plain: Vec<u64> = (0..bound).map(|i| i as u64 * 3).collect();
    g.bench_function("vec_u64", |b| {
        b.iter(|| {
            let v = black_box(&plain);
            let mut sum = 0u64;
            for &i in order {
                sum = sum.wrapping_add(v[black_box(i)]);
            }
            sum
        })
    });

    let boxed: Vec<Box<u64>> = (0..bound).map(|i| Box::new(i as u64 * 3)).collect();
    g.bench_function("vec_box_u64", |b| {
        b.iter(|| {
            let v = black_box(&boxed);
            let mut sum = 0u64;
            for &i in order {
                sum = sum.wrapping_add(*v[black_box(i)]);
            }
            sum
        })
    });

    let shared = filled::<Shared>(order);
    g.bench_function("bucket_array_shared", |b| {
        b.iter(|| {
            let a = black_box(&shared);
            let mut sum = 0u64;
            for &i in order {
                sum = sum.wrapping_add(*a.get(black_box(i)).unwrap());
            }
            sum
        })
    });

    let local = filled::<Local>(order);
    g.bench_function("bucket_array_local", |b| {
        b.iter(|| {
            let a = black_box(&local);
            let mut sum = 0u64;
            for &i in order {
                sum = sum.wrapping_add(*a.get(black_box(i)).unwrap());
            }
            sum
        })
    });

    let once: Vec<OnceLock<Box<u64>>> = (0..bound)
        .map(|i| {
            let cell = OnceLock::new();
            let _ = cell.set(Box::new(i as u64 * 3));
            cell
        })
        .collect();
    g.bench_function("vec_oncelock_box_u64", |b| {
        b.iter(|| {
            let v = black_box(&once);
            let mut sum = 0u64;
            for &i in order {
                sum = sum.wrapping_add(**v[black_box(i)].get().unwrap());
            }
            sum
        })
    });

    let locked: RwLock<Vec<Option<Box<u64>>>> =
        RwLock::new((0..bound).map(|i| Some(Box::new(i as u64 * 3))).collect());
    g.bench_function("rwlock_vec_box_u64", |b| {
        b.iter(|| {
            let l = black_box(&locked);
            let mut sum = 0u64;
            for &i in order {
                let guard = l.read();
                sum = sum.wrapping_add(**guard[black_box(i)].as_ref().unwrap());
            }
            sum
        })
    });
    g.finish();
}

fn probe_hit(c: &mut Criterion) {
    probe_group(c, "buckets/probe_hit_inline", &indices(32, 32));
    probe_group(c, "buckets/probe_hit_spread", &indices(64, 2048));
}

fn first_touch(c: &mut Criterion) {
    let mut g = c.benchmark_group("buckets/first_touch");
    g.throughput(Throughput::Elements(N as u64));

    g.bench_function("bucket_array_shared", |b| {
        b.iter_batched(
            BucketArray::<u64, Shared>::new,
            |a| {
                for i in 0..N {
                    black_box(a.get_or_init(i, || i as u64));
                }
                a
            },
            BatchSize::SmallInput,
        )
    });

    g.bench_function("bucket_array_local", |b| {
        b.iter_batched(
            BucketArray::<u64, Local>::new,
            |a| {
                for i in 0..N {
                    black_box(a.get_or_init(i, || i as u64));
                }
                a
            },
            BatchSize::SmallInput,
        )
    });

    g.bench_function("vec_box_u64_push", |b| {
        b.iter_batched(
            Vec::<Box<u64>>::new,
            |mut v| {
                for i in 0..N {
                    v.push(Box::new(i as u64));
                    black_box(&v[i]);
                }
                v
            },
            BatchSize::SmallInput,
        )
    });

    g.bench_function("vec_oncelock_box_u64", |b| {
        b.iter_batched(
            || {
                (0..N)
                    .map(|_| OnceLock::new())
                    .collect::<Vec<OnceLock<Box<u64>>>>()
            },
            |v| {
                for (i, cell) in v.iter().enumerate() {
                    black_box(cell.get_or_init(|| Box::new(i as u64)));
                }
                v
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

/// Every buckets bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    let mut c = Criterion::default().configure_from_args();
    probe_hit(&mut c);
    first_touch(&mut c);
}

criterion_main!(benches);
