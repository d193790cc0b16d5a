//! The operation grammar's state and the IR it builds: what a file shares
//! with the parsers of its units ([`FileState`]: the dialect hooks, the
//! operations' definitions, the text, its line starts, its alias
//! definitions and `distinct[N]` ids), and the [`Builder`] of
//! `strata-ir`'s bodies that the generic form (`ops/generic.rs`,
//! [`UnitParser`]) and the custom forms (`crate::asm`) parse into.
//! strata-module's unit runner cuts a file into units and drives these.
//!
//! MLIR's generic-form parser builds an operation's regions first, then
//! creates the operation (linking its operands' uses), then defines its
//! results; a use of a name not yet defined gets a placeholder value, whose
//! uses move to the real value when the name is defined
//! (`replaceAllUsesWith`, which puts them in front of the value's own).
//! [`Builder`] does the same: a placeholder is the one result of a detached
//! operation of the body the use is in, erased once its uses have moved, so
//! every use-list comes out in MLIR's order.
//!
//! An isolated operation (its definition in the parse's registry has
//! `IsolatedFromAbove`) gets a body of its own, opened at its region list and adopted by the operation once it is
//! created. A use, inside it, of a value defined outside it is what MLIR's
//! verifier refuses ("using value defined outside the region"): the first
//! one is recorded, with the operation that uses it and the isolated
//! operation, and the use names a detached stand-in.

mod generic;

use core::ops::Range;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_ctx::{Attribute, Location, Policy, Type};
use strata_ir::{BlockId, Body, InsertPoint, OpId, OpRegistry, OperationState, RegionId, Value};

use crate::lexer::{Lexer, TokenKind};
use crate::{Aliases, DistinctIds, ParseError, Syntax};

pub use generic::UnitParser;

/// How deep regions may nest before the parser stops with a diagnostic
/// (instead of overflowing the stack).
pub const MAX_REGION_NESTING: u32 = 200;

type PResult<T> = Result<T, ParseError>;

/// Line starts of a text, for line and column numbers.
#[derive(Debug)]
pub struct Lines {
    /// The offset of each line's first byte, the first line's (0) first.
    pub starts: Vec<usize>,
}

impl Lines {
    /// The line starts of `text`.
    pub fn new(text: &str) -> Self {
        const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
        const LOW7: u64 = u64::from_ne_bytes([0x7f; 8]);
        let b = text.as_bytes();
        let mut starts = Vec::with_capacity(b.len() / 32 + 1);
        starts.push(0);
        // Eight bytes at a time: a byte of `x` is zero where the text has a
        // newline, and `!((x & LOW7) + LOW7 | x | LOW7)` sets exactly the
        // top bit of each zero byte (no borrow crosses bytes).
        let mut chunks = b.chunks_exact(8);
        let mut base = 0;
        for chunk in &mut chunks {
            let w = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
            let x = w ^ (ONES * u64::from(b'\n'));
            let mut m = !(((x & LOW7) + LOW7) | x | LOW7);
            while m != 0 {
                starts.push(base + (m.trailing_zeros() / 8) as usize + 1);
                m &= m - 1;
            }
            base += 8;
        }
        for (k, &c) in chunks.remainder().iter().enumerate() {
            if c == b'\n' {
                starts.push(base + k + 1);
            }
        }
        Self { starts }
    }

    /// The 1-based line and column of byte `pos`, by binary search: the
    /// reference the tests hold [`Lines::line_col_near`] to.
    #[cfg(test)]
    fn line_col(&self, pos: usize) -> (u32, u32) {
        let line = self.starts.partition_point(|&s| s <= pos) - 1;
        let col = pos - self.starts[line] + 1;
        (
            u32::try_from(line + 1).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }

    /// The 1-based line and column of byte `pos`, looking first at the few
    /// lines from `hint` on (a parser asks for positions in order, so the
    /// answer is usually the hint's line or one just after it), and leaving
    /// the line in `hint`.
    fn line_col_near(&self, pos: usize, hint: &core::cell::Cell<usize>) -> (u32, u32) {
        let s = &self.starts;
        let mut line = hint.get();
        if line < s.len() && s[line] <= pos {
            let mut steps = 0;
            while line + 1 < s.len() && s[line + 1] <= pos {
                line += 1;
                steps += 1;
                if steps == 8 {
                    line += s[line..].partition_point(|&x| x <= pos) - 1;
                    break;
                }
            }
        } else {
            line = s.partition_point(|&x| x <= pos) - 1;
        }
        hint.set(line);
        let col = pos - s[line] + 1;
        (
            u32::try_from(line + 1).unwrap_or(u32::MAX),
            u32::try_from(col).unwrap_or(u32::MAX),
        )
    }
}

/// Resolved alias definitions of a file.
#[derive(Debug, Default)]
pub struct FileAliases<'c> {
    /// The handles the definitions made, for the syntax parser to resolve
    /// uses with (one handle per alias, as in MLIR: every use of a distinct
    /// attribute's alias is that attribute), numbered in file order.
    pub table: Aliases<'c>,
    /// The offset of each definition in the file, in file order (the
    /// table's numbering): the definitions a text sees are those above it.
    pub offsets: Vec<usize>,
}

impl FileAliases<'_> {
    /// How many definitions lie above the file offset `at`: all that a
    /// use at `at` may name, MLIR resolving an alias only after its
    /// definition (an operation's own `loc(#name)` aside).
    pub fn visible_at(&self, at: usize) -> usize {
        self.offsets.partition_point(|&o| o < at)
    }
}

/// What the whole file shares with every unit parser.
pub struct FileState<'c, 'f, P: Policy, S> {
    /// The dialect hooks the file is parsed with.
    pub syntax: &'f Syntax<P, S>,
    /// The operations' definitions.
    pub ops: &'f OpRegistry,
    /// The file's text.
    pub text: &'f str,
    /// The file's name, in its locations.
    pub name: &'f str,
    /// The file's line starts.
    pub lines: Lines,
    /// The file's alias definitions.
    pub aliases: FileAliases<'c>,
    /// The `distinct[N]` ids the alias definitions made (in generic form,
    /// where every distinct attribute is an alias, all of them): each unit
    /// starts from a copy, so every use of an alias is its one attribute.
    pub distinct: DistinctIds<'c>,
}

impl<P: Policy, S> core::fmt::Debug for FileState<'_, '_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("FileState")
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .finish_non_exhaustive()
    }
}

/// Whether nothing but blanks and comments follows byte `at` of `src` (the
/// lexer's next token there is the end of the text). Most units are
/// followed at once by the next item, which is told without lexing it.
fn only_blanks_follow(src: &str, at: usize) -> bool {
    let b = src.as_bytes();
    let mut i = at;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    match b.get(i) {
        None => true,
        // A character that starts a token for certain.
        Some(&c) if c != b'/' && c.is_ascii_graphic() => false,
        _ => Lexer::new(&src[at..]).next_token().kind == TokenKind::Eof,
    }
}

/// MLIR's error for a value used above its definition with another type:
/// at the definition (`def`, of type `have`), the first use (`used`, with
/// type `want`) as a note.
#[cold]
#[inline(never)]
fn definition_type_error(
    name: &str,
    number: u32,
    have: Type<'_>,
    def: Range<usize>,
    want: Type<'_>,
    used: Range<usize>,
) -> ParseError {
    ParseError::new(
        def,
        format!("definition of SSA value '{name}#{number}' has type '{have}'"),
    )
    .with_note(used, format!("previously used here with type '{want}'"))
}

/// The error of an operation with `results` results whose result names,
/// starting at byte `at`, bind `declared` (MLIR reports it at the first
/// name). Out of line: the operation parser's frame is on the stack once per
/// nesting level.
#[cold]
#[inline(never)]
pub(crate) fn result_count_error(at: usize, results: usize, declared: u64) -> ParseError {
    if results == 0 {
        return ParseError::new(at..at + 1, "cannot name an operation with no results");
    }
    ParseError::new(
        at..at + 1,
        format!("operation defines {results} results but was provided {declared} to bind"),
    )
}

/// The result groups of an operation: name, count, span.
pub type ResultGroups<'f> = Vec<(&'f str, u32, Range<usize>)>;

/// One use of a value as written: name, result number, span.
pub type Use<'f> = (&'f str, u32, Range<usize>);

/// Where the values of a name are: results of an operation from a first
/// one on, or one block argument.
#[derive(Clone, Copy, Debug)]
enum Src {
    Results(OpId, u32),
    Arg(Value),
}

/// A use of a name before its definition.
#[derive(Debug)]
struct Pending<'c> {
    /// The placeholder the use names (`None` for a use inside a top-level
    /// isolated operation parsed on its own, which has none in this body).
    value: Option<Value>,
    ty: Type<'c>,
    span: Range<usize>,
    /// The frame (see [`Builder::frames`]) the use is in.
    frame: u32,
    /// The operation that uses it: location and name.
    user: (Location<'c>, Attribute<'c>),
    /// The frames open at the use, outermost first.
    open: SmallVec<[u32; 4]>,
}

/// The entry of a name in the value scope.
#[derive(Debug)]
enum Entry<'c> {
    /// Defined: in the body open at `level`, `count` values from `src`,
    /// defined at byte `at` (for the "prior use here" note).
    Defined {
        level: u32,
        src: Src,
        count: u32,
        at: usize,
    },
    /// Used before defined: per result number, the uses.
    Forward(Vec<(u32, Pending<'c>)>),
}

/// A block name scope of one region: per label, the block and, while it
/// is only referenced, the span of its first reference.
#[derive(Debug, Default)]
struct BlockScope {
    names: FxHashMap<String, (BlockId, Option<Range<usize>>)>,
}

/// The isolated operation a use of an outer value crosses: an open frame
/// (whose operation's location is known once it is created), or a
/// location.
#[derive(Clone, Copy, Debug)]
enum Crossing<'c> {
    Frame(u32),
    At(Location<'c>),
}

/// A use of a value defined outside the isolated operation around it: the
/// location and name of the operation that uses it, and the location of
/// the isolated operation.
#[derive(Clone, Copy, Debug)]
pub struct OutsideUse<'c> {
    /// The location of the operation that uses the value.
    pub user: Location<'c>,
    /// The name of the operation that uses the value.
    pub user_name: Attribute<'c>,
    /// The location of the isolated operation.
    pub isolated: Location<'c>,
}

/// What the parser saw in one unit that could make the verifier's rules
/// for every operation fail (strata-module's `structure.rs`): without any
/// of it they hold.
#[derive(Clone, Copy, Debug, Default)]
pub struct Flags {
    /// An operation with successors.
    branches: bool,
    /// A use above its definition.
    forward_uses: bool,
    /// A region of several blocks.
    multi_block: bool,
    /// A `builtin.module` whose body defines a symbol twice.
    module_redefines: bool,
    /// An operation of a dialect that does not allow unknown operations,
    /// which is not one of them ([`strata_builtin::Registration::Unknown`]).
    unknown_op: bool,
}

impl Flags {
    /// Whether a definition in the unit resolved a use above it, which may
    /// be in an earlier unit.
    pub fn resolved_forward_uses(self) -> bool {
        self.forward_uses
    }

    /// Whether the verifier's rules for every operation can fail in the
    /// unit.
    pub fn needs_check(self) -> bool {
        self.branches
            || self.forward_uses
            || self.multi_block
            || self.module_redefines
            || self.unknown_op
    }
}

/// The regions of an operation being created: built in the body around
/// it, or (an isolated operation) a child body opened as frame `frame`.
#[derive(Debug)]
pub enum Regions<'c> {
    /// Regions of the body around the operation.
    Built(SmallVec<[RegionId; 2]>),
    /// The operation's own body, and its frame.
    Child(Box<Body<'c>>, u32),
}

/// The generic form of an operation up to its regions.
struct Head<'c, 'f> {
    name: Attribute<'c>,
    def: Option<strata_ir::OpDefId>,
    isolated: bool,
    /// Where the name starts (the operation's default location).
    start: usize,
    operands: Vec<Use<'f>>,
    successors: SmallVec<[BlockId; 2]>,
    properties: Option<Attribute<'c>>,
}

/// An operation parsed and ready to be created: everything but its
/// operands' values, which [`Builder`] resolves from the names.
#[derive(Debug)]
pub struct NewOp<'c, 'f> {
    /// The operation's name, as a string attribute.
    pub name: Attribute<'c>,
    /// Its location.
    pub loc: Location<'c>,
    /// Its operands as written, with their types.
    pub operands: Vec<(Use<'f>, Type<'c>)>,
    /// Its result types.
    pub results: SmallVec<[Type<'c>; 2]>,
    /// Its successor blocks.
    pub successors: SmallVec<[BlockId; 2]>,
    /// Its properties (`<{...}>`).
    pub properties: Option<Attribute<'c>>,
    /// Its attribute dictionary.
    pub attributes: Option<Attribute<'c>>,
    /// Its regions.
    pub regions: Regions<'c>,
    /// The definition it is an instance of, if any.
    pub def: Option<strata_ir::OpDefId>,
}

/// A top-level operation not created but kept to be created later (in the
/// body of the module around it, once the units before it are there): the
/// operation and its result names.
#[derive(Debug)]
pub struct Shell<'c, 'f> {
    /// The operation.
    pub op: NewOp<'c, 'f>,
    /// Its result names.
    pub groups: ResultGroups<'f>,
}

/// A use, inside a unit parsed on its own, of a name the unit does not
/// define: the name, the use, and the operation that uses it.
#[derive(Debug)]
pub struct External<'c, 'f> {
    /// The name, with its `%`.
    pub name: &'f str,
    /// The result number (`#N`).
    pub number: u32,
    /// The type the use gives it.
    pub ty: Type<'c>,
    /// Where the use is written.
    pub span: Range<usize>,
    /// The location and name of the operation that uses it.
    pub user: (Location<'c>, Attribute<'c>),
}

/// The IR a parse builds and the names in scope: the state that outlives
/// one unit's cursor (the top-level operations of a module are parsed one
/// unit after another into one builder).
#[derive(Debug)]
pub struct Builder<'c, 'f> {
    /// The innermost open body, and the bodies open around it, outermost
    /// first.
    pub body: Body<'c>,
    outer: Vec<Body<'c>>,
    /// Emptied scratch bodies, their tables' capacity kept, for the next
    /// bodies [`Builder::open_body`] opens.
    spare: Vec<Body<'c>>,
    /// The frame of each open body, outermost first: a number given to each
    /// body as it is opened.
    frames: SmallVec<[u32; 4]>,
    /// Per frame, the location of the isolated operation that owns it,
    /// once that operation is created.
    frame_locs: Vec<Option<Location<'c>>>,
    values: FxHashMap<&'f str, Entry<'c>>,
    /// The names defined in the open regions, innermost last (to forget
    /// at a region's end), and where each open region's names start.
    defined: Vec<&'f str>,
    region_names: Vec<usize>,
    blocks: Vec<BlockScope>,
    pub(crate) depth: u32,
    /// The default dialects of the operations whose custom forms are being
    /// parsed, innermost last (see [`crate::asm::DefaultDialect`]).
    pub(crate) default_dialects: Vec<&'static str>,
    /// Where top-level operations go: the end of this block, or (`None`)
    /// nowhere, each kept in [`Builder::top_ops`].
    pub(crate) top_block: Option<BlockId>,
    /// The top-level operations kept aside, where [`Builder::new`] was given
    /// no block.
    pub top_ops: Vec<OpId>,
    /// Whether the first top-level operation is kept as a [`Shell`]
    /// instead of being created.
    pub defer_top: bool,
    /// The first top-level operation, kept (see [`Builder::defer_top`]).
    pub shell: Option<Shell<'c, 'f>>,
    /// The name of the placeholder operations.
    placeholder: Attribute<'c>,
    /// The first `loc(#name)` whose alias the file does not define as a
    /// location: MLIR reports it only once the whole file has parsed.
    pub undefined_location: Option<ParseError>,
    /// The first use of a value across an isolation boundary, in the order
    /// operations are created.
    outside: Option<(Location<'c>, Attribute<'c>, Crossing<'c>)>,
    /// What the unit being parsed saw (see [`Flags`]).
    pub flags: Flags,
    /// Whether each operation name met in the generic form (by its
    /// attribute's address) is [`strata_builtin::Registration::Unknown`].
    unknown_names: FxHashMap<usize, bool>,
}

impl<'c, 'f> Builder<'c, 'f> {
    /// A builder whose outermost body is `body`, with top-level operations
    /// going to the end of `top_block` (or kept aside).
    pub fn new(body: Body<'c>, top_block: Option<BlockId>, placeholder: Attribute<'c>) -> Self {
        Builder {
            body,
            outer: Vec::new(),
            spare: Vec::new(),
            frames: smallvec::smallvec![0],
            frame_locs: vec![None],
            values: FxHashMap::default(),
            defined: Vec::new(),
            region_names: Vec::new(),
            blocks: Vec::new(),
            depth: 0,
            default_dialects: Vec::new(),
            top_block,
            top_ops: Vec::new(),
            defer_top: false,
            shell: None,
            placeholder,
            undefined_location: None,
            outside: None,
            flags: Flags::default(),
            unknown_names: FxHashMap::default(),
        }
    }

    /// Makes this builder as [`Builder::new`] would make it for `body` and
    /// `top_block`, keeping its tables' capacity, its scratch bodies and
    /// what it learnt of operation names: a parse of many units in a row
    /// reuses one builder instead of growing a new one's tables each time.
    pub fn reset(&mut self, body: Body<'c>, top_block: Option<BlockId>) {
        let Builder {
            body: b,
            outer,
            spare,
            frames,
            frame_locs,
            values,
            defined,
            region_names,
            blocks,
            depth,
            default_dialects,
            top_block: top,
            top_ops,
            defer_top,
            shell,
            placeholder: _,
            undefined_location,
            outside,
            flags,
            unknown_names: _,
        } = self;
        *b = body;
        // A unit that failed may leave bodies open: they go back as
        // scratch.
        for mut open in outer.drain(..) {
            open.take_compact();
            spare.push(open);
        }
        frames.clear();
        frames.push(0);
        frame_locs.clear();
        frame_locs.push(None);
        values.clear();
        defined.clear();
        region_names.clear();
        blocks.clear();
        *depth = 0;
        default_dialects.clear();
        *top = top_block;
        top_ops.clear();
        *defer_top = false;
        *shell = None;
        *undefined_location = None;
        *outside = None;
        *flags = Flags::default();
    }

    /// The dialect a bare operation name without a prefix is looked up in
    /// besides its own name: the innermost default dialect, `builtin` at
    /// the top.
    pub(crate) fn default_dialect(&self) -> &'static str {
        self.default_dialects.last().copied().unwrap_or("builtin")
    }

    fn level(&self) -> u32 {
        (self.frames.len() - 1) as u32
    }

    fn frame(&self) -> u32 {
        *self.frames.last().unwrap_or(&0)
    }

    fn body_at(&self, level: u32) -> &Body<'c> {
        match self.outer.get(level as usize) {
            Some(b) => b,
            None => &self.body,
        }
    }

    fn value_of(&self, level: u32, src: Src, number: u32) -> Value {
        match src {
            Src::Results(op, first) => self.body_at(level).op(op).result((first + number) as usize),
            Src::Arg(v) => v,
        }
    }

    /// Opens the child body of an isolated operation: the operation's
    /// regions go there until [`Builder::close_body`].
    pub(crate) fn open_body(&mut self) {
        let scratch = self.spare.pop().unwrap_or_default();
        let outer = core::mem::replace(&mut self.body, scratch);
        self.outer.push(outer);
        let frame = self.frame_locs.len() as u32;
        self.frame_locs.push(None);
        self.frames.push(frame);
    }

    /// Closes the body [`Builder::open_body`] opened, returning it and its
    /// frame.
    pub(crate) fn close_body(&mut self) -> (Body<'c>, u32) {
        let outer = self.outer.pop().unwrap_or_default();
        // Built: its tables keep what they hold, not their growth's slack,
        // and the scratch body it was built in serves the next one.
        let child = self.body.take_compact();
        let scratch = core::mem::replace(&mut self.body, outer);
        self.spare.push(scratch);
        let frame = self.frames.pop().unwrap_or(0);
        (child, frame)
    }

    fn placeholder(&mut self, ty: Type<'c>, loc: Location<'c>) -> Value {
        let p = self
            .body
            .create_op(OperationState::new(self.placeholder, loc).results(&[ty]));
        self.body.op(p).result(0)
    }

    fn report(&mut self, user: (Location<'c>, Attribute<'c>), crossing: Crossing<'c>) {
        if self.outside.is_none() {
            self.outside = Some((user.0, user.1, crossing));
        }
    }

    /// Records `outside`, found by another builder, if this one has none.
    pub fn report_resolved(&mut self, outside: OutsideUse<'c>) {
        self.report(
            (outside.user, outside.user_name),
            Crossing::At(outside.isolated),
        );
    }

    /// The first use across an isolation boundary, its isolated operation
    /// located.
    pub fn outside(&self) -> Option<OutsideUse<'c>> {
        let (user, user_name, crossing) = self.outside?;
        let isolated = match crossing {
            Crossing::At(l) => l,
            Crossing::Frame(f) => self
                .frame_locs
                .get(f as usize)
                .copied()
                .flatten()
                .unwrap_or(user),
        };
        Some(OutsideUse {
            user,
            user_name,
            isolated,
        })
    }

    /// Every use of a name never defined, as [`External`]s, in the order
    /// of their spans.
    pub fn take_externals(&mut self) -> Vec<External<'c, 'f>> {
        let mut out = Vec::new();
        for (name, entry) in self.values.drain() {
            if let Entry::Forward(pending) = entry {
                for (number, p) in pending {
                    out.push(External {
                        name,
                        number,
                        ty: p.ty,
                        span: p.span,
                        user: p.user,
                    });
                }
            }
        }
        out.sort_by_key(|e| (e.span.start, e.number));
        out
    }

    /// Defines `name` as `count` values from `src` of the current body.
    fn define(&mut self, name: &'f str, src: Src, count: u32, span: Range<usize>) -> PResult<()> {
        let level = self.level();
        match self.values.get_mut(name) {
            Some(Entry::Defined { at, .. }) => {
                let prior = *at..*at + name.len();
                return Err(
                    ParseError::new(span, format!("redefinition of SSA value '{name}'"))
                        .with_note(prior, "previously defined here"),
                );
            }
            Some(Entry::Forward(pending)) => {
                self.flags.forward_uses = true;
                let pending = core::mem::take(pending);
                let here = self.frame();
                for (number, p) in pending {
                    if number >= count {
                        return Err(ParseError::new(
                            p.span,
                            format!("reference to invalid result number {number} of '{name}'"),
                        ));
                    }
                    let real = self.value_of(level, src, number);
                    let got = self.body.value_type(real);
                    if p.ty != got {
                        // MLIR reports it at the definition, the first use
                        // as a note.
                        return Err(definition_type_error(name, number, got, span, p.ty, p.span));
                    }
                    match p.value {
                        Some(v) if p.frame == here => {
                            self.body.replace_all_uses_with(v, real);
                            let op = self.body.defining_op(v).expect("a placeholder is a result");
                            self.body
                                .erase_op(op)
                                .expect("a placeholder has no uses left");
                        }
                        _ => {
                            // Used inside an isolated operation nested in
                            // this body, whose body is closed: the first
                            // isolated operation inside this one on the way
                            // to the use is the one it crosses.
                            let crossing = p
                                .open
                                .iter()
                                .skip_while(|&&f| f != here)
                                .nth(1)
                                .map_or(Crossing::At(p.user.0), |&f| Crossing::Frame(f));
                            self.report(p.user, crossing);
                        }
                    }
                }
            }
            None => {}
        }
        self.values.insert(
            name,
            Entry::Defined {
                level,
                src,
                count,
                at: span.start,
            },
        );
        self.defined.push(name);
        Ok(())
    }

    /// The value of the current body that the use `name#number` of type
    /// `ty` by `user` names.
    pub(crate) fn use_value(
        &mut self,
        name: &'f str,
        number: u32,
        ty: Type<'c>,
        span: Range<usize>,
        user: (Location<'c>, Attribute<'c>),
    ) -> PResult<Value> {
        let here = self.frame();
        let level = self.level();
        match self.values.get(name) {
            Some(&Entry::Defined {
                level: at_level,
                src,
                count,
                at,
            }) => {
                if number >= count {
                    return Err(ParseError::new(
                        span,
                        format!("reference to invalid result number {number} of '{name}'"),
                    ));
                }
                let v = self.value_of(at_level, src, number);
                let have = self.body_at(at_level).value_type(v);
                if have != ty {
                    let prior = at..at + name.len();
                    return Err(ParseError::new(
                        span,
                        format!(
                            "use of value '{name}' expects different type than prior uses: '{ty}' vs '{have}'"
                        ),
                    )
                    .with_note(prior, "prior use here"));
                }
                if at_level == level {
                    return Ok(v);
                }
                // Defined in a body open around this one: the isolated
                // operation just inside it is the one the use crosses.
                let crossing = self
                    .frames
                    .get(at_level as usize + 1)
                    .map_or(Crossing::At(user.0), |&f| Crossing::Frame(f));
                self.report(user, crossing);
                // A stand-in: the module is refused.
                Ok(self.placeholder(ty, user.0))
            }
            Some(Entry::Forward(pending)) => {
                if let Some((_, p)) = pending.iter().find(|(n, _)| *n == number)
                    && p.ty != ty
                {
                    return Err(ParseError::new(
                            span,
                            format!(
                                "use of value '{name}' expects different type than prior uses: '{ty}' vs '{}'",
                                p.ty
                            ),
                        )
                        .with_note(p.span.clone(), "prior use here"));
                }
                // A second use in the same body names the same placeholder.
                if let Some(v) = pending
                    .iter()
                    .find(|(n, p)| *n == number && p.frame == here)
                    .and_then(|(_, p)| p.value)
                {
                    return Ok(v);
                }
                let v = self.placeholder(ty, user.0);
                let p = self.pending(Some(v), ty, span, user);
                if let Some(Entry::Forward(pending)) = self.values.get_mut(name) {
                    pending.push((number, p));
                }
                Ok(v)
            }
            None => {
                let v = self.placeholder(ty, user.0);
                let p = self.pending(Some(v), ty, span, user);
                self.values.insert(name, Entry::Forward(vec![(number, p)]));
                Ok(v)
            }
        }
    }

    fn pending(
        &self,
        value: Option<Value>,
        ty: Type<'c>,
        span: Range<usize>,
        user: (Location<'c>, Attribute<'c>),
    ) -> Pending<'c> {
        Pending {
            value,
            ty,
            span,
            frame: self.frame(),
            user,
            open: self.frames.clone(),
        }
    }

    /// Resolves `e`, a use inside the top-level isolated operation of frame
    /// `frame` (created at the top level of this builder) of a name its
    /// unit does not define: a name defined here is a use across the
    /// operation's boundary, one not defined yet waits for its definition.
    /// A wrong type or result number is returned, to be reported if no
    /// earlier error is.
    pub fn resolve_external(
        &mut self,
        e: External<'c, 'f>,
        frame: u32,
        loc: Location<'c>,
    ) -> Option<ParseError> {
        let here = self.frame();
        match self.values.get_mut(e.name) {
            Some(&mut Entry::Defined { count, .. }) if e.number >= count => Some(ParseError::new(
                e.span,
                format!(
                    "reference to invalid result number {} of '{}'",
                    e.number, e.name
                ),
            )),
            Some(&mut Entry::Defined { level, src, at, .. }) => {
                let v = self.value_of(level, src, e.number);
                let have = self.body_at(level).value_type(v);
                if have != e.ty {
                    let prior = at..at + e.name.len();
                    return Some(
                        ParseError::new(
                            e.span,
                            format!(
                                "use of value '{}' expects different type than prior uses: '{}' vs '{have}'",
                                e.name, e.ty
                            ),
                        )
                        .with_note(prior, "prior use here"),
                    );
                }
                self.report(e.user, Crossing::At(loc));
                None
            }
            entry => {
                let p = Pending {
                    value: None,
                    ty: e.ty,
                    span: e.span,
                    frame,
                    user: e.user,
                    open: smallvec::smallvec![here, frame],
                };
                match entry {
                    Some(Entry::Forward(pending)) => pending.push((e.number, p)),
                    _ => {
                        self.values
                            .insert(e.name, Entry::Forward(vec![(e.number, p)]));
                    }
                }
                None
            }
        }
    }

    /// A frame for a body built elsewhere, owned by an operation at `loc`.
    pub fn adopted_frame(&mut self, loc: Location<'c>) -> u32 {
        let frame = self.frame_locs.len() as u32;
        self.frame_locs.push(Some(loc));
        frame
    }

    /// Creates `op` in the current body, its operands resolved (or, at the
    /// top level of a builder that defers it, keeps it as the
    /// [`Shell`]): the operation, or `None` when deferred.
    pub fn create(&mut self, op: NewOp<'c, 'f>) -> PResult<Option<OpId>> {
        if self.defer_top && self.depth == 0 && self.frames.len() == 1 && self.shell.is_none() {
            if let Regions::Child(_, frame) = op.regions {
                self.frame_locs[frame as usize] = Some(op.loc);
            }
            self.shell = Some(Shell {
                op,
                groups: Vec::new(),
            });
            return Ok(None);
        }
        let user = (op.loc, op.name);
        let mut state = OperationState::new(op.name, op.loc);
        for ((n, number, span), ty) in op.operands {
            let v = self.use_value(n, number, ty, span, user)?;
            state.operands.push(v);
        }
        state.result_types = op.results;
        state.successors = op.successors;
        state.attributes = op.attributes;
        state.properties = op.properties;
        state.def = op.def;
        state = match op.regions {
            Regions::Built(regions) => state.with_regions(&regions),
            Regions::Child(body, frame) => {
                if let Some(slot) = self.frame_locs.get_mut(frame as usize) {
                    *slot = Some(op.loc);
                }
                if op
                    .name
                    .dyn_cast::<strata_builtin::StringAttr>()
                    .is_some_and(|s| s.payload().value == "builtin.module")
                    && module_redefines(&body)
                {
                    self.flags.module_redefines = true;
                }
                state.with_body(*body)
            }
        };
        Ok(Some(self.body.create_op(state)))
    }

    /// Defines the result names `groups` of `op` (made by
    /// [`Builder::create`]; a deferred operation keeps them in its shell).
    pub fn define_results(&mut self, op: Option<OpId>, groups: ResultGroups<'f>) -> PResult<()> {
        let Some(op) = op else {
            if let Some(shell) = &mut self.shell {
                shell.groups = groups;
            }
            return Ok(());
        };
        let mut next = 0;
        for (n, count, span) in groups {
            self.define(n, Src::Results(op, next), count, span)?;
            next += count;
        }
        Ok(())
    }

    /// Places top-level operation `op`: at the end of the block
    /// [`Builder::new`] was given, or aside in [`Builder::top_ops`].
    pub fn place_top(&mut self, op: OpId) {
        match self.top_block {
            Some(b) => self
                .body
                .insert_op(op, InsertPoint::End(b))
                .expect("a new operation goes into its block once"),
            None => self.top_ops.push(op),
        }
    }
}

/// Whether the `builtin.module` whose child body is `body` has two
/// operations in its body that define the same symbol.
fn module_redefines(body: &Body<'_>) -> bool {
    let Some(&r) = body.roots().first() else {
        return false;
    };
    let ops = body.blocks(r).flat_map(|b| body.block_ops(b)).map(|o| {
        let op = body.op(o);
        (
            (),
            strata_ir::defined_symbol(op.properties(), op.attributes()),
        )
    });
    strata_ir::first_redefinition(ops).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_are_every_newline() {
        let text = "a\n\x0b\nbc\n\n0123456789abcdef\n\nxyz\n\x0b\x0a\n";
        let want: Vec<usize> = core::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, c)| c == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        assert_eq!(Lines::new(text).starts, want);
        assert_eq!(Lines::new("").starts, [0]);
        // The hinted search agrees with the binary search in any order.
        let long: String = (0..300)
            .map(|i| format!("{}\n", "x".repeat(i % 7)))
            .collect();
        let lines = Lines::new(&long);
        let hint = core::cell::Cell::new(0);
        let mut pos = 0usize;
        for step in [1usize, 3, 40, 1, 0, 900, 2, 5, 100] {
            for _ in 0..20 {
                pos = (pos + step) % long.len();
                assert_eq!(
                    lines.line_col_near(pos, &hint),
                    lines.line_col(pos),
                    "{pos}"
                );
            }
            pos = pos * 7 % long.len();
        }
    }
}
