//! Tests that close the gaps `cargo mutants` found in `src/types.rs`: each
//! test below fails with at least one mutant that the crate's other tests
//! let through (see docs/RELIABILITY.md, "Source mutants").

use core::fmt;

use strata_builtin::prelude::*;
use strata_builtin::{
    DYNAMIC, Signedness, apnum, is_builtin_type, is_valid_dialect_namespace,
    is_valid_memref_element, is_valid_tensor_element, num_elements,
};
use strata_ctx::{Context, Type, storage_kind};

/// The rank and element count of ranked tensors, memrefs and vectors, and
/// which dimensions of a vector are scalable: a rank of 0, 2 and 3, a count
/// that is 0, 1 or a product, none for a dynamic dimension or an overflow.
#[test]
fn shaped_types_report_rank_and_element_count() {
    let ctx = Context::new();
    let f32 = ctx.f32();

    let t = ctx.tensor_type(&[2, 3, 4], f32);
    assert_eq!(t.payload().rank(), 3);
    assert_eq!(t.payload().num_elements(), Some(24));
    let t0 = ctx.tensor_type(&[], f32);
    assert_eq!(t0.payload().rank(), 0);
    assert_eq!(t0.payload().num_elements(), Some(1));
    assert_eq!(
        ctx.tensor_type(&[4, 0], f32).payload().num_elements(),
        Some(0)
    );
    assert_eq!(
        ctx.tensor_type(&[4, DYNAMIC], f32).payload().num_elements(),
        None
    );

    let m = ctx.memref_type(&[5, 7], f32);
    assert_eq!(m.payload().rank(), 2);
    assert_eq!(m.payload().num_elements(), Some(35));
    let m0 = ctx.memref_type(&[], f32);
    assert_eq!(m0.payload().rank(), 0);
    assert_eq!(m0.payload().num_elements(), Some(1));
    assert_eq!(ctx.memref_type(&[0], f32).payload().num_elements(), Some(0));
    assert_eq!(
        ctx.memref_type(&[DYNAMIC, 2], f32).payload().num_elements(),
        None
    );

    let v = ctx.scalable_vector_type(&[2, 3, 4], &[false, true, false], f32);
    assert_eq!(v.payload().rank(), 3);
    assert_eq!(v.payload().num_elements(), Some(24));
    assert!(!v.payload().is_scalable_dim(0));
    assert!(v.payload().is_scalable_dim(1));
    assert!(!v.payload().is_scalable_dim(2));
    assert!(!v.payload().is_scalable_dim(3), "past the rank");
    let v0 = ctx.vector_type(&[], f32);
    assert_eq!(v0.payload().rank(), 0);
    assert_eq!(v0.payload().num_elements(), Some(1));
    let fixed = ctx.vector_type(&[8], f32);
    assert_eq!(fixed.payload().rank(), 1);
    assert!(!fixed.payload().is_scalable_dim(0));

    // The free function: a dynamic dimension or an overflow gives none.
    assert_eq!(num_elements(&[]), Some(1));
    assert_eq!(num_elements(&[3, 0, 5]), Some(0));
    assert_eq!(num_elements(&[3, 5]), Some(15));
    assert_eq!(num_elements(&[3, DYNAMIC]), None);
    assert_eq!(num_elements(&[-1]), None);
    assert_eq!(num_elements(&[1 << 32, 1 << 32]), None);
    assert_eq!(num_elements(&[1 << 31, 1 << 31]), Some(1 << 62));
}

/// An opaque type's text prints in the pretty form (`!foo.a<b>`) only when
/// what follows its identifier is empty or one `<...>`: text that only
/// starts with `<` or only ends with `>` keeps the angle form, as
/// mlir-opt-19 prints `!foo<a<b>c>`, `!foo<a x<y>>` and `!foo.a_b<x>`.
#[test]
fn opaque_types_print_the_pretty_form_only_for_one_trailing_bracket() {
    let ctx = Context::new();
    assert_eq!(ctx.opaque_type("foo", "a<b>c").to_string(), "!foo<a<b>c>");
    assert_eq!(ctx.opaque_type("foo", "a x<y>").to_string(), "!foo<a x<y>>");
    assert_eq!(ctx.opaque_type("foo", "a_b<x>").to_string(), "!foo.a_b<x>");
}

/// A dialect namespace is `[a-zA-Z_][a-zA-Z_0-9$]*`: `_x$1` and `a_b` are
/// accepted (mlir-opt-19 prints `!_x$1.y` and `!a_b.c` back), an empty
/// name, a leading digit or `$`, and a `-` or `.` anywhere are refused.
#[test]
fn dialect_namespaces_follow_mlirs_rule() {
    let ctx = Context::new();
    for good in ["_x$1", "a_b", "a$", "Z9"] {
        assert!(is_valid_dialect_namespace(good), "{good}");
    }
    assert_eq!(
        ctx.try_opaque_type("_x$1", "y").unwrap().to_string(),
        "!_x$1.y"
    );
    assert_eq!(
        ctx.try_opaque_type("a_b", "c").unwrap().to_string(),
        "!a_b.c"
    );
    for bad in ["", "1a", "$a", "-a", "a-b", "a.b", "ab-", "a b"] {
        assert!(!is_valid_dialect_namespace(bad), "{bad:?}");
        assert_eq!(
            ctx.try_opaque_type(bad, "y").unwrap_err().to_string(),
            format!("invalid dialect namespace '{bad}'")
        );
    }
}

/// The payload of a type of another dialect: MLIR's `!ptr.ptr`, which
/// implements MLIR's memref element interface (mlir-opt-19 accepts
/// `memref<2x!ptr.ptr>`, where it refuses `!llvm.ptr` or an unregistered
/// dialect's type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PtrData;

impl fmt::Display for PtrData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("!ptr.ptr")
    }
}

storage_kind! {
    /// `!ptr.ptr`: a type kind outside the builtin dialect.
    Ptr => PtrData, "ptr.ptr", Category::Type
}

/// Which types a tensor or memref, ranked or not, takes as elements: every
/// form below prints as mlir-opt-19 prints it, and the refused ones are
/// those mlir-opt-19 refuses with `invalid memref element type` (a tensor,
/// `none`, a function type, an unregistered dialect's type).
#[test]
fn memrefs_and_tensors_take_mlirs_element_types() {
    let ctx = Context::new();
    let f32 = ctx.f32();
    let ptr: Type<'_> = ctx.intern::<Ptr>(&PtrData).into();
    assert!(!is_builtin_type(ptr));
    assert!(is_builtin_type(f32.into()));
    let accepted: [(Type<'_>, &str); 7] = [
        (ctx.index().into(), "index"),
        (ctx.complex_type(f32).into(), "complex<f32>"),
        (ctx.memref_type(&[2], f32).into(), "memref<2xf32>"),
        (ctx.unranked_memref_type(f32, None).into(), "memref<*xf32>"),
        (ctx.vector_type(&[2], f32).into(), "vector<2xf32>"),
        (ptr, "!ptr.ptr"),
        (f32.into(), "f32"),
    ];
    for (element, text) in accepted {
        assert!(is_valid_memref_element(element), "{text}");
        assert_eq!(
            ctx.try_memref_type(&[4], element, None, None)
                .unwrap()
                .to_string(),
            format!("memref<4x{text}>")
        );
        assert_eq!(
            ctx.try_unranked_memref_type(element, None)
                .unwrap()
                .to_string(),
            format!("memref<*x{text}>")
        );
    }
    // A tensor takes a dialect's type too: `tensor<2x!ptr.ptr>`.
    assert!(is_valid_tensor_element(ptr));
    assert_eq!(
        ctx.try_tensor_type(&[2], ptr, None).unwrap().to_string(),
        "tensor<2x!ptr.ptr>"
    );
    assert_eq!(
        ctx.try_unranked_tensor_type(ptr).unwrap().to_string(),
        "tensor<*x!ptr.ptr>"
    );
    let refused: [Type<'_>; 4] = [
        ctx.tensor_type(&[2], f32).into(),
        ctx.none_type().into(),
        ctx.function_type(&[ctx.i32().into()], &[ctx.i32().into()])
            .into(),
        ctx.opaque_type("foo", "bar").into(),
    ];
    for element in refused {
        assert!(!is_valid_memref_element(element), "{element}");
        assert_eq!(
            ctx.try_memref_type(&[4], element, None, None)
                .unwrap_err()
                .to_string(),
            "invalid memref element type"
        );
        assert_eq!(
            ctx.try_unranked_memref_type(element, None)
                .unwrap_err()
                .to_string(),
            "invalid memref element type"
        );
    }
}

/// The widest integer type, 2^24 - 1 bits, is built by both constructors
/// and prints as mlir-opt-19 prints `i16777215` and `si16777215`; one bit
/// more is refused by both, the panicking one with MLIR's message.
#[test]
fn the_integer_width_limit_is_inclusive_in_both_constructors() {
    let ctx = Context::new();
    let widest = apnum::MAX_WIDTH;
    assert_eq!(widest, 16_777_215);
    assert_eq!(
        ctx.integer_type(widest, Signedness::Signless).to_string(),
        "i16777215"
    );
    assert_eq!(
        ctx.try_integer_type(widest, Signedness::Signed)
            .unwrap()
            .to_string(),
        "si16777215"
    );
    assert_eq!(
        ctx.try_integer_type(widest + 1, Signedness::Signless)
            .unwrap_err()
            .to_string(),
        "integer bitwidth is limited to 16777215 bits"
    );
    let caught = std::panic::catch_unwind(|| {
        let ctx = Context::new();
        let _ = ctx.integer_type(widest + 1, Signedness::Unsigned);
    })
    .expect_err("a width above the limit panics");
    assert_eq!(
        caught.downcast_ref::<String>().map(String::as_str),
        Some("strata: invalid builtin: integer bitwidth is limited to 16777215 bits")
    );
}
