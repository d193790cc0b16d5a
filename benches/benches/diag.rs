//! Criterion benches of the diag layer: emitting into a buffered handler,
//! against the designs a user would otherwise pick.
//!
//! - `diag/emit_buffered`: one error (a static template, one inline
//!   argument, a span) built, emitted and consumed by a handler that buffers
//!   it, on one thread:
//!   - `strata (shared)`: `DiagEngine` with the handler stack read from an
//!     arc-swap snapshot, no engine lock held while the handler runs;
//!   - `strata (local)`: `DiagEngine<Local>`, the same code with `Cell`,
//!     `RefCell` and `Rc`;
//!   - `mlir-style (lock held)`: a minimal engine in MLIR's shape, whose
//!     handler list is behind one re-entrant mutex held while handlers run;
//!   - `floor (push to Mutex<Vec>)`: building the diagnostic and pushing it
//!     into the buffer directly, no engine at all.
//! - `diag/emit_buffered_2threads`: the same on two threads at once (time of
//!   one emission on each thread: wall time divided by the emissions each
//!   thread ran), shared engine against the MLIR-style engine.
//! - `diag/emit_formatting_2threads`: two threads again, with a handler
//!   that does real work outside any lock of its own (it formats the message
//!   and the code into a line, then pushes the line): the MLIR-style engine
//!   runs that work under its engine lock, strata runs it in parallel.
//! - `diag/emit_in_region`: one emission inside a task of an ordered region
//!   (buffered with its key; the buffer is dispatched in key order when the
//!   region ends, and that dispatch is included).
//! - `diag/render_and_print`: rendering with the human renderer and writing
//!   to an in-memory sink under the printer lock, one thread and two.
//!
//! Run: `cargo bench -p strata-bench --bench diag`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_main};
use parking_lot::{Mutex, ReentrantMutex};
use strata_diag::{
    DiagEngine, Diagnostic, EngineBuilder, Handled, HumanEmitter, Local, Policy, Severity, Shared,
    Span,
};

/// Buffered diagnostics are dropped in batches, so memory stays flat over
/// millions of iterations.
const BATCH: usize = 4096;

fn buffer_push(buf: &Mutex<Vec<Diagnostic>>, d: &Diagnostic) {
    let mut b = buf.lock();
    if b.len() == BATCH {
        b.clear();
    }
    b.push(d.clone());
}

/// A shared engine (or local one) whose only handler buffers and consumes.
fn engine<P: Policy>() -> (DiagEngine<P>, Span) {
    let e = EngineBuilder::<P>::new()
        .deduplicate(false)
        .sink(std::io::sink())
        .build();
    let id = e
        .sources()
        .add_file("b.mlir", "%0 = arith.addi %a, %b : i32\n");
    let span = e.sources().file(id).unwrap().find("arith.addi").unwrap();
    (e, span)
}

fn buffering_handler<P: Policy>(e: &DiagEngine<P>) -> strata_diag::HandlerScope<'_, P> {
    let buf = std::sync::Arc::new(Mutex::new(Vec::with_capacity(BATCH)));
    e.push_handler(move |_: &DiagEngine<P>, d: &Diagnostic| {
        buffer_push(&buf, d);
        Handled::Consumed
    })
}

/// MLIR's shape: the handler list behind one re-entrant mutex, held while
/// the handlers run (a handler may emit again on the same thread).
type MlirHandler = Box<dyn Fn(&Diagnostic) -> bool + Send + Sync>;

struct MlirStyle {
    handlers: ReentrantMutex<Vec<MlirHandler>>,
}

impl MlirStyle {
    fn new() -> Self {
        let buf = Mutex::new(Vec::with_capacity(BATCH));
        let h: MlirHandler = Box::new(move |d| {
            buffer_push(&buf, d);
            true
        });
        Self {
            handlers: ReentrantMutex::new(vec![h]),
        }
    }

    fn emit(&self, d: Diagnostic) {
        let handlers = self.handlers.lock();
        for h in handlers.iter().rev() {
            if h(&d) {
                return;
            }
        }
    }
}

fn error_at(span: Span, i: u64) -> Diagnostic {
    Diagnostic::new(Severity::Error, span, "expected {} operands").with_arg(i)
}

fn emit_buffered(c: &mut Criterion) {
    let mut g = c.benchmark_group("diag/emit_buffered");
    let (shared, span) = engine::<Shared>();
    let _h = buffering_handler(&shared);
    let mut i = 0u64;
    g.bench_function("strata (shared)", |b| {
        b.iter(|| {
            i += 1;
            black_box(shared.error(span, "expected {} operands").arg(i).emit())
        })
    });
    let (local, span) = engine::<Local>();
    let _hl = buffering_handler(&local);
    g.bench_function("strata (local)", |b| {
        b.iter(|| {
            i += 1;
            black_box(local.error(span, "expected {} operands").arg(i).emit())
        })
    });
    let mlir = MlirStyle::new();
    g.bench_function("mlir-style (lock held)", |b| {
        b.iter(|| {
            i += 1;
            mlir.emit(error_at(span, i));
        })
    });
    let floor = Mutex::new(Vec::with_capacity(BATCH));
    g.bench_function("floor (push to Mutex<Vec>)", |b| {
        b.iter(|| {
            i += 1;
            buffer_push(&floor, &error_at(span, i));
        })
    });
    g.finish();
}

/// Runs `iters` emissions on each of two threads and returns the wall time.
fn two_threads(iters: u64, emit: impl Fn(u64) + Sync) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for t in 0..2 {
            let emit = &emit;
            s.spawn(move || {
                for i in 0..iters {
                    emit(i * 2 + t);
                }
            });
        }
    });
    start.elapsed()
}

fn emit_buffered_2threads(c: &mut Criterion) {
    let mut g = c.benchmark_group("diag/emit_buffered_2threads");
    let (shared, span) = engine::<Shared>();
    let _h = buffering_handler(&shared);
    g.bench_function("strata (shared)", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |i| {
                black_box(shared.error(span, "expected {} operands").arg(i).emit());
            })
        })
    });
    let mlir = MlirStyle::new();
    g.bench_function("mlir-style (lock held)", |b| {
        b.iter_custom(|iters| two_threads(iters, |i| mlir.emit(error_at(span, i))))
    });
    g.finish();
}

/// The formatting handler's work: a rendered line, pushed in batches.
fn format_push(buf: &Mutex<Vec<String>>, d: &Diagnostic) {
    let line = format!(
        "{}[{}]: {} ({:?})",
        d.severity(),
        d.code().unwrap_or("-"),
        d.message(),
        d.location()
    );
    let mut b = buf.lock();
    if b.len() == BATCH {
        b.clear();
    }
    b.push(line);
}

fn emit_formatting_2threads(c: &mut Criterion) {
    let mut g = c.benchmark_group("diag/emit_formatting_2threads");
    let (shared, span) = engine::<Shared>();
    let buf = std::sync::Arc::new(Mutex::new(Vec::with_capacity(BATCH)));
    let _h = shared.push_handler(move |_: &DiagEngine, d: &Diagnostic| {
        format_push(&buf, d);
        Handled::Consumed
    });
    g.bench_function("strata (shared)", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |i| {
                black_box(shared.error(span, "expected {} operands").arg(i).emit());
            })
        })
    });
    let lines = Mutex::new(Vec::with_capacity(BATCH));
    let h: MlirHandler = Box::new(move |d| {
        format_push(&lines, d);
        true
    });
    let mlir = MlirStyle {
        handlers: ReentrantMutex::new(vec![h]),
    };
    g.bench_function("mlir-style (lock held)", |b| {
        b.iter_custom(|iters| two_threads(iters, |i| mlir.emit(error_at(span, i))))
    });
    g.finish();
}

fn emit_in_region(c: &mut Criterion) {
    let mut g = c.benchmark_group("diag/emit_in_region");
    let (shared, span) = engine::<Shared>();
    let _h = buffering_handler(&shared);
    g.bench_function("strata (shared), 64 per region", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            let mut left = iters;
            while left > 0 {
                let n = left.min(64);
                shared.ordered_region(|region| {
                    for i in (0..n).rev() {
                        region.task(i as u32, || {
                            black_box(shared.error(span, "expected {} operands").arg(i).emit());
                        });
                    }
                });
                left -= n;
            }
            start.elapsed()
        })
    });
    g.bench_function("strata (shared), outside a region", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(shared.error(span, "expected {} operands").arg(i).emit())
        })
    });
    g.finish();
}

fn render_and_print(c: &mut Criterion) {
    let mut g = c.benchmark_group("diag/render_and_print");
    let e = EngineBuilder::<Shared>::new()
        .deduplicate(false)
        .emitter(HumanEmitter::new())
        .sink(std::io::sink())
        .build();
    let id = e
        .sources()
        .add_file("b.mlir", "%0 = arith.addi %a, %b : i32\n");
    let file = e.sources().file(id).unwrap();
    let span = file.find("arith.addi").unwrap();
    let def = file.find("%0").unwrap();
    let emit = |i: u64| {
        e.error(span, "expected {} operands")
            .arg(i)
            .primary_label("here")
            .label(def, "result")
            .emit();
    };
    g.bench_function("human, 1 thread", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            emit(i);
        })
    });
    g.bench_function("human, 2 threads", |b| {
        b.iter_custom(|iters| two_threads(iters, emit))
    });
    g.bench_function("floor: render only", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            black_box(
                e.render(
                    &error_at(span, i)
                        .with_primary_label("here")
                        .with_label(def, "result"),
                ),
            )
        })
    });
    g.finish();
}

/// Every diag bench, with the command line's settings (what
/// `criterion_group!` would generate, written out so that it is documented).
fn benches() {
    let mut c = Criterion::default().configure_from_args();
    emit_buffered(&mut c);
    emit_buffered_2threads(&mut c);
    emit_formatting_2threads(&mut c);
    emit_in_region(&mut c);
    render_and_print(&mut c);
}

criterion_main!(benches);
