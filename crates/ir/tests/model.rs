//! Random operation sequences against a naive sequential model.
//!
//! The model keeps only the statements and the owners in `BTreeMap`s and
//! derives everything else (definitions, uses, cascades) by scanning, so it
//! shares no bookkeeping with the container. After every operation the two
//! must agree on the result of the operation and on the whole state, and the
//! container must pass its own consistency checker.

#![cfg(not(strata_loom))]

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use strata_ir::{
    Checkpoint, ExprId, IrError, Local, Owner, OwnerId, Policy, Shared, Statement, ValueId,
};

/// One step of a test. Small integers pick among the handles, ids and
/// checkpoints seen so far (modulo their number), dead ones included, so
/// that refusals are exercised as much as successes.
#[derive(Clone, Debug)]
enum Op {
    AddOwner(u8),
    DropOwner(u8),
    RegisterValue(u8, u16),
    RegisterExpr(u8, u16, Vec<u8>, Vec<u8>),
    RemoveValue(u8),
    RemoveExpr(u8),
    Checkpoint(u8),
    Rollback(u8),
    Transfer(u8, u8),
    Clear(u8),
    SetPayload(u8, u16),
}

fn op() -> impl Strategy<Value = Op> {
    let pick = any::<u8>();
    let operands = || proptest::collection::vec(any::<u8>(), 0..4);
    prop_oneof![
        1 => pick.prop_map(Op::AddOwner),
        1 => pick.prop_map(Op::DropOwner),
        5 => (pick, any::<u16>()).prop_map(|(o, p)| Op::RegisterValue(o, p)),
        5 => (pick, any::<u16>(), operands(), operands())
            .prop_map(|(o, p, i, out)| Op::RegisterExpr(o, p, i, out)),
        2 => pick.prop_map(Op::RemoveValue),
        2 => pick.prop_map(Op::RemoveExpr),
        1 => pick.prop_map(Op::Checkpoint),
        1 => pick.prop_map(Op::Rollback),
        1 => (pick, pick).prop_map(|(a, b)| Op::Transfer(a, b)),
        1 => pick.prop_map(Op::Clear),
        1 => (pick, any::<u16>()).prop_map(|(v, p)| Op::SetPayload(v, p)),
    ]
}

/// The naive model.
#[derive(Default)]
struct Model {
    /// Value -> (payload, owner).
    values: BTreeMap<ValueId, (u16, OwnerId)>,
    /// Expression -> (payload, owner, inputs, outputs).
    exprs: BTreeMap<ExprId, (u16, OwnerId, Vec<ValueId>, Vec<ValueId>)>,
    owners: BTreeSet<OwnerId>,
    /// Every statement ever created, in the order the model saw them made.
    created: Vec<Statement>,
}

impl Model {
    fn creation_index(&self, s: Statement) -> usize {
        self.created.iter().position(|&c| c == s).unwrap()
    }

    fn fresh(&mut self, s: Statement) {
        if let Some(&last) = self.created.last() {
            assert!(s.seq() > last.seq(), "ids grow: {s:?} after {last:?}");
        }
        self.created.push(s);
    }

    fn remove_exprs_where(&mut self, doomed: impl Fn(ExprId, &[ValueId], &[ValueId]) -> bool) {
        self.exprs
            .retain(|&e, (_, _, ins, outs)| !doomed(e, ins, outs));
    }

    /// Removes `values` and every expression that names one of them, and
    /// the expressions in `exprs`.
    fn remove(&mut self, values: &BTreeSet<ValueId>, exprs: &BTreeSet<ExprId>) {
        self.remove_exprs_where(|e, ins, outs| {
            exprs.contains(&e) || ins.iter().chain(outs).any(|v| values.contains(v))
        });
        self.values.retain(|v, _| !values.contains(v));
    }

    /// Removes what `owner` holds among the statements created at or after
    /// creation index `from`.
    fn remove_held_since(&mut self, owner: OwnerId, from: usize) {
        let after = |s: Statement| self.creation_index(s) >= from;
        let values = self
            .values
            .iter()
            .filter(|(v, (_, o))| *o == owner && after(Statement::Value(**v)))
            .map(|(v, _)| *v)
            .collect();
        let exprs = self
            .exprs
            .iter()
            .filter(|(e, (_, o, ..))| *o == owner && after(Statement::Expr(**e)))
            .map(|(e, _)| *e)
            .collect();
        self.remove(&values, &exprs);
    }

    fn register_expr(
        &self,
        owner: OwnerId,
        inputs: &[ValueId],
        outputs: &[ValueId],
    ) -> Result<(), IrError> {
        if !self.owners.contains(&owner) {
            return Err(IrError::UnknownOwner(owner));
        }
        for v in inputs.iter().chain(outputs) {
            if !self.values.contains_key(v) {
                return Err(IrError::UnknownValue(*v));
            }
        }
        for (i, v) in outputs.iter().enumerate() {
            if outputs[..i].contains(v) {
                return Err(IrError::DuplicateOutput(*v));
            }
        }
        for v in outputs {
            if inputs.contains(v) {
                return Err(IrError::OutputIsInput(*v));
            }
        }
        Ok(())
    }
}

/// The test harness: the container under test, its handles, and the model.
struct Harness<P: Policy> {
    handles: Vec<Owner<u16, u16, P>>,
    owner_ids: Vec<OwnerId>,
    value_ids: Vec<ValueId>,
    expr_ids: Vec<ExprId>,
    checkpoints: Vec<(Checkpoint, usize)>,
    model: Model,
}

fn pick<T: Copy>(items: &[T], i: u8) -> Option<T> {
    (!items.is_empty()).then(|| items[usize::from(i) % items.len()])
}

impl<P: Policy> Harness<P> {
    fn new() -> Self {
        let first = Owner::new();
        let mut model = Model::default();
        model.owners.insert(first.id());
        Self {
            owner_ids: vec![first.id()],
            handles: vec![first],
            value_ids: Vec::new(),
            expr_ids: Vec::new(),
            checkpoints: Vec::new(),
            model,
        }
    }

    fn apply(&mut self, op: &Op) {
        let root = &self.handles[0];
        match *op {
            Op::AddOwner(h) => {
                let from = &self.handles[usize::from(h) % self.handles.len()];
                let owner = from.add_owner();
                assert!(!self.owner_ids.contains(&owner.id()), "owner ids are fresh");
                self.model.owners.insert(owner.id());
                self.owner_ids.push(owner.id());
                self.handles.push(owner);
            }
            Op::DropOwner(h) => {
                // Keep the first handle: the harness reads through it.
                if self.handles.len() > 1 {
                    let index = 1 + usize::from(h) % (self.handles.len() - 1);
                    let owner = self.handles.remove(index);
                    let id = owner.id();
                    drop(owner);
                    self.model.remove_held_since(id, 0);
                    self.model.owners.remove(&id);
                }
            }
            Op::RegisterValue(o, payload) => {
                let owner = pick(&self.owner_ids, o).unwrap();
                let got = root.write().register_value(owner, payload);
                if self.model.owners.contains(&owner) {
                    let v = got.unwrap();
                    self.model.fresh(Statement::Value(v));
                    self.model.values.insert(v, (payload, owner));
                    self.value_ids.push(v);
                } else {
                    assert_eq!(got, Err(IrError::UnknownOwner(owner)));
                }
            }
            Op::RegisterExpr(o, payload, ref ins, ref outs) => {
                let owner = pick(&self.owner_ids, o).unwrap();
                let Some(inputs) = ins
                    .iter()
                    .map(|&i| pick(&self.value_ids, i))
                    .collect::<Option<Vec<_>>>()
                else {
                    return;
                };
                let Some(outputs) = outs
                    .iter()
                    .map(|&i| pick(&self.value_ids, i))
                    .collect::<Option<Vec<_>>>()
                else {
                    return;
                };
                let expected = self.model.register_expr(owner, &inputs, &outputs);
                let got = root
                    .write()
                    .register_expr(owner, payload, &inputs, &outputs);
                match expected {
                    Ok(()) => {
                        let e = got.unwrap();
                        self.model.fresh(Statement::Expr(e));
                        // SSA: the old definitions of the outputs go.
                        self.model.remove_exprs_where(|_, _, old| {
                            old.iter().any(|v| outputs.contains(v))
                        });
                        self.model
                            .exprs
                            .insert(e, (payload, owner, inputs, outputs));
                        self.expr_ids.push(e);
                    }
                    Err(error) => assert_eq!(got, Err(error)),
                }
            }
            Op::RemoveValue(i) => {
                let Some(v) = pick(&self.value_ids, i) else {
                    return;
                };
                let got = root.write().remove_value(v);
                if self.model.values.contains_key(&v) {
                    assert_eq!(got, Ok(()));
                    self.model.remove(&BTreeSet::from([v]), &BTreeSet::new());
                } else {
                    assert_eq!(got, Err(IrError::UnknownValue(v)));
                }
            }
            Op::RemoveExpr(i) => {
                let Some(e) = pick(&self.expr_ids, i) else {
                    return;
                };
                let got = root.write().remove_expr(e);
                if self.model.exprs.contains_key(&e) {
                    assert_eq!(got, Ok(()));
                    self.model.remove(&BTreeSet::new(), &BTreeSet::from([e]));
                } else {
                    assert_eq!(got, Err(IrError::UnknownExpr(e)));
                }
            }
            Op::Checkpoint(h) => {
                let from = &self.handles[usize::from(h) % self.handles.len()];
                self.checkpoints
                    .push((from.checkpoint(), self.model.created.len()));
            }
            Op::Rollback(c) => {
                let Some((cp, from)) = pick(&self.checkpoints, c) else {
                    return;
                };
                let got = root.write().remove_statements_created_after(cp);
                if self.model.owners.contains(&cp.owner()) {
                    assert_eq!(got, Ok(()));
                    self.model.remove_held_since(cp.owner(), from);
                } else {
                    assert_eq!(got, Err(IrError::UnknownOwner(cp.owner())));
                }
            }
            Op::Transfer(a, b) => {
                let (from, to) = (
                    pick(&self.owner_ids, a).unwrap(),
                    pick(&self.owner_ids, b).unwrap(),
                );
                let got = root.write().transfer(from, to);
                let unknown = [from, to]
                    .into_iter()
                    .find(|o| !self.model.owners.contains(o));
                match unknown {
                    Some(o) => assert_eq!(got, Err(IrError::UnknownOwner(o))),
                    None => {
                        assert_eq!(got, Ok(()));
                        for (_, owner) in self.model.values.values_mut() {
                            if *owner == from {
                                *owner = to;
                            }
                        }
                        for (_, owner, ..) in self.model.exprs.values_mut() {
                            if *owner == from {
                                *owner = to;
                            }
                        }
                    }
                }
            }
            Op::Clear(o) => {
                let owner = pick(&self.owner_ids, o).unwrap();
                let got = root.write().clear_owner(owner);
                if self.model.owners.contains(&owner) {
                    assert_eq!(got, Ok(()));
                    self.model.remove_held_since(owner, 0);
                } else {
                    assert_eq!(got, Err(IrError::UnknownOwner(owner)));
                }
            }
            Op::SetPayload(i, payload) => {
                let Some(v) = pick(&self.value_ids, i) else {
                    return;
                };
                let mut ir = root.write();
                match (ir.value_mut(v), self.model.values.get_mut(&v)) {
                    (Some(real), Some((model, _))) => {
                        *real = payload;
                        *model = payload;
                    }
                    (None, None) => {}
                    (real, model) => panic!("{v}: container {real:?}, model {model:?}"),
                }
            }
        }
    }

    /// Compares the whole state of the container with the model.
    fn compare(&self) {
        let ir = self.handles[0].read();
        ir.assert_consistent();
        let m = &self.model;

        assert_eq!(ir.owners(), m.owners.iter().copied().collect::<Vec<_>>());
        assert_eq!(
            ir.values().collect::<Vec<_>>(),
            m.values.keys().copied().collect::<Vec<_>>()
        );
        assert_eq!(
            ir.exprs().collect::<Vec<_>>(),
            m.exprs.keys().copied().collect::<Vec<_>>()
        );
        let mut merged: Vec<Statement> = m
            .values
            .keys()
            .map(|&v| Statement::Value(v))
            .chain(m.exprs.keys().map(|&e| Statement::Expr(e)))
            .collect();
        merged.sort_by_key(|s| m.creation_index(*s));
        assert_eq!(ir.statements().collect::<Vec<_>>(), merged);

        for (&v, &(payload, owner)) in &m.values {
            let real = ir.value(v).unwrap();
            let definitions: Vec<ExprId> = m
                .exprs
                .iter()
                .filter(|(_, (_, _, _, outs))| outs.contains(&v))
                .map(|(e, _)| *e)
                .collect();
            assert!(definitions.len() <= 1, "SSA in the model: {definitions:?}");
            let uses: Vec<ExprId> = m
                .exprs
                .iter()
                .filter(|(_, (_, _, ins, _))| ins.contains(&v))
                .map(|(e, _)| *e)
                .collect();
            assert_eq!(
                (*real.payload, real.owner, real.definition, real.uses),
                (payload, owner, definitions.first().copied(), &uses[..]),
                "value {v}"
            );
        }
        for (&e, (payload, owner, ins, outs)) in &m.exprs {
            let real = ir.expr(e).unwrap();
            assert_eq!(
                (*real.payload, real.owner, real.inputs, real.outputs),
                (*payload, *owner, &ins[..], &outs[..]),
                "expression {e}"
            );
        }
        for &o in &m.owners {
            let snapshot = ir.snapshot_owner(o).unwrap();
            let values: Vec<ValueId> = m
                .values
                .iter()
                .filter(|(_, (_, w))| *w == o)
                .map(|(v, _)| *v)
                .collect();
            let exprs: Vec<ExprId> = m
                .exprs
                .iter()
                .filter(|(_, (_, w, ..))| *w == o)
                .map(|(e, _)| *e)
                .collect();
            assert_eq!(
                (snapshot.values, snapshot.exprs),
                (values, exprs),
                "owner {o}"
            );
        }
    }
}

fn run<P: Policy>(ops: &[Op]) {
    let mut harness = Harness::<P>::new();
    for op in ops {
        harness.apply(op);
        harness.compare();
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn shared_container_matches_the_model(ops in proptest::collection::vec(op(), 1..64)) {
        run::<Shared>(&ops);
    }

    #[test]
    fn local_container_matches_the_model(ops in proptest::collection::vec(op(), 1..64)) {
        run::<Local>(&ops);
    }
}
