//! The numbered invariants: where they are listed, what refers to them, and
//! which loom models and mutants cover each.
//!
//! The list lives in `docs/ARCHITECTURE.md`, section "Invariants", as
//! `N. **Title.** text` items. This module reads it and checks, as part of
//! tidy (so `cargo xtask tidy` and `cargo test -p xtask` run it):
//!
//! - every "invariant N" (or "invariants N and M", "invariants N, M and K")
//!   written in a Rust source file or a Markdown document of the repository
//!   names a number of the list;
//! - every invariant has at least one loom model: a `#[test]` in a crate's
//!   `tests/loom.rs`, not named `mutant_*`, whose doc comment names it
//!   (invariant 4, which no run can break, counts its `compile_fail`
//!   doctests as its models and its mutants);
//! - every invariant has at least one mutant in `crates/sync/src/mutant.rs`,
//!   and every mutant there names an invariant of the list and is switched
//!   on by a negative test (a `fn mutant_*` in some `tests/loom.rs`).
//!
//! `cargo xtask loom` uses the same reading to print each invariant with its
//! models, their interleaving counts and its mutants.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One item of the numbered list.
pub(crate) struct Invariant {
    pub(crate) number: u32,
    pub(crate) title: String,
}

/// A loom model test and the invariants its doc comment names.
pub(crate) struct Model {
    /// The crate folder's name (`buckets`, `tls-cache`...).
    pub(crate) dir: String,
    /// The test function's name.
    pub(crate) test: String,
    pub(crate) invariants: Vec<u32>,
}

/// The numbered list of `docs/ARCHITECTURE.md` under `root`.
pub(crate) fn list(root: &Path) -> Result<Vec<Invariant>, String> {
    let path = root.join("docs/ARCHITECTURE.md");
    let text = fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with("## ") {
            inside = line.trim() == "## Invariants";
            continue;
        }
        if !inside {
            continue;
        }
        let Some((num, rest)) = line.split_once(". **") else {
            continue;
        };
        let Ok(number) = num.trim().parse::<u32>() else {
            continue;
        };
        let title = rest
            .split("**")
            .next()
            .unwrap_or("")
            .trim_end_matches(['.', ':', ','])
            .to_string();
        out.push(Invariant { number, title });
    }
    if out.is_empty() {
        return Err(format!(
            "{}: no numbered list under `## Invariants`",
            path.display()
        ));
    }
    Ok(out)
}

/// The invariant numbers that `text` refers to: "invariant N",
/// "invariants N and M", "invariants N, M and K", "invariants N-M"
/// (case-insensitive), with the byte offset of each reference.
pub(crate) fn references(text: &str) -> Vec<(usize, u32)> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find("invariant") {
        let start = from + i;
        from = start + "invariant".len();
        // A whole word: not the tail of a longer one.
        if start > 0 && bytes[start - 1].is_ascii_alphanumeric() {
            continue;
        }
        let mut j = from;
        if bytes.get(j) == Some(&b's') {
            j += 1;
        }
        if bytes.get(j) != Some(&b' ') {
            continue;
        }
        j += 1;
        loop {
            let digits_start = j;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if j == digits_start {
                break;
            }
            let Ok(n) = lower[digits_start..j].parse::<u32>() else {
                break;
            };
            out.push((start, n));
            // A range: "N-M" or "N–M".
            let rest = &lower[j..];
            let range_sep = ["-", "\u{2013}"].into_iter().find(|s| rest.starts_with(s));
            if let Some(sep) = range_sep {
                let k = j + sep.len();
                let mut e = k;
                while bytes.get(e).is_some_and(u8::is_ascii_digit) {
                    e += 1;
                }
                if let Ok(m) = lower[k..e].parse::<u32>() {
                    out.extend((n + 1..=m).map(|x| (start, x)));
                    j = e;
                }
            }
            let rest = &lower[j..];
            let Some(sep) = [", ", " and ", " or "]
                .into_iter()
                .find(|s| rest.starts_with(s))
            else {
                break;
            };
            if !rest[sep.len()..].starts_with(|c: char| c.is_ascii_digit()) {
                break;
            }
            j += sep.len();
        }
    }
    out
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        if p.is_dir() {
            if name.is_some_and(|n| n == "target" || n.starts_with('.')) {
                continue;
            }
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// The loom model tests of every crate under `root/crates`.
pub(crate) fn models(root: &Path) -> Vec<Model> {
    let mut out = Vec::new();
    let Ok(rd) = fs::read_dir(root.join("crates")) else {
        return out;
    };
    let mut dirs: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.sort();
    for dir in dirs {
        let Ok(text) = fs::read_to_string(dir.join("tests/loom.rs")) else {
            continue;
        };
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let l = line.trim();
            let Some(rest) = l.strip_prefix("fn ") else {
                continue;
            };
            let test: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            // The doc comment and attributes directly above.
            let mut doc = String::new();
            let mut is_test = false;
            for above in lines[..i].iter().rev().map(|l| l.trim()) {
                if above.starts_with("#[test]") {
                    is_test = true;
                } else if let Some(d) = above.strip_prefix("///") {
                    doc.insert_str(0, &format!("{d}\n"));
                } else if !above.starts_with("#[") && !above.starts_with(')') {
                    break;
                }
            }
            if !is_test || test.starts_with("mutant_") {
                continue;
            }
            let mut invariants: Vec<u32> = references(&doc).into_iter().map(|(_, n)| n).collect();
            invariants.sort_unstable();
            invariants.dedup();
            out.push(Model {
                dir: name.clone(),
                test,
                invariants,
            });
        }
    }
    out
}

/// The mutants of `crates/sync/src/mutant.rs` under `root`: name and
/// invariant.
pub(crate) fn mutants(root: &Path) -> Result<Vec<(String, u32)>, String> {
    let path = root.join("crates/sync/src/mutant.rs");
    let text = fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    Ok(crate::loom::parse_mutants(&text)?
        .into_iter()
        .map(|d| (d.name, d.invariant))
        .collect())
}

/// The `compile_fail` doctests that keep a `Local` structure from crossing
/// threads: invariant 4's models and mutants.
fn static_mutants(root: &Path) -> usize {
    let mut n = 0;
    let mut srcs = Vec::new();
    files(&root.join("crates"), "rs", &mut srcs);
    for f in srcs {
        let rel = f
            .strip_prefix(root)
            .unwrap_or(&f)
            .to_string_lossy()
            .replace('\\', "/");
        if !rel.contains("/src/") {
            continue;
        }
        if let Ok(text) = fs::read_to_string(&f) {
            n += crate::statics::scan_text("", &rel, &text).len();
        }
    }
    n
}

/// Whether `fn mutant_*` tests switch each mutant on: mutant name to tests.
fn negative_tests(root: &Path) -> BTreeMap<String, Vec<String>> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut loom_files = Vec::new();
    files(&root.join("crates"), "rs", &mut loom_files);
    for f in loom_files.iter().filter(|f| f.ends_with("tests/loom.rs")) {
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        let mut current: Option<String> = None;
        for l in text.lines().map(str::trim) {
            if let Some(rest) = l.strip_prefix("fn ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                current = name.starts_with("mutant_").then_some(name);
            }
            if let Some(test) = &current {
                let mut rest = l;
                while let Some(i) = rest.find("Mutant::") {
                    let m: String = rest[i + 8..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    map.entry(m).or_default().push(test.clone());
                    rest = &rest[i + 8..];
                }
            }
        }
    }
    map
}

/// The tidy check: pushes one message per problem onto `errors`.
pub(crate) fn check(root: &Path, errors: &mut Vec<String>) {
    let list = match list(root) {
        Ok(l) => l,
        Err(e) => {
            errors.push(e);
            return;
        }
    };
    let known: Vec<u32> = list.iter().map(|i| i.number).collect();
    for (k, inv) in list.iter().enumerate() {
        if list[..k].iter().any(|o| o.number == inv.number) {
            errors.push(format!(
                "docs/ARCHITECTURE.md: invariant {} is listed twice",
                inv.number
            ));
        }
    }

    // Every reference resolves.
    let mut docs = Vec::new();
    for sub in ["crates", "xtask", "benches"] {
        files(&root.join(sub), "rs", &mut docs);
        files(&root.join(sub), "md", &mut docs);
    }
    files(&root.join("docs"), "md", &mut docs);
    docs.push(root.join("README.md"));
    for f in &docs {
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        let rel = f
            .strip_prefix(root)
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        for (at, n) in references(&text) {
            if !known.contains(&n) {
                let line = text[..at].lines().count().max(1);
                errors.push(format!(
                    "{rel}:{line}: refers to invariant {n}, which docs/ARCHITECTURE.md does not list"
                ));
            }
        }
    }

    // Every invariant has a model and a mutant.
    let models = models(root);
    let mutants = match mutants(root) {
        Ok(m) => m,
        Err(e) => {
            errors.push(e);
            return;
        }
    };
    let statics = static_mutants(root);
    let negatives = negative_tests(root);
    for (name, n) in &mutants {
        if !known.contains(n) {
            errors.push(format!(
                "crates/sync/src/mutant.rs: mutant {name} breaks invariant {n}, which docs/ARCHITECTURE.md does not list"
            ));
        }
        if !negatives.contains_key(name) {
            errors.push(format!(
                "crates/sync/src/mutant.rs: mutant {name} has no negative test (a `fn mutant_*` in a tests/loom.rs naming `Mutant::{name}`)"
            ));
        }
    }
    for inv in &list {
        let n = inv.number;
        let (has_model, has_mutant) = if n == 4 {
            (statics > 0, statics > 0)
        } else {
            (
                models.iter().any(|m| m.invariants.contains(&n)),
                mutants.iter().any(|(_, m)| *m == n),
            )
        };
        if !has_model {
            errors.push(format!(
                "invariant {n} ({}) has no loom model (a #[test] in a tests/loom.rs whose doc comment names it)",
                inv.title
            ));
        }
        if !has_mutant {
            errors.push(format!(
                "invariant {n} ({}) has no mutant in crates/sync/src/mutant.rs",
                inv.title
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::references;

    /// The references the check resolves, in the forms the code uses.
    #[test]
    fn reference_forms() {
        let n = |t: &str| {
            references(t)
                .into_iter()
                .map(|(_, n)| n)
                .collect::<Vec<_>>()
        };
        assert_eq!(n("breaks invariant 6 (the count)"), [6]);
        assert_eq!(n("Checks invariants 2 and 11: a probe"), [2, 11]);
        assert_eq!(n("invariants 1, 3 and 10"), [1, 3, 10]);
        assert_eq!(n("Invariant 12 broken"), [12]);
        assert_eq!(n("invariants 1\u{2013}3"), [1, 2, 3]);
        assert_eq!(
            n("**Invariant:** none; noninvariant 5; invariant on x"),
            Vec::<u32>::new()
        );
    }

    /// The workspace's own invariants pass the check (the tidy test runs it
    /// too; this names the failure precisely).
    #[test]
    fn workspace_invariants_resolve_and_are_covered() {
        let mut errors = Vec::new();
        super::check(&crate::root(), &mut errors);
        assert!(errors.is_empty(), "{}", errors.join("\n"));
    }

    /// The check fails when an invariant loses its only model, or a reference
    /// names an unknown number (a copy of the needed files in a scratch
    /// folder, so the workspace is untouched).
    #[test]
    fn check_fails_without_a_model_or_with_a_dangling_reference() {
        let dir = std::env::temp_dir().join(format!("strata-invariants-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in [
            "docs",
            "crates/sync/src",
            "crates/fake/tests",
            "crates/fake/src",
        ] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        std::fs::write(
            dir.join("docs/ARCHITECTURE.md"),
            "## Invariants\n\n1. **One.** x\n2. **Two.** y\n\n## Code map\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("crates/sync/src/mutant.rs"),
            "mutants! {\n    A => (\"fake\", 1, \"a\"),\n    B => (\"fake\", 2, \"b\"),\n}\n",
        )
        .unwrap();
        let dangling = format!("//! Fake: see invariant {}.\n", 7);
        std::fs::write(dir.join("crates/fake/src/lib.rs"), dangling).unwrap();
        let loom = "/// Checks invariant 1.\n#[test]\nfn one() {}\n\
                    #[test]\nfn mutant_a() { Mutant::A; }\n\
                    #[test]\nfn mutant_b() { Mutant::B; }\n";
        std::fs::write(dir.join("crates/fake/tests/loom.rs"), loom).unwrap();
        let mut errors = Vec::new();
        super::check(&dir, &mut errors);
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("invariant 2 (Two) has no loom model")),
            "{errors:?}"
        );
        assert!(
            errors
                .iter()
                .any(|e| e.contains("crates/fake/src/lib.rs:1: refers to invariant 7")),
            "{errors:?}"
        );
        assert_eq!(errors.len(), 2, "{errors:?}");
    }
}
