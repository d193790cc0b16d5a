//! Custom assembly as a plug-in: the parse hook a dialect gives an
//! operation's definition ([`OpAsm`]), the parser it hands the hook
//! ([`OpAsmParser`], MLIR's `OpAsmParser`), and the dispatch that finds the
//! hook of a bare operation name through the [`OpRegistry`].
//!
//! MLIR's parser reads an operation written `dialect.name ...` by looking
//! the name up among the registered operations (trying the default dialect
//! of the operation around it when the name has no dialect prefix) and
//! calling the definition's `parse`, which fills an `OperationState`; the
//! parser then reads the trailing `loc(...)`, creates the operation and
//! binds its result names. The same happens here: a hook reads what follows
//! the name, adding operands, result types, attributes, properties and
//! regions through the [`OpAsmParser`], and the parser does the rest. An
//! isolated operation (its definition has `IsolatedFromAbove`) gets its
//! regions in a body of its own, as in the generic form.
//!
//! Errors a hook reports through [`OpAsmParser::emit_error`] carry MLIR's
//! prefix (`custom op 'func.func' expected ...`); those of the types and
//! attributes it parses come from `strata-syntax` unprefixed, as MLIR's do.
//!
//! A hook is a function over the parser of one context type, so an
//! [`OpAsm`] is registered for the context types it parses with, as a
//! [`crate::Syntax`] is made for them. The printer of the form is
//! strata-module's `OpPrint`, whose hook prints what follows the name
//! through an `OpAsmPrinter` and is the same for every context type;
//! `strata_module::asm` re-exports this module's names with the printing
//! hooks, and shows a dialect's operation with both.

use core::hash::BuildHasher;
use core::ops::Range;

use crate::ParseError;
use crate::lexer::{Token, TokenKind};
use crate::ops::{NewOp, Regions, ResultGroups, UnitParser, Use, result_count_error};
use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_builtin::{DictionaryAttr, NamedAttribute};
use strata_ctx::{Attribute, Context, Location, Policy, Type};
use strata_ir::{OpDef, OpId, OpKind, OpRegistry, RegionId, Traits};

type PResult<T> = Result<T, ParseError>;

/// A custom-form parse hook: reads what follows the operation's name.
pub type ParseHook<P, S> =
    for<'u, 'c, 'f, 'b> fn(&mut OpAsmParser<'u, 'c, 'f, 'b, P, S>) -> Result<(), ParseError>;

/// The custom-form parser of an operation, an interface of its [`OpDef`]
/// (looked up by type, so one per context type `Context<P, S>`). Its
/// printer is strata-module's `OpPrint`, and the default dialect of its
/// regions a [`DefaultDialect`]: both are the same for every context type.
pub struct OpAsm<P: Policy, S> {
    parse: ParseHook<P, S>,
}

impl<P: Policy, S> OpAsm<P, S> {
    /// The custom form parsed by `parse`.
    pub fn new(parse: ParseHook<P, S>) -> Self {
        Self { parse }
    }
}

/// The default dialect of the operations in an operation's regions (MLIR's
/// `OpAsmOpInterface::getDefaultDialect`), an interface of its [`OpDef`]:
/// a bare name there without a dialect prefix is looked up in this dialect
/// too when parsed (`return` in a `func.func` is `func.return`), and the
/// custom form of an operation of this dialect prints without its prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DefaultDialect(pub &'static str);

impl<P: Policy, S> Clone for OpAsm<P, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy, S> Copy for OpAsm<P, S> {}

impl<P: Policy, S> core::fmt::Debug for OpAsm<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpAsm").finish_non_exhaustive()
    }
}

/// A use of a value as written, not yet resolved: `%name` or `%name#N`
/// (MLIR's `UnresolvedOperand`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand<'f> {
    /// The name, with its `%`.
    pub name: &'f str,
    /// The result number (`#N`).
    pub number: u32,
    /// Where it is written.
    pub span: Range<usize>,
}

/// An entry argument of a region a hook parses (MLIR's
/// `OpAsmParser::Argument`): its name, type and location.
#[derive(Clone, Debug)]
pub struct Argument<'c, 'f> {
    /// The name, with its `%`.
    pub name: &'f str,
    /// Where the name is written (the location when `loc` is `None`).
    pub span: Range<usize>,
    /// The type.
    pub ty: Type<'c>,
    /// The location written after it.
    pub loc: Option<Location<'c>>,
}

/// The parser a custom-form hook gets: the cursor, positioned after the
/// operation's name, and the operation being built.
pub struct OpAsmParser<'u, 'c, 'f, 'b, P: Policy, S> {
    u: &'u mut UnitParser<'c, 'f, 'b, P, S>,
    name: &'static str,
    name_span: Range<usize>,
    isolated: bool,
    /// Whether the isolated operation's child body is open.
    child: bool,
    operands: Vec<(Use<'f>, Type<'c>)>,
    results: SmallVec<[Type<'c>; 2]>,
    attributes: Option<Attribute<'c>>,
    properties: Option<Attribute<'c>>,
    regions: SmallVec<[RegionId; 2]>,
}

impl<P: Policy, S> core::fmt::Debug for OpAsmParser<'_, '_, '_, '_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpAsmParser")
            .field("name", &self.name)
            .field("operands", &self.operands.len())
            .field("results", &self.results.len())
            .field("regions", &self.regions.len())
            .finish_non_exhaustive()
    }
}

impl<'c, 'f, P: Policy, S: BuildHasher + 'static> OpAsmParser<'_, 'c, 'f, '_, P, S> {
    /// The context the operation interns into.
    pub fn context(&self) -> &'c Context<P, S> {
        self.u.ctx
    }

    /// The operation's full name (`func.return` for a bare `return`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Where the operation's name is written.
    pub fn name_span(&self) -> Range<usize> {
        self.name_span.clone()
    }

    /// The current token.
    pub fn token(&self) -> Token {
        self.u.tok()
    }

    /// The text of the current token.
    pub fn spelling(&self) -> &'f str {
        self.u.spelling()
    }

    /// Moves to the next token.
    pub fn bump(&mut self) {
        self.u.bump();
    }

    /// Whether the current token is the bare identifier `keyword`.
    pub fn at_keyword(&self, keyword: &str) -> bool {
        self.token().kind == TokenKind::BareId && self.spelling() == keyword
    }

    /// Consumes the current token when it is `kind`.
    pub fn consume(&mut self, kind: TokenKind) -> bool {
        self.u.consume(kind)
    }

    /// Consumes a token of `kind`, or reports "expected `what`" after the
    /// token before (MLIR's `parseToken`).
    ///
    /// # Errors
    ///
    /// When the current token is not `kind`.
    pub fn expect(&mut self, kind: TokenKind, what: &str) -> Result<(), ParseError> {
        self.u.expect(kind, what)
    }

    /// An error of the operation's own parser at the current token, with
    /// MLIR's prefix: `custom op 'NAME' message`.
    pub fn emit_error(&self, message: &str) -> ParseError {
        self.u.err(format!("custom op '{}' {message}", self.name))
    }

    /// [`OpAsmParser::emit_error`] at `span`.
    pub fn emit_error_at(&self, span: Range<usize>, message: &str) -> ParseError {
        ParseError::new(span, format!("custom op '{}' {message}", self.name))
    }

    /// An error of the parser itself at the current token, unprefixed.
    pub fn syntax_error(&self, message: impl Into<String>) -> ParseError {
        self.u.err(message)
    }

    /// MLIR's `emitWrongTokenError`: reported after the token before.
    pub fn wrong_token(&self, message: &str) -> ParseError {
        self.u.wrong_token(message)
    }

    /// A type.
    ///
    /// # Errors
    ///
    /// As `strata-syntax` reports a malformed type.
    pub fn parse_type(&mut self) -> Result<Type<'c>, ParseError> {
        self.u.parse_type()
    }

    /// An attribute.
    ///
    /// # Errors
    ///
    /// As `strata-syntax` reports a malformed attribute.
    pub fn parse_attribute(&mut self) -> Result<Attribute<'c>, ParseError> {
        self.u.parse_attribute()
    }

    /// A `loc(...)` when one is next.
    ///
    /// # Errors
    ///
    /// A malformed location.
    pub fn parse_optional_location(&mut self) -> Result<Option<Location<'c>>, ParseError> {
        if self.at_keyword("loc") {
            self.u.parse_location().map(Some)
        } else {
            Ok(None)
        }
    }

    /// An attribute dictionary when a `{` is next (MLIR's
    /// `parseOptionalAttrDict`), as written (possibly empty).
    ///
    /// # Errors
    ///
    /// A malformed attribute, or one that is not a dictionary.
    pub fn parse_optional_attr_dict(&mut self) -> Result<Option<Attribute<'c>>, ParseError> {
        if self.token().kind != TokenKind::LBrace {
            return Ok(None);
        }
        let start = self.token().start;
        let a = self.parse_attribute()?;
        if !a.isa::<DictionaryAttr>() {
            return Err(ParseError::new(
                start..start + 1,
                "expected attribute dictionary",
            ));
        }
        Ok(Some(a))
    }

    /// `attributes {...}` when the keyword is next (MLIR's
    /// `parseOptionalAttrDictWithKeyword`): the keyword's span, the
    /// dictionary and its entries.
    ///
    /// # Errors
    ///
    /// A malformed dictionary.
    #[allow(clippy::type_complexity)]
    pub fn parse_optional_attr_dict_with_keyword(
        &mut self,
    ) -> Result<Option<(Range<usize>, Attribute<'c>, &'c [NamedAttribute<'c>])>, ParseError> {
        if !self.at_keyword("attributes") {
            return Ok(None);
        }
        let at = self.token().start..self.token().end;
        self.bump();
        if self.token().kind != TokenKind::LBrace {
            return Err(self.wrong_token("expected '{' in attribute dictionary"));
        }
        let dict = self.parse_attribute()?;
        let entries = dict
            .dyn_cast::<DictionaryAttr>()
            .map(|d| d.payload().entries)
            .unwrap_or_default();
        Ok(Some((at, dict, entries)))
    }

    /// `@name` or `@"name"` when one is next: the symbol's name.
    ///
    /// # Errors
    ///
    /// A quoted name that is not UTF-8.
    pub fn parse_optional_symbol_name(&mut self) -> Result<Option<String>, ParseError> {
        if self.token().kind != TokenKind::AtId {
            return Ok(None);
        }
        let body = &self.spelling()[1..];
        let name = if body.starts_with('"') {
            String::from_utf8(crate::lexer::unescape(body))
                .map_err(|_| self.syntax_error("symbol name is not UTF-8"))?
        } else {
            body.to_owned()
        };
        self.bump();
        Ok(Some(name))
    }

    /// One use of a value, `%name` or `%name#N`.
    ///
    /// # Errors
    ///
    /// When no `%` name is next.
    pub fn parse_operand(&mut self) -> Result<Operand<'f>, ParseError> {
        let (name, number, span) = self.u.parse_operand_use()?;
        Ok(Operand { name, number, span })
    }

    /// Uses separated by commas while a `%` name is next (MLIR's
    /// `parseOptionalSSAUseList`): none when none is.
    ///
    /// # Errors
    ///
    /// A malformed use.
    pub fn parse_optional_operand_list(&mut self) -> Result<Vec<Operand<'f>>, ParseError> {
        Ok(self
            .u
            .parse_operand_uses()?
            .into_iter()
            .map(|(name, number, span)| Operand { name, number, span })
            .collect())
    }

    /// Adds operand `operand`, of type `ty` (resolved when the operation is
    /// created, as MLIR's `resolveOperands`).
    pub fn add_operand(&mut self, operand: Operand<'f>, ty: Type<'c>) {
        self.operands
            .push(((operand.name, operand.number, operand.span), ty));
    }

    /// Adds a result of type `ty`.
    pub fn add_result_type(&mut self, ty: Type<'c>) {
        self.results.push(ty);
    }

    /// Sets the discardable attributes (a dictionary; `None` for none).
    pub fn set_attributes(&mut self, dict: Option<Attribute<'c>>) {
        self.attributes = dict;
    }

    /// Sets the properties (a dictionary; `None` for none).
    pub fn set_properties(&mut self, dict: Option<Attribute<'c>>) {
        self.properties = dict;
    }

    /// A new region of the operation, in its child body when it is
    /// isolated.
    fn new_region(&mut self) -> RegionId {
        if self.isolated {
            if !self.child {
                self.u.b.open_body();
                self.child = true;
            }
            self.u.b.body.add_root()
        } else {
            self.u.b.body.create_region()
        }
    }

    /// Adds an empty region (no block: a function's declaration).
    pub fn add_empty_region(&mut self) -> RegionId {
        let r = self.new_region();
        self.regions.push(r);
        r
    }

    /// Parses a region `{ ... }` and adds it (MLIR's `parseRegion`): with
    /// `args`, its entry block has them as arguments (defined in its scope,
    /// each located at its name unless it has a location), and the entry
    /// block cannot have a label.
    ///
    /// # Errors
    ///
    /// A malformed region, or an argument name already in use.
    pub fn parse_region(&mut self, args: &[Argument<'c, 'f>]) -> Result<RegionId, ParseError> {
        let r = self.new_region();
        self.regions.push(r);
        self.u.open_region()?;
        let mut blocks = 0;
        if !args.is_empty() || self.token().kind != TokenKind::RBrace {
            if !args.is_empty() && self.token().kind == TokenKind::CaretId {
                return Err(self.syntax_error("invalid block name in region with named arguments"));
            }
            if self.token().kind != TokenKind::CaretId {
                let b = self.u.new_block(r);
                blocks += 1;
                for arg in args {
                    if self.u.in_scope(arg.name) {
                        return Err(ParseError::new(
                            arg.span.clone(),
                            format!("region entry argument '{}' is already in use", arg.name),
                        ));
                    }
                    let loc = match arg.loc {
                        Some(l) => l,
                        None => self.u.file_loc(arg.span.start),
                    };
                    self.u
                        .define_argument(b, arg.name, arg.ty, loc, arg.span.clone())?;
                }
                self.u.parse_block_body(b)?;
            }
            while self.token().kind == TokenKind::CaretId {
                self.u.parse_block(r)?;
                blocks += 1;
            }
        }
        self.u.close_region(blocks)?;
        Ok(r)
    }

    /// Whether region `r` (one of this operation's) has no block.
    pub fn region_is_empty(&self, r: RegionId) -> bool {
        self.u.b.body.entry_block(r).is_none()
    }

    /// Gives region `r` (one of this operation's) one empty block when it
    /// has none, as MLIR's single-block operations' parsers do.
    pub fn ensure_block(&mut self, r: RegionId) {
        if self.region_is_empty(r) {
            self.u.new_block(r);
        }
    }
}

impl<'c, 'f, P: Policy, S: BuildHasher + 'static> UnitParser<'c, 'f, '_, P, S> {
    /// The error for a custom form with no hook here: a registered name
    /// without a definition, or a definition without an [`OpAsm`] for this
    /// context type.
    fn unsupported(&self, name: &str) -> ParseError {
        self.err(format!(
            "custom operation syntax ('{name}') is not supported: strata-opt reads the generic form (mlir-opt --mlir-print-op-generic)"
        ))
    }

    /// The definition of the operation at the current bare identifier
    /// (trying the default dialect of the operation around it for a name
    /// without a prefix, as MLIR does), or MLIR's error for a name that has
    /// none.
    fn custom_def(&mut self) -> PResult<(&'f OpDef, &'static str)> {
        let name = self.spelling();
        let ops: &'f OpRegistry = self.shared.ops;
        if let Some(id) = ops.lookup(name) {
            let def = ops.def(id);
            return Ok((def, def.name()));
        }
        let default = self.b.default_dialect();
        let (dialect, tried) = match name.split_once('.') {
            Some((dialect, op)) if !op.is_empty() => (dialect, false),
            _ => (default, true),
        };
        if tried {
            let full = format!("{default}.{name}");
            if let Some(id) = ops.lookup(&full) {
                let def = ops.def(id);
                return Ok((def, def.name()));
            }
        }
        // MLIR has lexed the token after the name by then: a lexical error
        // there comes first.
        let save = self.p.checkpoint();
        self.p.bump();
        let next = self.p.token();
        self.p.rewind(save);
        if let TokenKind::Error(why) = next.kind {
            return Err(ParseError::lexical(next.start..next.end, why));
        }
        let full = if tried {
            format!("{default}.{name}")
        } else {
            name.to_owned()
        };
        // A dialect that defines operations but not this one: "unknown",
        // whatever it was meant to be; a dialect nothing registers: "not
        // found"; a name registered without a definition: its custom form
        // is not read here.
        match ops.classify(&full) {
            OpKind::UnknownInDefinedDialect => {
                let also = if tried {
                    format!(" (tried '{full}' as well)")
                } else {
                    String::new()
                };
                Err(self.err(format!("custom op '{name}' is unknown{also}")))
            }
            OpKind::Unregistered
                if self.shared.syntax.resource_section(dialect).is_none()
                    && !ops.knows_dialect(dialect) =>
            {
                let e = self.err(format!(
                    "Dialect `{dialect}' not found for custom op '{name}' "
                ));
                // MLIR's note names the dialects the context knows (its
                // registry's, the builtin dialect among them), sorted.
                let mut known: Vec<&str> = self.ctx.dialects().to_vec();
                if !known.contains(&"builtin") {
                    known.push("builtin");
                }
                known.sort_unstable();
                let at = e.span();
                Err(e.with_note(
                    at,
                    format!(
                        "Registered dialects: {} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                        known.join(", ")
                    ),
                ))
            }
            _ => Err(self.unsupported(name)),
        }
    }

    /// Parses the operation at the current bare identifier in its custom
    /// form through its definition's hook, creating it (see
    /// [`UnitParser::parse_operation`]). `groups` are the result names
    /// already parsed.
    #[inline(never)]
    pub(crate) fn parse_custom_operation(
        &mut self,
        groups: ResultGroups<'f>,
    ) -> PResult<Option<OpId>> {
        let (def, name) = self.custom_def()?;
        let spelling = self.spelling();
        let Some(asm) = def.get_interface::<OpAsm<P, S>>().copied() else {
            return Err(self.unsupported(spelling));
        };
        let start = self.tok().start;
        let name_span = start..self.tok().end;
        self.bump();
        let name_attr: Attribute<'c> = self.ctx.string_attr(name).into();
        let default_dialect = def.get_interface::<DefaultDialect>().map(|d| d.0);
        let pushed = default_dialect.is_some();
        if let Some(d) = default_dialect {
            self.b.default_dialects.push(d);
        }
        let mut p = OpAsmParser {
            u: self,
            name,
            name_span,
            isolated: def.has(Traits::ISOLATED_FROM_ABOVE),
            child: false,
            operands: Vec::new(),
            results: SmallVec::new(),
            attributes: None,
            properties: None,
            regions: SmallVec::new(),
        };
        let parsed = (asm.parse)(&mut p);
        let OpAsmParser {
            child,
            operands,
            results,
            attributes,
            properties,
            regions,
            ..
        } = p;
        if pushed {
            self.b.default_dialects.pop();
        }
        let regions = if child {
            let (body, frame) = self.b.close_body();
            Regions::Child(Box::new(body), frame)
        } else {
            Regions::Built(regions)
        };
        parsed?;
        let loc = self.parse_location_or(start)?;
        // MLIR checks the count after the parse, at the first result name.
        // In u64, as in the generic form: the counts are any u32.
        let declared: u64 = groups.iter().map(|g| u64::from(g.1)).sum();
        if let Some(first) = groups.first()
            && declared != results.len() as u64
        {
            return Err(result_count_error(first.2.start, results.len(), declared));
        }
        let op = self.b.create(NewOp {
            name: name_attr,
            loc,
            operands,
            results,
            successors: SmallVec::new(),
            properties,
            attributes,
            regions,
            def: self.shared.ops.lookup(name),
        })?;
        self.b.define_results(op, groups)?;
        Ok(op)
    }
}
