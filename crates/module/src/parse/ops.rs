//! The generic operation form, parsed straight into `strata-ir`'s bodies.
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

use core::hash::BuildHasher;
use core::ops::Range;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::FunctionType;
use strata_builtin::Registration;
use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Location, Policy, Type};
use strata_ir::{BlockId, Body, InsertPoint, OpId, OperationState, RegionId, Value};
use strata_syntax::lexer::{Token, TokenKind, wrong_token_position};
use strata_syntax::{DistinctIds, ParseError, Parser};

use super::{
    Lines, MAX_REGION_NESTING, PResult, Shared, definition_type_error, only_blanks_follow,
    result_count_error,
};
use crate::structure;

/// The result groups of an operation: name, count, span.
pub(super) type ResultGroups<'f> = Vec<(&'f str, u32, Range<usize>)>;

/// One use of a value as written: name, result number, span.
pub(super) type Use<'f> = (&'f str, u32, Range<usize>);

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
pub(super) struct OutsideUse<'c> {
    pub(super) user: Location<'c>,
    pub(super) user_name: Attribute<'c>,
    pub(super) isolated: Location<'c>,
}

/// What the parser saw in one unit that could make the verifier's rules
/// for every operation fail (`structure.rs`): without any of it they hold.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Flags {
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
    pub(super) fn needs_check(self) -> bool {
        self.branches
            || self.forward_uses
            || self.multi_block
            || self.module_redefines
            || self.unknown_op
    }
}

/// The regions of an operation being created: built in the body around
/// it, or (an isolated operation) a child body opened as frame `frame`.
pub(super) enum Regions<'c> {
    Built(SmallVec<[RegionId; 2]>),
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
pub(super) struct NewOp<'c, 'f> {
    pub(super) name: Attribute<'c>,
    pub(super) loc: Location<'c>,
    pub(super) operands: Vec<(Use<'f>, Type<'c>)>,
    pub(super) results: SmallVec<[Type<'c>; 2]>,
    pub(super) successors: SmallVec<[BlockId; 2]>,
    pub(super) properties: Option<Attribute<'c>>,
    pub(super) attributes: Option<Attribute<'c>>,
    pub(super) regions: Regions<'c>,
    /// The definition it is an instance of, if any.
    pub(super) def: Option<strata_ir::OpDefId>,
}

/// A top-level operation not created but kept to be created later (in the
/// body of the module around it, once the units before it are there): the
/// operation and its result names.
pub(super) struct Shell<'c, 'f> {
    pub(super) op: NewOp<'c, 'f>,
    pub(super) groups: ResultGroups<'f>,
}

/// A use, inside a unit parsed on its own, of a name the unit does not
/// define: the name, the use, and the operation that uses it.
pub(super) struct External<'c, 'f> {
    pub(super) name: &'f str,
    pub(super) number: u32,
    pub(super) ty: Type<'c>,
    pub(super) span: Range<usize>,
    pub(super) user: (Location<'c>, Attribute<'c>),
}

/// The IR a parse builds and the names in scope: the state that outlives
/// one unit's cursor (the top-level operations of a module are parsed one
/// unit after another into one builder).
pub(super) struct Builder<'c, 'f> {
    /// The innermost open body, and the bodies open around it, outermost
    /// first.
    pub(super) body: Body<'c>,
    outer: Vec<Body<'c>>,
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
    pub(super) depth: u32,
    /// The default dialects of the operations whose custom forms are being
    /// parsed, innermost last (see [`super::asm::OpAsm::default_dialect`]).
    pub(super) default_dialects: Vec<&'static str>,
    /// Where top-level operations go: the end of this block, or (`None`)
    /// nowhere, each kept in [`Builder::top_ops`].
    pub(super) top_block: Option<BlockId>,
    pub(super) top_ops: Vec<OpId>,
    /// Whether the first top-level operation is kept as a [`Shell`]
    /// instead of being created.
    pub(super) defer_top: bool,
    pub(super) shell: Option<Shell<'c, 'f>>,
    /// The name of the placeholder operations.
    placeholder: Attribute<'c>,
    /// The first `loc(#name)` whose alias the file does not define as a
    /// location: MLIR reports it only once the whole file has parsed.
    pub(super) undefined_location: Option<ParseError>,
    /// The first use of a value across an isolation boundary, in the order
    /// operations are created.
    outside: Option<(Location<'c>, Attribute<'c>, Crossing<'c>)>,
    pub(super) flags: Flags,
    /// Whether each operation name met in the generic form (by its
    /// attribute's address) is [`strata_builtin::Registration::Unknown`].
    unknown_names: FxHashMap<usize, bool>,
}

impl<'c, 'f> Builder<'c, 'f> {
    /// A builder whose outermost body is `body`, with top-level operations
    /// going to the end of `top_block` (or kept aside).
    pub(super) fn new(
        body: Body<'c>,
        top_block: Option<BlockId>,
        placeholder: Attribute<'c>,
    ) -> Self {
        Builder {
            body,
            outer: Vec::new(),
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

    /// The dialect a bare operation name without a prefix is looked up in
    /// besides its own name: the innermost default dialect, `builtin` at
    /// the top.
    pub(super) fn default_dialect(&self) -> &'static str {
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
    pub(super) fn open_body(&mut self) {
        let outer = core::mem::take(&mut self.body);
        self.outer.push(outer);
        let frame = self.frame_locs.len() as u32;
        self.frame_locs.push(None);
        self.frames.push(frame);
    }

    /// Closes the body [`Builder::open_body`] opened, returning it and its
    /// frame.
    pub(super) fn close_body(&mut self) -> (Body<'c>, u32) {
        let outer = self.outer.pop().unwrap_or_default();
        let mut child = core::mem::replace(&mut self.body, outer);
        // Built: its tables keep what they hold, not their growth's slack.
        child.shrink_to_fit();
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
    pub(super) fn report_resolved(&mut self, outside: OutsideUse<'c>) {
        self.report(
            (outside.user, outside.user_name),
            Crossing::At(outside.isolated),
        );
    }

    /// The first use across an isolation boundary, its isolated operation
    /// located.
    pub(super) fn outside(&self) -> Option<OutsideUse<'c>> {
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
    pub(super) fn take_externals(&mut self) -> Vec<External<'c, 'f>> {
        let mut out = Vec::new();
        for (name, entry) in core::mem::take(&mut self.values) {
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
    pub(super) fn use_value(
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
    pub(super) fn resolve_external(
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
    pub(super) fn adopted_frame(&mut self, loc: Location<'c>) -> u32 {
        let frame = self.frame_locs.len() as u32;
        self.frame_locs.push(Some(loc));
        frame
    }

    /// Creates `op` in the current body, its operands resolved (or, at the
    /// top level of a builder that defers it, keeps it as the
    /// [`Shell`]): the operation, or `None` when deferred.
    pub(super) fn create(&mut self, op: NewOp<'c, 'f>) -> PResult<Option<OpId>> {
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
    pub(super) fn define_results(
        &mut self,
        op: Option<OpId>,
        groups: ResultGroups<'f>,
    ) -> PResult<()> {
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

    /// Places top-level operation `op` (see [`Builder::top_block`]).
    pub(super) fn place_top(&mut self, op: OpId) {
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
        ((), structure::symbol_name(op.properties(), op.attributes()))
    });
    structure::first_redefinition(ops).is_some()
}

/// Parses the items of one unit into a [`Builder`].
pub(super) struct UnitParser<'c, 'f, 'b, P: Policy, S> {
    pub(super) ctx: &'c Context<P, S>,
    pub(super) shared: &'f Shared<'c, 'f, P, S>,
    /// The text being parsed (the file).
    pub(super) src: &'f str,
    /// The one cursor over the unit's text, whose grammar of types,
    /// attributes and locations the operation grammar here calls into (it
    /// also holds the unit's `distinct[N]` ids, from the file's alias
    /// definitions on).
    pub(super) p: Parser<'c, 'f, P, S>,
    pub(super) b: &'b mut Builder<'c, 'f>,
    /// `(at, to)`: a token starting in `at..to` is skipped over, the lexer
    /// continues at `to` (the elided body of a module).
    pub(super) splice: Option<(usize, usize)>,
    /// The line of the last location made (see [`Lines::line_col_near`]).
    line_hint: core::cell::Cell<usize>,
}

impl<'c, 'f, 'b, P: Policy, S: BuildHasher + 'static> UnitParser<'c, 'f, 'b, P, S> {
    pub(super) fn new(
        ctx: &'c Context<P, S>,
        shared: &'f Shared<'c, 'f, P, S>,
        range: Range<usize>,
        distinct: DistinctIds<'c>,
        b: &'b mut Builder<'c, 'f>,
    ) -> Self {
        let src = shared.text;
        // The last item of a file reads on to the file's end when only
        // blanks and comments follow it, so that an error at its end is
        // placed as MLIR places one at the end of its buffer (its trimmed
        // range would hide whether the file ends in a newline).
        let end = if only_blanks_follow(src, range.end) {
            src.len()
        } else {
            range.end
        };
        // The unit sees the alias definitions above it.
        let p = Parser::new_at(ctx, &src[..end], range.start, Some(shared.syntax))
            .with_aliases(&shared.aliases.table)
            .with_alias_limit(shared.aliases.visible_at(range.start))
            .with_distinct_ids(distinct);
        Self {
            ctx,
            shared,
            src,
            p,
            b,
            splice: None,
            line_hint: core::cell::Cell::new(0),
        }
    }

    /// The current token.
    #[inline]
    pub(super) fn tok(&self) -> Token {
        self.p.token()
    }

    pub(super) fn bump(&mut self) {
        self.p.bump();
        self.skip_splice();
    }

    /// Skips the elided text (see [`UnitParser::splice`]) when the current
    /// token starts in it.
    #[inline]
    fn skip_splice(&mut self) {
        if let Some((at, to)) = self.splice {
            let start = self.tok().start;
            if start >= at && start < to {
                self.p.seek(to);
            }
        }
    }

    pub(super) fn spelling(&self) -> &'f str {
        &self.src[self.tok().start..self.tok().end]
    }

    pub(super) fn err(&self, message: impl Into<String>) -> ParseError {
        if let TokenKind::Error(why) = self.tok().kind {
            return ParseError::lexical(self.tok().start..self.tok().end, why);
        }
        ParseError::new(self.tok().start..self.tok().end, message)
    }

    /// MLIR's `emitWrongTokenError`: the current token is not the one
    /// expected, reported after the token before (a lexical error as itself).
    pub(super) fn wrong_token(&self, message: &str) -> ParseError {
        if let TokenKind::Error(_) = self.tok().kind {
            return self.err("");
        }
        let at = wrong_token_position(self.p.source(), &self.tok());
        ParseError::wrong_token(at, message)
    }

    pub(super) fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<()> {
        if self.tok().kind == kind {
            self.bump();
            Ok(())
        } else if let TokenKind::Error(_) = self.tok().kind {
            Err(self.err(""))
        } else {
            // MLIR reports a missing token after the previous one.
            let at = wrong_token_position(self.p.source(), &self.tok());
            Err(ParseError::wrong_token(at, format!("expected {what}")))
        }
    }

    pub(super) fn consume(&mut self, kind: TokenKind) -> bool {
        if self.tok().kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Runs the grammar of `strata-syntax` (a type, an attribute, a
    /// location) at the current token, on the one cursor.
    fn sub<T>(&mut self, f: impl FnOnce(&mut Parser<'c, 'f, P, S>) -> PResult<T>) -> PResult<T> {
        // A lexical error token starts where the lexer stopped, not where
        // the text that failed to lex began: it is the error.
        if let TokenKind::Error(_) = self.tok().kind {
            return Err(self.err(""));
        }
        let r = f(&mut self.p);
        let next = self.tok();
        // The token after is a lexical error, whose span is where the lexer
        // stopped, not where the token began: report it now.
        if let (Ok(_), TokenKind::Error(why)) = (&r, next.kind) {
            return Err(ParseError::lexical(next.start..next.end, why));
        }
        let v = r?;
        self.skip_splice();
        Ok(v)
    }

    pub(super) fn parse_type(&mut self) -> PResult<Type<'c>> {
        self.sub(|p| p.parse_type())
    }

    pub(super) fn parse_attribute(&mut self) -> PResult<Attribute<'c>> {
        self.sub(|p| p.parse_attribute())
    }

    /// `loc(...)`, with `loc(#alias)` looked up in the alias table.
    pub(super) fn parse_location(&mut self) -> PResult<Location<'c>> {
        let save = self.p.checkpoint();
        if self.tok().kind == TokenKind::BareId && self.spelling() == "loc" {
            self.bump();
            if self.tok().kind == TokenKind::LParen {
                self.bump();
                if self.tok().kind == TokenKind::HashId {
                    let name = &self.spelling()[1..];
                    let span = self.tok().start..self.tok().end;
                    // A dotted name is a dialect attribute, never an alias:
                    // MLIR refuses it at once.
                    if name.contains('.') {
                        return Err(ParseError::new(
                            span,
                            format!("expected location, but found dialect attribute: '#{name}'"),
                        ));
                    }
                    // MLIR resolves an operation's `loc(#name)` at the end
                    // of the file: the alias may be defined below, and one
                    // that is not a location is reported only once the
                    // whole file has parsed.
                    let table = &self.shared.aliases.table;
                    let found = table.location(name);
                    if found.is_none() && self.b.undefined_location.is_none() {
                        self.b.undefined_location = Some(match table.attribute(name) {
                            Some(a) => {
                                ParseError::new(span, format!("expected location, but found '{a}'"))
                            }
                            None => {
                                ParseError::new(span, "operation location alias was never defined")
                            }
                        });
                    }
                    self.bump();
                    self.expect(TokenKind::RParen, "')' in location")?;
                    return Ok(found.unwrap_or_else(|| self.ctx.unknown_loc().into()));
                }
            }
            self.p.rewind(save);
        }
        self.sub(|p| p.parse_location())
    }

    /// A `loc(...)` when one is next, or else the file location of byte
    /// `pos` (an operation's or a block argument's trailing location).
    pub(super) fn parse_location_or(&mut self, pos: usize) -> PResult<Location<'c>> {
        if self.tok().kind == TokenKind::BareId && self.spelling() == "loc" {
            self.parse_location()
        } else {
            Ok(self.file_loc(pos))
        }
    }

    pub(super) fn file_loc(&self, pos: usize) -> Location<'c> {
        let lines: &Lines = &self.shared.lines;
        let (line, col) = lines.line_col_near(pos, &self.line_hint);
        self.ctx.file_loc(self.shared.name, line, col).into()
    }

    // ----- operations -----

    /// `%a, %b:2 =` (already at a `%`): the result groups.
    fn parse_results(&mut self) -> PResult<ResultGroups<'f>> {
        let mut groups = Vec::new();
        loop {
            if self.tok().kind != TokenKind::PercentId {
                return Err(self.err("expected valid ssa identifier"));
            }
            let name = self.spelling();
            let span = self.tok().start..self.tok().end;
            self.bump();
            let mut count = 1;
            if self.consume(TokenKind::Colon) {
                if self.tok().kind != TokenKind::Integer {
                    return Err(self.wrong_token("expected integer number of results"));
                }
                count = self
                    .spelling()
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| {
                        self.err("expected named operation to have at least 1 result")
                    })?;
                self.bump();
            }
            groups.push((name, count, span));
            if !self.consume(TokenKind::Comma) {
                break;
            }
        }
        self.expect(TokenKind::Equal, "'=' after SSA name")?;
        Ok(groups)
    }

    /// One operation in the generic form, created in the current body (not
    /// yet placed in a block); `None` when the builder defers it. The frame
    /// of this function is on the stack once per nesting level: what is
    /// parsed before and after the regions is parsed out of line.
    pub(super) fn parse_operation(&mut self) -> PResult<Option<OpId>> {
        let groups = if self.tok().kind == TokenKind::PercentId {
            self.parse_results()?
        } else {
            Vec::new()
        };
        let Some(head) = self.parse_generic_head()? else {
            // A custom form (`parse/custom.rs`), outside this frame.
            return self.parse_custom_operation(groups);
        };
        // Regions: built before the operation, an isolated operation's in a
        // body of its own.
        let regions = if head.isolated {
            self.b.open_body();
            let r = self.parse_region_list(true);
            let (child, frame) = self.b.close_body();
            r?;
            Regions::Child(Box::new(child), frame)
        } else {
            Regions::Built(self.parse_region_list(false)?)
        };
        self.finish_generic(groups, head, regions)
    }

    /// The generic form up to its regions: name, operands, successors and
    /// properties; `None` at a bare name (a custom form).
    #[inline(never)]
    fn parse_generic_head(&mut self) -> PResult<Option<Head<'c, 'f>>> {
        if self.tok().kind != TokenKind::String {
            if self.tok().kind == TokenKind::BareId {
                return Ok(None);
            }
            if let TokenKind::Error(_) = self.tok().kind {
                return Err(self.err(""));
            }
            // MLIR reports it after the token before.
            let at = wrong_token_position(self.p.source(), &self.tok());
            return Err(ParseError::wrong_token(
                at,
                "expected operation name in quotes",
            ));
        }
        // MLIR locates an operation at its name (after the results).
        let start = self.tok().start;
        let name_span = self.tok().start..self.tok().end;
        let spelling = self.spelling();
        let owned;
        let name: &str = if spelling.contains('\\') {
            owned = String::from_utf8(strata_syntax::lexer::unescape(spelling))
                .map_err(|_| ParseError::new(name_span.clone(), "operation name is not UTF-8"))?;
            &owned
        } else {
            // No escape: the name is the text between the quotes.
            &spelling[1..spelling.len() - 1]
        };
        if name.is_empty() {
            return Err(ParseError::new(
                name_span,
                "empty operation name is invalid",
            ));
        }
        if name.contains('\0') {
            return Err(ParseError::new(
                name_span,
                "null character not allowed in operation name",
            ));
        }
        let name_attr: Attribute<'c> = self.ctx.string_attr(name).into();
        let def = self.shared.ops.lookup(name);
        if def.is_none() {
            let hooks = self.shared.syntax.asm_hooks();
            let unknown = *self
                .b
                .unknown_names
                .entry(name_attr.as_ptr().addr())
                .or_insert_with(|| hooks.registration(name) == Registration::Unknown);
            self.b.flags.unknown_op |= unknown;
        }
        let isolated = def.is_some_and(|id| {
            self.shared
                .ops
                .def(id)
                .has(strata_ir::Traits::ISOLATED_FROM_ABOVE)
        });
        self.bump();

        // Operands (types come later).
        self.expect(TokenKind::LParen, "'(' to start operand list")?;
        let operand_names = self.parse_operand_uses()?;
        self.expect(TokenKind::RParen, "')' to end operand list")?;

        // Successors.
        let mut successors = SmallVec::new();
        if self.consume(TokenKind::LSquare) {
            // The list is read whole before its names are resolved, as MLIR
            // reads it: a malformed list is reported before a successor
            // outside a region.
            let mut labels: SmallVec<[(&'f str, Range<usize>); 2]> = SmallVec::new();
            loop {
                if self.tok().kind != TokenKind::CaretId {
                    return Err(self.wrong_token(
                        if labels.is_empty() && self.tok().kind == TokenKind::RSquare {
                            "expected list element"
                        } else {
                            "expected block name"
                        },
                    ));
                }
                labels.push((self.spelling(), self.tok().start..self.tok().end));
                self.bump();
                if self.consume(TokenKind::RSquare) {
                    break;
                }
                self.expect(TokenKind::Comma, "',' or ']'")?;
            }
            for (label, span) in labels {
                successors.push(self.block_ref(label, span)?);
            }
            self.b.flags.branches = true;
        }

        // Properties.
        let mut properties = None;
        if self.consume(TokenKind::Less) {
            properties = Some(self.parse_attribute()?);
            self.expect(TokenKind::Greater, "'>' to close properties")?;
        }

        Ok(Some(Head {
            def,
            name: name_attr,
            isolated,
            start,
            operands: operand_names,
            successors,
            properties,
        }))
    }

    /// The generic form after its regions: attributes, type and location;
    /// the operation created and its results defined.
    #[inline(never)]
    fn finish_generic(
        &mut self,
        groups: ResultGroups<'f>,
        head: Head<'c, 'f>,
        regions: Regions<'c>,
    ) -> PResult<Option<OpId>> {
        let Head {
            name: name_attr,
            start,
            operands: operand_names,
            successors,
            properties,
            def,
            ..
        } = head;
        // Attributes.
        let mut attributes = None;
        if self.tok().kind == TokenKind::LBrace {
            let dict_start = self.tok().start;
            let a = self.parse_attribute()?;
            match a.dyn_cast::<strata_builtin::DictionaryAttr>() {
                Some(d) if d.payload().entries.is_empty() => {}
                Some(_) => attributes = Some(a),
                None => {
                    return Err(ParseError::new(
                        dict_start..dict_start + 1,
                        "expected attribute dictionary",
                    ));
                }
            }
        }

        // The type.
        self.expect(TokenKind::Colon, "':' followed by operation type")?;
        let ty_start = self.tok().start;
        let ty = self.parse_type()?;
        let Some(fty) = ty.dyn_cast::<FunctionType>() else {
            return Err(ParseError::new(
                ty_start..self.tok().start,
                "expected function type",
            ));
        };
        let fty = fty.payload();
        if fty.inputs.len() != operand_names.len() {
            return Err(ParseError::new(
                ty_start..self.tok().start,
                format!(
                    "expected {} operand type{} but had {}",
                    operand_names.len(),
                    if operand_names.len() == 1 { "" } else { "s" },
                    fty.inputs.len()
                ),
            ));
        }
        // In u64: the counts are any u32 (`%a:4294967295, %b:2` wraps a u32
        // sum to 1).
        let declared: u64 = groups.iter().map(|g| u64::from(g.1)).sum();
        if let Some(first) = groups.first()
            && declared != fty.results.len() as u64
        {
            return Err(result_count_error(
                first.2.start,
                fty.results.len(),
                declared,
            ));
        }

        // The location.
        let loc = self.parse_location_or(start)?;

        let operands = operand_names
            .into_iter()
            .zip(fty.inputs.iter().copied())
            .collect();
        let op = self.b.create(NewOp {
            name: name_attr,
            loc,
            operands,
            results: fty.results.iter().copied().collect(),
            successors,
            properties,
            attributes,
            regions,
            def,
        })?;
        self.b.define_results(op, groups)?;
        Ok(op)
    }

    /// `( region, ... )`, if there: each region parsed into a new root of
    /// the current body (`roots`, the child body of an isolated operation)
    /// or into a new detached region.
    fn parse_region_list(&mut self, roots: bool) -> PResult<SmallVec<[RegionId; 2]>> {
        let mut regions = SmallVec::new();
        if self.tok().kind == TokenKind::LParen {
            self.bump();
            loop {
                let r = if roots {
                    self.b.body.add_root()
                } else {
                    self.b.body.create_region()
                };
                self.parse_region(r)?;
                regions.push(r);
                if self.consume(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma, "')' to end region list")?;
            }
        }
        Ok(regions)
    }

    fn block_ref(&mut self, label: &str, span: Range<usize>) -> PResult<BlockId> {
        let Some(scope) = self.b.blocks.last_mut() else {
            // A top-level operation: MLIR parses it into the top-level
            // block, where no block can be defined, so the name is never
            // defined.
            return Err(ParseError::new(span, "reference to an undefined block"));
        };
        if let Some(&(b, _)) = scope.names.get(label) {
            return Ok(b);
        }
        let b = self.b.body.create_block();
        if let Some(s) = self.b.blocks.last_mut() {
            s.names.insert(label.to_owned(), (b, Some(span)));
        }
        Ok(b)
    }

    /// The start of a region (generic, or a function's body): the `{`, the
    /// nesting limit, new name and block scopes.
    pub(super) fn open_region(&mut self) -> PResult<()> {
        let open = self.tok().start;
        self.expect(TokenKind::LBrace, "'{' to begin a region")?;
        self.b.depth += 1;
        if self.b.depth > MAX_REGION_NESTING {
            return Err(ParseError::new(
                open..open + 1,
                format!("regions nested deeper than {MAX_REGION_NESTING} levels are not supported"),
            ));
        }
        self.b.region_names.push(self.b.defined.len());
        self.b.blocks.push(BlockScope::default());
        Ok(())
    }

    /// A region, into region `r` of the current body.
    pub(super) fn parse_region(&mut self, r: RegionId) -> PResult<()> {
        self.open_region()?;
        let mut blocks = 0;
        if self.tok().kind != TokenKind::RBrace {
            // The entry block may have no label.
            if self.tok().kind != TokenKind::CaretId {
                let b = self.new_block(r);
                blocks += 1;
                self.parse_block_body(b)?;
            }
            while self.tok().kind == TokenKind::CaretId {
                self.parse_block(r)?;
                blocks += 1;
            }
        }
        self.close_region(blocks)
    }

    /// A new block at the end of region `r`.
    pub(super) fn new_block(&mut self, r: RegionId) -> BlockId {
        let b = self.b.body.create_block();
        self.b
            .body
            .append_block(r, b)
            .expect("a new block goes into its region once");
        b
    }

    /// One use of an SSA value: `%name` or `%name#N` (the `#N` written
    /// right after the name), with its span. Out of line: the operation
    /// parser's frame is on the stack once per nesting level.
    #[inline(never)]
    pub(super) fn parse_operand_use(&mut self) -> PResult<Use<'f>> {
        if self.tok().kind != TokenKind::PercentId {
            return Err(self.wrong_token("expected SSA operand"));
        }
        let n = self.spelling();
        let mut span = self.tok().start..self.tok().end;
        self.bump();
        let mut number = 0;
        if self.tok().kind == TokenKind::HashId && self.tok().start == span.end {
            number = self.spelling()[1..]
                .parse::<u32>()
                .map_err(|_| self.err("invalid SSA value result number"))?;
            span.end = self.tok().end;
            self.bump();
        }
        Ok((n, number, span))
    }

    /// Uses separated by commas, while the next token is a `%` name (MLIR's
    /// `parseOptionalSSAUseList`); none when it is not one. On the heap: the
    /// operation parser's frame is on the stack once per nesting level.
    pub(super) fn parse_operand_uses(&mut self) -> PResult<Vec<Use<'f>>> {
        let mut uses = Vec::new();
        if self.tok().kind == TokenKind::PercentId {
            loop {
                uses.push(self.parse_operand_use()?);
                if !self.consume(TokenKind::Comma) {
                    break;
                }
            }
        }
        Ok(uses)
    }

    /// The end of a region (generic, or a function's body) of `blocks`
    /// blocks: the `}`, every block label used in it defined, its names
    /// forgotten.
    pub(super) fn close_region(&mut self, blocks: usize) -> PResult<()> {
        // A block's operations run to a block label, a `}` or the end: at
        // the end MLIR expects one more operation.
        self.expect(TokenKind::RBrace, "operation name in quotes")?;
        let scope = self.b.blocks.pop().unwrap_or_default();
        // The first in the text, as MLIR sorts them (the map's order is
        // arbitrary).
        if let Some(span) = scope
            .names
            .values()
            .filter_map(|(_, undefined)| undefined.clone())
            .min_by_key(|span| span.start)
        {
            return Err(ParseError::new(span, "reference to an undefined block"));
        }
        let first = self.b.region_names.pop().unwrap_or(0);
        let b = &mut *self.b;
        for name in b.defined.drain(first..) {
            b.values.remove(name);
        }
        b.depth -= 1;
        if blocks > 1 {
            b.flags.multi_block = true;
        }
        Ok(())
    }

    /// A labeled block, appended to region `r`.
    pub(super) fn parse_block(&mut self, r: RegionId) -> PResult<BlockId> {
        let label = self.spelling().to_owned();
        let span = self.tok().start..self.tok().end;
        self.bump();
        let scope = self.b.blocks.last_mut().expect("a region is open");
        let b = match scope.names.get_mut(&label) {
            Some((b, undefined @ Some(_))) => {
                *undefined = None;
                let b = *b;
                self.b
                    .body
                    .append_block(r, b)
                    .expect("a referenced block is detached until defined");
                b
            }
            Some((_, None)) => {
                return Err(ParseError::new(
                    span,
                    format!("redefinition of block '{label}'"),
                ));
            }
            None => {
                let b = self.new_block(r);
                if let Some(s) = self.b.blocks.last_mut() {
                    s.names.insert(label, (b, None));
                }
                b
            }
        };
        if self.consume(TokenKind::LParen) && !self.consume(TokenKind::RParen) {
            loop {
                if self.tok().kind != TokenKind::PercentId {
                    return Err(self.wrong_token("expected SSA operand"));
                }
                let name = self.spelling();
                let arg_span = self.tok().start..self.tok().end;
                self.bump();
                self.expect(TokenKind::Colon, "':' and type for SSA operand")?;
                let ty = self.parse_type()?;
                let loc = self.parse_location_or(arg_span.start)?;
                self.define_argument(b, name, ty, loc, arg_span)?;
                if self.consume(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma, "')'")?;
            }
        }
        self.expect(TokenKind::Colon, "':' after block name")?;
        self.parse_block_body(b)?;
        Ok(b)
    }

    /// Appends an argument of type `ty` at `loc` to block `b` and defines
    /// `name` as it.
    pub(super) fn define_argument(
        &mut self,
        b: BlockId,
        name: &'f str,
        ty: Type<'c>,
        loc: Location<'c>,
        span: Range<usize>,
    ) -> PResult<()> {
        let v = self.b.body.add_block_argument(b, ty, Some(loc));
        self.b.define(name, Src::Arg(v), 1, span)
    }

    /// Whether `name` has an entry in the value scope (defined, or used
    /// before its definition).
    pub(super) fn in_scope(&self, name: &str) -> bool {
        self.b.values.contains_key(name)
    }

    pub(super) fn parse_block_body(&mut self, b: BlockId) -> PResult<()> {
        while !matches!(
            self.tok().kind,
            TokenKind::CaretId | TokenKind::RBrace | TokenKind::Eof
        ) {
            if let Some(op) = self.parse_operation()? {
                self.b
                    .body
                    .insert_op(op, InsertPoint::End(b))
                    .expect("a new operation goes into its block once");
            }
        }
        Ok(())
    }

    /// Parses the operations of a unit to its end, placing each (see
    /// [`Builder::place_top`]); returns how many it placed and the
    /// `distinct[N]` ids as the unit left them. A builder that defers its
    /// first operation stops after it.
    pub(super) fn parse_top(mut self) -> PResult<(usize, DistinctIds<'c>)> {
        let mut placed = 0;
        while self.tok().kind != TokenKind::Eof {
            match self.parse_operation()? {
                Some(op) => {
                    self.b.place_top(op);
                    placed += 1;
                }
                None => break,
            }
        }
        Ok((placed, self.p.take_distinct_ids()))
    }

    /// Whether the cursor is at the end of the unit.
    pub(super) fn at_end(&self) -> bool {
        self.tok().kind == TokenKind::Eof
    }
}
