//! strata-module's parallel printer with strata-opt's dialects
//! (`strata_cli::syntax`): their alias hooks name the same aliases in the
//! parallel alias pass as in the sequential one. strata-module's
//! `tests/parallel.rs` checks the parallel parse and printer without them.

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module, print_module_parallel};

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

/// `text` parsed with strata-opt's dialects (their types parse, and their
/// alias hooks name aliases) and printed by the sequential printer, after
/// checking that the parallel printer (4 threads) prints the same.
fn printed_both_ways(text: &str, options: PrintOptions) -> String {
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let parsed = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("t.mlir")
        .parse(&ctx, text)
        .unwrap();
    let sequential = print_module(&parsed, options);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let parallel = pool.install(|| print_module_parallel(&parsed, options));
    assert_eq!(head(&sequential), head(&parallel));
    assert!(sequential == parallel, "the parallel printer differs");
    sequential
}

/// The text before the root operation (the aliases MLIR cannot defer).
fn head(printed: &str) -> &str {
    &printed[..printed.find("\"builtin.module\"").unwrap()]
}

/// A dialect's alias hook names the aliases of values met in every run of
/// the parallel alias pass, as in the sequential one (the test dialect's
/// model in strata-opt's registration: `!x2Ey9_` is mlir-opt-19's alias of
/// `!test.test_rec_alias<x.y9, i32>`, `#test2Ealias` that of the string
/// `"alias_test:dot_in_name"`).
#[test]
fn dialect_alias_hooks_name_aliases_in_every_run() {
    let last = "\"test.op\"() {a = \"alias_test:dot_in_name\"} : () -> (!test.test_rec_alias<x.y9, i32>)\n";
    let printed = printed_both_ways(&many_ops("", last, 400), PrintOptions::default());
    assert_eq!(
        head(&printed),
        "!x2Ey9_ = !test.test_rec_alias<x.y9, i32>\n#test2Ealias = \"alias_test:dot_in_name\"\n"
    );
    assert!(printed.contains("{a = #test2Ealias} : () -> !x2Ey9_"));
}
