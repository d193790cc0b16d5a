//! Reading a parsed module through `Module`'s accessors: the walk visits
//! every operation once, in the order the printer prints them, whatever the
//! number of threads that parsed it; regions, blocks, arguments, results and
//! successors are the ones the text wrote.

use strata_ctx::Context;
use strata_module::{Module, OpId, parse_module, parse_module_parallel};

/// The names of the operations in walk order.
fn walked_names(module: &Module<'_>) -> Vec<String> {
    let mut names = Vec::new();
    module.walk(|_, op| names.push(op.name.to_string()));
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
    ];
    let ctx = Context::new();
    let sequential = parse_module(&ctx, TEXT, "in.mlir").unwrap();
    let names = walked_names(&sequential);
    assert_eq!(names, expected);
    assert_eq!(names.len(), sequential.num_operations());
    let parallel = parse_module_parallel(&ctx, TEXT, "in.mlir").unwrap();
    assert_eq!(walked_names(&parallel), expected);
    // The top-level operations are parsed into units of their own: the walk
    // crosses units.
    let mut units: Vec<u32> = Vec::new();
    parallel.walk(|id, _| units.push(id.unit));
    units.dedup();
    assert!(units.len() > 1, "the top-level operations share one unit");
}

/// The operation named `name` (the first in walk order).
fn find(module: &Module<'_>, name: &str) -> OpId {
    let mut found = None;
    module.walk(|id, op| {
        if found.is_none() && op.name.to_string() == format!("\"{name}\"") {
            found = Some(id);
        }
    });
    found.unwrap_or_else(|| panic!("no operation {name}"))
}

#[test]
fn regions_blocks_arguments_results_and_successors_are_the_written_ones() {
    let ctx = Context::new();
    let module = parse_module_parallel(&ctx, TEXT, "in.mlir").unwrap();

    let a = find(&module, "t.a");
    assert_eq!(module.regions(a).len(), 1);
    let blocks: Vec<_> = module.blocks(a, 0).collect();
    assert_eq!(blocks.len(), 3);
    let args: Vec<_> = module.block_arguments(a, blocks[0]).collect();
    let types: Vec<String> = args
        .iter()
        .map(|&v| module.value(v).1.ty.to_string())
        .collect();
    assert_eq!(types, ["i32", "f32"]);
    assert_eq!(module.block_arguments(a, blocks[1]).len(), 0);

    let b = find(&module, "t.b");
    let results: Vec<_> = module.results(b).collect();
    assert_eq!(results.len(), 2);
    // `t.b` uses the entry block's first argument, `t.c` its second result.
    assert_eq!(module.op(b).operands.as_slice(), &args[..1]);
    let c = find(&module, "t.c");
    assert_eq!(module.value(module.op(c).operands[0]).0, results[1]);
    assert_eq!(module.value(results[1]).1.ty.to_string(), "f32");

    // `t.c` branches to the second and third blocks, in that order.
    let successors: Vec<_> = module.successors(c).collect();
    assert_eq!(successors.len(), 2);
    assert!(core::ptr::eq(successors[0], blocks[1]));
    assert!(core::ptr::eq(successors[1], blocks[2]));

    // `t.d` has two regions of one block each.
    let d = find(&module, "t.d");
    assert_eq!(module.regions(d).len(), 2);
    for (region, name) in [(0, "\"t.e\""), (1, "\"t.f\"")] {
        let blocks: Vec<_> = module.blocks(d, region).collect();
        assert_eq!(blocks.len(), 1);
        let ops: Vec<String> = blocks[0]
            .ops
            .iter()
            .map(|&op| module.op(op).name.to_string())
            .collect();
        assert_eq!(ops, [name]);
    }
    assert_eq!(module.regions(find(&module, "t.h")).len(), 0);
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
    let module = parse_module(&ctx, &text, "deep.mlir").unwrap();
    let names = walked_names(&module);
    assert_eq!(names.len(), depth + 2);
    assert_eq!(names.last().map(String::as_str), Some("\"t.leaf\""));
}
