//! Ordered regions of two engines inside each other's tasks: the task
//! context is per engine, so a task of engine B running inside a task of
//! engine A neither hides nor replaces A's task, and what is emitted to A
//! from inside B's task keeps A's serial order (and the other way round).
//!
//! Every test here is deterministic: a diagnostic that escapes its engine's
//! order is dispatched at once, so it reaches the sink before the region's
//! buffer is flushed, whatever the schedule; the expected text is the serial
//! run's, compared byte for byte.

use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_diag::{
    DiagEngine, EngineBuilder, Local, Location, OrderKey, PlainEmitter, Policy, SharedBuffer,
    current_key,
};

fn engine_with<P: Policy>() -> (DiagEngine<P>, SharedBuffer) {
    let out = SharedBuffer::new();
    let engine = EngineBuilder::<P>::new()
        .emitter(PlainEmitter::new())
        .sink(out.clone())
        .deduplicate(false)
        .build();
    (engine, out)
}

fn engine() -> (DiagEngine, SharedBuffer) {
    engine_with()
}

/// What the plain emitter prints for these warnings, in this order.
fn warnings(messages: impl IntoIterator<Item = String>) -> String {
    messages
        .into_iter()
        .map(|m| format!("warning: {m}\n\n"))
        .collect()
}

/// The reviewer's case, on one thread: tasks of A's region (run in reverse
/// index order) each run a region of B whose tasks (also in reverse) emit to
/// A. A's output is its serial order: for each task, `before`, what B's
/// tasks emitted in B's index order, `after`. B's regions are top-level for
/// B (no task of B encloses them), so each prints when it ends.
#[test]
fn a_task_of_another_engine_keeps_the_enclosing_tasks_order() {
    let (a, out_a) = engine();
    let (b, out_b) = engine();
    a.ordered_region(|ra| {
        for i in (0..3u32).rev() {
            ra.task(i, || {
                a.warning(Location::Unknown, "{} before").arg(i).emit();
                b.ordered_region(|rb| {
                    for j in (0..2u32).rev() {
                        rb.task(j, || {
                            a.warning(Location::Unknown, "{} inside b {}")
                                .arg(i)
                                .arg(j)
                                .emit();
                            b.warning(Location::Unknown, "b {} {}").arg(i).arg(j).emit();
                        });
                    }
                });
                a.warning(Location::Unknown, "{} after").arg(i).emit();
            });
        }
        assert!(out_a.is_empty(), "everything A got is still buffered");
    });
    let serial = (0..3).flat_map(|i| {
        [
            format!("{i} before"),
            format!("{i} inside b 0"),
            format!("{i} inside b 1"),
            format!("{i} after"),
        ]
    });
    assert_eq!(out_a.contents(), warnings(serial));
    let b_order = [2, 1, 0]
        .into_iter()
        .flat_map(|i| [format!("b {i} 0"), format!("b {i} 1")]);
    assert_eq!(out_b.contents(), warnings(b_order));
    assert_eq!(current_key(), None);
}

/// The same with threads everywhere: A's tasks run on their own threads,
/// and each runs a region of B whose tasks run on threads the task spawns.
/// Those threads have no task of A of their own; the region of B carries
/// A's task into its tasks, so what they emit to A is ordered by B's task
/// index under A's task, whatever the schedule.
#[test]
fn tasks_of_another_engine_on_other_threads_keep_the_enclosing_order() {
    const A_TASKS: u32 = 4;
    const B_TASKS: u32 = 3;
    for _ in 0..5 {
        let (a, out_a) = engine();
        let (b, out_b) = engine();
        a.ordered_region(|ra| {
            std::thread::scope(|s| {
                for i in (0..A_TASKS).rev() {
                    let (a, b) = (&a, &b);
                    s.spawn(move || {
                        ra.task(i, || {
                            a.warning(Location::Unknown, "{} before").arg(i).emit();
                            b.ordered_region(|rb| {
                                std::thread::scope(|s| {
                                    for j in (0..B_TASKS).rev() {
                                        s.spawn(move || {
                                            rb.task(j, || {
                                                a.warning(Location::Unknown, "{} inside b {}")
                                                    .arg(i)
                                                    .arg(j)
                                                    .emit();
                                                b.warning(Location::Unknown, "b").emit();
                                            });
                                        });
                                    }
                                });
                            });
                            a.warning(Location::Unknown, "{} after").arg(i).emit();
                        });
                    });
                }
            });
            assert!(out_a.is_empty(), "everything A got is still buffered");
        });
        let serial = (0..A_TASKS).flat_map(|i| {
            std::iter::once(format!("{i} before"))
                .chain((0..B_TASKS).map(move |j| format!("{i} inside b {j}")))
                .chain(std::iter::once(format!("{i} after")))
        });
        assert_eq!(out_a.contents(), warnings(serial));
        assert_eq!(
            out_b.contents(),
            warnings((0..A_TASKS * B_TASKS).map(|_| "b".to_owned()))
        );
    }
}

/// The reviewer's `d13`: a task of B's region runs a task of A's region and
/// emits to B inside it. A's task does not hide B's: B's output is its
/// serial order, whatever order the threads ran in.
#[test]
fn a_task_of_the_outer_engine_inside_another_engines_task_keeps_its_order() {
    let (b, out_b) = engine();
    let (a, out_a) = engine();
    b.ordered_region(|rb| {
        std::thread::scope(|s| {
            for i in (0..3u32).rev() {
                let (a, b) = (&a, &b);
                s.spawn(move || {
                    rb.task(i, || {
                        b.warning(Location::Unknown, "{} start").arg(i).emit();
                        a.ordered_region(|ra| {
                            ra.task(0, || {
                                b.warning(Location::Unknown, "{} inside A's task")
                                    .arg(i)
                                    .emit();
                                a.warning(Location::Unknown, "a {}").arg(i).emit();
                            });
                        });
                        b.warning(Location::Unknown, "{} end").arg(i).emit();
                    });
                });
            }
        });
        assert!(out_b.is_empty(), "everything B got is still buffered");
    });
    let serial = (0..3).flat_map(|i| {
        [
            format!("{i} start"),
            format!("{i} inside A's task"),
            format!("{i} end"),
        ]
    });
    assert_eq!(out_b.contents(), warnings(serial));
    assert_eq!(out_a.contents().matches("warning: a ").count(), 3);
}

/// A task of B that panics inside a task of A: the panic unwinds B's task
/// only, A's task is still the thread's task of A (its key, its buffer), and
/// B's entries are gone.
#[test]
fn a_panicking_task_of_another_engine_leaves_the_enclosing_task_in_place() {
    let (a, out_a) = engine();
    let (b, out_b) = engine();
    a.ordered_region(|ra| {
        ra.task(1, || {
            a.warning(Location::Unknown, "1 before").emit();
            let r = catch_unwind(AssertUnwindSafe(|| {
                b.ordered_region(|rb| {
                    rb.task(0, || {
                        a.warning(Location::Unknown, "1 inside b").emit();
                        b.warning(Location::Unknown, "b 0").emit();
                        panic!("b's task failed");
                    });
                });
            }));
            assert!(r.is_err());
            assert_eq!(current_key(), Some(OrderKey::from_components(&[1])));
            a.warning(Location::Unknown, "1 after").emit();
        });
        ra.task(0, || a.warning(Location::Unknown, "0").emit());
        assert!(out_a.is_empty());
    });
    assert_eq!(
        out_a.contents(),
        warnings(["0", "1 before", "1 inside b", "1 after"].map(String::from))
    );
    assert_eq!(out_b.contents(), warnings(["b 0".to_owned()]));
    assert_eq!(current_key(), None);
}

/// Single-threaded engines keep each other's order too: a region of a
/// thread-safe engine inside a task of a single-threaded one (whose buffer
/// cannot be shared), and a region of a single-threaded one inside that.
#[test]
fn single_threaded_engines_keep_each_others_order() {
    let (a, out_a) = engine_with::<Local>();
    let (b, out_b) = engine();
    let (c, out_c) = engine_with::<Local>();
    a.ordered_region(|ra| {
        for i in (0..2u32).rev() {
            ra.task(i, || {
                a.warning(Location::Unknown, "{} before").arg(i).emit();
                b.ordered_region(|rb| {
                    for j in (0..2u32).rev() {
                        rb.task(j, || {
                            c.ordered_region(|rc| {
                                rc.task(0, || {
                                    a.warning(Location::Unknown, "{} b {}").arg(i).arg(j).emit();
                                    b.warning(Location::Unknown, "b {} {}").arg(i).arg(j).emit();
                                });
                            });
                        });
                    }
                });
                c.warning(Location::Unknown, "c {}").arg(i).emit();
                a.warning(Location::Unknown, "{} after").arg(i).emit();
            });
        }
    });
    let serial = (0..2).flat_map(|i| {
        [
            format!("{i} before"),
            format!("{i} b 0"),
            format!("{i} b 1"),
            format!("{i} after"),
        ]
    });
    assert_eq!(out_a.contents(), warnings(serial));
    let b_order = [1, 0]
        .into_iter()
        .flat_map(|i| [format!("b {i} 0"), format!("b {i} 1")]);
    assert_eq!(out_b.contents(), warnings(b_order));
    // C has no task around its emissions: they print at once.
    assert_eq!(out_c.contents(), warnings(["c 1", "c 0"].map(String::from)));
}
