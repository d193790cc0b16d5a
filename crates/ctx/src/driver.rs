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
//! context runs them in order on the calling thread.

use core::hash::BuildHasher;

use rayon::prelude::*;
use strata_sync::policy::{Local, Shared};

use crate::Context;

fn task_index(i: usize) -> u32 {
    u32::try_from(i).expect("strata: more than u32::MAX work items in one parallel region")
}

impl<S: BuildHasher + Sync> Context<Shared, S> {
    /// Runs `f(index, item)` for every item, in parallel, with diagnostics
    /// ordered by index.
    ///
    /// A panic in `f` propagates after the diagnostics buffered so far are
    /// reported.
    pub fn parallel_for_each<T: Sync>(&self, items: &[T], f: impl Fn(usize, &T) + Sync) {
        self.diagnostics().ordered_region(|region| {
            items
                .par_iter()
                .enumerate()
                .for_each(|(i, item)| region.task(task_index(i), || f(i, item)));
        });
    }

    /// Runs `f(index, item)` for every item, in parallel, with diagnostics
    /// ordered by index, and returns every failure with its index, in index
    /// order (`Ok` if none failed). Every item runs, whatever fails.
    pub fn failable_parallel_for_each<T: Sync, E: Send>(
        &self,
        items: &[T],
        f: impl Fn(usize, &T) -> Result<(), E> + Sync,
    ) -> Result<(), Vec<(usize, E)>> {
        let outcomes: Vec<Option<E>> = self.diagnostics().ordered_region(|region| {
            items
                .par_iter()
                .enumerate()
                .map(|(i, item)| region.task(task_index(i), || f(i, item)).err())
                .collect()
        });
        collect_failures(outcomes)
    }
}

impl<S: BuildHasher> Context<Local, S> {
    /// Runs `f(index, item)` for every item, in order, on this thread (the
    /// single-threaded context's version of the parallel driver).
    pub fn parallel_for_each<T>(&self, items: &[T], f: impl Fn(usize, &T)) {
        self.diagnostics().ordered_region(|region| {
            for (i, item) in items.iter().enumerate() {
                region.task(task_index(i), || f(i, item));
            }
        });
    }

    /// Runs `f(index, item)` for every item, in order, and returns every
    /// failure with its index.
    pub fn failable_parallel_for_each<T, E>(
        &self,
        items: &[T],
        f: impl Fn(usize, &T) -> Result<(), E>,
    ) -> Result<(), Vec<(usize, E)>> {
        let outcomes: Vec<Option<E>> = self.diagnostics().ordered_region(|region| {
            items
                .iter()
                .enumerate()
                .map(|(i, item)| region.task(task_index(i), || f(i, item)).err())
                .collect()
        });
        collect_failures(outcomes)
    }
}

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
