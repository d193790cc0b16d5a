//! `report`: runs the comparison harness in-process and rewrites the
//! `compare` section of `docs/compare.md` (between its markers) and
//! `docs/compare.svg`. `cargo xtask bench [ARGS]` runs it.
//!
//! `cargo run --release -p strata-bench --bin report -- [--scale S]
//! [--threads 1,2,4,8,16] [--repeat R] [--impl ...] [--workload ...]
//! [--docs DIR] [--dry-run]`
//!
//! Defaults: `--scale 0.3 --threads 1,2,4,8,16 --repeat 5`. The JSON lines go to stdout
//! as `compare` prints them; `--dry-run` prints the section instead of
//! writing the docs. Exits with status 1 (after writing) if any check is not
//! 0.

#![forbid(unsafe_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use strata_bench::harness::{self, Config, USAGE};
use strata_bench::report::{self, Machine, Meta};

const REPORT_USAGE: &str = "\
    --docs DIR            where compare.md and compare.svg live (default: the workspace's docs/)
    --dry-run             print the section on stdout instead of writing the docs";

fn main() -> ExitCode {
    // A bare `--` (as in `cargo xtask bench -- --scale 1`) separates nothing
    // here: skip it.
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--").collect();
    let usage = format!("usage: report [OPTIONS]\n{USAGE}\n{REPORT_USAGE}");
    if args.iter().any(|a| a == "-h" || a == "--help") {
        eprintln!("{usage}");
        return ExitCode::SUCCESS;
    }
    let (mut config, rest) = match Config::parse(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("report: {e}\n{usage}");
            return ExitCode::from(2);
        }
    };
    if !args.iter().any(|a| a.starts_with("--scale")) {
        config.scale = 0.3;
    }
    if !args.iter().any(|a| a.starts_with("--threads")) {
        config.threads = Some(vec![1, 2, 4, 8, 16]);
    }
    if !args.iter().any(|a| a.starts_with("--repeat")) {
        config.repeat = 5;
    }
    let mut docs = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("docs");
    let mut dry_run = false;
    let mut it = rest.into_iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--docs" => match it.next() {
                Some(dir) => docs = PathBuf::from(dir),
                None => {
                    eprintln!("report: --docs needs a directory\n{usage}");
                    return ExitCode::from(2);
                }
            },
            "--dry-run" => dry_run = true,
            other => {
                eprintln!("report: unknown argument `{other}`\n{usage}");
                return ExitCode::from(2);
            }
        }
    }

    let machine = Machine::current();
    let date = report::utc_now();
    let records = harness::run(&config, |r| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{}", r.to_json());
        let _ = out.flush();
    });
    let command = format!("cargo xtask bench {}", config.to_args().join(" "));
    let svg_name = "compare.svg";
    let section = report::markdown(
        &records,
        &Meta {
            config: &config,
            machine: &machine,
            date: &date,
            command: &command,
            svg_name,
        },
    );
    if dry_run {
        println!("{section}");
    } else {
        let md_path = docs.join(report::FILE);
        let existing = std::fs::read_to_string(&md_path).ok();
        let text = report::splice(existing.as_deref(), &section);
        let written = std::fs::create_dir_all(&docs)
            .and_then(|()| std::fs::write(&md_path, text))
            .and_then(|()| std::fs::write(docs.join(svg_name), report::svg(&records)));
        if let Err(e) = written {
            eprintln!("report: cannot write {}: {e}", docs.display());
            return ExitCode::FAILURE;
        }
        eprintln!(
            "[report] wrote {} and {}",
            md_path.display(),
            docs.join(svg_name).display()
        );
    }
    if records.iter().any(|r| r.check != 0) {
        eprintln!("[report] some checks are not 0: see the tables");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
