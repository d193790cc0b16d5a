//! strata's developer tasks, run as `cargo xtask <task>`.
//!
//! - `ci`: everything CI checks, in order: format, clippy with warnings
//!   denied, the test suite, the loom models, and the test suite under
//!   AddressSanitizer/LeakSanitizer (skipped, with the reason printed, where no
//!   nightly toolchain exists).
//! - `loom [--crate NAME] [--deep] [--mutants]`: every layer's loom models in
//!   release with `LOOM_MAX_PREEMPTIONS=2` (3 with `--deep`), then the
//!   negative mutant tests; prints per crate the models passed, the mutants
//!   caught, the interleavings explored and the seconds taken. `--mutants`
//!   also lists every mutant of the workspace, the invariant it breaks and
//!   whether a negative test caught it; then the *static* mutants (the
//!   `compile_fail` doctests that keep a single-threaded type from crossing
//!   threads: invariant 4, which no runtime mutant can break), run with
//!   `cargo test --doc`; and, per invariant of DESIGN.md section 4, the
//!   mutants caught. It fails if a mutant survives or an invariant has none.
//! - `asan`: the test suite under AddressSanitizer and LeakSanitizer.
//! - `tsan`: the test suite under ThreadSanitizer, informational only: the
//!   log goes to `tsan/report.log` under the target directory, and a summary
//!   names the known cause of each report (an uninstrumented std, fences)
//!   and lists the ones to read; `tsan --summarize LOG` re-reads a log.
//! - `bench [ARGS]`: the comparison harness; writes `docs/PERFORMANCE.md`.
//!
//! The xtask is std-only so that it builds in seconds on a fresh machine.
//! Loom, AddressSanitizer and ThreadSanitizer builds get their own target
//! directories (`loom`, `asan`, `tsan` under the target directory: `target/`,
//! or `$CARGO_TARGET_DIR` when it is set) so that the builds do not evict
//! each other.

mod invariants;
mod loom;
mod statics;
mod tidy;
mod tsan;

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// The result type of every task: an error is a message for the user.
type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("loom") => loom::run(&args[1..]),
        Some("asan") => asan(),
        Some("tsan") => match args.get(1).map(String::as_str) {
            Some("--summarize") => args
                .get(2)
                .ok_or_else(|| "tsan --summarize needs the log's path".to_string())
                .and_then(|log| tsan::summarize_file(log)),
            _ => tsan(),
        },
        Some("tidy") => tidy::check(&root()).map_err(|errs| errs.join("\n")),
        Some("bench") => bench(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci | loom [--crate NAME] [--deep] [--mutants] | asan | tsan [--summarize LOG] | tidy | bench [ARGS]>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of this crate's manifest directory).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// The directory for the builds of one kind (`loom`, `asan`, `tsan`): a
/// folder of that name under `$CARGO_TARGET_DIR` if it is set (relative to
/// the workspace root), else under `target/`.
pub(crate) fn target_dir(kind: &str) -> PathBuf {
    let base = env::var_os("CARGO_TARGET_DIR")
        .map(|d| root().join(d))
        .unwrap_or_else(|| root().join("target"));
    base.join(kind)
}

/// A `cargo` command run from the workspace root.
pub(crate) fn cargo() -> Command {
    let mut cmd = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// Runs `cmd`, echoing it, and fails if it fails.
pub(crate) fn run(what: &str, cmd: &mut Command) -> Result {
    eprintln!("xtask: {what}: {cmd:?}");
    let status = cmd
        .status()
        .map_err(|e| format!("{what}: cannot start: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

fn step(name: &str, f: impl FnOnce() -> Result) -> Result {
    let start = Instant::now();
    eprintln!("\n==== xtask ci: {name} ====");
    let r = f();
    eprintln!(
        "==== xtask ci: {name}: {} in {:.1}s ====",
        if r.is_ok() { "ok" } else { "FAILED" },
        start.elapsed().as_secs_f64()
    );
    r
}

fn ci() -> Result {
    let start = Instant::now();
    step("format", || {
        run(
            "cargo fmt --check",
            cargo().args(["fmt", "--all", "--check"]),
        )
    })?;
    step("tidy", || {
        tidy::check(&root()).map_err(|errs| errs.join("\n"))
    })?;
    step("clippy", || {
        run(
            "cargo clippy",
            cargo().args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]),
        )
    })?;
    step("test", || {
        run("cargo test", cargo().args(["test", "--workspace"]))
    })?;
    step("loom", || loom::run(&[]))?;
    step("asan", asan)?;
    eprintln!(
        "\nxtask ci: all steps passed in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Whether `cargo +nightly` works here.
fn nightly_available() -> bool {
    Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// The host triple the sanitizers are built for.
const SANITIZER_TARGET: &str = "x86_64-unknown-linux-gnu";

fn sanitized_test(sanitizer: &str, dir: &str, extra_rustflags: &str) -> Command {
    // Through rustup, not `$CARGO`: under `cargo xtask`, `$CARGO` is the
    // stable toolchain's own cargo binary, which does not understand
    // `+nightly` (only rustup's proxy does).
    let mut cmd = Command::new("rustup");
    cmd.current_dir(root());
    cmd.args([
        "run",
        "nightly",
        "cargo",
        "test",
        "--workspace",
        "--exclude",
        "strata-bench",
        "--lib",
        "--tests",
    ])
    .args(["--target", SANITIZER_TARGET, "--target-dir"])
    .arg(target_dir(dir))
    .env(
        "RUSTFLAGS",
        format!("-Zsanitizer={sanitizer} {extra_rustflags}").trim(),
    )
    .env("RUSTDOCFLAGS", format!("-Zsanitizer={sanitizer}"));
    cmd
}

fn asan() -> Result {
    if !cfg!(all(target_arch = "x86_64", target_os = "linux")) {
        eprintln!("xtask asan: skipped: AddressSanitizer is wired for x86_64 Linux only");
        return Ok(());
    }
    if !nightly_available() {
        eprintln!(
            "xtask asan: skipped: no nightly toolchain on this machine (`-Zsanitizer` needs one)"
        );
        return Ok(());
    }
    let mut cmd = sanitized_test("address", "asan", "");
    // LeakSanitizer is part of AddressSanitizer on Linux; ask for it
    // explicitly and fail the run on any report.
    cmd.env("ASAN_OPTIONS", "detect_leaks=1:halt_on_error=1")
        .env("STRATA_SANITIZER", "address");
    run("tests under AddressSanitizer + LeakSanitizer", &mut cmd)
}

fn tsan() -> Result {
    if !nightly_available() {
        eprintln!("xtask tsan: skipped: no nightly toolchain on this machine");
        return Ok(());
    }
    // The standard library is not rebuilt with ThreadSanitizer (no rust-src
    // here), hence the ABI-mismatch allowance; std's own synchronisation is
    // then invisible to TSan and reported as races (see `tsan.rs` and
    // docs/RELIABILITY.md). Every test binary runs (`--no-fail-fast`): a
    // binary with reports exits with TSan's code 66.
    let mut cmd = sanitized_test("thread", "tsan", "-Cunsafe-allow-abi-mismatch=sanitizer");
    cmd.arg("--no-fail-fast")
        .env("TSAN_OPTIONS", "halt_on_error=0")
        .env("STRATA_SANITIZER", "thread");
    tsan::run(cmd)
}

fn bench(args: &[String]) -> Result {
    let mut cmd = cargo();
    cmd.args([
        "run",
        "--release",
        "-p",
        "strata-bench",
        "--bin",
        "report",
        "--",
    ])
    .args(args);
    run("comparison harness and report", &mut cmd)
}
