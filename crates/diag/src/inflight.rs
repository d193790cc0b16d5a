//! The in-flight builder and the error proof token.

use core::fmt;
use core::marker::PhantomData;
use std::borrow::Cow;

use strata_sync::policy::Shared;

use crate::diagnostic::{ChildLevel, DiagArg, Diagnostic};
use crate::engine::DiagEngine;
use crate::source::{Location, Span};
use strata_sync::policy::Policy;

/// Proof that an error was emitted. Zero-sized; only the engine creates
/// one, so a function returning `Result<T, ErrorReported>` cannot fail
/// without having reported why (rustc's `ErrorGuaranteed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ErrorReported(());

impl ErrorReported {
    #[inline]
    pub(crate) const fn new() -> Self {
        Self(())
    }
}

impl fmt::Display for ErrorReported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an error was reported")
    }
}

impl std::error::Error for ErrorReported {}

mod sealed {
    pub trait Sealed {}
}

/// What emitting a builder returns, by the kind of builder: an error's
/// builder ([`IsError`]) returns [`ErrorReported`]; any other
/// ([`MaybeError`]) returns `Option<ErrorReported>` (a warning promoted by
/// warnings-as-errors is an error).
pub trait Proof: sealed::Sealed {
    /// The result of `emit`.
    type Output;
    /// Converts the engine's answer.
    fn from_outcome(outcome: Option<ErrorReported>) -> Self::Output;
}

/// The kind of a builder that holds an error.
#[derive(Debug)]
pub enum IsError {}

/// The kind of a builder that holds a warning, a remark, or a severity
/// chosen at run time.
#[derive(Debug)]
pub enum MaybeError {}

impl sealed::Sealed for IsError {}
impl sealed::Sealed for MaybeError {}

impl Proof for IsError {
    type Output = ErrorReported;
    #[inline]
    fn from_outcome(_: Option<ErrorReported>) -> ErrorReported {
        // The builder's severity is fixed to error, and the engine reports
        // every error it is given (a duplicate or one beyond the limit is
        // still counted as reported).
        ErrorReported::new()
    }
}

impl Proof for MaybeError {
    type Output = Option<ErrorReported>;
    #[inline]
    fn from_outcome(outcome: Option<ErrorReported>) -> Option<ErrorReported> {
        outcome
    }
}

/// A diagnostic being built. It is emitted by [`emit`](Self::emit), or
/// when dropped; [`abandon`](Self::abandon) discards it.
///
/// A builder dropped while its thread is panicking is discarded, not
/// emitted: it is most likely half-built, and emitting could run a handler
/// that panics again.
///
/// ```
/// use strata_diag::{DiagEngine, SharedBuffer, HumanEmitter};
///
/// let out = SharedBuffer::new();
/// let engine = DiagEngine::builder().sink(out.clone()).emitter(HumanEmitter::new()).build();
/// let file = engine.sources().add_file("a.mlir", "%0 = foo\n");
/// let span = engine.sources().file(file).unwrap().find("foo").unwrap();
/// let proof = engine.error(span, "unknown operation `{}`").arg("foo").code("E0001").emit();
/// let _: strata_diag::ErrorReported = proof;
/// assert!(out.contents().starts_with("error[E0001]: unknown operation `foo`"));
/// ```
#[must_use = "a diagnostic is emitted when its builder drops: call `.emit()`, or `.abandon()` to discard it"]
pub struct InFlight<'e, P: Policy = Shared, K: Proof = MaybeError> {
    engine: &'e DiagEngine<P>,
    /// `Some` until emitted or abandoned. Boxed, as rustc's `Diag` boxes its
    /// inner diagnostic: a `Diagnostic` is some 260 bytes, and the builder
    /// is moved by value through every chained call.
    diag: Option<Box<Diagnostic>>,
    _kind: PhantomData<fn() -> K>,
}

impl<'e, P: Policy, K: Proof> InFlight<'e, P, K> {
    pub(crate) fn new(engine: &'e DiagEngine<P>, diag: Diagnostic) -> Self {
        Self {
            engine,
            diag: Some(Box::new(diag)),
            _kind: PhantomData,
        }
    }

    fn diag_mut(&mut self) -> &mut Diagnostic {
        self.diag
            .as_mut()
            .expect("a builder holds its diagnostic until it is consumed")
    }

    /// The diagnostic built so far.
    pub fn diagnostic(&self) -> &Diagnostic {
        self.diag
            .as_ref()
            .expect("a builder holds its diagnostic until it is consumed")
    }

    /// Sets the stable code (`E0042`).
    pub fn code(mut self, code: &'static str) -> Self {
        self.diag_mut().set_code(code);
        self
    }

    /// Appends a message argument (see [`Diagnostic`] for placeholders):
    /// an integer, a float, a `char`, a `&'static str`, a `String` or a
    /// [`DiagArg`]. A borrowed string or any other `Display` value goes in
    /// through [`DiagArg::display`], which renders it once, now:
    /// `.arg(DiagArg::display(name))`.
    pub fn arg(mut self, arg: impl Into<DiagArg>) -> Self {
        self.diag_mut().push_arg(arg);
        self
    }

    /// Sets the label under the primary span.
    pub fn primary_label(mut self, text: impl Into<Cow<'static, str>>) -> Self {
        self.diag_mut().set_primary_label(text);
        self
    }

    /// Adds a labelled secondary span.
    pub fn label(mut self, span: Span, text: impl Into<Cow<'static, str>>) -> Self {
        self.diag_mut().push_label(span, text);
        self
    }

    /// Adds a note without a location of its own.
    pub fn note(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.diag_mut().push_child(ChildLevel::Note, None, message);
        self
    }

    /// Adds a note pointing at `location`.
    pub fn note_at(
        mut self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        self.diag_mut()
            .push_child(ChildLevel::Note, Some(location.into()), message);
        self
    }

    /// Adds a help message without a location of its own.
    pub fn help(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.diag_mut().push_child(ChildLevel::Help, None, message);
        self
    }

    /// Adds a help message pointing at `location`.
    pub fn help_at(
        mut self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        self.diag_mut()
            .push_child(ChildLevel::Help, Some(location.into()), message);
        self
    }

    /// Emits the diagnostic now.
    pub fn emit(mut self) -> K::Output {
        let diag = self
            .diag
            .take()
            .expect("a builder holds its diagnostic until it is consumed");
        K::from_outcome(self.engine.emit_boxed(diag))
    }

    /// Discards the builder without emitting, and returns its diagnostic
    /// (to stash it, or emit it elsewhere).
    pub fn abandon(mut self) -> Diagnostic {
        *self
            .diag
            .take()
            .expect("a builder holds its diagnostic until it is consumed")
    }
}

impl<P: Policy, K: Proof> Drop for InFlight<'_, P, K> {
    fn drop(&mut self) {
        if let Some(diag) = self.diag.take()
            && !std::thread::panicking()
        {
            // The builder reports itself; the proof token, if any, is lost
            // (call `emit` to keep it).
            let _lost_proof = self.engine.emit_boxed(diag);
        }
    }
}

impl<P: Policy, K: Proof> fmt::Debug for InFlight<'_, P, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InFlight")
            .field("diag", &self.diag)
            .finish_non_exhaustive()
    }
}
