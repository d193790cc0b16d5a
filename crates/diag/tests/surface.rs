//! Small pieces of the engine's surface, each on its own: severities print
//! their names, a diagnostic keeps its arguments, a template refers to any
//! argument by number, a region reports what it has buffered, spans widen
//! to whole characters, and the small accessors answer as documented.

use strata_diag::{DiagEngine, Diagnostic, Location, PlainEmitter, Severity, SharedBuffer};

/// An engine with the plain emitter, writing into the buffer it returns.
fn plain_engine() -> (DiagEngine, SharedBuffer) {
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder()
        .emitter(PlainEmitter::new())
        .sink(out.clone())
        .build();
    (engine, out)
}

/// An engine with the human emitter, for `render`.
#[cfg(feature = "human")]
fn human_engine() -> DiagEngine {
    DiagEngine::builder()
        .emitter(strata_diag::HumanEmitter::new())
        .sink(SharedBuffer::new())
        .build()
}

#[test]
fn severities_print_their_names() {
    assert_eq!(Severity::Error.to_string(), "error");
    assert_eq!(Severity::Warning.to_string(), "warning");
    assert_eq!(Severity::Remark.to_string(), "remark");
}

#[test]
fn a_diagnostic_keeps_its_arguments_in_order() {
    let d = Diagnostic::new(Severity::Error, Location::Unknown, "{} then {}")
        .with_arg(5)
        .with_arg("x");
    let args: Vec<String> = d.args().iter().map(ToString::to_string).collect();
    assert_eq!(args, ["5", "x"]);
    assert_eq!(d.message(), "5 then x");
}

#[test]
fn a_template_refers_to_arguments_past_the_sixty_fourth() {
    let mut d = Diagnostic::new(Severity::Error, Location::Unknown, "last: {64}; first: {0}");
    for n in 0..65 {
        d.push_arg(format!("a{n}"));
    }
    let message = d.message();
    assert!(message.starts_with("last: a64; first: a0"), "{message}");
    // Arguments the template does not name follow it, in order.
    assert!(message.contains("a1"), "{message}");
    assert!(message.contains("a63"), "{message}");
}

#[test]
fn a_region_counts_what_it_has_buffered_until_it_reports() {
    let (engine, out) = plain_engine();
    engine.ordered_region(|region| {
        assert_eq!(region.pending(), 0);
        region.task(1, || {
            engine.error(Location::name("b"), "second").emit();
        });
        region.task(0, || {
            engine.error(Location::name("a"), "first").emit();
            engine.warning(Location::name("a"), "also first").emit();
        });
        assert_eq!(region.pending(), 3, "the region's buffer");
        let shown = format!("{region:?}");
        assert!(shown.contains("pending: 3"), "{shown}");
        assert!(
            out.contents().is_empty(),
            "a region reported before its end"
        );
    });
    let text = out.contents();
    let first = text.find("first").unwrap();
    let second = text.find("second").unwrap();
    assert!(first < second, "task 0's diagnostics come first:\n{text}");
}

#[test]
fn the_plain_emitter_prints_the_summary_line() {
    let (engine, out) = plain_engine();
    engine.error(Location::name("a"), "broken").emit();
    assert!(engine.emit_summary().is_some());
    let text = out.contents();
    let (level, line) = engine.summary().line().expect("a summary with one error");
    let expected = format!("{}: {line}\n\n", level.as_str());
    assert!(
        text.ends_with(&expected),
        "{text:?} does not end with {expected:?}"
    );
}

#[test]
fn a_shared_buffer_reports_its_length() {
    use std::io::Write;
    let out = SharedBuffer::new();
    assert!(out.is_empty());
    assert_eq!(out.len(), 0);
    let mut writer = out.clone();
    writer.write_all(b"abc").unwrap();
    assert!(!out.is_empty());
    assert_eq!(out.len(), 3);
    assert_eq!(format!("{out:?}"), "SharedBuffer { len: 3 }");
}

/// With a sink of its own and no emitter named, the engine renders with the
/// human emitter and no colour: the sink is not a terminal.
#[cfg(feature = "human")]
#[test]
fn the_default_emitter_writes_no_colour_into_a_sink() {
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder().sink(out.clone()).build();
    let file = engine.sources().add_file("m.mlir", "%0 = foo.bar\n");
    let span = engine
        .sources()
        .file(file)
        .unwrap()
        .find("foo.bar")
        .unwrap();
    engine.error(span, "unknown operation").emit();
    let text = out.contents();
    assert!(text.contains("unknown operation"), "{text}");
    assert!(!text.contains('\u{1b}'), "colour codes in a sink: {text:?}");
}

/// A span whose ends fall inside a multi-byte character is widened to the
/// whole character, at both ends: the rendering is the one of the widened
/// span.
#[cfg(feature = "human")]
#[test]
fn a_span_inside_a_character_is_widened_to_it() {
    let engine = human_engine();
    // "é" is bytes 1 and 2, "ü" bytes 4 and 5.
    let file = engine.sources().add_file("u.mlir", "aé ü z\n");
    let text = engine.sources().file(file).unwrap();
    let render = |start, end| {
        engine.render(&Diagnostic::new(
            Severity::Error,
            text.span(start, end),
            "here",
        ))
    };
    assert_eq!(render(2, 5), render(1, 6));
    assert_ne!(render(1, 6), render(3, 6), "the widening is not a no-op");
}

#[test]
fn spans_and_the_error_proof() {
    let (engine, _) = plain_engine();
    assert!(engine.sources().is_empty());
    let file = engine.sources().add_file("s.mlir", "ab\ncd\n");
    assert!(!engine.sources().is_empty());
    let text = engine.sources().file(file).unwrap();
    assert!(text.span(3, 3).is_empty());
    assert!(!text.span(3, 4).is_empty());
    assert!(!text.is_empty());
    let blank = engine.sources().add_file("blank.mlir", "");
    assert!(engine.sources().file(blank).unwrap().is_empty());
    assert!(Location::Unknown.is_unknown());
    assert!(!Location::name("n").is_unknown());
    assert!(!Location::from(text.span(0, 1)).is_unknown());
    let proof = engine.error(text.span(0, 1), "x").emit();
    assert_eq!(proof.to_string(), "an error was reported");
}

/// A span that ends right after a newline covers its line only: the next
/// line is not drawn.
#[cfg(feature = "human")]
#[test]
fn a_span_ending_after_a_newline_stays_on_its_line() {
    let engine = human_engine();
    let file = engine
        .sources()
        .add_file("l.mlir", "first line\nsecond line\n");
    let text = engine.sources().file(file).unwrap();
    let shown = engine.render(&Diagnostic::new(Severity::Error, text.span(0, 11), "here"));
    assert!(shown.contains("first line"), "{shown}");
    assert!(!shown.contains("second line"), "{shown}");
}
