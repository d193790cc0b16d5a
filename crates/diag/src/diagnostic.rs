//! The diagnostic value: severity, code, locations, message, arguments,
//! children.

use core::fmt;
use core::hash::{Hash, Hasher};
use std::borrow::Cow;

use smallvec::SmallVec;

use crate::source::{Location, Span};

/// The severity of a top-level diagnostic. Notes and help exist only as
/// children ([`ChildLevel`]), so a note can never be emitted on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// A problem that fails the compilation.
    Error,
    /// A problem that does not (unless warnings are errors).
    Warning,
    /// Information, such as an optimisation report.
    Remark,
}

impl Severity {
    /// The lower-case name: `error`, `warning`, `remark`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Remark => "remark",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The level of a child of a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChildLevel {
    /// Supporting information ("note: previous definition here").
    Note,
    /// A suggestion ("help: add a terminator").
    Help,
}

impl ChildLevel {
    /// The lower-case name: `note`, `help`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Note => "note",
            Self::Help => "help",
        }
    }
}

/// Any level a rendered line can carry: the three severities and the two
/// child levels. Renderers and the verifier use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// See [`Severity::Error`].
    Error,
    /// See [`Severity::Warning`].
    Warning,
    /// See [`Severity::Remark`].
    Remark,
    /// See [`ChildLevel::Note`].
    Note,
    /// See [`ChildLevel::Help`].
    Help,
}

impl Level {
    /// The lower-case name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Remark => "remark",
            Self::Note => "note",
            Self::Help => "help",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Severity> for Level {
    fn from(s: Severity) -> Self {
        match s {
            Severity::Error => Self::Error,
            Severity::Warning => Self::Warning,
            Severity::Remark => Self::Remark,
        }
    }
}

impl From<ChildLevel> for Level {
    fn from(c: ChildLevel) -> Self {
        match c {
            ChildLevel::Note => Self::Note,
            ChildLevel::Help => Self::Help,
        }
    }
}

/// One argument of a diagnostic message, stored structurally (up to four
/// inline, without allocation) and formatted only when rendered.
#[derive(Clone, Debug, PartialEq)]
pub enum DiagArg {
    /// A signed integer.
    Int(i64),
    /// An unsigned integer.
    UInt(u64),
    /// A floating-point number.
    Float(f64),
    /// Text.
    Str(Cow<'static, str>),
}

impl DiagArg {
    /// An argument holding `value`'s `Display` output.
    pub fn display(value: impl fmt::Display) -> Self {
        Self::Str(Cow::Owned(value.to_string()))
    }
}

impl fmt::Display for DiagArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(v) => fmt::Display::fmt(v, f),
            Self::UInt(v) => fmt::Display::fmt(v, f),
            Self::Float(v) => fmt::Display::fmt(v, f),
            Self::Str(v) => f.write_str(v),
        }
    }
}

impl Hash for DiagArg {
    fn hash<H: Hasher>(&self, state: &mut H) {
        core::mem::discriminant(self).hash(state);
        match self {
            Self::Int(v) => v.hash(state),
            Self::UInt(v) => v.hash(state),
            // Floats hash by bit pattern: deduplication compares renderings
            // in spirit, and equal bits render equally.
            Self::Float(v) => v.to_bits().hash(state),
            Self::Str(v) => v.hash(state),
        }
    }
}

macro_rules! arg_from {
    ($variant:ident as $wide:ty: $($t:ty),*) => {$(
        impl From<$t> for DiagArg {
            #[inline]
            fn from(v: $t) -> Self {
                Self::$variant(v as $wide)
            }
        }
    )*};
}
arg_from!(Int as i64: i8, i16, i32, i64, isize);
arg_from!(UInt as u64: u8, u16, u32, u64, usize);
arg_from!(Float as f64: f32, f64);

impl From<&'static str> for DiagArg {
    #[inline]
    fn from(v: &'static str) -> Self {
        Self::Str(Cow::Borrowed(v))
    }
}

impl From<String> for DiagArg {
    #[inline]
    fn from(v: String) -> Self {
        Self::Str(Cow::Owned(v))
    }
}

impl From<Cow<'static, str>> for DiagArg {
    #[inline]
    fn from(v: Cow<'static, str>) -> Self {
        Self::Str(v)
    }
}

impl From<char> for DiagArg {
    #[inline]
    fn from(v: char) -> Self {
        Self::Str(Cow::Owned(v.to_string()))
    }
}

impl From<bool> for DiagArg {
    #[inline]
    fn from(v: bool) -> Self {
        Self::Str(Cow::Borrowed(if v { "true" } else { "false" }))
    }
}

/// A secondary span with a label ("first defined here").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    /// The span.
    pub span: Span,
    /// The text shown under it.
    pub text: Cow<'static, str>,
}

/// A note or help attached to a diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Child {
    /// Note or help.
    pub level: ChildLevel,
    /// Where it points; `None` means "no location of its own" (rendered as
    /// a footer of the parent; the verifier matches it at the parent's
    /// location, as MLIR does).
    pub location: Option<Location>,
    /// The text.
    pub message: Cow<'static, str>,
}

/// A diagnostic: severity, optional stable code, a primary location with
/// labelled secondary spans, a message with up to four inline arguments,
/// and notes.
///
/// # Message and arguments
///
/// A message without arguments is printed verbatim, so text built with
/// `format!` is never reinterpreted. With arguments, the message is a
/// template: `{}` takes the next argument, `{N}` takes argument `N`, `{{`
/// and `}}` are literal braces, and a placeholder without an argument is
/// printed as written. Arguments no placeholder refers to are appended in
/// order, with no separator: MLIR's streaming style
/// (`emitError() << "expected " << 2`) is the template `"expected "` with one
/// argument. Formatting happens when the diagnostic is rendered, so a
/// diagnostic a handler drops was never formatted.
///
/// ```
/// use strata_diag::{Diagnostic, Location, Severity};
///
/// let d = Diagnostic::new(Severity::Error, Location::Unknown, "expected {} operands, found {}")
///     .with_arg(2)
///     .with_arg(3);
/// assert_eq!(d.message(), "expected 2 operands, found 3");
/// let streamed = Diagnostic::new(Severity::Error, Location::Unknown, "operand #")
///     .with_arg(1)
///     .with_arg(" does not dominate its use");
/// assert_eq!(streamed.message(), "operand #1 does not dominate its use");
/// let verbatim = Diagnostic::new(Severity::Error, Location::Unknown, format!("{{{}}}", "x"));
/// assert_eq!(verbatim.message(), "{x}");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    severity: Severity,
    code: Option<&'static str>,
    location: Location,
    primary_label: Option<Cow<'static, str>>,
    labels: Vec<Label>,
    template: Cow<'static, str>,
    args: SmallVec<[DiagArg; 4]>,
    children: Vec<Child>,
}

impl Diagnostic {
    /// A diagnostic with no code, labels, arguments or children.
    pub fn new(
        severity: Severity,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            severity,
            code: None,
            location: location.into(),
            primary_label: None,
            labels: Vec::new(),
            template: message.into(),
            args: SmallVec::new(),
            children: Vec::new(),
        }
    }

    /// The severity.
    #[inline]
    pub fn severity(&self) -> Severity {
        self.severity
    }

    /// Changes the severity (the engine does this for warnings-as-errors).
    #[inline]
    pub fn set_severity(&mut self, severity: Severity) {
        self.severity = severity;
    }

    /// The stable code, such as `E0308`.
    #[inline]
    pub fn code(&self) -> Option<&'static str> {
        self.code
    }

    /// Sets the stable code.
    #[inline]
    pub fn set_code(&mut self, code: &'static str) {
        self.code = Some(code);
    }

    /// The primary location.
    #[inline]
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// The label under the primary span.
    #[inline]
    pub fn primary_label(&self) -> Option<&str> {
        self.primary_label.as_deref()
    }

    /// Sets the label under the primary span.
    #[inline]
    pub fn set_primary_label(&mut self, text: impl Into<Cow<'static, str>>) {
        self.primary_label = Some(text.into());
    }

    /// The labelled secondary spans.
    #[inline]
    pub fn labels(&self) -> &[Label] {
        &self.labels
    }

    /// Adds a labelled secondary span.
    #[inline]
    pub fn push_label(&mut self, span: Span, text: impl Into<Cow<'static, str>>) {
        self.labels.push(Label {
            span,
            text: text.into(),
        });
    }

    /// The message template, before arguments are substituted.
    #[inline]
    pub fn template(&self) -> &str {
        &self.template
    }

    /// The arguments.
    #[inline]
    pub fn args(&self) -> &[DiagArg] {
        &self.args
    }

    /// Whether the arguments still fit inline (no heap allocation).
    #[inline]
    pub fn args_inline(&self) -> bool {
        !self.args.spilled()
    }

    /// Appends an argument.
    #[inline]
    pub fn push_arg(&mut self, arg: impl Into<DiagArg>) {
        self.args.push(arg.into());
    }

    /// The children (notes and help), in order.
    #[inline]
    pub fn children(&self) -> &[Child] {
        &self.children
    }

    /// Appends a child.
    #[inline]
    pub fn push_child(
        &mut self,
        level: ChildLevel,
        location: Option<Location>,
        message: impl Into<Cow<'static, str>>,
    ) {
        self.children.push(Child {
            level,
            location,
            message: message.into(),
        });
    }

    /// Builder form of [`set_code`](Self::set_code).
    #[must_use]
    pub fn with_code(mut self, code: &'static str) -> Self {
        self.set_code(code);
        self
    }

    /// Builder form of [`push_arg`](Self::push_arg).
    #[must_use]
    pub fn with_arg(mut self, arg: impl Into<DiagArg>) -> Self {
        self.push_arg(arg);
        self
    }

    /// Builder form of [`set_primary_label`](Self::set_primary_label).
    #[must_use]
    pub fn with_primary_label(mut self, text: impl Into<Cow<'static, str>>) -> Self {
        self.set_primary_label(text);
        self
    }

    /// Builder form of [`push_label`](Self::push_label).
    #[must_use]
    pub fn with_label(mut self, span: Span, text: impl Into<Cow<'static, str>>) -> Self {
        self.push_label(span, text);
        self
    }

    /// Adds a note without a location of its own.
    #[must_use]
    pub fn with_note(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.push_child(ChildLevel::Note, None, message);
        self
    }

    /// Adds a note pointing at `location`.
    #[must_use]
    pub fn with_note_at(
        mut self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        self.push_child(ChildLevel::Note, Some(location.into()), message);
        self
    }

    /// Adds a help message without a location of its own.
    #[must_use]
    pub fn with_help(mut self, message: impl Into<Cow<'static, str>>) -> Self {
        self.push_child(ChildLevel::Help, None, message);
        self
    }

    /// The message with its arguments substituted (see the type's docs).
    /// Borrows the message when it has no arguments.
    pub fn message(&self) -> Cow<'_, str> {
        if self.args.is_empty() {
            return Cow::Borrowed(&self.template);
        }
        let mut out = String::with_capacity(self.template.len() + 8 * self.args.len());
        self.write_message(&mut out)
            .expect("formatting into a String does not fail");
        Cow::Owned(out)
    }

    /// Writes the message with its arguments substituted into `out`.
    pub fn write_message(&self, out: &mut impl fmt::Write) -> fmt::Result {
        if self.args.is_empty() {
            return out.write_str(&self.template);
        }
        // One bit per argument a placeholder used; arguments beyond 64 are
        // always appended.
        let mut used: u64 = 0;
        let mut next = 0usize;
        let t = self.template.as_ref();
        let mut rest = t;
        while let Some(i) = rest.find(['{', '}']) {
            out.write_str(&rest[..i])?;
            let tail = &rest[i..];
            if let Some(after) = tail.strip_prefix("{{") {
                out.write_char('{')?;
                rest = after;
            } else if let Some(after) = tail.strip_prefix("}}") {
                out.write_char('}')?;
                rest = after;
            } else if let Some(after) = tail.strip_prefix('{')
                && let Some(close) = after.find('}')
                && let inner = &after[..close]
                && (inner.is_empty() || inner.bytes().all(|b| b.is_ascii_digit()))
            {
                let index = if inner.is_empty() {
                    let n = next;
                    next += 1;
                    Some(n)
                } else {
                    inner.parse::<usize>().ok()
                };
                match index.and_then(|n| Some((n, self.args.get(n)?))) {
                    Some((n, arg)) => {
                        if n < 64 {
                            used |= 1 << n;
                        }
                        write!(out, "{arg}")?;
                    }
                    None => out.write_str(&tail[..close + 2])?,
                }
                rest = &after[close + 1..];
            } else {
                // A lone brace: printed as written.
                out.write_str(&tail[..1])?;
                rest = &tail[1..];
            }
        }
        out.write_str(rest)?;
        for (n, arg) in self.args.iter().enumerate() {
            if n >= 64 || used & (1 << n) == 0 {
                write!(out, "{arg}")?;
            }
        }
        Ok(())
    }

    /// A 64-bit fingerprint of everything that is rendered: severity, code,
    /// locations, labels, message, children. Two diagnostics with equal
    /// fingerprints render identically (up to a 2^-64 collision chance),
    /// which is what deduplication needs. The converse does not hold: a span
    /// is hashed as its file id and byte offsets, not as the file's name and
    /// text, so spans into two files with the same name and text (added
    /// separately) give different fingerprints although they render alike.
    pub fn fingerprint(&self) -> u64 {
        // SipHash with fixed keys: deterministic across runs and threads.
        let mut h = std::hash::DefaultHasher::new();
        self.severity.hash(&mut h);
        self.code.hash(&mut h);
        self.location.hash(&mut h);
        self.primary_label.hash(&mut h);
        self.labels.hash(&mut h);
        // The message as rendered, not its template and arguments: `"e{}"`
        // with argument 0 and the plain `"e0"` print alike.
        self.message().hash(&mut h);
        self.children.hash(&mut h);
        h.finish()
    }
}
