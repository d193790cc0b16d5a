//! The generic operation form (`%r:2 = "dialect.op"(%a) ({...}) {attr} :
//! (i32) -> (i32, f32) loc(...)`): [`UnitParser`], the cursor of one unit
//! (one top-level operation, or several parsed in file order) over the one
//! [`Parser`], with its result names, operands, successors, properties,
//! regions, blocks and block arguments, attribute dictionary, function type
//! and location, into a [`Builder`]; a bare name is a custom form, which
//! `crate::asm` reads through the operation's definition.

use core::hash::BuildHasher;
use core::ops::Range;

use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_builtin::{FunctionType, Registration};
use strata_ctx::{Attribute, Context, Location, Policy, Type};
use strata_ir::{BlockId, InsertPoint, OpId, RegionId};

use crate::lexer::{Token, TokenKind, wrong_token_position};
use crate::{DistinctIds, ParseError, Parser};

use super::{
    BlockScope, Builder, FileState, Head, Lines, MAX_REGION_NESTING, NewOp, PResult, Regions,
    ResultGroups, Src, Use, only_blanks_follow, result_count_error,
};

/// Parses the items of one unit into a [`Builder`].
pub struct UnitParser<'c, 'f, 'b, P: Policy, S> {
    pub(crate) ctx: &'c Context<P, S>,
    pub(crate) shared: &'f FileState<'c, 'f, P, S>,
    /// The text being parsed (the file).
    pub(crate) src: &'f str,
    /// The one cursor over the unit's text, whose grammar of types,
    /// attributes and locations the operation grammar here calls into (it
    /// also holds the unit's `distinct[N]` ids, from the file's alias
    /// definitions on).
    pub(crate) p: Parser<'c, 'f, P, S>,
    pub(crate) b: &'b mut Builder<'c, 'f>,
    /// `(at, to)`: a token starting in `at..to` is skipped over, the lexer
    /// continues at `to` (the elided body of a module).
    pub splice: Option<(usize, usize)>,
    /// The line of the last location made (see [`Lines::line_col_near`]).
    line_hint: core::cell::Cell<usize>,
}

impl<P: Policy, S> core::fmt::Debug for UnitParser<'_, '_, '_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UnitParser")
            .field("p", &self.p)
            .field("splice", &self.splice)
            .finish_non_exhaustive()
    }
}

impl<'c, 'f, 'b, P: Policy, S: BuildHasher + 'static> UnitParser<'c, 'f, 'b, P, S> {
    /// The parser of the unit at `range` of the file `shared`, starting
    /// from the `distinct[N]` ids `distinct`, into `b`: it sees the alias
    /// definitions above the unit.
    pub fn new(
        ctx: &'c Context<P, S>,
        shared: &'f FileState<'c, 'f, P, S>,
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
    pub(crate) fn tok(&self) -> Token {
        self.p.token()
    }

    pub(crate) fn bump(&mut self) {
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

    pub(crate) fn spelling(&self) -> &'f str {
        &self.src[self.tok().start..self.tok().end]
    }

    pub(crate) fn err(&self, message: impl Into<String>) -> ParseError {
        if let TokenKind::Error(why) = self.tok().kind {
            return ParseError::lexical(self.tok().start..self.tok().end, why);
        }
        ParseError::new(self.tok().start..self.tok().end, message)
    }

    /// MLIR's `emitWrongTokenError`: the current token is not the one
    /// expected, reported after the token before (a lexical error as itself).
    pub fn wrong_token(&self, message: &str) -> ParseError {
        if let TokenKind::Error(_) = self.tok().kind {
            return self.err("");
        }
        let at = wrong_token_position(self.p.source(), &self.tok());
        ParseError::wrong_token(at, message)
    }

    pub(crate) fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<()> {
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

    pub(crate) fn consume(&mut self, kind: TokenKind) -> bool {
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

    pub(crate) fn parse_type(&mut self) -> PResult<Type<'c>> {
        self.sub(|p| p.parse_type())
    }

    pub(crate) fn parse_attribute(&mut self) -> PResult<Attribute<'c>> {
        self.sub(|p| p.parse_attribute())
    }

    /// `loc(...)`, with `loc(#alias)` looked up in the alias table.
    pub(crate) fn parse_location(&mut self) -> PResult<Location<'c>> {
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
    pub(crate) fn parse_location_or(&mut self, pos: usize) -> PResult<Location<'c>> {
        if self.tok().kind == TokenKind::BareId && self.spelling() == "loc" {
            self.parse_location()
        } else {
            Ok(self.file_loc(pos))
        }
    }

    pub(crate) fn file_loc(&self, pos: usize) -> Location<'c> {
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
    pub fn parse_operation(&mut self) -> PResult<Option<OpId>> {
        let groups = if self.tok().kind == TokenKind::PercentId {
            self.parse_results()?
        } else {
            Vec::new()
        };
        let Some(head) = self.parse_generic_head()? else {
            // A custom form (`crate::asm`), outside this frame.
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
            owned = String::from_utf8(crate::lexer::unescape(spelling))
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

        // A definition with properties takes them as MLIR creates such an
        // operation (see `convert_properties`).
        let (properties, attributes) = match def.map(|d| self.shared.ops.def(d)) {
            Some(d) if !d.properties().is_empty() => {
                self.convert_properties(d, start, properties, attributes)?
            }
            _ => (properties, attributes),
        };
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

    /// The properties and attribute dictionary of an operation whose
    /// definition `def` has properties, as MLIR's generic parser makes them:
    /// the dictionary's entries that name a property move to the
    /// properties (`Operation::setAttrs`); then the `<{...}>` dictionary
    /// sets the properties it names (`setPropertiesFromAttr`), each of a
    /// kind its storage holds, and its other entries are dropped.
    ///
    /// # Errors
    ///
    /// MLIR's "invalid properties ... for op ...", at the operation's start,
    /// for a `<...>` that is not a dictionary or an entry of a kind its
    /// property cannot hold.
    #[inline(never)]
    fn convert_properties(
        &self,
        def: &strata_ir::OpDef,
        start: usize,
        properties: Option<Attribute<'c>>,
        attributes: Option<Attribute<'c>>,
    ) -> PResult<(Option<Attribute<'c>>, Option<Attribute<'c>>)> {
        use strata_builtin::{DictionaryAttr, NamedAttribute};
        let entries = |a: Option<Attribute<'c>>| {
            a.and_then(|a| a.dyn_cast::<DictionaryAttr>())
                .map_or(&[][..], |d| d.payload().entries)
        };
        let declared =
            |e: &&NamedAttribute<'c>| def.property_storage(e.name.payload().value).is_some();
        let (props, attrs) = (entries(properties), entries(attributes));
        if let Some(p) = properties {
            let invalid = |why: String| {
                ParseError::new(
                    start..start,
                    format!("invalid properties {p} for op {}: {why}", def.name()),
                )
            };
            if !p.isa::<DictionaryAttr>() {
                return Err(invalid(
                    "expected DictionaryAttr to set properties".to_owned(),
                ));
            }
            for &(key, storage) in def.properties() {
                if let Some(e) = props.iter().find(|e| e.name.payload().value == key)
                    && !storage(e.value)
                {
                    return Err(invalid(format!(
                        "Invalid attribute `{key}` in property conversion: {}",
                        e.value
                    )));
                }
            }
        }
        if props.iter().all(|e| declared(&e)) && !attrs.iter().any(|e| declared(&e)) {
            return Ok((properties, attributes));
        }
        let named = |e: &NamedAttribute<'c>| (e.name.payload().value, e.value);
        let mut merged: SmallVec<[(&str, Attribute<'c>); 8]> =
            props.iter().filter(declared).map(named).collect();
        for e in attrs.iter().filter(declared) {
            if !merged.iter().any(|(n, _)| *n == e.name.payload().value) {
                merged.push(named(e));
            }
        }
        let rest: SmallVec<[(&str, Attribute<'c>); 8]> =
            attrs.iter().filter(|e| !declared(e)).map(named).collect();
        let ctx = self.ctx;
        let properties = (!merged.is_empty()).then(|| ctx.dictionary_attr(&merged).into());
        let attributes = (!rest.is_empty()).then(|| ctx.dictionary_attr(&rest).into());
        Ok((properties, attributes))
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
    pub(crate) fn open_region(&mut self) -> PResult<()> {
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
    pub(crate) fn parse_region(&mut self, r: RegionId) -> PResult<()> {
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
    pub(crate) fn new_block(&mut self, r: RegionId) -> BlockId {
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
    pub(crate) fn parse_operand_use(&mut self) -> PResult<Use<'f>> {
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
    pub(crate) fn parse_operand_uses(&mut self) -> PResult<Vec<Use<'f>>> {
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
    pub(crate) fn close_region(&mut self, blocks: usize) -> PResult<()> {
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
    pub(crate) fn parse_block(&mut self, r: RegionId) -> PResult<BlockId> {
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
    pub(crate) fn define_argument(
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
    pub(crate) fn in_scope(&self, name: &str) -> bool {
        self.b.values.contains_key(name)
    }

    pub(crate) fn parse_block_body(&mut self, b: BlockId) -> PResult<()> {
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
    pub fn parse_top(mut self) -> PResult<(usize, DistinctIds<'c>)> {
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
    pub fn at_end(&self) -> bool {
        self.tok().kind == TokenKind::Eof
    }
}
