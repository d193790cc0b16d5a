//! `ApInt` arithmetic against Rust's `u128` and `i128` for every width from
//! 1 to 128: random values biased toward the edges (0, 1, -1, the signed
//! and unsigned extremes and their neighbours, powers of two).

use proptest::prelude::*;
use strata_apnum::ApInt;

fn mask(w: u32) -> u128 {
    if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The two's complement reading of the low `w` bits of `v`.
fn sext(v: u128, w: u32) -> i128 {
    let s = 128 - w;
    ((v << s) as i128) >> s
}

fn fits_signed(v: i128, w: u32) -> bool {
    w == 128 || (v >= -(1i128 << (w - 1)) && v < (1i128 << (w - 1)))
}

/// A value of `w` bits: an edge value or random bits.
fn value(w: u32) -> impl Strategy<Value = u128> {
    let m = mask(w);
    let min = 1u128 << (w - 1);
    prop_oneof![
        3 => any::<u128>().prop_map(move |v| v & m),
        1 => (0u32..w).prop_map(move |k| (1u128 << k) & m),
        1 => prop::sample::select(vec![
            0, 1, m, m.wrapping_sub(1) & m, min, min.wrapping_sub(1) & m,
            min.wrapping_add(1) & m, 2 & m,
        ]),
        1 => (0u32..w).prop_map(move |k| ((1u128 << k) - 1) & m),
    ]
}

fn case() -> impl Strategy<Value = (u32, u128, u128)> {
    (1u32..=128).prop_flat_map(|w| (Just(w), value(w), value(w)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn wrapping_bitwise_and_comparisons((w, a, b) in case()) {
        let m = mask(w);
        let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
        prop_assert_eq!(x.add(&y).to_u128(), Some(a.wrapping_add(b) & m));
        prop_assert_eq!(x.sub(&y).to_u128(), Some(a.wrapping_sub(b) & m));
        prop_assert_eq!(x.mul(&y).to_u128(), Some(a.wrapping_mul(b) & m));
        prop_assert_eq!(x.and(&y).to_u128(), Some(a & b));
        prop_assert_eq!(x.or(&y).to_u128(), Some(a | b));
        prop_assert_eq!(x.xor(&y).to_u128(), Some(a ^ b));
        prop_assert_eq!(x.not().to_u128(), Some(!a & m));
        prop_assert_eq!(x.cmp_unsigned(&y), a.cmp(&b));
        prop_assert_eq!(x.cmp_signed(&y), sext(a, w).cmp(&sext(b, w)));
        prop_assert_eq!(x.umax(&y).to_u128(), Some(a.max(b)));
        prop_assert_eq!(x.umin(&y).to_u128(), Some(a.min(b)));
        prop_assert_eq!(x.smax(&y).to_i128(), Some(sext(a, w).max(sext(b, w))));
        prop_assert_eq!(x.smin(&y).to_i128(), Some(sext(a, w).min(sext(b, w))));
        prop_assert_eq!(x.count_ones(), a.count_ones());
        prop_assert_eq!(x.leading_zeros(), a.leading_zeros() - (128 - w));
        prop_assert_eq!(x.trailing_zeros(), a.trailing_zeros().min(w));
        prop_assert_eq!(x.abs().to_u128(), Some(sext(a, w).unsigned_abs() & m));
    }

    #[test]
    fn division_and_remainder((w, a, b) in case()) {
        let m = mask(w);
        let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
        if b == 0 {
            prop_assert!(x.udiv(&y).is_none() && x.urem(&y).is_none());
            prop_assert!(x.sdiv(&y).is_none() && x.srem(&y).is_none());
            prop_assert!(x.sfloordiv_ov(&y).is_none());
            prop_assert!(x.mlir_ceildivui(&y).is_none() && x.mlir_ceildivsi(&y).is_none());
            return Ok(());
        }
        prop_assert_eq!(x.udiv(&y).and_then(|v| v.to_u128()), Some(a / b));
        prop_assert_eq!(x.urem(&y).and_then(|v| v.to_u128()), Some(a % b));
        let (sa, sb) = (sext(a, w), sext(b, w));
        let q = sa.wrapping_div(sb);
        prop_assert_eq!(x.sdiv(&y).and_then(|v| v.to_u128()), Some(q as u128 & m));
        prop_assert_eq!(x.srem(&y).and_then(|v| v.to_u128()), Some(sa.wrapping_rem(sb) as u128 & m));
        let overflow = x.is_signed_min() && y.is_all_ones();
        prop_assert_eq!(x.sdiv_ov(&y).map(|p| p.1), Some(overflow));
        if !overflow {
            let (q, r) = (sa.wrapping_div(sb), sa.wrapping_rem(sb));
            let floor = if r != 0 && (sa < 0) != (sb < 0) { q - 1 } else { q };
            prop_assert_eq!(x.mlir_floordivsi(&y).and_then(|v| v.to_i128()), Some(floor));
            prop_assert_eq!(x.mlir_ceildivui(&y).and_then(|v| v.to_u128()), Some(a.div_ceil(b)));
        } else {
            prop_assert!(x.mlir_floordivsi(&y).is_none());
        }
        // The ceiling division folds exactly where neither operand is the
        // smallest value (then MLIR's negations overflow), or where the
        // left one is zero; a 1-bit value's one is its smallest value.
        if w > 1 {
            let ceil = x.mlir_ceildivsi(&y).and_then(|v| v.to_i128());
            let min = x.is_signed_min() || y.is_signed_min();
            if sa == 0 {
                prop_assert_eq!(ceil, Some(0));
            } else if !min {
                let (q, r) = (sa / sb, sa % sb);
                let want = if r != 0 && (sa < 0) == (sb < 0) { q + 1 } else { q };
                prop_assert_eq!(ceil, Some(want));
            }
        }
    }

    #[test]
    fn shifts((w, a, b) in case()) {
        let m = mask(w);
        let x = ApInt::from_u128(w, a);
        let k = (b % u128::from(w)) as u32;
        prop_assert_eq!(x.shl(k).to_u128(), Some((a << k) & m));
        prop_assert_eq!(x.lshr(k).to_u128(), Some(a >> k));
        prop_assert_eq!(x.ashr(k).to_u128(), Some((sext(a, w) >> k) as u128 & m));
        let amount = ApInt::from_u128(w, b);
        prop_assert_eq!(x.checked_shl(&amount).is_some(), b < u128::from(w));
        prop_assert_eq!(x.shl(w).to_u128(), Some(0));
        prop_assert_eq!(x.ashr(w + 3).to_u128(), Some(if x.sign_bit() { m } else { 0 }));
    }

    #[test]
    fn overflow_detection((w, a, b) in case()) {
        let (x, y) = (ApInt::from_u128(w, a), ApInt::from_u128(w, b));
        let (sa, sb) = (sext(a, w), sext(b, w));
        let s_ov = |r: Option<i128>| r.is_none_or(|v| !fits_signed(v, w));
        prop_assert_eq!(x.sadd_ov(&y).1, s_ov(sa.checked_add(sb)));
        prop_assert_eq!(x.ssub_ov(&y).1, s_ov(sa.checked_sub(sb)));
        prop_assert_eq!(x.smul_ov(&y).1, s_ov(sa.checked_mul(sb)));
        let u_ov = |r: Option<u128>| r.is_none_or(|v| v > mask(w));
        prop_assert_eq!(x.uadd_ov(&y).1, u_ov(a.checked_add(b)));
        prop_assert_eq!(x.usub_ov(&y).1, a < b);
        prop_assert_eq!(x.umul_ov(&y).1, u_ov(a.checked_mul(b)));
        if w <= 64 {
            let hs = (sa * sb) >> w;
            prop_assert_eq!(x.mulhs(&y).to_u128(), Some(hs as u128 & mask(w)));
            prop_assert_eq!(x.mulhu(&y).to_u128(), Some((a * b) >> w));
        }
    }
}

#[test]
fn wide_values_and_constants() {
    let w = 200;
    let max = ApInt::all_ones(w);
    assert!(max.add(&ApInt::one(w)).is_zero());
    assert_eq!(
        ApInt::signed_min(w).sub(&ApInt::one(w)),
        ApInt::signed_max(w)
    );
    assert!(ApInt::signed_min(w).smul_ov(&max).1);
    assert!(ApInt::signed_min(w).is_signed_min());
    assert_eq!(
        max.udiv(&ApInt::from_u128(w, 3))
            .unwrap()
            .mul(&ApInt::from_u128(w, 3)),
        max
    );
    assert_eq!(ApInt::one(w).shl(199).leading_zeros(), 0);
    assert_eq!(ApInt::one(w).shl(199).trailing_zeros(), 199);
    assert_eq!(ApInt::zero(w).trailing_zeros(), 200);
    assert_eq!(max.ashr(150), max);
    // A 1-bit value's one is its smallest value: MLIR's ceiling division
    // refuses `true / true` (the negation overflows).
    let t = ApInt::one(1);
    assert_eq!(t.mlir_ceildivsi(&t), None);
    assert_eq!(ApInt::zero(1).mlir_ceildivsi(&t), Some(ApInt::zero(1)));
}
