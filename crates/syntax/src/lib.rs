//! MLIR's textual syntax of builtin types, attributes, locations, affine
//! maps and integer sets: a lexer and a recursive-descent parser that
//! interns into a [`strata_ctx::Context`] as it parses.
//!
//! # The problem
//!
//! strata interns what a compiler builds through constructors, but a
//! compiler also reads MLIR text: `tensor<4x?xf32>`, `{a = 1 : i64}`,
//! `loc("f.mlir":3:7)`. Reading it means MLIR's lexer (a shape such as
//! `4x8xf32` is one integer and one identifier that the parser splits),
//! MLIR's grammar and MLIR's checks (what its verifiers reject must be an
//! error, not a stored value), without ever panicking or overflowing the
//! stack on hostile input.
//!
//! # The approach
//!
//! - [`lexer::Lexer`] produces tokens as byte ranges and can restart at any
//!   offset, so the parser can split `x8xf32` where MLIR does.
//! - [`Parser`] is a recursive-descent parser with an explicit nesting limit
//!   ([`MAX_NESTING`]): a million `tuple<` is a diagnostic. Numbers are
//!   checked: a dimension or integer that overflows is a diagnostic.
//!   Literals are read with strata-apnum as MLIR reads them (integers
//!   against their type's width, floats rounded to their format, hex bit
//!   patterns), and every value is built with strata-builtin's checked
//!   constructors, so what MLIR's verifiers reject is an error here too
//!   (`vector<?xf32>`, `complex<tensor<2xf32>>`, `1.0 : i32`).
//! - Every entry point is generic over the context's policy, so the
//!   thread-safe and the single-threaded context both work; interning goes
//!   through the context, so equal text gives pointer-equal handles from any
//!   thread.
//! - [`ParseError`] carries a byte span and a message, and renders through
//!   strata-diag ([`ParseError::render`], [`ParseError::to_diagnostic`]).
//!   An error whose [`ParseError::missing_kind`] is set is valid MLIR that
//!   strata cannot represent yet (`crates/syntax/NEEDS.md` lists them).
//! - Dialects: [`Syntax`] holds the hooks of registered dialects
//!   ([`DialectSyntax`]); a form of any other dialect becomes a builtin
//!   [`OpaqueType`](strata_builtin::OpaqueType) or
//!   [`OpaqueAttr`](strata_builtin::OpaqueAttr) that prints back exactly.
//!
//! # Example
//!
//! ```
//! use strata_builtin::prelude::*;
//! use strata_ctx::Context;
//!
//! let ctx = Context::new();
//! let t = strata_syntax::parse_type(&ctx, "tensor<4 x ? x f32>").unwrap();
//! assert_eq!(t.to_string(), "tensor<4x?xf32>");
//! assert_eq!(t, strata_ctx::Type::from(ctx.tensor_type(&[4, strata_builtin::DYNAMIC], ctx.f32())));
//!
//! let a = strata_syntax::parse_attribute(&ctx, "{b = 255 : i8, a = [true, \"s\"]}").unwrap();
//! assert_eq!(a.to_string(), "{a = [true, \"s\"], b = -1 : i8}");
//!
//! let l = strata_syntax::parse_location(&ctx, "loc(fused[\"a.mlir\":1:2, unknown])").unwrap();
//! assert_eq!(l.to_string(), "loc(\"a.mlir\":1:2)");
//!
//! let map = strata_syntax::parse_affine_map(&ctx, "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)").unwrap();
//! assert_eq!(map.to_string(), "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)");
//!
//! let err = strata_syntax::parse_type(&ctx, "vector<?xf32>").unwrap_err();
//! assert_eq!(err.span(), 7..8);
//! assert!(err.render("input.mlir", "vector<?xf32>").contains("input.mlir:1:8"));
//! ```
//!
//! # What is here
//!
//! - [`parse_type`], [`parse_attribute`], [`parse_location`],
//!   [`parse_affine_map`], [`parse_integer_set`]: the entry points, named
//!   after MLIR's C++ API.
//! - [`Parser`], [`lexer`]: the machinery, reusable for the operation syntax.
//! - [`ParseError`].
//! - [`Syntax`], [`DialectSyntax`], [`TypeHook`], [`AttrHook`]: dialect hooks.

#![forbid(unsafe_code)]

mod dialect;
mod error;
pub mod lexer;
mod parser;

use core::hash::BuildHasher;

use strata_ctx::affine::{AffineMap, IntegerSet};
use strata_ctx::{Attribute, Context, Location, Policy, Type};

pub use dialect::{AttrHook, DialectSyntax, Syntax, TypeHook};
pub use error::ParseError;
pub use parser::{MAX_INTEGER_WIDTH, MAX_NESTING, Parser};

fn parse_whole<'c, 's, P: Policy, S: BuildHasher + 'static, T>(
    ctx: &'c Context<P, S>,
    text: &'s str,
    f: impl FnOnce(&mut Parser<'c, 's, P, S>) -> Result<T, ParseError>,
) -> Result<T, ParseError> {
    let mut p = Parser::new(ctx, text, None);
    let v = f(&mut p)?;
    p.finish()?;
    Ok(v)
}

/// Parses the whole of `text` as a type (`i32`, `tensor<4x?xf32>`,
/// `(i1) -> index`, `!dialect.name<...>`).
pub fn parse_type<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    text: &str,
) -> Result<Type<'c>, ParseError> {
    parse_whole(ctx, text, Parser::parse_type)
}

/// Parses the whole of `text` as an attribute (`42 : i64`, `"s"`,
/// `[1, 2]`, `{a = unit}`, a type).
pub fn parse_attribute<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    text: &str,
) -> Result<Attribute<'c>, ParseError> {
    parse_whole(ctx, text, Parser::parse_attribute)
}

/// Parses the whole of `text` as a location, `loc(...)`.
pub fn parse_location<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    text: &str,
) -> Result<Location<'c>, ParseError> {
    parse_whole(ctx, text, Parser::parse_location)
}

/// Parses the whole of `text` as an affine map, `(d0)[s0] -> (d0 + s0)`
/// (the body of `affine_map<...>`), into the context's affine cluster.
pub fn parse_affine_map<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    text: &str,
) -> Result<AffineMap<'c, P>, ParseError> {
    parse_whole(ctx, text, Parser::parse_affine_map_body)
}

/// Parses the whole of `text` as an integer set, `(d0) : (d0 - 1 >= 0)`
/// (the body of `affine_set<...>`), into the context's affine cluster.
pub fn parse_integer_set<'c, P: Policy, S: BuildHasher + 'static>(
    ctx: &'c Context<P, S>,
    text: &str,
) -> Result<IntegerSet<'c, P>, ParseError> {
    parse_whole(ctx, text, Parser::parse_integer_set_body)
}
