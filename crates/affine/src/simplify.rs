//! The simplifying constructors, which follow MLIR 19's `AffineExpr`
//! operators rule by rule (see "Canonical form" in the crate documentation).
//!
//! Every rule is an identity over the integers (modulo 2^64 where MLIR's
//! merged constants wrap) and none introduces a division, so where both the
//! original and the rewritten expression evaluate in `i64` they agree. A
//! rule may make an undefined expression defined (`(d0 floordiv 0) * 0` is
//! `0`).

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;
use strata_sync::policy::Policy;

use crate::node::{BinOp, NodeKind, NodeRef, SYMBOLIC_OR_CONSTANT};
use crate::tables::Tables;

/// Memo of `Tables::replace`: old node to new node.
pub(crate) type ReplaceMemo<P> = HashMap<NodeRef<P>, NodeRef<P>, FxBuildHasher>;

/// `lhs / rhs` rounded toward negative infinity; `None` for a zero divisor
/// or an overflow (`i64::MIN / -1`).
pub(crate) fn floor_div(lhs: i64, rhs: i64) -> Option<i64> {
    let q = lhs.checked_div(rhs)?;
    // Truncation rounded toward zero; step down when the exact quotient is
    // negative and not whole. `q - 1` cannot overflow: `q == i64::MIN`
    // needs `rhs == 1`, which leaves no remainder.
    Some(if lhs % rhs != 0 && ((lhs < 0) != (rhs < 0)) {
        q - 1
    } else {
        q
    })
}

/// `lhs / rhs` rounded toward positive infinity; `None` for a zero divisor
/// or an overflow.
pub(crate) fn ceil_div(lhs: i64, rhs: i64) -> Option<i64> {
    let q = lhs.checked_div(rhs)?;
    // `q + 1` cannot overflow: `q == i64::MAX` needs `rhs == 1`.
    Some(if lhs % rhs != 0 && ((lhs < 0) == (rhs < 0)) {
        q + 1
    } else {
        q
    })
}

/// `lhs mod rhs`, in `0..rhs`; `None` unless `rhs >= 1` (MLIR leaves a
/// non-positive divisor undefined).
pub(crate) fn modulo(lhs: i64, rhs: i64) -> Option<i64> {
    (rhs >= 1).then(|| lhs.rem_euclid(rhs))
}

/// A term of a sum as `(base, coefficient)`: `x * c` with a constant `c`
/// is `(x, c)`, anything else `t` is `(t, 1)` (MLIR's like-term test).
fn split_term<P: Policy>(t: NodeRef<P>) -> (NodeRef<P>, i64) {
    match t.operands(BinOp::Mul) {
        Some((x, c)) => match c.constant_value() {
            Some(c) => (x, c),
            None => (t, 1),
        },
        None => (t, 1),
    }
}

/// MLIR's `isSymbolicOrConstant`: the expression uses no dimension.
fn symbolic_or_constant<P: Policy>(e: NodeRef<P>) -> bool {
    e.get().flags & SYMBOLIC_OR_CONSTANT != 0
}

/// `lhs op rhs` on constants, with MLIR's semantics; `None` where the result
/// is undefined or overflows. Used both to fold and to evaluate, so the two
/// agree by construction.
pub(crate) fn fold(op: BinOp, lhs: i64, rhs: i64) -> Option<i64> {
    match op {
        BinOp::Add => lhs.checked_add(rhs),
        BinOp::Mul => lhs.checked_mul(rhs),
        BinOp::Mod => modulo(lhs, rhs),
        BinOp::FloorDiv => floor_div(lhs, rhs),
        BinOp::CeilDiv => ceil_div(lhs, rhs),
    }
}

/// The largest integer known to divide every value of `e` (MLIR's
/// `AffineExpr::getLargestKnownDivisor`): 1 for a dimension or symbol, `|c|`
/// for a constant, the product of the operands' divisors for `*`, their
/// greatest common divisor for `+` and `mod`, and for `floordiv`/`ceildiv`
/// by a non-zero constant `c` the quotient `|k / c|` when `c` divides the
/// dividend's divisor `k` (else 1). Arithmetic wraps at the ends of the `i64`
/// range, as MLIR's does.
pub(crate) fn largest_known_divisor<P: Policy>(e: NodeRef<P>) -> i64 {
    match e.get().kind {
        NodeKind::Dim(_) | NodeKind::Symbol(_) => 1,
        NodeKind::Constant(c) => c.wrapping_abs(),
        NodeKind::Binary(BinOp::Mul, l, r) => {
            largest_known_divisor(l).wrapping_mul(largest_known_divisor(r))
        }
        NodeKind::Binary(BinOp::Add | BinOp::Mod, l, r) => gcd(
            largest_known_divisor(l) as u64,
            largest_known_divisor(r) as u64,
        ) as i64,
        NodeKind::Binary(BinOp::FloorDiv | BinOp::CeilDiv, l, r) => match r.constant_value() {
            Some(c) if c != 0 => {
                let k = largest_known_divisor(l);
                if k.wrapping_rem(c) == 0 {
                    k.wrapping_div(c).wrapping_abs()
                } else {
                    1
                }
            }
            _ => 1,
        },
    }
}

/// The greatest common divisor (`gcd(0, b)` is `b`).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether `c` divides `k` (`k % c == 0`), with `c` non-zero; no panic at
/// `i64::MIN % -1`.
fn divides(c: i64, k: i64) -> bool {
    k.wrapping_rem(c) == 0
}

impl<P: Policy> Tables<P> {
    /// `lhs op rhs` exactly as given.
    fn raw(&mut self, op: BinOp, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        self.intern(NodeKind::Binary(op, lhs, rhs))
    }

    /// `lhs op rhs`, simplified (MLIR's `getAffineBinaryOpExpr`).
    pub(crate) fn binary(&mut self, op: BinOp, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        match op {
            BinOp::Add => self.add(lhs, rhs),
            BinOp::Mul => self.mul(lhs, rhs),
            BinOp::Mod => self.modulo(lhs, rhs),
            BinOp::FloorDiv => self.floor_div(lhs, rhs),
            BinOp::CeilDiv => self.ceil_div(lhs, rhs),
        }
    }

    /// `e * c` for a constant `c`, simplified.
    fn mul_const(&mut self, e: NodeRef<P>, c: i64) -> NodeRef<P> {
        let c = self.constant(c);
        self.mul(e, c)
    }

    /// `lhs + rhs`, simplified as MLIR 19's `simplifyAdd` does, in its order:
    ///
    /// 1. two constants fold (an overflowing sum is kept as written);
    /// 2. a constant left operand, or a symbolic-or-constant left operand
    ///    with a right one that is not, swaps to the right (`4 + d0` is
    ///    `d0 + 4`, `s0 + d0` is `d0 + s0`);
    /// 3. `x + 0` is `x`; `(x + c1) + c2` is `x + (c1 + c2)`;
    /// 4. like terms merge: `x * c1 + x * c2` is `x * (c1 + c2)`, where a
    ///    term that is no product by a constant counts as `x * 1`;
    /// 5. `(x + c) + y` is `(x + y) + c`;
    /// 6. `x + ((x floordiv q) * q) * -1` and `x + (x floordiv c) * -c` are
    ///    `x mod q` and `x mod c`.
    ///
    /// Nothing else is reordered: `d1 + d0` stays as written.
    pub(crate) fn add(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let (lc, rc) = (lhs.constant_value(), rhs.constant_value());
        if let (Some(a), Some(b)) = (lc, rc) {
            return match a.checked_add(b) {
                Some(s) => self.constant(s),
                None => self.raw(BinOp::Add, lhs, rhs),
            };
        }
        if lc.is_some() || (symbolic_or_constant(lhs) && !symbolic_or_constant(rhs)) {
            return self.add(rhs, lhs);
        }
        if rc == Some(0) {
            return lhs;
        }
        // (x + c1) + c2 = x + (c1 + c2).
        if let Some(c2) = rc
            && let Some((x, c1)) = lhs.operands(BinOp::Add)
            && let Some(c1) = c1.constant_value()
        {
            let c = self.constant(c1.wrapping_add(c2));
            return self.add(x, c);
        }
        // x * c1 + x * c2 = x * (c1 + c2).
        let (first, c1) = split_term(lhs);
        let (second, c2) = split_term(rhs);
        if first == second {
            let c = self.constant(c1.wrapping_add(c2));
            return self.mul(first, c);
        }
        // (x + c) + y = (x + y) + c.
        if let Some((x, c)) = lhs.operands(BinOp::Add)
            && c.constant_value().is_some()
        {
            let sum = self.add(x, rhs);
            return self.add(sum, c);
        }
        if let Some(m) = self.add_as_mod(lhs, rhs) {
            return m;
        }
        self.raw(BinOp::Add, lhs, rhs)
    }

    /// Rule 6 of [`add`](Self::add): `lhs + rhs` as `lhs mod q`, if `rhs` is
    /// `((lhs floordiv q) * q) * -1` or `(lhs floordiv q) * r` with `q` equal
    /// to `-r` (MLIR's exact sequence of checks, including its early exit).
    fn add_as_mod(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> Option<NodeRef<P>> {
        let NodeKind::Binary(_, lrhs, rrhs) = rhs.get().kind else {
            return None;
        };
        if rrhs.constant_value() == Some(-1)
            && let Some((llrhs, rlrhs)) = lrhs.operands(BinOp::Mul)
        {
            let (x, q) = llrhs.operands(BinOp::FloorDiv)?;
            if q == rlrhs && x == lhs {
                return Some(self.modulo(lhs, rlrhs));
            }
        }
        let (x, q) = lrhs.operands(BinOp::FloorDiv)?;
        if x == lhs && q == self.mul_const(rrhs, -1) {
            return Some(self.modulo(lhs, q));
        }
        None
    }

    /// `lhs - rhs` = `lhs + rhs * -1`.
    pub(crate) fn sub(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let negated = self.mul_const(rhs, -1);
        self.add(lhs, negated)
    }

    /// `lhs * rhs`, simplified as MLIR 19's `simplifyMul` does, in its order:
    ///
    /// 1. two constants fold (an overflowing product is kept as written);
    /// 2. a product of two operands that are both neither symbolic nor
    ///    constant (`d0 * d1`, not affine) is kept as written;
    /// 3. a constant left operand, or a right operand that is not symbolic,
    ///    swaps (`2 * d0` is `d0 * 2`, `s0 * d0` is `d0 * s0`);
    /// 4. `x * 1` is `x`, `x * 0` is `0`; `(x * c1) * c2` is `x * (c1 * c2)`;
    /// 5. `(x * c) * y` is `(x * y) * c`.
    ///
    /// A sum is never distributed: `(d0 + d1) * -1` stays, and prints
    /// `-(d0 + d1)`.
    pub(crate) fn mul(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let (lc, rc) = (lhs.constant_value(), rhs.constant_value());
        if let (Some(a), Some(b)) = (lc, rc) {
            return match a.checked_mul(b) {
                Some(p) => self.constant(p),
                None => self.raw(BinOp::Mul, lhs, rhs),
            };
        }
        if !symbolic_or_constant(lhs) && !symbolic_or_constant(rhs) {
            return self.raw(BinOp::Mul, lhs, rhs);
        }
        if !symbolic_or_constant(rhs) || lc.is_some() {
            return self.mul(rhs, lhs);
        }
        match rc {
            Some(1) => return lhs,
            Some(0) => return rhs,
            _ => {}
        }
        if let Some((x, c1)) = lhs.operands(BinOp::Mul)
            && let Some(c1) = c1.constant_value()
        {
            // (x * c1) * c2 = x * (c1 * c2).
            if let Some(c2) = rc {
                return self.mul_const(x, c1.wrapping_mul(c2));
            }
            // (x * c) * y = (x * y) * c.
            let product = self.mul(x, rhs);
            return self.mul_const(product, c1);
        }
        self.raw(BinOp::Mul, lhs, rhs)
    }

    /// `lhs floordiv rhs`, simplified as MLIR 19's `simplifyFloorDiv` does:
    /// only a non-zero constant divisor `c` simplifies; a constant dividend
    /// folds (not `i64::MIN floordiv -1`); `x floordiv 1` is `x`;
    /// `(x * k) floordiv c` is `x * (k / c)` when `c` divides `k`; and
    /// `(x + y) floordiv c` is `x floordiv c + y floordiv c` when `c`
    /// divides the largest known divisor of `x` or of `y`.
    pub(crate) fn floor_div(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let Some(c) = rhs.constant_value().filter(|&c| c != 0) else {
            return self.raw(BinOp::FloorDiv, lhs, rhs);
        };
        if let Some(a) = lhs.constant_value() {
            return match floor_div(a, c) {
                Some(q) => self.constant(q),
                None => self.raw(BinOp::FloorDiv, lhs, rhs),
            };
        }
        if c == 1 {
            return lhs;
        }
        if let Some((x, k)) = lhs.operands(BinOp::Mul)
            && let Some(k) = k.constant_value()
            && divides(c, k)
        {
            return self.mul_const(x, k.wrapping_div(c));
        }
        if let Some((x, y)) = lhs.operands(BinOp::Add)
            && (divides(c, largest_known_divisor(x)) || divides(c, largest_known_divisor(y)))
        {
            let (x, y) = (self.floor_div(x, rhs), self.floor_div(y, rhs));
            return self.add(x, y);
        }
        self.raw(BinOp::FloorDiv, lhs, rhs)
    }

    /// `lhs ceildiv rhs`, simplified as MLIR 19's `simplifyCeilDiv` does:
    /// only a non-zero constant divisor `c` simplifies; a constant dividend
    /// folds (not `i64::MIN ceildiv -1`); `x ceildiv 1` is `x`; and
    /// `(x * k) ceildiv c` is `x * (k / c)` when `c` divides `k`.
    pub(crate) fn ceil_div(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let Some(c) = rhs.constant_value().filter(|&c| c != 0) else {
            return self.raw(BinOp::CeilDiv, lhs, rhs);
        };
        if let Some(a) = lhs.constant_value() {
            return match ceil_div(a, c) {
                Some(q) => self.constant(q),
                None => self.raw(BinOp::CeilDiv, lhs, rhs),
            };
        }
        if c == 1 {
            return lhs;
        }
        if let Some((x, k)) = lhs.operands(BinOp::Mul)
            && let Some(k) = k.constant_value()
            && divides(c, k)
        {
            return self.mul_const(x, k.wrapping_div(c));
        }
        self.raw(BinOp::CeilDiv, lhs, rhs)
    }

    /// `lhs mod rhs`, simplified as MLIR 19's `simplifyMod` does: only a
    /// positive constant divisor `c` simplifies; a constant dividend folds;
    /// a dividend whose largest known divisor `c` divides is `0`;
    /// `(x + y) mod c` is `y mod c` when `c` divides the largest known
    /// divisor of `x` (else `x mod c` when it divides `y`'s); and
    /// `(x mod k) mod c` is `x mod c` when `c` divides `k`.
    pub(crate) fn modulo(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let Some(c) = rhs.constant_value().filter(|&c| c >= 1) else {
            return self.raw(BinOp::Mod, lhs, rhs);
        };
        if let Some(a) = lhs.constant_value() {
            return self.constant(a.rem_euclid(c));
        }
        if divides(c, largest_known_divisor(lhs)) {
            return self.constant(0);
        }
        if let Some((x, y)) = lhs.operands(BinOp::Add) {
            if divides(c, largest_known_divisor(x)) {
                return self.modulo(y, rhs);
            }
            if divides(c, largest_known_divisor(y)) {
                return self.modulo(x, rhs);
            }
        }
        if let Some((x, k)) = lhs.operands(BinOp::Mod)
            && let Some(k) = k.constant_value()
            && k >= 1
            && divides(c, k)
        {
            return self.modulo(x, rhs);
        }
        self.raw(BinOp::Mod, lhs, rhs)
    }

    /// `e` with `d{i}` replaced by `dims[i]` and `s{j}` by `syms[j]`
    /// (positions past the end are kept), rebuilt bottom-up through the
    /// canonicalising constructors. `memo` maps already rewritten nodes, so
    /// a shared sub-expression is rewritten once.
    pub(crate) fn replace(
        &mut self,
        e: NodeRef<P>,
        dims: &[NodeRef<P>],
        syms: &[NodeRef<P>],
        memo: &mut ReplaceMemo<P>,
    ) -> NodeRef<P> {
        match e.get().kind {
            NodeKind::Dim(i) => dims.get(i as usize).copied().unwrap_or(e),
            NodeKind::Symbol(i) => syms.get(i as usize).copied().unwrap_or(e),
            NodeKind::Constant(_) => e,
            NodeKind::Binary(op, l, r) => {
                if let Some(&done) = memo.get(&e) {
                    return done;
                }
                let (nl, nr) = (
                    self.replace(l, dims, syms, memo),
                    self.replace(r, dims, syms, memo),
                );
                let out = if nl == l && nr == r {
                    e
                } else {
                    self.binary(op, nl, nr)
                };
                memo.insert(e, out);
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer helpers against a brute-force definition over a small
    /// grid, including the signs MLIR cares about.
    #[test]
    fn rounding_helpers_match_their_definitions() {
        for a in -20i64..=20 {
            for b in -6i64..=6 {
                if b == 0 {
                    assert_eq!(floor_div(a, b), None);
                    assert_eq!(ceil_div(a, b), None);
                    continue;
                }
                // The floor is the largest q with q * b <= a (for b > 0) or
                // q * b >= a (for b < 0); check via the exact rational.
                let f = floor_div(a, b).unwrap();
                let c = ceil_div(a, b).unwrap();
                let exact = a as f64 / b as f64;
                assert_eq!(f as f64, exact.floor(), "{a} floordiv {b}");
                assert_eq!(c as f64, exact.ceil(), "{a} ceildiv {b}");
                if b >= 1 {
                    let m = modulo(a, b).unwrap();
                    assert!((0..b).contains(&m));
                    assert_eq!(a, f * b + m, "{a} mod {b}");
                } else {
                    assert_eq!(modulo(a, b), None);
                }
            }
        }
        assert_eq!(floor_div(i64::MIN, -1), None);
        assert_eq!(ceil_div(i64::MIN, -1), None);
        assert_eq!(floor_div(i64::MIN, 1), Some(i64::MIN));
        assert_eq!(ceil_div(i64::MAX, 1), Some(i64::MAX));
        assert_eq!(modulo(i64::MIN, 3), Some(i64::MIN.rem_euclid(3)));
    }
}
