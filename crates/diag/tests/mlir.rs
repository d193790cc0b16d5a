//! The mlir-opt renderer: each expected text is what `mlir-opt-19` printed
//! for the same diagnostic at the same place (strata-cli's `stderr` test
//! compares the whole of strata-opt's standard error with mlir-opt-19's).

use strata_diag::{
    Diagnostic, Emitter, Level, Location, MlirEmitter, NoSources, Severity, Shared, SourceManager,
    SourceSet, Span,
};

/// Renders `make(file)` for a file `t.mlir` holding `text`.
fn render_in(text: &str, emitter: MlirEmitter, make: impl Fn(&str, Span) -> Diagnostic) -> String {
    let sm = SourceManager::<Shared>::new();
    let id = sm.add_file("t.mlir", text);
    let mut set = SourceSet::<Shared>::new();
    set.insert(&sm, id);
    let whole = sm.file(id).unwrap().span(0, 0);
    let mut out = String::new();
    emitter.render(&make(text, whole), &set, &mut out);
    out
}

/// An error at byte `at` of `text`.
fn error_at(text: &str, at: u32, message: &'static str) -> String {
    render_in(text, MlirEmitter::new(), |_, s| {
        Diagnostic::new(Severity::Error, Span::new(s.file, at, at + 1), message)
    })
}

#[test]
fn a_caret_under_the_byte_column() {
    assert_eq!(
        error_at(
            "\"a.b\"() : () -> (i32, )\n",
            21,
            "expected non-function type"
        ),
        "t.mlir:1:22: error: expected non-function type\n\"a.b\"() : () -> (i32, )\n                     ^\n"
    );
}

#[test]
fn tabs_are_expanded_to_stops_of_eight_and_a_caret_on_a_tab_fills_it() {
    assert_eq!(
        error_at(
            "\t\"a.b\"(%x) : (i32) -> ()\n",
            7,
            "use of undeclared SSA value name"
        ),
        "t.mlir:1:8: error: use of undeclared SSA value name\n        \"a.b\"(%x) : (i32) -> ()\n              ^\n"
    );
    assert_eq!(
        error_at(
            "\"a.b\"()\t:\t() -> (i32,\t)\n",
            21,
            "expected non-function type"
        ),
        "t.mlir:1:22: error: expected non-function type\n\"a.b\"() :       () -> (i32,     )\n                           ^^^^^\n"
    );
}

#[test]
fn a_line_that_is_not_ascii_has_no_caret_and_columns_count_bytes() {
    let text = "\"a.b\"() {s = \"h\u{e9}llo\"} : () -> (i32, )\n";
    assert_eq!(
        error_at(text, 36, "expected non-function type"),
        format!("t.mlir:1:37: error: expected non-function type\n{text}")
    );
}

#[test]
fn carriage_returns_end_the_line_and_one_before_the_column_hides_it() {
    assert_eq!(
        error_at(
            "\"a.b\"() : () -> ()\r\n\"a.b\"() : () -> (i32, )\r\n",
            41,
            "x"
        ),
        "t.mlir:2:22: error: x\n\"a.b\"() : () -> (i32, )\n                     ^\n"
    );
    assert_eq!(
        error_at("\"a.b\"() :\r () -> (i32, )\n", 22, "x"),
        "t.mlir:1:23: error: x\n"
    );
}

#[test]
fn at_the_end_of_the_file_the_caret_is_past_the_last_line() {
    assert_eq!(
        error_at("\"a.b\"() : (", 11, "x"),
        "t.mlir:1:12: error: x\n\"a.b\"() : (\n           ^\n"
    );
    assert_eq!(
        error_at("\"a.b\"()\n", 8, "x"),
        "t.mlir:2:1: error: x\n\n^\n"
    );
}

#[test]
fn a_note_at_the_same_place_shows_no_line_and_one_elsewhere_does() {
    let text = "%0 = \"a.b\"() : () -> i32\n%0 = \"a.b\"() : () -> i32\n";
    let out = render_in(text, MlirEmitter::new(), |_, s| {
        Diagnostic::new(
            Severity::Error,
            Span::new(s.file, 25, 27),
            "redefinition of SSA value '%0'",
        )
        .with_note("again here")
        .with_note_at(Span::new(s.file, 0, 2), "previously defined here")
        .with_note_at(Span::new(s.file, 0, 1), "still there")
        // Without a location of its own: at the error's, shown again
        // after a note elsewhere.
        .with_help("a help is a note")
    });
    assert_eq!(
        out,
        "t.mlir:2:1: error: redefinition of SSA value '%0'\n%0 = \"a.b\"() : () -> i32\n^\n\
         t.mlir:2:1: note: again here\n\
         t.mlir:1:1: note: previously defined here\n%0 = \"a.b\"() : () -> i32\n^\n\
         t.mlir:1:1: note: still there\n\
         t.mlir:2:1: note: a help is a note\n%0 = \"a.b\"() : () -> i32\n^\n"
    );
}

#[test]
fn locations_without_text() {
    let render = |location: Location| {
        let mut out = String::new();
        let d = Diagnostic::new(Severity::Error, location, "m").with_note("n");
        MlirEmitter::new().render(&d, &NoSources, &mut out);
        out
    };
    assert_eq!(
        render(Location::Unknown),
        "<unknown>:0: error: m\n<unknown>:0: note: n\n"
    );
    assert_eq!(
        render(Location::name("n\"a\\me\u{e9}")),
        "<unknown>:0: error: loc(\"n\\22a\\\\me\\C3\\A9\"): m\n<unknown>:0: note: loc(\"n\\22a\\\\me\\C3\\A9\"): n\n"
    );
    assert_eq!(
        render(Location::file_line_col("x.c", 7, 9)),
        "x.c:7:9: error: m\nx.c:7:9: note: n\n"
    );
    // A printed location is written as it is, not quoted as a name.
    assert_eq!(
        render(Location::Printed("loc(fused[\"a\", \"b\"])".into())),
        "<unknown>:0: error: loc(fused[\"a\", \"b\"]): m\n<unknown>:0: note: loc(fused[\"a\", \"b\"]): n\n"
    );
    // A file the sources hold by that name is shown.
    let out = render_in("\"a.b\"()\n\"c.d\"()\n", MlirEmitter::new(), |_, _| {
        Diagnostic::new(
            Severity::Error,
            Location::file_line_col("t.mlir", 2, 3),
            "m",
        )
    });
    assert_eq!(out, "t.mlir:2:3: error: m\n\"c.d\"()\n  ^\n");
    // Column 0, or past the line, is not a place in it.
    let out = render_in("\"a.b\"()\n", MlirEmitter::new(), |_, _| {
        Diagnostic::new(
            Severity::Error,
            Location::file_line_col("t.mlir", 1, 0),
            "m",
        )
    });
    assert_eq!(out, "t.mlir:1:0: error: m\n");
    let out = render_in("\"a.b\"()\n", MlirEmitter::new(), |_, _| {
        Diagnostic::new(
            Severity::Error,
            Location::file_line_col("t.mlir", 1, 30),
            "m",
        )
    });
    assert_eq!(out, "t.mlir:1:30: error: m\n");
}

/// mlir-opt-19 `--verify-diagnostics` on `expected-error {{nope}}` at column
/// 28: the caret there and `~` over the length of the expected text, which
/// a label draws.
#[test]
fn labels_are_ranges_on_the_line() {
    let text = "\"a.b\"() : () -> (i32, ) // expected-error {{nope}}\n";
    let out = render_in(text, MlirEmitter::new(), |_, s| {
        Diagnostic::new(
            Severity::Error,
            Span::new(s.file, 27, 50),
            "expected error \"nope\" was not produced",
        )
        .with_label(Span::new(s.file, 27, 31), "not shown")
        .with_label(Span::new(s.file, 60, 61), "on no line")
    });
    assert_eq!(
        out,
        "t.mlir:1:28: error: expected error \"nope\" was not produced\n\
         \"a.b\"() : () -> (i32, ) // expected-error {{nope}}\n                           ^~~~\n"
    );
}

/// `mlir-opt-19 --color`'s escapes.
#[test]
fn colour_is_llvms() {
    let out = render_in(
        "\"a.b\"() : () -> (i32, )\n",
        MlirEmitter::new().color(true),
        |_, s| {
            Diagnostic::new(
                Severity::Error,
                Span::new(s.file, 21, 22),
                "expected non-function type",
            )
            .with_note("here")
        },
    );
    assert_eq!(
        out,
        "\x1b[1mt.mlir:1:22: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1mexpected non-function type\n\x1b[0m\
         \"a.b\"() : () -> (i32, )\n\x1b[0;1;32m                     ^\n\x1b[0m\
         \x1b[1mt.mlir:1:22: \x1b[0m\x1b[0;1;30mnote: \x1b[0m\x1b[1mhere\n\x1b[0m"
    );
    let out = render_in("// -----0\n", MlirEmitter::new().color(true), |_, s| {
        Diagnostic::new(
            Severity::Warning,
            Span::new(s.file, 6, 6),
            "near miss with file split marker",
        )
    });
    assert_eq!(
        out,
        "\x1b[1mt.mlir:1:7: \x1b[0m\x1b[0;1;35mwarning: \x1b[0m\x1b[1mnear miss with file split marker\n\x1b[0m\
         // -----0\n\x1b[0;1;32m      ^\n\x1b[0m"
    );
}

#[test]
fn a_message_of_the_engine_is_a_level_and_the_text() {
    let mut out = String::new();
    MlirEmitter::new().render_message(Level::Error, "aborting", &mut out);
    assert_eq!(out, "error: aborting\n");
}
