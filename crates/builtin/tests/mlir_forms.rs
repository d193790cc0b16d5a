//! Every builtin kind prints byte-for-byte as `mlir-opt-19` prints it: each
//! expected string below is `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-local-scope`'s own output for the form in the comment beside
//! it. Then the four places where strata used to depart from MLIR's
//! semantics, each with a test that fails on the old code.

use std::fmt::Write as _;
use std::panic::AssertUnwindSafe;
use strata_builtin::apnum::{ApFloat, ApInt, FloatSemantics};
use strata_builtin::prelude::*;
use strata_builtin::{
    AsmHooks, AsmPrinter, AsmState, DYNAMIC, DistinctNumbering, FloatKind, PrintOptions, Signedness,
};
use strata_ctx::{Attribute, Context, Location, Type};

#[test]
fn types_print_as_mlir_opt_19() {
    let ctx = Context::new();
    let f32: Type<'_> = ctx.f32().into();
    let i32: Type<'_> = ctx.i32().into();
    // complex<f32>, complex<i8>
    assert_eq!(ctx.complex_type(f32).to_string(), "complex<f32>");
    assert_eq!(ctx.complex_type(ctx.i8()).to_string(), "complex<i8>");
    // tuple<i32, tuple<>, f32>
    let empty = ctx.tuple_type(&[]);
    assert_eq!(
        ctx.tuple_type(&[i32, empty.into(), f32]).to_string(),
        "tuple<i32, tuple<>, f32>"
    );
    // (i32) -> ((f32) -> i1), () -> (), (i32) -> (i32, i32), (tuple<>) -> tuple<>
    let inner = ctx.function_type(&[f32], &[ctx.i1().into()]);
    assert_eq!(
        ctx.function_type(&[i32], &[inner.into()]).to_string(),
        "(i32) -> ((f32) -> i1)"
    );
    assert_eq!(ctx.function_type(&[], &[]).to_string(), "() -> ()");
    assert_eq!(
        ctx.function_type(&[i32], &[i32, i32]).to_string(),
        "(i32) -> (i32, i32)"
    );
    assert_eq!(
        ctx.function_type(&[empty.into()], &[empty.into()])
            .to_string(),
        "(tuple<>) -> tuple<>"
    );
    // tensor<4x?xf32, "enc">, tensor<*xf32>, tensor<f32>, tensor<0x4xi8>
    let enc = ctx.string_attr("enc");
    assert_eq!(
        ctx.tensor_type_with_encoding(&[4, DYNAMIC], f32, Some(enc.into()))
            .to_string(),
        r#"tensor<4x?xf32, "enc">"#
    );
    assert_eq!(ctx.unranked_tensor_type(f32).to_string(), "tensor<*xf32>");
    assert_eq!(ctx.tensor_type(&[], f32).to_string(), "tensor<f32>");
    assert_eq!(
        ctx.tensor_type(&[0, 4], ctx.i8()).to_string(),
        "tensor<0x4xi8>"
    );
    // vector<[4]x8xi1>, vector<2x[4]xf32>, vector<f32>
    assert_eq!(
        ctx.scalable_vector_type(&[4, 8], &[true, false], ctx.i1())
            .to_string(),
        "vector<[4]x8xi1>"
    );
    assert_eq!(
        ctx.scalable_vector_type(&[2, 4], &[false, true], f32)
            .to_string(),
        "vector<2x[4]xf32>"
    );
    assert_eq!(ctx.vector_type(&[], f32).to_string(), "vector<f32>");
    // A vector with no scalable dimension is the plain vector.
    assert_eq!(
        ctx.scalable_vector_type(&[4], &[false], f32),
        ctx.vector_type(&[4], f32)
    );
    // memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
    let aff = ctx.affine();
    let swap = aff.map(2, 0, &[aff.dim(1), aff.dim(0)]);
    let swap = ctx.affine_map_attr(swap);
    assert_eq!(
        ctx.memref_type_with(&[4, 4], f32, Some(swap.into()), None)
            .to_string(),
        "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"
    );
    // memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>> is memref<4x4xf32>
    let id = ctx.affine_map_attr(aff.map(2, 0, &[aff.dim(0), aff.dim(1)]));
    assert_eq!(
        ctx.memref_type_with(&[4, 4], f32, Some(id.into()), None),
        ctx.memref_type(&[4, 4], f32)
    );
    // memref<4x4xf32, strided<[4, 1], offset: ?>>, strided<[4, 1]>, offset 0
    let strided = ctx.strided_layout_attr(DYNAMIC, &[4, 1]);
    assert_eq!(
        ctx.memref_type_with(&[4, 4], f32, Some(strided.into()), None)
            .to_string(),
        "memref<4x4xf32, strided<[4, 1], offset: ?>>"
    );
    let strided0 = ctx.strided_layout_attr(0, &[4, 1]);
    assert_eq!(
        ctx.memref_type_with(&[4, 4], f32, Some(strided0.into()), None)
            .to_string(),
        "memref<4x4xf32, strided<[4, 1]>>"
    );
    // memref<4xf32, 1>, memref<4xf32, "gpu">, memref<4xf32, 2 : i32>
    let one = ctx.i64_attr(1);
    assert_eq!(
        ctx.memref_type_with(&[4], f32, None, Some(one.into()))
            .to_string(),
        "memref<4xf32, 1>"
    );
    let gpu = ctx.string_attr("gpu");
    assert_eq!(
        ctx.memref_type_with(&[4], f32, None, Some(gpu.into()))
            .to_string(),
        r#"memref<4xf32, "gpu">"#
    );
    let two_i32 = ctx.integer_attr(ctx.i32(), 2);
    assert_eq!(
        ctx.memref_type_with(&[4], f32, None, Some(two_i32.into()))
            .to_string(),
        "memref<4xf32, 2 : i32>"
    );
    // memref<4xf32, 0> and memref<4xf32, 0 : i32> are memref<4xf32>
    let zero = ctx.integer_attr(ctx.i32(), 0);
    assert_eq!(
        ctx.memref_type_with(&[4], f32, None, Some(zero.into())),
        ctx.memref_type(&[4], f32)
    );
    // memref<*xf32, 3>, memref<*xf32>
    let three = ctx.i64_attr(3);
    assert_eq!(
        ctx.unranked_memref_type(f32, Some(three.into()))
            .to_string(),
        "memref<*xf32, 3>"
    );
    assert_eq!(
        ctx.unranked_memref_type(f32, None).to_string(),
        "memref<*xf32>"
    );
    // memref<4x4xf32, strided<[?, ?], offset: 5>, "s">
    let s = ctx.string_attr("s");
    let dyn_strides = ctx.strided_layout_attr(5, &[DYNAMIC, DYNAMIC]);
    assert_eq!(
        ctx.memref_type_with(&[4, 4], f32, Some(dyn_strides.into()), Some(s.into()))
            .to_string(),
        r#"memref<4x4xf32, strided<[?, ?], offset: 5>, "s">"#
    );
    // !foo.bar<"x">, !foo<"a b">, !foo.a.b
    assert_eq!(
        ctx.opaque_type("foo", r#"bar<"x">"#).to_string(),
        r#"!foo.bar<"x">"#
    );
    assert_eq!(
        ctx.opaque_type("foo", r#""a b""#).to_string(),
        r#"!foo<"a b">"#
    );
    assert_eq!(ctx.opaque_type("foo", "a.b").to_string(), "!foo.a.b");
    // Every float type of MLIR 19.
    let names: Vec<String> = FloatKind::ALL
        .iter()
        .map(|&k| ctx.float_type(k).to_string())
        .collect();
    assert_eq!(
        names.join(" "),
        "f16 bf16 f32 f64 f80 f128 tf32 f8E5M2 f8E4M3 f8E4M3FN f8E5M2FNUZ f8E4M3FNUZ f8E4M3B11FNUZ"
    );
}

#[test]
fn attributes_print_as_mlir_opt_19() {
    let ctx = Context::new();
    // "a\"b\\c\n\t\01\7F\C3\A9" prints "a\22b\\c\0A\09\01\7F\C3\A9"
    assert_eq!(
        ctx.string_attr("a\"b\\c\n\t\u{1}\u{7f}é").to_string(),
        r#""a\22b\\c\0A\09\01\7F\C3\A9""#
    );
    // "\FF\00" (not UTF-8) prints "\FF\00"; "\C3\A9" is the string "é".
    assert_eq!(ctx.string_attr_bytes(&[0xFF, 0]).to_string(), r#""\FF\00""#);
    assert_eq!(
        ctx.string_attr_bytes("é".as_bytes()),
        Attribute::from(ctx.string_attr("é"))
    );
    // [1, 2.0, "x"] prints [1, 2.000000e+00, "x"]; {b = 1, a = 2}
    let arr = ctx.array_attr(&[
        ctx.i64_attr(1).into(),
        ctx.float_attr(ctx.f64(), 2.0).into(),
        ctx.string_attr("x").into(),
    ]);
    assert_eq!(arr.to_string(), r#"[1, 2.000000e+00, "x"]"#);
    let dict = ctx.dictionary_attr(&[("b", ctx.i64_attr(1).into()), ("a", ctx.i64_attr(2).into())]);
    assert_eq!(dict.to_string(), "{a = 2 : i64, b = 1 : i64}");
    // array<i64: 1, 2>, array<f32: 1.0, 2.5>, array<i1: true, false>, array<i8>
    assert_eq!(
        ctx.dense_i64_array_attr(&[1, 2]).to_string(),
        "array<i64: 1, 2>"
    );
    let f32s: Vec<u8> = [1.0f32, 2.5].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(
        ctx.dense_array_attr(ctx.f32(), &f32s).to_string(),
        "array<f32: 1.000000e+00, 2.500000e+00>"
    );
    assert_eq!(
        ctx.dense_bool_array_attr(&[true, false]).to_string(),
        "array<i1: true, false>"
    );
    assert_eq!(ctx.dense_array_attr(ctx.i8(), &[]).to_string(), "array<i8>");
    // array<ui8: 255>, array<i8: 255> prints array<i8: -1>, array<f64: 0.1>
    let ui8 = ctx.integer_type(8, Signedness::Unsigned);
    assert_eq!(
        ctx.dense_array_attr(ui8, &[255]).to_string(),
        "array<ui8: 255>"
    );
    assert_eq!(
        ctx.dense_array_attr(ctx.i8(), &[255]).to_string(),
        "array<i8: -1>"
    );
    assert_eq!(
        ctx.dense_f64_array_attr(&[0.1]).to_string(),
        "array<f64: 1.000000e-01>"
    );
    // @a::@b::@c, @"quoted sym"
    assert_eq!(
        ctx.symbol_ref_attr("a", &["b", "c"]).to_string(),
        "@a::@b::@c"
    );
    assert_eq!(
        ctx.symbol_ref_attr("quoted sym", &[]).to_string(),
        r#"@"quoted sym""#
    );
    // affine_map<(d0, d1)[s0] -> (d0 * 2 + s0, d1 floordiv 3)>
    let aff = ctx.affine();
    let e0 = aff.add(aff.mul(aff.dim(0), aff.constant(2)), aff.symbol(0));
    let e1 = aff.floor_div(aff.dim(1), aff.constant(3));
    let map = ctx.affine_map_attr(aff.map(2, 1, &[e0, e1]));
    assert_eq!(
        map.to_string(),
        "affine_map<(d0, d1)[s0] -> (d0 * 2 + s0, d1 floordiv 3)>"
    );
    assert_eq!(map.payload().to_affine_map(aff), aff.map(2, 1, &[e0, e1]));
    // affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
    let c0 = aff.sub(aff.dim(0), aff.symbol(0));
    let set = ctx.integer_set_attr(aff.integer_set(1, 1, &[c0, aff.dim(0)], &[false, true]));
    assert_eq!(
        set.to_string(),
        "affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>"
    );
    // strided<[1, ?], offset: 3>
    assert_eq!(
        ctx.strided_layout_attr(3, &[1, DYNAMIC]).to_string(),
        "strided<[1, ?], offset: 3>"
    );
    // #foo.bar<"x">, #foo<"blob">, #foo.x : i32
    let none = ctx.none_type();
    assert_eq!(
        ctx.opaque_attr("foo", r#"bar<"x">"#, none).to_string(),
        r#"#foo.bar<"x">"#
    );
    assert_eq!(
        ctx.opaque_attr("foo", r#""blob""#, none).to_string(),
        r#"#foo<"blob">"#
    );
    assert_eq!(
        ctx.opaque_attr("foo", "x", ctx.i32()).to_string(),
        "#foo.x : i32"
    );
    // distinct[0]<42 : i32>; a unit attribute prints distinct[0]<>: each
    // printed alone is a printing of its own, numbered from 0, as mlir-opt
    // prints an attribute alone (a fresh AsmState), whatever the context
    // made before.
    let d0 = ctx.distinct_attr(ctx.integer_attr(ctx.i32(), 42));
    let d1 = ctx.distinct_attr(ctx.unit_attr());
    assert_eq!(d0.to_string(), "distinct[0]<42 : i32>");
    assert_eq!(d1.to_string(), "distinct[0]<>");
    assert_ne!(d0, ctx.distinct_attr(ctx.integer_attr(ctx.i32(), 42)));
    // dense_resource<blob1> : tensor<4xi32>
    let t4 = ctx.tensor_type(&[4], ctx.i32());
    assert_eq!(
        ctx.dense_resource_attr(t4, "blob1").to_string(),
        "dense_resource<blob1> : tensor<4xi32>"
    );
    // dense<1.0> : tensor<2x2xf32>, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    let t22f = ctx.tensor_type(&[2, 2], ctx.f32());
    let splat = ctx.try_dense_attr(t22f, &1.0f32.to_le_bytes()).unwrap();
    assert_eq!(splat.to_string(), "dense<1.000000e+00> : tensor<2x2xf32>");
    let t22i = ctx.tensor_type(&[2, 2], ctx.i32());
    let data: Vec<u8> = [1i32, 2, 3, 4]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let nested = ctx.try_dense_attr(t22i, &data).unwrap();
    assert_eq!(
        nested.to_string(),
        "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"
    );
    // dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
    let tc = ctx.tensor_type(&[2], ctx.complex_type(ctx.f32()));
    let data: Vec<u8> = [1.0f32, 2.0, 3.0, 4.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        ctx.try_dense_attr(tc, &data).unwrap().to_string(),
        "dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>"
    );
    // dense<(1, 2)> : tensor<complex<i8>>
    let tci = ctx.tensor_type(&[], ctx.complex_type(ctx.i8()));
    assert_eq!(
        ctx.try_dense_attr(tci, &[1, 2]).unwrap().to_string(),
        "dense<(1,2)> : tensor<complex<i8>>"
    );
    // dense<["a", "bc"]> : tensor<2x!foo.str>
    let ts = ctx.tensor_type(&[2], ctx.opaque_type("foo", "str"));
    assert_eq!(
        ctx.try_dense_string_attr(ts, &["a", "bc"])
            .unwrap()
            .to_string(),
        r#"dense<["a", "bc"]> : tensor<2x!foo.str>"#
    );
    // Bits above an element's width are not part of it: an `i1` byte 3 is
    // `true`, an `i3` byte 0xFF is -1, as 0x07 is.
    let t2b = ctx.tensor_type(&[2], ctx.i1());
    assert_eq!(
        ctx.try_dense_attr(t2b, &[3, 0]).unwrap(),
        ctx.try_dense_attr(t2b, &[1, 0]).unwrap()
    );
    let t2i3 = ctx.tensor_type(&[2], ctx.int(3));
    let a = ctx.try_dense_attr(t2i3, &[0xFF, 1]).unwrap();
    assert_eq!(a, ctx.try_dense_attr(t2i3, &[0x07, 1]).unwrap());
    assert_eq!(a.to_string(), "dense<[-1, 1]> : tensor<2xi3>");
    assert_eq!(
        ctx.dense_elements_attr(t2i3, &[0xFF, 1]),
        ctx.dense_elements_attr(t2i3, &[0x07, 1])
    );
    // dense<true> : tensor<3xi1>, dense<> : tensor<0xi32>
    let tb = ctx.tensor_type(&[3], ctx.i1());
    assert_eq!(
        ctx.try_dense_attr(tb, &[1]).unwrap().to_string(),
        "dense<true> : tensor<3xi1>"
    );
    let t0 = ctx.tensor_type(&[0], ctx.i32());
    assert_eq!(
        ctx.try_dense_attr(t0, &[]).unwrap().to_string(),
        "dense<> : tensor<0xi32>"
    );
    // dense<[0x7FC00000, 1.0]> : tensor<2xf32>
    let t2f = ctx.tensor_type(&[2], ctx.f32());
    let data: Vec<u8> = [f32::NAN, 1.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        ctx.try_dense_attr(t2f, &data).unwrap().to_string(),
        "dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>"
    );
    // 102 booleans print as bit-packed hex: dense<"0x6DDBB66DDBB66DDBB66DDBB62D">
    let bits: Vec<u8> = [1u8, 0, 1].repeat(34);
    let t102 = ctx.tensor_type(&[102], ctx.i1());
    assert_eq!(
        ctx.try_dense_attr(t102, &bits).unwrap().to_string(),
        r#"dense<"0x6DDBB66DDBB66DDBB66DDBB62D"> : tensor<102xi1>"#
    );
    // sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>, sparse<> : tensor<4xf32>
    let t34 = ctx.tensor_type(&[3, 4], ctx.i32());
    let values: Vec<u8> = [1i32, 5].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(
        ctx.try_sparse_elements_attr(t34, &[0, 0, 1, 2], &values)
            .unwrap()
            .to_string(),
        "sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>"
    );
    let t4f = ctx.tensor_type(&[4], ctx.f32());
    assert_eq!(
        ctx.try_sparse_elements_attr(t4f, &[], &[])
            .unwrap()
            .to_string(),
        "sparse<> : tensor<4xf32>"
    );
    // sparse<1, 2.0> : tensor<4xf32> prints sparse<1, 2.000000e+00>
    assert_eq!(
        ctx.try_sparse_elements_attr(t4f, &[1], &2.0f32.to_le_bytes())
            .unwrap()
            .to_string(),
        "sparse<1, 2.000000e+00> : tensor<4xf32>"
    );
    // 5 : index, 1 : i64, 2.0 : f64
    assert_eq!(ctx.index_attr(5).to_string(), "5 : index");
    assert_eq!(
        ctx.float_attr(ctx.f64(), 2.0).to_string(),
        "2.000000e+00 : f64"
    );
    // A DenseAttr sits in an array like any attribute.
    let in_array = ctx.array_attr(&[splat.into()]);
    assert_eq!(
        in_array.to_string(),
        "[dense<1.000000e+00> : tensor<2x2xf32>]"
    );
}

#[test]
fn locations_print_as_mlir_opt_19() {
    let ctx = Context::new();
    let a = ctx.file_loc("a.mlir", 3, 7);
    // loc("name"("a.mlir":3:7)), loc("name")
    assert_eq!(
        ctx.name_loc("name", a).to_string(),
        r#"loc("name"("a.mlir":3:7))"#
    );
    assert_eq!(
        ctx.name_loc("name", ctx.unknown_loc()).to_string(),
        r#"loc("name")"#
    );
    // loc(callsite("foo" at "a.mlir":1:2))
    let foo = ctx.name_loc("foo", ctx.unknown_loc());
    let site = ctx.file_loc("a.mlir", 1, 2);
    assert_eq!(
        ctx.call_site_loc(foo, site).to_string(),
        r#"loc(callsite("foo" at "a.mlir":1:2))"#
    );
    // loc(callsite("foo"("x":1:1) at callsite("bar" at "y":2:2)))
    let inner = ctx.call_site_loc(
        ctx.name_loc("bar", ctx.unknown_loc()),
        ctx.file_loc("y", 2, 2),
    );
    let outer = ctx.call_site_loc(ctx.name_loc("foo", ctx.file_loc("x", 1, 1)), inner);
    assert_eq!(
        outer.to_string(),
        r#"loc(callsite("foo"("x":1:1) at callsite("bar" at "y":2:2)))"#
    );
    // loc(fused<"meta">["a":1:1, "b":2:2])
    let l1: Location<'_> = ctx.file_loc("a", 1, 1).into();
    let l2: Location<'_> = ctx.file_loc("b", 2, 2).into();
    let meta: Attribute<'_> = ctx.string_attr("meta").into();
    assert_eq!(
        ctx.fused_loc(&[l1, l2], Some(meta)).to_string(),
        r#"loc(fused<"meta">["a":1:1, "b":2:2])"#
    );
    // loc("na\"me"("f\n":0:0)) prints loc("na\22me"("f\0A":0:0))
    assert_eq!(
        ctx.name_loc("na\"me", ctx.file_loc("f\n", 0, 0))
            .to_string(),
        r#"loc("na\22me"("f\0A":0:0))"#
    );
    // {a = loc("x":1:2)}: a location as an attribute value.
    let as_attr = ctx.location_attr(ctx.file_loc("x", 1, 2));
    assert_eq!(as_attr.to_string(), r#"loc("x":1:2)"#);
    let dict = ctx.dictionary_attr(&[("a", as_attr.into())]);
    assert_eq!(dict.to_string(), r#"{a = loc("x":1:2)}"#);
    // An opaque location prints its fallback.
    assert_eq!(ctx.opaque_loc(7, 1, a).to_string(), r#"loc("a.mlir":3:7)"#);
}

/// Departure 1: float attributes print MLIR's shortest round-trip form, and
/// NaN and infinity with the bits of their own type (the old printer wrote
/// `%.6e` always, and the bits of the `f64`).
#[test]
fn float_attributes_print_mlirs_form_and_their_own_bits() {
    let ctx = Context::new();
    let pi = ctx.float_attr(ctx.f32(), core::f64::consts::PI);
    assert_eq!(pi.to_string(), "3.14159274 : f32");
    assert_eq!(
        ctx.float_attr(ctx.f32(), 1.23456).to_string(),
        "1.234560e+00 : f32"
    );
    assert_eq!(
        ctx.float_attr(ctx.f32(), f64::NAN).to_string(),
        "0x7FC00000 : f32"
    );
    assert_eq!(
        ctx.float_attr(ctx.f16(), f64::NAN).to_string(),
        "0x7E00 : f16"
    );
    assert_eq!(
        ctx.float_attr(ctx.f32(), f64::NEG_INFINITY).to_string(),
        "0xFF800000 : f32"
    );
    let f80 = ctx.float_type(FloatKind::F80);
    assert_eq!(
        ctx.float_attr_from_str(f80, "0.1").unwrap().to_string(),
        "0.100000000000000005551 : f80"
    );
    let bf16 = ctx.float_attr_from_str(ctx.bf16(), "0.1").unwrap();
    assert_eq!(bf16.to_string(), "1.000980e-01 : bf16");
    let e4m3 = ctx.float_type(FloatKind::F8E4M3FN);
    assert_eq!(
        ctx.float_attr_from_str(e4m3, "-1000.0")
            .unwrap()
            .to_string(),
        "0xFF : f8E4M3FN"
    );
}

/// Departure 2: a float attribute's value is rounded to its type on
/// construction, and an integer attribute's value is truncated (or, with
/// the `try_` form, rejected) to its width.
#[test]
fn values_are_rounded_and_truncated_to_their_type() {
    let ctx = Context::new();
    let f32 = ctx.f32();
    assert_eq!(
        ctx.float_attr(f32, 0.1),
        ctx.float_attr(f32, f64::from(0.1f32))
    );
    assert_eq!(
        ctx.float_attr(f32, 0.1).payload().value,
        ApFloat::from_f64(FloatSemantics::F32, 0.1)
    );
    assert_eq!(
        ctx.float_attr(f32, 0.1).payload().to_f64(),
        f64::from(0.1f32)
    );
    let i8 = ctx.i8();
    assert_eq!(ctx.integer_attr(i8, 255), ctx.integer_attr(i8, -1));
    assert_eq!(ctx.integer_attr(i8, 255).to_string(), "-1 : i8");
    assert_eq!(ctx.integer_attr(i8, 256), ctx.integer_attr(i8, 0));
    assert!(ctx.try_integer_attr(i8, 256).is_err());
    assert!(ctx.try_integer_attr(i8, -129).is_err());
    assert_eq!(
        ctx.try_integer_attr(i8, 255).unwrap(),
        ctx.integer_attr(i8, -1)
    );
    let si8 = ctx.integer_type(8, Signedness::Signed);
    assert!(ctx.try_integer_attr(si8, 128).is_err());
    let ui8 = ctx.integer_type(8, Signedness::Unsigned);
    assert!(ctx.try_integer_attr(ui8, -1).is_err());
    assert_eq!(ctx.integer_attr(ui8, -1).to_string(), "255 : ui8");
    // Any width: a 200-bit value prints in full.
    let i200 = ctx.int(200);
    let big = ApInt::parse_mlir(
        "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
        false,
        200,
        Signedness::Signless,
    )
    .unwrap();
    assert_eq!(
        ctx.integer_attr_ap(i200, &big).to_string(),
        "22300745198530623141535718272648361505980415 : i200"
    );
    assert_eq!(ctx.integer_attr(i200, -1).to_string(), "-1 : i200");
    assert!(ctx.try_integer_attr_ap(i8, &big).is_err());
}

/// Departure 3: fused locations canonicalise as `FusedLoc::get` does.
#[test]
fn fused_locations_canonicalise_as_mlir_does() {
    let ctx = Context::new();
    let a: Location<'_> = ctx.file_loc("a", 1, 1).into();
    let b: Location<'_> = ctx.file_loc("b", 2, 2).into();
    let c: Location<'_> = ctx.file_loc("c", 3, 3).into();
    let unknown: Location<'_> = ctx.unknown_loc().into();
    // loc(fused["a":1:1, fused["b":2:2, "c":3:3], unknown, "a":1:1])
    let bc = ctx.fused_loc(&[b, c], None);
    let fused = ctx.fused_loc(&[a, bc, unknown, a], None);
    assert_eq!(
        fused.to_string(),
        r#"loc(fused["a":1:1, "b":2:2, "c":3:3])"#
    );
    assert_eq!(fused, ctx.fused_loc(&[a, b, c], None));
    // loc(fused["a":1:1]) is loc("a":1:1); loc(fused[unknown]) and
    // loc(fused[]) are loc(unknown).
    assert_eq!(ctx.fused_loc(&[a], None), a);
    assert_eq!(ctx.fused_loc(&[unknown], None), unknown);
    assert_eq!(ctx.fused_loc(&[], None), unknown);
    // With metadata: loc(fused<"m">[unknown]), loc(fused<"m">["a":1:1]).
    let m: Attribute<'_> = ctx.string_attr("m").into();
    assert_eq!(
        ctx.fused_loc(&[unknown], Some(m)).to_string(),
        r#"loc(fused<"m">[unknown])"#
    );
    assert_eq!(
        ctx.fused_loc(&[a], Some(m)).to_string(),
        r#"loc(fused<"m">["a":1:1])"#
    );
    // `fused<m>[unknown]` flattened into a fused location of the same
    // metadata leaves no unknown behind (what MLIR's parser makes of
    // `loc(fused<"m">[unknown, "a":1:1])`).
    let only_meta = ctx.fused_loc(&[unknown], Some(m));
    assert_eq!(
        ctx.fused_loc(&[only_meta, a], Some(m)).to_string(),
        r#"loc(fused<"m">["a":1:1])"#
    );
    // Different metadata is not flattened.
    let n: Attribute<'_> = ctx.string_attr("n").into();
    let inner = ctx.fused_loc(&[a, b], Some(n));
    assert_eq!(
        ctx.fused_loc(&[inner, c], Some(m)).to_string(),
        r#"loc(fused<"m">[fused<"n">["a":1:1, "b":2:2], "c":3:3])"#
    );
}

/// Departure 4: invalid builtins are rejected with MLIR's message instead of
/// being built.
#[test]
fn invalid_builtins_are_rejected() {
    let ctx = Context::new();
    let f32 = ctx.f32();
    let err = |r: Result<String, strata_builtin::BuiltinError>| r.unwrap_err().to_string();
    assert_eq!(
        err(ctx
            .try_vector_type(&[DYNAMIC], f32, &[])
            .map(|t| t.to_string())),
        "vector types must have positive constant sizes"
    );
    assert_eq!(
        err(ctx.try_vector_type(&[0], f32, &[]).map(|t| t.to_string())),
        "vector types must have positive constant sizes"
    );
    assert_eq!(
        err(ctx.try_tensor_type(&[-5], f32, None).map(|t| t.to_string())),
        "invalid tensor dimension size"
    );
    let t2 = ctx.tensor_type(&[2], f32);
    assert_eq!(
        err(ctx.try_complex_type(t2).map(|t| t.to_string())),
        "invalid element type for complex"
    );
    assert!(
        err(ctx.try_float_attr(ctx.i32(), 1.0).map(|t| t.to_string()))
            .starts_with("floating point value not valid")
    );
    assert_eq!(
        err(ctx.try_vector_type(&[2], t2, &[]).map(|t| t.to_string())),
        "vector elements must be int/index/float type"
    );
    let none = ctx.none_type();
    assert!(
        err(ctx.try_tensor_type(&[2], none, None).map(|t| t.to_string()))
            .starts_with("invalid tensor element type")
    );
    assert_eq!(
        err(ctx
            .try_memref_type(&[2], none, None, None)
            .map(|t| t.to_string())),
        "invalid memref element type"
    );
    let aff = ctx.affine();
    let one_dim = ctx.affine_map_attr(aff.map(2, 0, &[aff.dim(0)]));
    assert_eq!(
        err(ctx
            .try_memref_type(&[2], f32, Some(one_dim.into()), None)
            .map(|t| t.to_string())),
        "memref layout mismatch between rank and affine map: 1 != 2"
    );
    let strided = ctx.strided_layout_attr(0, &[1, 1]);
    assert_eq!(
        err(ctx
            .try_memref_type(&[2], f32, Some(strided.into()), None)
            .map(|t| t.to_string())),
        "expected the number of strides to match the rank"
    );
    let arr = ctx.array_attr(&[ctx.i64_attr(1).into()]);
    assert_eq!(
        err(ctx
            .try_memref_type(&[4], f32, None, Some(arr.into()))
            .map(|t| t.to_string())),
        "unsupported memory space Attribute"
    );
    assert_eq!(
        err(ctx
            .try_strided_layout_attr(0, &[0, 1])
            .map(|t| t.to_string())),
        "strides must not be zero"
    );
    assert_eq!(
        err(ctx
            .try_dense_array_attr(ctx.int(2), &[1])
            .map(|t| t.to_string())),
        "element type bitwidth must be a multiple of 8"
    );
    assert_eq!(
        err(ctx
            .try_integer_type(1 << 24, Signedness::Signless)
            .map(|t| t.to_string())),
        "integer bitwidth is limited to 16777215 bits"
    );
    let i32 = ctx.i32();
    assert_eq!(
        err(ctx.float_attr_from_str(f32, "1").map(|t| t.to_string())),
        "unexpected decimal integer literal for a floating point value"
    );
    assert_eq!(
        err(ctx.float_attr_from_str(i32, "1.0").map(|t| t.to_string())),
        "floating point value not valid for specified type"
    );
    // No attribute has an empty name: MLIR's parser refuses `{"" = 1}`.
    let one = ctx.i64_attr(1).into();
    assert_eq!(
        err(ctx
            .try_dictionary_attr(&[("a", one), ("", one)])
            .map(|t| t.to_string())),
        "expected valid attribute name"
    );
    let caught = std::panic::catch_unwind(AssertUnwindSafe(|| ctx.dictionary_attr(&[("", one)])))
        .expect_err("an empty name panics");
    assert_eq!(
        caught.downcast_ref::<String>().map(String::as_str),
        Some("strata: invalid builtin: expected valid attribute name")
    );
    assert_eq!(
        ctx.try_dictionary_attr(&[("a", one)]).unwrap().to_string(),
        "{a = 1 : i64}"
    );
    // Only what MLIR's lexer reads as one float literal: `1e3` is `1` and
    // `e3` there (mlir-opt-19 rejects `{a = 1e3 : f32}`).
    for bad in ["1e3", "1.5e", "1.0e+", "1.0x", ".5", "inf", "1.0e3.0"] {
        assert_eq!(
            err(ctx.float_attr_from_str(f32, bad).map(|t| t.to_string())),
            "expected floating point literal",
            "{bad}"
        );
    }
    for (good, printed) in [
        ("1.", "1.000000e+00"),
        ("2.0e-3", "2.000000e-03"),
        ("1.E2", "1.000000e+02"),
        ("-0.5E+1", "-5.000000e+00"),
    ] {
        assert_eq!(
            ctx.float_attr_from_str(f32, good).unwrap().to_string(),
            format!("{printed} : f32")
        );
    }
    // The panicking forms panic with the same message.
    let caught = std::panic::catch_unwind(|| {
        let ctx = Context::new();
        let _ = ctx.vector_type(&[DYNAMIC], ctx.f32());
    });
    assert!(caught.is_err());
}

/// Every operator of an affine map attribute, and MLIR's subtraction and
/// negation forms, print as mlir-opt-19 prints
/// `affine_map<(d0, d1)[s0] -> (d0 ceildiv 4, -d0, d0 - d1, d0 - d1 * 2,
/// d0 - 3, (d0 + d1) mod 5, d0 floordiv s0, -(d0 + d1), (d0 ceildiv 2) * 3,
/// d1 - (d0 + s0))>` (its output is that text unchanged), and the attribute
/// gives back the map it was made from.
#[test]
fn affine_map_operators_print_as_mlir_opt_19() {
    let ctx = Context::new();
    let aff = ctx.affine();
    let (d0, d1, s0) = (aff.dim(0), aff.dim(1), aff.symbol(0));
    let c = |v: i64| aff.constant(v);
    let results = [
        aff.ceil_div(d0, c(4)),
        aff.mul(d0, c(-1)),
        aff.sub(d0, d1),
        aff.sub(d0, aff.mul(d1, c(2))),
        aff.sub(d0, c(3)),
        aff.modulo(aff.add(d0, d1), c(5)),
        aff.floor_div(d0, s0),
        aff.mul(aff.add(d0, d1), c(-1)),
        aff.mul(aff.ceil_div(d0, c(2)), c(3)),
        aff.sub(d1, aff.add(d0, s0)),
    ];
    let map = aff.map(2, 1, &results);
    let attr = ctx.affine_map_attr(map);
    assert_eq!(
        attr.to_string(),
        "affine_map<(d0, d1)[s0] -> (d0 ceildiv 4, -d0, d0 - d1, d0 - d1 * 2, d0 - 3, \
         (d0 + d1) mod 5, d0 floordiv s0, -(d0 + d1), (d0 ceildiv 2) * 3, d1 - (d0 + s0))>"
    );
    assert_eq!(attr.payload().num_results(), results.len());
    assert_eq!(attr.payload().to_affine_map(aff), map);
    // The same constraints as an integer set: `affine_set<(d0, d1)[s0] :
    // (d0 ceildiv 4 >= 0, -(d0 + d1) == 0)>` prints unchanged too.
    let set = aff.integer_set(2, 1, &[results[0], results[7]], &[false, true]);
    let set_attr = ctx.integer_set_attr(set);
    assert_eq!(
        set_attr.to_string(),
        "affine_set<(d0, d1)[s0] : (d0 ceildiv 4 >= 0, -(d0 + d1) == 0)>"
    );
    assert_eq!(set_attr.payload().to_integer_set(aff), set);
}

/// A payload built by hand that names a dimension or symbol the map does not
/// have is not decoded into results (it prints none rather than reading
/// past the map's identifiers).
#[test]
fn an_affine_payload_out_of_range_has_no_results() {
    use strata_builtin::{AffineMapAttrData, AffineNode};
    let within = AffineMapAttrData {
        num_dims: 1,
        num_symbols: 1,
        nodes: &[AffineNode::Dim(0), AffineNode::Symbol(0), AffineNode::Add],
    };
    assert_eq!(within.num_results(), 1);
    let dim = AffineMapAttrData {
        num_dims: 1,
        num_symbols: 1,
        nodes: &[AffineNode::Dim(1)],
    };
    assert_eq!(dim.num_results(), 0);
    let symbol = AffineMapAttrData {
        num_dims: 1,
        num_symbols: 1,
        nodes: &[AffineNode::Symbol(1)],
    };
    assert_eq!(symbol.num_results(), 0);
    assert_eq!(symbol.to_string(), "affine_map<(d0)[s0] -> ()>");
}

/// A dense array's length counts elements, not bytes, and elements wider
/// than a word print from both of their words: `array<f128: 1.5, -2.0>`,
/// `array<i16: 1, -2, 300>`, `array<i1: true, false>` print as mlir-opt-19
/// prints them (`1.500000e+00, -2.000000e+00` for the floats).
#[test]
fn dense_array_lengths_and_wide_elements() {
    let ctx = Context::new();
    let quads: [u8; 32] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 255, 63, // 1.5
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 192, // -2.0
    ];
    let f128 = ctx.dense_array_attr(ctx.float_type(FloatKind::F128), &quads);
    assert_eq!(f128.to_string(), "array<f128: 1.500000e+00, -2.000000e+00>");
    assert_eq!(f128.payload().len(), 2);
    let i16s = ctx.dense_array_attr(ctx.i16(), &[1, 0, 0xfe, 0xff, 0x2c, 0x01]);
    assert_eq!(i16s.to_string(), "array<i16: 1, -2, 300>");
    assert_eq!(i16s.payload().len(), 3);
    let bools = ctx.dense_array_attr(ctx.i1(), &[1, 0]);
    assert_eq!(bools.to_string(), "array<i1: true, false>");
    assert_eq!(bools.payload().len(), 2);
    let empty = ctx.dense_array_attr(ctx.i32(), &[]);
    assert_eq!(empty.payload().len(), 0);
    assert!(empty.payload().is_empty() && !i16s.payload().is_empty());
}

/// A symbol reference with any empty name is refused, the root or a
/// nested one (MLIR has no empty symbol).
#[test]
fn a_symbol_reference_with_an_empty_name_is_refused() {
    let ctx = Context::new();
    assert!(ctx.try_symbol_ref_attr("", &["b"]).is_err());
    assert!(ctx.try_symbol_ref_attr("a", &["b", ""]).is_err());
    assert!(ctx.try_symbol_ref_attr("", &[]).is_err());
    assert_eq!(
        ctx.try_symbol_ref_attr("a", &["b"]).unwrap().to_string(),
        "@a::@b"
    );
}

/// One printing numbers distinct attributes in the order it meets them,
/// across its printers (one numbering), while a `Display` in between is a
/// printing of its own, numbered from 0, that leaves the numbering alone.
#[test]
fn a_printing_numbers_distinct_attributes_in_its_own_order() {
    let ctx = Context::new();
    let a = ctx.distinct_attr(ctx.i64_attr(1));
    let b = ctx.distinct_attr(ctx.i64_attr(2));
    let hooks = AsmHooks::new();
    let state = AsmState::new(PrintOptions::default(), &hooks);
    let mut numbering = DistinctNumbering::new();
    let mut out = String::new();
    let mut p = AsmPrinter::new(&mut out, &state, &mut numbering);
    p.print_attribute(b.into()).unwrap();
    p.write_str(" ").unwrap();
    let alone = a.to_string();
    p.print_attribute(a.into()).unwrap();
    drop(p);
    assert_eq!(alone, "distinct[0]<1 : i64>");
    assert_eq!(out, "distinct[0]<2 : i64> distinct[1]<1 : i64>");
    // A later printer of the same printing goes on with its numbers.
    let mut more = String::new();
    AsmPrinter::new(&mut more, &state, &mut numbering)
        .print_attribute(ctx.array_attr(&[a.into(), b.into()]).into())
        .unwrap();
    assert_eq!(more, "[distinct[1]<1 : i64>, distinct[0]<2 : i64>]");
    assert_eq!(numbering.len(), 2);
}

/// Distinct attributes of two contexts printed in one printing get one
/// number each, in the order met: their creation numbers (both the first of
/// their context) do not make them one attribute.
#[test]
fn one_distinct_numbering_over_two_contexts() {
    let (c1, c2) = (Context::new(), Context::new());
    let a = c1.distinct_attr(c1.i64_attr(1));
    let b = c2.distinct_attr(c2.i64_attr(2));
    let mut printed = String::new();
    strata_builtin::print_standalone(&mut printed, &AsmHooks::new(), |p| {
        p.print_attribute(a.into())?;
        p.write_str(" ")?;
        p.print_attribute(b.into())?;
        p.write_str(" ")?;
        p.print_attribute(a.into())
    })
    .unwrap();
    assert_eq!(
        printed,
        "distinct[0]<1 : i64> distinct[1]<2 : i64> distinct[0]<1 : i64>"
    );
}

/// Terms the affine context would have folded away, in a payload built by
/// hand, print as written: a zero added or multiplied is no subtraction.
#[test]
fn unfolded_zero_terms_of_a_hand_built_payload_print_as_additions() {
    use strata_builtin::{AffineMapAttrData, AffineNode};
    let plus_zero = AffineMapAttrData {
        num_dims: 1,
        num_symbols: 0,
        nodes: &[AffineNode::Dim(0), AffineNode::Constant(0), AffineNode::Add],
    };
    assert_eq!(plus_zero.to_string(), "affine_map<(d0) -> (d0 + 0)>");
    let times_zero = AffineMapAttrData {
        num_dims: 2,
        num_symbols: 0,
        nodes: &[
            AffineNode::Dim(0),
            AffineNode::Dim(1),
            AffineNode::Constant(0),
            AffineNode::Mul,
            AffineNode::Add,
        ],
    };
    assert_eq!(
        times_zero.to_string(),
        "affine_map<(d0, d1) -> (d0 + d1 * 0)>"
    );
}
