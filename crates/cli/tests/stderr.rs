//! strata-opt's standard error is mlir-opt-19's, byte for byte: every error
//! case the oracles of strata check (the prefixes and one-character mistakes
//! of strata-module's truncation files, strata-syntax's rejected forms and
//! affine errors, strata-cli's hookless, mnemonic and metadata errors, the
//! chunks of the MLIR test files with and without `--verify-diagnostics`,
//! and the renderer's edge cases and hostile inputs) as `mlir-opt-19` prints
//! it, recorded with its exit status in `tests/oracle/stderr.jsonl` by
//! `tests/oracle/stderr.sh`, is given to strata-opt with the same flags,
//! which must print the same bytes and exit alike. A split file is run
//! once and compared chunk by chunk (the lines each chunk's diagnostics
//! print), and its exit status as a whole. Where mlir-opt-19 crashed after
//! its error, what it printed before the crash is compared, and strata-opt
//! must exit 1.
//!
//! Where strata reports another error than mlir-opt-19 (another message,
//! position or note, or none), that is a difference of the parser or the
//! verifier, not of the renderer: such cases are listed with the
//! difference in `tests/oracle/stderr_known.txt` and left out of the byte
//! comparison. A listed case must still differ, and differ in its errors
//! (its `LOCATION: LEVEL: MESSAGE` lines or its exit status), never only
//! in how they are rendered; one whose only difference is MLIR's "see
//! current operation" note must be mlir-opt-19's output without that note
//! (colour aside).
//! Regenerate the list with `STRATA_WRITE_KNOWN_FAILURES=1`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const ORACLE: &str = include_str!("oracle/stderr.jsonl");
const KNOWN: &str = include_str!("oracle/stderr_known.txt");
const KNOWN_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/oracle/stderr_known.txt");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The texts of strata-module's truncation files, which the `truncation`
/// and `mutation` rows are rebuilt from.
const TRUNCATED: [(&str, &str); 3] = [
    (
        "attributes.mlir",
        include_str!("../../module/tests/data/truncations/attributes.mlir"),
    ),
    (
        "func.mlir",
        include_str!("../../module/tests/data/truncations/func.mlir"),
    ),
    (
        "ops.mlir",
        include_str!("../../module/tests/data/truncations/ops.mlir"),
    ),
];

/// One recorded case: its id, and mlir-opt-19's exit status and standard
/// error.
struct Case {
    id: String,
    rc: i32,
    stderr: Vec<u8>,
}

/// What strata-opt printed and how it exited.
type Outcome = (i32, Vec<u8>);

/// The status of one chunk of a split run (whose status is the file's):
/// 1 where its part has an error, 0 where it has none.
fn chunk_status(part: &[u8]) -> i32 {
    i32::from(headers(part).iter().any(|h| h.contains(": error: ")))
}

fn bytes_of(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hexadecimal"))
        .collect()
}

/// A text or its hexadecimal bytes, from `key` or `key_hex` of `row`.
fn text_or_hex(row: &Value, key: &str) -> Option<Vec<u8>> {
    if let Some(t) = row[key].as_str() {
        return Some(t.as_bytes().to_vec());
    }
    row[format!("{key}_hex")].as_str().map(bytes_of)
}

/// The input of a `truncation` or `mutation` row, as `stderr.py` made it
/// (indices count characters, as Python's do).
fn rebuilt(recipe: &Value) -> Vec<u8> {
    let name = recipe["file"].as_str().expect("file");
    let (_, text) = TRUNCATED
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a truncation file");
    let chars: Vec<char> = text.chars().collect();
    let s: String = if let Some(cut) = recipe["cut"].as_u64() {
        let mut s: String = chars[..cut as usize].iter().collect();
        if recipe["newline"].as_bool().expect("newline") {
            s.push('\n');
        }
        s
    } else {
        let at = recipe["at"].as_u64().expect("at") as usize;
        let (head, tail) = (&chars[..at], &chars[at + 1..]);
        let middle = match recipe["edit"].as_str().expect("edit") {
            "delete" => String::new(),
            "double" => chars[at].to_string().repeat(2),
            c => c.to_owned(),
        };
        head.iter()
            .collect::<String>()
            .chars()
            .chain(middle.chars())
            .chain(tail.iter().copied())
            .collect()
    };
    s.into_bytes()
}

fn args_of(row: &Value) -> Vec<String> {
    row["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| a.as_str().expect("an argument").to_owned())
        .collect()
}

fn strata_opt(args: &[String], dir: &Path, input: Option<&[u8]>) -> Outcome {
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
        .args(args)
        .current_dir(dir)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("strata-opt runs");
    if let Some(input) = input {
        // strata-opt reads all of its input before it writes anything.
        let mut stdin = child.stdin.take().expect("a pipe");
        stdin.write_all(input).expect("strata-opt reads its input");
    }
    let out = child.wait_with_output().expect("strata-opt exits");
    (out.status.code().unwrap_or(-1), out.stderr)
}

/// Runs `jobs` on every core, in order of the results.
fn on_all_cores<T: Sync, R: Send>(jobs: &[T], run: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let n = std::thread::available_parallelism().map_or(2, |n| n.get());
    let run = &run;
    let stripes: Vec<Vec<(usize, R)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .map(|k| {
                s.spawn(move || {
                    jobs.iter()
                        .enumerate()
                        .skip(k)
                        .step_by(n)
                        .map(|(i, j)| (i, run(j)))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker"))
            .collect()
    });
    let mut all: Vec<(usize, R)> = stripes.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// The part of a split run's standard error that each chunk printed, by
/// the line the chunk starts on, as `stderr.py` cuts it: a line starting
/// with `within split at FILE:N offset ` starts chunk N's part, and the
/// lines before the first such line are the file's own (part 0, the near
/// misses of the split marker).
fn parts(stderr: &[u8], file: &str) -> BTreeMap<u64, Vec<u8>> {
    let head = format!("within split at {file}:");
    let mut out: BTreeMap<u64, Vec<u8>> = BTreeMap::new();
    let mut current = 0;
    for line in stderr.split_inclusive(|&b| b == b'\n') {
        if let Some(rest) = line.strip_prefix(head.as_bytes()) {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if rest[digits..].starts_with(b" offset ")
                && let Ok(n) = std::str::from_utf8(&rest[..digits])
                    .unwrap_or("")
                    .parse::<u64>()
            {
                current = n;
            }
        }
        out.entry(current).or_default().extend_from_slice(line);
    }
    out
}

/// `stderr` without LLVM's colour escapes (`ESC [ ... m`).
fn plain(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let mut out = String::with_capacity(text.len());
    let mut rest = &*text;
    while let Some(at) = rest.find("\x1b[") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + 2..];
        let end = tail
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .filter(|&e| tail[e..].starts_with('m'))
            .map_or(0, |e| e + 1);
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// The `LOCATION: LEVEL: MESSAGE` lines of an output: what was reported,
/// without how (and without colour).
fn headers(stderr: &[u8]) -> Vec<String> {
    plain(stderr)
        .lines()
        .filter(|l| {
            [": error: ", ": warning: ", ": note: ", ": remark: "]
                .iter()
                .any(|k| l.contains(k))
        })
        .map(str::to_owned)
        .collect()
}

/// The first header line of an output, or what the outcome was instead.
fn first(rc: i32, stderr: &[u8]) -> String {
    match headers(stderr).first() {
        Some(h) => format!("`{h}`"),
        None if rc == 0 => "accepts it".to_owned(),
        None => format!("exits {rc} with nothing on standard error"),
    }
}

/// The reason a case differs, for the known list.
fn reason(want: &Case, got: &Outcome) -> String {
    let (w, g) = (headers(&want.stderr), headers(&got.1));
    let at = w.iter().zip(&g).take_while(|(a, b)| a == b).count();
    let show = |h: &[String], rc: i32, stderr: &[u8]| match h.get(at) {
        Some(line) if at > 0 => format!("then `{line}`"),
        Some(line) => format!("`{line}`"),
        None if at > 0 => "nothing more".to_owned(),
        None => first(rc, stderr),
    };
    format!(
        "mlir-opt-19 {}; strata-opt {}",
        show(&w, want.rc, &want.stderr),
        show(&g, got.0, &got.1)
    )
}

#[test]
fn standard_error_is_mlir_opts_byte_for_byte() {
    let rows: Vec<Value> = ORACLE
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let root = PathBuf::from(ROOT);

    // The cases on standard input.
    let stdin: Vec<(&Value, Vec<u8>)> = rows
        .iter()
        .filter(|r| r["set"] != "split")
        .map(|r| {
            let input = match r.get("recipe") {
                Some(recipe) => rebuilt(recipe),
                None => text_or_hex(r, "input").expect("an input"),
            };
            (r, input)
        })
        .collect();
    let stdin_got = on_all_cores(&stdin, |(row, input)| {
        strata_opt(&args_of(row), &root, Some(input))
    });

    // The split files: one run each, compared chunk by chunk.
    let mut groups: BTreeMap<(String, String, Vec<String>), Vec<&Value>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r["set"] == "split") {
        let key = (
            r["cwd"].as_str().unwrap_or("").to_owned(),
            r["file"].as_str().expect("file").to_owned(),
            args_of(r),
        );
        groups.entry(key).or_default().push(r);
    }
    let scratch = std::env::temp_dir().join(format!("strata-opt-stderr-{}", std::process::id()));
    let mut split: Vec<(&Value, Outcome)> = Vec::new();
    // Each split file's exit status: mlir-opt-19's and strata-opt's.
    let mut file_status = Vec::new();
    for ((cwd, file, args), chunk_rows) in &groups {
        let (dir, text) = match chunk_rows.iter().find_map(|r| r["input"].as_str()) {
            Some(input) => {
                std::fs::create_dir_all(&scratch).expect("a scratch directory");
                std::fs::write(scratch.join(file), input).expect("the split file is written");
                (scratch.clone(), input.to_owned())
            }
            None => {
                let dir = root.join(cwd);
                let text = std::fs::read_to_string(dir.join(file)).expect("the split file");
                (dir, text)
            }
        };
        // The recorded chunks are the chunks strata splits the file into.
        let recorded: BTreeSet<u64> = chunk_rows
            .iter()
            .map(|r| r["chunk_line"].as_u64().expect("chunk_line"))
            .filter(|&n| n > 0)
            .collect();
        let (chunks, _) = strata_module::split_input(&text);
        let ours: BTreeSet<u64> = chunks.iter().map(|c| u64::from(c.line)).collect();
        assert_eq!(recorded, ours, "{file}: the chunks of the file");
        let mut full = args.clone();
        full.push(file.clone());
        let (rc, stderr) = strata_opt(&full, &dir, None);
        let want_rc = chunk_rows[0]["rc"].as_i64().expect("rc") as i32;
        let ids: Vec<&str> = chunk_rows
            .iter()
            .map(|r| r["id"].as_str().expect("id"))
            .collect();
        file_status.push((format!("{file} {args:?}"), want_rc, rc, ids));
        let mut by_chunk = parts(&stderr, file);
        for n in by_chunk.keys() {
            assert!(
                *n == 0 && chunk_rows.iter().any(|r| r["chunk_line"] == 0) || recorded.contains(n),
                "{file}: strata-opt printed under chunk {n}, which mlir-opt-19 does not have:\n{}",
                String::from_utf8_lossy(&by_chunk[n])
            );
        }
        for r in chunk_rows {
            let n = r["chunk_line"].as_u64().expect("chunk_line");
            let part = by_chunk.remove(&n).unwrap_or_default();
            split.push((r, (chunk_status(&part), part)));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);

    let known: BTreeMap<&str, &str> = KNOWN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_once('\t').expect("ID<TAB>REASON"))
        .collect();
    let all = stdin.iter().map(|(r, _)| *r).zip(stdin_got).chain(split);
    let (mut compared, mut identical) = (0, 0);
    let mut excluded: BTreeMap<String, usize> = BTreeMap::new();
    let mut written = Vec::new();
    let (mut differ, mut rendering, mut fixed) = (vec![], vec![], vec![]);
    let mut ids = BTreeSet::new();
    for (row, got) in all {
        let stderr = text_or_hex(row, "stderr").expect("stderr");
        let rc = if row["set"] == "split" {
            chunk_status(&stderr)
        } else if row["crashed"] == true {
            // mlir-opt-19 crashed after its error, which strata-opt reports
            // and exits on.
            1
        } else {
            row["rc"].as_i64().expect("rc") as i32
        };
        let want = Case {
            id: row["id"].as_str().expect("id").to_owned(),
            rc,
            stderr,
        };
        assert!(ids.insert(want.id.clone()), "{} is recorded twice", want.id);
        let same = (want.rc, &want.stderr) == (got.0, &got.1);
        let listed = known.get(want.id.as_str());
        if !same {
            written.push(format!("{}\t{}", want.id, reason(&want, &got)));
        }
        match (same, listed) {
            (true, None) => {
                compared += 1;
                identical += 1;
            }
            (true, Some(_)) => fixed.push(want.id.clone()),
            (false, None) => {
                compared += 1;
                differ.push(format!(
                    "{} (exit {} and {}):\n--- mlir-opt-19\n{}--- strata-opt\n{}",
                    want.id,
                    want.rc,
                    got.0,
                    String::from_utf8_lossy(&want.stderr),
                    String::from_utf8_lossy(&got.1)
                ));
            }
            (false, Some(_)) => {
                let set = want.id.split(' ').next().unwrap_or("").to_owned();
                *excluded.entry(set).or_default() += 1;
                if want.rc == got.0 && headers(&want.stderr) == headers(&got.1) {
                    rendering.push(want.id.clone());
                }
            }
        }
    }
    let excluded_total: usize = excluded.values().sum();
    println!(
        "stderr: {} cases recorded, {compared} compared byte for byte, {identical} identical, \
         {excluded_total} excluded as other errors than mlir-opt-19's ({excluded:?})",
        ids.len()
    );
    if std::env::var_os("STRATA_WRITE_KNOWN_FAILURES").is_some() {
        let mut out = String::from(
            "# Cases of tests/oracle/stderr.jsonl where strata-opt reports another error than\n\
             # mlir-opt-19 (a difference of the parser or the verifier, not of the renderer),\n\
             # left out of the byte comparison: ID<TAB>what differs. The list may only shrink\n\
             # (regenerate with STRATA_WRITE_KNOWN_FAILURES=1).\n",
        );
        for line in &written {
            out.push_str(line);
            out.push('\n');
        }
        std::fs::write(KNOWN_PATH, out).expect("the known list is written");
        return;
    }
    for id in known.keys() {
        assert!(ids.contains(*id), "{id} is listed but not recorded");
    }
    // A split file exits as mlir-opt-19 does unless one of its chunks is
    // listed (its other error explains the status).
    for (file, want, got, chunk_ids) in &file_status {
        assert!(
            want == got || chunk_ids.iter().any(|id| known.contains_key(id)),
            "{file}: mlir-opt-19 exits {want}, strata-opt {got}"
        );
    }
    assert!(
        rendering.is_empty(),
        "listed, but they report mlir-opt-19's errors and render them otherwise (a renderer bug, \
         not a difference of errors): {rendering:?}"
    );
    assert!(
        fixed.is_empty(),
        "listed in stderr_known.txt but now identical (take them off): {fixed:?}"
    );
    assert!(
        differ.is_empty(),
        "{} of {compared} differ from mlir-opt-19:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(identical > 8000, "{identical} identical");
}
