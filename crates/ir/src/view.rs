//! The container's state and its read API.
//!
//! [`IrView`] is what both guards dereference to. Users never own one and
//! never get `&mut` to one: a `&IrView` lives exactly as long as the guard
//! it was borrowed from, so no reference into the container outlives its
//! lock (invariant 8).

use core::fmt;
use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use crate::error::Inconsistency;
use crate::id::{Checkpoint, ExprId, OwnerId, OwnerSnapshot, Statement, ValueId};

/// A value as the container stores it.
pub(crate) struct ValueNode<V> {
    pub(crate) payload: V,
    /// The owner whose holdings list this value.
    pub(crate) owner: OwnerId,
    /// The single expression that defines this value (SSA), if any. That
    /// expression lists this value among its outputs.
    pub(crate) definition: Option<ExprId>,
    /// The expressions that read this value, ascending (creation order),
    /// without repeats. Each lists this value among its inputs.
    pub(crate) uses: Vec<ExprId>,
}

/// An expression as the container stores it.
pub(crate) struct ExprNode<E> {
    pub(crate) payload: E,
    /// The owner whose holdings list this expression.
    pub(crate) owner: OwnerId,
    /// The values it reads, in operand order (a value may repeat).
    pub(crate) inputs: Box<[ValueId]>,
    /// The values it defines, in result order (no repeats, none of them an
    /// input).
    pub(crate) outputs: Box<[ValueId]>,
}

/// What one owner holds, in creation order.
#[derive(Default)]
pub(crate) struct Holdings {
    pub(crate) values: BTreeSet<ValueId>,
    pub(crate) exprs: BTreeSet<ExprId>,
}

/// The state of a container, seen through a [`Reader`](crate::Reader) or a
/// [`Mutator`](crate::Mutator): the read API.
///
/// Every statement is held by exactly one owner. Iteration is in creation
/// order, so two runs that create the same statements in the same order see
/// the same sequence whatever the hash seeds or the addresses.
pub struct IrView<V, E> {
    pub(crate) values: BTreeMap<ValueId, ValueNode<V>>,
    pub(crate) exprs: BTreeMap<ExprId, ExprNode<E>>,
    /// The registered owners. A hash map: it is looked up on every
    /// registration, and owners are few, so [`owners`](Self::owners) sorts
    /// on demand instead of keeping them ordered.
    pub(crate) owners: FxHashMap<OwnerId, Holdings>,
    /// The next statement id (values and expressions share it).
    pub(crate) next_id: u32,
    /// The next owner id.
    pub(crate) next_owner: u32,
}

/// A value and its links, borrowed from a guard.
#[derive(Debug)]
#[non_exhaustive]
pub struct ValueRef<'a, V> {
    /// The payload (for example the value's type).
    pub payload: &'a V,
    /// The owner that holds the value.
    pub owner: OwnerId,
    /// The expression that defines the value, if any.
    pub definition: Option<ExprId>,
    /// The expressions that read the value, in creation order.
    pub uses: &'a [ExprId],
}

/// An expression and its operands, borrowed from a guard.
#[derive(Debug)]
#[non_exhaustive]
pub struct ExprRef<'a, E> {
    /// The payload (for example the operation's kind and attributes).
    pub payload: &'a E,
    /// The owner that holds the expression.
    pub owner: OwnerId,
    /// The values the expression reads, in operand order.
    pub inputs: &'a [ValueId],
    /// The values the expression defines, in result order.
    pub outputs: &'a [ValueId],
}

impl<V> Clone for ValueRef<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<V> Copy for ValueRef<'_, V> {}

impl<E> Clone for ExprRef<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E> Copy for ExprRef<'_, E> {}

impl<V, E> IrView<V, E> {
    /// An empty container state with one registered owner, `o0`.
    pub(crate) fn with_first_owner() -> Self {
        let mut owners = FxHashMap::default();
        owners.insert(OwnerId(0), Holdings::default());
        Self {
            values: BTreeMap::new(),
            exprs: BTreeMap::new(),
            owners,
            next_id: 0,
            next_owner: 1,
        }
    }

    /// The holdings of a registered owner.
    ///
    /// # Panics
    ///
    /// If `owner` is not registered; callers validate first.
    pub(crate) fn holdings(&mut self, owner: OwnerId) -> &mut Holdings {
        self.owners
            .get_mut(&owner)
            .expect("strata-ir: owner validated before the mutation")
    }

    /// Whether `v` is in the container.
    #[inline]
    pub fn contains_value(&self, v: ValueId) -> bool {
        self.values.contains_key(&v)
    }

    /// Whether `e` is in the container.
    #[inline]
    pub fn contains_expr(&self, e: ExprId) -> bool {
        self.exprs.contains_key(&e)
    }

    /// The value `v` with its owner, definition and uses, or `None` if it is
    /// not in the container.
    pub fn value(&self, v: ValueId) -> Option<ValueRef<'_, V>> {
        self.values.get(&v).map(|n| ValueRef {
            payload: &n.payload,
            owner: n.owner,
            definition: n.definition,
            uses: &n.uses,
        })
    }

    /// The expression `e` with its owner and operands, or `None` if it is not
    /// in the container.
    pub fn expr(&self, e: ExprId) -> Option<ExprRef<'_, E>> {
        self.exprs.get(&e).map(|n| ExprRef {
            payload: &n.payload,
            owner: n.owner,
            inputs: &n.inputs,
            outputs: &n.outputs,
        })
    }

    /// The expression that defines `v`; `None` if `v` has no definition or
    /// is not in the container.
    #[inline]
    pub fn definition(&self, v: ValueId) -> Option<ExprId> {
        self.values.get(&v).and_then(|n| n.definition)
    }

    /// Every value, in creation order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = ValueId> + ExactSizeIterator + '_ {
        self.values.keys().copied()
    }

    /// Every expression, in creation order.
    pub fn exprs(&self) -> impl DoubleEndedIterator<Item = ExprId> + ExactSizeIterator + '_ {
        self.exprs.keys().copied()
    }

    /// Every statement, values and expressions interleaved in creation
    /// order.
    pub fn statements(&self) -> impl Iterator<Item = Statement> + '_ {
        let mut values = self.values.keys().copied().peekable();
        let mut exprs = self.exprs.keys().copied().peekable();
        core::iter::from_fn(move || match (values.peek(), exprs.peek()) {
            (Some(v), Some(e)) if v.0 < e.0 => values.next().map(Statement::Value),
            (_, Some(_)) => exprs.next().map(Statement::Expr),
            (Some(_), None) => values.next().map(Statement::Value),
            (None, None) => None,
        })
    }

    /// The number of values.
    #[inline]
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// The number of expressions.
    #[inline]
    pub fn num_exprs(&self) -> usize {
        self.exprs.len()
    }

    /// The number of registered owners.
    #[inline]
    pub fn num_owners(&self) -> usize {
        self.owners.len()
    }

    /// Whether `owner` is registered.
    #[inline]
    pub fn has_owner(&self, owner: OwnerId) -> bool {
        self.owners.contains_key(&owner)
    }

    /// The registered owners, ascending (creation order).
    pub fn owners(&self) -> Vec<OwnerId> {
        let mut owners: Vec<OwnerId> = self.owners.keys().copied().collect();
        owners.sort_unstable();
        owners
    }

    /// The values `owner` holds, in creation order (nothing if the owner is
    /// not registered).
    pub fn owner_values(&self, owner: OwnerId) -> impl DoubleEndedIterator<Item = ValueId> + '_ {
        self.owners
            .get(&owner)
            .into_iter()
            .flat_map(|h| h.values.iter().copied())
    }

    /// The expressions `owner` holds, in creation order (nothing if the owner
    /// is not registered).
    pub fn owner_exprs(&self, owner: OwnerId) -> impl DoubleEndedIterator<Item = ExprId> + '_ {
        self.owners
            .get(&owner)
            .into_iter()
            .flat_map(|h| h.exprs.iter().copied())
    }

    /// An owned copy of `owner`'s holdings, for use after the guard is gone;
    /// `None` if the owner is not registered.
    pub fn snapshot_owner(&self, owner: OwnerId) -> Option<OwnerSnapshot> {
        self.owners.get(&owner).map(|h| OwnerSnapshot {
            owner,
            values: h.values.iter().copied().collect(),
            exprs: h.exprs.iter().copied().collect(),
        })
    }

    /// A checkpoint of `owner`'s history at this instant: rolling back to it
    /// removes what `owner` holds that is created from now on.
    #[inline]
    pub fn checkpoint(&self, owner: OwnerId) -> Checkpoint {
        Checkpoint {
            owner,
            next: self.next_id,
        }
    }

    /// Checks every structural invariant of the container and reports the
    /// first violation:
    ///
    /// 1. every statement is held by exactly the owner it records, and every
    ///    owner holds only statements that are in the container;
    /// 2. every expression reads and defines values that are in the
    ///    container, and is the definition of each of its outputs;
    /// 3. every value's definition is an expression in the container that
    ///    lists the value among its outputs (SSA: one definition at most);
    /// 4. every value's uses are exactly the expressions in the container
    ///    that read it, in creation order;
    /// 5. every id is below the id counter.
    ///
    /// The checks run in that order, so a given broken state always reports
    /// the same message. The cost is linear in the size of the container
    /// (times a logarithm); it is a verifier for tests and debug builds, not
    /// something to run on every mutation.
    pub fn check_consistency(&self) -> Result<(), Inconsistency> {
        let fail = |at: Statement, message: String| Err(Inconsistency::new(at, message));

        // 1. Holdings against the tables.
        let mut held_values = 0usize;
        let mut held_exprs = 0usize;
        for owner in self.owners() {
            let h = &self.owners[&owner];
            held_values += h.values.len();
            held_exprs += h.exprs.len();
            for &v in &h.values {
                match self.values.get(&v) {
                    None => {
                        return fail(
                            Statement::Value(v),
                            format!("owner {owner} holds value {v}, which is not in the container"),
                        );
                    }
                    Some(n) if n.owner != owner => {
                        return fail(
                            Statement::Value(v),
                            format!(
                                "owner {owner} holds value {v}, which records owner {}",
                                n.owner
                            ),
                        );
                    }
                    Some(_) => {}
                }
            }
            for &e in &h.exprs {
                match self.exprs.get(&e) {
                    None => {
                        return fail(
                            Statement::Expr(e),
                            format!(
                                "owner {owner} holds expression {e}, which is not in the container"
                            ),
                        );
                    }
                    Some(n) if n.owner != owner => {
                        return fail(
                            Statement::Expr(e),
                            format!(
                                "owner {owner} holds expression {e}, which records owner {}",
                                n.owner
                            ),
                        );
                    }
                    Some(_) => {}
                }
            }
        }
        if held_values != self.values.len() {
            let v = self
                .values
                .iter()
                .find(|(v, n)| {
                    !self
                        .owners
                        .get(&n.owner)
                        .is_some_and(|h| h.values.contains(v))
                })
                .map_or(ValueId(self.next_id), |(v, _)| *v);
            return fail(
                Statement::Value(v),
                format!("value {v} is held by no registered owner"),
            );
        }
        if held_exprs != self.exprs.len() {
            let e = self
                .exprs
                .iter()
                .find(|(e, n)| {
                    !self
                        .owners
                        .get(&n.owner)
                        .is_some_and(|h| h.exprs.contains(e))
                })
                .map_or(ExprId(self.next_id), |(e, _)| *e);
            return fail(
                Statement::Expr(e),
                format!("expression {e} is held by no registered owner"),
            );
        }

        // 2. Expressions against the values they name.
        for (&e, n) in &self.exprs {
            for &v in n.inputs.iter() {
                if !self.values.contains_key(&v) {
                    return fail(
                        Statement::Expr(e),
                        format!("expression {e} reads value {v}, which is not in the container"),
                    );
                }
            }
            for (i, &v) in n.outputs.iter().enumerate() {
                let Some(vn) = self.values.get(&v) else {
                    return fail(
                        Statement::Expr(e),
                        format!("expression {e} defines value {v}, which is not in the container"),
                    );
                };
                if vn.definition != Some(e) {
                    return fail(
                        Statement::Expr(e),
                        format!(
                            "expression {e} defines value {v}, whose definition is {:?}",
                            vn.definition
                        ),
                    );
                }
                if n.outputs[..i].contains(&v) || n.inputs.contains(&v) {
                    return fail(
                        Statement::Expr(e),
                        format!("expression {e} lists value {v} more than once"),
                    );
                }
            }
        }

        // 3. Values against their definitions (all of them before any use,
        // so that a removed expression is reported as a dangling definition
        // wherever it also left dangling uses).
        for (&v, n) in &self.values {
            let Some(d) = n.definition else { continue };
            let Some(dn) = self.exprs.get(&d) else {
                return fail(
                    Statement::Value(v),
                    format!("value {v} has a defining expression {d} that was removed"),
                );
            };
            if !dn.outputs.contains(&v) {
                return fail(
                    Statement::Value(v),
                    format!("value {v} names {d} as its definition, but {d} does not define it"),
                );
            }
        }

        // 4. Values against their uses, both ways.
        for (&v, n) in &self.values {
            if !n.uses.windows(2).all(|w| w[0] < w[1]) {
                return fail(
                    Statement::Value(v),
                    format!("value {v} has uses out of creation order: {:?}", n.uses),
                );
            }
            for &u in &n.uses {
                let Some(un) = self.exprs.get(&u) else {
                    return fail(
                        Statement::Value(v),
                        format!("value {v} lists a use {u} that was removed"),
                    );
                };
                if !un.inputs.contains(&v) {
                    return fail(
                        Statement::Value(v),
                        format!("value {v} lists {u} as a use, but {u} does not read it"),
                    );
                }
            }
        }
        for (&e, n) in &self.exprs {
            for &v in n.inputs.iter() {
                // Every input is in the container: checked in step 2.
                if self.values[&v].uses.binary_search(&e).is_err() {
                    return fail(
                        Statement::Expr(e),
                        format!("expression {e} reads value {v}, which does not list it as a use"),
                    );
                }
            }
        }

        // 5. The counter is ahead of every id.
        let last = self.statements().last();
        if let Some(s) = last.filter(|s| s.seq() >= self.next_id) {
            return fail(
                s,
                format!(
                    "statement id {} is not below the id counter {}",
                    s.seq(),
                    self.next_id
                ),
            );
        }
        Ok(())
    }

    /// Panics with the message of [`check_consistency`](Self::check_consistency)
    /// if the container is inconsistent.
    ///
    /// # Panics
    ///
    /// If an invariant is broken, with `inconsistent container: ...`.
    #[track_caller]
    pub fn assert_consistent(&self) {
        if let Err(inconsistency) = self.check_consistency() {
            panic!("{inconsistency}");
        }
    }
}

impl<V, E> fmt::Debug for IrView<V, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IrView")
            .field("values", &self.values.len())
            .field("exprs", &self.exprs.len())
            .field("owners", &self.owners())
            .field("next_id", &self.next_id)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Owner;

    /// Builds the base container (`x = v0`, `y = v1` held by `o0`,
    /// `e = e2: y = f(x)` held by `o0`, `z = v3` held by `o1`), applies
    /// `corrupt` to its state and returns the checker's verdict.
    fn verdict(corrupt: impl FnOnce(&mut IrView<u8, u8>)) -> Result<(), String> {
        let f = Owner::<u8, u8>::new();
        let g = f.add_owner();
        {
            let mut ir = f.write();
            let x = ir.register_value(f.id(), 0).unwrap();
            let y = ir.register_value(f.id(), 1).unwrap();
            ir.register_expr(f.id(), 2, &[x], &[y]).unwrap();
            ir.register_value(g.id(), 3).unwrap();
            assert_eq!(ir.check_consistency(), Ok(()));
        }
        let mut state = f.container().state.write();
        corrupt(&mut state);
        state.check_consistency().map_err(|i| i.to_string())
    }

    const X: ValueId = ValueId(0);
    const Y: ValueId = ValueId(1);
    const E: ExprId = ExprId(2);
    const Z: ValueId = ValueId(3);
    const F: OwnerId = OwnerId(0);
    const G: OwnerId = OwnerId(1);

    #[test]
    fn every_broken_invariant_is_reported_with_its_own_message() {
        type Corruption = fn(&mut IrView<u8, u8>);
        let cases: [(Corruption, &str); 17] = [
            (
                |s| {
                    s.holdings(F).values.insert(ValueId(9));
                },
                "owner o0 holds value v9, which is not in the container",
            ),
            (
                |s| s.values.get_mut(&X).unwrap().owner = G,
                "owner o0 holds value v0, which records owner o1",
            ),
            (
                |s| {
                    s.holdings(F).exprs.insert(ExprId(9));
                },
                "owner o0 holds expression e9, which is not in the container",
            ),
            (
                |s| s.exprs.get_mut(&E).unwrap().owner = G,
                "owner o0 holds expression e2, which records owner o1",
            ),
            (
                |s| {
                    s.holdings(G).values.remove(&Z);
                },
                "value v3 is held by no registered owner",
            ),
            (
                |s| {
                    s.holdings(F).exprs.remove(&E);
                },
                "expression e2 is held by no registered owner",
            ),
            (
                |s| s.exprs.get_mut(&E).unwrap().inputs = [ValueId(9)].into(),
                "expression e2 reads value v9, which is not in the container",
            ),
            (
                |s| s.exprs.get_mut(&E).unwrap().outputs = [ValueId(9)].into(),
                "expression e2 defines value v9, which is not in the container",
            ),
            (
                |s| s.values.get_mut(&Y).unwrap().definition = None,
                "expression e2 defines value v1, whose definition is None",
            ),
            (
                |s| s.exprs.get_mut(&E).unwrap().outputs = [Y, Y].into(),
                "expression e2 lists value v1 more than once",
            ),
            (
                |s| {
                    s.exprs.remove(&E);
                    s.holdings(F).exprs.remove(&E);
                },
                "value v1 has a defining expression e2 that was removed",
            ),
            (
                |s| s.values.get_mut(&Z).unwrap().definition = Some(E),
                "value v3 names e2 as its definition, but e2 does not define it",
            ),
            (
                |s| s.values.get_mut(&X).unwrap().uses = vec![E, E],
                "value v0 has uses out of creation order: [e2, e2]",
            ),
            (
                |s| s.values.get_mut(&X).unwrap().uses.push(ExprId(9)),
                "value v0 lists a use e9 that was removed",
            ),
            (
                |s| s.values.get_mut(&Z).unwrap().uses = vec![E],
                "value v3 lists e2 as a use, but e2 does not read it",
            ),
            (
                |s| s.values.get_mut(&X).unwrap().uses.clear(),
                "expression e2 reads value v0, which does not list it as a use",
            ),
            (
                |s| s.next_id = 3,
                "statement id 3 is not below the id counter 3",
            ),
        ];
        for (corrupt, message) in cases {
            assert_eq!(
                verdict(corrupt),
                Err(format!("inconsistent container: {message}"))
            );
        }
        assert_eq!(verdict(|_| {}), Ok(()));
    }

    #[test]
    #[should_panic(expected = "inconsistent container: value v1 has a defining expression e2")]
    fn assert_consistent_panics_with_the_message() {
        let f = Owner::<u8, u8>::new();
        let mut ir = f.write();
        let x = ir.register_value(f.id(), 0).unwrap();
        let y = ir.register_value(f.id(), 1).unwrap();
        let e = ir.register_expr(f.id(), 2, &[], &[y]).unwrap();
        drop(ir);
        let mut state = f.container().state.write();
        state.exprs.remove(&e);
        state.holdings(F).exprs.remove(&e);
        let _ = x;
        state.assert_consistent();
    }

    #[test]
    fn inconsistency_names_where_it_was_found() {
        let f = Owner::<u8, u8>::new();
        let x = f.write().register_value(f.id(), 0).unwrap();
        let mut state = f.container().state.write();
        state.values.get_mut(&x).unwrap().uses.push(ExprId(7));
        let found = state.check_consistency().unwrap_err();
        assert_eq!(found.at, Statement::Value(x));
        assert_eq!(found.message(), "value v0 lists a use e7 that was removed");
    }
}
