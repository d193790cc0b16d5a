//! `bytes_equal`, the inline comparison of string-keyed kinds' `matches`,
//! gives the same answer as `==` for every length either side of its inline
//! range and a difference at every position.

use strata_ctx::bytes_equal;

/// Equal slices of every length from 0 to 40 are equal, a difference in any
/// one byte is seen wherever it is, and slices of different lengths differ
/// even when one is a prefix of the other.
#[test]
fn agrees_with_slice_equality_at_every_length_and_position() {
    let base: Vec<u8> = (0..40u8)
        .map(|i| i.wrapping_mul(37).wrapping_add(11))
        .collect();
    for n in 0..=base.len() {
        let a = &base[..n];
        let same = a.to_vec();
        assert!(bytes_equal(a, &same), "length {n}");
        for at in 0..n {
            let mut other = same.clone();
            other[at] ^= 0x20;
            assert_eq!(bytes_equal(a, &other), a == other.as_slice());
            assert!(!bytes_equal(a, &other), "length {n}, byte {at}");
            assert!(!bytes_equal(&other, a), "length {n}, byte {at}");
        }
        if n < base.len() {
            assert!(!bytes_equal(a, &base[..=n]), "length {n} against {}", n + 1);
            assert!(!bytes_equal(&base[..=n], a), "length {} against {n}", n + 1);
        }
    }
}
