//! Criterion benches of reclaimable kinds (strata-ctx's `reclaim` module)
//! against immortal ones.
//!
//! Two kinds with the same key and payload, a `u64`: `ImmortalU64` (a
//! `StorageKind`, interned with `Context::intern`, returns a `Copy` handle)
//! and `CountedU64` (a `ReclaimableKind`, interned with
//! `Context::intern_counted`, returns a counted handle that is dropped right
//! away; every key of the hot set is held alive by one more handle, so hits
//! never reclaim).
//!
//! - `reclaim_hit/*`: 256 hot keys, pre-interned, visited in the
//!   `idx = (idx * 5 + 1) & 255` order of W1; one element is one lookup.
//!   `immortal-shared` is the thread-cache hit, `immortal-single` the
//!   single-threaded table probe (no cache, no lock), `counted-*` the
//!   reclaimable hit (the read probe, the upgrade, and the handle's drop).
//! - `reclaim_handle/*`: one `clone` and one `drop` of a handle; `arc` is
//!   `std::sync::Arc` for reference, `interned` is the immortal handle's copy.
//! - `reclaim_churn/*`: intern a fresh 1 KiB dense elements attribute and
//!   drop its only handle (construction, insertion, removal, free); and a
//!   hit on a live one (hashing and comparing the 1 KiB key dominate).
//! - `reclaim_mt/*`: the hit workload on 2 threads sharing one context,
//!   spawning included; one element is one lookup of either thread. A
//!   reclaimable hit writes the storage's count, so threads that hit the same
//!   keys share those cache lines; the immortal hit writes nothing shared.
//!
//! Before criterion's measurements, the hit workloads also run alternately
//! (30 times) and the minimum of each is printed to stderr with its ratio to
//! the immortal cached hit: on a shared, loaded machine those are the ratios
//! to trust.
//!
//! Run: `cargo bench -p strata-bench --bench reclaim -- --warm-up-time 1
//! --measurement-time 2`.

use std::hash::{Hash, Hasher};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

use criterion::{BatchSize, Criterion, Throughput, criterion_main};
use strata_builtin::prelude::*;
use strata_ctx::{
    Context, Counted, Interned, KindInfo, Policy, ReclaimableKind, Shared, storage_kind,
};

storage_kind! {
    /// An immortal `u64`.
    ImmortalU64 => u64, "bench.immortal_u64", Category::Other
}

/// A reclaimable `u64`.
enum CountedU64 {}

impl strata_ctx::Kind for CountedU64 {
    type Family = strata_ctx::OtherFamily;
    type Stored<'c> = u64;

    type Key<'k, 'c>
        = u64
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<CountedU64>("bench.counted_u64");
        &INFO
    }

    #[inline]
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u64, state: &mut H) {
        key.hash(state)
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl ReclaimableKind for CountedU64 {
    #[inline]
    fn matches<'k, 'c: 'k>(stored: &u64, key: &u64) -> bool {
        stored == key
    }

    fn construct<'k, 'c: 'k>(key: &u64) -> u64 {
        *key
    }
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn hot_keys() -> Vec<u64> {
    let mut s = 42;
    (0..256).map(|_| splitmix64(&mut s)).collect()
}

/// Lookups per walk.
const HITS: u64 = 4096;

/// Calls `f` with `HITS` indices into the hot set, in W1's order.
#[inline(always)]
fn walk(mut f: impl FnMut(usize)) {
    let mut idx = 7;
    for _ in 0..HITS {
        idx = (idx * 5 + 1) & 255;
        f(idx);
    }
}

#[inline(never)]
fn walk_immortal<P: Policy>(ctx: &Context<P>, hot: &[u64]) {
    walk(|i| {
        black_box(ctx.intern::<ImmortalU64>(black_box(&hot[i])));
    });
}

#[inline(never)]
fn walk_counted<P: Policy>(ctx: &Context<P>, hot: &[u64]) {
    walk(|i| {
        black_box(ctx.intern_counted::<CountedU64>(black_box(hot[i])));
    });
}

/// Pre-interns the hot set in both kinds; returns the handles that keep the
/// counted storages alive.
fn prepare<'c, P: Policy>(ctx: &'c Context<P>, hot: &[u64]) -> Vec<Counted<'c, CountedU64, P>> {
    for k in hot {
        ctx.intern::<ImmortalU64>(k);
    }
    hot.iter()
        .map(|&k| ctx.intern_counted::<CountedU64>(k))
        .collect()
}

/// Returns ns per lookup of one timed walk.
fn ns_per_lookup(f: impl FnOnce()) -> f64 {
    let start = Instant::now();
    f();
    start.elapsed().as_nanos() as f64 / HITS as f64
}

/// The ratios this machine can be trusted with: the four hit walks and the
/// handle clone/drop run alternately, 30 times each, and the minimum of each
/// is kept, so that the load of other processes inflates no figure more than
/// another. Printed to stderr before criterion's own measurements.
fn interleaved_minimums() {
    const TRIES: usize = 30;
    const ROUNDS: usize = 20;
    let hot = hot_keys();
    let shared = Context::new();
    let local = Context::single_threaded();
    let keep_shared = prepare(&shared, &hot);
    let keep_local = prepare(&local, &hot);
    let arc = Arc::new(0_u64);
    let mut best = [f64::MAX; 7];
    for _ in 0..TRIES {
        let runs: [&dyn Fn(); 7] = [
            &|| walk_immortal(&shared, &hot),
            &|| walk_immortal(&local, &hot),
            &|| walk_counted(&shared, &hot),
            &|| walk_counted(&local, &hot),
            &|| walk(|_| drop(black_box(keep_shared[0].clone()))),
            &|| walk(|_| drop(black_box(keep_local[0].clone()))),
            &|| walk(|_| drop(black_box(Arc::clone(&arc)))),
        ];
        for (b, run) in best.iter_mut().zip(runs) {
            *b = b.min(
                ns_per_lookup(|| {
                    for _ in 0..ROUNDS {
                        run();
                    }
                }) / ROUNDS as f64,
            );
        }
    }
    let base = best[0];
    let names = [
        "hit immortal-shared (cached)",
        "hit immortal-single (table probe)",
        "hit counted-shared",
        "hit counted-single",
        "clone+drop counted-shared",
        "clone+drop counted-single",
        "clone+drop std Arc",
    ];
    for (name, ns) in names.iter().zip(best) {
        eprintln!(
            "reclaim min of {TRIES} interleaved: {name:<34} {ns:6.2} ns  ({:.2}x the immortal cached hit)",
            ns / base
        );
    }
}

fn hits(c: &mut Criterion) {
    let hot = hot_keys();
    let shared = Context::new();
    let local = Context::single_threaded();
    let _keep_shared = prepare(&shared, &hot);
    let _keep_local = prepare(&local, &hot);
    let mut g = c.benchmark_group("reclaim_hit");
    g.throughput(Throughput::Elements(HITS));
    g.bench_function("immortal-shared", |b| {
        b.iter(|| walk_immortal(&shared, &hot))
    });
    g.bench_function("immortal-single", |b| {
        b.iter(|| walk_immortal(&local, &hot))
    });
    g.bench_function("counted-shared", |b| b.iter(|| walk_counted(&shared, &hot)));
    g.bench_function("counted-single", |b| b.iter(|| walk_counted(&local, &hot)));
    g.finish();
}

fn handles(c: &mut Criterion) {
    let shared = Context::new();
    let local = Context::single_threaded();
    let counted_shared = shared.intern_counted::<CountedU64>(1);
    let counted_local = local.intern_counted::<CountedU64>(1);
    let interned: Interned<'_, ImmortalU64> = shared.intern::<ImmortalU64>(&1);
    let arc = Arc::new(1_u64);
    let mut g = c.benchmark_group("reclaim_handle");
    g.throughput(Throughput::Elements(HITS));
    g.bench_function("counted-shared", |b| {
        b.iter(|| walk(|_| drop(black_box(counted_shared.clone()))))
    });
    g.bench_function("counted-single", |b| {
        b.iter(|| walk(|_| drop(black_box(counted_local.clone()))))
    });
    g.bench_function("arc", |b| {
        b.iter(|| walk(|_| drop(black_box(Arc::clone(&arc)))))
    });
    g.bench_function("interned", |b| {
        b.iter(|| {
            walk(|_| {
                black_box(interned);
            })
        })
    });
    g.finish();
}

fn churn(c: &mut Criterion) {
    const N: u64 = 1024;
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[1024], ctx.i8());
    let mut buf = vec![0_u8; 1024];
    let mut g = c.benchmark_group("reclaim_churn");
    g.throughput(Throughput::Elements(N));
    let mut s = 1;
    g.bench_function("dense-1k-create-drop", |b| {
        b.iter(|| {
            for _ in 0..N {
                buf[..8].copy_from_slice(&splitmix64(&mut s).to_le_bytes());
                drop(black_box(ctx.dense_elements_attr(ty, &buf)));
            }
        })
    });
    let live = ctx.dense_elements_attr(ty, &buf);
    g.bench_function("dense-1k-hit", |b| {
        b.iter(|| {
            for _ in 0..N {
                drop(black_box(ctx.dense_elements_attr(ty, black_box(&buf))));
            }
        })
    });
    drop(live);
    g.finish();
}

fn two_threads(c: &mut Criterion) {
    fn run<P: Policy>(ctx: &Context<P>, hot: &[u64], counted: bool)
    where
        Context<P>: Sync,
    {
        std::thread::scope(|s| {
            for _ in 0..2 {
                s.spawn(|| {
                    if counted {
                        walk_counted(ctx, hot)
                    } else {
                        walk_immortal(ctx, hot)
                    }
                });
            }
        });
    }
    let hot = hot_keys();
    let ctx = Context::<Shared>::new();
    let _keep = prepare(&ctx, &hot);
    let mut g = c.benchmark_group("reclaim_mt");
    g.throughput(Throughput::Elements(2 * HITS));
    g.bench_function("immortal-2-threads", |b| {
        b.iter_batched(|| (), |()| run(&ctx, &hot, false), BatchSize::PerIteration)
    });
    g.bench_function("counted-2-threads", |b| {
        b.iter_batched(|| (), |()| run(&ctx, &hot, true), BatchSize::PerIteration)
    });
    g.finish();
}

/// Every reclaim bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    interleaved_minimums();
    let mut c = Criterion::default().configure_from_args();
    hits(&mut c);
    handles(&mut c);
    churn(&mut c);
    two_threads(&mut c);
}

criterion_main!(benches);
