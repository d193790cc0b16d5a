//! Dialect aliases (MLIR's `OpAsmDialectInterface::getAlias`): the names a
//! dialect gives are sanitized and numbered as MLIR 19's `AsmPrinter` does.
//! The expected texts are `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-op-generic`'s output. The names MLIR's test dialect gives
//! (`mlir-opt-19` has it compiled in; strata-opt registers a model of it,
//! `strata_cli::syntax`) are numbered in strata-cli's
//! `tests/dialect_aliases.rs`.

use std::hash::BuildHasher;

use strata_builtin::{AsmAlias, DialectAsm, TupleType};
use strata_ctx::{Attribute, Context, Dialect, Policy, Registry, Type};
use strata_module::{ParseConfig, PrintOptions, print_module, sanitize_alias};
use strata_syntax::{DialectSyntax, ParseError, Parser, Syntax};

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

/// Conflicts across types and attributes, and with the builtin `#map`
/// (the test dialect's aliases: `conflicts_are_numbered_as_mlir_19_numbers_them`
/// in strata-cli's `tests/dialect_aliases.rs` prints them).
const CONFLICTS_IN: &str = include_str!("data/alias-conflicts.mlir");

#[test]
fn without_the_test_dialect_nothing_is_aliased_but_builtins() {
    let ctx = Context::new();
    let m = strata_module::ParseConfig::new()
        .name("in.mlir")
        .parse(&ctx, CONFLICTS_IN)
        .unwrap();
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

impl DialectAsm for Names {
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

impl DialectSyntax for Names {
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        _: &str,
    ) -> Result<Type<'c>, ParseError> {
        Err(p.error("no types"))
    }
}

#[test]
fn a_later_dialect_overrides_an_overridable_alias() {
    let ctx = Context::new();
    let mut syntax = Syntax::new();
    syntax.register::<Names>();
    let big = vec!["i1"; 17].join(", ");
    let text = format!("\"x.op\"() : () -> (tuple<{big}>, tuple<i2>, !other.seven)\n");
    let m = ParseConfig::new()
        .syntax(&syntax)
        .name("in.mlir")
        .parse(&ctx, &text)
        .unwrap();
    let printed = print_module(&m, PrintOptions::default());
    let expected = format!(
        "!seven = !other.seven\n!tup_le = tuple<{big}>\n!tup_le1 = tuple<i2>\n\"builtin.module\"() ({{\n  %0:3 = \"x.op\"() : () -> (!tup_le, !tup_le1, !seven)\n}}) : () -> ()\n\n"
    );
    assert_eq!(printed, expected);
}
