//! strata-opt: reads MLIR files (the generic operation form, and the custom
//! forms strata defines), parses them in parallel into one strata context
//! and prints them back as mlir-opt 19 does.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

use std::ffi::OsString;
use std::hash::BuildHasher;
use std::io::{IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser as ClapParser, ValueEnum};
use rustc_hash::FxBuildHasher;
use strata_ctx::diag::EngineBuilder;
use strata_ctx::{Context, Local, Policy, Shared};
use strata_diag::{
    Diagnostic, Emitter, FileId, HumanEmitter, JsonEmitter, MlirEmitter, Severity, SourceManager,
    SourceSet, Span,
};
use strata_ir::OpRegistry;
use strata_module::{Chunk, ParseConfig, PrintConfig, PrintOptions, split_input};
use strata_syntax::{ParseError, Syntax};

/// The keyed hasher of the default context: foldhash, keyed at random per
/// process and per context. Keys crafted to collide under FxHash do not
/// collide under it (its random key is secret and every word goes through
/// a keyed 128-bit folded multiply), and it costs a few instructions per
/// word where SipHash-1-3 (`std::hash::RandomState`) costs about twenty.
type KeyedState = foldhash::quality::RandomState;

/// How diagnostics are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum DiagFormat {
    /// mlir-opt's text, byte for byte: `FILE:LINE:COL: error: MESSAGE`, the
    /// source line and a caret.
    Mlir,
    /// rustc-style text with a snippet.
    #[value(alias = "text")]
    Rustc,
    /// JSON Lines (rustc's JSON subset).
    Json,
}

/// A boolean as LLVM's command line reads one (`--color=false`).
fn llvm_bool(value: &str) -> Result<bool, String> {
    match value {
        "" | "true" | "TRUE" | "True" | "1" => Ok(true),
        "false" | "FALSE" | "False" | "0" => Ok(false),
        _ => Err(format!(
            "'{value}' is invalid value for boolean argument! Try 0 or 1"
        )),
    }
}

/// Which context the file is interned into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ContextKind {
    /// The thread-safe context with a seeded (keyed) hasher: the default, so
    /// that a file crafted to collide under FxHash stays linear.
    Seeded,
    /// The thread-safe context with FxHash (fastest on trusted input).
    Fx,
    /// The single-threaded context (no locks, no atomics; one thread).
    Single,
}

/// The command line, named after `mlir-opt`'s flags.
#[derive(ClapParser, Debug)]
#[command(
    name = "strata-opt",
    version,
    about = "Parse MLIR in parallel into one strata context and print it back as mlir-opt 19 does"
)]
struct Args {
    /// The input file (`-` for standard input).
    #[arg(default_value = "-")]
    input: String,
    /// The output file (`-` for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,
    /// Split the input at `// -----` and process each chunk on its own.
    #[arg(long = "split-input-file")]
    split_input_file: bool,
    /// Check the diagnostics against the `expected-*` directives in the input.
    #[arg(long = "verify-diagnostics")]
    verify_diagnostics: bool,
    /// Accepted for compatibility: every operation is unregistered.
    #[arg(long = "allow-unregistered-dialect")]
    allow_unregistered_dialect: bool,
    /// Print every operation in the generic form, even those with a custom
    /// form.
    #[arg(long = "mlir-print-op-generic")]
    print_op_generic: bool,
    /// Print the locations of operations and block arguments.
    #[arg(long = "mlir-print-debuginfo")]
    print_debuginfo: bool,
    /// Print no aliases: every location in place.
    #[arg(long = "mlir-print-local-scope")]
    print_local_scope: bool,
    /// Print an elements attribute of more elements than this, unless it
    /// is a splat, as `dense_resource<__elided__>`.
    #[arg(long = "mlir-elide-elementsattrs-if-larger")]
    elide_elementsattrs_if_larger: Option<u64>,
    /// Attach to an error about an operation a note that prints the
    /// operation (`--mlir-print-op-on-diagnostic=false`: never; always off
    /// under `--verify-diagnostics`, as in mlir-opt).
    #[arg(
        long = "mlir-print-op-on-diagnostic",
        num_args = 0..=1,
        require_equals = true,
        default_value = "true",
        default_missing_value = "true",
        value_parser = llvm_bool
    )]
    print_op_on_diagnostic: bool,
    /// Parse on one thread.
    #[arg(long = "mlir-disable-threading")]
    disable_threading: bool,
    /// Parse on this many threads (default: all cores).
    #[arg(long = "threads")]
    threads: Option<usize>,
    /// The context to intern into.
    #[arg(long = "context", value_enum, default_value = "seeded")]
    context: ContextKind,
    /// Print the time of each phase (read, scan, parse, print) to stderr.
    #[arg(long = "mlir-timing")]
    timing: bool,
    /// Print the context's statistics to stderr: interned counts and memory
    /// per kind, thread-cache hit rate, lock contention.
    #[arg(long = "stats")]
    stats: bool,
    /// The format of diagnostics.
    #[arg(long = "diagnostics-format", value_enum, default_value = "mlir")]
    diagnostics_format: DiagFormat,
    /// Colour the diagnostics (`--color=false`: never; default: when
    /// standard error is a terminal).
    #[arg(
        long = "color",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        value_parser = llvm_bool
    )]
    color: Option<bool>,
}

/// Times of the phases, summed over chunks.
#[derive(Default, Debug)]
struct Timing {
    read: Duration,
    scan: Duration,
    parse: Duration,
    print: Duration,
}

struct Run<'a> {
    args: &'a Args,
    emitter: Box<dyn Emitter>,
    diagnostics: String,
    timing: Timing,
    stats: Vec<String>,
    progress: Option<indicatif::ProgressBar>,
    /// The operations printed in the generic form that mlir-opt-19 prints
    /// in a custom form strata does not have (see [`generic_notice`]).
    generic_only: std::collections::BTreeSet<String>,
}

/// The note strata-opt writes once on standard error, after the
/// diagnostics, when it printed operations generic that mlir-opt-19 prints
/// in their custom forms: its output then differs from mlir-opt-19's in
/// those operations only.
fn generic_notice(names: &std::collections::BTreeSet<String>) -> Option<String> {
    if names.is_empty() {
        return None;
    }
    let list: Vec<&str> = names.iter().map(String::as_str).collect();
    Some(format!(
        "strata-opt: note: printed in the generic form, which mlir-opt-19 registers and may print in a custom form strata does not have: {}\n",
        list.join(", ")
    ))
}

impl Run<'_> {
    /// Renders every diagnostic of `error` (its follow-up errors too),
    /// located in `text` (named `name`).
    fn report(&mut self, name: &str, text: &str, error: &ParseError) {
        self.render(name, text, |file| error.to_diagnostics(file, 0));
    }

    /// Renders the diagnostics `make` builds in the file `text` (named
    /// `name`).
    fn render(&mut self, name: &str, text: &str, make: impl FnOnce(FileId) -> Vec<Diagnostic>) {
        let manager = SourceManager::<strata_diag::Shared>::new();
        let file = manager.add_file(name, text);
        let mut sources = SourceSet::new();
        sources.insert(&manager, file);
        for diagnostic in make(file) {
            self.emitter
                .render(&diagnostic, &sources, &mut self.diagnostics);
        }
    }

    fn options(&self) -> PrintOptions {
        PrintOptions {
            debug_info: self.args.print_debuginfo,
            local_scope: self.args.print_local_scope,
            elide_elements_above: self.args.elide_elementsattrs_if_larger,
        }
    }

    /// How a verifier error prints its operation (see
    /// [`ParseConfig::op_on_diagnostic`]): with the printing's flags, and
    /// not at all under `--verify-diagnostics`.
    fn op_note(&self) -> Option<PrintOptions> {
        (self.args.print_op_on_diagnostic && !self.args.verify_diagnostics).then(|| self.options())
    }

    /// Parses and prints one buffer; `Err` carries the parse error.
    fn process(&mut self, name: &str, text: &str) -> Result<String, ParseError> {
        match self.args.context {
            ContextKind::Seeded => {
                let mut ctx: Context<Shared, KeyedState> =
                    Context::with_hasher(EngineBuilder::new().build(), KeyedState::default());
                let syntax = strata_cli::syntax();
                syntax.register_dialects_in(&mut ctx);
                let ops = strata_cli::ops::<Shared, KeyedState>();
                self.process_shared(&ctx, &syntax, &ops, name, text)
            }
            ContextKind::Fx => {
                let mut ctx = Context::new();
                let syntax = strata_cli::syntax();
                syntax.register_dialects_in(&mut ctx);
                let ops = strata_cli::ops::<Shared, FxBuildHasher>();
                self.process_shared(&ctx, &syntax, &ops, name, text)
            }
            ContextKind::Single => {
                let mut ctx: Context<Local> = Context::single_threaded();
                let syntax = strata_cli::syntax();
                syntax.register_dialects_in(&mut ctx);
                let ops = strata_cli::ops::<Local, FxBuildHasher>();
                let started = Instant::now();
                let (module, stats) = ParseConfig::new()
                    .syntax(&syntax)
                    .ops(&ops)
                    .name(name)
                    .op_on_diagnostic(self.op_note())
                    .parse_with_stats(&ctx, text);
                let scan = stats.scan;
                self.timing.scan += scan;
                self.timing.parse += started.elapsed() - scan;
                let module = module?;
                self.finish(&ctx, &ops, &module, false)
            }
        }
    }

    fn process_shared<S: BuildHasher + Sync + Send + 'static>(
        &mut self,
        ctx: &Context<Shared, S>,
        syntax: &Syntax<Shared, S>,
        ops: &OpRegistry,
        name: &str,
        text: &str,
    ) -> Result<String, ParseError> {
        let started = Instant::now();
        let one = self.args.disable_threading || self.args.threads == Some(1);
        let (module, stats) = ParseConfig::new()
            .syntax(syntax)
            .ops(ops)
            .name(name)
            .parallel(!one)
            .op_on_diagnostic(self.op_note())
            .parse_with_stats(ctx, text);
        self.timing.scan += stats.scan;
        self.timing.parse += started.elapsed() - stats.scan;
        let module = module?;
        let out = self.finish(ctx, ops, &module, !one);
        if !one {
            // The bodies were built on many threads: free them on many too.
            use rayon::prelude::*;
            let bodies: Vec<_> = module
                .body
                .into_children()
                .into_iter()
                .flat_map(strata_ir::Body::into_children)
                .collect();
            bodies.into_par_iter().for_each(drop);
        }
        out
    }

    /// Prints `module` (its top-level operations on the rayon pool when
    /// `parallel`) and gathers the statistics.
    fn finish<P: Policy, S: BuildHasher>(
        &mut self,
        ctx: &Context<P, S>,
        ops: &OpRegistry,
        module: &strata_module::Module<'_>,
        parallel: bool,
    ) -> Result<String, ParseError> {
        if let Some(p) = &self.progress {
            p.set_message("printing");
        }
        let started = Instant::now();
        let config = PrintConfig::new()
            .options(self.options())
            .ops(ops)
            .generic(self.args.print_op_generic)
            .parallel(parallel);
        let (out, generic_only) = config.print_listing_generic(module);
        self.generic_only.extend(generic_only);
        self.timing.print += started.elapsed();
        if self.args.stats {
            let s = ctx.statistics();
            self.stats.push(format!(
                "{} operations in {} bodies\n{s}",
                module.num_operations(),
                module.bodies()
            ));
        }
        Ok(out)
    }
}

fn read_input(path: &str) -> std::io::Result<Vec<u8>> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::stdin().read_to_end(&mut v)?;
        Ok(v)
    } else {
        std::fs::read(path)
    }
}

/// The command line with `mlir-opt`'s single-dash long flags
/// (`-split-input-file`, `-mlir-print-debuginfo`, `-o=out.mlir` stays) as
/// the double-dash flags they are: LLVM's command-line library takes both,
/// and MLIR's own tests write the first. An argument after `--`, a lone
/// `-` (standard input) and a one-letter flag (`-o`, `-h`, `-V`) are kept.
fn llvm_style_args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut options = true;
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            if i == 0 || !options {
                return arg;
            }
            if arg == "--" {
                options = false;
                return arg;
            }
            let Some(text) = arg.to_str() else {
                return arg;
            };
            let name = text.split('=').next().unwrap_or(text);
            match name.strip_prefix('-') {
                Some(rest)
                    if rest.len() > 1 && rest.starts_with(|c: char| c.is_ascii_alphabetic()) =>
                {
                    OsString::from(format!("-{text}"))
                }
                _ => arg,
            }
        })
        .collect()
}

fn main() -> ExitCode {
    let args = Args::parse_from(llvm_style_args(std::env::args_os()));
    let _ = args.allow_unregistered_dialect;
    // Workers with a large stack: the parser's nesting limits keep it far
    // from overflowing any stack, and this keeps a wide margin for debug
    // builds. Everything below runs on this pool (the sequential parse too).
    let mut pool = rayon::ThreadPoolBuilder::new().stack_size(64 << 20);
    if let Some(n) = args.threads.filter(|&n| n > 0) {
        pool = pool.num_threads(n);
    }
    match pool.build() {
        Ok(pool) => pool.install(|| run_main(&args)),
        Err(_) => run_main(&args),
    }
}

fn run_main(args: &Args) -> ExitCode {
    let color = args
        .color
        .unwrap_or_else(|| std::io::stderr().is_terminal());
    let emitter: Box<dyn Emitter> = match args.diagnostics_format {
        DiagFormat::Mlir => Box::new(MlirEmitter::new().color(color)),
        DiagFormat::Rustc => Box::new(HumanEmitter::new().color(color)),
        DiagFormat::Json => Box::new(JsonEmitter::new()),
    };
    let mut run = Run {
        args,
        emitter,
        diagnostics: String::new(),
        timing: Timing::default(),
        stats: Vec::new(),
        progress: None,
        generic_only: std::collections::BTreeSet::new(),
    };
    let started = Instant::now();
    let bytes = match read_input(&args.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("strata-opt: cannot read '{}': {e}", args.input);
            return ExitCode::FAILURE;
        }
    };
    let name = if args.input == "-" {
        "<stdin>"
    } else {
        args.input.as_str()
    };
    // A binary or non-UTF-8 file is a diagnostic at its first bad byte.
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let shown = String::from_utf8_lossy(&bytes).into_owned();
            let err = ParseError::new(at..at + 1, "the input is not UTF-8 text (a binary file?)");
            run.report(name, &shown, &err);
            eprint!("{}", run.diagnostics);
            return ExitCode::FAILURE;
        }
    };
    run.timing.read = started.elapsed();
    if std::io::stderr().is_terminal() && text.len() > (16 << 20) {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("parsing");
        bar.enable_steady_tick(Duration::from_millis(120));
        run.progress = Some(bar);
    }

    let chunks: Vec<(String, &str)> = if args.split_input_file {
        let (chunks, misses) = split_input(&text);
        // mlir-opt warns of each near miss (`// -----0`, `// ---x`) before
        // it reads a chunk, where the marker's dashes stop.
        if !misses.is_empty() {
            run.render(name, &text, |file| {
                misses
                    .iter()
                    .map(|&at| {
                        let at = u32::try_from(at).unwrap_or(u32::MAX);
                        Diagnostic::new(
                            Severity::Warning,
                            Span::new(file, at, at),
                            "near miss with file split marker",
                        )
                    })
                    .collect()
            });
        }
        chunks
            .iter()
            .map(|c: &Chunk| (c.buffer_name(name), &text[c.range.clone()]))
            .collect()
    } else {
        vec![(name.to_owned(), text.as_str())]
    };
    let mut outputs = Vec::with_capacity(chunks.len());
    let mut failed = false;
    for (chunk_name, chunk) in &chunks {
        let result = run.process(chunk_name, chunk);
        if args.verify_diagnostics {
            let errors: Vec<ParseError> = result.as_ref().err().cloned().into_iter().collect();
            let (ok, rendered) =
                strata_module::verify_diagnostics(chunk_name, chunk, &errors, run.emitter.as_ref());
            run.diagnostics.push_str(&rendered);
            failed |= !ok;
            outputs.push(result.unwrap_or_default());
            continue;
        }
        match result {
            Ok(out) => outputs.push(out),
            Err(e) => {
                run.report(chunk_name, chunk, &e);
                failed = true;
                outputs.push(String::new());
            }
        }
    }
    if let Some(p) = run.progress.take() {
        p.finish_and_clear();
    }
    let output = outputs.join("// -----\n");
    let write = if args.output == "-" {
        std::io::stdout().lock().write_all(output.as_bytes())
    } else {
        std::fs::write(&args.output, output.as_bytes())
    };
    if let Err(e) = write {
        eprintln!("strata-opt: cannot write '{}': {e}", args.output);
        return ExitCode::FAILURE;
    }
    eprint!("{}", run.diagnostics);
    if let Some(note) = generic_notice(&run.generic_only) {
        eprint!("{note}");
    }
    if args.timing {
        let t = &run.timing;
        let total = started.elapsed();
        eprintln!(
            "===-------------------------------------------------------------------------==="
        );
        eprintln!("                         ... Execution time report ...");
        eprintln!(
            "===-------------------------------------------------------------------------==="
        );
        eprintln!("  Total Execution Time: {:.4} seconds", total.as_secs_f64());
        eprintln!();
        eprintln!("   ----Wall Time----  ----Name----");
        for (what, d) in [
            ("Read", t.read),
            ("Scan", t.scan),
            ("Parse", t.parse),
            ("Print", t.print),
        ] {
            eprintln!(
                "   {:.4} ({:5.1}%)  {what}",
                d.as_secs_f64(),
                100.0 * d.as_secs_f64() / total.as_secs_f64().max(1e-9)
            );
        }
        eprintln!("   {:.4} (100.0%)  Total", total.as_secs_f64());
    }
    for s in &run.stats {
        eprintln!("{s}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
