//! From the parser's tree to `strata-ir`'s bodies: every operation created
//! in the order MLIR's parser creates it, so that use-lists come out in
//! MLIR's order.
//!
//! MLIR's generic-form parser builds an operation's regions first, then
//! creates the operation (linking its operands' uses), then defines its
//! results; a use of a name not yet defined gets a placeholder value, whose
//! uses move to the real value when the name is defined
//! (`replaceAllUsesWith`, which puts them in front of the value's own).
//! This module replays the parse in that order over the tree: a
//! placeholder is the one result of a detached operation of the body it is
//! used in, erased once its uses have moved.
//!
//! An isolated operation (see [`crate::is_isolated`]) gets a body of its
//! own. A use, inside it, of a value defined outside it is what MLIR's
//! verifier refuses ("using value defined outside the region"): it is
//! reported, with the operation that uses it and the isolated operation.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::{FunctionType, StringAttr};
use strata_ctx::{Attribute, Location};
use strata_ir::{BlockId, Body, InsertPoint, OpId, OperationState, RegionId, Value};

use crate::Module;
use crate::tree::{self, Tree, Unit, ValueData, ValueDef, ValueId};

/// A use of a value defined outside the isolated operation around it: the
/// location of the operation that uses it, and of the isolated operation.
#[derive(Debug)]
pub(crate) struct OutsideUse<'c> {
    pub(crate) user: Location<'c>,
    pub(crate) user_name: Attribute<'c>,
    pub(crate) isolated: Location<'c>,
}

/// What a tree value became: the body it is in (an index given to each body
/// as it is opened) and the value.
type Lowered = (u32, Value);

/// A placeholder: the body it is in and its value, the operation that uses
/// it, and the isolated operations open around the use (their bodies and
/// locations, outermost first).
struct Placeholder<'c> {
    at: u32,
    value: Value,
    user: (Location<'c>, Attribute<'c>),
    open: SmallVec<[(u32, Location<'c>); 4]>,
}

struct Lower<'t, 'c> {
    /// The units lowered here: unit `base + i` is `units[i]`.
    units: &'t [Unit<'c>],
    /// The name of the placeholder operations.
    placeholder: Attribute<'c>,
    /// The first unit lowered here (`values` and `blocks` start at it).
    base: u32,
    /// Per unit, per value: what it became.
    /// (`values[value_at[u] + i]` is value `i` of unit `base + u`.)
    values: Vec<Option<Lowered>>,
    value_at: SmallVec<[usize; 2]>,
    /// Per unit, per block: what it became.
    /// (`blocks[block_at[u] + i]` is block `i` of unit `base + u`.)
    blocks: Vec<Option<BlockId>>,
    block_at: SmallVec<[usize; 2]>,
    /// A use of a value of a unit not lowered here was met.
    foreign: bool,
    /// The bodies of top-level isolated operations lowered ahead.
    prebuilt: FxHashMap<tree::OpId, Body<'c>>,
    /// Uses of a value not yet lowered: per value, the placeholders.
    pending: FxHashMap<ValueId, Vec<Placeholder<'c>>>,
    /// The bodies open, innermost last: their index and the location of
    /// the isolated operation that owns them.
    open: SmallVec<[(u32, Location<'c>); 4]>,
    next_body: u32,
    /// The first use of a value across an isolation boundary.
    outside: Option<OutsideUse<'c>>,
}

/// The top-level isolated operations of `tree` whose bodies can be lowered
/// on their own (see [`lower_isolated`]): each operation of the root's body
/// alone in a unit of its own.
pub(crate) fn isolated_tops(tree: &Tree<'_>) -> Vec<tree::OpId> {
    let root = tree.op(tree.root);
    let unit = &tree.units[tree.root.unit as usize];
    let mut out = Vec::new();
    for &r in &root.regions {
        for &b in &unit.regions[r as usize].blocks {
            for &op in &unit.blocks[b as usize].ops {
                if op.unit != tree.root.unit && crate::is_isolated(op_name(tree.op(op).name)) {
                    out.push(op);
                }
            }
        }
    }
    out
}

/// The child body of top-level isolated operation `op`, the one top-level
/// operation of its unit `unit`, lowered alone (on any thread): `None` when
/// it uses a value of another unit, which the lowering of the whole tree
/// then reports. Once it is lowered, the unit keeps only what the rest of
/// the tree can name, the operation itself and the values, and frees the
/// rest.
pub(crate) fn lower_isolated<'c>(
    unit: &mut Unit<'c>,
    placeholder: Attribute<'c>,
    op: tree::OpId,
) -> Option<Body<'c>> {
    let units = core::slice::from_mut(unit);
    let mut l = Lower::new(units, op.unit, placeholder, FxHashMap::default());
    let o = &l.units[0].ops[op.index as usize];
    l.open.push((0, o.loc));
    let child = l.isolated_body(op.unit, o);
    let ok = !l.foreign && l.outside.is_none() && l.pending.is_empty();
    drop(l);
    if ok && op.index == 0 {
        unit.ops.truncate(1);
        unit.ops.shrink_to_fit();
        unit.blocks = Vec::new();
        unit.regions = Vec::new();
    }
    ok.then_some(child)
}

impl<'t, 'c> Lower<'t, 'c> {
    fn new(
        units: &'t [Unit<'c>],
        base: u32,
        placeholder: Attribute<'c>,
        prebuilt: FxHashMap<tree::OpId, Body<'c>>,
    ) -> Self {
        Lower {
            units,
            placeholder,
            base,
            values: vec![None; units.iter().map(|u| u.values.len()).sum()],
            value_at: offsets(units.iter().map(|u| u.values.len())),
            blocks: vec![None; units.iter().map(|u| u.blocks.len()).sum()],
            block_at: offsets(units.iter().map(|u| u.blocks.len())),
            foreign: false,
            prebuilt,
            pending: FxHashMap::default(),
            open: SmallVec::new(),
            next_body: 1,
            outside: None,
        }
    }
}

/// Lowers `tree` into bodies, with the bodies of `prebuilt` (top-level
/// isolated operations lowered ahead by [`lower_isolated`]) as theirs; with
/// the first use of a value defined outside the isolated operation around
/// it, in the order the operations are created, if there is one (the use
/// then names a detached stand-in, and the module is to be refused).
pub(crate) fn lower<'c>(
    tree: &Tree<'c>,
    placeholder: Attribute<'c>,
    prebuilt: FxHashMap<tree::OpId, Body<'c>>,
) -> (Module<'c>, Option<OutsideUse<'c>>) {
    let mut l = Lower::new(&tree.units, 0, placeholder, prebuilt);
    let mut body = Body::new();
    l.open.push((0, tree.op(tree.root).loc));
    let root = l.op(&mut body, tree.root);
    let outside = l.outside.take();
    debug_assert!(
        outside.is_some() || l.pending.is_empty(),
        "the parser resolved every use"
    );
    let module = Module {
        body,
        root,
        resources: tree.resources.clone(),
        asm: tree.asm.clone(),
    };
    #[cfg(debug_assertions)]
    {
        fn check(b: &Body<'_>) {
            if let Err(e) = b.check() {
                panic!("a lowered body is inconsistent: {e}");
            }
            for (_, c) in b.children() {
                check(c);
            }
        }
        check(&module.body);
    }
    (module, outside)
}

/// Where each of a run of tables of lengths `lens` starts when they are laid
/// end to end.
fn offsets(lens: impl Iterator<Item = usize>) -> SmallVec<[usize; 2]> {
    lens.scan(0, |next, len| {
        let at = *next;
        *next += len;
        Some(at)
    })
    .collect()
}

fn op_name<'c>(name: Attribute<'c>) -> &'c str {
    name.dyn_cast::<StringAttr>()
        .map_or("", |s| s.payload().value)
}

impl<'t, 'c> Lower<'t, 'c> {
    /// The operation `id` (of a unit lowered here).
    fn tree_op(&self, id: tree::OpId) -> &'t tree::Operation<'c> {
        &self.units[(id.unit - self.base) as usize].ops[id.index as usize]
    }

    /// The value `id` stands for, following forward references to its
    /// definition; `None` when the chain leaves the units lowered here.
    fn tree_value(&self, mut id: ValueId) -> Option<(ValueId, &'t ValueData<'c>)> {
        loop {
            let unit = self.units.get(id.unit.checked_sub(self.base)? as usize)?;
            let data = &unit.values[id.index as usize];
            match data.def {
                ValueDef::Forward(to) => id = to,
                _ => return Some((id, data)),
            }
        }
    }

    fn current(&self) -> u32 {
        self.open.last().map_or(0, |o| o.0)
    }

    /// Lowers operation `id` into `body` (the body of the innermost open
    /// isolated operation), detached; returns it.
    fn op(&mut self, body: &mut Body<'c>, id: tree::OpId) -> OpId {
        let o = self.tree_op(id);
        let mut state = OperationState::new(o.name, o.loc);
        if crate::is_isolated(op_name(o.name)) {
            let child = match self.prebuilt.remove(&id) {
                Some(child) => child,
                None => self.isolated_body(id.unit, o),
            };
            state = state.with_body(child);
        } else {
            let mut built: SmallVec<[RegionId; 2]> = SmallVec::new();
            for &r in &o.regions {
                let region = body.create_region();
                self.region(body, id.unit, r, region);
                built.push(region);
            }
            state = state.with_regions(&built);
        }
        for &v in &o.operands {
            let value = self.use_value(body, v, o);
            state.operands.push(value);
        }
        for &s in &o.successors {
            let b = self.block(body, id.unit, s);
            state.successors.push(b);
        }
        if let Some(f) = o.ty.dyn_cast::<FunctionType>() {
            state.result_types.extend_from_slice(f.payload().results);
        }
        state.attributes = o.attributes;
        state.properties = o.properties;
        let new = body.create_op(state);
        let results: SmallVec<[Value; 4]> = body.op(new).results().iter().copied().collect();
        for (i, v) in results.into_iter().enumerate() {
            self.define(
                body,
                ValueId {
                    unit: id.unit,
                    index: o.first_result + i as u32,
                },
                v,
            );
        }
        new
    }

    /// The child body of isolated operation `o` of `unit`, lowered.
    fn isolated_body(&mut self, unit: u32, o: &tree::Operation<'c>) -> Body<'c> {
        let mut child = Body::with_roots(o.regions.len());
        let index = self.next_body;
        self.next_body += 1;
        self.open.push((index, o.loc));
        let roots: SmallVec<[RegionId; 2]> = child.roots().iter().copied().collect();
        for (&r, root) in o.regions.iter().zip(roots) {
            self.region(&mut child, unit, r, root);
        }
        self.open.pop();
        child
    }

    /// The block tree block `b` of `unit` became (made on first mention: a
    /// successor may name a block below it).
    fn block(&mut self, body: &mut Body<'c>, unit: u32, b: u32) -> BlockId {
        let slot = &mut self.blocks[self.block_at[(unit - self.base) as usize] + b as usize];
        *slot.get_or_insert_with(|| body.create_block())
    }

    fn region(&mut self, body: &mut Body<'c>, unit: u32, r: u32, region: RegionId) {
        let u = &self.units[(unit - self.base) as usize];
        for &b in &u.regions[r as usize].blocks {
            let block = self.block(body, unit, b);
            body.append_block(region, block)
                .expect("a new block goes into its region once");
            let data = &u.blocks[b as usize];
            for &a in &data.args {
                let v = &u.values[a as usize];
                let value = body.add_block_argument(block, v.ty, v.loc);
                self.define(body, ValueId { unit, index: a }, value);
            }
            for &op in &data.ops {
                let new = self.op(body, op);
                body.insert_op(new, InsertPoint::End(block))
                    .expect("a new operation goes into its block once");
            }
        }
    }

    /// Records that tree value `id` became `value` of `body`, moving the
    /// uses of its placeholders there.
    fn define(&mut self, body: &mut Body<'c>, id: ValueId, value: Value) {
        let here = self.current();
        let at = self.value_at[(id.unit - self.base) as usize] + id.index as usize;
        self.values[at] = Some((here, value));
        let Some(placeholders) = self.pending.remove(&id) else {
            return;
        };
        for p in placeholders {
            if p.at == here {
                body.replace_all_uses_with(p.value, value);
                let op = body
                    .defining_op(p.value)
                    .expect("a placeholder is a result");
                body.erase_op(op).expect("a placeholder has no uses left");
            } else {
                // Used inside an isolated operation nested in this body,
                // whose body is closed: the first isolated operation inside
                // this one on the way to the use is the one it crosses.
                let isolated = p
                    .open
                    .iter()
                    .skip_while(|(b, _)| *b != here)
                    .nth(1)
                    .map_or(p.user.0, |o| o.1);
                self.report(p.user, isolated);
            }
        }
    }

    /// The value of `body` that tree value `id` names, used by `user`.
    fn use_value(&mut self, body: &mut Body<'c>, id: ValueId, user: &tree::Operation<'c>) -> Value {
        let here = self.current();
        let Some((id, data)) = self.tree_value(id) else {
            // A value of a unit not lowered here: the whole tree's lowering
            // decides. (The use's own value, a placeholder of the user's
            // unit, has the type the use wrote.)
            self.foreign = true;
            let ty = self.units[(id.unit - self.base) as usize].values[id.index as usize].ty;
            let p = body.create_op(OperationState::new(self.placeholder, user.loc).results(&[ty]));
            return body.op(p).result(0);
        };
        let slot = self.value_at[(id.unit - self.base) as usize] + id.index as usize;
        if let Some((at, v)) = self.values[slot] {
            if at == here {
                return v;
            }
            // Defined in a body open around this one: the isolated
            // operation just inside it is the one the use crosses.
            let isolated = self
                .open
                .iter()
                .skip_while(|(b, _)| *b != at)
                .nth(1)
                .map_or(user.loc, |o| o.1);
            self.report((user.loc, user.name), isolated);
            // A stand-in: the module is refused.
            let p =
                body.create_op(OperationState::new(self.placeholder, user.loc).results(&[data.ty]));
            return body.op(p).result(0);
        }
        // Defined below: a placeholder until it is.
        let p = body.create_op(OperationState::new(self.placeholder, user.loc).results(&[data.ty]));
        let value = body.op(p).result(0);
        self.pending.entry(id).or_default().push(Placeholder {
            at: here,
            value,
            user: (user.loc, user.name),
            open: self.open.clone(),
        });
        value
    }

    fn report(&mut self, user: (Location<'c>, Attribute<'c>), isolated: Location<'c>) {
        if self.outside.is_none() {
            self.outside = Some(OutsideUse {
                user: user.0,
                user_name: user.1,
                isolated,
            });
        }
    }
}
