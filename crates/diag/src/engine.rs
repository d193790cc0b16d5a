//! The engine: policy, handler stack, printer lock, counts.

use core::fmt;
use core::marker::PhantomData;
use std::borrow::Cow;
use std::collections::HashSet;
#[cfg(feature = "human")]
use std::io::IsTerminal as _;
use std::io::{self, Write};

use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::policy::{ArcApi, AtomicFlag, AtomicInt, MutexApi, Shared};
use strata_sync::{CachePadded, Mutant, mutant};

use crate::context::{self, Region};
use crate::diagnostic::{ChildLevel, Diagnostic, Level, Severity};
use crate::emitter::Emitter;
#[cfg(feature = "human")]
use crate::human::HumanEmitter;
use crate::inflight::{ErrorReported, InFlight, IsError, MaybeError};
use crate::source::{Location, SourceManager, SourceSet};
use strata_sync::policy::{Policy, SwapCell};

/// What a handler did with a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Handled {
    /// The handler took the diagnostic; handlers below it and the default
    /// emitter do not see it.
    Consumed,
    /// The handler passes the diagnostic on to the handler below it (and
    /// finally to the default emitter).
    Pass,
}

/// A diagnostic handler: gets the engine (so it can render, or emit again)
/// and the diagnostic, and says whether it consumed it.
///
/// Handlers are `Send + Sync` for both policies, so one handler type serves
/// both engines.
pub type HandlerFn<P> = dyn Fn(&DiagEngine<P>, &Diagnostic) -> Handled + Send + Sync;

/// One registered handler.
struct HandlerEntry<P: Policy> {
    id: u64,
    handler: P::Arc<Box<HandlerFn<P>>>,
}

impl<P: Policy> Clone for HandlerEntry<P> {
    fn clone(&self) -> Self {
        Self {
            id: self.id,
            handler: self.handler.clone(),
        }
    }
}

/// One version of the handler stack, bottom first. A version is never
/// changed after it is published: registering or removing a handler
/// publishes a new version (a copy of a few `Arc`s).
struct HandlerStack<P: Policy> {
    entries: Vec<HandlerEntry<P>>,
}

impl<P: Policy> Default for HandlerStack<P> {
    fn default() -> Self {
        Self {
            entries: Vec::new(),
        }
    }
}

impl<P: Policy> HandlerStack<P> {
    fn with(&self, entry: HandlerEntry<P>) -> Self {
        let mut entries = Vec::with_capacity(self.entries.len() + 1);
        entries.extend(self.entries.iter().cloned());
        entries.push(entry);
        Self { entries }
    }

    fn without(&self, id: u64) -> Self {
        Self {
            entries: self
                .entries
                .iter()
                .filter(|e| e.id != id)
                .cloned()
                .collect(),
        }
    }
}

/// Removes its handler from the stack when dropped (RAII registration).
///
/// Scopes normally end in reverse order of registration (LIFO), but any
/// order is correct: each scope removes exactly its own handler.
#[must_use = "the handler is removed when the scope is dropped"]
pub struct HandlerScope<'e, P: Policy = Shared> {
    engine: &'e DiagEngine<P>,
    id: u64,
}

impl<P: Policy> Drop for HandlerScope<'_, P> {
    fn drop(&mut self) {
        let id = self.id;
        self.engine.publish(|stack| stack.without(id));
    }
}

impl<P: Policy> fmt::Debug for HandlerScope<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HandlerScope")
            .field("id", &self.id)
            .finish()
    }
}

/// The engine's policy switches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Drop a diagnostic equal to one already delivered (default: on, as
    /// rustc). Equal means the same [`Diagnostic::fingerprint`]: the same
    /// severity, code, rendered message, children, labels and locations,
    /// where a span is compared as its [`FileId`](crate::FileId) and byte
    /// offsets, not as the text it renders to. So spans into two files
    /// added separately are different, even when both files have the same
    /// name and text and the two diagnostics print alike.
    pub deduplicate: bool,
    /// Show at most this many errors; later errors are counted but neither
    /// handled nor printed, and one notice says so (default: no limit).
    pub error_limit: Option<usize>,
    /// Emit warnings as errors (default: off). Takes precedence over
    /// `suppress_warnings`.
    pub warnings_as_errors: bool,
    /// Drop warnings (default: off).
    pub suppress_warnings: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            deduplicate: true,
            error_limit: None,
            warnings_as_errors: false,
            suppress_warnings: false,
        }
    }
}

/// Counts of what the engine dispatched.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Summary {
    /// Errors dispatched (after deduplication), including those beyond the
    /// error limit and warnings promoted to errors.
    pub errors: usize,
    /// Warnings dispatched.
    pub warnings: usize,
    /// Remarks dispatched.
    pub remarks: usize,
    /// Diagnostics dropped as duplicates.
    pub deduplicated: usize,
    /// Errors counted but not shown because of the error limit.
    pub errors_not_shown: usize,
    /// Warnings dropped by `suppress_warnings`.
    pub warnings_suppressed: usize,
    /// Renderings the sink failed to take.
    pub write_failures: usize,
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl Summary {
    /// The rustc-style final line, or `None` when there is nothing to say:
    /// `aborting due to 3 previous errors; 2 warnings emitted` (level
    /// error) or `2 warnings emitted` (level warning).
    pub fn line(&self) -> Option<(Level, String)> {
        if self.errors > 0 {
            let mut text = format!("aborting due to {}", plural(self.errors, "previous error"));
            if self.warnings > 0 {
                text.push_str("; ");
                text.push_str(&plural(self.warnings, "warning"));
                text.push_str(" emitted");
            }
            Some((Level::Error, text))
        } else if self.warnings > 0 {
            Some((
                Level::Warning,
                format!("{} emitted", plural(self.warnings, "warning")),
            ))
        } else {
            None
        }
    }
}

/// The engine's counters. Statistics: every update is `Relaxed` and pairs
/// with nothing; a reader that needs exact values joins the emitting
/// threads first (the join orders everything).
struct Counters<P: Policy> {
    errors: P::AtomicUsize,
    warnings: P::AtomicUsize,
    remarks: P::AtomicUsize,
    deduplicated: P::AtomicUsize,
    errors_not_shown: P::AtomicUsize,
    warnings_suppressed: P::AtomicUsize,
    write_failures: P::AtomicUsize,
    /// Whether an error was emitted, set at emission (before region
    /// buffering and deduplication): what [`DiagEngine::has_errors`]
    /// reports.
    any_error: P::AtomicBool,
    /// Whether the error-limit notice was printed.
    limit_notice: P::AtomicBool,
}

impl<P: Policy> Counters<P> {
    fn new() -> Self {
        Self {
            errors: AtomicInt::new(0),
            warnings: AtomicInt::new(0),
            remarks: AtomicInt::new(0),
            deduplicated: AtomicInt::new(0),
            errors_not_shown: AtomicInt::new(0),
            warnings_suppressed: AtomicInt::new(0),
            write_failures: AtomicInt::new(0),
            any_error: AtomicFlag::new(false),
            limit_notice: AtomicFlag::new(false),
        }
    }
}

/// Builds a [`DiagEngine`] with a chosen emitter, sink and policy.
pub struct EngineBuilder<P: Policy = Shared> {
    config: Config,
    emitter: Option<Box<dyn Emitter>>,
    sink: Option<Box<dyn Write + Send>>,
    _policy: PhantomData<P>,
}

impl<P: Policy> EngineBuilder<P> {
    /// Default settings: human renderer, standard error, deduplication on.
    pub fn new() -> Self {
        Self {
            config: Config::default(),
            emitter: None,
            sink: None,
            _policy: PhantomData,
        }
    }

    /// Replaces all policy switches.
    #[must_use]
    pub fn config(mut self, config: Config) -> Self {
        self.config = config;
        self
    }

    /// See [`Config::deduplicate`].
    #[must_use]
    pub fn deduplicate(mut self, on: bool) -> Self {
        self.config.deduplicate = on;
        self
    }

    /// See [`Config::error_limit`].
    #[must_use]
    pub fn error_limit(mut self, limit: Option<usize>) -> Self {
        self.config.error_limit = limit;
        self
    }

    /// See [`Config::warnings_as_errors`].
    #[must_use]
    pub fn warnings_as_errors(mut self, on: bool) -> Self {
        self.config.warnings_as_errors = on;
        self
    }

    /// See [`Config::suppress_warnings`].
    #[must_use]
    pub fn suppress_warnings(mut self, on: bool) -> Self {
        self.config.suppress_warnings = on;
        self
    }

    /// The renderer of the default emitter (what handlers pass on).
    #[must_use]
    pub fn emitter(mut self, emitter: impl Emitter + 'static) -> Self {
        self.emitter = Some(Box::new(emitter));
        self
    }

    /// Where rendered diagnostics go (default: standard error).
    #[must_use]
    pub fn sink(mut self, sink: impl Write + Send + 'static) -> Self {
        self.sink = Some(Box::new(sink));
        self
    }

    /// Builds the engine. Without an explicit emitter, the human renderer
    /// uses colour exactly when the sink is a terminal's standard error
    /// (without the `human` feature, the default is [`PlainEmitter`]).
    ///
    /// [`PlainEmitter`]: crate::PlainEmitter
    pub fn build(self) -> DiagEngine<P> {
        #[cfg(feature = "human")]
        let default_emitter = || {
            let colour = self.sink.is_none() && io::stderr().is_terminal();
            Box::new(HumanEmitter::new().color(colour)) as Box<dyn Emitter>
        };
        #[cfg(not(feature = "human"))]
        let default_emitter = || Box::new(crate::emitter::PlainEmitter::new()) as Box<dyn Emitter>;
        let emitter = match self.emitter {
            Some(emitter) => emitter,
            None => default_emitter(),
        };
        let sink = self.sink.unwrap_or_else(|| Box::new(io::stderr()));
        DiagEngine {
            sources: SourceManager::new(),
            handlers: SwapCell::new(HandlerStack::default()),
            next_handler_id: AtomicInt::new(0),
            emitter,
            printer: MutexApi::new(sink),
            config: self.config,
            counters: CachePadded::new(Counters::new()),
            seen: MutexApi::new(HashSet::new()),
        }
    }
}

impl<P: Policy> Default for EngineBuilder<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy> fmt::Debug for EngineBuilder<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EngineBuilder")
            .field("config", &self.config)
            .field("custom_emitter", &self.emitter.is_some())
            .field("custom_sink", &self.sink.is_some())
            .finish()
    }
}

/// The diagnostic engine: builds, filters, orders, dispatches and prints
/// diagnostics. See the [crate docs](crate) for the whole story.
///
/// `DiagEngine<Shared>` (the default) is `Sync` and meant to be shared by
/// reference between the threads of a parallel pass. `DiagEngine<Local>` has
/// the same API with `Cell`/`RefCell`/`Rc` inside and cannot leave its
/// thread.
pub struct DiagEngine<P: Policy = Shared> {
    sources: SourceManager<P>,
    /// The handler stack. Invariant: replaced only as a whole version
    /// (`SwapCell::update`), so an emitter's snapshot is always a stack some
    /// writer published, never one half-way through a change. Emitters hold
    /// a snapshot, not a lock, while handlers run.
    handlers: P::Swap<HandlerStack<P>>,
    /// The next handler id. Ids only need to be unique: `Relaxed`.
    next_handler_id: P::AtomicU64,
    emitter: Box<dyn Emitter>,
    /// The printer lock: held for exactly one `write_all` of one whole
    /// rendering, never while rendering or while a handler runs.
    printer: P::Mutex<Box<dyn Write + Send>>,
    config: Config,
    /// On lines of their own: every dispatch writes one, and they must not
    /// invalidate the read-mostly fields above for the other emitters.
    counters: CachePadded<Counters<P>>,
    /// Fingerprints of delivered diagnostics, and of those being delivered
    /// (deduplication). A dispatch that unwinds before delivery takes its
    /// fingerprint back (`Delivery`).
    seen: P::Mutex<HashSet<u64>>,
}

impl DiagEngine<Shared> {
    /// A thread-safe engine printing to standard error with the default
    /// settings.
    pub fn new() -> Self {
        EngineBuilder::new().build()
    }

    /// A builder for a thread-safe engine.
    pub fn builder() -> EngineBuilder<Shared> {
        EngineBuilder::new()
    }
}

impl Default for DiagEngine<Shared> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy> DiagEngine<P> {
    /// A builder for an engine with policy `P`.
    pub fn builder_with_policy() -> EngineBuilder<P> {
        EngineBuilder::new()
    }

    /// The source manager whose files spans point into.
    #[inline]
    pub fn sources(&self) -> &SourceManager<P> {
        &self.sources
    }

    /// The policy switches.
    #[inline]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes the policy switches (needs exclusive access: no diagnostic is
    /// in flight while they change).
    #[inline]
    pub fn config_mut(&mut self) -> &mut Config {
        &mut self.config
    }

    /// Starts an error at `location`. Emitting it returns the proof token.
    pub fn error(
        &self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> InFlight<'_, P, IsError> {
        InFlight::new(self, Diagnostic::new(Severity::Error, location, message))
    }

    /// Starts a warning at `location`.
    pub fn warning(
        &self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> InFlight<'_, P, MaybeError> {
        InFlight::new(self, Diagnostic::new(Severity::Warning, location, message))
    }

    /// Starts a remark at `location`.
    pub fn remark(
        &self,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> InFlight<'_, P, MaybeError> {
        InFlight::new(self, Diagnostic::new(Severity::Remark, location, message))
    }

    /// Starts a diagnostic of any severity.
    pub fn build(
        &self,
        severity: Severity,
        location: impl Into<Location>,
        message: impl Into<Cow<'static, str>>,
    ) -> InFlight<'_, P, MaybeError> {
        InFlight::new(self, Diagnostic::new(severity, location, message))
    }

    /// Emits a finished diagnostic and returns the proof token if it is (or
    /// became, through warnings-as-errors) an error.
    ///
    /// Inside a task of an [ordered region](Self::ordered_region) the
    /// diagnostic is buffered and dispatched when the region ends; otherwise
    /// it is dispatched now: deduplicated, counted, offered to the handlers
    /// top-down, and printed if none consumed it.
    pub fn emit(&self, diag: Diagnostic) -> Option<ErrorReported> {
        self.emit_boxed(Box::new(diag))
    }

    /// [`emit`](Self::emit) for a boxed diagnostic: the builder's path,
    /// which moves a pointer instead of the whole diagnostic.
    pub(crate) fn emit_boxed(&self, mut diag: Box<Diagnostic>) -> Option<ErrorReported> {
        if diag.severity() == Severity::Warning {
            if self.config.warnings_as_errors {
                diag.set_severity(Severity::Error);
                diag.push_child(
                    ChildLevel::Note,
                    None,
                    "this warning is an error because warnings are treated as errors",
                );
            } else if self.config.suppress_warnings {
                // Statistics counter: Relaxed, pairs with nothing.
                self.counters.warnings_suppressed.fetch_add(1, Relaxed);
                return None;
            }
        }
        let proof = (diag.severity() == Severity::Error).then(|| {
            // A flag, set once: a load first, so that after the first error
            // emitters only read the line and do not bounce it between
            // cores. Relaxed: `has_errors` on another thread sees it once
            // that thread is ordered after this one (a join, a lock), which
            // is the only promise made.
            if !self.counters.any_error.load(Relaxed) {
                self.counters.any_error.store(true, Relaxed);
            }
            ErrorReported::new()
        });
        if let Some(diag) = context::buffer(self, diag) {
            self.dispatch(&diag);
        }
        proof
    }

    /// Deduplicates, counts, runs the handlers and prints: the part of
    /// emission that ordered regions defer.
    pub(crate) fn dispatch(&self, diag: &Diagnostic) {
        let mut delivery = Delivery {
            engine: self,
            fingerprint: None,
        };
        if self.config.deduplicate {
            let fingerprint = diag.fingerprint();
            if !self.seen.lock().insert(fingerprint) {
                // Statistics counter: Relaxed, pairs with nothing.
                self.counters.deduplicated.fetch_add(1, Relaxed);
                return;
            }
            delivery.fingerprint = Some(fingerprint);
        }
        // Statistics counters below: Relaxed. The error count is also the
        // error-limit test, which needs only that each error gets a distinct
        // number (every RMW reads the latest value in the counter's
        // modification order), not any ordering with other memory.
        match diag.severity() {
            Severity::Error => {
                let n = self.counters.errors.fetch_add(1, Relaxed) + 1;
                if let Some(limit) = self.config.error_limit
                    && n > limit
                {
                    self.counters.errors_not_shown.fetch_add(1, Relaxed);
                    // Exactly one thread swaps `false` out (RMWs on one
                    // location are totally ordered): Relaxed suffices.
                    // (The mutant `DiagLimitNoticeSplit` splits the swap into
                    // a load and a store.)
                    let already = if mutant(Mutant::DiagLimitNoticeSplit) {
                        let seen = self.counters.limit_notice.load(Relaxed);
                        self.counters.limit_notice.store(true, Relaxed);
                        seen
                    } else {
                        self.counters.limit_notice.swap(true, Relaxed)
                    };
                    if !already {
                        let text =
                            format!("error limit of {limit} reached; further errors are not shown");
                        self.print_message(Level::Note, &text);
                    }
                    return;
                }
            }
            Severity::Warning => {
                self.counters.warnings.fetch_add(1, Relaxed);
            }
            Severity::Remark => {
                self.counters.remarks.fetch_add(1, Relaxed);
            }
        }
        // A snapshot, not a lock: a handler may emit again (re-entering
        // `dispatch`) or register handlers without deadlock, and a handler
        // that panics leaves nothing locked. The load acquires the version
        // published by `publish` (arc-swap's load pairs with its store), so
        // the handlers a registering thread built are seen complete.
        //
        // A handler (or the emitter) that panics stops this diagnostic: it
        // stays counted, but `delivery` forgets its fingerprint while the
        // panic unwinds, so emitting it again is not dropped as a duplicate
        // of a diagnostic nobody received.
        let stack = self.handlers.load();
        for entry in stack.entries.iter().rev() {
            if (entry.handler)(self, diag) == Handled::Consumed {
                delivery.done();
                return;
            }
        }
        drop(stack);
        self.print(diag);
        delivery.done();
    }

    /// Renders `diag` with the engine's emitter, as the default emitter
    /// would print it.
    pub fn render(&self, diag: &Diagnostic) -> String {
        let mut files = SourceSet::<P>::new();
        let mut add = |loc: &Location| {
            if let Location::Span(span) = loc {
                files.insert(&self.sources, span.file);
            }
        };
        add(diag.location());
        for child in diag.children() {
            if let Some(loc) = &child.location {
                add(loc);
            }
        }
        for label in diag.labels() {
            files.insert(&self.sources, label.span.file);
        }
        let mut out = String::new();
        self.emitter.render(diag, &files, &mut out);
        out
    }

    /// Renders and prints `diag` through the default emitter, bypassing
    /// handlers, counts and deduplication.
    pub fn print(&self, diag: &Diagnostic) {
        let text = self.render(diag);
        self.write_whole(&text);
    }

    fn print_message(&self, level: Level, text: &str) {
        let mut out = String::new();
        self.emitter.render_message(level, text, &mut out);
        self.write_whole(&out);
    }

    /// Writes one whole rendering under the printer lock: the one place
    /// output is produced, so renderings never interleave.
    fn write_whole(&self, text: &str) {
        let bytes = text.as_bytes();
        if mutant(Mutant::DiagSplitWrite) {
            // The bug: two lock acquisitions, so another thread's rendering
            // can land between the halves.
            let (first, second) = bytes.split_at(bytes.len() / 2);
            for piece in [first, second] {
                let result = self.printer.lock().write_all(piece);
                self.note_write(result);
            }
            return;
        }
        let mut sink = self.printer.lock();
        let result = sink.write_all(bytes).and_then(|()| sink.flush());
        drop(sink);
        self.note_write(result);
    }

    fn note_write(&self, result: io::Result<()>) {
        if result.is_err() {
            // Statistics counter: Relaxed, pairs with nothing.
            self.counters.write_failures.fetch_add(1, Relaxed);
        }
    }

    /// Registers `handler` on top of the stack until the returned scope is
    /// dropped. Diagnostics reach the top handler first.
    ///
    /// Registration publishes a new version of the stack; emitters that
    /// already took a snapshot finish with the old one.
    pub fn push_handler<F>(&self, handler: F) -> HandlerScope<'_, P>
    where
        F: Fn(&DiagEngine<P>, &Diagnostic) -> Handled + Send + Sync + 'static,
    {
        // Ids only need to be unique: Relaxed.
        let id = self.next_handler_id.fetch_add(1, Relaxed);
        let boxed: Box<HandlerFn<P>> = Box::new(handler);
        let entry = HandlerEntry {
            id,
            handler: ArcApi::new(boxed),
        };
        self.publish(|stack| stack.with(entry.clone()));
        HandlerScope { engine: self, id }
    }

    /// The number of registered handlers.
    pub fn handler_count(&self) -> usize {
        self.handlers.load().entries.len()
    }

    /// Publishes `f(current stack)` as one new version.
    fn publish(&self, mut f: impl FnMut(&HandlerStack<P>) -> HandlerStack<P>) {
        if mutant(Mutant::DiagTornHandlerStack) {
            // The bug: the change is published in two steps, and an emitter
            // loading between them sees an empty stack.
            let next = f(&self.handlers.load());
            self.handlers.store(HandlerStack::default());
            self.handlers.store(next);
            return;
        }
        if mutant(Mutant::DiagHandlerLostUpdate) {
            // The bug: a whole new version, computed from a load and published
            // with a plain store, so a concurrent change is overwritten.
            let next = f(&self.handlers.load());
            self.handlers.store(next);
            return;
        }
        // One publication of a complete version (arc-swap's compare-and-swap
        // releases it; the load in `dispatch` acquires it). The compare-and-swap
        // retries when another change was published since the load, so no
        // change is lost.
        self.handlers.update(f);
    }

    /// Runs `f` with an ordered region: diagnostics emitted by the region's
    /// tasks are buffered and dispatched in task-key order when `f` returns
    /// or unwinds. See [`Region`].
    pub fn ordered_region<R>(&self, f: impl FnOnce(&Region<'_, P>) -> R) -> R {
        let region = Region::new(self);
        f(&region)
        // `region` drops here, also when `f` unwinds: its drop flushes.
    }

    /// The counts so far.
    pub fn summary(&self) -> Summary {
        let c = &self.counters;
        // Statistics loads: Relaxed (see `Counters`).
        Summary {
            errors: c.errors.load(Relaxed),
            warnings: c.warnings.load(Relaxed),
            remarks: c.remarks.load(Relaxed),
            deduplicated: c.deduplicated.load(Relaxed),
            errors_not_shown: c.errors_not_shown.load(Relaxed),
            warnings_suppressed: c.warnings_suppressed.load(Relaxed),
            write_failures: c.write_failures.load(Relaxed),
        }
    }

    /// Prints the rustc-style summary line, if there is one, and returns the
    /// proof token if any error was reported.
    pub fn emit_summary(&self) -> Option<ErrorReported> {
        if let Some((level, text)) = self.summary().line() {
            self.print_message(level, &text);
        }
        self.has_errors()
    }

    /// The proof token if any error was emitted through this engine
    /// (counted at emission, so it includes errors still buffered in an
    /// ordered region).
    pub fn has_errors(&self) -> Option<ErrorReported> {
        // Statistics load: Relaxed (see `Counters::any_error`).
        self.counters
            .any_error
            .load(Relaxed)
            .then(ErrorReported::new)
    }

    /// The engine's address: its identity for the per-thread task context.
    #[inline]
    pub(crate) fn identity(&self) -> usize {
        core::ptr::from_ref(self) as usize
    }
}

/// The drop guard of one dispatch: its job is to take back the diagnostic's
/// deduplication record when the dispatch unwinds before the diagnostic was
/// delivered (a handler or the emitter panicked), so that the record means
/// "delivered" and a later emission of the same diagnostic is shown.
struct Delivery<'e, P: Policy> {
    engine: &'e DiagEngine<P>,
    /// The fingerprint this dispatch recorded, while it may still have to
    /// be taken back.
    fingerprint: Option<u64>,
}

impl<P: Policy> Delivery<'_, P> {
    /// The diagnostic was delivered (consumed by a handler or printed): the
    /// record stays.
    fn done(&mut self) {
        self.fingerprint = None;
    }
}

impl<P: Policy> Drop for Delivery<'_, P> {
    fn drop(&mut self) {
        if let Some(fingerprint) = self.fingerprint.take() {
            // No engine lock is held while handlers run, so this lock is
            // free of this thread.
            self.engine.seen.lock().remove(&fingerprint);
        }
    }
}

impl<P: Policy> fmt::Debug for DiagEngine<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DiagEngine")
            .field("policy", &P::NAME)
            .field("config", &self.config)
            .field("handlers", &self.handler_count())
            .field("summary", &self.summary())
            .finish_non_exhaustive()
    }
}
