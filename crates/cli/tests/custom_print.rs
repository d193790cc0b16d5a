//! The custom forms in print, against mlir-opt-19.
//!
//! The oracle is `tests/oracle/custom.jsonl` (`tests/oracle/custom.py`):
//! mlir-opt-19's default print, in custom forms, of every generic text the
//! other oracles hold (MLIR 19's own test files as mlir-opt-19 printed them
//! generic), of strata-dialects' custom-form test files and of those in
//! `tests/custom/` (the corners of the forms and the numbering), without and
//! with debug info. strata parses each text with strata-opt's dialects and
//! prints it with their custom forms; where every operation of the text
//! prints the same form in both (strata defines its custom form, or its
//! dialect is not registered and both print it generic), the print must be
//! byte for byte mlir-opt-19's. A text holding an operation that
//! mlir-opt-19 prints in a custom form strata does not have yet is counted
//! and skipped: strata prints it generic and says so
//! ([`PrintConfig::print_listing_generic`]).

use std::collections::BTreeMap;

use strata_ctx::{Context, Local, Shared};
use strata_module::{ParseConfig, PrintConfig, PrintOptions};

type S = rustc_hash::FxBuildHasher;

fn lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The input text of an oracle row.
fn input(sources: &BTreeMap<&str, Vec<serde_json::Value>>, row: &serde_json::Value) -> String {
    let source = row["source"].as_str().expect("source");
    if let Some(file) = source.strip_prefix("data:") {
        let path = format!(
            "{}/../dialects/tests/data/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        return std::fs::read_to_string(path).expect("a data file");
    }
    if let Some(file) = source.strip_prefix("custom:") {
        let path = format!("{}/tests/custom/{file}", env!("CARGO_MANIFEST_DIR"));
        return std::fs::read_to_string(path).expect("a custom-form file");
    }
    let index = row["index"].as_u64().expect("index") as usize;
    let key = row["key"].as_str().expect("key");
    sources[source][index][key]
        .as_str()
        .expect("a text")
        .to_owned()
}

fn options(debug_info: bool) -> PrintOptions {
    PrintOptions {
        debug_info,
        local_scope: false,
        elide_elements_above: None,
    }
}

/// Parses `text` and prints it in custom forms, on rayon or not; `None`
/// when it holds an operation strata prints generic and mlir-opt custom.
fn print(text: &str, debug_info: bool, parallel: bool) -> Result<Option<String>, String> {
    let ctx = Context::new();
    let ops = strata_cli::ops::<Shared, S>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("<stdin>")
        .parallel(parallel)
        .parse(&ctx, text)
        .map_err(|e| format!("parse: {}", e.message()))?;
    let config = PrintConfig::new()
        .ops(&ops)
        .options(options(debug_info))
        .parallel(parallel);
    let (text, generic_only) = config.print_listing_generic(&module);
    Ok(generic_only.is_empty().then_some(text))
}

fn first_difference(printed: &str, expected: &str) -> String {
    let line = printed
        .lines()
        .zip(expected.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| printed.lines().count().min(expected.lines().count()));
    format!(
        "at line {}: {:?} vs {:?}",
        line + 1,
        printed.lines().nth(line).unwrap_or(""),
        expected.lines().nth(line).unwrap_or("")
    )
}

#[test]
fn custom_forms_print_as_mlir_opt_prints_them() {
    let mut sources = BTreeMap::new();
    sources.insert(
        "module/generic.jsonl",
        lines(include_str!("../../module/tests/oracle/generic.jsonl")),
    );
    sources.insert(
        "cli/dialects.jsonl",
        lines(include_str!("oracle/dialects.jsonl")),
    );
    let rows = lines(include_str!("oracle/custom.jsonl"));
    let (mut compared, mut skipped, mut with_forms) = (0, 0, 0);
    let mut failures = Vec::new();
    for row in &rows {
        let text = input(&sources, row);
        let expected = row["custom"].as_str().expect("custom");
        let debug = row["key"] == "debuginfo";
        let id = format!(
            "{}#{} {}",
            row["source"].as_str().unwrap_or(""),
            row["index"],
            row["key"].as_str().unwrap_or("")
        );
        match print(&text, debug, false) {
            Err(e) => failures.push(format!("{id}: {e}")),
            Ok(None) => skipped += 1,
            Ok(Some(printed)) => {
                compared += 1;
                if ["func.func", "arith.constant", "return"]
                    .iter()
                    .any(|f| expected.contains(f))
                {
                    with_forms += 1;
                }
                if printed != expected {
                    failures.push(format!("{id}: {}", first_difference(&printed, expected)));
                } else if print(&text, debug, true) != Ok(Some(printed)) {
                    failures.push(format!("{id}: the parallel printing differs"));
                }
            }
        }
    }
    println!("{compared} compared, {skipped} skipped, {with_forms} with custom forms");
    assert!(compared >= 300, "{compared} compared");
    assert!(with_forms >= 180, "{with_forms} with custom forms");
    // The known differences, each with its reason in the file: a row that
    // fails and is not there fails the test, and so does one there that
    // passes now (remove it).
    let known: Vec<&str> = include_str!("oracle/custom_known.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let failed: Vec<&str> = failures
        .iter()
        .map(|f| f.split(": ").next().unwrap_or(""))
        .collect();
    if std::env::var_os("STRATA_WRITE_KNOWN_FAILURES").is_some() {
        let mut text: String = include_str!("oracle/custom_known.txt")
            .lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        for id in &failed {
            text.push_str(id);
            text.push('\n');
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/custom_known.txt");
        std::fs::write(path, text).expect("the list is written");
        return;
    }
    let new: Vec<&str> = failures
        .iter()
        .zip(&failed)
        .filter(|(_, id)| !known.contains(id))
        .map(|(f, _)| f.as_str())
        .collect();
    let fixed: Vec<&&str> = known.iter().filter(|k| !failed.contains(k)).collect();
    assert!(
        new.is_empty() && fixed.is_empty(),
        "{} new failures:\n{}\n{} known failures that pass now: {fixed:?}",
        new.len(),
        new.join("\n"),
        fixed.len()
    );
}

/// A single-threaded context prints the same custom forms.
#[test]
fn a_single_threaded_context_prints_the_same_custom_forms() {
    let text =
        "func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 1 : i32\n  return %c : i32\n}\n";
    let ctx = Context::single_threaded();
    let ops = strata_cli::ops::<Local, S>();
    let module = ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .parse(&ctx, text)
        .expect("a module");
    assert_eq!(
        PrintConfig::new().ops(&ops).print(&module),
        "module {\n  func.func @f(%arg0: i32) -> i32 {\n    %c1_i32 = arith.constant 1 : i32\n    return %c1_i32 : i32\n  }\n}\n\n"
    );
}
