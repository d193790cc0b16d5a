//! A demo of the whole stack: a synthetic module of thousands of functions
//! run through three parallel passes that intern types, attributes and affine
//! maps and report diagnostics.
//!
//! ```text
//! cargo run --release -p strata-builtin --example parallel_compile -- [--functions N] [--single]
//! ```
//!
//! Standard output (the diagnostics, in function order, each pass's failures
//! and the table of interned counts) is identical from run to run and between
//! the thread-safe and the single-threaded context; timings and contention
//! figures, which are not, go to standard error.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use strata_builtin::DYNAMIC;
use strata_builtin::prelude::*;
use strata_ctx::diag::{EngineBuilder, FileId, HumanEmitter, Span};
use strata_ctx::{Attribute, Context, Local, Policy, Shared, Type};

/// One synthetic function: its signature and body, described by numbers.
struct Function {
    name: String,
    /// Byte span of the function's name in the module text.
    name_span: (usize, usize),
    args: Vec<u32>,
    results: Vec<u32>,
    constants: Vec<i64>,
    /// Tile sizes of the function's loop nest (0 means "divide by zero").
    tiles: Vec<i64>,
}

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Builds the module: its text (for diagnostics' source spans) and the
/// functions, from a fixed seed.
fn synthesize(n: usize) -> (String, Vec<Function>) {
    let mut text = String::new();
    let mut functions = Vec::with_capacity(n);
    let mut rng = 0x5eed_u64;
    for i in 0..n {
        let nargs = (splitmix64(&mut rng) % 8) as usize;
        let args: Vec<u32> = (0..nargs)
            .map(|_| (splitmix64(&mut rng) % 12) as u32)
            .collect();
        let results: Vec<u32> = (0..(splitmix64(&mut rng) % 3))
            .map(|_| (splitmix64(&mut rng) % 12) as u32)
            .collect();
        let constants: Vec<i64> = (0..6)
            .map(|_| (splitmix64(&mut rng) % 64) as i64 - 8)
            .collect();
        let tiles: Vec<i64> = (0..2)
            .map(|_| {
                if i % 997 == 13 {
                    0
                } else {
                    1 << (splitmix64(&mut rng) % 4)
                }
            })
            .collect();
        let name = format!("f{i}");
        text.push_str("func.func @");
        let start = text.len();
        text.push_str(&name);
        let end = text.len();
        text.push_str(&format!("(/* {nargs} arguments */) {{\n  // body\n}}\n"));
        functions.push(Function {
            name,
            name_span: (start, end),
            args,
            results,
            constants,
            tiles,
        });
    }
    (text, functions)
}

/// The element types the synthetic signatures draw from.
fn type_for<P: Policy>(ctx: &Context<P>, code: u32) -> Type<'_> {
    match code {
        0 => ctx.i1().into(),
        1 => ctx.i8().into(),
        2 => ctx.i32().into(),
        3 => ctx.i64().into(),
        4 => ctx.index().into(),
        5 => ctx.f16().into(),
        6 => ctx.f32().into(),
        7 => ctx.f64().into(),
        8 => ctx.tensor_type(&[4, DYNAMIC], ctx.f32()).into(),
        9 => ctx.memref_type(&[16, 16], ctx.f16()).into(),
        10 => ctx.vector_type(&[8], ctx.i32()).into(),
        _ => ctx.complex_type(ctx.f64()).into(),
    }
}

/// Pass 1: intern every signature; warn about functions with many arguments.
fn signatures<P: Policy>(
    ctx: &Context<P>,
    file: FileId,
    i: usize,
    f: &Function,
) -> Result<(), String> {
    let args: Vec<Type<'_>> = f.args.iter().map(|&c| type_for(ctx, c)).collect();
    let results: Vec<Type<'_>> = f.results.iter().map(|&c| type_for(ctx, c)).collect();
    let fty = ctx.function_type(&args, &results);
    if args.len() > 6 {
        ctx.diagnostics()
            .warning(
                Span::new(file, f.name_span.0 as u32, f.name_span.1 as u32),
                "function `@{}` takes {} arguments",
            )
            .arg(f.name.clone())
            .arg(args.len())
            .primary_label(format!("has type {fty}"))
            .note("functions with more than 6 arguments pass the rest on the stack")
            .emit();
    }
    let _ = i;
    Ok(())
}

/// Pass 2: fold constants into attributes and attach an attribute
/// dictionary to each op.
fn constants<P: Policy>(ctx: &Context<P>, i: usize, f: &Function) -> Result<(), String> {
    let mut attrs: Vec<Attribute<'_>> = Vec::new();
    for (k, &c) in f.constants.iter().enumerate() {
        let value = ctx.integer_attr(ctx.i32(), i128::from(c));
        let dict = ctx.dictionary_attr(&[
            ("value", value.into()),
            ("sym_name", ctx.string_attr(&format!("c{k}")).into()),
        ]);
        attrs.push(dict.into());
        attrs.push(ctx.float_attr(ctx.f32(), c as f64 * 0.5).into());
    }
    let _ = ctx.array_attr(&attrs);
    let _ = ctx.fused_loc(
        &[
            ctx.file_loc("module.mlir", i as u32 + 1, 1).into(),
            ctx.name_loc(&f.name, ctx.unknown_loc()).into(),
        ],
        None,
    );
    Ok(())
}

/// Pass 3: build the affine maps of the function's tiled loop nest; a zero
/// tile size is an error.
fn affine<P: Policy>(ctx: &Context<P>, file: FileId, f: &Function) -> Result<(), String> {
    let a = ctx.affine();
    let (d0, d1, s0) = (a.dim(0), a.dim(1), a.symbol(0));
    for &t in &f.tiles {
        if t == 0 {
            ctx.diagnostics()
                .error(
                    Span::new(file, f.name_span.0 as u32, f.name_span.1 as u32),
                    "tile size of zero in `@{}`",
                )
                .arg(f.name.clone())
                .code("E0042")
                .help("tile sizes must be positive")
                .emit();
            return Err(format!("{}: zero tile size", f.name));
        }
        let tiled = a.map(
            2,
            1,
            &[
                a.floor_div(d0, a.constant(t)),
                a.add(a.mul(d1, a.constant(t)), s0),
                a.modulo(d0, a.constant(t)),
            ],
        );
        let _ = tiled;
    }
    Ok(())
}

/// The three passes.
#[derive(Clone, Copy, Debug)]
enum Pass {
    Signatures,
    Constants,
    Affine,
}

impl Pass {
    const ALL: [Pass; 3] = [Pass::Signatures, Pass::Constants, Pass::Affine];

    fn name(self) -> &'static str {
        match self {
            Pass::Signatures => "signatures",
            Pass::Constants => "constants",
            Pass::Affine => "affine",
        }
    }

    fn apply<P: Policy>(
        self,
        ctx: &Context<P>,
        file: FileId,
        i: usize,
        f: &Function,
    ) -> Result<(), String> {
        match self {
            Pass::Signatures => signatures(ctx, file, i, f),
            Pass::Constants => constants(ctx, i, f),
            Pass::Affine => affine(ctx, file, f),
        }
    }
}

/// Runs a pass over every function with the context's parallel driver.
trait Drive {
    fn drive(
        &self,
        functions: &[Function],
        pass: Pass,
        file: FileId,
        bar: &ProgressBar,
    ) -> Result<(), Vec<(usize, String)>>;
}

impl Drive for Context<Shared> {
    fn drive(
        &self,
        functions: &[Function],
        pass: Pass,
        file: FileId,
        bar: &ProgressBar,
    ) -> Result<(), Vec<(usize, String)>> {
        self.failable_parallel_for_each(functions, |i, f| {
            bar.inc(1);
            pass.apply(self, file, i, f)
        })
    }
}

impl Drive for Context<Local> {
    fn drive(
        &self,
        functions: &[Function],
        pass: Pass,
        file: FileId,
        bar: &ProgressBar,
    ) -> Result<(), Vec<(usize, String)>> {
        self.failable_parallel_for_each(functions, |i, f| {
            bar.inc(1);
            pass.apply(self, file, i, f)
        })
    }
}

fn run<P: Policy>(ctx: &Context<P>, text: &str, functions: &[Function])
where
    Context<P>: Drive,
{
    let start = Instant::now();
    let file = ctx.diagnostics().sources().add_file("module.mlir", text);
    for pass in Pass::ALL {
        let pass_start = Instant::now();
        let bar = ProgressBar::with_draw_target(
            Some(functions.len() as u64),
            ProgressDrawTarget::stderr(),
        );
        bar.set_style(
            ProgressStyle::with_template("{prefix:>12} [{bar:40}] {pos}/{len}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(pass.name());
        let outcome = ctx.drive(functions, pass, file, &bar);
        bar.finish_and_clear();
        match outcome {
            Ok(()) => println!(
                "pass {}: {} functions, no failure",
                pass.name(),
                functions.len()
            ),
            Err(failures) => {
                let names: Vec<&str> = failures
                    .iter()
                    .map(|(i, _)| functions[*i].name.as_str())
                    .collect();
                println!(
                    "pass {}: {} of {} functions failed: {}",
                    pass.name(),
                    failures.len(),
                    functions.len(),
                    names.join(", ")
                );
            }
        }
        eprintln!(
            "[timing] pass {}: {:.1} ms",
            pass.name(),
            pass_start.elapsed().as_secs_f64() * 1e3
        );
    }
    report(ctx, start);
}

fn main() {
    let mut n = 4000usize;
    let mut single = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--functions" => {
                n = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--functions N")
            }
            "--single" => single = true,
            other => panic!("unknown argument `{other}` (expected --functions N, --single)"),
        }
    }
    let (text, functions) = synthesize(n);
    if single {
        let engine = EngineBuilder::<Local>::new()
            .emitter(HumanEmitter::new())
            .sink(std::io::stdout())
            .build();
        run(&Context::<Local>::with_engine(1, engine), &text, &functions);
    } else {
        let engine = EngineBuilder::<Shared>::new()
            .emitter(HumanEmitter::new())
            .sink(std::io::stdout())
            .build();
        run(
            &Context::with_engine(strata_table::default_shard_count::<Shared>(), engine),
            &text,
            &functions,
        );
    }
}

fn report<P: Policy>(ctx: &Context<P>, start: Instant) {
    ctx.diagnostics().emit_summary();
    let stats = ctx.statistics();
    println!("\ninterned values (deterministic):");
    print!("{}", stats.counts_table());
    eprintln!(
        "\n[timing] total {:.1} ms, mode {}",
        start.elapsed().as_secs_f64() * 1e3,
        ctx.mode()
    );
    eprintln!("{stats}");
}
