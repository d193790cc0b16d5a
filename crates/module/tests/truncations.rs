//! Every prefix of two files, as a writer who stopped there would leave it
//! (with and without a final newline), against `mlir-opt-19`'s first error
//! for it (checked in as `tests/oracle/truncations.jsonl` by
//! `tests/oracle/truncations.sh`): strata reports the same message at the
//! same line and column (in bytes, as MLIR counts them), or accepts what
//! `mlir-opt-19` accepts.
//!
//! The differences that remain are by design and are skipped by their
//! message: a custom-form operation (strata reads the generic form and says
//! so) and an operation's own verifier (strata knows no operation).

use strata_ctx::Context;
use strata_module::{parse_module, parse_module_parallel};

/// `text` with its file name, for the prefixes.
const FILES: &[(&str, &str)] = &[
    ("func.mlir", include_str!("data/truncations/func.mlir")),
    (
        "attributes.mlir",
        include_str!("data/truncations/attributes.mlir"),
    ),
];

/// The oracle's errors are MLIR's; these are the ones strata words its own
/// way on purpose.
fn by_design(mlir: &str) -> bool {
    mlir.contains(": custom op '") || mlir.contains("' op ")
}

/// `LINE:COLUMN: MESSAGE` of strata's first error for `text`, or "".
fn strata_error(text: &str) -> String {
    let ctx = Context::new();
    let Err(e) = parse_module(&ctx, text, "p.mlir") else {
        return String::new();
    };
    // The parallel parse reports the same error.
    let p = parse_module_parallel(&ctx, text, "p.mlir").expect_err("the parallel parse fails too");
    assert_eq!((e.message(), e.span()), (p.message(), p.span()), "{text:?}");
    let at = e.span().start;
    let before = &text.as_bytes()[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = at
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1)
        + 1;
    format!("{line}:{col}: {}", e.message())
}

#[test]
fn every_prefix_is_reported_as_mlir_reports_it() {
    let mut checked = 0;
    let mut differ = Vec::new();
    for row in include_str!("oracle/truncations.jsonl").lines() {
        let row: serde_json::Value = serde_json::from_str(row).expect("a JSON line");
        let file = row["file"].as_str().expect("file");
        let cut = row["cut"].as_u64().expect("cut") as usize;
        let newline = row["newline"].as_bool().expect("newline");
        let mlir = row["error"].as_str().expect("error");
        if by_design(mlir) {
            continue;
        }
        let (_, text) = FILES
            .iter()
            .find(|(name, _)| *name == file)
            .expect("a shipped file");
        let mut prefix = text[..cut].to_owned();
        if newline {
            prefix.push('\n');
        }
        checked += 1;
        let ours = strata_error(&prefix);
        if ours != mlir {
            differ.push(format!(
                "{file} cut {cut} newline {newline}: mlir-opt-19 {mlir:?}, strata {ours:?}"
            ));
        }
    }
    assert!(checked > 3000, "{checked} prefixes checked");
    assert!(
        differ.is_empty(),
        "{} of {checked} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
