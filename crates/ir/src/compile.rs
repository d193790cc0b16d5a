//! Compiling segments that share one container: every segment runs, every
//! failure is reported in segment order.

use core::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::thread;

use strata_sync::Mutex;
use strata_sync::policy::{Local, Shared};

use crate::container::Owner;

/// What running one segment produced: its result, or the payload of the
/// panic that ended it.
type Outcome<T, Err> = thread::Result<Result<T, Err>>;

impl<V: Send + Sync, E: Send + Sync> Owner<V, E, Shared> {
    /// Compiles `segments` in parallel, each under its own new owner of this
    /// container, and reports every failure.
    ///
    /// Each segment gets a fresh [`Owner`] of the same container (created in
    /// segment order before anything runs, so owner ids are deterministic)
    /// and is compiled by `compile(owner, segment)` on a pool of scoped
    /// threads no larger than the machine's parallelism (the calling thread
    /// is one of them). The closure may keep its owner (return it in `T`) or
    /// drop it, which removes what it registered.
    ///
    /// Every segment runs; there is no early exit, so the outcome does not
    /// depend on the schedule. The result is `Ok` with every segment's value
    /// in segment order, or `Err` with every failing segment's index and
    /// error, in segment order.
    ///
    /// # Panics
    ///
    /// If a segment's closure panics, the other segments still run to the
    /// end; then the panic of the lowest-indexed panicking segment is
    /// resumed on the calling thread. The container stays consistent: the
    /// panicking segment's guards are released and its owner is dropped
    /// during unwinding.
    ///
    /// # Example
    ///
    /// ```
    /// use strata_ir::Owner;
    ///
    /// let module = Owner::<&str, &str>::new();
    /// let results = module.compile_segments(0..4, |owner, i| {
    ///     let mut ir = owner.write();
    ///     let x = ir.register_value(owner.id(), "i32").unwrap();
    ///     let y = ir.register_value(owner.id(), "i32").unwrap();
    ///     ir.register_expr(owner.id(), "neg", &[x], &[y]).unwrap();
    ///     if i % 2 == 1 { Err(format!("segment {i} failed")) } else { Ok(i * 10) }
    /// });
    /// let errors = results.unwrap_err();
    /// assert_eq!(errors, [(1, "segment 1 failed".to_string()), (3, "segment 3 failed".to_string())]);
    /// // The segment owners were dropped with their statements.
    /// assert_eq!(module.read().num_values(), 0);
    /// ```
    pub fn compile_segments<S, T, Err, F>(
        &self,
        segments: impl IntoIterator<Item = S>,
        compile: F,
    ) -> Result<Vec<T>, Vec<(usize, Err)>>
    where
        S: Send,
        T: Send,
        Err: Send,
        F: Fn(Self, S) -> Result<T, Err> + Sync,
    {
        let jobs: Vec<(Self, S)> = segments
            .into_iter()
            .map(|segment| (self.add_owner(), segment))
            .collect();
        let count = jobs.len();
        let workers = thread::available_parallelism()
            .map_or(1, NonZeroUsize::get)
            .min(count);
        if workers <= 1 {
            return finish(
                jobs.into_iter()
                    .map(|(owner, segment)| run_one(|| compile(owner, segment)))
                    .collect(),
            );
        }

        // Workers pull the next segment from one queue, so a slow segment
        // does not hold up the ones behind it. The lock is held only to move
        // one job out, never while compiling.
        //
        // FIXME(loom): loom has no scoped threads, so this pool is not
        // model-checked (the segments' use of the container is: the models
        // run the same guards from loom threads). The cost: the queue and the
        // in-order result assembly are covered by the stress tests only.
        let queue = Mutex::new(jobs.into_iter().enumerate());
        let work = || {
            let mut done = Vec::new();
            loop {
                let next = queue.lock().next();
                let Some((index, (owner, segment))) = next else {
                    return done;
                };
                done.push((index, run_one(|| compile(owner, segment))));
            }
        };
        let mut outcomes: Vec<Option<Outcome<T, Err>>> = (0..count).map(|_| None).collect();
        thread::scope(|scope| {
            let helpers: Vec<_> = (1..workers).map(|_| scope.spawn(work)).collect();
            let mine = work();
            let theirs = helpers.into_iter().flat_map(|helper| {
                // `work` catches every segment's panic, so a helper can only
                // fail by a panic of this crate's own; pass it on.
                helper
                    .join()
                    .unwrap_or_else(|payload| panic::resume_unwind(payload))
            });
            for (index, outcome) in mine.into_iter().chain(theirs) {
                outcomes[index] = Some(outcome);
            }
        });
        finish(
            outcomes
                .into_iter()
                .map(|outcome| outcome.expect("strata-ir: the queue hands out every segment"))
                .collect(),
        )
    }
}

impl<V, E> Owner<V, E, Local> {
    /// Compiles `segments` one after another on this thread, each under its
    /// own new owner of this container: the single-threaded counterpart of
    /// the `Shared` method of the same name, with the same outcome (every
    /// segment runs; failures in segment order; the lowest-indexed panic is
    /// resumed after the last segment).
    pub fn compile_segments<S, T, Err, F>(
        &self,
        segments: impl IntoIterator<Item = S>,
        mut compile: F,
    ) -> Result<Vec<T>, Vec<(usize, Err)>>
    where
        F: FnMut(Self, S) -> Result<T, Err>,
    {
        let jobs: Vec<(Self, S)> = segments
            .into_iter()
            .map(|segment| (self.add_owner(), segment))
            .collect();
        finish(
            jobs.into_iter()
                .map(|(owner, segment)| run_one(|| compile(owner, segment)))
                .collect(),
        )
    }
}

/// Runs one segment, catching its panic so that the others still run.
fn run_one<T, Err>(segment: impl FnOnce() -> Result<T, Err>) -> Outcome<T, Err> {
    // `AssertUnwindSafe`: what a panicking segment could leave broken is the
    // container, and the container is consistent at every unlock (each
    // mutation completes under its guard, and unwinding drops the guard and
    // then the segment's owner, whose drop removes its statements). The
    // closure's own captures are the caller's, and the panic is resumed.
    panic::catch_unwind(AssertUnwindSafe(segment))
}

/// Turns the outcomes (in segment order) into the result: the first panic
/// is resumed, else every error in order, else every value in order.
fn finish<T, Err>(outcomes: Vec<Outcome<T, Err>>) -> Result<Vec<T>, Vec<(usize, Err)>> {
    let mut values = Vec::with_capacity(outcomes.len());
    let mut errors = Vec::new();
    let mut first_panic = None;
    for (index, outcome) in outcomes.into_iter().enumerate() {
        match outcome {
            Ok(Ok(value)) => values.push(value),
            Ok(Err(error)) => errors.push((index, error)),
            Err(payload) => {
                first_panic.get_or_insert(payload);
            }
        }
    }
    if let Some(payload) = first_panic {
        panic::resume_unwind(payload);
    }
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}
