//! What `cargo mutants` found unchecked in the new code of the custom
//! forms: the split of a custom `builtin.module` into units (`parse.rs`)
//! and the messages for custom operation names (strata-syntax's
//! `src/asm.rs`). Each test pins a behaviour that a surviving mutant
//! changed, against what
//! `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic`
//! prints or reports for the same input.

mod common;

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

/// A file that is one custom module whose `attributes` dictionary nests
/// dictionaries is still cut into units, one per operation of its body:
/// the split skips the dictionary to its own closing brace, counting the
/// inner braces. With the `LBrace` arm of that count deleted, or its
/// `depth += 1` made `-= 1` or `*= 1` (three mutants of
/// `split_custom_module`), the split stopped at an inner brace, gave up,
/// and the module was parsed as one unit; the print is the same either
/// way, so only the count of units tells. The expected text is
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic`.
#[test]
fn a_custom_module_with_nested_attribute_dictionaries_is_cut_into_units() {
    let text = "module attributes {t.a = {b = {c}}} {\n  \"t.x\"() : () -> ()\n  \"t.y\"() : () -> ()\n}\n";
    let ctx = Context::new();
    let module = ParseConfig::new()
        .name("nested.mlir")
        .parallel(true)
        .parse(&ctx, text)
        .unwrap();
    assert_eq!(
        print_module(&module, PrintOptions::default()),
        "\"builtin.module\"() ({\n  \"t.x\"() : () -> ()\n  \"t.y\"() : () -> ()\n}) {t.a = {b = {c}}} : () -> ()\n\n"
    );
    // The module's own unit, then one per operation of its body.
    let (_, stats) = strata_module::ParseConfig::new()
        .name("nested.mlir")
        .parallel(true)
        .parse_with_stats(&ctx, text);
    assert_eq!(stats.units, 3);
}

/// An operation the default or named dialect has but strata has no custom
/// parser for (`func.call`, and `func.return` in this test's registry) is
/// refused with strata's own message, at
/// its name, and never as a missing dialect: `mlir-opt-19` knows the
/// dialect and parses the operation (for the lone `func.call` its verifier
/// then reports that `@f` is no function). The builtin dialect's
/// `unrealized_conversion_cast` has its custom form and parses. With the `&&` of `known.is_none() &&
/// self.shared.syntax.resource_section(dialect).is_none()` made `||` (a
/// mutant of `parse_custom_operation`), `func.call` was "Dialect `func'
/// not found for custom op 'func.call' ".
#[test]
fn a_known_operation_without_a_custom_parser_is_not_a_missing_dialect() {
    let ctx = Context::new();
    let ops = common::shared_ops();
    let cast = "%0 = builtin.unrealized_conversion_cast to i32\n";
    assert!(ParseConfig::new().ops(&ops).parse(&ctx, cast).is_ok());
    for (text, name) in [
        ("func.call @f() : () -> ()\n", "func.call"),
        // Defined here, without a custom form.
        ("func.return\n", "func.return"),
    ] {
        let ctx = Context::new();
        let ops = common::shared_ops();
        let e = ParseConfig::new()
            .ops(&ops)
            .name("known.mlir")
            .parse(&ctx, text)
            .unwrap_err();
        assert_eq!(
            e.message(),
            format!(
                "custom operation syntax ('{name}') is not supported: strata-opt reads the generic form (mlir-opt --mlir-print-op-generic)"
            ),
            "for {text:?}"
        );
        assert_eq!(e.span().start, text.find(name).unwrap(), "for {text:?}");
    }
}
