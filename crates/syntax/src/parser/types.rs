//! The grammar of types: builtin types (`i32`, `tensor<4x?xf32>`,
//! `(i1) -> index`, `memref<...>`) and a dialect's `!dialect.name<...>`,
//! through its hook or as an opaque type.

use core::hash::BuildHasher;

use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_builtin::{
    AffineMapAttr, BuiltinError, DYNAMIC, FloatKind, Signedness, StridedLayoutAttr,
};
use strata_ctx::{Attribute, Policy, Type};

use crate::error::ParseError;
use crate::hook_parse::Delimiter;
use crate::lexer::{Lexer, Token, TokenKind, wrong_token_position};

use super::{Dims, ExtendedSymbol, MAX_INTEGER_WIDTH, PResult, Parser, built, no_builtin_hook};

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
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
    /// mnemonic) with this parser, its lexer bounded at `end` so that the
    /// hook sees the body's end as the end of the text; then puts the cursor
    /// back where it was (the caller continues after the symbol).
    fn run_hook<T>(
        &mut self,
        start: usize,
        end: usize,
        hook: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let src = self.lexer.source();
        let (lexer, tok, depth) = (self.lexer.clone(), self.tok, self.depth);
        self.lexer = Lexer::new(&src[..end]);
        self.lexer.reset(start);
        self.tok = Token {
            kind: TokenKind::Eof,
            start,
            end: start,
        };
        self.bump();
        let v = hook(self).and_then(|v| self.finish().map(|()| v));
        (self.lexer, self.tok, self.depth) = (lexer, tok, depth);
        v
    }

    /// Parses `!dialect.data` / `#dialect<data>` (the current token is the
    /// `!`/`#` identifier): returns the dialect, the symbol data as MLIR
    /// keeps it (`data<...>` of the pretty form, the inside of the `<>` of
    /// the verbose form), the offset of the data, and the span of the whole
    /// symbol.
    pub(super) fn parse_extended_symbol(&mut self) -> PResult<ExtendedSymbol<'s>> {
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
    pub(super) fn opaque_data(&self, sym: &ExtendedSymbol<'s>) -> &'s str {
        if self.syntax.is_some_and(|s| s.has_dialect(sym.dialect)) {
            sym.data.trim()
        } else {
            sym.data
        }
    }

    /// Runs the hook of a dialect on an extended symbol: the mnemonic is the
    /// data's leading identifier, and the hook parses the rest of the data.
    pub(super) fn run_dialect_hook<T>(
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
}
