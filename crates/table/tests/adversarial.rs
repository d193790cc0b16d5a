//! Hash flooding: keys crafted to share one FxHash value make an FxHash
//! table quadratic, and a keyed hasher (`RandomState`) keeps the same keys
//! linear. Asserted on the number of key-equality calls, not on time.
#![cfg(not(strata_loom))]

use std::cell::Cell;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;
use strata_sync::policy::Local;
use strata_table::Table;

/// FxHash's multiplier on 64-bit targets (rustc-hash 2).
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;

/// The `i`-th of a family of `(usize, i64)` keys with one FxHash value.
///
/// FxHash folds each word `w` into its state as `h = (h + w) * K`, so a
/// two-word key `(a, b)` hashes to `((a * K) + b) * K` before the final
/// rotation; choosing `b = c - a * K` makes that `c * K` for every `a`.
fn colliding_key(i: u64) -> (usize, i64) {
    const C: u64 = 0x0123_4567_89ab_cdef;
    (i as usize, C.wrapping_sub(i.wrapping_mul(FX_K)) as i64)
}

/// Inserts `n` colliding keys, then looks each up once; returns the number
/// of `matches` calls.
fn equality_calls<S: BuildHasher + Default>(n: u64) -> u64 {
    let table = Table::<(usize, i64), Local, S>::new("flooded");
    let calls = Cell::new(0u64);
    for pass in 0..2 {
        for i in 0..n {
            let key = colliding_key(i);
            let hash = table.hash_one(&key);
            let got = table.get_or_insert_with(
                hash,
                |s| {
                    calls.set(calls.get() + 1);
                    *s == key
                },
                |_| {
                    assert_eq!(pass, 0, "the second pass only hits");
                    key
                },
            );
            assert_eq!(*got, key);
        }
    }
    assert_eq!(table.len() as u64, n);
    calls.get()
}

#[test]
fn the_keys_really_collide_under_fxhash() {
    let fx = FxBuildHasher;
    let h0 = fx.hash_one(colliding_key(0));
    for i in 1..1000 {
        assert_eq!(fx.hash_one(colliding_key(i)), h0, "key {i}");
    }
    let rs = RandomState::new();
    assert_ne!(rs.hash_one(colliding_key(0)), rs.hash_one(colliding_key(1)));
}

/// With FxHash every colliding key lands in one probe sequence with one
/// stored hash, so inserting key `i` compares it with all `i` earlier keys,
/// and looking it up again compares it with those and itself: quadratic.
#[test]
fn fxhash_is_quadratic_on_colliding_keys() {
    let n = 1500;
    let calls = equality_calls::<FxBuildHasher>(n);
    // Inserts: 0 + 1 + ... + (n-1); hits: 1 + 2 + ... + n; together n².
    assert!(calls >= n * n, "{calls} equality calls for {n} keys");
}

/// With a keyed hasher the same keys spread out: 20k of them cost about one
/// equality call per hit and none per insert.
#[test]
fn keyed_hasher_stays_linear_on_the_same_keys() {
    let n = 20_000;
    let calls = equality_calls::<RandomState>(n);
    assert!(
        calls <= n + n / 100,
        "{calls} equality calls for {n} keys: not linear"
    );
    assert!(calls >= n, "each of the {n} hits compares its key once");
}
