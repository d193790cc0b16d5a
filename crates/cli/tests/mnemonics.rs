//! The mnemonics of the type and attribute families strata-opt keeps
//! opaque: a misspelt one is refused as `mlir-opt-19` refuses it, in the
//! dialect's own words and at the mnemonic, and a known one is kept.
//!
//! The oracle is `tests/oracle/mnemonics.txt` (`tests/oracle/mnemonics.py`):
//! what `mlir-opt-19` says of every known mnemonic of each family with a
//! letter added and with its last letter removed, and of five forms of an
//! unknown one (`zz<1>`, `zz.yy`, `zz$1`, `_zz`, `zz-1`). Where that is the
//! family's "unknown" message, strata must give the same message at the
//! same column; where the word is one the dialect knows (MLIR accepts it,
//! or fails later, in a body strata does not model), strata must keep it.

use std::collections::HashMap;

use strata_ctx::Context;
use strata_module::ParseConfig;

/// `COL: error: MESSAGE` of strata's parse of the one-line text, or `ok`.
fn strata(text: &str) -> String {
    let ctx = Context::new();
    match ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .name("t.mlir")
        .parse(&ctx, text)
    {
        Ok(_) => "ok".to_owned(),
        // One line: the column is the byte offset plus one, as MLIR counts.
        Err(e) => format!("{}: error: {}", e.span().start + 1, e.message()),
    }
}

/// The text of a row's form, as the oracle script wrote it.
fn text_of(form: &str) -> String {
    format!("\"t.op\"() {{a = {form}}} : () -> ()\n")
}

/// The family (sigil and namespace) and the mnemonic of a form such as
/// `#arith.fastmathx`: the mnemonic is MLIR's bare identifier after the
/// namespace's `.`.
fn split(form: &str) -> ((char, &str), &str) {
    let sigil = form.chars().next().expect("a sigil");
    let (ns, rest) = form[1..].split_once('.').expect("ns.mnemonic");
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$')))
        .unwrap_or(rest.len());
    ((sigil, ns), &rest[..end])
}

#[test]
fn misspelt_mnemonics_are_refused_and_known_ones_kept_as_mlir_opt_has_them() {
    let rows: Vec<(&str, &str)> = include_str!("oracle/mnemonics.txt")
        .lines()
        .map(|l| l.split_once('\t').expect("form, tab, answer"))
        .collect();
    // Each family's message for an unknown mnemonic, from its `zz<1>` row,
    // with `{}` for the mnemonic.
    let mut templates = HashMap::new();
    for (form, mlir) in &rows {
        if let Some(family_form) = form.strip_suffix(".zz<1>") {
            let (_, message) = mlir.split_once(": error: ").expect("an error");
            let sigil = family_form.chars().next().expect("a sigil");
            templates.insert((sigil, &family_form[1..]), message.replacen("zz", "{}", 1));
        }
    }
    assert!(templates.len() >= 40, "{} families", templates.len());
    let (mut refused, mut kept) = (0, 0);
    let mut differ = Vec::new();
    for (form, mlir) in &rows {
        let (family, mnemonic) = split(form);
        let text = text_of(form);
        let column = text.find(form).expect("the form") + family.1.len() + 3;
        let template = &templates[&family];
        let unknown = format!("{column}: error: {}", template.replacen("{}", mnemonic, 1));
        let ours = strata(&text);
        if *mlir == unknown {
            refused += 1;
            if ours != *mlir {
                differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
            }
        } else {
            // A mnemonic the dialect knows: strata keeps the form opaque
            // where it has no model of it, and never refuses it with the
            // family's "unknown" message.
            kept += 1;
            if ours != "ok" && ours != *mlir {
                differ.push(format!(
                    "{form}: known to mlir-opt-19 ({mlir:?}), strata {ours:?}"
                ));
            }
        }
    }
    assert!(refused >= 600, "{refused} refusals checked");
    assert!(kept >= 10, "{kept} known forms checked");
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn known_mnemonics_stay_opaque_with_their_bodies() {
    // mlir-opt-19 prints each of these back unchanged (its generic form).
    for form in [
        "#arith.fastmath<fast>",
        "#gpu.address_space<workgroup>",
        "!gpu.async.token",
        "#llvm.linkage<internal>",
        "!transform.any_op",
        "#spirv.storage_class<Uniform>",
        "!quant.uniform<i8:f32, 1.0>",
    ] {
        assert_eq!(strata(&text_of(form)), "ok", "{form}");
    }
    // The long form's body may start with blanks, which the dialect's
    // parser skips: the mnemonic is found after them (mlir-opt-19's column).
    assert_eq!(strata(&text_of("#gpu< address_space<workgroup>>")), "ok");
    assert_eq!(
        strata(&text_of("#gpu< zz<1>>")),
        "21: error: unknown attribute `zz` in dialect `gpu`"
    );
}

/// `llvm`'s type parser reads a builtin type where its keyword is one, and
/// refuses it, with the integer width's own limits; the answers are
/// mlir-opt-19's.
#[test]
fn builtin_integer_types_after_llvm_are_refused_as_mlir_opt_refuses_them() {
    for (mnemonic, answer) in [
        ("i16777215", "unexpected type, expected keyword"),
        ("i16777216", "integer bitwidth is limited to 16777215 bits"),
        ("i99999999999999999999", "invalid integer width"),
        ("si0", "unexpected type, expected keyword"),
        ("ui1", "unexpected type, expected keyword"),
        ("i01", "unexpected type, expected keyword"),
        ("u8", "unknown LLVM type: u8"),
        ("i", "unknown LLVM type: i"),
        ("sii8", "unknown LLVM type: sii8"),
        ("i8x", "unknown LLVM type: i8x"),
    ] {
        assert_eq!(
            strata(&text_of(&format!("!llvm.{mnemonic}"))),
            format!("21: error: {answer}"),
            "{mnemonic}"
        );
    }
}
