//! The JSON Lines renderer: the subset of rustc's JSON diagnostic format
//! that applies to strata.

use std::borrow::Cow;

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Level};
use crate::emitter::Emitter;
use crate::human::{HumanEmitter, span_lines};
use crate::source::{Location, Sources, Span};

/// Renders each diagnostic as one line of JSON in the shape of rustc's
/// `--error-format=json`:
///
/// ```text
/// {"$message_type":"diagnostic","message":"...","code":{"code":"E0001","explanation":null},
///  "level":"error","spans":[{"file_name":"a.mlir","byte_start":4,"byte_end":7,
///  "line_start":1,"line_end":1,"column_start":5,"column_end":8,"is_primary":true,
///  "text":[{"text":"%0 = foo","highlight_start":5,"highlight_end":8}],"label":null,
///  "suggested_replacement":null,"suggestion_applicability":null,"expansion":null}],
///  "children":[...],"rendered":"error[E0001]: ..."}
/// ```
///
/// (one line in the output). Differences from rustc, where strata has no
/// equivalent: a remark has level `"remark"`; a [`Location::FileLineCol`]
/// becomes a span with its line and column, byte offsets 0 and no text; a
/// name-only or unknown location has no span. Children carry `spans` when
/// they have a location of their own, and `rendered: null`, as in rustc.
///
/// Available with the `json` feature (on by default; it implies `human`).
#[derive(Clone, Debug)]
pub struct JsonEmitter {
    rendered: Option<HumanEmitter>,
}

impl JsonEmitter {
    /// JSON whose `rendered` field holds the plain human rendering.
    pub fn new() -> Self {
        Self {
            rendered: Some(HumanEmitter::new()),
        }
    }

    /// Chooses the renderer of the `rendered` field (`None`: `null`).
    #[must_use]
    pub fn rendered(mut self, human: Option<HumanEmitter>) -> Self {
        self.rendered = human;
        self
    }
}

impl Default for JsonEmitter {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    #[serde(rename = "$message_type", skip_serializing_if = "Option::is_none")]
    message_type: Option<&'static str>,
    message: Cow<'a, str>,
    code: Option<JsonCode<'a>>,
    level: &'static str,
    spans: Vec<JsonSpan<'a>>,
    children: Vec<JsonDiagnostic<'a>>,
    rendered: Option<String>,
}

#[derive(Serialize)]
struct JsonCode<'a> {
    code: &'a str,
    explanation: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonSpan<'a> {
    file_name: Cow<'a, str>,
    byte_start: u32,
    byte_end: u32,
    line_start: u32,
    line_end: u32,
    column_start: u32,
    column_end: u32,
    is_primary: bool,
    text: Vec<JsonText<'a>>,
    label: Option<&'a str>,
    suggested_replacement: Option<&'a str>,
    suggestion_applicability: Option<&'a str>,
    expansion: Option<()>,
}

#[derive(Serialize)]
struct JsonText<'a> {
    text: &'a str,
    highlight_start: u32,
    highlight_end: u32,
}

fn json_span<'a>(
    span: Span,
    is_primary: bool,
    label: Option<&'a str>,
    sources: &'a dyn Sources,
) -> JsonSpan<'a> {
    let Some(file) = sources.file(span.file) else {
        return JsonSpan {
            file_name: Cow::Owned(format!("<unknown file {}>", span.file)),
            byte_start: span.start,
            byte_end: span.end,
            line_start: 0,
            line_end: 0,
            column_start: 0,
            column_end: 0,
            is_primary,
            text: Vec::new(),
            label,
            suggested_replacement: None,
            suggestion_applicability: None,
            expansion: None,
        };
    };
    let start = file.line_col(span.start);
    let end = file.line_col(span.end);
    let (first, last) = span_lines(file, span);
    let text = (first..=last)
        .filter_map(|line| {
            let t = file.line_text(line)?;
            let width = t.chars().count() as u32 + 1;
            let highlight_start = if line == start.line { start.column } else { 1 };
            let highlight_end = if line == end.line { end.column } else { width };
            Some(JsonText {
                text: t,
                highlight_start,
                highlight_end: highlight_end.max(highlight_start),
            })
        })
        .collect();
    JsonSpan {
        file_name: Cow::Borrowed(file.name()),
        byte_start: span.start,
        byte_end: span.end,
        line_start: start.line,
        line_end: end.line,
        column_start: start.column,
        column_end: end.column,
        is_primary,
        text,
        label,
        suggested_replacement: None,
        suggestion_applicability: None,
        expansion: None,
    }
}

fn location_spans<'a>(
    location: &'a Location,
    label: Option<&'a str>,
    sources: &'a dyn Sources,
) -> Vec<JsonSpan<'a>> {
    match location {
        Location::Unknown | Location::Name(_) | Location::Printed(_) => Vec::new(),
        Location::FileLineCol { file, line, column } => vec![JsonSpan {
            file_name: Cow::Borrowed(file),
            byte_start: 0,
            byte_end: 0,
            line_start: *line,
            line_end: *line,
            column_start: *column,
            column_end: *column,
            is_primary: true,
            text: Vec::new(),
            label,
            suggested_replacement: None,
            suggestion_applicability: None,
            expansion: None,
        }],
        Location::Span(span) => vec![json_span(*span, true, label, sources)],
    }
}

impl JsonEmitter {
    fn build<'a>(&self, diag: &'a Diagnostic, sources: &'a dyn Sources) -> JsonDiagnostic<'a> {
        let mut spans = location_spans(diag.location(), diag.primary_label(), sources);
        spans.extend(
            diag.labels()
                .iter()
                .map(|l| json_span(l.span, false, Some(&l.text), sources)),
        );
        let children = diag
            .children()
            .iter()
            .map(|c| JsonDiagnostic {
                message_type: None,
                message: Cow::Borrowed(&c.message),
                code: None,
                level: c.level.as_str(),
                spans: c
                    .location
                    .as_ref()
                    .map(|l| location_spans(l, None, sources))
                    .unwrap_or_default(),
                children: Vec::new(),
                rendered: None,
            })
            .collect();
        let rendered = self.rendered.as_ref().map(|h| {
            let mut s = String::new();
            h.render(diag, sources, &mut s);
            s
        });
        JsonDiagnostic {
            message_type: Some("diagnostic"),
            message: diag.message(),
            code: diag.code().map(|code| JsonCode {
                code,
                explanation: None,
            }),
            level: diag.severity().as_str(),
            spans,
            children,
            rendered,
        }
    }
}

fn push_line(value: &JsonDiagnostic<'_>, out: &mut String) {
    let line = serde_json::to_string(value).expect("diagnostics serialise to JSON");
    out.push_str(&line);
    out.push('\n');
}

impl Emitter for JsonEmitter {
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String) {
        push_line(&self.build(diag, sources), out);
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        let rendered = self.rendered.as_ref().map(|h| {
            let mut s = String::new();
            h.render_message(level, text, &mut s);
            s
        });
        let value = JsonDiagnostic {
            message_type: Some("diagnostic"),
            message: Cow::Borrowed(text),
            code: None,
            level: level.as_str(),
            spans: Vec::new(),
            children: Vec::new(),
            rendered,
        };
        push_line(&value, out);
    }
}
