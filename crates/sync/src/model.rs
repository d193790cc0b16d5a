//! Running loom models (only under `--cfg strata_loom`).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Runs `f` as a loom model and returns how many interleavings loom explored.
///
/// The preemption bound comes from `LOOM_MAX_PREEMPTIONS` (as loom reads it),
/// and defaults to 2 when the variable is unset. The count is printed to
/// stderr as `[loom] NAME: N iterations`, which `cargo xtask loom` collects.
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
    eprintln!("[loom] {name}: {n} iterations");
    assert!(
        n > 1,
        "loom model `{name}` explored a single interleaving: it checks nothing"
    );
    n
}
