//! A minimal unsigned big integer, the arithmetic under both number kinds.
//!
//! Only what the crate needs: building from digits, shifts, multiplication,
//! division (schoolbook; the quotients this crate asks for are short), and
//! reading bits. Limbs are little-endian `u64`s with no zero limb on top, so
//! equal values have equal representations.

use core::cmp::Ordering;

/// An unsigned integer of any size.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(crate) struct Big {
    /// Little-endian limbs; the last one is never zero (zero is `[]`).
    limbs: Vec<u64>,
}

impl Big {
    /// Zero.
    pub(crate) fn zero() -> Big {
        Big { limbs: Vec::new() }
    }

    /// `v`.
    pub(crate) fn from_u64(v: u64) -> Big {
        let mut b = Big { limbs: vec![v] };
        b.trim();
        b
    }

    /// `v`.
    pub(crate) fn from_u128(v: u128) -> Big {
        let mut b = Big {
            limbs: vec![v as u64, (v >> 64) as u64],
        };
        b.trim();
        b
    }

    /// The value of little-endian `limbs`.
    pub(crate) fn from_limbs(limbs: &[u64]) -> Big {
        let mut b = Big {
            limbs: limbs.to_vec(),
        };
        b.trim();
        b
    }

    /// The limbs, little-endian, without zero limbs on top.
    pub(crate) fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Drops zero limbs from the top, restoring the representation invariant.
    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Whether the value is zero.
    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of significant bits (0 for zero).
    pub(crate) fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => {
                (self.limbs.len() as u64 - 1) * 64 + (64 - u64::from(top.leading_zeros()))
            }
        }
    }

    /// Bit `i` (0 is the least significant).
    pub(crate) fn bit(&self, i: u64) -> bool {
        let limb = (i / 64) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (i % 64)) & 1 == 1
    }

    /// Whether any bit below bit `n` is set.
    pub(crate) fn any_below(&self, n: u64) -> bool {
        let full = (n / 64) as usize;
        let rem = n % 64;
        if self.limbs.iter().take(full).any(|&l| l != 0) {
            return true;
        }
        rem != 0 && full < self.limbs.len() && self.limbs[full] & ((1u64 << rem) - 1) != 0
    }

    /// The value, if it fits in a `u128`.
    pub(crate) fn to_u128(&self) -> Option<u128> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(u128::from(self.limbs[0])),
            2 => Some(u128::from(self.limbs[0]) | (u128::from(self.limbs[1]) << 64)),
            _ => None,
        }
    }

    /// `self * m + a`, in place.
    pub(crate) fn mul_add_small(&mut self, m: u64, a: u64) {
        let mut carry = u128::from(a);
        for l in &mut self.limbs {
            let t = u128::from(*l) * u128::from(m) + carry;
            *l = t as u64;
            carry = t >> 64;
        }
        if carry != 0 {
            self.limbs.push(carry as u64);
        }
        self.trim();
    }

    /// `self / d`, in place, returning `self % d`. `d` must not be zero.
    pub(crate) fn divrem_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for l in self.limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*l);
            *l = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        self.trim();
        rem as u64
    }

    /// `self * other`.
    pub(crate) fn mul(&self, other: &Big) -> Big {
        if self.is_zero() || other.is_zero() {
            return Big::zero();
        }
        let mut out = vec![0u64; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry: u128 = 0;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = u128::from(a) * u128::from(b) + u128::from(out[i + j]) + carry;
                out[i + j] = t as u64;
                carry = t >> 64;
            }
            let mut k = i + other.limbs.len();
            while carry != 0 {
                let t = u128::from(out[k]) + carry;
                out[k] = t as u64;
                carry = t >> 64;
                k += 1;
            }
        }
        let mut b = Big { limbs: out };
        b.trim();
        b
    }

    /// `base ^ exp`, by repeated squaring.
    pub(crate) fn pow(base: u64, mut exp: u64) -> Big {
        let mut result = Big::from_u64(1);
        let mut square = Big::from_u64(base);
        while exp != 0 {
            if exp & 1 == 1 {
                result = result.mul(&square);
            }
            exp >>= 1;
            if exp != 0 {
                square = square.mul(&square);
            }
        }
        result
    }

    /// `self << n`.
    pub(crate) fn shl(&self, n: u64) -> Big {
        if self.is_zero() {
            return Big::zero();
        }
        let limbs = (n / 64) as usize;
        let bits = (n % 64) as u32;
        let mut out = vec![0u64; limbs];
        out.reserve(self.limbs.len() + 1);
        if bits == 0 {
            out.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u64;
            for &l in &self.limbs {
                out.push((l << bits) | carry);
                carry = l >> (64 - bits);
            }
            out.push(carry);
        }
        let mut b = Big { limbs: out };
        b.trim();
        b
    }

    /// `self >> n`.
    pub(crate) fn shr(&self, n: u64) -> Big {
        let limbs = (n / 64) as usize;
        if limbs >= self.limbs.len() {
            return Big::zero();
        }
        let bits = (n % 64) as u32;
        let src = &self.limbs[limbs..];
        let mut out = Vec::with_capacity(src.len());
        for (i, &l) in src.iter().enumerate() {
            let hi = if bits == 0 {
                0
            } else {
                src.get(i + 1).map_or(0, |&h| h << (64 - bits))
            };
            out.push((l >> bits) | hi);
        }
        let mut b = Big { limbs: out };
        b.trim();
        b
    }

    /// Compares `self` with `other << shift` without building the shift.
    fn cmp_shifted(&self, other: &Big, shift: u64) -> Ordering {
        let (sb, ob) = (self.bits(), other.bits());
        let ob = if ob == 0 { 0 } else { ob + shift };
        if sb != ob {
            return sb.cmp(&ob);
        }
        // Same bit length: compare limb by limb from the top.
        let shifted = other.shl(shift);
        for i in (0..self.limbs.len()).rev() {
            match self.limbs[i].cmp(&shifted.limbs[i]) {
                Ordering::Equal => continue,
                ord => return ord,
            }
        }
        Ordering::Equal
    }

    /// `self -= other`; `self` must be at least `other`.
    pub(crate) fn sub_assign(&mut self, other: &Big) {
        let mut borrow = 0u64;
        for i in 0..self.limbs.len() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            let (d1, o1) = self.limbs[i].overflowing_sub(b);
            let (d2, o2) = d1.overflowing_sub(borrow);
            self.limbs[i] = d2;
            borrow = u64::from(o1 || o2);
        }
        debug_assert_eq!(borrow, 0, "Big::sub_assign underflowed");
        self.trim();
    }

    /// `(self / d, self % d)`. `d` must not be zero. Schoolbook, one quotient
    /// bit at a time: cheap because every quotient this crate asks for is a
    /// few hundred bits at most.
    pub(crate) fn divrem(&self, d: &Big) -> (Big, Big) {
        assert!(!d.is_zero(), "Big::divrem by zero");
        if let Some(small) = d.to_u128().filter(|&v| v <= u128::from(u64::MAX)) {
            let mut q = self.clone();
            let r = q.divrem_small(small as u64);
            return (q, Big::from_u64(r));
        }
        let (sb, db) = (self.bits(), d.bits());
        if sb < db {
            return (Big::zero(), self.clone());
        }
        let mut rem = self.clone();
        let qbits = sb - db + 1;
        let mut q = vec![0u64; qbits.div_ceil(64) as usize];
        for i in (0..qbits).rev() {
            if rem.cmp_shifted(d, i) != Ordering::Less {
                rem.sub_assign(&d.shl(i));
                q[(i / 64) as usize] |= 1u64 << (i % 64);
            }
        }
        let mut q = Big { limbs: q };
        q.trim();
        (q, rem)
    }

    /// Parses decimal digits (ASCII `0`-`9` only; the caller checked them).
    pub(crate) fn from_decimal_digits(digits: &[u8]) -> Big {
        let mut b = Big::zero();
        // Nineteen digits at a time: 10^19 fits in a u64.
        for chunk in digits.chunks(19) {
            let mut v = 0u64;
            for &c in chunk {
                v = v * 10 + u64::from(c - b'0');
            }
            b.mul_add_small(10u64.pow(chunk.len() as u32), v);
        }
        b
    }

    /// Parses hexadecimal digits (ASCII hex only; the caller checked them).
    pub(crate) fn from_hex_digits(digits: &[u8]) -> Big {
        let mut limbs = Vec::with_capacity(digits.len().div_ceil(16));
        for chunk in digits.rchunks(16) {
            let mut v = 0u64;
            for &c in chunk {
                v = (v << 4) | u64::from(hex_value(c));
            }
            limbs.push(v);
        }
        let mut b = Big { limbs };
        b.trim();
        b
    }

    /// The decimal digits of the value (`"0"` for zero).
    pub(crate) fn to_decimal(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.divrem_small(CHUNK));
        }
        let mut s = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:019}"));
        }
        s
    }
}

/// The value of an ASCII hex digit (the caller checked it is one).
pub(crate) fn hex_value(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c - b'A' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trip_and_arithmetic() {
        let digits = "123456789012345678901234567890123456789012345678901234567890";
        let b = Big::from_decimal_digits(digits.as_bytes());
        assert_eq!(b.to_decimal(), digits);
        let p = Big::pow(10, 40);
        let (q, r) = b.divrem(&p);
        assert_eq!(q.to_decimal(), "12345678901234567890");
        assert_eq!(r.to_decimal(), "1234567890123456789012345678901234567890");
        assert_eq!(q.mul(&p).to_decimal().len(), 60);
        assert_eq!(Big::from_u64(1).shl(130).shr(129).to_decimal(), "2");
        assert!(Big::from_u64(0b1001).any_below(1));
        assert!(!Big::from_u64(0b1000).any_below(3));
        assert_eq!(Big::from_hex_digits(b"FFFFFFFFFFFFFFFFF").bits(), 68);
    }

    /// A deterministic sequence of values of every size from 0 to 128 bits
    /// (xorshift, then masked to a random width).
    fn values(n: usize) -> Vec<u128> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..n)
            .map(|_| {
                let v = (u128::from(next()) << 64) | u128::from(next());
                let width = next() % 129;
                if width == 128 {
                    v
                } else {
                    v & ((1u128 << width) - 1)
                }
            })
            .collect()
    }

    /// Every operation against `u128` arithmetic where the result fits, and
    /// against its inverse where it does not (products and shifts of
    /// several limbs): carries across limbs, shifts by whole and partial
    /// limbs, quotients of one and of several limbs.
    #[test]
    fn arithmetic_agrees_with_u128_and_with_its_inverses() {
        let vs = values(400);
        for w in vs.windows(2) {
            let (a, b) = (w[0], w[1]);
            let (ba, bb) = (Big::from_u128(a), Big::from_u128(b));
            assert_eq!(ba.to_u128(), Some(a));
            assert_eq!(ba.to_decimal(), a.to_string());
            assert_eq!(ba.bits(), u64::from(128 - a.leading_zeros()));
            for n in [0u64, 1, 7, 63, 64, 65, 100, 127, 128] {
                assert_eq!(ba.bit(n), n < 128 && (a >> n) & 1 == 1, "bit {n} of {a}");
                let below = if n >= 128 {
                    a != 0
                } else {
                    a & ((1u128 << n) - 1) != 0
                };
                assert_eq!(ba.any_below(n), below, "any_below {n} of {a}");
                assert_eq!(ba.shr(n).to_u128(), Some(if n >= 128 { 0 } else { a >> n }));
                let up = ba.shl(n);
                assert_eq!(up.shr(n), ba, "({a} << {n}) >> {n}");
                assert_eq!(up.bits(), if a == 0 { 0 } else { ba.bits() + n });
            }
            // Products of up to four limbs, undone by division.
            let p = ba.mul(&bb);
            if let (Some(x), Some(y)) = (u64::try_from(a).ok(), u64::try_from(b).ok()) {
                assert_eq!(p.to_u128(), Some(u128::from(x) * u128::from(y)));
            }
            if !bb.is_zero() {
                let (q, r) = p.divrem(&bb);
                assert_eq!((q, r.is_zero()), (ba.clone(), true), "{a} * {b} / {b}");
                let (q, r) = ba.divrem(&bb);
                assert_eq!(q.to_u128(), Some(a / b), "{a} / {b}");
                assert_eq!(r.to_u128(), Some(a % b), "{a} % {b}");
                let mut plus = p.clone();
                plus.mul_add_small(1, 1);
                if b > 1 {
                    let (q, r) = plus.divrem(&bb);
                    assert_eq!(
                        (q, r.to_u128()),
                        (ba.clone(), Some(1)),
                        "({a} * {b} + 1) / {b}"
                    );
                }
            }
            if b != 0 && b <= u128::from(u64::MAX) {
                let mut q = ba.clone();
                let r = q.divrem_small(b as u64);
                assert_eq!((q.to_u128(), u128::from(r)), (Some(a / b), a % b));
            }
            let mut sum = ba.clone();
            sum.mul_add_small(3, 5);
            if let Some(e) = a.checked_mul(3).and_then(|v| v.checked_add(5)) {
                assert_eq!(sum.to_u128(), Some(e));
            }
            if a >= b {
                let mut d = ba.clone();
                d.sub_assign(&bb);
                assert_eq!(d.to_u128(), Some(a - b));
            }
        }
        // Three limbs do not fit a u128.
        assert_eq!(Big::from_u64(1).shl(128).to_u128(), None);
        assert_eq!(Big::from_limbs(&[5, 0, 0]).to_u128(), Some(5));
        assert_eq!(
            Big::pow(3, 81).to_decimal(),
            "443426488243037769948249630619149892803"
        );
    }
}
