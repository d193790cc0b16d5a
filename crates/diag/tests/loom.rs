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
/// emission runs on whichever stack it loads.
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
