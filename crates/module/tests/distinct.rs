//! Distinct attributes are numbered by the printing that prints them, in
//! the order it meets them, never by how many the context made: a file
//! that defines two distinct attributes it never uses and prints a third
//! prints that one as `distinct[0]`. The expected text is `mlir-opt-19
//! --allow-unregistered-dialect --mlir-print-op-generic
//! [--mlir-print-local-scope]` of the inputs below.

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

const UNUSED: &str = "#d0 = distinct[0]<1 : i64>\n#d1 = distinct[1]<2 : i64>\n\
    \"x.op\"() {c = distinct[2]<3 : i64>} : () -> ()\n";

const USED: &str = "#d0 = distinct[0]<1 : i64>\n#d1 = distinct[1]<2 : i64>\n\
    \"x.op\"() {c = distinct[2]<3 : i64>, e = [#d1, distinct[2]<3 : i64>]} : () -> ()\n";

fn local() -> PrintOptions {
    PrintOptions {
        local_scope: true,
        ..PrintOptions::default()
    }
}

#[test]
fn the_third_distinct_attribute_printed_alone_is_distinct_0() {
    let ctx = Context::new();
    let m = ParseConfig::new()
        .name("e.mlir")
        .parse(&ctx, UNUSED)
        .unwrap();
    assert_eq!(
        print_module(&m, local()),
        "\"builtin.module\"() ({\n  \"x.op\"() {c = distinct[0]<3 : i64>} : () -> ()\n}) : () -> ()\n"
    );
    assert_eq!(
        print_module(&m, PrintOptions::default()),
        "#distinct = distinct[0]<3 : i64>\n\"builtin.module\"() ({\n  \"x.op\"() {c = #distinct} : () -> ()\n}) : () -> ()\n\n"
    );
}

#[test]
fn distinct_attributes_are_numbered_in_print_order() {
    let ctx = Context::new();
    let m = ParseConfig::new()
        .name("f.mlir")
        .parallel(true)
        .parse(&ctx, USED)
        .unwrap();
    assert_eq!(
        print_module(&m, local()),
        "\"builtin.module\"() ({\n  \"x.op\"() {c = distinct[0]<3 : i64>, e = [distinct[1]<2 : i64>, distinct[0]<3 : i64>]} : () -> ()\n}) : () -> ()\n"
    );
    assert_eq!(
        print_module(&m, PrintOptions::default()),
        "#distinct = distinct[0]<3 : i64>\n#distinct1 = distinct[1]<2 : i64>\n\"builtin.module\"() ({\n  \"x.op\"() {c = #distinct, e = [#distinct1, #distinct]} : () -> ()\n}) : () -> ()\n\n"
    );
}
