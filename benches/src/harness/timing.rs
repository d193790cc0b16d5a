//! How each workload is run and timed: [`Measure`] (the wall-clock and CPU
//! time of one timed region, and its check), the timed loops (one
//! never-inlined `timed_*` function each), and the per-workload drivers that
//! build a fresh context where the workload needs one, spawn the threads,
//! and compute every `check` after the clock stops.
//!
//! Every measurement is generic over [`Interner`], so each implementation
//! gets its own monomorphised loop with identical surrounding code: the same
//! key construction, the same identity comparison, the same bookkeeping.

use std::thread;

use strata_ctx::Context;

use super::workloads::{Impl, Inputs, Mode, UNSET, Workload};
use crate::clock::Stopwatch;
use crate::impls::{
    DashInterner, Floor, GlobalIntern, Interner, Mix, MixInterner, RodeoSingle, RodeoThreaded,
    RustcSharded,
};
use crate::keys::{self, HOT, IntKey, MixOp, NodeKey};

/// One raw measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Measure {
    /// Interning operations timed, over all threads.
    pub(super) ops: u64,
    /// Wall-clock seconds of the timed region.
    pub(super) secs: f64,
    /// CPU seconds the timed threads used, summed over them.
    pub(super) cpu: Option<f64>,
    /// Failed identity checks.
    pub(super) check: u64,
}

impl Measure {
    /// The faster of two runs (each clock on its own); a failed check in
    /// either is kept.
    pub(super) fn best(self, other: Measure) -> Measure {
        Measure {
            ops: self.ops,
            secs: self.secs.min(other.secs),
            cpu: match (self.cpu, other.cpu) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            check: self.check.max(other.check),
        }
    }
}

/// Runs `f` and returns its result with the CPU seconds the calling thread
/// spent in it (each worker's share of a multi-threaded measurement).
#[inline]
fn on_cpu<R>(f: impl FnOnce() -> R) -> (R, Option<f64>) {
    let clock = Stopwatch::start();
    let r = f();
    (r, clock.cpu())
}

/// Sums the per-thread CPU times of a multi-threaded measurement.
fn sum_cpu(parts: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    parts.into_iter().sum()
}

/// The W1 walk of thread `t`: `h` lookups of the hot value at `idx`, counting
/// identities that differ from the pre-interned ones.
///
/// Each timed loop is its own never-inlined `timed_*` function, so that a
/// profiler (perf, callgrind's `--toggle-collect='*timed_*'`) sees exactly
/// the timed region; one call per measurement costs nothing measurable.
#[inline(never)]
fn timed_hot_walk<I: Interner<IntKey>>(
    i: &mut I,
    hot: &[i64; HOT],
    pre: &[usize; HOT],
    t: usize,
    h: usize,
) -> u64 {
    let mut idx = keys::hot_start(t);
    let mut mismatches = 0u64;
    for _ in 0..h {
        let id = i.intern(&IntKey::new(hot[idx]));
        mismatches += u64::from(id != pre[idx]);
        idx = keys::hot_step(idx);
    }
    mismatches
}

/// Interns `values` in order, recording each identity in `ids`.
#[inline(never)]
fn timed_inserts<I: Interner<IntKey>>(i: &mut I, values: &[i64], ids: &mut [usize]) {
    for (id, &v) in ids.iter_mut().zip(values) {
        *id = i.intern(&IntKey::new(v));
    }
}

/// Interns `values` from the last to the first, recording each identity in
/// `ids` (at the value's index).
#[inline(never)]
fn timed_inserts_descending<I: Interner<IntKey>>(i: &mut I, values: &[i64], ids: &mut [usize]) {
    for (id, &v) in ids.iter_mut().zip(values).rev() {
        *id = i.intern(&IntKey::new(v));
    }
}

/// Interns `strings` in order, recording each identity in `ids`.
#[inline(never)]
fn timed_string_inserts<I: Interner<str>>(i: &mut I, strings: &[String], ids: &mut [usize]) {
    for (id, s) in ids.iter_mut().zip(strings) {
        *id = i.intern(s);
    }
}

/// Interns `strings` again, counting identities that differ from `ids`.
#[inline(never)]
fn timed_string_hits<I: Interner<str>>(i: &mut I, strings: &[String], ids: &[usize]) -> u64 {
    let mut mismatches = 0u64;
    for (s, &id) in strings.iter().zip(ids) {
        mismatches += u64::from(i.intern(s) != id);
    }
    mismatches
}

/// Replays `ops` of the mix, recording each identity in `ids`.
#[inline(never)]
fn timed_mix<I: MixInterner>(i: &mut I, ops: &[MixOp], strings: &[String], ids: &mut [usize]) {
    for (id, &op) in ids.iter_mut().zip(ops) {
        *id = i.intern_op(op, strings);
    }
}

/// The check of a mix, computed after timing over every thread's stream:
/// operations equal to an earlier one (of any stream) whose identity
/// differs from that one's, distinct operations that share an identity,
/// and distinct operations whose identity, asked for again, has changed.
fn verify_mix(streams: &[(&[MixOp], &[usize])], mut again: impl FnMut(MixOp) -> usize) -> u64 {
    let mut first = std::collections::HashMap::new();
    let mut bad = 0u64;
    for (ops, ids) in streams {
        for (&op, &id) in ops.iter().zip(*ids) {
            let seen = *first.entry(op).or_insert(id);
            bad += u64::from(seen != id || id == UNSET);
        }
    }
    let distinct: std::collections::HashSet<usize> = first.values().copied().collect();
    bad += (first.len() - distinct.len()) as u64;
    bad += first.iter().filter(|&(&op, &id)| again(op) != id).count() as u64;
    bad
}

/// W7a on the calling thread: stream 0, `N` operations.
fn mix_single<I: MixInterner>(i: &mut I, inp: &Inputs) -> Measure {
    let ops = &inp.mix[0];
    let mut ids = vec![UNSET; ops.len()];
    let clock = Stopwatch::start();
    timed_mix(i, ops, &inp.mix_strings, &mut ids);
    let (secs, cpu) = (clock.wall(), clock.cpu());
    let check = verify_mix(&[(ops, &ids)], |op| i.intern_op(op, &inp.mix_strings));
    Measure {
        ops: ids.len() as u64,
        secs,
        cpu,
        check,
    }
}

/// W7b: two threads on one shared interner, thread `t` replaying the first
/// `N / 2` operations of stream `t`; `make` gives each thread its handle on
/// the shared interner (inside the timing, as the thread's first act).
fn mix_mt<I: MixInterner>(make: impl Fn() -> I + Sync, inp: &Inputs) -> Measure {
    let half = inp.mix[0].len() / 2;
    let streams = [&inp.mix[0][..half], &inp.mix[1][..half]];
    let (mut ids0, mut ids1) = (vec![UNSET; half], vec![UNSET; half]);
    let strings = &inp.mix_strings;
    let make = &make;
    let clock = Stopwatch::start();
    let cpu = thread::scope(|s| {
        let workers: Vec<_> = [&mut ids0, &mut ids1]
            .into_iter()
            .zip(streams)
            .map(|(ids, ops)| {
                s.spawn(move || on_cpu(|| timed_mix(&mut make(), ops, strings, ids)).1)
            })
            .collect();
        sum_cpu(
            workers
                .into_iter()
                .map(|w| w.join().expect("a W7b thread panicked")),
        )
    });
    let secs = clock.wall();
    let mut i = make();
    let check = verify_mix(&[(streams[0], &ids0), (streams[1], &ids1)], |op| {
        i.intern_op(op, strings)
    });
    Measure {
        ops: 2 * half as u64,
        secs,
        cpu,
        check,
    }
}

/// One measurement of W7a or W7b.
pub(super) fn measure_mix(imp: Impl, w: Workload, mode: Mode, inp: &Inputs) -> Measure {
    let mt = w == Workload::W7bCompilerMixMt;
    match (imp, mode) {
        (Impl::Strata, Mode::Threaded) => {
            let ctx = Context::new();
            if mt {
                mix_mt(|| &ctx, inp)
            } else {
                mix_single(&mut &ctx, inp)
            }
        }
        (Impl::Strata, Mode::Single) => mix_single(&mut &Context::single_threaded(), inp),
        (Impl::Floor, _) => mix_single(
            &mut Mix::new(Floor::<NodeKey>::new(), Floor::<str>::new()),
            inp,
        ),
        (Impl::RustcSharded, _) => {
            let tables = (RustcSharded::<NodeKey>::new(), RustcSharded::<str>::new());
            let make = || Mix::new(&tables.0, &tables.1);
            if mt {
                mix_mt(make, inp)
            } else {
                mix_single(&mut make(), inp)
            }
        }
        (Impl::DashMap, _) => {
            let tables = (DashInterner::<NodeKey>::new(), DashInterner::<str>::new());
            let make = || Mix::new(&tables.0, &tables.1);
            if mt {
                mix_mt(make, inp)
            } else {
                mix_single(&mut make(), inp)
            }
        }
        (Impl::Internment | Impl::Lasso, _) => {
            unreachable!("internment and lasso do not run the mix")
        }
    }
}

fn pre_intern<I: Interner<IntKey>>(i: &mut I, hot: &[i64; HOT]) -> [usize; HOT] {
    core::array::from_fn(|k| i.intern(&IntKey::new(hot[k])))
}

/// W1 on the calling thread.
fn hot_single<I: Interner<IntKey>>(i: &mut I, inp: &Inputs) -> Measure {
    let pre = pre_intern(i, &inp.hot);
    let clock = Stopwatch::start();
    let check = timed_hot_walk(i, &inp.hot, &pre, 0, inp.h);
    let secs = clock.wall();
    Measure {
        ops: inp.h as u64,
        secs,
        cpu: clock.cpu(),
        check,
    }
}

/// W3: `threads` threads walk the hot set of one context at once.
fn hot_mt<C: Sync>(ctx: &C, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let pre = pre_intern(&mut &*ctx, &inp.hot);
    let (hot, pre, h) = (&inp.hot, &pre, inp.h);
    let clock = Stopwatch::start();
    let results: Vec<(u64, Option<f64>)> = thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| s.spawn(move || on_cpu(|| timed_hot_walk(&mut &*ctx, hot, pre, t, h))))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a W3 thread panicked"))
            .collect()
    });
    let secs = clock.wall();
    Measure {
        ops: (threads * h) as u64,
        secs,
        cpu: sum_cpu(results.iter().map(|r| r.1)),
        check: results.iter().map(|r| r.0).sum(),
    }
}

/// The check of an insert workload, computed after timing: identities that
/// are not distinct (`N` distinct keys must give `N` distinct identities),
/// plus keys whose identity, asked for again, differs from the one recorded.
fn verify_inserts(ids: &[usize], mut again: impl FnMut(usize) -> usize) -> u64 {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let duplicates = (ids.len() - sorted.len()) as u64;
    let unset = u64::from(sorted.last() == Some(&UNSET));
    let changed = ids
        .iter()
        .enumerate()
        .filter(|&(k, &id)| again(k) != id)
        .count() as u64;
    duplicates + unset + changed
}

/// W2 on the calling thread.
fn inserts_single<I: Interner<IntKey>>(i: &mut I, inp: &Inputs) -> Measure {
    let mut ids = vec![UNSET; inp.values.len()];
    let clock = Stopwatch::start();
    timed_inserts(i, &inp.values, &mut ids);
    let (secs, cpu) = (clock.wall(), clock.cpu());
    let check = verify_inserts(&ids, |k| i.intern(&IntKey::new(inp.values[k])));
    Measure {
        ops: ids.len() as u64,
        secs,
        cpu,
        check,
    }
}

/// W4: thread `t` of `threads` inserts keys `t*N/threads .. (t+1)*N/threads`.
fn inserts_mt_disjoint<C: Sync>(ctx: &C, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let n = inp.values.len();
    let mut ids = vec![UNSET; n];
    let mut parts = Vec::with_capacity(threads);
    let mut rest: &mut [usize] = &mut ids;
    for t in 0..threads {
        let (lo, hi) = (t * n / threads, (t + 1) * n / threads);
        let (part, tail) = rest.split_at_mut(hi - lo);
        parts.push((&inp.values[lo..hi], part));
        rest = tail;
    }
    let clock = Stopwatch::start();
    let cpu = thread::scope(|s| {
        let workers: Vec<_> = parts
            .into_iter()
            .map(|(values, part)| {
                s.spawn(move || on_cpu(|| timed_inserts(&mut &*ctx, values, part)).1)
            })
            .collect();
        sum_cpu(
            workers
                .into_iter()
                .map(|w| w.join().expect("a W4 thread panicked")),
        )
    });
    let secs = clock.wall();
    let mut r = ctx;
    let check = verify_inserts(&ids, |k| r.intern(&IntKey::new(inp.values[k])));
    Measure {
        ops: n as u64,
        secs,
        cpu,
        check,
    }
}

/// W5: two threads insert all `N` keys, thread 0 ascending, thread 1
/// descending; the check counts keys whose two identities differ.
fn inserts_mt_same<C: Sync>(ctx: &C, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let n = inp.values.len();
    let (mut up, mut down) = (vec![UNSET; n], vec![UNSET; n]);
    let values = &inp.values;
    let clock = Stopwatch::start();
    let cpu = thread::scope(|s| {
        let up = &mut up;
        let down = &mut down;
        let a = s.spawn(move || on_cpu(|| timed_inserts(&mut &*ctx, values, up)).1);
        let b = s.spawn(move || on_cpu(|| timed_inserts_descending(&mut &*ctx, values, down)).1);
        sum_cpu([a, b].map(|w| w.join().expect("a W5 thread panicked")))
    });
    let secs = clock.wall();
    let check = up
        .iter()
        .zip(&down)
        .filter(|&(a, b)| a != b || *a == UNSET)
        .count() as u64;
    Measure {
        ops: 2 * n as u64,
        secs,
        cpu,
        check,
    }
}

/// W6a then W6b on the calling thread. W6a's check: the `N` distinct strings
/// must get `N` distinct identities; W6b's: identities that differ from
/// W6a's.
fn strings<I: Interner<str>>(i: &mut I, inp: &Inputs) -> (Measure, Measure) {
    let n = inp.strings.len();
    let mut first = vec![UNSET; n];
    let clock = Stopwatch::start();
    timed_string_inserts(i, &inp.strings, &mut first);
    let (secs_a, cpu_a) = (clock.wall(), clock.cpu());
    let mut sorted = first.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let check_a = (n - sorted.len()) as u64 + u64::from(sorted.last() == Some(&UNSET));

    let clock = Stopwatch::start();
    let mismatches = timed_string_hits(i, &inp.strings, &first);
    let (secs_b, cpu_b) = (clock.wall(), clock.cpu());
    (
        Measure {
            ops: n as u64,
            secs: secs_a,
            cpu: cpu_a,
            check: check_a,
        },
        Measure {
            ops: n as u64,
            secs: secs_b,
            cpu: cpu_b,
            check: mismatches,
        },
    )
}

/// Runs an integer workload for a thread-safe implementation: a new context
/// from `make` for each measurement (shared by reference between threads).
fn int_threaded<C: Sync>(make: impl Fn() -> C, w: Workload, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let ctx = make();
    match w {
        Workload::W1HotHits => hot_single(&mut &ctx, inp),
        Workload::W2Inserts => inserts_single(&mut &ctx, inp),
        Workload::W3HotHitsMt => hot_mt(&ctx, threads, inp),
        Workload::W4InsertsMtDisjoint => inserts_mt_disjoint(&ctx, threads, inp),
        Workload::W5InsertsMtSame => inserts_mt_same(&ctx, inp),
        Workload::W6aStringInserts | Workload::W6bStringHits => {
            unreachable!("string workloads run through `strings`")
        }
        Workload::W7aCompilerMix | Workload::W7bCompilerMixMt => {
            unreachable!("the mixes run through `measure_mix`")
        }
    }
}

/// Runs W1 or W2 for a single-threaded implementation.
fn int_single<I: Interner<IntKey>>(mut ctx: I, w: Workload, inp: &Inputs) -> Measure {
    match w {
        Workload::W1HotHits => hot_single(&mut ctx, inp),
        Workload::W2Inserts => inserts_single(&mut ctx, inp),
        _ => unreachable!("single-threaded implementations run W1, W2 and W6 only"),
    }
}

/// One measurement of an integer workload.
pub(super) fn measure_int(
    imp: Impl,
    w: Workload,
    mode: Mode,
    threads: usize,
    inp: &Inputs,
) -> Measure {
    match (imp, mode) {
        (Impl::Strata, Mode::Threaded) => int_threaded(Context::new, w, threads, inp),
        (Impl::Strata, Mode::Single) => {
            let ctx = Context::single_threaded();
            int_single(&ctx, w, inp)
        }
        (Impl::Floor, _) => int_single(Floor::<IntKey>::new(), w, inp),
        (Impl::RustcSharded, _) => int_threaded(RustcSharded::<IntKey>::new, w, threads, inp),
        (Impl::DashMap, _) => int_threaded(DashInterner::<IntKey>::new, w, threads, inp),
        (Impl::Internment, _) => int_threaded(|| GlobalIntern, w, threads, inp),
        (Impl::Lasso, _) => unreachable!("lasso runs the string workloads only"),
    }
}

/// One measurement of W6a and W6b.
pub(super) fn measure_strings(imp: Impl, mode: Mode, inp: &Inputs) -> (Measure, Measure) {
    match (imp, mode) {
        (Impl::Strata, Mode::Threaded) => strings(&mut &Context::new(), inp),
        (Impl::Strata, Mode::Single) => strings(&mut &Context::single_threaded(), inp),
        (Impl::Floor, _) => strings(&mut Floor::<str>::new(), inp),
        (Impl::RustcSharded, _) => strings(&mut &RustcSharded::<str>::new(), inp),
        (Impl::DashMap, _) => strings(&mut &DashInterner::<str>::new(), inp),
        (Impl::Lasso, Mode::Threaded) => strings(&mut &RodeoThreaded::new(), inp),
        (Impl::Lasso, Mode::Single) => strings(&mut RodeoSingle::new(), inp),
        (Impl::Internment, _) => unreachable!("internment cannot start from a fresh context"),
    }
}

/// The hits and misses of this thread's strata cache during `f`.
pub(super) fn cache_counts<R>(f: impl FnOnce() -> R) -> (R, u64, u64) {
    let probe = Context::single_threaded();
    let before = probe.statistics().cache;
    let r = f();
    let after = probe.statistics().cache;
    (r, after.hits - before.hits, after.misses - before.misses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_inserts_catches_duplicates_and_changes() {
        assert_eq!(verify_inserts(&[1, 2, 3], |k| k + 1), 0);
        assert_eq!(verify_inserts(&[1, 1, 3], |k| [1, 1, 3][k]), 1);
        assert_eq!(verify_inserts(&[1, 2, 3], |_| 1), 2);
        assert_eq!(verify_inserts(&[1, UNSET], |k| [1, UNSET][k]), 1);
    }

    #[test]
    fn a_broken_interner_fails_its_checks() {
        // An "interner" that hands out a new identity on every call: every
        // hit and every second thread's insert must be counted as a failure.
        #[derive(Default)]
        struct Forgetful(core::sync::atomic::AtomicUsize);
        impl Interner<IntKey> for &Forgetful {
            fn intern(&mut self, _: &IntKey) -> usize {
                self.0.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
            }
        }
        impl Interner<str> for &Forgetful {
            fn intern(&mut self, _: &str) -> usize {
                self.0.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
            }
        }
        let inp = Inputs {
            hot: keys::hot_values(),
            values: keys::insert_values(100),
            strings: keys::strings(100),
            mix: [keys::mix_ops(100, 0), keys::mix_ops(50, 1)],
            mix_strings: keys::mix_strings(100),
            h: 1000,
        };
        let f = Forgetful::default();
        assert_eq!(hot_single(&mut &f, &inp).check, 1000);
        assert_eq!(hot_mt(&f, 3, &inp).check, 3000);
        assert_eq!(inserts_single(&mut &f, &inp).check, 100);
        assert_eq!(inserts_mt_disjoint(&f, 4, &inp).check, 100);
        assert_eq!(inserts_mt_same(&f, &inp).check, 100);
        let (a, b) = strings(&mut &f, &inp);
        assert_eq!((a.check, b.check), (0, 100));
        impl MixInterner for &Forgetful {
            fn intern_op(&mut self, _: MixOp, _: &[String]) -> usize {
                self.0.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
            }
        }
        // Every repeat and every re-asked operation fails.
        let distinct = |ops: &[MixOp]| ops.iter().collect::<std::collections::HashSet<_>>().len();
        let repeats = (100 - distinct(&inp.mix[0])) as u64;
        assert_eq!(
            mix_single(&mut &f, &inp).check,
            repeats + distinct(&inp.mix[0]) as u64
        );
        assert!(mix_mt(|| &f, &inp).check >= 50);
    }
}
