//! The recursive-descent parser of types, attributes, locations, affine maps
//! and integer sets.

use core::hash::BuildHasher;
use core::ops::Range;

use strata_builtin::prelude::*;
use strata_builtin::{
    DYNAMIC, FloatKind, FloatType, FusedLoc, IndexType, IntegerType, Signedness, UnknownLoc,
    VectorType,
};
use strata_ctx::affine::{AffineExpr, AffineMap, IntegerSet};
use strata_ctx::{Attribute, Context, Location, Policy, Type};

use crate::dialect::Syntax;
use crate::error::ParseError;
use crate::lexer::{Lexer, Token, TokenKind, unescape};
use crate::opaque::{OpaqueAttr, OpaqueAttrData, OpaqueType, OpaqueTypeData};

/// How deep types, attributes, locations and affine expressions may nest
/// before the parser stops with a diagnostic (instead of overflowing the
/// stack): MLIR has no limit, strata refuses a nesting deeper than this.
pub const MAX_NESTING: u32 = 256;

/// The widest integer type MLIR allows (`IntegerType::kMaxWidth`).
pub const MAX_INTEGER_WIDTH: u64 = (1 << 24) - 1;

/// The float type names of MLIR 19 that strata's builtins lack.
const MISSING_FLOATS: &[&str] = &[
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f6E2M3FN",
    "f6E3M2FN",
    "f4E2M1FN",
];

type PResult<T> = Result<T, ParseError>;

/// A parser over one text, interning into one context.
///
/// Dialect hooks receive it to parse their `<...>` bodies with the same
/// lexer: [`Parser::parse_type`], [`Parser::parse_attribute`],
/// [`Parser::parse_integer`], [`Parser::expect`] and [`Parser::consume_if`]
/// are what a hook needs.
pub struct Parser<'c, 's, P: Policy, S> {
    ctx: &'c Context<P, S>,
    lexer: Lexer<'s>,
    tok: Token,
    depth: u32,
    syntax: Option<&'s Syntax<P, S>>,
}

impl<P: Policy, S> core::fmt::Debug for Parser<'_, '_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Parser")
            .field("token", &self.tok)
            .field("depth", &self.depth)
            .finish_non_exhaustive()
    }
}

/// A signed integer literal: magnitude and sign, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct IntLit {
    negative: bool,
    magnitude: u128,
    hex: bool,
}

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
    /// A parser of `text` that interns into `ctx`, with the dialect hooks
    /// of `syntax` (if any).
    pub fn new(ctx: &'c Context<P, S>, text: &'s str, syntax: Option<&'s Syntax<P, S>>) -> Self {
        let mut lexer = Lexer::new(text);
        let tok = lexer.next_token();
        Self {
            ctx,
            lexer,
            tok,
            depth: 0,
            syntax,
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

    /// The spelling of the current token.
    pub fn spelling(&self) -> &'s str {
        &self.lexer.source()[self.tok.start..self.tok.end]
    }

    fn bump(&mut self) {
        self.tok = self.lexer.next_token();
    }

    /// An error at the current token.
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        let span = if let TokenKind::Error(why) = self.tok.kind {
            return ParseError::new(self.tok.start..self.tok.end, why);
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

    /// Consumes a token of `kind`, or fails with "expected `what`".
    pub fn expect(&mut self, kind: TokenKind, what: &str) -> PResult<()> {
        if self.consume_if(kind) {
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
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

    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        let r = f(self);
        self.leave();
        r
    }

    // ----- numbers -----

    fn int_magnitude(&self) -> PResult<(u128, bool)> {
        let s = self.spelling();
        let (digits, radix, hex) = match s.strip_prefix("0x") {
            Some(h) => (h, 16, true),
            None => (s, 10, false),
        };
        match u128::from_str_radix(digits, radix) {
            Ok(v) => Ok((v, hex)),
            Err(_) => Err(self.missing(
                self.tok.start..self.tok.end,
                "integer wider than 128 bits (strata-apnum)",
            )),
        }
    }

    /// Parses an optionally negative integer literal that fits in an `i64`.
    pub fn parse_integer(&mut self) -> PResult<i64> {
        let start = self.tok.start;
        let negative = self.consume_if(TokenKind::Minus);
        if self.tok.kind != TokenKind::Integer {
            return Err(self.error("expected integer value"));
        }
        let (m, _) = self
            .int_magnitude()
            .map_err(|_| self.error("integer value too large"))?;
        self.bump();
        let v = if negative {
            0i128
                .checked_sub(m as i128)
                .filter(|_| m <= i64::MAX as u128 + 1)
        } else {
            Some(m as i128).filter(|_| m <= i64::MAX as u128)
        };
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

    fn parse_type_list_parens(&mut self) -> PResult<Vec<Type<'c>>> {
        self.expect(TokenKind::LParen, "'('")?;
        let mut out = Vec::new();
        if self.consume_if(TokenKind::RParen) {
            return Ok(out);
        }
        loop {
            out.push(self.parse_type()?);
            if self.consume_if(TokenKind::Comma) {
                continue;
            }
            self.expect(TokenKind::RParen, "')'")?;
            return Ok(out);
        }
    }

    fn parse_function_type(&mut self) -> PResult<Type<'c>> {
        let inputs = self.parse_type_list_parens()?;
        self.expect(TokenKind::Arrow, "'->'")?;
        let results = if self.tok.kind == TokenKind::LParen {
            self.parse_type_list_parens()?
        } else {
            vec![self.nested(|p| p.parse_non_function_type())?]
        };
        Ok(self.ctx.function_type(&inputs, &results).into())
    }

    fn parse_non_function_type(&mut self) -> PResult<Type<'c>> {
        let start = self.tok.start;
        match self.tok.kind {
            TokenKind::BangId => return self.parse_dialect_type(),
            TokenKind::BareId => {}
            _ => return Err(self.error("expected non-function type")),
        }
        let word = self.spelling();
        let simple: Option<Type<'c>> = match word {
            "index" => Some(self.ctx.index().into()),
            "none" => Some(self.ctx.none_type().into()),
            "f16" => Some(self.ctx.f16().into()),
            "bf16" => Some(self.ctx.bf16().into()),
            "f32" => Some(self.ctx.f32().into()),
            "f64" => Some(self.ctx.f64().into()),
            "f80" => Some(self.ctx.float_type(FloatKind::F80).into()),
            "f128" => Some(self.ctx.float_type(FloatKind::F128).into()),
            "tf32" => Some(self.ctx.float_type(FloatKind::TF32).into()),
            _ => None,
        };
        if let Some(t) = simple {
            self.bump();
            return Ok(t);
        }
        if MISSING_FLOATS.contains(&word) {
            return Err(self.missing(start..self.tok.end, "FloatType of the f8/f6/f4 formats"));
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
                if !(el.isa::<IntegerType>() || el.isa::<FloatType>()) {
                    return Err(ParseError::new(at, "invalid element type for complex"));
                }
                Ok(self.ctx.complex_type(el).into())
            }
            "tuple" => {
                self.bump();
                self.expect(TokenKind::Less, "'<' in tuple type")?;
                let mut els = Vec::new();
                if !self.consume_if(TokenKind::Greater) {
                    loop {
                        els.push(self.parse_type()?);
                        if self.consume_if(TokenKind::Comma) {
                            continue;
                        }
                        self.expect(TokenKind::Greater, "'>' in tuple type")?;
                        break;
                    }
                }
                Ok(self.ctx.tuple_type(&els).into())
            }
            "tensor" => self.parse_tensor_type(),
            "memref" => self.parse_memref_type(),
            "vector" => self.parse_vector_type(),
            _ => Err(self.error("expected non-function type")),
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
        let width = digits.parse::<u64>().unwrap_or(u64::MAX);
        if width > MAX_INTEGER_WIDTH {
            return Err(self.error(format!(
                "integer bitwidth is limited to {MAX_INTEGER_WIDTH} bits"
            )));
        }
        Ok(Some(self.ctx.integer_type(width as u32, sign).into()))
    }

    /// Parses `4x?x8x` of a ranked shape (each dimension followed by `x`),
    /// leaving the element type as the current token. `allow_dynamic` is
    /// false for vectors. Returns the dimensions and whether any was
    /// scalable (`[4]`).
    fn parse_dimension_list(
        &mut self,
        allow_dynamic: bool,
        allow_scalable: bool,
    ) -> PResult<(Vec<i64>, bool)> {
        let mut dims = Vec::new();
        let mut scalable = false;
        loop {
            let start = self.tok.start;
            let bracketed = allow_scalable && self.tok.kind == TokenKind::LSquare;
            if bracketed {
                self.bump();
                scalable = true;
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
                _ => {
                    if bracketed {
                        return Err(self.error("expected integer value"));
                    }
                    return Ok((dims, scalable));
                }
            };
            if bracketed && !self.consume_if(TokenKind::RSquare) {
                return Err(self.error("missing ']' closing scalable dimension"));
            }
            let _ = start;
            dims.push(dim);
            // The `x` separator: the start of a bare identifier (`x`,
            // `xf32`, `x4` lexes as an identifier too) or part of it.
            if self.tok.kind != TokenKind::BareId || !self.spelling().starts_with('x') {
                return Err(self.error("expected 'x' in dimension list"));
            }
            self.lexer.reset(self.tok.start + 1);
            self.bump();
        }
    }

    fn parse_tensor_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start..self.tok.end;
        self.bump();
        self.expect(TokenKind::Less, "'<' in tensor type")?;
        if self.tok.kind == TokenKind::Star {
            self.bump();
            self.expect_x()?;
            let at = self.tok.start..self.tok.end;
            let el = self.parse_type()?;
            self.check_tensor_element(el, at)?;
            self.expect(TokenKind::Greater, "'>' in tensor type")?;
            return Ok(self.ctx.unranked_tensor_type(el).into());
        }
        let (dims, _) = self.parse_dimension_list(true, false)?;
        let at = self.tok.start..self.tok.end;
        let el = self.parse_type()?;
        self.check_tensor_element(el, at)?;
        if self.consume_if(TokenKind::Comma) {
            let enc = self.tok.start;
            self.parse_attribute()?;
            return Err(self.missing(enc..self.tok.start, "RankedTensorType encoding"));
        }
        self.expect(TokenKind::Greater, "'>' in tensor type")?;
        let _ = kw;
        Ok(self.ctx.tensor_type(&dims, el).into())
    }

    fn expect_x(&mut self) -> PResult<()> {
        if self.tok.kind == TokenKind::BareId && self.spelling().starts_with('x') {
            self.lexer.reset(self.tok.start + 1);
            self.bump();
            Ok(())
        } else {
            Err(self.error("expected 'x' in dimension list"))
        }
    }

    /// Whether `t` is a builtin type (not an opaque or dialect type).
    fn is_builtin_type(&self, t: Type<'c>) -> bool {
        t.kind().name().starts_with("builtin.")
    }

    fn check_tensor_element(&self, el: Type<'c>, at: Range<usize>) -> PResult<()> {
        use strata_builtin::{ComplexType, VectorType};
        let ok = el.isa::<ComplexType>()
            || el.isa::<FloatType>()
            || el.isa::<IntegerType>()
            || el.isa::<VectorType>()
            || el.isa::<IndexType>()
            || !self.is_builtin_type(el);
        if ok {
            Ok(())
        } else {
            Err(ParseError::new(at, "invalid tensor element type"))
        }
    }

    fn parse_memref_type(&mut self) -> PResult<Type<'c>> {
        use strata_builtin::{ComplexType, MemRefType};
        self.bump();
        self.expect(TokenKind::Less, "'<' in memref type")?;
        let unranked = self.tok.kind == TokenKind::Star;
        let dims = if unranked {
            self.bump();
            self.expect_x()?;
            Vec::new()
        } else {
            self.parse_dimension_list(true, false)?.0
        };
        let at = self.tok.start..self.tok.end;
        let el = self.parse_type()?;
        let ok = el.isa::<ComplexType>()
            || el.isa::<MemRefType>()
            || el.isa::<VectorType>()
            || el.isa::<IntegerType>()
            || el.isa::<IndexType>()
            || el.isa::<FloatType>()
            || !self.is_builtin_type(el);
        if !ok {
            return Err(ParseError::new(at, "invalid memref element type"));
        }
        let mut unsupported: Option<(Range<usize>, &'static str)> = None;
        while self.consume_if(TokenKind::Comma) {
            let start = self.tok.start;
            if self.tok.kind == TokenKind::Greater {
                return Err(self.error("expected list element"));
            }
            let is_map = self.is_keyword("affine_map");
            let is_strided = self.is_keyword("strided");
            if is_map {
                // An identity layout is dropped, as MLIR does.
                self.bump();
                self.expect(TokenKind::Less, "'<'")?;
                let map = self.parse_affine_map_body()?;
                self.expect(TokenKind::Greater, "'>'")?;
                if unranked {
                    return Err(ParseError::new(
                        start..self.tok.start,
                        "cannot have affine map for unranked memref type",
                    ));
                }
                if map.num_dims() as usize != dims.len() {
                    return Err(ParseError::new(
                        start..self.tok.start,
                        "memref layout mismatch between rank and affine map",
                    ));
                }
                if !map.is_identity() {
                    unsupported.get_or_insert((start..self.tok.start, "MemRefType layout"));
                }
            } else if is_strided {
                self.parse_attribute()?;
                unsupported.get_or_insert((
                    start..self.tok.start,
                    "MemRefType layout (StridedLayoutAttr)",
                ));
            } else {
                self.parse_attribute()?;
                unsupported.get_or_insert((start..self.tok.start, "MemRefType memory space"));
            }
        }
        self.expect(TokenKind::Greater, "'>' in memref type")?;
        if let Some((span, kind)) = unsupported {
            return Err(self.missing(span, kind));
        }
        if unranked {
            return Err(self.missing(0..self.tok.start, "UnrankedMemRefType"));
        }
        Ok(self.ctx.memref_type(&dims, el).into())
    }

    fn parse_vector_type(&mut self) -> PResult<Type<'c>> {
        let kw = self.tok.start..self.tok.end;
        self.bump();
        self.expect(TokenKind::Less, "'<' in vector type")?;
        let dims_at = self.tok.start;
        if self.tok.kind == TokenKind::Question {
            return Err(self.error("expected static shape"));
        }
        let (dims, scalable) = self.parse_dimension_list(false, true)?;
        let dims_span = dims_at..self.tok.start;
        let at = self.tok.start..self.tok.end;
        let el = self.parse_type()?;
        self.expect(TokenKind::Greater, "'>' in vector type")?;
        if dims.is_empty() {
            // MLIR 19 allows 0-d vectors (`vector<f32>`).
        }
        if dims.iter().any(|&d| d <= 0) {
            return Err(ParseError::new(
                dims_span,
                "vector types must have positive constant sizes",
            ));
        }
        if !(el.isa::<IntegerType>() || el.isa::<IndexType>() || el.isa::<FloatType>()) {
            return Err(ParseError::new(
                at,
                "vector elements must be int/index/float type",
            ));
        }
        if scalable {
            return Err(self.missing(kw.start..self.tok.start, "VectorType scalable dimensions"));
        }
        Ok(self.ctx.vector_type(&dims, el).into())
    }

    /// `!dialect.name...` or `!dialect<...>`: a registered dialect's hook,
    /// or an opaque type.
    fn parse_dialect_type(&mut self) -> PResult<Type<'c>> {
        let sym = self.parse_extended_symbol()?;
        if let Some(hook) = self.syntax.and_then(|s| s.type_hook(sym.dialect)) {
            return self.run_dialect_hook(&sym, |p, m| hook(p, m));
        }
        let (dialect, data) = (sym.dialect, sym.data);
        Ok(self
            .ctx
            .intern::<OpaqueType>(OpaqueTypeData { dialect, data })
            .into())
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
        };
        sub.lexer.reset(start);
        sub.bump();
        let v = hook(&mut sub)?;
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
            return Err(ParseError::new(
                start..id_end,
                format!("undefined symbol alias id '{ident}'"),
            ));
        }
        let mut end = id_end;
        if has_body {
            end = self.lexer.balanced_body_end(id_end).ok_or_else(|| {
                ParseError::new(
                    id_end..src.len(),
                    "unbalanced '<' character in pretty dialect name",
                )
            })?;
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
            return Err(ParseError::new(
                start..id_end,
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

    /// Runs the hook of a dialect on an extended symbol: the mnemonic is the
    /// data's leading identifier, and the hook parses the rest of the data.
    fn run_dialect_hook<T>(
        &mut self,
        sym: &ExtendedSymbol<'s>,
        hook: impl FnOnce(&mut Self, &str) -> PResult<T>,
    ) -> PResult<T> {
        let mnemonic_end = sym
            .data
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
            .unwrap_or(sym.data.len());
        let mnemonic = &sym.data[..mnemonic_end];
        let end = sym.data_start + sym.data.len();
        self.run_hook(sym.data_start + mnemonic_end, end, |p| hook(p, mnemonic))
    }

    // ----- attributes -----

    /// Parses an attribute.
    pub fn parse_attribute(&mut self) -> PResult<Attribute<'c>> {
        self.nested(|p| p.parse_attribute_inner())
    }

    fn parse_optional_colon_type(&mut self) -> PResult<Option<Type<'c>>> {
        if self.consume_if(TokenKind::Colon) {
            Ok(Some(self.parse_type()?))
        } else {
            Ok(None)
        }
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
                    self.parse_type()?;
                    return Err(self.missing(start..self.tok.start, "StringAttr with a type"));
                }
                let s = String::from_utf8(bytes)
                    .map_err(|_| self.missing(at, "StringAttr holding bytes that are not UTF-8"))?;
                Ok(self.ctx.string_attr(&s).into())
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
                        self.expect(TokenKind::RSquare, "']'")?;
                        break;
                    }
                }
                Ok(self.ctx.array_attr(&els).into())
            }
            TokenKind::LBrace => self.parse_dictionary().map(Into::into),
            TokenKind::AtId => {
                self.bump();
                while self.consume_if(TokenKind::ColonColon) {
                    if self.tok.kind != TokenKind::AtId {
                        return Err(self.error("expected nested symbol reference identifier"));
                    }
                    self.bump();
                }
                Err(self.missing(start..self.tok.start, "SymbolRefAttr"))
            }
            TokenKind::HashId => self.parse_dialect_attr(),
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
                        self.expect(TokenKind::Less, "'<'")?;
                        self.parse_affine_map_body()?;
                        self.expect(TokenKind::Greater, "'>'")?;
                        Err(self.missing(start..self.tok.start, "AffineMapAttr"))
                    }
                    "affine_set" => {
                        self.bump();
                        self.expect(TokenKind::Less, "'<'")?;
                        self.parse_integer_set_body()?;
                        self.expect(TokenKind::Greater, "'>'")?;
                        Err(self.missing(start..self.tok.start, "IntegerSetAttr"))
                    }
                    "loc" => {
                        self.parse_location()?;
                        Err(self
                            .missing(start..self.tok.start, "LocationAttr as an Attribute handle"))
                    }
                    "dense" | "sparse" | "dense_resource" | "array" | "strided" | "opaque" => {
                        let kind: &'static str = match word {
                            "dense" => "DenseElementsAttr as an Attribute handle",
                            "sparse" => "SparseElementsAttr",
                            "dense_resource" => "DenseResourceElementsAttr",
                            "array" => "DenseArrayAttr",
                            "strided" => "StridedLayoutAttr",
                            _ => "OpaqueAttr (builtin `opaque<...>`)",
                        };
                        self.bump();
                        self.skip_balanced_angle(word)?;
                        self.parse_optional_colon_type()?;
                        Err(self.missing(start..self.tok.start, kind))
                    }
                    "distinct" => {
                        self.bump();
                        self.expect(TokenKind::LSquare, "'[' after 'distinct'")?;
                        if self.tok.kind != TokenKind::Integer {
                            return Err(self.error("expected distinct ID"));
                        }
                        self.bump();
                        self.expect(TokenKind::RSquare, "']' to close distinct ID")?;
                        self.expect(TokenKind::Less, "'<' after distinct ID")?;
                        if !self.consume_if(TokenKind::Greater) {
                            self.parse_attribute()?;
                            self.expect(TokenKind::Greater, "'>' to close distinct attribute")?;
                        }
                        Err(self.missing(start..self.tok.start, "DistinctAttr"))
                    }
                    _ => {
                        let ty = self.parse_type()?;
                        Ok(self.ctx.type_attr(ty).into())
                    }
                }
            }
            TokenKind::LParen | TokenKind::BangId => {
                let ty = self.parse_type()?;
                Ok(self.ctx.type_attr(ty).into())
            }
            _ => Err(self.error("expected attribute value")),
        }
    }

    /// Skips `<...>` after a keyword whose attribute strata lacks, checking
    /// only that it is balanced.
    fn skip_balanced_angle(&mut self, keyword: &str) -> PResult<()> {
        if self.tok.kind != TokenKind::Less {
            return Err(self.error(format!("expected '<' after '{keyword}'")));
        }
        let end = self
            .lexer
            .balanced_body_end(self.tok.start)
            .ok_or_else(|| self.error("unbalanced '<'"))?;
        self.lexer.reset(end);
        self.bump();
        Ok(())
    }

    fn parse_dictionary(
        &mut self,
    ) -> PResult<strata_ctx::Interned<'c, strata_builtin::DictionaryAttr>> {
        self.expect(TokenKind::LBrace, "'{'")?;
        let mut entries: Vec<(String, Attribute<'c>)> = Vec::new();
        if !self.consume_if(TokenKind::RBrace) {
            loop {
                let at = self.tok.start..self.tok.end;
                let name = match self.tok.kind {
                    TokenKind::BareId => self.spelling().to_owned(),
                    TokenKind::String => {
                        String::from_utf8(unescape(self.spelling())).map_err(|_| {
                            self.missing(at.clone(), "StringAttr holding bytes that are not UTF-8")
                        })?
                    }
                    _ => return Err(self.error("expected attribute name")),
                };
                if name.is_empty() {
                    return Err(ParseError::new(at, "expected valid attribute name"));
                }
                self.bump();
                let value = if self.consume_if(TokenKind::Equal) {
                    self.parse_attribute()?
                } else {
                    self.ctx.unit_attr().into()
                };
                if entries.iter().any(|(n, _)| *n == name) {
                    return Err(ParseError::new(
                        at,
                        format!("duplicate key '{name}' in dictionary attribute"),
                    ));
                }
                entries.push((name, value));
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::RBrace, "'}'")?;
                break;
            }
        }
        let borrowed: Vec<(&str, Attribute<'c>)> =
            entries.iter().map(|(n, a)| (n.as_str(), *a)).collect();
        Ok(self.ctx.dictionary_attr(&borrowed))
    }

    fn parse_dialect_attr(&mut self) -> PResult<Attribute<'c>> {
        let sym = self.parse_extended_symbol()?;
        if let Some(hook) = self.syntax.and_then(|s| s.attr_hook(sym.dialect)) {
            return self.run_dialect_hook(&sym, |p, m| hook(p, m));
        }
        let (dialect, data) = (sym.dialect, sym.data);
        let ty = self.parse_optional_colon_type()?;
        Ok(self
            .ctx
            .intern::<OpaqueAttr>(OpaqueAttrData { dialect, data, ty })
            .into())
    }

    fn parse_number_attr(&mut self) -> PResult<Attribute<'c>> {
        let start = self.tok.start;
        let negative = self.consume_if(TokenKind::Minus);
        match self.tok.kind {
            TokenKind::Float => {
                let text = self.spelling();
                self.bump();
                let ty = match self.parse_optional_colon_type()? {
                    Some(t) => t,
                    None => self.ctx.f64().into(),
                };
                self.float_attr(ty, FloatValue::Decimal { text, negative }, start)
            }
            TokenKind::Integer => {
                let lit_span = self.tok.start..self.tok.end;
                // A magnitude beyond 128 bits is out of range for every
                // type strata has; wider types need strata-apnum.
                let parsed = self.int_magnitude();
                self.bump();
                let (magnitude, hex) = match parsed {
                    Ok(v) => v,
                    Err(e) => {
                        let ty = self.parse_optional_colon_type()?;
                        let wide = ty
                            .and_then(|t| t.dyn_cast::<IntegerType>())
                            .is_some_and(|t| t.width > 128);
                        return Err(if wide {
                            e
                        } else {
                            ParseError::new(lit_span, "integer constant out of range for attribute")
                        });
                    }
                };
                let lit = IntLit {
                    negative,
                    magnitude,
                    hex,
                };
                let ty = match self.parse_optional_colon_type()? {
                    Some(t) => t,
                    None => self.ctx.i64().into(),
                };
                if ty.isa::<FloatType>() {
                    if !hex {
                        return Err(ParseError::new(
                            lit_span,
                            "unexpected decimal integer literal for a floating point value",
                        ));
                    }
                    if negative {
                        return Err(ParseError::new(
                            start..lit_span.end,
                            "hexadecimal float literal should not have a leading minus",
                        ));
                    }
                    return self.float_attr(ty, FloatValue::Bits(magnitude), start);
                }
                self.integer_attr(ty, lit, start..self.tok.start)
            }
            _ => Err(self.error("expected integer or floating point literal")),
        }
    }

    fn integer_attr(
        &self,
        ty: Type<'c>,
        lit: IntLit,
        span: Range<usize>,
    ) -> PResult<Attribute<'c>> {
        let (width, signedness) = if let Some(t) = ty.dyn_cast::<IntegerType>() {
            (t.width, t.signedness)
        } else if ty.isa::<IndexType>() {
            (64, Signedness::Signed)
        } else {
            return Err(ParseError::new(
                span,
                "integer literal not valid for specified type",
            ));
        };
        let _ = lit.hex;
        let out_of_range =
            || ParseError::new(span.clone(), "integer constant out of range for attribute");
        let w = width as u64;
        // The magnitude must fit in `width` bits.
        if w < 128 && lit.magnitude >> w != 0 {
            return Err(out_of_range());
        }
        if lit.negative && signedness == Signedness::Unsigned {
            return Err(ParseError::new(
                span,
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        let value: i128 = if width == 0 {
            if lit.negative {
                return Err(out_of_range());
            }
            0
        } else if lit.negative {
            // -m must have its sign bit set: 1 <= m <= 2^(w-1).
            if lit.magnitude == 0 || (w <= 128 && lit.magnitude > 1u128 << (w - 1)) {
                return Err(out_of_range());
            }
            if lit.magnitude > i128::MAX as u128 + 1 {
                return Err(self.missing(span, "IntegerAttr wider than 128 bits (strata-apnum)"));
            }
            (lit.magnitude as i128).wrapping_neg()
        } else {
            if signedness == Signedness::Signed && w <= 128 && lit.magnitude >> (w - 1) != 0 {
                return Err(out_of_range());
            }
            if width == 1 && signedness == Signedness::Signless {
                return Ok(self.ctx.bool_attr(lit.magnitude != 0).into());
            }
            let m = lit.magnitude;
            if signedness == Signedness::Unsigned || w > 128 {
                if m > i128::MAX as u128 {
                    return Err(
                        self.missing(span, "IntegerAttr wider than 128 bits (strata-apnum)")
                    );
                }
                m as i128
            } else {
                // MLIR keeps the bits and prints signless values as signed:
                // sign-extend from the width.
                let shift = 128 - w as u32;
                ((m << shift) as i128) >> shift
            }
        };
        if width == 1 && signedness == Signedness::Signless {
            return Ok(self.ctx.bool_attr(value != 0).into());
        }
        Ok(self.ctx.integer_attr(ty, value).into())
    }

    fn float_attr(
        &self,
        ty: Type<'c>,
        value: FloatValue<'_>,
        start: usize,
    ) -> PResult<Attribute<'c>> {
        let span = start..self.tok.start;
        let Some(kind) = ty.dyn_cast::<FloatType>().map(|t| *t.payload()) else {
            return Err(ParseError::new(
                span,
                "floating point value not valid for specified type",
            ));
        };
        let invalid = || ParseError::new(span.clone(), "invalid floating point literal");
        let v = match (kind, value) {
            // Parsed straight into the type's precision (no double rounding
            // through f64), as APFloat does.
            (FloatKind::F32, FloatValue::Decimal { text, negative }) => {
                let v = f64::from(text.parse::<f32>().map_err(|_| invalid())?);
                if negative { -v } else { v }
            }
            (FloatKind::F64, FloatValue::Decimal { text, negative }) => {
                let v = text.parse::<f64>().map_err(|_| invalid())?;
                if negative { -v } else { v }
            }
            (FloatKind::F32, FloatValue::Bits(b)) => {
                let b = u32::try_from(b).map_err(|_| {
                    ParseError::new(
                        span.clone(),
                        "hexadecimal float constant out of range for type",
                    )
                })?;
                f64::from(f32::from_bits(b))
            }
            (FloatKind::F64, FloatValue::Bits(b)) => {
                let b = u64::try_from(b).map_err(|_| {
                    ParseError::new(
                        span.clone(),
                        "hexadecimal float constant out of range for type",
                    )
                })?;
                f64::from_bits(b)
            }
            _ => {
                return Err(
                    self.missing(span, "FloatAttr of f16/bf16/f80/f128/tf32 (strata-apnum)")
                );
            }
        };
        Ok(self.ctx.float_attr(ty, v).into())
    }

    // ----- locations -----

    /// Parses `loc(...)`.
    pub fn parse_location(&mut self) -> PResult<Location<'c>> {
        if !self.is_keyword("loc") {
            return Err(self.error("expected location"));
        }
        self.bump();
        self.expect(TokenKind::LParen, "'(' in location")?;
        let loc = self.parse_location_instance()?;
        self.expect(TokenKind::RParen, "')' in location")?;
        Ok(loc)
    }

    fn parse_location_instance(&mut self) -> PResult<Location<'c>> {
        self.nested(|p| p.parse_location_instance_inner())
    }

    fn parse_location_instance_inner(&mut self) -> PResult<Location<'c>> {
        let start = self.tok.start;
        match self.tok.kind {
            TokenKind::String => {
                let at = self.tok.start..self.tok.end;
                let text = String::from_utf8(unescape(self.spelling()))
                    .map_err(|_| self.missing(at, "location strings that are not UTF-8"))?;
                self.bump();
                if self.consume_if(TokenKind::Colon) {
                    let line = self.parse_u32("expected integer line number in FileLineColLoc")?;
                    self.expect(TokenKind::Colon, "':' in FileLineColLoc")?;
                    let col = self.parse_u32("expected integer column number in FileLineColLoc")?;
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
                self.expect(TokenKind::LSquare, "'[' in fused location")?;
                let mut locs = Vec::new();
                loop {
                    locs.push(self.parse_location_instance()?);
                    if self.consume_if(TokenKind::Comma) {
                        continue;
                    }
                    self.expect(TokenKind::RSquare, "']' in fused location")?;
                    break;
                }
                Ok(self.fused(&locs, metadata))
            }
            TokenKind::BareId if self.spelling() == "callsite" => {
                self.bump();
                self.expect(TokenKind::LParen, "'(' in callsite location")?;
                self.parse_location_instance()?;
                if !self.is_keyword("at") {
                    return Err(self.error("expected 'at' in callsite"));
                }
                self.bump();
                self.parse_location_instance()?;
                self.expect(TokenKind::RParen, "')' in callsite location")?;
                Err(self.missing(start..self.tok.start, "CallSiteLoc"))
            }
            TokenKind::HashId => {
                let sym = self.parse_extended_symbol()?;
                Err(ParseError::new(
                    sym.span,
                    "expected location, but found dialect attribute",
                ))
            }
            _ => Err(self.error("expected location instance")),
        }
    }

    /// `FusedLoc::get`'s canonical form: nested fused locations with the
    /// same metadata are flattened, unknown locations and duplicates
    /// dropped, and a single location without metadata stands for itself.
    fn fused(&self, locs: &[Location<'c>], metadata: Option<Attribute<'c>>) -> Location<'c> {
        let mut flat: Vec<Location<'c>> = Vec::new();
        let mut push = |l: Location<'c>| {
            if !flat.contains(&l) {
                flat.push(l);
            }
        };
        for &l in locs {
            if let Some(f) = l.dyn_cast::<FusedLoc>()
                && f.payload().metadata == metadata
            {
                for &inner in f.payload().locations {
                    push(inner);
                }
                continue;
            }
            if !l.isa::<UnknownLoc>() {
                push(l);
            }
        }
        match (flat.as_slice(), metadata) {
            ([], None) => self.ctx.unknown_loc().into(),
            ([], Some(_)) => self
                .ctx
                .fused_loc(&[self.ctx.unknown_loc().into()], metadata),
            _ => self.ctx.fused_loc(&flat, metadata),
        }
    }

    fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        if self.tok.kind != TokenKind::Integer {
            return Err(self.error(what));
        }
        let v = self
            .spelling()
            .parse::<u32>()
            .map_err(|_| self.error(what))?;
        self.bump();
        Ok(v)
    }

    // ----- affine maps and integer sets -----

    /// Parses `(d0, d1)[s0] -> (exprs)` (without `affine_map<>`).
    pub fn parse_affine_map_body(&mut self) -> PResult<AffineMap<'c, P>> {
        let (dims, syms) = self.parse_dim_and_symbol_lists()?;
        self.expect(TokenKind::Arrow, "'->' or ':'")?;
        self.expect(TokenKind::LParen, "'('")?;
        let mut results = Vec::new();
        if !self.consume_if(TokenKind::RParen) {
            loop {
                results.push(self.parse_affine_expr(&dims, &syms)?);
                if self.consume_if(TokenKind::Comma) {
                    continue;
                }
                self.expect(TokenKind::RParen, "')'")?;
                break;
            }
        }
        Ok(self
            .ctx
            .affine()
            .map(dims.len() as u32, syms.len() as u32, &results))
    }

    /// Parses `(d0)[s0] : (constraints)` (without `affine_set<>`).
    pub fn parse_integer_set_body(&mut self) -> PResult<IntegerSet<'c, P>> {
        let (dims, syms) = self.parse_dim_and_symbol_lists()?;
        self.expect(TokenKind::Colon, "'->' or ':'")?;
        self.expect(TokenKind::LParen, "'('")?;
        let mut cons = Vec::new();
        let mut eqs = Vec::new();
        if self.consume_if(TokenKind::RParen) {
            // The empty set of constraints is the trivially true `0 == 0`.
            let zero = self.ctx.affine().constant(0);
            return Ok(self.ctx.affine().integer_set(
                dims.len() as u32,
                syms.len() as u32,
                &[zero],
                &[true],
            ));
        }
        loop {
            let e = self.parse_affine_expr(&dims, &syms)?;
            let (is_eq, flip) = if self.consume_if(TokenKind::Equal) {
                self.expect(TokenKind::Equal, "'=='")?;
                (true, false)
            } else if self.consume_if(TokenKind::Greater) {
                self.expect(TokenKind::Equal, "'>='")?;
                (false, false)
            } else if self.consume_if(TokenKind::Less) {
                self.expect(TokenKind::Equal, "'<='")?;
                (false, true)
            } else {
                return Err(self.error(
                    "expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
                ));
            };
            let rhs = self.parse_affine_expr(&dims, &syms)?;
            // MLIR normalises `e >= c` and `e == c` to `e - c`, and `e <= c`
            // to `c - e`.
            let a = self.ctx.affine();
            let c = if flip { a.sub(rhs, e) } else { a.sub(e, rhs) };
            cons.push(c);
            eqs.push(is_eq);
            if self.consume_if(TokenKind::Comma) {
                continue;
            }
            self.expect(TokenKind::RParen, "')'")?;
            break;
        }
        Ok(self
            .ctx
            .affine()
            .integer_set(dims.len() as u32, syms.len() as u32, &cons, &eqs))
    }

    fn parse_id_list(&mut self, close: TokenKind, names: &mut Vec<&'s str>) -> PResult<()> {
        if self.consume_if(close) {
            return Ok(());
        }
        loop {
            if self.tok.kind != TokenKind::BareId {
                return Err(self.error("expected bare identifier"));
            }
            let name = self.spelling();
            if names.contains(&name) {
                return Err(self.error(format!("redefinition of identifier '{name}'")));
            }
            names.push(name);
            self.bump();
            if self.consume_if(TokenKind::Comma) {
                continue;
            }
            return self.expect(close, "')' or ']'");
        }
    }

    fn parse_dim_and_symbol_lists(&mut self) -> PResult<(Vec<&'s str>, Vec<&'s str>)> {
        let mut dims = Vec::new();
        self.expect(
            TokenKind::LParen,
            "'(' at start of dimensional identifiers list",
        )?;
        self.parse_id_list(TokenKind::RParen, &mut dims)?;
        let mut syms = Vec::new();
        if self.consume_if(TokenKind::LSquare) {
            let mut all = dims.clone();
            let before = all.len();
            self.parse_id_list(TokenKind::RSquare, &mut all)?;
            syms = all.split_off(before);
        }
        Ok((dims, syms))
    }

    fn parse_affine_expr(&mut self, dims: &[&str], syms: &[&str]) -> PResult<AffineExpr<'c, P>> {
        self.nested(|p| p.parse_affine_sum(dims, syms))
    }

    /// `a + b - c`: the lowest precedence.
    fn parse_affine_sum(&mut self, dims: &[&str], syms: &[&str]) -> PResult<AffineExpr<'c, P>> {
        let mut lhs = self.parse_affine_product(dims, syms)?;
        loop {
            let sub = match self.tok.kind {
                TokenKind::Plus => false,
                TokenKind::Minus => true,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.parse_affine_product(dims, syms)?;
            let a = self.ctx.affine();
            lhs = if sub {
                a.sub(lhs, rhs)
            } else {
                a.add(lhs, rhs)
            };
        }
    }

    /// `a * b floordiv c`: multiplicative operators, left-associative.
    fn parse_affine_product(&mut self, dims: &[&str], syms: &[&str]) -> PResult<AffineExpr<'c, P>> {
        let mut lhs = self.parse_affine_operand(dims, syms)?;
        loop {
            let op = match self.tok.kind {
                TokenKind::Star => "*",
                TokenKind::BareId => match self.spelling() {
                    "floordiv" => "floordiv",
                    "ceildiv" => "ceildiv",
                    "mod" => "mod",
                    _ => return Ok(lhs),
                },
                _ => return Ok(lhs),
            };
            let op_at = self.tok.start;
            self.bump();
            let rhs = self.parse_affine_operand(dims, syms)?;
            let a = self.ctx.affine();
            let span = op_at..self.tok.start;
            lhs = match op {
                "*" => {
                    if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                        return Err(ParseError::new(
                            span,
                            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                        ));
                    }
                    a.mul(lhs, rhs)
                }
                _ => {
                    if !rhs.is_symbolic_or_constant() {
                        return Err(ParseError::new(
                            span,
                            "non-affine expression: right operand of floordiv, ceildiv and mod has to be either a constant or symbolic",
                        ));
                    }
                    match op {
                        "floordiv" => a.floor_div(lhs, rhs),
                        "ceildiv" => a.ceil_div(lhs, rhs),
                        _ => a.modulo(lhs, rhs),
                    }
                }
            };
        }
    }

    fn parse_affine_operand(&mut self, dims: &[&str], syms: &[&str]) -> PResult<AffineExpr<'c, P>> {
        let a = self.ctx.affine();
        match self.tok.kind {
            TokenKind::BareId => {
                let name = self.spelling();
                if let Some(i) = dims.iter().position(|d| *d == name) {
                    self.bump();
                    return Ok(a.dim(i as u32));
                }
                if let Some(i) = syms.iter().position(|s| *s == name) {
                    self.bump();
                    return Ok(a.symbol(i as u32));
                }
                Err(self.error("use of undeclared identifier"))
            }
            TokenKind::Integer => {
                let v = self
                    .spelling()
                    .parse::<i64>()
                    .map_err(|_| self.error("constant too large for index"))?;
                self.bump();
                Ok(a.constant(v))
            }
            TokenKind::LParen => {
                self.bump();
                let e = self.parse_affine_expr(dims, syms)?;
                self.expect(TokenKind::RParen, "')'")?;
                Ok(e)
            }
            TokenKind::Minus => {
                self.bump();
                let e = self.nested(|p| p.parse_affine_operand(dims, syms))?;
                // `-` binds tighter than the multiplicative operators.
                Ok(a.mul(e, a.constant(-1)))
            }
            TokenKind::Plus | TokenKind::Star => {
                Err(self.error("missing left operand of binary operator"))
            }
            _ => Err(self.error("expected affine expression")),
        }
    }
}

/// A dialect symbol as MLIR's `parseExtendedSymbol` splits it.
#[derive(Clone, Debug)]
struct ExtendedSymbol<'s> {
    dialect: &'s str,
    data: &'s str,
    data_start: usize,
    span: Range<usize>,
}

/// A float literal as written: a decimal value or the bits of a hex literal.
#[derive(Clone, Copy, Debug)]
enum FloatValue<'s> {
    /// A decimal literal's spelling and whether a `-` preceded it.
    Decimal { text: &'s str, negative: bool },
    /// The bits of a hexadecimal literal.
    Bits(u128),
}
