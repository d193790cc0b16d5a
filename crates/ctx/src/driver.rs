//! The parallel driver: run a pass over a list of work items.
//!
//! Every item runs; every failure is reported, in item order; diagnostics
//! emitted while an item runs are ordered by the item's index (through an
//! ordered region of the context's diagnostic engine), so the output is the
//! same as a serial run's whatever the schedule. There is no early exit: a
//! compiler wants all the errors of a module, not the first one a race
//! happened to finish.
//!
//! The thread-safe context runs items on rayon's pool; the single-threaded
//! context runs them in order on the calling thread. Both go through one
//! generic API, so a pass generic over the policy is written once.
//!
//! Available with the `driver` feature (on by default), which is what pulls
//! in rayon.

use core::hash::BuildHasher;
use core::panic::AssertUnwindSafe;

use rayon::prelude::*;

use crate::{Context, Policy};

fn task_index(i: usize) -> u32 {
    u32::try_from(i).expect("strata: more than u32::MAX work items in one parallel region")
}

/// A value shared with rayon's workers only when the policy is thread-safe.
struct SharedWhenThreadSafe<T>(T);

// SAFETY: built only under `if P::THREAD_SAFE` in `run_items`, where `T` is a
// pair of borrows of a `Context<P, S>` with `S: Sync` and of a diagnostic
// `Region<P>`. `Policy` is sealed and `Shared` is the only policy that is
// thread-safe, and `Context<Shared, S: Sync>` and `Region<Shared>` are both
// `Sync`: sharing the borrows between threads is what their types allow.
unsafe impl<T> Sync for SharedWhenThreadSafe<T> {}

#[cfg_attr(docsrs, doc(cfg(feature = "driver")))]
impl<P: Policy, S: BuildHasher + Sync> Context<P, S> {
    /// Runs `f(ctx, index, item)` for every item, with diagnostics ordered by
    /// index: in parallel on rayon's pool for the thread-safe context, in
    /// order on the calling thread for the single-threaded one.
    ///
    /// One API for both policies, so a pass is written once: `f` receives
    /// the context (capturing it would make a single-threaded context's
    /// closure `!Sync`).
    ///
    /// ```
    /// use strata_ctx::{Category, Context, Local, Policy, storage_kind};
    ///
    /// storage_kind! {
    ///     /// A name.
    ///     pub Name => String as &str, "demo.name", Category::Other
    /// }
    ///
    /// fn pass<P: Policy>(ctx: &Context<P>, names: &[&str]) {
    ///     ctx.parallel_for_each(names, |ctx, _, name| {
    ///         let _ = ctx.intern::<Name>(name);
    ///     });
    /// }
    ///
    /// pass(&Context::new(), &["a", "b"]);
    /// pass(&Context::<Local>::single_threaded(), &["a", "b"]);
    /// ```
    ///
    /// A panic in `f` does not stop the other items: every item runs, every
    /// diagnostic is reported, and then the panic of the lowest-indexed item
    /// that panicked propagates (the same one whatever the schedule). If no
    /// item panicked but a diagnostic handler did while the items'
    /// diagnostics were reported, the handler's panic propagates, after
    /// every item has run and every other diagnostic was reported.
    ///
    /// Parallel work inside an item belongs in a nested
    /// `parallel_for_each`, whose tasks are ordered inside the item's. Work
    /// that `f` hands to rayon itself (a `par_iter` inside an item) may run
    /// on a worker thread that is, at that moment, inside another item's
    /// task, and its diagnostics are then ordered with that item's.
    ///
    /// Available with the `driver` feature (on by default).
    pub fn parallel_for_each<T: Sync>(&self, items: &[T], f: impl Fn(&Self, usize, &T) + Sync) {
        self.fan_out(items, |ctx, i, item| {
            f(ctx, i, item);
            None::<()>
        });
    }

    /// As [`parallel_for_each`](Self::parallel_for_each), and returns every
    /// failure with its index, in index order (`Ok` if none failed). Every
    /// item runs, whatever fails or panics; a panic (an item's, else a
    /// diagnostic handler's) propagates as in `parallel_for_each`, after
    /// every item has run, and the failures are then not returned.
    ///
    /// Available with the `driver` feature (on by default).
    pub fn failable_parallel_for_each<T: Sync, E: Send>(
        &self,
        items: &[T],
        f: impl Fn(&Self, usize, &T) -> Result<(), E> + Sync,
    ) -> Result<(), Vec<(usize, E)>> {
        collect_failures(self.fan_out(items, |ctx, i, item| f(ctx, i, item).err()))
    }

    /// As [`parallel_for_each`](Self::parallel_for_each), and returns what
    /// `f` gave for each item, in item order: the parallel map a pass (or
    /// the parser, per top-level operation) uses to build one result per
    /// item on rayon's pool, with the same ordering of diagnostics and the
    /// same rule for panics (every item runs; then the lowest-indexed
    /// item's panic propagates, and nothing is returned).
    ///
    /// ```
    /// use strata_ctx::Context;
    ///
    /// let ctx = Context::new();
    /// let lengths = ctx.parallel_map(&["a", "bcd", "ef"], |_, i, s| (i, s.len()));
    /// assert_eq!(lengths, [(0, 1), (1, 3), (2, 2)]);
    /// ```
    ///
    /// Available with the `driver` feature (on by default).
    pub fn parallel_map<T: Sync, R: Send>(
        &self,
        items: &[T],
        f: impl Fn(&Self, usize, &T) -> R + Sync,
    ) -> Vec<R> {
        self.fan_out(items, f)
    }

    /// Runs `f` on every item inside an ordered region, in parallel when the
    /// policy is thread-safe, and returns the outcomes in item order.
    ///
    /// An item that panics does not stop the others: its panic is caught,
    /// every other item runs, the region reports every diagnostic, and then
    /// the panic of the lowest-indexed item that panicked is resumed, so
    /// which panic propagates does not depend on the schedule (the same rule
    /// as strata-ir's `compile_segments`); a diagnostic handler's panic only
    /// if no item panicked.
    fn fan_out<T: Sync, R: Send>(
        &self,
        items: &[T],
        f: impl Fn(&Self, usize, &T) -> R + Sync,
    ) -> Vec<R> {
        let run = |ctx: &Self, i: usize, item: &T| -> Outcome<R> {
            // `f` is only called again for other items, and a panicking call
            // leaves nothing of its own behind: the context's tables are
            // consistent after a panic in a constructor (invariant 1 of
            // strata-table), and the item's diagnostics are in its task.
            std::panic::catch_unwind(AssertUnwindSafe(|| f(ctx, i, item)))
        };
        // The region reports its diagnostics when it ends, after every item
        // ran; a handler that panics there is resumed by the region, and is
        // caught here so that an item's panic still wins (below).
        let mut outcomes: Vec<Outcome<R>> = Vec::new();
        let handler_panic = std::panic::catch_unwind(AssertUnwindSafe(|| {
            self.diagnostics().ordered_region(|region| {
                outcomes = self.run_items(region, items, &run);
            });
        }))
        .err();
        let mut results = Vec::with_capacity(outcomes.len());
        let mut first_panic = None;
        for outcome in outcomes {
            match outcome {
                Ok(r) => results.push(r),
                Err(payload) => {
                    first_panic.get_or_insert(payload);
                }
            }
        }
        if let Some(payload) = first_panic.or(handler_panic) {
            std::panic::resume_unwind(payload);
        }
        results
    }

    /// Runs every item as a task of `region`, in parallel when the policy
    /// is thread-safe, and returns the outcomes in item order.
    fn run_items<T: Sync, R: Send>(
        &self,
        region: &strata_diag::Region<'_, P>,
        items: &[T],
        run: &(impl Fn(&Self, usize, &T) -> Outcome<R> + Sync),
    ) -> Vec<Outcome<R>> {
        if P::THREAD_SAFE {
            let shared = SharedWhenThreadSafe((self, region));
            let shared = &shared;
            items
                .par_iter()
                .enumerate()
                .map(|(i, item)| {
                    let (ctx, region) = shared.0;
                    region.task(task_index(i), || run(ctx, i, item))
                })
                .collect()
        } else {
            items
                .iter()
                .enumerate()
                .map(|(i, item)| region.task(task_index(i), || run(self, i, item)))
                .collect()
        }
    }
}

/// What one item's call gave, or its panic.
type Outcome<R> = Result<R, Box<dyn core::any::Any + Send>>;

fn collect_failures<E>(outcomes: Vec<Option<E>>) -> Result<(), Vec<(usize, E)>> {
    let failures: Vec<(usize, E)> = outcomes
        .into_iter()
        .enumerate()
        .filter_map(|(i, e)| Some((i, e?)))
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}
