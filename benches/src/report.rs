//! The report: turns the harness's records into the `compare` section of
//! `docs/PERFORMANCE.md` (machine, date, command, one table per workload,
//! the comparison targets and the cold-path targets met or missed) and the
//! bar chart `docs/compare.svg`.
//!
//! Everything here is a pure function of its inputs, so the tests can render
//! a report without running anything or touching the docs.

use core::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::harness::{Config, Impl, Mode, Record, Workload};

/// The line that opens the generated section in `docs/PERFORMANCE.md`.
pub const BEGIN: &str = "<!-- compare:begin -->";
/// The line that closes it.
pub const END: &str = "<!-- compare:end -->";

/// The machine a report was measured on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    /// `std::thread::available_parallelism`.
    pub cores: usize,
    /// The `model name` of `/proc/cpuinfo`, or `"unknown CPU"`.
    pub cpu: String,
    /// `/proc/loadavg`'s 1-, 5- and 15-minute load averages when the run
    /// started, if readable.
    pub load: Option<String>,
}

impl Machine {
    /// The machine this process runs on.
    pub fn current() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".into());
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
        Self { cores, cpu, load }
    }
}

/// The current UTC date and time, `YYYY-MM-DD HH:MM UTC`.
pub fn utc_now() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    utc_from_unix(secs)
}

/// `YYYY-MM-DD HH:MM UTC` of a Unix time (Howard Hinnant's days-to-civil).
pub fn utc_from_unix(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (hh, mm) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC")
}

/// Replaces the text between [`BEGIN`] and [`END`] in `existing` by
/// `section` (which carries no markers), leaving everything else untouched.
/// Without markers, the marked section is appended; without a file, a new
/// one is started.
pub fn splice(existing: Option<&str>, section: &str) -> String {
    let block = format!("{BEGIN}\n{}\n{END}", section.trim_end());
    match existing {
        None => format!("# Performance\n\n{block}\n"),
        Some(text) => match (text.find(BEGIN), text.find(END)) {
            (Some(b), Some(e)) if b < e => {
                format!("{}{block}{}", &text[..b], &text[e + END.len()..])
            }
            _ => {
                let sep = if text.is_empty() || text.ends_with("\n\n") {
                    ""
                } else if text.ends_with('\n') {
                    "\n"
                } else {
                    "\n\n"
                };
                format!("{text}{sep}{block}\n")
            }
        },
    }
}

/// The record of `imp` on `w` in `mode` with `threads` threads.
pub fn find(
    records: &[Record],
    imp: Impl,
    w: Workload,
    mode: Mode,
    threads: usize,
) -> Option<&Record> {
    records.iter().find(|r| r.is(imp, w, mode, threads))
}

fn parse_record(r: &Record) -> Option<(Impl, Workload, Mode)> {
    Some((
        Impl::from_name(&r.imp)?,
        Workload::from_name(&r.workload)?,
        Mode::ALL.into_iter().find(|m| m.name() == r.mode)?,
    ))
}

/// The floor figure a record is compared with: the floor on the same
/// workload, or for a multi-threaded workload the floor on its
/// single-thread form (W1 for W3, W2 for W4 and W5).
pub fn floor_of(records: &[Record], w: Workload) -> Option<&Record> {
    find(
        records,
        Impl::Floor,
        w.single_thread_base(),
        Mode::Single,
        1,
    )
}

/// The strata figure a record is compared with: strata on the same workload
/// and thread count, in the same mode where strata has it, else threaded.
pub fn strata_of(records: &[Record], w: Workload, mode: Mode, threads: usize) -> Option<&Record> {
    find(records, Impl::Strata, w, mode, threads)
        .or_else(|| find(records, Impl::Strata, w, Mode::Threaded, threads))
}

fn ratio(r: &Record, base: Option<&Record>) -> Option<f64> {
    base.map(|b| r.ns_per_op / b.ns_per_op)
}

/// The same ratio on CPU time, where both records have it.
fn cpu_ratio(r: &Record, base: Option<&Record>) -> Option<f64> {
    Some(r.cpu_ns_per_op? / base?.cpu_ns_per_op?)
}

/// How many cores the timed threads had on average: CPU time over wall
/// time (below the thread count when the machine was shared).
fn cores_used(r: &Record) -> Option<f64> {
    Some(r.cpu_ns_per_op? / r.ns_per_op)
}

fn fmt_ratio(x: Option<f64>) -> String {
    x.map_or_else(|| "–".to_string(), |x| format!("{x:.2}x"))
}

/// Whether a target was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Met.
    Met,
    /// Missed.
    Missed,
    /// Not measured in this run (a workload or implementation was filtered
    /// out).
    NotMeasured,
}

impl Status {
    fn word(self) -> &'static str {
        match self {
            Status::Met => "**met**",
            Status::Missed => "**missed**",
            Status::NotMeasured => "not measured",
        }
    }
}

/// One target and how this run fared.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// The target, in words.
    pub name: String,
    /// Met, missed or not measured.
    pub status: Status,
    /// The figures behind the verdict.
    pub detail: String,
}

/// The comparison targets (strata against the floor, against its peers,
/// and scaling on two threads), judged on `records` (strata's thread-safe
/// context unless said otherwise).
pub fn targets(records: &[Record]) -> Vec<Target> {
    let mut out = Vec::new();
    let t = Mode::Threaded;
    for w in [Workload::W1HotHits, Workload::W2Inserts] {
        let name = format!("strata {} within 1.5x of floor", w.short());
        let (s, f) = (find(records, Impl::Strata, w, t, 1), floor_of(records, w));
        let single = find(records, Impl::Strata, w, Mode::Single, 1).and_then(|s| ratio(s, f));
        out.push(match (s, f) {
            (Some(s), Some(f)) => {
                let x = s.ns_per_op / f.ns_per_op;
                Target {
                    name,
                    status: if x <= 1.5 {
                        Status::Met
                    } else {
                        Status::Missed
                    },
                    detail: format!(
                        "threaded {:.2} ns/op vs floor {:.2} ns/op: {x:.2}x{}{}",
                        s.ns_per_op,
                        f.ns_per_op,
                        cpu_ratio(s, Some(f))
                            .map_or(String::new(), |c| format!(" (on CPU time: {c:.2}x)")),
                        single.map_or(String::new(), |y| format!(
                            "; single-threaded context: {y:.2}x"
                        ))
                    ),
                }
            }
            _ => Target {
                name,
                status: Status::NotMeasured,
                detail: String::new(),
            },
        });
    }

    let peers = [Impl::RustcSharded, Impl::DashMap, Impl::Internment];
    let mut parts = Vec::new();
    let mut all_ahead = true;
    let mut any = false;
    for (w, threads) in [
        (Workload::W1HotHits, 1),
        (Workload::W3HotHitsMt, 2),
        (Workload::W5InsertsMtSame, 2),
    ] {
        let Some(s) = find(records, Impl::Strata, w, t, threads) else {
            continue;
        };
        for p in peers {
            if let Some(r) = find(records, p, w, t, threads) {
                any = true;
                let ahead = s.ns_per_op < r.ns_per_op;
                all_ahead &= ahead;
                parts.push(format!(
                    "{} {}: {:.2}x{}{}",
                    w.short(),
                    p.name(),
                    r.ns_per_op / s.ns_per_op,
                    cpu_ratio(r, Some(s)).map_or(String::new(), |c| format!(" (CPU {c:.2}x)")),
                    if ahead { "" } else { " **behind**" }
                ));
            }
        }
    }
    out.push(Target {
        name: "strata ahead of rustc-sharded, dashmap and internment on W1, W3 and W5".into(),
        status: if !any {
            Status::NotMeasured
        } else if all_ahead {
            Status::Met
        } else {
            Status::Missed
        },
        detail: if any {
            format!("peer ns/op ÷ strata ns/op: {}", parts.join(", "))
        } else {
            String::new()
        },
    });

    for (mt, st, need) in [
        (Workload::W3HotHitsMt, Workload::W1HotHits, 1.8),
        (Workload::W4InsertsMtDisjoint, Workload::W2Inserts, 1.5),
    ] {
        let name = format!(
            "strata {} (two threads) at least {need}x its own {} throughput",
            mt.short(),
            st.short()
        );
        out.push(
            match (
                find(records, Impl::Strata, mt, t, 2),
                find(records, Impl::Strata, st, t, 1),
            ) {
                (Some(m), Some(s)) => {
                    let x = m.mops / s.mops;
                    Target {
                        name,
                        status: if x >= need {
                            Status::Met
                        } else {
                            Status::Missed
                        },
                        detail: format!(
                            "{:.1} Mops/s on two threads vs {:.1} Mops/s on one: {x:.2}x{}",
                            m.mops,
                            s.mops,
                            cores_used(m).map_or(String::new(), |c| format!(
                                " (the two threads were on a CPU {c:.2} cores' worth of the time)"
                            ))
                        ),
                    }
                }
                _ => Target {
                    name,
                    status: Status::NotMeasured,
                    detail: String::new(),
                },
            },
        );
    }
    out
}

/// A verdict from a list of checks: met if every check passed, missed if
/// one failed, not measured if there was none.
fn verdict(name: &str, checks: &[(bool, String)]) -> Target {
    let status = if checks.is_empty() {
        Status::NotMeasured
    } else if checks.iter().all(|(ok, _)| *ok) {
        Status::Met
    } else {
        Status::Missed
    };
    let detail = checks
        .iter()
        .map(|(ok, text)| {
            if *ok {
                text.clone()
            } else {
                format!("{text} **missed**")
            }
        })
        .collect::<Vec<_>>()
        .join("; ");
    Target {
        name: name.into(),
        status,
        detail,
    }
}

/// The cold-path targets, judged on `records`: the single-threaded context
/// on the floor and never slower than the thread-safe one; inserts and cold
/// lookups ahead of rustc-sharded on one thread and on two; W2 within 1.25x
/// of the floor; W1 within 1.5x of the floor; W3 at least 2x ahead of every
/// peer; and, not one of the targets as first set but what they are for,
/// the compiler mix ahead of rustc-sharded.
pub fn cold_path_targets(records: &[Record]) -> Vec<Target> {
    let t = Mode::Threaded;
    let mut out = Vec::new();

    let mut on_floor = Vec::new();
    let mut not_slower = Vec::new();
    for w in Workload::ALL {
        let Some(single) = find(records, Impl::Strata, w, Mode::Single, 1) else {
            continue;
        };
        if let Some(x) = ratio(single, floor_of(records, w)) {
            on_floor.push((x <= 1.15, format!("{} {x:.2}x", w.short())));
        }
        if let Some(threaded) = find(records, Impl::Strata, w, t, 1) {
            not_slower.push((
                single.ns_per_op <= threaded.ns_per_op,
                format!(
                    "{} {:.2} vs {:.2} ns/op",
                    w.short(),
                    single.ns_per_op,
                    threaded.ns_per_op
                ),
            ));
        }
    }
    out.push(verdict(
        "single-threaded context within 1.15x of the floor on every workload it runs",
        &on_floor,
    ));
    out.push(verdict(
        "single-threaded context never slower than the thread-safe one (single vs threaded)",
        &not_slower,
    ));

    let ahead = |cases: &[(Workload, usize)]| {
        let mut checks = Vec::new();
        for &(w, threads) in cases {
            if let (Some(s), Some(r)) = (
                find(records, Impl::Strata, w, t, threads),
                find(records, Impl::RustcSharded, w, t, threads),
            ) {
                checks.push((
                    s.ns_per_op < r.ns_per_op,
                    format!(
                        "{} t={threads} {:.1} vs {:.1} ns/op",
                        w.short(),
                        s.ns_per_op,
                        r.ns_per_op
                    ),
                ));
            }
        }
        checks
    };
    out.push(verdict(
        "W2, W4, W5, W6a and W6b faster than rustc-sharded, on one thread and on two (strata vs rustc-sharded)",
        &ahead(&[
            (Workload::W2Inserts, 1),
            (Workload::W4InsertsMtDisjoint, 1),
            (Workload::W4InsertsMtDisjoint, 2),
            (Workload::W5InsertsMtSame, 2),
            (Workload::W6aStringInserts, 1),
            (Workload::W6bStringHits, 1),
        ]),
    ));
    out.push(verdict(
        "the compiler mix (W7a, W7b) faster than rustc-sharded (strata vs rustc-sharded)",
        &ahead(&[
            (Workload::W7aCompilerMix, 1),
            (Workload::W7bCompilerMixMt, 2),
        ]),
    ));

    for (w, limit) in [(Workload::W2Inserts, 1.25), (Workload::W1HotHits, 1.5)] {
        let checks: Vec<_> = find(records, Impl::Strata, w, t, 1)
            .and_then(|s| ratio(s, floor_of(records, w)))
            .map(|x| (x <= limit, format!("{x:.2}x")))
            .into_iter()
            .collect();
        out.push(verdict(
            &format!("{} within {limit}x of the floor", w.short()),
            &checks,
        ));
    }

    let peers = [Impl::RustcSharded, Impl::DashMap, Impl::Internment];
    let mut lead = Vec::new();
    for s in records
        .iter()
        .filter(|r| r.is(Impl::Strata, Workload::W3HotHitsMt, t, r.threads) && r.threads >= 2)
    {
        for p in peers {
            if let Some(r) = find(records, p, Workload::W3HotHitsMt, t, s.threads) {
                let x = r.ns_per_op / s.ns_per_op;
                lead.push((x >= 2.0, format!("t={} {}: {x:.2}x", s.threads, p.name())));
            }
        }
    }
    out.push(verdict(
        "W3 at least 2x ahead of every peer (peer ns/op ÷ strata ns/op, at every thread count from 2)",
        &lead,
    ));
    out
}

/// Everything a report needs besides the records.
#[derive(Clone, Debug)]
pub struct Meta<'a> {
    /// What was run.
    pub config: &'a Config,
    /// Where.
    pub machine: &'a Machine,
    /// When (`utc_now`).
    pub date: &'a str,
    /// The command that regenerates the section.
    pub command: &'a str,
    /// The file name of the chart, relative to the markdown file.
    pub svg_name: &'a str,
}

/// The markdown of the section (without the markers).
pub fn markdown(records: &[Record], cx: &Meta<'_>) -> String {
    let mut s = String::new();
    let c = cx.config;
    let _ = writeln!(
        s,
        "Generated by `{}` on {}. Do not edit by hand: this section is rewritten between its markers.\n",
        cx.command, cx.date
    );
    let _ = writeln!(
        s,
        "- Machine: {} ({} cores available){}.",
        cx.machine.cpu,
        cx.machine.cores,
        cx.machine.load.as_ref().map_or(String::new(), |l| format!(
            ", load average {l} at the start"
        ))
    );
    let _ = writeln!(
        s,
        "- Scale {}: `H = {}` hot lookups per thread, `N = {}` keys; {}.",
        c.scale,
        c.hot_iterations(),
        c.keys(),
        if c.repeat == 1 {
            "one run per figure".to_string()
        } else {
            format!(
                "each figure is the fastest of {} runs, taken round-robin over the implementations",
                c.repeat
            )
        }
    );
    let _ = writeln!(
        s,
        "- The same run as `cargo run --release -p strata-bench --bin compare -- {}` (the workloads, keys and JSON lines of `benches/WORKLOADS.md`; the raw lines are at the end of this section).",
        c.to_args().join(" ")
    );
    let _ = writeln!(
        s,
        "- The machine is shared and noisy (other builds run beside the benchmark), so absolute times move from run to run; read the ratios, which are measured side by side in one process.\n"
    );
    let _ = writeln!(
        s,
        "`ns/op` is wall-clock time per interning operation; on several threads it is the inverse of the combined throughput. `vs floor` divides by the unsynchronised floor's ns/op (1.00x is the floor; higher is slower); for a multi-threaded workload the floor is its single-thread form on one thread (W1 for W3, W2 for W4 and W5), so real scaling can take it below 1. `vs strata` divides by strata's ns/op in the same mode (the thread-safe context where strata has no such mode). `check` counts failed identity checks and must be 0.\n"
    );
    let _ = writeln!(
        s,
        "`CPU ns/op` is the CPU time (user and system) of the timed threads per operation, summed over the threads; it leaves out the time a thread sat preempted by other processes, which on a shared machine can be most of the wall clock, so `CPU vs floor` is the steadier ratio for the one-thread workloads. It measures cost, not throughput: on several threads it does not shrink with scaling. The JSON lines and the targets use the wall clock, as WORKLOADS.md specifies.\n"
    );
    let _ = writeln!(s, "![ratios to floor]({})\n", cx.svg_name);

    let _ = writeln!(s, "### Targets\n");
    let _ = writeln!(s, "| target | status | figures |\n|---|---|---|");
    for t in targets(records) {
        let _ = writeln!(s, "| {} | {} | {} |", t.name, t.status.word(), t.detail);
    }
    let _ = writeln!(s, "\n### The cold-path targets\n");
    let _ = writeln!(s, "| target | status | figures |\n|---|---|---|");
    for t in cold_path_targets(records) {
        let _ = writeln!(s, "| {} | {} | {} |", t.name, t.status.word(), t.detail);
    }
    let failed: u64 = records.iter().map(|r| r.check).sum();
    let _ = writeln!(
        s,
        "\nEvery check is {}.\n",
        if failed == 0 {
            "0".to_string()
        } else {
            format!("NOT 0 ({failed} failures in all)")
        }
    );

    for w in Workload::ALL {
        let rows: Vec<&Record> = records.iter().filter(|r| r.workload == w.name()).collect();
        if rows.is_empty() {
            continue;
        }
        let mut threads: Vec<usize> = rows.iter().map(|r| r.threads).collect();
        threads.sort_unstable();
        threads.dedup();
        let base = w.single_thread_base();
        let _ = writeln!(s, "### {}\n", w.name());
        let floor_head = if base == w {
            "vs floor".to_string()
        } else {
            format!("vs floor ({}, 1 thread)", base.short())
        };
        let _ = writeln!(
            s,
            "| implementation | mode | threads | ns/op | Mops/s | {floor_head} | vs strata | CPU ns/op | CPU vs floor | check |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        let floor = floor_of(records, w);
        for &t in &threads {
            for r in rows.iter().filter(|r| r.threads == t) {
                let mode = Mode::ALL
                    .into_iter()
                    .find(|m| m.name() == r.mode)
                    .unwrap_or(Mode::Threaded);
                let strata = strata_of(records, w, mode, t);
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {:.2} | {:.1} | {} | {} | {} | {} | {} |",
                    r.imp,
                    r.mode,
                    r.threads,
                    r.ns_per_op,
                    r.mops,
                    fmt_ratio(ratio(r, floor)),
                    fmt_ratio(ratio(r, strata)),
                    r.cpu_ns_per_op
                        .map_or_else(|| "–".to_string(), |c| format!("{c:.2}")),
                    fmt_ratio(cpu_ratio(r, floor)),
                    r.check
                );
            }
        }
        if threads.len() > 1 {
            let _ = writeln!(s, "\nThroughput (Mops/s) by thread count:\n");
            let _ = write!(s, "| implementation |");
            for t in &threads {
                let _ = write!(s, " {t} |");
            }
            let _ = write!(s, "\n|---|");
            for _ in &threads {
                let _ = write!(s, "---:|");
            }
            s.push('\n');
            for imp in Impl::ALL {
                if !rows.iter().any(|r| r.imp == imp.name()) {
                    continue;
                }
                let _ = write!(s, "| {} |", imp.name());
                for &t in &threads {
                    match find(records, imp, w, Mode::Threaded, t) {
                        Some(r) => {
                            let _ = write!(s, " {:.1} |", r.mops);
                        }
                        None => s.push_str(" – |"),
                    }
                }
                s.push('\n');
            }
        }
        s.push('\n');
    }

    let _ = writeln!(s, "### What is not measured, and why\n");
    let _ = writeln!(
        s,
        "- `strata-nocache`: the facade has no switch to turn the thread cache off (a context uses its cache exactly when its policy type is the thread-safe one, and strata-sync's policies are sealed), so the harness cannot measure strata without it."
    );
    for imp in c.impls.iter().copied() {
        let mut why: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
        for w in c.workloads.iter().copied() {
            let mode = if imp == Impl::Floor {
                Mode::Single
            } else {
                Mode::Threaded
            };
            if let Some(reason) = imp.skip_reason(w, mode) {
                match why.iter_mut().find(|(r, _)| *r == reason) {
                    Some((_, ws)) => ws.push(w.short()),
                    None => why.push((reason, vec![w.short()])),
                }
            }
        }
        for (reason, ws) in why {
            let _ = writeln!(s, "- `{}` on {}: {reason}.", imp.name(), ws.join(", "));
        }
    }
    let _ = writeln!(
        s,
        "- `floor` prints `single` lines only: it is unsynchronised by definition, and it is the reference for the multi-threaded workloads too."
    );
    let _ = writeln!(
        s,
        "- Implementations without a single-threaded mode (rustc-sharded, dashmap, internment) print `threaded` lines only; lasso's `single` lines are `Rodeo`, its `threaded` lines `ThreadedRodeo`.\n"
    );

    let _ = writeln!(
        s,
        "<details><summary>The JSON lines of this run</summary>\n"
    );
    let _ = writeln!(s, "```json");
    for r in records {
        let _ = writeln!(s, "{}", r.to_json());
    }
    let _ = writeln!(s, "```\n\n</details>");
    s
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The colour of an implementation's bars.
fn colour(imp: &str, mode: &str) -> &'static str {
    match (imp, mode) {
        ("strata", "threaded") => "#1f4e9c",
        ("strata", _) => "#6b9ee8",
        ("floor", _) => "#7f7f7f",
        ("rustc-sharded", _) => "#e07b1a",
        ("dashmap", _) => "#2e9e4a",
        ("internment", _) => "#8e44ad",
        ("lasso", "threaded") => "#c0392b",
        ("lasso", _) => "#f1948a",
        _ => "#333333",
    }
}

/// The bar chart of every record's ratio to the floor (log scale), one
/// group per workload, multi-threaded workloads at their WORKLOADS.md thread
/// count.
pub fn svg(records: &[Record]) -> String {
    struct Bar<'a> {
        r: &'a Record,
        ratio: f64,
    }
    let mut groups: Vec<(Workload, Vec<Bar<'_>>)> = Vec::new();
    for w in Workload::ALL {
        let floor = floor_of(records, w);
        let bars: Vec<Bar<'_>> = records
            .iter()
            .filter(|r| r.workload == w.name() && r.threads == w.default_threads())
            .filter_map(|r| ratio(r, floor).map(|ratio| Bar { r, ratio }))
            .collect();
        if !bars.is_empty() {
            groups.push((w, bars));
        }
    }
    let (bar_w, gap, left, top, plot_h, bottom) = (16.0, 28.0, 64.0, 56.0, 300.0, 118.0);
    let n_bars: usize = groups.iter().map(|(_, b)| b.len()).sum();
    let plot_w = n_bars as f64 * bar_w + groups.len() as f64 * gap + gap;
    let width = left + plot_w + 90.0;
    let height = top + plot_h + bottom;
    let ratios = groups.iter().flat_map(|(_, b)| b.iter().map(|b| b.ratio));
    let lo = (ratios.clone().fold(0.5f64, f64::min) / 1.5).max(1e-3);
    let hi = ratios.fold(2.0f64, f64::max) * 1.3;
    let (llo, lhi) = (lo.log10(), hi.log10());
    let y = |v: f64| top + plot_h - (v.max(lo).log10() - llo) / (lhi - llo) * plot_h;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="22" font-size="14" font-weight="bold">Cost relative to the unsynchronised floor (ns/op ÷ floor ns/op; log scale, lower is better)</text>"#
    );
    let _ = writeln!(
        s,
        r##"<text x="{left}" y="40" fill="#555">Multi-threaded workloads (2 threads) are compared with the floor of their single-thread form: W1 for W3, W2 for W4 and W5.</text>"##
    );
    // Grid lines at 1-2-5 steps.
    let mut v = 10f64.powf(llo.floor());
    while v <= hi {
        for m in [1.0, 2.0, 5.0] {
            let g = v * m;
            if g >= lo && g <= hi {
                let gy = y(g);
                let _ = writeln!(
                    s,
                    r##"<line x1="{left}" y1="{gy:.1}" x2="{:.1}" y2="{gy:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="#555">{}x</text>"##,
                    left + plot_w,
                    left - 6.0,
                    gy + 4.0,
                    if g < 1.0 {
                        format!("{g}")
                    } else {
                        format!("{g:.0}")
                    }
                );
            }
        }
        v *= 10.0;
    }
    for (level, label, dash) in [
        (1.0, "floor", ""),
        (1.5, "1.5x target", r#" stroke-dasharray="6 4""#),
    ] {
        if level >= lo && level <= hi {
            let ly = y(level);
            let _ = writeln!(
                s,
                r##"<line x1="{left}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="#000"{dash}/><text x="{:.1}" y="{:.1}" fill="#000">{label}</text>"##,
                left + plot_w,
                left + plot_w + 6.0,
                ly + 4.0
            );
        }
    }
    let base_y = top + plot_h;
    let mut x = left + gap;
    for (w, bars) in &groups {
        let group_w = bars.len() as f64 * bar_w;
        for b in bars {
            let by = y(b.ratio);
            let _ = writeln!(
                s,
                r#"<rect x="{x:.1}" y="{by:.1}" width="{:.1}" height="{:.1}" fill="{}"><title>{} {} {}: {:.2} ns/op, {:.2}x floor</title></rect>"#,
                bar_w - 2.0,
                (base_y - by).max(0.5),
                colour(&b.r.imp, &b.r.mode),
                escape(&b.r.imp),
                escape(&b.r.mode),
                w.name(),
                b.r.ns_per_op,
                b.ratio
            );
            let _ = writeln!(
                s,
                r#"<text transform="translate({:.1},{:.1}) rotate(-90)" font-size="9">{:.2}</text>"#,
                x + bar_w / 2.0 + 3.0,
                by - 3.0,
                b.ratio
            );
            x += bar_w;
        }
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold">{}</text>"#,
            x - group_w / 2.0,
            base_y + 16.0,
            w.short()
        );
        x += gap;
    }
    let _ = writeln!(
        s,
        r##"<line x1="{left}" y1="{base_y}" x2="{:.1}" y2="{base_y}" stroke="#000"/>"##,
        left + plot_w
    );
    // Legend: every (implementation, mode) that has a bar, in run order.
    let mut seen: Vec<(&str, &str)> = Vec::new();
    for (_, bars) in &groups {
        for b in bars {
            let key = (b.r.imp.as_str(), b.r.mode.as_str());
            if !seen.contains(&key) {
                seen.push(key);
            }
        }
    }
    seen.sort_by_key(|(imp, mode)| {
        let i = Impl::from_name(imp).map_or(usize::MAX, |i| i as usize);
        (i, *mode != "threaded")
    });
    let (mut lx, mut ly) = (left, base_y + 40.0);
    for (imp, mode) in seen {
        let label = format!("{imp} ({mode})");
        let w = 24.0 + label.len() as f64 * 6.5;
        if lx + w > width - 10.0 {
            lx = left;
            ly += 18.0;
        }
        let _ = writeln!(
            s,
            r#"<rect x="{lx:.1}" y="{:.1}" width="12" height="12" fill="{}"/><text x="{:.1}" y="{ly:.1}">{}</text>"#,
            ly - 10.0,
            colour(imp, mode),
            lx + 16.0,
            escape(&label)
        );
        lx += w;
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// Checks that every record parsed back has a known implementation, workload
/// and mode (used by the tests and by `report` on the records it renders).
pub fn all_known(records: &[Record]) -> bool {
    records.iter().all(|r| parse_record(r).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(imp: &str, w: &str, mode: &str, threads: usize, ns: f64) -> Record {
        Record {
            imp: imp.into(),
            workload: w.into(),
            mode: mode.into(),
            threads,
            ops: 1000,
            secs: ns * 1e-6,
            ns_per_op: ns,
            mops: 1e3 / ns,
            check: 0,
            cpu_ns_per_op: Some(ns / 2.0),
        }
    }

    fn sample() -> Vec<Record> {
        vec![
            rec("strata", "W1_hot_hits", "threaded", 1, 5.0),
            rec("strata", "W1_hot_hits", "single", 1, 4.0),
            rec("floor", "W1_hot_hits", "single", 1, 4.0),
            rec("rustc-sharded", "W1_hot_hits", "threaded", 1, 20.0),
            rec("internment", "W1_hot_hits", "threaded", 1, 40.0),
            rec("strata", "W2_inserts", "threaded", 1, 100.0),
            rec("floor", "W2_inserts", "single", 1, 50.0),
            rec("strata", "W3_hot_hits_mt", "threaded", 2, 2.5),
            rec("strata", "W3_hot_hits_mt", "threaded", 4, 2.6),
            rec("dashmap", "W3_hot_hits_mt", "threaded", 2, 2.0),
            rec("lasso", "W6a_string_inserts", "single", 1, 80.0),
            rec("floor", "W6a_string_inserts", "single", 1, 40.0),
        ]
    }

    #[test]
    fn judges_the_targets() {
        let t = targets(&sample());
        assert_eq!(t[0].status, Status::Met, "{t:?}");
        assert!(t[0].detail.contains("1.25x"), "{}", t[0].detail);
        assert!(
            t[0].detail
                .contains("(on CPU time: 1.25x); single-threaded context: 1.00x")
        );
        assert!(t[3].detail.contains("0.50 cores' worth"), "{}", t[3].detail);
        assert_eq!(t[1].status, Status::Missed);
        assert_eq!(t[2].status, Status::Missed, "dashmap is ahead on W3");
        assert!(
            t[2].detail
                .contains("W3 dashmap: 0.80x (CPU 0.80x) **behind**"),
            "{}",
            t[2].detail
        );
        assert_eq!(t[3].status, Status::Met, "W3 is 2x W1's throughput");
        assert_eq!(t[4].status, Status::NotMeasured);
    }

    #[test]
    fn judges_the_cold_path_targets() {
        let mut records = sample();
        records.extend([
            rec("rustc-sharded", "W2_inserts", "threaded", 1, 90.0),
            rec("strata", "W2_inserts", "single", 1, 55.0),
            rec("strata", "W6a_string_inserts", "threaded", 1, 44.0),
            rec("strata", "W6a_string_inserts", "single", 1, 45.0),
            rec("rustc-sharded", "W6a_string_inserts", "threaded", 1, 50.0),
            rec("rustc-sharded", "W3_hot_hits_mt", "threaded", 2, 6.0),
            rec("rustc-sharded", "W3_hot_hits_mt", "threaded", 4, 5.0),
        ]);
        let t = cold_path_targets(&records);
        let by_name = |prefix: &str| {
            t.iter()
                .find(|t| t.name.starts_with(prefix))
                .unwrap_or_else(|| panic!("no target {prefix}: {t:?}"))
        };
        // Single: W1 1.00x, W2 1.10x and W6a 1.125x of the floor: met.
        let floor = by_name("single-threaded context within");
        assert_eq!(floor.status, Status::Met, "{floor:?}");
        assert!(floor.detail.contains("W6a 1.12x"), "{}", floor.detail);
        // Single W6a (45) is slower than threaded (44).
        let slower = by_name("single-threaded context never");
        assert_eq!(slower.status, Status::Missed, "{slower:?}");
        assert!(
            slower
                .detail
                .contains("W6a 45.00 vs 44.00 ns/op **missed**"),
            "{}",
            slower.detail
        );
        // W2 100 vs rustc 90: behind; W6a 44 vs 50: ahead.
        let rustc = by_name("W2, W4");
        assert_eq!(rustc.status, Status::Missed);
        assert!(
            rustc
                .detail
                .contains("W2 t=1 100.0 vs 90.0 ns/op **missed**")
        );
        assert!(rustc.detail.contains("W6a t=1 44.0 vs 50.0 ns/op"));
        assert_eq!(by_name("the compiler mix").status, Status::NotMeasured);
        assert_eq!(by_name("W2 within").status, Status::Missed, "2.00x");
        assert_eq!(by_name("W1 within").status, Status::Met, "1.25x");
        // W3: 2.4x rustc at 2 threads, but 1.92x at 4 threads, and dashmap
        // is 0.8x at 2.
        let w3 = by_name("W3 at least");
        assert_eq!(w3.status, Status::Missed);
        assert!(
            w3.detail.contains("t=2 rustc-sharded: 2.40x;"),
            "{}",
            w3.detail
        );
        assert!(w3.detail.contains("t=4 rustc-sharded: 1.92x **missed**"));
        assert!(w3.detail.contains("t=2 dashmap: 0.80x **missed**"));
    }

    #[test]
    fn renders_tables_and_chart() {
        let config = Config {
            threads: Some(vec![2, 4]),
            ..Config::default()
        };
        let machine = Machine {
            cores: 2,
            cpu: "Test CPU".into(),
            load: Some("1.0 2.0 3.0".into()),
        };
        let records = sample();
        let md = markdown(
            &records,
            &Meta {
                config: &config,
                machine: &machine,
                date: "2025-01-01 00:00 UTC",
                command: "cargo xtask bench",
                svg_name: "compare.svg",
            },
        );
        assert!(
            md.contains(
                "| strata | threaded | 1 | 5.00 | 200.0 | 1.25x | 1.00x | 2.50 | 1.25x | 0 |"
            ),
            "{md}"
        );
        assert!(md.contains(
            "| rustc-sharded | threaded | 1 | 20.00 | 50.0 | 5.00x | 4.00x | 10.00 | 5.00x | 0 |"
        ));
        assert!(md.contains("vs floor (W1, 1 thread)"));
        assert!(
            md.contains(
                "| dashmap | threaded | 2 | 2.00 | 500.0 | 0.50x | 0.80x | 1.00 | 0.50x | 0 |"
            ),
            "{md}"
        );
        assert!(md.contains("| strata | 400.0 | 384.6 |"), "{md}");
        assert!(md.contains("![ratios to floor](compare.svg)"));
        assert!(md.contains("`internment` on W2, W4, W5, W6a, W6b, W7a, W7b: its pool is global"));
        assert!(md.contains("Every check is 0."));
        assert!(md.contains(r#"{"impl":"strata","workload":"W1_hot_hits""#));

        let svg = svg(&records);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(
            svg.matches("<title>").count(),
            11,
            "W3 at 4 threads is not charted"
        );
        assert!(svg.contains("strata (threaded)") && svg.contains("lasso (single)"));
        assert!(all_known(&records));
    }

    #[test]
    fn splices_between_the_markers_only() {
        assert_eq!(
            splice(None, "body\n"),
            format!("# Performance\n\n{BEGIN}\nbody\n{END}\n")
        );
        let doc = format!("# P\n\nlead text\n\n{BEGIN}\nold\n{END}\n\n## Other\nkept\n");
        let out = splice(Some(&doc), "new");
        assert_eq!(
            out,
            format!("# P\n\nlead text\n\n{BEGIN}\nnew\n{END}\n\n## Other\nkept\n")
        );
        assert_eq!(splice(Some(&out), "new"), out, "idempotent");
        assert_eq!(
            splice(Some("# P\nintro\n"), "x"),
            format!("# P\nintro\n\n{BEGIN}\nx\n{END}\n")
        );
    }

    #[test]
    fn formats_utc_dates() {
        assert_eq!(utc_from_unix(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_from_unix(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_from_unix(1_735_689_599), "2024-12-31 23:59 UTC");
    }
}
