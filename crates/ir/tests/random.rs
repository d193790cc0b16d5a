//! Random sequences of mutations: after every step the body's structure
//! holds (`Body::check`), and, for the mutations whose use-list order MLIR
//! defines simply, a model of every value's use-list (newest first) agrees
//! with the body's, order included.

#![cfg(not(strata_loom))]

use std::collections::HashMap;

use proptest::prelude::*;
use strata_builtin::prelude::*;
use strata_ctx::{Context, Location, Type};
use strata_ir::{BlockId, Body, InsertPoint, IrMapping, OpId, OperationState, RegionParent, Value};

/// One mutation, its operands drawn as indices into what is live.
#[derive(Clone, Debug)]
enum Step {
    Create {
        operands: Vec<usize>,
        results: usize,
        region: bool,
        at: usize,
    },
    Erase(usize),
    SetOperand(usize, usize, usize),
    PushOperand(usize, usize),
    EraseOperand(usize, usize),
    Rauw(usize, usize),
    ReplaceOp(usize, Vec<usize>),
    Move(usize, usize),
    Split(usize, usize),
    Merge(usize, usize),
    AddArg(usize),
    EraseArg(usize, usize),
    Clone(usize, usize),
    InlineRegion(usize, usize),
    NewBlock(usize),
    EraseBlock(usize),
}

fn step() -> impl Strategy<Value = Step> {
    let i = || 0usize..64;
    prop_oneof![
        4 => (prop::collection::vec(i(), 0..4), 0usize..3, any::<bool>(), i())
            .prop_map(|(operands, results, region, at)| Step::Create { operands, results, region, at }),
        1 => i().prop_map(Step::Erase),
        1 => (i(), i(), i()).prop_map(|(a, b, c)| Step::SetOperand(a, b, c)),
        1 => (i(), i()).prop_map(|(a, b)| Step::PushOperand(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::EraseOperand(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::Rauw(a, b)),
        1 => (i(), prop::collection::vec(i(), 0..3)).prop_map(|(a, v)| Step::ReplaceOp(a, v)),
        1 => (i(), i()).prop_map(|(a, b)| Step::Move(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::Split(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::Merge(a, b)),
        1 => i().prop_map(Step::AddArg),
        1 => (i(), i()).prop_map(|(a, b)| Step::EraseArg(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::Clone(a, b)),
        1 => (i(), i()).prop_map(|(a, b)| Step::InlineRegion(a, b)),
        1 => i().prop_map(Step::NewBlock),
        1 => i().prop_map(Step::EraseBlock),
    ]
}

struct Fx<'c> {
    ctx: &'c Context,
}

impl<'c> Fx<'c> {
    fn loc(&self) -> Location<'c> {
        self.ctx.unknown_loc().into()
    }
    fn ty(&self) -> Type<'c> {
        self.ctx.i32().into()
    }
}

fn pick<T: Copy>(items: &[T], i: usize) -> Option<T> {
    (!items.is_empty()).then(|| items[i % items.len()])
}

fn ops(body: &Body<'_>) -> Vec<OpId> {
    body.op_ids()
        .filter(|&o| body.op(o).parent().is_some())
        .collect()
}

fn values(body: &Body<'_>) -> Vec<Value> {
    body.value_ids().collect()
}

fn blocks(body: &Body<'_>) -> Vec<BlockId> {
    body.block_ids()
        .filter(|&b| body.block_parent(b).is_some())
        .collect()
}

/// A function-like body: one root region, one entry block with an
/// argument.
fn start<'c>(fx: &Fx<'c>) -> Body<'c> {
    let mut top = Body::new();
    let f = top.create_op(
        OperationState::new(fx.ctx.string_attr("func.func").into(), fx.loc())
            .regions(1)
            .isolated(),
    );
    let owner = top.op(f).owner().unwrap();
    let mut body = std::mem::take(top.child_mut(owner).unwrap());
    let entry = body.create_block();
    body.append_block(body.roots()[0], entry).unwrap();
    body.add_block_argument(entry, fx.ty(), None);
    body
}

/// Applies `step`; returns whether the step is one of those the use-list
/// model follows, with the model updated.
fn apply<'c>(fx: &Fx<'c>, body: &mut Body<'c>, step: &Step) {
    let (live_ops, live_values, live_blocks) = (ops(body), values(body), blocks(body));
    match step {
        Step::Create {
            operands,
            results,
            region,
            at,
        } => {
            let Some(block) = pick(&live_blocks, *at) else {
                return;
            };
            let operands: Vec<Value> = operands
                .iter()
                .filter_map(|&i| pick(&live_values, i))
                .collect();
            let types: Vec<Type<'c>> = (0..*results).map(|_| fx.ty()).collect();
            let op = body.create_op(
                OperationState::new(fx.ctx.string_attr("test.op").into(), fx.loc())
                    .operands(&operands)
                    .results(&types)
                    .regions(usize::from(*region)),
            );
            let at = match pick(&live_ops, *at) {
                Some(o) if at % 2 == 0 && body.op(o).parent().is_some() => InsertPoint::Before(o),
                _ => InsertPoint::End(block),
            };
            body.insert_op(op, at).unwrap();
            if *region {
                let r = body.op(op).regions()[0];
                let b = body.create_block();
                body.append_block(r, b).unwrap();
            }
        }
        Step::Erase(i) => {
            if let Some(o) = pick(&live_ops, *i) {
                let _ = body.erase_op(o);
            }
        }
        Step::SetOperand(o, k, v) => {
            if let (Some(o), Some(v)) = (pick(&live_ops, *o), pick(&live_values, *v)) {
                let n = body.op(o).num_operands();
                if n > 0 {
                    body.set_operand(o, k % n, v).unwrap();
                }
            }
        }
        Step::PushOperand(o, v) => {
            if let (Some(o), Some(v)) = (pick(&live_ops, *o), pick(&live_values, *v)) {
                body.push_operand(o, v);
            }
        }
        Step::EraseOperand(o, k) => {
            if let Some(o) = pick(&live_ops, *o) {
                let n = body.op(o).num_operands();
                if n > 0 {
                    body.erase_operand(o, k % n).unwrap();
                }
            }
        }
        Step::Rauw(a, b) => {
            if let (Some(a), Some(b)) = (pick(&live_values, *a), pick(&live_values, *b)) {
                body.replace_all_uses_with(a, b);
            }
        }
        Step::ReplaceOp(o, vs) => {
            if let Some(o) = pick(&live_ops, *o) {
                let n = body.op(o).results().len();
                let vs: Vec<Value> = vs.iter().filter_map(|&i| pick(&live_values, i)).collect();
                if vs.len() >= n {
                    let _ = body.replace_op(o, &vs[..n]);
                }
            }
        }
        Step::Move(o, to) => {
            if let (Some(o), Some(to)) = (pick(&live_ops, *o), pick(&live_ops, *to)) {
                let _ = body.move_op(o, InsertPoint::After(to));
            }
        }
        Step::Split(b, o) => {
            if let Some(b) = pick(&live_blocks, *b) {
                let inside: Vec<OpId> = body.block_ops(b).collect();
                if let Some(o) = pick(&inside, *o) {
                    body.split_block(b, o).unwrap();
                }
            }
        }
        Step::Merge(a, b) => {
            if let (Some(a), Some(b)) = (pick(&live_blocks, *a), pick(&live_blocks, *b)) {
                let args: Vec<Value> = (0..body.block_args(a).len())
                    .filter_map(|i| pick(&live_values, i))
                    .collect();
                let _ = body.merge_blocks(a, b, &args);
            }
        }
        Step::AddArg(b) => {
            if let Some(b) = pick(&live_blocks, *b) {
                body.add_block_argument(b, fx.ty(), None);
            }
        }
        Step::EraseArg(b, k) => {
            if let Some(b) = pick(&live_blocks, *b) {
                let n = body.block_args(b).len();
                if n > 0 {
                    let _ = body.erase_block_argument(b, k % n);
                }
            }
        }
        Step::Clone(o, at) => {
            if let (Some(o), Some(at)) = (pick(&live_ops, *o), pick(&live_blocks, *at)) {
                let copy = body.clone_op(o, &mut IrMapping::new()).unwrap();
                if body.insert_op(copy, InsertPoint::End(at)).is_err() {
                    body.erase_op(copy).unwrap();
                }
            }
        }
        Step::InlineRegion(o, to) => {
            let holders: Vec<OpId> = live_ops
                .iter()
                .copied()
                .filter(|&o| !body.op(o).regions().is_empty())
                .collect();
            if let (Some(o), Some(to)) = (pick(&holders, *o), pick(&live_blocks, *to)) {
                let region = body.op(o).regions()[0];
                let dest = body.block_parent(to).unwrap();
                let _ = body.inline_region_before(region, dest, Some(to));
            }
        }
        Step::NewBlock(r) => {
            let regions: Vec<_> = live_blocks
                .iter()
                .filter_map(|&b| body.block_parent(b))
                .collect();
            if let Some(r) = pick(&regions, *r) {
                let b = body.create_block();
                body.append_block(r, b).unwrap();
            }
        }
        Step::EraseBlock(b) => {
            if let Some(b) = pick(&live_blocks, *b) {
                // The entry block of the root region stays, so that there is
                // always somewhere to create operations.
                let root = body.roots()[0];
                if body.entry_block(root) != Some(b) {
                    let _ = body.erase_block(b);
                }
            }
        }
    }
}

/// The use-list model: every value's uses, newest first, as MLIR would
/// order them after the same mutations.
type Model = HashMap<Value, Vec<(OpId, u32)>>;

fn model_of(body: &Body<'_>) -> Model {
    body.value_ids()
        .map(|v| (v, body.uses(v).map(|u| (u.op, u.index)).collect()))
        .collect()
}

/// What MLIR's rules give for the mutations the model follows, from the
/// model before and the body after: `None` for a step the model does not
/// predict (the structure check still runs).
fn predict(before: &Model, body_before: &Body<'_>, step: &Step, body: &Body<'_>) -> Option<Model> {
    let mut m = before.clone();
    let remove = |m: &mut Model, slot: (OpId, u32)| {
        for list in m.values_mut() {
            list.retain(|&u| u != slot);
        }
    };
    match step {
        Step::Rauw(a, b) => {
            let vals = values(body_before);
            let (Some(a), Some(b)) = (pick(&vals, *a), pick(&vals, *b)) else {
                return Some(m);
            };
            if a != b {
                let moved = m.insert(a, Vec::new()).unwrap_or_default();
                let to = m.get_mut(&b).unwrap();
                for u in moved {
                    to.insert(0, u);
                }
            }
            Some(m)
        }
        Step::SetOperand(o, k, v) => {
            let (live_ops, vals) = (ops(body_before), values(body_before));
            let (Some(o), Some(v)) = (pick(&live_ops, *o), pick(&vals, *v)) else {
                return Some(m);
            };
            let n = body_before.op(o).num_operands();
            if n == 0 {
                return Some(m);
            }
            let slot = (o, (k % n) as u32);
            remove(&mut m, slot);
            m.get_mut(&v).unwrap().insert(0, slot);
            Some(m)
        }
        Step::PushOperand(o, v) => {
            let (live_ops, vals) = (ops(body_before), values(body_before));
            let (Some(o), Some(v)) = (pick(&live_ops, *o), pick(&vals, *v)) else {
                return Some(m);
            };
            let slot = (o, body_before.op(o).num_operands() as u32);
            m.get_mut(&v).unwrap().insert(0, slot);
            Some(m)
        }
        Step::EraseOperand(o, k) => {
            let live_ops = ops(body_before);
            let Some(o) = pick(&live_ops, *o) else {
                return Some(m);
            };
            let n = body_before.op(o).num_operands();
            if n == 0 {
                return Some(m);
            }
            let k = k % n;
            let old: Vec<Value> = body_before.op(o).operands().collect();
            for i in k..n {
                remove(&mut m, (o, i as u32));
            }
            for (j, &v) in old.iter().enumerate().skip(k + 1) {
                m.get_mut(&v).unwrap().insert(0, (o, (j - 1) as u32));
            }
            Some(m)
        }
        _ => {
            let _ = body;
            None
        }
    }
}

fn run(steps: &[Step]) -> Result<(), TestCaseError> {
    let ctx = Context::new();
    let fx = Fx { ctx: &ctx };
    let mut body = start(&fx);
    for (n, s) in steps.iter().enumerate() {
        let before = model_of(&body);
        let snapshot = body.clone();
        apply(&fx, &mut body, s);
        if let Err(e) = body.check() {
            return Err(TestCaseError::fail(format!("after step {n} {s:?}: {e}")));
        }
        if let Some(expected) = predict(&before, &snapshot, s, &body) {
            let got = model_of(&body);
            prop_assert_eq!(got, expected, "use-lists after step {} {:?}", n, s);
        }
        let root = body.roots()[0];
        prop_assert_eq!(body.region_parent(root), RegionParent::Owner(0));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_mutations_keep_the_structure_and_mlir_use_order(
        steps in prop::collection::vec(step(), 1..60)
    ) {
        run(&steps)?;
    }
}
