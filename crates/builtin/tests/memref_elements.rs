//! Elements attributes over memref types, as MLIR builds them: every
//! elements attribute takes a statically shaped memref (with its layout and
//! memory space) as it takes a tensor or vector, and a dense resource any
//! shaped type, dynamic and unranked ones included. The prints are
//! `mlir-opt-19`'s for the same attributes.

use strata_builtin::DYNAMIC;
use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Type};

/// `dense<...>` over a memref prints as MLIR prints it, and a dynamic or
/// unranked memref is refused as a dynamic tensor is.
#[test]
fn dense_attributes_of_static_memrefs() {
    let ctx = Context::new();
    let space: Attribute<'_> = ctx.integer_attr(ctx.i64(), 3).into();
    let ty = ctx.memref_type_with(&[2], ctx.i32(), None, Some(space));
    let data: Vec<u8> = [1_i32, 2].iter().flat_map(|v| v.to_le_bytes()).collect();
    // mlir-opt-19: `dense<[1, 2]> : memref<2xi32, 3>`.
    assert_eq!(
        ctx.try_dense_attr(ty, &data).unwrap().to_string(),
        "dense<[1, 2]> : memref<2xi32, 3>"
    );
    // The reclaimable form is the same attribute text.
    assert_eq!(
        ctx.dense_elements_attr(ty, &data).to_string(),
        "dense<[1, 2]> : memref<2xi32, 3>"
    );
    // mlir-opt-19: `dense<1.500000e+00> : memref<2x2xf32>`.
    let f = ctx.memref_type(&[2, 2], ctx.f32());
    assert_eq!(
        ctx.try_dense_attr(f, &1.5_f32.to_le_bytes())
            .unwrap()
            .to_string(),
        "dense<1.500000e+00> : memref<2x2xf32>"
    );
    let dynamic = ctx.memref_type(&[DYNAMIC], ctx.i32());
    let refused = ctx
        .try_dense_attr(dynamic, &1_i32.to_le_bytes())
        .unwrap_err();
    assert!(
        refused
            .message()
            .contains("statically shaped tensor, vector or memref"),
        "{}",
        refused.message()
    );
    let unranked = ctx.unranked_memref_type(ctx.i32(), None);
    assert!(ctx.try_dense_attr(unranked, &1_i32.to_le_bytes()).is_err());
}

/// `sparse<...>` over a memref prints as MLIR prints it.
#[test]
fn sparse_attributes_of_static_memrefs() {
    let ctx = Context::new();
    let ty = ctx.memref_type(&[2], ctx.i32());
    let sparse = ctx
        .try_sparse_elements_attr(ty, &[0], &1_i32.to_le_bytes())
        .expect("a memref of rank 1 takes one index per value");
    // mlir-opt-19: `sparse<0, 1> : memref<2xi32>` for
    // `sparse<[[0]], [1]> : memref<2xi32>`.
    assert_eq!(sparse.to_string(), "sparse<0, 1> : memref<2xi32>");
    let unranked = ctx.unranked_memref_type(ctx.i32(), None);
    assert!(
        ctx.try_sparse_elements_attr(unranked, &[0], &1_i32.to_le_bytes())
            .is_err()
    );
}

/// `dense_resource<...>` takes any shaped type, as MLIR's
/// `DenseResourceElementsAttr` does, and refuses any other type.
#[test]
fn dense_resources_of_any_shaped_type() {
    let ctx = Context::new();
    let types: [(Type<'_>, &str); 5] = [
        (ctx.memref_type(&[2], ctx.i32()).into(), "memref<2xi32>"),
        (
            ctx.memref_type(&[DYNAMIC], ctx.i32()).into(),
            "memref<?xi32>",
        ),
        (ctx.unranked_tensor_type(ctx.i32()).into(), "tensor<*xi32>"),
        (
            ctx.unranked_memref_type(ctx.f32(), None).into(),
            "memref<*xf32>",
        ),
        (
            ctx.tensor_type(&[DYNAMIC, 4], ctx.f32()).into(),
            "tensor<?x4xf32>",
        ),
    ];
    for (ty, text) in types {
        // mlir-opt-19 prints each back as written.
        assert_eq!(
            ctx.dense_resource_attr(ty, "r").to_string(),
            format!("dense_resource<r> : {text}")
        );
    }
    let refused = ctx.try_dense_resource_attr("r", ctx.i32()).unwrap_err();
    assert_eq!(
        refused.message(),
        "a dense resource needs a tensor, vector or memref type, not `i32`"
    );
}
