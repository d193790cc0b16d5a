//! Criterion benches of the refcount layer: `Ref` against the handles a user
//! would otherwise pick.
//!
//! - `refcount/clone_drop`: one clone and one drop of a strong handle, on one
//!   thread: `Ref<T>` (shared policy) against `std::sync::Arc`, and
//!   `Ref<T, Local>` against `std::rc::Rc`.
//! - `refcount/upgrade_drop`: one upgrade of a weak handle and the drop of the
//!   strong handle it gives, the same four.
//! - `refcount/contended_clone_drop`: two threads clone and drop handles to
//!   one object at once (the count's cache line bounces between cores):
//!   `Ref<T>` against `Arc`; the time is that of one clone-and-drop pair on
//!   each thread (wall time divided by the pairs each thread ran).
//!
//! Run: `cargo bench -p strata-bench --bench refcount`.

use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_main};
use strata_refcount::Ref;
use strata_sync::policy::Local;

fn clone_drop(c: &mut Criterion) {
    let mut g = c.benchmark_group("refcount/clone_drop");
    let r = Ref::new(7_u64);
    g.bench_function("strata Ref (shared)", |b| b.iter(|| black_box(r.clone())));
    let a = Arc::new(7_u64);
    g.bench_function("std Arc", |b| b.iter(|| black_box(a.clone())));
    let l = Ref::new_in(7_u64, Local);
    g.bench_function("strata Ref (local)", |b| b.iter(|| black_box(l.clone())));
    let rc = Rc::new(7_u64);
    g.bench_function("std Rc", |b| b.iter(|| black_box(rc.clone())));
    g.finish();
}

fn upgrade_drop(c: &mut Criterion) {
    let mut g = c.benchmark_group("refcount/upgrade_drop");
    let r = Ref::new(7_u64);
    let w = Ref::downgrade(&r);
    g.bench_function("strata Ref (shared)", |b| b.iter(|| black_box(w.upgrade())));
    let a = Arc::new(7_u64);
    let aw = Arc::downgrade(&a);
    g.bench_function("std Arc", |b| b.iter(|| black_box(aw.upgrade())));
    let l = Ref::new_in(7_u64, Local);
    let lw = Ref::downgrade(&l);
    g.bench_function("strata Ref (local)", |b| b.iter(|| black_box(lw.upgrade())));
    let rc = Rc::new(7_u64);
    let rcw = Rc::downgrade(&rc);
    g.bench_function("std Rc", |b| b.iter(|| black_box(rcw.upgrade())));
    g.finish();
}

/// Runs `iters` clone-and-drop pairs on each of two threads sharing `handle`
/// and returns the elapsed wall time. Criterion divides it by `iters`, giving
/// the time of one pair on each thread: a count that scaled perfectly would
/// match the one-thread figure.
fn two_threads<H: Clone + Send + Sync>(handle: &H, iters: u64) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                for _ in 0..iters {
                    black_box(handle.clone());
                }
            });
        }
    });
    start.elapsed()
}

fn contended_clone_drop(c: &mut Criterion) {
    let mut g = c.benchmark_group("refcount/contended_clone_drop");
    let r = Ref::new(7_u64);
    g.bench_function("strata Ref (shared)", |b| {
        b.iter_custom(|iters| two_threads(&r, iters))
    });
    let a = Arc::new(7_u64);
    g.bench_function("std Arc", |b| b.iter_custom(|iters| two_threads(&a, iters)));
    g.finish();
}

/// Every refcount bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    let mut c = Criterion::default().configure_from_args();
    clone_drop(&mut c);
    upgrade_drop(&mut c);
    contended_clone_drop(&mut c);
}

criterion_main!(benches);
