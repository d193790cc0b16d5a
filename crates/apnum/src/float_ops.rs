//! LLVM's `APFloat` arithmetic on [`ApFloat`], for every format: the exact
//! result is computed with big integers and rounded once into the format,
//! so every operation is correctly rounded, with LLVM's rules for NaNs,
//! signed zeros, overflow and the formats without infinities.

use core::cmp::Ordering;

use crate::big::Big;
use crate::float::{ApFloat, FloatSemantics, NonFinite, Unpacked, decode, encode, mask, quiet_bit};
use crate::int::ApInt;

/// How a result that is not representable is rounded (LLVM's
/// `RoundingMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RoundingMode {
    /// To nearest, ties to even (the default, and what MLIR's folders use).
    #[default]
    NearestTiesToEven,
    /// Toward positive infinity.
    TowardPositive,
    /// Toward negative infinity.
    TowardNegative,
    /// Toward zero.
    TowardZero,
    /// To nearest, ties away from zero.
    NearestTiesToAway,
}

/// A value taken apart for arithmetic: finite values as `mant * 2^exp2`.
enum Val {
    NaN,
    Inf(bool),
    Zero(bool),
    Fin { neg: bool, mant: Big, exp2: i64 },
}

fn classify(x: &ApFloat) -> Val {
    let sem = x.semantics();
    let neg = x.is_negative();
    match decode(sem, x.to_bits()) {
        Unpacked::NaN(_) => Val::NaN,
        Unpacked::Inf => Val::Inf(neg),
        Unpacked::Zero => Val::Zero(neg),
        Unpacked::Finite { sig, exp } => Val::Fin {
            neg,
            mant: Big::from_u128(sig),
            exp2: i64::from(exp) - i64::from(sem.precision()) + 1,
        },
    }
}

/// The largest finite value of `sem` with the given sign.
fn largest(sem: FloatSemantics, neg: bool) -> ApFloat {
    let p = sem.params();
    let sig = if p.non_finite == NonFinite::NanAllOnes {
        mask(p.precision) - 1
    } else {
        mask(p.precision)
    };
    encode(
        sem,
        neg,
        &Unpacked::Finite {
            sig,
            exp: p.max_exp,
        },
    )
}

/// Rounds `mant * 2^exp2` (plus a positive amount below one unit of
/// `mant`'s last bit when `sticky`) to `sem` in mode `rm`, as LLVM's
/// `normalize` does. `sticky` needs at least two bits of `mant` below the
/// rounding point, which every caller provides. Returns the value and
/// whether it is inexact.
fn round_rm(
    sem: FloatSemantics,
    neg: bool,
    mant: &Big,
    exp2: i64,
    sticky: bool,
    rm: RoundingMode,
) -> (ApFloat, bool) {
    let p = sem.params();
    let overflow = || {
        let to_inf = match rm {
            RoundingMode::NearestTiesToEven | RoundingMode::NearestTiesToAway => true,
            RoundingMode::TowardPositive => !neg,
            RoundingMode::TowardNegative => neg,
            RoundingMode::TowardZero => false,
        };
        let v = if to_inf {
            encode(sem, neg, &Unpacked::Inf)
        } else {
            largest(sem, neg)
        };
        (v, true)
    };
    if mant.is_zero() {
        return (ApFloat::zero(sem, neg), sticky);
    }
    let e_msb = exp2 + mant.bits() as i64 - 1;
    if e_msb > i64::from(p.max_exp) + 1 {
        return overflow();
    }
    let mut e = e_msb.max(i64::from(p.min_exp));
    let lsb = e - i64::from(p.precision) + 1;
    let shift = lsb - exp2;
    let (mut sig, inexact) = if shift <= 0 {
        // Exact: no bits below the rounding point (callers pass no sticky
        // bit then).
        (mant.shl((-shift) as u64).to_u128().unwrap_or(0), sticky)
    } else {
        let shift = shift as u64;
        let half = mant.bit(shift - 1);
        let rest = sticky || mant.any_below(shift - 1);
        let s = mant.shr(shift).to_u128().unwrap_or(0);
        let up = match rm {
            RoundingMode::NearestTiesToEven => half && (rest || s & 1 == 1),
            RoundingMode::NearestTiesToAway => half,
            RoundingMode::TowardZero => false,
            RoundingMode::TowardPositive => (half || rest) && !neg,
            RoundingMode::TowardNegative => (half || rest) && neg,
        };
        (s + u128::from(up), half || rest)
    };
    if sig == 1u128 << p.precision {
        sig >>= 1;
        e += 1;
    }
    if e > i64::from(p.max_exp)
        || (p.non_finite == NonFinite::NanAllOnes
            && e == i64::from(p.max_exp)
            && sig == mask(p.precision))
    {
        return overflow();
    }
    if sig == 0 {
        return (ApFloat::zero(sem, neg), inexact);
    }
    (
        encode(sem, neg, &Unpacked::Finite { sig, exp: e as i32 }),
        inexact,
    )
}

impl ApFloat {
    /// The NaN LLVM's `APFloat::getQNaN` (and `makeNaN()`) gives: positive,
    /// quiet, no payload (`0x7FC00000` for `f32`, `0x7F` for `f8E4M3FN`,
    /// `0x80` for an `FNUZ` format).
    pub fn default_nan(sem: FloatSemantics) -> ApFloat {
        let p = sem.params();
        let payload = match p.non_finite {
            NonFinite::Ieee if p.explicit_int => (1u128 << 63) | quiet_bit(p.precision),
            NonFinite::Ieee => quiet_bit(p.precision),
            _ => 0,
        };
        encode(sem, false, &Unpacked::NaN(payload))
    }

    /// Infinity of the given sign (the NaN for a format without one, as
    /// LLVM's `makeInf` gives).
    pub fn infinity(sem: FloatSemantics, negative: bool) -> ApFloat {
        encode(sem, negative, &Unpacked::Inf)
    }

    /// The largest finite value of the given sign (`APFloat::getLargest`).
    pub fn largest(sem: FloatSemantics, negative: bool) -> ApFloat {
        largest(sem, negative)
    }

    /// Whether the value is a signaling NaN (never, in a format whose only
    /// NaNs are LLVM's `NanOnly` ones).
    pub fn is_signaling(&self) -> bool {
        let p = self.semantics().params();
        match decode(self.semantics(), self.to_bits()) {
            Unpacked::NaN(payload) => {
                p.non_finite == NonFinite::Ieee && payload & quiet_bit(p.precision) == 0
            }
            _ => false,
        }
    }

    /// Whether the value is a denormal (nonzero, below the smallest normal).
    pub fn is_denormal(&self) -> bool {
        let p = self.semantics().params();
        matches!(decode(self.semantics(), self.to_bits()),
            Unpacked::Finite { sig, .. } if sig >> (p.precision - 1) == 0)
    }

    /// The value with the quiet bit set if it is a signaling NaN
    /// (`makeQuiet`), else itself.
    fn quieted(&self) -> ApFloat {
        if !self.is_signaling() {
            return *self;
        }
        let p = self.semantics().params();
        match decode(self.semantics(), self.to_bits()) {
            Unpacked::NaN(payload) => encode(
                self.semantics(),
                self.is_negative(),
                &Unpacked::NaN(payload | quiet_bit(p.precision)),
            ),
            _ => *self,
        }
    }

    /// The NaN operand an operation returns: the left one if it is a NaN,
    /// else the right one, quieted (LLVM's special cases of every
    /// arithmetic operation).
    fn propagate_nan(&self, rhs: &ApFloat) -> Option<ApFloat> {
        if self.is_nan() {
            Some(self.quieted())
        } else if rhs.is_nan() {
            Some(rhs.quieted())
        } else {
            None
        }
    }

    /// Converts `rhs` to this value's format if it has another one (every
    /// binary operation works in the left operand's format).
    fn same_format(&self, rhs: &ApFloat) -> ApFloat {
        if rhs.semantics() == self.semantics() {
            *rhs
        } else {
            rhs.convert(self.semantics()).0
        }
    }

    fn add_sub(&self, rhs: &ApFloat, subtract: bool, rm: RoundingMode) -> ApFloat {
        let sem = self.semantics();
        let rhs = self.same_format(rhs);
        if let Some(n) = self.propagate_nan(&rhs) {
            return n;
        }
        let zero_sign = |a: bool, b: bool| {
            if a == b {
                a
            } else {
                rm == RoundingMode::TowardNegative
            }
        };
        match (classify(self), classify(&rhs)) {
            (Val::Inf(a), Val::Inf(b)) => {
                if a != (b ^ subtract) {
                    ApFloat::default_nan(sem)
                } else {
                    *self
                }
            }
            (Val::Inf(_), _) => *self,
            (_, Val::Inf(b)) => ApFloat::infinity(sem, b ^ subtract),
            (Val::Zero(a), Val::Zero(b)) => ApFloat::zero(sem, zero_sign(a, b ^ subtract)),
            (Val::Zero(_), _) => {
                if subtract {
                    rhs.negated()
                } else {
                    rhs
                }
            }
            (_, Val::Zero(_)) => *self,
            (
                Val::Fin {
                    neg: na,
                    mant: ma,
                    exp2: ea,
                },
                Val::Fin {
                    neg: nb,
                    mant: mb,
                    exp2: eb,
                },
            ) => {
                let nb = nb ^ subtract;
                let e = ea.min(eb);
                let a = ma.shl((ea - e) as u64);
                let b = mb.shl((eb - e) as u64);
                if na == nb {
                    let s = add_big(&a, &b);
                    round_rm(sem, na, &s, e, false, rm).0
                } else {
                    match cmp_big(&a, &b) {
                        Ordering::Equal => ApFloat::zero(sem, rm == RoundingMode::TowardNegative),
                        Ordering::Greater => {
                            let mut d = a;
                            d.sub_assign(&b);
                            round_rm(sem, na, &d, e, false, rm).0
                        }
                        Ordering::Less => {
                            let mut d = b;
                            d.sub_assign(&a);
                            round_rm(sem, nb, &d, e, false, rm).0
                        }
                    }
                }
            }
            // NaNs were handled above.
            _ => ApFloat::default_nan(sem),
        }
    }

    /// `self + rhs`, rounded in mode `rm` (`APFloat::add`).
    pub fn add(&self, rhs: &ApFloat, rm: RoundingMode) -> ApFloat {
        self.add_sub(rhs, false, rm)
    }

    /// `self - rhs`, rounded in mode `rm` (`APFloat::subtract`).
    pub fn sub(&self, rhs: &ApFloat, rm: RoundingMode) -> ApFloat {
        self.add_sub(rhs, true, rm)
    }

    /// `self * rhs`, rounded in mode `rm` (`APFloat::multiply`).
    pub fn mul(&self, rhs: &ApFloat, rm: RoundingMode) -> ApFloat {
        let sem = self.semantics();
        let rhs = self.same_format(rhs);
        if let Some(n) = self.propagate_nan(&rhs) {
            return n;
        }
        let neg = self.is_negative() ^ rhs.is_negative();
        match (classify(self), classify(&rhs)) {
            (Val::Inf(_), Val::Zero(_)) | (Val::Zero(_), Val::Inf(_)) => ApFloat::default_nan(sem),
            (Val::Inf(_), _) | (_, Val::Inf(_)) => ApFloat::infinity(sem, neg),
            (Val::Zero(_), _) | (_, Val::Zero(_)) => ApFloat::zero(sem, neg),
            (
                Val::Fin {
                    mant: ma, exp2: ea, ..
                },
                Val::Fin {
                    mant: mb, exp2: eb, ..
                },
            ) => round_rm(sem, neg, &ma.mul(&mb), ea + eb, false, rm).0,
            _ => ApFloat::default_nan(sem),
        }
    }

    /// `self / rhs`, rounded in mode `rm` (`APFloat::divide`).
    pub fn div(&self, rhs: &ApFloat, rm: RoundingMode) -> ApFloat {
        let sem = self.semantics();
        let rhs = self.same_format(rhs);
        if let Some(n) = self.propagate_nan(&rhs) {
            return n;
        }
        let neg = self.is_negative() ^ rhs.is_negative();
        match (classify(self), classify(&rhs)) {
            (Val::Inf(_), Val::Inf(_)) | (Val::Zero(_), Val::Zero(_)) => ApFloat::default_nan(sem),
            (Val::Inf(_), _) => ApFloat::infinity(sem, neg),
            (_, Val::Inf(_)) | (Val::Zero(_), _) => ApFloat::zero(sem, neg),
            (Val::Fin { .. }, Val::Zero(_)) => {
                if sem.params().non_finite == NonFinite::Ieee {
                    ApFloat::infinity(sem, neg)
                } else {
                    // LLVM makes the NaN of the quotient's sign.
                    encode(sem, neg, &Unpacked::NaN(0))
                }
            }
            (
                Val::Fin {
                    mant: ma, exp2: ea, ..
                },
                Val::Fin {
                    mant: mb, exp2: eb, ..
                },
            ) => {
                // Enough quotient bits for the precision and two more, so
                // the remainder is a valid sticky bit.
                let want = i64::from(sem.precision()) + 3;
                let s = (want + mb.bits() as i64 - ma.bits() as i64).max(0) as u64;
                let (q, r) = ma.shl(s).divrem(&mb);
                round_rm(sem, neg, &q, ea - eb - s as i64, !r.is_zero(), rm).0
            }
            _ => ApFloat::default_nan(sem),
        }
    }

    /// The remainder of `self / rhs` with the quotient truncated toward
    /// zero (C's `fmod`, LLVM's `APFloat::mod`, which `arith.remf` folds
    /// with): exact, with the sign of `self`.
    pub fn fmod(&self, rhs: &ApFloat) -> ApFloat {
        let sem = self.semantics();
        let rhs = self.same_format(rhs);
        if let Some(n) = self.propagate_nan(&rhs) {
            return n;
        }
        match (classify(self), classify(&rhs)) {
            (Val::Inf(_), _) | (_, Val::Zero(_)) => ApFloat::default_nan(sem),
            (Val::Zero(_), _) | (Val::Fin { .. }, Val::Inf(_)) => *self,
            (
                Val::Fin {
                    neg,
                    mant: ma,
                    exp2: ea,
                },
                Val::Fin {
                    mant: mb, exp2: eb, ..
                },
            ) => {
                let (r, e) = if ea >= eb {
                    // (ma * 2^(ea - eb)) mod mb, by square and multiply.
                    let m = pow2_mod((ea - eb) as u64, &mb);
                    let (_, ra) = ma.divrem(&mb);
                    let (_, r) = ra.mul(&m).divrem(&mb);
                    (r, eb)
                } else {
                    // Below the right operand's magnitude, `self` is the
                    // remainder; otherwise the exponents differ by less
                    // than a significand's width.
                    let ma_top = ea + ma.bits() as i64;
                    let mb_top = eb + mb.bits() as i64;
                    if ma_top < mb_top {
                        return *self;
                    }
                    let b = mb.shl((eb - ea) as u64);
                    let (_, r) = ma.divrem(&b);
                    (r, ea)
                };
                if r.is_zero() {
                    return ApFloat::zero(sem, neg);
                }
                round_rm(sem, neg, &r, e, false, RoundingMode::NearestTiesToEven).0
            }
            _ => ApFloat::default_nan(sem),
        }
    }

    /// Compares the values as LLVM's `APFloat::compare` does: `None` when
    /// either is a NaN (unordered), and `-0` equal to `+0`.
    pub fn compare(&self, rhs: &ApFloat) -> Option<Ordering> {
        let rhs = self.same_format(rhs);
        // The rank of a value's class: -inf, negative, zero, positive, +inf.
        let rank = |v: &Val| match v {
            Val::NaN => None,
            Val::Inf(n) => Some(if *n { -2i8 } else { 2 }),
            Val::Zero(_) => Some(0),
            Val::Fin { neg, .. } => Some(if *neg { -1 } else { 1 }),
        };
        let (a, b) = (classify(self), classify(&rhs));
        let (ra, rb) = (rank(&a)?, rank(&b)?);
        if ra != rb {
            return Some(ra.cmp(&rb));
        }
        match (a, b) {
            (
                Val::Fin {
                    neg,
                    mant: ma,
                    exp2: ea,
                },
                Val::Fin {
                    mant: mb, exp2: eb, ..
                },
            ) => {
                let e = ea.min(eb);
                let o = cmp_big(&ma.shl((ea - e) as u64), &mb.shl((eb - e) as u64));
                Some(if neg { o.reverse() } else { o })
            }
            _ => Some(Ordering::Equal),
        }
    }

    /// The absolute value (`APFloat::clearSign`; an `FNUZ` NaN stays
    /// itself).
    pub fn abs(&self) -> ApFloat {
        if self.is_negative() {
            self.negated()
        } else {
            *self
        }
    }

    fn less(&self, rhs: &ApFloat) -> bool {
        self.compare(rhs) == Some(Ordering::Less)
    }

    /// `llvm::minnum`: the other operand if one is a NaN, else the smaller
    /// (the left one when they compare equal, so `-0` and `+0` give the
    /// left one).
    pub fn minnum(&self, rhs: &ApFloat) -> ApFloat {
        if self.is_nan() {
            return *rhs;
        }
        if rhs.is_nan() {
            return *self;
        }
        if rhs.less(self) { *rhs } else { *self }
    }

    /// `llvm::maxnum`: the other operand if one is a NaN, else the larger
    /// (the left one when they compare equal).
    pub fn maxnum(&self, rhs: &ApFloat) -> ApFloat {
        if self.is_nan() {
            return *rhs;
        }
        if rhs.is_nan() {
            return *self;
        }
        if self.less(rhs) { *rhs } else { *self }
    }

    /// `llvm::minimum`: a NaN operand (the left one first), else the
    /// smaller, with `-0` below `+0`.
    pub fn minimum(&self, rhs: &ApFloat) -> ApFloat {
        if self.is_nan() {
            return *self;
        }
        if rhs.is_nan() {
            return *rhs;
        }
        if self.is_zero() && rhs.is_zero() && self.is_negative() != rhs.is_negative() {
            return if self.is_negative() { *self } else { *rhs };
        }
        if rhs.less(self) { *rhs } else { *self }
    }

    /// `llvm::maximum`: a NaN operand (the left one first), else the
    /// larger, with `+0` above `-0`.
    pub fn maximum(&self, rhs: &ApFloat) -> ApFloat {
        if self.is_nan() {
            return *self;
        }
        if rhs.is_nan() {
            return *rhs;
        }
        if self.is_zero() && rhs.is_zero() && self.is_negative() != rhs.is_negative() {
            return if self.is_negative() { *rhs } else { *self };
        }
        if self.less(rhs) { *rhs } else { *self }
    }

    /// The integer `value` (read signed when `signed`) rounded to `sem` in
    /// mode `rm` (`APFloat::convertFromAPInt`): too large a value gives
    /// infinity (the NaN for a format without one).
    pub fn from_int(sem: FloatSemantics, value: &ApInt, signed: bool, rm: RoundingMode) -> ApFloat {
        let neg = signed && value.sign_bit();
        let mag = if neg { value.negated() } else { value.clone() };
        let mag = Big::from_limbs(mag.limbs());
        if mag.is_zero() {
            return ApFloat::zero(sem, false);
        }
        round_rm(sem, neg, &mag, 0, false, rm).0
    }

    /// The value truncated toward zero to an integer of `width` bits, read
    /// signed when `signed` (`APFloat::convertToInteger` with
    /// `rmTowardZero`), or `None` where LLVM reports `opInvalidOp`: a NaN,
    /// an infinity, or a value out of the integer's range.
    pub fn to_int(&self, width: u32, signed: bool) -> Option<ApInt> {
        match classify(self) {
            Val::NaN | Val::Inf(_) => None,
            Val::Zero(_) => Some(ApInt::zero(width)),
            Val::Fin { neg, mant, exp2 } => {
                if mant.bits() as i64 + exp2 > i64::from(width) + 1 {
                    return None;
                }
                let mag = if exp2 >= 0 {
                    mant.shl(exp2 as u64)
                } else {
                    mant.shr((-exp2) as u64)
                };
                let bits = mag.bits();
                let w = u64::from(width);
                if w == 0 {
                    return mag.is_zero().then(|| ApInt::zero(0));
                }
                let fits = match (neg, signed) {
                    (true, false) => bits == 0,
                    (true, true) => bits < w || (bits == w && !mag.any_below(w - 1)),
                    (false, true) => bits < w,
                    (false, false) => bits <= w,
                };
                if !fits {
                    return None;
                }
                let v = ApInt::from_limbs(width, mag.limbs());
                Some(if neg { v.negated() } else { v })
            }
        }
    }

    /// The value converted to `to` exactly as MLIR 19's
    /// `convertFloatValue` accepts it for `arith.extf` and `arith.truncf`:
    /// `None` where the conversion would lose information or not be
    /// `opOK` (an inexact or overflowing value, an infinity into a format
    /// without one, a NaN into a format whose NaN cannot carry it, a
    /// signaling NaN, or an x87 pseudo-NaN).
    pub fn convert_exact(&self, to: FloatSemantics) -> Option<ApFloat> {
        let from = self.semantics().params();
        let tp = to.params();
        match decode(self.semantics(), self.to_bits()) {
            Unpacked::Inf => (tp.non_finite == NonFinite::Ieee).then(|| self.convert(to).0),
            Unpacked::NaN(payload) => {
                if tp.non_finite != NonFinite::Ieee {
                    return (from.non_finite != NonFinite::Ieee)
                        .then(|| encode(to, self.is_negative(), &Unpacked::NaN(0)));
                }
                if self.is_signaling() {
                    return None;
                }
                if from.explicit_int && (payload >> 63) & 1 == 0 {
                    return None;
                }
                if from.non_finite == NonFinite::Ieee && tp.precision < from.precision {
                    let lost = from.precision - tp.precision;
                    if payload & mask(lost) != 0 {
                        return None;
                    }
                }
                Some(self.convert(to).0)
            }
            // A negative zero has no exact value in a format without one.
            Unpacked::Zero if self.is_negative() && !to.has_negative_zero() => None,
            _ => {
                let (v, status) = self.convert(to);
                (!status.inexact && !status.overflow).then_some(v)
            }
        }
    }
}

fn cmp_big(a: &Big, b: &Big) -> Ordering {
    let (x, y) = (a.limbs(), b.limbs());
    if x.len() != y.len() {
        return x.len().cmp(&y.len());
    }
    for (p, q) in x.iter().zip(y).rev() {
        match p.cmp(q) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

fn add_big(a: &Big, b: &Big) -> Big {
    let (x, y) = (a.limbs(), b.limbs());
    let n = x.len().max(y.len());
    let mut out = Vec::with_capacity(n + 1);
    let mut carry = false;
    for i in 0..n {
        let p = x.get(i).copied().unwrap_or(0);
        let q = y.get(i).copied().unwrap_or(0);
        let (s1, c1) = p.overflowing_add(q);
        let (s2, c2) = s1.overflowing_add(u64::from(carry));
        out.push(s2);
        carry = c1 || c2;
    }
    out.push(u64::from(carry));
    Big::from_limbs(&out)
}

/// `2^k mod m` (`m` nonzero).
fn pow2_mod(mut k: u64, m: &Big) -> Big {
    let mut result = Big::from_u64(1).divrem(m).1;
    let mut base = Big::from_u64(2).divrem(m).1;
    while k != 0 {
        if k & 1 == 1 {
            result = result.mul(&base).divrem(m).1;
        }
        k >>= 1;
        if k != 0 {
            base = base.mul(&base).divrem(m).1;
        }
    }
    result
}
