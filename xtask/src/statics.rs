//! Static mutants: invariants that the compiler, not a model, enforces.
//!
//! Invariant 4 in `docs/ARCHITECTURE.md` ("the threading mode is decided once,
//! at context construction, in the type; a single-threaded context cannot
//! be shared between threads") cannot be broken by a runtime mutant: the
//! mistake it guards against is a type that is `Send` or `Sync` when it must
//! not be, and such a program does not exist to be run. Its guards are the
//! `compile_fail` doctests that try to share or send the single-threaded
//! (`Local`) instance of a structure across threads. Each of them is a
//! *static mutant*: the mutation is "this `Local` type became `Sync`", and
//! the doctest catches it exactly when the snippet fails to compile, which is
//! what `cargo test --doc` checks.
//!
//! The guards are found by scanning, not listed by hand, so a new layer's
//! doctest counts as soon as it is written: every `compile_fail` code block
//! in a doc comment under `crates/*/src` whose code names `Local` or
//! `single_threaded`. They count as caught when the crate's doctest run
//! reports them `ok`.
//!
//! FIXME: rustdoc's plain `compile_fail` accepts any compile error, so a
//! guard with a typo would pass for the wrong reason. The guards that name
//! the expected error code (`compile_fail,E0277`) are marked as such in the
//! table; the others rely on review of their `// error:` comment.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::{Result, cargo, root};

/// One `compile_fail` doctest that guards invariant 4.
pub(crate) struct StaticMutant {
    /// The package whose doctests include it.
    pub(crate) package: String,
    /// The file, relative to the workspace root (as rustdoc names it).
    pub(crate) file: String,
    /// The line of the opening fence (as rustdoc numbers it).
    pub(crate) line: usize,
    /// The error code the block names (`E0277`), if any.
    pub(crate) code: Option<String>,
    /// The statement that must not compile, with its `// error:` comment.
    pub(crate) statement: String,
}

impl StaticMutant {
    /// A short name for the table: `crates/ctx/src/context.rs:131`.
    pub(crate) fn name(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The text of a doc-comment line (`///` or `//!`), without the marker and
/// one following space; `None` for other lines.
fn doc_text(line: &str) -> Option<&str> {
    let l = line.trim_start();
    let rest = l.strip_prefix("///").or_else(|| l.strip_prefix("//!"))?;
    Some(rest.strip_prefix(' ').unwrap_or(rest))
}

/// Finds the invariant-4 guards in one file's text.
pub(crate) fn scan_text(package: &str, file: &str, text: &str) -> Vec<StaticMutant> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let Some(open) = doc_text(lines[i]).map(str::trim) else {
            i += 1;
            continue;
        };
        let Some(attrs) = open.strip_prefix("```") else {
            i += 1;
            continue;
        };
        let attrs: Vec<&str> = attrs.split(',').map(str::trim).collect();
        let fence_line = i + 1;
        let mut body = Vec::new();
        i += 1;
        while i < lines.len() {
            match doc_text(lines[i]) {
                Some(t) if t.trim_start().starts_with("```") => break,
                Some(t) => body.push(t),
                None => break,
            }
            i += 1;
        }
        i += 1;
        if !attrs.contains(&"compile_fail") {
            continue;
        }
        // Hidden lines (`# use ...`) are code too.
        let code: Vec<&str> = body
            .iter()
            .map(|l| l.strip_prefix("# ").unwrap_or(l))
            .collect();
        if !code
            .iter()
            .any(|l| l.contains("Local") || l.contains("single_threaded"))
        {
            continue;
        }
        let statement = code
            .iter()
            .rposition(|l| l.contains("// error"))
            .map(|at| {
                let l = code[at].trim();
                if l.starts_with("//") && at > 0 {
                    // The comment is on its own line: show the statement
                    // below it, or above it when the comment comes last.
                    let next = code.get(at + 1).map(|s| s.trim()).unwrap_or("");
                    let stmt = if next.is_empty() || next == "});" || next == "}" {
                        code[at - 1].trim()
                    } else {
                        next
                    };
                    format!("{stmt} {l}")
                } else {
                    l.to_string()
                }
            })
            .unwrap_or_else(|| code.last().map(|l| l.trim()).unwrap_or("").to_string());
        out.push(StaticMutant {
            package: package.to_string(),
            file: file.to_string(),
            line: fence_line,
            code: attrs
                .iter()
                .find(|a| a.len() == 5 && a.starts_with('E'))
                .map(|a| a.to_string()),
            statement,
        });
    }
    out
}

/// Every invariant-4 guard in the workspace's crates.
pub(crate) fn scan(crates: &[(String, PathBuf)]) -> Result<Vec<StaticMutant>> {
    let root = root();
    let mut out = Vec::new();
    for (package, dir) in crates {
        let mut files = Vec::new();
        rust_files(&dir.join("src"), &mut files);
        for f in files {
            let text =
                fs::read_to_string(&f).map_err(|e| format!("reading {}: {e}", f.display()))?;
            let rel = f
                .strip_prefix(&root)
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/");
            out.extend(scan_text(package, &rel, &text));
        }
        out.extend(scan_readme(package, dir)?);
    }
    Ok(out)
}

/// The guards in a crate's `README.md` when `src/lib.rs` includes it as its
/// crate docs (`#![doc = include_str!("../README.md")]`). rustdoc names such a
/// doctest after `lib.rs`, with the README's line number shifted by the
/// `//!` lines that come before the include, so the same is done here.
fn scan_readme(package: &str, dir: &Path) -> Result<Vec<StaticMutant>> {
    let lib = dir.join("src").join("lib.rs");
    let Ok(lib_text) = fs::read_to_string(&lib) else {
        return Ok(Vec::new());
    };
    let Some(include_at) = lib_text
        .lines()
        .position(|l| l.trim() == r#"#![doc = include_str!("../README.md")]"#)
    else {
        return Ok(Vec::new());
    };
    let readme = dir.join("README.md");
    let text =
        fs::read_to_string(&readme).map_err(|e| format!("reading {}: {e}", readme.display()))?;
    let as_docs: String = text.lines().map(|l| format!("//! {l}\n")).collect();
    let rel = lib
        .strip_prefix(root())
        .unwrap_or(&lib)
        .to_string_lossy()
        .replace('\\', "/");
    let mut found = scan_text(package, &rel, &as_docs);
    for m in &mut found {
        m.line += include_at;
    }
    Ok(found)
}

/// Runs the doctests of the files holding `mutants`, one package at a time
/// (a package that does not build leaves only its own guards unrun), and
/// returns, per `(file, line)`, whether rustdoc reported the `compile_fail`
/// test `ok`.
pub(crate) fn run(mutants: &[StaticMutant]) -> BTreeMap<(String, usize), bool> {
    let mut by_package: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for m in mutants {
        let files = by_package.entry(m.package.as_str()).or_default();
        if !files.contains(&m.file.as_str()) {
            files.push(&m.file);
        }
    }
    let mut results = BTreeMap::new();
    for (package, files) in by_package {
        eprintln!("xtask loom: static mutants: the compile_fail doctests of {package}");
        // Test-name filters (any of them selects a test): the files' doctests.
        let output = cargo()
            .args(["test", "--doc", "-p", package, "--"])
            .args(&files)
            .stdin(Stdio::null())
            .output();
        let output = match output {
            Ok(o) => o,
            Err(e) => {
                eprintln!("xtask loom: cannot run cargo: {e}");
                continue;
            }
        };
        let stdout = String::from_utf8_lossy(&output.stdout);
        let before = results.len();
        parse_doctest_results(&stdout, &mut results);
        if !output.status.success() && results.len() == before {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(20).collect();
            eprintln!(
                "xtask loom: the doctests of {package} did not build or run:\n{}",
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            );
        }
    }
    results
}

/// Reads libtest's lines for `compile_fail` doctests:
/// `test crates/x/src/lib.rs - item (line 70) - compile fail ... ok`.
fn parse_doctest_results(stdout: &str, results: &mut BTreeMap<(String, usize), bool>) {
    for line in stdout.lines() {
        let Some(rest) = line.strip_prefix("test ") else {
            continue;
        };
        let Some((name, result)) = rest.split_once(" ... ") else {
            continue;
        };
        let Some(name) = name.strip_suffix(" - compile fail") else {
            continue;
        };
        let Some((file, _)) = name.split_once(" - ") else {
            continue;
        };
        let Some(line_no) = name
            .rsplit_once("(line ")
            .and_then(|(_, n)| n.strip_suffix(')'))
            .and_then(|n| n.parse::<usize>().ok())
        else {
            continue;
        };
        results.insert((file.to_string(), line_no), result.trim() == "ok");
    }
}

#[cfg(test)]
mod tests {
    use super::scan_text;

    /// The scanner finds `compile_fail` blocks that name `Local`, in item
    /// and module docs, with and without an error code, and skips others.
    #[test]
    fn finds_the_guards_of_invariant_four() {
        let text = "\
//! Crate.
//!
//! ```compile_fail,E0277
//! use strata_sync::policy::Local;
//! fn needs_sync<T: Sync>(_: &T) {}
//! needs_sync(&x::<Local>()); // error: `Cell<u8>` cannot be shared
//! ```
//!
//! ```compile_fail
//! let a = Owner::new();
//! let b = a.clone(); // error: no method named `clone`
//! ```

/// Item.
///
/// ```
/// let ctx = Context::single_threaded(); // compiles
/// ```
///
/// ```compile_fail
/// let ctx = strata_ctx::Context::single_threaded();
/// std::thread::scope(|s| {
///     s.spawn(|| ctx.i32()); // error: `Context<Local>` cannot be shared
/// });
/// ```
pub struct X;
";
        let found = scan_text("p", "crates/p/src/lib.rs", text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].line, 3);
        assert_eq!(found[0].code.as_deref(), Some("E0277"));
        assert!(found[0].statement.contains("needs_sync(&x::<Local>())"));
        assert_eq!(found[1].line, 20);
        assert_eq!(found[1].code, None);
        assert!(
            found[1]
                .statement
                .starts_with("s.spawn(|| ctx.i32()); // error")
        );
        assert_eq!(found[1].name(), "crates/p/src/lib.rs:20");
    }

    /// Libtest's result lines are read back per file and fence line; other
    /// doctests are ignored.
    #[test]
    fn reads_doctest_results() {
        let out = "\
test crates/sync/src/lib.rs - (line 47) ... ok
test crates/sync/src/lib.rs - (line 70) - compile fail ... ok
test crates/ctx/src/context.rs - context::Context (line 131) - compile fail ... FAILED
";
        let mut results = std::collections::BTreeMap::new();
        super::parse_doctest_results(out, &mut results);
        assert_eq!(results.len(), 2);
        assert!(results[&("crates/sync/src/lib.rs".to_string(), 70)]);
        assert!(!results[&("crates/ctx/src/context.rs".to_string(), 131)]);
    }
}
