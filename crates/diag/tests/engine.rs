//! The engine: the in-flight builder, the handler stack, policy and counts.

use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_diag::{
    Config, DiagEngine, Diagnostic, EngineBuilder, ErrorReported, Handled, Level, Local, Location,
    Policy, Severity, Shared, SharedBuffer, Sources, Summary,
};
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::{Arc, Mutex};

/// A one-line emitter, so these tests are about the engine, not the
/// renderer: `level: message [code]` plus one line per child.
#[derive(Debug)]
struct Lines;

impl strata_diag::Emitter for Lines {
    fn render(&self, d: &Diagnostic, _: &dyn Sources, out: &mut String) {
        out.push_str(d.severity().as_str());
        out.push_str(": ");
        out.push_str(&d.message());
        if let Some(code) = d.code() {
            out.push_str(&format!(" [{code}]"));
        }
        out.push('\n');
        for c in d.children() {
            out.push_str(&format!("  {}: {}\n", c.level.as_str(), c.message));
        }
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        out.push_str(&format!("{level}: {text}\n"));
    }
}

fn engine_with<P: Policy>(b: EngineBuilder<P>) -> (DiagEngine<P>, SharedBuffer) {
    let out = SharedBuffer::new();
    (b.emitter(Lines).sink(out.clone()).build(), out)
}

fn engine() -> (DiagEngine, SharedBuffer) {
    engine_with(DiagEngine::builder())
}

#[test]
fn emitting_an_error_returns_the_proof_and_prints() {
    let (e, out) = engine();
    assert_eq!(e.has_errors(), None);
    let proof: ErrorReported = e
        .error(Location::Unknown, "bad {}")
        .arg(1)
        .code("E7")
        .emit();
    assert_eq!(e.has_errors(), Some(proof));
    assert_eq!(out.contents(), "error: bad 1 [E7]\n");
}

#[test]
fn warnings_and_remarks_return_no_proof() {
    let (e, out) = engine();
    assert_eq!(e.warning(Location::Unknown, "w").emit(), None);
    assert_eq!(e.remark(Location::Unknown, "r").emit(), None);
    assert_eq!(
        e.build(Severity::Error, Location::Unknown, "dynamic")
            .emit(),
        e.has_errors()
    );
    assert!(e.has_errors().is_some());
    assert_eq!(out.contents(), "warning: w\nremark: r\nerror: dynamic\n");
}

#[test]
fn a_dropped_builder_reports_itself() {
    let (e, out) = engine();
    {
        let _pending = e.warning(Location::Unknown, "dropped").note("with a note");
        assert!(out.is_empty(), "nothing is printed before the drop");
    }
    assert_eq!(out.contents(), "warning: dropped\n  note: with a note\n");
}

#[test]
fn an_abandoned_builder_reports_nothing_and_returns_its_diagnostic() {
    let (e, out) = engine();
    let d = e.error(Location::Unknown, "never").arg(3).abandon();
    assert_eq!(d.message(), "never3");
    assert!(out.is_empty());
    assert_eq!(e.has_errors(), None);
    assert_eq!(e.summary(), Summary::default());
    // It can still be emitted later.
    assert!(e.emit(d).is_some());
    assert_eq!(out.contents(), "error: never3\n");
}

#[test]
fn a_builder_dropped_while_panicking_is_discarded() {
    let (e, out) = engine();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let _half_built = e.error(Location::Unknown, "half");
        panic!("the pass failed");
    }));
    assert!(r.is_err());
    assert!(out.is_empty());
    assert_eq!(e.summary().errors, 0);
}

#[test]
fn the_builder_exposes_its_diagnostic() {
    let (e, _out) = engine();
    let b = e
        .error(Location::name("f"), "m")
        .help_at(Location::name("g"), "h");
    assert_eq!(b.diagnostic().children().len(), 1);
    assert!(format!("{b:?}").contains("InFlight"));
    let _ = b.abandon();
}

/// Records what a handler saw, by name.
fn recorder(
    name: &'static str,
    log: &Arc<Mutex<Vec<String>>>,
    verdict: Handled,
) -> impl Fn(&DiagEngine, &Diagnostic) -> Handled + Send + Sync + 'static {
    let log = Arc::clone(log);
    move |_, d| {
        log.lock().push(format!("{name}:{}", d.message()));
        verdict
    }
}

#[test]
fn handlers_run_top_down_until_one_consumes() {
    let (e, out) = engine();
    let log = Arc::new(Mutex::new(Vec::new()));
    let _bottom = e.push_handler(recorder("bottom", &log, Handled::Consumed));
    let _top = e.push_handler(recorder("top", &log, Handled::Pass));
    assert_eq!(e.handler_count(), 2);
    e.error(Location::Unknown, "x").emit();
    assert_eq!(*log.lock(), ["top:x", "bottom:x"]);
    assert!(out.is_empty(), "the bottom handler consumed it");
}

#[test]
fn unconsumed_diagnostics_reach_the_default_emitter() {
    let (e, out) = engine();
    let log = Arc::new(Mutex::new(Vec::new()));
    let _h = e.push_handler(recorder("only", &log, Handled::Pass));
    e.warning(Location::Unknown, "passed on").emit();
    assert_eq!(*log.lock(), ["only:passed on"]);
    assert_eq!(out.contents(), "warning: passed on\n");
}

#[test]
fn scopes_remove_exactly_their_handler_in_any_order() {
    let (e, out) = engine();
    let log = Arc::new(Mutex::new(Vec::new()));
    let a = e.push_handler(recorder("a", &log, Handled::Pass));
    let b = e.push_handler(recorder("b", &log, Handled::Pass));
    let c = e.push_handler(recorder("c", &log, Handled::Pass));
    drop(b); // Not the top one.
    e.remark(Location::Unknown, "1").emit();
    assert_eq!(*log.lock(), ["c:1", "a:1"]);
    drop(c);
    drop(a);
    assert_eq!(e.handler_count(), 0);
    e.remark(Location::Unknown, "2").emit();
    assert_eq!(log.lock().len(), 2);
    assert_eq!(out.contents(), "remark: 1\nremark: 2\n");
}

#[test]
fn a_handler_may_emit_again_without_deadlock() {
    let (e, out) = engine();
    // Turns every remark into a warning, re-emitted through the engine.
    let _h = e.push_handler(|engine: &DiagEngine, d: &Diagnostic| {
        if d.severity() == Severity::Remark {
            engine
                .warning(d.location().clone(), "promoted: {}")
                .arg(d.message().into_owned())
                .emit();
            Handled::Consumed
        } else {
            Handled::Pass
        }
    });
    e.remark(Location::Unknown, "r").emit();
    assert_eq!(out.contents(), "warning: promoted: r\n");
    assert_eq!(e.summary().warnings, 1);
    assert_eq!(e.summary().remarks, 1);
}

#[test]
fn a_handler_may_register_a_handler() {
    let (e, out) = engine();
    let log = Arc::new(Mutex::new(Vec::new()));
    let inner_log = Arc::clone(&log);
    let _h = e.push_handler(move |engine: &DiagEngine, d: &Diagnostic| {
        // Registers (and immediately removes) another handler from inside
        // a handler: publishes two new versions while this emission still
        // runs on its snapshot.
        let scope = engine.push_handler(recorder("nested", &inner_log, Handled::Pass));
        assert_eq!(engine.handler_count(), 2);
        drop(scope);
        inner_log.lock().push(format!("outer:{}", d.message()));
        Handled::Pass
    });
    e.error(Location::Unknown, "x").emit();
    assert_eq!(*log.lock(), ["outer:x"]);
    assert_eq!(out.contents(), "error: x\n");
    assert_eq!(e.handler_count(), 1);
}

#[test]
fn a_panicking_handler_propagates_and_leaves_the_engine_usable() {
    let (e, out) = engine();
    let log = Arc::new(Mutex::new(Vec::new()));
    let _bottom = e.push_handler(recorder("bottom", &log, Handled::Pass));
    let top = e.push_handler(|_: &DiagEngine, d: &Diagnostic| {
        assert!(d.message() != "boom", "handler panicked on purpose");
        Handled::Pass
    });
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.error(Location::Unknown, "boom").emit();
    }));
    let payload = r.unwrap_err();
    assert_eq!(
        payload.downcast_ref::<&str>(),
        Some(&"handler panicked on purpose")
    );
    // The engine is consistent: the error was counted once, the bottom
    // handler never saw it, nothing was printed, nothing is locked.
    assert_eq!(e.summary().errors, 1);
    assert!(log.lock().is_empty());
    assert!(out.is_empty());
    e.error(Location::Unknown, "after").emit();
    assert_eq!(*log.lock(), ["bottom:after"]);
    assert_eq!(out.contents(), "error: after\n");
    drop(top);
    assert_eq!(e.handler_count(), 1);
}

#[test]
fn duplicates_are_dropped_when_deduplication_is_on() {
    let (e, out) = engine();
    for _ in 0..3 {
        e.error(Location::name("f"), "same {}").arg(1).emit();
    }
    e.error(Location::name("f"), "same {}").arg(2).emit();
    assert_eq!(out.contents(), "error: same 1\nerror: same 2\n");
    let s = e.summary();
    assert_eq!((s.errors, s.deduplicated), (2, 2));
    // Every emission still proves an error was reported.
    assert!(e.has_errors().is_some());
    // A duplicate is what renders alike, whether built from a template and
    // arguments or from plain text.
    e.error(Location::name("f"), "same 1").emit();
    e.error(Location::name("f"), "{} {}")
        .arg("same")
        .arg(2)
        .emit();
    assert_eq!(out.contents(), "error: same 1\nerror: same 2\n");
    assert_eq!(e.summary().deduplicated, 4);
    // A borrowed string goes in through `DiagArg::display`.
    let borrowed = String::from("same");
    e.error(Location::name("f"), "{} 3")
        .arg(strata_diag::DiagArg::display(borrowed.as_str()))
        .emit();
    assert_eq!(
        out.contents(),
        "error: same 1\nerror: same 2\nerror: same 3\n"
    );
}

/// A handler that panics stops its diagnostic, which was never delivered:
/// the engine must not keep it as "already shown", or emitting it again
/// would be dropped as a duplicate and it would never be seen. Both
/// policies (the `seen` set is behind a different lock in each).
fn a_diagnostic_whose_handler_panicked_is_shown_when_emitted_again<P: Policy>() {
    let (e, out) = engine_with(EngineBuilder::<P>::new());
    let armed = Arc::new(AtomicUsize::new(1));
    let trigger = Arc::clone(&armed);
    let _panicky = e.push_handler(move |_: &DiagEngine<P>, d: &Diagnostic| {
        // Test bookkeeping on one thread: Relaxed, pairs with nothing.
        if d.message() == "boom" && trigger.swap(0, Relaxed) == 1 {
            panic!("handler panicked once, on purpose");
        }
        Handled::Pass
    });
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.error(Location::name("f"), "boom").emit();
    }));
    assert!(r.is_err(), "the handler's panic propagates");
    assert!(out.is_empty(), "the panic stopped the diagnostic");
    let s = e.summary();
    assert_eq!((s.errors, s.deduplicated), (1, 0), "counted, not recorded");
    // Emitted again, it is delivered: not a duplicate of the lost one.
    e.error(Location::name("f"), "boom").emit();
    assert_eq!(out.contents(), "error: boom\n");
    let s = e.summary();
    assert_eq!((s.errors, s.deduplicated), (2, 0));
    // Delivered now, so a third emission is a duplicate as usual.
    e.error(Location::name("f"), "boom").emit();
    assert_eq!(out.contents(), "error: boom\n");
    assert_eq!(e.summary().deduplicated, 1);
}

#[test]
fn a_diagnostic_whose_handler_panicked_is_shown_when_emitted_again_shared() {
    a_diagnostic_whose_handler_panicked_is_shown_when_emitted_again::<Shared>();
}

#[test]
fn a_diagnostic_whose_handler_panicked_is_shown_when_emitted_again_local() {
    a_diagnostic_whose_handler_panicked_is_shown_when_emitted_again::<Local>();
}

/// The same inside an ordered region: the handler panics on one buffered
/// diagnostic when the region ends; the diagnostic emitted again after the
/// region is shown.
#[test]
fn a_buffered_diagnostic_whose_handler_panicked_is_shown_when_emitted_again() {
    let (e, out) = engine();
    let armed = Arc::new(AtomicUsize::new(1));
    let trigger = Arc::clone(&armed);
    let _panicky = e.push_handler(move |_: &DiagEngine, d: &Diagnostic| {
        // Test bookkeeping: Relaxed, pairs with nothing.
        if d.message() == "boom" && trigger.swap(0, Relaxed) == 1 {
            panic!("handler panicked once, on purpose");
        }
        Handled::Pass
    });
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.ordered_region(|region| {
            region.task(1, || e.warning(Location::Unknown, "after").emit());
            region.task(0, || e.warning(Location::Unknown, "boom").emit());
        });
    }));
    assert!(r.is_err(), "the handler's panic propagates");
    assert_eq!(out.contents(), "warning: after\n");
    e.warning(Location::Unknown, "boom").emit();
    assert_eq!(out.contents(), "warning: after\nwarning: boom\n");
    assert_eq!(e.summary().deduplicated, 0);
}

/// Deduplication compares fingerprints, and a span's fingerprint is its file
/// id and offsets: two files added separately with the same name and text
/// give diagnostics that print alike but are not duplicates (what
/// `Config::deduplicate` documents).
#[test]
fn spans_into_two_files_with_one_name_and_text_are_not_duplicates() {
    let (e, out) = engine();
    let a = e.sources().add_file("same.mlir", "op.x\n");
    let b = e.sources().add_file("same.mlir", "op.x\n");
    assert_ne!(a, b);
    for file in [a, a, b] {
        let span = e.sources().file(file).unwrap().span(0, 4);
        e.error(span, "bad op").emit();
    }
    assert_eq!(out.contents(), "error: bad op\n".repeat(2));
    assert_eq!(e.summary().deduplicated, 1);
}

#[test]
fn duplicates_are_kept_when_deduplication_is_off() {
    let (e, out) = engine_with(DiagEngine::builder().deduplicate(false));
    for _ in 0..3 {
        e.warning(Location::Unknown, "same").emit();
    }
    assert_eq!(out.contents(), "warning: same\n".repeat(3));
    assert_eq!(e.summary().warnings, 3);
    assert_eq!(e.summary().deduplicated, 0);
}

#[test]
fn the_error_limit_hides_later_errors_but_counts_them() {
    let (e, out) = engine_with(DiagEngine::builder().error_limit(Some(2)));
    for i in 0..5 {
        e.error(Location::Unknown, "e{}").arg(i).emit();
        e.warning(Location::Unknown, "w{}").arg(i).emit();
    }
    assert_eq!(
        out.contents(),
        "error: e0\nwarning: w0\nerror: e1\nwarning: w1\n\
         note: error limit of 2 reached; further errors are not shown\n\
         warning: w2\nwarning: w3\nwarning: w4\n"
    );
    let s = e.summary();
    assert_eq!((s.errors, s.errors_not_shown, s.warnings), (5, 3, 5));
}

#[test]
fn errors_beyond_the_limit_do_not_reach_handlers() {
    let (e, _out) = engine_with(DiagEngine::builder().error_limit(Some(0)));
    let log = Arc::new(Mutex::new(Vec::new()));
    let _h = e.push_handler(recorder("h", &log, Handled::Consumed));
    let proof = e.error(Location::Unknown, "hidden").emit();
    assert_eq!(e.has_errors(), Some(proof));
    e.warning(Location::Unknown, "shown").emit();
    assert_eq!(*log.lock(), ["h:shown"]);
}

#[test]
fn warnings_as_errors_promote_and_prove() {
    let (e, out) = engine_with(
        DiagEngine::builder()
            .warnings_as_errors(true)
            .suppress_warnings(true),
    );
    let proof = e.warning(Location::Unknown, "w").emit();
    assert!(proof.is_some(), "a promoted warning is an error");
    assert_eq!(e.remark(Location::Unknown, "r").emit(), None);
    assert_eq!(
        out.contents(),
        "error: w\n  note: this warning is an error because warnings are treated as errors\nremark: r\n"
    );
    let s = e.summary();
    assert_eq!((s.errors, s.warnings, s.remarks), (1, 0, 1));
}

#[test]
fn suppressed_warnings_are_counted_and_dropped() {
    let (e, out) = engine_with(DiagEngine::builder().suppress_warnings(true));
    e.warning(Location::Unknown, "quiet").emit();
    e.error(Location::Unknown, "loud").emit();
    assert_eq!(out.contents(), "error: loud\n");
    assert_eq!(e.summary().warnings_suppressed, 1);
    assert_eq!(e.summary().warnings, 0);
}

#[test]
fn config_can_be_replaced_and_changed() {
    let (mut e, out) = engine_with(DiagEngine::builder().config(Config {
        deduplicate: false,
        ..Config::default()
    }));
    assert!(!e.config().deduplicate);
    e.config_mut().suppress_warnings = true;
    e.warning(Location::Unknown, "w").emit();
    assert!(out.is_empty());
}

#[test]
fn summary_lines_follow_rustc() {
    let line = |errors, warnings| {
        let mut s = Summary::default();
        s.errors = errors;
        s.warnings = warnings;
        s.line()
    };
    assert_eq!(line(0, 0), None);
    assert_eq!(
        line(1, 0),
        Some((Level::Error, "aborting due to 1 previous error".into()))
    );
    assert_eq!(
        line(3, 2),
        Some((
            Level::Error,
            "aborting due to 3 previous errors; 2 warnings emitted".into()
        ))
    );
    assert_eq!(
        line(2, 1),
        Some((
            Level::Error,
            "aborting due to 2 previous errors; 1 warning emitted".into()
        ))
    );
    assert_eq!(
        line(0, 1),
        Some((Level::Warning, "1 warning emitted".into()))
    );
    assert_eq!(
        line(0, 4),
        Some((Level::Warning, "4 warnings emitted".into()))
    );
}

#[test]
fn emit_summary_prints_through_the_emitter() {
    let (e, out) = engine();
    assert_eq!(e.emit_summary(), None);
    assert!(out.is_empty(), "nothing to say, nothing printed");
    e.warning(Location::Unknown, "w").emit();
    assert_eq!(e.emit_summary(), None);
    e.error(Location::Unknown, "a").emit();
    e.error(Location::Unknown, "b").emit();
    assert!(e.emit_summary().is_some());
    assert_eq!(
        out.take(),
        "warning: w\nwarning: 1 warning emitted\nerror: a\nerror: b\n\
         error: aborting due to 2 previous errors; 1 warning emitted\n"
    );
}

/// A sink that refuses every write.
struct Broken;

impl std::io::Write for Broken {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("closed"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn write_failures_are_counted_not_fatal() {
    let e = DiagEngine::builder().emitter(Lines).sink(Broken).build();
    e.error(Location::Unknown, "lost").emit();
    e.error(Location::Unknown, "lost too").emit();
    assert_eq!(e.summary().write_failures, 2);
    assert_eq!(e.summary().errors, 2);
}

#[test]
fn print_and_render_bypass_policy() {
    let (e, out) = engine();
    let d = Diagnostic::new(Severity::Warning, Location::Unknown, "direct");
    assert_eq!(e.render(&d), "warning: direct\n");
    e.print(&d);
    e.print(&d);
    assert_eq!(out.contents(), "warning: direct\nwarning: direct\n");
    assert_eq!(e.summary(), Summary::default());
}

#[test]
fn the_local_engine_has_the_same_behaviour() {
    let (e, out) = engine_with(EngineBuilder::<Local>::new().error_limit(Some(1)));
    let log = Arc::new(Mutex::new(Vec::new()));
    let inner = Arc::clone(&log);
    let scope = e.push_handler(move |engine: &DiagEngine<Local>, d: &Diagnostic| {
        inner.lock().push(d.message().into_owned());
        if d.severity() == Severity::Remark {
            engine.warning(Location::Unknown, "again").emit();
            return Handled::Consumed;
        }
        Handled::Pass
    });
    let proof = e.error(Location::Unknown, "e").emit();
    e.error(Location::Unknown, "e2").emit();
    e.remark(Location::Unknown, "r").emit();
    e.ordered_region(|region| {
        region.task(1, || e.warning(Location::Unknown, "t1").emit());
        region.task(0, || e.warning(Location::Unknown, "t0").emit());
    });
    drop(scope);
    assert_eq!(e.has_errors(), Some(proof));
    assert_eq!(*log.lock(), ["e", "r", "again", "t0", "t1"]);
    assert_eq!(
        out.contents(),
        "error: e\nnote: error limit of 1 reached; further errors are not shown\n\
         warning: again\nwarning: t0\nwarning: t1\n"
    );
    assert!(format!("{e:?}").contains("single"));
}

#[test]
fn many_threads_emit_and_register_concurrently() {
    let (e, out) = engine_with(DiagEngine::builder().deduplicate(false));
    let consumed = Arc::new(AtomicUsize::new(0));
    let c = Arc::clone(&consumed);
    // The base handler consumes every remark; registrations above it pass.
    let _base = e.push_handler(move |_: &DiagEngine, d: &Diagnostic| {
        if d.severity() == Severity::Remark {
            // Statistics: Relaxed, read after the threads are joined.
            c.fetch_add(1, Relaxed);
            Handled::Consumed
        } else {
            Handled::Pass
        }
    });
    std::thread::scope(|s| {
        for t in 0..16u32 {
            let e = &e;
            s.spawn(move || {
                for i in 0..100 {
                    if t.is_multiple_of(4) {
                        let _scope = e.push_handler(|_: &DiagEngine, _: &Diagnostic| Handled::Pass);
                        e.remark(Location::Unknown, "r{}-{}").arg(t).arg(i).emit();
                    } else {
                        e.warning(Location::Unknown, "w{}-{}").arg(t).arg(i).emit();
                        e.remark(Location::Unknown, "r{}-{}").arg(t).arg(i).emit();
                    }
                }
            });
        }
    });
    assert_eq!(consumed.load(Relaxed), 1600);
    let text = out.contents();
    assert_eq!(text.lines().count(), 1200);
    assert!(text.lines().all(|l| l.starts_with("warning: w")));
    let s = e.summary();
    assert_eq!((s.warnings, s.remarks), (1200, 1600));
    assert_eq!(e.handler_count(), 1);
}

#[test]
fn the_default_engine_is_shared_and_debuggable() {
    fn assert_sync<T: Sync + Send>() {}
    assert_sync::<DiagEngine<Shared>>();
    let e = DiagEngine::default();
    let text = format!("{e:?}");
    assert!(text.contains("shared"), "{text}");
    assert!(format!("{:?}", DiagEngine::builder()).contains("EngineBuilder"));
}

/// Without the `human` feature, an engine built with no emitter renders with
/// `PlainEmitter` (the build that `cargo xtask ci` makes with
/// `--no-default-features` runs this test).
#[cfg(not(feature = "human"))]
#[test]
fn without_the_human_feature_the_default_emitter_is_plain() {
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder().sink(out.clone()).build();
    let id = engine.sources().add_file("a.mlir", "%0 = foo\n");
    let span = engine.sources().file(id).unwrap().find("foo").unwrap();
    engine
        .error(span, "unknown operation `{}`")
        .arg("foo")
        .note("registered dialects: arith")
        .emit();
    assert_eq!(
        out.contents(),
        "error: unknown operation `foo`\n --> a.mlir:1:6\n  = note: registered dialects: arith\n\n"
    );
}
