//! The grammar of elements literals: the bodies of `dense<...>`,
//! `sparse<...>` and `array<...>` (nested lists of numbers, booleans,
//! complex pairs and strings, or a hex blob), and their encoding into
//! the bytes the builtin attributes hold.

use core::hash::BuildHasher;
use core::ops::Range;

use strata_builtin::apnum::{ApFloat, ApInt};
use strata_builtin::prelude::*;
use strata_builtin::{
    ComplexType, FloatType, IntegerType, RankedTensorType, Signedness, VectorType,
};
use strata_ctx::{Attribute, Policy, Type};

use crate::error::ParseError;
use crate::lexer::{TokenKind, unescape};

use super::{PResult, Parser, built, float_error, int_layout};

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
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
    pub(super) fn parse_dense(&mut self) -> PResult<Attribute<'c>> {
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
    pub(super) fn parse_sparse(&mut self) -> PResult<Attribute<'c>> {
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
    pub(super) fn parse_dense_array(&mut self) -> PResult<Attribute<'c>> {
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
