//! strata's developer tasks, run as `cargo xtask <task>`; `cargo xtask --help`
//! lists every task and flag.
//!
//! The tasks and their flags are declared once, in [`flags`], which parses
//! the command line into a typed [`flags::Task`] and generates the help from
//! the same declaration. `ci` runs a list of steps (see [`ci`]); a new check
//! is one more entry in that list.
//!
//! The xtask is std-only so that it builds in seconds on a fresh machine.
//! Loom, AddressSanitizer and ThreadSanitizer builds get their own target
//! directories (`loom`, `asan`, `tsan` under the target directory: `target/`,
//! or `$CARGO_TARGET_DIR` when it is set) so that the builds do not evict
//! each other.
//!
//! Every cargo build the xtask starts is a lean one (see [`LEAN_BUILD_ENV`]):
//! no incremental cache and line tables instead of full debug information.
//! A full `cargo xtask ci` then peaks at about a third of what plain debug
//! builds write (the test binaries alone shrink from 7.3 GB to 1.8 GB), so
//! that it fits on a machine whose disk is nearly full.

#![forbid(unsafe_code)]

mod flags;
mod invariants;
mod loom;
mod package;
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
    let task = match flags::Task::parse(env::args().skip(1)) {
        Ok(task) => task,
        Err(e) => {
            eprintln!("xtask: {e}; `cargo xtask --help` lists the commands");
            return ExitCode::from(2);
        }
    };
    let result = match task {
        flags::Task::Ci(_) => ci(),
        flags::Task::Loom(flags) => loom::run(&flags),
        flags::Task::Asan(_) => asan(),
        flags::Task::Tsan(flags::Tsan {
            summarize: Some(log),
        }) => tsan::summarize_file(&log),
        flags::Task::Tsan(flags::Tsan { summarize: None }) => tsan(),
        flags::Task::Tidy(_) => tidy(),
        flags::Task::Bench(flags) => bench(&flags.args),
        flags::Task::Help => {
            print!("{}", flags::help());
            Ok(())
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

/// The build settings of every cargo build the xtask starts, each unless the
/// caller's environment sets that variable itself.
///
/// - No incremental cache: a CI run builds each crate once, and the cache
///   would double what the run writes.
/// - Line tables only in `dev` and `test` builds (the test and sanitizer
///   steps): backtraces and sanitizer reports keep their file and line
///   numbers, and the test binaries take a quarter of the disk that full
///   debug information takes.
pub(crate) const LEAN_BUILD_ENV: &[(&str, &str)] = &[
    ("CARGO_INCREMENTAL", "0"),
    ("CARGO_PROFILE_DEV_DEBUG", "line-tables-only"),
];

/// Gives `cmd` the settings of [`LEAN_BUILD_ENV`] that the caller's
/// environment does not set.
pub(crate) fn lean(cmd: &mut Command) -> &mut Command {
    for (name, value) in LEAN_BUILD_ENV {
        if env::var_os(name).is_none() {
            cmd.env(name, value);
        }
    }
    cmd
}

/// A `cargo` command run from the workspace root, with the lean build
/// settings of [`LEAN_BUILD_ENV`].
pub(crate) fn cargo() -> Command {
    let mut cmd = Command::new(env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    cmd.current_dir(root());
    lean(&mut cmd);
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

/// One step of `cargo xtask ci`: its name and the function that runs it.
type CiStep = (&'static str, fn() -> Result);

/// The steps of `cargo xtask ci`, in order: a name and the function that
/// runs it. The first failure stops the run. A new check is one more entry.
const CI_STEPS: &[CiStep] = &[
    ("format", || {
        run(
            "cargo fmt --check",
            cargo().args(["fmt", "--all", "--check"]),
        )
    }),
    ("tidy", tidy),
    ("clippy", || {
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
    }),
    ("test", || {
        run("cargo test", cargo().args(["test", "--workspace"]))
    }),
    ("package", package::ci),
    ("loom", || loom::run(&flags::Loom::default())),
    ("asan", asan),
];

/// Runs every step of [`CI_STEPS`], timing each.
fn ci() -> Result {
    let start = Instant::now();
    for (name, f) in CI_STEPS {
        step(name, f)?;
    }
    eprintln!(
        "\nxtask ci: all steps passed in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs the tidy checks over the workspace.
fn tidy() -> Result {
    tidy::check(&root()).map_err(|errs| errs.join("\n"))
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
    lean(&mut cmd);
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
        .env("STRATA_SANITIZER", "address")
        // AddressSanitizer's redzones make every frame several times larger
        // than in a plain debug build, so the parsers' nesting limits (sized
        // for std's 2 MiB thread stacks in an ordinary build) need more room
        // here: 16 MiB for every thread std spawns (test threads, rayon's).
        .env("RUST_MIN_STACK", "16777216");
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
