//! Tests of the affine cluster: folding, canonicalisation, printing,
//! evaluation against an independent reference, maps and sets, statistics,
//! the single-threaded policy, and interning from many threads.

use std::collections::HashSet;

use strata_affine::{AffineContext, AffineExpr, AffineExprKind, AffineMap, AffineStats};
use strata_sync::policy::{Local, Policy, Shared};

/// A small deterministic generator (SplitMix64), so that the randomised
/// tests are reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

// ---------------------------------------------------------------------------
// Folding.

/// Constant folding with MLIR's rounding rules, and the cases that must not
/// fold (the node is kept and prints as written).
#[test]
fn constant_folding_table() {
    let ctx = AffineContext::new();
    let c = |v: i64| ctx.constant(v);
    #[rustfmt::skip]
    let table: Vec<(AffineExpr<'_>, &str)> = vec![
        (c(7) + c(5), "12"),
        (c(7) - c(5), "2"),
        (c(-7) * c(5), "-35"),
        // floordiv rounds toward negative infinity.
        (c(7).floor_div(2), "3"),
        (c(-7).floor_div(2), "-4"),
        (c(7).floor_div(-2), "-4"),
        (c(-7).floor_div(-2), "3"),
        (c(-8).floor_div(2), "-4"),
        // ceildiv rounds toward positive infinity.
        (c(7).ceil_div(2), "4"),
        (c(-7).ceil_div(2), "-3"),
        (c(7).ceil_div(-2), "-3"),
        (c(-7).ceil_div(-2), "4"),
        (c(8).ceil_div(2), "4"),
        // mod is non-negative for a positive divisor.
        (c(7) % 3, "1"),
        (c(-7) % 3, "2"),
        (c(-9) % 3, "0"),
        (c(i64::MIN) % 3, "1"),
        // Not folded: division by zero, a non-positive modulus, overflow.
        (c(7).floor_div(0), "7 floordiv 0"),
        (c(7).ceil_div(0), "7 ceildiv 0"),
        (c(7) % 0, "7 mod 0"),
        (c(7) % -3, "7 mod -3"),
        (c(i64::MIN).floor_div(-1), "-9223372036854775808 floordiv -1"),
        (c(i64::MAX) + 1, "9223372036854775807 + 1"),
        (c(i64::MAX) * 2, "9223372036854775807 * 2"),
    ];
    for (e, want) in table {
        assert_eq!(e.to_string(), want);
    }
    // A folded constant is the interned constant.
    assert_eq!(c(7) + c(5), c(12));
    assert_eq!(c(12).as_constant(), Some(12));
    // The kept nodes evaluate to "undefined".
    assert_eq!(c(7).floor_div(0).eval(&[], &[]), None);
    assert_eq!((c(7) % -3).eval(&[], &[]), None);
    assert_eq!((c(i64::MAX) + 1).eval(&[], &[]), None);
}

/// The algebraic identities and the division rules, each checked both by
/// its printed form and by pointer equality with the expected handle.
#[test]
fn identities_table() {
    let ctx = AffineContext::new();
    let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
    let zero = ctx.constant(0);
    #[rustfmt::skip]
    let table: Vec<(AffineExpr<'_>, AffineExpr<'_>, &str)> = vec![
        (d0 + 0, d0, "d0"),
        (0 + d0, d0, "d0"),
        (d0 * 1, d0, "d0"),
        (ctx.mul(d0, zero), zero, "0"),
        (ctx.mul(zero, d0 * s0), zero, "0"),
        (d0.floor_div(1), d0, "d0"),
        (d0.ceil_div(1), d0, "d0"),
        (d0.modulo(1), zero, "0"),
        ((d0 * 8).floor_div(4), d0 * 2, "d0 * 2"),
        ((d0 * 8).ceil_div(4), d0 * 2, "d0 * 2"),
        ((d0 * -8).floor_div(4), d0 * -2, "d0 * -2"),
        ((d0 * 8) % 4, zero, "0"),
        ((d0 * 8).floor_div(-4), d0 * -2, "d0 * -2"),
        ((d0 * 6).ceil_div(-3), d0 * -2, "d0 * -2"),
        ((d0 * 4 + 2).floor_div(4), d0, "d0"),
        ((d0 * 4 + d1).floor_div(4), d0 + d1.floor_div(4), "d0 + d1 floordiv 4"),
        ((d0 * 4 + 3) % 2, ctx.constant(1), "1"),
        ((d0 * 4 + d1) % 4, d1 % 4, "d1 mod 4"),
        ((d0 * 4 + 8) % 4, zero, "0"),
        ((d0 % 8) % 4, d0 % 4, "d0 mod 4"),
        (d0 - d0.floor_div(4) * 4, d0 % 4, "d0 mod 4"),
        (d0 - d0.floor_div(s0) * s0, d0 % s0, "d0 mod s0"),
    ];
    for (got, want, text) in table {
        assert_eq!(got, want, "{got} should be {want}");
        assert_eq!(got.to_string(), text);
    }
    // Rules that must not fire.
    assert_eq!(((d0 % 6) % 4).to_string(), "(d0 mod 6) mod 4");
    assert_eq!(
        d0.floor_div(2).floor_div(3).to_string(),
        "(d0 floordiv 2) floordiv 3"
    );
    assert_eq!(
        ((d0 * 2 + d1 * 4).ceil_div(2)).to_string(),
        "(d0 * 2 + d1 * 4) ceildiv 2"
    );
    assert_eq!(d0.floor_div(-2).to_string(), "d0 floordiv -2");
    assert_eq!(((d0 * 4) % -2).to_string(), "(d0 * 4) mod -2");
    assert_eq!(((d0 + d1 - d1) * 3).to_string(), "(d0 + d1 - d1) * 3");
    assert_eq!((d0 * 6).floor_div(4).to_string(), "(d0 * 6) floordiv 4");
    assert_eq!(
        d0.floor_div(2).ceil_div(3).to_string(),
        "(d0 floordiv 2) ceildiv 3"
    );
    assert_eq!(d0.floor_div(s0).to_string(), "d0 floordiv s0");
    assert_eq!(d0.floor_div(0).to_string(), "d0 floordiv 0");
    assert_eq!((d0 % 0).to_string(), "d0 mod 0");
}

// ---------------------------------------------------------------------------
// Canonicalisation.

#[test]
fn canonical_forms_are_pointer_equal() {
    let ctx = AffineContext::new();
    let (d0, d1, d2) = (ctx.dim(0), ctx.dim(1), ctx.dim(2));
    let (s0, s1) = (ctx.symbol(0), ctx.symbol(1));
    let e = d0 * 4 + s0;

    assert_eq!(e + 1 + 2, e + 3);
    assert_eq!((e + 1) + 2, e + (ctx.constant(1) + 2));
    assert_eq!(2 * d0, d0 * 2);
    assert_eq!(3 + d0, d0 + 3);
    assert_eq!(s0 + d0, d0 + s0);
    assert_eq!(((d0 + 1) + (d1 + 2)).to_string(), "d0 + d1 + 2 + 1");
    assert_eq!((d0 + 1) + d1, d0 + d1 + 1);
    assert_eq!(d0 * 2 + d0, d0 * 3);
    assert_eq!(d0 - d0, ctx.constant(0));
    assert_eq!(-(-d0), d0);
    assert_eq!(d0 + s0 * 2 - s0 * 2, d0 + s0 * 2 - s0 * 2);
    assert_eq!((d0 * 2) * 3, d0 * 6);
    assert_eq!(d0 * s0, s0 * d0);
    assert_eq!((d0 * 2) * s0, (d0 * s0) * 2);
    assert_eq!(5 - d0, -d0 + 5);
    assert_eq!(ctx.sub(d0, d1), d0 - d1);
    assert_eq!(ctx.mul(ctx.constant(3), d2), d2 * 3);

    // As in MLIR, sums keep the order they were built in (after moving
    // constants right and symbolic terms after dimensional ones), and a
    // negated sum stays a product by -1. Each print is mlir-opt-19's.
    let forms: Vec<(AffineExpr<'_>, &str)> = vec![
        (d1 + d0, "d1 + d0"),
        ((d0 + d1) + d2, "d0 + d1 + d2"),
        (d0 + (d1 + d2), "d0 + d1 + d2"),
        (d2 + (d1 + d0), "d2 + d1 + d0"),
        (d0 + d1 + d0, "d0 + d1 + d0"),
        ((d0 + d1) - (d1 + d0), "d0 + d1 - (d1 + d0)"),
        (-(d0 + d1 + 1), "-(d0 + d1 + 1)"),
        (-(-(d0 * 3 + s0)), "d0 * 3 + s0"),
        (ctx.add(s1, s0), "s1 + s0"),
        (s0 + d1 * 3 + d0, "d1 * 3 + s0 + d0"),
        (d1 - d0, "d1 - d0"),
        (d1 + d0.floor_div(2), "d1 + d0 floordiv 2"),
        (d0 * 16 - (d0 + 1) + 15, "d0 * 16 - (d0 + 1) + 15"),
        (d0 - (d0 + 1), "d0 - (d0 + 1)"),
        (d0 * 4 - d0 * 2 + d0, "d0 * 3"),
        ((d0 + d1) + (d0 + d1), "(d0 + d1) * 2"),
        (s0 * 3 + d0 * 2 + s0, "d0 * 2 + s0 * 3 + s0"),
        ((s0 + 1) * d0, "d0 * (s0 + 1)"),
        (d0 * (s0 * s1) * 3 * 2, "(d0 * (s0 * s1)) * 6"),
        (d0 * s0 + d0 * s0, "(d0 * s0) * 2"),
        (d0 * ((s0 * s0) * 9), "d0 * ((s0 * s0) * 9)"),
        (((s0 * 32) * d1 * 8) % 256, "0"),
    ];
    for (e, want) in forms {
        assert_eq!(e.to_string(), want);
    }
}

/// Canonicalisation is idempotent: rebuilding an expression from its own
/// operands through the public constructors gives the same handle.
fn rebuild<'a, P: Policy>(ctx: &'a AffineContext<P>, e: AffineExpr<'a, P>) -> AffineExpr<'a, P> {
    match e.kind() {
        AffineExprKind::Dim(i) => ctx.dim(i),
        AffineExprKind::Symbol(i) => ctx.symbol(i),
        AffineExprKind::Constant(c) => ctx.constant(c),
        AffineExprKind::Add(l, r) => ctx.add(rebuild(ctx, l), rebuild(ctx, r)),
        AffineExprKind::Mul(l, r) => ctx.mul(rebuild(ctx, l), rebuild(ctx, r)),
        AffineExprKind::Mod(l, r) => ctx.modulo(rebuild(ctx, l), rebuild(ctx, r)),
        AffineExprKind::FloorDiv(l, r) => ctx.floor_div(rebuild(ctx, l), rebuild(ctx, r)),
        AffineExprKind::CeilDiv(l, r) => ctx.ceil_div(rebuild(ctx, l), rebuild(ctx, r)),
    }
}

#[test]
fn kinds_and_predicates() {
    let ctx = AffineContext::new();
    let (d0, d1, s0, s1) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0), ctx.symbol(1));
    assert_eq!(d1.kind(), AffineExprKind::Dim(1));
    assert_eq!(s0.kind(), AffineExprKind::Symbol(0));
    assert_eq!(ctx.constant(-3).kind(), AffineExprKind::Constant(-3));
    assert_eq!((d0 + 4).kind(), AffineExprKind::Add(d0, ctx.constant(4)));
    assert_eq!((d0 * 4).kind(), AffineExprKind::Mul(d0, ctx.constant(4)));
    assert_eq!((d0 % 4).kind(), AffineExprKind::Mod(d0, ctx.constant(4)));
    assert_eq!(d0.floor_div(s0).kind(), AffineExprKind::FloorDiv(d0, s0));
    assert_eq!(
        d0.ceil_div(4).kind(),
        AffineExprKind::CeilDiv(d0, ctx.constant(4))
    );
    assert_eq!(d0.as_constant(), None);

    // (expression, pure affine, symbolic or constant)
    let table = [
        (d0, true, false),
        (s0, true, true),
        (ctx.constant(7), true, true),
        (d0 + s0 * 2 + 1, true, false),
        (s0 * 2 + s1, true, true),
        (d0 * s0, false, false),
        (s0 * s1, false, true),
        (d0.floor_div(s0), false, false),
        (s0.floor_div(s1), false, true),
        (d0 % 4, true, false),
        (d0 % s0, false, false),
        (d0.ceil_div(4) + d1 * 3, true, false),
        ((d0 * s0) % 4, false, false),
    ];
    for (e, pure, symbolic) in table {
        assert_eq!(e.is_pure_affine(), pure, "is_pure_affine({e})");
        assert_eq!(
            e.is_symbolic_or_constant(),
            symbolic,
            "is_symbolic_or_constant({e})"
        );
    }
}

// ---------------------------------------------------------------------------
// Printing.

#[test]
fn expression_printing_snapshots() {
    let ctx = AffineContext::new();
    let (d0, d1, d2) = (ctx.dim(0), ctx.dim(1), ctx.dim(2));
    let (s0, s1) = (ctx.symbol(0), ctx.symbol(1));
    #[rustfmt::skip]
    let table: Vec<(AffineExpr<'_>, &str)> = vec![
        (d0, "d0"),
        (s1, "s1"),
        (ctx.constant(-5), "-5"),
        (d0 + s0 * 2, "d0 + s0 * 2"),
        (d0 - 1, "d0 - 1"),
        (d0 + 1, "d0 + 1"),
        (d0 - d1, "d0 - d1"),
        (d0 - d1 * 3, "d0 - d1 * 3"),
        (d0 - d1 * 2 + 3, "d0 - d1 * 2 + 3"),
        (-d0, "-d0"),
        (d0 * -2, "d0 * -2"),
        (-d0 + d1, "-d0 + d1"),
        ((d0 + 1) * 2, "(d0 + 1) * 2"),
        (-(d0 + d1), "-(d0 + d1)"),
        (d0 - (d1 + d2), "d0 - (d1 + d2)"),
        (d2 - (d0 + 1), "d2 - (d0 + 1)"),
        (d0 - (d1 + d2) * 2, "d0 - (d1 + d2) * 2"),
        (d0.floor_div(4), "d0 floordiv 4"),
        (d0.ceil_div(4), "d0 ceildiv 4"),
        (d0 % 4, "d0 mod 4"),
        ((d0 + s0) % 4, "(d0 + s0) mod 4"),
        ((d0 + s0).floor_div(4) * 3, "((d0 + s0) floordiv 4) * 3"),
        (d0 * s0, "d0 * s0"),
        ((d0 * s0).floor_div(4), "(d0 * s0) floordiv 4"),
        (d0.floor_div(2) * s0, "(d0 floordiv 2) * s0"),
        (d0 * s0 * 2, "(d0 * s0) * 2"),
        (d0 + d0 % 4, "d0 + d0 mod 4"),
        (d0 - d0 % 4, "d0 - d0 mod 4"),
        (d0 * 2 + d1 * 3 + s0 - 7, "d0 * 2 + d1 * 3 + s0 - 7"),
        (d0 + ctx.constant(i64::MIN), "d0 - -9223372036854775808"),
        (d0 * i64::MIN + d1, "d0 * -9223372036854775808 + d1"),
        (d1 + d0 * i64::MIN, "d1 - d0 * -9223372036854775808"),
        // A negated sum is kept whole, as MLIR keeps it.
        (-(d0 * i64::MIN + d1), "-(d0 * -9223372036854775808 + d1)"),
        (d0 - (d0 * i64::MIN + d1), "d0 - (d0 * -9223372036854775808 + d1)"),
    ];
    for (e, want) in table {
        assert_eq!(e.to_string(), want);
        assert_eq!(format!("{e:?}"), want);
    }
}

#[test]
fn map_and_set_printing_snapshots() {
    let ctx = AffineContext::new();
    let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
    let cases = [
        (
            ctx.map(2, 1, &[d0 + s0, d1]),
            "(d0, d1)[s0] -> (d0 + s0, d1)",
        ),
        (ctx.map(2, 0, &[d1, d0]), "(d0, d1) -> (d1, d0)"),
        (ctx.map(0, 0, &[ctx.constant(0)]), "() -> (0)"),
        (ctx.map(0, 1, &[s0]), "()[s0] -> (s0)"),
        (ctx.map(1, 0, &[]), "(d0) -> ()"),
        (
            ctx.map(2, 2, &[d0.floor_div(4), (d1 + ctx.symbol(1)) % 8]),
            "(d0, d1)[s0, s1] -> (d0 floordiv 4, (d1 + s1) mod 8)",
        ),
        (AffineMap::identity(&ctx, 3), "(d0, d1, d2) -> (d0, d1, d2)"),
    ];
    for (map, want) in cases {
        assert_eq!(map.to_string(), want);
        assert_eq!(format!("{map:?}"), want);
    }
    let sets = [
        (
            ctx.integer_set(1, 1, &[d0 - s0, d0], &[false, true]),
            "(d0)[s0] : (d0 - s0 >= 0, d0 == 0)",
        ),
        (
            ctx.integer_set(2, 0, &[d0 + d1 - 10], &[false]),
            "(d0, d1) : (d0 + d1 - 10 >= 0)",
        ),
        (ctx.integer_set(1, 0, &[], &[]), "(d0) : ()"),
    ];
    for (set, want) in sets {
        assert_eq!(set.to_string(), want);
        assert_eq!(format!("{set:?}"), want);
    }
}

// ---------------------------------------------------------------------------
// Evaluation against an independent reference.

/// An expression tree built without any simplification, with its own
/// evaluator: the reference the interned (simplified) expressions are
/// checked against.
#[derive(Clone, Debug)]
enum Raw {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Add(Box<Raw>, Box<Raw>),
    Mul(Box<Raw>, Box<Raw>),
    Mod(Box<Raw>, Box<Raw>),
    FloorDiv(Box<Raw>, Box<Raw>),
    CeilDiv(Box<Raw>, Box<Raw>),
}

impl Raw {
    /// A random tree of at most `depth` levels over `d0..d2`, `s0..s1` and
    /// small constants, biased toward the shapes the rules rewrite.
    fn random(rng: &mut Rng, depth: u32) -> Raw {
        if depth == 0 || rng.below(4) == 0 {
            return match rng.below(3) {
                0 => Raw::Dim(rng.below(3) as u32),
                1 => Raw::Sym(rng.below(2) as u32),
                _ => Raw::Const(rng.range(-6, 6)),
            };
        }
        let l = Box::new(Raw::random(rng, depth - 1));
        // Divisors and factors are mostly constants, sometimes anything.
        let r = Box::new(if rng.below(3) == 0 {
            Raw::random(rng, depth - 1)
        } else {
            Raw::Const(rng.range(-4, 8))
        });
        match rng.below(7) {
            0 | 1 => Raw::Add(l, Box::new(Raw::random(rng, depth - 1))),
            2 => Raw::Add(l, r),
            3 => Raw::Mul(l, r),
            4 => Raw::Mod(l, r),
            5 => Raw::FloorDiv(l, r),
            _ => Raw::CeilDiv(l, r),
        }
    }

    /// The value over the integers, written independently of the library:
    /// `None` for a zero divisor or a non-positive modulus (and overflow,
    /// which the small ranges used here never reach).
    fn eval(&self, dims: &[i64], syms: &[i64]) -> Option<i64> {
        let bin = |l: &Raw, r: &Raw| Some((l.eval(dims, syms)?, r.eval(dims, syms)?));
        Some(match self {
            Raw::Dim(i) => dims[*i as usize],
            Raw::Sym(i) => syms[*i as usize],
            Raw::Const(c) => *c,
            Raw::Add(l, r) => {
                let (a, b) = bin(l, r)?;
                a.checked_add(b)?
            }
            Raw::Mul(l, r) => {
                let (a, b) = bin(l, r)?;
                a.checked_mul(b)?
            }
            Raw::Mod(l, r) => {
                let (a, b) = bin(l, r)?;
                if b < 1 {
                    return None;
                }
                ((a % b) + b) % b
            }
            Raw::FloorDiv(l, r) => {
                let (a, b) = bin(l, r)?;
                if b == 0 {
                    return None;
                }
                let (q, m) = (a / b, a % b);
                if m != 0 && ((m < 0) != (b < 0)) {
                    q - 1
                } else {
                    q
                }
            }
            Raw::CeilDiv(l, r) => {
                let (a, b) = bin(l, r)?;
                if b == 0 {
                    return None;
                }
                let (q, m) = (a / b, a % b);
                if m != 0 && ((m < 0) == (b < 0)) {
                    q + 1
                } else {
                    q
                }
            }
        })
    }

    /// Builds the tree through the context's canonicalising constructors.
    fn build<'a, P: Policy>(&self, ctx: &'a AffineContext<P>) -> AffineExpr<'a, P> {
        match self {
            Raw::Dim(i) => ctx.dim(*i),
            Raw::Sym(i) => ctx.symbol(*i),
            Raw::Const(c) => ctx.constant(*c),
            Raw::Add(l, r) => ctx.add(l.build(ctx), r.build(ctx)),
            Raw::Mul(l, r) => ctx.mul(l.build(ctx), r.build(ctx)),
            Raw::Mod(l, r) => ctx.modulo(l.build(ctx), r.build(ctx)),
            Raw::FloorDiv(l, r) => ctx.floor_div(l.build(ctx), r.build(ctx)),
            Raw::CeilDiv(l, r) => ctx.ceil_div(l.build(ctx), r.build(ctx)),
        }
    }
}

/// On random expressions and random points: wherever the unsimplified tree
/// has a value, the interned expression has the same value; canonicalisation
/// is idempotent; and `+` and `*` are commutative (and `+` associative) on
/// handles.
#[test]
fn simplification_preserves_values_on_random_expressions() {
    let ctx = AffineContext::new();
    let mut rng = Rng(0x5eed_affe);
    let mut defined = 0;
    let mut built = Vec::new();
    for _ in 0..400 {
        let raw = Raw::random(&mut rng, 4);
        let e = raw.build(&ctx);
        for _ in 0..8 {
            let dims = [rng.range(-20, 20), rng.range(-20, 20), rng.range(-20, 20)];
            let syms = [rng.range(-20, 20), rng.range(-20, 20)];
            if let Some(want) = raw.eval(&dims, &syms) {
                defined += 1;
                assert_eq!(
                    e.eval(&dims, &syms),
                    Some(want),
                    "{raw:?} simplified to {e}, at {dims:?}{syms:?}"
                );
            }
        }
        assert_eq!(rebuild(&ctx, e), e, "rebuilding {e} from its operands");
        built.push(e);
    }
    // The points are not all undefined (the test would check nothing).
    assert!(defined > 1000, "only {defined} defined evaluations");

    // Combining simplified expressions keeps their values too.
    let (dims, syms) = ([3, -7, 12], [5, -2]);
    for _ in 0..300 {
        let a = built[rng.below(built.len())];
        let b = built[rng.below(built.len())];
        if let (Some(x), Some(y)) = (a.eval(&dims, &syms), b.eval(&dims, &syms)) {
            for (e, v) in [(a + b, x.checked_add(y)), (a - b, x.checked_sub(y))] {
                if let (Some(got), Some(v)) = (e.eval(&dims, &syms), v) {
                    assert_eq!(got, v, "{e} from {a} and {b}");
                }
            }
        }
    }
}

/// The canonical order reads structure only: two contexts that build the
/// same expressions in different orders (so at different addresses) print
/// them identically.
#[test]
fn printing_does_not_depend_on_construction_order() {
    let mut rng = Rng(42);
    let raws: Vec<Raw> = (0..150).map(|_| Raw::random(&mut rng, 4)).collect();
    let first = AffineContext::new();
    let printed: Vec<String> = raws.iter().map(|r| r.build(&first).to_string()).collect();

    let second = AffineContext::new();
    let mut order: Vec<usize> = (0..raws.len()).collect();
    rng.shuffle(&mut order);
    // Warm the second context with unrelated nodes so addresses differ.
    for i in 0..50 {
        let _ = second.dim(i) * (i as i64 + 2) + second.symbol(i);
    }
    for i in order.into_iter().rev() {
        assert_eq!(raws[i].build(&second).to_string(), printed[i]);
    }
}

// ---------------------------------------------------------------------------
// Maps and sets.

#[test]
fn maps_intern_evaluate_and_compose() {
    let ctx = AffineContext::new();
    let (d0, d1, s0, s1) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0), ctx.symbol(1));

    let m = ctx.map(2, 1, &[d0 + s0, d1 * 2]);
    assert_eq!(m, ctx.map(2, 1, &[s0 + d0, 2 * d1]));
    assert_ne!(m, ctx.map(3, 1, &[d0 + s0, d1 * 2]));
    assert_ne!(m, ctx.map(2, 2, &[d0 + s0, d1 * 2]));
    assert_ne!(m, ctx.map(2, 1, &[d1 * 2, d0 + s0]));
    assert_eq!((m.num_dims(), m.num_symbols(), m.num_results()), (2, 1, 2));
    assert_eq!(m.results(), &[d0 + s0, d1 * 2]);
    assert_eq!(m.result(1), d1 * 2);
    assert_eq!(m.eval(&[3, 4], &[10]), Some(vec![13, 8]));
    assert_eq!(m.eval(&[3], &[10]), None, "too few dimensions");
    assert_eq!(m.eval(&[3, 4], &[]), None, "too few symbols");

    let id = AffineMap::identity(&ctx, 2);
    assert!(id.is_identity());
    assert_eq!(id, ctx.map(2, 0, &[d0, d1]));
    assert!(!m.is_identity());
    assert!(!ctx.map(2, 0, &[d1, d0]).is_identity());
    assert_eq!(m.compose(id), m);

    // The example of MLIR's `AffineMap::compose` documentation.
    let map1 = ctx.map(2, 2, &[d0 + 1 + s1, d1 - 1 - s0]);
    let map2 = ctx.map(1, 1, &[d0 + s0, d0 - s0]);
    let composed = map1.compose(map2);
    assert_eq!(
        composed.to_string(),
        "(d0)[s0, s1, s2] -> (d0 + s2 + s1 + 1, d0 - s2 - s0 - 1)"
    );
    // Composition agrees with evaluating one map after the other.
    for x in -5..5 {
        for (a, b, c) in [(1, 2, 3), (-4, 0, 7)] {
            let inner = map2.eval(&[x], &[c]).unwrap();
            let want = map1.eval(&inner, &[a, b]).unwrap();
            assert_eq!(composed.eval(&[x], &[a, b, c]), Some(want));
        }
    }

    // Replacement re-simplifies.
    let e = d0 * 2 + d1 + s0;
    assert_eq!(e.replace_dims_and_symbols(&[d1, d0], &[]), d1 * 2 + d0 + s0);
    assert_eq!(
        e.replace_dims_and_symbols(&[d0, d0 * -2], &[ctx.constant(5)]),
        ctx.constant(5)
    );
    assert_eq!(e.replace_dims_and_symbols(&[], &[]), e);
    let swapped = m.replace_dims_and_symbols(&[d1, d0], &[ctx.constant(0)], 2, 0);
    assert_eq!(swapped.to_string(), "(d0, d1) -> (d1, d0 * 2)");
}

#[test]
fn integer_sets_intern_and_contain() {
    let ctx = AffineContext::new();
    let (d0, d1, s0) = (ctx.dim(0), ctx.dim(1), ctx.symbol(0));
    // 0 <= d0 < s0, d1 == d0 + 1.
    let set = ctx.integer_set(2, 1, &[d0, s0 - d0 - 1, d1 - d0 - 1], &[false, false, true]);
    assert_eq!(
        set,
        ctx.integer_set(
            2,
            1,
            &[d0, -d0 + s0 - 1, d1 - d0 - 1],
            &[false, false, true]
        )
    );
    assert_ne!(
        set,
        ctx.integer_set(
            2,
            1,
            &[d0, s0 - d0 - 1, d1 - d0 - 1],
            &[false, false, false]
        )
    );
    assert_eq!(
        (set.num_dims(), set.num_symbols(), set.num_constraints()),
        (2, 1, 3)
    );
    assert_eq!(set.constraint(0), d0);
    assert!(set.is_eq(2) && !set.is_eq(1));
    assert_eq!(set.eq_flags(), &[false, false, true]);
    assert_eq!(set.constraints().len(), 3);
    assert_eq!(set.contains(&[0, 1], &[4]), Some(true));
    assert_eq!(set.contains(&[3, 4], &[4]), Some(true));
    assert_eq!(set.contains(&[4, 5], &[4]), Some(false));
    assert_eq!(set.contains(&[1, 1], &[4]), Some(false));
    assert_eq!(set.contains(&[1], &[4]), None);
    let undefined = ctx.integer_set(1, 0, &[d0.floor_div(0)], &[false]);
    assert_eq!(undefined.contains(&[1], &[]), None);
}

#[test]
#[should_panic(expected = "uses d2 but there are only 2 dimensions")]
fn map_with_a_dimension_out_of_range_panics() {
    let ctx = AffineContext::new();
    let _ = ctx.map(2, 0, &[ctx.dim(2)]);
}

#[test]
#[should_panic(expected = "uses s0 but there are only 0 symbols")]
fn set_with_a_symbol_out_of_range_panics() {
    let ctx = AffineContext::new();
    let _ = ctx.integer_set(1, 0, &[ctx.dim(0) - ctx.symbol(0)], &[false]);
}

#[test]
#[should_panic(expected = "one equality flag per constraint")]
fn set_with_mismatched_flags_panics() {
    let ctx = AffineContext::new();
    let _ = ctx.integer_set(1, 0, &[ctx.dim(0)], &[]);
}

#[test]
#[should_panic(expected = "needs one result per dimension")]
fn composing_mismatched_maps_panics() {
    let ctx = AffineContext::new();
    let two = AffineMap::identity(&ctx, 2);
    let _ = two.compose(AffineMap::identity(&ctx, 3));
}

#[test]
#[should_panic(expected = "belong to different AffineContexts")]
fn mixing_contexts_in_an_operator_panics() {
    let a = AffineContext::new();
    let b = AffineContext::new();
    let _ = a.dim(0) + b.dim(0);
}

#[test]
#[should_panic(expected = "belongs to a different AffineContext")]
fn mixing_contexts_in_a_constructor_panics() {
    let a = AffineContext::new();
    let b = AffineContext::new();
    let _ = a.add(a.dim(0), b.dim(1));
}

/// A panic under validation leaves the context usable: the mutex is not
/// held (it is taken only after validation) and the tables are unchanged.
#[test]
fn a_rejected_map_leaves_the_context_usable() {
    let ctx = AffineContext::new();
    let d3 = ctx.dim(3);
    let before = ctx.stats();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.map(1, 0, &[d3])));
    assert!(caught.is_err());
    assert_eq!(ctx.stats(), before);
    assert_eq!(ctx.map(4, 0, &[d3]).to_string(), "(d0, d1, d2, d3) -> (d3)");
}

// ---------------------------------------------------------------------------
// Handles, statistics, policies.

#[test]
fn handles_are_one_pointer_and_hash_by_identity() {
    use core::mem::size_of;
    assert_eq!(size_of::<AffineExpr<'_>>(), 8);
    assert_eq!(size_of::<Option<AffineExpr<'_>>>(), 8);
    assert_eq!(size_of::<AffineMap<'_>>(), 8);
    assert_eq!(size_of::<strata_affine::IntegerSet<'_>>(), 8);
    assert_eq!(size_of::<AffineExpr<'_, Local>>(), 8);

    fn send_sync<T: Send + Sync>() {}
    send_sync::<AffineContext>();
    send_sync::<AffineExpr<'_>>();
    send_sync::<AffineMap<'_>>();
    send_sync::<strata_affine::IntegerSet<'_>>();

    let ctx = AffineContext::new();
    let (d0, d1) = (ctx.dim(0), ctx.dim(1));
    let set: HashSet<AffineExpr<'_>> = [d0 + d1, d1 + d0, d0 * 1 + d1, d0 - d1]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 3);
}

#[test]
fn stats_count_nodes_and_one_lock_per_operation() {
    let ctx = AffineContext::new();
    assert_eq!(ctx.stats(), AffineStats::default());
    let d0 = ctx.dim(0);
    let s0 = ctx.symbol(0);
    let after_leaves = ctx.stats();
    assert_eq!(after_leaves.exprs, 2);
    assert_eq!(after_leaves.lock_acquisitions, 2);

    // One acquisition per operator, whatever it interns underneath.
    let e = d0 + s0 * 2;
    assert_eq!(ctx.stats().lock_acquisitions, 4);
    // d0, s0, 2, s0 * 2, d0 + s0 * 2.
    assert_eq!(ctx.stats().exprs, 5);
    let _ = e.floor_div(4);
    assert_eq!(ctx.stats().lock_acquisitions, 5);
    let m = ctx.map(1, 1, &[e, d0]);
    let _ = ctx.map(1, 1, &[e, d0]);
    let _ = m.compose(AffineMap::identity(&ctx, 1));
    let _ = ctx.integer_set(1, 1, &[e], &[true]);
    let stats = ctx.stats();
    // 5, then two maps, an identity, a composition and a set.
    assert_eq!(stats.lock_acquisitions, 10);
    assert_eq!((stats.maps, stats.sets), (2, 1));
    assert!(stats.bytes > 0);
    assert_eq!(stats.contended_acquisitions, 0);
    // Looking does not count.
    assert_eq!(ctx.stats().lock_acquisitions, 10);
    assert!(format!("{ctx:?}").contains("lock_acquisitions: 10"));
}

/// Builds a fixed workload and returns it printed: used to compare policies.
fn workload<P: Policy>(ctx: &AffineContext<P>) -> Vec<String> {
    let mut rng = Rng(7);
    let mut out = Vec::new();
    for _ in 0..100 {
        let e = Raw::random(&mut rng, 4).build(ctx);
        out.push(e.to_string());
        let m = ctx.map(3, 2, &[e, ctx.dim(1)]);
        out.push(m.to_string());
    }
    out
}

#[test]
fn local_policy_matches_shared() {
    let local = AffineContext::single_threaded();
    let shared = AffineContext::<Shared>::new();
    assert_eq!(workload(&local), workload(&shared));
    let (l, s) = (local.stats(), shared.stats());
    assert_eq!(
        (l.exprs, l.maps, l.lock_acquisitions),
        (s.exprs, s.maps, s.lock_acquisitions)
    );
    assert_eq!(l.contended_acquisitions, 0);
    let d0 = local.dim(0);
    assert_eq!(d0 + 1 + 2, d0 + 3);
    assert!(format!("{local:?}").contains("single"));
}

/// The recipes the threaded tests build: each a small function of the
/// context, so that threads can run them in different orders.
/// A recipe: builds one expression and one map.
type Recipe<'a> = fn(&'a AffineContext) -> (AffineExpr<'a>, AffineMap<'a>);

fn recipes<'a>() -> Vec<Recipe<'a>> {
    vec![
        |c| {
            let e = c.dim(0) + c.symbol(0) * 2;
            (e, c.map(1, 1, &[e]))
        },
        |c| {
            let e = c.symbol(0) * 2 + c.dim(0);
            (e, c.map(1, 1, &[e, c.dim(0)]))
        },
        |c| {
            let e = (c.dim(1) + 1).floor_div(4) * 3 - c.dim(0);
            (e, c.map(2, 0, &[e, c.dim(1) % 8]))
        },
        |c| {
            let e = c.dim(2) - c.dim(1) + c.dim(0) * 5 + 7;
            (e, c.map(3, 0, &[c.dim(2), e]))
        },
        |c| {
            let e = c.dim(2) + 7 - c.dim(1) + c.dim(0) * 5;
            (
                e,
                AffineMap::identity(c, 3).compose(c.map(3, 0, &[c.dim(1), c.dim(0), e])),
            )
        },
        |c| {
            let e = (c.dim(0) * c.symbol(1)).ceil_div(c.symbol(0)) + c.symbol(1);
            (e, c.map(1, 2, &[e, e + 1]))
        },
        |c| {
            let e = (c.dim(1) % 16) % 4 + (c.dim(0) * 8).floor_div(2);
            (e, c.map(2, 0, &[e]))
        },
        |c| {
            let e = c.constant(3) * c.dim(1) + c.dim(0) * 4 - c.dim(1) * 3;
            (e, c.map(2, 0, &[e, c.constant(0)]))
        },
    ]
}

/// Eight threads build the same expressions and maps from one shared
/// context, each in its own order, and get identical handles; the context
/// ends with exactly the nodes a single-threaded build creates.
#[test]
fn eight_threads_building_in_different_orders_get_identical_handles() {
    let ctx = AffineContext::new();
    let per_thread: Vec<Vec<(AffineExpr<'_>, AffineMap<'_>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8u64)
            .map(|t| {
                let ctx = &ctx;
                s.spawn(move || {
                    let rs = recipes();
                    let mut order: Vec<usize> = (0..rs.len()).collect();
                    Rng(t).shuffle(&mut order);
                    if t % 2 == 1 {
                        order.reverse();
                    }
                    let mut out = vec![None; rs.len()];
                    for _ in 0..20 {
                        for &i in &order {
                            out[i] = Some(rs[i](ctx));
                        }
                    }
                    out.into_iter().map(Option::unwrap).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for other in &per_thread[1..] {
        assert_eq!(other, &per_thread[0]);
    }
    // Recipes 0 and 1 (and 3 and 4) are the same expression written two
    // ways.
    assert_eq!(per_thread[0][0].0, per_thread[0][1].0);
    assert_eq!(per_thread[0][3].0, per_thread[0][4].0);

    let serial = AffineContext::new();
    for r in recipes() {
        r(&serial);
    }
    let (got, want) = (ctx.stats(), serial.stats());
    assert_eq!((got.exprs, got.maps), (want.exprs, want.maps));
    assert_eq!(got.lock_acquisitions, want.lock_acquisitions * 8 * 20);
}

/// Many threads hammer the one mutex with a bounded number of random
/// operations; every thread's results agree with a serial rebuild.
#[test]
fn stress_many_threads_random_expressions() {
    const THREADS: u64 = 24;
    const EXPRS: usize = 40;
    let ctx = AffineContext::new();
    let results: Vec<Vec<(String, AffineExpr<'_>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let ctx = &ctx;
                s.spawn(move || {
                    // Every thread draws from the same four seeds, so threads
                    // race to intern the same expressions.
                    let mut rng = Rng(t % 4);
                    (0..EXPRS)
                        .map(|_| {
                            let raw = Raw::random(&mut rng, 4);
                            (format!("{raw:?}"), raw.build(ctx))
                        })
                        .collect()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, list) in results.iter().enumerate() {
        assert_eq!(list, &results[t % 4], "thread {t}");
    }
    let serial = AffineContext::single_threaded();
    for seed in 0..4 {
        let mut rng = Rng(seed);
        for (i, _) in (0..EXPRS).enumerate() {
            let e = Raw::random(&mut rng, 4).build(&serial);
            assert_eq!(e.to_string(), results[seed as usize][i].1.to_string());
        }
    }
    assert_eq!(ctx.stats().exprs, serial.stats().exprs);
}

#[test]
fn handles_expose_their_address() {
    let ctx = AffineContext::new();
    let (d0, d1) = (ctx.dim(0), ctx.dim(1));
    assert_eq!((d0 + 1).as_ptr(), (1_i64 + d0).as_ptr());
    assert_ne!(d0.as_ptr(), d1.as_ptr());
    let map = ctx.map(2, 0, &[d0, d1]);
    assert_eq!(map.as_ptr(), ctx.map(2, 0, &[d0, d1]).as_ptr());
    let set = ctx.integer_set(1, 0, &[d0], &[false]);
    assert_eq!(
        set.as_ptr(),
        ctx.integer_set(1, 0, &[d0], &[false]).as_ptr()
    );
}
