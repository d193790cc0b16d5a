//! End-to-end tests of the comparison harness: the `compare` binary at a tiny
//! scale prints exactly the JSON lines WORKLOADS.md specifies (and nothing
//! else on stdout), every implementation's checks are 0, and `report`
//! writes its section and chart.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use strata_bench::harness::{Impl, Mode, Record, Workload};
use strata_bench::report::{BEGIN, END};

/// The (implementation, workload, mode, threads) lines a full run must
/// print, with `threads` the thread counts of W3 and W4.
fn expected(threads: &[usize]) -> BTreeSet<(String, String, String, usize)> {
    let mut set = BTreeSet::new();
    for w in Workload::ALL {
        let counts = if w.scales() {
            threads.to_vec()
        } else {
            vec![w.default_threads()]
        };
        for imp in Impl::ALL {
            for mode in Mode::ALL {
                if imp.runs(w, mode) {
                    for &t in &counts {
                        set.insert((imp.name().into(), w.name().into(), mode.name().into(), t));
                    }
                }
            }
        }
    }
    set
}

fn parse(stdout: &[u8]) -> Vec<Record> {
    let text = String::from_utf8(stdout.to_vec()).expect("stdout is UTF-8");
    text.lines()
        .map(|line| Record::from_json(line).unwrap_or_else(|e| panic!("not a record line: {e}")))
        .collect()
}

#[test]
fn compare_prints_every_line_with_every_check_zero() {
    let out = Command::new(env!("CARGO_BIN_EXE_compare"))
        .args(["--scale", "0.001", "--threads", "1,2,3"])
        .output()
        .expect("compare runs");
    assert!(
        out.status.success(),
        "compare failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = parse(&out.stdout);
    let got: BTreeSet<_> = records
        .iter()
        .map(|r| (r.imp.clone(), r.workload.clone(), r.mode.clone(), r.threads))
        .collect();
    assert_eq!(got.len(), records.len(), "a line was printed twice");
    assert_eq!(got, expected(&[1, 2, 3]));
    for r in &records {
        assert_eq!(r.check, 0, "failed check: {}", r.to_json());
        let w = Workload::from_name(&r.workload).unwrap();
        let ops = match w {
            Workload::W1HotHits => 10_000,
            Workload::W3HotHitsMt => 10_000 * r.threads as u64,
            Workload::W5InsertsMtSame => 2_000,
            _ => 1_000,
        };
        assert_eq!(r.ops, ops, "{}", r.to_json());
        assert!(
            r.secs > 0.0 && r.ns_per_op > 0.0 && r.mops > 0.0,
            "{}",
            r.to_json()
        );
        let ns = r.secs * 1e9 / r.ops as f64;
        assert!(
            (r.ns_per_op - ns).abs() <= ns * 0.01 + 0.01,
            "{}",
            r.to_json()
        );
    }
    // Every implementation ran something.
    for imp in Impl::ALL {
        assert!(
            records.iter().any(|r| r.imp == imp.name()),
            "{imp} printed nothing"
        );
    }
}

#[test]
fn compare_filters_and_rejects_bad_arguments() {
    let out = Command::new(env!("CARGO_BIN_EXE_compare"))
        .args([
            "--scale",
            "0.001",
            "--impl",
            "floor,lasso",
            "--workload",
            "W6b",
            "--mode",
            "single",
        ])
        .output()
        .expect("compare runs");
    assert!(out.status.success());
    let records = parse(&out.stdout);
    let names: Vec<_> = records
        .iter()
        .map(|r| (r.imp.as_str(), r.workload.as_str()))
        .collect();
    assert_eq!(
        names,
        [("floor", "W6b_string_hits"), ("lasso", "W6b_string_hits")]
    );

    let bad = Command::new(env!("CARGO_BIN_EXE_compare"))
        .args(["--scale", "0.001", "--bogus"])
        .output()
        .expect("compare runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty(), "nothing but records on stdout");
}

#[test]
fn report_writes_the_section_and_the_chart() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("strata-bench-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let md = dir.join("compare.md");
    std::fs::write(
        &md,
        format!("# Compare\n\nlead\n\n{BEGIN}\nold\n{END}\n\n## Later\nkept\n"),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_report"))
        .args(["--scale", "0.0005", "--threads", "1,2", "--docs"])
        .arg(&dir)
        .output()
        .expect("report runs");
    assert!(
        out.status.success(),
        "report failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!parse(&out.stdout).is_empty());
    let text = std::fs::read_to_string(&md).unwrap();
    assert!(text.starts_with("# Compare\n\nlead\n\n"));
    assert!(text.ends_with(&format!("{END}\n\n## Later\nkept\n")));
    assert!(!text.contains("\nold\n"));
    assert!(text.contains("### Targets"));
    assert!(text.contains("### W5_inserts_mt_same"));
    assert!(text.contains("--scale 0.0005 --threads 1,2"));
    let svg = std::fs::read_to_string(dir.join("compare.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("strata (threaded)"));
    std::fs::remove_dir_all(&dir).unwrap();
}
