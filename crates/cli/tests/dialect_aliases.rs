//! The aliases MLIR's test dialect names (`OpAsmDialectInterface::getAlias`),
//! sanitized and numbered as MLIR 19's `AsmPrinter` does, with strata-opt's
//! model of that dialect (`strata_cli::syntax`). The expected text is
//! `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic`'s
//! output (it has MLIR's test dialect compiled in). strata-module's
//! `tests/dialect_aliases.rs` checks the sanitizing itself and the same
//! input without the test dialect.

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

/// Conflicts across types and attributes, and with the builtin `#map`
/// (strata-module's test data, which its own test parses without the test
/// dialect).
const CONFLICTS_IN: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../module/tests/data/alias-conflicts.mlir"
));

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
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let syntax = strata_cli::syntax();
    let m = ParseConfig::new()
        .syntax(&syntax)
        .ops(&ops)
        .name("in.mlir")
        .parse(&ctx, CONFLICTS_IN)
        .unwrap();
    assert_eq!(print_module(&m, PrintOptions::default()), CONFLICTS_OUT);
    // And its own output is a fixed point.
    let again = ParseConfig::new()
        .syntax(&syntax)
        .ops(&ops)
        .name("out.mlir")
        .parse(&ctx, CONFLICTS_OUT)
        .unwrap();
    assert_eq!(print_module(&again, PrintOptions::default()), CONFLICTS_OUT);
}
