//! The diagnostic value and the source manager.

use strata_diag::{
    ChildLevel, DiagArg, Diagnostic, FileId, LineCol, Local, Location, Severity, Shared,
    SourceManager, Span,
};

fn diag(template: &'static str) -> Diagnostic {
    Diagnostic::new(Severity::Error, Location::Unknown, template)
}

#[test]
fn placeholders_take_arguments_in_order() {
    let d = diag("expected {} operands, found {}")
        .with_arg(2u8)
        .with_arg(-3i64);
    assert_eq!(d.message(), "expected 2 operands, found -3");
}

#[test]
fn positional_placeholders_and_escapes() {
    let d = diag("{1} before {0}; {{literal}} and {}")
        .with_arg("a")
        .with_arg("b");
    // `{}` takes the next sequential argument, independent of positional
    // ones; all arguments are referenced, so nothing is appended.
    assert_eq!(d.message(), "b before a; {literal} and a");
}

#[test]
fn unreferenced_arguments_are_streamed_after_the_template() {
    let d = diag("operand #")
        .with_arg(1usize)
        .with_arg(" does not dominate");
    assert_eq!(d.message(), "operand #1 does not dominate");
    let mixed = diag("got {}").with_arg(1.5f64).with_arg('!');
    assert_eq!(mixed.message(), "got 1.5!");
}

#[test]
fn placeholders_without_arguments_and_lone_braces_print_as_written() {
    let d = diag("{} and {7} and {x} and } and {").with_arg(true);
    assert_eq!(d.message(), "true and {7} and {x} and } and {");
}

#[test]
fn a_message_without_arguments_is_verbatim_and_borrowed() {
    let d = diag("plain text");
    assert!(matches!(
        d.message(),
        std::borrow::Cow::Borrowed("plain text")
    ));
    // Braces in text built with `format!` are not placeholders.
    let braces = Diagnostic::new(
        Severity::Error,
        Location::Unknown,
        format!("{}{} {}", "{{", "}}", "{}"),
    );
    assert_eq!(braces.message(), "{{}} {}");
    let mut written = String::new();
    braces.write_message(&mut written).unwrap();
    assert_eq!(written, "{{}} {}");
}

#[test]
fn four_arguments_stay_inline_and_a_fifth_spills() {
    let mut d = diag("{} {} {} {}");
    for i in 0..4u32 {
        d.push_arg(i);
    }
    assert!(d.args_inline());
    assert_eq!(d.message(), "0 1 2 3");
    d.push_arg(4u32);
    assert!(!d.args_inline());
    assert_eq!(d.message(), "0 1 2 34");
}

#[test]
fn argument_conversions() {
    assert_eq!(DiagArg::from(-1i8), DiagArg::Int(-1));
    assert_eq!(DiagArg::from(7u16), DiagArg::UInt(7));
    assert_eq!(DiagArg::from(0.5f32), DiagArg::Float(0.5));
    assert_eq!(DiagArg::from(String::from("s")).to_string(), "s");
    assert_eq!(
        DiagArg::display(format_args!("{}-{}", 1, 2)).to_string(),
        "1-2"
    );
    assert_eq!(DiagArg::from(false).to_string(), "false");
}

#[test]
fn builders_and_accessors() {
    let span = Span::new(FileId::from_index(0), 1, 4);
    let other = Span::new(FileId::from_index(0), 6, 8);
    let d = Diagnostic::new(Severity::Warning, span, "m")
        .with_code("W01")
        .with_primary_label("primary")
        .with_label(other, "secondary")
        .with_note("n1")
        .with_note_at(other, "n2")
        .with_help("h");
    assert_eq!(d.severity(), Severity::Warning);
    assert_eq!(d.code(), Some("W01"));
    assert_eq!(d.location(), &Location::Span(span));
    assert_eq!(d.primary_label(), Some("primary"));
    assert_eq!(d.labels().len(), 1);
    assert_eq!(d.labels()[0].span, other);
    let levels: Vec<_> = d.children().iter().map(|c| c.level).collect();
    assert_eq!(
        levels,
        [ChildLevel::Note, ChildLevel::Note, ChildLevel::Help]
    );
    assert_eq!(d.children()[1].location, Some(Location::Span(other)));
    assert_eq!(d.template(), "m");
}

#[test]
fn fingerprints_separate_what_renders_differently() {
    let base = diag("x {}").with_arg(1);
    assert_eq!(base.fingerprint(), base.clone().fingerprint());
    let variants = [
        diag("x {}").with_arg(2),
        diag("x {}").with_arg(1).with_code("E1"),
        diag("x {}").with_arg(1).with_note("n"),
        Diagnostic::new(Severity::Warning, Location::Unknown, "x {}").with_arg(1),
        Diagnostic::new(Severity::Error, Location::name("f"), "x {}").with_arg(1),
        diag("x {}").with_arg(1.5f64),
    ];
    for v in &variants {
        assert_ne!(v.fingerprint(), base.fingerprint(), "{v:?}");
    }
    // What renders alike fingerprints alike, however it was built: an
    // argument or literal text, an integer or a float that prints as one.
    for same in [
        diag("x 1"),
        diag("x {}").with_arg(1.0f64),
        diag("{} {}").with_arg("x").with_arg(1u8),
    ] {
        assert_eq!(same.fingerprint(), base.fingerprint(), "{same:?}");
    }
}

#[test]
fn line_and_column_are_computed_from_offsets() {
    let sm = SourceManager::<Shared>::new();
    let id = sm.add_file("f", "ab\ncdé f\n\nlast");
    let f = sm.file(id).unwrap();
    assert_eq!(f.line_count(), 4);
    assert_eq!(f.line_col(0), LineCol { line: 1, column: 1 });
    assert_eq!(f.line_col(2), LineCol { line: 1, column: 3 });
    assert_eq!(f.line_col(3), LineCol { line: 2, column: 1 });
    // `é` is two bytes: the space after it is character 4, byte 7.
    assert_eq!(f.text().find(' '), Some(7));
    assert_eq!(f.line_col(7), LineCol { line: 2, column: 4 });
    // An offset inside `é` counts as `é`.
    assert_eq!(f.line_col(6), LineCol { line: 2, column: 3 });
    assert_eq!(f.line_col(10), LineCol { line: 3, column: 1 });
    assert_eq!(f.line_col(1000), LineCol { line: 4, column: 5 });
    assert_eq!(f.line_text(2), Some("cdé f"));
    assert_eq!(f.line_text(3), Some(""));
    assert_eq!(f.line_text(5), None);
    assert_eq!(f.line_text(0), None);
    assert_eq!(
        sm.line_col(f.span(3, 4)),
        Some(LineCol { line: 2, column: 1 })
    );
}

#[test]
fn crlf_terminators_are_not_part_of_a_line() {
    let sm = SourceManager::<Shared>::new();
    let f = sm.file(sm.add_file("w", "one\r\ntwo\r\n")).unwrap();
    assert_eq!(f.line_text(1), Some("one"));
    assert_eq!(f.line_text(2), Some("two"));
    assert_eq!(f.line_text(3), Some(""));
    assert_eq!(f.line_span(2), Some(f.span(5, 8)));
}

#[test]
fn spans_find_slice_and_join() {
    let sm = SourceManager::<Shared>::new();
    let a = sm.file(sm.add_file("a", "hello world")).unwrap();
    let b = sm.file(sm.add_file("b", "x")).unwrap();
    let w = a.find("world").unwrap();
    assert_eq!((w.start, w.end, w.len()), (6, 11, 5));
    assert_eq!(a.slice(w), Some("world"));
    assert_eq!(b.slice(w), None);
    let h = a.find("hello").unwrap();
    assert_eq!(h.to(w), Some(a.span(0, 11)));
    assert_eq!(h.to(b.span(0, 1)), None);
    assert!(a.span(3, 3).is_empty());
    assert_eq!(a.find("absent"), None);
}

#[test]
#[should_panic(expected = "a span must not end before it starts")]
fn reversed_spans_are_rejected() {
    let _ = Span::new(FileId::from_index(0), 5, 4);
}

#[test]
fn the_manager_assigns_ids_in_order_and_finds_by_name() {
    let sm = SourceManager::<Local>::new();
    assert!(sm.is_empty());
    let a = sm.add_file("a.mlir", "");
    let b = sm.add_file(String::from("b.mlir"), String::from("text"));
    let a2 = sm.add_file("a.mlir", "again");
    assert_eq!((a.index(), b.index(), a2.index()), (0, 1, 2));
    assert_eq!(sm.len(), 3);
    assert_eq!(sm.find("a.mlir"), Some(a));
    assert_eq!(sm.find("b.mlir"), Some(b));
    assert_eq!(sm.find("c.mlir"), None);
    assert_eq!(sm.file(b).unwrap().text(), "text");
    assert!(sm.file(FileId::from_index(3)).is_none());
    let empty = sm.file(a).unwrap();
    assert_eq!(empty.line_count(), 1);
    assert_eq!(empty.line_col(0), LineCol { line: 1, column: 1 });
}

#[test]
fn files_can_be_added_while_other_threads_read() {
    let sm = SourceManager::<Shared>::new();
    let first = sm.add_file("base", "x\n");
    std::thread::scope(|s| {
        for t in 0..8 {
            let sm = &sm;
            s.spawn(move || {
                for i in 0..50 {
                    let id = sm.add_file(format!("t{t}-{i}"), format!("{t}\n{i}\n"));
                    let f = sm.file(id).unwrap();
                    assert_eq!(f.name(), format!("t{t}-{i}"));
                    assert_eq!(f.line_text(2), Some(format!("{i}").as_str()));
                    assert_eq!(sm.file(first).unwrap().text(), "x\n");
                }
            });
        }
    });
    assert_eq!(sm.len(), 1 + 8 * 50);
}

#[test]
fn location_helpers() {
    let span = Span::new(FileId::from_index(2), 0, 1);
    assert_eq!(Location::from(span).span(), Some(span));
    assert_eq!(Location::name("n").span(), None);
    assert!(Location::default().is_unknown());
    assert_eq!(
        Location::file_line_col("f", 1, 2),
        Location::FileLineCol {
            file: "f".into(),
            line: 1,
            column: 2
        }
    );
    assert_eq!(FileId::from_index(2).to_string(), "#2");
}
