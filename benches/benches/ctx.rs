//! Criterion benches through the facade on the keys of WORKLOADS.md: W1 hot
//! hits, W2 inserts, W6 strings, for the thread-safe and the single-threaded
//! context, against the unsynchronised floor (hashbrown + FxHash + bumpalo).
//!
//! `cargo bench -p strata-bench --bench ctx`

use std::hash::BuildHasher;

use bumpalo::Bump;
use criterion::{BatchSize, Criterion, Throughput, black_box, criterion_main};
use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use strata_builtin::prelude::*;
use strata_ctx::{Context, Local, Policy};

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn hot_values() -> Vec<i64> {
    let mut s = 42;
    (0..256).map(|_| (splitmix64(&mut s) >> 1) as i64).collect()
}

fn insert_value(i: u64) -> i64 {
    (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 1) as i64
}

const HITS: u64 = 4096;
const INSERTS: u64 = 20_000;

/// The floor: an unsynchronised table of `(hash, &(type, value))` over an
/// arena, with the integer attribute's key shape.
struct Floor<'a> {
    arena: &'a Bump,
    table: HashTable<(u64, &'a (usize, i64))>,
}

impl<'a> Floor<'a> {
    fn new(arena: &'a Bump) -> Self {
        Self {
            arena,
            table: HashTable::new(),
        }
    }

    #[inline]
    fn intern(&mut self, key: (usize, i64)) -> &'a (usize, i64) {
        let hash = FxBuildHasher.hash_one(key);
        if let Some(&(_, v)) = self.table.find(hash, |e| e.0 == hash && *e.1 == key) {
            return v;
        }
        let v: &'a (usize, i64) = self.arena.alloc(key);
        self.table.insert_unique(hash, (hash, v), |e| e.0);
        v
    }
}

struct StrFloor<'a> {
    arena: &'a Bump,
    table: HashTable<(u64, &'a str)>,
}

impl<'a> StrFloor<'a> {
    #[inline]
    fn intern(&mut self, key: &str) -> &'a str {
        let hash = FxBuildHasher.hash_one(key);
        if let Some(&(_, v)) = self.table.find(hash, |e| e.0 == hash && e.1 == key) {
            return v;
        }
        let v: &'a str = self.arena.alloc_str(key);
        self.table.insert_unique(hash, (hash, v), |e| e.0);
        v
    }
}

fn w1_walk(mut f: impl FnMut(usize)) {
    let mut s = 7;
    let mut idx = (splitmix64(&mut s) & 255) as usize;
    for _ in 0..HITS {
        idx = (idx * 5 + 1) & 255;
        f(idx);
    }
}

fn hot_hits<P: Policy>(c: &mut Criterion, name: &str, ctx: &Context<P>) {
    let values = hot_values();
    for &v in &values {
        let _ = ctx.integer_attr(ctx.i64(), i128::from(v));
    }
    let mut g = c.benchmark_group("W1_hot_hits");
    g.throughput(Throughput::Elements(HITS));
    g.bench_function(name, |b| {
        b.iter(|| {
            w1_walk(|i| {
                black_box(ctx.integer_attr(ctx.i64(), i128::from(values[i])));
            })
        })
    });
    g.finish();
}

fn w1(c: &mut Criterion) {
    let values = hot_values();
    let arena = Bump::new();
    let mut floor = Floor::new(&arena);
    for &v in &values {
        floor.intern((7, v));
    }
    {
        let mut g = c.benchmark_group("W1_hot_hits");
        g.throughput(Throughput::Elements(HITS));
        g.bench_function("floor", |b| {
            b.iter(|| {
                w1_walk(|i| {
                    black_box(floor.intern((7, values[i])));
                })
            })
        });
        g.finish();
    }
    hot_hits(c, "strata-shared", &Context::new());
    hot_hits(c, "strata-single", &Context::single_threaded());
}

fn w2(c: &mut Criterion) {
    let mut g = c.benchmark_group("W2_inserts");
    g.throughput(Throughput::Elements(INSERTS));
    g.sample_size(20);
    g.bench_function("floor", |b| {
        b.iter_batched(
            Bump::new,
            |arena| {
                let mut floor = Floor::new(&arena);
                for i in 0..INSERTS {
                    black_box(floor.intern((7, insert_value(i))));
                }
                drop(floor);
                arena
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("strata-shared", |b| {
        b.iter_batched(
            Context::new,
            |ctx| {
                for i in 0..INSERTS {
                    black_box(ctx.integer_attr(ctx.i64(), i128::from(insert_value(i))));
                }
                ctx
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("strata-single", |b| {
        b.iter_batched(
            Context::<Local>::single_threaded,
            |ctx| {
                for i in 0..INSERTS {
                    black_box(ctx.integer_attr(ctx.i64(), i128::from(insert_value(i))));
                }
                ctx
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

fn w6(c: &mut Criterion) {
    let strings: Vec<String> = (0..INSERTS).map(|i| format!("sym_{i}")).collect();
    let mut g = c.benchmark_group("W6_strings");
    g.throughput(Throughput::Elements(INSERTS));
    g.sample_size(20);
    g.bench_function("floor-inserts", |b| {
        b.iter_batched(
            Bump::new,
            |arena| {
                let mut floor = StrFloor {
                    arena: &arena,
                    table: HashTable::new(),
                };
                for s in &strings {
                    black_box(floor.intern(s));
                }
                drop(floor);
                arena
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("strata-shared-inserts", |b| {
        b.iter_batched(
            Context::new,
            |ctx| {
                for s in &strings {
                    black_box(ctx.string_attr(s));
                }
                ctx
            },
            BatchSize::LargeInput,
        )
    });
    let arena = Bump::new();
    let mut floor = StrFloor {
        arena: &arena,
        table: HashTable::new(),
    };
    for s in &strings {
        floor.intern(s);
    }
    g.bench_function("floor-hits", |b| {
        b.iter(|| {
            for s in &strings {
                black_box(floor.intern(s));
            }
        })
    });
    let shared = Context::new();
    let single = Context::single_threaded();
    for s in &strings {
        let _ = (shared.string_attr(s), single.string_attr(s));
    }
    g.bench_function("strata-shared-hits", |b| {
        b.iter(|| {
            for s in &strings {
                black_box(shared.string_attr(s));
            }
        })
    });
    g.bench_function("strata-single-hits", |b| {
        b.iter(|| {
            for s in &strings {
                black_box(single.string_attr(s));
            }
        })
    });
    g.finish();
}

/// Every facade bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    let mut c = Criterion::default().configure_from_args();
    w1(&mut c);
    w2(&mut c);
    w6(&mut c);
}

criterion_main!(benches);
