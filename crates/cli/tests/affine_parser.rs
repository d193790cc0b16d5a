//! MLIR 19's affine-map and integer-set error tests through strata-opt's
//! `--verify-diagnostics`: `IR/invalid-affinemap.mlir` and the affine-map
//! and integer-set chunks of `Dialect/{Affine,Func}/invalid.mlir`, with the
//! affine dialect's custom forms in generic form
//! (`tests/mlir/AffineParser`). Every chunk that `mlir-opt-19
//! --verify-diagnostics` passes (`tests/oracle/affine_parser.jsonl`, written
//! by `affine_parser.sh`) passes strata's verifier as strata-opt runs it,
//! but for the chunks listed in [`VERIFY_KNOWN`]; and every chunk's
//! diagnostics are `mlir-opt-19`'s, all of them, in order, to the line,
//! column and message.

use std::collections::BTreeMap;
use std::process::Command;

use strata_ctx::Context;
use strata_diag::HumanEmitter;
use strata_module::{ParseConfig, ParseError, split_input, verify_diagnostics};

const FILES: [(&str, &str); 3] = [
    (
        "IR/invalid-affinemap.mlir",
        include_str!("mlir/AffineParser/IR/invalid-affinemap.mlir"),
    ),
    (
        "Dialect/Affine/invalid.mlir",
        include_str!("mlir/AffineParser/Dialect/Affine/invalid.mlir"),
    ),
    (
        "Dialect/Func/invalid.mlir",
        include_str!("mlir/AffineParser/Dialect/Func/invalid.mlir"),
    ),
];

/// Chunks `mlir-opt-19` passes and strata-opt's `--verify-diagnostics` does
/// not yet, with the reason (the list may only shrink).
const VERIFY_KNOWN: [(&str, &str); 0] = [];

/// One chunk's record in the oracle.
struct Oracle {
    passes: bool,
    /// (line, column, message) of every diagnostic, in order.
    diagnostics: Vec<(u64, u64, String)>,
}

fn oracle() -> BTreeMap<String, Oracle> {
    include_str!("oracle/affine_parser.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("an oracle line is JSON");
            let diagnostics = v["diagnostics"]
                .as_array()
                .expect("diagnostics")
                .iter()
                .map(|d| {
                    assert_eq!(d["severity"], "error", "the oracle has only errors: {d}");
                    (
                        d["line"].as_u64().unwrap(),
                        d["column"].as_u64().unwrap(),
                        d["message"].as_str().unwrap().to_owned(),
                    )
                })
                .collect();
            (
                format!("{}#{}", v["file"].as_str().unwrap(), v["chunk"]),
                Oracle {
                    passes: v["mlir_opt_passes"].as_bool().unwrap(),
                    diagnostics,
                },
            )
        })
        .collect()
}

/// Parses a chunk as strata-opt does (the dialects of mlir-opt-19 that
/// strata models) and returns its error, if any.
fn parse_chunk(body: &str, name: &str) -> Option<ParseError> {
    let mut ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    let syntax = strata_cli::syntax();
    syntax.register_dialects_in(&mut ctx);
    ParseConfig::new()
        .syntax(&syntax)
        .ops(&ops)
        .name(name)
        .parse(&ctx, body)
        .err()
}

/// Every error of `e` (the error and its follow-ups) as (line, column,
/// message) in `body`, the column in bytes as MLIR counts it.
fn errors_of(e: &ParseError, body: &str) -> Vec<(u64, u64, String)> {
    let (line, column) = e.line_column(body);
    let follow_ups = e.follow_ups().iter().map(|(span, m)| {
        let (l, c) = strata_diag::mlir_line_column(body, span.start);
        (l.into(), c.into(), m.clone())
    });
    std::iter::once((line.into(), column.into(), e.message().to_owned()))
        .chain(follow_ups)
        .collect()
}

#[test]
fn affine_chunks_verify_and_report_as_mlir_opt() {
    let oracle = oracle();
    let known: BTreeMap<&str, &str> = VERIFY_KNOWN.into_iter().collect();
    let mut failures = BTreeMap::new();
    let mut differ = Vec::new();
    let mut seen = 0;
    for (path, text) in FILES {
        let (chunks, _) = split_input(text);
        let (mut upstream, mut passed) = (0, 0);
        for (i, chunk) in chunks.iter().enumerate() {
            let key = format!("{path}#{i}");
            let o = oracle
                .get(&key)
                .unwrap_or_else(|| panic!("{key} is not in the oracle: regenerate it"));
            seen += 1;
            let name = chunk.buffer_name(path);
            let body = &text[chunk.range.clone()];
            let error = parse_chunk(body, &name);
            let got = error
                .as_ref()
                .map(|e| errors_of(e, body))
                .unwrap_or_default();
            if got != o.diagnostics {
                differ.push(format!(
                    "{key}: strata {got:?}, mlir-opt-19 {:?}",
                    o.diagnostics
                ));
            }
            if !o.passes {
                continue;
            }
            upstream += 1;
            let errors: Vec<ParseError> = error.into_iter().collect();
            let (ok, rendered) = verify_diagnostics(&name, body, &errors, &HumanEmitter::new());
            if ok {
                passed += 1;
            } else {
                failures.insert(key, rendered.lines().next().unwrap_or("").to_owned());
            }
        }
        println!(
            "{path}: {} chunks, {upstream} pass mlir-opt-19 --verify-diagnostics, {passed} pass strata's",
            chunks.len()
        );
    }
    assert_eq!(seen, oracle.len(), "the oracle has chunks the files do not");
    for d in &differ {
        println!("DIFFERS {d}");
    }
    assert!(
        differ.is_empty(),
        "{} chunks' diagnostics differ from mlir-opt-19's",
        differ.len()
    );
    let new: Vec<_> = failures
        .iter()
        .filter(|(k, _)| !known.contains_key(k.as_str()))
        .collect();
    let fixed: Vec<_> = known
        .keys()
        .filter(|k| !failures.contains_key(**k))
        .collect();
    assert!(
        new.is_empty(),
        "chunks that mlir-opt-19 passes and strata does not: {new:?}"
    );
    assert!(
        fixed.is_empty(),
        "known failures that pass now (shrink VERIFY_KNOWN): {fixed:?}"
    );
}

/// strata-opt itself, end to end, on the files all of whose chunks it
/// passes: `--split-input-file --verify-diagnostics` exits 0 and reports
/// nothing.
#[test]
fn strata_opt_verifies_the_integer_set_files() {
    for file in ["Dialect/Affine/invalid.mlir", "Dialect/Func/invalid.mlir"] {
        let out = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
            .current_dir(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/mlir/AffineParser"
            ))
            .args([
                "--split-input-file",
                "--verify-diagnostics",
                "--allow-unregistered-dialect",
                file,
            ])
            .output()
            .expect("strata-opt runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{file}: {err}");
        assert!(!err.contains("error"), "{file}: {err}");
    }
}
