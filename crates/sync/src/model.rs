//! Running loom models (only under `--cfg strata_loom`).

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

std::thread_local! {
    // Lock acquisitions, and those that found the lock held, in the model
    // running on this OS thread (loom runs a model's threads as coroutines
    // on the OS thread that called it, so this covers exactly one model).
    static LOCKS: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// Called by the shim's locks on every acquisition under loom.
pub(crate) fn note_acquisition(contended: bool) {
    LOCKS.with(|l| {
        let (taken, held) = l.get();
        l.set((taken + 1, held + usize::from(contended)));
    });
}

/// What one run of [`check`] explored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explored {
    /// Interleavings (loom iterations).
    pub iterations: usize,
    /// Lock acquisitions through the shim, over all iterations.
    pub acquisitions: usize,
    /// Acquisitions that found the lock held (and waited), over all
    /// iterations.
    pub contended: usize,
}

/// Runs `f` as a loom model and returns how many interleavings loom explored.
///
/// The preemption bound comes from `LOOM_MAX_PREEMPTIONS` (as loom reads it),
/// and defaults to 2 when the variable is unset. The count is printed to
/// stderr as `[loom] test=TEST model=NAME iterations=N locks=L contended=C`
/// (TEST is the libtest thread's name, which is the test's name), which
/// `cargo xtask loom` collects to check that every model explored more than
/// one interleaving.
///
/// # Panics
///
/// If the model explored a single interleaving: such a model has no
/// concurrency in it and checks nothing. If the model took a lock of the
/// shim and no acquisition ever found it held: its critical sections never
/// overlapped, so it checks nothing about the lock.
pub fn check<F>(name: &str, f: F) -> usize
where
    F: Fn() + Sync + Send + 'static,
{
    explore(name, f).iterations
}

/// [`check`], returning what was explored.
///
/// # Panics
///
/// As [`check`].
pub fn explore<F>(name: &str, f: F) -> Explored
where
    F: Fn() + Sync + Send + 'static,
{
    let count = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&count);
    let mut builder = loom::model::Builder::new();
    if builder.preemption_bound.is_none() {
        builder.preemption_bound = Some(2);
    }
    LOCKS.with(|l| l.set((0, 0)));
    builder.check(move || {
        // Statistics only; the model runs on one OS thread.
        counter.fetch_add(1, Ordering::Relaxed);
        f();
    });
    let n = count.load(Ordering::Relaxed);
    let (acquisitions, contended) = LOCKS.with(Cell::get);
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("?");
    // One write of one whole line, so that the report cannot be split by
    // other output (`cargo xtask loom` parses it).
    let line = format!(
        "[loom] test={test} model={name} iterations={n} locks={acquisitions} contended={contended}\n"
    );
    let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), line.as_bytes());
    assert!(
        n > 1,
        "loom model `{name}` explored a single interleaving: it checks nothing"
    );
    assert!(
        acquisitions == 0 || contended > 0,
        "loom model `{name}` took locks {acquisitions} times and never found one held: its critical sections never overlap"
    );
    Explored {
        iterations: n,
        acquisitions,
        contended,
    }
}
