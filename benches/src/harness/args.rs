//! The command line of `compare` and `report`: [`Config`], what it selects,
//! and [`USAGE`], the text their `--help` prints.

use core::str::FromStr;

use super::workloads::{Impl, Mode, Workload};

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
}
