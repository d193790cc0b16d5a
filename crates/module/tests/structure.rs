//! The rules MLIR's verifier applies to every operation once a file has
//! parsed (`structure.rs`): entry blocks without predecessors, no empty
//! block in a region of several, successors only on a block's last
//! operation, dominance, a module's symbols, and MLIR's order among them.
//! Every chunk of `tests/oracle/structure.mlir` gets the diagnostics
//! `mlir-opt-19` gives it (`tests/oracle/structure.txt`, recorded by
//! `structure.py`): the same message, line and column, with the same notes
//! (the "see current operation" note's operation text included), or none
//! where MLIR accepts the chunk; from the sequential and from the
//! parallel parse.

mod common;

use strata_ctx::Context;
use strata_module::{ParseConfig, ParseError, PrintOptions, split_input};

const TEXT: &str = include_str!("oracle/structure.mlir");
const EXPECTED: &str = include_str!("oracle/structure.txt");

/// `CHUNK<TAB>LINE:COL: KIND: MESSAGE` for `e` and its notes, as
/// `structure.py` writes mlir-opt-19's.
fn lines(chunk: usize, body: &str, e: &ParseError) -> Vec<String> {
    let place = |pos: usize| {
        let before = &body[..pos];
        let line = before.matches('\n').count() + 1;
        let col = pos - before.rfind('\n').map_or(0, |n| n + 1) + 1;
        format!("{line}:{col}")
    };
    let mut out = vec![format!(
        "{chunk}\t{}: error: {}",
        place(e.span().start),
        e.message()
    )];
    for (span, note) in e.notes() {
        let note = note.replace('\n', "\\n");
        out.push(format!("{chunk}\t{}: note: {note}", place(span.start)));
    }
    out
}

/// Checks every chunk of `text` (the oracle file `file`) against
/// `expected`, the sequential and the parallel parse, the notes' operations
/// printed with `options`.
fn check_chunks(file: &str, text: &str, expected: &str, options: PrintOptions) {
    let expected: Vec<&str> = expected.lines().collect();
    let (chunks, _) = split_input(text);
    let (mut sequential, mut parallel) = (Vec::new(), Vec::new());
    for (i, chunk) in chunks.iter().enumerate() {
        let body = &text[chunk.range.clone()];
        let name = chunk.buffer_name(file);
        let ctx = Context::new();
        let ops = common::shared_ops();
        let syntax = common::syntax();
        let config = ParseConfig::new()
            .ops(&ops)
            .syntax(&syntax)
            .name(&name)
            .op_on_diagnostic(Some(options));
        if let Err(e) = config.parse(&ctx, body) {
            sequential.extend(lines(i, body, &e));
        }
        if let Err(e) = config.parallel(true).parse(&ctx, body) {
            parallel.extend(lines(i, body, &e));
        }
    }
    assert_eq!(sequential, expected);
    assert_eq!(parallel, expected);
}

#[test]
fn every_chunk_gets_mlir_opts_diagnostics() {
    assert!(
        split_input(TEXT).0.len() > 40,
        "the oracle file has its chunks"
    );
    check_chunks("structure.mlir", TEXT, EXPECTED, PrintOptions::default());
}

/// The "see current operation" note prints the operation as MLIR's
/// `Diagnostic::appendOp` does (`tests/oracle/op_note.mlir`, recorded by
/// `structure.py`): numbered from the nearest isolated operation around it
/// (or the module), an operand from outside it unnamed, several lines after
/// a newline, large elements attributes elided, and the locations where
/// `--mlir-print-debuginfo` asks.
#[test]
fn the_current_operation_note_prints_it_as_mlir_does() {
    let text = include_str!("oracle/op_note.mlir");
    check_chunks(
        "op_note.mlir",
        text,
        include_str!("oracle/op_note.txt"),
        PrintOptions::default(),
    );
    let debug = PrintOptions {
        debug_info: true,
        ..PrintOptions::default()
    };
    check_chunks(
        "op_note.mlir",
        text,
        include_str!("oracle/op_note.debuginfo.txt"),
        debug,
    );
}

/// Without the note, the errors are the same and carry only their other
/// notes.
#[test]
fn the_current_operation_note_can_be_left_out() {
    let text = include_str!("oracle/op_note.mlir");
    let (chunks, _) = split_input(text);
    let mut notes = 0;
    for chunk in &chunks {
        let body = &text[chunk.range.clone()];
        let ctx = Context::new();
        let ops = common::shared_ops();
        let e = ParseConfig::new()
            .ops(&ops)
            .syntax(&common::syntax())
            .op_on_diagnostic(None)
            .parse(&ctx, body)
            .unwrap_err();
        assert!(
            e.notes()
                .iter()
                .all(|n| !n.1.starts_with("see current operation")),
            "{e:?}"
        );
        notes += e.notes().len();
    }
    assert_eq!(notes, 4, "the other notes stay");
}

/// An operation whose location is not a place in the text (MLIR reports
/// the error there, outside the text) is reported at the operation around
/// it, where the text has it.
#[test]
fn an_operation_located_elsewhere_is_reported_at_the_one_around_it() {
    let text = "\"test.op\"() ({\n  \"test.jump\"()[^bb1] : () -> () loc(\"elsewhere.mlir\":1:1)\n  \"test.x\"() : () -> ()\n^bb1:\n  \"test.y\"() : () -> ()\n}) : () -> ()\n";
    let ctx = Context::new();
    let ops = common::shared_ops();
    let e = ParseConfig::new()
        .ops(&ops)
        .syntax(&common::syntax())
        .name("t.mlir")
        .parse(&ctx, text)
        .unwrap_err();
    assert_eq!(
        e.message(),
        "operation with block successors must terminate its parent block"
    );
    assert_eq!(e.span(), 0..0);
    // Located in the text under its own name: there.
    let text = text.replace("elsewhere.mlir\":1:1", "t.mlir\":2:3");
    let e = ParseConfig::new()
        .ops(&ops)
        .syntax(&common::syntax())
        .name("t.mlir")
        .parse(&ctx, &text)
        .unwrap_err();
    assert_eq!(e.span().start, text.find("\"test.jump\"").unwrap());
}

/// A parse error anywhere in the file comes before any of these, as MLIR
/// verifies only a file that parsed.
#[test]
fn a_parse_error_comes_first() {
    let text = "\"test.op\"() ({\n  \"test.jump\"()[^bb1] : () -> ()\n  \"test.x\"() : () -> ()\n^bb1:\n  \"test.y\"() : () -> ()\n}) : () -> ()\n\"test.bad\"() : () -> (\n";
    let ctx = Context::new();
    let ops = common::shared_ops();
    let e = ParseConfig::new()
        .ops(&ops)
        .syntax(&common::syntax())
        .name("t.mlir")
        .parse(&ctx, text)
        .unwrap_err();
    assert_eq!(e.message(), "expected non-function type");
}

/// A use in one top-level operation of a value another one defines below
/// it: the definition resolves the use while a later unit is parsed, and
/// the earlier unit is checked too (`mlir-opt-19`: "operand #0 does not
/// dominate this use" at 3:5, a note at the definition), sequentially and
/// in parallel. Found by the `module` fuzz target's check that what parsed
/// verifies.
#[test]
fn a_use_resolved_by_a_later_top_level_operation_is_checked() {
    let text = "\"builtin.module\"() ({\n  \"x.func\"() ({\n    \"x.return\"(%0) : (i32) -> ()\n  }) : () -> ()\n  \"x.func\"() ({\n    %0 = \"x.call\"() : () -> i32\n    \"x.return\"(%0) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()\n";
    let ops = common::shared_ops();
    for parallel in [false, true] {
        let ctx = Context::new();
        let e = ParseConfig::new()
            .ops(&ops)
            .name("t.mlir")
            .parallel(parallel)
            .parse(&ctx, text)
            .unwrap_err();
        assert_eq!(e.message(), "operand #0 does not dominate this use");
        assert_eq!(text[..e.span().start].matches('\n').count() + 1, 3);
    }
}

/// An error about an operation is reported at the operation's location, as
/// MLIR's handler reports it: its first file location (a name's child, a
/// call site's callee), outside the text when that is of another file
/// (`ParseError::location`), the location printed when it holds none; a
/// call site's callers follow as notes "called from". The span stays the
/// nearest place in the text. (`mlir-opt-19`'s output for the same texts
/// is in strata-cli's `stderr.jsonl`, set `edge`.)
#[test]
fn an_error_is_reported_at_the_operations_own_location() {
    use strata_diag::Location as L;
    let text = |loc: &str| {
        format!(
            "\"test.op\"() ({{\n  \"test.jump\"()[^bb1] : () -> () {loc}\n  \"test.x\"() : () -> ()\n^bb1:\n  \"test.y\"() : () -> ()\n}}) : () -> ()\n"
        )
    };
    let ctx = Context::new();
    let ops = common::shared_ops();
    let error = |loc: &str| {
        ParseConfig::new()
            .ops(&ops)
            .name("s.mlir")
            .parse(&ctx, &text(loc))
            .unwrap_err()
    };
    let call = "loc(callsite(\"foo.c\":1:2 at callsite(\"s.mlir\":4:1 at \"bar.c\":3:4)))";
    let e = error(call);
    assert_eq!(e.location(), Some(&L::file_line_col("foo.c", 1, 2)));
    // The enclosing operation, the nearest one located in the text.
    assert_eq!(e.span(), 0..0);
    let notes: Vec<_> = e
        .notes()
        .iter()
        .enumerate()
        .map(|(i, (span, m))| (span.clone(), e.note_location(i).cloned(), m.as_str()))
        .collect();
    let line4 = text(call).match_indices('\n').nth(2).unwrap().0 + 1;
    assert_eq!(notes[0], (line4..line4, None, "called from"));
    assert_eq!(
        notes[1],
        (0..0, Some(L::file_line_col("bar.c", 3, 4)), "called from")
    );
    assert!(notes[2].2.starts_with("see current operation"));
    assert_eq!(notes[2].1, e.location().cloned());
    // A name's child in the text is the place; a name alone is printed.
    let e = error("loc(\"n\"(\"s.mlir\":2:3))");
    assert_eq!((e.span(), e.location()), (17..17, None));
    let e = error("loc(fused[\"a\", \"b\"])");
    assert_eq!(
        e.location(),
        Some(&L::Printed("loc(fused[\"a\", \"b\"])".into()))
    );
    assert_eq!(error("loc(unknown)").location(), Some(&L::Unknown));
}
