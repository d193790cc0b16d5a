//! `ApFloat` arithmetic against the hardware's: `f32` and `f64` operations
//! on random bits and edge values (NaN, infinities, signed zeros,
//! denormals, the extremes), and the narrow formats against `f64`
//! arithmetic rounded once into them (exact, since `f64` has more than
//! twice their precision plus two bits); then fixed cases of LLVM's rules.

use core::cmp::Ordering;

use proptest::prelude::*;
use strata_apnum::{ApFloat, ApInt, FloatSemantics as S, RoundingMode};

const RNE: RoundingMode = RoundingMode::NearestTiesToEven;

fn f64_edges() -> Vec<f64> {
    vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        3.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        f64::from_bits(1),
        f64::from_bits(0x000F_FFFF_FFFF_FFFF),
        f64::EPSILON,
        1.0 + f64::EPSILON,
        2f64.powi(1023),
        2f64.powi(-1074),
        65504.0,
        448.0,
        57344.0,
        1e-8,
    ]
}

fn f64_value() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => any::<u64>().prop_map(f64::from_bits),
        1 => prop::sample::select(f64_edges()),
        2 => (-40i32..40, any::<u32>()).prop_map(|(e, m)| f64::from(m) * 2f64.powi(e)),
    ]
}

fn f32_value() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => any::<u32>().prop_map(f32::from_bits),
        1 => prop::sample::select(f64_edges()).prop_map(|v| v as f32),
        2 => (-20i32..20, any::<u16>()).prop_map(|(e, m)| f32::from(m) * 2f32.powi(e)),
    ]
}

/// The same value, or both NaN (hardware NaN bits are not LLVM's).
fn same(a: ApFloat, b: ApFloat) -> bool {
    (a.is_nan() && b.is_nan()) || a == b
}

fn check_binary(sem: S, x: ApFloat, y: ApFloat, wide: (f64, f64)) -> Result<(), TestCaseError> {
    let (a, b) = wide;
    let r = |v: f64| ApFloat::from_f64(sem, v);
    prop_assert!(same(x.add(&y, RNE), r(a + b)), "{x:?} + {y:?}");
    prop_assert!(same(x.sub(&y, RNE), r(a - b)), "{x:?} - {y:?}");
    prop_assert!(same(x.mul(&y, RNE), r(a * b)), "{x:?} * {y:?}");
    prop_assert!(same(x.div(&y, RNE), r(a / b)), "{x:?} / {y:?}");
    prop_assert!(same(x.fmod(&y), r(a % b)), "{x:?} % {y:?}");
    prop_assert_eq!(x.compare(&y), a.partial_cmp(&b));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn f64_against_hardware(a in f64_value(), b in f64_value()) {
        let (x, y) = (ApFloat::from_f64(S::F64, a), ApFloat::from_f64(S::F64, b));
        let h = |v: f64| ApFloat::from_f64(S::F64, v);
        prop_assert!(same(x.add(&y, RNE), h(a + b)));
        prop_assert!(same(x.sub(&y, RNE), h(a - b)));
        prop_assert!(same(x.mul(&y, RNE), h(a * b)));
        prop_assert!(same(x.div(&y, RNE), h(a / b)));
        prop_assert!(same(x.fmod(&y), h(a % b)), "{a:e} % {b:e}");
        prop_assert_eq!(x.compare(&y), a.partial_cmp(&b));
        if !a.is_nan() && !b.is_nan() {
            prop_assert_eq!(x.maxnum(&y).to_f64().to_bits(), if a < b { b } else { a }.to_bits());
            // minimum/maximum order -0 below +0.
            let key = |v: f64| (v, v.is_sign_positive());
            let (lo, hi) = if key(a).partial_cmp(&key(b)) == Some(Ordering::Greater) { (b, a) } else { (a, b) };
            prop_assert_eq!(x.minimum(&y), h(lo));
            prop_assert_eq!(x.maximum(&y), h(hi));
        }
        let t = a.trunc();
        let as_i64 = x.to_int(64, true).and_then(|v| v.to_i128());
        if t.is_finite() && t >= -(2f64.powi(63)) && t < 2f64.powi(63) {
            prop_assert_eq!(as_i64, Some(t as i128));
        } else {
            prop_assert_eq!(as_i64, None);
        }
        let as_u32 = x.to_int(32, false).and_then(|v| v.to_u128());
        if t.is_finite() && t > -1.0 && t < 2f64.powi(32) {
            prop_assert_eq!(as_u32, Some(t as u128));
        } else {
            prop_assert_eq!(as_u32, None);
        }
    }

    #[test]
    fn f32_against_hardware(a in f32_value(), b in f32_value()) {
        let (x, y) = (ApFloat::from_f32(S::F32, a), ApFloat::from_f32(S::F32, b));
        let h = |v: f32| ApFloat::from_f32(S::F32, v);
        prop_assert!(same(x.add(&y, RNE), h(a + b)));
        prop_assert!(same(x.sub(&y, RNE), h(a - b)));
        prop_assert!(same(x.mul(&y, RNE), h(a * b)));
        prop_assert!(same(x.div(&y, RNE), h(a / b)));
        prop_assert!(same(x.fmod(&y), h(a % b)));
        prop_assert_eq!(x.compare(&y), a.partial_cmp(&b));
        // The same operations through f64, rounded once.
        check_binary(S::F32, x, y, (f64::from(a), f64::from(b)))?;
    }

    #[test]
    fn narrow_formats_against_f64(
        sem in prop::sample::select(vec![
            S::F16, S::BF16, S::TF32, S::F8E5M2, S::F8E4M3, S::F8E4M3FN,
            S::F8E5M2FNUZ, S::F8E4M3FNUZ, S::F8E4M3B11FNUZ,
        ]),
        a in any::<u32>(),
        b in any::<u32>(),
    ) {
        let width = sem.bit_width();
        let mask = (1u128 << width) - 1;
        let x = ApFloat::from_bits(sem, u128::from(a) & mask).unwrap();
        let y = ApFloat::from_bits(sem, u128::from(b) & mask).unwrap();
        check_binary(sem, x, y, (x.to_f64(), y.to_f64()))?;
    }

    #[test]
    fn integers_to_floats(v in any::<i64>(), w in 1u32..=64) {
        let i = ApInt::from_i128(w, i128::from(v));
        let s = i.to_i128().unwrap();
        let u = i.to_u128().unwrap();
        let f = ApFloat::from_int(S::F64, &i, true, RNE);
        prop_assert_eq!(f.to_f64(), s as f64);
        let f = ApFloat::from_int(S::F64, &i, false, RNE);
        prop_assert_eq!(f.to_f64(), u as f64);
        let f = ApFloat::from_int(S::F32, &i, true, RNE);
        prop_assert_eq!(f, ApFloat::from_f32(S::F32, s as f32));
    }
}

#[test]
fn llvm_nan_rules() {
    let f = |v: f64| ApFloat::from_f64(S::F32, v);
    let bits = |x: ApFloat| x.to_bits();
    // Invalid operations make the positive default NaN.
    assert_eq!(bits(f(0.0).mul(&f(f64::INFINITY), RNE)), 0x7FC0_0000);
    assert_eq!(
        bits(f(f64::INFINITY).sub(&f(f64::INFINITY), RNE)),
        0x7FC0_0000
    );
    assert_eq!(bits(f(0.0).div(&f(-0.0), RNE)), 0x7FC0_0000);
    assert_eq!(bits(f(1.0).fmod(&f(0.0))), 0x7FC0_0000);
    // A NaN operand is returned quieted, the left one first, its sign kept.
    let snan = ApFloat::from_bits(S::F32, 0xFF80_0001).unwrap();
    let qnan = ApFloat::from_bits(S::F32, 0x7FC0_0002).unwrap();
    assert!(snan.is_signaling() && !qnan.is_signaling());
    assert_eq!(bits(snan.add(&qnan, RNE)), 0xFFC0_0001);
    assert_eq!(bits(f(1.0).mul(&snan, RNE)), 0xFFC0_0001);
    assert_eq!(bits(qnan.div(&snan, RNE)), 0x7FC0_0002);
    // Signed zeros.
    assert_eq!(bits(f(1.0).sub(&f(1.0), RNE)), 0);
    let down = RoundingMode::TowardNegative;
    assert_eq!(bits(f(1.0).sub(&f(1.0), down)), 0x8000_0000);
    assert_eq!(bits(f(-0.0).add(&f(-0.0), RNE)), 0x8000_0000);
    assert_eq!(bits(f(-0.0).fmod(&f(3.0))), 0x8000_0000);
    assert_eq!(bits(f(-6.0).fmod(&f(3.0))), 0x8000_0000);
    assert_eq!(f(-0.0).compare(&f(0.0)), Some(Ordering::Equal));
    assert_eq!(bits(f(-0.0).minimum(&f(0.0))), 0x8000_0000);
    assert_eq!(bits(f(0.0).maximum(&f(-0.0))), 0);
    assert_eq!(bits(qnan.minimum(&f(1.0))), 0x7FC0_0002);
    assert_eq!(bits(qnan.minnum(&f(1.0))), bits(f(1.0)));
}

#[test]
fn formats_without_infinity() {
    // f8E4M3FN: 448 is the largest value; overflow gives NaN (0x7F), or
    // the largest value when rounding toward zero.
    let s = S::F8E4M3FN;
    let big = ApFloat::from_f64(s, 448.0);
    assert_eq!(big.add(&big, RNE).to_bits(), 0x7F);
    assert_eq!(big.add(&big, RoundingMode::TowardZero).to_bits(), 0x7E);
    assert_eq!(
        ApFloat::from_f64(s, 1.0)
            .div(&ApFloat::zero(s, false), RNE)
            .to_bits(),
        0x7F
    );
    assert_eq!(
        ApFloat::from_f64(s, -1.0)
            .div(&ApFloat::zero(s, false), RNE)
            .to_bits(),
        0xFF
    );
    // FNUZ formats: the only NaN is 0x80, and zero is unsigned.
    let s = S::F8E5M2FNUZ;
    let one = ApFloat::from_f64(s, 1.0);
    assert_eq!(one.sub(&one, RoundingMode::TowardNegative).to_bits(), 0);
    assert_eq!(
        ApFloat::zero(s, false)
            .mul(&ApFloat::from_f64(s, -1.0), RNE)
            .to_bits(),
        0
    );
    assert_eq!(ApFloat::default_nan(s).to_bits(), 0x80);
    assert_eq!(
        ApFloat::default_nan(S::F80).to_bits(),
        0x7FFF_C000_0000_0000_0000
    );
    assert_eq!(ApFloat::default_nan(S::F16).to_bits(), 0x7E00);
}

#[test]
fn wide_formats() {
    // f128 and f80: 1/3 correctly rounded, fmod across a wide exponent gap.
    for sem in [S::F80, S::F128] {
        let one = ApFloat::from_f64(sem, 1.0);
        let three = ApFloat::from_f64(sem, 3.0);
        let third = one.div(&three, RNE);
        let back = third.mul(&three, RNE);
        assert_eq!(back, one, "{sem}");
        let huge = ApFloat::largest(sem, false);
        let tiny = ApFloat::from_bits(sem, 1).unwrap();
        assert!(huge.fmod(&tiny).is_zero());
        assert_eq!(huge.fmod(&three).compare(&three), Some(Ordering::Less));
        assert!(huge.add(&huge, RNE).is_infinite());
    }
    // 2^63 + 1 in f80 is exact, in f64 it rounds to 2^63.
    let v = ApInt::one(66).shl(63).add(&ApInt::one(66));
    assert_eq!(
        ApFloat::from_int(S::F64, &v, false, RNE).to_f64(),
        2f64.powi(63)
    );
    let e = ApFloat::from_int(S::F80, &v, false, RNE);
    assert_eq!(e.to_int(66, false), Some(v));
}

#[test]
fn exact_conversions() {
    let x = ApFloat::from_f64(S::F64, 0.1);
    assert_eq!(x.convert_exact(S::F32), None);
    let x = ApFloat::from_f64(S::F64, 0.5);
    assert_eq!(
        x.convert_exact(S::F16),
        Some(ApFloat::from_f64(S::F16, 0.5))
    );
    assert_eq!(
        ApFloat::infinity(S::F16, false).convert_exact(S::F8E4M3FN),
        None
    );
    assert_eq!(
        ApFloat::default_nan(S::F16).convert_exact(S::F8E4M3FN),
        None
    );
    let snan = ApFloat::from_bits(S::F32, 0x7F80_0001).unwrap();
    assert_eq!(snan.convert_exact(S::F64), None);
    let qnan = ApFloat::from_bits(S::F64, 0x7FF8_0000_0000_0001).unwrap();
    assert_eq!(qnan.convert_exact(S::F32), None);
    assert_eq!(
        ApFloat::default_nan(S::F64).convert_exact(S::F32),
        Some(ApFloat::default_nan(S::F32))
    );
}
