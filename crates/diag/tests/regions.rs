//! Ordered parallel regions and the per-thread diagnostic context.
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(feature = "human")]

use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_diag::{
    DiagEngine, Diagnostic, FileId, Handled, HumanEmitter, Location, OrderKey, Region,
    SharedBuffer, current_key,
};
use strata_sync::atomic::{AtomicUsize, Ordering::Relaxed};
use strata_sync::thread::yield_now;

const TASKS: u32 = 64;
const THREADS: usize = 8;

fn engine() -> (DiagEngine, SharedBuffer, FileId) {
    let out = SharedBuffer::new();
    let e = DiagEngine::builder()
        .emitter(HumanEmitter::new())
        .sink(out.clone())
        .build();
    let text: String = (0..TASKS)
        .map(|i| format!("func @f{i}(%arg0: i32) -> i32 {{\n  %0 = arith.addi %arg0, %arg0 : i32\n  return %0 : i32\n}}\n"))
        .collect();
    let file = e.sources().add_file("tasks.mlir", text);
    (e, out, file)
}

/// The work of task `i`: several multi-line diagnostics, a duplicate of a
/// diagnostic other tasks also emit (deduplication must keep the first in
/// key order), and for every fifth task a nested region whose subtasks run
/// on their own threads in reverse order.
fn work(e: &DiagEngine, file: FileId, i: u32) {
    let f = e.sources().file(file).unwrap();
    let line = 4 * i + 2;
    let span = f.line_span(line).unwrap();
    let op = f.span(span.start + 7, span.start + 17);
    e.warning(op, "task {} starts")
        .arg(i)
        .primary_label("here")
        .emit();
    if i.is_multiple_of(3) {
        e.error(op, "operand of task {} is not defined")
            .arg(i)
            .code("E0042")
            .label(f.line_span(line - 1).unwrap(), "in this function")
            .note("shared by every third task")
            .emit();
    }
    e.remark(Location::Unknown, "common remark").emit();
    if i.is_multiple_of(5) {
        e.ordered_region(|inner| {
            std::thread::scope(|s| {
                for j in (0..3).rev() {
                    s.spawn(move || {
                        inner.task(j, || {
                            e.warning(op, "task {} subtask {}").arg(i).arg(j).emit();
                        });
                    });
                }
            });
        });
    }
    e.warning(op, "task {} ends").arg(i).emit();
}

fn serial_output() -> String {
    let (e, out, file) = engine();
    e.ordered_region(|region| {
        for i in 0..TASKS {
            region.task(i, || work(&e, file, i));
        }
    });
    e.emit_summary();
    out.contents()
}

fn parallel_output(run: usize) -> String {
    let (e, out, file) = engine();
    let next = AtomicUsize::new(0);
    e.ordered_region(|region| {
        std::thread::scope(|s| {
            for t in 0..THREADS {
                let (e, next) = (&e, &next);
                s.spawn(move || {
                    loop {
                        // Work stealing from a shared counter: which thread
                        // runs which task, and when, changes from run to run.
                        // Statistics-like ticket: Relaxed, only uniqueness
                        // matters.
                        let n = next.fetch_add(1, Relaxed);
                        if n >= TASKS as usize {
                            break;
                        }
                        // Odd runs hand out tasks from the end.
                        let i = if run % 2 == 1 {
                            TASKS - 1 - n as u32
                        } else {
                            n as u32
                        };
                        if (t + run + n).is_multiple_of(3) {
                            yield_now();
                        }
                        region.task(i, || work(e, file, i));
                    }
                });
            }
        });
    });
    e.emit_summary();
    out.contents()
}

#[test]
fn sixty_four_tasks_on_eight_threads_are_byte_identical_to_a_serial_run() {
    let serial = serial_output();
    // The serial run is what emitting without any region prints, too.
    let (plain, plain_out, file) = engine();
    for i in 0..TASKS {
        work(&plain, file, i);
    }
    plain.emit_summary();
    assert_eq!(serial, plain_out.contents());
    assert!(serial.contains("error[E0042]: operand of task 63 is not defined"));
    assert_eq!(serial.matches("common remark").count(), 1, "deduplicated");
    let errors = (0..TASKS).filter(|i| i.is_multiple_of(3)).count();
    let warnings = 2 * TASKS as usize + 3 * (0..TASKS).filter(|i| i.is_multiple_of(5)).count();
    let summary =
        format!("error: aborting due to {errors} previous errors; {warnings} warnings emitted\n\n");
    assert!(
        serial.ends_with(&summary),
        "{}",
        &serial[serial.len() - 200..]
    );
    for run in 0..20 {
        let parallel = parallel_output(run);
        assert!(parallel == serial, "run {run} differs from the serial run");
    }
}

#[test]
fn nested_regions_keep_program_order() {
    let (e, out, _) = engine();
    let keys = Keys::default();
    e.ordered_region(|region| {
        std::thread::scope(|s| {
            s.spawn(|| {
                region.task(3, || {
                    keys.push(current_key());
                    e.warning(Location::Unknown, "A").emit();
                    e.ordered_region(|inner| {
                        assert_eq!(inner.key(), &OrderKey::from_components(&[3, 1]));
                        std::thread::scope(|s| {
                            s.spawn(|| {
                                inner.task(1, || {
                                    keys.push(current_key());
                                    e.warning(Location::Unknown, "C").emit();
                                });
                            });
                        });
                        inner.task(0, || e.warning(Location::Unknown, "B").emit());
                    });
                    e.warning(Location::Unknown, "D").emit();
                });
            });
            s.spawn(|| region.task(2, || e.warning(Location::Unknown, "before").emit()));
        });
        assert!(out.is_empty(), "nothing is printed before the region ends");
    });
    assert_eq!(
        out.contents(),
        "warning: before\n\nwarning: A\n\nwarning: B\n\nwarning: C\n\nwarning: D\n\n"
    );
    let mut seen = keys.take();
    seen.sort();
    assert_eq!(
        seen,
        [
            Some(OrderKey::from_components(&[3])),
            Some(OrderKey::from_components(&[3, 1, 1]))
        ]
    );
}

/// A small thread-safe list of keys (`std::sync` is off limits outside
/// strata-sync).
#[derive(Default)]
struct Keys(strata_sync::Mutex<Vec<Option<OrderKey>>>);

impl Keys {
    fn push(&self, k: Option<OrderKey>) {
        self.0.lock().push(k);
    }

    fn take(&self) -> Vec<Option<OrderKey>> {
        core::mem::take(&mut *self.0.lock())
    }
}

#[test]
fn the_context_is_set_and_restored_per_task() {
    let (e, _out, _) = engine();
    assert_eq!(current_key(), None);
    e.ordered_region(|region| {
        assert_eq!(region.key(), &OrderKey::root());
        assert_eq!(current_key(), None, "the region body is not a task");
        region.task(7, || {
            assert_eq!(current_key(), Some(OrderKey::from_components(&[7])));
            region.task(8, || {
                assert_eq!(current_key(), Some(OrderKey::from_components(&[8])));
            });
            assert_eq!(current_key(), Some(OrderKey::from_components(&[7])));
        });
        let r = catch_unwind(AssertUnwindSafe(|| {
            region.task(9, || panic!("task failed"));
        }));
        assert!(r.is_err());
        assert_eq!(current_key(), None, "restored after a panicking task");
    });
}

#[test]
fn emissions_outside_tasks_are_dispatched_at_once() {
    let (e, out, _) = engine();
    e.ordered_region(|region| {
        region.task(0, || e.warning(Location::Unknown, "buffered").emit());
        assert_eq!(region.pending(), 1);
        e.warning(Location::Unknown, "immediate").emit();
        assert_eq!(out.contents(), "warning: immediate\n\n");
    });
    assert_eq!(
        out.contents(),
        "warning: immediate\n\nwarning: buffered\n\n"
    );
}

#[test]
fn another_engine_inside_a_task_is_not_buffered() {
    let (e1, out1, _) = engine();
    let (e2, out2, _) = engine();
    e1.ordered_region(|region| {
        region.task(0, || {
            e2.warning(Location::Unknown, "other engine").emit();
            assert_eq!(out2.contents(), "warning: other engine\n\n");
            e1.warning(Location::Unknown, "mine").emit();
        });
        assert!(out1.is_empty());
    });
    assert_eq!(out1.contents(), "warning: mine\n\n");
}

#[test]
fn errors_are_reported_at_emission_and_counted_at_dispatch() {
    let (e, _out, _) = engine();
    e.ordered_region(|region| {
        let proof = region.task(0, || e.error(Location::Unknown, "e").emit());
        assert_eq!(e.has_errors(), Some(proof));
        assert_eq!(e.summary().errors, 0, "not dispatched yet");
    });
    assert_eq!(e.summary().errors, 1);
}

#[test]
fn a_panicking_task_still_flushes_the_buffer() {
    let (e, out, _) = engine();
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.ordered_region(|region| {
            std::thread::scope(|s| {
                s.spawn(|| {
                    region.task(1, || {
                        e.error(Location::Unknown, "before the panic").emit();
                        panic!("the pass crashed");
                    })
                });
                s.spawn(|| region.task(0, || e.warning(Location::Unknown, "first").emit()));
            });
        });
    }));
    assert!(r.is_err(), "the task's panic propagates");
    assert_eq!(
        out.contents(),
        "warning: first\n\nerror: before the panic\n\n"
    );
    // The engine and this thread's context are usable afterwards.
    assert_eq!(current_key(), None);
    e.warning(Location::Unknown, "after").emit();
    assert!(out.contents().ends_with("warning: after\n\n"));
}

#[test]
fn a_handler_panicking_during_the_unwinding_flush_does_not_abort() {
    let (e, out, _) = engine();
    let _h = e.push_handler(|_: &DiagEngine, d: &Diagnostic| {
        assert!(d.message() != "poison", "handler failed");
        Handled::Pass
    });
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.ordered_region(|region: &Region<'_, _>| {
            region.task(0, || e.warning(Location::Unknown, "poison").emit());
            region.task(1, || e.warning(Location::Unknown, "survivor").emit());
            panic!("region body failed");
        });
    }));
    let payload = r.unwrap_err();
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"region body failed"));
    assert_eq!(out.contents(), "warning: survivor\n\n");
}

/// A handler that panics on one buffered diagnostic while the region ends
/// normally: the diagnostics after it are still dispatched and counted,
/// then the handler's panic propagates (the first of two).
#[test]
fn a_handler_panicking_during_the_flush_loses_no_other_diagnostic() {
    let (e, out, _) = engine();
    let _h = e.push_handler(|_: &DiagEngine, d: &Diagnostic| {
        if d.message().starts_with("boom") {
            std::panic::panic_any(d.message().to_string());
        }
        Handled::Pass
    });
    let r = catch_unwind(AssertUnwindSafe(|| {
        e.ordered_region(|region| {
            region.task(3, || e.warning(Location::Unknown, "w3").emit());
            region.task(2, || e.error(Location::Unknown, "boom 2").emit());
            region.task(1, || e.warning(Location::Unknown, "boom 1").emit());
            region.task(0, || e.warning(Location::Unknown, "w0").emit());
            region.task(4, || e.remark(Location::Unknown, "r4").emit());
        });
    }));
    let payload = r.expect_err("the handler's panic propagates");
    assert_eq!(
        payload.downcast_ref::<String>().map(String::as_str),
        Some("boom 1")
    );
    assert_eq!(
        out.contents(),
        "warning: w0\n\nwarning: w3\n\nremark: r4\n\n"
    );
    let summary = e.summary();
    // Counted at dispatch, before the handlers ran: the two whose handler
    // panicked too.
    assert_eq!(
        (summary.errors, summary.warnings, summary.remarks),
        (1, 3, 1)
    );
    assert_eq!(current_key(), None);
}

#[test]
fn order_keys_compare_lexicographically() {
    let k = |c: &[u32]| OrderKey::from_components(c);
    assert!(k(&[]) < k(&[0]));
    assert!(k(&[1]) < k(&[1, 0]));
    assert!(k(&[1, 5]) < k(&[2]));
    assert!(k(&[1, 2, 3, 4, 5]) > k(&[1, 2, 3, 4]));
    assert_eq!(k(&[1]).child(2), k(&[1, 2]));
    assert_eq!(k(&[1, 2]).components(), &[1, 2]);
    assert_eq!(k(&[1, 2]).to_string(), "[1.2]");
    assert_eq!(format!("{:?}", OrderKey::root()), "OrderKey([])");
}
