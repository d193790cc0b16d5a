//! The [`Emitter`] trait (how a diagnostic becomes text), [`PlainEmitter`]
//! (the renderer that needs no optional dependency) and [`SharedBuffer`], a
//! cloneable in-memory sink.

use core::fmt;
use std::io;

use strata_sync::{Arc, Mutex};

use crate::diagnostic::{Diagnostic, Level};
use crate::source::{Location, Sources};

/// Turns diagnostics into text. The engine renders into a `String` first and
/// then writes the whole string to its sink under the printer lock, so an
/// emitter never sees the sink and never needs to be careful about
/// interleaving.
///
/// Implementations: [`PlainEmitter`] (one header and one location line, no
/// dependency), [`MlirEmitter`](crate::MlirEmitter) (`mlir-opt`'s output,
/// byte for byte, no dependency), `HumanEmitter` (rustc-style snippets
/// through annotate-snippets, feature `human`) and `JsonEmitter` (rustc's
/// JSON Lines subset, feature `json`).
pub trait Emitter: Send + Sync {
    /// Appends the rendering of `diag` to `out`. `sources` holds the files
    /// the diagnostic refers to.
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String);

    /// Appends the rendering of a message the engine itself produces, with
    /// no location: the final summary ("aborting due to 2 previous errors")
    /// and the error-limit notice.
    fn render_message(&self, level: Level, text: &str, out: &mut String);
}

impl<E: Emitter + ?Sized> Emitter for Box<E> {
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String) {
        (**self).render(diag, sources, out);
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        (**self).render_message(level, text, out);
    }
}

/// The renderer that needs no optional dependency: a rustc-style header
/// line, the location as `file:line:column` (no source snippet), and one
/// `= note:`/`= help:` line per child. It is the engine's default emitter
/// when the `human` feature is off.
///
/// ```
/// use strata_diag::{Diagnostic, Emitter, PlainEmitter, Severity, SourceManager, Shared};
///
/// let sources = SourceManager::<Shared>::new();
/// let id = sources.add_file("m.mlir", "%0 = arith.addi %a, %b : i32\n");
/// let file = sources.file(id).unwrap();
/// let diag = Diagnostic::new(Severity::Error, file.find("%a").unwrap(), "use of undefined value")
///     .with_primary_label("not defined");
/// let mut out = String::new();
/// PlainEmitter::new().render(&diag, &*file, &mut out);
/// assert_eq!(out, "error: use of undefined value\n --> m.mlir:1:17: not defined\n\n");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainEmitter {
    _private: (),
}

impl PlainEmitter {
    /// The plain renderer (it has no options).
    pub const fn new() -> Self {
        Self { _private: () }
    }
}

/// Appends ` --> where` for `location` (nothing for an unknown one), with
/// `: label` when there is a label, and a newline.
fn plain_location(
    location: &Location,
    label: Option<&str>,
    sources: &dyn Sources,
    out: &mut String,
) {
    use core::fmt::Write as _;
    // Writing into a `String` cannot fail.
    let _ = match location {
        Location::Unknown => return,
        Location::Name(name) | Location::Printed(name) => write!(out, " --> {name}"),
        Location::FileLineCol { file, line, column } => write!(out, " --> {file}:{line}:{column}"),
        Location::Span(span) => match sources.file(span.file) {
            Some(file) => {
                let at = file.line_col(span.start);
                write!(out, " --> {}:{}:{}", file.name(), at.line, at.column)
            }
            None => write!(out, " --> <unknown file {}>", span.file),
        },
    };
    if let Some(label) = label {
        out.push_str(": ");
        out.push_str(label);
    }
    out.push('\n');
}

impl Emitter for PlainEmitter {
    fn render(&self, diag: &Diagnostic, sources: &dyn Sources, out: &mut String) {
        out.push_str(diag.severity().as_str());
        if let Some(code) = diag.code() {
            out.push('[');
            out.push_str(code);
            out.push(']');
        }
        out.push_str(": ");
        out.push_str(&diag.message());
        out.push('\n');
        plain_location(diag.location(), diag.primary_label(), sources, out);
        for label in diag.labels() {
            plain_location(&Location::Span(label.span), Some(&label.text), sources, out);
        }
        for child in diag.children() {
            out.push_str("  = ");
            out.push_str(child.level.as_str());
            out.push_str(": ");
            out.push_str(&child.message);
            out.push('\n');
            if let Some(location) = &child.location {
                plain_location(location, None, sources, out);
            }
        }
        out.push('\n');
    }

    fn render_message(&self, level: Level, text: &str, out: &mut String) {
        out.push_str(level.as_str());
        out.push_str(": ");
        out.push_str(text);
        out.push_str("\n\n");
    }
}

/// An in-memory byte sink that can be cloned and read back: the engine
/// writes into one clone, a test or a tool reads the other.
///
/// Each `write` call locks an internal mutex, so it is safe to share; the
/// engine's printer lock is what keeps one diagnostic's bytes together.
#[derive(Clone, Default)]
pub struct SharedBuffer {
    bytes: Arc<Mutex<Vec<u8>>>,
}

impl SharedBuffer {
    /// An empty buffer.
    pub fn new() -> Self {
        Self::default()
    }

    /// The bytes written so far, as text (invalid UTF-8 is replaced).
    pub fn contents(&self) -> String {
        String::from_utf8_lossy(&self.bytes.lock()).into_owned()
    }

    /// Takes the bytes written so far as text, leaving the buffer empty.
    pub fn take(&self) -> String {
        let bytes = core::mem::take(&mut *self.bytes.lock());
        String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into())
    }

    /// The number of bytes written so far.
    pub fn len(&self) -> usize {
        self.bytes.lock().len()
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl io::Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes.lock().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.bytes.lock().extend_from_slice(buf);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl fmt::Debug for SharedBuffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SharedBuffer")
            .field("len", &self.len())
            .finish()
    }
}
