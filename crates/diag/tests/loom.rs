//! Loom models of the diagnostic engine (invariant 7 in `docs/ARCHITECTURE.md`): the
//! printer lock keeps each rendering whole, and the handler stack is only
//! ever seen whole. Run with
//! `RUSTFLAGS="--cfg strata_loom" cargo test --release -p strata-diag --test loom`.
#![cfg(strata_loom)]

use strata_diag::{
    DiagEngine, Diagnostic, Emitter, Handled, Level, Location, Severity, SharedBuffer, Sources,
};
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::mutant::with_mutant;
use strata_sync::{Arc, Mutant, model, thread};

/// Renders a diagnostic as two lines, `<message>` and its upper-case copy,
/// so a rendering has two halves another rendering could land between.
/// (annotate-snippets is pure computation and would only slow the model.)
struct TwoLines;

impl Emitter for TwoLines {
    fn render(&self, d: &Diagnostic, _: &dyn Sources, out: &mut String) {
        let m = d.message();
        out.push_str(&m);
        out.push('\n');
        out.push_str(&m.to_uppercase());
        out.push('\n');
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        out.push_str(&format!("{level}: {text}\n"));
    }
}

fn engine(out: &SharedBuffer) -> Arc<DiagEngine> {
    Arc::new(
        DiagEngine::builder()
            .emitter(TwoLines)
            .sink(out.clone())
            .deduplicate(false)
            .build(),
    )
}

/// Two threads emit one two-line diagnostic each through the printer lock
/// into one shared writer. Targets the interleaving where the second
/// emitter writes while the first is between its first and second line:
/// the output must be one whole rendering after the other.
fn printer_model() {
    let out = SharedBuffer::new();
    let e = engine(&out);
    let handles: Vec<_> = ["ab", "cd"]
        .into_iter()
        .map(|m| {
            let e = Arc::clone(&e);
            thread::spawn(move || {
                e.warning(Location::Unknown, m).emit();
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let text = out.contents();
    assert!(
        text == "ab\nAB\ncd\nCD\n" || text == "cd\nCD\nab\nAB\n",
        "interleaved diagnostic output: {text:?}"
    );
}

/// Registering a handler on one thread while another emits. The base
/// handler consumes; the new one consumes too. Targets the interleaving
/// where the emission loads the stack in the middle of the registration
/// (and of the removal when the scope ends): it must see the old stack or
/// the new one, so exactly one handler consumes the diagnostic and nothing
/// reaches the default emitter.
fn handler_stack_model() {
    let out = SharedBuffer::new();
    let e = engine(&out);
    let consumed = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&consumed);
    let base = e.push_handler(move |_: &DiagEngine, _: &Diagnostic| {
        // Statistics: Relaxed, read after the join.
        counter.fetch_add(1, Relaxed);
        Handled::Consumed
    });
    let registrar = {
        let e = Arc::clone(&e);
        let counter = Arc::clone(&consumed);
        thread::spawn(move || {
            let _scope = e.push_handler(move |_: &DiagEngine, _: &Diagnostic| {
                // Statistics: Relaxed, read after the join.
                counter.fetch_add(1, Relaxed);
                Handled::Consumed
            });
        })
    };
    let emitter = {
        let e = Arc::clone(&e);
        thread::spawn(move || {
            e.remark(Location::Unknown, "r").emit();
        })
    };
    registrar.join().unwrap();
    emitter.join().unwrap();
    drop(base);
    assert!(
        consumed.load(Relaxed) == 1 && out.is_empty(),
        "torn handler stack: the diagnostic reached no handler (printed {:?})",
        out.contents()
    );
}

/// Checks invariant 7: two threads emit one two-line diagnostic each; the
/// output is one whole rendering after the other.
#[test]
fn printer_lock_keeps_each_rendering_whole() {
    model::check("printer_lock_keeps_each_rendering_whole", printer_model);
}

/// Mutant `DiagSplitWrite` breaks invariant 7 ("one diagnostic's rendering
/// reaches the output whole"): the rendering is written in two pieces, each
/// under its own printer-lock acquisition, and the other emitter's
/// rendering lands between them.
#[test]
#[should_panic(expected = "interleaved diagnostic output")]
fn mutant_diag_split_write() {
    with_mutant(Mutant::DiagSplitWrite, || {
        model::check("mutant_diag_split_write", printer_model)
    });
}

/// Checks invariant 7: an emission racing a registration and a removal
/// sees a whole version of the handler stack.
#[test]
fn registration_racing_emission_sees_a_whole_stack() {
    model::check(
        "registration_racing_emission_sees_a_whole_stack",
        handler_stack_model,
    );
}

/// Mutant `DiagTornHandlerStack` breaks invariant 7's snapshot rule: the
/// stack is replaced in two steps (an empty stack, then the new one), and
/// an emitter loading between them finds no handler at all.
#[test]
#[should_panic(expected = "torn handler stack: the diagnostic reached no handler")]
fn mutant_diag_torn_handler_stack() {
    with_mutant(Mutant::DiagTornHandlerStack, || {
        model::check("mutant_diag_torn_handler_stack", handler_stack_model)
    });
}

/// A handler that emits again (re-entering the engine) while another
/// thread registers a handler. Targets the interleavings where the
/// registration's publication happens while the handler runs, between the
/// outer and the inner emission: no lock is held across the handler, so
/// there is no deadlock (loom reports one as "deadlock"), and the inner
/// emission runs on whichever stack it loads. Checks invariant 7.
#[test]
fn a_handler_emitting_again_races_a_registration() {
    model::check("a_handler_emitting_again_races_a_registration", || {
        let out = SharedBuffer::new();
        let e = engine(&out);
        let base = e.push_handler(|engine: &DiagEngine, d: &Diagnostic| {
            if d.severity() == Severity::Remark {
                engine.warning(Location::Unknown, "again").emit();
                Handled::Consumed
            } else {
                Handled::Pass
            }
        });
        let registrar = {
            let e = Arc::clone(&e);
            thread::spawn(move || {
                let _scope = e.push_handler(|_: &DiagEngine, _: &Diagnostic| Handled::Pass);
            })
        };
        e.remark(Location::Unknown, "r").emit();
        registrar.join().unwrap();
        drop(base);
        assert_eq!(out.contents(), "again\nAGAIN\n");
        assert_eq!(e.summary().remarks, 1);
        assert_eq!(e.summary().warnings, 1);
    });
}

/// The body of `two_threads_register_and_remove_handlers` (and of its
/// mutant test): two threads each register a handler that consumes only its
/// own message, emit that message, and remove the handler, at the same time.
/// Each message must reach its own handler (a lost registration would let
/// it through to the sink) and no handler may be left at the end (a lost
/// removal would leave one registered).
fn two_registrars_model() {
    let out = SharedBuffer::new();
    let e = engine(&out);
    let registrar = |mine: &'static str| {
        let e = Arc::clone(&e);
        move || {
            let scope = e.push_handler(move |_: &DiagEngine, d: &Diagnostic| {
                if d.message() == mine {
                    Handled::Consumed
                } else {
                    Handled::Pass
                }
            });
            e.remark(Location::Unknown, mine).emit();
            drop(scope);
        }
    };
    let a = thread::spawn(registrar("a"));
    registrar("b")();
    a.join().unwrap();
    assert!(
        out.is_empty(),
        "a handler registration was lost: its message reached the sink ({:?})",
        out.contents()
    );
    assert_eq!(
        e.handler_count(),
        0,
        "a handler removal was lost: a removed handler is still registered"
    );
}

/// Checks invariant 7 for writers: two threads register and remove handlers
/// at the same time; every change is published as one new version computed
/// from the latest one (a compare-and-swap that retries), so none is lost.
#[test]
fn two_threads_register_and_remove_handlers() {
    model::check(
        "two_threads_register_and_remove_handlers",
        two_registrars_model,
    );
}

/// Mutant `DiagHandlerLostUpdate` breaks invariant 7 for writers: a change
/// is computed from a load and published with a store, so a registration or
/// removal published in between is overwritten.
#[test]
#[should_panic(expected = "a handler re")]
fn mutant_diag_handler_lost_update() {
    with_mutant(Mutant::DiagHandlerLostUpdate, || {
        model::check("mutant_diag_handler_lost_update", two_registrars_model)
    });
}

/// The body of `error_limit_notice_printed_once` (and of its mutant test):
/// an engine with an error limit of 1 has shown one error; two threads then
/// emit one error each, both past the limit, and a warning (which is shown,
/// so the printer lock is contended by the notice and a warning).
fn limit_model() {
    let out = SharedBuffer::new();
    let e = Arc::new(
        DiagEngine::builder()
            .emitter(TwoLines)
            .sink(out.clone())
            .deduplicate(false)
            .error_limit(Some(1))
            .build(),
    );
    e.error(Location::Unknown, "shown").emit();
    let other = {
        let e = Arc::clone(&e);
        thread::spawn(move || {
            e.error(Location::Unknown, "x").emit();
            e.warning(Location::Unknown, "w").emit();
        })
    };
    e.error(Location::Unknown, "y").emit();
    e.warning(Location::Unknown, "w").emit();
    other.join().unwrap();
    let text = out.contents();
    let notices = text.matches("error limit of 1 reached").count();
    assert_eq!(
        notices, 1,
        "the error-limit notice was printed {notices} times: {text:?}"
    );
    assert_eq!(e.summary().errors_not_shown, 2);
    assert_eq!(text.matches("w\nW\n").count(), 2, "a warning was lost");
}

/// Checks invariant 13 (a one-shot action happens exactly once): two errors
/// past the limit at the same moment print the limit's notice once.
#[test]
fn error_limit_notice_printed_once() {
    model::check("error_limit_notice_printed_once", limit_model);
}

/// Mutant `DiagLimitNoticeSplit` breaks invariant 13: the notice flag is
/// tested with a load and set with a store, so both errors can find it clear
/// and both print the notice.
#[test]
#[should_panic(expected = "the error-limit notice was printed 2 times")]
fn mutant_diag_limit_notice_split() {
    with_mutant(Mutant::DiagLimitNoticeSplit, || {
        model::check("mutant_diag_limit_notice_split", limit_model)
    });
}
