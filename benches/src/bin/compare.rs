//! `compare`: runs every workload of `benches/WORKLOADS.md` for every
//! implementation in one process and prints one JSON line per (implementation,
//! workload, mode, thread count) on stdout, nothing else (progress goes to
//! stderr).
//!
//! `cargo run --release -p strata-bench --bin compare -- --scale 0.3
//! [--impl NAME] [--workload NAME] [--mode MODE] [--threads 1,2,4,8,16]
//! [--repeat R]`
//!
//! Exits with status 1 if any check is not 0, and 2 on a bad command line.

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use strata_bench::harness::{self, Config, USAGE};

fn main() -> ExitCode {
    // A bare `--` separates nothing here: skip it.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--").collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("usage: compare [OPTIONS]\n{USAGE}");
        return ExitCode::SUCCESS;
    }
    let config = match Config::parse(&args) {
        Ok((config, rest)) if rest.is_empty() => config,
        Ok((_, rest)) => {
            eprintln!(
                "compare: unknown argument `{}`\nusage: compare [OPTIONS]\n{USAGE}",
                rest[0]
            );
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("compare: {e}\nusage: compare [OPTIONS]\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let records = harness::run(&config, |r| {
        let mut out = stdout.lock();
        // A closed stdout (`| head`) is not worth a panic in the middle of a
        // measurement; the remaining lines are simply lost.
        let _ = writeln!(out, "{}", r.to_json());
        let _ = out.flush();
    });
    let failed: Vec<_> = records.iter().filter(|r| r.check != 0).collect();
    if failed.is_empty() {
        eprintln!("[compare] {} lines, every check 0", records.len());
        ExitCode::SUCCESS
    } else {
        for r in &failed {
            eprintln!("[compare] FAILED CHECK: {}", r.to_json());
        }
        ExitCode::FAILURE
    }
}
