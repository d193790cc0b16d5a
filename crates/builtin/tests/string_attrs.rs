//! String attributes compare their bytes with `strata_ctx::bytes_equal`,
//! inline for 8 to 16 bytes: strings that differ in one byte anywhere are
//! distinct attributes at every length, and equal strings one attribute.

use strata_builtin::prelude::*;
use strata_ctx::{Context, Local};

/// Every length from 0 to 40, a difference in the first, a middle or the
/// last byte, through both kinds of context.
#[test]
fn strings_that_differ_in_one_byte_are_distinct_attributes() {
    let text = "abcdefghijklmnopqrstuvwxyz0123456789ABCD";
    let shared = Context::new();
    let single = Context::<Local>::single_threaded();
    for n in 0..=text.len() {
        let a = &text[..n];
        // A copy at another address: equal bytes, one attribute.
        let copy = String::from(a);
        assert_eq!(shared.string_attr(a), shared.string_attr(&copy));
        assert_eq!(single.string_attr(a), single.string_attr(&copy));
        for at in [0, n / 2, n.saturating_sub(1)]
            .into_iter()
            .filter(|&i| i < n)
        {
            let mut other = a.as_bytes().to_vec();
            other[at] = b'_';
            let other = String::from_utf8(other).expect("ASCII");
            assert_ne!(
                shared.string_attr(a),
                shared.string_attr(&other),
                "{a:?} {other:?}"
            );
            assert_ne!(
                single.string_attr(a),
                single.string_attr(&other),
                "{a:?} {other:?}"
            );
        }
        if n > 0 {
            assert_ne!(shared.string_attr(a), shared.string_attr(&text[..n - 1]));
            assert_ne!(single.string_attr(a), single.string_attr(&text[..n - 1]));
        }
    }
}
