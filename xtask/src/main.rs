//! strata's developer tasks, run as `cargo xtask <task>`; `cargo xtask --help`
//! lists every task and flag.
//!
//! The tasks and their flags are declared once, in [`flags`], which parses
//! the command line into a typed [`flags::Task`] and generates the help from
//! the same declaration. `ci` runs a list of steps (see [`ci`]); a new check
//! is one more entry in that list. A step may be skipped where this machine
//! cannot run it (the sanitizers without a nightly toolchain): the summary
//! then names it with the reason, and never says that all steps passed.
//!
//! The xtask is std-only so that it builds in seconds on a fresh machine.
//! Loom, AddressSanitizer and ThreadSanitizer builds get their own target
//! directories (`loom`, `asan`, `tsan` under the target directory: `target/`,
//! or `$CARGO_TARGET_DIR` when it is set) so that the builds do not evict
//! each other.
//!
//! Every cargo build the xtask starts is a lean one (see [`LEAN_BUILD_ENV`]):
//! no incremental cache and line tables instead of full debug information.
//! A full `cargo xtask ci` then peaks well below what plain debug builds
//! write (full debug information is most of a test binary's size), so that
//! it fits on a machine whose disk is nearly full.

#![forbid(unsafe_code)]

mod flags;
mod invariants;
mod layers;
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
        flags::Task::Asan(_) => asan().map(drop),
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
///   numbers, and the test binaries take a fraction of the disk that full
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

/// What a step of `cargo xtask ci` did, when it did not fail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ran {
    /// It ran its checks and they passed.
    Passed,
    /// It did not run, for the reason given (which the summary prints).
    Skipped(String),
}

/// Runs one step under its `ci` heading and prints whether it passed, was
/// skipped (and why) or failed, with the seconds it took.
fn timed(name: &str, f: impl FnOnce() -> Result<Ran>) -> Result<Ran> {
    let start = Instant::now();
    eprintln!("\n==== xtask ci: {name} ====");
    let r = f();
    let verdict = match &r {
        Ok(Ran::Passed) => "ok".to_string(),
        Ok(Ran::Skipped(why)) => format!("SKIPPED ({why})"),
        Err(_) => "FAILED".to_string(),
    };
    eprintln!(
        "==== xtask ci: {name}: {verdict} in {:.1}s ====",
        start.elapsed().as_secs_f64()
    );
    r
}

/// Runs a step that cannot be skipped, under its own `ci` heading.
fn step(name: &str, f: impl FnOnce() -> Result) -> Result {
    timed(name, || f().map(|()| Ran::Passed)).map(drop)
}

/// A step that has no reason to skip: it passed if it did not fail.
fn passed(r: Result) -> Result<Ran> {
    r.map(|()| Ran::Passed)
}

/// One step of `cargo xtask ci`: its name and the function that runs it.
type CiStep = (&'static str, fn() -> Result<Ran>);

/// The steps of `cargo xtask ci`, in order: a name and the function that
/// runs it. The first failure stops the run. A new check is one more entry.
const CI_STEPS: &[CiStep] = &[
    ("format", || {
        passed(run(
            "cargo fmt --check",
            cargo().args(["fmt", "--all", "--check"]),
        ))
    }),
    ("tidy", || passed(tidy())),
    ("clippy", || {
        passed(run(
            "cargo clippy",
            cargo().args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]),
        ))
    }),
    ("test", || {
        passed(run("cargo test", cargo().args(["test", "--workspace"])))
    }),
    ("package", || passed(package::ci())),
    ("loom", || passed(loom::run(&flags::Loom::default()))),
    ("asan", asan),
];

/// Runs every step of [`CI_STEPS`], timing each, and prints the summary.
fn ci() -> Result {
    let start = Instant::now();
    let mut outcomes = Vec::with_capacity(CI_STEPS.len());
    for (name, f) in CI_STEPS {
        outcomes.push((*name, timed(name, f)?));
    }
    eprintln!("\n{}", ci_summary(&outcomes, start.elapsed().as_secs_f64()));
    Ok(())
}

/// The last line of a `cargo xtask ci` run that no step failed: the steps
/// that passed and, by name and with its reason, every step that was
/// skipped. "All steps passed" is said only when none was.
fn ci_summary(outcomes: &[(&str, Ran)], seconds: f64) -> String {
    let passed: Vec<&str> = outcomes
        .iter()
        .filter(|(_, r)| *r == Ran::Passed)
        .map(|(name, _)| *name)
        .collect();
    let skipped: Vec<String> = outcomes
        .iter()
        .filter_map(|(name, r)| match r {
            Ran::Skipped(why) => Some(format!("{name} ({why})")),
            Ran::Passed => None,
        })
        .collect();
    if skipped.is_empty() {
        format!(
            "xtask ci: all steps passed in {seconds:.1}s: {}",
            passed.join(", ")
        )
    } else {
        format!(
            "xtask ci: passed: {}; skipped: {}; in {seconds:.1}s",
            if passed.is_empty() {
                "none".to_string()
            } else {
                passed.join(", ")
            },
            skipped.join(", ")
        )
    }
}

/// Runs the tidy checks over the workspace.
fn tidy() -> Result {
    tidy::check(&root()).map_err(|errs| errs.join("\n"))
}

/// What this machine says about rustup's `nightly` toolchain, the one
/// `rustup run nightly` (and so every sanitizer step) uses.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Nightly {
    /// rustup is not installed, so there is no `nightly` to run.
    NoRustup,
    /// `rustup toolchain list` lists no `nightly` toolchain.
    NotInstalled,
    /// It is installed and its `rustc --version` works.
    Works,
    /// It is installed (or rustup could not say whether it is) but does not
    /// work: what went wrong.
    Broken(String),
}

/// Whether a sanitizer step runs on this machine or is skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Plan {
    Run,
    /// Skipped, for this reason.
    Skip(String),
}

/// Whether a sanitizer step runs, is skipped, or fails before it starts.
/// A machine that cannot run it at all (another platform, no nightly
/// toolchain) skips it with the reason; a machine whose nightly toolchain
/// is installed but broken fails it, since a skip there would hide a step
/// that should have run.
fn sanitizer_plan(sanitizer: &str, supported_platform: bool, nightly: &Nightly) -> Result<Plan> {
    if !supported_platform {
        return Ok(Plan::Skip(format!(
            "{sanitizer} is wired for x86_64 Linux only"
        )));
    }
    match nightly {
        Nightly::NoRustup => Ok(Plan::Skip(
            "no nightly toolchain: rustup is not installed".to_string(),
        )),
        Nightly::NotInstalled => Ok(Plan::Skip("no nightly toolchain".to_string())),
        Nightly::Works => Ok(Plan::Run),
        Nightly::Broken(why) => Err(format!(
            "{sanitizer}: the nightly toolchain is installed but cannot run: {why}"
        )),
    }
}

/// Whether the output of `rustup toolchain list` names the toolchain that
/// `rustup run nightly` picks: `nightly` or `nightly-<host>`, not a dated
/// `nightly-2024-05-01-<host>`.
fn nightly_listed(toolchain_list: &str) -> bool {
    toolchain_list.lines().any(|line| {
        let name = line.split_whitespace().next().unwrap_or("");
        name == "nightly"
            || name
                .strip_prefix("nightly-")
                .is_some_and(|host| !host.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Asks rustup about its `nightly` toolchain (see [`Nightly`]).
fn probe_nightly() -> Nightly {
    let failed = |what: &str, out: &std::process::Output| {
        format!(
            "`{what}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        )
    };
    let list = "rustup toolchain list";
    match Command::new("rustup").args(["toolchain", "list"]).output() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Nightly::NoRustup,
        Err(e) => return Nightly::Broken(format!("`{list}` cannot start: {e}")),
        Ok(out) if !out.status.success() => return Nightly::Broken(failed(list, &out)),
        Ok(out) if !nightly_listed(&String::from_utf8_lossy(&out.stdout)) => {
            return Nightly::NotInstalled;
        }
        Ok(_) => {}
    }
    let version = "rustup run nightly rustc --version";
    match Command::new("rustup")
        .args(["run", "nightly", "rustc", "--version"])
        .output()
    {
        Ok(out) if out.status.success() => Nightly::Works,
        Ok(out) => Nightly::Broken(failed(version, &out)),
        Err(e) => Nightly::Broken(format!("`{version}` cannot start: {e}")),
    }
}

/// Whether the sanitizers' platform is this one.
const SANITIZER_PLATFORM: bool = cfg!(all(target_arch = "x86_64", target_os = "linux"));

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

fn asan() -> Result<Ran> {
    let plan = sanitizer_plan("AddressSanitizer", SANITIZER_PLATFORM, &probe_nightly())?;
    if let Plan::Skip(why) = plan {
        eprintln!("xtask asan: skipped: {why}");
        return Ok(Ran::Skipped(why));
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
    passed(run(
        "tests under AddressSanitizer + LeakSanitizer",
        &mut cmd,
    ))
}

fn tsan() -> Result {
    let plan = sanitizer_plan("ThreadSanitizer", SANITIZER_PLATFORM, &probe_nightly())?;
    if let Plan::Skip(why) = plan {
        eprintln!("xtask tsan: skipped: {why}");
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

#[cfg(test)]
mod tests {
    use super::{Nightly, Plan, Ran, ci_summary, nightly_listed, sanitizer_plan};

    #[test]
    fn the_summary_names_every_skipped_step_with_its_reason() {
        let outcomes = [
            ("format", Ran::Passed),
            ("tidy", Ran::Passed),
            ("loom", Ran::Passed),
            ("asan", Ran::Skipped("no nightly toolchain".into())),
        ];
        assert_eq!(
            ci_summary(&outcomes, 12.34),
            "xtask ci: passed: format, tidy, loom; skipped: asan (no nightly toolchain); in 12.3s"
        );
        let two = [
            ("format", Ran::Skipped("no rustfmt".into())),
            ("asan", Ran::Skipped("no nightly toolchain".into())),
        ];
        assert_eq!(
            ci_summary(&two, 1.0),
            "xtask ci: passed: none; skipped: format (no rustfmt), asan (no nightly toolchain); in 1.0s"
        );
    }

    #[test]
    fn the_summary_says_all_passed_only_when_none_was_skipped() {
        let outcomes = [("format", Ran::Passed), ("asan", Ran::Passed)];
        assert_eq!(
            ci_summary(&outcomes, 3.0),
            "xtask ci: all steps passed in 3.0s: format, asan"
        );
        let skipped = [("format", Ran::Passed), ("asan", Ran::Skipped("x".into()))];
        assert!(!ci_summary(&skipped, 3.0).contains("all steps passed"));
    }

    #[test]
    fn a_sanitizer_skips_without_nightly_and_fails_with_a_broken_one() {
        let asan = |platform, nightly: Nightly| sanitizer_plan("asan", platform, &nightly);
        assert_eq!(asan(true, Nightly::Works), Ok(Plan::Run));
        assert_eq!(
            asan(true, Nightly::NotInstalled),
            Ok(Plan::Skip("no nightly toolchain".into()))
        );
        assert_eq!(
            asan(true, Nightly::NoRustup),
            Ok(Plan::Skip(
                "no nightly toolchain: rustup is not installed".into()
            ))
        );
        let broken = asan(true, Nightly::Broken("rustc: not found".into()));
        assert_eq!(
            broken,
            Err("asan: the nightly toolchain is installed but cannot run: rustc: not found".into())
        );
        // Another platform skips whatever its toolchains are.
        for nightly in [Nightly::Works, Nightly::Broken("x".into())] {
            assert_eq!(
                asan(false, nightly),
                Ok(Plan::Skip("asan is wired for x86_64 Linux only".into()))
            );
        }
    }

    #[test]
    fn the_nightly_toolchain_is_read_from_rustups_list() {
        let list = "stable-x86_64-unknown-linux-gnu (active, default)\n\
                    nightly-x86_64-unknown-linux-gnu\n\
                    1.95.0-x86_64-unknown-linux-gnu\n";
        assert!(nightly_listed(list));
        assert!(nightly_listed("nightly\n"));
        assert!(!nightly_listed(
            "stable-x86_64-unknown-linux-gnu (default)\n\
             nightly-2024-05-01-x86_64-unknown-linux-gnu\n"
        ));
        assert!(!nightly_listed("no installed toolchains\n"));
        assert!(!nightly_listed(""));
    }
}
