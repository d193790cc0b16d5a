//! Running loom models (only under `--cfg strata_loom`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `f` as a loom model and returns how many interleavings loom explored.
///
/// The preemption bound comes from `LOOM_MAX_PREEMPTIONS` (as loom reads it),
/// and defaults to 2 when the variable is unset. The count is printed to
/// stderr as `[loom] test=TEST model=NAME iterations=N` (TEST is the libtest
/// thread's name, which is the test's name), which `cargo xtask loom`
/// collects to check that every model explored more than one interleaving.
///
/// # Panics
///
/// If the model explored a single interleaving: such a model has no
/// concurrency in it and checks nothing.
pub fn check<F>(name: &str, f: F) -> usize
where
    F: Fn() + Sync + Send + 'static,
{
    let count = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&count);
    let mut builder = loom::model::Builder::new();
    if builder.preemption_bound.is_none() {
        builder.preemption_bound = Some(2);
    }
    builder.check(move || {
        // Statistics only; the model runs on one OS thread.
        counter.fetch_add(1, Ordering::Relaxed);
        f();
    });
    let n = count.load(Ordering::Relaxed);
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("?");
    // One write of one whole line, so that the report cannot be split by
    // other output (`cargo xtask loom` parses it).
    let line = format!("[loom] test={test} model={name} iterations={n}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), line.as_bytes());
    assert!(
        n > 1,
        "loom model `{name}` explored a single interleaving: it checks nothing"
    );
    n
}
