//! MLIR's textual syntax: a lexer and one recursive-descent parser, the
//! cursor of every grammar, that reads builtin types, attributes,
//! locations, affine maps and integer sets (interning into a
//! [`strata_ctx::Context`] as it parses), operations in the generic and
//! the custom forms (into `strata-ir`'s bodies) and the file metadata
//! section.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod affine;
pub mod asm;
mod dialect;
mod distinct;
mod error;
mod hook_parse;
pub mod lexer;
pub mod metadata;
pub mod ops;
mod parser;

use core::hash::BuildHasher;

use strata_ctx::affine::{AffineMap, IntegerSet};
use strata_ctx::{Attribute, Context, Location, Policy, Type};

pub use dialect::{AttrHook, DialectSyntax, ResourceSection, Syntax, TypeHook};
pub use distinct::DistinctIds;
pub use error::ParseError;
pub use hook_parse::Delimiter;
pub use parser::{Aliases, Checkpoint, MAX_INTEGER_WIDTH, MAX_NESTING, Parser};

fn parse_whole<'c: 's, 's, P: Policy, S: BuildHasher + 'static, T>(
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
