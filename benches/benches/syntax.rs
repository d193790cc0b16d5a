//! Parse + intern throughput of strata-syntax over its conformance corpus
//! (the forms of MLIR 19's tests that strata parses today), in bytes and in
//! forms per second: one thread into a fresh context (every form a miss),
//! one thread into a warm context (every form a hit), and several threads
//! parsing the whole corpus into one context.
//!
//! `cargo bench -p strata-bench --bench syntax`

use std::hash::BuildHasher;

use criterion::{BatchSize, Criterion, Throughput, black_box, criterion_main};
use strata_ctx::{Context, Policy};

struct Form {
    kind: u8,
    text: String,
}

fn parse<P: Policy, S: BuildHasher + 'static>(ctx: &Context<P, S>, f: &Form) -> Option<*const ()> {
    match f.kind {
        b't' => strata_syntax::parse_type(ctx, &f.text)
            .ok()
            .map(|h| h.as_ptr()),
        b'a' => strata_syntax::parse_attribute(ctx, &f.text)
            .ok()
            .map(|h| h.as_ptr()),
        _ => strata_syntax::parse_location(ctx, &f.text)
            .ok()
            .map(|h| h.as_ptr()),
    }
}

/// The corpus forms that parse today (inputs and canonical prints).
fn corpus() -> Vec<Form> {
    let ctx = Context::new();
    let mut out = Vec::new();
    for line in include_str!("../../crates/syntax/tests/oracle/accepted.jsonl").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a corpus line is JSON");
        let kind = v["kind"].as_str().unwrap_or("loc").as_bytes()[0];
        for key in ["input", "print"] {
            let f = Form {
                kind,
                text: v[key].as_str().unwrap_or_default().to_owned(),
            };
            if parse(&ctx, &f).is_some() {
                out.push(f);
            }
        }
    }
    out
}

fn parse_all<P: Policy, S: BuildHasher + 'static>(ctx: &Context<P, S>, forms: &[Form]) -> usize {
    forms
        .iter()
        .filter(|f| black_box(parse(ctx, f)).is_some())
        .count()
}

fn bench(c: &mut Criterion) {
    let forms = corpus();
    let bytes: u64 = forms.iter().map(|f| f.text.len() as u64).sum();
    for (unit, throughput) in [
        ("bytes", Throughput::Bytes(bytes)),
        ("forms", Throughput::Elements(forms.len() as u64)),
    ] {
        let mut g = c.benchmark_group(format!("syntax/{unit}"));
        g.throughput(throughput.clone());
        g.bench_function("1-thread/fresh-context", |b| {
            b.iter_batched(
                Context::new,
                |ctx| parse_all(&ctx, &forms),
                BatchSize::SmallInput,
            )
        });
        g.bench_function("1-thread/single-threaded-context", |b| {
            b.iter_batched(
                Context::single_threaded,
                |ctx| parse_all(&ctx, &forms),
                BatchSize::SmallInput,
            )
        });
        let warm = Context::new();
        parse_all(&warm, &forms);
        g.bench_function("1-thread/warm-context", |b| {
            b.iter(|| parse_all(&warm, &forms))
        });
        g.finish();

        for threads in [2usize, 4] {
            let mut g = c.benchmark_group(format!("syntax/{unit}/{threads}-threads"));
            g.throughput(match &throughput {
                Throughput::Bytes(n) => Throughput::Bytes(n * threads as u64),
                Throughput::Elements(n) => Throughput::Elements(n * threads as u64),
                other => other.clone(),
            });
            g.bench_function("one-fresh-context", |b| {
                b.iter_batched(
                    Context::new,
                    |ctx| {
                        std::thread::scope(|s| {
                            let ws: Vec<_> = (0..threads)
                                .map(|_| s.spawn(|| parse_all(&ctx, &forms)))
                                .collect();
                            ws.into_iter().map(|w| w.join().unwrap()).sum::<usize>()
                        })
                    },
                    BatchSize::SmallInput,
                )
            });
            g.finish();
        }
    }
}

fn benches() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
}

criterion_main!(benches);
