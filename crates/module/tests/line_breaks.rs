//! An operation or alias written over several lines where a bracket does
//! not hold the lines together: after `=`, `,`, `:`, `<` or `->` the next
//! line continues the item, at the top level and inside a region alike, as
//! in MLIR (whose parser reads tokens, not lines). The expected text is
//! `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic`'s.

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

const BODY: &str = r#""foo.op"() : () ->
  i32
%0 =
  "foo.op"() : () -> i32
%1:
2 = "foo.op"() : () -> (i32, i32)
"foo.op"() : () -> memref<4x?xf32,
  strided<[1, ?], offset: ?>>
"foo.op"() {a = 1} : () -> () // a trailing comment ending in =
"foo.op"() : () -> ()
"#;

const EXPECTED: &str = r#""builtin.module"() ({
  %0 = "foo.op"() : () -> i32
  %1 = "foo.op"() : () -> i32
  %2:2 = "foo.op"() : () -> (i32, i32)
  %3 = "foo.op"() : () -> memref<4x?xf32, strided<[1, ?], offset: ?>>
  "foo.op"() {a = 1 : i64} : () -> ()
  "foo.op"() : () -> ()
}) : () -> ()

"#;

fn printed(text: &str) -> (String, String) {
    let ctx = Context::new();
    let seq = print_module(
        &ParseConfig::new()
            .name("in.mlir")
            .parse(&ctx, text)
            .unwrap(),
        PrintOptions::default(),
    );
    let par = print_module(
        &ParseConfig::new()
            .name("in.mlir")
            .parallel(true)
            .parse(&ctx, text)
            .unwrap(),
        PrintOptions::default(),
    );
    (seq, par)
}

#[test]
fn top_level_items_continue_after_an_open_token() {
    let (seq, par) = printed(BODY);
    assert_eq!(seq, EXPECTED);
    assert_eq!(par, EXPECTED);
}

#[test]
fn the_items_of_a_module_body_continue_the_same_way() {
    let text = format!("\"builtin.module\"() ({{\n{BODY}}}) : () -> ()\n");
    let (seq, par) = printed(&text);
    assert_eq!(seq, EXPECTED);
    assert_eq!(par, EXPECTED);
}

#[test]
fn an_alias_definition_continues_after_its_equal_sign() {
    let text = "#a =\n  [1,\n  2]\n!t = tensor<\n  4xf32>\n\"foo.op\"() {a = #a} : () -> !t\n";
    let (seq, par) = printed(text);
    let expected = "\"builtin.module\"() ({\n  %0 = \"foo.op\"() {a = [1, 2]} : () -> tensor<4xf32>\n}) : () -> ()\n\n";
    assert_eq!(seq, expected);
    assert_eq!(par, expected);
}
