//! Every prefix of two files, as a writer who stopped there would leave it
//! (with and without a final newline), and every one-character mistake in
//! two (a character deleted, doubled or replaced), against `mlir-opt-19`'s
//! first error for each (checked in as `tests/oracle/truncations.jsonl` and
//! `tests/oracle/mutations.jsonl` by `tests/oracle/truncations.sh`): strata
//! reports the same message at the same line and column (in bytes, as MLIR
//! counts them), or accepts what `mlir-opt-19` accepts.
//!
//! The differences by design are skipped by their message: a custom-form
//! operation (strata reads the generic form and says so) and what MLIR's
//! registered operations check (strata knows no operation, `builtin`'s
//! included). The mistakes strata still reports otherwise are listed, with
//! the reason, in `tests/oracle/mutations_known.txt`; the list may only
//! shrink.

use strata_ctx::Context;
use strata_module::ParseConfig;

/// `text` with its file name, for the variants.
const FILES: &[(&str, &str)] = &[
    ("func.mlir", include_str!("data/truncations/func.mlir")),
    ("ops.mlir", include_str!("data/truncations/ops.mlir")),
    (
        "attributes.mlir",
        include_str!("data/truncations/attributes.mlir"),
    ),
];

/// The oracle's errors are MLIR's; these are the ones strata words its own
/// way on purpose.
fn by_design(mlir: &str) -> bool {
    mlir.contains(": custom op '")
        || mlir.contains("' not found for custom op '")
        || mlir.contains("' op ")
        || mlir.contains(": unregistered operation '")
}

/// One line of an oracle file: the row, its file's name and text, and
/// mlir-opt-19's error (see `tests/oracle/truncations.py`).
fn oracle_row(line: &str) -> (serde_json::Value, String, &'static str, String) {
    let row: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    let file = row["file"].as_str().expect("file").to_owned();
    let (_, text) = FILES
        .iter()
        .find(|(name, _)| *name == file)
        .expect("a shipped file");
    let mlir = row["error"].as_str().expect("error").to_owned();
    (row, file, text, mlir)
}

/// `LINE:COLUMN: MESSAGE` of strata's first error for `text`, or "".
fn strata_error(text: &str) -> String {
    let ctx = Context::new();
    let Err(e) = ParseConfig::new().name("p.mlir").parse(&ctx, text) else {
        return String::new();
    };
    // The parallel parse reports the same error.
    let p = ParseConfig::new()
        .name("p.mlir")
        .parallel(true)
        .parse(&ctx, text)
        .expect_err("the parallel parse fails too");
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
        let (row, file, text, mlir) = oracle_row(row);
        let cut = row["cut"].as_u64().expect("cut") as usize;
        let newline = row["newline"].as_bool().expect("newline");
        if by_design(&mlir) {
            continue;
        }
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

#[test]
fn every_one_character_mistake_is_reported_as_mlir_reports_it() {
    let known: Vec<&str> = include_str!("oracle/mutations_known.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" # ").next().unwrap_or(l).trim())
        .collect();
    let mut checked = 0;
    let mut differ = Vec::new();
    let mut fixed = Vec::new();
    for row in include_str!("oracle/mutations.jsonl").lines() {
        let (row, file, text, mlir) = oracle_row(row);
        let at = row["at"].as_u64().expect("at") as usize;
        let edit = row["edit"].as_str().expect("edit");
        if by_design(&mlir) {
            continue;
        }
        let variant = match edit {
            "delete" => format!("{}{}", &text[..at], &text[at + 1..]),
            "double" => format!("{}{}", &text[..=at], &text[at..]),
            c => format!("{}{c}{}", &text[..at], &text[at + 1..]),
        };
        checked += 1;
        let key = format!("{file} {at} {edit:?}");
        let listed = known.contains(&key.as_str());
        let ours = strata_error(&variant);
        if ours != mlir && !listed {
            differ.push(format!("{key} # mlir-opt-19 {mlir:?}, strata {ours:?}"));
        } else if ours == mlir && listed {
            fixed.push(key);
        }
    }
    assert!(checked > 4000, "{checked} variants checked");
    assert!(
        differ.is_empty(),
        "{} of {checked} differ and are not listed:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(
        fixed.is_empty(),
        "listed in mutations_known.txt but now as MLIR reports them (remove them):\n{}",
        fixed.join("\n")
    );
}
