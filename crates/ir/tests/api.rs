//! The IR's mutations against MLIR's semantics: use-list order after each
//! kind of mutation, refusals that change nothing, blocks and regions moved,
//! clones in MLIR's order, the walker, and the container.

#![cfg(not(strata_loom))]

use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Location, Type};
use strata_ir::{
    BlockId, Body, Container, InsertKey, InsertPoint, IrError, IrMapping, OpId, OpOperand,
    OperationState, RegionId, Value, WalkOrder, WalkResult, symbol_name, walk_body, walk_op,
};

struct Fx {
    ctx: Context,
}

impl Fx {
    fn new() -> Self {
        Self {
            ctx: Context::new(),
        }
    }
    fn loc(&self) -> Location<'_> {
        self.ctx.unknown_loc().into()
    }
    fn name(&self, n: &str) -> Attribute<'_> {
        self.ctx.string_attr(n).into()
    }
    fn i32(&self) -> Type<'_> {
        self.ctx.i32().into()
    }
    fn op<'c>(&'c self, name: &str, operands: &[Value], results: usize) -> OperationState<'c> {
        let types: Vec<Type<'c>> = (0..results).map(|_| self.i32()).collect();
        OperationState::new(self.name(name), self.loc())
            .operands(operands)
            .results(&types)
    }
}

/// A body with one root region holding one block with two i32 arguments.
fn function<'c>(fx: &'c Fx) -> (Body<'c>, BlockId, Value, Value) {
    let mut body = Body::new();
    let mut top = Body::new();
    let func = top.create_op(fx.op("func.func", &[], 0).regions(1).isolated());
    let owner = top.op(func).owner().unwrap();
    let child = top.child_mut(owner).unwrap();
    std::mem::swap(&mut body, child);
    let root = body.roots()[0];
    let entry = body.create_block();
    body.append_block(root, entry).unwrap();
    let a = body.add_block_argument(entry, fx.i32(), None);
    let b = body.add_block_argument(entry, fx.i32(), None);
    (body, entry, a, b)
}

fn add_end<'c>(body: &mut Body<'c>, block: BlockId, state: OperationState<'c>) -> OpId {
    let op = body.create_op(state);
    body.insert_op(op, InsertPoint::End(block)).unwrap();
    op
}

fn uses(body: &Body<'_>, v: Value) -> Vec<(OpId, u32)> {
    body.uses(v).map(|u| (u.op, u.index)).collect()
}

#[test]
fn a_new_use_goes_to_the_front() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let first = add_end(&mut body, entry, fx.op("test.use", &[a, a], 1));
    assert_eq!(uses(&body, a), [(first, 1), (first, 0)]);
    let second = add_end(&mut body, entry, fx.op("test.use", &[a], 0));
    assert_eq!(uses(&body, a), [(second, 0), (first, 1), (first, 0)]);
    assert!(!body.has_one_use(body.op(first).result(0)));
    body.check().unwrap();
}

#[test]
fn replace_all_uses_puts_the_old_uses_reversed_in_front() {
    let fx = Fx::new();
    let (mut body, entry, a, b) = function(&fx);
    let u1 = add_end(&mut body, entry, fx.op("test.u", &[a], 0));
    let u2 = add_end(&mut body, entry, fx.op("test.u", &[a], 0));
    let w = add_end(&mut body, entry, fx.op("test.w", &[b], 0));
    let u3 = add_end(&mut body, entry, fx.op("test.u", &[a], 0));
    assert_eq!(uses(&body, a), [(u3, 0), (u2, 0), (u1, 0)]);
    body.replace_all_uses_with(a, b);
    assert!(body.use_empty(a));
    assert_eq!(uses(&body, b), [(u1, 0), (u2, 0), (u3, 0), (w, 0)]);
    body.replace_all_uses_with(b, b);
    assert_eq!(uses(&body, b).len(), 4);
    body.check().unwrap();
}

#[test]
fn replace_uses_if_visits_in_list_order() {
    let fx = Fx::new();
    let (mut body, entry, a, b) = function(&fx);
    let u1 = add_end(&mut body, entry, fx.op("test.u", &[a], 0));
    let u2 = add_end(&mut body, entry, fx.op("test.u", &[a], 0));
    let mut seen = Vec::new();
    body.replace_uses_with_if(a, b, |_, u| {
        seen.push(u.op);
        u.op == u1
    });
    assert_eq!(seen, [u2, u1]);
    assert_eq!(uses(&body, a), [(u2, 0)]);
    assert_eq!(uses(&body, b), [(u1, 0)]);
    body.check().unwrap();
}

#[test]
fn set_and_erase_operands_move_uses_as_mlir_does() {
    let fx = Fx::new();
    let (mut body, entry, a, b) = function(&fx);
    let op = add_end(&mut body, entry, fx.op("test.u", &[a, b, a], 0));
    let other = add_end(&mut body, entry, fx.op("test.u", &[b], 0));
    assert_eq!(uses(&body, b), [(other, 0), (op, 1)]);
    // Setting an operand to the value it reads still moves it to the front.
    body.set_operand(op, 1, b).unwrap();
    assert_eq!(uses(&body, b), [(op, 1), (other, 0)]);
    // Erasing operand 0 shifts the others down and relinks them at the front.
    body.erase_operand(op, 0).unwrap();
    assert_eq!(body.op(op).operands().collect::<Vec<_>>(), [b, a]);
    assert_eq!(uses(&body, b), [(op, 0), (other, 0)]);
    assert_eq!(uses(&body, a), [(op, 1)]);
    assert_eq!(
        body.set_operand(op, 5, a),
        Err(IrError::OutOfRange {
            what: "operand",
            index: 5,
            len: 2
        })
    );
    body.push_operand(op, b);
    assert_eq!(uses(&body, b)[0], (op, 2));
    body.check().unwrap();
}

#[test]
fn erasing_a_used_value_is_refused_and_changes_nothing() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let def = add_end(&mut body, entry, fx.op("test.def", &[a], 1));
    let r = body.op(def).result(0);
    let user = add_end(&mut body, entry, fx.op("test.use", &[r], 0));
    let before = (body.num_ops(), body.num_values());
    assert_eq!(
        body.erase_op(def),
        Err(IrError::ValueInUse {
            value: r,
            user: OpOperand { op: user, index: 0 }
        })
    );
    assert_eq!((body.num_ops(), body.num_values()), before);
    assert_eq!(
        body.erase_block_argument(entry, 0),
        Err(IrError::ValueInUse {
            value: a,
            user: OpOperand { op: def, index: 0 }
        })
    );
    body.check().unwrap();
    body.erase_op(user).unwrap();
    body.erase_op(def).unwrap();
    assert!(body.use_empty(a));
    assert_eq!(body.num_ops(), 0);
    body.erase_block_argument(entry, 0).unwrap();
    assert_eq!(body.block_args(entry).len(), 1);
    body.check().unwrap();
}

/// An operation with one region holding one block, placed at the end of
/// `block`: returns it and its inner block.
fn nested<'c>(
    fx: &'c Fx,
    body: &mut Body<'c>,
    block: BlockId,
    operands: &[Value],
) -> (OpId, BlockId) {
    let op = add_end(body, block, fx.op("test.region", operands, 1).regions(1));
    let region = body.op(op).regions()[0];
    let inner = body.create_block();
    body.append_block(region, inner).unwrap();
    (op, inner)
}

#[test]
fn erasing_an_operation_erases_what_is_in_it() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let (outer, inner) = nested(&fx, &mut body, entry, &[]);
    let arg = body.add_block_argument(inner, fx.i32(), None);
    let x = add_end(&mut body, inner, fx.op("test.x", &[a, arg], 1));
    let xr = body.op(x).result(0);
    let (_, deeper) = nested(&fx, &mut body, inner, &[xr]);
    add_end(&mut body, deeper, fx.op("test.y", &[a], 0));
    assert_eq!(uses(&body, a).len(), 2);
    // Moving the outer operation into its own region is refused.
    assert_eq!(
        body.move_op(outer, InsertPoint::End(deeper)),
        Err(IrError::IntoItself(outer))
    );
    body.check().unwrap();
    body.erase_op(outer).unwrap();
    assert!(body.use_empty(a));
    assert_eq!(body.num_ops(), 0);
    assert_eq!(body.num_blocks(), 1);
    assert_eq!(body.num_values(), 2);
    body.check().unwrap();
}

#[test]
fn split_and_merge_blocks() {
    let fx = Fx::new();
    let (mut body, entry, a, b) = function(&fx);
    let ops: Vec<OpId> = (0..4)
        .map(|_| add_end(&mut body, entry, fx.op("test.op", &[a], 0)))
        .collect();
    let tail = body.split_block(entry, ops[2]).unwrap();
    assert_eq!(body.block_ops(entry).collect::<Vec<_>>(), &ops[..2]);
    assert_eq!(body.block_ops(tail).collect::<Vec<_>>(), &ops[2..]);
    assert_eq!(body.next_block(entry), Some(tail));
    body.check().unwrap();
    // A branch to the tail block stops it from being merged.
    let br = add_end(
        &mut body,
        entry,
        fx.op("test.br", &[], 0).successors(&[tail]),
    );
    assert!(matches!(
        body.merge_blocks(tail, entry, &[]),
        Err(IrError::BlockInUse { .. })
    ));
    body.erase_op(br).unwrap();
    // A tail block with an argument merges with the argument replaced.
    let t = body.add_block_argument(tail, fx.i32(), None);
    let user = add_end(&mut body, tail, fx.op("test.use", &[t], 0));
    body.merge_blocks(tail, entry, &[b]).unwrap();
    assert!(!body.contains_block(tail));
    assert_eq!(body.block_ops(entry).count(), 5);
    assert_eq!(body.op(user).operand(0), b);
    body.check().unwrap();
}

#[test]
fn inline_a_region_before_a_block() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let root = body.roots()[0];
    let last = body.create_block();
    body.append_block(root, last).unwrap();
    let (holder, inner) = nested(&fx, &mut body, entry, &[]);
    let moved = add_end(&mut body, inner, fx.op("test.in", &[a], 0));
    let region: RegionId = body.op(holder).regions()[0];
    // A region cannot go into itself.
    assert_eq!(
        body.inline_region_before(root, region, None),
        Err(IrError::RegionInUse(region))
    );
    body.inline_region_before(region, root, Some(last)).unwrap();
    assert_eq!(body.blocks(root).collect::<Vec<_>>(), [entry, inner, last]);
    assert_eq!(body.blocks(region).count(), 0);
    assert_eq!(body.op(moved).parent(), Some(inner));
    body.check().unwrap();
}

#[test]
fn a_clone_remaps_forward_uses_as_mlir_does() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    // A graph-like block: `first` reads the result of `second`, which comes
    // after it; and an operation reads the region holder's own result.
    let (holder, inner) = nested(&fx, &mut body, entry, &[a]);
    let first = add_end(&mut body, inner, fx.op("test.first", &[a], 1));
    let second = add_end(&mut body, inner, fx.op("test.second", &[], 1));
    body.push_operand(first, body.op(second).result(0));
    let hr = body.op(holder).result(0);
    let own = add_end(&mut body, inner, fx.op("test.own", &[hr], 0));
    let before_a = uses(&body, a);

    let mut map = IrMapping::new();
    let copy = body.clone_op(holder, &mut map).unwrap();
    body.insert_op(copy, InsertPoint::After(holder)).unwrap();
    body.check().unwrap();
    let copy_inner = body.entry_block(body.op(copy).regions()[0]).unwrap();
    let c: Vec<OpId> = body.block_ops(copy_inner).collect();
    assert_eq!(c.len(), 3);
    // The forward use reads the clone's `second`.
    assert_eq!(body.op(c[0]).operand(1), body.op(c[1]).result(0));
    // The holder's own result read inside its region is left reading the
    // original: MLIR maps results after the regions, and no region around
    // the clone remaps them.
    assert_eq!(body.op(c[2]).operand(0), body.op(holder).result(0));
    assert_eq!(
        map.value(body.op(holder).result(0)),
        Some(body.op(copy).result(0))
    );
    // The clone's uses of `a` went to the front, in creation order: the
    // holder's operand first, then `first`'s.
    let mut expected = vec![(c[0], 0), (copy, 0)];
    expected.extend(before_a);
    assert_eq!(uses(&body, a), expected);
    let _ = (first, own);
}

#[test]
fn a_clone_into_another_body_needs_its_outside_values_mapped() {
    let fx = Fx::new();
    let (mut f, f_entry, a, _) = function(&fx);
    let (mut g, g_entry, x, _) = function(&fx);
    let (holder, inner) = nested(&fx, &mut f, f_entry, &[a]);
    add_end(&mut f, inner, fx.op("test.in", &[a], 1));
    let before = (g.num_ops(), g.num_values(), g.num_blocks());
    assert_eq!(
        g.clone_op_from(&f, holder, &mut IrMapping::new()),
        Err(IrError::Unmapped(a))
    );
    assert_eq!((g.num_ops(), g.num_values(), g.num_blocks()), before);
    g.check().unwrap();

    // Moving an operation between owners: clone it into the target with
    // its outside values mapped, then erase the original.
    let mut map = IrMapping::new();
    map.map_value(a, x);
    let copy = g.clone_op_from(&f, holder, &mut map).unwrap();
    g.insert_op(copy, InsertPoint::End(g_entry)).unwrap();
    f.erase_op(holder).unwrap();
    assert_eq!(uses(&g, x).len(), 2);
    assert!(f.use_empty(a));
    f.check().unwrap();
    g.check().unwrap();
}

#[test]
fn the_walker_visits_in_both_orders_skips_and_interrupts() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let (outer, inner) = nested(&fx, &mut body, entry, &[]);
    let x = add_end(&mut body, inner, fx.op("test.x", &[a], 0));
    let y = add_end(&mut body, entry, fx.op("test.y", &[a], 0));
    let mut pre = Vec::new();
    walk_body(&body, WalkOrder::PreOrder, |_, op| {
        pre.push(op);
        WalkResult::Advance
    });
    assert_eq!(pre, [outer, x, y]);
    let mut post = Vec::new();
    walk_body(&body, WalkOrder::PostOrder, |_, op| {
        post.push(op);
        WalkResult::Advance
    });
    assert_eq!(post, [x, outer, y]);
    let mut skipped = Vec::new();
    walk_body(&body, WalkOrder::PreOrder, |_, op| {
        skipped.push(op);
        if op == outer {
            WalkResult::Skip
        } else {
            WalkResult::Advance
        }
    });
    assert_eq!(skipped, [outer, y]);
    let mut seen = 0;
    let r = walk_op(&body, outer, WalkOrder::PreOrder, |_, _| {
        seen += 1;
        WalkResult::Interrupt
    });
    assert_eq!((r, seen), (WalkResult::Interrupt, 1));
}

#[test]
fn deep_nesting_costs_no_stack() {
    let fx = Fx::new();
    let (mut body, entry, a, _) = function(&fx);
    let mut block = entry;
    let mut first = None;
    for _ in 0..100_000 {
        let (op, inner) = nested(&fx, &mut body, block, &[a]);
        first.get_or_insert(op);
        block = inner;
    }
    let mut n = 0;
    walk_body(&body, WalkOrder::PostOrder, |_, _| {
        n += 1;
        WalkResult::Advance
    });
    assert_eq!(n, 100_000);
    body.check().unwrap();
    let mut map = IrMapping::new();
    let copy = body.clone_op(first.unwrap(), &mut map).unwrap();
    assert_eq!(uses(&body, a).len(), 200_000);
    body.erase_op(copy).unwrap();
    body.erase_op(first.unwrap()).unwrap();
    assert!(body.use_empty(a));
    body.check().unwrap();
}

/// A module body with functions `names`, each with one block: returns the
/// top body, the module's owner and block, and the functions.
fn module<'c>(fx: &'c Fx, names: &[&str]) -> (Body<'c>, strata_ir::OwnerId, BlockId, Vec<OpId>) {
    let mut top = Body::new();
    let m = top.create_op(fx.op("builtin.module", &[], 0).regions(1).isolated());
    let owner = top.op(m).owner().unwrap();
    let body = top.child_mut(owner).unwrap();
    let block = body.create_block();
    body.append_block(body.roots()[0], block).unwrap();
    let funcs = names.iter().map(|n| func(fx, body, block, n)).collect();
    (top, owner, block, funcs)
}

fn func<'c>(fx: &'c Fx, body: &mut Body<'c>, block: BlockId, name: &str) -> OpId {
    let f = symbol_op(fx, body, name);
    body.insert_op(f, InsertPoint::End(block)).unwrap();
    let child = body.child_mut(body.op(f).owner().unwrap()).unwrap();
    let entry = child.create_block();
    child.append_block(child.roots()[0], entry).unwrap();
    f
}

fn symbol_op<'c>(fx: &'c Fx, body: &mut Body<'c>, name: &str) -> OpId {
    let props = fx
        .ctx
        .dictionary_attr(&[("sym_name", fx.ctx.string_attr(name).into())])
        .into();
    body.create_op(
        fx.op("func.func", &[], 0)
            .properties(props)
            .regions(1)
            .isolated(),
    )
}

#[test]
fn the_container_places_insertions_by_key_not_by_time() {
    let fx = Fx::new();
    let (mut top, owner, block, _) = module(&fx, &["a", "b"]);
    let body = top.child_mut(owner).unwrap();
    let c: Container<'_, '_> = Container::new(body, block);
    let key = |owner, seq| InsertKey { owner, seq };
    // Inserted in the order 2, 0, 1: placed in the order 0, 1, 2.
    c.get_or_insert_symbol(key(2, 0), "late", |b| symbol_op(&fx, b, "late"))
        .unwrap();
    c.get_or_insert_symbol(key(0, 0), "early", |b| symbol_op(&fx, b, "early"))
        .unwrap();
    c.get_or_insert_symbol(key(1, 0), "mid", |b| symbol_op(&fx, b, "mid"))
        .unwrap();
    // A second request under a smaller key moves the symbol to that key.
    let again = c
        .get_or_insert_symbol(key(0, 1), "late", |_| unreachable!("it exists"))
        .unwrap();
    assert_eq!(c.lookup_symbol("late"), Some(again));
    assert!(c.lookup_symbol("a").is_some());
    let dup = c.mutate(|m| {
        let op = symbol_op(&fx, m.body(), "a");
        let r = m.insert(key(5, 0), op);
        m.body().erase_op(op).unwrap();
        r
    });
    assert!(matches!(dup, Err(IrError::SymbolExists(_))));
    let body = c.into_inner();
    let names: Vec<_> = body
        .block_ops(block)
        .map(|o| symbol_name(body, o).unwrap())
        .collect();
    assert_eq!(names, ["a", "b", "early", "late", "mid"]);
    body.check().unwrap();
}

#[test]
fn a_checked_out_owner_is_exclusive_and_an_erased_one_is_dropped() {
    let fx = Fx::new();
    let (mut top, owner, block, funcs) = module(&fx, &["f", "g"]);
    let body = top.child_mut(owner).unwrap();
    let f_owner = body.op(funcs[0]).owner().unwrap();
    let c: Container<'_, '_> = Container::new(body, block);
    let guard = c.checkout(f_owner).unwrap();
    assert_eq!(c.checkout(f_owner).unwrap_err(), IrError::ChildOut(f_owner));
    // Erasing `f` while its body is out: the slot is reused by `h` under a
    // new generation, and `f`'s body is dropped when the guard comes back.
    c.mutate(|m| m.erase(funcs[0])).unwrap();
    let h = c
        .get_or_insert_symbol(InsertKey { owner: 0, seq: 0 }, "h", |b| {
            symbol_op(&fx, b, "h")
        })
        .unwrap();
    let mut guard = guard;
    let entry = guard.entry_block(guard.roots()[0]).unwrap();
    let op = guard.create_op(fx.op("test.x", &[], 0));
    guard.insert_op(op, InsertPoint::End(entry)).unwrap();
    drop(guard);
    assert_eq!(
        c.checkout(f_owner).unwrap_err(),
        IrError::UnknownOwner(f_owner)
    );
    let body = c.into_inner();
    let h_owner = body.op(h).owner().unwrap();
    assert_eq!(h_owner.slot(), f_owner.slot());
    assert_ne!(h_owner.generation(), f_owner.generation());
    assert_eq!(body.child(h_owner).unwrap().num_ops(), 0);
    body.check().unwrap();
}
