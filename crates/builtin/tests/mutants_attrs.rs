//! Tests that close the gaps `cargo mutants` found in `src/attrs.rs`: each
//! test below fails with at least one mutant that the crate's other tests
//! let through (see docs/RELIABILITY.md, "Source mutants"). Every printed
//! form is mlir-opt-19's print of the same attribute.

mod common;

use common::Collide;

use strata_builtin::apnum::ApInt;
use strata_builtin::prelude::*;
use strata_builtin::{FloatKind, Signedness};
use strata_ctx::diag::EngineBuilder;
use strata_ctx::{Context, Shared};

/// An integer attribute reads back as an `i128` and an `i64` the way its
/// type reads it: two's complement for a signless or signed type and
/// `index`, unsigned for `uiN`, and nothing where the value does not fit.
#[test]
fn integer_attributes_read_back_as_the_type_reads_them() {
    let ctx = Context::new();
    let read = |a: strata_ctx::Interned<'_, strata_builtin::IntegerAttr>| {
        (a.payload().as_i128(), a.payload().as_i64())
    };
    let ui8 = ctx.integer_type(8, Signedness::Unsigned);
    let si8 = ctx.integer_type(8, Signedness::Signed);
    assert_eq!(read(ctx.integer_attr(ctx.i8(), -1)), (Some(-1), Some(-1)));
    assert_eq!(
        read(ctx.integer_attr(ctx.i8(), 200)),
        (Some(-56), Some(-56))
    );
    assert_eq!(read(ctx.integer_attr(si8, 2)), (Some(2), Some(2)));
    assert_eq!(read(ctx.integer_attr(ui8, 255)), (Some(255), Some(255)));
    assert_eq!(read(ctx.integer_attr(ui8, 0)), (Some(0), Some(0)));
    assert_eq!(read(ctx.index_attr(7)), (Some(7), Some(7)));
    assert_eq!(
        read(ctx.i64_attr(i64::MIN)),
        (Some(-1 << 63), Some(i64::MIN))
    );
    // `true` is the one bit of a signless `i1`, which reads as -1.
    assert_eq!(read(ctx.bool_attr(true)), (Some(-1), Some(-1)));
    // A `ui64` above `i64::MAX` fits an `i128` but not an `i64`.
    let ui64 = ctx.integer_type(64, Signedness::Unsigned);
    assert_eq!(
        read(ctx.integer_attr(ui64, i128::from(u64::MAX))),
        (Some(i128::from(u64::MAX)), None)
    );
    // The extremes of `i128`, and values of 128 and 200 bits that do not fit.
    let i128_ty = ctx.int(128);
    assert_eq!(
        read(ctx.integer_attr(i128_ty, i128::MAX)),
        (Some(i128::MAX), None)
    );
    assert_eq!(
        read(ctx.integer_attr(i128_ty, i128::MIN)),
        (Some(i128::MIN), None)
    );
    let ui128 = ctx.integer_type(128, Signedness::Unsigned);
    let all_ones = ApInt::from_u128(128, u128::MAX);
    assert_eq!(read(ctx.integer_attr_ap(ui128, &all_ones)), (None, None));
    let i200 = ctx.int(200);
    let high = ApInt::from_limbs(200, &[0, 0, 1]);
    assert_eq!(read(ctx.integer_attr_ap(i200, &high)), (None, None));
    assert_eq!(read(ctx.integer_attr(i200, -3)), (Some(-3), Some(-3)));
}

/// Integer attributes that share a hash are one attribute only when their
/// type, their low word and their words above it all agree: `5 : i32` and
/// `5 : i64`, `5` and `6`, and two `i128` values with one low word stay
/// apart, and each is found again.
#[test]
fn colliding_integer_attributes_compare_type_and_every_word() {
    let ctx: Context<Shared, Collide> = Context::with_hasher(EngineBuilder::new().build(), Collide);
    let a = ctx.integer_attr(ctx.i32(), 5);
    let b = ctx.integer_attr(ctx.i64(), 5);
    let c = ctx.integer_attr(ctx.i64(), 6);
    assert_eq!(a.to_string(), "5 : i32");
    assert_eq!(b.to_string(), "5 : i64");
    assert_eq!(c.to_string(), "6 : i64");
    assert_ne!(a, b);
    assert_ne!(b, c);
    assert_eq!(a, ctx.integer_attr(ctx.i32(), 5));
    assert_eq!(b, ctx.integer_attr(ctx.i64(), 5));

    let i128_ty = ctx.int(128);
    let low = ctx.integer_attr_ap(i128_ty, &ApInt::from_limbs(128, &[5, 1]));
    let other = ctx.integer_attr_ap(i128_ty, &ApInt::from_limbs(128, &[5, 2]));
    assert_eq!(low.to_string(), "18446744073709551621 : i128");
    assert_eq!(other.to_string(), "36893488147419103237 : i128");
    assert_ne!(low, other);
    assert_eq!(
        low,
        ctx.integer_attr_ap(i128_ty, &ApInt::from_limbs(128, &[5, 1]))
    );
}

/// String attributes that share a hash are one attribute only when their
/// bytes agree: `"a"`, `"b"` and `"ab"` stay apart, and each is found again.
#[test]
fn colliding_string_attributes_compare_their_bytes() {
    let ctx: Context<Shared, Collide> = Context::with_hasher(EngineBuilder::new().build(), Collide);
    let a = ctx.string_attr("a");
    let b = ctx.string_attr("b");
    let ab = ctx.string_attr("ab");
    assert_eq!((a.as_str(), b.as_str(), ab.as_str()), ("a", "b", "ab"));
    assert_ne!(a, b);
    assert_ne!(a, ab);
    assert_eq!(b, ctx.string_attr("b"));
    assert_eq!(ab, ctx.string_attr("ab"));
}

/// A value wider than 64 bits is one attribute however it is built, and
/// keeps its words above the first: `2^64 + 5 : i128` printed in full, as
/// mlir-opt-19 prints `18446744073709551621 : i128`.
#[test]
fn wide_integer_attributes_are_found_again_with_their_high_words() {
    let ctx = Context::new();
    let i128_ty = ctx.int(128);
    let value = (1i128 << 64) + 5;
    let a = ctx.integer_attr(i128_ty, value);
    let b = ctx.integer_attr_ap(i128_ty, &ApInt::from_i128(128, value));
    let c = ctx.try_integer_attr(i128_ty, value).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a.to_string(), "18446744073709551621 : i128");
    assert_eq!(a.payload().value(), ApInt::from_i128(128, value));
    assert_ne!(a, ctx.integer_attr(i128_ty, 5));
}

/// The range check of `try_integer_attr` at every edge: a signless type
/// takes both readings, a signed one (and `index`) its signed range, an
/// unsigned one its unsigned range, `i0` only 0, and 127 and 128 bits
/// whatever an `i128` holds in their range. mlir-opt-19 takes each edge
/// below (`255 : i8`, `-128 : i8`, `127 : si8`, `-1 : i1`, `-1 : si1`, `1 :
/// ui1`, `0 : i0`, `9223372036854775807 : index`, the extremes of `si127`
/// ...) and refuses one past each.
#[test]
fn the_integer_range_check_is_exact_at_every_edge() {
    let ctx = Context::new();
    let takes = |ty: strata_ctx::Type<'_>, v: i128| ctx.try_integer_attr(ty, v).is_ok();
    let si = |w| ctx.integer_type(w, Signedness::Signed).into();
    let ui = |w| ctx.integer_type(w, Signedness::Unsigned).into();
    let i = |w| ctx.int(w).into();

    for (ty, lowest, highest) in [
        (i(8), -128, 255),
        (si(8), -128, 127),
        (ui(8), 0, 255),
        (i(1), -1, 1),
        (si(1), -1, 0),
        (ui(1), 0, 1),
        (i(0), 0, 0),
        (si(64), i128::from(i64::MIN), i128::from(i64::MAX)),
        (ui(64), 0, i128::from(u64::MAX)),
        (i(64), i128::from(i64::MIN), i128::from(u64::MAX)),
        (
            ctx.index().into(),
            i128::from(i64::MIN),
            i128::from(i64::MAX),
        ),
        (si(127), -(1 << 126), (1 << 126) - 1),
    ] {
        assert!(takes(ty, lowest), "{lowest} : {ty}");
        assert!(takes(ty, highest), "{highest} : {ty}");
        assert!(!takes(ty, lowest - 1), "{} : {ty}", lowest - 1);
        assert!(!takes(ty, highest + 1), "{} : {ty}", highest + 1);
    }
    // 127 and 128 bits: every non-negative `i128` is in range unsigned, and
    // every `i128` signed or signless at 128 bits.
    for ty in [ui(127), ui(128)] {
        assert!(takes(ty, 0));
        assert!(takes(ty, 1 << 100));
        assert!(takes(ty, i128::MAX));
        assert!(!takes(ty, -1));
    }
    for ty in [i(128), si(128)] {
        assert!(takes(ty, i128::MIN));
        assert!(takes(ty, i128::MAX));
    }
    assert_eq!(
        ctx.try_integer_attr(ui(8), 256).unwrap_err().to_string(),
        "integer constant 256 out of range for type ui8"
    );
    assert_eq!(
        ctx.try_integer_attr(ctx.f32(), 0).unwrap_err().to_string(),
        "expected integer or index type, not `f32`"
    );
}

/// A float attribute from bits takes the second word as the bits above the
/// first 64 (`0x4000C000000000000000 : f80`, which mlir-opt-19 prints
/// `3.000000e+00 : f80`), takes words above the second only when they are
/// zero (`0x3FFF0000000000000000000000000000 : f128` with two zero words
/// more is `1.000000e+00 : f128`), and refuses a nonzero one there, as it
/// refuses bits above an `f32`'s 32.
#[test]
fn float_bits_take_two_words_and_refuse_more() {
    let ctx = Context::new();
    let f80 = ctx.float_type(FloatKind::F80);
    let f128 = ctx.float_type(FloatKind::F128);
    let three = ctx
        .float_attr_from_bits(f80, &[0xC000_0000_0000_0000, 0x4000])
        .unwrap();
    assert_eq!(three.to_string(), "3.000000e+00 : f80");
    let one = ctx
        .float_attr_from_bits(f128, &[0, 0x3FFF_0000_0000_0000, 0, 0])
        .unwrap();
    assert_eq!(one.to_string(), "1.000000e+00 : f128");
    assert_eq!(one, ctx.float_attr(f128, 1.0));
    assert_eq!(
        ctx.float_attr_from_bits(f128, &[0, 0x3FFF_0000_0000_0000, 1])
            .unwrap_err()
            .to_string(),
        "hexadecimal float constant out of range for type"
    );
    assert!(ctx.float_attr_from_bits(ctx.f32(), &[1 << 32]).is_err());
    assert_eq!(
        ctx.float_attr_from_bits(ctx.f32(), &[0x3F80_0000])
            .unwrap()
            .to_string(),
        "1.000000e+00 : f32"
    );
}
