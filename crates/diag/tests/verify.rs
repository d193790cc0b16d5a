//! The expected-diagnostic verifier: every expectation form, and every
//! failure it reports.
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(all(feature = "human", feature = "verifier"))]

use strata_diag::{
    DiagEngine, Diagnostic, Expectation, FileId, FindingKind, HumanEmitter, Level, Location,
    Severity, Shared, SharedBuffer, SourceManager, Span, Target, Verifier, VerifyReport,
};

/// A source manager holding one test file, and a verifier that read it.
struct Case {
    sm: SourceManager<Shared>,
    file: FileId,
    verifier: Verifier,
}

fn case(text: &str) -> Case {
    let sm = SourceManager::<Shared>::new();
    let file = sm.add_file("test.mlir", text);
    let mut verifier = Verifier::new();
    let handle = sm.file(file).unwrap();
    verifier.add_file(&handle);
    Case { sm, file, verifier }
}

impl Case {
    /// The span of the first occurrence of `needle`.
    fn at(&self, needle: &str) -> Span {
        self.sm
            .file(self.file)
            .unwrap()
            .find(needle)
            .unwrap_or_else(|| panic!("`{needle}` is not in the test file"))
    }

    /// The span of the `n`th (0-based) occurrence of `needle`.
    fn nth(&self, needle: &str, n: usize) -> Span {
        let file = self.sm.file(self.file).unwrap();
        let (at, _) = file.text().match_indices(needle).nth(n).unwrap();
        file.span(at as u32, (at + needle.len()) as u32)
    }

    fn line_of(&self, span: Span) -> u32 {
        self.sm.file(self.file).unwrap().line_of(span.start)
    }

    fn expect(&self, d: Diagnostic) {
        self.verifier.record(&d);
    }

    fn finish(self) -> VerifyReport {
        self.verifier.finish(&self.sm)
    }
}

fn kinds(r: &VerifyReport) -> Vec<(FindingKind, String)> {
    r.findings()
        .iter()
        .map(|f| (f.kind, f.diagnostic.message().into_owned()))
        .collect()
}

fn err(at: impl Into<Location>, msg: &'static str) -> Diagnostic {
    Diagnostic::new(Severity::Error, at, msg)
}

#[test]
fn same_line_expectations_of_every_level() {
    let c = case(
        "op.a // expected-error {{bad a}}\n\
         op.b // expected-warning {{odd b}}\n\
         op.c // expected-remark {{folded c}}\n",
    );
    let levels: Vec<_> = c
        .verifier
        .expectations()
        .iter()
        .map(Expectation::level)
        .collect();
    assert_eq!(levels, [Level::Error, Level::Warning, Level::Remark]);
    c.expect(err(c.at("op.a"), "a bad a here"));
    c.expect(Diagnostic::new(Severity::Warning, c.at("op.b"), "odd b"));
    c.expect(Diagnostic::new(
        Severity::Remark,
        c.at("op.c"),
        "folded c twice",
    ));
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
    assert_eq!(r.matched(), 3);
}

#[test]
fn offset_designators() {
    let c = case(
        "// expected-error@+2 {{two below}}\n\
         // expected-error@+1 {{one below}}\n\
         op.x\n\
         // expected-note@-1 {{one above}}\n",
    );
    let targets: Vec<_> = c
        .verifier
        .expectations()
        .iter()
        .map(Expectation::target)
        .collect();
    assert_eq!(targets, [Target::Line(3), Target::Line(3), Target::Line(3)]);
    let x = c.at("op.x");
    c.expect(err(x, "one below").with_note("one above, no location of its own"));
    c.expect(err(x, "two below"));
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
    assert_eq!(r.matched(), 3);
}

#[test]
fn above_and_below_skip_lines_holding_directives() {
    let c = case(
        "// expected-remark@below {{first}}\n\
         // expected-remark@below {{second}}\n\
         op.target\n\
         // expected-warning@above {{third}}\n\
         // expected-warning@above {{fourth}}\n",
    );
    assert!(
        c.verifier
            .expectations()
            .iter()
            .all(|e| e.target() == Target::Line(3))
    );
    let t = c.at("op.target");
    for m in ["first", "second"] {
        c.expect(Diagnostic::new(Severity::Remark, t, m));
    }
    for m in ["third", "fourth"] {
        c.expect(Diagnostic::new(Severity::Warning, t, m));
    }
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
}

#[test]
fn unknown_designator_matches_diagnostics_without_a_source_location() {
    let c =
        case("// expected-error@unknown {{no location}}\n// expected-warning@unknown {{named}}\n");
    c.expect(err(Location::Unknown, "no location at all"));
    c.expect(Diagnostic::new(
        Severity::Warning,
        Location::name("conv"),
        "named",
    ));
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
}

#[test]
fn regex_expectations_are_literal_except_nested_braces() {
    let c = case(
        "op.a // expected-error-re {{folded {{[0-9]+}} ops (of {{[a-z]+}})}}\n\
         op.b // expected-warning-re@+0 {{^exact$}}\n\
         op.c // expected-error-re {{a.b}}\n",
    );
    assert!(c.verifier.expectations().iter().all(Expectation::is_regex));
    assert_eq!(
        c.verifier.expectations()[0].text(),
        "folded {{[0-9]+}} ops (of {{[a-z]+}})"
    );
    let e = &c.verifier.expectations()[0];
    assert!(e.matches("note: folded 12 ops (of func)"));
    // The parentheses are literal; the braces are regexes.
    assert!(!e.matches("folded x ops (of func)"));
    assert!(!e.matches("folded 12 ops of func"));
    // `.` outside `{{ }}` is a literal dot.
    assert!(c.verifier.expectations()[2].matches("a.b"));
    assert!(!c.verifier.expectations()[2].matches("axb"));
    c.expect(err(c.at("op.a"), "folded 3 ops (of abc)"));
    c.expect(Diagnostic::new(Severity::Warning, c.at("op.b"), "^exact$"));
    c.expect(err(c.at("op.c"), "axb"));
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [
            (FindingKind::Unexpected, "unexpected error: axb".to_owned()),
            (
                FindingKind::Unmet,
                "expected error \"a.b\" was not produced".to_owned()
            )
        ]
    );
}

#[test]
fn notes_and_help_at_their_own_locations() {
    let c = case(
        "op.def // expected-note {{defined here}}\n\
         op.use // expected-error {{bad use}}\n\
         // expected-help@-1 {{try this}}\n",
    );
    c.expect(
        err(c.at("op.use"), "bad use")
            .with_note_at(c.at("op.def"), "defined here")
            .with_help("try this"),
    );
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
    assert_eq!(r.matched(), 3);
}

/// Upstream semantics (4): one directive matches every identical
/// diagnostic on its line; a second identical directive is then unmet, as
/// upstream reports it.
#[test]
fn one_directive_matches_repeated_identical_diagnostics() {
    let c = case("op.x // expected-error {{dup}}\n");
    for _ in 0..3 {
        c.expect(err(c.at("op.x"), "dup"));
    }
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
    assert_eq!(r.matched(), 3);

    let c = case("op.x // expected-error {{dup}}\n// expected-error@-1 {{dup}}\n");
    for _ in 0..3 {
        c.expect(err(c.at("op.x"), "dup"));
    }
    let r = c.finish();
    assert_eq!(r.matched(), 3);
    assert_eq!(
        kinds(&r),
        [(
            FindingKind::Unmet,
            "expected error \"dup\" was not produced".to_owned()
        )]
    );
}

/// Upstream semantics (1): a space between the kind and the designator.
#[test]
fn a_space_before_the_designator_is_allowed() {
    let c = case(
        "// expected-error @+1 {{spaced}}\nop.x\n// expected-error-re   @-1   {{sp{{a+}}ced}}\n",
    );
    c.expect(err(c.at("op.x"), "spaced"));
    c.expect(err(c.at("op.x"), "spaaced"));
    let r = c.finish();
    assert!(r.is_ok(), "{:?}", kinds(&r));
    assert_eq!(r.matched(), 2);
}

#[test]
fn file_line_col_locations_match_by_file_name() {
    let c = case("line one\nline two // expected-warning {{by name}}\n");
    c.expect(Diagnostic::new(
        Severity::Warning,
        Location::file_line_col("test.mlir", 2, 1),
        "by name",
    ));
    c.expect(Diagnostic::new(
        Severity::Warning,
        Location::file_line_col("other.mlir", 2, 1),
        "by name",
    ));
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [(
            FindingKind::Unexpected,
            "unexpected warning: by name".to_owned()
        )]
    );
    assert_eq!(
        r.findings()[0].diagnostic.location(),
        &Location::file_line_col("other.mlir", 2, 1)
    );
}

#[test]
fn unexpected_diagnostics_are_reported_at_their_location() {
    let c = case("op.a\nop.b\n");
    c.expect(err(c.at("op.b"), "surprise"));
    c.expect(Diagnostic::new(Severity::Remark, c.at("op.a"), "r").with_note("and its note"));
    let b = c.at("op.b");
    let r = c.finish();
    assert!(!r.is_ok(), "a report with findings is not ok");
    assert_eq!(
        kinds(&r),
        [
            (
                FindingKind::Unexpected,
                "unexpected note: and its note".to_owned()
            ),
            (FindingKind::Unexpected, "unexpected remark: r".to_owned()),
            (
                FindingKind::Unexpected,
                "unexpected error: surprise".to_owned()
            ),
        ]
    );
    assert_eq!(r.findings()[2].diagnostic.location(), &Location::Span(b));
    assert_eq!(r.findings()[2].diagnostic.severity(), Severity::Error);
}

#[test]
fn unmet_expectations_point_at_the_directive() {
    let c = case("op.a // expected-error {{never}}\n");
    let directive = c.at("expected-error {{never}}");
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [(
            FindingKind::Unmet,
            "expected error \"never\" was not produced".to_owned()
        )]
    );
    assert_eq!(
        r.findings()[0].diagnostic.location(),
        &Location::Span(directive)
    );
}

#[test]
fn a_diagnostic_at_the_right_place_with_the_wrong_level_is_a_near_miss() {
    let c = case("op.a // expected-warning {{shaky}}\n");
    let expectation = c.at("expected-warning {{shaky}}");
    let a = c.at("op.a");
    c.expect(err(a, "shaky ground"));
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [(
            FindingKind::WrongLevel,
            "expected warning but got error: shaky ground".to_owned()
        )]
    );
    let d = &r.findings()[0].diagnostic;
    assert_eq!(d.location(), &Location::Span(a));
    assert_eq!(d.children()[0].location, Some(Location::Span(expectation)));
    assert_eq!(d.children()[0].message, "the expected-warning is here");
}

#[test]
fn a_diagnostic_with_the_right_text_on_another_line_is_a_near_miss() {
    let c = case("op.a\n// expected-error@-1 {{off by one}}\nop.b\n");
    let b = c.at("op.b");
    assert_eq!(c.line_of(b), 3);
    c.expect(err(b, "off by one"));
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [(
            FindingKind::WrongLine,
            "error on line 3, but expected on line 1: off by one".to_owned()
        )]
    );
}

#[test]
fn an_exact_match_wins_over_an_earlier_near_miss() {
    // The first diagnostic would be a near miss of the expectation on line
    // 2; the second meets it exactly and must get it.
    let c = case("op.a\nop.b // expected-error {{same}}\n");
    c.expect(err(c.at("op.a"), "same"));
    c.expect(err(c.at("op.b"), "same"));
    let r = c.finish();
    assert_eq!(r.matched(), 1);
    assert_eq!(
        kinds(&r),
        [(FindingKind::Unexpected, "unexpected error: same".to_owned())]
    );
}

/// Upstream semantics (3): a line that does not match upstream's directive
/// grammar (a bare kind, no `}}` at the end, an unknown suffix or
/// designator) is not a directive and is ignored; only a bad regular
/// expression in a well-formed directive is reported.
#[test]
fn lines_outside_upstreams_grammar_are_ignored_bad_regexes_reported() {
    let text = "\
// expected-error@foo {{bad designator}}
// expected-error@+x {{bad number}}
// expected-error no braces
// expected-error {{unterminated
// expected-error-rx {{bad suffix}}
// expected-error-re {{x {{(}}}}
// expected-error-re {{a {{[0-9]+ b}}
// expected-error
// expected-error {{text}} and a tail
// expected-error@++1 {{double sign}}
";
    let c = case(text);
    assert!(
        c.verifier.expectations().is_empty(),
        "{:?}",
        c.verifier.expectations()
    );
    let r = c.finish();
    let found = kinds(&r);
    assert!(
        found.iter().all(|(k, _)| *k == FindingKind::Malformed),
        "{found:?}"
    );
    let messages: Vec<_> = found.into_iter().map(|(_, m)| m).collect();
    assert_eq!(messages.len(), 2, "{messages:#?}");
    assert!(
        messages[0].contains("invalid regular expression `x (?:()`"),
        "{messages:?}"
    );
    assert!(
        messages[1].contains("unterminated `{{` in the regular expression"),
        "{messages:?}"
    );
    let lines: Vec<_> = r
        .findings()
        .iter()
        .map(|f| match f.diagnostic.location() {
            Location::Span(s) => text[..s.start as usize].matches('\n').count() + 1,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(lines, [6, 7]);
}

/// Upstream semantics (2): an offset may point before the chunk's first
/// line (or past its last); the directive is kept and, matching nothing, is
/// reported unmet.
#[test]
fn offsets_outside_the_file_are_allowed() {
    let text =
        "op.x\n// expected-error@-9 {{before the start}}\n// expected-error@+9 {{past the end}}\n";
    let c = case(text);
    let targets: Vec<_> = c
        .verifier
        .expectations()
        .iter()
        .map(|e| e.target())
        .collect();
    assert_eq!(targets, [Target::Line(0), Target::Line(12)]);
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [
            (
                FindingKind::Unmet,
                "expected error \"before the start\" was not produced".to_owned()
            ),
            (
                FindingKind::Unmet,
                "expected error \"past the end\" was not produced".to_owned()
            ),
        ]
    );
}

/// Offsets whose sum with the line number overflows `i64`, or that do not
/// fit an `i64` at all, saturate to a line outside the file: no panic (not
/// even the debug build's overflow check), and each expectation is unmet at
/// its directive, as `mlir-opt-19 --verify-diagnostics` reports them
/// (`expected error "..." was not produced`; upstream does not wrap the line
/// number either).
#[test]
fn huge_offsets_saturate_to_unmet_expectations() {
    let text = "// expected-error@+9223372036854775807 {{plus max}}\n\
                // expected-error@+99999999999999999999 {{plus too long}}\n\
                // expected-error@-9223372036854775807 {{minus max}}\n\
                // expected-error@-99999999999999999999 {{minus too long}}\n\
                // expected-error@+4294967295 {{past the last line}}\n\
                // expected-error@+4294967296 {{one past u32}}\n\
                // expected-error@-7 {{before the first line}}\n\
                op.x\n";
    let c = case(text);
    let targets: Vec<_> = c
        .verifier
        .expectations()
        .iter()
        .map(|e| e.target())
        .collect();
    let max = Target::Line(u32::MAX);
    assert_eq!(
        targets,
        [
            max,
            max,
            Target::Line(0),
            Target::Line(0),
            max,
            max,
            Target::Line(0)
        ]
    );
    let directive = c.at("expected-error@+9223372036854775807");
    let r = c.finish();
    let unmet = |t: &str| {
        (
            FindingKind::Unmet,
            format!("expected error \"{t}\" was not produced"),
        )
    };
    assert_eq!(
        kinds(&r),
        [
            unmet("plus max"),
            unmet("plus too long"),
            unmet("minus max"),
            unmet("minus too long"),
            unmet("past the last line"),
            unmet("one past u32"),
            unmet("before the first line"),
        ]
    );
    assert!(
        r.findings()
            .iter()
            .all(|f| f.kind != FindingKind::Malformed)
    );
    assert_eq!(
        r.findings()[0]
            .diagnostic
            .location()
            .span()
            .map(|s| s.start),
        Some(directive.start)
    );
}

#[test]
fn above_and_below_need_a_plain_line() {
    let c = case(
        "// expected-error@above {{nothing above}}\n// expected-error@below {{nothing below}}",
    );
    let r = c.finish();
    assert_eq!(
        kinds(&r),
        [
            (
                FindingKind::Malformed,
                "malformed expectation: `@above`: no line above holds no directive".to_owned()
            ),
            (
                FindingKind::Malformed,
                "malformed expectation: `@below`: no line below holds no directive".to_owned()
            ),
        ]
    );
}

#[test]
fn words_that_only_look_like_directives_are_ignored() {
    let c = case(
        "// the expected-value of x\n\
         // expected-errors {{plural}}\n\
         // unexpected-error {{prefixed}} expected-note {{the real one}}\n",
    );
    let e = c.verifier.expectations();
    assert_eq!(e.len(), 1, "{e:?}");
    // `unexpected-error` contains `expected-error`: MLIR's scanner takes it
    // too, and so does this one (the first directive on the line wins).
    assert_eq!(e[0].level(), Level::Error);
    assert_eq!(e[0].text(), "prefixed}} expected-note {{the real one");
}

#[test]
fn an_empty_text_matches_any_message() {
    let c = case("op // expected-remark {{}}\n");
    c.expect(Diagnostic::new(Severity::Remark, c.at("op"), "anything"));
    assert!(c.finish().is_ok());
}

#[test]
fn end_to_end_through_an_engine() {
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder()
        .emitter(HumanEmitter::new())
        .sink(out.clone())
        .build();
    let id = engine.sources().add_file(
        "t.mlir",
        "%0 = foo.a // expected-error {{unknown op}}\n%1 = foo.b // expected-warning {{never}}\n",
    );
    let file = engine.sources().file(id).unwrap();
    let mut v = Verifier::new();
    v.add_file(&file);
    {
        let _scope = v.install(&engine);
        engine
            .error(file.find("foo.a").unwrap(), "unknown op `foo.a`")
            .emit();
        engine.remark(file.find("%1").unwrap(), "unplanned").emit();
    }
    assert!(out.is_empty(), "the verifier consumed everything");
    let report = v.finish(engine.sources());
    assert_eq!(report.matched(), 1);
    assert!(report.emit(&engine).is_err());
    assert_eq!(
        out.contents(),
        r#"error: unexpected remark: unplanned
 --> t.mlir:2:1
  |
2 | %1 = foo.b // expected-warning {{never}}
  | ^^

error: expected warning "never" was not produced
 --> t.mlir:2:15
  |
2 | %1 = foo.b // expected-warning {{never}}
  |               ^^^^^^^^^^^^^^^^^^^^^^^^^^

"#
    );
}

#[test]
fn the_handler_works_with_the_local_engine_and_reports_are_deterministic() {
    let text = "a // expected-error {{x}}\nb\nc // expected-warning {{y}}\n";
    let run = |reverse: bool| {
        let engine = strata_diag::EngineBuilder::<strata_diag::Local>::new()
            .sink(SharedBuffer::new())
            .build();
        let id = engine.sources().add_file("t", text);
        let file = engine.sources().file(id).unwrap();
        let mut v = Verifier::default();
        v.add_file(&file);
        let _scope = engine.push_handler(v.handler());
        let mut diags = vec![
            err(file.find("b").unwrap(), "one"),
            err(file.find("c").unwrap(), "two"),
            Diagnostic::new(Severity::Warning, file.find("a").unwrap(), "three"),
        ];
        if reverse {
            diags.reverse();
        }
        for d in diags {
            engine.emit(d);
        }
        drop(_scope);
        kinds(&v.finish(engine.sources()))
    };
    let forward = run(false);
    assert_eq!(forward, run(true));
    assert_eq!(forward.len(), 5, "{forward:?}");
    assert!(format!("{:?}", Verifier::new()).contains("Verifier"));
}

#[test]
fn directive_spans_cover_the_directive() {
    let c = case("x // expected-error@+0 {{t}}  \n");
    let e = &c.verifier.expectations()[0];
    assert_eq!(
        c.sm.file(c.file).unwrap().slice(e.span()),
        Some("expected-error@+0 {{t}}")
    );
    assert_eq!(e.file(), c.file);
    assert_eq!(c.nth("x", 0).start, 0);
}

#[test]
fn a_literal_expectation_is_no_regex() {
    let c = case("op // expected-error {{plain text}}\n");
    let e = &c.verifier.expectations()[0];
    assert!(!e.is_regex());
    assert_eq!(e.text(), "plain text");
    assert!(e.matches("some plain text here") && !e.matches("plain"));
}
