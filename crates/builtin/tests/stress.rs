//! Stress: 32 threads on a 2-core machine run a mixed compiler workload
//! against one context at once: hot hits, racing inserts, builtin types and
//! attributes, affine maps, diagnostics and IR-container mutation. The run is
//! bounded by an operation count (a few seconds in debug), and afterwards the
//! test checks what a compiler relies on:
//!
//! - equal keys got equal handles, on every thread (pointer identity);
//! - every key interned is present, exactly once: `ctx.lookup` finds it at
//!   the address every thread got, and the per-kind statistics count one
//!   entry per distinct key (and at least one write lock per insert);
//! - the affine cluster holds one map per distinct canonical map;
//! - every diagnostic reached the shared buffer whole (its rendering is one
//!   contiguous run of the output), exactly once;
//! - the shared IR container is consistent, and every owner holds exactly
//!   what its thread left it.
//!
//! The figures (operations, threads, seconds, mismatches) are printed for
//! docs/RELIABILITY.md; run with `--nocapture` to see them.

// OS threads, process-wide counters and timing: not a loom model.
#![cfg(not(strata_loom))]

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::hash::Hasher;
use std::time::Instant;

use strata_affine::AffineMap;
use strata_builtin::StringAttr;
use strata_builtin::apnum::ApInt;
use strata_builtin::prelude::*;
use strata_builtin::{IntegerAttr, IntegerAttrKey, RankedTensorType, RankedTensorTypeData};
use strata_ctx::diag::{EngineBuilder, HumanEmitter, Location as DiagLoc, SharedBuffer};
use strata_ctx::{Arena, Category, Context, KindInfo, StorageKind, Type};
use strata_ir::{ExprId, Owner, ValueId};
use strata_sync::atomic::{AtomicBool, Ordering};

/// Threads in the run (on a 2-core machine: heavy preemption, so the lock
/// and publication races happen inside critical sections, not beside them).
const THREADS: usize = 32;

/// Operations per thread. Under a sanitizer (`STRATA_SANITIZER` is set by
/// `cargo xtask asan` / `tsan`) a third as many, to stay inside CI's budget.
fn ops_per_thread() -> usize {
    if std::env::var_os("STRATA_SANITIZER").is_some() {
        500
    } else {
        1500
    }
}

/// Keys `0..HOT` are the hot set: every thread looks them up again and again.
const HOT: u64 = 16;
/// Keys `HOT..HOT + WIDE` are drawn at random by every thread, so most of
/// them are first interned by two or more threads racing.
const WIDE: u64 = 2048;

/// Every tenth operation of every thread interns key `LOCKSTEP + n / 10`:
/// the threads meet on the same fresh keys at about the same time, which is
/// where two read probes miss together and the write-lock re-probe decides.
const LOCKSTEP: u64 = HOT + WIDE;

/// The stress kind: a `u64` key, and a payload derived from it that every
/// lookup checks (a torn or half-built storage would show).
enum StressKey {}

#[derive(Debug, PartialEq, Eq, Hash)]
struct StressData {
    key: u64,
    check: u64,
}

fn check_of(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xA5A5
}

impl fmt::Display for StressData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "stress{}", self.key)
    }
}

impl StorageKind for StressKey {
    type Stored<'c> = StressData;
    type Key<'k, 'c>
        = u64
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<StressKey>("stress.key", Category::Other);
        &INFO
    }
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u64, state: &mut H) {
        state.write_u64(*key);
    }
    fn matches<'k, 'c: 'k>(stored: &'c StressData, key: &u64) -> bool {
        stored.key == *key
    }
    fn construct<'k, 'c: 'k>(key: &u64, _arena: &'c Arena) -> StressData {
        StressData {
            key: *key,
            check: check_of(*key),
        }
    }
    fn shorten<'a, 'b: 'a>(stored: &'a StressData) -> &'a StressData {
        stored
    }
}

/// A small, fast, seeded generator (SplitMix64): the workload is the same
/// from run to run; only the schedule differs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// What one thread saw: every key it interned with the address it got, the
/// diagnostics it emitted (rendered), and what its IR owner should hold.
#[derive(Default)]
struct Seen<'c> {
    keys: Vec<(u64, usize)>,
    ints: Vec<(i64, usize)>,
    tensors: Vec<(i64, usize)>,
    strings: Vec<(u32, usize)>,
    maps: Vec<((i64, i64), AffineMap<'c>)>,
    /// (diagnostic id, its rendering) for every diagnostic emitted.
    diagnostics: Vec<(String, String)>,
    /// The values and expressions this thread's owner holds at the end.
    ir_values: HashSet<ValueId>,
    ir_exprs: HashSet<ExprId>,
    /// The width of the integer type each live value carries.
    ir_widths: HashMap<ValueId, u32>,
    ops: usize,
}

type Ir<'c> = Owner<Type<'c>, u64>;

/// One thread's share of the workload.
fn worker<'c>(ctx: &'c Context, owner: &Ir<'c>, t: usize, go: &AtomicBool) -> Seen<'c> {
    // Acquire: pairs with the Release store that opens the gate (nothing is
    // published through it; it only lines the threads up).
    while !go.load(Ordering::Acquire) {
        std::thread::yield_now();
    }
    let mut rng = Rng(0x5EED_0000 + t as u64);
    let mut seen = Seen::default();
    let mut order: Vec<ValueId> = Vec::new();
    let diags = ctx.diagnostics();
    for n in 0..ops_per_thread() {
        let r = rng.next();
        let arg = r >> 8;
        if n % 10 == 0 {
            let k = LOCKSTEP + (n / 10) as u64;
            let h = ctx.intern::<StressKey>(k);
            assert_eq!(h.check, check_of(k), "a torn storage");
            seen.keys.push((k, h.as_ptr() as usize));
            seen.ops += 1;
            continue;
        }
        match r % 100 {
            // Hot hits: mostly answered by the thread cache.
            0..35 => {
                let k = arg % HOT;
                let h = ctx.intern::<StressKey>(k);
                assert_eq!(h.check, check_of(k), "a torn storage");
                seen.keys.push((k, h.as_ptr() as usize));
            }
            // Inserts, most of them racing with other threads' inserts.
            35..55 => {
                let k = HOT + arg % WIDE;
                let h = ctx.intern::<StressKey>(k);
                assert_eq!(h.check, check_of(k), "a torn storage");
                seen.keys.push((k, h.as_ptr() as usize));
            }
            // Builtin types and attributes (keys that hold other handles,
            // slices copied into the arena, strings).
            55..65 => {
                let v = (arg % 256) as i64;
                seen.ints.push((v, ctx.i64_attr(v).as_ptr() as usize));
                let dim = 1 + v % 8;
                let tensor = ctx.tensor_type(&[dim, 4], ctx.f32());
                seen.tensors.push((dim, tensor.as_ptr() as usize));
                let s = (v % 128) as u32;
                let string = ctx.string_attr(&format!("s{s}"));
                assert_eq!(string.as_str(), format!("s{s}"));
                seen.strings.push((s, string.as_ptr() as usize));
            }
            // The affine cluster: `(d0)[s0] -> ((d0 * a + s0) floordiv b)`.
            65..75 => {
                let aff = ctx.affine();
                let (a, b) = ((arg % 8) as i64, ((arg >> 8) % 4 + 1) as i64);
                let e = (aff.dim(0) * a + aff.symbol(0)).floor_div(b);
                seen.maps.push(((a, b), aff.map(1, 1, &[e])));
            }
            // Diagnostics: multi-line renderings, emitted from every thread.
            75..85 => {
                let id = format!("t{t}n{n}");
                let inflight = diags
                    .warning(DiagLoc::name("stress"), "stress diagnostic {}")
                    .arg(id.clone())
                    .note(format!("first note of {id}"))
                    .note(format!("second note of {id}"))
                    .help(format!("help for {id}"));
                let rendering = diags.render(inflight.diagnostic());
                inflight.emit();
                seen.diagnostics.push((id, rendering));
            }
            // The shared IR container: every thread's owner mutates it under
            // the one write guard, with compound mutations (SSA
            // redefinition, cascading removal, rollback).
            _ => {
                let me = owner.id();
                let width = 1 + (arg % 64) as u32;
                let ty: Type<'c> = ctx.int(width).into();
                match arg % 4 {
                    // A value and an expression defining it from an earlier one.
                    0 | 1 => {
                        let mut ir = owner.write();
                        let v = ir.register_value(me, ty).unwrap();
                        seen.ir_values.insert(v);
                        seen.ir_widths.insert(v, width);
                        if let Some(&input) = order.last() {
                            let e = ir.register_expr(me, n as u64, &[input], &[v]).unwrap();
                            seen.ir_exprs.insert(e);
                        }
                        order.push(v);
                    }
                    // Remove an old value: its uses and definition go with it.
                    2 => {
                        if let Some(v) = order.first().copied() {
                            order.remove(0);
                            let mut ir = owner.write();
                            let doomed: Vec<ExprId> = {
                                let value = ir.value(v).unwrap();
                                value.uses.iter().copied().chain(value.definition).collect()
                            };
                            ir.remove_value(v).unwrap();
                            for e in doomed {
                                assert!(!ir.contains_expr(e));
                                seen.ir_exprs.remove(&e);
                            }
                            seen.ir_values.remove(&v);
                            seen.ir_widths.remove(&v);
                        }
                    }
                    // Create, then roll back to a checkpoint: nothing of this
                    // thread's work since then survives, others' work stays.
                    _ => {
                        let cp = owner.checkpoint();
                        let tmp = owner.write().register_value(me, ty).unwrap();
                        owner.write().remove_statements_created_after(cp).unwrap();
                        let ir = owner.read();
                        assert!(!ir.contains_value(tmp));
                        if n % 8 == 0 {
                            ir.assert_consistent();
                        }
                    }
                }
            }
        }
        seen.ops += 1;
    }
    seen
}

/// Merges `(key, address)` records: returns the address of each key and the
/// number of records that disagree with the first address seen for their key.
fn merge<K: std::hash::Hash + Eq + Copy>(
    records: impl Iterator<Item = (K, usize)>,
) -> (HashMap<K, usize>, usize) {
    let mut first = HashMap::new();
    let mut mismatches = 0;
    for (k, addr) in records {
        if *first.entry(k).or_insert(addr) != addr {
            mismatches += 1;
        }
    }
    (first, mismatches)
}

/// Checks that `out` is exactly the concatenation, in some order, of the
/// renderings in `expected` (each exactly once): a rendering interleaved
/// with another, cut, or duplicated fails. Returns the number of renderings.
fn check_whole(out: &str, expected: &HashMap<String, String>) -> usize {
    let mut rest = out;
    let mut found = HashSet::new();
    while !rest.is_empty() {
        // Each rendering opens with `warning: stress diagnostic <id>`.
        let header = rest.lines().next().unwrap();
        let id = header
            .strip_prefix("warning: stress diagnostic ")
            .unwrap_or_else(|| panic!("output does not start a diagnostic here: {header:?}"));
        let want = &expected[id];
        assert!(
            rest.starts_with(want.as_str()),
            "diagnostic {id} is not whole in the output:\nwant:\n{want}\ngot:\n{}",
            &rest[..want.len().min(rest.len())]
        );
        assert!(
            found.insert(id.to_string()),
            "diagnostic {id} printed twice"
        );
        rest = &rest[want.len()..];
    }
    assert_eq!(found.len(), expected.len(), "a diagnostic was lost");
    found.len()
}

fn stats_of<'s>(s: &'s strata_ctx::Statistics, name: &str) -> &'s strata_ctx::KindStatistics {
    s.kinds
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no table for kind {name}"))
}

fn entries(s: &strata_ctx::Statistics, name: &str) -> usize {
    s.kinds
        .iter()
        .find(|k| k.name == name)
        .map_or(0, |k| k.entries)
}

#[test]
fn mixed_workload_on_32_threads() {
    let buf = SharedBuffer::new();
    let engine = EngineBuilder::new()
        .emitter(HumanEmitter::new())
        .sink(buf.clone())
        .deduplicate(false)
        .build();
    let ctx = Context::with_engine(4, engine);

    // What exists before the workload: the common builtins, pre-created on
    // their first use (this one).
    let _ = ctx.i1();
    let before = ctx.statistics();
    let ints_before: HashSet<i64> = (0..256)
        .filter(|&v| {
            ctx.lookup::<IntegerAttr>(IntegerAttrKey::new(
                ctx.i64().into(),
                &ApInt::from_i128(64, i128::from(v)),
            ))
            .is_some()
        })
        .collect();
    let maps_before = before.affine.maps;

    let root: Ir<'_> = Owner::new();
    let owners: Vec<Ir<'_>> = (0..THREADS).map(|_| root.add_owner()).collect();
    let go = AtomicBool::new(false);
    let start = Instant::now();
    let seen: Vec<Seen<'_>> = std::thread::scope(|s| {
        let handles: Vec<_> = owners
            .iter()
            .enumerate()
            .map(|(t, owner)| {
                let (ctx, go) = (&ctx, &go);
                s.spawn(move || worker(ctx, owner, t, go))
            })
            .collect();
        // Release: pairs with the workers' Acquire loads (see `worker`).
        go.store(true, Ordering::Release);
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let elapsed = start.elapsed();
    let ops: usize = seen.iter().map(|s| s.ops).sum();

    // Equal keys, equal handles, on every thread.
    let (keys, key_mismatches) = merge(seen.iter().flat_map(|s| s.keys.iter().copied()));
    let (ints, int_mismatches) = merge(seen.iter().flat_map(|s| s.ints.iter().copied()));
    let (tensors, tensor_mismatches) = merge(seen.iter().flat_map(|s| s.tensors.iter().copied()));
    let (strings, string_mismatches) = merge(seen.iter().flat_map(|s| s.strings.iter().copied()));
    let mut maps: HashMap<(i64, i64), AffineMap<'_>> = HashMap::new();
    let mut map_mismatches = 0;
    for &(k, m) in seen.iter().flat_map(|s| s.maps.iter()) {
        if *maps.entry(k).or_insert(m) != m {
            map_mismatches += 1;
        }
    }
    let mismatches =
        key_mismatches + int_mismatches + tensor_mismatches + string_mismatches + map_mismatches;

    // Every key is present, once, at the address every thread got.
    for (&k, &addr) in &keys {
        let found = ctx
            .lookup::<StressKey>(k)
            .expect("an interned key is present");
        assert_eq!(found.as_ptr() as usize, addr, "key {k}");
    }
    for (&v, &addr) in &ints {
        let found = ctx
            .lookup::<IntegerAttr>(IntegerAttrKey::new(
                ctx.i64().into(),
                &ApInt::from_i128(64, i128::from(v)),
            ))
            .expect("an interned attribute is present");
        assert_eq!(found.as_ptr() as usize, addr, "{v} : i64");
    }
    for (&dim, &addr) in &tensors {
        let found = ctx
            .lookup::<RankedTensorType>(RankedTensorTypeData {
                shape: &[dim, 4],
                element: ctx.f32().into(),
                encoding: None,
            })
            .expect("an interned tensor type is present");
        assert_eq!(found.as_ptr() as usize, addr, "tensor<{dim}x4xf32>");
    }
    for (&s, &addr) in &strings {
        let found = ctx
            .lookup::<StringAttr>(&format!("s{s}"))
            .expect("an interned string is present");
        assert_eq!(found.as_ptr() as usize, addr, "\"s{s}\"");
    }

    // The statistics add up: one entry per distinct key, at least one write
    // lock per entry made, and no more lost races than write locks.
    let after = ctx.statistics();
    let stress = stats_of(&after, "stress.key");
    assert_eq!(stress.entries, keys.len());
    assert!(stress.write_locks >= stress.entries as u64);
    assert!(stress.lost_races <= stress.write_locks);
    let new_ints = ints.keys().filter(|v| !ints_before.contains(v)).count();
    assert_eq!(
        entries(&after, "builtin.integer_attr"),
        entries(&before, "builtin.integer_attr") + new_ints
    );
    let int_attr = stats_of(&after, "builtin.integer_attr");
    assert!(int_attr.write_locks >= new_ints as u64);
    assert_eq!(
        entries(&after, "builtin.ranked_tensor"),
        entries(&before, "builtin.ranked_tensor") + tensors.len()
    );
    // The empty string is pre-created; every "sN" is new.
    assert_eq!(
        entries(&after, "builtin.string"),
        entries(&before, "builtin.string") + strings.len()
    );
    // One map per distinct canonical map (distinct keys may canonicalise to
    // one map: `d0 * 0 + s0` for every `b = 1`...; equal handles say so).
    let distinct_maps: HashSet<AffineMap<'_>> = maps.values().copied().collect();
    assert_eq!(after.affine.maps, maps_before + distinct_maps.len());
    for (&(a, b), m) in &maps {
        assert_eq!(m.eval(&[10], &[3]), Some(vec![(10 * a + 3).div_euclid(b)]));
    }

    // Every diagnostic is whole, exactly once.
    let expected: HashMap<String, String> = seen
        .iter()
        .flat_map(|s| s.diagnostics.iter().cloned())
        .collect();
    let printed = check_whole(&buf.contents(), &expected);
    assert_eq!(ctx.diagnostics().summary().warnings, printed);

    // The IR container is consistent, and every owner holds what its thread
    // left it, with the payloads it registered.
    {
        let ir = root.read();
        ir.assert_consistent();
        for (owner, s) in owners.iter().zip(&seen) {
            let snap = ir.snapshot_owner(owner.id()).unwrap();
            assert_eq!(
                snap.values.iter().copied().collect::<HashSet<_>>(),
                s.ir_values
            );
            assert_eq!(
                snap.exprs.iter().copied().collect::<HashSet<_>>(),
                s.ir_exprs
            );
            for (&v, &width) in &s.ir_widths {
                let payload: Type<'_> = *ir.value(v).unwrap().payload;
                assert_eq!(payload, Type::from(ctx.int(width)));
            }
        }
    }
    drop(owners);
    assert_eq!(root.read().num_values(), 0, "dropped owners left values");

    eprintln!(
        "stress: {THREADS} threads, {ops} operations in {:.2} s; {} keys, {} diagnostics, \
         {} write locks, {} lost races; mismatches: {mismatches}",
        elapsed.as_secs_f64(),
        keys.len() + ints.len() + tensors.len() + strings.len() + maps.len(),
        printed,
        after.total_write_locks(),
        after.total_lost_races(),
    );
    assert_eq!(mismatches, 0, "equal keys got different handles");
}
