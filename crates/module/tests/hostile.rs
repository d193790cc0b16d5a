//! Files strata-opt did not write: keys crafted to collide under FxHash,
//! deep nesting, truncated and binary input. Each is a diagnostic or a
//! linear-time parse, never a panic or a stack overflow.

mod common;

use std::hash::BuildHasher;

use strata_builtin::IntegerAttrKey;
use strata_builtin::apnum::ApInt;
use strata_builtin::prelude::*;
use strata_ctx::Context;
use strata_module::{MAX_REGION_NESTING, ParseConfig, PrintOptions, print_module};

/// The keyed hasher strata-opt's default context uses.
type KeyedState = foldhash::quality::RandomState;

/// rustc-hash 2's FxHasher multiplier: `write_u64(w)` does
/// `hash = (hash + w) * K` (wrapping), `write(bytes)` does
/// `write_u64(hash_bytes(bytes))`, and `finish` rotates left by 26.
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;

/// The inverse of an odd number modulo 2^64 (Newton's iteration).
fn inverse(k: u64) -> u64 {
    let mut x = k;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(x)));
    }
    x
}

/// rustc-hash's `hash_bytes` of the 8 bytes of `w`, recovered from a fresh
/// hasher: its state after `write` is `hash_bytes * K`, and `finish`
/// rotates it.
fn hash_bytes(w: u64) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(&w.to_le_bytes());
    h.finish().rotate_right(26).wrapping_mul(inverse(FX_K))
}

/// The `i`-th `i128` value of a family whose integer attributes all hash
/// alike under FxHash. A value wider than 64 bits is keyed by its type, its
/// low word `lo`, and the slice of its high words `[hi]` (a length, then the
/// slice's bytes through `hash_bytes`), so after the type the state is
/// `(((t + lo) * K + 1) * K + hash_bytes(hi)) * K`: choosing
/// `lo = (C - hash_bytes(hi)) / K^2` makes it independent of `hi` (and of
/// the type's address `t`).
fn colliding_value(i: u64) -> i128 {
    const C: u64 = 0x0123_4567_89ab_cdef;
    let hi = i + 1;
    let k2 = inverse(FX_K.wrapping_mul(FX_K));
    let lo = C.wrapping_sub(hash_bytes(hi)).wrapping_mul(k2);
    (((hi as u128) << 64) | lo as u128) as i128
}

fn crafted_file(n: u64) -> String {
    let mut s = String::new();
    for i in 0..n {
        s.push_str(&format!(
            "\"t.op\"() {{v = {} : i128}} : () -> ()\n",
            colliding_value(i)
        ));
    }
    s
}

/// The crafted file's attributes really collide under FxHash (one hash for
/// all of them) and not under the keyed hasher strata-opt's context uses by
/// default; the file parses and prints back either way.
#[test]
fn crafted_fxhash_collisions_are_distinct_under_the_keyed_hasher() {
    let ctx = Context::new();
    let ty: strata_ctx::Type<'_> = ctx
        .integer_type(128, strata_builtin::Signedness::Signless)
        .into();
    let keyed = KeyedState::default();
    let key = |i: u64| {
        let v = ApInt::from_i128(128, colliding_value(i));
        let k = IntegerAttrKey::new(ty, &v);
        (rustc_hash::FxBuildHasher.hash_one(k), keyed.hash_one(k))
    };
    let hashes: Vec<(u64, u64)> = (0..2000).map(key).collect();
    let fx_hashes: std::collections::HashSet<u64> = hashes.iter().map(|h| h.0).collect();
    let keyed_hashes: std::collections::HashSet<u64> = hashes.iter().map(|h| h.1).collect();
    assert_eq!(
        fx_hashes.len(),
        1,
        "the crafted keys do not collide under FxHash"
    );
    assert_eq!(keyed_hashes.len(), 2000);
    let text = crafted_file(300);
    let keyed_ctx: Context<strata_ctx::Shared, KeyedState> = Context::with_hasher(
        strata_ctx::diag::EngineBuilder::new().build(),
        KeyedState::default(),
    )
    .with_table_shards(4);
    let a = print_module(
        &ParseConfig::new()
            .name("c.mlir")
            .parallel(true)
            .parse(&keyed_ctx, &text)
            .unwrap(),
        PrintOptions::default(),
    );
    let b = print_module(
        &ParseConfig::new()
            .name("c.mlir")
            .parse(&ctx, &text)
            .unwrap(),
        PrintOptions::default(),
    );
    assert_eq!(a, b);
    assert!(a.contains(&format!("v = {} : i128", colliding_value(299))));
}

#[test]
fn deep_region_nesting_is_a_diagnostic() {
    let depth = 100_000;
    let mut text = "\"a.b\"() ({\n".repeat(depth);
    text.push_str(&"}) : () -> ()\n".repeat(depth));
    let ctx = Context::new();
    let e = ParseConfig::new()
        .name("deep.mlir")
        .parallel(true)
        .parse(&ctx, &text)
        .unwrap_err();
    assert!(e.message().contains("nested deeper"), "{}", e.message());
    let limit = MAX_REGION_NESTING as usize;
    let ok = format!(
        "{}{}",
        "\"a.b\"() ({\n".repeat(limit - 1),
        "}) : () -> ()\n".repeat(limit - 1)
    );
    assert!(
        ParseConfig::new()
            .name("ok.mlir")
            .parallel(true)
            .parse(&ctx, &ok)
            .is_ok()
    );
}

#[test]
fn deep_attribute_nesting_is_a_diagnostic() {
    let depth = 100_000;
    let text = format!(
        "\"a.b\"() {{x = {}{}}} : () -> ()\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let ctx = Context::new();
    let e = ParseConfig::new()
        .name("deep.mlir")
        .parallel(true)
        .parse(&ctx, &text)
        .unwrap_err();
    assert!(e.message().contains("nesting"), "{}", e.message());
}

/// Every prefix of real modules (truncated files) parses or fails with a
/// diagnostic whose span lies inside the text.
#[test]
fn truncated_files_are_diagnostics() {
    let modules = common::good_modules();
    let ctx = Context::new();
    let mut errors = 0;
    for m in modules.iter().take(40) {
        for cut in (0..m.len()).filter(|&c| m.is_char_boundary(c)) {
            let t = &m[..cut];
            match ParseConfig::new().name("cut.mlir").parse(&ctx, t) {
                Ok(_) => {}
                Err(e) => {
                    errors += 1;
                    assert!(e.span().start <= t.len(), "{e} in {t:?}");
                }
            }
        }
    }
    assert!(errors > 1000, "{errors}");
}

/// Bytes that are not MLIR (a deterministic pseudo-random stream, lossily
/// made text) are a diagnostic, never a panic: each of these streams starts
/// with a character no token starts with (a control character or U+FFFD,
/// what the lossy conversion makes of a byte that is not UTF-8), and MLIR's
/// lexer reports "unexpected character" there. Both parses report it at the
/// span of that one character.
#[test]
fn binary_garbage_is_a_diagnostic() {
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let ctx = Context::new();
    for (len, first) in [
        (1usize, '\u{fffd}'),
        (7, '\u{1c}'),
        (64, '\u{12}'),
        (1000, '\u{fffd}'),
        (20_000, '\u{8}'),
    ] {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.starts_with(first), "{len} bytes: {text:?}");
        let expected = ("unexpected character", 0..first.len_utf8());
        let e = ParseConfig::new()
            .name("bin.mlir")
            .parallel(true)
            .parse(&ctx, &text)
            .unwrap_err();
        assert_eq!((e.message(), e.span()), expected, "{len} bytes, parallel");
        let e = ParseConfig::new()
            .name("bin.mlir")
            .parse(&ctx, &text)
            .unwrap_err();
        assert_eq!((e.message(), e.span()), expected, "{len} bytes, sequential");
    }
}
