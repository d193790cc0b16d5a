//! The file metadata section (`{-# dialect_resources: {...},
//! external_resources: {...} #-}`) as `mlir-opt-19` reads it, with the
//! dialects it registers: comma-separated lists, each key checked after its
//! `:`, a dialect's resources as the dialect handles them (the builtin and
//! test dialects' are blobs, `llvm`'s declare none, `arith` has no resource
//! section, `foo` is unknown), an external resource a string or a boolean.
//!
//! The oracle is `tests/oracle/metadata.jsonl` (`tests/oracle/metadata.py`):
//! the chunks of MLIR 19's own `invalid-file-metadata.mlir` test and more
//! sections, valid and not, each with `mlir-opt-19`'s first error or `ok`.
//! strata must accept what it accepts and report the rest with its message
//! at its line and column.

use strata_ctx::Context;
use strata_module::ParseConfig;
use strata_syntax::ParseError;

/// `LINE:COL: error: MESSAGE` of `e` in `text` (the column in bytes, as
/// MLIR counts).
fn located(text: &str, e: &ParseError) -> String {
    let (line, col) = e.line_column(text);
    format!("{line}:{col}: error: {}", e.message())
}

#[test]
fn metadata_sections_are_read_as_mlir_opt_reads_them() {
    let syntax = strata_cli::syntax();
    let mut checked = 0;
    let mut refused = 0;
    let mut differ = Vec::new();
    for row in include_str!("oracle/metadata.jsonl").lines() {
        let row: serde_json::Value = serde_json::from_str(row).expect("a JSON row");
        let text = row["text"].as_str().expect("text");
        let mlir = row["mlir"].as_str().expect("mlir");
        let ctx = Context::new();
        let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
        let ours = match ParseConfig::new()
            .syntax(&syntax)
            .ops(&ops)
            .name("m.mlir")
            .parse(&ctx, text)
        {
            Ok(_) => "ok".to_owned(),
            Err(e) => located(text, &e),
        };
        let parallel = match ParseConfig::new()
            .syntax(&syntax)
            .ops(&ops)
            .name("m.mlir")
            .parallel(true)
            .parse(&ctx, text)
        {
            Ok(_) => "ok".to_owned(),
            Err(e) => located(text, &e),
        };
        assert_eq!(ours, parallel, "{text:?}: the parallel parse differs");
        checked += 1;
        refused += usize::from(mlir != "ok");
        if ours != mlir {
            differ.push(format!("{text:?}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
        }
    }
    assert!(
        checked >= 50 && refused >= 40,
        "{checked} checked, {refused} refused"
    );
    assert!(
        differ.is_empty(),
        "{} of {checked} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
