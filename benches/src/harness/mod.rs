//! The comparison harness: runs the workloads of `benches/WORKLOADS.md` for
//! every selected implementation and returns one [`Record`] per
//! measurement.
//!
//! One concern per module:
//!
//! - `args`: the command line, [`Config`] and [`USAGE`];
//! - `workloads`: [`Workload`], [`Mode`], [`Impl`] (and which implementation
//!   runs which workload), and the keys every run is built from;
//! - `timing`: the timed loops (one never-inlined `timed_*` function each),
//!   the per-workload drivers and their checks, and the raw measurement;
//! - `output`: [`Record`], the JSON line;
//! - this module: [`run`], the round-robin driver that ties them together.

mod args;
mod output;
mod timing;
mod workloads;

pub use args::{Config, USAGE};
pub use output::Record;
pub use workloads::{Impl, Mode, Workload};

use timing::{Measure, cache_counts, measure_int, measure_mix, measure_strings};
use workloads::Inputs;

use crate::keys;

/// Runs everything `config` selects and returns the records; `emit` is
/// called with each record as soon as its group (one workload at one thread
/// count) is measured, in the order they are printed. Informational lines go
/// to stderr.
///
/// With `repeat > 1`, the repetitions are taken round-robin: every
/// implementation of the group once, then every one again, and so on, so
/// that a noisy moment of the machine, or the allocator's first-touch page
/// faults, are spread over all of them instead of landing on whichever runs
/// first; each record keeps its fastest run.
pub fn run(config: &Config, mut emit: impl FnMut(&Record)) -> Vec<Record> {
    let n = config.keys();
    let wants = |w: Workload| config.workloads.contains(&w);
    let any_string = wants(Workload::W6aStringInserts) || wants(Workload::W6bStringHits);
    let any_insert = config
        .workloads
        .iter()
        .any(|w| w.needs_fresh_context() && !w.is_string() && !w.is_mix());
    let any_mix = config.workloads.iter().any(|w| w.is_mix());
    let inp = Inputs {
        hot: keys::hot_values(),
        values: if any_insert {
            keys::insert_values(n)
        } else {
            Vec::new()
        },
        strings: if any_string {
            keys::strings(n)
        } else {
            Vec::new()
        },
        mix: if any_mix {
            [keys::mix_ops(n, 0), keys::mix_ops(n / 2, 1)]
        } else {
            [Vec::new(), Vec::new()]
        },
        mix_strings: if any_mix {
            keys::mix_strings(n)
        } else {
            Vec::new()
        },
        h: config.hot_iterations(),
    };
    eprintln!(
        "[compare] scale {}: H = {}, N = {}, fastest of {} round-robin run(s)",
        config.scale, inp.h, n, config.repeat
    );

    let mut records = Vec::new();
    let mut push = |r: Record, note: String| {
        eprintln!(
            "[compare] {:<14} {:<23} {:<8} t={:<2} {:>9.2} ns/op {:>9.2} Mops/s check {}{note}",
            r.imp, r.workload, r.mode, r.threads, r.ns_per_op, r.mops, r.check
        );
        emit(&r);
        records.push(r);
    };
    let selected = |w: Workload| -> Vec<(Impl, Mode)> {
        config
            .impls
            .iter()
            .flat_map(|&imp| {
                config
                    .modes
                    .iter()
                    .filter(move |&&mode| imp.runs(w, mode))
                    .map(move |&mode| (imp, mode))
            })
            .collect()
    };
    let keep_best = |slot: &mut Option<Measure>, m: Measure| {
        *slot = Some(slot.map_or(m, |b| b.best(m)));
    };

    for w in Workload::ALL
        .into_iter()
        .filter(|&w| wants(w) && !w.is_string() && !w.is_mix())
    {
        let runs = selected(w);
        for threads in config.threads_for(w) {
            let mut best = vec![None; runs.len()];
            let (mut hits, mut misses) = (0, 0);
            for _ in 0..config.repeat {
                for (slot, &(imp, mode)) in best.iter_mut().zip(&runs) {
                    let m = if (imp, w, mode) == (Impl::Strata, Workload::W1HotHits, Mode::Threaded)
                    {
                        let (m, h, x) = cache_counts(|| measure_int(imp, w, mode, threads, &inp));
                        hits += h;
                        misses += x;
                        m
                    } else {
                        measure_int(imp, w, mode, threads, &inp)
                    };
                    keep_best(slot, m);
                }
            }
            for (slot, &(imp, mode)) in best.into_iter().zip(&runs) {
                let note = if hits + misses > 0 && imp == Impl::Strata && mode == Mode::Threaded {
                    format!(
                        " (thread-cache hit rate {:.2}%)",
                        100.0 * hits as f64 / (hits + misses) as f64
                    )
                } else {
                    String::new()
                };
                let m = slot.expect("every run was measured at least once");
                push(Record::new(imp, w, mode, threads, m), note);
            }
        }
    }

    for w in Workload::ALL
        .into_iter()
        .filter(|&w| wants(w) && w.is_mix())
    {
        let runs = selected(w);
        let mut best = vec![None; runs.len()];
        for _ in 0..config.repeat {
            for (slot, &(imp, mode)) in best.iter_mut().zip(&runs) {
                keep_best(slot, measure_mix(imp, w, mode, &inp));
            }
        }
        for (slot, &(imp, mode)) in best.into_iter().zip(&runs) {
            let m = slot.expect("every run was measured at least once");
            push(
                Record::new(imp, w, mode, w.default_threads(), m),
                String::new(),
            );
        }
    }

    if any_string {
        // W6b runs right after W6a on the same context, so both are measured
        // together; W6a's lines are printed first, then W6b's.
        let runs = selected(Workload::W6aStringInserts);
        let mut best = vec![(None, None); runs.len()];
        for _ in 0..config.repeat {
            for ((a, b), &(imp, mode)) in best.iter_mut().zip(&runs) {
                let (ma, mb) = measure_strings(imp, mode, &inp);
                keep_best(a, ma);
                keep_best(b, mb);
            }
        }
        let done = |m: Option<Measure>| m.expect("every run was measured at least once");
        if wants(Workload::W6aStringInserts) {
            for ((a, _), &(imp, mode)) in best.iter().zip(&runs) {
                let r = Record::new(imp, Workload::W6aStringInserts, mode, 1, done(*a));
                push(r, String::new());
            }
        }
        if wants(Workload::W6bStringHits) {
            for ((_, b), &(imp, mode)) in best.iter().zip(&runs) {
                let r = Record::new(imp, Workload::W6bStringHits, mode, 1, done(*b));
                push(r, String::new());
            }
        }
    }
    records
}
