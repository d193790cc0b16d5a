//! Pieces of the affine cluster's surface, each on its own: arity checks of
//! evaluation, handles that hash and point by their node, and the
//! divisibility rules of MLIR's simplifier that only a sum or a quotient
//! reaches.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use strata_affine::AffineContext;

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut s = DefaultHasher::new();
    v.hash(&mut s);
    s.finish()
}

#[test]
fn evaluation_refuses_a_wrong_count_of_dims_or_symbols() {
    let a = AffineContext::new();
    let (d0, d1, s0) = (a.dim(0), a.dim(1), a.symbol(0));
    let map = a.map(2, 1, &[d0 + d1 + s0]);
    assert_eq!(map.eval(&[1, 2], &[3]), Some(vec![6]));
    assert_eq!(map.eval(&[1], &[3]), None, "one dim short");
    assert_eq!(map.eval(&[1, 2], &[]), None, "one symbol short");
    let set = a.integer_set(2, 1, &[d0 - d1], &[false]);
    assert_eq!(set.contains(&[2, 1], &[0]), Some(true));
    assert_eq!(set.contains(&[2], &[0]), None, "one dim short");
    assert_eq!(set.contains(&[2, 1], &[]), None, "one symbol short");
}

#[test]
fn handles_hash_and_point_by_their_node() {
    let a = AffineContext::new();
    let (d0, d1) = (a.dim(0), a.dim(1));
    assert_ne!(d0, d1);
    assert_eq!(hash_of(&d0), hash_of(&a.dim(0)));
    assert_ne!(hash_of(&d0), hash_of(&d1), "two expressions hashed alike");
    let (m, n) = (a.map(2, 0, &[d0]), a.map(2, 0, &[d1]));
    assert_eq!(m.as_ptr(), a.map(2, 0, &[d0]).as_ptr());
    assert_ne!(m.as_ptr(), n.as_ptr());
    assert_ne!(hash_of(&m), hash_of(&n), "two maps hashed alike");
    let (s, t) = (
        a.integer_set(2, 0, &[d0], &[true]),
        a.integer_set(2, 0, &[d1], &[true]),
    );
    assert_eq!(s.as_ptr(), a.integer_set(2, 0, &[d0], &[true]).as_ptr());
    assert_ne!(s.as_ptr(), t.as_ptr());
    assert_ne!(hash_of(&s), hash_of(&t), "two sets hashed alike");
}

#[test]
fn divisibility_reaches_through_sums_and_quotients() {
    let a = AffineContext::new();
    let (d0, d1) = (a.dim(0), a.dim(1));
    // A sum of multiples of 4 is a multiple of 4 (the gcd of its terms).
    let sum = d0 * 4 + d1 * 8;
    assert_eq!(sum.modulo(4).to_string(), "0");
    // A multiple of 8 divided by 2 is a multiple of 4.
    assert_eq!((d0 * 8).floor_div(2).modulo(4).to_string(), "0");
    // `x - (x floordiv c) * c` is `x mod c`.
    let x = d0 + d1;
    let rebuilt = x - x.floor_div(4) * 4;
    assert_eq!(rebuilt, x.modulo(4));
}

/// A sum whose terms are all multiples of 2 (4 and 8 by their gcd) divides
/// term by term: `mlir-opt-19` prints `affine_map<(d0, d1) -> ((4*d0 + 8*d1
/// + 5) floordiv 2)>` as `d0 * 2 + d1 * 4 + 2` (strata-syntax's oracle).
#[test]
fn a_sum_of_multiples_divides_term_by_term() {
    let a = AffineContext::new();
    let (d0, d1) = (a.dim(0), a.dim(1));
    let e = (d0 * 4 + d1 * 8 + 5).floor_div(2);
    assert_eq!(e.to_string(), "d0 * 2 + d1 * 4 + 2");
}
