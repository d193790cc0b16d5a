//! [`ParseError`]: a message and a byte span, rendered through strata-diag.

use core::fmt;
use core::ops::Range;

use strata_diag::{Diagnostic, FileId, Location, Severity, Span};

/// Why a text did not parse: a message and the byte range it points at.
///
/// An error is either a syntax or semantic error (the text is not valid
/// MLIR, or MLIR's verifier rejects what it denotes) or, when
/// [`ParseError::missing_kind`] is `Some`, valid MLIR that denotes a kind
/// strata does not have yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    span: Range<usize>,
    message: String,
    /// What few errors have, behind one thin pointer: an error stays five
    /// words, because parsers return it through every level of a deep
    /// nesting (and a debug build keeps a copy in every frame).
    extra: Option<Box<Extra>>,
}

/// The rarer parts of a [`ParseError`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Extra {
    /// The kind strata lacks, for [`ParseError::missing`].
    missing: Option<&'static str>,
    /// Notes, each at a span of the same text (MLIR's `attachNote`): "prior
    /// use here", "add a trailing dot ...".
    notes: Vec<(Range<usize>, String)>,
    /// Errors MLIR reports after this one for the same failure, in order
    /// (see [`ParseError::follow_ups`]).
    follow_ups: Vec<(Range<usize>, String)>,
    /// For each follow-up, whether MLIR places it at an explicit location
    /// (`emitError(loc, ...)`, [`ParseError::exact`]'s placement) rather
    /// than at the current token.
    exact_follow_ups: Vec<bool>,
    /// Where MLIR reports it when it is at the very end of a file.
    placement: Placement,
    /// Where the error is reported instead of at its span, when MLIR
    /// reports it at a location outside the text (see
    /// [`ParseError::with_location`]).
    location: Option<Location>,
    /// The same for the notes, by index (`None`: at the note's span).
    note_locations: Vec<Option<Location>>,
}

/// How MLIR places an error that falls at the very end of a file (which is
/// the only place where they differ): see [`ParseError::wrong_token`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Placement {
    /// `Parser::emitError(message)`: at the current token, one byte back at
    /// the end of the file.
    #[default]
    AtToken,
    /// `emitWrongTokenError`: after the token before.
    WrongToken,
    /// An explicit location (`emitError(loc, ...)`): exactly there.
    Exact,
    /// The lexer's: at the character it stopped at (which a parser given
    /// part of a file sees as it is).
    Lexical,
}

impl ParseError {
    /// An error at `span` of the parsed text.
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        Self {
            span,
            message: message.into(),
            extra: None,
        }
    }

    /// An error for valid syntax of a kind strata lacks (`kind` names it, as
    /// `crates/syntax/NEEDS.md` does).
    pub fn missing(span: Range<usize>, kind: &'static str) -> Self {
        Self {
            span,
            message: format!("strata has no {kind} yet"),
            extra: Some(Box::new(Extra {
                missing: Some(kind),
                ..Extra::default()
            })),
        }
    }

    /// An error about a token that is not the one expected, at `at`, where
    /// MLIR's `emitWrongTokenError` reports it (after the token before; see
    /// [`crate::lexer::wrong_token_position`]).
    ///
    /// MLIR has three ways to place an error, which differ only at the very
    /// end of a file, where a parser given part of a file cannot tell that
    /// it is the end: an error at the current token ([`ParseError::new`])
    /// goes one byte back from the end, a wrong token also back over the
    /// blanks before that byte, and an error at a location the parser chose
    /// ([`ParseError::exact`], the lexer's errors) stays where it is. A
    /// parser of a whole file moves its error accordingly.
    pub fn wrong_token(at: usize, message: impl Into<String>) -> Self {
        Self::placed(at..at, message.into(), Placement::WrongToken)
    }

    /// An error at exactly `span`, wherever it is (see
    /// [`ParseError::wrong_token`]).
    pub fn exact(span: Range<usize>, message: impl Into<String>) -> Self {
        Self::placed(span, message.into(), Placement::Exact)
    }

    /// The lexer's error (a [`crate::lexer::TokenKind::Error`] token) at
    /// `span`.
    pub fn lexical(span: Range<usize>, message: impl Into<String>) -> Self {
        Self::placed(span, message.into(), Placement::Lexical)
    }

    fn placed(span: Range<usize>, message: String, placement: Placement) -> Self {
        Self {
            span,
            message,
            extra: Some(Box::new(Extra {
                placement,
                ..Extra::default()
            })),
        }
    }

    /// Whether the error was made by [`ParseError::wrong_token`].
    pub fn is_wrong_token(&self) -> bool {
        self.extra
            .as_deref()
            .is_some_and(|e| e.placement == Placement::WrongToken)
    }

    /// Whether the error was made by [`ParseError::exact`].
    pub fn is_exact(&self) -> bool {
        self.extra
            .as_deref()
            .is_some_and(|e| e.placement == Placement::Exact)
    }

    /// Whether the error was made by [`ParseError::lexical`].
    pub fn is_lexical(&self) -> bool {
        self.extra
            .as_deref()
            .is_some_and(|e| e.placement == Placement::Lexical)
    }

    /// The error with a note at `span` (of the same text) attached.
    #[must_use]
    pub fn with_note(mut self, span: Range<usize>, message: impl Into<String>) -> Self {
        self.extra
            .get_or_insert_with(Box::default)
            .notes
            .push((span, message.into()));
        self
    }

    /// The error reported at `location` rather than at its span: MLIR
    /// reports an operation's error at the operation's location, which may
    /// lie outside the text (`loc("other.c":3:4)`, `loc("name")`,
    /// `loc(unknown)`). The span stays a place in the text (the nearest
    /// operation around it that is located there), for a reader of the
    /// text alone; [`ParseError::to_diagnostic`] uses the location.
    #[must_use]
    pub fn with_location(mut self, location: Location) -> Self {
        self.extra.get_or_insert_with(Box::default).location = Some(location);
        self
    }

    /// The location outside the text the error is reported at, if any
    /// (see [`ParseError::with_location`]).
    pub fn location(&self) -> Option<&Location> {
        self.extra.as_deref().and_then(|e| e.location.as_ref())
    }

    /// [`ParseError::with_note`] with the note reported at `location`
    /// (outside the text) when it is `Some`, at `span` otherwise.
    #[must_use]
    pub fn with_located_note(
        mut self,
        span: Range<usize>,
        location: Option<Location>,
        message: impl Into<String>,
    ) -> Self {
        let extra = self.extra.get_or_insert_with(Box::default);
        extra.notes.push((span, message.into()));
        if location.is_some() || !extra.note_locations.is_empty() {
            extra.note_locations.resize(extra.notes.len() - 1, None);
            extra.note_locations.push(location);
        }
        self
    }

    /// The location outside the text note `i` is reported at, if any.
    pub fn note_location(&self, i: usize) -> Option<&Location> {
        self.extra
            .as_deref()
            .and_then(|e| e.note_locations.get(i))
            .and_then(Option::as_ref)
    }

    /// The notes attached to the error, with their spans.
    pub fn notes(&self) -> &[(Range<usize>, String)] {
        self.extra.as_deref().map_or(&[], |e| e.notes.as_slice())
    }

    /// The error followed by one more error at `span` (of the same text),
    /// which MLIR reports after it as a diagnostic of its own.
    #[must_use]
    pub fn with_follow_up(self, span: Range<usize>, message: impl Into<String>) -> Self {
        self.push_follow_up(span, message.into(), false)
    }

    /// [`ParseError::with_follow_up`] for an error MLIR reports at a
    /// location it saved (`emitError(typeLoc, ...)`): exactly at `span`,
    /// even at the very end of a file (see [`ParseError::exact`]).
    #[must_use]
    pub fn with_exact_follow_up(self, span: Range<usize>, message: impl Into<String>) -> Self {
        self.push_follow_up(span, message.into(), true)
    }

    fn push_follow_up(mut self, span: Range<usize>, message: String, exact: bool) -> Self {
        let extra = self.extra.get_or_insert_with(Box::default);
        extra.follow_ups.push((span, message));
        extra.exact_follow_ups.push(exact);
        self
    }

    /// Whether follow-up `i` ([`ParseError::follow_ups`]) is placed exactly
    /// where its span says, as [`ParseError::is_exact`] tells of the error.
    pub fn is_follow_up_exact(&self, i: usize) -> bool {
        self.extra
            .as_deref()
            .is_some_and(|e| e.exact_follow_ups.get(i).copied().unwrap_or(false))
    }

    /// The errors MLIR reports after this one for the same failure, with
    /// their spans, in the order it reports them.
    ///
    /// MLIR's parser stops at the first error but in a few places adds one
    /// more on its way out: a negation whose operand did not parse says
    /// "missing operand of negation" after the operand's error, once per
    /// `-`. Each is placed at the token MLIR's parser had reached, as
    /// [`ParseError::new`] places an error.
    pub fn follow_ups(&self) -> &[(Range<usize>, String)] {
        self.extra
            .as_deref()
            .map_or(&[], |e| e.follow_ups.as_slice())
    }

    /// The byte range of the parsed text the error points at.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The 1-based line and column of the start of the error in `text`, the
    /// text it was parsed from (the larger text, for an error moved with
    /// [`ParseError::offset_by`]), as MLIR prints them in
    /// `file:line:column: error: ...`: the column counts bytes, as MLIR's
    /// does. This is the position [`ParseError::to_diagnostic`] and
    /// [`strata_diag::MlirEmitter`] show (the one computation,
    /// [`strata_diag::mlir_line_column`]).
    ///
    /// An error at the end of `text` (a token missing there) is one column
    /// past the last byte of the last line, or, when `text` ends with a
    /// newline, column 1 of the empty line after it; a start past the end
    /// counts as the end. The error is where the parser placed it: MLIR
    /// moves an error at the very end of a file back to the last byte, and
    /// a parser of a whole file does so before it reports the error (see
    /// [`ParseError::wrong_token`]).
    ///
    /// [`ParseError::render`] writes rustc-style text, whose column counts
    /// characters: it shows the same position on a line with no
    /// multi-byte character before the error.
    ///
    /// ```
    /// let ctx = strata_ctx::Context::new();
    /// let text = "i32\n  i64";
    /// let e = strata_syntax::parse_type(&ctx, text).unwrap_err();
    /// let (line, column) = e.line_column(text);
    /// assert_eq!(
    ///     format!("t.mlir:{line}:{column}: {}", e.message()),
    ///     "t.mlir:2:3: unexpected text after the end of the form"
    /// );
    /// ```
    pub fn line_column(&self, text: &str) -> (u32, u32) {
        strata_diag::mlir_line_column(text, self.span.start)
    }

    /// The message, without a location.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The missing kind, when the text is valid but strata cannot represent
    /// it yet.
    pub fn missing_kind(&self) -> Option<&'static str> {
        self.extra.as_deref().and_then(|e| e.missing)
    }

    /// Shifts the span by `offset` bytes (for text parsed out of a larger
    /// buffer).
    pub fn offset_by(mut self, offset: usize) -> Self {
        self.span = self.span.start + offset..self.span.end + offset;
        for extra in self.extra.iter_mut() {
            for (span, _) in extra.notes.iter_mut().chain(extra.follow_ups.iter_mut()) {
                *span = span.start + offset..span.end + offset;
            }
        }
        self
    }

    /// The error as a diagnostic located in `file` of a
    /// [`strata_diag::SourceManager`], whose text starts at byte `base` of
    /// that file; emitting it renders file, line, column and snippet. The
    /// [follow-up errors](ParseError::follow_ups) are not part of it: see
    /// [`ParseError::to_diagnostics`].
    pub fn to_diagnostic(&self, file: FileId, base: usize) -> Diagnostic {
        let mut d = match self.location() {
            Some(at) => Diagnostic::new(Severity::Error, at.clone(), "{}")
                .with_arg(strata_diag::DiagArg::display(self.message.clone())),
            None => error_at(file, base, &self.span, &self.message),
        };
        for (i, (at, message)) in self.notes().iter().enumerate() {
            d = match self.note_location(i) {
                Some(loc) => d.with_note_at(loc.clone(), message.clone()),
                None => d.with_note_at(span_at(file, base, at), message.clone()),
            };
        }
        d
    }

    /// Every diagnostic MLIR reports for the failure, in its order: the
    /// error (with its notes, as [`ParseError::to_diagnostic`] makes it)
    /// and then each of its [follow-up errors](ParseError::follow_ups).
    pub fn to_diagnostics(&self, file: FileId, base: usize) -> Vec<Diagnostic> {
        let mut out = Vec::with_capacity(1 + self.follow_ups().len());
        out.push(self.to_diagnostic(file, base));
        for (at, message) in self.follow_ups() {
            out.push(error_at(file, base, at, message));
        }
        out
    }

    /// Renders the error as rustc-style text against the source `text` of a
    /// file called `name` (file, line, column and a snippet), without colour.
    pub fn render(&self, name: &str, text: &str) -> String {
        use strata_diag::Emitter;
        let manager = strata_diag::SourceManager::<strata_diag::Shared>::new();
        let file = manager.add_file(name, text);
        let mut sources = strata_diag::SourceSet::new();
        sources.insert(&manager, file);
        let mut out = String::new();
        let emitter = strata_diag::HumanEmitter::new();
        for d in self.to_diagnostics(file, 0) {
            emitter.render(&d, &sources, &mut out);
        }
        out
    }
}

/// `range` of a text that starts at byte `base` of `file`, as a span of the
/// file.
fn span_at(file: FileId, base: usize, range: &Range<usize>) -> Span {
    let clamp = |v: usize| u32::try_from(v + base).unwrap_or(u32::MAX);
    Span {
        file,
        start: clamp(range.start),
        end: clamp(range.end),
    }
}

/// An error diagnostic saying `message` at `range` (see [`span_at`]).
fn error_at(file: FileId, base: usize, range: &Range<usize>, message: &str) -> Diagnostic {
    Diagnostic::new(Severity::Error, span_at(file, base, range), "{}")
        .with_arg(strata_diag::DiagArg::display(message))
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (at bytes {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_column_and_snippet() {
        let text = "// types\n!t = tensor<4xvector<?xf32>>\n";
        // The error of parsing line 2's right-hand side, whose text starts at
        // byte 14 of the file.
        let e = ParseError::new(14..15, "expected static shape");
        let out = e.clone().offset_by(0).render("types.mlir", text);
        assert!(out.contains("error: expected static shape"), "{out}");
        assert!(out.contains("types.mlir:2:6"), "{out}");
        assert!(out.contains("!t = tensor<4xvector<?xf32>>"), "{out}");
        let d = e.to_diagnostic(strata_diag::FileId::from_index(0), 0);
        assert_eq!(d.message(), "expected static shape");
    }

    /// A diagnostic of text that starts at byte `base` of its file has the
    /// error's span and every note's span moved by `base`, and the error's
    /// `Display` names the message and the unmoved byte range.
    #[test]
    fn diagnostics_are_placed_at_the_base_of_the_text() {
        let file = strata_diag::FileId::from_index(3);
        let e = ParseError::new(14..15, "expected static shape").with_note(2..4, "defined here");
        let d = e.to_diagnostic(file, 100);
        let at = |start, end| strata_diag::Location::Span(Span { file, start, end });
        assert_eq!(d.location(), &at(114, 115));
        assert_eq!(d.children().len(), 1);
        assert_eq!(d.children()[0].location, Some(at(102, 104)));
        assert_eq!(d.children()[0].message, "defined here");
        assert_eq!(e.to_string(), "expected static shape (at bytes 14..15)");
    }

    /// Follow-up errors come after the error, each a diagnostic of its own
    /// at its span, in order; they move with the error, are not part of
    /// the one diagnostic `to_diagnostic` makes, and are rendered after it.
    #[test]
    fn follow_ups_are_errors_of_their_own_after_the_error() {
        let file = strata_diag::FileId::from_index(1);
        let e = ParseError::new(4..5, "no expression inside parentheses")
            .with_note(0..1, "a note")
            .with_follow_up(5..6, "missing operand of negation")
            .with_follow_up(6..7, "missing operand of negation");
        let spans: Vec<_> = e.follow_ups().iter().map(|(s, _)| s.clone()).collect();
        assert_eq!(spans, [5..6, 6..7]);
        assert!(ParseError::new(0..1, "m").follow_ups().is_empty());
        let one = e.to_diagnostic(file, 10);
        assert_eq!(one.children().len(), 1);
        let all = e.to_diagnostics(file, 10);
        assert_eq!(all.len(), 3);
        assert_eq!(all[0], one);
        let at = |start, end| strata_diag::Location::Span(Span { file, start, end });
        for (d, (start, end)) in all[1..].iter().zip([(15, 16), (16, 17)]) {
            assert_eq!(d.severity(), Severity::Error);
            assert_eq!(d.location(), &at(start, end));
            assert_eq!(d.message(), "missing operand of negation");
            assert!(d.children().is_empty());
        }
        let moved = e.clone().offset_by(100);
        assert_eq!(moved.follow_ups()[1].0, 106..107);
        assert_eq!(moved.notes()[0].0, 100..101);
        // Placed at the current token unless made exact, one by one.
        let mixed = e
            .clone()
            .with_exact_follow_up(7..7, "expected an integer or floating point type");
        assert!(!mixed.is_follow_up_exact(0) && !mixed.is_follow_up_exact(1));
        assert!(mixed.is_follow_up_exact(2) && !mixed.is_follow_up_exact(3));
        // An error and a note located outside the text are reported there;
        // the other notes at their spans.
        let outside = ParseError::new(4..5, "m")
            .with_location(strata_diag::Location::file_line_col("u.c", 1, 2))
            .with_note(0..1, "at a span")
            .with_located_note(2..3, Some(strata_diag::Location::Unknown), "nowhere")
            .with_located_note(3..4, None, "at a span too");
        assert_eq!(outside.note_location(0), None);
        assert_eq!(
            outside.note_location(1),
            Some(&strata_diag::Location::Unknown)
        );
        assert_eq!(outside.note_location(2), None);
        let d = outside.to_diagnostic(file, 10);
        assert_eq!(
            d.location(),
            &strata_diag::Location::file_line_col("u.c", 1, 2)
        );
        let places: Vec<_> = d.children().iter().map(|c| c.location.clone()).collect();
        assert_eq!(
            places,
            [
                Some(at(10, 11)),
                Some(strata_diag::Location::Unknown),
                Some(at(13, 14))
            ]
        );
        let text = "(-(-()))\n";
        let out = e.render("m.mlir", text);
        let first = out
            .find("no expression inside parentheses")
            .expect("the error");
        let second = out
            .rfind("missing operand of negation")
            .expect("a follow-up");
        assert!(first < second, "{out}");
        assert_eq!(
            out.matches("missing operand of negation").count(),
            2,
            "{out}"
        );
        assert!(out.contains("m.mlir:1:7"), "{out}");
    }

    /// The line and column of an error are the ones its rendering shows:
    /// rustc-style `render` for a line of ASCII text, and MLIR's rendering
    /// (bytes) on a line with a multi-byte character before the error.
    #[test]
    fn line_column_is_the_rendered_position() {
        let text = "// types\n!t = tensor<4xvector<?xf32>>\n\n  #a = 1\n";
        for start in [0, 3, 9, 14, 20, text.len() - 2, text.len() - 1] {
            let e = ParseError::new(start..start + 1, "m");
            let (line, column) = e.line_column(text);
            let out = e.render("t.mlir", text);
            assert!(
                out.contains(&format!("t.mlir:{line}:{column}\n")),
                "{start}: {out}"
            );
        }
        let text = "\"é\" : i8 x";
        let e = ParseError::new(text.len() - 1..text.len(), "m");
        assert_eq!(e.line_column(text), (1, 11));
        let manager = strata_diag::SourceManager::<strata_diag::Shared>::new();
        let file = manager.add_file("u.mlir", text);
        let mut sources = strata_diag::SourceSet::new();
        sources.insert(&manager, file);
        let mut out = String::new();
        strata_diag::Emitter::render(
            &strata_diag::MlirEmitter::new(),
            &e.to_diagnostic(file, 0),
            &sources,
            &mut out,
        );
        assert!(out.starts_with("u.mlir:1:11: error: m\n"), "{out}");
        // The rustc-style rendering counts the two-byte `é` as one column.
        assert!(e.render("u.mlir", text).contains("u.mlir:1:10"));
    }

    /// At the end of the text an error is one past the last byte of the
    /// last line, on the empty line after a final newline, and a start past
    /// the end counts as the end; an error moved into a larger text is
    /// located in that text.
    #[test]
    fn line_column_at_and_past_the_end() {
        let at = |start: usize| ParseError::new(start..start, "m");
        assert_eq!(at(5).line_column("a = 1"), (1, 6));
        assert_eq!(at(6).line_column("a = 1\n"), (2, 1));
        assert_eq!(at(5).line_column("a = 1\n"), (1, 6));
        assert_eq!(at(40).line_column("a\nbc"), (2, 3));
        assert_eq!(at(0).line_column(""), (1, 1));
        let e = at(2).offset_by(4);
        assert_eq!(e.line_column("ab\ncdefg"), (2, 4));
    }

    /// Each constructor records what it says: the missing kind of
    /// `missing`, and the placement of `wrong_token`, `exact` and `lexical`
    /// (which a parser of a whole file reads to move an error at its end).
    #[test]
    fn constructors_record_kind_and_placement() {
        let missing = ParseError::missing(0..1, "a vector kind");
        assert_eq!(missing.missing_kind(), Some("a vector kind"));
        assert_eq!(missing.message(), "strata has no a vector kind yet");
        assert_eq!(ParseError::new(0..1, "m").missing_kind(), None);
        let kinds = |e: &ParseError| (e.is_wrong_token(), e.is_exact(), e.is_lexical());
        assert_eq!(
            kinds(&ParseError::wrong_token(3, "m")),
            (true, false, false)
        );
        assert_eq!(kinds(&ParseError::exact(3..4, "m")), (false, true, false));
        assert_eq!(kinds(&ParseError::lexical(3..4, "m")), (false, false, true));
        assert_eq!(kinds(&ParseError::new(3..4, "m")), (false, false, false));
        assert_eq!(ParseError::wrong_token(3, "m").span(), 3..3);
    }
}
