//! The [`Emitter`] trait (how a diagnostic becomes text) and
//! [`SharedBuffer`], a cloneable in-memory sink.

use core::fmt;
use std::io;

use strata_sync::{Arc, Mutex};

use crate::diagnostic::{Diagnostic, Level};
use crate::source::Sources;

/// Turns diagnostics into text. The engine renders into a `String` first and
/// then writes the whole string to its sink under the printer lock, so an
/// emitter never sees the sink and never needs to be careful about
/// interleaving.
///
/// Implementations: [`HumanEmitter`](crate::HumanEmitter) (rustc-style
/// snippets through annotate-snippets) and
/// [`JsonEmitter`](crate::JsonEmitter) (rustc's JSON Lines subset).
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
