//! The parallel parse gives the same module as the sequential one: the
//! printed text of a generated module (copies of the oracle's modules) is
//! byte-identical with 1 thread, 4 threads, the sequential parse, the
//! single-threaded context and the keyed-hasher context, and printing is a
//! fixed point. The parallel printer prints what the sequential one does.

mod common;

use std::hash::RandomState;

use strata_ctx::Context;
use strata_ctx::diag::EngineBuilder;
use strata_ir::{InsertPoint, IrMapping, OpId};
use strata_module::{ParseConfig, PrintOptions, generate, print_module, print_module_parallel};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn one_thread_many_threads_and_the_single_threaded_context_print_alike() {
    let modules = common::good_modules();
    let refs: Vec<&str> = modules.iter().map(String::as_str).collect();
    let text = generate::generate(&refs, 600_000).expect("usable modules");
    let options = PrintOptions::default();

    let ctx = Context::new();
    let (parsed, stats) = strata_module::ParseConfig::new()
        .name("gen.mlir")
        .parse_with_stats(&ctx, &text);
    let parsed = parsed.unwrap();
    // The body of the module was cut into one unit per top-level operation.
    assert!(stats.units > 100, "{} units", stats.units);
    let sequential = print_module(&parsed, options);
    let one = pool(1).install(|| {
        let ctx = Context::new();
        print_module(
            &ParseConfig::new()
                .name("gen.mlir")
                .parallel(true)
                .parse(&ctx, &text)
                .unwrap(),
            options,
        )
    });
    let four = pool(4).install(|| {
        let ctx = Context::new();
        print_module(
            &ParseConfig::new()
                .name("gen.mlir")
                .parallel(true)
                .parse(&ctx, &text)
                .unwrap(),
            options,
        )
    });
    let local = {
        let ctx = Context::single_threaded();
        print_module(
            &ParseConfig::new()
                .name("gen.mlir")
                .parse(&ctx, &text)
                .unwrap(),
            options,
        )
    };
    let keyed = pool(4).install(|| {
        let ctx: Context<strata_ctx::Shared, RandomState> =
            Context::with_hasher(EngineBuilder::new().build(), RandomState::new())
                .with_table_shards(8);
        print_module(
            &ParseConfig::new()
                .name("gen.mlir")
                .parallel(true)
                .parse(&ctx, &text)
                .unwrap(),
            options,
        )
    });
    assert!(sequential.len() > 500_000, "{}", sequential.len());
    assert!(
        sequential == one,
        "1 thread differs from the sequential parse"
    );
    assert!(
        sequential == four,
        "4 threads differ from the sequential parse"
    );
    assert!(sequential == local, "the single-threaded context differs");
    assert!(sequential == keyed, "the keyed-hasher context differs");
    // Printing what was printed gives it back.
    let again = print_module(
        &ParseConfig::new()
            .name("gen.mlir")
            .parse(&ctx, &sequential)
            .unwrap(),
        options,
    );
    assert!(again == sequential, "printing is not a fixed point");
}

#[test]
fn with_debug_info_the_threads_agree_too() {
    let text = r#""test.a"() ({
^bb0(%x: i32 loc("a.mlir":1:2)):
  "test.b"(%x) : (i32) -> () loc(fused["a.mlir":3:4, "b.mlir":5:6])
}) : () -> () loc("n"("a.mlir":7:8))
%0 = "test.c"() : () -> i32
"test.d"(%0, %1) : (i32, i32) -> ()
%1 = "test.e"() : () -> i32
"#;
    let options = PrintOptions {
        debug_info: true,
        local_scope: false,
        elide_elements_above: None,
    };
    let ctx = Context::new();
    let seq = print_module(
        &ParseConfig::new().name("t.mlir").parse(&ctx, text).unwrap(),
        options,
    );
    let par = pool(3).install(|| {
        let ctx = Context::new();
        print_module(
            &ParseConfig::new()
                .name("t.mlir")
                .parallel(true)
                .parse(&ctx, text)
                .unwrap(),
            options,
        )
    });
    assert_eq!(seq, par);
    // What mlir-opt-19 --mlir-print-op-generic --mlir-print-debuginfo
    // prints for this file (a use in one top-level operation of a value
    // another defines later resolves across units).
    assert_eq!(seq, EXPECTED);
}

const EXPECTED: &str = r#"#loc2 = loc("a.mlir":1:2)
"builtin.module"() ({
  "test.a"() ({
  ^bb0(%arg0: i32 loc("a.mlir":1:2)):
    "test.b"(%arg0) : (i32) -> () loc(#loc9)
  }) : () -> () loc(#loc8)
  %0 = "test.c"() : () -> i32 loc(#loc5)
  "test.d"(%0, %1) : (i32, i32) -> () loc(#loc6)
  %1 = "test.e"() : () -> i32 loc(#loc7)
}) : () -> () loc(#loc)
#loc = loc("t.mlir":0:0)
#loc1 = loc("a.mlir":7:8)
#loc3 = loc("a.mlir":3:4)
#loc4 = loc("b.mlir":5:6)
#loc5 = loc("t.mlir":5:6)
#loc6 = loc("t.mlir":6:1)
#loc7 = loc("t.mlir":7:6)
#loc8 = loc("n"(#loc1))
#loc9 = loc(fused[#loc3, #loc4])

"#;

/// Every combination of the print options: the parallel printer (the
/// module's top-level operations printed on 4 threads) gives the
/// sequential printer's text.
#[test]
fn the_parallel_printer_prints_what_the_sequential_one_does() {
    let modules = common::good_modules();
    let refs: Vec<&str> = modules.iter().map(String::as_str).collect();
    let text = generate::generate(&refs, 300_000).expect("usable modules");
    let ctx = Context::new();
    let parsed = ParseConfig::new()
        .name("gen.mlir")
        .parse(&ctx, &text)
        .unwrap();
    for (debug_info, local_scope) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = PrintOptions {
            debug_info,
            local_scope,
            elide_elements_above: None,
        };
        let sequential = print_module(&parsed, options);
        let parallel = pool(4).install(|| print_module_parallel(&parsed, options));
        assert!(
            sequential == parallel,
            "the parallel printer differs (debug info {debug_info}, local scope {local_scope})"
        );
    }
}

/// Distinct attributes printed in place are numbered in printing order
/// (`distinct[0]` first): the parallel printer keeps that order, with the
/// distinct attributes spread over many top-level operations and threads.
#[test]
fn distinct_attributes_keep_their_printing_order_in_parallel() {
    let mut text = String::new();
    for i in 0..200 {
        if i % 37 == 3 {
            // Numbered in the input in reverse: the printer renumbers.
            text.push_str(&format!(
                "\"t.op\"() {{d = distinct[{}]<>}} : () -> ()\n",
                1000 - i
            ));
        } else {
            text.push_str(&format!("\"t.op\"() {{v = {i} : i64}} : () -> ()\n"));
        }
    }
    let ctx = Context::new();
    let parsed = ParseConfig::new()
        .name("d.mlir")
        .parse(&ctx, &text)
        .unwrap();
    for local_scope in [false, true] {
        let options = PrintOptions {
            debug_info: false,
            local_scope,
            elide_elements_above: None,
        };
        let sequential = print_module(&parsed, options);
        assert!(sequential.contains("distinct[0]<>"), "{sequential}");
        assert!(sequential.contains("distinct[5]<>"), "{sequential}");
        let parallel = pool(4).install(|| print_module_parallel(&parsed, options));
        assert_eq!(sequential, parallel);
    }
}

/// `count` top-level operations, most of them fillers: enough for the
/// parallel printer's alias pass to cut them into many runs on 4 threads.
fn many_ops(first: &str, last: &str, count: usize) -> String {
    let mut text = String::from(first);
    for i in 0..count {
        text.push_str(&format!(
            "\"test.f\"() {{v = {i} : i64}} : () -> () loc(\"f.mlir\":{i}:1)\n"
        ));
    }
    text.push_str(last);
    text
}

/// `text` parsed and printed by the sequential printer, after checking
/// that the parallel printer (4 threads) prints the same. (strata-cli's
/// `tests/parallel.rs` does the same with strata-opt's dialects.)
fn printed_both_ways(text: &str, options: PrintOptions) -> String {
    let ctx = Context::new();
    let parsed = ParseConfig::new().name("t.mlir").parse(&ctx, text).unwrap();
    let sequential = print_module(&parsed, options);
    let parallel = pool(4).install(|| print_module_parallel(&parsed, options));
    assert_eq!(head(&sequential), head(&parallel));
    assert!(sequential == parallel, "the parallel printer differs");
    sequential
}

const DEBUG_INFO: PrintOptions = PrintOptions {
    debug_info: true,
    local_scope: false,
    elide_elements_above: None,
};

/// The text before the root operation (the aliases MLIR cannot defer).
fn head(printed: &str) -> &str {
    &printed[..printed.find("\"builtin.module\"").unwrap()]
}

/// A location met first as an operation's location (an alias MLIR prints
/// after the module) and later, in another run of the parallel alias pass,
/// as a block argument's location (one it cannot defer) is printed before
/// the module, as the sequential pass has it.
#[test]
fn a_location_deferred_in_one_run_and_needed_early_in_another_is_printed_first() {
    let first = "\"test.a\"() : () -> () loc(\"early.mlir\":1:2)\n";
    let last = "\"test.b\"() ({\n^bb0(%x: i32 loc(\"early.mlir\":1:2)):\n  \"test.c\"() : () -> ()\n}) : () -> ()\n";
    let printed = printed_both_ways(&many_ops(first, last, 400), DEBUG_INFO);
    assert!(
        head(&printed).contains("loc(\"early.mlir\":1:2)"),
        "{}",
        head(&printed)
    );
}

/// A fused location used by an operation (deferred, with its two parts) and
/// by the root's attribute dictionary, which the alias pass visits after
/// the body: the second use makes the fused location and its parts
/// printed before the module, through the entries' children, which the
/// parallel pass must have carried over to the merged state.
#[test]
fn a_deferred_location_needed_by_the_root_takes_its_parts_along() {
    let fused = "loc(fused[\"p.mlir\":1:1, \"q.mlir\":2:2])";
    let first = format!("\"test.a\"() : () -> () {fused}\n");
    let body = many_ops(&first, "", 400);
    // A module's attributes name a dialect (MLIR's verifier refuses others).
    let text = format!("\"builtin.module\"() ({{\n{body}}}) {{test.x = {fused}}} : () -> ()\n");
    let printed = printed_both_ways(&text, DEBUG_INFO);
    for part in ["loc(\"p.mlir\":1:1)", "loc(\"q.mlir\":2:2)"] {
        assert!(head(&printed).contains(part), "{}", head(&printed));
    }
}

/// A location used as an attribute value inside the body prints as its
/// alias, also when the parallel alias pass met it in a run of its own.
#[test]
fn a_location_attribute_in_the_body_prints_as_its_alias_in_parallel() {
    let first = "\"test.a\"() {x = loc(\"attr.mlir\":3:4)} : () -> ()\n";
    let printed = printed_both_ways(&many_ops("", first, 400), PrintOptions::default());
    assert!(
        printed.contains("{x = #loc}") && head(&printed).contains("#loc = loc(\"attr.mlir\":3:4)"),
        "{}",
        &printed[printed.len() - 300..]
    );
}

/// A module changed after the parse need not have a parse's shape (each
/// isolated operation of the root's body with a body of its own, nothing
/// else): the parallel printer then numbers it as the sequential one does.
#[test]
fn a_changed_module_of_another_shape_prints_as_the_sequential_printer_does() {
    let text = r#""test.a"() ({
  %0 = "test.b"() : () -> i32
  "test.c"(%0) : (i32) -> ()
}) : () -> ()
%1 = "test.d"() : () -> i32
"test.e"() ({
^bb0(%a: i32):
  "test.br"()[^bb1] : () -> ()
^bb1:
  %2 = "test.f"(%a) : (i32) -> i32
}) : () -> ()
"func.func"() ({
  "test.g"() : () -> ()
}) : () -> ()
"#;
    let ctx = Context::new();
    let parsed = ParseConfig::new().name("t.mlir").parse(&ctx, text).unwrap();
    let top = |m: &strata_module::Module<'_>| -> Vec<OpId> {
        let body = m.root_body();
        let entry = body.entry_block(body.roots()[0]).unwrap();
        body.block_ops(entry).collect()
    };
    let ops = top(&parsed);
    assert_eq!(ops.len(), 4);
    let compare = |m: &strata_module::Module<'_>| {
        let options = PrintOptions::default();
        let sequential = print_module(m, options);
        let parallel = pool(4).install(|| print_module_parallel(m, options));
        assert_eq!(sequential, parallel);
        sequential
    };
    let plain = compare(&parsed);
    assert!(plain.contains("^bb1:  // pred: ^bb0"), "{plain}");

    // A copy of the branching operation at the end of the root's body:
    // numbered twice, each copy's target with its own predecessor.
    let mut twice = parsed.clone();
    let body = twice.root_body_mut();
    let copy = body.clone_op(ops[2], &mut IrMapping::new()).unwrap();
    let entry = body.entry_block(body.roots()[0]).unwrap();
    body.insert_op(copy, InsertPoint::End(entry)).unwrap();
    let printed = compare(&twice);
    assert_eq!(printed.matches("\"test.f\"").count(), 2, "{printed}");
    assert_eq!(printed.matches("// pred: ^bb0").count(), 2, "{printed}");

    // A copy of a top-level operation inside the first one's region, in
    // place of the operation that was there.
    let mut moved = parsed.clone();
    let body = moved.root_body_mut();
    let a_entry = body.entry_block(body.op(ops[0]).regions()[0]).unwrap();
    let c = body.last_op(a_entry).unwrap();
    body.erase_op(c).unwrap();
    let copy = body.clone_op(ops[1], &mut IrMapping::new()).unwrap();
    body.insert_op(copy, InsertPoint::End(a_entry)).unwrap();
    let printed = compare(&moved);
    assert_eq!(printed.matches("\"test.d\"").count(), 2, "{printed}");
    assert!(!printed.contains("\"test.c\""), "{printed}");
    assert!(printed.contains("^bb1:  // pred: ^bb0"), "{printed}");
    // Erase the function: the parallel numbering meets one body fewer.
    let body = moved.root_body_mut();
    body.erase_op(ops[3]).unwrap();
    let printed = compare(&moved);
    assert!(!printed.contains("func.func"), "{printed}");
}

/// Top-level operations that have results and values inside their regions:
/// the parallel numbering shifts the values inside by what the operations
/// after them used, and leaves each operation's own result, numbered with
/// the root's region, alone.
#[test]
fn top_level_results_and_the_values_inside_them_number_alike() {
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!(
            "%r{i}:2 = \"test.t\"() ({{\n^bb0(%a: i32):\n  %x = \"test.u\"(%a) : (i32) -> i32\n  \"test.jump\"(%x)[^bb1] : (i32) -> ()\n^bb1:\n  %y = \"test.w\"() : () -> i32\n}}) : () -> (i32, i32)\n"
        ));
    }
    text.push_str("\"test.use\"(%r0#1, %r299#0) : (i32, i32) -> ()\n");
    let printed = printed_both_ways(&text, PrintOptions::default());
    // MLIR's numbering: results from the root's region first, in order;
    // then each operation's region from the last operation to the first.
    assert!(
        printed.contains("%0:2 = \"test.t\"()"),
        "{}",
        head(&printed)
    );
    assert!(printed.contains("%299:2 = \"test.t\"()"));
    assert!(printed.contains("\"test.use\"(%0#1, %299#0)"));
}
