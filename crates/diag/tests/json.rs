//! The JSON Lines renderer, parsed back with serde_json.
// Needs the optional renderers/verifier; `cargo xtask ci` also builds the
// crate without them.
#![cfg(feature = "json")]

use serde_json::{Value, json};
use strata_diag::{
    DiagEngine, Diagnostic, Emitter, HumanEmitter, JsonEmitter, Level, Location, NoSources,
    Severity, SharedBuffer,
};

fn lines(text: &str) -> Vec<Value> {
    assert!(text.ends_with('\n'));
    text.lines()
        .map(|l| serde_json::from_str(l).expect("every line is one JSON object"))
        .collect()
}

#[test]
fn a_diagnostic_in_rustc_shape() {
    let out = SharedBuffer::new();
    let e = DiagEngine::builder()
        .emitter(JsonEmitter::new())
        .sink(out.clone())
        .build();
    let id = e
        .sources()
        .add_file("a.mlir", "func @f() {\n  %0 = \"foo\"() : () -> i32\n}\n");
    let f = e.sources().file(id).unwrap();
    let foo = f.find("\"foo\"").unwrap();
    let func = f.find("func").unwrap();
    e.error(foo, "unknown op `{}`")
        .arg("foo")
        .code("E0001")
        .primary_label("here")
        .label(func, "in this function")
        .note("a note")
        .help_at(func, "a located help")
        .emit();
    let v = lines(&out.contents());
    assert_eq!(v.len(), 1);
    let d = &v[0];
    assert_eq!(d["$message_type"], "diagnostic");
    assert_eq!(d["message"], "unknown op `foo`");
    assert_eq!(d["code"], json!({"code": "E0001", "explanation": null}));
    assert_eq!(d["level"], "error");
    assert_eq!(
        d["spans"][0],
        json!({
            "file_name": "a.mlir",
            "byte_start": foo.start,
            "byte_end": foo.end,
            "line_start": 2,
            "line_end": 2,
            "column_start": 8,
            "column_end": 13,
            "is_primary": true,
            "text": [{"text": "  %0 = \"foo\"() : () -> i32", "highlight_start": 8, "highlight_end": 13}],
            "label": "here",
            "suggested_replacement": null,
            "suggestion_applicability": null,
            "expansion": null
        })
    );
    assert_eq!(d["spans"][1]["is_primary"], false);
    assert_eq!(d["spans"][1]["label"], "in this function");
    assert_eq!(d["spans"][1]["line_start"], 1);
    assert_eq!(
        d["children"][0],
        json!({"message": "a note", "code": null, "level": "note", "spans": [], "children": [], "rendered": null})
    );
    assert_eq!(d["children"][1]["level"], "help");
    assert_eq!(d["children"][1]["spans"][0]["byte_start"], func.start);
    assert!(d["children"][1].get("$message_type").is_none());
    // `rendered` is the human rendering, as the default emitter would print.
    let human = DiagEngine::builder()
        .emitter(HumanEmitter::new())
        .sink(SharedBuffer::new())
        .build();
    let hid = human.sources().add_file("a.mlir", f.text().to_owned());
    assert_eq!(hid, id);
    let d2 = Diagnostic::new(Severity::Error, foo, "unknown op `{}`")
        .with_arg("foo")
        .with_code("E0001")
        .with_primary_label("here")
        .with_label(func, "in this function")
        .with_note("a note")
        .with_note_at(func, "placeholder");
    let rendered = d["rendered"].as_str().unwrap();
    assert!(rendered.starts_with("error[E0001]: unknown op `foo`\n --> a.mlir:2:8\n"));
    assert!(rendered.contains("= note: a note"));
    assert!(rendered.contains("help: a located help"));
    assert!(human.render(&d2).starts_with(&rendered[..40]));
}

#[test]
fn multi_line_spans_list_every_line() {
    let mut out = String::new();
    let sm = strata_diag::SourceManager::<strata_diag::Shared>::new();
    let file = sm.file(sm.add_file("m", "ab\ncdé\nef\n")).unwrap();
    // From `b` (byte 1) to just before `f` (byte 9): three lines, `é` is two bytes.
    let span = file.span(1, 9);
    let d = Diagnostic::new(Severity::Warning, span, "w");
    JsonEmitter::new()
        .rendered(None)
        .render(&d, &*file, &mut out);
    let v = &lines(&out)[0];
    assert_eq!(v["rendered"], Value::Null);
    let s = &v["spans"][0];
    assert_eq!(
        (s["line_start"].as_u64(), s["line_end"].as_u64()),
        (Some(1), Some(3))
    );
    assert_eq!(s["column_start"], 2);
    assert_eq!(
        s["text"],
        json!([
            {"text": "ab", "highlight_start": 2, "highlight_end": 3},
            {"text": "cdé", "highlight_start": 1, "highlight_end": 4},
            {"text": "ef", "highlight_start": 1, "highlight_end": 2}
        ])
    );
}

#[test]
fn locations_without_source() {
    let mut out = String::new();
    let j = JsonEmitter::default();
    j.render(
        &Diagnostic::new(
            Severity::Remark,
            Location::file_line_col("x.mlir", 4, 9),
            "r",
        ),
        &NoSources,
        &mut out,
    );
    j.render(
        &Diagnostic::new(Severity::Warning, Location::name("conv"), "n"),
        &NoSources,
        &mut out,
    );
    j.render(
        &Diagnostic::new(Severity::Error, Location::Unknown, "u"),
        &NoSources,
        &mut out,
    );
    let v = lines(&out);
    assert_eq!(v[0]["level"], "remark");
    let s = &v[0]["spans"][0];
    assert_eq!(s["file_name"], "x.mlir");
    assert_eq!(
        (s["line_start"].as_u64(), s["column_start"].as_u64()),
        (Some(4), Some(9))
    );
    assert_eq!(s["text"], json!([]));
    assert_eq!(v[1]["spans"], json!([]));
    assert_eq!(v[2]["spans"], json!([]));
    assert_eq!(v[2]["code"], Value::Null);
    assert_eq!(v[2]["rendered"], "error: u\n\n");
}

#[test]
fn the_summary_is_a_diagnostic_too() {
    let out = SharedBuffer::new();
    let e = DiagEngine::builder()
        .emitter(JsonEmitter::new())
        .sink(out.clone())
        .build();
    e.error(Location::Unknown, "one").emit();
    e.warning(Location::Unknown, "two").emit();
    e.emit_summary();
    let v = lines(&out.contents());
    assert_eq!(v.len(), 3);
    assert_eq!(
        v[2],
        json!({
            "$message_type": "diagnostic",
            "message": "aborting due to 1 previous error; 1 warning emitted",
            "code": null,
            "level": "error",
            "spans": [],
            "children": [],
            "rendered": "error: aborting due to 1 previous error; 1 warning emitted\n\n"
        })
    );
    let mut note = String::new();
    JsonEmitter::new().render_message(Level::Note, "limit", &mut note);
    assert_eq!(lines(&note)[0]["level"], "note");
}

#[test]
fn special_characters_are_escaped() {
    let mut out = String::new();
    JsonEmitter::new().render(
        &Diagnostic::new(
            Severity::Error,
            Location::Unknown,
            "quote \" backslash \\ newline \n tab \t",
        ),
        &NoSources,
        &mut out,
    );
    assert_eq!(out.lines().count(), 1, "one line per diagnostic");
    assert_eq!(
        lines(&out)[0]["message"],
        "quote \" backslash \\ newline \n tab \t"
    );
}
