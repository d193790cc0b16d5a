//! The recursive-descent parser of types, attributes and locations; the
//! affine maps and integer sets inside attributes are `crate::affine`'s.

use core::cell::RefCell;
use core::hash::BuildHasher;
use core::ops::Range;
use std::borrow::Cow;

use strata_builtin::apnum::{ApFloat, ApInt, FloatError};
use strata_builtin::prelude::*;
use strata_builtin::{
    AffineMapAttr, BuiltinError, ComplexType, DYNAMIC, DictionaryAttr, FloatKind, FloatType,
    IndexType, IntegerType, RankedTensorType, Signedness, StridedLayoutAttr, VectorType,
};
use strata_ctx::{Attribute, Context, Interned, Location, Policy, Type};

use crate::dialect::Syntax;
use crate::distinct::DistinctIds;
use crate::error::ParseError;
use crate::hook_parse::Delimiter;
use crate::lexer::{Lexer, Token, TokenKind, unescape, wrong_token_position};
use smallvec::SmallVec;

/// How deep types, attributes, locations and affine expressions may nest
/// before the parser stops with a diagnostic (instead of overflowing the
/// stack): MLIR has no limit, strata refuses a nesting deeper than this.
pub const MAX_NESTING: u32 = 256;

/// The widest integer type MLIR allows (`IntegerType::kMaxWidth`).
pub const MAX_INTEGER_WIDTH: u64 = (1 << 24) - 1;

type PResult<T> = Result<T, ParseError>;

/// A parser over one text, interning into one context.
///
/// Dialect hooks receive it to parse their `<...>` bodies with the same
/// lexer: [`Parser::parse_type`], [`Parser::parse_attribute`],
/// [`Parser::parse_integer`], [`Parser::parse_string_literal`],
/// [`Parser::parse_comma_separated_list`], [`Parser::expect`] and
/// [`Parser::consume_if`] are what a hook needs.
pub struct Parser<'c, 's, P: Policy, S> {
    pub(crate) ctx: &'c Context<P, S>,
    lexer: Lexer<'s>,
    pub(crate) tok: Token,
    depth: u32,
    syntax: Option<&'s Syntax<P, S>>,
    aliases: Option<&'s Aliases<'c>>,
    /// How many of the table's definitions this parser sees (see
    /// [`Parser::with_alias_limit`]).
    alias_limit: usize,
    /// The distinct ids: the file's when the caller shares its table
    /// ([`Parser::set_distinct_ids`]), this parse's otherwise.
    distinct: DistinctTable<'s, 'c>,
}

/// Where a [`Parser`] keeps the ids of `distinct[N]<...>`: one table either
/// way, so an id names one attribute inside a parse, and across the parsers
/// of a file when they share the file's table.
#[derive(Debug)]
enum DistinctTable<'s, 'c> {
    /// This parse's own ids (a dialect hook's sub-parser takes them over
    /// for the hook's body, which is part of the parse).
    Parse(DistinctIds<'c>),
    /// The file's ids, shared by every parser of the file.
    File(&'s RefCell<DistinctIds<'c>>),
}

impl Default for DistinctTable<'_, '_> {
    fn default() -> Self {
        Self::Parse(DistinctIds::new())
    }
}

/// A shaped type's dimensions while they are parsed (most have few).
type Dims = SmallVec<[i64; 4]>;

/// A position of a [`Parser`] to return to ([`Parser::checkpoint`]).
#[derive(Clone, Copy, Debug)]
pub struct Checkpoint {
    tok: Token,
    next: usize,
}

/// The alias definitions of a file a [`Parser`] resolves (MLIR's
/// `#map = ...`, `!t = ...` and `#loc3 = loc(...)`), by name without the
/// sigil: a use of an alias is the one handle its definition made, as in
/// MLIR (which matters for a distinct attribute: every use of
/// `#distinct = distinct[0]<42 : i32>` is the same attribute).
///
/// In MLIR a location is an attribute, so a location alias stands for the
/// location where a location is expected (`loc(fused[#loc1, #loc2])`) and
/// for the location as an attribute where an attribute is
/// (`{foo.loc_attr = #loc3}`).
///
/// ```
/// use strata_builtin::prelude::*;
/// use strata_syntax::{Aliases, Parser};
///
/// let ctx = strata_ctx::Context::new();
/// let mut aliases = Aliases::new();
/// aliases.define_location("loc1", ctx.file_loc("a.mlir", 1, 2).into()).unwrap();
/// aliases.define_attribute("d", ctx.distinct_attr(ctx.unit_attr()).into()).unwrap();
/// let mut p = Parser::new(&ctx, "[#loc1, #d, #d]", None).with_aliases(&aliases);
/// let a = p.parse_attribute().unwrap();
/// let printed = a.to_string();
/// assert_eq!(printed, r#"[loc("a.mlir":1:2), distinct[0]<>, distinct[0]<>]"#);
/// ```
///
/// Each definition is numbered in the order it was made. MLIR resolves an
/// alias only after its definition, and [`Parser::with_alias_limit`] asks a
/// parser to see only the first `n` definitions: the ones above the text it
/// parses.
#[derive(Debug, Default, Clone)]
pub struct Aliases<'c> {
    locations: std::collections::HashMap<String, (Location<'c>, usize)>,
    attributes: std::collections::HashMap<String, (Attribute<'c>, usize)>,
    types: std::collections::HashMap<String, (Type<'c>, usize)>,
    /// How many definitions were made (the next one's number).
    defined: usize,
}

impl<'c> Aliases<'c> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// Defines `#name` as the location `loc`.
    ///
    /// # Errors
    ///
    /// MLIR's message if `#name` is defined already.
    pub fn define_location(&mut self, name: &str, loc: Location<'c>) -> Result<(), String> {
        if self.attributes.contains_key(name) || self.locations.contains_key(name) {
            return Err(format!("redefinition of attribute alias id '{name}'"));
        }
        self.locations.insert(name.to_owned(), (loc, self.defined));
        self.defined += 1;
        Ok(())
    }

    /// Defines `#name` as the attribute `attr`.
    ///
    /// # Errors
    ///
    /// MLIR's message if `#name` is defined already.
    pub fn define_attribute(&mut self, name: &str, attr: Attribute<'c>) -> Result<(), String> {
        if self.locations.contains_key(name) || self.attributes.contains_key(name) {
            return Err(format!("redefinition of attribute alias id '{name}'"));
        }
        self.attributes
            .insert(name.to_owned(), (attr, self.defined));
        self.defined += 1;
        Ok(())
    }

    /// Defines `!name` as the type `ty`.
    ///
    /// # Errors
    ///
    /// MLIR's message if `!name` is defined already.
    pub fn define_type(&mut self, name: &str, ty: Type<'c>) -> Result<(), String> {
        if self.types.contains_key(name) {
            return Err(format!("redefinition of type alias id '{name}'"));
        }
        self.types.insert(name.to_owned(), (ty, self.defined));
        self.defined += 1;
        Ok(())
    }

    /// How many definitions were made.
    pub fn len(&self) -> usize {
        self.defined
    }

    /// The location `#name` stands for.
    pub fn location(&self, name: &str) -> Option<Location<'c>> {
        self.locations.get(name).map(|&(l, _)| l)
    }

    /// The attribute `#name` stands for (a location alias as the location
    /// attribute is not included: see [`Aliases::location`]).
    pub fn attribute(&self, name: &str) -> Option<Attribute<'c>> {
        self.attributes.get(name).map(|&(a, _)| a)
    }

    /// The type `!name` stands for.
    pub fn ty(&self, name: &str) -> Option<Type<'c>> {
        self.types.get(name).map(|&(t, _)| t)
    }

    /// [`Aliases::location`], if it is among the first `limit` definitions.
    fn location_before(&self, name: &str, limit: usize) -> Option<Location<'c>> {
        self.locations
            .get(name)
            .filter(|&&(_, n)| n < limit)
            .map(|&(l, _)| l)
    }

    /// [`Aliases::attribute`], if it is among the first `limit` definitions.
    fn attribute_before(&self, name: &str, limit: usize) -> Option<Attribute<'c>> {
        self.attributes
            .get(name)
            .filter(|&&(_, n)| n < limit)
            .map(|&(a, _)| a)
    }

    /// [`Aliases::ty`], if it is among the first `limit` definitions.
    fn ty_before(&self, name: &str, limit: usize) -> Option<Type<'c>> {
        self.types
            .get(name)
            .filter(|&&(_, n)| n < limit)
            .map(|&(t, _)| t)
    }

    /// Whether the alias `#name` or `!name` (with its sigil) is defined.
    pub fn contains(&self, sigil_name: &str) -> bool {
        match sigil_name.split_at_checked(1) {
            Some(("#", n)) => self.locations.contains_key(n) || self.attributes.contains_key(n),
            Some(("!", n)) => self.types.contains_key(n),
            _ => false,
        }
    }

    /// Whether no alias is defined.
    pub fn is_empty(&self) -> bool {
        self.defined == 0
    }
}

impl<P: Policy, S> core::fmt::Debug for Parser<'_, '_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Parser")
            .field("token", &self.tok)
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
    /// A parser of `text` that interns into `ctx`, with the dialect hooks
    /// of `syntax` (if any).
    pub fn new(ctx: &'c Context<P, S>, text: &'s str, syntax: Option<&'s Syntax<P, S>>) -> Self {
        Self::new_at(ctx, text, 0, syntax)
    }

    /// [`Parser::new`], starting at byte `offset` of `text` instead of its
    /// start: for a form inside a larger text (an operation's type in a
    /// file), whose spans are then offsets of that text and whose missing
    /// token at the start is reported after the text's token before, as
    /// MLIR reports it.
    pub fn new_at(
        ctx: &'c Context<P, S>,
        text: &'s str,
        offset: usize,
        syntax: Option<&'s Syntax<P, S>>,
    ) -> Self {
        let mut lexer = Lexer::new(text);
        lexer.reset(offset);
        let tok = lexer.next_token();
        Self {
            ctx,
            lexer,
            tok,
            depth: 0,
            syntax,
            aliases: None,
            alias_limit: usize::MAX,
            distinct: DistinctTable::default(),
        }
    }

    /// The parser with `aliases` resolved: a `#name` or `!name` of the
    /// table is the handle it stands for (a location alias is the location
    /// where a location is expected, and the location as an attribute where
    /// an attribute is).
    #[must_use]
    pub fn with_aliases(mut self, aliases: &'s Aliases<'c>) -> Self {
        self.aliases = Some(aliases);
        self
    }

    /// The parser seeing only the first `n` definitions of its alias table
    /// (in the order [`Aliases`] numbers them): MLIR resolves an alias only
    /// after its definition, so a parser of text that `n` definitions
    /// precede in its file reports a use of a later one as an undefined
    /// alias. Without a limit every definition is seen.
    #[must_use]
    pub fn with_alias_limit(mut self, n: usize) -> Self {
        self.alias_limit = n;
        self
    }

    /// The name of the current `#name`/`!name` token without its sigil,
    /// when a table is given.
    fn alias_token(&self, kind: TokenKind) -> Option<(&'s Aliases<'c>, &'s str)> {
        let table = self.aliases?;
        if self.tok.kind != kind {
            return None;
        }
        Some((
            table,
            &self.lexer.source()[self.tok.start + 1..self.tok.end],
        ))
    }

    /// The location alias the current `#name` token names, if any.
    fn location_alias(&self) -> Option<Location<'c>> {
        let (table, name) = self.alias_token(TokenKind::HashId)?;
        table.location_before(name, self.alias_limit)
    }

    /// The attribute the current `#name` token names, if any: an attribute
    /// alias, or a location alias as its location attribute.
    fn attribute_alias(&self) -> Option<Attribute<'c>> {
        let (table, name) = self.alias_token(TokenKind::HashId)?;
        let limit = self.alias_limit;
        table.attribute_before(name, limit).or_else(|| {
            table
                .location_before(name, limit)
                .map(|l| self.ctx.location_attr(l).into())
        })
    }

    /// Gives the parser the distinct ids of the file it parses a part of:
    /// `distinct[N]<...>` then names one attribute across every parser that
    /// shares the table, as MLIR's ids do across a file.
    pub fn set_distinct_ids(&mut self, ids: &'s RefCell<DistinctIds<'c>>) {
        self.distinct = DistinctTable::File(ids);
    }

    /// The parser with `ids` as its own table of distinct ids (for a caller
    /// that owns the parser for a whole part of a file and takes the table
    /// back with [`Parser::take_distinct_ids`] when it is done).
    #[must_use]
    pub fn with_distinct_ids(mut self, ids: DistinctIds<'c>) -> Self {
        self.distinct = DistinctTable::Parse(ids);
        self
    }

    /// The distinct ids as the parse left them, taken out of the parser (a
    /// shared table is copied, which is O(1)).
    pub fn take_distinct_ids(&mut self) -> DistinctIds<'c> {
        match &mut self.distinct {
            DistinctTable::Parse(ids) => core::mem::take(ids),
            DistinctTable::File(ids) => ids.borrow().clone(),
        }
    }

    /// The context the parser interns into.
    pub fn context(&self) -> &'c Context<P, S> {
        self.ctx
    }

    /// The current token.
    pub fn token(&self) -> Token {
        self.tok
    }

    /// The text being parsed: [`Token`] offsets index it. A dialect hook
    /// reads it to keep the text between the parts it parses (inside a
    /// hook it ends where the symbol's body ends).
    pub fn source(&self) -> &'s str {
        self.lexer.source()
    }

    /// The spelling of the current token.
    pub fn spelling(&self) -> &'s str {
        &self.lexer.source()[self.tok.start..self.tok.end]
    }

    /// Consumes the current token: the next one becomes current. A caller
    /// that parses a grammar of its own over the same text (an operation's
    /// syntax around its types and attributes) moves the one cursor with it.
    #[inline]
    pub fn bump(&mut self) {
        self.tok = self.lexer.next_token();
    }

    /// Continues at byte `pos` of the text: the token that starts there
    /// becomes current (a caller skipping text it does not parse).
    pub fn seek(&mut self, pos: usize) {
        self.lexer.reset(pos);
        self.bump();
    }

    /// Where the parser is, for [`Parser::rewind`]: a caller that looks
    /// ahead returns to it.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            tok: self.tok,
            next: self.lexer.position(),
        }
    }

    /// Returns to `at`, a checkpoint of this parser.
    pub fn rewind(&mut self, at: Checkpoint) {
        self.lexer.reset(at.next);
        self.tok = at.tok;
    }

    /// An error at the current token.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        let span = if let TokenKind::Error(why) = self.tok.kind {
            return ParseError::lexical(self.tok.start..self.tok.end, why);
        } else {
            self.tok.start..self.tok.end
        };
        ParseError::new(span, message)
    }

    fn missing(&self, span: Range<usize>, kind: &'static str) -> ParseError {
        ParseError::missing(span, kind)
    }

    /// Consumes the current token if it is of `kind`.
    pub fn consume_if(&mut self, kind: TokenKind) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes a token of `kind`, or fails with "expected `what`" where
    /// MLIR reports a missing token (see [`wrong_token_position`]).
    pub fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<()> {
        if self.consume_if(kind) {
            Ok(())
        } else {
            Err(self.wrong_token(format!("expected {what}")))
        }
    }

    /// An error about the current token not being the one expected, where
    /// MLIR's `emitWrongTokenError` reports it: after the previous token.
    pub(crate) fn wrong_token(&self, message: impl Into<String>) -> ParseError {
        if let TokenKind::Error(why) = self.tok.kind {
            return ParseError::lexical(self.tok.start..self.tok.end, why);
        }
        let at = wrong_token_position(self.lexer.source(), &self.tok);
        ParseError::wrong_token(at, message)
    }

    fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokenKind::BareId && self.spelling() == kw
    }

    /// Fails unless the whole text has been consumed.
    pub fn finish(&mut self) -> PResult<()> {
        if self.tok.kind == TokenKind::Eof {
            Ok(())
        } else {
            Err(self.error("unexpected text after the end of the form"))
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(format!(
                "nesting deeper than {MAX_NESTING} levels is not supported"
            )));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        let r = f(self);
        self.leave();
        r.map_err(|e| self.lexer_first(e))
    }

    /// MLIR's lexer reports a bad token as soon as it lexes it, when the
    /// token before is consumed, and its parser then abandons any error of
    /// its own while that token is current: so an error raised with a bad
    /// token current is the lexer's.
    pub(crate) fn lexer_first(&self, e: ParseError) -> ParseError {
        match self.tok.kind {
            TokenKind::Error(why) if !e.is_lexical() => {
                ParseError::lexical(self.tok.start..self.tok.end, why)
            }
            _ => e,
        }
    }

    // ----- numbers -----

    /// Parses an optionally negative integer literal that fits in an `i64`.
    pub fn parse_integer(&mut self) -> PResult<i64> {
        let start = self.tok.start;
        let negative = self.consume_if(TokenKind::Minus);
        if self.tok.kind != TokenKind::Integer {
            return Err(self.error("expected integer value"));
        }
        let v = ApInt::parse_mlir(self.spelling(), negative, 64, Signedness::Signed)
            .ok()
            .and_then(|v| v.to_i128());
        self.bump();
        v.map(|v| v as i64)
            .ok_or_else(|| ParseError::new(start..self.tok.start, "integer value too large"))
    }

    // ----- types -----

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type<'c>> {
        self.nested(|p| {
            if p.tok.kind == TokenKind::LParen {
                p.parse_function_type()
            } else {
                p.parse_non_function_type()
            }
        })
    }

    fn parse_type_list_parens(&mut self) -> PResult<SmallVec<[Type<'c>; 4]>> {
        let mut out = SmallVec::new();
        self.comma_list(Delimiter::Paren, "", |p| {
            out.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(out)
    }

    fn parse_function_type(&mut self) -> PResult<Type<'c>> {
        let inputs = self.parse_type_list_parens()?;
        self.expect(TokenKind::Arrow, "'->' in function type")?;
        let results = if self.tok.kind == TokenKind::LParen {
            self.parse_type_list_parens()?
        } else {
            smallvec::smallvec![self.nested(|p| p.parse_non_function_type())?]
        };
        Ok(self.ctx.function_type(&inputs, &results).into())
    }

    fn parse_non_function_type(&mut self) -> PResult<Type<'c>> {
        match self.tok.kind {
            TokenKind::BangId => {
                if let Some(t) = self
                    .alias_token(TokenKind::BangId)
                    .and_then(|(table, name)| table.ty_before(name, self.alias_limit))
                {
                    self.bump();
                    return Ok(t);
                }
                return self.parse_dialect_type();
            }
            TokenKind::BareId => {}
            _ => return Err(self.wrong_token("expected non-function type")),
        }
        let word = self.spelling();
        let simple: Option<Type<'c>> = match word {
            "index" => Some(self.ctx.index().into()),
            "none" => Some(self.ctx.none_type().into()),
            _ => FloatKind::from_name(word).map(|k| self.ctx.float_type(k).into()),
        };
        if let Some(t) = simple {
            self.bump();
            return Ok(t);
        }
        if let Some(t) = self.integer_type_keyword(word)? {
            self.bump();
            return Ok(t);
        }
        match word {
            "complex" => {
                self.bump();
                self.expect(TokenKind::Less, "'<' in complex type")?;
                let at = self.tok.start..self.tok.end;
                let el = self.parse_type()?;
                self.expect(TokenKind::Greater, "'>' in complex type")?;
                let t = self.ctx.try_complex_type(el).map_err(|e| built(at, e))?;
                Ok(t.into())
            }
            "tuple" => {
                self.bump();
                let els = self.parse_comma_separated_list(
                    Delimiter::LessGreater,
                    " in tuple type",
                    Self::parse_type,
                )?;
                Ok(self.ctx.tuple_type(&els).into())
            }
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            _ => Err(self.wrong_token("expected non-function type")),
        }
    }

    /// `iN`, `siN`, `uiN` (the current token is the bare identifier `word`).
    fn integer_type_keyword(&self, word: &str) -> PResult<Option<Type<'c>>> {
        let (sign, digits) = if let Some(d) = word.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = word.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = word.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        // MLIR reads the width as an `unsigned`: a wider one is no width.
        let Ok(width) = digits.parse::<u32>() else {
            return Err(self.error("invalid integer width"));
        };
        let width = u64::from(width);
        if width > MAX_INTEGER_WIDTH {
            return Err(self.error(format!(
                "integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits"
            )));
        }
        let t = self
            .ctx
            .try_integer_type(width as u32, sign)
            .map_err(|e| built(self.tok.start..self.tok.end, e))?;
        Ok(Some(t.into()))
    }

    /// Parses `4x?x8x` of a ranked shape (each dimension followed by `x`),
    /// leaving the element type as the current token. `allow_dynamic` is
    /// false for vectors, `allow_scalable` true for them (`[4]`). Returns the
    /// dimensions and their scalable flags.
    fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> PResult<(Dims, SmallVec<[bool; 4]>)> {
        let mut dims = SmallVec::new();
        let mut scalable = SmallVec::new();
        loop {
            let bracketed = allow_scalable && self.tok.kind == TokenKind::LSquare;
            if bracketed {
                self.bump();
            }
            let dim = match self.tok.kind {
                TokenKind::Question if allow_dynamic && !bracketed => {
                    self.bump();
                    DYNAMIC
                }
                TokenKind::Integer => {
                    let s = self.spelling();
                    if s.len() > 1 && s.as_bytes()[1] == b'x' {
                        // `0xf32` lexed as a hex integer: the dimension 0, then
                        // the rest after the `x`.
                        self.lexer.reset(self.tok.start + 1);
                        self.bump();
                        0
                    } else {
                        let v = s.parse::<i64>().map_err(|_| {
                            ParseError::new(self.tok.start..self.tok.end, "invalid dimension")
                        })?;
                        self.bump();
                        v
                    }
                }
                // A vector's `?` ends its dimensions, as in MLIR's
                // `parseVectorDimensionList`, and its element type then
                // reports it ("expected non-function type").
                _ => {
                    if bracketed {
                        // MLIR's message for a scalable dimension that is
                        // not an integer.
                        return Err(self.error("invalid dimension"));
                    }
                    return Ok((dims, scalable));
                }
            };
            if bracketed && !self.consume_if(TokenKind::RSquare) {
                return Err(self.error("missing ']' closing scalable dimension"));
            }
            dims.push(dim);
            scalable.push(bracketed);
            // The `x` separator: the start of a bare identifier (`x`,
            // `xf32`, `x4` lexes as an identifier too) or part of it.
            self.expect_x()?;
        }
    }

    fn expect_x(&mut self) -> PResult<()> {
        if self.tok.kind == TokenKind::BareId && self.spelling().starts_with('x') {
            self.lexer.reset(self.tok.start + 1);
            self.bump();
            Ok(())
        } else {
            // MLIR's `parseXInDimensionList` emits a wrong-token error: at
            // the end of the token before, across blanks.
            Err(self.wrong_token("expected 'x' in dimension list"))
        }
    }

    fn parse_tensor_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "'<' in tensor type")?;
        if self.tok.kind == TokenKind::Star {
            self.bump();
            self.expect_x()?;
            let at = self.tok.start..self.tok.end;
            let el = self.parse_type()?;
            // MLIR parses an optional encoding here too, and refuses one
            // after the `>`, at the token that follows (a comma with no
            // attribute after it is accepted, as there).
            let encoding =
                self.consume_if(TokenKind::Comma) && self.parse_optional_attribute()?.is_some();
            self.expect(TokenKind::Greater, "'>' in tensor type")?;
            if encoding {
                return Err(self.error("cannot apply encoding to unranked tensor"));
            }
            let t = self
                .ctx
                .try_unranked_tensor_type(el)
                .map_err(|e| built(at, e))?;
            return Ok(t.into());
        }
        let (dims, _) = self.parse_dimension_list(true, false)?;
        let el_at = self.tok.start;
        let el = self.parse_type()?;
        // MLIR's encoding is an optional attribute after the comma:
        // `tensor<4xf32,>` is `tensor<4xf32>` there.
        let encoding = if self.consume_if(TokenKind::Comma) {
            self.parse_optional_attribute()?
        } else {
            None
        };
        self.expect(TokenKind::Greater, "'>' in tensor type")?;
        let t = self.ctx.try_tensor_type(&dims, el, encoding).map_err(|e| {
            // MLIR reports an element type it refuses at the element.
            if e.message().starts_with("invalid tensor element type") {
                ParseError::new(el_at..el_at + 1, "invalid tensor element type")
            } else {
                built(kw..self.tok.start, e)
            }
        })?;
        Ok(t.into())
    }

    fn parse_memref_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "'<' in memref type")?;
        let unranked = self.tok.kind == TokenKind::Star;
        let dims = if unranked {
            self.bump();
            self.expect_x()?;
            SmallVec::new()
        } else {
            self.parse_dimension_list(true, false)?.0
        };
        let el_at = self.tok.start;
        let el = self.parse_type()?;
        let mut layout: Option<Attribute<'c>> = None;
        let mut memory_space: Option<Attribute<'c>> = None;
        if !self.consume_if(TokenKind::Greater) {
            self.expect(TokenKind::Comma, "',' or '>' in memref type")?;
            let mut first = true;
            loop {
                // MLIR's `parseCommaSeparatedListUntil` refuses an empty list;
                // a `>` after a comma is then the attribute parser's error.
                if first && self.tok.kind == TokenKind::Greater {
                    return Err(self.wrong_token("expected list element"));
                }
                first = false;
                let attr = self.parse_attribute()?;
                // MLIR reports these at the token after the attribute.
                let span = self.tok.start..self.tok.end;
                if attr.isa::<AffineMapAttr>() || attr.isa::<StridedLayoutAttr>() {
                    if unranked {
                        return Err(ParseError::new(
                            span,
                            "cannot have affine map for unranked memref type",
                        ));
                    }
                    if memory_space.is_some() {
                        return Err(ParseError::new(
                            span,
                            "expected memory space to be last in memref type",
                        ));
                    }
                    layout = Some(attr);
                } else if memory_space.is_some() {
                    return Err(ParseError::new(
                        span,
                        "multiple memory spaces specified in memref type",
                    ));
                } else {
                    memory_space = Some(attr);
                }
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                // The end of MLIR's `parseCommaSeparatedListUntil`.
                self.expect(TokenKind::Greater, "',' or '>'")?;
                break;
            }
        }
        let span = kw..self.tok.start;
        // MLIR reports an element type it refuses at the element.
        let refusal = |e: BuiltinError| {
            if e.message() == "invalid memref element type" {
                ParseError::new(el_at..el_at + 1, e.message())
            } else {
                built(span.clone(), e)
            }
        };
        if unranked {
            let t = self
                .ctx
                .try_unranked_memref_type(el, memory_space)
                .map_err(refusal)?;
            return Ok(t.into());
        }
        let t = self
            .ctx
            .try_memref_type(&dims, el, layout, memory_space)
            .map_err(refusal)?;
        Ok(t.into())
    }

    fn parse_vector_type(&mut self) -> PResult<Type<'c>> {
        self.bump();
        self.expect(TokenKind::Less, "'<' in vector type")?;
        let (dims, scalable) = self.parse_dimension_list(false, true)?;
        let el_at = self.tok.start;
        let el = self.parse_type()?;
        self.expect(TokenKind::Greater, "'>' in vector type")?;
        let flags: &[bool] = if scalable.contains(&true) {
            &scalable
        } else {
            &[]
        };
        let t = self
            .ctx
            .try_vector_type(&dims, el, flags)
            // MLIR reports the vector's refusals at its element type.
            .map_err(|e| built(el_at..el_at + 1, e))?;
        Ok(t.into())
    }

    /// `!dialect.name...` or `!dialect<...>`: a registered dialect's hook,
    /// or an opaque type.
    fn parse_dialect_type(&mut self) -> PResult<Type<'c>> {
        let sym = self.parse_extended_symbol()?;
        no_builtin_hook(&sym, "type")?;
        if let Some(hook) = self.syntax.and_then(|s| s.type_hook(sym.dialect, sym.data)) {
            return self.run_dialect_hook(&sym, |p, m| hook(p, m));
        }
        let t = self
            .ctx
            .try_opaque_type(sym.dialect, self.opaque_data(&sym))
            .map_err(|e| built(sym.span.clone(), e))?;
        Ok(t.into())
    }

    /// Runs a dialect hook on the text `start..end` (the body after the
    /// mnemonic), then continues after it.
    fn run_hook<T>(
        &mut self,
        start: usize,
        end: usize,
        hook: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let src = self.lexer.source();
        let mut sub = Parser {
            ctx: self.ctx,
            lexer: Lexer::new(&src[..end]),
            tok: Token {
                kind: TokenKind::Eof,
                start,
                end: start,
            },
            depth: self.depth,
            syntax: self.syntax,
            aliases: self.aliases,
            alias_limit: self.alias_limit,
            // The hook's body is part of this parse: its distinct ids too.
            distinct: core::mem::take(&mut self.distinct),
        };
        sub.lexer.reset(start);
        sub.bump();
        let v = hook(&mut sub);
        self.distinct = core::mem::take(&mut sub.distinct);
        let v = v?;
        sub.finish()?;
        Ok(v)
    }

    /// Parses `!dialect.data` / `#dialect<data>` (the current token is the
    /// `!`/`#` identifier): returns the dialect, the symbol data as MLIR
    /// keeps it (`data<...>` of the pretty form, the inside of the `<>` of
    /// the verbose form), the offset of the data, and the span of the whole
    /// symbol.
    fn parse_extended_symbol(&mut self) -> PResult<ExtendedSymbol<'s>> {
        let src = self.lexer.source();
        let start = self.tok.start;
        let ident = &src[self.tok.start + 1..self.tok.end];
        let id_end = self.tok.end;
        let (dialect, pretty) = match ident.split_once('.') {
            Some((d, _)) => (d, true),
            None => (ident, false),
        };
        let has_body = src.as_bytes().get(id_end) == Some(&b'<');
        if !pretty && !has_body {
            // MLIR reports it as a wrong token after the alias: at the end
            // of the alias when the next token is on its line (at the end
            // of the text, after the alias).
            let next = self.lexer.clone().next_token();
            // MLIR consumes the alias first, which lexes the next token: a
            // bad one is the lexer's error, reported before this one.
            if let TokenKind::Error(why) = next.kind {
                return Err(ParseError::lexical(next.start..next.end, why));
            }
            let at = if next.kind == TokenKind::Eof {
                id_end
            } else {
                wrong_token_position(src, &next)
            };
            return Err(ParseError::wrong_token(
                at,
                format!("undefined symbol alias id '{ident}'"),
            ));
        }
        let mut end = id_end;
        if has_body {
            end = self.lexer.balanced_body_end(id_end)?;
        }
        // MLIR's `Dialect::isValidNamespace`.
        let valid = dialect
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && dialect
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$');
        if !valid {
            // MLIR reports a pretty name at its symbol data (after the dot).
            let at = if pretty {
                start + 1 + dialect.len() + 1
            } else {
                start
            };
            return Err(ParseError::exact(
                at..id_end.max(at),
                format!("invalid dialect namespace '\"{dialect}\"'"),
            ));
        }
        let (data_start, data_end) = if pretty {
            (start + 1 + dialect.len() + 1, end)
        } else {
            (id_end + 1, end - 1)
        };
        self.lexer.reset(end);
        self.bump();
        Ok(ExtendedSymbol {
            dialect,
            data: &src[data_start..data_end],
            data_start,
            span: start..end,
        })
    }

    /// The text an opaque type or attribute keeps of an extended symbol: its
    /// data as written for an unregistered dialect (MLIR prints that back
    /// verbatim), without the blanks at either end of a long form's body
    /// for a registered one, whose own parser skips them and whose printer
    /// does not write them (`#gpu< x<1> >` prints `#gpu.x<1>`).
    fn opaque_data(&self, sym: &ExtendedSymbol<'s>) -> &'s str {
        if self.syntax.is_some_and(|s| s.has_dialect(sym.dialect)) {
            sym.data.trim()
        } else {
            sym.data
        }
    }

    /// Runs the hook of a dialect on an extended symbol: the mnemonic is the
    /// data's leading identifier, and the hook parses the rest of the data.
    fn run_dialect_hook<T>(
        &mut self,
        sym: &ExtendedSymbol<'s>,
        hook: impl FnOnce(&mut Self, &str) -> PResult<T>,
    ) -> PResult<T> {
        // The long form's body may start with blanks (`#gpu< x<1>>`), which
        // the dialect's parser skips before its keyword.
        let lead = sym.data.len() - sym.data.trim_start().len();
        let mnemonic = crate::dialect::mnemonic_of(&sym.data[lead..]);
        let end = sym.data_start + sym.data.len();
        self.run_hook(sym.data_start + lead + mnemonic.len(), end, |p| {
            hook(p, mnemonic)
        })
    }

    // ----- attributes -----

    /// Parses an attribute.
    pub fn parse_attribute(&mut self) -> PResult<Attribute<'c>> {
        self.nested(|p| p.parse_attribute_inner())
    }

    /// An attribute if the token can begin one, as MLIR's
    /// `parseOptionalAttribute`: a token that begins neither an attribute
    /// nor a type is no attribute, and nothing is consumed.
    fn parse_optional_attribute(&mut self) -> PResult<Option<Attribute<'c>>> {
        let start = self.tok.start;
        match self.parse_attribute() {
            Err(e) if self.tok.start == start && e.message() == "expected attribute value" => {
                Ok(None)
            }
            r => r.map(Some),
        }
    }

    fn parse_optional_colon_type(&mut self) -> PResult<Option<Type<'c>>> {
        if self.consume_if(TokenKind::Colon) {
            Ok(Some(self.parse_type()?))
        } else {
            Ok(None)
        }
    }

    /// `: type` where the type must be shaped (`dense_resource`'s).
    #[inline(never)]
    fn parse_shaped_colon_type(&mut self) -> PResult<Type<'c>> {
        let ty_at = self.tok.start;
        self.expect(TokenKind::Colon, "':'")?;
        let ty = self.parse_type()?;
        if !strata_builtin::is_shaped(ty) {
            return Err(ParseError::new(
                ty_at..ty_at + 1,
                "`dense_resource` expected a shaped type",
            ));
        }
        Ok(ty)
    }

    /// The integer of `distinct[id]`, which must fit in 64 bits unsigned.
    #[inline(never)]
    fn parse_distinct_id(&mut self) -> PResult<u64> {
        let value = token_u64(self.spelling());
        self.bump();
        value.ok_or_else(|| self.error("expected an unsigned 64-bit integer"))
    }

    /// The distinct attribute `distinct[id]<referenced>` (written at byte
    /// `at`): the one the id already names in the table (the file's, or
    /// this parse's), or a new one; another referenced attribute for a known
    /// id is MLIR's error, at the `distinct` keyword.
    #[inline(never)]
    fn distinct_attr(
        &mut self,
        id: u64,
        referenced: Attribute<'c>,
        at: usize,
    ) -> PResult<Attribute<'c>> {
        let ctx = self.ctx;
        let made = match &mut self.distinct {
            DistinctTable::Parse(ids) => {
                ids.resolve(id, referenced, || ctx.distinct_attr(referenced))
            }
            DistinctTable::File(ids) => ids
                .borrow_mut()
                .resolve(id, referenced, || ctx.distinct_attr(referenced)),
        };
        made.map_err(|previous| {
            ParseError::new(
                at..at + "distinct".len(),
                format!("referenced attribute does not match previous definition: {previous}"),
            )
        })
    }

    fn parse_colon_type(&mut self) -> PResult<Type<'c>> {
        self.expect(TokenKind::Colon, "':'")?;
        self.parse_type()
    }

    fn parse_attribute_inner(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        match self.tok.kind {
            TokenKind::Integer | TokenKind::Float | TokenKind::Minus => self.parse_number_attr(),
            TokenKind::String => {
                let bytes = unescape(self.spelling());
                let at = self.tok.start..self.tok.end;
                self.bump();
                if self.consume_if(TokenKind::Colon) {
                    let ty = self.parse_type()?;
                    let s = String::from_utf8(bytes).map_err(|_| {
                        self.missing(at, "typed StringAttr holding bytes that are not UTF-8")
                    })?;
                    return Ok(self.ctx.typed_string_attr(&s, ty).into());
                }
                Ok(self.ctx.string_attr_bytes(&bytes))
            }
            TokenKind::LSquare => {
                self.bump();
                let mut els = Vec::new();
                if !self.consume_if(TokenKind::RSquare) {
                    loop {
                        els.push(self.parse_attribute()?);
                        if self.consume_if(TokenKind::Comma) {
                            continue;
                        }
                        self.expect(TokenKind::RSquare, "',' or ']'")?;
                        break;
                    }
                }
                Ok(self.ctx.array_attr(&els).into())
            }
            TokenKind::LBrace => self.parse_dictionary().map(Into::into),
            TokenKind::AtId => self.parse_symbol_ref(),
            TokenKind::HashId => match self.attribute_alias() {
                Some(a) => {
                    self.bump();
                    Ok(a)
                }
                None => self.parse_dialect_attr(),
            },
            TokenKind::BareId => {
                let word = self.spelling();
                match word {
                    "true" | "false" => {
                        self.bump();
                        Ok(self.ctx.bool_attr(word == "true").into())
                    }
                    "unit" => {
                        self.bump();
                        Ok(self.ctx.unit_attr().into())
                    }
                    "affine_map" => {
                        self.bump();
                        self.expect(TokenKind::Less, "'<' in affine map")?;
                        let map = self.parse_affine_map_body()?;
                        self.expect(TokenKind::Greater, "'>' in affine map")?;
                        Ok(self.ctx.affine_map_attr(map).into())
                    }
                    "affine_set" => {
                        self.bump();
                        self.expect(TokenKind::Less, "'<' in integer set")?;
                        let set = self.parse_integer_set_body()?;
                        self.expect(TokenKind::Greater, "'>' in integer set")?;
                        Ok(self.ctx.integer_set_attr(set).into())
                    }
                    "loc" => {
                        let loc = self.parse_location_in("inline location")?;
                        Ok(self.ctx.location_attr(loc).into())
                    }
                    "dense" => self.parse_dense(),
                    "sparse" => self.parse_sparse(),
                    "array" => self.parse_dense_array(),
                    "strided" => self.parse_strided(),
                    "dense_resource" => {
                        self.bump();
                        self.expect(TokenKind::Less, "'<' after 'dense_resource'")?;
                        if self.tok.kind != TokenKind::BareId {
                            return Err(self.error("expected identifier key for 'resource' entry"));
                        }
                        let handle = self.spelling();
                        self.bump();
                        self.expect(TokenKind::Greater, "'>'")?;
                        let ty = self.parse_shaped_colon_type()?;
                        let a = self
                            .ctx
                            .try_dense_resource_attr(handle, ty)
                            .map_err(|e| built(start..self.tok.start, e))?;
                        Ok(a.into())
                    }
                    "distinct" => {
                        self.bump();
                        self.expect(TokenKind::LSquare, "'[' after 'distinct'")?;
                        if self.tok.kind != TokenKind::Integer {
                            return Err(self.wrong_token("expected distinct ID"));
                        }
                        let id = self.parse_distinct_id()?;
                        self.expect(TokenKind::RSquare, "']' to close distinct ID")?;
                        self.expect(TokenKind::Less, "'<' after distinct ID")?;
                        let referenced: Attribute<'c> = if self.consume_if(TokenKind::Greater) {
                            self.ctx.unit_attr().into()
                        } else {
                            // MLIR adds its own error at the referenced
                            // attribute's location when it does not parse.
                            let at = self.tok.start;
                            let a = self.parse_attribute().map_err(|e| {
                                e.with_exact_follow_up(at..at, "expected attribute")
                            })?;
                            self.expect(TokenKind::Greater, "'>' to close distinct attribute")?;
                            a
                        };
                        self.distinct_attr(id, referenced, start)
                    }
                    _ => {
                        // MLIR's `parseOptionalType`: a word that starts no
                        // type is no attribute either.
                        match self.parse_type() {
                            Ok(ty) => Ok(self.ctx.type_attr(ty).into()),
                            Err(e)
                                if self.tok.start == start
                                    && e.message() == "expected non-function type" =>
                            {
                                Err(self.wrong_token("expected attribute value"))
                            }
                            Err(e) => Err(e),
                        }
                    }
                }
            }
            TokenKind::LParen | TokenKind::BangId => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty).into())
            }
            _ => Err(self.wrong_token("expected attribute value")),
        }
    }

    /// `@a`, `@"a b"`, `@a::@b::@c`.
    fn parse_symbol_ref(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        let mut names: Vec<String> = Vec::new();
        loop {
            if let TokenKind::Error(_) = self.tok.kind {
                return Err(self.error(""));
            }
            if self.tok.kind != TokenKind::AtId {
                // MLIR reports it at the token's location, taken before.
                return Err(ParseError::exact(
                    self.tok.start..self.tok.end,
                    "expected nested symbol reference identifier",
                ));
            }
            let at = self.tok.start..self.tok.end;
            let body = &self.spelling()[1..];
            let name = if body.starts_with('"') {
                String::from_utf8(unescape(body))
                    .map_err(|_| self.missing(at, "symbol names that are not UTF-8"))?
            } else {
                body.to_owned()
            };
            names.push(name);
            self.bump();
            // MLIR lexes `::` as two colons (a blank may stand between
            // them) and gives a lone `:` back, unless the text ends after
            // it (the error then points past it).
            if self.tok.kind != TokenKind::Colon {
                break;
            }
            let mut ahead = self.lexer.clone();
            let second = ahead.next_token();
            match second.kind {
                TokenKind::Colon => {
                    self.lexer = ahead;
                    self.bump();
                }
                TokenKind::Eof | TokenKind::Error(_) => {
                    self.bump();
                    break;
                }
                _ => break,
            }
        }
        let nested: Vec<&str> = names[1..].iter().map(String::as_str).collect();
        let a = self
            .ctx
            .try_symbol_ref_attr(&names[0], &nested)
            .map_err(|e| built(start..self.tok.start, e))?;
        Ok(a.into())
    }

    /// `strided<[s0, ?], offset: o>` (the offset is optional and defaults to
    /// 0).
    fn parse_strided(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "'<' after 'strided'")?;
        let strides =
            self.parse_comma_separated_list(Delimiter::Square, "", Self::parse_i64_or_dynamic)?;
        // `>`, or `, offset: N>` (MLIR's order of messages).
        let mut offset = 0;
        if !self.consume_if(TokenKind::Greater) {
            self.expect(TokenKind::Comma, "','")?;
            if !self.is_keyword("offset") {
                return Err(self.wrong_token("expected 'offset' after comma"));
            }
            self.bump();
            self.expect(TokenKind::Colon, "':' after 'offset'")?;
            offset = self.parse_i64_or_dynamic()?;
            self.expect(TokenKind::Greater, "'>'")?;
        }
        let a = self
            .ctx
            .try_strided_layout_attr(offset, &strides)
            .map_err(|e| built(start..self.tok.start, e))?;
        Ok(a.into())
    }

    fn parse_i64_or_dynamic(&mut self) -> PResult<i64> {
        if self.consume_if(TokenKind::Question) {
            return Ok(DYNAMIC);
        }
        let at = self.tok.start;
        // At the location MLIR takes before it reads the integer.
        let error = |p: &Self| {
            ParseError::exact(
                at..p.tok.end.max(at),
                "expected a 64-bit signed integer or '?'",
            )
        };
        let v = self.parse_integer().map_err(|_| error(self))?;
        // MLIR reads the magnitude as at most `i64::MAX` before negating it,
        // so `-9223372036854775808` is refused rather than taken for the
        // dynamic value `?`, which it equals.
        if v == DYNAMIC {
            return Err(error(self));
        }
        Ok(v)
    }

    fn parse_dictionary(&mut self) -> PResult<Interned<'c, DictionaryAttr>> {
        /// Up to this many entries a duplicate name is found by a scan.
        const DICTIONARY_SCAN: usize = 16;
        self.expect(TokenKind::LBrace, "'{' in attribute dictionary")?;
        // Names borrow the source unless they have escapes.
        let mut entries: Vec<(Cow<'s, str>, Attribute<'c>)> = Vec::with_capacity(4);
        // The names seen, for the duplicate check once the dictionary is
        // larger than a linear scan should search (a scan per entry made a
        // dictionary of 50,000 entries take seconds).
        let mut names: std::collections::HashSet<Cow<'s, str>> = std::collections::HashSet::new();
        if !self.consume_if(TokenKind::RBrace) {
            loop {
                let at = self.tok.start..self.tok.end;
                let name = match self.tok.kind {
                    TokenKind::BareId => Cow::Borrowed(self.spelling()),
                    TokenKind::String if !self.spelling().contains('\\') => {
                        let s = self.spelling();
                        Cow::Borrowed(&s[1..s.len() - 1])
                    }
                    TokenKind::String => {
                        Cow::Owned(String::from_utf8(unescape(self.spelling())).map_err(|_| {
                            self.missing(at.clone(), "StringAttr holding bytes that are not UTF-8")
                        })?)
                    }
                    _ => return Err(self.wrong_token("expected attribute name")),
                };
                if name.is_empty() {
                    return Err(ParseError::new(at, "expected valid attribute name"));
                }
                // A name seen before is refused before its value is read,
                // as MLIR's `parseAttributeDict` does (an error in the value
                // comes second).
                let duplicate = if entries.len() < DICTIONARY_SCAN {
                    entries.iter().any(|(n, _)| *n == name)
                } else {
                    if names.is_empty() {
                        names.extend(entries.iter().map(|(n, _)| n.clone()));
                    }
                    !names.insert(name.clone())
                };
                if duplicate {
                    return Err(ParseError::new(
                        at,
                        format!("duplicate key '{name}' in dictionary attribute"),
                    ));
                }
                self.bump();
                let value = if self.consume_if(TokenKind::Equal) {
                    self.parse_attribute()?
                } else {
                    self.ctx.unit_attr().into()
                };
                entries.push((name, value));
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::RBrace, "'}' in attribute dictionary")?;
                break;
            }
        }
        let borrowed: Vec<(&str, Attribute<'c>)> =
            entries.iter().map(|(n, a)| (n.as_ref(), *a)).collect();
        Ok(self.ctx.dictionary_attr(&borrowed))
    }

    fn parse_dialect_attr(&mut self) -> PResult<Attribute<'c>> {
        let sym = self.parse_extended_symbol()?;
        no_builtin_hook(&sym, "attribute")?;
        if let Some(hook) = self.syntax.and_then(|s| s.attr_hook(sym.dialect, sym.data)) {
            let a = self.run_dialect_hook(&sym, |p, m| hook(p, m))?;
            // MLIR's `parseExtendedAttr` reads a trailing `: type` after any
            // dialect attribute and hands it to the dialect's parser; the
            // attributes strata's hooks parse are not typed, and their
            // parsers in MLIR ignore it, as they do here.
            self.parse_optional_colon_type()?;
            return Ok(a);
        }
        let ty: Type<'c> = match self.parse_optional_colon_type()? {
            Some(t) => t,
            None => self.ctx.none_type().into(),
        };
        let a = self
            .ctx
            .try_opaque_attr(sym.dialect, self.opaque_data(&sym), ty)
            .map_err(|e| built(sym.span.clone(), e))?;
        Ok(a.into())
    }

    /// A number with an optional `-` and an optional `: type`.
    fn parse_number_attr(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        let negative = self.consume_if(TokenKind::Minus);
        let lit_span = self.tok.start..self.tok.end;
        let (spelling, is_float) = match self.tok.kind {
            TokenKind::Float => (self.spelling(), true),
            TokenKind::Integer => (self.spelling(), false),
            // Only after a `-`: MLIR's attribute parser.
            _ => {
                return Err(self.wrong_token("expected constant integer or floating point value"));
            }
        };
        self.bump();
        let ty: Type<'c> = match self.parse_optional_colon_type()? {
            Some(t) => t,
            None if is_float => self.ctx.f64().into(),
            None => self.ctx.i64().into(),
        };
        let span = start..self.tok.start;
        if let Some(sem) = ty.dyn_cast::<FloatType>().map(|t| *t.payload()) {
            let v = ApFloat::parse_mlir(sem, spelling, negative)
                .map_err(|e| float_error(lit_span, e))?;
            let a = self
                .ctx
                .try_float_attr_ap(ty, v)
                .map_err(|e| built(span, e))?;
            return Ok(a.into());
        }
        if is_float {
            // MLIR reports it at the token after the type.
            return Err(self.error("floating point value not valid for specified type"));
        }
        // MLIR reports the integer's refusals at its literal (after a minus).
        let Some((width, signedness)) = int_layout(ty) else {
            return Err(ParseError::new(
                lit_span,
                "integer literal not valid for specified type",
            ));
        };
        let v = ApInt::parse_mlir(spelling, negative, width, signedness)
            .map_err(|e| ParseError::new(lit_span.clone(), e.to_string()))?;
        let a = self
            .ctx
            .try_integer_attr_ap(ty, &v)
            .map_err(|e| built(span, e))?;
        Ok(a.into())
    }

    // ----- dense literals -----

    /// Parses a dense literal: an element, or nested `[...]` lists of them.
    fn parse_dense_literal(&mut self) -> PResult<Literal<'s>> {
        self.nested(|p| {
            if p.tok.kind == TokenKind::LSquare {
                p.bump();
                let mut items: Vec<Literal<'s>> = Vec::new();
                // The first element's dimensions, once it is parsed.
                let mut first: Option<Vec<i64>> = None;
                if !p.consume_if(TokenKind::RSquare) {
                    loop {
                        let item = p.parse_dense_literal()?;
                        // MLIR's `TensorLiteralParser::parseList` compares
                        // each element's dimensions with the first's as soon
                        // as it is parsed, and reports a difference at the
                        // token after it, before any later syntax error.
                        let dims = item.dims();
                        match &first {
                            None => first = Some(dims),
                            Some(f) if *f == dims => {}
                            Some(_) => {
                                return Err(p.error(
                                    "tensor literal is invalid; ranks are not consistent between elements",
                                ));
                            }
                        }
                        items.push(item);
                        if p.consume_if(TokenKind::Comma) {
                            continue;
                        }
                        p.expect(TokenKind::RSquare, "']'")?;
                        break;
                    }
                }
                return Ok(Literal::List(items));
            }
            Ok(Literal::Element(p.parse_dense_element()?))
        })
    }

    fn parse_dense_element(&mut self) -> PResult<Element<'s>> {
        let start = self.tok.start;
        match self.tok.kind {
            TokenKind::LParen => {
                self.bump();
                let re = self.nested(Self::parse_dense_element)?;
                self.expect(TokenKind::Comma, "',' between complex elements")?;
                let im = self.nested(Self::parse_dense_element)?;
                self.expect(TokenKind::RParen, "')' after complex elements")?;
                // MLIR takes a string part too, and refuses it with the
                // type (as an integer out of range, say).
                if matches!(re, Element::Complex(..)) || matches!(im, Element::Complex(..)) {
                    return Err(ParseError::new(
                        start..self.tok.start,
                        "expected element literal of primitive type",
                    ));
                }
                Ok(Element::Complex(Box::new(re), Box::new(im)))
            }
            TokenKind::BareId if matches!(self.spelling(), "true" | "false") => {
                let v = self.spelling() == "true";
                let end = self.tok.end;
                self.bump();
                Ok(Element::Bool(v, start..end))
            }
            TokenKind::String => {
                let bytes = unescape(self.spelling());
                let end = self.tok.end;
                self.bump();
                Ok(Element::Str(bytes, start..end))
            }
            TokenKind::Minus | TokenKind::Integer | TokenKind::Float => {
                let negative = self.consume_if(TokenKind::Minus);
                let is_float = match self.tok.kind {
                    TokenKind::Integer => false,
                    TokenKind::Float => true,
                    _ => return Err(self.error("expected integer or floating point literal")),
                };
                let spelling = self.spelling();
                // The span ends with the literal, not at the next token: its
                // last `spelling.len()` bytes are the literal's token.
                let end = self.tok.end;
                self.bump();
                Ok(Element::Number {
                    negative,
                    spelling,
                    is_float,
                    span: start..end,
                })
            }
            _ => Err(self.error("expected element literal of primitive type")),
        }
    }

    /// `dense<...> : type`.
    fn parse_dense(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "'<' after 'dense'")?;
        let literal = if self.consume_if(TokenKind::Greater) {
            None
        } else {
            // A string literal that is the whole body is raw hex data for a
            // numeric element type and a splat string otherwise, which only
            // the type tells (MLIR's `TensorLiteralParser` keeps it as
            // `hexStorage` until then).
            let lit = if self.tok.kind == TokenKind::String {
                let span = self.tok.start..self.tok.end;
                let spelling = self.spelling();
                self.bump();
                Literal::Hex(spelling, span)
            } else {
                self.parse_dense_literal()?
            };
            self.expect(TokenKind::Greater, "'>'")?;
            Some(lit)
        };
        let ty_at = self.tok.start;
        let ty = self.parse_colon_type()?;
        let span = start..self.tok.start;
        // MLIR reports these at the token after the type.
        let (shape, element) = static_shape(ty).ok_or_else(|| {
            self.error(if strata_builtin::is_shaped(ty) {
                "elements literal type must have static shape"
            } else {
                "elements literal must be a shaped type"
            })
        })?;
        if shape.iter().any(|&d| d < 0) {
            return Err(self.error("elements literal type must have static shape"));
        }
        // MLIR's `getNumElements` multiplies in 64 bits and wraps: a shape
        // of 2^62 x 4 has zero elements there, and a splat of it is legal.
        let count = shape.iter().fold(1i64, |a, &d| a.wrapping_mul(d));
        let Some(literal) = literal else {
            // `dense<>`: no elements, for a type with none.
            if count != 0 {
                return Err(ParseError::new(
                    ty_at..ty_at + 1,
                    format!("parsed zero elements, but type ('{ty}') expected at least 1"),
                ));
            }
            let a = self
                .ctx
                .try_dense_attr(ty, &[])
                .map_err(|e| built(span, e))?;
            return Ok(a.into());
        };
        let numeric = int_layout(element).is_some()
            || element.isa::<FloatType>()
            || element.isa::<ComplexType>();
        if let Literal::Hex(spelling, hex_span) = &literal {
            if !numeric {
                // MLIR's `getStringAttr`: the string is a splat.
                let bytes = unescape(spelling);
                let s = core::str::from_utf8(&bytes).map_err(|_| {
                    self.missing(hex_span.clone(), "dense strings that are not UTF-8")
                })?;
                let a = self
                    .ctx
                    .try_dense_string_attr(ty, &[s])
                    .map_err(|e| built(span, e))?;
                return Ok(a.into());
            }
            let bytes = hex_payload(spelling).ok_or_else(|| {
                ParseError::new(
                    hex_span.clone(),
                    "expected string containing hex digits starting with `0x`",
                )
            })?;
            // MLIR reports a buffer of the wrong size at the `:` before the
            // type.
            let size_error = || {
                ParseError::new(
                    ty_at..ty_at + 1,
                    format!("elements hex data size is invalid for provided type: '{ty}'"),
                )
            };
            let is_i1 = element
                .dyn_cast::<IntegerType>()
                .is_some_and(|t| t.payload().width == 1);
            let unpacked;
            let data: &[u8] = if is_i1 {
                // MLIR packs `i1` elements eight to a byte, a one-byte
                // buffer of all zeros or all ones being a splat; strata
                // keeps one byte per element. A single element is a splat
                // too, and MLIR's splat of booleans is true for any byte
                // that is not zero.
                let n = count as usize;
                unpacked = if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xFF) {
                    vec![bytes[0] & 1]
                } else if bytes.len() == n.div_ceil(8) {
                    if n == 1 {
                        vec![u8::from(bytes[0] != 0)]
                    } else {
                        (0..n).map(|i| (bytes[i / 8] >> (i % 8)) & 1).collect()
                    }
                } else {
                    return Err(size_error());
                };
                &unpacked
            } else {
                &bytes
            };
            let a = self
                .ctx
                .try_dense_attr(ty, data)
                .map_err(|_| size_error())?;
            return Ok(a.into());
        }
        let mut flat: Vec<&Element<'s>> = Vec::new();
        let lit_shape = literal.flatten(&mut flat)?;
        if let Some(lit_shape) = &lit_shape
            && lit_shape.as_slice() != shape
        {
            // MLIR reports it at the `:` before the type.
            return Err(ParseError::new(
                ty_at..ty_at + 1,
                format!(
                    "inferred shape of elements literal ({}) does not match type ({})",
                    shape_text(lit_shape),
                    shape_text(shape)
                ),
            ));
        }
        if !numeric {
            let mut strs = Vec::with_capacity(flat.len());
            for e in &flat {
                match e {
                    Element::Str(b, at) => strs.push(core::str::from_utf8(b).map_err(|_| {
                        self.missing(at.clone(), "dense strings that are not UTF-8")
                    })?),
                    _ => return Err(ParseError::new(span, "expected string element")),
                }
            }
            let a = self
                .ctx
                .try_dense_string_attr(ty, &strs)
                .map_err(|e| built(span, e))?;
            return Ok(a.into());
        }
        let mut data = Vec::new();
        for e in &flat {
            element_bytes(element, e, &mut data, false).map_err(|e| {
                // MLIR reports this one at the token after the type.
                if e.message() == "expected floating-point elements, but parsed integer" {
                    self.error(e.message())
                } else {
                    e
                }
            })?;
        }
        let a = self
            .ctx
            .try_dense_attr(ty, &data)
            .map_err(|e| built(span, e))?;
        Ok(a.into())
    }

    /// `sparse<indices, values> : type`.
    fn parse_sparse(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        self.bump();
        if !self.consume_if(TokenKind::Less) {
            // (MLIR's message is capitalised.)
            return Err(self.wrong_token("Expected '<' after 'sparse'"));
        }
        let (indices, values) = if self.consume_if(TokenKind::Greater) {
            (None, None)
        } else {
            let i = self.parse_dense_literal()?;
            self.expect(TokenKind::Comma, "','")?;
            let v = self.parse_dense_literal()?;
            self.expect(TokenKind::Greater, "'>'")?;
            (Some(i), Some(v))
        };
        let ty = self.parse_colon_type()?;
        let span = start..self.tok.start;
        // MLIR's `parseElementsLiteralType`, as for `dense`: both errors at
        // the token after the type.
        let (shape, element) = static_shape(ty).ok_or_else(|| {
            self.error(if strata_builtin::is_shaped(ty) {
                "elements literal type must have static shape"
            } else {
                "elements literal must be a shaped type"
            })
        })?;
        if shape.iter().any(|&d| d < 0) {
            return Err(self.error("elements literal type must have static shape"));
        }
        let rank = shape.len().max(1);
        let mut index_values = Vec::new();
        let mut flat_indices = false;
        let mut data = Vec::new();
        if let (Some(indices), Some(values)) = (indices, values) {
            let mut flat = Vec::new();
            let index_shape = indices.flatten(&mut flat)?;
            // MLIR reads the indices as a dense literal of `i64` elements,
            // with that literal's messages (a float, `true`, a string or a
            // value out of range is refused as in `dense<...> : i64`).
            let index_type: Type<'c> = self.ctx.i64().into();
            let mut bytes = Vec::with_capacity(8);
            for e in &flat {
                bytes.clear();
                element_bytes(index_type, e, &mut bytes, false)?;
                let word: [u8; 8] = bytes[..8].try_into().expect("an i64 element is 8 bytes");
                index_values.push(i64::from_le_bytes(word));
            }
            let mut flat = Vec::new();
            let value_shape = values.flatten(&mut flat)?;
            // MLIR checks the shapes after it has read every element of both
            // literals, so an element's error comes first.
            let shapes = check_sparse_shapes(shape, index_shape.as_deref(), value_shape.as_deref())
                .map_err(|message| ParseError::new(span.clone(), message));
            // A splat index is one coordinate tuple of that value (MLIR's
            // `[1, rank]` indices shape); a list is `[N, rank]`, or `[N]`
            // for a rank-1 type, which MLIR keeps as another attribute.
            match index_shape.as_deref() {
                None => index_values = vec![index_values[0]; rank],
                Some([_]) => flat_indices = !index_values.is_empty(),
                Some(_) => {}
            }
            let nnz = index_values.len() / rank;
            if flat.iter().any(|e| matches!(e, Element::Str(..))) {
                // String values (for an element type that is not a number).
                let mut strs = Vec::with_capacity(flat.len());
                for e in &flat {
                    match e {
                        Element::Str(b, at) => {
                            strs.push(core::str::from_utf8(b).map_err(|_| {
                                self.missing(at.clone(), "sparse strings that are not UTF-8")
                            })?)
                        }
                        other => {
                            return Err(ParseError::new(other.span(), "expected string element"));
                        }
                    }
                }
                shapes?;
                if value_shape.is_none() {
                    strs = vec![strs[0]; nnz];
                }
                let a = self
                    .ctx
                    .try_sparse_string_elements_attr(ty, &index_values, flat_indices, &strs)
                    .map_err(|e| built(span, e))?;
                return Ok(a.into());
            }
            match value_shape {
                None => {
                    let mut one = Vec::new();
                    element_bytes(element, flat[0], &mut one, false)?;
                    for _ in 0..nnz {
                        data.extend_from_slice(&one);
                    }
                }
                Some(_) => {
                    for e in flat {
                        element_bytes(element, e, &mut data, false)?;
                    }
                }
            }
            shapes?;
        }
        let a = if flat_indices {
            self.ctx
                .try_sparse_elements_attr_1d(ty, &index_values, &data)
        } else {
            self.ctx.try_sparse_elements_attr(ty, &index_values, &data)
        }
        .map_err(|e| built(span, e))?;
        Ok(a.into())
    }

    /// `array<type: v0, v1>`.
    fn parse_dense_array(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        self.bump();
        self.expect(TokenKind::Less, "'<' after 'array'")?;
        let ty_at = self.tok.start..self.tok.end;
        // MLIR adds its own error at the type's location when the type
        // does not parse.
        let element = self.parse_type().map_err(|e| {
            e.with_exact_follow_up(
                ty_at.start..ty_at.start,
                "expected an integer or floating point type",
            )
        })?;
        if !(element.isa::<IntegerType>() || element.isa::<FloatType>()) {
            return Err(ParseError::new(
                ty_at,
                format!("expected integer or float type, got: '{element}'"),
            ));
        }
        if let Some(t) = element.dyn_cast::<IntegerType>()
            && t.payload().width != 1
            && !t.payload().width.is_multiple_of(8)
        {
            return Err(ParseError::new(
                ty_at,
                "element type bitwidth must be a multiple of 8",
            ));
        }
        let mut data = Vec::new();
        if self.tok.kind != TokenKind::Greater {
            self.expect(TokenKind::Colon, "':' after dense array type")?;
            loop {
                // MLIR's `DenseArrayElementParser` takes a number, or `true`
                // or `false`, after an optional minus, and refuses anything
                // else at that token.
                let lit = if self.tok.kind == TokenKind::Minus {
                    self.lexer.clone().next_token()
                } else {
                    self.tok
                };
                let text = &self.lexer.source()[lit.start..lit.end];
                let number = matches!(lit.kind, TokenKind::Integer | TokenKind::Float)
                    || (lit.kind == TokenKind::BareId && matches!(text, "true" | "false"));
                if !number && !matches!(lit.kind, TokenKind::Error(_)) {
                    return Err(ParseError::new(
                        lit.start..lit.end,
                        if element.isa::<FloatType>() {
                            "expected integer or floating point literal"
                        } else {
                            "expected integer literal"
                        },
                    ));
                }
                if self.tok.kind == TokenKind::Minus
                    && lit.kind == TokenKind::BareId
                    && element.isa::<IntegerType>()
                {
                    // MLIR drops the minus of `-true` in an integer array.
                    self.bump();
                }
                let e = self.parse_dense_element()?;
                element_bytes(element, &e, &mut data, true).map_err(|err| {
                    // MLIR reports an integer out of range after consuming
                    // it: at the token after the literal.
                    if err.message() == "integer constant out of range" {
                        self.error(err.message())
                    } else {
                        err
                    }
                })?;
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                break;
            }
        }
        self.expect(TokenKind::Greater, "'>' to close an array attribute")?;
        let a = self
            .ctx
            .try_dense_array_attr(element, &data)
            .map_err(|e| built(start..self.tok.start, e))?;
        Ok(a.into())
    }

    // ----- locations -----

    /// Parses `loc(...)`, an operation's location.
    pub fn parse_location(&mut self) -> PResult<Location<'c>> {
        self.parse_location_in("location")
    }

    /// Parses `loc(...)`; a missing parenthesis is "expected '(' in
    /// `context`" (MLIR says "location" for an operation's location and
    /// "inline location" for a location attribute).
    fn parse_location_in(&mut self, context: &str) -> PResult<Location<'c>> {
        if !self.is_keyword("loc") {
            return Err(self.error("expected location"));
        }
        self.bump();
        self.expect(TokenKind::LParen, &format!("'(' in {context}"))?;
        let loc = self.parse_location_instance()?;
        self.expect(TokenKind::RParen, &format!("')' in {context}"))?;
        Ok(loc)
    }

    fn parse_location_instance(&mut self) -> PResult<Location<'c>> {
        self.nested(|p| p.parse_location_instance_inner())
    }

    fn parse_location_instance_inner(&mut self) -> PResult<Location<'c>> {
        match self.tok.kind {
            TokenKind::String => {
                let at = self.tok.start..self.tok.end;
                let text = String::from_utf8(unescape(self.spelling()))
                    .map_err(|_| self.missing(at, "location strings that are not UTF-8"))?;
                self.bump();
                if self.consume_if(TokenKind::Colon) {
                    let line =
                        self.parse_u32("expected integer line number in FileLineColLoc", true)?;
                    self.expect(TokenKind::Colon, "':' in FileLineColLoc")?;
                    let col =
                        self.parse_u32("expected integer column number in FileLineColLoc", false)?;
                    return Ok(self.ctx.file_loc(&text, line, col).into());
                }
                if self.consume_if(TokenKind::LParen) {
                    let child = self.parse_location_instance()?;
                    self.expect(TokenKind::RParen, "')' after child location of NameLoc")?;
                    return Ok(self.ctx.name_loc(&text, child).into());
                }
                Ok(self.ctx.name_loc(&text, self.ctx.unknown_loc()).into())
            }
            TokenKind::BareId if self.spelling() == "unknown" => {
                self.bump();
                Ok(self.ctx.unknown_loc().into())
            }
            TokenKind::BareId if self.spelling() == "fused" => {
                self.bump();
                let metadata = if self.consume_if(TokenKind::Less) {
                    let m = self.parse_attribute()?;
                    self.expect(TokenKind::Greater, "'>' after fused location metadata")?;
                    Some(m)
                } else {
                    None
                };
                // MLIR's list may be empty: `fused[]` is `unknown`.
                let locs = self.parse_comma_separated_list(
                    Delimiter::Square,
                    " in fused location",
                    Self::parse_location_instance,
                )?;
                Ok(self.ctx.fused_loc(&locs, metadata))
            }
            TokenKind::BareId if self.spelling() == "callsite" => {
                self.bump();
                self.expect(TokenKind::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_instance()?;
                if !self.is_keyword("at") {
                    return Err(self.wrong_token("expected 'at' in callsite location"));
                }
                self.bump();
                let caller = self.parse_location_instance()?;
                self.expect(TokenKind::RParen, "')' in callsite location")?;
                Ok(self.ctx.call_site_loc(callee, caller).into())
            }
            TokenKind::HashId => {
                if let Some(loc) = self.location_alias() {
                    self.bump();
                    return Ok(loc);
                }
                // MLIR parses any attribute here (an alias of another kind,
                // a dialect attribute) and then refuses it, after it, unless
                // it is a location.
                let a = match self.attribute_alias() {
                    Some(a) => {
                        self.bump();
                        a
                    }
                    None => self.parse_dialect_attr()?,
                };
                match a.dyn_cast::<strata_builtin::LocationAttr>() {
                    Some(l) => Ok(l.payload().location),
                    None => Err(self.error(format!("expected location attribute, but got{a}"))),
                }
            }
            _ => Err(self.wrong_token("expected location instance")),
        }
    }

    /// An unsigned 32-bit integer token, else the error `what`: after the
    /// previous token (MLIR's `emitWrongTokenError`) for a token that is not
    /// an integer, and for one too large when `wrong_if_too_large` (MLIR's
    /// line number), else at the integer (its column number).
    fn parse_u32(&mut self, what: &str, wrong_if_too_large: bool) -> PResult<u32> {
        if self.tok.kind != TokenKind::Integer {
            return Err(self.wrong_token(what));
        }
        let v = token_u64(self.spelling())
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| {
                if wrong_if_too_large {
                    self.wrong_token(what)
                } else {
                    self.error(what)
                }
            })?;
        self.bump();
        Ok(v)
    }
}

/// A float literal's refusal as a parse error at `span`, with the note MLIR
/// attaches to a decimal integer where a float is expected.
fn float_error(span: Range<usize>, e: FloatError) -> ParseError {
    let error = ParseError::new(span.clone(), e.to_string());
    if e == FloatError::DecimalInteger {
        error.with_note(span, "add a trailing dot to make the literal a float")
    } else {
        error
    }
}

/// A builtin constructor's refusal as a parse error at `span`.
fn built(span: Range<usize>, e: BuiltinError) -> ParseError {
    ParseError::new(span, e.message())
}

/// The width and signedness of an integer or index type.
fn int_layout(ty: Type<'_>) -> Option<(u32, Signedness)> {
    if let Some(t) = ty.dyn_cast::<IntegerType>() {
        let t = *t.payload();
        return Some((t.width, t.signedness));
    }
    ty.isa::<IndexType>().then_some((64, Signedness::Signed))
}

/// The shape and element type of a ranked tensor, vector or memref type
/// (MLIR's elements literals take any ranked shaped type).
fn static_shape(ty: Type<'_>) -> Option<(&[i64], Type<'_>)> {
    if let Some(t) = ty.dyn_cast::<RankedTensorType>() {
        let p = t.payload();
        return Some((p.shape, p.element));
    }
    if let Some(t) = ty.dyn_cast::<VectorType>() {
        let p = t.payload();
        return Some((p.shape, p.element));
    }
    if let Some(t) = ty.dyn_cast::<strata_builtin::MemRefType>() {
        let p = t.payload();
        return Some((p.shape, p.element));
    }
    None
}

/// The value of an integer token's spelling, decimal or hexadecimal (`0x`),
/// if it fits in 64 bits unsigned, as MLIR's `Token::getUInt64IntegerValue`
/// reads it.
pub(crate) fn token_u64(spelling: &str) -> Option<u64> {
    match spelling.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => spelling.parse::<u64>().ok(),
    }
}

/// The bytes of a `"0x..."` string literal (an even number of hex digits,
/// perhaps none), if it is one, as MLIR's `Token::getHexStringValue` reads
/// it.
fn hex_payload(spelling: &str) -> Option<Vec<u8>> {
    let hex = spelling.strip_prefix("\"0x")?.strip_suffix('"')?;
    if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect()
}

fn shape_text(shape: &[i64]) -> String {
    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
    format!("[{}]", dims.join(", "))
}

/// One element of a dense literal, as written.
#[derive(Clone, Debug)]
enum Element<'s> {
    /// An integer or float literal.
    Number {
        negative: bool,
        spelling: &'s str,
        is_float: bool,
        span: Range<usize>,
    },
    /// `true` or `false`.
    Bool(bool, Range<usize>),
    /// `(re, im)`.
    Complex(Box<Element<'s>>, Box<Element<'s>>),
    /// A string literal's bytes.
    Str(Vec<u8>, Range<usize>),
}

impl Element<'_> {
    fn span(&self) -> Range<usize> {
        match self {
            Element::Number { span, .. } | Element::Bool(_, span) | Element::Str(_, span) => {
                span.clone()
            }
            Element::Complex(re, im) => re.span().start..im.span().end,
        }
    }
}

/// MLIR's `SparseElementsAttr::verify` of the shapes a sparse literal
/// implies, with its messages: the values must be one-dimensional, the
/// indices `N x rank` (or `N` for a rank-1 type), and there must be one
/// value per index. A splat of indices is one index (`1 x rank`), and a splat
/// of values one per index.
fn check_sparse_shapes(
    shape: &[i64],
    indices: Option<&[i64]>,
    values: Option<&[i64]>,
) -> Result<(), String> {
    let rank = shape.len() as i64;
    let indices = indices.map_or_else(|| vec![1, rank], <[i64]>::to_vec);
    let values = values.map_or_else(|| vec![indices[0]], <[i64]>::to_vec);
    if values.len() != 1 {
        return Err("expected 1-d tensor for sparse element values".to_owned());
    }
    let fits = match indices.as_slice() {
        [n, r] => *r == rank && *n == values[0],
        [n] => rank == 1 && *n == values[0],
        _ => false,
    };
    if fits {
        return Ok(());
    }
    let list = |dims: &[i64]| {
        dims.iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    Err(format!(
        "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
        list(shape),
        list(&indices),
        list(&values)
    ))
}

/// A dense literal: one element (a splat), nested lists, or raw hex bytes.
#[derive(Clone, Debug)]
enum Literal<'s> {
    Element(Element<'s>),
    List(Vec<Literal<'s>>),
    /// A string literal that is the whole body, by its spelling: hex data
    /// (`"0x0102"`) for a numeric element type, a splat string otherwise.
    Hex(&'s str, Range<usize>),
}

impl<'s> Literal<'s> {
    /// The dimensions of a list as MLIR's `TensorLiteralParser` counts them
    /// (its length, then its first element's), and none for an element.
    /// The parser has already checked that every element of a list has the
    /// first one's dimensions.
    fn dims(&self) -> Vec<i64> {
        let mut dims = Vec::new();
        let mut at = self;
        while let Literal::List(items) = at {
            dims.push(items.len() as i64);
            match items.first() {
                Some(first) => at = first,
                None => break,
            }
        }
        dims
    }

    /// Appends the elements in row-major order; returns the literal's shape
    /// (`None` for a single element, a splat).
    fn flatten<'a>(&'a self, out: &mut Vec<&'a Element<'s>>) -> PResult<Option<Vec<i64>>> {
        match self {
            Literal::Element(e) => {
                out.push(e);
                Ok(None)
            }
            Literal::Hex(_, span) => Err(ParseError::new(span.clone(), "unexpected hex string")),
            Literal::List(items) => {
                for item in items {
                    item.flatten(out)?;
                }
                // Every element has the first one's dimensions (checked
                // as the list was parsed).
                Ok(Some(self.dims()))
            }
        }
    }
}

/// Appends the bytes of element `e` of type `ty` (the layout of the builtin
/// dense kinds: little-endian, the bit width rounded up to bytes, `i1` one
/// byte, a complex number real part first). `array` is true for the
/// elements of `array<...>`, whose refusals MLIR words as its
/// `DenseArrayElementParser` does (those of `dense` and `sparse` are its
/// `TensorLiteralParser`'s).
fn element_bytes(ty: Type<'_>, e: &Element<'_>, out: &mut Vec<u8>, array: bool) -> PResult<()> {
    if let Some(c) = ty.dyn_cast::<ComplexType>() {
        let el = c.payload().element;
        return match e {
            Element::Complex(re, im) => {
                element_bytes(el, re, out, array)?;
                element_bytes(el, im, out, array)
            }
            // MLIR reads the parts of complex elements as a flat list, and
            // refuses a string with the part's type.
            Element::Str(..) if !array => element_bytes(el, e, out, array),
            other => Err(ParseError::new(other.span(), "expected complex element")),
        };
    }
    if let Some(sem) = ty.dyn_cast::<FloatType>().map(|t| *t.payload()) {
        let bytes = (sem.mlir_width() as usize).div_ceil(8);
        let v = match e {
            Element::Number {
                negative,
                spelling,
                is_float,
                span,
            } => {
                if !array && !is_float && !spelling.starts_with("0x") {
                    return Err(ParseError::new(
                        span.clone(),
                        "expected floating-point elements, but parsed integer",
                    ));
                }
                let token = span.end - spelling.len()..span.end;
                ApFloat::parse_mlir(sem, spelling, *negative)
                    .map_err(|err| float_error(token, err))?
            }
            // MLIR stores `true` and `false` as integers.
            Element::Bool(_, span) if !array => {
                return Err(ParseError::new(
                    span.clone(),
                    "expected floating-point elements, but parsed integer",
                ));
            }
            Element::Bool(_, span) => {
                return Err(ParseError::new(
                    span.clone(),
                    "expected integer or floating point literal",
                ));
            }
            // MLIR's `getFloatAttrElements` refuses any token that is not a
            // float literal alike; `array<...>` wants a number.
            Element::Str(_, span) => {
                return Err(ParseError::new(
                    span.clone(),
                    if array {
                        "expected integer or floating point literal"
                    } else {
                        "expected floating-point elements, but parsed integer"
                    },
                ));
            }
            other => {
                return Err(ParseError::new(
                    other.span(),
                    "expected element literal of primitive type",
                ));
            }
        };
        out.extend_from_slice(&v.to_bits().to_le_bytes()[..bytes.min(16)]);
        return Ok(());
    }
    let Some((width, signedness)) = int_layout(ty) else {
        return Err(ParseError::new(
            e.span(),
            "expected element literal of primitive type",
        ));
    };
    let bytes = (width as usize).div_ceil(8).max(1);
    match e {
        Element::Bool(v, span) => {
            if width != 1 {
                return Err(ParseError::new(
                    span.clone(),
                    "expected i1 type for 'true' or 'false' values",
                ));
            }
            out.push(u8::from(*v));
            Ok(())
        }
        Element::Number {
            negative,
            spelling,
            is_float,
            span,
        } => {
            // The literal's token, after any minus sign.
            let token = span.end - spelling.len()..span.end;
            if *negative && signedness == Signedness::Unsigned && !array {
                return Err(ParseError::new(
                    token,
                    "expected unsigned integer elements, but parsed negative value",
                ));
            }
            if *is_float {
                // Both report at the literal, after any minus sign.
                return Err(ParseError::new(
                    token,
                    if array {
                        "expected integer literal"
                    } else {
                        "expected integer elements, but parsed floating-point"
                    },
                ));
            }
            // MLIR's `DenseArrayElementParser` takes a negative literal for
            // an unsigned type as its two's complement (`array<ui8: -1>` is
            // 255), as for a signless one.
            let read_as = if array && signedness == Signedness::Unsigned {
                Signedness::Signless
            } else {
                signedness
            };
            let v = ApInt::parse_mlir(spelling, *negative, width, read_as).map_err(|_| {
                ParseError::new(
                    token,
                    if array {
                        "integer constant out of range"
                    } else {
                        "integer constant out of range for type"
                    },
                )
            })?;
            let mut le: Vec<u8> = v.limbs().iter().flat_map(|l| l.to_le_bytes()).collect();
            le.resize(bytes, 0);
            if width == 1 {
                le[0] &= 1;
            }
            out.extend_from_slice(&le);
            Ok(())
        }
        // MLIR's `getIntAttrElements` reads a string token as an integer,
        // which no string is; `array<...>` wants an integer literal.
        Element::Str(_, span) => Err(ParseError::new(
            span.clone(),
            if array {
                "expected integer literal"
            } else {
                "integer constant out of range for type"
            },
        )),
        other => Err(ParseError::new(
            other.span(),
            "expected element literal of primitive type",
        )),
    }
}

/// A dialect symbol as MLIR's `parseExtendedSymbol` splits it.
/// MLIR's refusal of `#builtin.x` and `!builtin.x`: the builtin dialect has
/// no parser of dialect symbols (its forms have their own syntax), reported
/// where the symbol's data starts, as MLIR reports it.
fn no_builtin_hook(sym: &ExtendedSymbol<'_>, family: &str) -> PResult<()> {
    if sym.dialect == "builtin" {
        return Err(ParseError::new(
            sym.data_start..sym.data_start + sym.data.len(),
            format!("dialect 'builtin' provides no {family} parsing hook"),
        ));
    }
    Ok(())
}

#[derive(Clone, Debug)]
struct ExtendedSymbol<'s> {
    dialect: &'s str,
    data: &'s str,
    data_start: usize,
    span: Range<usize>,
}
