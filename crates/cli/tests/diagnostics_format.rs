//! `--diagnostics-format`: mlir-opt's text by default (the `stderr` test
//! compares it with mlir-opt-19's byte for byte), rustc-style text (`rustc`,
//! or `text` as it was called) and JSON Lines as choices; `--color` as LLVM
//! reads it.

use std::io::Write as _;
use std::process::{Command, Stdio};

const BAD: &str = "\"a.b\"() : () -> ()\n%0 = \"a.b\"() : () -> i32\n%0 = \"a.b\"() : () -> i32\n";

/// strata-opt's exit status and standard error for `BAD` on standard input.
fn run(args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_strata-opt"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("strata-opt runs");
    // strata-opt may exit before it reads its input (a refused flag), and
    // then the write finds the pipe closed: what is checked is its status
    // and standard error, so a broken pipe is no failure.
    if let Err(e) = child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(BAD.as_bytes())
    {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing strata-opt's input: {e}"
        );
    }
    let out = child.wait_with_output().expect("strata-opt exits");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// mlir-opt-19's standard error for `BAD`.
const MLIR: &str = "<stdin>:3:1: error: redefinition of SSA value '%0'\n\
                    %0 = \"a.b\"() : () -> i32\n^\n\
                    <stdin>:2:1: note: previously defined here\n\
                    %0 = \"a.b\"() : () -> i32\n^\n";

#[test]
fn mlir_opts_text_is_the_default_and_mlir_its_name() {
    assert_eq!(run(&[]), (1, MLIR.to_owned()));
    assert_eq!(run(&["--diagnostics-format", "mlir"]), (1, MLIR.to_owned()));
    assert_eq!(run(&["-diagnostics-format=mlir"]), (1, MLIR.to_owned()));
}

#[test]
fn rustc_style_and_json_are_choices() {
    let (code, rustc) = run(&["--diagnostics-format", "rustc"]);
    assert_eq!(code, 1);
    assert!(
        rustc.starts_with("error: redefinition of SSA value '%0'\n --> <stdin>:3:1\n"),
        "{rustc}"
    );
    assert!(rustc.contains("note: previously defined here"), "{rustc}");
    // Its old name.
    assert_eq!(run(&["--diagnostics-format", "text"]), (1, rustc));
    let (code, json) = run(&["--diagnostics-format", "json"]);
    assert_eq!(code, 1);
    let value: serde_json::Value =
        serde_json::from_str(json.lines().next().expect("a line")).expect("a JSON line");
    assert_eq!(value["message"], "redefinition of SSA value '%0'");
    assert_eq!(value["spans"][0]["line_start"], 3);
}

#[test]
fn color_is_llvms_flag() {
    let (_, plain) = run(&["--color=false"]);
    assert_eq!(plain, MLIR);
    let (_, colored) = run(&["--color"]);
    assert!(
        colored.starts_with(
            "\x1b[1m<stdin>:3:1: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1mredefinition"
        ),
        "{colored:?}"
    );
    assert_eq!(run(&["--color=1"]).1, colored);
    let (_, rustc) = run(&["--diagnostics-format", "rustc", "--color"]);
    assert!(rustc.contains("\x1b["), "{rustc:?}");
    let (code, err) = run(&["--color=maybe"]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'maybe'"), "{err}");
}
