//! The one parser's state and cursor: the [`Parser`] (its lexer, current
//! token, alias and distinct tables, nesting limit), its token helpers and
//! the numbers every grammar reads. Each grammar area is a file of its own,
//! as in MLIR's `lib/AsmParser`: the types in `types`, the attributes in
//! `attributes`, the elements literals of `dense<...>`, `sparse<...>` and
//! `array<...>` in `elements`, the locations in `locations`; the affine
//! maps and integer sets are `crate::affine`'s.

mod attributes;
mod elements;
mod locations;
mod types;

use core::cell::RefCell;
use core::hash::BuildHasher;
use core::ops::Range;

use strata_builtin::apnum::{ApInt, FloatError};
use strata_builtin::prelude::*;
use strata_builtin::{BuiltinError, IndexType, IntegerType, Signedness};
use strata_ctx::{Attribute, Context, Location, Policy, Type};

use crate::dialect::Syntax;
use crate::distinct::DistinctIds;
use crate::error::ParseError;
use crate::lexer::{Lexer, Token, TokenKind, wrong_token_position};
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
    /// This parse's own ids.
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

/// The value of an integer token's spelling, decimal or hexadecimal (`0x`),
/// if it fits in 64 bits unsigned, as MLIR's `Token::getUInt64IntegerValue`
/// reads it.
pub(crate) fn token_u64(spelling: &str) -> Option<u64> {
    match spelling.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => spelling.parse::<u64>().ok(),
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
