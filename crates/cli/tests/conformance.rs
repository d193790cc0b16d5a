//! strata-module's conformance test: every chunk of MLIR 19's test files
//! that `mlir-opt-19 --mlir-print-op-generic` accepts (its output checked in
//! as `crates/module/tests/oracle/generic.jsonl` by
//! `crates/module/tests/oracle/regenerate.sh`) is parsed by strata and
//! printed back, without and with `--mlir-print-debuginfo`, and must come
//! back byte-identical: identical to the input, or, where `mlir-opt-19`
//! given its own print prints something else (the oracle's `*_reprint`
//! fields: two objects MLIR keeps apart that print the same, one object
//! once parsed), identical to that.
//!
//! It lives here, not in strata-module, because every parse registers
//! strata-opt's dialect models (`strata_cli::syntax`), as `mlir-opt-19` has
//! MLIR's test dialect compiled in; the oracle stays with strata-module,
//! whose other tests read it too.
//!
//! Chunks that use kinds strata cannot represent yet are listed in
//! `crates/module/tests/oracle/known_failures.txt` with the reason; the
//! list may only shrink: a listed chunk that passes fails the test until it
//! is removed.

use std::collections::BTreeMap;

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module};

/// strata-module's oracle folder, which this test reads and, with
/// `STRATA_WRITE_KNOWN_FAILURES`, writes.
macro_rules! oracle {
    ($file:literal) => {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../module/tests/oracle/",
            $file
        )
    };
}

fn rows() -> Vec<serde_json::Value> {
    let text = include_str!(oracle!("generic.jsonl"));
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Round-trips `text`, expecting `expected` (the text itself, or what
/// `mlir-opt-19` prints when given `text`); `Err` says why it differs.
///
/// Every parse registers what `strata-opt` registers
/// ([`strata_cli::syntax`]: the model of MLIR's test dialect, which
/// `mlir-opt-19` has compiled in).
fn round_trip(text: &str, expected: &str, options: PrintOptions) -> Result<(), String> {
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("oracle.mlir")
        .parallel(true)
        .parse(&ctx, text)
        .map_err(|e| format!("parse: {}", e.message()))?;
    let printed = print_module(&module, options);
    if printed != expected {
        let line = printed
            .lines()
            .zip(expected.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        return Err(format!(
            "prints differently at line {}: {:?} vs {:?}",
            line + 1,
            printed.lines().nth(line).unwrap_or(""),
            expected.lines().nth(line).unwrap_or("")
        ));
    }
    // The sequential parse and the single-threaded context agree.
    let seq = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("oracle.mlir")
        .parse(&ctx, text)
        .map_err(|e| e.message().to_owned())?;
    if print_module(&seq, options) != expected {
        return Err("the sequential parse prints differently".into());
    }
    let local = Context::single_threaded();
    let local_ops = strata_cli::ops::<strata_ctx::Local, rustc_hash::FxBuildHasher>();
    let one = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&local_ops)
        .name("oracle.mlir")
        .parse(&local, text)
        .map_err(|e| e.message().to_owned())?;
    if print_module(&one, options) != expected {
        return Err("the single-threaded context prints differently".into());
    }
    Ok(())
}

fn reason_class(r: &str) -> String {
    r.split([':', '\'', '"'])
        .take(2)
        .collect::<Vec<_>>()
        .join(":")
        .chars()
        .take(70)
        .collect()
}

#[test]
fn generic_form_round_trips_byte_identical() {
    let known_text = include_str!(oracle!("known_failures.txt"));
    let known: BTreeMap<String, String> = known_text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l.split_once('\t').unwrap_or((l, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();
    let mut failures: BTreeMap<String, String> = BTreeMap::new();
    let mut passed = [0usize; 2];
    let mut total = 0;
    let mut not_fixed_points = 0;
    for row in rows() {
        let file = row["file"].as_str().unwrap();
        let chunk = row["chunk"].as_u64().unwrap();
        total += 1;
        for (mode, key, debug_info) in [(0, "generic", false), (1, "debuginfo", true)] {
            let text = row[key].as_str().unwrap();
            // Where mlir-opt-19's print is not a fixed point (it keeps apart
            // objects that print the same), strata must print what
            // mlir-opt-19 prints when given that print.
            let expected = match row[format!("{key}_reprint")].as_str() {
                Some(again) => {
                    not_fixed_points += 1;
                    again
                }
                None => text,
            };
            let options = PrintOptions {
                debug_info,
                local_scope: false,
                elide_elements_above: None,
            };
            match round_trip(text, expected, options) {
                Ok(()) => passed[mode] += 1,
                Err(why) => {
                    // mlir-opt-19 has MLIR's test dialect compiled in;
                    // strata-dialects models only the part the test files show
                    // (`crates/dialects/src/test.rs`).
                    let why = if text.contains("!test.") || text.contains("alias_test:") {
                        format!("uses MLIR's test dialect, compiled into mlir-opt-19: {why}")
                    } else {
                        why
                    };
                    failures.insert(format!("{file}#{chunk} {key}"), why);
                }
            }
        }
    }
    let mut classes: BTreeMap<String, usize> = BTreeMap::new();
    for why in failures.values() {
        *classes.entry(reason_class(why)).or_default() += 1;
    }
    println!(
        "conformance: {total} chunks accepted by mlir-opt-19; byte-identical: {} without debug info, {} with \
         ({not_fixed_points} prints compared with mlir-opt-19's print of its own print, which differs); {} known failures",
        passed[0],
        passed[1],
        failures.len()
    );
    for (c, n) in &classes {
        println!("  {n:4}  {c}");
    }
    if std::env::var_os("STRATA_WRITE_KNOWN_FAILURES").is_some() {
        let mut out = String::from(
            "# Chunks of tests/oracle/generic.jsonl that do not round-trip yet, with the reason.\n# The list may only shrink (regenerate with STRATA_WRITE_KNOWN_FAILURES=1).\n",
        );
        for (k, v) in &failures {
            out.push_str(&format!("{k}\t{}\n", v.replace(['\t', '\n'], " ")));
        }
        std::fs::write(oracle!("known_failures.txt"), out).unwrap();
        return;
    }
    let new: Vec<_> = failures
        .keys()
        .filter(|k| !known.contains_key(*k))
        .collect();
    let fixed: Vec<_> = known
        .keys()
        .filter(|k| !failures.contains_key(*k))
        .collect();
    for k in &new {
        println!("NEW FAILURE {k}: {}", failures[*k]);
    }
    for k in &fixed {
        println!("NOW PASSES (remove from known_failures.txt) {k}");
    }
    assert!(
        new.is_empty(),
        "{} chunks fail that are not known failures",
        new.len()
    );
    assert!(
        fixed.is_empty(),
        "{} known failures pass now: shrink the list",
        fixed.len()
    );
}
