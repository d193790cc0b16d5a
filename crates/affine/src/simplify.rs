//! Canonicalising constructors: constant folding, identities, operand order
//! and the merging of like terms, applied on construction so that equal
//! simplified forms intern to one node (see "Canonical form" in the module
//! documentation).
//!
//! Every rule is an identity over the integers and none introduces a
//! division, so where the original expression has a value the rewritten one
//! has the same value. A rule may make an undefined expression defined
//! (`(d0 floordiv 0) * 0` is `0`). The one caveat is `i64` overflow:
//! reassociation moves intermediate results, so near the ends of the `i64`
//! range one form may overflow where the other does not; where both
//! evaluate, they agree.

use core::cmp::Ordering;

use hashbrown::HashMap;
use rustc_hash::FxBuildHasher;
use strata_sync::policy::Policy;

use crate::node::{BinOp, NodeKind, NodeRef};
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

/// The rank of a node's shape in the structural order.
fn rank<P: Policy>(kind: &NodeKind<P>) -> u8 {
    match kind {
        NodeKind::Dim(_) => 0,
        NodeKind::Symbol(_) => 1,
        NodeKind::Binary(BinOp::Add, ..) => 2,
        NodeKind::Binary(BinOp::Mul, ..) => 3,
        NodeKind::Binary(BinOp::Mod, ..) => 4,
        NodeKind::Binary(BinOp::FloorDiv, ..) => 5,
        NodeKind::Binary(BinOp::CeilDiv, ..) => 6,
        NodeKind::Constant(_) => 7,
    }
}

/// The structural order of canonicalisation: by the lowest dimension (then
/// symbol) used, then by shape (dimension < symbol < `+` < `*` < `mod` <
/// `floordiv` < `ceildiv` < constant), then by position or value, then
/// operand by operand. It reads structure only, never addresses, so the
/// canonical form (and its printing) is the same in every run. Two nodes
/// compare `Equal` only if they are structurally equal, which for interned
/// nodes means they are the same node.
pub(crate) fn struct_cmp<P: Policy>(a: NodeRef<P>, b: NodeRef<P>) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    let (na, nb) = (a.get(), b.get());
    na.lead
        .cmp(&nb.lead)
        .then_with(|| rank(&na.kind).cmp(&rank(&nb.kind)))
        .then_with(|| match (na.kind, nb.kind) {
            (NodeKind::Dim(x), NodeKind::Dim(y)) | (NodeKind::Symbol(x), NodeKind::Symbol(y)) => {
                x.cmp(&y)
            }
            (NodeKind::Constant(x), NodeKind::Constant(y)) => x.cmp(&y),
            (NodeKind::Binary(_, l1, r1), NodeKind::Binary(_, l2, r2)) => {
                struct_cmp(l1, l2).then_with(|| struct_cmp(r1, r2))
            }
            // Equal ranks mean equal shapes; nothing else reaches here.
            _ => Ordering::Equal,
        })
}

/// A term of a sum as `(base, coefficient)`: `x * c` (with `x` not a
/// constant) is `(x, c)`, anything else `t` is `(t, 1)`.
fn split_term<P: Policy>(t: NodeRef<P>) -> (NodeRef<P>, i64) {
    match t.with_constant_rhs(BinOp::Mul) {
        Some((x, _, c)) => (x, c),
        None => (t, 1),
    }
}

/// The order of the terms of a sum: by base, then by coefficient, so that
/// like terms (equal bases) are neighbours and merge.
fn term_cmp<P: Policy>(a: NodeRef<P>, b: NodeRef<P>) -> Ordering {
    let ((ab, ac), (bb, bc)) = (split_term(a), split_term(b));
    struct_cmp(ab, bb).then(ac.cmp(&bc))
}

impl<P: Policy> Tables<P> {
    /// `lhs op rhs` exactly as given.
    fn raw(&mut self, op: BinOp, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        self.intern(NodeKind::Binary(op, lhs, rhs))
    }

    /// `lhs op rhs`, canonicalised.
    pub(crate) fn binary(&mut self, op: BinOp, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        match op {
            BinOp::Add => self.add(lhs, rhs),
            BinOp::Mul => self.mul(lhs, rhs),
            BinOp::Mod => self.modulo(lhs, rhs),
            BinOp::FloorDiv => self.floor_div(lhs, rhs),
            BinOp::CeilDiv => self.ceil_div(lhs, rhs),
        }
    }

    /// `lhs + rhs`, canonicalised: a left-nested chain of terms in
    /// `term_cmp` order with like terms merged, then at most one constant.
    ///
    /// Given canonical operands, the result depends only on the multiset of
    /// their terms and the sum of their constants, so `+` is commutative and
    /// associative on handles (barring `i64` overflow of a merged
    /// coefficient or constant, which keeps the terms apart instead).
    pub(crate) fn add(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        match (lhs.constant_value(), rhs.constant_value()) {
            (Some(a), Some(b)) => {
                return match a.checked_add(b) {
                    Some(s) => self.constant(s),
                    None => self.raw(BinOp::Add, lhs, rhs),
                };
            }
            // Constants go to the right.
            (Some(_), None) => return self.add(rhs, lhs),
            (None, Some(0)) => return lhs,
            (None, Some(c2)) => {
                // (x + c1) + c2 = x + (c1 + c2).
                if let Some((x, _, c1)) = lhs.with_constant_rhs(BinOp::Add)
                    && let Some(c) = c1.checked_add(c2)
                {
                    let c = self.constant(c);
                    return self.add(x, c);
                }
                return self.raw(BinOp::Add, lhs, rhs);
            }
            (None, None) => {}
        }
        // Constants move outwards: (x + c) + y = (x + y) + c, and
        // x + (y + c) = (x + y) + c.
        if let Some((x, c, _)) = lhs.with_constant_rhs(BinOp::Add) {
            let sum = self.add(x, rhs);
            return self.add(sum, c);
        }
        if let Some((y, c, _)) = rhs.with_constant_rhs(BinOp::Add) {
            let sum = self.add(lhs, y);
            return self.add(sum, c);
        }
        // A chain on the right is added term by term:
        // x + (y1 + y2) = (x + y1) + y2.
        if let Some((y1, y2)) = rhs.operands(BinOp::Add) {
            let sum = self.add(lhs, y1);
            return self.add(sum, y2);
        }
        // `rhs` is one term; insert it into the chain `lhs = rest + last`.
        let (rest, last) = match lhs.operands(BinOp::Add) {
            Some((rest, last)) => (Some(rest), last),
            None => (None, lhs),
        };
        let ((last_base, last_coef), (base, coef)) = (split_term(last), split_term(rhs));
        if last_base == base {
            // Like terms: x * c1 + x * c2 = x * (c1 + c2).
            if let Some(c) = last_coef.checked_add(coef) {
                let c = self.constant(c);
                let term = self.mul(base, c);
                return match rest {
                    Some(rest) => self.add(rest, term),
                    None => term,
                };
            }
        }
        if term_cmp(rhs, last) == Ordering::Less {
            return match rest {
                // Everything in `rest` sorts before `last`, so `last` is
                // appended to the end again.
                Some(rest) => {
                    let sum = self.add(rest, rhs);
                    self.add(sum, last)
                }
                None => self.raw(BinOp::Add, rhs, lhs),
            };
        }
        self.raw(BinOp::Add, lhs, rhs)
    }

    /// `lhs - rhs` = `lhs + rhs * -1`.
    pub(crate) fn sub(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let minus_one = self.constant(-1);
        let negated = self.mul(rhs, minus_one);
        self.add(lhs, negated)
    }

    /// `lhs * rhs`, canonicalised: constants folded and moved to the right
    /// (and outwards), `x * 1 = x`, `x * 0 = 0`, a sum times `-1` negated
    /// term by term, and the two operands of a non-constant product in
    /// `struct_cmp` order.
    pub(crate) fn mul(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        match (lhs.constant_value(), rhs.constant_value()) {
            (Some(a), Some(b)) => {
                return match a.checked_mul(b) {
                    Some(p) => self.constant(p),
                    None => self.raw(BinOp::Mul, lhs, rhs),
                };
            }
            (Some(_), None) => return self.mul(rhs, lhs),
            (None, Some(0)) => return self.constant(0),
            (None, Some(1)) => return lhs,
            (None, Some(-1)) if lhs.operands(BinOp::Add).is_some() => {
                // -(t1 + t2 + c) = -t1 - t2 - c, so that `a - b` is a sum of
                // terms and `e - e` is 0 for every `e`. Other factors are not
                // distributed (`(d0 + 1) * 2` stays, as in MLIR).
                return match self.negate_sum(lhs) {
                    Some(negated) => negated,
                    None => self.raw(BinOp::Mul, lhs, rhs),
                };
            }
            (None, Some(c2)) => {
                // (x * c1) * c2 = x * (c1 * c2).
                if let Some((x, _, c1)) = lhs.with_constant_rhs(BinOp::Mul)
                    && let Some(c) = c1.checked_mul(c2)
                {
                    let c = self.constant(c);
                    return self.mul(x, c);
                }
                return self.raw(BinOp::Mul, lhs, rhs);
            }
            (None, None) => {}
        }
        // (x * c) * y = (x * y) * c, and x * (y * c) = (x * y) * c.
        if let Some((x, c, _)) = lhs.with_constant_rhs(BinOp::Mul) {
            let product = self.mul(x, rhs);
            return self.mul(product, c);
        }
        if let Some((y, c, _)) = rhs.with_constant_rhs(BinOp::Mul) {
            let product = self.mul(lhs, y);
            return self.mul(product, c);
        }
        if struct_cmp(rhs, lhs) == Ordering::Less {
            self.raw(BinOp::Mul, rhs, lhs)
        } else {
            self.raw(BinOp::Mul, lhs, rhs)
        }
    }

    /// `-sum`, term by term; `None` (build nothing) if a coefficient or the
    /// constant is `i64::MIN`, whose negation overflows.
    fn negate_sum(&mut self, sum: NodeRef<P>) -> Option<NodeRef<P>> {
        let mut terms = Vec::new();
        let mut rest = sum;
        while let Some((r, last)) = rest.operands(BinOp::Add) {
            terms.push(last);
            rest = r;
        }
        terms.push(rest);
        let negatable = |t: NodeRef<P>| t.constant_value().unwrap_or(split_term(t).1) != i64::MIN;
        if !terms.iter().all(|&t| negatable(t)) {
            return None;
        }
        let minus_one = self.constant(-1);
        let mut out: Option<NodeRef<P>> = None;
        // Oldest term first: the negated terms keep the order of their bases,
        // so each one is appended at the end of the chain.
        for t in terms.into_iter().rev() {
            let negated = self.mul(t, minus_one);
            out = Some(match out {
                Some(acc) => self.add(acc, negated),
                None => negated,
            });
        }
        out
    }

    /// `lhs floordiv rhs`, canonicalised: constants folded (not by zero),
    /// `x floordiv 1 = x`, `(x * (k * c)) floordiv c = x * k`, and
    /// `(x floordiv c1) floordiv c2 = x floordiv (c1 * c2)` for positive
    /// divisors.
    pub(crate) fn floor_div(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        self.division(BinOp::FloorDiv, lhs, rhs, floor_div)
    }

    /// `lhs ceildiv rhs`, canonicalised like [`floor_div`](Self::floor_div).
    pub(crate) fn ceil_div(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        self.division(BinOp::CeilDiv, lhs, rhs, ceil_div)
    }

    /// The common rules of `floordiv` and `ceildiv`.
    fn division(
        &mut self,
        op: BinOp,
        lhs: NodeRef<P>,
        rhs: NodeRef<P>,
        apply: fn(i64, i64) -> Option<i64>,
    ) -> NodeRef<P> {
        let Some(c) = rhs.constant_value() else {
            return self.raw(op, lhs, rhs);
        };
        if let Some(a) = lhs.constant_value() {
            // Division by zero and `i64::MIN / -1` are not folded.
            return match apply(a, c) {
                Some(q) => self.constant(q),
                None => self.raw(op, lhs, rhs),
            };
        }
        if c == 1 {
            return lhs;
        }
        if c > 1 {
            // An exact division: (x * k) / c = x * (k / c) when c divides k,
            // whatever the rounding.
            if let Some((x, _, k)) = lhs.with_constant_rhs(BinOp::Mul)
                && k % c == 0
            {
                let k = self.constant(k / c);
                return self.mul(x, k);
            }
            // Nested roundings of the same direction by positive divisors
            // compose: floor(floor(x / a) / b) = floor(x / (a * b)), and
            // likewise for the ceiling.
            if let Some((x, _, c1)) = lhs.with_constant_rhs(op)
                && c1 >= 1
                && let Some(c) = c1.checked_mul(c)
            {
                let c = self.constant(c);
                return self.division(op, x, c, apply);
            }
        }
        self.raw(op, lhs, rhs)
    }

    /// `lhs mod rhs`, canonicalised: constants folded (positive divisors
    /// only), `x mod 1 = 0`, `(x * (k * c)) mod c = 0`, and
    /// `(x mod (k * c)) mod c = x mod c`.
    pub(crate) fn modulo(&mut self, lhs: NodeRef<P>, rhs: NodeRef<P>) -> NodeRef<P> {
        let Some(c) = rhs.constant_value().filter(|&c| c >= 1) else {
            // A symbolic or non-positive divisor: kept as written.
            return self.raw(BinOp::Mod, lhs, rhs);
        };
        if let Some(a) = lhs.constant_value() {
            return self.constant(a.rem_euclid(c));
        }
        if c == 1 {
            return self.constant(0);
        }
        if let Some((_, _, k)) = lhs.with_constant_rhs(BinOp::Mul)
            && k % c == 0
        {
            return self.constant(0);
        }
        if let Some((x, _, c1)) = lhs.with_constant_rhs(BinOp::Mod)
            && c1 >= 1
            && c1 % c == 0
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
