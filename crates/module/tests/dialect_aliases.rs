//! Dialect aliases (MLIR's `OpAsmDialectInterface::getAlias`): the names a
//! dialect gives are sanitized and numbered as MLIR 19's `AsmPrinter` does.
//! The expected texts are `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-op-generic`'s output (it has MLIR's test dialect compiled
//! in; strata-opt registers a model of it, `strata_cli::syntax`).

use std::hash::BuildHasher;

use strata_builtin::TupleType;
use strata_ctx::{Attribute, Context, Dialect, Policy, Registry, Type};
use strata_module::{PrintOptions, parse_module_with, print_module, sanitize_alias};
use strata_syntax::{AsmAlias, DialectSyntax, ParseError, Parser, Syntax};

#[test]
fn alias_names_are_sanitized_as_mlir_19_does() {
    for (name, expected) in [
        // The test dialect's names, as mlir-opt-19 prints them.
        ("test.alias", "test2Ealias"),
        ("test_alias0", "test_alias0_"),
        ("0_test_alias", "_0_test_alias"),
        ("%test", "_25test"),
        ("test_alias_conflict0", "test_alias_conflict0_"),
        ("test_alias_conflict0_", "test_alias_conflict0_"),
        ("test_ui8", "test_ui8_"),
        ("x.y9", "x2Ey9_"),
        // The rules those follow: a space is `_`, other bytes their
        // hexadecimal value (no leading zero); `$` and `-` are kept.
        ("a b", "a_b"),
        ("a\tb", "a9b"),
        ("$x-y", "$x-y"),
        ("map", "map"),
        ("9", "_9"),
        (" a", "_a"),
    ] {
        assert_eq!(sanitize_alias(name).as_deref(), Some(expected), "{name:?}");
    }
    assert_eq!(sanitize_alias(""), None);
}

/// Conflicts across types and attributes, and with the builtin `#map`.
const CONFLICTS_IN: &str = r#""test.op"() {a = "alias_test:sanitize_conflict_b", b = "alias_test:sanitize_conflict_a", c = "alias_test:trailing_digit"} : () -> ()
"test.op"() : () -> (!test.test_rec_alias<test_alias_conflict0_, i32>, !test.test_rec_alias<test_alias0_, i32>, !test.test_rec_alias<x.y9, i32>, !test.test_rec_alias<map, i32>)
"test.op"() {m = affine_map<(d0) -> (d0)>, n = [{"alias_test:dot_in_name" = 1 : i32}]} : () -> ()
"#;

/// mlir-opt-19's output for [`CONFLICTS_IN`]: types first, then by name;
/// one count per name across types and attributes; a dictionary key gets
/// an alias definition but prints in place.
const CONFLICTS_OUT: &str = r#"!map = !test.test_rec_alias<map, i32>
!test_alias0_ = !test.test_rec_alias<test_alias0_, i32>
!test_alias_conflict0_ = !test.test_rec_alias<test_alias_conflict0_, i32>
!x2Ey9_ = !test.test_rec_alias<x.y9, i32>
#map1 = affine_map<(d0) -> (d0)>
#test2Ealias = "alias_test:dot_in_name"
#test_alias0_1 = "alias_test:trailing_digit"
#test_alias_conflict0_1 = "alias_test:sanitize_conflict_b"
#test_alias_conflict0_2 = "alias_test:sanitize_conflict_a"
"builtin.module"() ({
  "test.op"() {a = #test_alias_conflict0_1, b = #test_alias_conflict0_2, c = #test_alias0_1} : () -> ()
  %0:4 = "test.op"() : () -> (!test_alias_conflict0_, !test_alias0_, !x2Ey9_, !map)
  "test.op"() {m = #map1, n = [{"alias_test:dot_in_name" = 1 : i32}]} : () -> ()
}) : () -> ()

"#;

#[test]
fn conflicts_are_numbered_as_mlir_19_numbers_them() {
    let ctx = Context::new();
    let syntax = strata_cli::syntax();
    let m = parse_module_with(&ctx, &syntax, CONFLICTS_IN, "in.mlir").unwrap();
    assert_eq!(print_module(&m, PrintOptions::default()), CONFLICTS_OUT);
    // And its own output is a fixed point.
    let again = parse_module_with(&ctx, &syntax, CONFLICTS_OUT, "out.mlir").unwrap();
    assert_eq!(print_module(&again, PrintOptions::default()), CONFLICTS_OUT);
}

#[test]
fn without_the_test_dialect_nothing_is_aliased_but_builtins() {
    let ctx = Context::new();
    let m = strata_module::parse_module(&ctx, CONFLICTS_IN, "in.mlir").unwrap();
    let printed = print_module(&m, PrintOptions::default());
    assert!(printed.starts_with("#map = affine_map<(d0) -> (d0)>\n\"builtin.module\""));
}

/// A dialect that names aliases: an overridable one for every tuple (the
/// builtin dialect names large tuples `tuple`, overridably too) and a final
/// one for the opaque type `!other.seven`.
struct Names;

impl Dialect for Names {
    const NAMESPACE: &'static str = "names";
    fn register(_: &mut Registry<'_>) {}
}

impl DialectSyntax for Names {
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        _: &str,
    ) -> Result<Type<'c>, ParseError> {
        Err(p.error("no types"))
    }

    fn type_alias(ty: Type<'_>) -> Option<AsmAlias> {
        if ty.isa::<TupleType>() {
            return Some(AsmAlias::Overridable("tup le".into()));
        }
        (ty.to_string() == "!other.seven").then(|| AsmAlias::Final("seven".into()))
    }

    fn attribute_alias(_: Attribute<'_>) -> Option<AsmAlias> {
        None
    }
}

#[test]
fn a_later_dialect_overrides_an_overridable_alias() {
    let ctx = Context::new();
    let mut syntax = Syntax::new();
    syntax.register::<Names>();
    let big = vec!["i1"; 17].join(", ");
    let text = format!("\"x.op\"() : () -> (tuple<{big}>, tuple<i2>, !other.seven)\n");
    let m = parse_module_with(&ctx, &syntax, &text, "in.mlir").unwrap();
    let printed = print_module(&m, PrintOptions::default());
    let expected = format!(
        "!seven = !other.seven\n!tup_le = tuple<{big}>\n!tup_le1 = tuple<i2>\n\"builtin.module\"() ({{\n  %0:3 = \"x.op\"() : () -> (!tup_le, !tup_le1, !seven)\n}}) : () -> ()\n\n"
    );
    assert_eq!(printed, expected);
}
