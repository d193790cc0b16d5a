//! Alias tables and sparse index layouts, each against what `mlir-opt-19`
//! does on the same text.

use strata_builtin::prelude::*;
use strata_ctx::Context;
use strata_syntax::{Aliases, Parser, parse_attribute};

/// `mlir-opt-19` keeps one-dimensional sparse indices (`[0, 1]`, allowed for
/// a rank-1 type) and `N x 1` indices (`[[0], [1]]`) as two attributes and
/// prints each as written; a single index prints as the splat `0` either
/// way, so `sparse<[0], [-1]>` and its print `sparse<0, -1>` are two
/// attributes with one print.
#[test]
fn sparse_indices_keep_their_layout_as_in_mlir() {
    let ctx = Context::new();
    let flat = parse_attribute(&ctx, "sparse<[0, 1], [-1, 2]> : tensor<4xi64>").unwrap();
    let nested = parse_attribute(&ctx, "sparse<[[0], [1]], [-1, 2]> : tensor<4xi64>").unwrap();
    assert_eq!(flat.to_string(), "sparse<[0, 1], [-1, 2]> : tensor<4xi64>");
    assert_eq!(
        nested.to_string(),
        "sparse<[[0], [1]], [-1, 2]> : tensor<4xi64>"
    );
    assert_ne!(flat, nested);
    let one = parse_attribute(&ctx, "sparse<[0], [-1]> : tensor<1xi64>").unwrap();
    let print = one.to_string();
    assert_eq!(print, "sparse<0, -1> : tensor<1xi64>");
    let again = parse_attribute(&ctx, &print).unwrap();
    assert_ne!(one, again);
    assert_eq!(
        again,
        parse_attribute(&ctx, "sparse<[[0]], [-1]> : tensor<1xi64>").unwrap()
    );
    // mlir-opt-19: "expected shape ([2, 2]); inferred shape of indices
    // literal ([2]); ...": one-dimensional indices need a rank-1 type.
    let e = parse_attribute(&ctx, "sparse<[0, 1], [-1]> : tensor<2x2xi64>").unwrap_err();
    assert!(e.message().starts_with("expected shape"), "{}", e.message());
}

/// A use of an alias is the handle of its definition: the same distinct
/// attribute at every use (`mlir-opt-19` prints `[#distinct, #distinct]`
/// for `#d = distinct[7]<42 : i32>` used twice), a type alias where a type
/// is, and a location alias as a location or as the location attribute.
#[test]
fn alias_uses_are_the_defined_handles() {
    let ctx = Context::new();
    let d = ctx.distinct_attr(parse_attribute(&ctx, "42 : i32").unwrap());
    let loc = ctx.file_loc("a.mlir", 1, 2);
    let mut aliases = Aliases::new();
    aliases.define_attribute("d", d.into()).unwrap();
    aliases.define_type("t", ctx.i32().into()).unwrap();
    aliases.define_location("loc1", loc.into()).unwrap();
    assert_eq!(
        aliases.define_location("d", loc.into()).unwrap_err(),
        "redefinition of attribute alias id 'd'"
    );

    let mut p = Parser::new(&ctx, "[#d, #d, #loc1, !t]", None).with_aliases(&aliases);
    let a = p.parse_attribute().unwrap();
    p.finish().unwrap();
    let printed = a.to_string();
    assert_eq!(
        printed,
        r#"[distinct[0]<42 : i32>, distinct[0]<42 : i32>, loc("a.mlir":1:2), i32]"#
    );
    let expected = ctx.array_attr(&[
        d.into(),
        d.into(),
        ctx.location_attr(loc).into(),
        ctx.type_attr(ctx.i32()).into(),
    ]);
    assert_eq!(a, expected.into());

    let mut p = Parser::new(&ctx, "loc(fused[#loc1, \"b\":3:4])", None).with_aliases(&aliases);
    let l = p.parse_location().unwrap();
    assert_eq!(l.to_string(), r#"loc(fused["a.mlir":1:2, "b":3:4])"#);

    // Without the table an alias is MLIR's error.
    let mut p = Parser::new(&ctx, "#d", None);
    assert_eq!(
        p.parse_attribute().unwrap_err().message(),
        "undefined symbol alias id 'd'"
    );
}

/// Inside one parse a distinct id names one attribute, as inside one file
/// in MLIR: `mlir-opt-19` prints `[distinct[0]<1 : i32>, distinct[0]<1 :
/// i32>, distinct[1]<1 : i32>]` back as it is, and rejects a second use of an
/// id with another value ("referenced attribute does not match previous
/// definition: 1 : i32", at the second `distinct`).
#[test]
fn a_distinct_id_names_one_attribute_per_parse() {
    let ctx = Context::new();
    let text = "[distinct[0]<1 : i32>, distinct[0]<1 : i32>, distinct[1]<1 : i32>]";
    let a = parse_attribute(&ctx, text).unwrap();
    let printed = a.to_string();
    assert_eq!(printed, text);
    let els = a
        .dyn_cast::<strata_builtin::ArrayAttr>()
        .unwrap()
        .payload()
        .elements;
    assert_eq!(els[0], els[1]);
    assert_ne!(els[0], els[2]);
    // Another parse makes another attribute.
    let again = parse_attribute(&ctx, text).unwrap();
    assert_ne!(again, a);

    let bad = "[distinct[0]<1 : i32>, distinct[0]<2 : i32>]";
    let e = parse_attribute(&ctx, bad).unwrap_err();
    assert_eq!(
        e.message(),
        "referenced attribute does not match previous definition: 1 : i32"
    );
    assert_eq!(e.span().start, bad.find(", distinct").unwrap() + 2);
}
