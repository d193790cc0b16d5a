//! The parallel parse gives the same module as the sequential one: the
//! printed text of a generated module (copies of the oracle's modules) is
//! byte-identical with 1 thread, 4 threads, the sequential parse, the
//! single-threaded context and the keyed-hasher context, and printing is a
//! fixed point. The parallel printer prints what the sequential one does.

mod common;

use std::hash::RandomState;

use strata_ctx::Context;
use strata_ctx::diag::EngineBuilder;
use strata_module::{
    PrintOptions, generate, parse_module, parse_module_parallel, print_module,
    print_module_parallel,
};

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
    let parsed = parse_module(&ctx, &text, "gen.mlir").unwrap();
    // The body of the module was cut into one unit per top-level operation.
    assert!(parsed.units.len() > 100, "{} units", parsed.units.len());
    let sequential = print_module(&parsed, options);
    let one = pool(1).install(|| {
        let ctx = Context::new();
        print_module(
            &parse_module_parallel(&ctx, &text, "gen.mlir").unwrap(),
            options,
        )
    });
    let four = pool(4).install(|| {
        let ctx = Context::new();
        print_module(
            &parse_module_parallel(&ctx, &text, "gen.mlir").unwrap(),
            options,
        )
    });
    let local = {
        let ctx = Context::single_threaded();
        print_module(&parse_module(&ctx, &text, "gen.mlir").unwrap(), options)
    };
    let keyed = pool(4).install(|| {
        let ctx: Context<strata_ctx::Shared, RandomState> =
            Context::with_hasher(EngineBuilder::new().build(), RandomState::new())
                .with_table_shards(8);
        print_module(
            &parse_module_parallel(&ctx, &text, "gen.mlir").unwrap(),
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
        &parse_module(&ctx, &sequential, "gen.mlir").unwrap(),
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
    };
    let ctx = Context::new();
    let seq = print_module(&parse_module(&ctx, text, "t.mlir").unwrap(), options);
    let par = pool(3).install(|| {
        let ctx = Context::new();
        print_module(
            &parse_module_parallel(&ctx, text, "t.mlir").unwrap(),
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
    let parsed = parse_module(&ctx, &text, "gen.mlir").unwrap();
    for (debug_info, local_scope) in [(false, false), (true, false), (false, true), (true, true)] {
        let options = PrintOptions {
            debug_info,
            local_scope,
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
    let parsed = parse_module(&ctx, &text, "d.mlir").unwrap();
    for local_scope in [false, true] {
        let options = PrintOptions {
            debug_info: false,
            local_scope,
        };
        let sequential = print_module(&parsed, options);
        assert!(sequential.contains("distinct[0]<>"), "{sequential}");
        assert!(sequential.contains("distinct[5]<>"), "{sequential}");
        let parallel = pool(4).install(|| print_module_parallel(&parsed, options));
        assert_eq!(sequential, parallel);
    }
}
