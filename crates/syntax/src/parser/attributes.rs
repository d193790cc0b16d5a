//! The grammar of attributes: literals, arrays, dictionaries, symbol
//! references, `strided<...>`, `distinct[N]<...>` and a dialect's
//! `#dialect.name<...>`; the bodies of `dense<...>`, `sparse<...>` and
//! `array<...>` are `elements`'s, the affine ones `crate::affine`'s.

use core::hash::BuildHasher;
use std::borrow::Cow;

use strata_builtin::apnum::{ApFloat, ApInt};
use strata_builtin::prelude::*;
use strata_builtin::{DYNAMIC, DictionaryAttr, FloatType};
use strata_ctx::{Attribute, Interned, Policy, Type};

use crate::error::ParseError;
use crate::hook_parse::Delimiter;
use crate::lexer::{TokenKind, unescape};

use super::{
    DistinctTable, PResult, Parser, built, float_error, int_layout, no_builtin_hook, token_u64,
};

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
    /// Parses an attribute.
    pub fn parse_attribute(&mut self) -> PResult<Attribute<'c>> {
        self.nested(|p| p.parse_attribute_inner())
    }

    /// An attribute if the token can begin one, as MLIR's
    /// `parseOptionalAttribute`: a token that begins neither an attribute
    /// nor a type is no attribute, and nothing is consumed.
    pub(super) fn parse_optional_attribute(&mut self) -> PResult<Option<Attribute<'c>>> {
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

    pub(super) fn parse_colon_type(&mut self) -> PResult<Type<'c>> {
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

    pub(super) fn parse_dialect_attr(&mut self) -> PResult<Attribute<'c>> {
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
}
