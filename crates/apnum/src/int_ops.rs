//! LLVM's `APInt` arithmetic on [`ApInt`]: wrapping arithmetic, division
//! with LLVM's rounding toward zero, bitwise operations, shifts,
//! comparisons, the overflow-detecting forms and bit counts, and the
//! integer division helpers of MLIR's `arith` folders.
//!
//! Every binary operation takes two values of one width, as `APInt` does;
//! where the widths differ, the right operand is first zero-extended or
//! truncated to the left one's width, so no input panics. Division by zero
//! has no value in LLVM (an assertion): here it is `None`.

use core::cmp::Ordering;

use crate::big::Big;
use crate::int::ApInt;

/// The limbs of `b` resized to `width` bits (zero-extended or truncated).
fn limbs_at(b: &ApInt, width: u32) -> Vec<u64> {
    let n = (width as usize).div_ceil(64).max(1);
    let mut v = b.limbs().to_vec();
    v.resize(n, 0);
    v
}

impl ApInt {
    /// One, of `width` bits (zero for width 0).
    pub fn one(width: u32) -> ApInt {
        ApInt::from_u128(width, 1)
    }

    /// Every bit set (`-1`, the unsigned maximum).
    pub fn all_ones(width: u32) -> ApInt {
        ApInt::from_i128(width, -1)
    }

    /// The smallest signed value, only the sign bit set (zero for width 0).
    pub fn signed_min(width: u32) -> ApInt {
        if width == 0 {
            return ApInt::zero(0);
        }
        ApInt::one(width).shl(width - 1)
    }

    /// The largest signed value, every bit but the sign bit set.
    pub fn signed_max(width: u32) -> ApInt {
        ApInt::signed_min(width).not()
    }

    /// Whether every bit is set (true for width 0, as in LLVM).
    pub fn is_all_ones(&self) -> bool {
        self.count_ones() == self.width()
    }

    /// Whether the value is one.
    pub fn is_one(&self) -> bool {
        self.width() > 0 && self.count_ones() == 1 && self.bit(0)
    }

    /// Whether the value is the smallest signed value.
    pub fn is_signed_min(&self) -> bool {
        self.sign_bit() && self.count_ones() == 1
    }

    /// Whether the value is the largest signed value.
    pub fn is_signed_max(&self) -> bool {
        self.width() > 0 && !self.sign_bit() && self.count_ones() == self.width() - 1
    }

    /// `self + rhs`, modulo 2^width.
    pub fn add(&self, rhs: &ApInt) -> ApInt {
        let b = limbs_at(rhs, self.width());
        let mut out = self.limbs().to_vec();
        let mut carry = false;
        for (o, &r) in out.iter_mut().zip(&b) {
            let (s1, c1) = o.overflowing_add(r);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 || c2;
        }
        ApInt::from_limbs(self.width(), &out)
    }

    /// `self - rhs`, modulo 2^width.
    pub fn sub(&self, rhs: &ApInt) -> ApInt {
        self.add(&rhs.zext_or_trunc(self.width()).negated())
    }

    /// `self * rhs`, modulo 2^width.
    pub fn mul(&self, rhs: &ApInt) -> ApInt {
        let p = Big::from_limbs(self.limbs()).mul(&Big::from_limbs(&limbs_at(rhs, self.width())));
        ApInt::from_limbs(self.width(), p.limbs())
    }

    /// The bitwise complement.
    pub fn not(&self) -> ApInt {
        let out: Vec<u64> = self.limbs().iter().map(|&l| !l).collect();
        ApInt::from_limbs(self.width(), &out)
    }

    fn bitwise(&self, rhs: &ApInt, f: impl Fn(u64, u64) -> u64) -> ApInt {
        let b = limbs_at(rhs, self.width());
        let out: Vec<u64> = self
            .limbs()
            .iter()
            .zip(&b)
            .map(|(&x, &y)| f(x, y))
            .collect();
        ApInt::from_limbs(self.width(), &out)
    }

    /// `self & rhs`.
    pub fn and(&self, rhs: &ApInt) -> ApInt {
        self.bitwise(rhs, |x, y| x & y)
    }

    /// `self | rhs`.
    pub fn or(&self, rhs: &ApInt) -> ApInt {
        self.bitwise(rhs, |x, y| x | y)
    }

    /// `self ^ rhs`.
    pub fn xor(&self, rhs: &ApInt) -> ApInt {
        self.bitwise(rhs, |x, y| x ^ y)
    }

    /// `self << amount`: zero when `amount` is at least the width, as
    /// LLVM's `APInt::shl` gives.
    pub fn shl(&self, amount: u32) -> ApInt {
        if amount >= self.width() {
            return ApInt::zero(self.width());
        }
        let s = Big::from_limbs(self.limbs()).shl(u64::from(amount));
        ApInt::from_limbs(self.width(), s.limbs())
    }

    /// `self >> amount`, logical: zero when `amount` is at least the width.
    pub fn lshr(&self, amount: u32) -> ApInt {
        if amount >= self.width() {
            return ApInt::zero(self.width());
        }
        let s = Big::from_limbs(self.limbs()).shr(u64::from(amount));
        ApInt::from_limbs(self.width(), s.limbs())
    }

    /// `self >> amount`, arithmetic: the sign bit fills the vacated bits;
    /// all sign bits when `amount` is at least the width.
    pub fn ashr(&self, amount: u32) -> ApInt {
        let w = self.width();
        if !self.sign_bit() {
            return self.lshr(amount);
        }
        if amount >= w {
            return ApInt::all_ones(w);
        }
        // Shift the complement logically and complement back.
        self.not().lshr(amount).not()
    }

    /// The shift amount `rhs` names for a value of `self`'s width, if it is
    /// below the width (MLIR's shift folders refuse the others).
    fn shift_amount(&self, rhs: &ApInt) -> Option<u32> {
        let amount = rhs.to_u128()?;
        (amount < u128::from(self.width())).then_some(amount as u32)
    }

    /// `self << rhs`, or `None` if `rhs` (unsigned) is at least the width.
    pub fn checked_shl(&self, rhs: &ApInt) -> Option<ApInt> {
        self.shift_amount(rhs).map(|a| self.shl(a))
    }

    /// `self >> rhs` (logical), or `None` if `rhs` is at least the width.
    pub fn checked_lshr(&self, rhs: &ApInt) -> Option<ApInt> {
        self.shift_amount(rhs).map(|a| self.lshr(a))
    }

    /// `self >> rhs` (arithmetic), or `None` if `rhs` is at least the width.
    pub fn checked_ashr(&self, rhs: &ApInt) -> Option<ApInt> {
        self.shift_amount(rhs).map(|a| self.ashr(a))
    }

    /// Compares the unsigned readings.
    pub fn cmp_unsigned(&self, rhs: &ApInt) -> Ordering {
        let b = limbs_at(rhs, self.width());
        for (x, y) in self.limbs().iter().zip(&b).rev() {
            match x.cmp(y) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }

    /// Compares the two's complement readings.
    pub fn cmp_signed(&self, rhs: &ApInt) -> Ordering {
        let rhs = rhs.zext_or_trunc(self.width());
        match (self.sign_bit(), rhs.sign_bit()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.cmp_unsigned(&rhs),
        }
    }

    /// `self < rhs`, unsigned.
    pub fn ult(&self, rhs: &ApInt) -> bool {
        self.cmp_unsigned(rhs) == Ordering::Less
    }

    /// `self < rhs`, signed.
    pub fn slt(&self, rhs: &ApInt) -> bool {
        self.cmp_signed(rhs) == Ordering::Less
    }

    /// The larger value, signed (`llvm::APIntOps::smax`).
    pub fn smax(&self, rhs: &ApInt) -> ApInt {
        if self.cmp_signed(rhs) == Ordering::Greater {
            self.clone()
        } else {
            rhs.zext_or_trunc(self.width())
        }
    }

    /// The smaller value, signed.
    pub fn smin(&self, rhs: &ApInt) -> ApInt {
        if self.cmp_signed(rhs) == Ordering::Less {
            self.clone()
        } else {
            rhs.zext_or_trunc(self.width())
        }
    }

    /// The larger value, unsigned.
    pub fn umax(&self, rhs: &ApInt) -> ApInt {
        if self.cmp_unsigned(rhs) == Ordering::Greater {
            self.clone()
        } else {
            rhs.zext_or_trunc(self.width())
        }
    }

    /// The smaller value, unsigned.
    pub fn umin(&self, rhs: &ApInt) -> ApInt {
        if self.cmp_unsigned(rhs) == Ordering::Less {
            self.clone()
        } else {
            rhs.zext_or_trunc(self.width())
        }
    }

    /// The magnitude of the two's complement reading, as a big integer.
    fn magnitude(&self) -> Big {
        if self.sign_bit() {
            Big::from_limbs(self.negated().limbs())
        } else {
            Big::from_limbs(self.limbs())
        }
    }

    /// `self / rhs`, unsigned (`APInt::udiv`); `None` if `rhs` is zero.
    pub fn udiv(&self, rhs: &ApInt) -> Option<ApInt> {
        let d = Big::from_limbs(&limbs_at(rhs, self.width()));
        if d.is_zero() {
            return None;
        }
        let (q, _) = Big::from_limbs(self.limbs()).divrem(&d);
        Some(ApInt::from_limbs(self.width(), q.limbs()))
    }

    /// `self % rhs`, unsigned (`APInt::urem`); `None` if `rhs` is zero.
    pub fn urem(&self, rhs: &ApInt) -> Option<ApInt> {
        let d = Big::from_limbs(&limbs_at(rhs, self.width()));
        if d.is_zero() {
            return None;
        }
        let (_, r) = Big::from_limbs(self.limbs()).divrem(&d);
        Some(ApInt::from_limbs(self.width(), r.limbs()))
    }

    /// `self / rhs`, signed, rounded toward zero (`APInt::sdiv`); the
    /// smallest value divided by `-1` wraps to itself. `None` if `rhs` is
    /// zero.
    pub fn sdiv(&self, rhs: &ApInt) -> Option<ApInt> {
        let rhs = rhs.zext_or_trunc(self.width());
        if rhs.is_zero() {
            return None;
        }
        let (q, _) = self.magnitude().divrem(&rhs.magnitude());
        let q = ApInt::from_limbs(self.width(), q.limbs());
        Some(if self.sign_bit() != rhs.sign_bit() {
            q.negated()
        } else {
            q
        })
    }

    /// `self % rhs`, signed, with the sign of `self` (`APInt::srem`).
    /// `None` if `rhs` is zero.
    pub fn srem(&self, rhs: &ApInt) -> Option<ApInt> {
        let rhs = rhs.zext_or_trunc(self.width());
        if rhs.is_zero() {
            return None;
        }
        let (_, r) = self.magnitude().divrem(&rhs.magnitude());
        let r = ApInt::from_limbs(self.width(), r.limbs());
        Some(if self.sign_bit() { r.negated() } else { r })
    }

    /// `self + rhs` and whether the signed sum overflowed (`sadd_ov`).
    pub fn sadd_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let rhs = rhs.zext_or_trunc(self.width());
        let r = self.add(&rhs);
        let ov = self.sign_bit() == rhs.sign_bit() && r.sign_bit() != self.sign_bit();
        (r, ov)
    }

    /// `self + rhs` and whether the unsigned sum wrapped (`uadd_ov`).
    pub fn uadd_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let r = self.add(rhs);
        let ov = r.ult(rhs);
        (r, ov)
    }

    /// `self - rhs` and whether the signed difference overflowed
    /// (`ssub_ov`).
    pub fn ssub_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let rhs = rhs.zext_or_trunc(self.width());
        let r = self.sub(&rhs);
        let ov = self.sign_bit() != rhs.sign_bit() && r.sign_bit() != self.sign_bit();
        (r, ov)
    }

    /// `self - rhs` and whether the unsigned difference wrapped
    /// (`usub_ov`).
    pub fn usub_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let r = self.sub(rhs);
        let ov = self.ult(rhs);
        (r, ov)
    }

    /// `self * rhs` and whether the signed product overflowed (`smul_ov`).
    pub fn smul_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let rhs = rhs.zext_or_trunc(self.width());
        let r = self.mul(&rhs);
        let w = self.width();
        if w == 0 {
            return (r, false);
        }
        let p = self.magnitude().mul(&rhs.magnitude());
        let negative = self.sign_bit() != rhs.sign_bit() && !p.is_zero();
        let limit = Big::from_u64(1).shl(u64::from(w - 1));
        let ov = if negative {
            p.bits() > limit.bits() || (p.bits() == limit.bits() && p != limit)
        } else {
            p.bits() >= limit.bits()
        };
        (r, ov)
    }

    /// `self * rhs` and whether the unsigned product wrapped (`umul_ov`).
    pub fn umul_ov(&self, rhs: &ApInt) -> (ApInt, bool) {
        let p = Big::from_limbs(self.limbs()).mul(&Big::from_limbs(&limbs_at(rhs, self.width())));
        let ov = p.bits() > u64::from(self.width());
        (ApInt::from_limbs(self.width(), p.limbs()), ov)
    }

    /// `self / rhs`, signed, and whether it overflowed (the smallest value
    /// divided by `-1`: `sdiv_ov`). `None` if `rhs` is zero.
    pub fn sdiv_ov(&self, rhs: &ApInt) -> Option<(ApInt, bool)> {
        let rhs = rhs.zext_or_trunc(self.width());
        let ov = self.is_signed_min() && rhs.is_all_ones();
        self.sdiv(&rhs).map(|q| (q, ov))
    }

    /// `self / rhs` rounded toward negative infinity, and whether it
    /// overflowed (`APInt::sfloordiv_ov`). `None` if `rhs` is zero.
    pub fn sfloordiv_ov(&self, rhs: &ApInt) -> Option<(ApInt, bool)> {
        let rhs = rhs.zext_or_trunc(self.width());
        let (q, ov) = self.sdiv_ov(&rhs)?;
        if q.mul(&rhs) != *self && self.sign_bit() != rhs.sign_bit() {
            return Some((q.sub(&ApInt::one(self.width())), ov));
        }
        Some((q, ov))
    }

    /// The high half of the full signed product (`APIntOps::mulhs`).
    pub fn mulhs(&self, rhs: &ApInt) -> ApInt {
        let w = self.width();
        let rhs = rhs.zext_or_trunc(w);
        let m = self.magnitude().mul(&rhs.magnitude());
        let high = m.shr(u64::from(w));
        if self.sign_bit() == rhs.sign_bit() || m.is_zero() {
            return ApInt::from_limbs(w, high.limbs());
        }
        // The product is `-m`: its high half is `-ceil(m / 2^w)`.
        let high = ApInt::from_limbs(w, high.limbs());
        let ceil = if m.any_below(u64::from(w)) {
            high.add(&ApInt::one(w))
        } else {
            high
        };
        ceil.negated()
    }

    /// The high half of the full unsigned product (`APIntOps::mulhu`).
    pub fn mulhu(&self, rhs: &ApInt) -> ApInt {
        let w = self.width();
        let p = Big::from_limbs(self.limbs()).mul(&Big::from_limbs(&limbs_at(rhs, w)));
        ApInt::from_limbs(w, p.shr(u64::from(w)).limbs())
    }

    /// The number of set bits (`popcount`).
    pub fn count_ones(&self) -> u32 {
        self.limbs().iter().map(|l| l.count_ones()).sum()
    }

    /// The number of zero bits above the highest set bit (the width for
    /// zero).
    pub fn leading_zeros(&self) -> u32 {
        self.width() - self.active_bits()
    }

    /// The number of zero bits below the lowest set bit (the width for
    /// zero).
    pub fn trailing_zeros(&self) -> u32 {
        let mut n = 0;
        for &l in self.limbs() {
            if l != 0 {
                return (n + l.trailing_zeros()).min(self.width());
            }
            n += 64;
        }
        self.width()
    }

    /// The two's complement absolute value (the smallest value stays
    /// itself, as `APInt::abs` gives).
    pub fn abs(&self) -> ApInt {
        if self.sign_bit() {
            self.negated()
        } else {
            self.clone()
        }
    }

    /// MLIR 19's `arith.ceildivui` on constants: `self / rhs` rounded up,
    /// `None` where MLIR's folder refuses (division by zero).
    pub fn mlir_ceildivui(&self, rhs: &ApInt) -> Option<ApInt> {
        let q = self.udiv(rhs)?;
        if self.urem(rhs)?.is_zero() {
            return Some(q);
        }
        // MLIR adds `APInt(bits, 1, true)` with `uadd_ov`; the quotient of
        // a division with a remainder cannot be the largest value.
        let (r, ov) = q.uadd_ov(&ApInt::one(self.width()));
        (!ov).then_some(r)
    }

    /// MLIR 19's `arith.ceildivsi` on constants, with the overflow checks of
    /// its folder: `None` where it refuses (division by zero, or one of the
    /// negations or divisions it computes on the way overflows, which is
    /// the case for the smallest value as either operand).
    pub fn mlir_ceildivsi(&self, rhs: &ApInt) -> Option<ApInt> {
        let w = self.width();
        let rhs = rhs.zext_or_trunc(w);
        if rhs.is_zero() {
            return None;
        }
        if self.is_zero() {
            return Some(self.clone());
        }
        let zero = ApInt::zero(w);
        let a_pos = zero.slt(self);
        let b_pos = zero.slt(&rhs);
        if a_pos && b_pos {
            let (v, ov) = signed_ceil_nonneg_inputs(self, &rhs)?;
            return (!ov).then_some(v);
        }
        if !a_pos && !b_pos {
            let (pa, ova) = zero.ssub_ov(self);
            let (pb, ovb) = zero.ssub_ov(&rhs);
            let (v, ovd) = signed_ceil_nonneg_inputs(&pa, &pb)?;
            return (!(ova || ovb || ovd)).then_some(v);
        }
        if !a_pos {
            let (pa, ova) = zero.ssub_ov(self);
            let (div, ovd) = pa.sdiv_ov(&rhs)?;
            let (v, ovr) = zero.ssub_ov(&div);
            return (!(ova || ovd || ovr)).then_some(v);
        }
        let (pb, ovb) = zero.ssub_ov(&rhs);
        let (div, ovd) = self.sdiv_ov(&pb)?;
        let (v, ovr) = zero.ssub_ov(&div);
        (!(ovb || ovd || ovr)).then_some(v)
    }

    /// MLIR 19's `arith.floordivsi` on constants: `None` where its folder
    /// refuses (division by zero, the smallest value divided by `-1`).
    pub fn mlir_floordivsi(&self, rhs: &ApInt) -> Option<ApInt> {
        let (q, ov) = self.sfloordiv_ov(rhs)?;
        (!ov).then_some(q)
    }
}

/// MLIR's `signedCeilNonnegInputs`: `(a - 1) / b + 1`, each step with
/// `APInt`'s overflow check. Each check overwrites the flag, as LLVM's
/// `*_ov` methods assign it, so only the last step's overflow is reported.
/// `None` if `b` is zero.
fn signed_ceil_nonneg_inputs(a: &ApInt, b: &ApInt) -> Option<(ApInt, bool)> {
    // `APInt(bits, 1, true)`: one, sign-extended from 64 bits to the width
    // (all ones for a 1-bit value).
    let one = ApInt::from_i128(a.width(), 1);
    let (m, _) = a.ssub_ov(&one);
    let (q, _) = m.sdiv_ov(b)?;
    Some(q.sadd_ov(&one))
}
