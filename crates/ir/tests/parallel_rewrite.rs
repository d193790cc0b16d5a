//! Determinism by construction: two threads rewrite two functions of one
//! module at once, each with its function checked out of the module's
//! [`Container`], interning new types and attributes into the shared
//! context as they go, while a third thread adds symbols to the module; the
//! rewriting threads ask the container for symbols too (one of them shared).
//! The same three jobs then run on one thread, one after the other in
//! another order, against a fresh context. Both modules are printed (every
//! operation's block, name, operands' positions, result types, properties
//! and attributes, in walk order) and the two texts must be identical: the
//! functions are private to their threads, and what is inserted into the
//! module is placed by its key, never by the time it was inserted.

// OS threads and a gate on an atomic: not a loom model.
#![cfg(not(strata_loom))]

use std::collections::HashMap;
use std::fmt::Write as _;

use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Location, Type};
use strata_ir::{
    BlockId, Body, Container, InsertKey, InsertPoint, IrMapping, OpId, OperationState, OwnerId,
    Value, ValueDef, WalkOrder, WalkResult, symbol_name, walk_op,
};
use strata_sync::atomic::{AtomicBool, Ordering};

/// How many times the parallel run is repeated, each time on a fresh
/// context, so that the three threads meet in different schedules.
const ROUNDS: usize = 64;

/// The symbols of the module once every job has run, in the order their
/// keys give: `shared` (asked for by `f` under key (0, 0) and by `g` under
/// (1, 1)), `g.helper` (1, 0), then the third job's `helper` (2, 0) and
/// `table` (2, 1).
const SYMBOLS: [&str; 6] = ["f", "g", "shared", "g.helper", "helper", "table"];

fn name<'c>(ctx: &'c Context, s: &str) -> Attribute<'c> {
    ctx.string_attr(s).into()
}

fn loc(ctx: &Context) -> Location<'_> {
    ctx.unknown_loc().into()
}

fn sym_props<'c>(ctx: &'c Context, sym: &str) -> Attribute<'c> {
    ctx.dictionary_attr(&[("sym_name", name(ctx, sym))]).into()
}

/// Creates an operation and places it at `at`; returns it.
fn add_op<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    at: InsertPoint,
    op_name: &str,
    operands: &[Value],
    results: &[Type<'c>],
) -> OpId {
    let op = body.create_op(
        OperationState::new(name(ctx, op_name), loc(ctx))
            .operands(operands)
            .results(results),
    );
    body.insert_op(op, at).unwrap();
    op
}

/// An isolated `func.func` named `sym`, detached in `m`, whose entry block
/// takes an `i32` `x` and computes `(x + x) * x` before `func.return`.
fn function<'c>(ctx: &'c Context, m: &mut Body<'c>, sym: &str) -> OpId {
    let func = m.create_op(
        OperationState::new(name(ctx, "func.func"), loc(ctx))
            .properties(sym_props(ctx, sym))
            .regions(1)
            .isolated(),
    );
    let body = m.child_mut(m.op(func).owner().unwrap()).unwrap();
    let entry = body.create_block();
    body.append_block(body.roots()[0], entry).unwrap();
    let i32: Type<'c> = ctx.i32().into();
    let x = body.add_block_argument(entry, i32, None);
    let end = InsertPoint::End(entry);
    let add = add_op(ctx, body, end, "arith.addi", &[x, x], &[i32]);
    let sum = body.op(add).result(0);
    let mul = add_op(ctx, body, end, "arith.muli", &[sum, x], &[i32]);
    let product = body.op(mul).result(0);
    add_op(ctx, body, end, "func.return", &[product], &[]);
    func
}

/// The module: a `builtin.module` (a detached operation of `top`) whose one
/// block holds functions `f` and `g`.
struct Module<'c> {
    top: Body<'c>,
    module: OpId,
    block: BlockId,
    f: OwnerId,
    g: OwnerId,
}

fn build(ctx: &Context) -> Module<'_> {
    let mut top = Body::new();
    let module = top.create_op(
        OperationState::new(name(ctx, "builtin.module"), loc(ctx))
            .regions(1)
            .isolated(),
    );
    let m = top.child_mut(top.op(module).owner().unwrap()).unwrap();
    let block = m.create_block();
    m.append_block(m.roots()[0], block).unwrap();
    let mut owners = Vec::new();
    for sym in ["f", "g"] {
        let func = function(ctx, m, sym);
        m.insert_op(func, InsertPoint::End(block)).unwrap();
        owners.push(m.op(func).owner().unwrap());
    }
    Module {
        top,
        module,
        block,
        f: owners[0],
        g: owners[1],
    }
}

/// The shared symbol, built the same whoever asks first: a constant
/// global.
fn build_shared<'c>(ctx: &'c Context, m: &mut Body<'c>) -> OpId {
    let props = ctx
        .dictionary_attr(&[
            ("sym_name", name(ctx, "shared")),
            ("value", ctx.i64_attr(42).into()),
        ])
        .into();
    m.create_op(OperationState::new(name(ctx, "ml_program.global"), loc(ctx)).properties(props))
}

/// The entry block of a checked-out function and its `func.return`.
fn entry_and_return(body: &Body<'_>) -> (BlockId, OpId) {
    let entry = body.entry_block(body.roots()[0]).unwrap();
    (entry, body.last_op(entry).unwrap())
}

/// Job 0: rewrites `f`. A chain of sign extensions to fresh integer types
/// with attribute dictionaries, every fourth one replaced by a cast to a
/// fresh tensor type and every sixth one cloned; then, checked out again
/// after asking for the shared symbol, the entry block is split, an
/// operation erased with its uses moved to its operand, and a block split
/// off and merged back.
fn rewrite_f<'c>(ctx: &'c Context, c: &Container<'_, 'c>, owner: OwnerId) {
    {
        let mut f = c.checkout(owner).unwrap();
        let (entry, ret) = entry_and_return(&f);
        let mut prev = f.block_args(entry)[0];
        for i in 0..24u32 {
            let ty: Type<'c> = ctx.int(100 + i).into();
            let attrs = ctx
                .dictionary_attr(&[
                    ("index", ctx.i64_attr(1000 + i64::from(i)).into()),
                    ("tag", name(ctx, &format!("f.{i}"))),
                ])
                .into();
            let op = f.create_op(
                OperationState::new(name(ctx, "arith.extsi"), loc(ctx))
                    .operands(&[prev])
                    .results(&[ty])
                    .attributes(attrs),
            );
            f.insert_op(op, InsertPoint::Before(ret)).unwrap();
            prev = f.op(op).result(0);
            if i % 4 == 3 {
                let tensor: Type<'c> = ctx.tensor_type(&[i64::from(i), 2], ctx.int(100 + i)).into();
                let input = f.op(op).operand(0);
                let cast = add_op(
                    ctx,
                    &mut f,
                    InsertPoint::Before(op),
                    "test.cast",
                    &[input],
                    &[tensor],
                );
                prev = f.op(cast).result(0);
                f.replace_op(op, &[prev]).unwrap();
            }
            if i % 6 == 5 {
                let last = f.defining_op(prev).unwrap();
                let copy = f.clone_op(last, &mut IrMapping::new()).unwrap();
                f.insert_op(copy, InsertPoint::After(last)).unwrap();
                prev = f.op(copy).result(0);
            }
        }
        f.set_operand(ret, 0, prev).unwrap();
    }
    c.get_or_insert_symbol(InsertKey { owner: 0, seq: 0 }, "shared", |m| {
        build_shared(ctx, m)
    })
    .unwrap();
    let mut f = c.checkout(owner).unwrap();
    let (entry, _) = entry_and_return(&f);
    let ops: Vec<OpId> = f.block_ops(entry).collect();
    let second = f.split_block(entry, ops[12]).unwrap();
    let doomed = ops[5];
    let (result, input) = (f.op(doomed).result(0), f.op(doomed).operand(0));
    f.replace_all_uses_with(result, input);
    f.erase_op(doomed).unwrap();
    let third = f.split_block(second, ops[20]).unwrap();
    let width: Type<'c> = ctx.int(77).into();
    let x = f.block_args(entry)[0];
    add_op(
        ctx,
        &mut f,
        InsertPoint::Start(third),
        "test.marker",
        &[x],
        &[width],
    );
    f.merge_blocks(third, second, &[]).unwrap();
}

/// Job 1: rewrites `g`. Asks for its own helper symbol first, then, with
/// `g` checked out, adds a chain of conversions to fresh integer and vector
/// types (some of the integer types are ones `f` interns too), moves every
/// use of the product but the first conversion's to the last conversion,
/// clones the addition to the start of the block, and asks for the shared
/// symbol while still holding `g`.
fn rewrite_g<'c>(ctx: &'c Context, c: &Container<'_, 'c>, owner: OwnerId) {
    c.get_or_insert_symbol(InsertKey { owner: 1, seq: 0 }, "g.helper", |m| {
        function(ctx, m, "g.helper")
    })
    .unwrap();
    let mut g = c.checkout(owner).unwrap();
    let (entry, ret) = entry_and_return(&g);
    let product = g.op(ret).operand(0);
    let mut prev = product;
    for i in 0..16u32 {
        let ty: Type<'c> = if i % 2 == 0 {
            ctx.int(100 + 2 * i).into()
        } else {
            ctx.vector_type(&[i64::from(i) + 1], ctx.f32()).into()
        };
        let attrs = ctx
            .dictionary_attr(&[
                ("index", ctx.i64_attr(1000 + i64::from(i)).into()),
                ("type", ctx.type_attr(ty).into()),
            ])
            .into();
        let op = g.create_op(
            OperationState::new(name(ctx, "test.convert"), loc(ctx))
                .operands(&[prev])
                .results(&[ty])
                .attributes(attrs),
        );
        g.insert_op(op, InsertPoint::Before(ret)).unwrap();
        prev = g.op(op).result(0);
    }
    // Every use of the product but the first conversion's reads the last
    // conversion instead.
    let first = g.next_op(g.defining_op(product).unwrap()).unwrap();
    g.replace_uses_with_if(product, prev, |_, u| u.op != first);
    let (x, add) = (g.block_args(entry)[0], g.first_op(entry).unwrap());
    let copy = g.clone_op(add, &mut IrMapping::new()).unwrap();
    g.insert_op(copy, InsertPoint::Start(entry)).unwrap();
    g.set_operand(copy, 1, x).unwrap();
    c.get_or_insert_symbol(InsertKey { owner: 1, seq: 1 }, "shared", |m| {
        build_shared(ctx, m)
    })
    .unwrap();
}

/// Job 2: adds a helper function (whose body interns types of its own,
/// under the container's lock) and a constant table to the module.
fn add_symbols<'c>(ctx: &'c Context, c: &Container<'_, 'c>) {
    c.get_or_insert_symbol(InsertKey { owner: 2, seq: 0 }, "helper", |m| {
        let func = function(ctx, m, "helper");
        let body = m.child_mut(m.op(func).owner().unwrap()).unwrap();
        let (entry, ret) = entry_and_return(body);
        let x = body.block_args(entry)[0];
        let wide: Type<'c> = ctx.int(300).into();
        add_op(
            ctx,
            body,
            InsertPoint::Before(ret),
            "arith.extui",
            &[x],
            &[wide],
        );
        func
    })
    .unwrap();
    c.insert(InsertKey { owner: 2, seq: 1 }, |m| {
        let table: Attribute<'c> = ctx
            .array_attr(&[ctx.i64_attr(7).into(), ctx.string_attr("seven").into()])
            .into();
        let props = ctx
            .dictionary_attr(&[("sym_name", name(ctx, "table")), ("value", table)])
            .into();
        m.create_op(OperationState::new(name(ctx, "ml_program.global"), loc(ctx)).properties(props))
    })
    .unwrap();
}

/// The module's structure as text: one line per operation in walk order,
/// indented by depth, with its block, name, operands (`%N#R` for result R
/// of the N-th operation walked, `^bN#A` for argument A of the N-th block
/// met), result types with each result's uses in use-list order (`%N.I`
/// for operand I of the N-th operation), properties and attributes; before
/// each block's first operation, a line per argument of the block with its
/// type and uses.
fn print(top: &Body<'_>, module: OpId) -> String {
    let key = |body: &Body<'_>| core::ptr::from_ref(body) as usize;
    // First pass: every operation in walk order, with its depth.
    let mut walked: Vec<(&Body<'_>, OpId, usize)> = Vec::new();
    let mut depth_of_body: HashMap<usize, usize> = HashMap::from([(key(top), 0)]);
    walk_op(top, module, WalkOrder::PreOrder, |body, op| {
        let mut depth = depth_of_body[&key(body)];
        let mut cursor = op;
        while let Some(parent) = body.parent_op(cursor) {
            depth += 1;
            cursor = parent;
        }
        if let Some(owner) = body.op(op).owner() {
            let child = body.child(owner).expect("every child body is home");
            depth_of_body.insert(key(child), depth + 1);
        }
        walked.push((body, op, depth));
        WalkResult::Advance
    });
    let ops: HashMap<(usize, OpId), usize> = walked
        .iter()
        .enumerate()
        .map(|(n, &(body, op, _))| ((key(body), op), n))
        .collect();
    let mut blocks: HashMap<(usize, BlockId), usize> = HashMap::new();
    let mut block_number = |body: &Body<'_>, block: BlockId| {
        let n = blocks.len();
        *blocks.entry((key(body), block)).or_insert(n)
    };
    let uses = |body: &Body<'_>, v: Value| {
        let uses: Vec<String> = body
            .uses(v)
            .map(|u| format!("%{}.{}", ops[&(key(body), u.op)], u.index))
            .collect();
        uses.join(" ")
    };
    // Second pass: the text.
    let mut out = String::new();
    for (n, &(body, op, depth)) in walked.iter().enumerate() {
        let view = body.op(op);
        // The module is in no block.
        let parent = view.parent();
        let block = parent.map_or("-".to_string(), |p| format!("^b{}", block_number(body, p)));
        let operands: Vec<String> = view
            .operands()
            .map(|v| match body.value_def(v) {
                ValueDef::Result { op, number } => format!("%{}#{number}", ops[&(key(body), op)]),
                ValueDef::Argument { block, number } => {
                    format!("^b{}#{number}", block_number(body, block))
                }
            })
            .collect();
        let results: Vec<String> = view
            .results()
            .iter()
            .map(|&r| format!("{} [{}]", body.value_type(r), uses(body, r)))
            .collect();
        let show = |a: Option<Attribute<'_>>| a.map_or("-".to_string(), |a| a.to_string());
        if let Some(parent) = parent.filter(|&p| body.first_op(p) == Some(op)) {
            for (i, &a) in body.block_args(parent).iter().enumerate() {
                writeln!(
                    out,
                    "{:indent$}{block}#{i} : {} [{}]",
                    "",
                    body.value_type(a),
                    uses(body, a),
                    indent = 2 * depth,
                )
                .unwrap();
            }
        }
        writeln!(
            out,
            "{:indent$}{block} %{n} = {}({}) : ({}) <{}> {}",
            "",
            view.name(),
            operands.join(", "),
            results.join(", "),
            show(view.properties()),
            show(view.attributes()),
            indent = 2 * depth,
        )
        .unwrap();
    }
    out
}

/// Checks the module and returns its text and its symbols in block order.
fn finish(m: &Module<'_>) -> (String, Vec<String>) {
    m.top.check().unwrap();
    let body = m.top.child(m.top.op(m.module).owner().unwrap()).unwrap();
    let symbols = body
        .block_ops(m.block)
        .map(|op| symbol_name(body, op).unwrap().to_string())
        .collect();
    (print(&m.top, m.module), symbols)
}

/// The three jobs on one thread, in another order than their keys: the
/// symbols first, then `g`, then `f`. Asserts on the way that `f`'s request
/// for the shared symbol moves it (it was inserted by `g` under a later
/// key, after `g.helper`).
fn sequential() -> (String, Vec<String>) {
    let ctx = Context::new();
    let mut m = build(&ctx);
    let (f, g) = (m.f, m.g);
    let body = m
        .top
        .child_mut(m.top.op(m.module).owner().unwrap())
        .unwrap();
    let container: Container<'_, '_> = Container::new(body, m.block);
    add_symbols(&ctx, &container);
    rewrite_g(&ctx, &container, g);
    let before_f = container.mutate(|cm| {
        let block = m.block;
        let b = cm.body();
        b.block_ops(block)
            .map(|op| symbol_name(b, op).unwrap().to_string())
            .collect::<Vec<_>>()
    });
    assert_eq!(
        before_f,
        ["f", "g", "g.helper", "shared", "helper", "table"]
    );
    rewrite_f(&ctx, &container, f);
    container.into_inner();
    finish(&m)
}

/// The three jobs on three threads at once, on a fresh context.
fn parallel() -> (String, Vec<String>) {
    let ctx = Context::new();
    let mut m = build(&ctx);
    let (f, g) = (m.f, m.g);
    let body = m
        .top
        .child_mut(m.top.op(m.module).owner().unwrap())
        .unwrap();
    let container: Container<'_, '_> = Container::new(body, m.block);
    let go = AtomicBool::new(false);
    std::thread::scope(|s| {
        let (ctx, c, go) = (&ctx, &container, &go);
        // Acquire: pairs with the Release store below (it only lines the
        // threads up; nothing is published through it).
        let wait = move || {
            while !go.load(Ordering::Acquire) {
                std::thread::yield_now();
            }
        };
        s.spawn(move || {
            wait();
            rewrite_f(ctx, c, f);
        });
        s.spawn(move || {
            wait();
            rewrite_g(ctx, c, g);
        });
        s.spawn(move || {
            wait();
            add_symbols(ctx, c);
        });
        // Release: pairs with the Acquire load in `wait`, so the threads start
        // after the module is built.
        go.store(true, Ordering::Release);
    });
    container.into_inner();
    finish(&m)
}

#[test]
fn parallel_rewrite_is_the_sequential_one() {
    let (want, symbols) = sequential();
    assert_eq!(symbols, SYMBOLS);
    // The module; `f`, `g`, `g.helper` and `helper` (each with three
    // operations, and an argument line for its entry block; `f`'s split
    // blocks have none); `helper`'s extension; `shared`; `table`. `f`
    // gained 24 extensions, 6 casts and 4 clones, lost the 6 replaced
    // extensions and an erased one, and got a marker; `g` gained 16
    // conversions and a clone.
    let ops = want.lines().filter(|l| l.contains(" = ")).count();
    assert_eq!(
        ops,
        1 + 4 * 4 + 1 + 1 + 1 + (24 + 6 + 4 - 6 - 1 + 1) + (16 + 1)
    );
    let args = want.lines().filter(|l| !l.contains(" = ")).count();
    assert_eq!(args, 4);
    for line in ["test.marker", "tensor<7x2xi107>", "vector<2xf32>", "i300"] {
        assert!(want.contains(line), "{line} is missing from\n{want}");
    }
    for round in 0..ROUNDS {
        let (got, symbols) = parallel();
        assert_eq!(symbols, SYMBOLS, "round {round}");
        assert_eq!(got, want, "round {round}: the parallel rewrite differs");
    }
}
