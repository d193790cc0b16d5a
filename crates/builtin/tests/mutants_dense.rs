//! Tests that close the gaps `cargo mutants` found in `src/dense.rs`: each
//! test below fails with at least one mutant that the crate's other tests
//! let through (see docs/RELIABILITY.md, "Source mutants"). Every printed
//! form is mlir-opt-19's print of the same attribute.

mod common;

use common::Collide;

use strata_builtin::prelude::*;
use strata_builtin::{FloatKind, Signedness};
use strata_ctx::diag::EngineBuilder;
use strata_ctx::{Context, Shared};

/// The little-endian bytes of `values` as `i32` elements.
fn i32_bytes(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// A reclaimable dense attribute of elements wider than a byte reports its
/// element size and count from the bytes (`dense<[1, 2, 3]> :
/// tensor<3xi32>` has 3 elements of 4 bytes), and whether it is a splat
/// (`dense<7> : tensor<3xi32>`, and one element alone).
#[test]
fn dense_elements_report_their_layout_and_splats() {
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[3], ctx.i32());
    let a = ctx.dense_elements_attr(ty, &i32_bytes(&[1, 2, 3]));
    assert_eq!(a.to_string(), "dense<[1, 2, 3]> : tensor<3xi32>");
    assert_eq!((a.num_elements(), a.element_bytes()), (3, 4));
    assert!(!a.is_splat());
    let s = ctx.dense_elements_attr(ty, &i32_bytes(&[7, 7, 7]));
    assert_eq!(s.to_string(), "dense<7> : tensor<3xi32>");
    assert_eq!((s.num_elements(), s.element_bytes()), (3, 4));
    assert!(s.is_splat());
    let one = ctx.dense_elements_attr(ctx.tensor_type(&[1], ctx.i32()), &i32_bytes(&[5]));
    assert_eq!(one.to_string(), "dense<5> : tensor<1xi32>");
    assert!(one.is_splat());
    // `dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> :
    // tensor<2xcomplex<f32>>`: two elements of eight bytes.
    let cty = ctx.tensor_type(&[2], ctx.complex_type(ctx.f32()));
    let data: Vec<u8> = [1.0f32, 2.0, 3.0, 4.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let c = ctx.dense_elements_attr(cty, &data);
    assert_eq!(
        c.to_string(),
        "dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>"
    );
    assert_eq!((c.num_elements(), c.element_bytes()), (2, 8));
    assert!(!c.is_splat());
}

/// The bits above an element's width are cleared where the width leaves a
/// byte or more of the element's storage unused: an `i12` in two bytes
/// keeps its low 12 bits and a `tf32` in four its low 19, so that the
/// attribute is the one of the clean bytes (`dense<[-1, 1]> :
/// tensor<2xi12>`, `dense<1.000000e+00> : tensor<1xtf32>`).
#[test]
fn bits_above_the_width_are_cleared_in_wide_storage() {
    let ctx = Context::new();
    let i12 = ctx.tensor_type(&[2], ctx.integer_type(12, Signedness::Signless));
    let dirty = ctx.dense_elements_attr(i12, &[0xFF, 0xFF, 0x01, 0xF0]);
    assert_eq!(dirty.raw_data(), &[0xFF, 0x0F, 0x01, 0x00]);
    assert_eq!(
        dirty,
        ctx.dense_elements_attr(i12, &[0xFF, 0x0F, 0x01, 0x00])
    );
    assert_eq!(dirty.to_string(), "dense<[-1, 1]> : tensor<2xi12>");
    let dense = ctx.try_dense_attr(i12, &[0xFF, 0xFF, 0x01, 0xF0]).unwrap();
    assert_eq!(dense.payload().data, &[0xFF, 0x0F, 0x01, 0x00]);
    // Only the top byte dirty, and with none of its kept bits set.
    let one_i12 = ctx.tensor_type(&[1], ctx.integer_type(12, Signedness::Signless));
    let dirty = ctx.dense_elements_attr(one_i12, &[0x00, 0xF0]);
    assert_eq!(dirty.raw_data(), &[0x00, 0x00]);
    assert_eq!(dirty.to_string(), "dense<0> : tensor<1xi12>");

    // 1.0 in tf32 is 0x1FC00 (exponent 127 above 10 mantissa bits).
    let tf32 = ctx.tensor_type(&[1], ctx.float_type(FloatKind::TF32));
    let dirty = ctx.dense_elements_attr(tf32, &[0x00, 0xFC, 0xF9, 0xFF]);
    assert_eq!(dirty.raw_data(), &[0x00, 0xFC, 0x01, 0x00]);
    assert_eq!(dirty.to_string(), "dense<1.000000e+00> : tensor<1xtf32>");
    // Only a byte wholly above the width dirty.
    let dirty = ctx.dense_elements_attr(tf32, &[0x00, 0xFC, 0x01, 0x80]);
    assert_eq!(dirty.raw_data(), &[0x00, 0xFC, 0x01, 0x00]);
}

/// Hex starts above 100 elements, not at 100: mlir-opt-19 prints
/// `dense<[0, 1, ..., 99]> : tensor<100xi8>` element by element and
/// `dense<"0x000102...64"> : tensor<101xi8>` in hex.
#[test]
fn hex_starts_above_one_hundred_elements() {
    let ctx = Context::new();
    let listed: Vec<u8> = (0..100).collect();
    let ty = ctx.tensor_type(&[100], ctx.i8());
    let numbers: Vec<String> = listed.iter().map(u8::to_string).collect();
    let expected = format!("dense<[{}]> : tensor<100xi8>", numbers.join(", "));
    assert_eq!(ctx.dense_elements_attr(ty, &listed).to_string(), expected);
    assert_eq!(
        ctx.try_dense_attr(ty, &listed).unwrap().to_string(),
        expected
    );

    let hexed: Vec<u8> = (0..101).collect();
    let ty = ctx.tensor_type(&[101], ctx.i8());
    let digits: String = hexed.iter().map(|b| format!("{b:02X}")).collect();
    let expected = format!("dense<\"0x{digits}\"> : tensor<101xi8>");
    assert_eq!(ctx.dense_elements_attr(ty, &hexed).to_string(), expected);
}

/// Elements of a rank-3 and a rank-4 type nest by every dimension, the
/// middle ones included, as mlir-opt-19 prints `dense<[[[1, 2], [3, 4]],
/// [[5, 6], [7, 8]]]> : tensor<2x2x2xi8>`, `dense<[[[1], [2], [3]], [[4],
/// [5], [6]]]> : tensor<2x3x1xi8>` and `dense<[[[["a", "b"]], [["c",
/// "d"]]]]> : tensor<1x2x1x2x!foo.str>`.
#[test]
fn elements_nest_by_every_dimension() {
    let ctx = Context::new();
    let cube = ctx.tensor_type(&[2, 2, 2], ctx.i8());
    let data = [1, 2, 3, 4, 5, 6, 7, 8];
    let expected = "dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi8>";
    assert_eq!(ctx.dense_elements_attr(cube, &data).to_string(), expected);
    assert_eq!(
        ctx.try_dense_attr(cube, &data).unwrap().to_string(),
        expected
    );
    let column = ctx.tensor_type(&[2, 3, 1], ctx.i8());
    assert_eq!(
        ctx.dense_elements_attr(column, &[1, 2, 3, 4, 5, 6])
            .to_string(),
        "dense<[[[1], [2], [3]], [[4], [5], [6]]]> : tensor<2x3x1xi8>"
    );
    let strings = ctx.tensor_type(&[1, 2, 1, 2], ctx.opaque_type("foo", "str"));
    assert_eq!(
        ctx.try_dense_string_attr(strings, &["a", "b", "c", "d"])
            .unwrap()
            .to_string(),
        r#"dense<[[[["a", "b"]], [["c", "d"]]]]> : tensor<1x2x1x2x!foo.str>"#
    );
}

/// Reclaimable dense attributes that share a hash are one attribute only
/// when both their type and their bytes agree: the same bytes under a
/// tensor and a vector type, or other bytes under one type, stay apart.
#[test]
fn colliding_dense_attributes_compare_type_and_bytes() {
    let ctx: Context<Shared, Collide> = Context::with_hasher(EngineBuilder::new().build(), Collide);
    let tensor = ctx.tensor_type(&[2], ctx.i8());
    let vector = ctx.vector_type(&[2], ctx.i8());
    let a = ctx.dense_elements_attr(tensor, &[1, 2]);
    let b = ctx.dense_elements_attr(tensor, &[2, 1]);
    let c = ctx.dense_elements_attr(vector, &[1, 2]);
    assert_eq!(a.to_string(), "dense<[1, 2]> : tensor<2xi8>");
    assert_eq!(b.to_string(), "dense<[2, 1]> : tensor<2xi8>");
    assert_eq!(c.to_string(), "dense<[1, 2]> : vector<2xi8>");
    assert_ne!(a, b);
    assert_ne!(a, c);
    assert_eq!(a, ctx.dense_elements_attr(tensor, &[1, 2]));
}

/// One-dimensional sparse indices are taken for a rank-1 type and refused
/// for any other, as mlir-opt-19 prints `sparse<[0, 2], [1, 5]> :
/// tensor<4xi32>` and refuses it for `tensor<2x2xi32>` (no indices are
/// `sparse<>` either way); string values that
/// are all equal print once, as mlir-opt-19 prints `sparse<[0, 1], "a"> :
/// tensor<2x!foo.str>`, and unequal ones as a list.
#[test]
fn sparse_attributes_with_flat_indices_and_string_splats() {
    let ctx = Context::new();
    let vector = ctx.tensor_type(&[4], ctx.i32());
    let values = i32_bytes(&[1, 5]);
    let flat = ctx
        .try_sparse_elements_attr_1d(vector, &[0, 2], &values)
        .unwrap();
    assert_eq!(flat.to_string(), "sparse<[0, 2], [1, 5]> : tensor<4xi32>");
    // No indices at all are the one `sparse<> : tensor<4xi32>`, whichever
    // constructor built them.
    let empty = ctx.try_sparse_elements_attr_1d(vector, &[], &[]).unwrap();
    assert_eq!(
        empty,
        ctx.try_sparse_elements_attr(vector, &[], &[]).unwrap()
    );
    assert_eq!(empty.to_string(), "sparse<> : tensor<4xi32>");
    let square = ctx.tensor_type(&[2, 2], ctx.i32());
    assert_eq!(
        ctx.try_sparse_elements_attr_1d(square, &[0, 1], &values)
            .unwrap_err()
            .to_string(),
        "one-dimensional sparse indices need a rank-1 type, not `tensor<2x2xi32>`"
    );

    let strings = ctx.tensor_type(&[2], ctx.opaque_type("foo", "str"));
    let splat = ctx
        .try_sparse_string_elements_attr(strings, &[0, 1], true, &["a", "a"])
        .unwrap();
    assert_eq!(
        splat.to_string(),
        r#"sparse<[0, 1], "a"> : tensor<2x!foo.str>"#
    );
    let listed = ctx
        .try_sparse_string_elements_attr(strings, &[0, 1], false, &["a", "b"])
        .unwrap();
    assert_eq!(
        listed.to_string(),
        r#"sparse<[[0], [1]], ["a", "b"]> : tensor<2x!foo.str>"#
    );
    // Two coordinates an element: `sparse<[[0, 0], [1, 1]], ["a", "b"]> :
    // tensor<2x2x!foo.str>`, and one string a stored element, no more.
    let square = ctx.tensor_type(&[2, 2], ctx.opaque_type("foo", "str"));
    let diagonal = ctx
        .try_sparse_string_elements_attr(square, &[0, 0, 1, 1], false, &["a", "b"])
        .unwrap();
    assert_eq!(
        diagonal.to_string(),
        r#"sparse<[[0, 0], [1, 1]], ["a", "b"]> : tensor<2x2x!foo.str>"#
    );
    assert_eq!(
        ctx.try_sparse_string_elements_attr(square, &[0, 0, 1, 1], false, &["a", "b", "c"])
            .unwrap_err()
            .to_string(),
        "a sparse elements attribute needs `rank` indices and one value per stored element"
    );
}

/// A sparse attribute's coordinates must lie inside the shape, with
/// mlir-opt-19's message for `sparse<[[0, 0], [1, 2]], [1, 2]> :
/// tensor<2x2xi32>` (a negative one is refused too), and it needs one value
/// per coordinate tuple.
#[test]
fn sparse_indices_and_values_must_fit_the_type() {
    let ctx = Context::new();
    let square = ctx.tensor_type(&[2, 2], ctx.i32());
    let values = i32_bytes(&[1, 2]);
    assert_eq!(
        ctx.try_sparse_elements_attr(square, &[0, 0, 1, 2], &values)
            .unwrap_err()
            .to_string(),
        "sparse index #1 is not contained within the value shape, with index=[1, 2], and type='tensor<2x2xi32>'"
    );
    assert!(
        ctx.try_sparse_elements_attr(square, &[0, -1, 1, 1], &values)
            .is_err()
    );
    assert_eq!(
        ctx.try_sparse_elements_attr(square, &[0, 0, 1, 1], &values)
            .unwrap()
            .to_string(),
        "sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<2x2xi32>"
    );
    assert_eq!(
        ctx.try_sparse_elements_attr(square, &[0, 0, 1, 1], &i32_bytes(&[1]))
            .unwrap_err()
            .to_string(),
        "a sparse elements attribute needs `rank` indices and one value per stored element"
    );
}

/// A sparse attribute built of two dense attributes reads its coordinates
/// from integer elements of any width and signedness, a rank-1 index
/// attribute as flat indices, and a splat of values as one value for every
/// coordinate tuple: the prints are mlir-opt-19's `sparse<[[0, 0], [1, 1]],
/// [1, 2]> : tensor<2x2xi32>`, `sparse<[0, 2], [1, 5]> : tensor<4xi32>` and
/// `sparse<[[0, 0], [1, 1]], 7> : tensor<2x2xi32>`.
#[test]
fn sparse_attributes_of_dense_attributes() {
    let ctx = Context::new();
    let square = ctx.tensor_type(&[2, 2], ctx.i32());
    let pairs = ctx.tensor_type(&[2, 2], ctx.integer_type(8, Signedness::Unsigned));
    let indices = ctx.try_dense_attr(pairs, &[0, 0, 1, 1]).unwrap();
    let values = ctx
        .try_dense_attr(ctx.tensor_type(&[2], ctx.i32()), &i32_bytes(&[1, 2]))
        .unwrap();
    assert_eq!(
        ctx.sparse_elements_attr(square, indices.into(), values.into())
            .unwrap(),
        ctx.try_sparse_elements_attr(square, &[0, 0, 1, 1], &i32_bytes(&[1, 2]))
            .unwrap()
    );
    let seven = ctx
        .try_dense_attr(ctx.tensor_type(&[2], ctx.i32()), &i32_bytes(&[7]))
        .unwrap();
    assert_eq!(
        ctx.sparse_elements_attr(square, indices.into(), seven.into())
            .unwrap()
            .to_string(),
        "sparse<[[0, 0], [1, 1]], 7> : tensor<2x2xi32>"
    );
    let flat = ctx
        .try_dense_attr(
            ctx.tensor_type(&[2], ctx.i64()),
            &[0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        )
        .unwrap();
    let vector = ctx.tensor_type(&[4], ctx.i32());
    let values = ctx
        .try_dense_attr(ctx.tensor_type(&[2], ctx.i32()), &i32_bytes(&[1, 5]))
        .unwrap();
    assert_eq!(
        ctx.sparse_elements_attr(vector, flat.into(), values.into())
            .unwrap()
            .to_string(),
        "sparse<[0, 2], [1, 5]> : tensor<4xi32>"
    );
    // A signed `-1` is a negative coordinate, an unsigned 255 one past the
    // shape: both refused.
    let signed = ctx
        .try_dense_attr(ctx.tensor_type(&[1, 2], ctx.i8()), &[0, 0xFF])
        .unwrap();
    let unsigned = ctx
        .try_dense_attr(
            ctx.tensor_type(&[1, 2], ctx.integer_type(8, Signedness::Unsigned)),
            &[0, 0xFF],
        )
        .unwrap();
    for bad in [signed, unsigned] {
        assert!(
            ctx.sparse_elements_attr(square, bad.into(), seven.into())
                .is_err()
        );
    }
    // Coordinates of two bytes, and an unsigned byte above 127: `[258]` and
    // `[200]` of `tensor<300xi32>` (mlir-opt-19 prints the one index as a
    // splat, `sparse<258, 7> : tensor<300xi32>`), where a signed byte 200
    // is -56 and refused.
    let long = ctx.tensor_type(&[300], ctx.i32());
    let one = ctx
        .try_dense_attr(ctx.tensor_type(&[1], ctx.i32()), &i32_bytes(&[7]))
        .unwrap();
    let wide = ctx
        .try_dense_attr(ctx.tensor_type(&[1], ctx.i64()), &258_i64.to_le_bytes())
        .unwrap();
    let built = ctx
        .sparse_elements_attr(long, wide.into(), one.into())
        .unwrap();
    assert_eq!(built.to_string(), "sparse<258, 7> : tensor<300xi32>");
    let ui8 = ctx.integer_type(8, Signedness::Unsigned);
    let high = ctx
        .try_dense_attr(ctx.tensor_type(&[1], ui8), &[200])
        .unwrap();
    assert_eq!(
        ctx.sparse_elements_attr(long, high.into(), one.into())
            .unwrap(),
        ctx.try_sparse_elements_attr_1d(long, &[200], &i32_bytes(&[7]))
            .unwrap()
    );
    let negative = ctx
        .try_dense_attr(ctx.tensor_type(&[1], ctx.i8()), &[200])
        .unwrap();
    assert!(
        ctx.sparse_elements_attr(long, negative.into(), one.into())
            .is_err()
    );
    // An unsigned coordinate past `i64` is refused, not wrapped to a small one.
    let ui64 = ctx.integer_type(64, Signedness::Unsigned);
    let huge = ctx
        .try_dense_attr(ctx.tensor_type(&[1], ui64), &u64::MAX.to_le_bytes())
        .unwrap();
    assert!(
        ctx.sparse_elements_attr(long, huge.into(), one.into())
            .is_err()
    );
    // Indices that are not integers, or not a dense attribute, are refused.
    let floats = ctx
        .try_dense_attr(ctx.tensor_type(&[1, 2], ctx.f32()), &[0; 8])
        .unwrap();
    let message = "sparse indices and values must be dense integer and element attributes";
    assert_eq!(
        ctx.sparse_elements_attr(square, floats.into(), seven.into())
            .unwrap_err()
            .to_string(),
        message
    );
    assert_eq!(
        ctx.sparse_elements_attr(square, ctx.i64_attr(0).into(), seven.into())
            .unwrap_err()
            .to_string(),
        message
    );
}

/// A context-lived dense attribute stores a splat as its one element,
/// however it was given: every element spelled out or one, it is one
/// attribute, printed `dense<7> : tensor<3xi32>` as mlir-opt-19 prints
/// `dense<[7, 7, 7]> : tensor<3xi32>`.
#[test]
fn a_dense_splat_is_stored_as_one_element() {
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[3], ctx.i32());
    let spelled = ctx.try_dense_attr(ty, &i32_bytes(&[7, 7, 7])).unwrap();
    let one = ctx.try_dense_attr(ty, &i32_bytes(&[7])).unwrap();
    assert_eq!(spelled, one);
    assert_eq!(spelled.payload().data, &7_i32.to_le_bytes());
    assert_eq!(spelled.to_string(), "dense<7> : tensor<3xi32>");
}

/// No bytes are an attribute only of a type with no elements, counted in
/// 64 bits that wrap as MLIR counts them: mlir-opt-19 prints `dense<> :
/// tensor<4611686018427387904x4xi8>` and `dense<> : tensor<0x3xi32>`, and
/// no bytes for three `i32` elements are refused.
#[test]
fn no_bytes_only_for_no_elements() {
    let ctx = Context::new();
    let wrapped = ctx.tensor_type(&[1 << 62, 4], ctx.i8());
    assert_eq!(
        ctx.try_dense_attr(wrapped, &[]).unwrap().to_string(),
        "dense<> : tensor<4611686018427387904x4xi8>"
    );
    let none = ctx.tensor_type(&[0, 3], ctx.i32());
    assert_eq!(
        ctx.try_dense_attr(none, &[]).unwrap().to_string(),
        "dense<> : tensor<0x3xi32>"
    );
    let three = ctx.tensor_type(&[3], ctx.i32());
    assert_eq!(
        ctx.try_dense_attr(three, &[]).unwrap_err().to_string(),
        "a dense elements attribute of type `tensor<3xi32>` needs 3 elements of 4 bytes, not 0 bytes"
    );
}
