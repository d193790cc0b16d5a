//! Locations used as attribute values and attribute aliases, on small
//! inputs, printed as `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-op-generic [--mlir-print-debuginfo]
//! [--mlir-print-local-scope]` prints them (the expected texts are its
//! output on the inputs below, saved as `locattr.mlir` and `distinct.mlir`).
//!
//! In MLIR a location is an attribute: a location alias can be an
//! attribute's value (`{x = #loc1}`), shares one `#locN` alias with the
//! location, and a fused location's metadata is visited for aliases before
//! its locations. An attribute alias is one attribute at every use, which a
//! distinct attribute makes visible.

mod common;

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

const LOCATIONS: &str = r#"#loc = loc("a.mlir":1:2)
#loc1 = loc(callsite("f" at #loc))
"test.op"() {x = #loc1, y = [#loc, loc("b.mlir":3:4)]} : () -> () loc(#loc)
"test.op"() {m = loc(fused<affine_map<(d0) -> (d0 + 1)>>["c.mlir":5:6, "d.mlir":7:8])} : () -> ()
"test.attr_with_loc"() <{loc = loc("p"), value = "foo"}> : () -> ()
"#;

const DISTINCT: &str = r#"#d = distinct[7]<42 : i32>
#arr = [#d, #d]
"test.op"() {a = #d} : () -> ()
"test.op"() {a = #d, b = #arr} : () -> ()
"test.op"() {a = distinct[9]<42 : i32>} : () -> ()
"#;

fn check(input: &str, file: &str, debug_info: bool, local_scope: bool, expected: &str) {
    let options = PrintOptions {
        debug_info,
        local_scope,
        elide_elements_above: None,
    };
    let ctx = Context::new();
    let module = ParseConfig::new()
        .syntax(&common::syntax())
        .name(file)
        .parallel(true)
        .parse(&ctx, input)
        .unwrap();
    assert_eq!(print_module(&module, options), expected);
    let local = Context::single_threaded();
    let module = ParseConfig::new()
        .syntax(&common::syntax())
        .name(file)
        .parse(&local, input)
        .unwrap();
    assert_eq!(print_module(&module, options), expected);
}

#[test]
fn locations_as_attributes_plain() {
    check(
        LOCATIONS,
        "locattr.mlir",
        false,
        false,
        r#"#loc = loc("f")
#loc1 = loc("a.mlir":1:2)
#loc2 = loc("b.mlir":3:4)
#loc3 = loc("c.mlir":5:6)
#loc4 = loc("d.mlir":7:8)
#loc5 = loc("p")
#map = affine_map<(d0) -> (d0 + 1)>
#loc6 = loc(callsite(#loc at #loc1))
#loc7 = loc(fused<#map>[#loc3, #loc4])
"builtin.module"() ({
  "test.op"() {x = #loc6, y = [#loc1, #loc2]} : () -> ()
  "test.op"() {m = #loc7} : () -> ()
  "test.attr_with_loc"() <{loc = #loc5, value = "foo"}> : () -> ()
}) : () -> ()

"#,
    );
}

#[test]
fn locations_as_attributes_debuginfo() {
    check(
        LOCATIONS,
        "locattr.mlir",
        true,
        false,
        r#"#loc1 = loc("a.mlir":1:2)
#loc2 = loc("f")
#loc3 = loc("b.mlir":3:4)
#loc5 = loc("c.mlir":5:6)
#loc6 = loc("d.mlir":7:8)
#loc8 = loc("p")
#map = affine_map<(d0) -> (d0 + 1)>
#loc9 = loc(callsite(#loc2 at #loc1))
#loc10 = loc(fused<#map>[#loc5, #loc6])
"builtin.module"() ({
  "test.op"() {x = #loc9, y = [#loc1, #loc3]} : () -> () loc(#loc1)
  "test.op"() {m = #loc10} : () -> () loc(#loc4)
  "test.attr_with_loc"() <{loc = #loc8, value = "foo"}> : () -> () loc(#loc7)
}) : () -> () loc(#loc)
#loc = loc("locattr.mlir":0:0)
#loc4 = loc("locattr.mlir":4:1)
#loc7 = loc("locattr.mlir":5:1)

"#,
    );
}

#[test]
fn locations_as_attributes_local_scope() {
    check(
        LOCATIONS,
        "locattr.mlir",
        false,
        true,
        r#""builtin.module"() ({
  "test.op"() {x = loc(callsite("f" at "a.mlir":1:2)), y = [loc("a.mlir":1:2), loc("b.mlir":3:4)]} : () -> ()
  "test.op"() {m = loc(fused<affine_map<(d0) -> (d0 + 1)>>["c.mlir":5:6, "d.mlir":7:8])} : () -> ()
  "test.attr_with_loc"() <{loc = loc("p"), value = "foo"}> : () -> ()
}) : () -> ()
"#,
    );
}

#[test]
fn locations_as_attributes_debuginfo_local_scope() {
    check(
        LOCATIONS,
        "locattr.mlir",
        true,
        true,
        r#""builtin.module"() ({
  "test.op"() {x = loc(callsite("f" at "a.mlir":1:2)), y = [loc("a.mlir":1:2), loc("b.mlir":3:4)]} : () -> () loc("a.mlir":1:2)
  "test.op"() {m = loc(fused<affine_map<(d0) -> (d0 + 1)>>["c.mlir":5:6, "d.mlir":7:8])} : () -> () loc("locattr.mlir":4:1)
  "test.attr_with_loc"() <{loc = loc("p"), value = "foo"}> : () -> () loc("locattr.mlir":5:1)
}) : () -> () loc("locattr.mlir":0:0)
"#,
    );
}

#[test]
fn distinct_alias_is_one_attribute() {
    check(
        DISTINCT,
        "distinct.mlir",
        false,
        false,
        r#"#distinct = distinct[0]<42 : i32>
#distinct1 = distinct[1]<42 : i32>
"builtin.module"() ({
  "test.op"() {a = #distinct} : () -> ()
  "test.op"() {a = #distinct, b = [#distinct, #distinct]} : () -> ()
  "test.op"() {a = #distinct1} : () -> ()
}) : () -> ()

"#,
    );
}

#[test]
fn distinct_alias_is_one_attribute_local_scope() {
    check(
        DISTINCT,
        "distinct.mlir",
        false,
        true,
        r#""builtin.module"() ({
  "test.op"() {a = distinct[0]<42 : i32>} : () -> ()
  "test.op"() {a = distinct[0]<42 : i32>, b = [distinct[0]<42 : i32>, distinct[0]<42 : i32>]} : () -> ()
  "test.op"() {a = distinct[1]<42 : i32>} : () -> ()
}) : () -> ()
"#,
    );
}

/// `distinct[N]` written inline in several top-level operations (and in a
/// module's body, and beside an alias of the same id): one attribute per id
/// in the whole file, as MLIR's parser keeps one table per file. The
/// expected texts are `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic` on these inputs.
#[test]
fn inline_distinct_ids_name_one_attribute_across_top_level_operations() {
    check(
        "\"test.op\"() {a = distinct[0]<42 : i32>} : () -> ()\n\
         \"test.op\"() {b = distinct[0]<42 : i32>} : () -> ()\n",
        "inline.mlir",
        false,
        false,
        r#"#distinct = distinct[0]<42 : i32>
"builtin.module"() ({
  "test.op"() {a = #distinct} : () -> ()
  "test.op"() {b = #distinct} : () -> ()
}) : () -> ()

"#,
    );
    check(
        r#"#d = distinct[0]<1 : i32>
"builtin.module"() ({
  "test.op"() {a = distinct[0]<1 : i32>, c = #d} : () -> ()
  "test.op"() {b = distinct[1]<2 : i32>} : () -> ()
  "test.op"() {b = distinct[1]<2 : i32>, e = distinct[7]<unit>} : () -> ()
}) : () -> ()
"#,
        "inline_module.mlir",
        false,
        false,
        r#"#distinct = distinct[0]<1 : i32>
#distinct1 = distinct[1]<2 : i32>
"builtin.module"() ({
  "test.op"() {a = #distinct, c = #distinct} : () -> ()
  "test.op"() {b = #distinct1} : () -> ()
  "test.op"() {b = #distinct1, e = distinct[2]<>} : () -> ()
}) : () -> ()

"#,
    );
}

/// One id with two referenced attributes in two top-level operations: the
/// error MLIR gives, at the later occurrence (`mlir-opt-19`:
/// `2:18: error: referenced attribute does not match previous definition:
/// 42 : i32`), whichever parser runs.
#[test]
fn inline_distinct_id_mismatch_across_operations_is_reported_at_the_later_one() {
    let input = "\"test.op\"() {a = distinct[0]<42 : i32>} : () -> ()\n\
                 \"test.op\"() {b = distinct[0]<43 : i32>} : () -> ()\n";
    let later = input.rfind("distinct[0]").unwrap();
    let ctx = Context::new();
    let e = ParseConfig::new()
        .syntax(&common::syntax())
        .name("m.mlir")
        .parallel(true)
        .parse(&ctx, input)
        .unwrap_err();
    assert_eq!(
        e.message(),
        "referenced attribute does not match previous definition: 42 : i32"
    );
    assert_eq!(e.span().start, later);
    let local = Context::single_threaded();
    let e = ParseConfig::new()
        .syntax(&common::syntax())
        .name("m.mlir")
        .parse(&local, input)
        .unwrap_err();
    assert_eq!(e.span().start, later);
}

/// `test.compare` is registered in `mlir-opt-19` (MLIR 19's
/// `Dialect/Affine/value-bounds-op-interface-impl.mlir` uses it), so its
/// properties are visited for aliases: a map used only there is `#map`
/// (the expected text is `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic` on this input).
#[test]
fn a_registered_test_operations_properties_are_visited_for_aliases() {
    check(
        r#""builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    %0 = "arith.constant"() <{value = 5 : index}> : () -> index
    "test.compare"(%0) <{cmp = "GT", rhs_map = affine_map<() -> (4)>}> : (index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#,
        "compare.mlir",
        false,
        false,
        r#"#map = affine_map<() -> (4)>
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    %0 = "arith.constant"() <{value = 5 : index}> : () -> index
    "test.compare"(%0) <{cmp = "GT", rhs_map = #map}> : (index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

"#,
    );
}
