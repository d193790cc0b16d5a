//! strata-opt end to end: output, flags, diagnostics and exit status.

use std::process::Command;

fn strata_opt(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"))
        .args(args)
        .output()
        .expect("strata-opt runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs strata-opt with `args` and `--mlir-print-op-generic` on rayon, on
/// one thread, with the single-threaded context and with the FxHash
/// context, and checks that each succeeds and prints `expected`
/// (`mlir-opt-19 --mlir-print-op-generic`'s output, checked in).
fn prints_with_every_context(args: &[&str], expected: &str) {
    let args = &[args, &["--mlir-print-op-generic"][..]].concat();
    for extra in [
        &[][..],
        &["--mlir-disable-threading"],
        &["--context", "single"],
        &["--context", "fx"],
    ] {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        let (code, out, err) = strata_opt(&all);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out, expected, "{extra:?}");
    }
}

/// `--split-input-file --mlir-print-debuginfo` prints what mlir-opt-19
/// prints for the same file (its output is checked in), at any threading.
#[test]
fn split_input_with_debuginfo_matches_mlir_opt() {
    prints_with_every_context(
        &["--split-input-file", "--mlir-print-debuginfo", "split.mlir"],
        include_str!("split.debuginfo.expected"),
    );
    // Local scope: no aliases.
    let (_, out, _) = strata_opt(&[
        "--split-input-file",
        "--mlir-print-debuginfo",
        "--mlir-print-local-scope",
        "split.mlir",
    ]);
    assert!(!out.contains("#loc"), "{out}");
    assert!(
        out.contains("loc(\"within split at split.mlir:2 offset \":5:3)"),
        "{out}"
    );
}

/// mlir-opt's flags written as MLIR's own tests write them, with one dash
/// (LLVM's command line takes both), and `-o=FILE`: the same output as the
/// double-dash spelling. A flag strata-opt does not have (a pass) is still
/// refused, and a file named after `--` is a file.
#[test]
fn single_dash_flags_are_mlir_opts_flags() {
    let (code, out, err) = strata_opt(&[
        "-split-input-file",
        "-mlir-print-debuginfo",
        "-allow-unregistered-dialect",
        "-mlir-print-op-generic",
        "split.mlir",
        "-o=-",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, include_str!("split.debuginfo.expected"));
    let (code, _, err) = strata_opt(&["-canonicalize", "split.mlir"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("unexpected argument '--canonicalize'"),
        "{err}"
    );
    let (code, _, err) = strata_opt(&["--", "-split-input-file"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("-split-input-file"), "{err}");
}

#[test]
fn errors_are_diagnostics_with_a_snippet_and_fail() {
    let dir = std::env::temp_dir().join(format!("strata-opt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.mlir");
    std::fs::write(&bad, "\"a.b\"() : () -> ()\n\"c.d\"(%x) : (i32) -> ()\n").unwrap();
    let (code, _, err) = strata_opt(&[bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("use of undeclared SSA value name"), "{err}");
    assert!(err.contains("bad.mlir:2:7"), "{err}");
    assert!(err.contains("\"c.d\"(%x)"), "{err}");
    let (code, _, err) = strata_opt(&["--diagnostics-format", "json", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    let first: serde_json::Value = serde_json::from_str(err.lines().next().unwrap()).unwrap();
    assert!(
        first["message"].as_str().unwrap().contains("undeclared"),
        "{first}"
    );
    // A binary file.
    let bin = dir.join("bin.mlir");
    std::fs::write(&bin, [0x7f, b'E', b'L', b'F', 0xff, 0xfe, 0]).unwrap();
    let (code, _, err) = strata_opt(&[bin.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("not UTF-8"), "{err}");
    // Bytes that are not UTF-8 inside a string attribute: the diagnostic
    // points at the first of them.
    let raw = dir.join("raw.mlir");
    std::fs::write(
        &raw,
        b"\"a.b\"() : () -> ()\n\"a.b\"() {x = \"a\xff\xfeb\"} : () -> ()\n",
    )
    .unwrap();
    let (code, out, err) = strata_opt(&[raw.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("not UTF-8"), "{err}");
    assert!(err.contains("raw.mlir:2:16"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn output_file_timing_and_stats() {
    let dir = std::env::temp_dir().join(format!("strata-opt-cli-o-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out_path = dir.join("out.mlir");
    let (code, stdout, err) = strata_opt(&[
        "--split-input-file",
        "--mlir-timing",
        "--stats",
        "-o",
        out_path.to_str().unwrap(),
        "split.mlir",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.is_empty());
    let written = std::fs::read_to_string(&out_path).unwrap();
    // The custom form, as mlir-opt prints without `--mlir-print-op-generic`.
    assert!(written.contains("// -----\nmodule {\n"), "{written}");
    for phase in ["Read", "Scan", "Parse", "Print", "Total Execution Time"] {
        assert!(err.contains(phase), "{err}");
    }
    assert!(err.contains("operations in"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--verify-diagnostics`: expected errors pass, a missing one fails.
#[test]
fn verify_diagnostics_checks_the_directives() {
    let dir = std::env::temp_dir().join(format!("strata-opt-cli-v-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.mlir");
    std::fs::write(
        &good,
        "// expected-error @+1 {{use of undeclared SSA value name}}\n\"c.d\"(%x) : (i32) -> ()\n// -----\n\"a.b\"() : () -> ()\n",
    )
    .unwrap();
    let (code, _, err) = strata_opt(&[
        "--split-input-file",
        "--verify-diagnostics",
        good.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let bad = dir.join("bad.mlir");
    std::fs::write(&bad, "\"a.b\"() : () -> () // expected-error {{never}}\n").unwrap();
    let (code, _, err) = strata_opt(&["--verify-diagnostics", bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        err.contains("expected error \"never\" was not produced"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A memref whose memory space is an attribute of a dialect mlir-opt-19 has
/// registered (`#gpu.address_space<...>`) is accepted and printed as
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic` prints
/// it (`memory_space.expected` is its output), with every context; the
/// same attribute of an unregistered dialect is MLIR's error.
#[test]
fn registered_dialect_memory_spaces_match_mlir_opt() {
    prints_with_every_context(
        &["memory_space.mlir"],
        include_str!("memory_space.expected"),
    );
    let dir = std::env::temp_dir().join(format!("strata-opt-space-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("space.mlir");
    // mlir-opt-19: `1:14: error: unsupported memory space Attribute`.
    std::fs::write(
        &bad,
        "\"x.y\"() {t = memref<4xf32, #foo.bar<x>>} : () -> ()\n",
    )
    .unwrap();
    let (code, _, err) = strata_opt(&[bad.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("unsupported memory space Attribute"), "{err}");
    assert!(err.contains(":1:14"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Sparse tensor encodings print as `#sparse`, `#sparse1`, ... aliases, as
/// mlir-opt-19's sparse_tensor dialect names them (`sparse.expected` is
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic
/// sparse.mlir`), with every context.
#[test]
fn sparse_encodings_are_aliased_as_mlir_opt_aliases_them() {
    prints_with_every_context(&["sparse.mlir"], include_str!("sparse.expected"));
}

/// Operations mlir-opt-19 prints in a custom form that strata does not have
/// print generic, and strata-opt says once which (after the diagnostics);
/// with `--mlir-print-op-generic`, or when every operation has its form or
/// is unregistered, it says nothing.
#[test]
fn operations_printed_generic_for_want_of_a_form_are_named_once() {
    let dir = std::env::temp_dir().join(format!("strata-opt-generic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mixed = dir.join("mixed.mlir");
    std::fs::write(
        &mixed,
        "func.func @f(%a: i32) -> i32 {\n  %0 = \"arith.addi\"(%a, %a) : (i32, i32) -> i32\n  \
         %1 = \"arith.addi\"(%0, %a) : (i32, i32) -> i32\n  %2 = \"math.absi\"(%1) : (i32) -> i32\n  \
         \"acme.op\"() : () -> ()\n  return %2 : i32\n}\n",
    )
    .unwrap();
    let (code, out, err) = strata_opt(&[mixed.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("module {\n  func.func @f(%arg0: i32) -> i32 {\n"),
        "{out}"
    );
    assert!(out.contains("%0 = \"arith.addi\"(%arg0, %arg0)"), "{out}");
    assert_eq!(
        err,
        "strata-opt: note: printed in the generic form, which mlir-opt-19 registers and may \
         print in a custom form strata does not have: arith.addi, math.absi\n"
    );
    let (code, out, err) = strata_opt(&["--mlir-print-op-generic", mixed.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("\"builtin.module\"() ({"), "{out}");
    let own = dir.join("own.mlir");
    std::fs::write(
        &own,
        "func.func @f() -> i1 {\n  %t = arith.constant true\n  \"acme.op\"() : () -> ()\n  return %t : i1\n}\n",
    )
    .unwrap();
    let (code, out, err) = strata_opt(&[own.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "module {\n  func.func @f() -> i1 {\n    %true = arith.constant true\n    \"acme.op\"() : () -> ()\n    return %true : i1\n  }\n}\n\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
