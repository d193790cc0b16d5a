//! Snapshot tests of the human renderer (expected text inline).
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(feature = "human")]

use strata_diag::{
    Diagnostic, Emitter, FileId, HumanEmitter, Level, Location, NoSources, Severity, Shared,
    SourceManager, SourceSet, Span,
};

const FUNC: &str = "func @f() {\n  %0 = \"foo\"() : () -> i32\n  return\n}\n";

struct Fixture {
    sm: SourceManager<Shared>,
    a: FileId,
    b: FileId,
}

fn fixture() -> Fixture {
    let sm = SourceManager::new();
    let a = sm.add_file("a.mlir", FUNC);
    let b = sm.add_file("b.mlir", "héllo wörld\r\nsecond line\r\n");
    Fixture { sm, a, b }
}

impl Fixture {
    fn find(&self, file: FileId, needle: &str) -> Span {
        self.sm.file(file).unwrap().find(needle).unwrap()
    }

    fn render_with(&self, emitter: &HumanEmitter, d: &Diagnostic) -> String {
        let mut set = SourceSet::<Shared>::new();
        set.insert(&self.sm, self.a);
        set.insert(&self.sm, self.b);
        let mut out = String::new();
        emitter.render(d, &set, &mut out);
        out
    }

    fn render(&self, d: &Diagnostic) -> String {
        self.render_with(&HumanEmitter::new(), d)
    }
}

#[test]
fn error_with_code_labels_in_two_files_and_children() {
    let f = fixture();
    let d = Diagnostic::new(Severity::Error, f.find(f.a, "\"foo\""), "unknown op")
        .with_code("E0001")
        .with_primary_label("here")
        .with_label(f.find(f.b, "wörld"), "other file")
        .with_note("plain note")
        .with_note_at(f.find(f.a, "func"), "in this function")
        .with_help("try harder");
    assert_eq!(
        f.render(&d),
        r#"error[E0001]: unknown op
 --> a.mlir:2:8
  |
2 |   %0 = "foo"() : () -> i32
  |        ^^^^^ here
  |
 ::: b.mlir:1:7
  |
1 | héllo wörld
  |       ----- other file
  |
  = note: plain note
  = help: try harder
note: in this function
 --> a.mlir:1:1
  |
1 | func @f() {
  | ^^^^

"#
    );
}

#[test]
fn multi_line_span() {
    let f = fixture();
    let file = f.sm.file(f.a).unwrap();
    let open = f.find(f.a, "{");
    let d = Diagnostic::new(
        Severity::Warning,
        file.span(open.start, file.len() - 1),
        "multi-line",
    )
    .with_primary_label("body");
    assert_eq!(
        f.render(&d),
        r#"warning: multi-line
 --> a.mlir:1:11
  |
1 |   func @f() {
  |  ___________^
2 | |   %0 = "foo"() : () -> i32
3 | |   return
4 | | }
  | |_^ body

"#
    );
}

#[test]
fn secondary_label_on_an_earlier_line() {
    let f = fixture();
    let d = Diagnostic::new(Severity::Error, f.find(f.a, "return"), "missing operand")
        .with_label(f.find(f.a, "%0"), "defined here");
    assert_eq!(
        f.render(&d),
        r#"error: missing operand
 --> a.mlir:3:3
  |
2 |   %0 = "foo"() : () -> i32
  |   -- defined here
3 |   return
  |   ^^^^^^

"#
    );
}

#[test]
fn locations_without_source_text() {
    let f = fixture();
    let name = Diagnostic::new(Severity::Remark, Location::name("conv1"), "folded");
    assert_eq!(f.render(&name), "remark: folded\n--> conv1\n\n");
    let flc = Diagnostic::new(
        Severity::Remark,
        Location::file_line_col("x.mlir", 3, 7),
        "flc",
    );
    assert_eq!(f.render(&flc), "remark: flc\n--> x.mlir:3:7\n\n");
    let unknown = Diagnostic::new(Severity::Error, Location::Unknown, "nowhere");
    assert_eq!(f.render(&unknown), "error: nowhere\n\n");
    let missing = Diagnostic::new(
        Severity::Error,
        Span::new(FileId::from_index(9), 1, 2),
        "bad file",
    );
    assert_eq!(
        f.render(&missing),
        "error: bad file\n--> <unknown file #9>\n\n"
    );
}

#[test]
fn spans_inside_characters_and_at_the_end_of_the_file() {
    let f = fixture();
    // Byte 2 is inside `é`: the caret covers the whole character.
    let mid = Diagnostic::new(Severity::Error, f.sm.file(f.b).unwrap().span(1, 2), "mid");
    assert_eq!(
        f.render(&mid),
        "error: mid\n --> b.mlir:1:2\n  |\n1 | héllo wörld\n  |  ^\n\n"
    );
    let len = f.sm.file(f.a).unwrap().len();
    let eof = Diagnostic::new(
        Severity::Error,
        f.sm.file(f.a).unwrap().span(len, len),
        "eof",
    );
    assert_eq!(
        f.render(&eof),
        "error: eof\n --> a.mlir:5:1\n  |\n5 |\n  | ^\n\n"
    );
}

#[test]
fn unicode_decoration() {
    let f = fixture();
    let d = Diagnostic::new(Severity::Error, f.find(f.a, "\"foo\""), "unknown op")
        .with_primary_label("here")
        .with_note("n");
    assert_eq!(
        f.render_with(&HumanEmitter::new().unicode(true), &d),
        r#"error: unknown op
  ╭▸ a.mlir:2:8
  │
2 │   %0 = "foo"() : () -> i32
  │        ━━━━━ here
  │
  ╰ note: n

"#
    );
}

/// Removes ANSI escape sequences (`ESC [ ... letter`).
fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn colour_adds_escapes_and_nothing_else() {
    let f = fixture();
    let d = Diagnostic::new(Severity::Warning, f.find(f.a, "return"), "w")
        .with_primary_label("l")
        .with_help("h");
    let plain = f.render(&d);
    let coloured = f.render_with(&HumanEmitter::new().color(true), &d);
    assert!(!plain.contains('\u{1b}'));
    assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    assert_eq!(strip_ansi(&coloured), plain);
    // Switching colour off again gives the plain rendering.
    let off = f.render_with(&HumanEmitter::new().color(true).color(false), &d);
    assert_eq!(off, plain);
}

#[test]
fn long_lines_are_trimmed_to_the_terminal_width() {
    let sm = SourceManager::<Shared>::new();
    let text = format!("{}target{}", "x".repeat(200), "y".repeat(200));
    let file = sm.file(sm.add_file("long", text)).unwrap();
    let d = Diagnostic::new(Severity::Error, file.find("target").unwrap(), "t");
    let mut out = String::new();
    HumanEmitter::new()
        .term_width(60)
        .render(&d, &*file, &mut out);
    assert!(out.lines().all(|l| l.chars().count() <= 60), "{out}");
    assert!(out.contains("target"));
}

#[test]
fn engine_messages_and_the_remark_level() {
    let mut out = String::new();
    let h = HumanEmitter::default();
    h.render_message(
        Level::Error,
        "aborting due to 2 previous errors; 1 warning emitted",
        &mut out,
    );
    h.render_message(Level::Note, "error limit of 3 reached", &mut out);
    h.render(
        &Diagnostic::new(Severity::Remark, Location::Unknown, "inlined {}").with_arg("f"),
        &NoSources,
        &mut out,
    );
    assert_eq!(
        out,
        "error: aborting due to 2 previous errors; 1 warning emitted\n\n\
         note: error limit of 3 reached\n\n\
         remark: inlined f\n\n"
    );
}

#[test]
fn a_span_into_a_file_missing_from_the_sources_degrades_gracefully() {
    let f = fixture();
    let d = Diagnostic::new(Severity::Error, f.find(f.a, "return"), "r");
    let mut out = String::new();
    HumanEmitter::new().render(&d, &NoSources, &mut out);
    assert_eq!(out, "error: r\n--> <unknown file #0>\n\n");
}
