//! What `cargo mutants` found unchecked in strata-module's printer
//! (`crates/module/src/print.rs`) and its tree (`tree.rs`), pinned by
//! tests that parse with what strata-opt registers (`strata_cli::syntax`,
//! as `mlir-opt-19` has MLIR's test dialect compiled in); the others are
//! strata-module's own `tests/mutants_print.rs`. Each test pins a
//! behaviour that a surviving mutant changed, against what `mlir-opt-19`
//! does with the same input (the printed texts are its output, with the
//! flags each test names).

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module, print_module_parallel};

/// Parses `text` with what strata-opt registers and prints it with
/// `options`.
fn print(text: &str, name: &str, options: PrintOptions) -> String {
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name(name)
        .parse(&ctx, text)
        .unwrap_or_else(|e| panic!("{name}: {}", e.message()));
    print_module(&module, options)
}

const DEBUG: PrintOptions = PrintOptions {
    debug_info: true,
    local_scope: false,
    elide_elements_above: None,
};

const DEBUG_LOCAL: PrintOptions = PrintOptions {
    debug_info: true,
    local_scope: true,
    elide_elements_above: None,
};

/// An operation name and a file location with a backslash, a double quote,
/// a tab and a newline: MLIR's `printEscapedString` writes `\\`, `\22` and
/// the hexadecimal escapes `\09` and `\0A`. The expected texts are
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic
/// --mlir-print-debuginfo`, with and without `--mlir-print-local-scope`.
#[test]
fn names_and_file_locations_are_escaped_as_mlir_escapes_them() {
    let input = "\"foo.a\\\\b\\22c\\09d\"() : () -> () loc(\"f\\\\i\\22l\\0Ae\":1:2)\n";
    assert_eq!(
        print(input, "esc.mlir", DEBUG),
        "\"builtin.module\"() ({\n  \"foo.a\\\\b\\22c\\09d\"() : () -> () loc(#loc1)\n}) : () -> () loc(#loc)\n#loc = loc(\"esc.mlir\":0:0)\n#loc1 = loc(\"f\\\\i\\22l\\0Ae\":1:2)\n\n"
    );
    assert_eq!(
        print(input, "esc.mlir", DEBUG_LOCAL),
        "\"builtin.module\"() ({\n  \"foo.a\\\\b\\22c\\09d\"() : () -> () loc(\"f\\\\i\\22l\\0Ae\":1:2)\n}) : () -> () loc(\"esc.mlir\":0:0)\n"
    );
}

/// A tuple gets MLIR's `!tuple` alias only above 16 elements: one of
/// exactly 16 prints in place. The expected text is `mlir-opt-19
/// --allow-unregistered-dialect --mlir-print-op-generic`.
#[test]
fn only_a_tuple_of_more_than_sixteen_elements_is_aliased() {
    let input = "\"test.t\"() : () -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>\n\"test.u\"() : () -> tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i2>\n";
    assert_eq!(
        print(input, "tup.mlir", PrintOptions::default()),
        "!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i2>\n\"builtin.module\"() ({\n  %0 = \"test.t\"() : () -> tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>\n  %1 = \"test.u\"() : () -> !tuple\n}) : () -> ()\n\n"
    );
}

/// The parallel printer cuts the module's body into runs by the number of
/// threads of its pool; on pools of one to three threads (fewer than the
/// four of the other tests) it prints what the sequential printer prints.
/// The expected text is `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic`.
#[test]
fn the_parallel_printer_works_on_small_pools() {
    let mut input = String::new();
    let mut expected = String::from("\"builtin.module\"() ({\n");
    for i in 0..10 {
        input.push_str(&format!(
            "%{i} = \"t.op\"() {{v = {i} : i64}} : () -> i32\n"
        ));
        expected.push_str(&format!(
            "  %{i} = \"t.op\"() {{v = {i} : i64}} : () -> i32\n"
        ));
    }
    expected.push_str("}) : () -> ()\n\n");
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("par.mlir")
        .parse(&ctx, &input)
        .unwrap();
    assert_eq!(print_module(&module, PrintOptions::default()), expected);
    for threads in 1..=3 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let printed = pool.install(|| print_module_parallel(&module, PrintOptions::default()));
        assert_eq!(printed, expected, "{threads} threads");
    }
}

/// `Module::results` gives every result of an operation: three for the
/// `%0:3` of the first operation and two for the `%1:2` of the second, in
/// order, the ones the operands `%0#2`, `%0#0` and `%1#1` name.
/// The expected text is `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic`: the three operations unchanged, in the module.
#[test]
fn results_are_every_result_of_an_operation() {
    let input = "%0:3 = \"t.a\"() : () -> (i1, i2, i3)\n%1:2 = \"t.b\"() : () -> (i4, i5)\n\"t.c\"(%0#2, %0#0, %1#1) : (i3, i1, i5) -> ()\n";
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("r.mlir")
        .parse(&ctx, input)
        .unwrap();
    let mut ops = Vec::new();
    module.walk(|_, id| ops.push(id));
    // The walk gives the root, then `t.a`, `t.b` and `t.c`.
    assert_eq!(ops.len(), 4);
    let body = module.root_body();
    let types = |id| -> Vec<String> {
        body.op(id)
            .results()
            .iter()
            .map(|&v| body.value_type(v).to_string())
            .collect()
    };
    assert_eq!(types(ops[1]), ["i1", "i2", "i3"]);
    assert_eq!(types(ops[2]), ["i4", "i5"]);
    let a = body.op(ops[1]).results();
    let b = body.op(ops[2]).results();
    let operands: Vec<_> = body.op(ops[3]).operands().collect();
    assert_eq!(operands, [a[2], a[0], b[1]]);
    let expected = "\"builtin.module\"() ({\n  %0:3 = \"t.a\"() : () -> (i1, i2, i3)\n  %1:2 = \"t.b\"() : () -> (i4, i5)\n  \"t.c\"(%0#2, %0#0, %1#1) : (i3, i1, i5) -> ()\n}) : () -> ()\n\n";
    assert_eq!(print_module(&module, PrintOptions::default()), expected);
}
