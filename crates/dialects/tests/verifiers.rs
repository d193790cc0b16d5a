//! The definitions' verifiers after a parse and after a rewrite: the
//! messages and their order are `mlir-opt-19`'s (the byte comparison of
//! every case is strata-cli's `stderr` test over `tests/oracle/verify_ops.mlir`);
//! here, what that test cannot see: a rewritten module, the parallel parse,
//! and a verifier reaching the function around its operation.

use rustc_hash::FxBuildHasher;
use strata_ctx::{Context, Policy, Shared};
use strata_ir::{InsertPoint, OpRegistry, OpSite, OperationState, Traits, VerifyError};
use strata_module::ParseConfig;

fn registry<P: Policy + 'static>() -> OpRegistry {
    let mut ops = strata_module::builtin_ops::<P, FxBuildHasher>();
    strata_dialects::register_ops::<P, FxBuildHasher>(&mut ops);
    ops
}

/// The first error's message and line.
fn first_error(ops: &OpRegistry, text: &str, parallel: bool) -> (String, usize) {
    let ctx = Context::new();
    let e = ParseConfig::new()
        .ops(ops)
        .name("t.mlir")
        .parallel(parallel)
        .parse(&ctx, text)
        .unwrap_err();
    let line = text[..e.span().start].matches('\n').count() + 1;
    (e.message().to_owned(), line)
}

#[test]
fn a_rewrite_that_breaks_a_verifier_is_caught() {
    let ops = registry::<Shared>();
    let ctx = Context::new();
    let text = "func.func @f(%a: i32, %b: i64) -> i32 {\n  return %a : i32\n}\n";
    let mut module = ParseConfig::new()
        .ops(&ops)
        .name("f.mlir")
        .parse(&ctx, text)
        .unwrap();
    module.verify(&ops, "f.mlir", text).unwrap();
    // The function's body: its return takes `%b` instead of `%a`.
    let root = module.root_body_mut();
    let func = root.op_ids().next().unwrap();
    let owner = root.op(func).owner().unwrap();
    let f = root.child_mut(owner).unwrap();
    let entry = f.entry_block(f.roots()[0]).unwrap();
    let ret = f.last_op(entry).unwrap();
    let b = f.block_args(entry)[1];
    f.set_operand(ret, 0, b).unwrap();
    let e = module.verify(&ops, "f.mlir", text).unwrap_err();
    // MLIR's `emitError`, with no operation prefix, at the return.
    assert_eq!(
        e.message(),
        "type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f"
    );
    assert_eq!(text[..e.span().start].matches('\n').count() + 1, 2);
    assert_eq!(
        e.notes()[0].1,
        "see current operation: \"func.return\"(%arg1) : (i64) -> ()"
    );
}

#[test]
fn the_parallel_parse_reports_the_first_failure_in_file_order() {
    let ops = registry::<Shared>();
    let mut text = String::new();
    for i in 0..40 {
        let body = match i {
            13 => "  %c = arith.constant 1 : si8\n  return\n",
            29 => "  return %a : i32\n",
            _ => "  return\n",
        };
        let sig = if i == 29 { "(%a: i32) -> i64" } else { "()" };
        text.push_str(&format!("func.func @f{i}{sig} {{\n{body}}}\n"));
    }
    let sequential = first_error(&ops, &text, false);
    assert_eq!(
        sequential,
        (
            "'arith.constant' op integer return type must be signless".to_owned(),
            // The constant of `@f13`, on the second of its three lines.
            13 * 3 + 2
        )
    );
    assert_eq!(first_error(&ops, &text, true), sequential);
}

/// A unit the parser saw something in (a branch) is walked in order; the
/// definitions of the units it saw nothing in are still checked
/// (`mlir-opt-19`: the error at 7:3). Found by the `module` fuzz target.
#[test]
fn a_verifier_fails_in_a_clean_unit_beside_one_that_needs_the_walk() {
    let ops = registry::<Shared>();
    let text = "func.func @a() {\n  \"test.br\"()[^bb1] : () -> ()\n^bb1:\n  return\n}\nfunc.func @b() -> i32 {\n  return\n}\n";
    for parallel in [false, true] {
        assert_eq!(
            first_error(&ops, text, parallel),
            (
                "'func.return' op has 0 operands, but enclosing function (@b) returns 1".to_owned(),
                7
            )
        );
    }
}

#[test]
fn an_empty_block_of_a_function_is_refused_but_not_of_a_module() {
    let ops = registry::<Shared>();
    let (message, line) = first_error(
        &ops,
        "\"func.func\"() <{function_type = () -> (), sym_name = \"k\"}> ({\n^bb0:\n}) : () -> ()\n",
        false,
    );
    assert_eq!(
        (message.as_str(), line),
        ("empty block: expect at least a terminator", 1)
    );
    let ctx = Context::new();
    ParseConfig::new()
        .ops(&ops)
        .parse(&ctx, "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n")
        .unwrap();
}

/// A verifier of the caller's dialect sees the function around its
/// operation, in the body around the function's own.
#[test]
fn a_users_verifier_reaches_the_enclosing_function() {
    fn verify_probe(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
        let parent = site.parent().expect("a probe is in a function");
        if parent.name() != "func.func" {
            return Err(VerifyError::new("expects to be in a function"));
        }
        let inputs = site.regions().len();
        if parent
            .def()
            .is_some_and(|d| d.has(Traits::ISOLATED_FROM_ABOVE))
            && inputs == 0
        {
            return Err(VerifyError::plain("probe reached its function"));
        }
        Ok(())
    }
    let mut ops = registry::<Shared>();
    ops.register(strata_ir::OpDef::new("probe.op", Traits::NONE).verifier(verify_probe));
    let (message, line) = first_error(
        &ops,
        "func.func @f() {\n  \"probe.op\"() : () -> ()\n  return\n}\n",
        false,
    );
    assert_eq!((message.as_str(), line), ("probe reached its function", 2));
    // Built by hand, outside a parse, the site knows no owner.
    let ctx = Context::new();
    use strata_builtin::prelude::*;
    let mut body = strata_ir::Body::new();
    let id = ops.lookup("probe.op").unwrap();
    let loc = ctx.unknown_loc().into();
    let probe = body.create_op(OperationState::defined(
        ctx.string_attr("probe.op").into(),
        loc,
        &ops,
        id,
    ));
    let holder = body.create_op(OperationState::new(ctx.string_attr("x.y").into(), loc).regions(1));
    let region = body.op(holder).regions()[0];
    let block = body.create_block();
    body.append_block(region, block).unwrap();
    body.insert_op(probe, InsertPoint::End(block)).unwrap();
    assert_eq!(
        verify_probe(OpSite::new(&ops, &body, probe))
            .unwrap_err()
            .message,
        "expects to be in a function"
    );
}
