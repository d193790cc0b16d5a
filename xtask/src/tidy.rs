//! Tidy checks, run by `cargo xtask tidy`, by `cargo xtask ci`, and as a
//! `#[test]` so that plain `cargo test` enforces them too.
//!
//! - No crate other than `strata-sync` names `std::sync`, `core::sync`,
//!   `parking_lot`, `loom` or `std::thread_local!` directly: loom cannot see
//!   such a primitive, so a model using it would silently check nothing. The
//!   bench crate (which measures peers built on those primitives) and this
//!   xtask are exempt. A line may opt out with a `tidy: allow` comment that
//!   says why.
//! - Every source file opens with a `//!` doc comment.
//! - Every `unsafe` block and `unsafe impl` has a `SAFETY` comment on the line,
//!   within the five lines above it, or in the comment block directly above.
//! - No test is `#[ignore]`d: a known wrong behaviour is an assertion plus a
//!   FIXME, not a skipped test.

use std::fs;
use std::path::{Path, PathBuf};

const FORBIDDEN: &[&str] = &[
    "std::sync",
    "core::sync",
    "parking_lot::",
    "use parking_lot",
    "loom::",
    "extern crate loom",
    "std::thread_local",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "target") {
                continue;
            }
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code part of a line: everything before a `//` comment (a rough cut
/// that is good enough for the patterns above, none of which contains `//`).
fn code_part(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// Runs every tidy check over the workspace at `root`; returns the problems.
pub(crate) fn check(root: &Path) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    let mut exempt_files = Vec::new();
    rust_files(&root.join("xtask"), &mut exempt_files);
    rust_files(&root.join("benches"), &mut exempt_files);

    for file in files.iter().chain(exempt_files.iter()) {
        let rel = file
            .strip_prefix(root)
            .unwrap_or(file)
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(text) = fs::read_to_string(file) else {
            errors.push(format!("{rel}: unreadable"));
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let in_shim = rel.starts_with("crates/sync/");
        let in_exempt = rel.starts_with("xtask/") || rel.starts_with("benches/");

        if rel.contains("/src/") {
            let first = lines.iter().map(|l| l.trim()).find(|l| !l.is_empty());
            if !first.is_some_and(|l| l.starts_with("//!")) {
                errors.push(format!(
                    "{rel}: the file does not open with a `//!` doc comment"
                ));
            }
        }

        for (i, line) in lines.iter().enumerate() {
            let n = i + 1;
            let code = code_part(line);
            if !in_shim && !in_exempt && !line.contains("tidy: allow") {
                for pat in FORBIDDEN {
                    if code.contains(pat) {
                        errors.push(format!(
                            "{rel}:{n}: names `{pat}` directly; import it from strata-sync (loom cannot see it otherwise)"
                        ));
                    }
                }
            }
            // Spelled in two pieces so that this line does not match itself.
            if code.contains(concat!("#[", "ignore")) {
                errors.push(format!("{rel}:{n}: an ignore attribute is not allowed; assert the known behaviour and add a FIXME"));
            }
            if !in_exempt && (code.contains("unsafe {") || code.contains("unsafe impl")) {
                // The SAFETY comment may be on the line itself or anywhere in
                // the block of comment and attribute lines directly above it,
                // or within the five lines above (a statement split over
                // lines).
                let mut documented = lines[i.saturating_sub(5)..=i]
                    .iter()
                    .any(|l| l.contains("SAFETY"));
                let mut j = i;
                while !documented && j > 0 {
                    j -= 1;
                    let above = lines[j].trim();
                    if !(above.starts_with("//") || above.starts_with("#[")) {
                        break;
                    }
                    documented = above.contains("SAFETY");
                }
                if !documented {
                    errors.push(format!(
                        "{rel}:{n}: `unsafe` without a `// SAFETY:` comment just above"
                    ));
                }
            }
        }
    }
    crate::invariants::check(root, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    /// `cargo test` fails on any tidy problem in the workspace.
    #[test]
    fn workspace_is_tidy() {
        if let Err(errors) = super::check(&crate::root()) {
            panic!(
                "tidy found {} problem(s):\n{}",
                errors.len(),
                errors.join("\n")
            );
        }
    }

    /// The check itself catches a direct import (so the test above can fail).
    #[test]
    fn tidy_catches_a_direct_import() {
        let dir = std::env::temp_dir().join(format!("strata-tidy-{}", std::process::id()));
        let src = dir.join("crates/fake/src");
        std::fs::create_dir_all(&src).unwrap();
        std::fs::write(
            src.join("lib.rs"),
            "//! Fake.\nuse std::sync::Mutex;\nfn f() { unsafe { g() } }\n",
        )
        .unwrap();
        let errors = super::check(&dir).unwrap_err();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            errors
                .iter()
                .any(|e| e.contains("names `std::sync` directly")),
            "{errors:?}"
        );
        assert!(
            errors.iter().any(|e| e.contains("without a `// SAFETY:`")),
            "{errors:?}"
        );
    }
}
