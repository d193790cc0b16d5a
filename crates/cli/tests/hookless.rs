//! The dialects `mlir-opt-19` registers, as strata-opt's syntax sees a type
//! or attribute of theirs that no dialect defines (`!ns.foo`, `#ns.foo`,
//! `!ns<4>`, `#ns<x>`).
//!
//! The oracle is `tests/oracle/hookless.txt`, what `mlir-opt-19` says of
//! each form (`tests/oracle/hookless.sh`). Strata must give the same
//! answer at the same line and column for every form: where MLIR's dialect
//! has no parser for the family ("dialect 'tensor' provides no type parsing
//! hook"), and where it has one, which refuses a mnemonic it does not know
//! in its own words ("unknown gpu type: foo", strata-dialects' `src/known.rs`).

use strata_ctx::Context;
use strata_module::ParseConfig;

/// `LINE:COL: error: MESSAGE` of strata's parse, or `ok`.
fn strata(form: &str) -> String {
    let text = format!("\"t.op\"() {{a = {form}}} : () -> ()\n");
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    match ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("t.mlir")
        .parse(&ctx, &text)
    {
        Ok(_) => "ok".to_owned(),
        // One line: the column is the byte offset plus one, as MLIR counts.
        Err(e) => format!("1:{}: error: {}", e.span().start + 1, e.message()),
    }
}

#[test]
fn forms_of_registered_dialects_are_refused_as_mlir_opt_refuses_them() {
    let mut refused = 0;
    let mut differ = Vec::new();
    for line in include_str!("oracle/hookless.txt").lines() {
        let (form, mlir) = line.split_once('\t').expect("form, tab, result");
        let ours = strata(form);
        refused += usize::from(mlir != "ok");
        if ours != mlir {
            differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
        }
    }
    assert!(refused >= 180, "{refused} refusals checked");
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
