//! The scan, the file's alias definitions, and the driver of the parse (the
//! unit runner): the operation grammar, generic and custom, and the grammar
//! of the file metadata section are strata-syntax's (`strata_syntax::ops`,
//! `strata_syntax::asm`, `strata_syntax::metadata`), whose one parser this
//! driver runs on each unit.
//!
//! A file is read in three steps:
//!
//! 1. **Scan** ([`scan_items`]): one pass over the bytes that tracks only
//!    string literals, comments and `([{` nesting, and cuts the file into its
//!    top-level items (operations, alias definitions, the file metadata
//!    section). When the file is one `"builtin.module"` operation, the body
//!    of its region is cut the same way, from what the same pass recorded
//!    one level down (`Nested`), without a second pass.
//! 2. **Ahead**: every top-level operation that is isolated from above (a
//!    function, a nested module) is parsed on its own into its child body,
//!    the operation itself kept as a shell; on the thread-safe context
//!    these are parsed concurrently on rayon, all interning into the one
//!    context.
//! 3. **In file order**: the shells are created in the root's body and the
//!    other top-level operations parsed there, one builder holding the
//!    names, so a name one top-level operation uses and another defines
//!    resolves as in MLIR's one pass.
//!
//! The same operations are parsed ahead whatever the number of threads, so
//! the tree (and the printed text) does not depend on it. An error in any
//! unit is reported as the first error in file order.

use core::cell::RefCell;
use core::hash::BuildHasher;
use core::ops::Range;
use std::time::{Duration, Instant};

use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Location, Policy, Type};
use strata_syntax::lexer::{Lexer, Token, TokenKind, wrong_token_position};
use strata_syntax::ops::{
    Builder, External, FileAliases as Aliases, FileState, Flags, OutsideUse, Regions, Shell,
    UnitParser,
};

use crate::structure;
use strata_syntax::{DistinctIds, ParseError, Parser, Syntax};

pub(crate) use strata_syntax::ops::Lines;
pub use strata_syntax::ops::MAX_REGION_NESTING;

use crate::{Module, ResourceGroup};
use strata_ir::{OpRegistry, OperationState, Traits};

type PResult<T> = Result<T, ParseError>;

/// The kind of a top-level item found by [`scan_items`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// An operation (`%0 = "a.b"() ...` or `"a.b"() ...`).
    Op,
    /// `#name = attribute`.
    AttrAlias,
    /// `!name = type`.
    TypeAlias,
    /// `{-# ... #-}`.
    Metadata,
}

/// A top-level item: its kind and byte range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// Where it is in the text.
    pub range: Range<usize>,
}

fn skip_space(b: &[u8], mut i: usize, end: usize) -> usize {
    loop {
        while i < end && strata_syntax::lexer::is_space(b[i]) {
            i += 1;
        }
        if i + 1 < end && b[i] == b'/' && b[i + 1] == b'/' {
            while i < end && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        return i;
    }
}

/// Cuts `text[start..end]` into items at nesting depth zero.
///
/// An item starts at the first token of a line whose nesting depth (of
/// `(`, `[`, `{`, string literals and comments excluded) is zero and whose
/// first character starts an item (`%`, `"`, a word other than `loc(`, `#`,
/// `!`, `{-#`, and `^`, `@` or a digit, which the parser rejects), unless
/// the line before ends where no item can end (`=`, `,`, `:`, `<`, `->`);
/// the item runs to the next start. The scan stops at a `}` at depth zero (the end of a
/// region body) and returns its offset, or `end`.
///
/// The scan never fails: what it gets wrong (text that is not an item) the
/// parser of the item reports.
pub fn scan_items(text: &str, start: usize, end: usize) -> (Vec<Item>, usize) {
    scan_items_with(text, start, end, None)
}

/// What a scan of the whole file records one level down (depth 2: inside
/// a region `({` of a top-level operation) while the file has at most one
/// top-level operation, so that the body of a file's one `builtin.module`
/// is cut without a second pass over its bytes (see [`Nested::body`]).
#[derive(Debug, Default)]
struct Nested {
    /// The item starts found at depth 2 at the start of a line.
    starts: Vec<(ItemKind, usize)>,
    /// Where the depth fell from 2 to 1, and the byte that made it fall.
    exits: Vec<(usize, u8)>,
    /// Whether recording stopped (a second top-level operation).
    off: bool,
}

impl Nested {
    /// The items and the closing `}` that `scan_items(text, body_start,
    /// end)` returns, when the recording determines them; `None` when the
    /// scan must run.
    ///
    /// The scan of the body sees the bytes from `body_start` exactly as the
    /// scan of the file saw them, two levels deeper, until the depth first
    /// falls below where it started: so the body's items are the recorded
    /// starts before that point, provided that the fall is the region's `}`
    /// and the body's first token was seen at a line start (the body scan
    /// starts in that state, the file scan does not).
    fn body(&self, text: &str, body_start: usize, end: usize) -> Option<(Vec<Item>, usize)> {
        if self.off {
            return None;
        }
        let at = self.exits.partition_point(|&(p, _)| p < body_start);
        let &(close, byte) = self.exits.get(at)?;
        if byte != b'}' || close >= end {
            return None;
        }
        let from = self.starts.partition_point(|&(_, p)| p < body_start);
        let to = self.starts.partition_point(|&(_, p)| p < close);
        let starts = &self.starts[from..to];
        let first = skip_space(text.as_bytes(), body_start, end);
        if first != close && starts.first().is_none_or(|&(_, p)| p != first) {
            return None;
        }
        let mut items: Vec<Item> = starts
            .iter()
            .enumerate()
            .map(|(k, &(kind, s))| Item {
                kind,
                range: s..starts.get(k + 1).map_or(close, |n| n.1),
            })
            .collect();
        trim_items(text, &mut items);
        Some((items, close))
    }
}

/// The kind of the item starting at `b[i]` at the start of a line, if any.
fn item_kind(b: &[u8], i: usize, end: usize) -> Option<ItemKind> {
    match b[i] {
        b'%' | b'"' => Some(ItemKind::Op),
        // A custom-form operation (or any other word): the parser of
        // the item reports it. A trailing `loc(...)` or a function's
        // `attributes {...}` on its own line continues the operation.
        c if (c.is_ascii_alphabetic() || c == b'_') && !continues_operation(&b[i..end]) => {
            Some(ItemKind::Op)
        }
        b'^' | b'@' | b'0'..=b'9' => Some(ItemKind::Op),
        b'#' if b.get(i + 1) != Some(&b'-') => Some(ItemKind::AttrAlias),
        b'!' => Some(ItemKind::TypeAlias),
        b'{' if b[i..end].starts_with(b"{-#") => Some(ItemKind::Metadata),
        _ => None,
    }
}

/// [`scan_items`], also recording into `nested` what lies one level down.
fn scan_items_with(
    text: &str,
    start: usize,
    end: usize,
    mut nested: Option<&mut Nested>,
) -> (Vec<Item>, usize) {
    let b = text.as_bytes();
    let mut items: Vec<Item> = Vec::new();
    let mut depth: i64 = 0;
    let mut i = skip_space(b, start, end);
    let mut line_start = true;
    let mut open: Option<(ItemKind, usize)> = None;
    let mut ops = 0u32;
    let close = |items: &mut Vec<Item>, open: &mut Option<(ItemKind, usize)>, at: usize| {
        if let Some((kind, s)) = open.take() {
            items.push(Item { kind, range: s..at });
        }
    };
    while i < end {
        let c = b[i];
        if line_start {
            line_start = false;
            if depth == 0 {
                // Text before the first item that starts none (`) foo`, `*`)
                // is an operation too, so that its parser reports it: skipped,
                // it would make a file of garbage an empty module. A `}` ends a
                // region's body instead.
                let kind = item_kind(b, i, end)
                    .filter(|_| !continues_previous_line(b, start, i))
                    .or_else(|| (open.is_none() && c != b'}').then_some(ItemKind::Op));
                if let Some(kind) = kind {
                    close(&mut items, &mut open, i);
                    open = Some((kind, i));
                    if kind == ItemKind::Op {
                        ops += 1;
                        if ops > 1
                            && let Some(n) = nested.as_deref_mut()
                        {
                            n.off = true;
                            nested = None;
                        }
                    }
                }
                if kind == Some(ItemKind::Metadata) {
                    // The section runs to its `#-}`.
                    let rest = &text[i..end];
                    let stop = rest.find("#-}").map_or(end, |p| i + p + 3);
                    i = stop;
                    close(&mut items, &mut open, i);
                    i = skip_space(b, i, end);
                    // The byte after the section starts a line as well.
                    line_start = true;
                    continue;
                }
            } else if depth == 2
                && let Some(n) = nested.as_deref_mut()
                && let Some(kind) = item_kind(b, i, end)
                && !continues_previous_line(b, 0, i)
            {
                n.starts.push((kind, i));
            }
        }
        match c {
            b'"' => {
                i += 1;
                while i < end && b[i] != b'"' && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < end && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => {
                if depth == 2
                    && let Some(n) = nested.as_deref_mut()
                {
                    n.exits.push((i, c));
                }
                depth -= 1;
            }
            b'}' => {
                if depth == 0 {
                    close(&mut items, &mut open, i);
                    trim_items(text, &mut items);
                    return (items, i);
                }
                if depth == 2
                    && let Some(n) = nested.as_deref_mut()
                {
                    n.exits.push((i, c));
                }
                depth -= 1;
            }
            b'\n' => {
                i = skip_space(b, i, end);
                line_start = true;
                continue;
            }
            _ => {
                // Most bytes mean nothing to the scan: skip them in a tight
                // loop.
                i += 1;
                while i < end && !SPECIAL[b[i] as usize] {
                    i += 1;
                }
                continue;
            }
        }
        i += 1;
    }
    let end = end.min(b.len());
    close(&mut items, &mut open, end);
    trim_items(text, &mut items);
    (items, end)
}

/// The bytes the scan looks at; any other byte is skipped.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    let special = b"\"/()[]{}\n";
    let mut k = 0;
    while k < special.len() {
        t[special[k] as usize] = true;
        k += 1;
    }
    t
};

/// Whether the line starting at `b[line]` continues the item above it
/// because that item cannot end where the previous line does: its last
/// character outside a trailing comment is `=`, `,`, `:`, `<`, or the `>` of
/// `->` (`%0 =` then the operation, a result list, `: () ->` then the result
/// type, a type's parameters). Brackets need no rule: an open `(`, `[` or `{`
/// already puts the next line below depth zero. Nothing before `lower` is
/// read (the start of the scanned body).
fn continues_previous_line(b: &[u8], lower: usize, line: usize) -> bool {
    // The last non-space byte before this line (blank lines skipped).
    let mut p = line;
    while p > lower && strata_syntax::lexer::is_space(b[p - 1]) {
        p -= 1;
    }
    if p <= lower || p == line {
        return false;
    }
    let ends_open =
        |text: &[u8]| matches!(text, [.., b'=' | b',' | b':' | b'<'] | [.., b'-', b'>']);
    // Nearly every line ends with something else: one byte decides.
    if !ends_open(&b[lower..p]) {
        return false;
    }
    // The byte may be inside a trailing comment: cut the comment (outside
    // string literals) from that line and look again.
    let mut begin = p;
    while begin > lower && b[begin - 1] != b'\n' {
        begin -= 1;
    }
    let text = &b[begin..p];
    let mut k = 0;
    while k < text.len() {
        match text[k] {
            b'"' => {
                k += 1;
                while k < text.len() && text[k] != b'"' {
                    k += if text[k] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if text.get(k + 1) == Some(&b'/') => {
                let mut code = &text[..k];
                while let [rest @ .., c] = code
                    && strata_syntax::lexer::is_space(*c)
                {
                    code = rest;
                }
                return ends_open(code);
            }
            _ => {}
        }
        k += 1;
    }
    true
}

/// Whether a line starting with `rest` continues the operation above it
/// rather than starting one: a trailing `loc(...)`, or the `attributes`
/// keyword of a `func.func` signature written over several lines.
fn continues_operation(rest: &[u8]) -> bool {
    if rest.starts_with(b"loc(") {
        return true;
    }
    starts_word(rest, b"attributes")
}

/// Whether `text` starts with the bare identifier `word` as a whole (not
/// followed by another character of a bare identifier, `[A-Za-z0-9_$.]`).
fn starts_word(text: &[u8], word: &[u8]) -> bool {
    text.strip_prefix(word).is_some_and(|after| {
        !after
            .first()
            .is_some_and(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'))
    })
}

fn trim_items(text: &str, items: &mut [Item]) {
    for it in items {
        let s = &text[it.range.clone()];
        // MLIR's whitespace only: a form feed or a no-break space after an
        // item is a character the lexer refuses, not a blank to trim.
        it.range.end = it.range.start + s.trim_end_matches([' ', '\t', '\n', '\r', '\0']).len();
    }
}

/// What an attribute or type alias definition made.
enum Defined<'c> {
    Type(Type<'c>),
    Attribute(Attribute<'c>),
}

/// A top-level isolated operation parsed on its own, on any thread (see
/// [`prebuild_unit`]): the operation, to be created in the module's body
/// in file order, and what its unit left for that step.
struct Prebuilt<'c, 'f> {
    shell: Shell<'c, 'f>,
    /// The uses of names the unit does not define.
    externals: Vec<External<'c, 'f>>,
    outside: Option<OutsideUse<'c>>,
    undefined_location: Option<ParseError>,
    /// Whether the verifier's rules for every operation can fail in it.
    needs_check: bool,
}

/// Whether the operation whose text starts `op` is one whose regions are
/// isolated from above (by its definition in `ops`), written without
/// result names: a quoted name without escapes (`"func.func"`), or a bare
/// one, where a name without a dialect prefix is the builtin dialect's
/// (`module`).
fn isolated_unit(op: &str, ops: &OpRegistry) -> bool {
    let b = op.as_bytes();
    let name = if b.first() == Some(&b'"') {
        match b[1..].iter().position(|&c| c == b'"' || c == b'\\') {
            Some(n) if b[1 + n] == b'"' => &op[1..1 + n],
            _ => return false,
        }
    } else {
        let n = b
            .iter()
            .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'-')))
            .unwrap_or(b.len());
        &op[..n]
    };
    let isolated = |name: &str| {
        ops.lookup(name)
            .is_some_and(|id| ops.def(id).has(Traits::ISOLATED_FROM_ABOVE))
    };
    if b.first() != Some(&b'"') && !name.contains('.') {
        return isolated(&format!("builtin.{name}"));
    }
    !name.is_empty() && isolated(name)
}

/// Parses the unit at `range` on its own when it is one top-level isolated
/// operation (see [`isolated_unit`]): its regions into the operation's
/// child body, the operation kept as a shell. `None` when it is not one,
/// and the unit is parsed in file order with the rest.
fn prebuild_unit<'c, 'f, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    shared: &'f FileState<'c, 'f, P, S>,
    b: &mut Builder<'c, 'f>,
    range: Range<usize>,
) -> Option<PResult<Prebuilt<'c, 'f>>> {
    if !isolated_unit(&shared.text[range.clone()], shared.ops) {
        return None;
    }
    let end = range.end;
    b.reset(strata_ir::Body::new(), None);
    b.defer_top = true;
    let mut p = UnitParser::new(ctx, shared, range, shared.distinct.clone(), b);
    match p.parse_operation() {
        Err(e) => return Some(Err(at_unit_end(shared.text, end, e))),
        // Created, not deferred, or more than one operation: the file-order
        // step parses it.
        Ok(Some(_)) => return None,
        Ok(None) if !p.at_end() => return None,
        Ok(None) => {}
    }
    let shell = b.shell.take()?;
    Some(Ok(Prebuilt {
        shell,
        externals: b.take_externals(),
        outside: b.outside(),
        undefined_location: b.undefined_location.take(),
        needs_check: b.flags.needs_check(),
    }))
}

/// `e` where MLIR reports it when it lies at `end`, the end of a unit of
/// `text`: a unit ends at its last token, where MLIR sees the next token of
/// the file (the first of the next item, or the end of the file), so an
/// error at the current token is at that one. (A wrong token is reported
/// after the token before, which the unit's end already is; the lexer's
/// error where the lexer stopped, at the blank after the unit.)
fn at_unit_end(text: &str, end: usize, e: ParseError) -> ParseError {
    if e.span().start != end || e.is_wrong_token() || e.is_lexical() || end == text.len() {
        return e;
    }
    let mut lexer = Lexer::new(text);
    lexer.reset(end);
    let next = lexer.next_token().start;
    remap(&e, next..next, false)
}

/// Parses the unit at `range` on its own into a builder of its own, only
/// for its first error (the operations above an item that failed).
fn first_error_of<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    shared: &FileState<'c, '_, P, S>,
    placeholder: Attribute<'c>,
    range: Range<usize>,
) -> PResult<()> {
    let end = range.end;
    let mut b = Builder::new(strata_ir::Body::new(), None, placeholder);
    UnitParser::new(ctx, shared, range, DistinctIds::new(), &mut b)
        .parse_top()
        .map(drop)
        .map_err(|e| at_unit_end(shared.text, end, e))
}

/// How the top-level isolated operations of a module body are parsed
/// ahead of the rest: sequentially, or on the facade's parallel driver
/// (`Context::parallel_map`).
trait Runner<'c, P: Policy, S> {
    /// [`prebuild_unit`] of every range, in order.
    fn prebuild<'f>(
        &self,
        ctx: &'c Context<P, S>,
        shared: &'f FileState<'c, 'f, P, S>,
        placeholder: Attribute<'c>,
        ranges: &[Range<usize>],
    ) -> Vec<Option<PResult<Prebuilt<'c, 'f>>>>;

    /// Whether the runner is parallel.
    fn parallel(&self) -> bool {
        false
    }

    /// Runs `a` and `b`, concurrently where the runner is parallel.
    fn join<A: Send, B: Send>(
        &self,
        a: impl FnOnce() -> A + Send,
        b: impl FnOnce() -> B + Send,
    ) -> (A, B) {
        (a(), b())
    }
}

struct Sequential;

impl<'c, P: Policy, S: BuildHasher + 'static> Runner<'c, P, S> for Sequential {
    fn prebuild<'f>(
        &self,
        ctx: &'c Context<P, S>,
        shared: &'f FileState<'c, 'f, P, S>,
        placeholder: Attribute<'c>,
        ranges: &[Range<usize>],
    ) -> Vec<Option<PResult<Prebuilt<'c, 'f>>>> {
        let mut b = Builder::new(strata_ir::Body::new(), None, placeholder);
        ranges
            .iter()
            .map(|r| prebuild_unit(ctx, shared, &mut b, r.clone()))
            .collect()
    }
}

struct Parallel;

impl<'c, S: BuildHasher + Sync + Send + 'static> Runner<'c, strata_ctx::Shared, S> for Parallel {
    fn parallel(&self) -> bool {
        true
    }

    fn prebuild<'f>(
        &self,
        ctx: &'c Context<strata_ctx::Shared, S>,
        shared: &'f FileState<'c, 'f, strata_ctx::Shared, S>,
        placeholder: Attribute<'c>,
        ranges: &[Range<usize>],
    ) -> Vec<Option<PResult<Prebuilt<'c, 'f>>>> {
        // The facade's driver: every batch of units runs, in parallel on
        // rayon's pool, each batch in order in one builder, and a panicking
        // batch's panic (the lowest-indexed one's) propagates once all have
        // run. Batches are small enough for every thread to get many.
        let per = ranges
            .len()
            .div_ceil(rayon::current_num_threads().max(1) * 16);
        let batches: Vec<&[Range<usize>]> = ranges.chunks(per.clamp(1, 64)).collect();
        let built = ctx.parallel_map(&batches, |_, _, batch| {
            let mut b = Builder::new(strata_ir::Body::new(), None, placeholder);
            batch
                .iter()
                .map(|r| prebuild_unit(ctx, shared, &mut b, r.clone()))
                .collect::<Vec<_>>()
        });
        built.into_iter().flatten().collect()
    }

    fn join<A: Send, B: Send>(
        &self,
        a: impl FnOnce() -> A + Send,
        b: impl FnOnce() -> B + Send,
    ) -> (A, B) {
        rayon::join(a, b)
    }
}

/// What a parse did besides the module: how long the scan took (cutting
/// the file into items, alias definitions, the module's shell; the rest of
/// the parse time is the parse of the units) and how many units it cut the
/// file into (the module's own, then one per operation of its body that
/// could be parsed alone).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseStats {
    /// The time the scan took.
    pub scan: Duration,
    /// The number of units.
    pub units: usize,
}

/// Parses a whole file (the text of one `--split-input-file` chunk or of a
/// file) named `name` sequentially into `ctx` (the thread-safe or the
/// single-threaded context), with the dialects of `syntax`, recording what
/// the parse did in `stats` ([`crate::ParseConfig`]'s sequential parse).
pub(crate) fn parse_sequential<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    syntax: (&Syntax<P, S>, &OpRegistry, OpNote),
    text: &str,
    name: &str,
    stats: &mut ParseStats,
) -> PResult<Module<'c>> {
    parse_with(ctx, syntax, text, name, &Sequential, stats)
}

/// [`parse_sequential`] with the top-level operations (or those of the
/// file's `builtin.module`) parsed concurrently on the current rayon pool,
/// all interning into `ctx`: the same tree.
pub(crate) fn parse_parallel<'c, S: BuildHasher + Sync + Send + 'static>(
    ctx: &'c Context<strata_ctx::Shared, S>,
    syntax: (&Syntax<strata_ctx::Shared, S>, &OpRegistry, OpNote),
    text: &str,
    name: &str,
    stats: &mut ParseStats,
) -> PResult<Module<'c>> {
    parse_with(ctx, syntax, text, name, &Parallel, stats)
}

/// How the verifier's errors print the operation they are about (see
/// [`crate::ParseConfig::op_on_diagnostic`]).
pub(crate) type OpNote = Option<strata_builtin::PrintOptions>;

fn parse_with<'c, P: Policy, S: BuildHasher + 'static, R: Runner<'c, P, S>>(
    ctx: &'c Context<P, S>,
    syntax: (&Syntax<P, S>, &OpRegistry, OpNote),
    text: &str,
    name: &str,
    runner: &R,
    stats: &mut ParseStats,
) -> PResult<Module<'c>> {
    parse_file(ctx, syntax, text, name, runner, stats).map_err(|e| at_file_end(text, e))
}

/// `e` where MLIR reports an error at the very end of a `text` that ends
/// with its last token (no final newline). The parsers report a token
/// missing at the end of the text they were given after its last token,
/// which is right for an operation that is not the last of its file: MLIR
/// finds the next token on a later line and reports at the end of this one.
/// At the end of the file MLIR steps back one byte, onto the last character
/// (`Parser::emitError`), and for a wrong token then back over the blanks
/// before it (`emitWrongTokenError`: `!t =` is reported at the space after
/// `!t`). An error at a place the parser chose (the lexer's, for one)
/// stays there (see [`ParseError::wrong_token`]).
fn at_file_end(text: &str, e: ParseError) -> ParseError {
    let span = e.span();
    match text.as_bytes().last() {
        Some(&last) if span.start == text.len() && !e.is_exact() && !e.is_lexical() => {
            let mut start = text.len() - 1;
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            if e.is_wrong_token() {
                if last.is_ascii_whitespace() {
                    // Already after the last token.
                    return e;
                }
                let tok = Token {
                    kind: TokenKind::Comma,
                    start,
                    end: text.len(),
                };
                let at = wrong_token_position(text, &tok);
                remap(&e, at..at, true)
            } else {
                remap(&e, start..start, true)
            }
        }
        _ => e,
    }
}

/// The root operation of a file: an implicit `builtin.module`, the file's
/// own module with its body parsed unit by unit (its shell parsed with the
/// body left out), or the file's one operation parsed whole.
enum Root<'c, 'f> {
    Implicit,
    Shell(Shell<'c, 'f>),
    Whole,
}

fn parse_file<'c, P: Policy, S: BuildHasher + 'static, R: Runner<'c, P, S>>(
    ctx: &'c Context<P, S>,
    (syntax, registry, op_note): (&Syntax<P, S>, &OpRegistry, OpNote),
    text: &str,
    name: &str,
    runner: &R,
    stats: &mut ParseStats,
) -> PResult<Module<'c>> {
    let started = Instant::now();
    if text.len() >= u32::MAX as usize {
        return Err(ParseError::new(0..0, "file too large (4 GiB or more)"));
    }
    let mut nested = Nested::default();
    // The line starts (for the locations) are found while the scan runs.
    let ((items, stop), lines) = runner.join(
        || scan_items_with(text, 0, text.len(), Some(&mut nested)),
        || Lines::new(text),
    );
    // A `}` where a top-level item would start: MLIR expects an operation
    // there, and reports it after the token before (the first error in
    // file order, unless the items above it have one).
    let mut early = (stop < text.len()).then(|| {
        let tok = Token {
            kind: TokenKind::RBrace,
            start: stop,
            end: stop + 1,
        };
        let at = wrong_token_position(text, &tok);
        ParseError::wrong_token(at, "expected operation name in quotes")
    });
    let mut aliases = Aliases::default();
    let mut resources = Vec::new();
    let mut ops = Vec::new();
    // Alias definitions are parsed where they are defined, in file order
    // and with one table of distinct ids, as MLIR parses them: each sees the
    // definitions above it, and a use of a later one is an undefined alias,
    // as in MLIR.
    let distinct = RefCell::new(DistinctIds::new());
    // In file order; the text after an alias's value on its line is cut
    // into items of its own, read next.
    let mut pending: Vec<Item> = items.into_iter().rev().collect();
    while let Some(item) = pending.pop() {
        let r = match item.kind {
            ItemKind::Op => {
                ops.push(item.range.clone());
                Ok(())
            }
            ItemKind::Metadata => strata_syntax::metadata::parse_metadata(
                ctx,
                text,
                item.range.clone(),
                syntax,
                |kind, entries| ResourceGroup { kind, entries },
            )
            .map(|r| resources.extend(r)),
            ItemKind::AttrAlias | ItemKind::TypeAlias => {
                define_alias(ctx, syntax, text, &item, &mut aliases, &distinct).map(|rest| {
                    if let Some(at) = rest {
                        let (mut more, stop) = scan_items(text, at, item.range.end);
                        if stop < item.range.end {
                            // A `}`: the parser of an operation there
                            // reports it.
                            more.push(Item {
                                kind: ItemKind::Op,
                                range: stop..item.range.end,
                            });
                        }
                        pending.extend(more.into_iter().rev());
                    }
                })
            }
        };
        if let Err(e) = r {
            // Nothing below the error is read (its operations could only
            // report later errors).
            early = Some(e);
            break;
        }
    }
    let placeholder: Attribute<'c> = ctx.string_attr("builtin.unrealized_conversion_cast").into();
    let shared = FileState {
        syntax,
        ops: registry,
        text,
        name,
        lines,
        aliases,
        distinct: if early.is_some() {
            DistinctIds::new()
        } else {
            distinct.into_inner()
        },
    };
    if let Some(e) = early {
        // The first error in file order: one in an operation above the
        // item that failed (or above the stray `}`) comes first.
        for range in ops {
            // (A location alias not defined above is no error yet.)
            first_error_of(ctx, &shared, placeholder, range)?;
        }
        return Err(e);
    }

    // The root: the file's own `builtin.module`, or an implicit one.
    let is_module = ops.len() == 1 && text[ops[0].clone()].starts_with("\"builtin.module\"");
    // A file that is one module in the custom form (`module { ... }`, what
    // `mlir-opt` prints by default) is its own root too, its body cut into
    // units as a generic module's is.
    let is_custom_module = ops.len() == 1 && starts_custom_module(&text[ops[0].clone()]);
    let mut undefined_location = None;
    let (root, body_ranges) = if is_module || is_custom_module {
        // Parse the module operation with its body cut into units.
        let range = ops[0].clone();
        let (head, body, tail) = if is_custom_module {
            split_custom_module(text, range.clone(), &nested)
        } else {
            split_module(text, range.clone(), &nested)
        };
        match body {
            // A plain body: the module with an empty body, then its body's
            // units. (A generic module's region without an operation has
            // no block, which a shell would give it: it is one unit.)
            Some((_, items))
                if items.iter().all(|r| r.kind == ItemKind::Op)
                    && (is_custom_module || !items.is_empty()) =>
            {
                let (shell, undefined) = parse_module_shell(ctx, &shared, placeholder, head, tail)?;
                undefined_location = undefined;
                (
                    Root::Shell(shell),
                    items.into_iter().map(|i| i.range).collect(),
                )
            }
            // Not a plain body: the module is parsed as one unit.
            _ => (Root::Whole, vec![range]),
        }
    } else {
        (Root::Implicit, ops)
    };
    stats.scan = started.elapsed();
    stats.units = match root {
        Root::Whole => 1,
        _ => 1 + body_ranges.len(),
    };

    // A `distinct[N]` written inline (not through an alias) names one
    // attribute in the whole file, as in MLIR, whose parser keeps one table
    // per file: units that write one are parsed in file order, each starting
    // from the table the one before left, so every occurrence of an id is
    // the attribute its first occurrence made (and a mismatch is reported
    // at the later one). The generic form mlir-opt prints never writes one
    // inline (every distinct attribute is an alias), so such files keep the
    // parallel parse.
    let in_order = body_ranges
        .iter()
        .any(|r| text[r.clone()].contains("distinct["));
    // The top-level isolated operations first, on the runner's threads,
    // each into its own body.
    let prebuilt = if in_order || matches!(root, Root::Whole) {
        Vec::new()
    } else {
        runner.prebuild(ctx, &shared, placeholder, &body_ranges)
    };

    // Then every unit in file order, into the root's body: the operations
    // built ahead created there, the others parsed there.
    let mut root_shell = None;
    let mut base = match root {
        Root::Whole => strata_ir::Body::new(),
        Root::Implicit => strata_ir::Body::with_roots(1),
        Root::Shell(mut shell) => {
            match core::mem::replace(&mut shell.op.regions, Regions::Built(SmallVec::new())) {
                Regions::Child(body, _) => {
                    root_shell = Some(shell);
                    *body
                }
                Regions::Built(_) => {
                    return Err(ParseError::new(0..0, "expected a module"));
                }
            }
        }
    };
    let top_block = base
        .roots()
        .first()
        .copied()
        .map(|r| match base.entry_block(r) {
            Some(b) => b,
            None => {
                let b = base.create_block();
                base.append_block(r, b)
                    .expect("a new block goes into its region once");
                b
            }
        });
    let mut b = Builder::new(base, top_block, placeholder);
    let mut needs: Vec<bool> = Vec::new();
    let mut forward = false;
    // Errors found while units are put together are reported once every
    // unit has parsed, the first in the text.
    let mut first_error: Option<ParseError> = None;
    let note = |e: ParseError, first_error: &mut Option<ParseError>| {
        if first_error
            .as_ref()
            .is_none_or(|f| e.span().start < f.span().start)
        {
            *first_error = Some(e);
        }
    };
    let mut in_order_ids = shared.distinct.clone();
    let mut prebuilt = prebuilt.into_iter();
    for range in &body_ranges {
        b.flags = Flags::default();
        match prebuilt.next().flatten() {
            Some(Err(e)) => return Err(e),
            Some(Ok(pre)) => {
                let Shell { mut op, groups } = pre.shell;
                let loc = op.loc;
                let frame = b.adopted_frame(loc);
                if let Regions::Child(_, f) = &mut op.regions {
                    *f = frame;
                }
                if let Some(id) = b.create(op)? {
                    b.place_top(id);
                    b.define_results(Some(id), groups)?;
                }
                if let Some(o) = pre.outside {
                    b.report_resolved(o);
                }
                for e in pre.externals {
                    if let Some(e) = b.resolve_external(e, frame, loc) {
                        note(e, &mut first_error);
                    }
                }
                if let Some(e) = pre.undefined_location
                    && undefined_location
                        .as_ref()
                        .is_none_or(|u: &ParseError| e.span().start < u.span().start)
                {
                    undefined_location = Some(e);
                }
                needs.push(pre.needs_check || b.flags.needs_check());
            }
            None => {
                let end = range.end;
                let ids = if in_order {
                    core::mem::take(&mut in_order_ids)
                } else {
                    shared.distinct.clone()
                };
                let (placed, left) = UnitParser::new(ctx, &shared, range.clone(), ids, &mut b)
                    .parse_top()
                    .map_err(|e| at_unit_end(text, end, e))?;
                if in_order {
                    in_order_ids = left;
                }
                needs.extend(core::iter::repeat_n(b.flags.needs_check(), placed));
            }
        }
        forward |= b.flags.resolved_forward_uses();
    }
    // A definition that resolved a use above it may have resolved one of an
    // earlier unit, which its own flags could not tell: every unit is
    // checked then.
    if forward {
        needs.fill(true);
    }
    // A name used and never defined.
    for e in b.take_externals() {
        note(
            ParseError::new(e.span, "use of undeclared SSA value name"),
            &mut first_error,
        );
    }
    if let Some(shell) = &root_shell
        && let Some(((_, _, span), _)) = shell.op.operands.first()
    {
        note(
            ParseError::new(span.clone(), "use of undeclared SSA value name"),
            &mut first_error,
        );
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    // Then, as MLIR's parser finishes, the operation locations that name no
    // location alias: the first in file order.
    if let Some(e) = [b.undefined_location.take(), undefined_location]
        .into_iter()
        .flatten()
        .min_by_key(|e| e.span().start)
    {
        return Err(e);
    }
    let root_needs = b.flags.needs_check();
    let outside = b.outside();
    let top_ops = core::mem::take(&mut b.top_ops);
    let base = b.body;
    let module_name: Attribute<'c> = ctx.string_attr("builtin.module").into();
    let (body, root) = match root_shell {
        _ if top_block.is_none() => match top_ops.first() {
            Some(&root) => (base, root),
            None => return Err(ParseError::new(0..0, "expected operation name in quotes")),
        },
        Some(shell) => {
            let mut file = strata_ir::Body::new();
            let mut state = OperationState::new(shell.op.name, shell.op.loc).with_body(base);
            state.attributes = shell.op.attributes;
            state.properties = shell.op.properties;
            state.result_types = shell.op.results;
            state.def = shell.op.def;
            let root = file.create_op(state);
            (file, root)
        }
        None => {
            let mut file = strata_ir::Body::new();
            let mut state =
                OperationState::new(module_name, ctx.file_loc(name, 0, 0).into()).with_body(base);
            state.def = registry.lookup("builtin.module");
            let root = file.create_op(state);
            (file, root)
        }
    };
    let module = Module {
        body,
        root,
        resources,
        asm: syntax.asm_hooks().clone(),
    };
    #[cfg(debug_assertions)]
    {
        fn check(b: &strata_ir::Body<'_>) {
            if let Err(e) = b.check() {
                panic!("a parsed body is inconsistent: {e}");
            }
            for (_, c) in b.children() {
                check(c);
            }
        }
        check(&module.body);
    }
    // Then, as MLIR verifies a file once it has parsed, the verifier's
    // rules for every operation (`structure.rs`), on the bodies.
    let locate = |loc: Location<'_>| structure::locate(loc, name, &shared.lines.starts, text.len());
    // The root's body holds the units' operations in order, or the root's
    // own unit's.
    let whole = top_block.is_none();
    let needs: Box<dyn Iterator<Item = bool>> = if whole {
        Box::new(core::iter::repeat(root_needs))
    } else {
        Box::new(needs.into_iter())
    };
    structure::check_parsed(
        &locate,
        runner.parallel(),
        op_note,
        registry,
        &module,
        whole && root_needs,
        needs,
    )?;
    // Then a use, inside an isolated operation, of a value defined outside
    // it.
    if let Some(e) = outside {
        let user = e
            .user_name
            .dyn_cast::<strata_builtin::StringAttr>()
            .map_or("", |s| s.payload().value);
        let error = structure::error_at_loc(
            &locate,
            e.user,
            format!("'{user}' op using value defined outside the region"),
        );
        let current = structure::current_op_at(&module, op_note, e.user, e.user_name);
        return Err(structure::note_at_loc(
            structure::current_op_note(error, current),
            &locate,
            e.isolated,
            "required by region isolation constraints",
        ));
    }
    Ok(module)
}

/// Parses the alias definition `item` (`#name = value` or `!name = value`)
/// with the definitions above it and adds it to `aliases`; returns where the
/// text after the value starts, if the item goes on after it.
fn define_alias<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    syntax: &Syntax<P, S>,
    text: &str,
    item: &Item,
    aliases: &mut Aliases<'c>,
    distinct: &RefCell<DistinctIds<'c>>,
) -> PResult<Option<usize>> {
    let is_type = item.kind == ItemKind::TypeAlias;
    let what = if is_type { "type" } else { "attribute" };
    // The name and the `=` as MLIR's lexer and parser read them, in MLIR's
    // order of checks.
    let mut lexer = Lexer::new(&text[..item.range.end]);
    lexer.reset(item.range.start);
    let name_tok = lexer.next_token();
    if let TokenKind::Error(why) = name_tok.kind {
        return Err(ParseError::lexical(name_tok.start..name_tok.end, why));
    }
    let alias = &text[name_tok.start..name_tok.end];
    let name_span = name_tok.start..name_tok.end;
    if aliases.table.contains(alias) {
        return Err(ParseError::new(
            name_span,
            format!("redefinition of {what} alias id '{}'", &alias[1..]),
        ));
    }
    if alias.contains('.') {
        // MLIR reserves dotted names for dialects (`#llvm.x`).
        return Err(ParseError::new(
            name_span,
            format!("{what} names with a '.' are reserved for dialect-defined names"),
        ));
    }
    let eq = lexer.next_token();
    match eq.kind {
        TokenKind::Equal => {}
        TokenKind::Error(why) => return Err(ParseError::lexical(eq.start..eq.end, why)),
        _ => {
            let at = wrong_token_position(text, &eq);
            return Err(ParseError::wrong_token(
                at,
                format!("expected '=' in {what} alias definition"),
            ));
        }
    }
    // The value, read in the item's text: a missing value is reported after
    // the `=`, as MLIR reports it.
    let mut p = Parser::new_at(ctx, &text[..item.range.end], eq.end, Some(syntax))
        .with_aliases(&aliases.table);
    p.set_distinct_ids(distinct);
    // An attribute that is a location makes a location alias, as in MLIR
    // (whose locations are attributes).
    let r = if is_type {
        p.parse_type().map(|t| Err(Defined::Type(t)))
    } else {
        p.parse_attribute()
            .map(|a| match a.dyn_cast::<strata_builtin::LocationAttr>() {
                Some(l) => Ok(l.payload().location),
                None => Err(Defined::Attribute(a)),
            })
    };
    // What follows the value on its line is the file's next item (MLIR reads
    // items, not lines).
    let rest = (r.is_ok() && p.token().kind != TokenKind::Eof).then(|| p.token().start);
    let made = r.map_err(|e| at_unit_end(text, item.range.end, e))?;
    if let TokenKind::Error(why) = p.token().kind {
        // The token after the value is a lexical error (an unterminated
        // string): MLIR's lexer reports it where it ends, and the text
        // from there on must not be read as the next item, which would
        // skip the broken token.
        let t = p.token();
        return Err(ParseError::lexical(t.start..t.end, why));
    }
    let name = &alias[1..];
    let defined = match made {
        Ok(loc) => aliases.table.define_location(name, loc),
        Err(Defined::Type(t)) => aliases.table.define_type(name, t),
        Err(Defined::Attribute(a)) => aliases.table.define_attribute(name, a),
    };
    defined.map_err(|m| ParseError::new(name_span, m))?;
    aliases.offsets.push(item.range.start);
    Ok(rest)
}

/// What [`split_module`] returns: head, body with its items, tail.
type Split = (
    Range<usize>,
    Option<(Range<usize>, Vec<Item>)>,
    Range<usize>,
);

/// Whether the operation `op` (its text from its first token) is a
/// `builtin.module` in the custom form: `module` or `builtin.module` as a
/// whole bare identifier.
fn starts_custom_module(op: &str) -> bool {
    [b"module".as_slice(), b"builtin.module"]
        .iter()
        .any(|name| starts_word(op.as_bytes(), name))
}

/// Splits a `"builtin.module"` operation into the text before its region's
/// body, the body, and the text after it, when the module has exactly one
/// region whose entry block has no label; the body comes with its items.
fn split_module(text: &str, range: Range<usize>, nested: &Nested) -> Split {
    let none = (range.clone(), None, range.end..range.end);
    let mut lexer = Lexer::new(&text[..range.end]);
    lexer.reset(range.start);
    // "builtin.module" ( ) [<props>] ( {
    let mut depth = 0i32;
    let mut t = lexer.next_token();
    let mut prev = t;
    loop {
        match t.kind {
            TokenKind::Eof => return none,
            TokenKind::LParen | TokenKind::LSquare | TokenKind::LBrace => {
                // The region list's `(` is open (depth 1) when its first
                // region's `{` comes.
                if depth == 1 && t.kind == TokenKind::LBrace && prev.kind == TokenKind::LParen {
                    break;
                }
                depth += 1;
            }
            TokenKind::RParen | TokenKind::RSquare | TokenKind::RBrace => depth -= 1,
            TokenKind::Colon if depth == 0 => return none,
            _ => {}
        }
        prev = t;
        t = lexer.next_token();
    }
    let body_start = t.end;
    let Some((items, close)) = module_body(text, &range, body_start, nested) else {
        return none;
    };
    // After the body: `}` then `)` (a single region).
    let mut after = Lexer::new(&text[..range.end]);
    after.reset(close + 1);
    if after.next_token().kind != TokenKind::RParen {
        return none;
    }
    (
        range.start..body_start,
        Some((body_start..close, items)),
        close..range.end,
    )
}

/// The items of a module's body that starts at `body_start` (after its
/// `{`), and the offset of its closing `}`; `None` when the body starts
/// with a block label or does not close inside the operation.
fn module_body(
    text: &str,
    range: &Range<usize>,
    body_start: usize,
    nested: &Nested,
) -> Option<(Vec<Item>, usize)> {
    let b = text.as_bytes();
    let first = skip_space(b, body_start, range.end);
    if b.get(first) == Some(&b'^') {
        return None;
    }
    let (items, close) = nested
        .body(text, body_start, range.end)
        .unwrap_or_else(|| scan_items(text, body_start, range.end));
    (close < range.end && b[close] == b'}').then_some((items, close))
}

/// As [`split_module`], for a module in the custom form: `module [@name]
/// [attributes {...}] {` is the head, and after the body's `}` comes at most
/// a location.
fn split_custom_module(text: &str, range: Range<usize>, nested: &Nested) -> Split {
    let none = (range.clone(), None, range.end..range.end);
    let mut lexer = Lexer::new(&text[..range.end]);
    lexer.reset(range.start);
    // `module` or `builtin.module`, then the optional name.
    lexer.next_token();
    let mut t = lexer.next_token();
    if t.kind == TokenKind::AtId {
        t = lexer.next_token();
    }
    // The optional `attributes {...}`, skipped to its closing brace.
    if t.kind == TokenKind::BareId && &text[t.start..t.end] == "attributes" {
        t = lexer.next_token();
        if t.kind != TokenKind::LBrace {
            return none;
        }
        let mut depth = 1;
        while depth > 0 {
            t = lexer.next_token();
            match t.kind {
                TokenKind::LBrace => depth += 1,
                TokenKind::RBrace => depth -= 1,
                TokenKind::Eof | TokenKind::Error(_) => return none,
                _ => {}
            }
        }
        t = lexer.next_token();
    }
    if t.kind != TokenKind::LBrace {
        return none;
    }
    let body_start = t.end;
    let Some((items, close)) = module_body(text, &range, body_start, nested) else {
        return none;
    };
    (
        range.start..body_start,
        Some((body_start..close, items)),
        close..range.end,
    )
}

/// Parses a module whose body is elided: the text `head` (up to and with the
/// region's `{`) and `tail` (from the region's `}`), as one operation whose
/// region is left empty, kept as a shell; with the first location alias it
/// names that the file does not define.
fn parse_module_shell<'c, 'f, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    shared: &'f FileState<'c, 'f, P, S>,
    placeholder: Attribute<'c>,
    head: Range<usize>,
    tail: Range<usize>,
) -> PResult<(Shell<'c, 'f>, Option<ParseError>)> {
    let mut b = Builder::new(strata_ir::Body::new(), None, placeholder);
    b.defer_top = true;
    // The parser reads head, then jumps to tail: run it on the head with an
    // end at the `{`, and splice.
    let mut p = UnitParser::new(
        ctx,
        shared,
        head.start..tail.end,
        shared.distinct.clone(),
        &mut b,
    );
    p.splice = Some((head.end, tail.start));
    p.parse_operation()?;
    if !p.at_end() {
        // MLIR reads on at the top level and expects an operation.
        return Err(p.wrong_token("expected operation name in quotes"));
    }
    match b.shell.take() {
        Some(shell) => Ok((shell, b.undefined_location.take())),
        None => Err(ParseError::new(head.start..head.start, "expected a module")),
    }
}

/// `e` at `span` (a message error, or a missing-kind error), its notes and
/// follow-up errors with it; at the end of the file (`file_end`), a
/// follow-up MLIR places at a saved location stays where it is.
fn remap(e: &ParseError, span: Range<usize>, file_end: bool) -> ParseError {
    let moved = match e.missing_kind() {
        Some(kind) => ParseError::missing(span.clone(), kind),
        None if e.is_wrong_token() && span.is_empty() => {
            ParseError::wrong_token(span.start, e.message().to_owned())
        }
        None if e.is_exact() => ParseError::exact(span.clone(), e.message().to_owned()),
        None if e.is_lexical() => ParseError::lexical(span.clone(), e.message().to_owned()),
        None => ParseError::new(span.clone(), e.message().to_owned()),
    };
    // A note, and a follow-up error, moves with the error: one at the
    // error's own span to the new span, another by the same distance.
    let to = |at: &Range<usize>| {
        if *at == e.span() {
            span.clone()
        } else {
            let shift = |v: usize| (v + span.start).saturating_sub(e.span().start);
            shift(at.start)..shift(at.end)
        }
    };
    let moved = e.notes().iter().fold(moved, |m, (at, message)| {
        m.with_note(to(at), message.clone())
    });
    e.follow_ups()
        .iter()
        .enumerate()
        .fold(moved, |m, (i, (at, message))| {
            if !e.is_follow_up_exact(i) {
                m.with_follow_up(to(at), message.clone())
            } else if file_end {
                m.with_exact_follow_up(at.clone(), message.clone())
            } else {
                m.with_exact_follow_up(to(at), message.clone())
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body items that the file scan records equal those a second scan
    /// of the body finds, whenever the recording answers at all; and it
    /// answers for the ordinary layout.
    #[test]
    fn recorded_body_equals_a_rescan() {
        let bodies = [
            "\n  \"a.b\"() : () -> ()\n  %0 = \"c.d\"() : () -> i32\n",
            "\n}",
            "\n  \"a.b\"() ({\n  \"x.y\"() : () -> ()\n  }) : () -> ()\n  \"s\"() {v = \"}\"} : () -> ()\n",
            " \"same.line\"() : () -> ()\n  \"next\"() : () -> ()\n",
            "\n  // a comment with ( and }\n  \"a\"() : () -> ()\n  loc(\"x\":1:2)\n",
            "\n  \"a\"() : () -> ()\n  {-# dialect_resources: {} #-}\n",
            "\n  \"a\"() : () -> ()\n  ) \"b\"() : () -> ()\n",
            "\n  #map = affine_map<(d0) -> (d0)>\n  \"a\"() : () -> ()\n",
            "\n  \"str with \\\" and (\"() : () -> ()\n",
        ];
        let mut answered = 0;
        for body in bodies {
            for tail in [
                "}) : () -> ()\n",
                "}) {sym_name = \"m\"} : () -> ()\n\"b\"() : () -> ()\n",
            ] {
                let text = format!("\"builtin.module\"() ({{{body}{tail}");
                let body_start = text.find("({").unwrap() + 2;
                let mut nested = Nested::default();
                let (items, _) = scan_items_with(&text, 0, text.len(), Some(&mut nested));
                let end = items[0].range.end;
                if let Some(recorded) = nested.body(&text, body_start, end) {
                    answered += 1;
                    assert_eq!(recorded, scan_items(&text, body_start, end), "{text}");
                }
            }
        }
        assert!(
            answered >= 6,
            "the recording answered only {answered} times"
        );
    }
}
