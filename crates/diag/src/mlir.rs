//! The renderer of `mlir-opt`: diagnostics as MLIR's
//! `SourceMgrDiagnosticHandler` prints them through LLVM's `SourceMgr`.

use core::fmt::Write as _;

use crate::diagnostic::{Diagnostic, Level};
use crate::emitter::Emitter;
use crate::source::{Location, SourceFile, Sources};

/// The width of a tab stop when a source line is shown (LLVM's).
const TAB_STOP: usize = 8;

/// LLVM's escapes: bold, reset, and each level's colour (bold too).
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";
const CARET_COLOR: &str = "\x1b[0;1;32m";

/// Renders diagnostics exactly as `mlir-opt` prints them on standard error,
/// so that tests written for `mlir-opt` (`2>&1 | FileCheck`) pass:
///
/// ```text
/// m.mlir:1:17: error: use of undefined value
/// %0 = arith.addi %a, %b : i32
///                 ^
/// ```
///
/// The rules are MLIR's and LLVM's:
///
/// - A location in a file the renderer has is `NAME:LINE:COLUMN: `, the
///   column counted in bytes from 1, followed by the level and the message;
///   then the source line (up to the next `\n` or `\r`, tabs expanded to
///   stops of 8) and a caret under the column (one past the end of the line
///   at most). A line with a byte that is not ASCII is shown without a caret
///   line, and a location with a `\r` between its line's start and its
///   column is shown without its line, as LLVM's `SourceMgr` does.
/// - A [`Location::FileLineCol`] is `FILE:LINE:COLUMN: ` and is shown with
///   its source line when a file of that name is among the sources (MLIR
///   also reads the file from disk; a renderer does not); a line or column
///   of 0 shows no line. A name-only, printed or unknown location is
///   MLIR's `<unknown>:0: `, a name's location written before the message
///   (`loc("name"): `), a [`Location::Printed`] one as it is
///   (`loc(fused["a", "b"]): `).
/// - Notes follow their error, each one a line of its own; a note without
///   a location of its own is at its parent's location, and a note at the
///   same location as the line printed before it shows no source line.
///   Help is a note (MLIR has no other child). Labelled secondary spans are
///   LLVM's ranges: `~` under the part of the error's line they cover, their
///   text not shown. The stable code and the primary label are not shown.
/// - With colour (LLVM's `--color`, or a terminal), the escapes LLVM
///   writes: the location and the message bold, the level in its colour,
///   the caret line green.
///
/// ```
/// use strata_diag::{Diagnostic, Emitter, MlirEmitter, Severity, SourceManager, Shared};
///
/// let sources = SourceManager::<Shared>::new();
/// let id = sources.add_file("m.mlir", "\t%0 = arith.addi %a, %b : i32\n");
/// let file = sources.file(id).unwrap();
/// let diag = Diagnostic::new(Severity::Error, file.find("%a").unwrap(), "use of undefined value")
///     .with_note("defined nowhere");
/// let mut out = String::new();
/// MlirEmitter::new().render(&diag, &*file, &mut out);
/// assert_eq!(out, "\
/// m.mlir:1:18: error: use of undefined value
///         %0 = arith.addi %a, %b : i32
///                         ^
/// m.mlir:1:18: note: defined nowhere
/// ");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MlirEmitter {
    color: bool,
}

impl MlirEmitter {
    /// Without colour.
    pub const fn new() -> Self {
        Self { color: false }
    }

    /// Switches LLVM's colour escapes on or off.
    #[must_use]
    pub const fn color(mut self, on: bool) -> Self {
        self.color = on;
        self
    }
}

/// The name LLVM prints for a level (help is a note).
const fn level_name(level: Level) -> &'static str {
    match level {
        Level::Error => "error: ",
        Level::Warning => "warning: ",
        Level::Remark => "remark: ",
        Level::Note | Level::Help => "note: ",
    }
}

/// The colour LLVM's `WithColor` gives a level.
const fn level_color(level: Level) -> &'static str {
    match level {
        Level::Error => "\x1b[0;1;31m",
        Level::Warning => "\x1b[0;1;35m",
        Level::Remark => "\x1b[0;1;34m",
        Level::Note | Level::Help => "\x1b[0;1;30m",
    }
}

/// A location resolved as MLIR's handler resolves it.
enum Place<'a> {
    /// Byte `offset` of `file`, whose line can be shown.
    Text { file: &'a SourceFile, offset: usize },
    /// A file, line and column whose text is not at hand.
    Detached {
        file: &'a str,
        line: u32,
        column: u32,
    },
    /// No file location; a name location's text (`printed`: a location's
    /// text as it is) goes before the message.
    Unknown {
        name: Option<&'a str>,
        printed: bool,
    },
}

/// What decides whether two locations are the same for MLIR (which
/// compares its uniqued locations): file, line and column, a name, or
/// nothing.
#[derive(PartialEq, Eq)]
enum Key<'a> {
    File(&'a str, u32, u32),
    Name(&'a str),
    Unknown,
}

/// The 1-based line and the 1-based column of byte `offset` of `text` as
/// MLIR reports them (LLVM's `SourceMgr::getLineAndColumn`, which
/// [`MlirEmitter`] prints as `file:line:column`): the line is one more than
/// the newlines before `offset`, and the column one more than the bytes
/// between the last of them and `offset` (bytes, not characters).
///
/// An offset at or past the end of `text` is at its end: one column past
/// the last byte of the last line, or, when `text` ends with a newline,
/// column 1 of the empty line after it.
///
/// ```
/// use strata_diag::mlir_line_column;
///
/// let text = "a = 1\né = 2\n";
/// assert_eq!(mlir_line_column(text, 0), (1, 1));
/// assert_eq!(mlir_line_column(text, text.find('2').unwrap()), (2, 6)); // `é` is two bytes
/// assert_eq!(mlir_line_column(text, text.len()), (3, 1));
/// assert_eq!(mlir_line_column("a = ", 100), (1, 5));
/// ```
pub fn mlir_line_column(text: &str, offset: usize) -> (u32, u32) {
    let (line, column, _) = line_col(text.as_bytes(), offset);
    (line, column)
}

/// [`mlir_line_column`] of `offset` in `text`, and the offset its line
/// starts at.
fn line_col(text: &[u8], offset: usize) -> (u32, u32, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let clamp = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    (clamp(line), clamp(offset - start + 1), start)
}

/// The byte offset of `line` and `column` (1-based) in `text`, as LLVM's
/// `SourceMgr::FindLocForLineAndColumn` finds it: `None` for a line or
/// column of 0, a line past the end, or a column beyond the text or past a
/// `\n` or `\r` of its line.
fn find_line_col(text: &[u8], line: u32, column: u32) -> Option<usize> {
    if line == 0 || column == 0 {
        return None;
    }
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].iter().position(|&b| b == b'\n')? + 1;
    }
    let width = column as usize - 1;
    let end = start.checked_add(width).filter(|&e| e <= text.len())?;
    (!text[start..end].iter().any(|&b| b == b'\n' || b == b'\r')).then_some(end)
}

/// Writes `line` with its tabs expanded to LLVM's tab stops.
fn push_expanded(line: &[u8], out: &mut Vec<u8>) {
    let mut column = 0;
    for &b in line {
        if b == b'\t' {
            loop {
                out.push(b' ');
                column += 1;
                if column % TAB_STOP == 0 {
                    break;
                }
            }
        } else {
            out.push(b);
            column += 1;
        }
    }
    out.push(b'\n');
}

impl MlirEmitter {
    /// Resolves `location` against `sources`.
    fn place<'a>(location: &'a Location, sources: &'a dyn Sources) -> Place<'a> {
        match location {
            Location::Span(span) => match sources.file(span.file) {
                Some(file) => Place::Text {
                    file,
                    offset: (span.start as usize).min(file.text().len()),
                },
                None => Place::Unknown {
                    name: None,
                    printed: false,
                },
            },
            Location::FileLineCol { file, line, column } => {
                let text = sources
                    .file_named(file)
                    .and_then(|f| Some((f, find_line_col(f.text().as_bytes(), *line, *column)?)));
                match text {
                    Some((file, offset)) => Place::Text { file, offset },
                    None => Place::Detached {
                        file,
                        line: *line,
                        column: *column,
                    },
                }
            }
            Location::Name(name) => Place::Unknown {
                name: Some(name),
                printed: false,
            },
            Location::Printed(text) => Place::Unknown {
                name: Some(text),
                printed: true,
            },
            Location::Unknown => Place::Unknown {
                name: None,
                printed: false,
            },
        }
    }

    /// The identity of `place` for the "same location as before" rule.
    fn key<'a>(place: &Place<'a>) -> Key<'a> {
        match *place {
            Place::Text { file, offset } => {
                let (line, column, _) = line_col(file.text().as_bytes(), offset);
                Key::File(file.name(), line, column)
            }
            Place::Detached { file, line, column } => Key::File(file, line, column),
            Place::Unknown {
                name: Some(name), ..
            } => Key::Name(name),
            Place::Unknown { name: None, .. } => Key::Unknown,
        }
    }

    /// Writes one message of MLIR's output: the header line and, when
    /// `show` and the place has text, the source line and the caret line
    /// with `ranges` (byte ranges of the place's file) drawn as `~`.
    fn message(
        &self,
        place: &Place<'_>,
        level: Level,
        message: &str,
        show: bool,
        ranges: &[(usize, usize)],
        out: &mut Vec<u8>,
    ) {
        let mut header = String::new();
        let mut prefix = String::new();
        match *place {
            Place::Text { file, offset } => {
                let (line, column, _) = line_col(file.text().as_bytes(), offset);
                let name = if file.name() == "-" {
                    "<stdin>"
                } else {
                    file.name()
                };
                let _ = write!(header, "{name}:{line}:{column}: ");
            }
            Place::Detached { file, line, column } => {
                let _ = write!(header, "{file}:{line}:{column}: ");
            }
            Place::Unknown { name, printed } => {
                header.push_str("<unknown>:0: ");
                match name {
                    Some(text) if printed => {
                        prefix.push_str(text);
                        prefix.push_str(": ");
                    }
                    Some(name) => {
                        prefix.push_str("loc(\"");
                        escape_into(name, &mut prefix);
                        prefix.push_str("\"): ");
                    }
                    None => {}
                }
            }
        }
        let paint = |on: &str, out: &mut Vec<u8>| {
            if self.color {
                out.extend_from_slice(on.as_bytes());
            }
        };
        paint(BOLD, out);
        out.extend_from_slice(header.as_bytes());
        paint(RESET, out);
        paint(level_color(level), out);
        out.extend_from_slice(level_name(level).as_bytes());
        paint(RESET, out);
        paint(BOLD, out);
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(message.as_bytes());
        out.push(b'\n');
        paint(RESET, out);
        let Place::Text { file, offset } = *place else {
            return;
        };
        let text = file.text().as_bytes();
        let (line, column, start) = line_col(text, offset);
        if !show || find_line_col(text, line, column).is_none() {
            return;
        }
        let end = offset
            + text[offset..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(text.len() - offset);
        let source = &text[start..end];
        if !source.is_ascii() {
            push_expanded(source, out);
            return;
        }
        let mut caret = vec![b' '; source.len() + 1];
        for &(from, to) in ranges {
            if from > end || to < start {
                continue;
            }
            let (from, to) = (from.max(start) - start, to.min(end) - start);
            for c in caret.iter_mut().take(to).skip(from) {
                *c = b'~';
            }
        }
        caret[(offset - start).min(source.len())] = b'^';
        let kept = caret.iter().rposition(|&c| c != b' ').map_or(0, |n| n + 1);
        caret.truncate(kept);
        push_expanded(source, out);
        paint(CARET_COLOR, out);
        let mut column = 0;
        for (i, &c) in caret.iter().enumerate() {
            loop {
                out.push(c);
                column += 1;
                if source.get(i) != Some(&b'\t') || column % TAB_STOP == 0 {
                    break;
                }
            }
        }
        out.push(b'\n');
        paint(RESET, out);
    }
}

/// Appends `text` as LLVM's `printEscapedString` writes it: a backslash
/// doubled, a `"` and every byte that is not printable ASCII as `\` and two
/// upper-case hexadecimal digits.
fn escape_into(text: &str, out: &mut String) {
    for b in text.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' if b != b'"' => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
}

impl Emitter for MlirEmitter {
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String) {
        let mut bytes = Vec::new();
        let place = Self::place(diag.location(), sources);
        // The labels in the error's file are its ranges.
        let ranges: Vec<(usize, usize)> = match (&place, diag.location().span()) {
            (Place::Text { .. }, Some(primary)) => diag
                .labels()
                .iter()
                .filter(|l| l.span.file == primary.file)
                .map(|l| (l.span.start as usize, l.span.end as usize))
                .collect(),
            _ => Vec::new(),
        };
        self.message(
            &place,
            diag.severity().into(),
            &diag.message(),
            true,
            &ranges,
            &mut bytes,
        );
        let mut previous = Self::key(&place);
        for child in diag.children() {
            let note = match &child.location {
                Some(location) => Self::place(location, sources),
                None => Self::place(diag.location(), sources),
            };
            let key = Self::key(&note);
            let show = key != previous;
            self.message(
                &note,
                child.level.into(),
                &child.message,
                show,
                &[],
                &mut bytes,
            );
            previous = key;
        }
        // The source lines are the files' text, so the output is UTF-8
        // wherever a line is cut (at a `\n` or `\r`, or at the end).
        out.push_str(&String::from_utf8_lossy(&bytes));
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        if self.color {
            out.push_str(level_color(level));
        }
        out.push_str(level_name(level));
        if self.color {
            out.push_str(RESET);
            out.push_str(BOLD);
        }
        out.push_str(text);
        out.push('\n');
        if self.color {
            out.push_str(RESET);
        }
    }
}
