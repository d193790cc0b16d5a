//! The workloads of WORKLOADS.md, the implementations that run them, the
//! command line, and the JSON record each run prints.
//!
//! Every measurement is generic over [`Interner`], so each implementation
//! gets its own monomorphised loop with identical surrounding code: the same
//! key construction, the same identity comparison, the same bookkeeping.

use core::fmt;
use core::str::FromStr;
use std::thread;

use strata_ctx::Context;

use crate::clock::Stopwatch;
use crate::impls::{
    DashInterner, Floor, GlobalIntern, Interner, RodeoSingle, RodeoThreaded, RustcSharded,
};
use crate::keys::{self, HOT, IntKey};

/// A workload of WORKLOADS.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Workload {
    /// 256 pre-interned hot values, `H` lookups on one thread.
    W1HotHits,
    /// `N` distinct inserts into a fresh context on one thread.
    W2Inserts,
    /// W1 on several threads at once over one context.
    W3HotHitsMt,
    /// `N` distinct inserts split between threads (disjoint halves).
    W4InsertsMtDisjoint,
    /// Two threads insert the same `N` keys, in opposite orders.
    W5InsertsMtSame,
    /// `N` distinct strings into a fresh context.
    W6aStringInserts,
    /// The same `N` strings again, right after W6a.
    W6bStringHits,
}

impl Workload {
    /// Every workload, in the order the harness runs them.
    pub const ALL: [Workload; 7] = [
        Workload::W1HotHits,
        Workload::W2Inserts,
        Workload::W3HotHitsMt,
        Workload::W4InsertsMtDisjoint,
        Workload::W5InsertsMtSame,
        Workload::W6aStringInserts,
        Workload::W6bStringHits,
    ];

    /// The name printed in the JSON (`"W1_hot_hits"`).
    pub fn name(self) -> &'static str {
        match self {
            Workload::W1HotHits => "W1_hot_hits",
            Workload::W2Inserts => "W2_inserts",
            Workload::W3HotHitsMt => "W3_hot_hits_mt",
            Workload::W4InsertsMtDisjoint => "W4_inserts_mt_disjoint",
            Workload::W5InsertsMtSame => "W5_inserts_mt_same",
            Workload::W6aStringInserts => "W6a_string_inserts",
            Workload::W6bStringHits => "W6b_string_hits",
        }
    }

    /// The short name (`"W1"`).
    pub fn short(self) -> &'static str {
        self.name().split('_').next().unwrap_or_default()
    }

    /// The workload named `name` (full or short, any case).
    pub fn from_name(name: &str) -> Option<Workload> {
        Self::ALL
            .into_iter()
            .find(|w| w.name().eq_ignore_ascii_case(name) || w.short().eq_ignore_ascii_case(name))
    }

    /// The thread count WORKLOADS.md gives it.
    pub fn default_threads(self) -> usize {
        match self {
            Workload::W3HotHitsMt | Workload::W4InsertsMtDisjoint | Workload::W5InsertsMtSame => 2,
            _ => 1,
        }
    }

    /// Whether it runs on several threads (and so only in `threaded` mode).
    pub fn is_multi_threaded(self) -> bool {
        self.default_threads() > 1
    }

    /// Whether `--threads` scales it (W3 and W4).
    pub fn scales(self) -> bool {
        matches!(self, Workload::W3HotHitsMt | Workload::W4InsertsMtDisjoint)
    }

    /// The single-thread workload it is the multi-threaded form of (W1 for
    /// W3; W2 for W4 and W5), or itself.
    pub fn single_thread_base(self) -> Workload {
        match self {
            Workload::W3HotHitsMt => Workload::W1HotHits,
            Workload::W4InsertsMtDisjoint | Workload::W5InsertsMtSame => Workload::W2Inserts,
            w => w,
        }
    }

    /// Whether it needs a fresh (empty) context.
    pub fn needs_fresh_context(self) -> bool {
        !matches!(self, Workload::W1HotHits | Workload::W3HotHitsMt)
    }

    /// Whether its keys are strings.
    pub fn is_string(self) -> bool {
        matches!(self, Workload::W6aStringInserts | Workload::W6bStringHits)
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The threading mode of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// The thread-safe context.
    Threaded,
    /// The single-threaded (unsynchronised) context.
    Single,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Threaded, Mode::Single];

    /// The name printed in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Threaded => "threaded",
            Mode::Single => "single",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An implementation the harness compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Impl {
    /// strata through its facade (`strata_ctx::Context`).
    Strata,
    /// The unsynchronised floor (hashbrown + FxHash + bumpalo).
    Floor,
    /// rustc's sharded interner, rebuilt.
    RustcSharded,
    /// A `DashMap` interner.
    DashMap,
    /// `internment::Intern`.
    Internment,
    /// `lasso` (strings only).
    Lasso,
}

impl Impl {
    /// Every implementation, in the order the harness runs them.
    pub const ALL: [Impl; 6] = [
        Impl::Strata,
        Impl::Floor,
        Impl::RustcSharded,
        Impl::DashMap,
        Impl::Internment,
        Impl::Lasso,
    ];

    /// The name printed in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Strata => "strata",
            Impl::Floor => "floor",
            Impl::RustcSharded => "rustc-sharded",
            Impl::DashMap => "dashmap",
            Impl::Internment => "internment",
            Impl::Lasso => "lasso",
        }
    }

    /// The implementation named `name`.
    pub fn from_name(name: &str) -> Option<Impl> {
        Self::ALL
            .into_iter()
            .find(|i| i.name().eq_ignore_ascii_case(name))
    }

    /// Why this implementation prints nothing for `w` in `mode`, or `None`
    /// if it runs it.
    pub fn skip_reason(self, w: Workload, mode: Mode) -> Option<&'static str> {
        if self == Impl::Floor && w.is_multi_threaded() {
            return Some(
                "unsynchronised, so one thread only; the multi-threaded workloads are compared with its single-thread figures",
            );
        }
        if mode == Mode::Single && w.is_multi_threaded() {
            return Some("the single-threaded mode is for one thread only");
        }
        match (self, mode) {
            (Impl::Strata, _) => None,
            (Impl::Floor, Mode::Threaded) => Some(
                "the floor is unsynchronised and single-threaded by definition; it prints `single` lines only",
            ),
            (Impl::Floor, Mode::Single) => None,
            (Impl::RustcSharded | Impl::DashMap | Impl::Internment, Mode::Single) => {
                Some("no single-threaded mode")
            }
            (Impl::RustcSharded | Impl::DashMap, Mode::Threaded) => None,
            (Impl::Internment, Mode::Threaded) => {
                if w.needs_fresh_context() {
                    Some(
                        "its pool is global (one per type, never emptied), so it cannot start from a fresh context",
                    )
                } else {
                    None
                }
            }
            (Impl::Lasso, _) => {
                if w.is_string() {
                    None
                } else {
                    Some("a string interner: WORKLOADS.md uses it for the string workloads only")
                }
            }
        }
    }

    /// Whether it runs `w` in `mode`.
    pub fn runs(self, w: Workload, mode: Mode) -> bool {
        self.skip_reason(w, mode).is_none()
    }
}

impl fmt::Display for Impl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to run: the command line of `compare` (and of `report`).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// `H = 10_000_000 * scale`, `N = 1_000_000 * scale`.
    pub scale: f64,
    /// The implementations to run, in [`Impl::ALL`] order.
    pub impls: Vec<Impl>,
    /// The workloads to run, in [`Workload::ALL`] order.
    pub workloads: Vec<Workload>,
    /// The modes to run.
    pub modes: Vec<Mode>,
    /// The thread counts W3 and W4 run with (`--threads`); `None` runs every
    /// workload with its own count from WORKLOADS.md (2 for W3 and W4).
    pub threads: Option<Vec<usize>>,
    /// Each measurement is taken this many times and the fastest is printed.
    pub repeat: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            scale: 1.0,
            impls: Impl::ALL.to_vec(),
            workloads: Workload::ALL.to_vec(),
            modes: Mode::ALL.to_vec(),
            threads: None,
            repeat: 3,
        }
    }
}

/// The options [`Config::parse`] understands, for `--help`.
pub const USAGE: &str = "\
    --scale S             H = 10_000_000 * S hot lookups, N = 1_000_000 * S keys (default 1)
    --impl A,B            only these implementations: strata, floor, rustc-sharded, dashmap,
                          internment, lasso (default: all)
    --workload A,B        only these workloads, by full or short name: W1_hot_hits or W1, W2,
                          W3, W4, W5, W6a, W6b (default: all)
    --mode M              only this mode: threaded or single (default: both)
    --threads 1,2,4,8,16  run W3 and W4 with each of these thread counts (default: 2)
    --repeat R            take each measurement R times, round-robin over the implementations,
                          and print the fastest (default 3)";

fn parse_list<T>(
    value: &str,
    what: &str,
    one: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| one(s).ok_or_else(|| format!("unknown {what} `{s}`")))
        .collect()
}

fn parse_number<T: FromStr>(value: &str, what: &str) -> Result<T, String> {
    value
        .trim()
        .parse()
        .map_err(|_| format!("{what}: `{value}` is not a number"))
}

impl Config {
    /// Parses the command line (without the program name). Returns the
    /// configuration and the arguments it did not recognise, in order, for
    /// the caller to handle or reject.
    pub fn parse(args: &[String]) -> Result<(Config, Vec<String>), String> {
        let mut config = Config::default();
        let mut rest = Vec::new();
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
                _ => (arg.as_str(), None),
            };
            let known = [
                "--scale",
                "--impl",
                "--workload",
                "--mode",
                "--threads",
                "--repeat",
            ];
            if !known.contains(&flag) {
                rest.push(arg.clone());
                continue;
            }
            let value = match inline {
                Some(v) => v,
                None => it
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value"))?,
            };
            match flag {
                "--scale" => {
                    config.scale = parse_number(&value, "--scale")?;
                    if !(config.scale.is_finite() && config.scale > 0.0) {
                        return Err(format!("--scale must be positive, not `{value}`"));
                    }
                }
                "--impl" => {
                    let mut v = parse_list(&value, "implementation", Impl::from_name)?;
                    v.sort();
                    v.dedup();
                    config.impls = v;
                }
                "--workload" => {
                    let mut v = parse_list(&value, "workload", Workload::from_name)?;
                    v.sort();
                    v.dedup();
                    config.workloads = v;
                }
                "--mode" => {
                    let mut v = parse_list(&value, "mode", |s| {
                        Mode::ALL
                            .into_iter()
                            .find(|m| m.name().eq_ignore_ascii_case(s))
                    })?;
                    v.sort();
                    v.dedup();
                    config.modes = v;
                }
                "--threads" => {
                    let v = parse_list(&value, "thread count", |s| {
                        s.parse::<usize>().ok().filter(|&t| (1..=256).contains(&t))
                    })?;
                    if v.is_empty() {
                        return Err("--threads needs at least one count".into());
                    }
                    config.threads = Some(v);
                }
                "--repeat" => {
                    config.repeat = parse_number(&value, "--repeat")?;
                    if config.repeat == 0 {
                        return Err("--repeat must be at least 1".into());
                    }
                }
                _ => unreachable!("every known flag is handled"),
            }
        }
        Ok((config, rest))
    }

    /// `H`: hot lookups per thread in W1 and W3 (at least 1).
    pub fn hot_iterations(&self) -> usize {
        ((10_000_000.0 * self.scale).round() as usize).max(1)
    }

    /// `N`: distinct keys in W2, W4, W5 and W6 (at least 1).
    pub fn keys(&self) -> usize {
        ((1_000_000.0 * self.scale).round() as usize).max(1)
    }

    /// The thread counts `w` runs with.
    pub fn threads_for(&self, w: Workload) -> Vec<usize> {
        match &self.threads {
            Some(list) if w.scales() => list.clone(),
            _ => vec![w.default_threads()],
        }
    }

    /// The arguments that reproduce this configuration (options at their
    /// default are left out).
    pub fn to_args(&self) -> Vec<String> {
        let default = Config::default();
        let join = |v: Vec<&str>| v.join(",");
        let mut args = vec!["--scale".to_string(), format!("{}", self.scale)];
        if self.impls != default.impls {
            args.push("--impl".into());
            args.push(join(self.impls.iter().map(|i| i.name()).collect()));
        }
        if self.workloads != default.workloads {
            args.push("--workload".into());
            args.push(join(self.workloads.iter().map(|w| w.name()).collect()));
        }
        if self.modes != default.modes {
            args.push("--mode".into());
            args.push(join(self.modes.iter().map(|m| m.name()).collect()));
        }
        if let Some(t) = &self.threads {
            args.push("--threads".into());
            args.push(t.iter().map(usize::to_string).collect::<Vec<_>>().join(","));
        }
        if self.repeat != default.repeat {
            args.push("--repeat".into());
            args.push(self.repeat.to_string());
        }
        args
    }
}

/// One line of output: one (implementation, workload, mode, threads)
/// measurement, with the fields and field order WORKLOADS.md specifies.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The implementation's name (`"impl"` in the JSON).
    pub imp: String,
    /// The workload's name.
    pub workload: String,
    /// `"threaded"` or `"single"`.
    pub mode: String,
    /// Threads that ran the timed region.
    pub threads: usize,
    /// Interning operations timed, over all threads.
    pub ops: u64,
    /// Wall-clock seconds of the timed region.
    pub secs: f64,
    /// `secs / ops`, in nanoseconds (wall clock: for several threads, the
    /// inverse of the combined throughput).
    pub ns_per_op: f64,
    /// Millions of operations per second, over all threads.
    pub mops: f64,
    /// Failed identity checks; 0 for a correct implementation.
    pub check: u64,
    /// CPU time per operation in nanoseconds: the CPU seconds of the timed
    /// threads, summed, over `ops`. Not part of the JSON line (WORKLOADS.md
    /// fixes its fields); `None` when parsed from one, or where the platform
    /// has no per-thread CPU clock.
    pub cpu_ns_per_op: Option<f64>,
}

/// A finite float as JSON: Rust's shortest round-trip form, which never uses
/// an exponent, with `.0` added to whole numbers (as serde_json writes them).
fn json_float(x: f64) -> String {
    debug_assert!(x.is_finite());
    let s = format!("{x}");
    if s.contains('.') { s } else { format!("{s}.0") }
}

fn round_to(x: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (x * f).round() / f
}

impl Record {
    fn new(imp: Impl, w: Workload, mode: Mode, threads: usize, m: Measure) -> Self {
        let secs = m.secs.max(1e-9);
        Self {
            imp: imp.name().into(),
            workload: w.name().into(),
            mode: mode.name().into(),
            threads,
            ops: m.ops,
            secs: round_to(secs, 9),
            ns_per_op: round_to(secs * 1e9 / m.ops as f64, 3),
            mops: round_to(m.ops as f64 / secs / 1e6, 3),
            check: m.check,
            cpu_ns_per_op: m.cpu.map(|c| round_to(c * 1e9 / m.ops as f64, 3)),
        }
    }

    /// The JSON line (no newline), fields in WORKLOADS.md's order. Names are
    /// plain ASCII identifiers (no escaping needed); numbers are finite.
    pub fn to_json(&self) -> String {
        format!(
            r#"{{"impl":"{}","workload":"{}","mode":"{}","threads":{},"ops":{},"secs":{},"ns_per_op":{},"mops":{},"check":{}}}"#,
            self.imp,
            self.workload,
            self.mode,
            self.threads,
            self.ops,
            json_float(self.secs),
            json_float(self.ns_per_op),
            json_float(self.mops),
            self.check
        )
    }

    /// Parses a line printed by [`to_json`](Self::to_json) (any JSON object
    /// with those fields).
    pub fn from_json(line: &str) -> Result<Record, String> {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
        let text = |k: &str| {
            v.get(k)
                .and_then(serde_json::Value::as_str)
                .map(String::from)
                .ok_or_else(|| format!("`{k}` is missing or not a string: {line}"))
        };
        let int = |k: &str| {
            v.get(k)
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| format!("`{k}` is missing or not an integer: {line}"))
        };
        let num = |k: &str| {
            v.get(k)
                .and_then(serde_json::Value::as_f64)
                .ok_or_else(|| format!("`{k}` is missing or not a number: {line}"))
        };
        Ok(Record {
            imp: text("impl")?,
            workload: text("workload")?,
            mode: text("mode")?,
            threads: int("threads")? as usize,
            ops: int("ops")?,
            secs: num("secs")?,
            ns_per_op: num("ns_per_op")?,
            mops: num("mops")?,
            check: int("check")?,
            cpu_ns_per_op: None,
        })
    }

    /// Whether this is the record of `imp`, `w`, `mode` and `threads`.
    pub fn is(&self, imp: Impl, w: Workload, mode: Mode, threads: usize) -> bool {
        self.imp == imp.name()
            && self.workload == w.name()
            && self.mode == mode.name()
            && self.threads == threads
    }
}

/// One raw measurement.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Measure {
    ops: u64,
    /// Wall-clock seconds of the timed region.
    secs: f64,
    /// CPU seconds the timed threads used, summed over them.
    cpu: Option<f64>,
    check: u64,
}

impl Measure {
    /// The faster of two runs (each clock on its own); a failed check in
    /// either is kept.
    fn best(self, other: Measure) -> Measure {
        Measure {
            ops: self.ops,
            secs: self.secs.min(other.secs),
            cpu: match (self.cpu, other.cpu) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            check: self.check.max(other.check),
        }
    }
}

/// Runs `f` and returns its result with the CPU seconds the calling thread
/// spent in it (each worker's share of a multi-threaded measurement).
#[inline]
fn on_cpu<R>(f: impl FnOnce() -> R) -> (R, Option<f64>) {
    let clock = Stopwatch::start();
    let r = f();
    (r, clock.cpu())
}

/// Sums the per-thread CPU times of a multi-threaded measurement.
fn sum_cpu(parts: impl IntoIterator<Item = Option<f64>>) -> Option<f64> {
    parts.into_iter().sum()
}

/// The keys, built once before anything is timed.
struct Inputs {
    hot: [i64; HOT],
    values: Vec<i64>,
    strings: Vec<String>,
    h: usize,
}

/// A never-written identity (no implementation hands out `usize::MAX`). The
/// identity vectors are filled with it before timing, which also touches
/// their pages so that page faults stay out of the timed region.
const UNSET: usize = usize::MAX;

/// The W1 walk of thread `t`: `h` lookups of the hot value at `idx`, counting
/// identities that differ from the pre-interned ones.
///
/// Each timed loop is its own never-inlined `timed_*` function, so that a
/// profiler (perf, callgrind's `--toggle-collect='*timed_*'`) sees exactly
/// the timed region; one call per measurement costs nothing measurable.
#[inline(never)]
fn timed_hot_walk<I: Interner<IntKey>>(
    i: &mut I,
    hot: &[i64; HOT],
    pre: &[usize; HOT],
    t: usize,
    h: usize,
) -> u64 {
    let mut idx = keys::hot_start(t);
    let mut mismatches = 0u64;
    for _ in 0..h {
        let id = i.intern(&IntKey::new(hot[idx]));
        mismatches += u64::from(id != pre[idx]);
        idx = keys::hot_step(idx);
    }
    mismatches
}

/// Interns `values` in order, recording each identity in `ids`.
#[inline(never)]
fn timed_inserts<I: Interner<IntKey>>(i: &mut I, values: &[i64], ids: &mut [usize]) {
    for (id, &v) in ids.iter_mut().zip(values) {
        *id = i.intern(&IntKey::new(v));
    }
}

/// Interns `values` from the last to the first, recording each identity in
/// `ids` (at the value's index).
#[inline(never)]
fn timed_inserts_descending<I: Interner<IntKey>>(i: &mut I, values: &[i64], ids: &mut [usize]) {
    for (id, &v) in ids.iter_mut().zip(values).rev() {
        *id = i.intern(&IntKey::new(v));
    }
}

/// Interns `strings` in order, recording each identity in `ids`.
#[inline(never)]
fn timed_string_inserts<I: Interner<str>>(i: &mut I, strings: &[String], ids: &mut [usize]) {
    for (id, s) in ids.iter_mut().zip(strings) {
        *id = i.intern(s);
    }
}

/// Interns `strings` again, counting identities that differ from `ids`.
#[inline(never)]
fn timed_string_hits<I: Interner<str>>(i: &mut I, strings: &[String], ids: &[usize]) -> u64 {
    let mut mismatches = 0u64;
    for (s, &id) in strings.iter().zip(ids) {
        mismatches += u64::from(i.intern(s) != id);
    }
    mismatches
}

fn pre_intern<I: Interner<IntKey>>(i: &mut I, hot: &[i64; HOT]) -> [usize; HOT] {
    core::array::from_fn(|k| i.intern(&IntKey::new(hot[k])))
}

/// W1 on the calling thread.
fn hot_single<I: Interner<IntKey>>(i: &mut I, inp: &Inputs) -> Measure {
    let pre = pre_intern(i, &inp.hot);
    let clock = Stopwatch::start();
    let check = timed_hot_walk(i, &inp.hot, &pre, 0, inp.h);
    let secs = clock.wall();
    Measure {
        ops: inp.h as u64,
        secs,
        cpu: clock.cpu(),
        check,
    }
}

/// W3: `threads` threads walk the hot set of one context at once.
fn hot_mt<C: Sync>(ctx: &C, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let pre = pre_intern(&mut &*ctx, &inp.hot);
    let (hot, pre, h) = (&inp.hot, &pre, inp.h);
    let clock = Stopwatch::start();
    let results: Vec<(u64, Option<f64>)> = thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|t| s.spawn(move || on_cpu(|| timed_hot_walk(&mut &*ctx, hot, pre, t, h))))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a W3 thread panicked"))
            .collect()
    });
    let secs = clock.wall();
    Measure {
        ops: (threads * h) as u64,
        secs,
        cpu: sum_cpu(results.iter().map(|r| r.1)),
        check: results.iter().map(|r| r.0).sum(),
    }
}

/// The check of an insert workload, computed after timing: identities that
/// are not distinct (`N` distinct keys must give `N` distinct identities),
/// plus keys whose identity, asked for again, differs from the one recorded.
fn verify_inserts(ids: &[usize], mut again: impl FnMut(usize) -> usize) -> u64 {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let duplicates = (ids.len() - sorted.len()) as u64;
    let unset = u64::from(sorted.last() == Some(&UNSET));
    let changed = ids
        .iter()
        .enumerate()
        .filter(|&(k, &id)| again(k) != id)
        .count() as u64;
    duplicates + unset + changed
}

/// W2 on the calling thread.
fn inserts_single<I: Interner<IntKey>>(i: &mut I, inp: &Inputs) -> Measure {
    let mut ids = vec![UNSET; inp.values.len()];
    let clock = Stopwatch::start();
    timed_inserts(i, &inp.values, &mut ids);
    let (secs, cpu) = (clock.wall(), clock.cpu());
    let check = verify_inserts(&ids, |k| i.intern(&IntKey::new(inp.values[k])));
    Measure {
        ops: ids.len() as u64,
        secs,
        cpu,
        check,
    }
}

/// W4: thread `t` of `threads` inserts keys `t*N/threads .. (t+1)*N/threads`.
fn inserts_mt_disjoint<C: Sync>(ctx: &C, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let n = inp.values.len();
    let mut ids = vec![UNSET; n];
    let mut parts = Vec::with_capacity(threads);
    let mut rest: &mut [usize] = &mut ids;
    for t in 0..threads {
        let (lo, hi) = (t * n / threads, (t + 1) * n / threads);
        let (part, tail) = rest.split_at_mut(hi - lo);
        parts.push((&inp.values[lo..hi], part));
        rest = tail;
    }
    let clock = Stopwatch::start();
    let cpu = thread::scope(|s| {
        let workers: Vec<_> = parts
            .into_iter()
            .map(|(values, part)| {
                s.spawn(move || on_cpu(|| timed_inserts(&mut &*ctx, values, part)).1)
            })
            .collect();
        sum_cpu(
            workers
                .into_iter()
                .map(|w| w.join().expect("a W4 thread panicked")),
        )
    });
    let secs = clock.wall();
    let mut r = ctx;
    let check = verify_inserts(&ids, |k| r.intern(&IntKey::new(inp.values[k])));
    Measure {
        ops: n as u64,
        secs,
        cpu,
        check,
    }
}

/// W5: two threads insert all `N` keys, thread 0 ascending, thread 1
/// descending; the check counts keys whose two identities differ.
fn inserts_mt_same<C: Sync>(ctx: &C, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let n = inp.values.len();
    let (mut up, mut down) = (vec![UNSET; n], vec![UNSET; n]);
    let values = &inp.values;
    let clock = Stopwatch::start();
    let cpu = thread::scope(|s| {
        let up = &mut up;
        let down = &mut down;
        let a = s.spawn(move || on_cpu(|| timed_inserts(&mut &*ctx, values, up)).1);
        let b = s.spawn(move || on_cpu(|| timed_inserts_descending(&mut &*ctx, values, down)).1);
        sum_cpu([a, b].map(|w| w.join().expect("a W5 thread panicked")))
    });
    let secs = clock.wall();
    let check = up
        .iter()
        .zip(&down)
        .filter(|&(a, b)| a != b || *a == UNSET)
        .count() as u64;
    Measure {
        ops: 2 * n as u64,
        secs,
        cpu,
        check,
    }
}

/// W6a then W6b on the calling thread. W6a's check: the `N` distinct strings
/// must get `N` distinct identities; W6b's: identities that differ from
/// W6a's.
fn strings<I: Interner<str>>(i: &mut I, inp: &Inputs) -> (Measure, Measure) {
    let n = inp.strings.len();
    let mut first = vec![UNSET; n];
    let clock = Stopwatch::start();
    timed_string_inserts(i, &inp.strings, &mut first);
    let (secs_a, cpu_a) = (clock.wall(), clock.cpu());
    let mut sorted = first.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let check_a = (n - sorted.len()) as u64 + u64::from(sorted.last() == Some(&UNSET));

    let clock = Stopwatch::start();
    let mismatches = timed_string_hits(i, &inp.strings, &first);
    let (secs_b, cpu_b) = (clock.wall(), clock.cpu());
    (
        Measure {
            ops: n as u64,
            secs: secs_a,
            cpu: cpu_a,
            check: check_a,
        },
        Measure {
            ops: n as u64,
            secs: secs_b,
            cpu: cpu_b,
            check: mismatches,
        },
    )
}

/// Runs an integer workload for a thread-safe implementation: a new context
/// from `make` for each measurement (shared by reference between threads).
fn int_threaded<C: Sync>(make: impl Fn() -> C, w: Workload, threads: usize, inp: &Inputs) -> Measure
where
    for<'a> &'a C: Interner<IntKey>,
{
    let ctx = make();
    match w {
        Workload::W1HotHits => hot_single(&mut &ctx, inp),
        Workload::W2Inserts => inserts_single(&mut &ctx, inp),
        Workload::W3HotHitsMt => hot_mt(&ctx, threads, inp),
        Workload::W4InsertsMtDisjoint => inserts_mt_disjoint(&ctx, threads, inp),
        Workload::W5InsertsMtSame => inserts_mt_same(&ctx, inp),
        Workload::W6aStringInserts | Workload::W6bStringHits => {
            unreachable!("string workloads run through `strings`")
        }
    }
}

/// Runs W1 or W2 for a single-threaded implementation.
fn int_single<I: Interner<IntKey>>(mut ctx: I, w: Workload, inp: &Inputs) -> Measure {
    match w {
        Workload::W1HotHits => hot_single(&mut ctx, inp),
        Workload::W2Inserts => inserts_single(&mut ctx, inp),
        _ => unreachable!("single-threaded implementations run W1, W2 and W6 only"),
    }
}

/// One measurement of an integer workload.
fn measure_int(imp: Impl, w: Workload, mode: Mode, threads: usize, inp: &Inputs) -> Measure {
    match (imp, mode) {
        (Impl::Strata, Mode::Threaded) => int_threaded(Context::new, w, threads, inp),
        (Impl::Strata, Mode::Single) => {
            let ctx = Context::single_threaded();
            int_single(&ctx, w, inp)
        }
        (Impl::Floor, _) => int_single(Floor::<IntKey>::new(), w, inp),
        (Impl::RustcSharded, _) => int_threaded(RustcSharded::<IntKey>::new, w, threads, inp),
        (Impl::DashMap, _) => int_threaded(DashInterner::<IntKey>::new, w, threads, inp),
        (Impl::Internment, _) => int_threaded(|| GlobalIntern, w, threads, inp),
        (Impl::Lasso, _) => unreachable!("lasso runs the string workloads only"),
    }
}

/// One measurement of W6a and W6b.
fn measure_strings(imp: Impl, mode: Mode, inp: &Inputs) -> (Measure, Measure) {
    match (imp, mode) {
        (Impl::Strata, Mode::Threaded) => strings(&mut &Context::new(), inp),
        (Impl::Strata, Mode::Single) => strings(&mut &Context::single_threaded(), inp),
        (Impl::Floor, _) => strings(&mut Floor::<str>::new(), inp),
        (Impl::RustcSharded, _) => strings(&mut &RustcSharded::<str>::new(), inp),
        (Impl::DashMap, _) => strings(&mut &DashInterner::<str>::new(), inp),
        (Impl::Lasso, Mode::Threaded) => strings(&mut &RodeoThreaded::new(), inp),
        (Impl::Lasso, Mode::Single) => strings(&mut RodeoSingle::new(), inp),
        (Impl::Internment, _) => unreachable!("internment cannot start from a fresh context"),
    }
}

/// The hits and misses of this thread's strata cache during `f`.
fn cache_counts<R>(f: impl FnOnce() -> R) -> (R, u64, u64) {
    let probe = Context::single_threaded();
    let before = probe.statistics().cache;
    let r = f();
    let after = probe.statistics().cache;
    (r, after.hits - before.hits, after.misses - before.misses)
}

/// Runs everything `config` selects and returns the records; `emit` is
/// called with each record as soon as its group (one workload at one thread
/// count) is measured, in the order they are printed. Informational lines go
/// to stderr.
///
/// With `repeat > 1`, the repetitions are taken round-robin: every
/// implementation of the group once, then every one again, and so on, so
/// that a noisy moment of the machine, or the allocator's first-touch page
/// faults, are spread over all of them instead of landing on whichever runs
/// first; each record keeps its fastest run.
pub fn run(config: &Config, mut emit: impl FnMut(&Record)) -> Vec<Record> {
    let n = config.keys();
    let wants = |w: Workload| config.workloads.contains(&w);
    let any_string = wants(Workload::W6aStringInserts) || wants(Workload::W6bStringHits);
    let any_insert = config
        .workloads
        .iter()
        .any(|w| w.needs_fresh_context() && !w.is_string());
    let inp = Inputs {
        hot: keys::hot_values(),
        values: if any_insert {
            keys::insert_values(n)
        } else {
            Vec::new()
        },
        strings: if any_string {
            keys::strings(n)
        } else {
            Vec::new()
        },
        h: config.hot_iterations(),
    };
    eprintln!(
        "[compare] scale {}: H = {}, N = {}, fastest of {} round-robin run(s)",
        config.scale, inp.h, n, config.repeat
    );

    let mut records = Vec::new();
    let mut push = |r: Record, note: String| {
        eprintln!(
            "[compare] {:<14} {:<23} {:<8} t={:<2} {:>9.2} ns/op {:>9.2} Mops/s check {}{note}",
            r.imp, r.workload, r.mode, r.threads, r.ns_per_op, r.mops, r.check
        );
        emit(&r);
        records.push(r);
    };
    let selected = |w: Workload| -> Vec<(Impl, Mode)> {
        config
            .impls
            .iter()
            .flat_map(|&imp| {
                config
                    .modes
                    .iter()
                    .filter(move |&&mode| imp.runs(w, mode))
                    .map(move |&mode| (imp, mode))
            })
            .collect()
    };
    let keep_best = |slot: &mut Option<Measure>, m: Measure| {
        *slot = Some(slot.map_or(m, |b| b.best(m)));
    };

    for w in Workload::ALL
        .into_iter()
        .filter(|&w| wants(w) && !w.is_string())
    {
        let runs = selected(w);
        for threads in config.threads_for(w) {
            let mut best = vec![None; runs.len()];
            let (mut hits, mut misses) = (0, 0);
            for _ in 0..config.repeat {
                for (slot, &(imp, mode)) in best.iter_mut().zip(&runs) {
                    let m = if (imp, w, mode) == (Impl::Strata, Workload::W1HotHits, Mode::Threaded)
                    {
                        let (m, h, x) = cache_counts(|| measure_int(imp, w, mode, threads, &inp));
                        hits += h;
                        misses += x;
                        m
                    } else {
                        measure_int(imp, w, mode, threads, &inp)
                    };
                    keep_best(slot, m);
                }
            }
            for (slot, &(imp, mode)) in best.into_iter().zip(&runs) {
                let note = if hits + misses > 0 && imp == Impl::Strata && mode == Mode::Threaded {
                    format!(
                        " (thread-cache hit rate {:.2}%)",
                        100.0 * hits as f64 / (hits + misses) as f64
                    )
                } else {
                    String::new()
                };
                let m = slot.expect("every run was measured at least once");
                push(Record::new(imp, w, mode, threads, m), note);
            }
        }
    }

    if any_string {
        // W6b runs right after W6a on the same context, so both are measured
        // together; W6a's lines are printed first, then W6b's.
        let runs = selected(Workload::W6aStringInserts);
        let mut best = vec![(None, None); runs.len()];
        for _ in 0..config.repeat {
            for ((a, b), &(imp, mode)) in best.iter_mut().zip(&runs) {
                let (ma, mb) = measure_strings(imp, mode, &inp);
                keep_best(a, ma);
                keep_best(b, mb);
            }
        }
        let done = |m: Option<Measure>| m.expect("every run was measured at least once");
        if wants(Workload::W6aStringInserts) {
            for ((a, _), &(imp, mode)) in best.iter().zip(&runs) {
                let r = Record::new(imp, Workload::W6aStringInserts, mode, 1, done(*a));
                push(r, String::new());
            }
        }
        if wants(Workload::W6bStringHits) {
            for ((_, b), &(imp, mode)) in best.iter().zip(&runs) {
                let r = Record::new(imp, Workload::W6bStringHits, mode, 1, done(*b));
                push(r, String::new());
            }
        }
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_the_command_line() {
        let (c, rest) = Config::parse(&args(
            "--scale 0.3 --impl strata,floor --workload W1,W6b_string_hits --threads 1,2,4 --mode=threaded --repeat 2 --out x",
        ))
        .unwrap();
        assert_eq!(c.scale, 0.3);
        assert_eq!(c.impls, [Impl::Strata, Impl::Floor]);
        assert_eq!(c.workloads, [Workload::W1HotHits, Workload::W6bStringHits]);
        assert_eq!(c.modes, [Mode::Threaded]);
        assert_eq!(c.threads.as_deref(), Some(&[1, 2, 4][..]));
        assert_eq!(c.repeat, 2);
        assert_eq!(rest, ["--out", "x"]);
        assert_eq!(c.hot_iterations(), 3_000_000);
        assert_eq!(c.keys(), 300_000);
        assert_eq!(c.threads_for(Workload::W3HotHitsMt), [1, 2, 4]);
        assert_eq!(c.threads_for(Workload::W5InsertsMtSame), [2]);
        assert_eq!(Config::parse(&c.to_args()).unwrap().0, c);

        assert!(Config::parse(&args("--impl nope")).is_err());
        assert!(Config::parse(&args("--scale -1")).is_err());
        assert!(Config::parse(&args("--threads 0")).is_err());
        assert!(Config::parse(&args("--scale")).is_err());
        let (d, _) = Config::parse(&[]).unwrap();
        assert_eq!(d, Config::default());
        assert_eq!(d.threads_for(Workload::W3HotHitsMt), [2]);
    }

    #[test]
    fn names_round_trip() {
        for w in Workload::ALL {
            assert_eq!(Workload::from_name(w.name()), Some(w));
            assert_eq!(Workload::from_name(w.short()), Some(w));
        }
        for i in Impl::ALL {
            assert_eq!(Impl::from_name(i.name()), Some(i));
        }
        assert_eq!(Workload::W6aStringInserts.short(), "W6a");
    }

    #[test]
    fn verify_inserts_catches_duplicates_and_changes() {
        assert_eq!(verify_inserts(&[1, 2, 3], |k| k + 1), 0);
        assert_eq!(verify_inserts(&[1, 1, 3], |k| [1, 1, 3][k]), 1);
        assert_eq!(verify_inserts(&[1, 2, 3], |_| 1), 2);
        assert_eq!(verify_inserts(&[1, UNSET], |k| [1, UNSET][k]), 1);
    }

    #[test]
    fn records_have_the_specified_field_order() {
        let m = Measure {
            ops: 10_000_000,
            secs: 0.041,
            cpu: Some(0.02),
            check: 0,
        };
        let r = Record::new(Impl::Strata, Workload::W1HotHits, Mode::Threaded, 1, m);
        assert_eq!(
            r.to_json(),
            r#"{"impl":"strata","workload":"W1_hot_hits","mode":"threaded","threads":1,"ops":10000000,"secs":0.041,"ns_per_op":4.1,"mops":243.902,"check":0}"#
        );
        assert_eq!(r.cpu_ns_per_op, Some(2.0));
        let parsed = Record::from_json(&r.to_json()).unwrap();
        assert_eq!(
            parsed,
            Record {
                cpu_ns_per_op: None,
                ..r
            }
        );
        assert!(Record::from_json(r#"{"impl":"x"}"#).is_err());
        assert_eq!(json_float(2.0), "2.0");
    }

    #[test]
    fn a_broken_interner_fails_its_checks() {
        // An "interner" that hands out a new identity on every call: every
        // hit and every second thread's insert must be counted as a failure.
        #[derive(Default)]
        struct Forgetful(core::sync::atomic::AtomicUsize);
        impl Interner<IntKey> for &Forgetful {
            fn intern(&mut self, _: &IntKey) -> usize {
                self.0.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
            }
        }
        impl Interner<str> for &Forgetful {
            fn intern(&mut self, _: &str) -> usize {
                self.0.fetch_add(1, core::sync::atomic::Ordering::Relaxed)
            }
        }
        let inp = Inputs {
            hot: keys::hot_values(),
            values: keys::insert_values(100),
            strings: keys::strings(100),
            h: 1000,
        };
        let f = Forgetful::default();
        assert_eq!(hot_single(&mut &f, &inp).check, 1000);
        assert_eq!(hot_mt(&f, 3, &inp).check, 3000);
        assert_eq!(inserts_single(&mut &f, &inp).check, 100);
        assert_eq!(inserts_mt_disjoint(&f, 4, &inp).check, 100);
        assert_eq!(inserts_mt_same(&f, &inp).check, 100);
        let (a, b) = strings(&mut &f, &inp);
        assert_eq!((a.check, b.check), (0, 100));
    }
}
