//! Criterion benches of the table layer (`strata-table`) against the
//! unsynchronised floor: a `hashbrown::HashTable` of `(hash, &storage)` over a
//! `bumpalo` arena, FxHash, no lock and no atomic.
//!
//! Keys are the "integer attribute" keys of `benches/WORKLOADS.md`:
//! `(type, value)` with a fixed `usize` standing in for the type handle.
//!
//! - `table_hit/*`: the read path. 256 hot keys, pre-interned, visited in the
//!   `idx = (idx * 5 + 1) & 255` order of W1; one element is one lookup.
//! - `table_insert/*`: a fresh table (created outside the timing), then the
//!   first `N = 100_000` distinct keys of W2, in order; one element is one
//!   insert. The table is dropped outside the timing too.
//! - `table_arena_placement/*`: a second pass, in insertion order, over the
//!   `3 * N` keys of a 32-shard table whose values live in per-shard arenas
//!   (the first design) or in the inserting thread's arena (the default).
//! - `table_local_shards/*`: the single-threaded table with one shard (the
//!   earlier design) and with its fixed sixteen, both over one arena:
//!   inserts of the first `3 * N` keys into a fresh table, and hot hits.
//! - `table_mt/*`: the same two workloads on 2 threads sharing one table
//!   (hits: both threads on the hot set; inserts: disjoint halves), thread
//!   spawning included; one element is one operation of either thread.
//!
//! Before criterion's measurements, the hit and insert workloads also run
//! alternately (floor, Shared, Local, 30 times) and the minimum of each is
//! printed to stderr: on a shared, loaded machine those ratios are the ones
//! to trust.
//!
//! Run: `cargo bench -p strata-bench --bench table -- --warm-up-time 1
//! --measurement-time 2` and read the figures as ratios to `floor`.

use std::hint::black_box;
use std::time::Instant;

use bumpalo::Bump;
use criterion::{BatchSize, Criterion, Throughput, criterion_main};
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxBuildHasher;
use std::hash::BuildHasher;
use strata_sync::policy::{Local, Policy, Shared};
use strata_table::{ArenaPlacement, ProbePolicy, Table};

/// The stand-in for the interned `i64` type handle.
const TYPE: usize = 0x5eed;
const N: usize = 100_000;

/// The storage of an integer attribute.
#[derive(Debug)]
struct IntAttr {
    ty: usize,
    value: i64,
}

type Key = (usize, i64);

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn hot_keys() -> Vec<Key> {
    let mut state = 42;
    (0..256)
        .map(|_| (TYPE, (splitmix64(&mut state) >> 1) as i64))
        .collect()
}

fn insert_keys() -> Vec<Key> {
    keys(N)
}

/// The first `n` distinct keys of W2, in order.
fn keys(n: usize) -> Vec<Key> {
    (0..n as u64)
        .map(|i| (TYPE, (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 1) as i64))
        .collect()
}

/// The unsynchronised floor: one hashbrown probe (or insert) per call.
struct Floor<'a> {
    map: HashTable<(u64, &'a IntAttr)>,
    arena: &'a Bump,
}

impl<'a> Floor<'a> {
    fn new(arena: &'a Bump) -> Self {
        Floor {
            map: HashTable::new(),
            arena,
        }
    }

    #[inline]
    fn intern(&mut self, key: Key) -> &'a IntAttr {
        let hash = FxBuildHasher.hash_one(key);
        let arena = self.arena;
        match self
            .map
            .entry(hash, |e| e.0 == hash && (e.1.ty, e.1.value) == key, |e| e.0)
        {
            Entry::Occupied(o) => o.get().1,
            Entry::Vacant(v) => {
                let s = &*arena.alloc(IntAttr {
                    ty: key.0,
                    value: key.1,
                });
                v.insert((hash, s));
                s
            }
        }
    }
}

#[inline]
fn intern<P: Policy>(table: &Table<IntAttr, P>, key: Key) -> &IntAttr {
    let hash = table.hash_one(&key);
    table.get_or_insert_with(
        hash,
        |s| s.ty == key.0 && s.value == key.1,
        |_| IntAttr {
            ty: key.0,
            value: key.1,
        },
    )
}

/// Visits the hot set in W1's order, `rounds * 256` lookups.
#[inline]
fn hot_walk(keys: &[Key], start: usize, mut f: impl FnMut(Key)) {
    let mut idx = start & 255;
    for _ in 0..256 {
        idx = (idx * 5 + 1) & 255;
        f(keys[idx]);
    }
}

fn hits(c: &mut Criterion) {
    let keys = hot_keys();
    let mut g = c.benchmark_group("table_hit");
    g.throughput(Throughput::Elements(256));

    let arena = Bump::new();
    let mut floor = Floor::new(&arena);
    keys.iter().for_each(|&k| {
        floor.intern(k);
    });
    g.bench_function("floor", |b| {
        b.iter(|| {
            hot_walk(&keys, 7, |k| {
                black_box(floor.intern(black_box(k)));
            })
        })
    });

    let shared = Table::<IntAttr, Shared>::new("integer attribute");
    keys.iter().for_each(|&k| {
        intern(&shared, k);
    });
    g.bench_function("shared", |b| {
        b.iter(|| {
            hot_walk(&keys, 7, |k| {
                black_box(intern(&shared, black_box(k)));
            })
        })
    });

    let local = Table::<IntAttr, Local>::new("integer attribute");
    keys.iter().for_each(|&k| {
        intern(&local, k);
    });
    g.bench_function("local", |b| {
        b.iter(|| {
            hot_walk(&keys, 7, |k| {
                black_box(intern(&local, black_box(k)));
            })
        })
    });
    g.finish();
}

fn inserts(c: &mut Criterion) {
    let keys = insert_keys();
    let mut g = c.benchmark_group("table_insert");
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(10);

    g.bench_function("floor", |b| {
        b.iter_batched(
            Bump::new,
            |arena| {
                {
                    let mut floor = Floor::new(&arena);
                    for &k in &keys {
                        black_box(floor.intern(k));
                    }
                }
                arena
            },
            BatchSize::PerIteration,
        )
    });
    g.bench_function("shared", |b| {
        b.iter_batched(
            || Table::<IntAttr, Shared>::new("integer attribute"),
            |table| {
                for &k in &keys {
                    black_box(intern(&table, k));
                }
                table
            },
            BatchSize::PerIteration,
        )
    });
    g.bench_function("local", |b| {
        b.iter_batched(
            || Table::<IntAttr, Local>::new("integer attribute"),
            |table| {
                for &k in &keys {
                    black_box(intern(&table, k));
                }
                table
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

fn two_threads(c: &mut Criterion) {
    let hot = hot_keys();
    let keys = insert_keys();
    let mut g = c.benchmark_group("table_mt");
    g.sample_size(10);

    const ROUNDS: usize = 2_000;
    let shared = Table::<IntAttr, Shared>::new("integer attribute");
    hot.iter().for_each(|&k| {
        intern(&shared, k);
    });
    g.throughput(Throughput::Elements((2 * ROUNDS * 256) as u64));
    g.bench_function("hit_2_threads", |b| {
        b.iter(|| {
            std::thread::scope(|s| {
                for t in 0..2 {
                    let (shared, hot) = (&shared, &hot);
                    s.spawn(move || {
                        for _ in 0..ROUNDS {
                            hot_walk(hot, 7 + t, |k| {
                                black_box(intern(shared, k));
                            });
                        }
                    });
                }
            })
        })
    });
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("insert_2_threads_disjoint", |b| {
        b.iter_batched(
            || Table::<IntAttr, Shared>::new("integer attribute"),
            |table| {
                std::thread::scope(|s| {
                    for half in keys.chunks(N / 2) {
                        let table = &table;
                        s.spawn(move || {
                            for &k in half {
                                black_box(intern(table, k));
                            }
                        });
                    }
                });
                table
            },
            BatchSize::PerIteration,
        )
    });
    g.finish();
}

/// The lookup paths of a thread-safe table, A/B in one run: the read-first
/// design before the write-first path (`ReadFirst`), the adaptive default,
/// and the write lock always (`WriteFirst`), on `N` fresh inserts and on the
/// same keys inserted and then asked for again (a second pass).
fn probe_policy(c: &mut Criterion) {
    let keys = insert_keys();
    let mut g = c.benchmark_group("table_probe_policy");
    g.sample_size(10);
    let policies = [
        ("read_first", ProbePolicy::ReadFirst),
        ("adaptive", ProbePolicy::Adaptive),
        ("write_first", ProbePolicy::WriteFirst),
    ];
    let fresh = |policy| {
        let mut table = Table::<IntAttr, Shared>::new("integer attribute");
        table.set_probe_policy(policy);
        table
    };
    g.throughput(Throughput::Elements(N as u64));
    for (name, policy) in policies {
        g.bench_function(format!("insert/{name}"), |b| {
            b.iter_batched(
                || fresh(policy),
                |table| {
                    for &k in &keys {
                        black_box(intern(&table, k));
                    }
                    table
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.throughput(Throughput::Elements(2 * N as u64));
    for (name, policy) in policies {
        g.bench_function(format!("insert_then_hit/{name}"), |b| {
            b.iter_batched(
                || fresh(policy),
                |table| {
                    for _ in 0..2 {
                        for &k in &keys {
                            black_box(intern(&table, k));
                        }
                    }
                    table
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

/// Where a thread-safe table's values live, A/B in one run: one arena per
/// shard (the first design) or one per inserting thread (the default). The
/// 300,000 keys (`3 * N`, the harness's key count at `--scale 0.3`) are
/// inserted outside the timing into a fresh 32-shard table;
/// the timing is a second pass over them in the same order, every lookup a
/// read hit, which reads the values in the order they were allocated: in
/// one thread's arena that is the order of memory, in the shards' arenas it
/// jumps between 32 places.
fn arena_placement(c: &mut Criterion) {
    let keys = keys(3 * N);
    let mut g = c.benchmark_group("table_arena_placement");
    g.sample_size(10);
    g.throughput(Throughput::Elements(keys.len() as u64));
    for (name, placement) in [
        ("per_shard", ArenaPlacement::PerShard),
        ("per_thread", ArenaPlacement::PerThread),
    ] {
        g.bench_function(format!("second_pass/{name}"), |b| {
            b.iter_batched(
                || {
                    let mut table = Table::<IntAttr, Shared>::with_shards("integer attribute", 32);
                    table.set_arena_placement(placement);
                    for &k in &keys {
                        intern(&table, k);
                    }
                    table
                },
                |table| {
                    for &k in &keys {
                        black_box(intern(&table, k));
                    }
                    table
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

/// The single-threaded table's shard count, A/B in one run: one shard (the
/// earlier design) against the fixed sixteen (`LOCAL_SHARDS`), both
/// over the table's one arena. `insert`: a fresh table, then the first
/// `3 * N` keys of W2 (the index grows past the second-level cache); `hit`:
/// the hot walk over 256 pre-interned keys.
fn local_shards(c: &mut Criterion) {
    let keys = keys(3 * N);
    let hot = hot_keys();
    let mut g = c.benchmark_group("table_local_shards");
    g.sample_size(10);
    for shards in [1, strata_table::LOCAL_SHARDS] {
        g.throughput(Throughput::Elements(keys.len() as u64));
        g.bench_function(format!("insert/{shards}"), |b| {
            b.iter_batched(
                || Table::<IntAttr, Local>::with_local_shards("integer attribute", shards),
                |table| {
                    for &k in &keys {
                        black_box(intern(&table, k));
                    }
                    table
                },
                BatchSize::PerIteration,
            )
        });
        let table = Table::<IntAttr, Local>::with_local_shards("integer attribute", shards);
        for &k in &hot {
            intern(&table, k);
        }
        g.throughput(Throughput::Elements(256));
        g.bench_function(format!("hit/{shards}"), |b| {
            b.iter(|| walk_table(&table, &hot, 1));
        });
    }
    g.finish();
}

/// Runs `f` (which performs `ops` operations) and returns ns per operation.
fn ns_per_op(ops: usize, f: impl FnOnce()) -> f64 {
    let start = Instant::now();
    f();
    start.elapsed().as_nanos() as f64 / ops as f64
}

/// Runs `f` twice and returns the second result (the first warms the
/// allocator).
fn twice(mut f: impl FnMut() -> f64) -> f64 {
    f();
    f()
}

#[inline(never)]
fn walk_floor(floor: &mut Floor<'_>, hot: &[Key], rounds: usize) {
    for _ in 0..rounds {
        hot_walk(hot, 7, |k| {
            black_box(floor.intern(black_box(k)));
        });
    }
}

#[inline(never)]
fn walk_table<P: Policy>(table: &Table<IntAttr, P>, hot: &[Key], rounds: usize) {
    for _ in 0..rounds {
        hot_walk(hot, 7, |k| {
            black_box(intern(table, black_box(k)));
        });
    }
}

/// The ratios this machine can be trusted with: floor, Shared and Local run
/// alternately, 30 times each, and the minimum of each is kept, so that the
/// load of other processes (this machine is shared) inflates no figure more
/// than another. Printed to stderr before criterion's own measurements.
fn interleaved_minimums() {
    const TRIES: usize = 30;
    const ROUNDS: usize = 200;
    let hot = hot_keys();
    let arena = Bump::new();
    let mut floor = Floor::new(&arena);
    let shared = Table::<IntAttr, Shared>::new("integer attribute");
    let local = Table::<IntAttr, Local>::new("integer attribute");
    for &k in &hot {
        floor.intern(k);
        intern(&shared, k);
        intern(&local, k);
    }
    let ops = ROUNDS * 256;
    let mut hit = [f64::MAX; 3];
    for _ in 0..TRIES {
        hit[0] = hit[0].min(ns_per_op(ops, || walk_floor(&mut floor, &hot, ROUNDS)));
        hit[1] = hit[1].min(ns_per_op(ops, || walk_table(&shared, &hot, ROUNDS)));
        hit[2] = hit[2].min(ns_per_op(ops, || walk_table(&local, &hot, ROUNDS)));
    }
    // Each timed insert run follows an untimed one of the same variant,
    // whose memory it then reuses: otherwise whichever variant runs first
    // in a try gets the memory the previous try freed, and the others pay
    // the page faults of fresh memory.
    let keys = insert_keys();
    let mut ins = [f64::MAX; 3];
    for _ in 0..TRIES / 3 {
        ins[0] = ins[0].min(twice(|| {
            let arena = Bump::new();
            let mut floor = Floor::new(&arena);
            ns_per_op(N, || {
                for &k in &keys {
                    black_box(floor.intern(k));
                }
            })
        }));
        ins[1] = ins[1].min(twice(|| {
            let table = Table::<IntAttr, Shared>::new("integer attribute");
            ns_per_op(N, || {
                for &k in &keys {
                    black_box(intern(&table, k));
                }
            })
        }));
        ins[2] = ins[2].min(twice(|| {
            let table = Table::<IntAttr, Local>::new("integer attribute");
            ns_per_op(N, || {
                for &k in &keys {
                    black_box(intern(&table, k));
                }
            })
        }));
    }
    eprintln!(
        "table min of {TRIES} interleaved: hit floor {:.2} ns, shared {:.2} ns ({:.2}x), local {:.2} ns ({:.2}x)",
        hit[0],
        hit[1],
        hit[1] / hit[0],
        hit[2],
        hit[2] / hit[0]
    );
    eprintln!(
        "table min of {} interleaved: insert floor {:.2} ns, shared {:.2} ns ({:.2}x), local {:.2} ns ({:.2}x)",
        TRIES / 3,
        ins[0],
        ins[1],
        ins[1] / ins[0],
        ins[2],
        ins[2] / ins[0]
    );
}

/// Every table bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    interleaved_minimums();
    let mut c = Criterion::default().configure_from_args();
    hits(&mut c);
    inserts(&mut c);
    probe_policy(&mut c);
    arena_placement(&mut c);
    local_shards(&mut c);
    two_threads(&mut c);
}

criterion_main!(benches);
