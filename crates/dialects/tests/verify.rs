//! `--verify-diagnostics` against MLIR 19's invalid-builtin test files: every
//! chunk that `mlir-opt-19 --verify-diagnostics` passes
//! (`tests/oracle/verify.jsonl`) is parsed by strata and its diagnostics
//! checked against the chunk's directives. Chunks strata does not pass yet
//! are listed in `tests/oracle/verify_known_failures.txt` (the list may only
//! shrink); and every chunk's first error is compared with the one
//! `mlir-opt-19` reports, to the column. Also: upstream's fifth semantics,
//! the file location inside name, call-site and fused locations.

use std::collections::BTreeMap;

use rustc_hash::FxBuildHasher;
use strata_builtin::prelude::*;
use strata_ctx::{Context, Policy, Shared};
use strata_diag::{HumanEmitter, SourceManager, Verifier};
use strata_ir::OpRegistry;
use strata_module::{ParseConfig, diagnostic_location, split_input, verify_diagnostics};

/// The registry strata-opt parses with, for contexts of policy `P`: the
/// builtin dialect's operations and this crate's (`func`, `arith`).
fn registry<P: Policy + 'static>() -> OpRegistry {
    let mut ops = strata_module::builtin_ops::<P, FxBuildHasher>();
    strata_dialects::register_ops::<P, FxBuildHasher>(&mut ops);
    ops
}

const FILES: [(&str, &str); 2] = [
    (
        "IR/invalid-builtin-attributes.mlir",
        include_str!("../../syntax/tests/mlir/IR/invalid-builtin-attributes.mlir"),
    ),
    (
        "IR/invalid-builtin-types.mlir",
        include_str!("../../syntax/tests/mlir/IR/invalid-builtin-types.mlir"),
    ),
];

#[test]
fn invalid_builtin_chunks_verify_as_upstream() {
    let oracle: BTreeMap<String, bool> = include_str!("oracle/verify.jsonl")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                format!("{}#{}", v["file"].as_str().unwrap(), v["chunk"]),
                v["mlir_opt_passes"].as_bool().unwrap(),
            )
        })
        .collect();
    let known: BTreeMap<String, String> = include_str!("oracle/verify_known_failures.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (k, v) = l.split_once('\t').unwrap_or((l, ""));
            (k.to_owned(), v.to_owned())
        })
        .collect();
    let mut failures = BTreeMap::new();
    let (mut upstream, mut passed) = (0, 0);
    for (path, text) in FILES {
        let (chunks, _) = split_input(text);
        for (i, chunk) in chunks.iter().enumerate() {
            let key = format!("{path}#{i}");
            if !oracle.get(&key).copied().unwrap_or(false) {
                continue;
            }
            upstream += 1;
            let name = chunk.buffer_name(path);
            let body = &text[chunk.range.clone()];
            let ctx = Context::new();
            let ops = registry::<Shared>();
            let errors: Vec<_> = ParseConfig::new()
                .ops(&ops)
                .name(&name)
                .parse(&ctx, body)
                .err()
                .into_iter()
                .collect();
            let (ok, rendered) = verify_diagnostics(&name, body, &errors, &HumanEmitter::new());
            if ok {
                passed += 1;
            } else {
                let first = rendered.lines().next().unwrap_or("").to_owned();
                failures.insert(key, first);
            }
        }
    }
    println!(
        "verify-diagnostics: {upstream} invalid-builtin chunks pass mlir-opt-19, {passed} pass strata-opt, {} known failures",
        failures.len()
    );
    if std::env::var_os("STRATA_WRITE_KNOWN_FAILURES").is_some() {
        let mut out = String::from(
            "# Invalid-builtin chunks mlir-opt-19 --verify-diagnostics passes and strata does not yet, with the first finding.\n# The list may only shrink (regenerate with STRATA_WRITE_KNOWN_FAILURES=1).\n",
        );
        for (k, v) in &failures {
            out.push_str(&format!("{k}\t{v}\n"));
        }
        std::fs::write(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/oracle/verify_known_failures.txt"
            ),
            out,
        )
        .unwrap();
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
    assert!(new.is_empty(), "new failures: {new:?}");
    assert!(
        fixed.is_empty(),
        "known failures that pass now (shrink the list): {fixed:?}"
    );
    assert!(passed > 0);
}

/// Chunks whose first error strata does not yet report at `mlir-opt-19`'s
/// line, column and message, with the reason (the list may only shrink).
const FIRST_ERROR_KNOWN: [(&str, &str); 0] = [];

/// Beyond what the verifier checks (the line): the first error of every
/// invalid-builtin chunk is where `mlir-opt-19` reports it, to the column,
/// with its message (`first_error` in `tests/oracle/verify.jsonl`).
#[test]
fn invalid_builtin_errors_are_at_mlir_opts_line_and_column() {
    let oracle: BTreeMap<String, serde_json::Value> = include_str!("oracle/verify.jsonl")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                format!("{}#{}", v["file"].as_str().unwrap(), v["chunk"]),
                v["first_error"].clone(),
            )
        })
        .collect();
    let (mut checked, mut same) = (0, 0);
    let mut differ = Vec::new();
    for (path, text) in FILES {
        let (chunks, _) = split_input(text);
        for (i, chunk) in chunks.iter().enumerate() {
            let key = format!("{path}#{i}");
            let Some(want) = oracle.get(&key).filter(|v| !v.is_null()) else {
                continue;
            };
            checked += 1;
            let body = &text[chunk.range.clone()];
            let ctx = Context::new();
            let ops = registry::<Shared>();
            let got = ParseConfig::new()
                .ops(&ops)
                .name(&chunk.buffer_name(path))
                .parse(&ctx, body)
                .err()
                .map(|e| {
                    let at = e.span().start;
                    let line = body[..at].matches('\n').count() + 1;
                    let column = at - body[..at].rfind('\n').map_or(0, |p| p + 1) + 1;
                    (line as u64, column as u64, e.message().to_owned())
                });
            let want = (
                want["line"].as_u64().unwrap(),
                want["column"].as_u64().unwrap(),
                want["message"].as_str().unwrap().to_owned(),
            );
            if got.as_ref() == Some(&want) {
                same += 1;
            } else {
                differ.push((key, want, got));
            }
        }
    }
    println!(
        "first errors: {same} of {checked} invalid-builtin chunks at mlir-opt-19's line, column and message"
    );
    let known: Vec<&str> = FIRST_ERROR_KNOWN.iter().map(|k| k.0).collect();
    let new: Vec<_> = differ
        .iter()
        .filter(|d| !known.contains(&d.0.as_str()))
        .collect();
    assert!(
        new.is_empty(),
        "first errors not where mlir-opt-19 reports them: {new:?}"
    );
    for k in known {
        assert!(
            differ.iter().any(|d| d.0 == k),
            "{k} now matches: take it off FIRST_ERROR_KNOWN"
        );
    }
    assert_eq!(same + FIRST_ERROR_KNOWN.len(), checked);
}

/// Upstream semantics (5): a diagnostic at a name, call-site or fused
/// location is matched at the first file location inside it.
#[test]
fn the_file_location_inside_name_and_fused_locations_is_found() {
    let source = "\"a.b\"() : () -> ()\n\"c.d\"() : () -> () // expected-error {{inside a name}}\n\"e.f\"() : () -> () // expected-error {{inside a fusion}}\n";
    let module_text = "\"x.y\"() : () -> () loc(\"op\"(\"f.mlir\":2:1))\n\"x.z\"() : () -> () loc(fused[\"only a name\", \"f.mlir\":3:1])\n";
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let module = ParseConfig::new()
        .ops(&ops)
        .name("m.mlir")
        .parse(&ctx, module_text)
        .unwrap();
    let body = module.root_body();
    let entry = body.entry_block(body.roots()[0]).unwrap();
    let locs: Vec<_> = body
        .block_ops(entry)
        .map(|op| body.op(op).location())
        .collect();
    let manager = SourceManager::<strata_diag::Shared>::new();
    let file = manager.add_file("f.mlir", source);
    let mut verifier = Verifier::new();
    verifier.add_file(&manager.file(file).unwrap());
    for (loc, message) in locs.iter().zip(["inside a name", "inside a fusion"]) {
        let diag = strata_diag::Diagnostic::new(
            strata_diag::Severity::Error,
            diagnostic_location(*loc),
            "{}",
        )
        .with_arg(message);
        verifier.record(&diag);
    }
    let report = verifier.finish(&manager);
    assert!(report.is_ok(), "{:?}", report.findings());
    assert_eq!(report.matched(), 2);
    assert!(matches!(
        diagnostic_location(ctx.unknown_loc().into()),
        strata_diag::Location::Unknown
    ));
}
