//! The mnemonics of the type and attribute families strata-opt keeps
//! opaque: a misspelt one is refused as `mlir-opt-19` refuses it, in the
//! dialect's own words and at the mnemonic, a known one without what its
//! parser needs first (the bare form, `#acc.declare`) is refused as
//! `mlir-opt-19` refuses it, and a known one is otherwise kept.
//!
//! The oracle is `tests/oracle/mnemonics.txt` (`tests/oracle/mnemonics.py`):
//! what `mlir-opt-19` says of every known mnemonic of each family with a
//! letter added and with its last letter removed, and of five forms of an
//! unknown one (`zz<1>`, `zz.yy`, `zz$1`, `_zz`, `zz-1`). Where that is the
//! family's "unknown" message, strata must give the same message at the
//! same column; where the word is one the dialect knows and MLIR refuses
//! it bare, at the mnemonic or at the token after it, strata must give the
//! same error; where MLIR accepts it, or fails later, in a body strata does
//! not model, strata must keep it.
//!
//! The second oracle is `tests/oracle/bare.txt` (`tests/oracle/bare.py`):
//! what `mlir-opt-19` says of every known mnemonic bare, bare before a
//! blank, and followed by each token a parser may want first (`<>`, `()`,
//! `[]`, `{}`, a keyword, an integer, a string, a trailing type). Where
//! MLIR's error is at the mnemonic or at the token after it, strata must
//! give it; elsewhere strata must accept the form or give MLIR's error.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use strata_ctx::Context;
use strata_module::ParseConfig;

/// `COL: error: MESSAGE` of strata's parse of the one-line text, or `ok`.
fn strata(text: &str) -> String {
    let ctx = Context::new();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    match ParseConfig::new()
        .syntax(&strata_cli::syntax())
        .ops(&ops)
        .name("t.mlir")
        .parse(&ctx, text)
    {
        Ok(_) => "ok".to_owned(),
        // One line: the column is the byte offset plus one, as MLIR counts.
        Err(e) => format!("{}: error: {}", e.span().start + 1, e.message()),
    }
}

/// Whether the answer `mlir` is an error at column `start` (the mnemonic's)
/// or at most at column `next` (the token after it, or its follower).
fn first_token_error(mlir: &str, start: usize, next: usize) -> bool {
    mlir.split_once(": error: ")
        .and_then(|(col, _)| col.parse::<usize>().ok())
        .is_some_and(|col| col == start || (col > start && col <= next))
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
    let types = bare_rows();
    let typed_attributes = typed_in_shipped_tests();
    let (mut refused, mut bare, mut kept) = (0, 0, 0);
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
        } else if first_token_error(mlir, column, column + mnemonic.len())
            && !no_rule(&types, &typed_attributes, (family, mnemonic))
        {
            // A mnemonic the dialect knows, which its parser refuses bare:
            // strata must refuse it alike.
            bare += 1;
            if ours != *mlir {
                differ.push(format!(
                    "{form}: refused bare by mlir-opt-19 ({mlir:?}), strata {ours:?}"
                ));
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
    assert!(bare >= 300, "{bare} bare forms checked");
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

/// The columns of a row of `bare.txt`: the mnemonic's, and that of the
/// token after it (the follower's, after the blank where there is one).
fn bare_columns(form: &str) -> (usize, usize) {
    let ((_, ns), mnemonic) = split_any(form);
    // `"t.op"() {a = ` is 14 characters; the sigil, the namespace and the
    // `.` or `<` come before the mnemonic.
    let start = 14 + 1 + ns.len() + 2;
    let after = start + mnemonic.len();
    let rest = &form[start - 15..][mnemonic.len()..];
    (start, after + usize::from(rest.starts_with(' ')))
}

/// [`split`] for the long form too (`#acc<declare kw>`).
fn split_any(form: &str) -> ((char, &str), &str) {
    let sigil = form.chars().next().expect("a sigil");
    let at = form[1..]
        .find(['.', '<'])
        .expect("ns.mnemonic or ns<mnemonic")
        + 1;
    let rest = &form[at + 1..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$')))
        .unwrap_or(rest.len());
    ((sigil, &form[1..at]), &rest[..end])
}

/// What `bare.txt` says of one mnemonic: the answers to its bare form
/// and to its form with a trailing type.
#[derive(Default)]
struct BareRows<'a> {
    bare: &'a str,
    typed: &'a str,
    /// The answers to the three keyword followers (`kw`, `true`, `i32`).
    keywords: Vec<&'a str>,
    /// The answers to the bodies of parameters (`<i32>`, `<i32, i32>`).
    bodies: Vec<&'a str>,
}

/// The keyword followers of `bare.txt`.
const KEYWORDS: [&str; 3] = [" kw>", " true>", " i32>"];

/// The column and message of an error answer.
fn error_of(answer: &str) -> Option<(usize, &str)> {
    let (col, message) = answer.split_once(": error: ")?;
    Some((col.parse().ok()?, message))
}

/// A family (sigil and namespace) and a mnemonic.
type Key<'a> = ((char, &'a str), &'a str);

/// The rows of `bare.txt`, and what they say of each mnemonic.
type BareData = (
    Vec<(&'static str, &'static str)>,
    HashMap<Key<'static>, BareRows<'static>>,
);

/// The rows of `bare.txt`, and what they say of each mnemonic.
fn bare_rows() -> BareData {
    let rows: Vec<(&str, &str)> = include_str!("oracle/bare.txt")
        .lines()
        .map(|l| l.split_once('\t').expect("form, tab, answer"))
        .collect();
    let mut mnemonics: HashMap<Key<'_>, BareRows<'_>> = HashMap::new();
    for (form, mlir) in &rows {
        let key = split_any(form);
        let entry = mnemonics.entry(key).or_default();
        if form.len() == 1 + key.0.1.len() + 1 + key.1.len() {
            entry.bare = mlir;
        } else if form.ends_with(" : i32") {
            entry.typed = mlir;
        } else if KEYWORDS.iter().any(|k| form.ends_with(k)) {
            entry.keywords.push(mlir);
        } else if form.ends_with("<i32>") || form.ends_with("<i32, i32>") {
            entry.bodies.push(mlir);
        }
    }
    (rows, mnemonics)
}

/// Whether the attribute's parser wants the trailing type MLIR hands it
/// (`#test.e1di64_elements : tensor<...>`), which a hook of strata does not
/// see (so strata keeps it): its bare form is an error, which its typed form
/// gets past (the dialect does not refuse the type before the mnemonic's
/// end either).
fn wants_type((_, mnemonics): &BareData, family: (char, &str), mnemonic: &str) -> bool {
    let Some(of) = mnemonics.get(&(family, mnemonic)) else {
        return false;
    };
    let after = 14 + 1 + family.1.len() + 2 + mnemonic.len();
    let Some((_, message)) = error_of(of.bare) else {
        return false;
    };
    // The typed form's follower, the `:`, is after a blank.
    let refused = error_of(of.typed)
        .is_some_and(|(col, m)| col < after || (m == message && col <= after + 1));
    family.0 == '#' && !refused
}

/// The attributes (namespace and mnemonic) that MLIR 19's test files
/// shipped in `crates/*/tests/mlir` write with a trailing type after their
/// body (`#test.i64_elements<[10]> : tensor<1xi64>`): a dialect hook of
/// strata does not see that type, so `bare.py` gives them no rule and
/// strata keeps them opaque without a hook.
fn typed_in_shipped_tests() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for c in std::fs::read_dir(&root).expect("crates").flatten() {
        walk(&c.path().join("tests").join("mlir"), &mut files);
    }
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for (at, _) in text.match_indices('#') {
            let rest = &text[at + 1..];
            let Some((ns, tail)) = rest.split_once('.') else {
                continue;
            };
            if ns.is_empty() || !ns.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                continue;
            }
            let m_len = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$')))
                .unwrap_or(tail.len());
            let body = &tail[m_len..];
            if !body.starts_with('<') {
                continue;
            }
            // The balanced body, on one line, then blanks and a `:`.
            let mut depth = 0;
            let end = body.char_indices().find_map(|(i, c)| {
                match c {
                    '<' => depth += 1,
                    '>' => depth -= 1,
                    '\n' => return Some(None),
                    _ => {}
                }
                (depth == 0).then_some(Some(i + 1))
            });
            if let Some(Some(end)) = end
                && body[end..].trim_start_matches([' ', '\t']).starts_with(':')
            {
                out.push((ns.to_owned(), tail[..m_len].to_owned()));
            }
        }
    }
    out
}

/// Whether `bare.py` gives the mnemonic no rule, so that strata keeps its
/// forms: its attribute wants a trailing type ([`wants_type`]), or MLIR's
/// shipped test files write it with one ([`typed_in_shipped_tests`]), or
/// its parser reports a wrong count of parameters at the mnemonic, which a
/// body gets past (`!test.dynamic_pair<i32, f64>`).
fn no_rule(data: &BareData, typed_attributes: &[(String, String)], key: Key<'_>) -> bool {
    let Some(of) = data.1.get(&key) else {
        return false;
    };
    let ((sigil, ns), mnemonic) = key;
    let typed_in_tests = sigil == '#'
        && typed_attributes
            .iter()
            .any(|(n, m)| n == ns && m == mnemonic);
    let start = 14 + 1 + ns.len() + 2;
    let counts = error_of(of.bare).is_some_and(|(col, _)| col == start)
        && of.bodies.iter().any(|b| *b != of.bare);
    wants_type(data, key.0, key.1) || typed_in_tests || counts
}

#[test]
fn known_mnemonics_are_refused_bare_as_mlir_opt_refuses_them() {
    let typed_attributes = typed_in_shipped_tests();
    let data = bare_rows();
    let (rows, mnemonics) = &data;
    let (mut refused, mut kept, mut typed_kept) = (0, 0, 0);
    let mut differ = Vec::new();
    for (form, mlir) in rows {
        let key = split_any(form);
        let ours = strata(&text_of(form));
        let (start, next) = bare_columns(form);
        let of = &mnemonics[&key];
        let bare = error_of(of.bare);
        // MLIR's first error is the bare form's, at the mnemonic or at the
        // token after it (another error at the mnemonic, `!llvm.tuple<>`'s
        // builtin type, is not the rule's).
        let first = error_of(mlir).is_some_and(|(col, message)| {
            col >= start && col <= next && Some(message) == bare.map(|b| b.1)
        });
        // An attribute whose parser wants the trailing type MLIR hands it
        // (`#test.e1di64_elements : tensor<...>`), which a hook of strata
        // does not see: strata keeps it.
        // A type given as `!t : i32` is refused by the attribute
        // dictionary's parser, after the type: both refuse it.
        let both_refuse_typed = form.ends_with(" : i32") && *mlir != "ok" && ours != "ok";
        if no_rule(&data, &typed_attributes, key) {
            typed_kept += 1;
            if ours != "ok" && ours != *mlir && !both_refuse_typed {
                differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
            }
            continue;
        }
        if form.ends_with(" : i32") && *mlir != "ok" {
            // The trailing type MLIR hands the dialect's parser, which a
            // hook of strata does not see (`spirv` refuses it at the
            // mnemonic, before anything else): strata must refuse the form
            // too, with its bare error where it has one.
            refused += 1;
            if ours == "ok" {
                differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
            }
            continue;
        }
        if !first {
            // Accepted, or refused further on (in a body strata keeps
            // opaque, or models in another crate): strata must not refuse
            // it with the bare form's error.
            kept += 1;
            let over = error_of(&ours).is_some_and(|(_, m)| Some(m) == bare.map(|b| b.1));
            if over && ours != *mlir {
                differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
            }
            continue;
        }
        refused += 1;
        if ours == *mlir {
            continue;
        }
        let (_, message) = error_of(mlir).expect("an error");
        // What strata cannot see from a dialect hook: the token after a
        // short form's symbol, past the blank (MLIR reports `parseKeyword`'s
        // error there, strata at the end of the symbol). It must still be
        // refused, with the bare message.
        let blank = form.ends_with(' ') && ours == format!("{}: error: {message}", next - 1);
        // A keyword the parser may take (some of the three get past, or the
        // message names one: `expected 'begin'`), which strata leaves alone.
        let some_keywords = KEYWORDS.iter().any(|k| form.ends_with(k))
            && ours == "ok"
            && (message.starts_with("expected '")
                && message[10..]
                    .trim_end_matches('\'')
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_')
                || of.keywords.iter().any(|k| k != mlir));
        if !(blank || some_keywords) {
            differ.push(format!("{form}: mlir-opt-19 {mlir:?}, strata {ours:?}"));
        }
    }
    assert!(refused >= 1000, "{refused} refused forms checked");
    assert!(kept >= 300, "{kept} kept forms checked");
    assert!(
        typed_kept <= 80,
        "{typed_kept} forms of mnemonics without a rule"
    );
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
