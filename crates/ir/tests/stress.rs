//! Stress: 32 threads on a 2-core machine run a mixed compiler workload
//! against one context at once: hot hits, racing inserts, builtin types and
//! attributes, affine maps, diagnostics, and the rewriting of one module's
//! functions. The module body holds one `func.func` per thread; each thread
//! checks its own function out of the module's [`Container`] for every
//! rewrite (so the body is handed back and forth through the container's
//! lock), creates operations whose result types and attributes it interns
//! on the spot, replaces all uses, erases, clones, splits and merges
//! blocks, and asks the container now and then for a symbol of the module
//! that other threads ask for too (a shared constant, a shared helper
//! function) or one of its own. The run is bounded by an operation count (a
//! few seconds in debug), and afterwards the test checks what a compiler
//! relies on:
//!
//! - equal keys got equal handles, on every thread (pointer identity);
//! - every key interned is present, exactly once: `ctx.lookup` finds it at
//!   the address every thread got, and the per-kind statistics count one
//!   entry per distinct key (and at least one write lock per insert);
//! - the affine cluster holds one map per distinct canonical map;
//! - every diagnostic reached the shared buffer whole (its rendering is one
//!   contiguous run of the output), exactly once;
//! - the module passes `Body::check` (its functions and helpers included),
//!   every function holds exactly what its thread's record says (its
//!   operations, in order and in blocks, with their result types,
//!   attributes and operands), every symbol requested was built once and
//!   exists once, every request for a name got the same operation, and the
//!   inserted symbols stand in the order of the smallest key that requested
//!   each, computed from the records alone, whatever the schedule was.
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
use strata_ctx::{Arena, Attribute, Context, KindInfo, Location, StorageKind, Type};
use strata_ir::{
    Body, Container, InsertKey, InsertPoint, IrError, IrMapping, OpId, OperationState, OwnerId,
    Value, WalkOrder, WalkResult, symbol_name, walk_op,
};
use strata_sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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

impl strata_ctx::Kind for StressKey {
    type Family = strata_ctx::OtherFamily;

    type Stored<'c> = StressData;

    type Key<'k, 'c>
        = u64
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<StressKey>("stress.key");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u64, state: &mut H) {
        state.write_u64(*key);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for StressKey {
    fn matches<'k, 'c: 'k>(stored: &'c StressData, key: &u64) -> bool {
        stored.key == *key
    }

    fn construct<'k, 'c: 'k>(key: &u64, _arena: &'c Arena) -> StressData {
        StressData {
            key: *key,
            check: check_of(*key),
        }
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

/// Symbol names every thread asks for: `shared.const{k}` and
/// `shared.helper{k}` for `k` below this; each thread also asks for
/// `t{t}.private{k}` of its own.
const SHARED_SYMBOLS: u64 = 4;

/// One operation of a function, as its thread's record has it.
#[derive(Clone, Copy, Debug)]
struct RecordedOp<'c> {
    op: OpId,
    ty: Type<'c>,
    attributes: Option<Attribute<'c>>,
    /// The operation whose result is the one operand, or `None` for the
    /// entry block's argument.
    input: Option<OpId>,
}

/// What a thread's function should hold: its operations in order across
/// its blocks, and where each block after the entry block starts.
#[derive(Debug, Default)]
struct FunctionRecord<'c> {
    ops: Vec<RecordedOp<'c>>,
    /// The position in `ops` of the first operation of each block after
    /// the entry block, in block order (equal positions: an empty block).
    splits: Vec<usize>,
}

impl<'c> FunctionRecord<'c> {
    /// The value an operation reading `input` reads.
    fn value_of(body: &Body<'c>, input: Option<OpId>) -> Value {
        match input {
            Some(op) => body.op(op).result(0),
            None => {
                let entry = body.entry_block(body.roots()[0]).unwrap();
                body.block_args(entry)[0]
            }
        }
    }

    /// Every operation that read `from` reads `to` (what a replacement of
    /// all uses does).
    fn redirect(&mut self, from: OpId, to: Option<OpId>) {
        for r in &mut self.ops {
            if r.input == Some(from) {
                r.input = to;
            }
        }
    }
}

/// What one thread saw: every key it interned with the address it got, the
/// diagnostics it emitted (rendered), what its function should hold and the
/// symbols it asked the module for.
#[derive(Default)]
struct Seen<'c> {
    keys: Vec<(u64, usize)>,
    ints: Vec<(i64, usize)>,
    tensors: Vec<(i64, usize)>,
    strings: Vec<(u32, usize)>,
    /// The integer types made for results: (width, address).
    int_types: Vec<(u32, usize)>,
    maps: Vec<((i64, i64), AffineMap<'c>)>,
    /// (diagnostic id, its rendering) for every diagnostic emitted.
    diagnostics: Vec<(String, String)>,
    function: FunctionRecord<'c>,
    /// Every symbol request: its key, the name, and the operation it got.
    symbols: Vec<(InsertKey, String, OpId)>,
    /// The rewrites of the function done.
    rewrites: usize,
    ops: usize,
}

/// The properties of a symbol: its name and, for a constant, its value.
fn symbol_properties<'c>(ctx: &'c Context, name: &str, value: Option<i64>) -> Attribute<'c> {
    let sym = ("sym_name", ctx.string_attr(name).into());
    match value {
        Some(v) => ctx.dictionary_attr(&[sym, ("value", ctx.i64_attr(v).into())]),
        None => ctx.dictionary_attr(&[sym]),
    }
    .into()
}

/// The value of shared constant `k` (among the integers the workload
/// interns, so that the integer attributes' statistics count it).
fn constant_value(k: u64) -> i64 {
    100 + k as i64
}

/// The strings the IR part of the workload interns: operation and
/// attribute names, and every symbol name it may ask for. They are interned
/// before the workload so that the string statistics count the workload's
/// own strings alone.
fn ir_strings() -> Vec<String> {
    let mut names: Vec<String> = [
        "builtin.module",
        "func.func",
        "func.return",
        "ml_program.global",
        "test.def",
        "test.replacement",
        "sym_name",
        "value",
        "step",
    ]
    .map(String::from)
    .into();
    for k in 0..SHARED_SYMBOLS {
        names.push(format!("shared.const{k}"));
        names.push(format!("shared.helper{k}"));
    }
    for t in 0..THREADS {
        names.push(format!("f{t}"));
        for k in 0..SHARED_SYMBOLS {
            names.push(format!("t{t}.private{k}"));
        }
    }
    names
}

/// Builds symbol `name` in the module body: a constant global for
/// `shared.const*`, otherwise a `func.func` whose body holds an entry block
/// with one `func.return`. Counts every build in `builds`.
fn build_symbol<'c>(ctx: &'c Context, m: &mut Body<'c>, name: &str, builds: &AtomicUsize) -> OpId {
    // Relaxed: a tally read after the threads are joined.
    builds.fetch_add(1, Ordering::Relaxed);
    let loc: Location<'c> = ctx.unknown_loc().into();
    if let Some(k) = name.strip_prefix("shared.const") {
        let value = constant_value(k.parse().unwrap());
        let props = symbol_properties(ctx, name, Some(value));
        return m.create_op(
            OperationState::new(ctx.string_attr("ml_program.global").into(), loc).properties(props),
        );
    }
    let func = m.create_op(
        OperationState::new(ctx.string_attr("func.func").into(), loc)
            .properties(symbol_properties(ctx, name, None))
            .regions(1)
            .isolated(),
    );
    let body = m.child_mut(m.op(func).owner().unwrap()).unwrap();
    let entry = body.create_block();
    body.append_block(body.roots()[0], entry).unwrap();
    let arg = body.add_block_argument(entry, ctx.i32().into(), None);
    let ret = body.create_op(
        OperationState::new(ctx.string_attr("func.return").into(), loc).operands(&[arg]),
    );
    body.insert_op(ret, InsertPoint::End(entry)).unwrap();
    func
}

/// The shared state of the IR part of the workload.
struct Ir<'k, 'b, 'c> {
    container: &'k Container<'b, 'c>,
    /// Each thread's function, by thread index.
    functions: &'k [OwnerId],
    builds: &'k AtomicUsize,
}

/// One rewrite of thread `t`'s function, or one symbol request, chosen by
/// `arg`; the function is checked out for this step alone.
fn ir_step<'c>(
    ctx: &'c Context,
    ir: &Ir<'_, '_, 'c>,
    t: usize,
    n: usize,
    arg: u64,
    seen: &mut Seen<'c>,
) {
    let loc: Location<'c> = ctx.unknown_loc().into();
    let own = ir.functions[t];
    let choice = arg % 16;
    let pick = arg >> 4;
    if choice >= 13 {
        // A symbol of the module: a shared constant, a shared helper, or
        // one of this thread's own (asked for again later under a larger
        // key, which must not move it).
        let k = (pick >> 2) % SHARED_SYMBOLS;
        let name = match pick % 3 {
            0 => format!("shared.const{k}"),
            1 => format!("shared.helper{k}"),
            _ => format!("t{t}.private{k}"),
        };
        let key = InsertKey {
            owner: t as u32,
            seq: seen.symbols.len() as u32,
        };
        let op = ir
            .container
            .get_or_insert_symbol(key, &name, |m| build_symbol(ctx, m, &name, ir.builds))
            .unwrap();
        if pick.is_multiple_of(3) {
            let v = constant_value(k);
            seen.ints.push((v, ctx.i64_attr(v).as_ptr() as usize));
        }
        seen.symbols.push((key, name, op));
        return;
    }
    let mut f = ir.container.checkout(own).unwrap();
    if n.is_multiple_of(7) {
        // The function is this thread's until the guard drops.
        assert_eq!(
            ir.container.checkout(own).map(|g| g.owner()).unwrap_err(),
            IrError::ChildOut(own)
        );
    }
    let rec = &mut seen.function;
    let width = 1 + (pick % 4096) as u32;
    let int = ctx.int(width);
    seen.int_types.push((width, int.as_ptr() as usize));
    let ty: Type<'c> = int.into();
    let len = rec.ops.len();
    let at = if len == 0 {
        0
    } else {
        (pick >> 12) as usize % len
    };
    match choice {
        // Create an operation reading the argument or an earlier result, at
        // the end of the last block.
        0..=6 => {
            let input = if len == 0 || pick.is_multiple_of(5) {
                None
            } else {
                Some(rec.ops[at].op)
            };
            let operand = FunctionRecord::value_of(&f, input);
            let op = f.create_op(
                OperationState::new(ctx.string_attr("test.def").into(), loc)
                    .operands(&[operand])
                    .results(&[ty]),
            );
            let last = f.blocks(f.roots()[0]).last().unwrap();
            f.insert_op(op, InsertPoint::End(last)).unwrap();
            rec.ops.push(RecordedOp {
                op,
                ty,
                attributes: None,
                input,
            });
        }
        // Replace an operation with a new one of a fresh type and an
        // attribute dictionary interned here.
        7 | 8 if len > 0 => {
            let old = rec.ops[at];
            let step = (n % 256) as i64;
            let value = ctx.i64_attr(step);
            seen.ints.push((step, value.as_ptr() as usize));
            let attributes: Attribute<'c> = ctx.dictionary_attr(&[("step", value.into())]).into();
            let operand = FunctionRecord::value_of(&f, old.input);
            let new = f.create_op(
                OperationState::new(ctx.string_attr("test.replacement").into(), loc)
                    .operands(&[operand])
                    .results(&[ty])
                    .attributes(attributes),
            );
            f.insert_op(new, InsertPoint::Before(old.op)).unwrap();
            let result = f.op(new).result(0);
            f.replace_op(old.op, &[result]).unwrap();
            assert!(!f.contains_op(old.op));
            rec.redirect(old.op, Some(new));
            rec.ops[at] = RecordedOp {
                op: new,
                ty,
                attributes: Some(attributes),
                input: old.input,
            };
        }
        // Erase an operation: its uses read its operand instead.
        9 | 10 if len > 0 => {
            let old = rec.ops[at];
            let result = f.op(old.op).result(0);
            let operand = f.op(old.op).operand(0);
            if let Some(user) = f.uses(result).next() {
                // Refused, with nothing changed, while the result is used.
                assert_eq!(
                    f.erase_op(old.op),
                    Err(IrError::ValueInUse {
                        value: result,
                        user
                    })
                );
            }
            f.replace_all_uses_with(result, operand);
            assert!(f.use_empty(result));
            f.erase_op(old.op).unwrap();
            rec.redirect(old.op, old.input);
            rec.ops.remove(at);
            for s in &mut rec.splits {
                if *s > at {
                    *s -= 1;
                }
            }
        }
        // Clone an operation, placed right after it.
        11 if len > 0 => {
            let old = rec.ops[at];
            let mut mapping = IrMapping::new();
            let copy = f.clone_op(old.op, &mut mapping).unwrap();
            f.insert_op(copy, InsertPoint::After(old.op)).unwrap();
            assert_eq!(
                mapping.value(f.op(old.op).result(0)),
                Some(f.op(copy).result(0))
            );
            rec.ops.insert(at + 1, RecordedOp { op: copy, ..old });
            for s in &mut rec.splits {
                if *s > at {
                    *s += 1;
                }
            }
        }
        // Split the last block, or merge it into the one before.
        12 => {
            let last = f.blocks(f.roots()[0]).last().unwrap();
            let start = rec.splits.last().copied().unwrap_or(0);
            if !rec.splits.is_empty() && (pick.is_multiple_of(2) || len - start < 2) {
                let prev = f.prev_block(last).unwrap();
                f.merge_blocks(last, prev, &[]).unwrap();
                rec.splits.pop();
            } else if len - start >= 2 {
                let p = start + 1 + (pick >> 1) as usize % (len - start - 1);
                let new = f.split_block(last, rec.ops[p].op).unwrap();
                assert_eq!(f.first_op(new), Some(rec.ops[p].op));
                rec.splits.push(p);
            } else {
                return;
            }
        }
        // Nothing to replace, erase or clone yet.
        _ => return,
    }
    if n.is_multiple_of(8) {
        f.check().unwrap();
    }
    seen.rewrites += 1;
}

/// One thread's share of the workload.
fn worker<'c>(ctx: &'c Context, ir: &Ir<'_, '_, 'c>, t: usize, go: &AtomicBool) -> Seen<'c> {
    // Acquire: pairs with the Release store that opens the gate (nothing is
    // published through it; it only lines the threads up).
    while !go.load(Ordering::Acquire) {
        std::thread::yield_now();
    }
    let mut rng = Rng(0x5EED_0000 + t as u64);
    let mut seen = Seen::default();
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
            // The module: a rewrite of this thread's checked-out function,
            // or a symbol of the module body shared by all.
            _ => ir_step(ctx, ir, t, n, arg, &mut seen),
        }
        seen.ops += 1;
    }
    seen
}

/// Builds the module: a `builtin.module` in `top`, whose one block holds
/// `THREADS` functions `f0`, `f1`, ..., each with an entry block taking one
/// `i32`. Returns the module's owner, its block and the functions' owners.
fn build_module<'c>(
    ctx: &'c Context,
    top: &mut Body<'c>,
) -> (OwnerId, strata_ir::BlockId, Vec<OwnerId>) {
    let loc: Location<'c> = ctx.unknown_loc().into();
    let module = top.create_op(
        OperationState::new(ctx.string_attr("builtin.module").into(), loc)
            .regions(1)
            .isolated(),
    );
    let module_owner = top.op(module).owner().unwrap();
    let m = top.child_mut(module_owner).unwrap();
    let block = m.create_block();
    m.append_block(m.roots()[0], block).unwrap();
    let functions = (0..THREADS)
        .map(|t| {
            let func = m.create_op(
                OperationState::new(ctx.string_attr("func.func").into(), loc)
                    .properties(symbol_properties(ctx, &format!("f{t}"), None))
                    .regions(1)
                    .isolated(),
            );
            m.insert_op(func, InsertPoint::End(block)).unwrap();
            let owner = m.op(func).owner().unwrap();
            let body = m.child_mut(owner).unwrap();
            let entry = body.create_block();
            body.append_block(body.roots()[0], entry).unwrap();
            body.add_block_argument(entry, ctx.i32().into(), None);
            owner
        })
        .collect();
    (module_owner, block, functions)
}

/// Checks that `body` (thread `t`'s function) holds exactly what `rec`
/// says; returns its number of operations.
fn check_function<'c>(body: &Body<'c>, rec: &FunctionRecord<'c>, t: usize) -> usize {
    let blocks: Vec<_> = body.blocks(body.roots()[0]).collect();
    assert_eq!(blocks.len(), rec.splits.len() + 1, "f{t}: blocks");
    let mut bounds = vec![0];
    bounds.extend(&rec.splits);
    bounds.push(rec.ops.len());
    for (k, &b) in blocks.iter().enumerate() {
        let got: Vec<OpId> = body.block_ops(b).collect();
        let want: Vec<OpId> = rec.ops[bounds[k]..bounds[k + 1]]
            .iter()
            .map(|r| r.op)
            .collect();
        assert_eq!(got, want, "f{t}: the operations of block {k}");
    }
    for r in &rec.ops {
        let op = body.op(r.op);
        assert_eq!(op.results().len(), 1);
        assert_eq!(
            body.value_type(op.result(0)),
            r.ty,
            "f{t}: the type of {:?}",
            r.op
        );
        assert_eq!(
            op.attributes(),
            r.attributes,
            "f{t}: the attributes of {:?}",
            r.op
        );
        assert_eq!(op.num_operands(), 1);
        assert_eq!(
            op.operand(0),
            FunctionRecord::value_of(body, r.input),
            "f{t}: the operand of {:?}",
            r.op
        );
    }
    assert_eq!(body.num_ops(), rec.ops.len(), "f{t}: operations");
    assert_eq!(body.num_values(), rec.ops.len() + 1, "f{t}: values");
    assert_eq!(
        body.num_blocks(),
        blocks.len(),
        "f{t}: detached blocks left"
    );
    rec.ops.len()
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
    let ctx = Context::with_engine(engine).with_table_shards(4);

    // What exists before the workload: the common builtins, pre-created on
    // their first use (this one), the module and the IR's names.
    let _ = ctx.i1();
    let mut top = Body::new();
    let (module, block, functions) = build_module(&ctx, &mut top);
    for name in ir_strings() {
        ctx.string_attr(&name);
    }
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

    let builds = AtomicUsize::new(0);
    let go = AtomicBool::new(false);
    let start = Instant::now();
    let (seen, elapsed) = {
        let m = top.child_mut(module).unwrap();
        let container: Container<'_, '_> = Container::new(m, block);
        let ir = Ir {
            container: &container,
            functions: &functions,
            builds: &builds,
        };
        let seen: Vec<Seen<'_>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..THREADS)
                .map(|t| {
                    let (ctx, ir, go) = (&ctx, &ir, &go);
                    s.spawn(move || worker(ctx, ir, t, go))
                })
                .collect();
            // Release: pairs with the workers' Acquire loads (see `worker`).
            go.store(true, Ordering::Release);
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let elapsed = start.elapsed();
        container.into_inner();
        (seen, elapsed)
    };
    let ops: usize = seen.iter().map(|s| s.ops).sum();

    // Equal keys, equal handles, on every thread.
    let (keys, key_mismatches) = merge(seen.iter().flat_map(|s| s.keys.iter().copied()));
    let (ints, int_mismatches) = merge(seen.iter().flat_map(|s| s.ints.iter().copied()));
    let (tensors, tensor_mismatches) = merge(seen.iter().flat_map(|s| s.tensors.iter().copied()));
    let (strings, string_mismatches) = merge(seen.iter().flat_map(|s| s.strings.iter().copied()));
    let (int_types, int_type_mismatches) =
        merge(seen.iter().flat_map(|s| s.int_types.iter().copied()));
    let mut maps: HashMap<(i64, i64), AffineMap<'_>> = HashMap::new();
    let mut map_mismatches = 0;
    for &(k, m) in seen.iter().flat_map(|s| s.maps.iter()) {
        if *maps.entry(k).or_insert(m) != m {
            map_mismatches += 1;
        }
    }
    let mismatches = key_mismatches
        + int_mismatches
        + tensor_mismatches
        + string_mismatches
        + int_type_mismatches
        + map_mismatches;

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
    for (&w, &addr) in &int_types {
        assert_eq!(ctx.int(w).as_ptr() as usize, addr, "i{w}");
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
    // The empty string and the IR's names are there before; every "sN" is
    // new.
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

    // The module is consistent, its functions and helpers included.
    top.check().unwrap();
    let m = top.child(module).unwrap();
    m.check().unwrap();

    // Every function holds what its thread's record says.
    let mut function_ops = 0;
    for (t, (&owner, s)) in functions.iter().zip(&seen).enumerate() {
        function_ops += check_function(m.child(owner).unwrap(), &s.function, t);
    }

    // Every request for a name got one operation, built once; the symbols
    // stand after the functions in the order of the smallest key that asked
    // for each, which the records give whatever the schedule was.
    let mut first_key: HashMap<&str, (InsertKey, OpId)> = HashMap::new();
    for (key, name, op) in seen.iter().flat_map(|s| &s.symbols) {
        let entry = first_key.entry(name).or_insert((*key, *op));
        assert_eq!(entry.1, *op, "two operations for symbol {name}");
        entry.0 = entry.0.min(*key);
    }
    let mut want: Vec<(InsertKey, &str, OpId)> = first_key
        .iter()
        .map(|(&name, &(key, op))| (key, name, op))
        .collect();
    want.sort();
    let requests: usize = seen.iter().map(|s| s.symbols.len()).sum();
    assert_eq!(
        builds.load(Ordering::Relaxed),
        want.len(),
        "a symbol built twice"
    );
    let module_ops: Vec<OpId> = m.block_ops(block).collect();
    assert_eq!(
        module_ops.len(),
        THREADS + want.len(),
        "the module's operations"
    );
    for (t, &op) in module_ops[..THREADS].iter().enumerate() {
        assert_eq!(m.op(op).owner(), Some(functions[t]));
        assert_eq!(symbol_name(m, op), Some(format!("f{t}").as_str()));
    }
    let got: Vec<(&str, OpId)> = module_ops[THREADS..]
        .iter()
        .map(|&op| (symbol_name(m, op).unwrap(), op))
        .collect();
    let want_order: Vec<(&str, OpId)> = want.iter().map(|&(_, name, op)| (name, op)).collect();
    assert_eq!(got, want_order, "the symbols' order is not the keys' order");
    let mut helper_ops = 0;
    for &(name, op) in &got {
        let shared_const = name
            .strip_prefix("shared.const")
            .map(|k| k.parse::<u64>().unwrap());
        assert_eq!(
            m.op(op).properties(),
            Some(symbol_properties(
                &ctx,
                name,
                shared_const.map(constant_value)
            ))
        );
        match m.op(op).owner() {
            Some(owner) => {
                assert!(shared_const.is_none());
                let helper = m.child(owner).unwrap();
                assert_eq!(helper.num_ops(), 1, "helper {name}");
                helper_ops += 1;
            }
            None => assert!(shared_const.is_some(), "{name} is not a function"),
        }
    }
    // The walker sees all of it: the module (a detached operation of the
    // top body), its functions with what they hold, the symbols and the
    // helpers' returns.
    let mut walked = 0;
    walk_op(
        &top,
        top.owner_op(module).unwrap(),
        WalkOrder::PreOrder,
        |_, _| {
            walked += 1;
            WalkResult::Advance
        },
    );
    assert_eq!(walked, 1 + THREADS + function_ops + want.len() + helper_ops);
    let rewrites: usize = seen.iter().map(|s| s.rewrites).sum();

    eprintln!(
        "stress: {THREADS} threads, {ops} operations in {:.2} s; {} keys, {} diagnostics, \
         {} write locks, {} lost races; IR: {rewrites} rewrites leaving {function_ops} \
         operations, {} symbols from {requests} requests; mismatches: {mismatches}",
        elapsed.as_secs_f64(),
        keys.len() + ints.len() + tensors.len() + strings.len() + int_types.len() + maps.len(),
        printed,
        after.total_write_locks(),
        after.total_lost_races(),
        want.len(),
    );
    assert_eq!(mismatches, 0, "equal keys got different handles");
}
