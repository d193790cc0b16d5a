//! `cargo xtask tsan`: the test suite under ThreadSanitizer, as a report.
//!
//! The standard library is not rebuilt with ThreadSanitizer here (that needs
//! `-Zbuild-std` and the `rust-src` component, which this machine lacks), so
//! the run needs `-Cunsafe-allow-abi-mismatch=sanitizer`, and everything std
//! synchronises internally (libtest's channels and `Arc`s, thread spawn and
//! join, `std::sync::Once`...) is invisible to TSan and reported as races.
//! TSan also does not model memory fences, which arc-swap, crossbeam-epoch
//! and every reference count with an Acquire fence (std's `Arc`,
//! strata-refcount) rely on. The run is therefore informational, never
//! gating: this task writes the whole output to `tsan/report.log` under the
//! target directory and prints a summary that names the known cause of each
//! report by the frames it contains (the list in `KNOWN`, explained in
//! docs/RELIABILITY.md) and lists the rest, one line per test binary and
//! first frame, to be read.
//!
//! Panics run with `RUST_BACKTRACE=0`: symbolising a backtrace walks the
//! loaded objects under the dynamic loader's lock, and a race report on
//! another thread at that moment takes TSan's own locks in the other order;
//! the two threads deadlock (seen here in `strata-ctx`'s tests).

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::process::Command;

use crate::Result;

/// One ThreadSanitizer report, as printed between its `WARNING:` line and
/// its `SUMMARY:` line.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Report {
    /// The test binary that printed it (`tests/faults.rs`, `unittests src/lib.rs`).
    pub(crate) binary: String,
    /// The `SUMMARY:` line, without its prefix.
    pub(crate) summary: String,
    /// Every frame of the report (both accesses, the allocation, the thread
    /// creations): function, then source location.
    pub(crate) frames: Vec<(String, String)>,
}

/// Why a report is known to be a false positive or a known finding, by the
/// frames it contains. The first rule that matches names the report; the
/// patterns are checked against every frame's function.
const KNOWN: &[(&str, &[&str])] = &[
    (
        "bumpalo writes its shared EMPTY_CHUNK on a zero-sized allocation (real, benign in practice: fitzgen/bumpalo#289)",
        &["bumpalo::Bump>::try_alloc_layout_fast"],
    ),
    (
        "arc-swap's debt lists synchronise with fences, which TSan does not model",
        &["arc_swap::", "strata_sync::swap::ArcSwap"],
    ),
    (
        "rayon's latches are std Mutex/Condvar, invisible without an instrumented std",
        &["rayon_core::"],
    ),
    (
        "crossbeam-epoch synchronises with fences, which TSan does not model",
        &["crossbeam_epoch::"],
    ),
    (
        "a lazily initialised static (std's Once, OnceLock, LazyLock) publishes through the uninstrumented std",
        &[
            "std::sync::lazy_lock::",
            "std::sync::once::",
            "std::sync::once_lock::",
        ],
    ),
    (
        "std's thread join and scope end synchronise inside the uninstrumented std",
        &[
            "std::thread::lifecycle::Packet",
            "std::thread::scoped::ScopeData",
        ],
    ),
    (
        "a reference count's last decrement is ordered by an Acquire fence (std's Arc, strata-refcount), which TSan does not model",
        &[
            "alloc::sync::Arc<",
            "strata_refcount::",
            "strata_ctx::reclaim::",
        ],
    ),
];

impl Report {
    /// Whether every frame lies in the (uninstrumented) standard library,
    /// core, alloc or libtest, or in the runtime's interceptors.
    pub(crate) fn std_only(&self) -> bool {
        self.frames.iter().all(|(function, location)| {
            location.starts_with("/rustc/")
                || location == "<null>"
                || function == "main"
                // A test's own counting allocator, called by std.
                || function.contains("GlobalAlloc>::")
                || function.starts_with("__rustc::__rust_")
        })
    }

    /// The known cause of this report, if any (see [`KNOWN`]).
    pub(crate) fn known_cause(&self) -> Option<&'static str> {
        if self.std_only() {
            return Some(
                "libtest and std only (channels, Arc, thread spawn/join): std is not built with TSan",
            );
        }
        KNOWN
            .iter()
            .find(|(_, patterns)| {
                self.frames
                    .iter()
                    .any(|(function, _)| patterns.iter().any(|p| function.contains(p)))
            })
            .map(|(cause, _)| *cause)
    }
}

/// Reads the reports out of a run's combined output.
pub(crate) fn parse(log: &str) -> Vec<Report> {
    let mut binary = String::from("?");
    let mut out = Vec::new();
    let mut current: Option<Report> = None;
    for line in log.lines() {
        let l = line.trim();
        if let Some(rest) = l.strip_prefix("Running ") {
            // `Running tests/faults.rs (target/.../faults-0123)`
            binary = rest
                .rsplit_once(" (")
                .map_or(rest, |(name, _)| name)
                .to_string();
            continue;
        }
        if l.starts_with("WARNING: ThreadSanitizer:") {
            current = Some(Report {
                binary: binary.clone(),
                summary: String::new(),
                frames: Vec::new(),
            });
            continue;
        }
        let Some(report) = current.as_mut() else {
            continue;
        };
        if let Some(rest) = l.strip_prefix("SUMMARY: ThreadSanitizer: ") {
            report.summary = rest.to_string();
            out.extend(current.take());
            continue;
        }
        // `#3 function /path/file.rs:12:5 (binary+0x1234) (BuildId: ...)`
        if let Some(rest) = l.strip_prefix('#') {
            let Some((_, frame)) = rest.split_once(' ') else {
                continue;
            };
            // The location is the first word that starts with `/` (or
            // `<null>`); the function is everything before it (function
            // names hold spaces and parentheses: `<fn(), ()>`).
            let at = frame
                .find(" /")
                .or_else(|| frame.find(" <null>"))
                .unwrap_or(frame.len());
            let function = &frame[..at];
            let location = frame[at..].trim_start();
            let location = location.split(" (").next().unwrap_or(location);
            report
                .frames
                .push((function.to_string(), location.to_string()));
        }
    }
    out
}

/// Runs `cmd` (the sanitised test command), logs its output, summarises.
pub(crate) fn run(mut cmd: Command) -> Result {
    let dir = crate::target_dir("tsan");
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let log_path = dir.join("report.log");
    let log = File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let log2 = log
        .try_clone()
        .map_err(|e| format!("{}: {e}", log_path.display()))?;
    cmd.env("RUST_BACKTRACE", "0").stdout(log).stderr(log2);
    eprintln!("xtask: tests under ThreadSanitizer (informational): {cmd:?}");
    eprintln!("xtask tsan: the output goes to {}", log_path.display());
    let status = cmd
        .status()
        .map_err(|e| format!("tsan: cannot start: {e}"))?;
    let text = fs::read_to_string(&log_path).map_err(|e| format!("reading the log: {e}"))?;
    summarize(&text);
    println!(
        "xtask tsan: informational, not gating (cargo exited with {status}); full log: {}",
        log_path.display()
    );
    Ok(())
}

/// Prints the summary of a run's log again (`cargo xtask tsan --summarize
/// LOG`), without running anything.
pub(crate) fn summarize_file(path: &str) -> Result {
    let text = fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}"))?;
    summarize(&text);
    Ok(())
}

/// Prints how many reports have each known cause, and the others.
fn summarize(text: &str) {
    let reports = parse(text);
    let mut known: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unknown: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for r in &reports {
        match r.known_cause() {
            Some(cause) => *known.entry(cause).or_default() += 1,
            None => *unknown.entry((&r.binary, &r.summary)).or_default() += 1,
        }
    }
    let to_read: usize = unknown.values().sum();
    println!();
    println!(
        "ThreadSanitizer: {} report(s): {} with a known cause, {to_read} to read",
        reports.len(),
        reports.len() - to_read
    );
    for (cause, n) in &known {
        println!("  {n:>4}  known: {cause}");
    }
    for ((binary, summary), n) in &unknown {
        let short: String = summary.chars().take(160).collect();
        println!("  {n:>4}  read: [{binary}] {short}");
    }
    for t in text
        .lines()
        .filter(|l| l.starts_with("test ") && l.ends_with(" FAILED"))
    {
        println!("  test failed under TSan: {t}");
    }
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// Reports are read with the test binary that printed them and all
    /// their frames, and sorted by cause.
    #[test]
    fn reads_reports_and_names_known_causes() {
        let log = "\
     Running unittests src/lib.rs (target/tsan/x86_64-unknown-linux-gnu/debug/deps/strata_buckets-1)
==================
WARNING: ThreadSanitizer: data race (pid=1)
  Write of size 8 at 0x7244 by main thread:
    #0 free /rustc/llvm/src/llvm-project/compiler-rt/lib/tsan/rtl/tsan_interceptors_posix.cpp:735:3 (b+0x6819a) (BuildId: 13)
    #1 <alloc::sync::Arc<T> as core::ops::drop::Drop>::drop /rustc/abc/library/alloc/src/sync.rs:2874:18 (b+0x1)
    #2 std::sys::backtrace::__rust_begin_short_backtrace::<fn(), ()> /rustc/abc/library/std/src/sys/backtrace.rs:166:18 (b+0xf0851)
    #3 main <null> (b+0xf2929) (BuildId: 13)

SUMMARY: ThreadSanitizer: data race /rustc/abc/library/alloc/src/sync.rs:2874:18 in <alloc::sync::Arc<T> as Drop>::drop
==================
     Running tests/faults.rs (target/tsan/x86_64-unknown-linux-gnu/debug/deps/faults-2)
WARNING: ThreadSanitizer: data race (pid=2)
  Read of size 8 at 0x55b9 by thread T45:
    #0 <core::cell::Cell<core::ptr::non_null::NonNull<u8>>>::get /rustc/abc/library/core/src/cell.rs:555:18 (f+0x4e287f)
    #1 <bumpalo::Bump>::try_alloc_layout_fast /root/.cargo/registry/src/x/bumpalo-3.20.3/src/lib.rs:1900:34 (f+0x33efe5)
SUMMARY: ThreadSanitizer: data race /rustc/abc/library/core/src/cell.rs:555:18 in <core::cell::Cell<core::ptr::non_null::NonNull<u8>>>::get
WARNING: ThreadSanitizer: data race (pid=2)
  Read of size 8 at 0x55ba by thread T46:
    #0 strata_table::arena::Arena::store /work/main/crates/table/src/arena.rs:147:33 (f+0x1)
SUMMARY: ThreadSanitizer: data race /work/main/crates/table/src/arena.rs:147:33 in strata_table::arena::Arena::store
";
        let reports = parse(log);
        assert_eq!(reports.len(), 3);
        assert_eq!(reports[0].binary, "unittests src/lib.rs");
        assert_eq!(reports[0].frames.len(), 4);
        assert_eq!(
            reports[0].frames[2].0,
            "std::sys::backtrace::__rust_begin_short_backtrace::<fn(), ()>"
        );
        assert_eq!(
            reports[0].frames[3],
            ("main".to_string(), "<null>".to_string())
        );
        assert_eq!(
            reports[0].frames[1],
            (
                "<alloc::sync::Arc<T> as core::ops::drop::Drop>::drop".to_string(),
                "/rustc/abc/library/alloc/src/sync.rs:2874:18".to_string()
            )
        );
        assert!(reports[0].std_only());
        assert!(reports[0].known_cause().unwrap().starts_with("libtest"));
        assert_eq!(reports[1].binary, "tests/faults.rs");
        assert!(!reports[1].std_only());
        assert!(reports[1].known_cause().unwrap().starts_with("bumpalo"));
        assert_eq!(reports[2].known_cause(), None);
        assert!(
            reports[2]
                .summary
                .ends_with("in strata_table::arena::Arena::store")
        );
    }
}
