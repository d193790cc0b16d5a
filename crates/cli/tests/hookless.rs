//! The dialects `mlir-opt-19` registers, as strata-opt's syntax sees a type
//! or attribute of theirs that no dialect defines (`!ns.foo`, `#ns.foo`,
//! `!ns<4>`, `#ns<x>`).
//!
//! The oracle is `tests/oracle/hookless.txt`, what `mlir-opt-19` says of
//! each form (`tests/oracle/hookless.sh`). Where MLIR's dialect has no
//! parser for the family ("dialect 'tensor' provides no type parsing
//! hook"), and for the dialects strata-opt models, strata must report the
//! same message at the same line and column. The other dialects parse
//! their own forms with parsers strata does not have, and strata keeps
//! such a form opaque: it must parse it, not refuse it.

use strata_ctx::Context;
use strata_module::parse_module_with;

/// The dialects whose every mnemonic strata-opt knows (the builtin
/// dialect, and `dlti` and `ptr` in `src/registered.rs`): their errors must
/// be MLIR's too. (`llvm`, `sparse_tensor` and the test dialect keep a
/// mnemonic they do not know opaque.)
const MODELLED: [&str; 3] = ["builtin", "dlti", "ptr"];

/// `LINE:COL: error: MESSAGE` of strata's parse, or `ok`.
fn strata(form: &str) -> String {
    let text = format!("\"t.op\"() {{a = {form}}} : () -> ()\n");
    let ctx = Context::new();
    match parse_module_with(&ctx, &strata_cli::syntax(), &text, "t.mlir") {
        Ok(_) => "ok".to_owned(),
        // One line: the column is the byte offset plus one, as MLIR counts.
        Err(e) => format!("1:{}: error: {}", e.span().start + 1, e.message()),
    }
}

#[test]
fn forms_of_registered_dialects_are_refused_or_kept_as_mlir_opt_has_them() {
    let mut refused = 0;
    let mut kept = 0;
    let mut differ = Vec::new();
    for line in include_str!("oracle/hookless.txt").lines() {
        let (form, mlir) = line.split_once('\t').expect("form, tab, result");
        let namespace = form[1..].split(['.', '<']).next().expect("a namespace");
        let ours = strata(form);
        if mlir.contains("provides no") || MODELLED.contains(&namespace) || mlir == "ok" {
            refused += usize::from(mlir != "ok");
            if ours != mlir {
                differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
            }
        } else {
            // A dialect with a parser of its own: strata keeps the form
            // opaque, never refuses it with a message MLIR does not give.
            kept += 1;
            if ours != "ok" {
                differ.push(format!("{form}: kept opaque, but strata says {ours:?}"));
            }
        }
    }
    assert!(refused >= 90, "{refused} refusals checked");
    assert!(kept >= 60, "{kept} opaque forms checked");
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
