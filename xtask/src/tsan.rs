//! `cargo xtask tsan`: the test suite under ThreadSanitizer, as a report.
//!
//! The standard library is not rebuilt with ThreadSanitizer here (that needs
//! `-Zbuild-std` and the `rust-src` component, which this machine lacks), so
//! the run needs `-Cunsafe-allow-abi-mismatch=sanitizer`, and everything std
//! synchronises internally (libtest's channels and `Arc`s, thread spawn and
//! join, `std::sync::Once`...) is invisible to TSan and reported as races.
//! The run is therefore informational, never gating: this task writes the
//! whole output to `tsan/report.log` under the target directory and prints a
//! summary that sorts every report by where its first frame lies:
//!
//! - in the standard library or libtest (a path under `/rustc/`): the known
//!   false positives of an uninstrumented std (docs/RELIABILITY.md lists
//!   them and why each is benign);
//! - anywhere else (strata's crates, a dependency): listed one by one, to be
//!   read.
//!
//! Panics run with `RUST_BACKTRACE=0`: symbolising a backtrace walks the
//! loaded objects under the dynamic loader's lock, and a race report on
//! another thread at that moment takes TSan's own locks in the other order;
//! the two threads deadlock (seen here in `strata-ctx`'s tests).

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::process::Command;

use crate::Result;

/// What one report's `SUMMARY:` line says.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Report {
    /// The test binary that printed it (`tests/faults.rs`, `unittests src/lib.rs`).
    pub(crate) binary: String,
    /// `data race`, `lock-order-inversion (potential deadlock)`...
    pub(crate) kind: String,
    /// The first frame's source location.
    pub(crate) location: String,
    /// The first frame's function.
    pub(crate) function: String,
}

impl Report {
    /// Whether the first frame lies in the (uninstrumented) standard
    /// library, core, alloc or libtest.
    pub(crate) fn in_std(&self) -> bool {
        self.location.starts_with("/rustc/")
    }
}

/// Reads the reports out of a run's combined output.
pub(crate) fn parse(log: &str) -> Vec<Report> {
    let mut binary = String::from("?");
    let mut out = Vec::new();
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
        let Some(rest) = l.strip_prefix("SUMMARY: ThreadSanitizer: ") else {
            continue;
        };
        // `data race /path/file.rs:12:5 in function` (the kind has no '/').
        let (kind, rest) = match rest.find(" /") {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        let (location, function) = rest.split_once(" in ").unwrap_or((rest, ""));
        out.push(Report {
            binary: binary.clone(),
            kind: kind.to_string(),
            location: location.to_string(),
            function: function.to_string(),
        });
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
    let reports = parse(&text);
    let (in_std, elsewhere): (Vec<&Report>, Vec<&Report>) =
        reports.iter().partition(|r| r.in_std());

    let mut by_function: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &in_std {
        *by_function.entry(r.function.as_str()).or_default() += 1;
    }
    println!();
    println!(
        "ThreadSanitizer: {} report(s); {} with the first frame in the uninstrumented std/libtest, {} elsewhere",
        reports.len(),
        in_std.len(),
        elsewhere.len()
    );
    for (function, n) in &by_function {
        let short: String = function.chars().take(110).collect();
        println!("  {n:>4}  std: {short}");
    }
    for r in &elsewhere {
        println!(
            "  read: [{}] {} at {} in {}",
            r.binary, r.kind, r.location, r.function
        );
    }
    let failed_tests: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("test ") && l.ends_with(" FAILED"))
        .collect();
    for t in &failed_tests {
        println!("  test failed under TSan: {t}");
    }
    println!(
        "xtask tsan: informational, not gating (cargo exited with {status}); full log: {}",
        log_path.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse;

    /// Reports are read with the test binary that printed them, and sorted
    /// by where their first frame lies.
    #[test]
    fn reads_summary_lines() {
        let log = "\
     Running unittests src/lib.rs (target/tsan/x86_64-unknown-linux-gnu/debug/deps/strata_buckets-1)
SUMMARY: ThreadSanitizer: data race /rustc/abc/library/alloc/src/sync.rs:2874:18 in <alloc::sync::Arc<T> as Drop>::drop
     Running tests/faults.rs (target/tsan/x86_64-unknown-linux-gnu/debug/deps/faults-2)
SUMMARY: ThreadSanitizer: data race /root/.cargo/registry/src/x/bumpalo-3.20.3/src/lib.rs:1900:5 in bumpalo::Bump::alloc
";
        let reports = parse(log);
        assert_eq!(reports.len(), 2);
        assert_eq!(reports[0].binary, "unittests src/lib.rs");
        assert_eq!(reports[0].kind, "data race");
        assert!(reports[0].in_std());
        assert_eq!(reports[0].function, "<alloc::sync::Arc<T> as Drop>::drop");
        assert_eq!(reports[1].binary, "tests/faults.rs");
        assert!(!reports[1].in_std());
        assert_eq!(
            reports[1].location,
            "/root/.cargo/registry/src/x/bumpalo-3.20.3/src/lib.rs:1900:5"
        );
    }
}
