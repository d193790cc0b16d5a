//! Never a panic: mutated corpus strings (truncated, cut, duplicated,
//! swapped, with huge numbers and stray brackets) parse to `Ok` or `Err`,
//! and deep nesting or overflowing numbers are diagnostics.
//!
//! The property test runs `STRATA_SYNTAX_CASES` inputs (default 2,000);
//! the million-input run is
//! `STRATA_SYNTAX_CASES=1000000 cargo test --release -p strata-syntax --test robust`.

mod corpus;

use proptest::prelude::*;
use strata_builtin::prelude::*;
use strata_ctx::Context;

fn forms() -> Vec<String> {
    let mut v: Vec<String> = corpus::accepted().into_iter().map(|f| f.input).collect();
    v.extend(corpus::rejected().into_iter().map(|f| f.input));
    v.extend(
        [
            "(d0, d1)[s0] -> (d0 floordiv 0, d1 mod s0, -d0 * 9223372036854775807)",
            "(d0)[s0] : (d0 - s0 >= 0, d0 <= 10, d0 == 2)",
        ]
        .map(String::from),
    );
    v
}

/// Cuts `s` to a char boundary at or below `i`.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Debug, Clone)]
enum Mutation {
    Truncate(usize),
    Delete(usize, usize),
    Duplicate(usize, usize),
    Swap(usize, usize, usize),
    Insert(usize, &'static str),
}

const INSERTS: &[&str] = &[
    "99999999999999999999999999999999999999999",
    "18446744073709551616",
    "9223372036854775808",
    "-",
    "<",
    ">",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "\"",
    "\\",
    "x",
    "?",
    "0x",
    ",",
    ":",
    "->",
    "loc(",
    "tuple<",
    "#a.b<",
    "!a<",
    "@",
    "é",
    " ",
    "i16777216",
    "1.0e999",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0usize..16).prop_map(|(a, b)| Mutation::Delete(a, b)),
        (any::<usize>(), 0usize..16).prop_map(|(a, b)| Mutation::Duplicate(a, b)),
        (any::<usize>(), any::<usize>(), 1usize..8).prop_map(|(a, b, n)| Mutation::Swap(a, b, n)),
        (any::<usize>(), prop::sample::select(INSERTS)).prop_map(|(a, s)| Mutation::Insert(a, s)),
    ]
}

fn apply(s: &str, m: &Mutation) -> String {
    let at = |i: usize| {
        if s.is_empty() {
            0
        } else {
            floor(s, i % (s.len() + 1))
        }
    };
    match *m {
        Mutation::Truncate(i) => s[..at(i)].to_owned(),
        Mutation::Delete(i, n) => {
            let a = at(i);
            let b = floor(s, a + n);
            format!("{}{}", &s[..a], &s[b..])
        }
        Mutation::Duplicate(i, n) => {
            let a = at(i);
            let b = floor(s, a + n);
            format!("{}{}{}", &s[..b], &s[a..b], &s[b..])
        }
        Mutation::Swap(i, j, n) => {
            let (mut a, mut b) = (at(i), at(j));
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            let a2 = floor(s, (a + n).min(b));
            let b2 = floor(s, b + n);
            format!(
                "{}{}{}{}{}",
                &s[..a],
                &s[b..b2],
                &s[a2..b],
                &s[a..a2],
                &s[b2..]
            )
        }
        Mutation::Insert(i, ins) => {
            let a = at(i);
            format!("{}{ins}{}", &s[..a], &s[a..])
        }
    }
}

fn parse_every_way(ctx: &Context, text: &str) {
    let _ = strata_syntax::parse_type(ctx, text);
    let _ = strata_syntax::parse_attribute(ctx, text);
    let _ = strata_syntax::parse_location(ctx, text);
    let _ = strata_syntax::parse_affine_map(ctx, text);
    let _ = strata_syntax::parse_integer_set(ctx, text);
    // The body of an attribute or a type, as a prefix would leave it.
    if let Some(i) = text.find('<') {
        let _ = strata_syntax::parse_affine_map(ctx, &text[i + 1..]);
        let _ = strata_syntax::parse_integer_set(ctx, &text[i + 1..]);
    }
}

fn cases() -> u32 {
    std::env::var("STRATA_SYNTAX_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

#[test]
fn mutated_corpus_never_panics() {
    let forms = forms();
    let ctx = Context::new();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let strategy = (0..forms.len(), prop::collection::vec(mutation(), 1..4));
    runner
        .run(&strategy, |(i, muts)| {
            let mut s = forms[i].clone();
            for m in &muts {
                s = apply(&s, m);
            }
            parse_every_way(&ctx, &s);
            Ok(())
        })
        .unwrap();
    println!("robust: {} mutated inputs parsed without a panic", cases());
}

fn depth_error(
    text: &str,
    parse: impl FnOnce(&Context, &str) -> Option<strata_syntax::ParseError> + Send,
) {
    let ctx = Context::new();
    // The default stack of a spawned thread (2 MiB), in a debug build: the
    // limit, not luck, keeps the parser inside it.
    let err = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn_scoped_fallback(move || parse(&ctx, text).map(|e| e.message().to_owned()));
    let msg = err.expect("deep nesting is an error");
    assert!(msg.contains("nesting deeper than"), "{msg}");
}

trait SpawnFallback {
    fn spawn_scoped_fallback<T: Send>(self, f: impl FnOnce() -> T + Send) -> T;
}

impl SpawnFallback for std::thread::Builder {
    fn spawn_scoped_fallback<T: Send>(self, f: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|s| self.spawn_scoped(s, f).unwrap().join().unwrap())
    }
}

#[test]
fn a_million_levels_of_nesting_are_a_diagnostic() {
    let n = 1_000_000;
    let tuples = format!("{}i32{}", "tuple<".repeat(n), ">".repeat(n));
    depth_error(&tuples, |c, t| strata_syntax::parse_type(c, t).err());
    let arrays = format!("{}1{}", "[".repeat(n), "]".repeat(n));
    depth_error(&arrays, |c, t| strata_syntax::parse_attribute(c, t).err());
    let fns = format!("{}i1{}", "() -> (".repeat(n), ")".repeat(n));
    depth_error(&fns, |c, t| strata_syntax::parse_type(c, t).err());
    let parens = format!("(d0) -> ({}d0{})", "(".repeat(n), ")".repeat(n));
    depth_error(&parens, |c, t| strata_syntax::parse_affine_map(c, t).err());
    let negs = format!("(d0) -> ({}d0)", "-".repeat(n));
    depth_error(&negs, |c, t| strata_syntax::parse_affine_map(c, t).err());
    let locs = format!("loc({}unknown{})", "fused[".repeat(n), "]".repeat(n));
    depth_error(&locs, |c, t| strata_syntax::parse_location(c, t).err());
    let names = format!("loc({}unknown{})", "\"a\"(".repeat(n), ")".repeat(n));
    depth_error(&names, |c, t| strata_syntax::parse_location(c, t).err());
    let dense = format!("dense<{}1> : tensor<complex<i8>>", "(".repeat(n));
    depth_error(&dense, |c, t| strata_syntax::parse_attribute(c, t).err());
    let lists = format!("dense<{}1{}> : tensor<i8>", "[".repeat(n), "]".repeat(n));
    depth_error(&lists, |c, t| strata_syntax::parse_attribute(c, t).err());
    // Just inside the limit parses, and prints back.
    let ctx = Context::new();
    let k = strata_syntax::MAX_NESTING as usize - 1;
    let ok = format!("{}i32{}", "tuple<".repeat(k), ">".repeat(k));
    assert_eq!(
        strata_syntax::parse_type(&ctx, &ok).unwrap().to_string(),
        ok
    );
}

#[test]
fn overflowing_numbers_are_diagnostics() {
    let ctx = Context::new();
    for (text, want) in [
        ("tensor<9223372036854775808xf32>", "invalid dimension"),
        (
            "tensor<99999999999999999999999999xf32>",
            "invalid dimension",
        ),
        ("i16777216", "integer bitwidth is limited"),
        // A width that does not fit in 32 bits is no width (as MLIR says).
        ("i4294967295", "integer bitwidth is limited"),
        ("i4294967296", "invalid integer width"),
        ("i99999999999999999999999", "invalid integer width"),
    ] {
        let e = strata_syntax::parse_type(&ctx, text).unwrap_err();
        assert!(e.message().contains(want), "{text}: {e}");
    }
    for (text, want) in [
        ("256 : i8", "out of range"),
        ("-129 : i8", "out of range"),
        ("128 : si8", "out of range"),
        ("-1 : ui8", "negative integer literal"),
        ("9223372036854775808 : index", "out of range"),
        ("0x100000000 : f32", "out of range"),
        ("1 : f32", "decimal integer literal"),
        ("1.5 : i32", "not valid for specified type"),
    ] {
        let e = strata_syntax::parse_attribute(&ctx, text).unwrap_err();
        assert!(e.message().contains(want), "{text}: {e}");
    }
    let e = strata_syntax::parse_location(&ctx, "loc(\"f\":4294967296:1)").unwrap_err();
    assert!(e.message().contains("line number"), "{e}");
}

#[test]
fn integer_attributes_are_truncated_to_their_width_as_mlir_keeps_them() {
    let ctx = Context::new();
    let a = strata_syntax::parse_attribute(&ctx, "255 : i8").unwrap();
    let b = strata_syntax::parse_attribute(&ctx, "-1 : i8").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), "-1 : i8");
    assert_eq!(
        strata_syntax::parse_attribute(&ctx, "255 : ui8")
            .unwrap()
            .to_string(),
        "255 : ui8"
    );
    assert_eq!(
        strata_syntax::parse_attribute(&ctx, "1 : i1").unwrap(),
        ctx.bool_attr(true).into()
    );
}

#[test]
fn float_attributes_are_rounded_to_their_type() {
    let ctx = Context::new();
    let a = strata_syntax::parse_attribute(&ctx, "0.1 : f32").unwrap();
    let b = strata_ctx::Attribute::from(ctx.float_attr(ctx.f32(), f64::from(0.1f32)));
    assert_eq!(a, b);
}

#[test]
fn fused_locations_canonicalise_as_fusedloc_get() {
    let ctx = Context::new();
    let p = |t: &str| strata_syntax::parse_location(&ctx, t).unwrap();
    assert_eq!(
        p("loc(fused[\"a\":1:1, fused[\"b\":2:2, \"a\":1:1], unknown])").to_string(),
        "loc(fused[\"a\":1:1, \"b\":2:2])"
    );
    assert_eq!(p("loc(fused[unknown])"), p("loc(unknown)"));
    assert_eq!(p("loc(fused[\"a\":1:1])"), p("loc(\"a\":1:1)"));
    assert_eq!(
        p("loc(fused<\"m\">[unknown])").to_string(),
        "loc(fused<\"m\">[unknown])"
    );
}

#[test]
fn invalid_builtins_are_rejected() {
    let ctx = Context::new();
    for text in [
        "vector<?xf32>",
        "tensor<-5xf32>",
        "complex<tensor<2xf32>>",
        "vector<0xi32>",
        "tensor<tensor<i8>>",
        "memref<?xtensor<i8>>",
    ] {
        let e = strata_syntax::parse_type(&ctx, text).unwrap_err();
        assert!(e.missing_kind().is_none(), "{text}: {e}");
        assert!(e.span().end <= text.len());
    }
    let e = strata_syntax::parse_attribute(&ctx, "1.0 : i32").unwrap_err();
    assert!(
        e.message().contains("floating point value not valid"),
        "{e}"
    );
}

/// Found by the `parse` fuzz target's round trip: MLIR's print of an affine
/// expression with a parenthesised sum drops the parentheses, and its parse
/// of that print folds the constants it could not fold before, so
/// `mlir-opt-19`'s print is not a fixed point; strata prints what it prints
/// at each round (the prints below are mlir-opt-19's), so the round trip of
/// an affine form is not pointer-equal, and the fuzz target does not ask it
/// to be.
#[test]
fn an_affine_print_folds_further_when_parsed_again_as_in_mlir() {
    let ctx = Context::new();
    for rounds in [
        [
            "affine_map<(d0, d1) -> (d1 + (d0 + 1) + 2)>",
            "affine_map<(d0, d1) -> (d1 + d0 + 1 + 2)>",
            "affine_map<(d0, d1) -> (d1 + d0 + 3)>",
        ],
        [
            "affine_map<(d0, d1) -> (d1 - d0 + (d0 - d1 + 1) * 1 + d1 -d1 * 4+  2)>",
            "affine_map<(d0, d1) -> (d1 - d0 + d0 - d1 + 1 + d1 - d1 * 4 + 2)>",
            "affine_map<(d0, d1) -> (d1 - d0 + d0 - d1 + d1 - d1 * 4 + 3)>",
        ],
    ] {
        let first = strata_syntax::parse_attribute(&ctx, rounds[0]).unwrap();
        assert_eq!(first.to_string(), rounds[1]);
        let second = strata_syntax::parse_attribute(&ctx, rounds[1]).unwrap();
        assert_eq!(second.to_string(), rounds[2]);
        assert_ne!(first, second);
        let third = strata_syntax::parse_attribute(&ctx, rounds[2]).unwrap();
        assert_eq!(third, second);
    }
}

/// A duplicate key is found wherever it is in a dictionary, in a small one
/// (searched by a scan) and a large one (searched through a set), and is
/// reported at the second occurrence with MLIR's message; a large
/// dictionary with distinct keys is one attribute with every key, sorted.
#[test]
fn duplicate_keys_are_found_in_small_and_large_dictionaries() {
    let ctx = Context::new();
    for (n, dup) in [
        (3usize, 1usize),
        (16, 15),
        (17, 0),
        (40, 30),
        (40, 39),
        (5000, 4321),
    ] {
        let mut entries: Vec<String> = (0..n).map(|i| format!("k{i} = {i}")).collect();
        entries.push(format!("k{dup} = 7"));
        let text = format!("{{{}}}", entries.join(", "));
        let err = strata_syntax::parse_attribute(&ctx, &text).expect_err("a duplicate key");
        assert_eq!(
            err.message(),
            format!("duplicate key 'k{dup}' in dictionary attribute"),
            "{n} entries"
        );
        let at = text.rfind(&format!("k{dup} = 7")).unwrap();
        assert_eq!(err.span().start, at, "{n} entries");
    }
    let text = format!(
        "{{{}}}",
        (0..5000)
            .map(|i| format!("k{i} = {i}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let dict = strata_syntax::parse_attribute(&ctx, &text).unwrap();
    let printed = dict.to_string();
    assert!(
        printed.starts_with("{k0 = 0 : i64, k1 = 1 : i64, k10 = 10 : i64"),
        "{printed:.80}"
    );
    assert_eq!(printed.matches(" : i64").count(), 5000);
}
