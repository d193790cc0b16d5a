//! The expected-diagnostic verifier, with MLIR's syntax (documented on
//! [`Verifier`]).

use core::fmt;
use std::borrow::Cow;

use strata_sync::policy::Policy;
use strata_sync::{Arc, Mutex};

use crate::diagnostic::{Diagnostic, Level, Severity};
use crate::engine::{DiagEngine, Handled, HandlerScope};
use crate::inflight::ErrorReported;
use crate::source::{FileId, Location, SourceFile, SourceManager, Span};

/// Which diagnostics an expectation applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// Those on this 1-based line of the expectation's file.
    Line(u32),
    /// Those without a source location (`@unknown`): unknown or name-only.
    Unknown,
}

#[derive(Clone, Debug)]
enum Pattern {
    Literal,
    Regex(regex::Regex),
}

/// One parsed `expected-*` directive.
#[derive(Clone, Debug)]
pub struct Expectation {
    level: Level,
    file: FileId,
    target: Target,
    text: String,
    pattern: Pattern,
    span: Span,
}

impl Expectation {
    /// The expected level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The file the directive is in.
    pub fn file(&self) -> FileId {
        self.file
    }

    /// What the directive applies to.
    pub fn target(&self) -> Target {
        self.target
    }

    /// The expected text as written between the outer braces.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the text is a `-re` pattern.
    pub fn is_regex(&self) -> bool {
        matches!(self.pattern, Pattern::Regex(_))
    }

    /// The span of the directive in its file.
    pub fn span(&self) -> Span {
        self.span
    }

    /// Whether `message` satisfies the expected text.
    pub fn matches(&self, message: &str) -> bool {
        match &self.pattern {
            Pattern::Literal => message.contains(&self.text),
            Pattern::Regex(re) => re.is_match(message),
        }
    }
}

/// What kind of problem a [`Finding`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FindingKind {
    /// A directive that cannot be parsed.
    Malformed,
    /// A diagnostic no expectation matched.
    Unexpected,
    /// An expectation no diagnostic matched.
    Unmet,
    /// A near miss: a diagnostic at an expectation's place with its text,
    /// but another level.
    WrongLevel,
    /// A near miss: a diagnostic with an expectation's level and text in
    /// its file, but on another line.
    WrongLine,
}

/// One problem found by the verifier, as a diagnostic with a location.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The kind of problem.
    pub kind: FindingKind,
    /// The error describing it.
    pub diagnostic: Diagnostic,
}

/// The outcome of [`Verifier::finish`].
#[derive(Clone, Debug)]
pub struct VerifyReport {
    findings: Vec<Finding>,
    matched: usize,
}

impl VerifyReport {
    /// Whether every diagnostic was expected and every expectation met.
    pub fn is_ok(&self) -> bool {
        self.findings.is_empty()
    }

    /// The problems, sorted by location.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// How many diagnostics matched an expectation.
    pub fn matched(&self) -> usize {
        self.matched
    }

    /// Emits every finding into `engine` (as errors) and returns the proof
    /// token if there was any.
    pub fn emit<P: Policy>(&self, engine: &DiagEngine<P>) -> Result<(), ErrorReported> {
        let mut proof = None;
        for f in &self.findings {
            proof = proof.or(engine.emit(f.diagnostic.clone()));
        }
        proof.map_or(Ok(()), Err)
    }
}

/// A diagnostic or child flattened for matching.
struct Observed {
    level: Level,
    place: Place,
    location: Location,
    message: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Line(FileId, u32),
    Unknown,
    Elsewhere,
}

/// Checks the diagnostics of a run against the `expected-*` directives of
/// its source files.
///
/// Available with the `verifier` feature (on by default).
///
/// A test source states the diagnostics it expects in comments:
///
/// ```text
/// %0 = foo.bar        // expected-error {{unknown operation}}
/// // expected-warning@+1 {{unused value}}
/// %1 = foo.baz
/// // expected-note@-3 {{defined here}}
/// // expected-remark-re@above {{folded {{[0-9]+}} ops}}
/// // expected-error@unknown {{no location}}
/// ```
///
/// A directive is `expected-<kind>` (`error`, `warning`, `remark`, `note`,
/// and `help` as an extension), optionally `-re`, optionally spaces and a
/// designator (`@+N` / `@-N`: N lines below / above, which may point outside
/// the file and then match nothing; `@above` / `@below`: the nearest line
/// above / below that holds no directive itself; `@unknown`: a diagnostic
/// without a source location), optionally spaces, then the expected text
/// between `{{` and the `}}` that ends the line. One directive per line.
/// These are the semantics of MLIR 19's verifier: a line that does not
/// match this grammar (a bare `expected-error`, a directive followed by more
/// text, an unknown suffix or designator) is not a directive and is ignored.
///
/// The text matches when the diagnostic's message contains it. With `-re`
/// the text is literal except for `{{...}}` parts, which are regular
/// expressions (`{{a {{[0-9]+}} b}}` matches `a 12 b`), and the pattern is
/// searched for in the message, as MLIR does. As in MLIR, a diagnostic is
/// taken by the first expectation that matches it, whether that one matched
/// before or not: one directive matches repeated identical diagnostics on its
/// line.
///
/// Notes and help are matched at their own location, or at their parent's
/// when they have none.
///
/// The verifier never panics on bad input: a directive whose regular
/// expression is invalid, or whose `@above` / `@below` finds no line, is
/// itself reported, as a diagnostic pointing at the directive.
///
/// # Example
///
/// ```
/// use strata_diag::{DiagEngine, Verifier};
///
/// let engine = DiagEngine::new();
/// let id = engine.sources().add_file("t.mlir", "foo.bar // expected-error {{unknown op}}\n");
/// let file = engine.sources().file(id).unwrap();
/// let mut verifier = Verifier::new();
/// verifier.add_file(&file);
/// {
///     let _scope = verifier.install(&engine);
///     engine.error(file.find("foo.bar").unwrap(), "unknown op `foo.bar`").emit();
/// }
/// let report = verifier.finish(engine.sources());
/// assert!(report.is_ok(), "{:?}", report.findings());
/// ```
pub struct Verifier {
    expectations: Vec<Expectation>,
    malformed: Vec<Finding>,
    /// Diagnostics captured by the handler, in arrival order.
    captured: Arc<Mutex<Vec<Diagnostic>>>,
}

impl Default for Verifier {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for Verifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verifier")
            .field("expectations", &self.expectations.len())
            .field("malformed", &self.malformed.len())
            .finish_non_exhaustive()
    }
}

const KINDS: [(&str, Level); 5] = [
    ("error", Level::Error),
    ("warning", Level::Warning),
    ("remark", Level::Remark),
    ("note", Level::Note),
    ("help", Level::Help),
];

const PREFIX: &str = "expected-";

/// Finds the directive on a line as MLIR 19's verifier does: the first
/// `expected-` from which the whole (right-trimmed) rest of the line matches
/// `(error|note|remark|warning|help)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$`
/// (`help` is strata's extension). Returns the directive's offset in the
/// line, its level and its parts. A line that does not match holds no
/// directive and is ignored, as upstream ignores it (a bare
/// `expected-error`, one without `}}` at the end, an unknown suffix or
/// designator).
fn find_directive(line: &str) -> Option<(usize, Level, Parsed<'_>)> {
    let line = line.trim_end();
    let mut from = 0;
    while let Some(i) = line[from..].find(PREFIX) {
        let at = from + i;
        if let Some((level, parsed)) = match_directive(line, at + PREFIX.len()) {
            return Some((at, level, parsed));
        }
        from = at + PREFIX.len();
    }
    None
}

enum Designator {
    Here,
    Offset(i64),
    Above,
    Below,
    Unknown,
}

/// A directive's syntax, before its target line is resolved.
struct Parsed<'a> {
    regex: bool,
    designator: Designator,
    text: &'a str,
    /// End of the directive (after the closing braces), in the line.
    end: usize,
}

/// Matches the rest of a directive after `expected-` (at `start` of the
/// right-trimmed `line`), with upstream's grammar.
fn match_directive(line: &str, start: usize) -> Option<(Level, Parsed<'_>)> {
    let rest = &line[start..];
    let (word, level) = KINDS.iter().find(|(w, _)| rest.starts_with(w))?;
    let after_kind = &rest[word.len()..];
    // `(-re)?` may be taken or not (the regex backtracks): try with it first.
    let with_re = after_kind.strip_prefix("-re").map(|r| (true, r));
    for (regex, r) in with_re.into_iter().chain([(false, after_kind)]) {
        if let Some(parsed) = match_tail(line, r, regex) {
            return Some((*level, parsed));
        }
    }
    None
}

/// ` *(@designator)? *\{\{(.*)\}\}$` on `r`, a suffix of `line`.
fn match_tail<'a>(line: &'a str, r: &'a str, regex: bool) -> Option<Parsed<'a>> {
    let mut r = r.trim_start_matches(' ');
    let mut designator = Designator::Here;
    if let Some(d) = r.strip_prefix('@') {
        let (des, len) = if let Some(x) = d.strip_prefix("above") {
            (Designator::Above, d.len() - x.len())
        } else if let Some(x) = d.strip_prefix("below") {
            (Designator::Below, d.len() - x.len())
        } else if let Some(x) = d.strip_prefix("unknown") {
            (Designator::Unknown, d.len() - x.len())
        } else {
            let sign = match d.as_bytes().first() {
                Some(b'+') => 1,
                Some(b'-') => -1,
                _ => return None,
            };
            let digits = d[1..].bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 {
                return None;
            }
            let n = d[1..1 + digits].parse::<i64>().unwrap_or(i64::MAX);
            (Designator::Offset(sign * n), 1 + digits)
        };
        designator = des;
        r = d[len..].trim_start_matches(' ');
    }
    let body = r.strip_prefix("{{")?;
    let inner = body.strip_suffix("}}")?;
    Some(Parsed {
        regex,
        designator,
        text: inner,
        end: line.len(),
    })
}

/// Builds the regex of a `-re` text: literal, except `{{...}}` parts.
fn build_regex(text: &str) -> Result<regex::Regex, String> {
    let mut pattern = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..open]));
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            return Err("unterminated `{{` in the regular expression".to_owned());
        };
        pattern.push_str("(?:");
        pattern.push_str(&after[..close]);
        pattern.push(')');
        rest = &after[close + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    regex::Regex::new(&pattern).map_err(|e| {
        let text = e.to_string();
        let last = text.lines().last().unwrap_or("").trim();
        format!("invalid regular expression `{pattern}`: {last}")
    })
}

impl Verifier {
    /// A verifier with no expectations.
    pub fn new() -> Self {
        Self {
            expectations: Vec::new(),
            malformed: Vec::new(),
            captured: Arc::new(Mutex::new(Vec::new())),
        }
    }

    /// Reads the directives of `file`. Malformed ones become findings.
    pub fn add_file(&mut self, file: &SourceFile) {
        let lines = file.line_count();
        // Pass 1: which lines hold a directive (for `@above` / `@below`).
        let directives: Vec<Option<(usize, Level, Parsed<'_>)>> = (1..=lines)
            .map(|l| find_directive(file.line_text(l).unwrap_or("")))
            .collect();
        let plain = |l: u32| directives[l as usize - 1].is_none();
        // Pass 2: resolve.
        for line in 1..=lines {
            let Some((at, level, parsed)) = &directives[line as usize - 1] else {
                continue;
            };
            let (at, level) = (*at, *level);
            let base = file.line_range(line).map_or(0, |r| r.start);
            let span = file.span(base + at as u32, base + parsed.end as u32);
            let target = match parsed.designator {
                Designator::Here => Ok(Target::Line(line)),
                Designator::Unknown => Ok(Target::Unknown),
                // As upstream: an offset may point before the first line or
                // past the last (the expectation then matches nothing and is
                // reported unmet at the directive). The sum saturates, so an
                // offset near `i64::MAX` (or one too long for `i64`, read as
                // `i64::MAX`) lands out of the file instead of overflowing;
                // line 0 and line `u32::MAX` hold no diagnostic.
                Designator::Offset(d) => Ok(Target::Line(
                    i64::from(line)
                        .saturating_add(d)
                        .clamp(0, i64::from(u32::MAX)) as u32,
                )),
                Designator::Above => (1..line)
                    .rev()
                    .find(|&l| plain(l))
                    .map(Target::Line)
                    .ok_or_else(|| "`@above`: no line above holds no directive".to_owned()),
                Designator::Below => (line + 1..=lines)
                    .find(|&l| plain(l))
                    .map(Target::Line)
                    .ok_or_else(|| "`@below`: no line below holds no directive".to_owned()),
            };
            let target = match target {
                Ok(t) => t,
                Err(reason) => {
                    self.malformed(span, reason);
                    continue;
                }
            };
            let pattern = if parsed.regex {
                match build_regex(parsed.text) {
                    Ok(re) => Pattern::Regex(re),
                    Err(reason) => {
                        self.malformed(span, reason);
                        continue;
                    }
                }
            } else {
                Pattern::Literal
            };
            self.expectations.push(Expectation {
                level,
                file: file.id(),
                target,
                text: parsed.text.to_owned(),
                pattern,
                span,
            });
        }
    }

    fn malformed(&mut self, span: Span, reason: String) {
        self.malformed.push(Finding {
            kind: FindingKind::Malformed,
            diagnostic: Diagnostic::new(Severity::Error, span, "malformed expectation: {}")
                .with_arg(reason),
        });
    }

    /// The expectations read so far.
    pub fn expectations(&self) -> &[Expectation] {
        &self.expectations
    }

    /// Records a diagnostic directly (the handler does this).
    pub fn record(&self, diag: &Diagnostic) {
        self.captured.lock().push(diag.clone());
    }

    /// A handler that records and consumes every diagnostic, for
    /// [`DiagEngine::push_handler`].
    pub fn handler<P: Policy>(
        &self,
    ) -> impl Fn(&DiagEngine<P>, &Diagnostic) -> Handled + Send + Sync + 'static {
        let captured = Arc::clone(&self.captured);
        move |_, diag| {
            captured.lock().push(diag.clone());
            Handled::Consumed
        }
    }

    /// Registers [`handler`](Self::handler) on `engine` for the lifetime of
    /// the returned scope.
    pub fn install<'e, P: Policy>(&self, engine: &'e DiagEngine<P>) -> HandlerScope<'e, P> {
        engine.push_handler(self.handler())
    }

    /// Matches the recorded diagnostics against the expectations.
    /// `sources` resolves lines (the manager the spans point into).
    pub fn finish<P: Policy>(self, sources: &SourceManager<P>) -> VerifyReport {
        let captured = core::mem::take(&mut *self.captured.lock());
        let observed = flatten(&captured, sources);
        let mut used = vec![false; self.expectations.len()];
        let place_of = |e: &Expectation| match e.target {
            Target::Line(l) => Place::Line(e.file, l),
            Target::Unknown => Place::Unknown,
        };
        let mut findings = self.malformed;
        let mut matched = 0;
        let mut unmatched = Vec::new();
        // Exact matches first, so a near miss never steals an expectation
        // that a later diagnostic meets exactly.
        for obs in &observed {
            // As upstream, the first expectation that matches takes the
            // diagnostic, matched before or not: one directive matches
            // repeated identical diagnostics on its line.
            let hit = self.expectations.iter().position(|e| {
                e.level == obs.level && place_of(e) == obs.place && e.matches(&obs.message)
            });
            match hit {
                Some(i) => {
                    used[i] = true;
                    matched += 1;
                }
                None => unmatched.push(obs),
            }
        }
        for obs in unmatched {
            let wrong_level =
                self.expectations.iter().enumerate().position(|(i, e)| {
                    !used[i] && place_of(e) == obs.place && e.matches(&obs.message)
                });
            let wrong_line = || {
                let Place::Line(file, _) = obs.place else {
                    return None;
                };
                self.expectations.iter().enumerate().position(|(i, e)| {
                    !used[i]
                        && e.level == obs.level
                        && e.file == file
                        && matches!(e.target, Target::Line(_))
                        && e.matches(&obs.message)
                })
            };
            if let Some(i) = wrong_level {
                used[i] = true;
                let e = &self.expectations[i];
                let diag = Diagnostic::new(
                    Severity::Error,
                    obs.location.clone(),
                    "expected {} but got {}: {}",
                )
                .with_arg(e.level.as_str())
                .with_arg(obs.level.as_str())
                .with_arg(obs.message.clone())
                .with_note_at(e.span, format!("the expected-{} is here", e.level));
                findings.push(Finding {
                    kind: FindingKind::WrongLevel,
                    diagnostic: diag,
                });
            } else if let Some(i) = wrong_line() {
                used[i] = true;
                let e = &self.expectations[i];
                let (Place::Line(_, got), Target::Line(want)) = (obs.place, e.target) else {
                    unreachable!("both places are lines by the search above")
                };
                let diag = Diagnostic::new(
                    Severity::Error,
                    obs.location.clone(),
                    "{} on line {}, but expected on line {}: {}",
                )
                .with_arg(obs.level.as_str())
                .with_arg(got)
                .with_arg(want)
                .with_arg(obs.message.clone())
                .with_note_at(e.span, format!("the expected-{} is here", e.level));
                findings.push(Finding {
                    kind: FindingKind::WrongLine,
                    diagnostic: diag,
                });
            } else {
                findings.push(Finding {
                    kind: FindingKind::Unexpected,
                    diagnostic: Diagnostic::new(
                        Severity::Error,
                        obs.location.clone(),
                        "unexpected {}: {}",
                    )
                    .with_arg(obs.level.as_str())
                    .with_arg(obs.message.clone()),
                });
            }
        }
        for (e, used) in self.expectations.iter().zip(used) {
            if !used {
                findings.push(Finding {
                    kind: FindingKind::Unmet,
                    diagnostic: Diagnostic::new(
                        Severity::Error,
                        e.span,
                        "expected {} \"{}\" was not produced",
                    )
                    .with_arg(e.level.as_str())
                    .with_arg(e.text.clone()),
                });
            }
        }
        // A deterministic order, whatever order diagnostics arrived in:
        // by position, then kind, then text.
        findings.sort_by_cached_key(|f| {
            let pos = match f.diagnostic.location() {
                Location::Span(s) => (0u8, s.file.index(), s.start),
                Location::FileLineCol { line, .. } => (1, 0, *line),
                Location::Name(_) | Location::Printed(_) | Location::Unknown => (2, 0, 0),
            };
            (pos, f.kind, f.diagnostic.message().into_owned())
        });
        VerifyReport { findings, matched }
    }
}

/// Flattens diagnostics and their children into matchable items.
fn flatten<P: Policy>(diags: &[Diagnostic], sources: &SourceManager<P>) -> Vec<Observed> {
    let place = |loc: &Location| match loc {
        Location::Span(s) => sources.file(s.file).map_or(Place::Elsewhere, |f| {
            Place::Line(s.file, f.line_of(s.start))
        }),
        Location::FileLineCol { file, line, .. } => sources
            .find(file)
            .map_or(Place::Elsewhere, |id| Place::Line(id, *line)),
        Location::Name(_) | Location::Printed(_) | Location::Unknown => Place::Unknown,
    };
    let mut out = Vec::with_capacity(diags.len());
    for d in diags {
        let parent = place(d.location());
        out.push(Observed {
            level: d.severity().into(),
            place: parent,
            location: d.location().clone(),
            message: d.message().into_owned(),
        });
        for c in d.children() {
            let (p, location) = match &c.location {
                Some(l) => (place(l), l.clone()),
                None => (parent, d.location().clone()),
            };
            out.push(Observed {
                level: c.level.into(),
                place: p,
                location,
                message: Cow::<str>::into_owned(c.message.clone()),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(line: &str) -> Option<(usize, Level, bool, i64, &str)> {
        find_directive(line).map(|(at, level, p)| {
            let d = match p.designator {
                Designator::Offset(d) => d,
                Designator::Here => 0,
                _ => 999,
            };
            (at, level, p.regex, d, p.text)
        })
    }

    #[test]
    fn directives_match_upstreams_grammar() {
        assert_eq!(
            found("x // expected-error {{a}}"),
            Some((5, Level::Error, false, 0, "a"))
        );
        // (1) Spaces between the kind and the designator, and after it.
        assert_eq!(
            found("// expected-error @+1 {{a}}"),
            Some((3, Level::Error, false, 1, "a"))
        );
        assert_eq!(
            found("expected-warning-re@-2  {{a {{b}} c}}  "),
            Some((0, Level::Warning, true, -2, "a {{b}} c"))
        );
        assert_eq!(
            found("expected-note{{x}}"),
            Some((0, Level::Note, false, 0, "x"))
        );
        // (3) A line that does not end with `}}`, a bare kind, an unknown
        // suffix or designator: no directive.
        for line in [
            "expected-error {{x}} tail",
            "// expected-error",
            "expected-error-ref {{x}}",
            "expected-error@ {{x}}",
            "expected-error@+ {{x}}",
            "expected-error {x}}",
            "expected-errors {{x}}",
            "expected-value {{x}}",
            "no directive",
        ] {
            assert!(find_directive(line).is_none(), "{line}");
        }
        // The first `expected-` that matches wins.
        assert_eq!(
            found("expected-errors expected-note {{n}}"),
            Some((16, Level::Note, false, 0, "n"))
        );
    }

    #[test]
    fn build_regex_escapes_literal_parts() {
        let re = build_regex("f(x) = {{[0-9]+}}.").unwrap();
        assert_eq!(re.as_str(), r"f\(x\) = (?:[0-9]+)\.");
        assert!(
            build_regex("{{[}}")
                .unwrap_err()
                .contains("invalid regular expression")
        );
        assert!(build_regex("{{a").unwrap_err().contains("unterminated"));
    }
}
