//! The human renderer: rustc-style snippets through annotate-snippets.

use std::borrow::Cow;

use annotate_snippets::renderer::{DEFAULT_TERM_WIDTH, DecorStyle};
use annotate_snippets::{AnnotationKind, Element, Group, Origin, Renderer, Snippet};

use crate::diagnostic::{Diagnostic, Level};
use crate::emitter::Emitter;
use crate::source::{FileId, Location, SourceFile, Sources, Span};

/// Renders diagnostics the way rustc prints them, with source snippets,
/// through annotate-snippets 0.12.
///
/// Available with the `human` feature (on by default).
///
/// Colour (ANSI escapes) and the decoration style (ASCII `-->`, `|`, `^`
/// or Unicode box drawing) are independent switches; the default is plain
/// ASCII, what logs and tests want.
///
/// ```
/// use strata_diag::{Diagnostic, Emitter, HumanEmitter, Severity, SourceManager, Sources};
///
/// let sources = SourceManager::<strata_diag::Shared>::new();
/// let id = sources.add_file("m.mlir", "%0 = arith.addi %a, %b : i32\n");
/// let file = sources.file(id).unwrap();
/// let diag = Diagnostic::new(Severity::Error, file.find("%a").unwrap(), "use of undefined value")
///     .with_primary_label("not defined");
/// let mut out = String::new();
/// HumanEmitter::new().render(&diag, &*file, &mut out);
/// assert_eq!(out, "\
/// error: use of undefined value
///  --> m.mlir:1:17
///   |
/// 1 | %0 = arith.addi %a, %b : i32
///   |                 ^^ not defined
///
/// ");
/// ```
#[derive(Clone, Debug)]
pub struct HumanEmitter {
    renderer: Renderer,
    color: bool,
    unicode: bool,
    term_width: usize,
}

impl HumanEmitter {
    /// Plain ASCII, no colour, 140 columns.
    pub fn new() -> Self {
        Self {
            renderer: Renderer::plain(),
            color: false,
            unicode: false,
            term_width: DEFAULT_TERM_WIDTH,
        }
    }

    /// Switches ANSI colour on or off.
    #[must_use]
    pub fn color(mut self, on: bool) -> Self {
        self.color = on;
        self.rebuild()
    }

    /// Switches Unicode box-drawing decoration on or off (ASCII otherwise).
    #[must_use]
    pub fn unicode(mut self, on: bool) -> Self {
        self.unicode = on;
        self.rebuild()
    }

    /// The width long lines are trimmed to.
    #[must_use]
    pub fn term_width(mut self, width: usize) -> Self {
        self.term_width = width;
        self.rebuild()
    }

    fn rebuild(mut self) -> Self {
        let base = if self.color {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let decor = if self.unicode {
            DecorStyle::Unicode
        } else {
            DecorStyle::Ascii
        };
        self.renderer = base.decor_style(decor).term_width(self.term_width);
        self
    }
}

impl Default for HumanEmitter {
    fn default() -> Self {
        Self::new()
    }
}

/// The annotate-snippets level for one of ours (a remark is an `info`
/// renamed).
fn level_of(level: Level) -> annotate_snippets::Level<'static> {
    use annotate_snippets::Level as L;
    match level {
        Level::Error => L::ERROR,
        Level::Warning => L::WARNING,
        Level::Remark => L::INFO.with_name("remark"),
        Level::Note => L::NOTE,
        Level::Help => L::HELP,
    }
}

/// The largest character boundary of `text` at or below `i`.
fn floor_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The smallest character boundary of `text` at or above `i`.
fn ceil_boundary(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The 1-based lines a span covers. A non-empty span ending right after a
/// newline does not reach into the next line.
pub(crate) fn span_lines(file: &SourceFile, span: Span) -> (u32, u32) {
    let first = file.line_of(span.start);
    let last_byte = if span.end > span.start {
        span.end - 1
    } else {
        span.end
    };
    (first, file.line_of(last_byte).max(first))
}

/// One annotation to draw: a span, whether it is primary, its label.
struct Mark<'a> {
    span: Span,
    primary: bool,
    label: Option<&'a str>,
}

/// Builds the snippet of `file` covering `marks` (all in `file`).
fn snippet<'a>(file: &'a SourceFile, marks: &[Mark<'a>]) -> Element<'a> {
    let mut lo_line = u32::MAX;
    let mut hi_line = 0;
    for m in marks {
        let (a, b) = span_lines(file, m.span);
        lo_line = lo_line.min(a);
        hi_line = hi_line.max(b);
    }
    let text = file.text();
    let lo = file.line_range(lo_line).map_or(0, |r| r.start) as usize;
    let hi = file
        .line_range(hi_line)
        .map_or(text.len(), |r| r.end as usize);
    let excerpt = &text[lo..hi];
    let annotations = marks.iter().map(|m| {
        let start = floor_boundary(text, (m.span.start as usize).clamp(lo, hi)) - lo;
        let end = ceil_boundary(text, (m.span.end as usize).clamp(lo, hi)).min(hi) - lo;
        let kind = if m.primary {
            AnnotationKind::Primary
        } else {
            AnnotationKind::Context
        };
        kind.span(start..end.max(start)).label(m.label)
    });
    Snippet::source(excerpt)
        .line_start(lo_line as usize)
        .path(file.name())
        .annotations(annotations)
        .into()
}

/// The elements showing `location` (with its label) and the secondary
/// labels, one snippet per file, the primary file first.
fn location_elements<'a>(
    location: &'a Location,
    primary_label: Option<&'a str>,
    labels: &'a [crate::diagnostic::Label],
    sources: &'a dyn Sources,
) -> Vec<Element<'a>> {
    let mut elements = Vec::new();
    let mut by_file: Vec<(FileId, Vec<Mark<'a>>)> = Vec::new();
    let mut add = |span: Span, primary: bool, label: Option<&'a str>| {
        let mark = Mark {
            span,
            primary,
            label,
        };
        match by_file.iter_mut().find(|(f, _)| *f == span.file) {
            Some((_, marks)) => marks.push(mark),
            None => by_file.push((span.file, vec![mark])),
        }
    };
    match location {
        Location::Unknown => {}
        Location::Name(name) | Location::Printed(name) => {
            elements.push(Origin::path(name.as_ref()).into());
        }
        Location::FileLineCol { file, line, column } => elements.push(
            Origin::path(file.as_ref())
                .line(*line as usize)
                .char_column(*column as usize)
                .into(),
        ),
        Location::Span(span) => add(*span, true, primary_label),
    }
    for label in labels {
        add(label.span, false, Some(&label.text));
    }
    for (file, marks) in &by_file {
        match sources.file(*file) {
            Some(source) => elements.push(snippet(source, marks)),
            None => {
                // The file is not in the manager: say where, without text.
                elements.push(Origin::path(format!("<unknown file {file}>")).into());
            }
        }
    }
    elements
}

impl Emitter for HumanEmitter {
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String) {
        let message = diag.message();
        let mut title = level_of(diag.severity().into()).primary_title(message.as_ref());
        if let Some(code) = diag.code() {
            title = title.id(code);
        }
        let mut primary = Group::with_title(title).elements(location_elements(
            diag.location(),
            diag.primary_label(),
            diag.labels(),
            sources,
        ));
        let mut groups = Vec::new();
        for child in diag.children() {
            let level = level_of(child.level.into());
            match &child.location {
                // A child without a location is a footer of the primary
                // group ("= note: ...").
                None => primary = primary.element(level.message(child.message.as_ref())),
                Some(location) => groups.push(
                    Group::with_title(level.secondary_title(child.message.as_ref()))
                        .elements(location_elements(location, None, &[], sources)),
                ),
            }
        }
        groups.insert(0, primary);
        out.push_str(&self.renderer.render(&groups));
        // rustc separates diagnostics by an empty line.
        out.push_str("\n\n");
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        let group = Group::with_title(level_of(level).primary_title(Cow::Borrowed(text)));
        out.push_str(&self.renderer.render(&[group]));
        out.push_str("\n\n");
    }
}
