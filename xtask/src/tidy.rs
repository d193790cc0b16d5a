//! Tidy checks, run by `cargo xtask tidy`, by `cargo xtask ci`, and as a
//! `#[test]` so that plain `cargo test` enforces them too. They check what
//! neither rustc nor clippy can: conventions written in comments. Each
//! problem is reported as `[check] path:line: what is wrong`; the rules are
//! described for authors in `docs/STYLE.md`.
//!
//! - `[imports]`: no crate other than `strata-sync` names `std::sync`,
//!   `core::sync`, `parking_lot`, `loom` or `std::thread_local!` directly:
//!   loom cannot see such a primitive, so a model using it would silently
//!   check nothing. The bench crate (which measures peers built on those
//!   primitives) and this xtask are exempt. A line may opt out with a
//!   `tidy: allow` comment that says why.
//! - `[module-doc]`: every source file opens with a `//!` doc comment.
//! - `[safety-comment]`: every `unsafe` block and `unsafe impl` has a
//!   `SAFETY` comment on the line, within the five lines above it, or in the
//!   comment block directly above.
//! - `[safety-list]`: every `unsafe fn` has a `# Safety` section with a
//!   numbered list (`1.` items) in its doc comment. A trait impl's method
//!   without a doc comment is exempt: its contract is the trait's.
//! - `[safety-number]`: the `SAFETY` comment of an `unsafe` block that calls
//!   an `unsafe fn` with a numbered list cites at least one number, as `(1)`,
//!   `(1, 2)` or a `1.` list item. The `unsafe fn`s considered are those of
//!   the same package, and every `pub unsafe fn` of the workspace; a call is
//!   `.name(` for a method (one taking `self`), `name(` or `Path::name(` for
//!   any other function.
//! - `[pairs-with]`: every non-Relaxed ordering (`Acquire`, `Release`,
//!   `AcqRel`, `SeqCst`) and every `fence` names its partner: "pairs with"
//!   (any case) appears on the line, within the three lines below, or above
//!   it before six more lines of code have passed (comment lines above are
//!   free, so the statement's comment block counts wherever it starts).
//!   `use` lines are exempt.
//! - `[forbid-unsafe]`: a library (`src/lib.rs` and the modules under
//!   `src/`, `src/bin` excepted), a `src/main.rs` or a `src/bin/*.rs` binary
//!   with no `unsafe` anywhere carries `#![forbid(unsafe_code)]`, so that the
//!   first `unsafe` is a decision rather than a slip.
//! - `[ignore]`: no test is ignored: a known wrong behaviour is an assertion
//!   plus a FIXME, not a skipped test.
//! - `[outside-ref]`: no `.rs` or `.md` file names a file outside the
//!   repository: the design document the project started from (by its file
//!   name), the text it was seeded from (by the phrase for it), or a path
//!   under a folder named `shared`. The phrases are listed in `OUTSIDE` and
//!   in `outside_refs`.
//! - `[long-file]`: no source file is over [`MAX_LINES`] lines unless
//!   `xtask/src/long_files.txt` lists it with the reason, a full sentence;
//!   a listed file that is no longer long, or no longer exists, is itself
//!   an error, so that the list stays true (see [`long_files`]).
//! - `[layers]`: no crate depends on a crate of a layer above its own in
//!   the `## Layers` table of `docs/ARCHITECTURE.md` (see
//!   [`crate::layers`]).
//! - `[issue-ref]`: no `.rs` file names a ticket: the word "issue" or
//!   "issues", in any case, followed by a number (blanks and an optional `#`
//!   between them), also where a comment wraps between the word and the
//!   number. A comment says what the design is and why, not which ticket
//!   asked for it; dated history lives in `docs/notes/` (see
//!   [`names_issue`]).

use std::collections::{BTreeMap, BTreeSet};
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

/// The non-Relaxed orderings, as words.
const ORDERINGS: &[&str] = &["Acquire", "Release", "AcqRel", "SeqCst"];

/// The phrases that name something outside the repository. Each is split in
/// two so that this file does not name them itself.
const OUTSIDE: &[&str] = &[concat!("DESIGN", ".md"), concat!("shared", "/")];

/// One source file of the workspace.
struct Source {
    /// The path relative to the workspace root, with `/` separators.
    rel: String,
    /// The package directory relative to the root (`crates/table`), or the
    /// top folder for files outside a package.
    package: String,
    lines: Vec<String>,
    /// The code of each line (see [`code_lines`]).
    code: Vec<String>,
}

/// Every file under `dir` whose name ends with one of `exts`, sorted,
/// skipping `target` and hidden folders.
fn files_with(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(rd) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        if p.is_dir() {
            if name == "target" || name.starts_with('.') {
                continue;
            }
            files_with(&p, exts, out);
        } else if p.extension().is_some_and(|e| exts.iter().any(|x| e == *x)) {
            out.push(p);
        }
    }
}

/// The code of each line: comments cut off and the contents of string and
/// character literals blanked out, with string state carried across lines
/// (a string may span lines). Raw strings are understood; block comments
/// are not (the workspace does not use them).
fn code_lines(lines: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    // `Some(hashes)` inside a raw string, `Some(usize::MAX)` inside a plain one.
    let mut in_str: Option<usize> = None;
    for line in lines {
        let chars: Vec<char> = line.chars().collect();
        let mut code = String::with_capacity(line.len());
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            match in_str {
                Some(usize::MAX) => {
                    if c == '\\' {
                        k += 1;
                    } else if c == '"' {
                        in_str = None;
                        code.push(c);
                    }
                }
                Some(hashes) => {
                    if c == '"'
                        && chars[k + 1..].iter().take_while(|&&h| h == '#').count() >= hashes
                    {
                        in_str = None;
                        code.push(c);
                        k += hashes;
                    }
                }
                None => {
                    if c == '/' && chars.get(k + 1) == Some(&'/') {
                        break;
                    }
                    let raw_start = (c == 'r' || c == 'b' && chars.get(k + 1) == Some(&'r'))
                        && !code.ends_with(is_ident_char);
                    if raw_start {
                        let r = if c == 'b' { k + 1 } else { k };
                        let hashes = chars[r + 1..].iter().take_while(|&&h| h == '#').count();
                        if chars.get(r + 1 + hashes) == Some(&'"') {
                            in_str = Some(hashes);
                            code.push('"');
                            k = r + 1 + hashes + 1;
                            continue;
                        }
                    }
                    if c == '"' {
                        in_str = Some(usize::MAX);
                    } else if c == '\'' {
                        // A character literal (`'x'`, `'\n'`), not a lifetime.
                        let len = if chars.get(k + 1) == Some(&'\\') {
                            chars[k + 2..]
                                .iter()
                                .position(|&e| e == '\'')
                                .map(|p| p + 3)
                        } else if chars.get(k + 2) == Some(&'\'') {
                            Some(3)
                        } else {
                            None
                        };
                        if let Some(len) = len {
                            code.push_str("' '");
                            k += len;
                            continue;
                        }
                    }
                    code.push(c);
                }
            }
            k += 1;
        }
        out.push(code);
    }
    out
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with("//")
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The byte offsets where `word` occurs in `text` as a whole word.
fn word_positions(text: &str, word: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let start = from + at;
        let end = start + word.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        if !before.is_some_and(is_ident_char) && !after.is_some_and(is_ident_char) {
            found.push(start);
        }
        from = end;
    }
    found
}

/// Whether a comment cites a numbered item: `(1)`, `(1, 2)`, `(1-3)`,
/// `(2 and 3)`, or a line that is a `1.` / `1)` list item.
fn cites_number(comment: &[&str]) -> bool {
    for line in comment {
        let text = line.trim_start().trim_start_matches('/').trim_start();
        let digits = text.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 && matches!(text[digits..].chars().next(), Some('.' | ')')) {
            return true;
        }
        let mut rest = *line;
        while let Some(open) = rest.find('(') {
            rest = &rest[open + 1..];
            let Some(close) = rest.find(')') else { break };
            let inner = &rest[..close];
            let inner_ok = inner.starts_with(|c: char| c.is_ascii_digit())
                && inner
                    .replace("and", "")
                    .chars()
                    .all(|c| c.is_ascii_digit() || matches!(c, ',' | ' ' | '-' | '–'));
            if inner_ok {
                return true;
            }
        }
    }
    false
}

/// Reads every `.rs` file under `crates/`, `benches/`, `xtask/` and
/// `fuzz/`.
fn rust_sources(root: &Path) -> (Vec<Source>, Vec<String>) {
    let mut errors = Vec::new();
    let mut paths = Vec::new();
    for top in ["crates", "xtask", "benches", "fuzz"] {
        files_with(&root.join(top), &["rs"], &mut paths);
    }
    let mut sources = Vec::new();
    for file in paths {
        let rel = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(text) = fs::read_to_string(&file) else {
            errors.push(format!("[read] {rel}: unreadable"));
            continue;
        };
        let parts: Vec<&str> = rel.split('/').collect();
        let package = if parts[0] == "crates" && parts.len() > 2 {
            format!("crates/{}", parts[1])
        } else {
            parts[0].to_string()
        };
        let lines: Vec<String> = text.lines().map(String::from).collect();
        sources.push(Source {
            rel,
            package,
            code: code_lines(&lines),
            lines,
        });
    }
    (sources, errors)
}

/// Runs every tidy check over the workspace at `root`; returns the problems.
pub(crate) fn check(root: &Path) -> Result<(), Vec<String>> {
    let (sources, mut errors) = rust_sources(root);
    let unsafe_fns = unsafe_fns(&sources, &mut errors);
    for src in &sources {
        per_line_checks(src, &mut errors);
        safety_numbers(src, &unsafe_fns, &mut errors);
        pairs_with(src, &mut errors);
        issue_refs(src, &mut errors);
    }
    forbid_unsafe(&sources, &mut errors);
    outside_refs(root, &mut errors);
    long_files(root, &sources, &mut errors);
    crate::layers::check(root, &mut errors);
    crate::invariants::check(root, &mut errors);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `[imports]`, `[module-doc]`, `[ignore]` and `[safety-comment]`.
fn per_line_checks(src: &Source, errors: &mut Vec<String>) {
    let rel = &src.rel;
    let lines = &src.lines;
    let in_shim = rel.starts_with("crates/sync/");
    let in_exempt = rel.starts_with("xtask/") || rel.starts_with("benches/");

    if rel.contains("/src/") {
        let first = lines.iter().map(|l| l.trim()).find(|l| !l.is_empty());
        if !first.is_some_and(|l| l.starts_with("//!")) {
            errors.push(format!(
                "[module-doc] {rel}: the file does not open with a `//!` doc comment"
            ));
        }
    }

    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let code = &src.code[i];
        if !in_shim && !in_exempt && !line.contains("tidy: allow") {
            for pat in FORBIDDEN {
                if code.contains(pat) {
                    errors.push(format!(
                        "[imports] {rel}:{n}: names `{pat}` directly; import it from strata-sync (loom cannot see it otherwise)"
                    ));
                }
            }
        }
        // Spelled in two pieces so that this line does not match itself.
        if code.contains(concat!("#[", "ignore")) {
            errors.push(format!("[ignore] {rel}:{n}: an ignore attribute is not allowed; assert the known behaviour and add a FIXME"));
        }
        if !in_exempt
            && (code.contains("unsafe {") || code.contains("unsafe impl"))
            && safety_comment(lines, i).is_none()
        {
            errors.push(format!(
                "[safety-comment] {rel}:{n}: `unsafe` without a `// SAFETY:` comment just above"
            ));
        }
    }
}

/// The `SAFETY` comment that justifies the `unsafe` on line `i`: the lines
/// from the one that says `SAFETY` to the end of its comment block (or to
/// line `i`). It may be on the line itself, anywhere in the block of comment
/// and attribute lines directly above it, or within the five lines above (a
/// statement split over lines).
fn safety_comment(lines: &[String], i: usize) -> Option<Vec<&str>> {
    let mut start = (i.saturating_sub(5)..=i)
        .rev()
        .find(|&j| lines[j].contains("SAFETY"));
    let mut j = i;
    while start.is_none() && j > 0 {
        j -= 1;
        let above = lines[j].trim();
        if !(above.starts_with("//") || above.starts_with("#[")) {
            break;
        }
        if above.contains("SAFETY") {
            start = Some(j);
        }
    }
    let start = start?;
    let mut comment = vec![lines[start].as_str()];
    for line in &lines[start + 1..=i] {
        if !is_comment(line) {
            break;
        }
        comment.push(line);
    }
    Some(comment)
}

/// One `unsafe fn` with a numbered `# Safety` list.
struct UnsafeFn {
    name: String,
    /// Whether it takes `self` (then it is called as `.name(`).
    method: bool,
    /// Declared `pub` (not `pub(crate)` or narrower): callable from other
    /// packages.
    public: bool,
}

/// `[safety-list]`; returns, per package, the `unsafe fn`s with a numbered
/// list (the public ones under the key `""` as well).
fn unsafe_fns(sources: &[Source], errors: &mut Vec<String>) -> BTreeMap<String, Vec<UnsafeFn>> {
    let mut found: BTreeMap<String, Vec<UnsafeFn>> = BTreeMap::new();
    for src in sources {
        for (i, code) in src.code.iter().enumerate() {
            let Some(at) = word_positions(code, "unsafe")
                .into_iter()
                .find(|&p| code[p..].starts_with("unsafe fn "))
            else {
                continue;
            };
            let after = &code[at + "unsafe fn ".len()..];
            let name: String = after.chars().take_while(|&c| is_ident_char(c)).collect();
            if name.is_empty() {
                continue; // A function pointer type, `unsafe fn(..)`.
            }
            // The signature, up to its body or `;`.
            let mut signature = String::new();
            for c in &src.code[i..(i + 12).min(src.code.len())] {
                let end = c.find(['{', ';']);
                signature.push_str(&c[..end.unwrap_or(c.len())]);
                if end.is_some() {
                    break;
                }
            }
            let params = signature.split_once('(').map_or("", |(_, p)| p);
            let method = word_positions(params, "self")
                .first()
                .is_some_and(|&p| params[..p].trim_end_matches(['&', ' ', '\'']).len() < 12);
            let public = code.trim_start().starts_with("pub unsafe fn");

            let doc = doc_block(&src.lines, i);
            let safety = doc.iter().position(|l| doc_text(l) == "# Safety");
            let numbered = safety.is_some_and(|s| {
                doc[s..].iter().any(|l| {
                    let t = doc_text(l);
                    let digits = t.chars().take_while(char::is_ascii_digit).count();
                    digits > 0 && t[digits..].starts_with(['.', ')'])
                })
            });
            if numbered {
                let f = UnsafeFn {
                    name: name.clone(),
                    method,
                    public,
                };
                if public {
                    found.entry(String::new()).or_default().push(UnsafeFn {
                        name: name.clone(),
                        method,
                        public,
                    });
                }
                found.entry(src.package.clone()).or_default().push(f);
            } else if !(doc.is_empty() && in_trait_impl(&src.lines, i)) {
                errors.push(format!(
                    "[safety-list] {}:{}: `unsafe fn {name}` has no numbered list (`1.` items) under a `# Safety` heading in its doc comment",
                    src.rel,
                    i + 1
                ));
            }
        }
    }
    found
}

/// The doc comment lines (`///`) above line `i`, skipping attributes.
fn doc_block(lines: &[String], i: usize) -> Vec<&str> {
    let mut doc = Vec::new();
    let mut j = i;
    while j > 0 {
        j -= 1;
        let t = lines[j].trim();
        if t.starts_with("///") {
            doc.push(t);
        } else if !(t.starts_with("#[") || t.starts_with("//") || t.ends_with(")]")) {
            break;
        }
    }
    doc.reverse();
    doc
}

/// The text of a doc comment line, without `///` and surrounding blanks.
fn doc_text(line: &str) -> &str {
    line.trim().trim_start_matches("///").trim()
}

/// Whether line `i` sits directly in an `impl Trait for Type` block: the
/// nearest line above that is indented less is such an `impl`.
fn in_trait_impl(lines: &[String], i: usize) -> bool {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let own = indent(&lines[i]);
    lines[..i]
        .iter()
        .rev()
        .filter(|l| !l.trim().is_empty() && !is_comment(l))
        .find(|l| indent(l) < own)
        .is_some_and(|l| {
            let t = l.trim_start();
            (t.starts_with("impl") || t.starts_with("unsafe impl")) && t.contains(" for ")
        })
}

/// Whether `code` calls `f`.
fn calls(code: &str, f: &UnsafeFn) -> bool {
    word_positions(code, &f.name).into_iter().any(|p| {
        let after = &code[p + f.name.len()..];
        let called = after.starts_with('(') || after.starts_with("::<");
        let dotted = code[..p].trim_end().ends_with('.');
        let declared = code[..p].trim_end().ends_with("fn");
        called && !declared && dotted == f.method
    })
}

/// `[safety-number]`.
fn safety_numbers(
    src: &Source,
    unsafe_fns: &BTreeMap<String, Vec<UnsafeFn>>,
    errors: &mut Vec<String>,
) {
    let local = unsafe_fns.get(&src.package).into_iter().flatten();
    let public = unsafe_fns.get("").into_iter().flatten();
    let candidates: Vec<&UnsafeFn> = local.chain(public.filter(|f| f.public)).collect::<Vec<_>>();
    if candidates.is_empty() {
        return;
    }
    let lines = &src.lines;
    for (i, code) in src.code.iter().enumerate() {
        let Some(open) = code.find("unsafe {") else {
            continue;
        };
        // The block's code: from its `{` to the matching `}`.
        let mut body = String::new();
        let mut depth = 0usize;
        'lines: for (k, c) in src.code[i..(i + 80).min(lines.len())].iter().enumerate() {
            let c = if k == 0 { &c[open..] } else { c };
            for ch in c.chars() {
                body.push(ch);
                match ch {
                    '{' => depth += 1,
                    '}' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            break 'lines;
                        }
                    }
                    _ => {}
                }
            }
            body.push('\n');
        }
        let Some(called) = candidates.iter().find(|f| calls(&body, f)) else {
            continue;
        };
        let Some(comment) = safety_comment(lines, i) else {
            continue; // `[safety-comment]` reports it.
        };
        if !cites_number(&comment) {
            errors.push(format!(
                "[safety-number] {}:{}: the SAFETY comment does not answer `{}`'s numbered `# Safety` list by number (cite `(1)`, `(1, 2)` or list `1.` items)",
                src.rel,
                i + 1,
                called.name
            ));
        }
    }
}

/// `[pairs-with]`.
fn pairs_with(src: &Source, errors: &mut Vec<String>) {
    let lines = &src.lines;
    let says = |l: &String| l.to_lowercase().contains("pairs with");
    let is_use = |code: &str| {
        let t = code.trim_start();
        t.starts_with("use ") || t.starts_with("pub use ")
    };
    // A bare `Acquire` is an ordering only where the file imports it so (a
    // type may be called `Release`); `Ordering::Acquire` always is.
    let imported: Vec<&str> = ORDERINGS
        .iter()
        .copied()
        .filter(|o| {
            src.code.iter().any(|c| {
                is_use(c)
                    && c.contains("Ordering::")
                    && (c.contains("Ordering::*") || !word_positions(c, o).is_empty())
            })
        })
        .collect();
    for (i, code) in src.code.iter().enumerate() {
        if is_use(code) {
            continue;
        }
        let ordering = ORDERINGS
            .iter()
            .find(|o| {
                word_positions(code, o)
                    .into_iter()
                    .any(|p| imported.contains(o) || code[..p].ends_with("Ordering::"))
            })
            .copied();
        let fence = ["fence", "compiler_fence"].iter().any(|f| {
            word_positions(code, f)
                .iter()
                .any(|&p| code[p + f.len()..].starts_with('(') && !code[..p].ends_with("fn "))
        });
        let Some(what) = ordering.or(fence.then_some("fence")) else {
            continue;
        };
        let below = lines[i..(i + 4).min(lines.len())].iter().any(says);
        let mut above = false;
        let mut code_lines = 0;
        let mut j = i;
        while !below && !above && j > 0 && code_lines < 6 {
            j -= 1;
            above = says(&lines[j]);
            if !is_comment(&lines[j]) && !lines[j].trim().is_empty() {
                code_lines += 1;
            }
        }
        if !below && !above {
            errors.push(format!(
                "[pairs-with] {}:{}: `{what}` without a \"pairs with\" comment naming its partner within a few lines",
                src.rel,
                i + 1
            ));
        }
    }
}

/// `[issue-ref]`, over every line of `src` (code, comments and strings: a
/// string may end up in a generated document).
fn issue_refs(src: &Source, errors: &mut Vec<String>) {
    for (i, line) in src.lines.iter().enumerate() {
        let next = src
            .lines
            .get(i + 1)
            .map(String::as_str)
            .and_then(comment_text);
        if names_issue(line, next) {
            errors.push(format!(
                "[issue-ref] {}:{}: names an issue by number; say what the design is and why (dated history lives in docs/notes/)",
                src.rel,
                i + 1
            ));
        }
    }
}

/// The text of a comment line after its `//`, `///` or `//!` and the
/// blanks that follow; `None` for a line that is not a comment.
fn comment_text(line: &str) -> Option<&str> {
    let t = line.trim_start().strip_prefix("//")?;
    Some(t.trim_start_matches(['/', '!']).trim_start())
}

/// Whether `line` names an issue by number: the word `issue` or `issues`
/// (any case, a whole word: `tissue` and `issue_id` do not count), then at
/// least one blank, an optional `#` and a digit. A word that ends a comment
/// line counts when `next`, the text of the comment line below (see
/// [`comment_text`]), opens with the number.
fn names_issue(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    let number = |s: &str| {
        let s = s.strip_prefix('#').unwrap_or(s).trim_start();
        s.starts_with(|c: char| c.is_ascii_digit())
    };
    ["issue", "issues"].iter().any(|word| {
        word_positions(&lower, word).into_iter().any(|p| {
            let rest = &lower[p + word.len()..];
            let after = rest.trim_start();
            if after.is_empty() {
                lower.contains("//") && next.is_some_and(number)
            } else {
                // A blank must follow the word: `issue#3` and `issue:` do
                // not count.
                after.len() < rest.len() && number(after)
            }
        })
    })
}

/// Whether a line's code uses `unsafe` (a block, fn, impl, trait or extern).
fn uses_unsafe(code: &str) -> bool {
    !word_positions(code, "unsafe").is_empty()
}

/// `[forbid-unsafe]`.
fn forbid_unsafe(sources: &[Source], errors: &mut Vec<String>) {
    // Per crate root: the root file and whether its files use `unsafe`.
    let mut roots: BTreeMap<String, bool> = BTreeMap::new();
    let root_of = |src: &Source| -> Option<String> {
        let rest = src.rel.strip_prefix(&format!("{}/src/", src.package))?;
        if let Some(bin) = rest.strip_prefix("bin/") {
            let name = bin.split('/').next()?.trim_end_matches(".rs");
            return Some(format!("{}/src/bin/{name}.rs", src.package));
        }
        let main = format!("{}/src/main.rs", src.package);
        let lib = format!("{}/src/lib.rs", src.package);
        Some(if sources.iter().any(|s| s.rel == lib) {
            lib
        } else {
            main
        })
    };
    let mut forbidden = BTreeSet::new();
    for src in sources {
        let Some(root) = root_of(src) else { continue };
        let used = src.code.iter().any(|c| uses_unsafe(c));
        *roots.entry(root).or_default() |= used;
        if src
            .code
            .iter()
            .any(|c| c.replace(' ', "").contains("#![forbid(unsafe_code)]"))
        {
            forbidden.insert(src.rel.clone());
        }
    }
    for (root, used) in roots {
        let exists = sources.iter().any(|s| s.rel == root);
        if exists && !used && !forbidden.contains(&root) {
            errors.push(format!(
                "[forbid-unsafe] {root}: the crate has no `unsafe`; say so with `#![forbid(unsafe_code)]`"
            ));
        }
    }
}

/// `[outside-ref]`.
fn outside_refs(root: &Path, errors: &mut Vec<String>) {
    let mut paths = Vec::new();
    files_with(root, &["rs", "md"], &mut paths);
    for file in paths {
        let rel = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .to_string_lossy()
            .replace('\\', "/");
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        for (i, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let mut named: Vec<&str> = OUTSIDE
                .iter()
                .copied()
                .filter(|p| line.contains(p))
                .collect();
            let seed = concat!("the ", "seed");
            if word_positions(&lower, seed).into_iter().any(|_| true)
                || word_positions(&lower, concat!("the ", "seeds"))
                    .into_iter()
                    .any(|_| true)
            {
                named.push(seed);
            }
            for what in named {
                errors.push(format!(
                    "[outside-ref] {rel}:{}: names `{what}`, which is not in the repository; say it here or point to a file that is",
                    i + 1
                ));
            }
        }
    }
}

/// The most lines a source file has without an allowance.
const MAX_LINES: usize = 1500;

/// The allowances for long files, from the workspace root.
const LONG_FILES: &str = "xtask/src/long_files.txt";

/// `[long-file]`. The allowances are the lines of [`LONG_FILES`] that are
/// neither blank nor `#` comments: a path from the workspace root, then
/// blanks, then the reason, a full sentence (a capital letter to a full
/// stop). A file without that list allows nothing.
fn long_files(root: &Path, sources: &[Source], errors: &mut Vec<String>) {
    let list = fs::read_to_string(root.join(LONG_FILES)).unwrap_or_default();
    let mut allowed: Vec<&str> = Vec::new();
    for (i, line) in list.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("[long-file] {LONG_FILES}:{}", i + 1);
        let (path, reason) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(p, r)| (p, r.trim()));
        if allowed.contains(&path) {
            errors.push(format!("{at}: {path} is listed twice"));
            continue;
        }
        allowed.push(path);
        let sentence = reason.starts_with(|c: char| c.is_uppercase()) && reason.ends_with('.');
        if !sentence {
            errors.push(format!(
                "{at}: {path} needs its reason, a full sentence, after the path"
            ));
        }
        match sources.iter().find(|s| s.rel == path) {
            Some(src) if src.lines.len() <= MAX_LINES => errors.push(format!(
                "{at}: {path} has {} lines, no longer over {MAX_LINES}; remove its line",
                src.lines.len()
            )),
            Some(_) => {}
            None if root.join(path).is_file() => errors.push(format!(
                "{at}: {path} is not a source file tidy measures (a `.rs` file under crates/, benches/, xtask/ or fuzz/); remove its line"
            )),
            None => errors.push(format!(
                "{at}: {path} does not exist; remove its line"
            )),
        }
    }
    for src in sources {
        if src.lines.len() > MAX_LINES && !allowed.contains(&src.rel.as_str()) {
            errors.push(format!(
                "[long-file] {}: {} lines, over {MAX_LINES}; split it, or list it in {LONG_FILES} with the reason it stays whole",
                src.rel,
                src.lines.len()
            ));
        }
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

    /// Runs the checks over a fake workspace holding `files` (path, text);
    /// returns the problems.
    fn check_files(files: &[(&str, &str)]) -> Vec<String> {
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
        // Relaxed: a unique folder name per call, pairs with nothing.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "strata-tidy-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Relaxed)
        ));
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let errors = super::check(&dir).err().unwrap_or_default();
        std::fs::remove_dir_all(&dir).unwrap();
        errors
    }

    fn fired(errors: &[String], check: &str) -> usize {
        errors
            .iter()
            .filter(|e| e.starts_with(&format!("[{check}]")))
            .count()
    }

    /// The check itself catches a direct import and an undocumented
    /// `unsafe` (so the test above can fail).
    #[test]
    fn tidy_catches_a_direct_import() {
        let errors = check_files(&[(
            "crates/fake/src/lib.rs",
            "//! Fake.\nuse std::sync::Mutex;\nfn f() { unsafe { g() } }\n",
        )]);
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

    #[test]
    fn an_unsafe_fn_needs_a_numbered_safety_list() {
        let errors = check_files(&[(
            "crates/fake/src/lib.rs",
            "//! Fake.\n\
             /// Frees it.\n///\n/// # Safety\n///\n/// The pointer is live.\n\
             pub unsafe fn free(p: *mut u8) {}\n\
             /// Drops it.\n///\n/// # Safety\n///\n/// 1. The pointer is live.\n\
             pub unsafe fn drop_it(p: *mut u8) {}\n\
             struct A;\n\
             unsafe impl core::alloc::GlobalAlloc for A {\n\
             \x20   unsafe fn alloc(&self, l: Layout) -> *mut u8 { todo!() }\n\
             }\n",
        )]);
        assert_eq!(fired(&errors, "safety-list"), 1, "{errors:?}");
        assert!(errors.iter().any(|e| e.contains("`unsafe fn free`")));
    }

    #[test]
    fn a_safety_comment_answers_by_number() {
        let lib = "//! Fake.\n#![allow(unsafe_code)]\n\
             /// Frees it.\n///\n/// # Safety\n///\n/// 1. The pointer is live.\n\
             pub(crate) unsafe fn free(p: *mut u8) {}\n\
             fn good(p: *mut u8) {\n\
             \x20   // SAFETY: (1) holds: `p` came from `alloc`.\n\
             \x20   unsafe { free(p) }\n\
             }\n\
             fn bad(p: *mut u8) {\n\
             \x20   // SAFETY: `p` came from `alloc`.\n\
             \x20   unsafe {\n\
             \x20       free(p)\n\
             \x20   }\n\
             }\n\
             fn unrelated(v: &mut Vec<u8>) {\n\
             \x20   // SAFETY: in bounds.\n\
             \x20   unsafe { v.set_len(0) }\n\
             }\n";
        let errors = check_files(&[("crates/fake/src/lib.rs", lib)]);
        assert_eq!(fired(&errors, "safety-number"), 1, "{errors:?}");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("[safety-number] crates/fake/src/lib.rs:15:")),
            "{errors:?}"
        );
        // A public one is also checked from another package; a private one
        // is not (another package's `free` is another function).
        let user = "//! User.\nfn f(p: *mut u8) {\n    // SAFETY: fine.\n    unsafe { fake::free(p) }\n}\n";
        let errors = check_files(&[
            (
                "crates/fake/src/lib.rs",
                &lib.replace("pub(crate) unsafe", "pub unsafe"),
            ),
            ("crates/user/src/lib.rs", user),
        ]);
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("[safety-number] crates/user/src/lib.rs:4:")),
            "{errors:?}"
        );
        let errors = check_files(&[
            ("crates/fake/src/lib.rs", lib),
            ("crates/user/src/lib.rs", user),
        ]);
        assert!(
            !errors.iter().any(|e| e.contains("crates/user")),
            "{errors:?}"
        );
    }

    #[test]
    fn cites_number_reads_the_usual_forms() {
        assert!(super::cites_number(&["// SAFETY: (1) holds."]));
        assert!(super::cites_number(&["// SAFETY: by (1, 2) it is live."]));
        assert!(super::cites_number(&["// SAFETY: (2 and 3) hold."]));
        assert!(super::cites_number(&["// SAFETY:", "// 1. It is live."]));
        assert!(!super::cites_number(&[
            "// SAFETY: it holds 8 bytes (aligned)."
        ]));
        assert!(!super::cites_number(&["// SAFETY: see `f` (above)."]));
    }

    #[test]
    fn a_non_relaxed_ordering_names_its_partner() {
        let errors = check_files(&[(
            "crates/fake/src/lib.rs",
            "//! Fake.\n#![forbid(unsafe_code)]\n\
             use core::sync::atomic::Ordering::{Acquire, Release};\n\
             fn f(a: &AtomicUsize) {\n\
             \x20   // Pairs with the Release store in `g`.\n\
             \x20   let x = a.load(Acquire);\n\
             \x20   a.store(1, Ordering::Release);\n\
             \x20   a.store(2, Relaxed); // Relaxed: statistics.\n\
             \x20   fence(SeqCst); // pairs with the fence in `h`\n\
             \x20   let y = x + 1;\n\
             \x20   let z = y + 1;\n\
             \x20   let w = z + 1;\n\
             \x20   let v = w + 1;\n\
             \x20   let u = v + 1;\n\
             \x20   let t = u + 1;\n\
             \x20   fence(AcqRel);\n\
             \x20   a.store(3, Release); // \"Release\" in a string: \"SeqCst\"\n\
             }\n",
        )]);
        let lines: Vec<&str> = errors
            .iter()
            .filter(|e| e.starts_with("[pairs-with]"))
            .map(|e| e.split(": ").next().unwrap())
            .collect();
        assert_eq!(
            lines,
            [
                "[pairs-with] crates/fake/src/lib.rs:16",
                "[pairs-with] crates/fake/src/lib.rs:17"
            ],
            "{errors:?}"
        );
    }

    #[test]
    fn a_crate_without_unsafe_forbids_it() {
        let errors = check_files(&[
            ("crates/safe/src/lib.rs", "//! Safe.\nmod a;\n"),
            ("crates/safe/src/a.rs", "//! A.\nfn f() {}\n"),
            (
                "crates/said/src/lib.rs",
                "//! Said.\n#![forbid(unsafe_code)]\n",
            ),
            ("crates/unsafe/src/lib.rs", "//! Unsafe.\nmod a;\n"),
            (
                "crates/unsafe/src/a.rs",
                "//! A.\n// SAFETY: nothing to uphold.\nunsafe impl Send for A {}\n",
            ),
            ("crates/tool/src/bin/run.rs", "//! Run.\nfn main() {}\n"),
        ]);
        let found: Vec<&String> = errors
            .iter()
            .filter(|e| e.starts_with("[forbid-unsafe]"))
            .collect();
        assert_eq!(found.len(), 2, "{errors:?}");
        assert!(found[0].contains("crates/safe/src/lib.rs"), "{found:?}");
        assert!(found[1].contains("crates/tool/src/bin/run.rs"), "{found:?}");
    }

    #[test]
    fn a_long_file_needs_an_allowance_that_stays_true() {
        let lines = |n: usize| format!("//! Long.\n{}", "fn f() {}\n".repeat(n - 1));
        let list = "# The allowances.\n\
                    crates/x/src/allowed.rs  It waits for the split.\n\
                    crates/x/src/short.rs  It was long once.\n\
                    crates/x/src/gone.rs  It was deleted.\n\
                    crates/x/src/unsaid.rs\n\
                    crates/x/src/allowed.rs  It is listed twice.\n\
                    docs/x.rs  It is not measured.\n";
        let errors = check_files(&[
            ("xtask/src/long_files.txt", list),
            ("crates/x/src/allowed.rs", &lines(1501)),
            ("crates/x/src/short.rs", &lines(1500)),
            ("crates/x/src/unsaid.rs", &lines(1501)),
            ("crates/x/src/unlisted.rs", &lines(1501)),
            ("crates/x/src/edge.rs", &lines(1500)),
            ("docs/x.rs", &lines(1501)),
        ]);
        let found: Vec<&String> = errors
            .iter()
            .filter(|e| e.starts_with("[long-file]"))
            .collect();
        let at = "[long-file] xtask/src/long_files.txt";
        assert_eq!(
            found,
            [
                &format!("{at}:3: crates/x/src/short.rs has 1500 lines, no longer over 1500; remove its line"),
                &format!("{at}:4: crates/x/src/gone.rs does not exist; remove its line"),
                &format!("{at}:5: crates/x/src/unsaid.rs needs its reason, a full sentence, after the path"),
                &format!("{at}:6: crates/x/src/allowed.rs is listed twice"),
                &format!("{at}:7: docs/x.rs is not a source file tidy measures (a `.rs` file under crates/, benches/, xtask/ or fuzz/); remove its line"),
                &"[long-file] crates/x/src/unlisted.rs: 1501 lines, over 1500; split it, or list it in xtask/src/long_files.txt with the reason it stays whole".to_string(),
            ],
            "{errors:?}"
        );
        // A reason that is not a sentence is refused too.
        let errors = check_files(&[
            (
                "xtask/src/long_files.txt",
                "crates/x/src/allowed.rs  waits for the split\n",
            ),
            ("crates/x/src/allowed.rs", &lines(1501)),
        ]);
        assert_eq!(fired(&errors, "long-file"), 1, "{errors:?}");
        assert!(errors.iter().any(|e| e.contains("needs its reason")));
    }

    #[test]
    fn nothing_names_a_file_outside_the_repository() {
        let text = concat!(
            "# Doc\n",
            "See DESIGN",
            ".md section 4.\n",
            "As the ",
            "seed describes it.\n",
            "The ",
            "seed's step 4.\n",
            "Read shared",
            "/bench/WORKLOADS.md.\n",
            "Hash seeds vary; the RNG is seeded with 0; the seedling grows.\n",
        );
        let errors = check_files(&[("docs/NOTES.md", text), ("crates/x/src/lib.rs", "//! X.\n")]);
        let lines: Vec<String> = errors
            .iter()
            .filter(|e| e.starts_with("[outside-ref]"))
            .map(|e| e.split(": ").next().unwrap().to_string())
            .collect();
        assert_eq!(
            lines,
            [
                "[outside-ref] docs/NOTES.md:2",
                "[outside-ref] docs/NOTES.md:3",
                "[outside-ref] docs/NOTES.md:4",
                "[outside-ref] docs/NOTES.md:5"
            ],
            "{errors:?}"
        );
    }

    #[test]
    fn no_source_names_an_issue_by_number() {
        // The word and its number are split so that this file does not
        // name an issue itself.
        let lib = concat!(
            "//! Fake.\n",
            "#![forbid(unsafe_code)]\n",
            "// As iss",
            "ue 15 asked.\n",
            "/// What Iss",
            "ues 9 and 15 set out.\n",
            "//! Fixed by ISS",
            "UE #7.\n",
            "// The tracking iss",
            "ue\n",
            "// 12 says so.\n",
            "const S: &str = \"iss",
            "ue 4\";\n",
            "// This issue is known; issues were many; 15 issues in all.\n",
            "// A tissue 3 thick; issue_15; issue#2; issue: 5.\n",
            "fn issue_15() {}\n",
            "// The last word is issue\n",
            "fn f() {} // and 8 is code.\n",
        );
        let errors = check_files(&[
            ("crates/fake/src/lib.rs", lib),
            (
                "benches/src/lib.rs",
                concat!("//! B.\n// See iss", "ue 3.\n"),
            ),
            ("docs/x.rs", concat!("// See iss", "ue 3.\n")),
        ]);
        let lines: Vec<&str> = errors
            .iter()
            .filter(|e| e.starts_with("[issue-ref]"))
            .map(|e| e.split(": ").next().unwrap())
            .collect();
        assert_eq!(
            lines,
            [
                "[issue-ref] crates/fake/src/lib.rs:3",
                "[issue-ref] crates/fake/src/lib.rs:4",
                "[issue-ref] crates/fake/src/lib.rs:5",
                "[issue-ref] crates/fake/src/lib.rs:6",
                "[issue-ref] crates/fake/src/lib.rs:8",
                "[issue-ref] benches/src/lib.rs:2",
            ],
            "{errors:?}"
        );
    }
}
