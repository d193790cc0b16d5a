//! MLIR 19's constant folders of the `arith` dialect (and of `math`'s
//! integer bit counts and `absi`), on scalar constants: given an
//! operation's name, its operands' constant attributes, its properties and
//! its result type, [`fold`] gives the attribute MLIR's `fold` replaces the
//! result with, or `None` exactly where MLIR's folder leaves the operation
//! (division by zero, signed overflow of a division, a shift by the width
//! or more, an inexact float conversion, an invalid float-to-integer
//! conversion...). The arithmetic is `strata_apnum`'s port of LLVM's
//! `APInt` and `APFloat`, so the result is MLIR's bit for bit
//! (`tests/fold.rs` checks it against `mlir-opt-19 -test-constant-fold`).
//!
//! ```
//! use strata_builtin::prelude::*;
//! use strata_ctx::{Attribute, Context};
//!
//! let ctx = Context::new();
//! let i8 = ctx.integer_type(8, strata_builtin::Signedness::Signless);
//! let a: Attribute<'_> = ctx.integer_attr(i8, 127).into();
//! let b: Attribute<'_> = ctx.integer_attr(i8, 1).into();
//! let sum = strata_dialects::fold::fold(&ctx, "arith.addi", &[Some(a), Some(b)], None, i8.into());
//! assert_eq!(sum.unwrap().to_string(), "-128 : i8");
//! let zero: Attribute<'_> = ctx.integer_attr(i8, 0).into();
//! assert!(strata_dialects::fold::fold(&ctx, "arith.divsi", &[Some(a), Some(zero)], None, i8.into()).is_none());
//! ```
//!
//! Not folded here (MLIR folds them, strata does not yet): dense and splat
//! operands (vectors and tensors), the multi-result operations
//! (`addui_extended`, `mulsi_extended`, `mului_extended`), `arith.constant`
//! itself, and the folds that need the operation's context rather than its
//! constants (`addi(subi(a, b), b)` and the like).

use core::hash::BuildHasher;

use strata_builtin::apnum::{ApFloat, ApInt, RoundingMode};
use strata_builtin::prelude::*;
use strata_builtin::{
    DictionaryAttr, FloatAttr, FloatType, IntegerAttr, Signedness, integer_attr_width,
};
use strata_ctx::{Attribute, Context, Policy, Type};

/// Every operation [`fold`] folds.
pub const FOLDED_OPS: &[&str] = &[
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.divsi",
    "arith.divui",
    "arith.ceildivsi",
    "arith.ceildivui",
    "arith.floordivsi",
    "arith.remsi",
    "arith.remui",
    "arith.andi",
    "arith.ori",
    "arith.xori",
    "arith.shli",
    "arith.shrsi",
    "arith.shrui",
    "arith.maxsi",
    "arith.maxui",
    "arith.minsi",
    "arith.minui",
    "arith.cmpi",
    "arith.addf",
    "arith.subf",
    "arith.mulf",
    "arith.divf",
    "arith.remf",
    "arith.maximumf",
    "arith.minimumf",
    "arith.maxnumf",
    "arith.minnumf",
    "arith.negf",
    "arith.cmpf",
    "arith.extsi",
    "arith.extui",
    "arith.trunci",
    "arith.extf",
    "arith.truncf",
    "arith.sitofp",
    "arith.uitofp",
    "arith.fptosi",
    "arith.fptoui",
    "arith.index_cast",
    "arith.index_castui",
    "arith.bitcast",
    "arith.select",
    "math.ctlz",
    "math.cttz",
    "math.ctpop",
    "math.absi",
];

const RNE: RoundingMode = RoundingMode::NearestTiesToEven;

/// An integer constant's value and type.
fn int<'c>(a: Option<Attribute<'c>>) -> Option<(ApInt, Type<'c>)> {
    let a = a?.dyn_cast::<IntegerAttr>()?;
    Some((a.payload().value(), a.payload().ty))
}

/// A float constant's value and type.
fn float<'c>(a: Option<Attribute<'c>>) -> Option<(ApFloat, Type<'c>)> {
    let a = a?.dyn_cast::<FloatAttr>()?;
    Some((a.payload().value, a.payload().ty))
}

/// Two integer constants of one type (`constFoldBinaryOp` refuses others).
fn int_pair<'c>(operands: &[Option<Attribute<'c>>]) -> Option<(ApInt, ApInt, Type<'c>)> {
    let (a, ta) = int(*operands.first()?)?;
    let (b, tb) = int(*operands.get(1)?)?;
    (ta == tb).then_some((a, b, ta))
}

/// Two float constants of one type.
fn float_pair<'c>(operands: &[Option<Attribute<'c>>]) -> Option<(ApFloat, ApFloat, Type<'c>)> {
    let (a, ta) = float(*operands.first()?)?;
    let (b, tb) = float(*operands.get(1)?)?;
    (ta == tb).then_some((a, b, ta))
}

/// An integer property (`predicate`).
fn int_prop(props: Option<Attribute<'_>>, name: &str) -> Option<i128> {
    let d = props?.dyn_cast::<DictionaryAttr>()?;
    d.payload()
        .get(name)?
        .dyn_cast::<IntegerAttr>()?
        .payload()
        .as_i128()
}

/// The value `1.0` of a format, for the `x * 1` and `x / 1` folds.
fn is_one(v: &ApFloat) -> bool {
    *v == ApFloat::from_f64(v.semantics(), 1.0)
}

/// MLIR's `applyCmpPredicate` for `arith.cmpi` (`eq` = 0 ... `uge` = 9).
fn cmpi(pred: i128, a: &ApInt, b: &ApInt) -> Option<bool> {
    use core::cmp::Ordering::*;
    let s = a.cmp_signed(b);
    let u = a.cmp_unsigned(b);
    Some(match pred {
        0 => a == b,
        1 => a != b,
        2 => s == Less,
        3 => s != Greater,
        4 => s == Greater,
        5 => s != Less,
        6 => u == Less,
        7 => u != Greater,
        8 => u == Greater,
        9 => u != Less,
        _ => return None,
    })
}

/// MLIR's `applyCmpPredicate` for `arith.cmpf` (`false` = 0, `oeq` ...
/// `uno` = 14, `true` = 15).
fn cmpf(pred: i128, a: &ApFloat, b: &ApFloat) -> Option<bool> {
    use core::cmp::Ordering::*;
    let c = a.compare(b);
    let (lt, eq, gt, un) = (
        c == Some(Less),
        c == Some(Equal),
        c == Some(Greater),
        c.is_none(),
    );
    Some(match pred {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => !un && !eq,
        7 => !un,
        8 => un || eq,
        9 => un || gt,
        10 => un || gt || eq,
        11 => un || lt,
        12 => un || lt || eq,
        13 => !eq,
        14 => un,
        15 => true,
        _ => return None,
    })
}

/// The width of an integer or index result type.
fn result_width(ty: Type<'_>) -> Option<u32> {
    integer_attr_width(ty).map(|(w, _)| w)
}

/// The constant MLIR 19's folder of operation `op` gives for the constant
/// `operands` (`None` where an operand is not a constant), the operation's
/// `properties` (its inherent attributes as a dictionary: `predicate`,
/// `fastmath`...) and its `result_type`, or `None` where MLIR's folder
/// does not fold to a constant. Only scalar integer and float constants
/// are folded; [`FOLDED_OPS`] lists the operations.
pub fn fold<'c, P: Policy, S: BuildHasher>(
    ctx: &'c Context<P, S>,
    op: &str,
    operands: &[Option<Attribute<'c>>],
    properties: Option<Attribute<'c>>,
    result_type: Type<'c>,
) -> Option<Attribute<'c>> {
    let int_attr = |ty: Type<'c>, v: &ApInt| -> Option<Attribute<'c>> {
        ctx.try_integer_attr_ap(ty, v).ok().map(Into::into)
    };
    let float_attr = |ty: Type<'c>, v: ApFloat| -> Option<Attribute<'c>> {
        ctx.try_float_attr_ap(ty, v).ok().map(Into::into)
    };
    let bool_attr = |b: bool| -> Option<Attribute<'c>> { Some(ctx.bool_attr(b).into()) };
    let op = op.strip_prefix("arith.").map_or_else(
        || op.strip_prefix("math.").map(|m| ("math", m)),
        |a| Some(("arith", a)),
    )?;
    match op {
        ("arith", name) if is_int_binary(name) => {
            let (a, b, ty) = int_pair(operands)?;
            let r = int_binary(name, &a, &b)?;
            int_attr(ty, &r)
        }
        ("arith", "cmpi") => {
            let (a, b, _) = int_pair(operands)?;
            bool_attr(cmpi(int_prop(properties, "predicate")?, &a, &b)?)
        }
        ("arith", "cmpf") => {
            let (a, b, _) = float_pair(operands)?;
            bool_attr(cmpf(int_prop(properties, "predicate")?, &a, &b)?)
        }
        ("arith", name) if is_float_binary(name) => {
            let (a, b, ty) = float_pair(operands)?;
            let r = float_binary(name, &a, &b)?;
            float_attr(ty, r)
        }
        ("arith", "negf") => {
            let (a, ty) = float(*operands.first()?)?;
            float_attr(ty, a.negated())
        }
        ("arith", "extsi" | "extui" | "trunci" | "index_cast" | "index_castui") => {
            let (a, _) = int(*operands.first()?)?;
            let w = result_width(result_type)?;
            let r = match op.1 {
                "extsi" if w > a.width() => a.sext_or_trunc(w),
                "extui" if w > a.width() => a.zext_or_trunc(w),
                "trunci" if w < a.width() => a.zext_or_trunc(w),
                "index_cast" => a.sext_or_trunc(w),
                "index_castui" => a.zext_or_trunc(w),
                _ => return None,
            };
            int_attr(result_type, &r)
        }
        ("arith", "sitofp" | "uitofp") => {
            let (a, _) = int(*operands.first()?)?;
            let sem = *result_type.dyn_cast::<FloatType>()?.payload();
            float_attr(
                result_type,
                ApFloat::from_int(sem, &a, op.1 == "sitofp", RNE),
            )
        }
        ("arith", "fptosi" | "fptoui") => {
            let (a, _) = float(*operands.first()?)?;
            let (w, _) = integer_attr_width(result_type)?;
            int_attr(result_type, &a.to_int(w, op.1 == "fptosi")?)
        }
        ("arith", "extf" | "truncf") => {
            let (a, _) = float(*operands.first()?)?;
            let sem = *result_type.dyn_cast::<FloatType>()?.payload();
            float_attr(result_type, a.convert_exact(sem)?)
        }
        ("arith", "bitcast") => bitcast(ctx, operands, result_type),
        ("arith", "select") => {
            let (c, cty) = int(*operands.first()?)?;
            if integer_attr_width(cty) != Some((1, Signedness::Signless)) {
                return None;
            }
            let chosen = if c.is_zero() {
                operands.get(2)
            } else {
                operands.get(1)
            };
            (*chosen?).filter(|v| attr_type(*v) == Some(result_type))
        }
        ("math", "ctlz" | "cttz" | "ctpop" | "absi") => {
            let (a, ty) = int(*operands.first()?)?;
            let w = a.width();
            let r = match op.1 {
                "ctlz" => ApInt::from_u128(w, u128::from(a.leading_zeros())),
                "cttz" => ApInt::from_u128(w, u128::from(a.trailing_zeros())),
                "ctpop" => ApInt::from_u128(w, u128::from(a.count_ones())),
                _ => a.abs(),
            };
            int_attr(ty, &r)
        }
        _ => None,
    }
}

/// The type of an integer or float constant.
fn attr_type<'c>(a: Attribute<'c>) -> Option<Type<'c>> {
    if let Some(i) = a.dyn_cast::<IntegerAttr>() {
        return Some(i.payload().ty);
    }
    a.dyn_cast::<FloatAttr>().map(|f| f.payload().ty)
}

fn is_int_binary(name: &str) -> bool {
    matches!(
        name,
        "addi"
            | "subi"
            | "muli"
            | "divsi"
            | "divui"
            | "ceildivsi"
            | "ceildivui"
            | "floordivsi"
            | "remsi"
            | "remui"
            | "andi"
            | "ori"
            | "xori"
            | "shli"
            | "shrsi"
            | "shrui"
            | "maxsi"
            | "maxui"
            | "minsi"
            | "minui"
    )
}

fn is_float_binary(name: &str) -> bool {
    matches!(
        name,
        "addf"
            | "subf"
            | "mulf"
            | "divf"
            | "remf"
            | "maximumf"
            | "minimumf"
            | "maxnumf"
            | "minnumf"
    )
}

/// The integer binary folders, with the shortcuts on the right operand
/// MLIR's `fold` methods take before computing (they matter where the
/// computation alone would refuse: `ceildivsi(x, 1)` folds to `x` even for
/// the smallest `x`, and `divsi(x, 1)` of an `i1`, whose `1` is `-1`).
fn int_binary(name: &str, a: &ApInt, b: &ApInt) -> Option<ApInt> {
    let w = a.width();
    Some(match name {
        "addi" => a.add(b),
        "subi" => a.sub(b),
        "muli" => a.mul(b),
        "divui" | "divsi" | "ceildivsi" | "ceildivui" | "floordivsi" if b.is_one() => a.clone(),
        "divui" => a.udiv(b)?,
        "divsi" => match a.sdiv_ov(b)? {
            (q, false) => q,
            (_, true) => return None,
        },
        "ceildivsi" => a.mlir_ceildivsi(b)?,
        "ceildivui" => a.mlir_ceildivui(b)?,
        "floordivsi" => a.mlir_floordivsi(b)?,
        "remsi" | "remui" if b.is_one() => ApInt::zero(w),
        "remsi" => a.srem(b)?,
        "remui" => a.urem(b)?,
        "andi" => a.and(b),
        "ori" => a.or(b),
        "xori" => a.xor(b),
        "shli" | "shrsi" | "shrui" if b.is_zero() => a.clone(),
        "shli" => a.checked_shl(b)?,
        "shrsi" => a.checked_ashr(b)?,
        "shrui" => a.checked_lshr(b)?,
        "maxsi" => a.smax(b),
        "maxui" => a.umax(b),
        "minsi" => a.smin(b),
        "minui" => a.umin(b),
        _ => return None,
    })
}

/// The float binary folders, with MLIR's shortcuts on the right operand
/// (they return the left operand untouched, so a signaling NaN stays
/// signaling where the arithmetic would quiet it). MLIR 19's folders read
/// no `fastmath` flag: `mulf(x, 0)` computes even under `nnan,nsz`.
fn float_binary(name: &str, a: &ApFloat, b: &ApFloat) -> Option<ApFloat> {
    let neg_zero = b.is_zero() && b.is_negative();
    Some(match name {
        "addf" if neg_zero => *a,
        "addf" => a.add(b, RNE),
        "subf" if b.is_zero() && !b.is_negative() => *a,
        "subf" => a.sub(b, RNE),
        "mulf" if is_one(b) => *a,
        "mulf" => a.mul(b, RNE),
        "divf" if is_one(b) => *a,
        "divf" => a.div(b, RNE),
        "remf" => a.fmod(b),
        "maximumf" if b.is_infinite() && b.is_negative() => *a,
        "maximumf" => a.maximum(b),
        "minimumf" if b.is_infinite() && !b.is_negative() => *a,
        "minimumf" => a.minimum(b),
        // MLIR 19 folds `maxnumf` with `llvm::maximum` (so a NaN operand
        // gives that NaN), and `minnumf` with `llvm::minnum`.
        "maxnumf" if b.is_infinite() && b.is_negative() => *a,
        "maxnumf" => a.maximum(b),
        "minnumf" => a.minnum(b),
        _ => return None,
    })
}

/// `arith.bitcast` of an integer or float constant to an integer or float
/// type of the same width (the float bits read as `APFloat` reads them).
fn bitcast<'c, P: Policy, S: BuildHasher>(
    ctx: &'c Context<P, S>,
    operands: &[Option<Attribute<'c>>],
    result_type: Type<'c>,
) -> Option<Attribute<'c>> {
    let operand = (*operands.first()?)?;
    let bits = if let Some((f, _)) = float(Some(operand)) {
        ApInt::from_u128(f.semantics().bit_width(), f.to_bits())
    } else {
        int(Some(operand))?.0
    };
    if let Some(t) = result_type.dyn_cast::<FloatType>() {
        let sem = *t.payload();
        if sem.bit_width() != bits.width() {
            return None;
        }
        let v = ApFloat::from_bits(sem, bits.to_u128()?)?;
        return ctx.try_float_attr_ap(result_type, v).ok().map(Into::into);
    }
    let (w, _) = integer_attr_width(result_type)?;
    if w != bits.width() {
        return None;
    }
    ctx.try_integer_attr_ap(result_type, &bits)
        .ok()
        .map(Into::into)
}
