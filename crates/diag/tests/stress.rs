//! Stress tests of the printer lock and the handler stack: many threads on
//! a 2-core machine, bounded by operation count.
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(feature = "human")]

use strata_diag::{DiagEngine, Diagnostic, Handled, HumanEmitter, Location, SharedBuffer};
use strata_sync::Arc;
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Checks that `output` is a concatenation of whole renderings: each
/// starts with `error: thread T diagnostic I` and continues with exactly
/// `body`; per thread, `I` counts up from 0. Returns the number found.
fn check_contiguous(output: &str, threads: usize, body: &str) -> usize {
    let mut next = vec![0usize; threads];
    let mut rest = output;
    let mut count = 0;
    while !rest.is_empty() {
        let header_end = rest.find('\n').expect("a header line");
        let header = &rest[..header_end];
        let numbers = header
            .strip_prefix("error: thread ")
            .unwrap_or_else(|| panic!("interleaved diagnostic output at {header:?}"));
        let (t, i) = numbers.split_once(" diagnostic ").expect("a header");
        let (t, i): (usize, usize) = (t.parse().unwrap(), i.parse().unwrap());
        assert_eq!(i, next[t], "thread {t}'s diagnostics arrive in order");
        next[t] += 1;
        rest = rest[header_end + 1..]
            .strip_prefix(body)
            .unwrap_or_else(|| panic!("interleaved diagnostic output after {header:?}"));
        count += 1;
    }
    count
}

/// A sink that yields the processor in every write, so that a writer
/// holding (or about to re-take) the printer lock is likely to be
/// overtaken: it makes a split write show up as interleaving.
struct Yielding(SharedBuffer);

impl std::io::Write for Yielding {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        strata_sync::thread::yield_now();
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn run(threads: usize, per_thread: usize) {
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder()
        .emitter(HumanEmitter::new())
        .sink(Yielding(out.clone()))
        .deduplicate(false)
        .build();
    let id = engine.sources().add_file(
        "s.mlir",
        "func @f(%a: i32) {\n  %0 = arith.addi %a, %a : i32\n  return\n}\n",
    );
    let file = engine.sources().file(id).unwrap();
    let op = file.find("arith.addi").unwrap();
    let def = file.find("%a: i32").unwrap();
    // Every rendering is the header plus this multi-line body.
    let probe = engine.render(
        &Diagnostic::new(strata_diag::Severity::Error, op, "probe")
            .with_primary_label("here")
            .with_label(def, "argument")
            .with_note("a note line"),
    );
    let body = probe.split_once('\n').unwrap().1.to_owned();
    assert!(body.lines().count() >= 6, "{body}");
    std::thread::scope(|s| {
        for t in 0..threads {
            let engine = &engine;
            s.spawn(move || {
                for i in 0..per_thread {
                    engine
                        .error(op, "thread {} diagnostic {}")
                        .arg(t)
                        .arg(i)
                        .primary_label("here")
                        .label(def, "argument")
                        .note("a note line")
                        .emit();
                }
            });
        }
    });
    let text = out.contents();
    assert_eq!(
        check_contiguous(&text, threads, &body),
        threads * per_thread
    );
    assert_eq!(engine.summary().errors, threads * per_thread);
}

#[test]
fn eight_threads_emit_a_thousand_multi_line_diagnostics_each_contiguously() {
    run(8, 1000);
}

#[test]
fn thirty_two_threads_emit_contiguously() {
    run(32, 50);
}

#[test]
fn registration_racing_emission_never_loses_a_diagnostic() {
    // A consuming base handler counts; 16 threads register and remove
    // pass-through handlers while 16 others emit. Every emission sees a
    // complete stack (the base handler is always in it), so every
    // diagnostic is counted and none reaches the sink.
    let out = SharedBuffer::new();
    let engine = DiagEngine::builder()
        .sink(out.clone())
        .deduplicate(false)
        .build();
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&seen);
    let _base = engine.push_handler(move |_: &DiagEngine, _: &Diagnostic| {
        // Statistics: Relaxed, read after the join.
        counter.fetch_add(1, Relaxed);
        Handled::Consumed
    });
    std::thread::scope(|s| {
        for t in 0..32u32 {
            let engine = &engine;
            s.spawn(move || {
                for i in 0..200 {
                    if t.is_multiple_of(2) {
                        let _a =
                            engine.push_handler(|_: &DiagEngine, _: &Diagnostic| Handled::Pass);
                        let _b =
                            engine.push_handler(|_: &DiagEngine, _: &Diagnostic| Handled::Pass);
                    } else {
                        engine
                            .remark(Location::Unknown, "r{} {}")
                            .arg(t)
                            .arg(i)
                            .emit();
                    }
                }
            });
        }
    });
    assert_eq!(seen.load(Relaxed), 16 * 200);
    assert!(out.is_empty(), "{}", out.contents());
    assert_eq!(engine.handler_count(), 1);
}
