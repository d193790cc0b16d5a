//! Property tests: arbitrary input never panics, and lines and columns
//! agree with a naive count.
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(all(feature = "json", feature = "verifier"))]

use proptest::prelude::*;
use strata_diag::{
    Diagnostic, Emitter, HumanEmitter, JsonEmitter, Location, Severity, Shared, SourceManager,
    Verifier,
};

/// Text biased towards the verifier's syntax.
fn directive_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("expected-".to_owned()),
        Just("error".to_owned()),
        Just("warning".to_owned()),
        Just("note".to_owned()),
        Just("-re".to_owned()),
        Just("@".to_owned()),
        Just("@+".to_owned()),
        Just("@-".to_owned()),
        Just("above".to_owned()),
        Just("below".to_owned()),
        Just("unknown".to_owned()),
        Just("{{".to_owned()),
        Just("}}".to_owned()),
        Just("\n".to_owned()),
        Just(" ".to_owned()),
        Just("// ".to_owned()),
        "[0-9]{1,3}",
        "[a-zé(\\[*+?.]{1,4}",
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// The verifier reports malformed input; it never panics on it, and
    /// every finding points into the file.
    #[test]
    fn the_verifier_never_panics(text in directive_soup(), at in 0u32..200) {
        let sm = SourceManager::<Shared>::new();
        let id = sm.add_file("p.mlir", text.clone());
        let file = sm.file(id).unwrap();
        let mut v = Verifier::new();
        v.add_file(&file);
        let at = at.min(file.len());
        v.record(&Diagnostic::new(Severity::Error, file.span(at, at), "probe"));
        let report = v.finish(&sm);
        for f in report.findings() {
            if let Location::Span(s) = f.diagnostic.location() {
                prop_assert!(s.end <= file.len());
            }
        }
    }

    /// Message templates never panic, and a template without placeholders
    /// or braces streams its arguments after the text.
    #[test]
    fn templates_never_panic(t in "[a-z{}0-9 ]{0,24}", args in proptest::collection::vec(any::<i32>(), 0..6)) {
        let mut d = Diagnostic::new(Severity::Error, Location::Unknown, t.clone());
        for a in &args {
            d.push_arg(*a);
        }
        let m = d.message();
        if !t.contains(['{', '}']) {
            let streamed: String = args.iter().map(ToString::to_string).collect();
            prop_assert_eq!(m.as_ref(), format!("{t}{streamed}"));
        }
    }

    /// Line and column agree with counting characters up to the offset.
    #[test]
    fn line_col_agrees_with_a_naive_count(text in "[a-cé\n\r]{0,40}", offset in 0usize..48) {
        let sm = SourceManager::<Shared>::new();
        let file = sm.file(sm.add_file("f", text.clone())).unwrap();
        let mut o = offset.min(text.len());
        while !text.is_char_boundary(o) {
            o -= 1;
        }
        let before = &text[..o];
        let line = before.matches('\n').count() as u32 + 1;
        let column = before.rsplit('\n').next().unwrap().chars().count() as u32 + 1;
        let lc = file.line_col(offset as u32);
        prop_assert_eq!((lc.line, lc.column), (line, column));
    }

    /// Both renderers accept any span of any file.
    #[test]
    fn renderers_never_panic(text in "[a-zé \n\t]{0,30}", a in 0u32..40, b in 0u32..40) {
        let sm = SourceManager::<Shared>::new();
        let file = sm.file(sm.add_file("r", text)).unwrap();
        let (lo, hi) = (a.min(b), a.max(b));
        let d = Diagnostic::new(Severity::Warning, file.span(lo, hi), "w")
            .with_label(file.span(hi, hi), "l")
            .with_note_at(file.span(lo, lo), "n");
        let mut out = String::new();
        HumanEmitter::new().unicode(true).render(&d, &*file, &mut out);
        JsonEmitter::new().render(&d, &*file, &mut out);
        prop_assert!(out.starts_with("warning: w"));
    }
}
