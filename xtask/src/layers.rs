//! `[layers]`, a tidy check: no workspace crate depends on a crate of a layer
//! above its own.
//!
//! The layering is written once, in `docs/ARCHITECTURE.md`, as a markdown
//! table in the section headed `## Layers`: the first column names a layer,
//! the second lists its crates as backticked package names separated by
//! commas, and the rows run from the top layer down to the bottom one. A
//! crate may depend on the crates of its own row and of any row below it. A
//! dependency of any kind (normal, dev or build, target-specific or not) on
//! a crate of a row above is an error naming both crates, the kind and both
//! layers; so is a workspace member that appears in no row or in two, and a
//! row naming a crate the repository does not have.
//!
//! The crates kept outside the workspace (those in its `exclude` list, and
//! `fuzz/` if it exists) are checked as members of the top layer unless the
//! table places them.
//!
//! The manifests are read by [`Manifest::parse`], a small line-based reader
//! of the part of TOML that Cargo manifests use (the xtask is std-only), not
//! a full TOML parser.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// Where the table is.
const DOC: &str = "docs/ARCHITECTURE.md";

/// The heading of the table's section.
const HEADING: &str = "## Layers";

/// One row of the table.
#[derive(Debug, PartialEq, Eq)]
struct Layer {
    name: String,
    crates: Vec<String>,
}

/// The rows of the `## Layers` table in `doc`, from the top layer down.
fn layers(doc: &str) -> Result<Vec<Layer>, String> {
    let mut inside = false;
    let mut rows: Vec<Vec<String>> = Vec::new();
    for line in doc.lines() {
        if line.starts_with("## ") {
            inside = line.trim_end() == HEADING;
            continue;
        }
        let line = line.trim();
        if !inside || !line.starts_with('|') {
            continue;
        }
        let inner = line.trim_start_matches('|').trim_end_matches('|');
        rows.push(inner.split('|').map(|c| c.trim().to_string()).collect());
    }
    let is_rule = |row: &Vec<String>| {
        row.iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
    };
    let Some(rule) = rows.iter().position(is_rule) else {
        return Err(format!(
            "{DOC}: no `{HEADING}` section with a table of the layers and their crates"
        ));
    };
    let mut out = Vec::new();
    for row in &rows[rule + 1..] {
        let name = row.first().cloned().unwrap_or_default();
        let crates: Vec<String> = row
            .get(1)
            .map(|cell| {
                cell.split(',')
                    .map(|c| c.trim().trim_matches('`').to_string())
                    .filter(|c| !c.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        if name.is_empty() || crates.is_empty() {
            return Err(format!(
                "{DOC}: the `{HEADING}` table has a row without a layer name or without crates: `|{}|`",
                row.join("|")
            ));
        }
        out.push(Layer { name, crates });
    }
    if out.is_empty() {
        return Err(format!("{DOC}: the `{HEADING}` table has no rows"));
    }
    Ok(out)
}

/// The kind of a dependency, as its table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Normal,
    Dev,
    Build,
}

impl Kind {
    /// The kind a table name (`dependencies`, `dev-dependencies`...) stands
    /// for, or `None` for a table of anything else.
    fn of_table(name: &str) -> Option<Kind> {
        match name {
            "dependencies" => Some(Kind::Normal),
            "dev-dependencies" | "dev_dependencies" => Some(Kind::Dev),
            "build-dependencies" | "build_dependencies" => Some(Kind::Build),
            _ => None,
        }
    }

    fn noun(self) -> &'static str {
        match self {
            Kind::Normal => "dependency",
            Kind::Dev => "dev-dependency",
            Kind::Build => "build-dependency",
        }
    }
}

/// One dependency of a manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Dep {
    /// The key it is declared under (the name the code uses).
    key: String,
    /// The `package = "..."` it renames, if any.
    package: Option<String>,
    /// `workspace = true`: the rest is in `[workspace.dependencies]`.
    workspace: bool,
    kind: Kind,
    /// The `cfg(...)` or triple of a `[target.'...'.dependencies]` table.
    target: Option<String>,
    /// The line (from 1) that declares it.
    line: usize,
}

/// What the layer check needs from one `Cargo.toml`.
#[derive(Debug, Default)]
struct Manifest {
    /// `[package] name`.
    name: Option<String>,
    deps: Vec<Dep>,
    /// `[workspace] members` and `exclude`.
    members: Vec<String>,
    exclude: Vec<String>,
    /// `[workspace.dependencies]`, by key: the package each one renames.
    workspace_deps: BTreeMap<String, Option<String>>,
}

/// Cuts a `#` comment off `line`, minding quoted strings.
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some('"') if escaped => escaped = false,
            Some('"') if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' => return &line[..i],
            None => {}
        }
    }
    line
}

/// Splits `text` at every `sep` outside quotes and brackets, trimming each
/// piece.
fn split_top(text: &str, sep: char) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '"' | '\'' => quote = Some(c),
                '[' | '{' => depth += 1,
                ']' | '}' => depth = depth.saturating_sub(1),
                _ if c == sep && depth == 0 => {
                    pieces.push(text[start..i].trim());
                    start = i + c.len_utf8();
                }
                _ => {}
            },
        }
    }
    pieces.push(text[start..].trim());
    pieces
}

/// `"x"` or `'x'` as `x`; anything else unchanged.
fn unquote(s: &str) -> &str {
    let s = s.trim();
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return &s[1..s.len() - 1];
        }
    }
    s
}

/// The strings of a TOML array, `["a", "b"]`.
fn strings(value: &str) -> Vec<String> {
    let inner = value.trim().trim_start_matches('[').trim_end_matches(']');
    split_top(inner, ',')
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| unquote(s).to_string())
        .collect()
}

/// Whether brackets and braces are balanced in `text` (outside quotes): a
/// value that is not continues on the next line.
fn balanced(text: &str) -> bool {
    let mut depth = 0isize;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None => match c {
                '"' | '\'' => quote = Some(c),
                '[' | '{' => depth += 1,
                ']' | '}' => depth -= 1,
                _ => {}
            },
        }
    }
    depth <= 0
}

/// The table a header line opens: where it is, and what it holds.
enum Table {
    Package,
    Workspace,
    WorkspaceDeps,
    /// A dependency table: its kind, its target, and for a table of one
    /// dependency (`[dependencies.key]`) that key and the header's line.
    Deps(Kind, Option<String>, Option<(String, usize)>),
    Other,
}

impl Table {
    /// Reads a header's name, `target.'cfg(x)'.dependencies`, as a table;
    /// `line` is the header's.
    fn of_header(name: &str, line: usize) -> Table {
        let parts: Vec<&str> = split_top(name, '.').into_iter().map(unquote).collect();
        let (target, rest) = match parts.as_slice() {
            ["target", t, rest @ ..] => (Some(t.to_string()), rest),
            _ => (None, parts.as_slice()),
        };
        match rest {
            ["package"] if target.is_none() => Table::Package,
            ["workspace"] if target.is_none() => Table::Workspace,
            ["workspace", "dependencies"] if target.is_none() => Table::WorkspaceDeps,
            [kind] => Kind::of_table(kind).map_or(Table::Other, |k| Table::Deps(k, target, None)),
            [kind, key] => Kind::of_table(kind).map_or(Table::Other, |k| {
                Table::Deps(k, target, Some((key.to_string(), line)))
            }),
            _ => Table::Other,
        }
    }
}

impl Manifest {
    /// Reads the package name, the dependencies and the workspace lists of
    /// a `Cargo.toml`.
    fn parse(text: &str) -> Manifest {
        let mut m = Manifest::default();
        let mut table = Table::Other;
        // Dependencies by kind, target and key, in the order first seen.
        let mut deps: Vec<Dep> = Vec::new();
        let mut lines = text.lines().enumerate();
        while let Some((i, line)) = lines.next() {
            let mut logical = strip_comment(line).trim().to_string();
            while !balanced(&logical) {
                let Some((_, next)) = lines.next() else { break };
                logical.push(' ');
                logical.push_str(strip_comment(next).trim());
            }
            if logical.is_empty() {
                continue;
            }
            if let Some(header) = logical.strip_prefix('[') {
                table = if header.starts_with('[') {
                    Table::Other
                } else {
                    Table::of_header(header.trim_end_matches(']').trim(), i + 1)
                };
                continue;
            }
            let Some((key, value)) = logical.split_once('=') else {
                continue;
            };
            let path: Vec<&str> = split_top(key.trim(), '.')
                .into_iter()
                .map(unquote)
                .collect();
            let value = value.trim();
            match &table {
                Table::Package if path == ["name"] => m.name = Some(unquote(value).to_string()),
                Table::Workspace if path == ["members"] => m.members = strings(value),
                Table::Workspace if path == ["exclude"] => m.exclude = strings(value),
                Table::WorkspaceDeps => {
                    let mut dep = Dep::new(path[0], Kind::Normal, None, i + 1);
                    dep.read(&path[1..], value);
                    let entry = m.workspace_deps.entry(path[0].to_string()).or_default();
                    if dep.package.is_some() {
                        *entry = dep.package;
                    }
                }
                Table::Deps(kind, target, single) => {
                    let (name, fields, line) = match single {
                        Some((key, line)) => (key.as_str(), &path[..], *line),
                        None => (path[0], &path[1..], i + 1),
                    };
                    let at = deps
                        .iter()
                        .position(|d| d.key == name && d.kind == *kind && d.target == *target);
                    let dep = match at {
                        Some(at) => &mut deps[at],
                        None => {
                            deps.push(Dep::new(name, *kind, target.clone(), line));
                            deps.last_mut().expect("just pushed")
                        }
                    };
                    dep.read(fields, value);
                }
                _ => {}
            }
        }
        m.deps = deps;
        m
    }
}

impl Dep {
    fn new(key: &str, kind: Kind, target: Option<String>, line: usize) -> Dep {
        Dep {
            key: key.to_string(),
            package: None,
            workspace: false,
            kind,
            target,
            line,
        }
    }

    /// Takes in one `fields = value` of this dependency: `package = "x"`,
    /// `workspace = true`, or (with no fields) a version string or an
    /// inline table holding them.
    fn read(&mut self, fields: &[&str], value: &str) {
        match fields {
            ["package"] => self.package = Some(unquote(value).to_string()),
            ["workspace"] => self.workspace = value == "true",
            [] if value.starts_with('{') => {
                let inner = value.trim_start_matches('{').trim_end_matches('}');
                for pair in split_top(inner, ',') {
                    if let Some((k, v)) = pair.split_once('=') {
                        self.read(&[unquote(k.trim())], v.trim());
                    }
                }
            }
            _ => {}
        }
    }

    /// The package this dependency names, given the workspace's table.
    fn package(&self, workspace_deps: &BTreeMap<String, Option<String>>) -> String {
        if let Some(p) = &self.package {
            return p.clone();
        }
        if self.workspace
            && let Some(Some(p)) = workspace_deps.get(&self.key)
        {
            return p.clone();
        }
        self.key.clone()
    }

    /// `dev-dependency`, or `dependency (target 'cfg(x)')`.
    fn describe(&self) -> String {
        match &self.target {
            Some(t) => format!("{} (for target `{t}`)", self.kind.noun()),
            None => self.kind.noun().to_string(),
        }
    }
}

/// The workspace's member folders, a trailing `/*` standing for every
/// folder under that one with a `Cargo.toml`.
fn expand_globs(root: &Path, members: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for member in members {
        let Some(parent) = member.strip_suffix("/*") else {
            out.push(member.clone());
            continue;
        };
        let Ok(rd) = fs::read_dir(root.join(parent)) else {
            continue;
        };
        let mut found: Vec<String> = rd
            .filter_map(|e| e.ok())
            .filter(|e| e.path().join("Cargo.toml").is_file())
            .map(|e| format!("{parent}/{}", e.file_name().to_string_lossy()))
            .collect();
        found.sort();
        out.extend(found);
    }
    out
}

/// A crate the check reads: where its manifest is and what it says.
struct Crate {
    /// The manifest's path from the root, `crates/ir/Cargo.toml`.
    manifest: String,
    name: String,
    deps: Vec<Dep>,
    /// Outside the workspace: the top layer unless the table places it.
    outside: bool,
}

/// The `[layers]` check of the repository at `root`: pushes one message per
/// problem onto `errors`.
pub(crate) fn check(root: &Path, errors: &mut Vec<String>) {
    let err = |msg: String| format!("[layers] {msg}");
    let read = |rel: &str| fs::read_to_string(root.join(rel));
    let workspace = match read("Cargo.toml") {
        Ok(text) => Manifest::parse(&text),
        Err(e) => return errors.push(err(format!("Cargo.toml: unreadable: {e}"))),
    };
    let table = match read(DOC)
        .map_err(|e| format!("{DOC}: unreadable: {e}"))
        .and_then(|doc| layers(&doc))
    {
        Ok(t) => t,
        Err(e) => return errors.push(err(e)),
    };

    let mut crates = Vec::new();
    let mut outside: Vec<String> = workspace.exclude.clone();
    if !outside.iter().any(|d| d.trim_end_matches('/') == "fuzz") {
        outside.push("fuzz".to_string());
    }
    let members = expand_globs(root, &workspace.members);
    let dirs = members.iter().map(|d| (d, false));
    for (dir, is_outside) in dirs.chain(outside.iter().map(|d| (d, true))) {
        let manifest = format!("{}/Cargo.toml", dir.trim_end_matches('/'));
        let text = match read(&manifest) {
            Ok(text) => text,
            Err(_) if is_outside => continue,
            Err(e) => {
                errors.push(err(format!("{manifest}: unreadable: {e}")));
                continue;
            }
        };
        let m = Manifest::parse(&text);
        let Some(name) = m.name else {
            errors.push(err(format!("{manifest}: no `[package]` name")));
            continue;
        };
        crates.push(Crate {
            manifest,
            name,
            deps: m.deps,
            outside: is_outside,
        });
    }

    // Each crate's row, and the rows of the table that are wrong.
    let mut row_of: BTreeMap<&str, usize> = BTreeMap::new();
    for (r, layer) in table.iter().enumerate() {
        for name in &layer.crates {
            if let Some(&first) = row_of.get(name.as_str()) {
                errors.push(err(if first == r {
                    format!("{DOC}: {name} is listed twice in layer `{}`", layer.name)
                } else {
                    format!(
                        "{DOC}: {name} is listed in two layers, `{}` and `{}`",
                        table[first].name, layer.name
                    )
                }));
                continue;
            }
            row_of.insert(name.as_str(), r);
            if !crates.iter().any(|c| c.name == *name) {
                errors.push(err(format!(
                    "{DOC}: layer `{}` lists {name}, which is not a crate of the repository",
                    layer.name
                )));
            }
        }
    }
    let layer_of = |c: &Crate| -> Option<usize> {
        row_of
            .get(c.name.as_str())
            .copied()
            .or(c.outside.then_some(0))
    };
    for c in &crates {
        let Some(own) = layer_of(c) else {
            errors.push(err(format!(
                "{}: {} is in no layer of the `{HEADING}` table in {DOC}",
                c.manifest, c.name
            )));
            continue;
        };
        for dep in &c.deps {
            let package = dep.package(&workspace.workspace_deps);
            let Some(to) = crates.iter().find(|d| d.name == package) else {
                continue; // Not a crate of the repository.
            };
            let Some(theirs) = layer_of(to) else {
                continue; // Reported as in no layer.
            };
            if theirs < own {
                errors.push(err(format!(
                    "{}:{}: {} (layer `{}`) has a {} on {} (layer `{}`), a layer above its own",
                    c.manifest,
                    dep.line,
                    c.name,
                    table[own].name,
                    dep.describe(),
                    package,
                    table[theirs].name
                )));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Dep, Kind, Layer, Manifest, layers};

    fn dep(key: &str, kind: Kind, target: Option<&str>, line: usize) -> Dep {
        Dep {
            key: key.into(),
            package: None,
            workspace: false,
            kind,
            target: target.map(String::from),
            line,
        }
    }

    #[test]
    fn the_reader_finds_every_dependency_form() {
        let m = Manifest::parse(
            "[package]\n\
             name = \"strata-x\" # the crate\n\
             \n\
             [dependencies]\n\
             strata-ir.workspace = true\n\
             strata-ctx = { path = \"../ctx\", version = \"0.1.0\", default-features = false }\n\
             renamed = { package = \"strata-diag\", path = \"../diag\" }\n\
             serde = \"1\"\n\
             \n\
             [target.'cfg(strata_loom)'.dependencies]\n\
             loom.workspace = true\n\
             \n\
             [dev-dependencies]\n\
             # strata-cli = { path = \"../cli\" }\n\
             strata-tls = { workspace = true, features = [\n\
             \x20   \"a\",\n\
             ] }\n\
             other.workspace = true\n\
             other.package = \"strata-table\"\n\
             \n\
             [build-dependencies.gen]\n\
             package = \"strata-gen\"\n\
             path = \"../gen\"\n\
             \n\
             [[bin]]\n\
             name = \"not-the-package\"\n\
             \n\
             [features]\n\
             dependencies = []\n",
        );
        assert_eq!(m.name.as_deref(), Some("strata-x"));
        let mut want = vec![
            dep("strata-ir", Kind::Normal, None, 5),
            dep("strata-ctx", Kind::Normal, None, 6),
            dep("renamed", Kind::Normal, None, 7),
            dep("serde", Kind::Normal, None, 8),
            dep("loom", Kind::Normal, Some("cfg(strata_loom)"), 11),
            dep("strata-tls", Kind::Dev, None, 15),
            dep("other", Kind::Dev, None, 18),
            dep("gen", Kind::Build, None, 21),
        ];
        want[0].workspace = true;
        want[2].package = Some("strata-diag".into());
        want[4].workspace = true;
        want[5].workspace = true;
        want[6].workspace = true;
        want[6].package = Some("strata-table".into());
        want[7].package = Some("strata-gen".into());
        assert_eq!(m.deps, want);
    }

    #[test]
    fn the_reader_finds_the_workspace_and_its_renames() {
        let m = Manifest::parse(
            "[workspace]\n\
             exclude = [\"crates/syntax/fuzz\"]\n\
             members = [\n\
             \x20   \"crates/sync\", # the base\n\
             \x20   \"xtask\",\n\
             ]\n\
             [workspace.dependencies]\n\
             strata-sync = { path = \"crates/sync\" }\n\
             sync = { package = \"strata-sync\", path = \"crates/sync\" }\n",
        );
        assert_eq!(m.members, ["crates/sync", "xtask"]);
        assert_eq!(m.exclude, ["crates/syntax/fuzz"]);
        assert_eq!(m.workspace_deps["strata-sync"], None);
        assert_eq!(m.workspace_deps["sync"].as_deref(), Some("strata-sync"));
        assert_eq!(m.name, None);
        assert!(m.deps.is_empty());
    }

    #[test]
    fn the_table_is_read_from_its_section_top_down() {
        let doc = "# Architecture\n\n## Layers\n\nFrom the top.\n\n\
                   | layer | crates |\n|---|:--|\n\
                   | tool | `a-cli`, `xtask` |\n| base | `a-sync` |\n\n\
                   ## Other\n\n| x | `y` |\n";
        assert_eq!(
            layers(doc),
            Ok(vec![
                Layer {
                    name: "tool".into(),
                    crates: vec!["a-cli".into(), "xtask".into()]
                },
                Layer {
                    name: "base".into(),
                    crates: vec!["a-sync".into()]
                },
            ])
        );
        assert!(
            layers("## Layers\n\nNo table.\n## Layers of paint\n| a | b |\n|-|-|\n| c | `d` |\n")
                .unwrap_err()
                .contains("no `## Layers` section")
        );
        assert!(
            layers("## Layers\n| a | b |\n|-|-|\n| c | |\n")
                .unwrap_err()
                .contains("without crates")
        );
    }

    /// Runs the check over a scratch repository holding `files`.
    fn check_tree(files: &[(&str, &str)]) -> Vec<String> {
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
        // Relaxed: a unique folder name per call, pairs with nothing.
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "strata-layers-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Relaxed)
        ));
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let mut errors = Vec::new();
        super::check(&dir, &mut errors);
        std::fs::remove_dir_all(&dir).unwrap();
        errors
    }

    const WORKSPACE: &str = "[workspace]\n\
        members = [\"crates/sync\", \"crates/ctx\", \"crates/cli\"]\n\
        exclude = [\"crates/cli/fuzz\"]\n\
        [workspace.dependencies]\n\
        strata-sync = { path = \"crates/sync\" }\n\
        strata-ctx = { path = \"crates/ctx\" }\n\
        the-cli = { package = \"strata-cli\", path = \"crates/cli\" }\n";

    const TABLE: &str = "## Layers\n\n| layer | crates |\n|---|---|\n\
        | tool | `strata-cli` |\n| facade | `strata-ctx` |\n| base | `strata-sync` |\n";

    const SYNC: &str =
        "[package]\nname = \"strata-sync\"\n[dependencies]\nparking_lot = \"0.12\"\n";

    const CLI: &str = "[package]\nname = \"strata-cli\"\n[dependencies]\n\
        strata-ctx.workspace = true\nstrata-sync = { path = \"../sync\" }\n";

    #[test]
    fn a_layered_tree_passes() {
        let errors = check_tree(&[
            ("Cargo.toml", WORKSPACE),
            ("docs/ARCHITECTURE.md", TABLE),
            ("crates/sync/Cargo.toml", SYNC),
            (
                "crates/ctx/Cargo.toml",
                "[package]\nname = \"strata-ctx\"\n[dependencies]\nstrata-sync.workspace = true\n",
            ),
            ("crates/cli/Cargo.toml", CLI),
            (
                "crates/cli/fuzz/Cargo.toml",
                "[package]\nname = \"strata-cli-fuzz\"\n[dependencies]\nstrata-cli = { path = \"..\" }\n",
            ),
        ]);
        assert_eq!(errors, Vec::<String>::new());
    }

    #[test]
    fn a_dependency_on_a_layer_above_is_refused_whatever_its_kind() {
        let ctx = "[package]\nname = \"strata-ctx\"\n\
            [dependencies]\nstrata-sync.workspace = true\n\
            [dev-dependencies]\nthe-cli.workspace = true\n\
            [build-dependencies]\ncli = { package = \"strata-cli\", path = \"../cli\" }\n\
            [target.'cfg(unix)'.dependencies]\nstrata-cli = { path = \"../cli\" }\n";
        let sync =
            "[package]\nname = \"strata-sync\"\n[dev-dependencies.strata-ctx]\npath = \"../ctx\"\n";
        let fuzz = "[package]\nname = \"fuzz\"\n[dependencies]\nstrata-sync = { path = \"..\" }\n";
        let errors = check_tree(&[
            ("Cargo.toml", WORKSPACE),
            ("docs/ARCHITECTURE.md", TABLE),
            ("crates/sync/Cargo.toml", sync),
            ("crates/ctx/Cargo.toml", ctx),
            ("crates/cli/Cargo.toml", CLI),
            ("fuzz/Cargo.toml", fuzz),
        ]);
        assert_eq!(
            errors,
            [
                "[layers] crates/sync/Cargo.toml:3: strata-sync (layer `base`) has a dev-dependency on strata-ctx (layer `facade`), a layer above its own",
                "[layers] crates/ctx/Cargo.toml:6: strata-ctx (layer `facade`) has a dev-dependency on strata-cli (layer `tool`), a layer above its own",
                "[layers] crates/ctx/Cargo.toml:8: strata-ctx (layer `facade`) has a build-dependency on strata-cli (layer `tool`), a layer above its own",
                "[layers] crates/ctx/Cargo.toml:10: strata-ctx (layer `facade`) has a dependency (for target `cfg(unix)`) on strata-cli (layer `tool`), a layer above its own",
            ]
        );
    }

    #[test]
    fn every_crate_is_in_exactly_one_layer() {
        let table = "## Layers\n\n| layer | crates |\n|---|---|\n\
            | tool | `strata-cli`, `strata-gone` |\n\
            | base | `strata-sync`, `strata-cli`, `strata-sync` |\n";
        let errors = check_tree(&[
            ("Cargo.toml", WORKSPACE),
            ("docs/ARCHITECTURE.md", table),
            ("crates/sync/Cargo.toml", SYNC),
            (
                "crates/ctx/Cargo.toml",
                "[package]\nname = \"strata-ctx\"\n",
            ),
            ("crates/cli/Cargo.toml", CLI),
        ]);
        assert_eq!(
            errors,
            [
                "[layers] docs/ARCHITECTURE.md: layer `tool` lists strata-gone, which is not a crate of the repository",
                "[layers] docs/ARCHITECTURE.md: strata-cli is listed in two layers, `tool` and `base`",
                "[layers] docs/ARCHITECTURE.md: strata-sync is listed twice in layer `base`",
                "[layers] crates/ctx/Cargo.toml: strata-ctx is in no layer of the `## Layers` table in docs/ARCHITECTURE.md",
            ]
        );
    }

    #[test]
    fn a_member_glob_stands_for_every_crate_under_it() {
        let sync =
            "[package]\nname = \"strata-sync\"\n[dependencies]\nstrata-cli.workspace = true\n";
        let errors = check_tree(&[
            (
                "Cargo.toml",
                &WORKSPACE.replace(
                    "members = [\"crates/sync\", \"crates/ctx\", \"crates/cli\"]",
                    "members = [\"crates/*\"]",
                ),
            ),
            ("docs/ARCHITECTURE.md", TABLE),
            ("crates/sync/Cargo.toml", sync),
            (
                "crates/ctx/Cargo.toml",
                "[package]\nname = \"strata-ctx\"\n",
            ),
            ("crates/cli/Cargo.toml", CLI),
            ("crates/notes/README.md", "Not a crate.\n"),
        ]);
        assert_eq!(
            errors,
            [
                "[layers] crates/sync/Cargo.toml:4: strata-sync (layer `base`) has a dependency on strata-cli (layer `tool`), a layer above its own"
            ]
        );
    }

    #[test]
    fn a_missing_table_or_manifest_is_an_error() {
        let errors = check_tree(&[
            ("Cargo.toml", WORKSPACE),
            ("docs/ARCHITECTURE.md", "# Architecture\n"),
        ]);
        assert_eq!(
            errors,
            [
                "[layers] docs/ARCHITECTURE.md: no `## Layers` section with a table of the layers and their crates"
            ]
        );
        let errors = check_tree(&[
            ("Cargo.toml", WORKSPACE),
            ("docs/ARCHITECTURE.md", TABLE),
            ("crates/sync/Cargo.toml", SYNC),
            ("crates/cli/Cargo.toml", "[package]\n"),
        ]);
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert!(
            errors[0].starts_with("[layers] crates/ctx/Cargo.toml: unreadable"),
            "{errors:?}"
        );
        assert_eq!(
            errors[1..],
            [
                "[layers] crates/cli/Cargo.toml: no `[package]` name",
                "[layers] docs/ARCHITECTURE.md: layer `tool` lists strata-cli, which is not a crate of the repository",
                "[layers] docs/ARCHITECTURE.md: layer `facade` lists strata-ctx, which is not a crate of the repository",
            ]
        );
    }
}
