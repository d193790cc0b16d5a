//! The output: [`Record`], one JSON line per measurement, with the fields
//! and field order `benches/WORKLOADS.md` specifies, and its parser (the
//! report reads the lines back).

use super::timing::Measure;
use super::workloads::{Impl, Mode, Workload};

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
    pub(super) fn new(imp: Impl, w: Workload, mode: Mode, threads: usize, m: Measure) -> Self {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
