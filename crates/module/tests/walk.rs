//! Reading a parsed module through `Module`'s accessors: the walk visits
//! every operation once, in the order the printer prints them, whatever the
//! number of threads that parsed it; regions, blocks, arguments, results and
//! successors are the ones the text wrote.

mod common;

use strata_ctx::Context;
use strata_ir::{Body, OpId};
use strata_module::{Module, ParseConfig};

/// The names of the operations in walk order.
fn walked_names(module: &Module<'_>) -> Vec<String> {
    let mut names = Vec::new();
    module.walk(|body, op| names.push(body.op(op).name().to_string()));
    names
}

const TEXT: &str = r#""t.a"() ({
^bb0(%x: i32, %y: f32):
  %0:2 = "t.b"(%x) : (i32) -> (i32, f32)
  "t.c"(%0#1)[^bb1, ^bb2] : (f32) -> ()
^bb1:
  "t.d"() ({
    "t.e"() : () -> ()
  }, {
    "t.f"() : () -> ()
  }) : () -> ()
^bb2:
  "t.g"() : () -> ()
}) : () -> ()
"t.h"() : () -> ()
"t.i"() ({
  "t.j"() : () -> ()
}) : () -> ()
"func.func"() ({
  "t.k"() : () -> ()
}) : () -> ()
"#;

#[test]
fn the_walk_is_pre_order_in_print_order_on_any_number_of_threads() {
    let expected = [
        "\"builtin.module\"",
        "\"t.a\"",
        "\"t.b\"",
        "\"t.c\"",
        "\"t.d\"",
        "\"t.e\"",
        "\"t.f\"",
        "\"t.g\"",
        "\"t.h\"",
        "\"t.i\"",
        "\"t.j\"",
        "\"func.func\"",
        "\"t.k\"",
    ];
    let ctx = Context::new();
    let ops = common::shared_ops();
    let sequential = ParseConfig::new()
        .ops(&ops)
        .name("in.mlir")
        .parse(&ctx, TEXT)
        .unwrap();
    let names = walked_names(&sequential);
    assert_eq!(names, expected);
    assert_eq!(names.len(), sequential.num_operations());
    let parallel = ParseConfig::new()
        .ops(&ops)
        .name("in.mlir")
        .parallel(true)
        .parse(&ctx, TEXT)
        .unwrap();
    assert_eq!(walked_names(&parallel), expected);
    // The isolated operations (the root, the function) have bodies of their
    // own; everything else lives in its nearest isolated ancestor's.
    assert_eq!(parallel.bodies(), 3);
    let mut bodies: Vec<*const Body<'_>> = Vec::new();
    parallel.walk(|body, _| bodies.push(body));
    bodies.dedup();
    assert_eq!(bodies.len(), 3, "the file's, the root's, the function's");
}

/// The operation named `name` (the first in walk order).
fn find(module: &Module<'_>, name: &str) -> OpId {
    let mut found = None;
    module.walk(|body, id| {
        if found.is_none() && body.op(id).name().to_string() == format!("\"{name}\"") {
            found = Some(id);
        }
    });
    found.unwrap_or_else(|| panic!("no operation {name}"))
}

#[test]
fn regions_blocks_arguments_results_and_successors_are_the_written_ones() {
    let ctx = Context::new();
    let ops = common::shared_ops();
    let module = ParseConfig::new()
        .ops(&ops)
        .name("in.mlir")
        .parallel(true)
        .parse(&ctx, TEXT)
        .unwrap();
    let body = module.root_body();

    let a = body.op(find(&module, "t.a"));
    assert_eq!(a.regions().len(), 1);
    let blocks: Vec<_> = body.blocks(a.regions()[0]).collect();
    assert_eq!(blocks.len(), 3);
    let args = body.block_args(blocks[0]);
    let types: Vec<String> = args
        .iter()
        .map(|&v| body.value_type(v).to_string())
        .collect();
    assert_eq!(types, ["i32", "f32"]);
    assert_eq!(body.block_args(blocks[1]).len(), 0);

    let b = body.op(find(&module, "t.b"));
    let results = b.results();
    assert_eq!(results.len(), 2);
    // `t.b` uses the entry block's first argument, `t.c` its second result.
    assert_eq!(b.operands().collect::<Vec<_>>(), &args[..1]);
    let c = body.op(find(&module, "t.c"));
    assert_eq!(c.operand(0), results[1]);
    assert_eq!(body.value_type(results[1]).to_string(), "f32");
    // Each use is on its value's use-list.
    assert_eq!(body.users(results[1]).collect::<Vec<_>>(), [c.id()]);

    // `t.c` branches to the second and third blocks, in that order.
    assert_eq!(c.successors().collect::<Vec<_>>(), &blocks[1..]);

    // `t.d` has two regions of one block each.
    let d = body.op(find(&module, "t.d"));
    assert_eq!(d.regions().len(), 2);
    for (&region, name) in d.regions().iter().zip(["\"t.e\"", "\"t.f\""]) {
        let blocks: Vec<_> = body.blocks(region).collect();
        assert_eq!(blocks.len(), 1);
        let ops: Vec<String> = body
            .block_ops(blocks[0])
            .map(|op| body.op(op).name().to_string())
            .collect();
        assert_eq!(ops, [name]);
    }
    assert_eq!(body.op(find(&module, "t.h")).num_regions(), 0);
    // The function's region is in its own body.
    let f = body.op(find(&module, "func.func"));
    assert_eq!((f.regions().len(), f.num_regions()), (0, 1));
    let fb = body.child(f.owner().unwrap()).unwrap();
    let entry = fb.entry_block(fb.roots()[0]).unwrap();
    assert_eq!(fb.block_ops(entry).count(), 1);
}

#[test]
fn a_deep_module_is_walked_without_recursion() {
    // Deeper than the parser's own limit allows would be refused, so go to
    // just under it: the walk must not recurse per level either.
    let depth = strata_module::MAX_REGION_NESTING as usize - 1;
    let mut text = String::new();
    for _ in 0..depth {
        text.push_str("\"t.n\"() ({\n");
    }
    text.push_str("\"t.leaf\"() : () -> ()\n");
    for _ in 0..depth {
        text.push_str("}) : () -> ()\n");
    }
    let ctx = Context::new();
    let ops = common::shared_ops();
    let module = ParseConfig::new()
        .ops(&ops)
        .name("deep.mlir")
        .parse(&ctx, &text)
        .unwrap();
    let names = walked_names(&module);
    assert_eq!(names.len(), depth + 2);
    assert_eq!(names.last().map(String::as_str), Some("\"t.leaf\""));
}
