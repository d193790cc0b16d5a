//! `cargo xtask loom`: run every layer's loom models and mutant tests.
//!
//! Every crate with a `tests/loom.rs` is tested under `--cfg strata_loom` at
//! preemption bound 2 (`--deep`: 3). The run fails if a model fails, explores
//! a single interleaving, takes locks that never contend (both checked by
//! `strata_sync::model::check`), or if a mutant test is not caught. It then
//! prints every numbered invariant of `docs/ARCHITECTURE.md` with the models
//! whose doc comment names it, the interleavings each explored in this run,
//! and the mutants that break it with the test that caught each.
//! `--mutants` adds the full mutant table and runs the static mutants (the
//! `compile_fail` doctests of invariant 4).

use std::collections::BTreeMap;
use std::fs;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Instant;

use crate::{Result, cargo, root};

/// A crate with loom models (`tests/loom.rs`).
struct LoomCrate {
    /// The package name, as `-p` takes it.
    package: String,
    /// The crate's folder.
    dir: PathBuf,
}

/// One mutant declared in `crates/sync/src/mutant.rs`.
pub(crate) struct MutantDecl {
    pub(crate) name: String,
    pub(crate) layer: String,
    pub(crate) invariant: u32,
    pub(crate) description: String,
}

/// What one crate's run found.
#[derive(Default)]
struct CrateOutcome {
    models_passed: usize,
    models_failed: Vec<String>,
    mutants_caught: Vec<String>,
    mutants_missed: Vec<String>,
    iterations: u64,
    /// Interleavings, lock acquisitions and contended acquisitions per
    /// model test (summed over its `model::check` runs).
    per_test: BTreeMap<String, [u64; 3]>,
    single_iteration: Vec<String>,
    no_model_line: Vec<String>,
    seconds: f64,
}

pub(crate) fn run(flags: &crate::flags::Loom) -> Result {
    let only = flags.crate_name.clone();
    let deep = flags.deep;
    let list_mutants = flags.mutants;
    let crates = discover()?;
    let selected: Vec<&LoomCrate> = crates
        .iter()
        .filter(|c| {
            only.as_deref().is_none_or(|o| {
                o == c.package || c.dir.file_name().is_some_and(|f| f.to_string_lossy() == o)
            })
        })
        .collect();
    if selected.is_empty() {
        return Err(format!(
            "loom: no crate with tests/loom.rs matches {:?} (known: {})",
            only,
            crates
                .iter()
                .map(|c| c.package.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let preemptions = if deep { "3" } else { "2" };
    let mut outcomes = BTreeMap::new();
    let mut failed = false;
    for c in &selected {
        let o = run_crate(c, preemptions)?;
        failed |= !o.models_failed.is_empty()
            || !o.mutants_missed.is_empty()
            || !o.single_iteration.is_empty()
            || !o.no_model_line.is_empty();
        outcomes.insert(c.package.clone(), o);
    }

    println!();
    println!("loom summary (LOOM_MAX_PREEMPTIONS={preemptions}):");
    println!(
        "{:<18} {:>7} {:>8} {:>12} {:>9}",
        "crate", "models", "mutants", "interleavings", "seconds"
    );
    for (name, o) in &outcomes {
        println!(
            "{:<18} {:>7} {:>8} {:>12} {:>9.1}",
            name,
            format!(
                "{}/{}",
                o.models_passed,
                o.models_passed + o.models_failed.len()
            ),
            format!(
                "{}/{}",
                o.mutants_caught.len(),
                o.mutants_caught.len() + o.mutants_missed.len()
            ),
            o.iterations,
            o.seconds
        );
        for t in &o.models_failed {
            println!("    model FAILED: {t}");
        }
        for t in &o.mutants_missed {
            println!("    mutant NOT caught: {t}");
        }
        for t in &o.single_iteration {
            println!("    model explored a single interleaving: {t}");
        }
        for t in &o.no_model_line {
            println!("    test ran no model (no `strata_sync::model::check` report): {t}");
        }
    }

    invariant_table(&crates, &outcomes, preemptions)?;
    if list_mutants {
        failed |= !mutant_table(&crates, &outcomes)?;
    }
    if failed {
        Err(
            "loom: some models failed, explored one interleaving, or a mutant was not caught"
                .into(),
        )
    } else {
        Ok(())
    }
}

/// Every crate under `crates/`: its package name and folder, in folder order.
pub(crate) fn workspace_crates() -> Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    let crates_dir = root().join("crates");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&crates_dir)
        .map_err(|e| format!("reading {}: {e}", crates_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|d| d.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    for dir in dirs {
        let manifest = fs::read_to_string(dir.join("Cargo.toml"))
            .map_err(|e| format!("reading {}/Cargo.toml: {e}", dir.display()))?;
        let package = manifest
            .lines()
            .find_map(|l| {
                let l = l.trim();
                l.strip_prefix("name = \"")
                    .and_then(|r| r.strip_suffix('"'))
            })
            .ok_or_else(|| format!("no package name in {}/Cargo.toml", dir.display()))?
            .to_string();
        out.push((package, dir));
    }
    Ok(out)
}

fn discover() -> Result<Vec<LoomCrate>> {
    Ok(workspace_crates()?
        .into_iter()
        .filter(|(_, dir)| dir.join("tests/loom.rs").is_file())
        .map(|(package, dir)| LoomCrate { package, dir })
        .collect())
}

fn run_crate(c: &LoomCrate, preemptions: &str) -> Result<CrateOutcome> {
    eprintln!(
        "xtask loom: {} (LOOM_MAX_PREEMPTIONS={preemptions})",
        c.package
    );
    let start = Instant::now();
    let output = cargo()
        .args([
            "test",
            "--release",
            "-p",
            &c.package,
            "--test",
            "loom",
            "--",
        ])
        // `--show-output`, not `--nocapture`: each test's output is captured
        // and printed after the run, whole, so that a `[loom]` line is never
        // cut by another test's panic message printed at the same moment
        // (which made the line unreadable and the test look model-less).
        .args(["--show-output", "--test-threads=2"])
        .env("RUSTFLAGS", "--cfg strata_loom")
        .env("LOOM_MAX_PREEMPTIONS", preemptions)
        .env("CARGO_TARGET_DIR", crate::target_dir("loom"))
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let seconds = start.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);

    let mut o = CrateOutcome {
        seconds,
        ..CrateOutcome::default()
    };
    let mut model_iters: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for line in stderr.lines().chain(stdout.lines()) {
        if let Some(rest) = line.find("[loom] ").map(|i| &line[i + "[loom] ".len()..]) {
            let field = |k: &str| {
                rest.split_whitespace()
                    .find_map(|w| w.strip_prefix(k))
                    .map(str::to_string)
            };
            if let (Some(test), Some(n)) = (field("test="), field("iterations=")) {
                let n: u64 = n.parse().unwrap_or(0);
                o.iterations += n;
                let num = |k: &str| field(k).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
                let entry = o.per_test.entry(test.clone()).or_default();
                entry[0] += n;
                entry[1] += num("locks=");
                entry[2] += num("contended=");
                model_iters.entry(test).or_default().push(n);
            }
        }
    }
    let mut saw_result = false;
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("test ") else {
            continue;
        };
        let Some((name, result)) = rest.split_once(" ... ") else {
            continue;
        };
        let name = name.trim_end_matches(" - should panic").trim().to_string();
        saw_result = true;
        let passed = result.trim() == "ok";
        if name.starts_with("mutant_") {
            if passed {
                o.mutants_caught.push(name);
            } else {
                o.mutants_missed.push(name);
            }
        } else if passed {
            o.models_passed += 1;
            match model_iters.get(&name) {
                None => o.no_model_line.push(name),
                Some(ns) if ns.iter().any(|&n| n <= 1) => o.single_iteration.push(name),
                Some(_) => {}
            }
        } else {
            o.models_failed.push(name);
        }
    }
    if !output.status.success() || !saw_result {
        eprintln!("{stdout}\n{stderr}");
        if !saw_result {
            return Err(format!("loom: {} did not build or ran no test", c.package));
        }
    }
    Ok(o)
}

pub(crate) fn declared_mutants() -> Result<Vec<MutantDecl>> {
    let path = root().join("crates/sync/src/mutant.rs");
    let text = fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    parse_mutants(&text)
}

/// The `Name => ("layer", N, "what"),` entries of the mutant list.
pub(crate) fn parse_mutants(text: &str) -> Result<Vec<MutantDecl>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let l = line.trim();
        let Some((name, rest)) = l.split_once(" => (\"") else {
            continue;
        };
        let Some((layer, rest)) = rest.split_once("\", ") else {
            continue;
        };
        let Some((inv, rest)) = rest.split_once(", \"") else {
            continue;
        };
        let description = rest.trim_end_matches("\"),").to_string();
        out.push(MutantDecl {
            name: name.to_string(),
            layer: layer.to_string(),
            invariant: inv.parse().map_err(|_| format!("bad invariant in `{l}`"))?,
            description,
        });
    }
    Ok(out)
}

/// The negative tests naming each mutant: `Mutant::X` inside a `fn mutant_*`.
fn negative_tests(crates: &[LoomCrate]) -> BTreeMap<String, Vec<(String, String)>> {
    let mut map: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for c in crates {
        let Ok(text) = fs::read_to_string(c.dir.join("tests/loom.rs")) else {
            continue;
        };
        let mut current: Option<String> = None;
        for line in text.lines() {
            let l = line.trim();
            if let Some(rest) = l.strip_prefix("fn ").or_else(|| l.strip_prefix("pub fn ")) {
                let name: String = rest
                    .chars()
                    .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                    .collect();
                current = name.starts_with("mutant_").then_some(name);
            }
            if let Some(test) = &current {
                let mut rest = l;
                while let Some(i) = rest.find("Mutant::") {
                    let m: String = rest[i + 8..]
                        .chars()
                        .take_while(|ch| ch.is_alphanumeric() || *ch == '_')
                        .collect();
                    let entry = map.entry(m).or_default();
                    if !entry.iter().any(|(p, t)| p == &c.package && t == test) {
                        entry.push((c.package.clone(), test.clone()));
                    }
                    rest = &rest[i + 8..];
                }
            }
        }
    }
    map
}

fn mutant_table(crates: &[LoomCrate], outcomes: &BTreeMap<String, CrateOutcome>) -> Result<bool> {
    let decls = declared_mutants()?;
    let tests = negative_tests(crates);
    let mut all_caught = true;
    println!();
    println!("dynamic mutants (loom negative tests):");
    println!(
        "{:<26} {:<16} {:>4}  {:<8} negative test / what it breaks",
        "mutant", "layer", "inv", "caught"
    );
    let mut caught_count = 0;
    for d in &decls {
        let ts = tests.get(&d.name).cloned().unwrap_or_default();
        let caught_by: Vec<&(String, String)> = ts
            .iter()
            .filter(|(p, t)| {
                outcomes
                    .get(p)
                    .is_some_and(|o| o.mutants_caught.contains(t))
            })
            .collect();
        let status = if !caught_by.is_empty() {
            caught_count += 1;
            "yes"
        } else if ts.is_empty() {
            all_caught = false;
            "NO TEST"
        } else {
            all_caught = false;
            "NO"
        };
        let test = caught_by
            .first()
            .map(|(p, t)| format!("{p}::{t}"))
            .or_else(|| {
                ts.first()
                    .map(|(p, t)| format!("{p}::{t} (not run or not caught)"))
            })
            .unwrap_or_default();
        println!(
            "{:<26} {:<16} {:>4}  {:<8} {test}",
            d.name, d.layer, d.invariant, status
        );
        println!(
            "{:<26} {:<16} {:>4}  {:<8} {}",
            "", "", "", "", d.description
        );
    }
    // Invariant -> mutants that a test caught (dynamic, then static).
    let mut covered: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for d in &decls {
        let caught = tests.get(&d.name).is_some_and(|ts| {
            ts.iter().any(|(p, t)| {
                outcomes
                    .get(p)
                    .is_some_and(|o| o.mutants_caught.contains(t))
            })
        });
        if caught {
            covered.entry(d.invariant).or_default().push(d.name.clone());
        }
    }

    // Static mutants: the compile-fail doctests that keep a `Local`
    // structure from being shared (invariant 4; see `statics`).
    let statics = crate::statics::scan(&crate::loom::workspace_crates()?)?;
    let results = crate::statics::run(&statics);
    println!();
    println!(
        "static mutants (invariant 4: a `Local` type became `Send`/`Sync`; caught when the compile_fail doctest fails to compile):"
    );
    println!(
        "{:<42} {:<16} {:>4}  {:<8} the statement that must not compile",
        "doctest", "layer", "inv", "caught"
    );
    let mut static_caught = 0;
    for m in &statics {
        let status = match results.get(&(m.file.clone(), m.line)) {
            Some(true) => {
                static_caught += 1;
                covered.entry(4).or_default().push(m.name());
                match m.code {
                    Some(ref c) => format!("yes {c}"),
                    None => "yes".to_string(),
                }
            }
            Some(false) => {
                all_caught = false;
                "NO".to_string()
            }
            None => {
                all_caught = false;
                "NOT RUN".to_string()
            }
        };
        println!(
            "{:<42} {:<16} {:>4}  {:<8} {}",
            m.name(),
            m.package,
            4,
            status,
            m.statement
        );
    }

    println!();
    println!("invariants (docs/ARCHITECTURE.md) and the mutants caught for each:");
    let mut uncovered = Vec::new();
    for inv in crate::invariants::list(&root())? {
        let n = inv.number;
        let by = covered.get(&n).map(Vec::as_slice).unwrap_or(&[]);
        if by.is_empty() {
            uncovered.push(n);
        }
        let list = if by.is_empty() {
            "NONE CAUGHT".to_string()
        } else if n == 4 {
            format!("{} static mutants (compile_fail doctests)", by.len())
        } else {
            by.join(", ")
        };
        println!("{n:>3}. {:<64} {list}", inv.title);
    }
    println!(
        "mutation score: {caught_count}/{} dynamic mutants caught, {static_caught}/{} static mutants caught; invariants without a caught mutant: {uncovered:?}",
        decls.len(),
        statics.len()
    );
    Ok(all_caught && uncovered.is_empty())
}

/// Prints every numbered invariant with the models that name it (and the
/// interleavings each explored in this run) and the mutants that break it
/// (and whether this run caught them).
fn invariant_table(
    crates: &[LoomCrate],
    outcomes: &BTreeMap<String, CrateOutcome>,
    preemptions: &str,
) -> Result {
    let root = root();
    let package_of: BTreeMap<String, &str> = crates
        .iter()
        .filter_map(|c| {
            let dir = c.dir.file_name()?.to_string_lossy().into_owned();
            Some((dir, c.package.as_str()))
        })
        .collect();
    let models = crate::invariants::models(&root);
    let decls = declared_mutants()?;
    let tests = negative_tests(crates);
    println!();
    println!(
        "invariants (docs/ARCHITECTURE.md), their models and mutants (LOOM_MAX_PREEMPTIONS={preemptions}):"
    );
    for inv in crate::invariants::list(&root)? {
        let n = inv.number;
        println!("{n:>3}. {}", inv.title);
        if n == 4 {
            println!(
                "       models and mutants: the compile_fail doctests (`--mutants` runs them)"
            );
            continue;
        }
        for m in models.iter().filter(|m| m.invariants.contains(&n)) {
            let package = package_of.get(&m.dir).copied().unwrap_or(m.dir.as_str());
            let outcome = outcomes.get(package);
            let run = if outcome.is_some_and(|o| o.models_failed.contains(&m.test)) {
                "FAILED".to_string()
            } else {
                outcome.and_then(|o| o.per_test.get(&m.test)).map_or_else(
                    || "not run".to_string(),
                    |[k, locks, held]| {
                        if *locks == 0 {
                            format!("{k} interleavings")
                        } else {
                            format!("{k} interleavings; {held} of {locks} lock acquisitions found the lock held")
                        }
                    },
                )
            };
            println!("       model  {package}::{} ({run})", m.test);
        }
        for d in decls.iter().filter(|d| d.invariant == n) {
            let ts = tests.get(&d.name).cloned().unwrap_or_default();
            let status = if ts.is_empty() {
                "NO TEST".to_string()
            } else if let Some((p, t)) = ts.iter().find(|(p, t)| {
                outcomes
                    .get(p)
                    .is_some_and(|o| o.mutants_caught.contains(t))
            }) {
                format!("caught by {p}::{t}")
            } else if ts.iter().any(|(p, _)| outcomes.contains_key(p)) {
                "NOT CAUGHT".to_string()
            } else {
                "not run".to_string()
            };
            println!("       mutant {} ({status})", d.name);
        }
    }
    let unnamed: Vec<String> = models
        .iter()
        .filter(|m| m.invariants.is_empty())
        .map(|m| format!("{}::{}", m.dir, m.test))
        .collect();
    if !unnamed.is_empty() {
        println!(
            "models whose doc comment names no invariant: {}",
            unnamed.join(", ")
        );
    }
    Ok(())
}
