//! The affine grammar: affine maps (`(d0)[s0] -> (d0 + s0)`), integer sets
//! (`(d0) : (d0 - 1 >= 0)`) and the affine expressions inside them.
//!
//! Every refusal is MLIR 19's: the words of its affine parser, at the token
//! it points to, in its order. Three of its ways are easy to miss. A
//! product that is not affine is reported at the operator after it when
//! one follows (MLIR checks it when it meets the next operator), at its own
//! operator otherwise. A negation whose operand fails adds a second error,
//! "missing operand of negation", at the token where the operand stopped
//! (see [`ParseError::follow_ups`]). And a bad token of the lexer silences
//! every error raised while it is the current token: the lexer's message
//! is the only one.

use core::hash::BuildHasher;
use core::ops::Range;
use std::collections::HashMap;

use strata_ctx::Policy;
use strata_ctx::affine::{AffineExpr, AffineMap, IntegerSet};

use crate::error::ParseError;
use crate::lexer::TokenKind;
use crate::parser::{Parser, token_u64};

type PResult<T> = Result<T, ParseError>;

/// An affine map or an integer set: MLIR reads the two alike up to the
/// `->` or `:` after the identifier lists, and a caller that asked for one
/// says so when it got the other.
enum MapOrSet<'c, P: Policy> {
    Map(AffineMap<'c, P>),
    Set(IntegerSet<'c, P>),
}

/// The multiplicative operators, one level of precedence above `+` and
/// `-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HighOp {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

/// How many names a [`Scope`] looks up by a linear scan before it indexes
/// them: affine maps have a few, generated text may have thousands.
const LINEAR_NAMES: usize = 16;

/// The dimension and symbol identifiers of one map or set, in order:
/// the first `dims` name dimensions, the rest symbols.
#[derive(Default)]
struct Scope<'s> {
    names: Vec<&'s str>,
    dims: usize,
    /// Each name's position, once there are more than [`LINEAR_NAMES`].
    index: Option<HashMap<&'s str, u32>>,
}

impl<'s> Scope<'s> {
    fn position(&self, name: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(name).map(|&i| i as usize),
            None => self.names.iter().position(|n| *n == name),
        }
    }

    fn push(&mut self, name: &'s str) {
        let at = u32::try_from(self.names.len()).unwrap_or(u32::MAX);
        self.names.push(name);
        if let Some(index) = &mut self.index {
            index.insert(name, at);
        } else if self.names.len() > LINEAR_NAMES {
            self.index = Some(
                self.names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (*n, u32::try_from(i).unwrap_or(u32::MAX)))
                    .collect(),
            );
        }
    }

    fn dim_count(&self) -> u32 {
        u32::try_from(self.dims).unwrap_or(u32::MAX)
    }

    fn symbol_count(&self) -> u32 {
        u32::try_from(self.names.len() - self.dims).unwrap_or(u32::MAX)
    }
}

const PARENS: (TokenKind, TokenKind) = (TokenKind::LParen, TokenKind::RParen);

const NON_AFFINE_MUL: &str = "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic";

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
    /// Parses `(d0, d1)[s0] -> (exprs)` (without `affine_map<>`).
    ///
    /// # Errors
    ///
    /// MLIR 19's diagnostic where the text is not an affine map; an integer
    /// set is "expected AffineMap, but got IntegerSet", at its start.
    pub fn parse_affine_map_body(&mut self) -> PResult<AffineMap<'c, P>> {
        let start = self.tok.start;
        let r = match self.parse_map_or_set() {
            Ok(MapOrSet::Map(map)) => Ok(map),
            Ok(MapOrSet::Set(_)) => Err(ParseError::exact(
                start..start + 1,
                "expected AffineMap, but got IntegerSet",
            )),
            Err(e) => Err(e),
        };
        r.map_err(|e| self.lexer_first(e))
    }

    /// Parses `(d0)[s0] : (constraints)` (without `affine_set<>`).
    ///
    /// # Errors
    ///
    /// MLIR 19's diagnostic where the text is not an integer set; an affine
    /// map is "expected IntegerSet, but got AffineMap", at its start.
    pub fn parse_integer_set_body(&mut self) -> PResult<IntegerSet<'c, P>> {
        let start = self.tok.start;
        let r = match self.parse_map_or_set() {
            Ok(MapOrSet::Set(set)) => Ok(set),
            Ok(MapOrSet::Map(_)) => Err(ParseError::exact(
                start..start + 1,
                "expected IntegerSet, but got AffineMap",
            )),
            Err(e) => Err(e),
        };
        r.map_err(|e| self.lexer_first(e))
    }

    /// The identifier lists, then the results after `->` or the
    /// constraints after `:`.
    fn parse_map_or_set(&mut self) -> PResult<MapOrSet<'c, P>> {
        let mut scope = Scope::default();
        self.parse_identifier_list(PARENS, "dimensional identifier list", &mut scope)?;
        scope.dims = scope.names.len();
        if self.tok.kind == TokenKind::LSquare {
            self.parse_identifier_list(
                (TokenKind::LSquare, TokenKind::RSquare),
                "symbol list",
                &mut scope,
            )?;
        }
        if self.consume_if(TokenKind::Arrow) {
            return self.parse_affine_map_range(&scope).map(MapOrSet::Map);
        }
        self.expect(TokenKind::Colon, "'->' or ':'")?;
        self.parse_integer_set_constraints(&scope)
            .map(MapOrSet::Set)
    }

    /// MLIR's comma-separated list between two delimiters (parentheses or
    /// square brackets), perhaps empty: "expected '(' in `context`" when it
    /// does not open, and "expected ')' in `context`" when an element is
    /// followed by neither a comma nor the end.
    fn parse_delimited_list(
        &mut self,
        (open, close): (TokenKind, TokenKind),
        context: &str,
        mut element: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        let (open_char, close_char) = if open == TokenKind::LSquare {
            ('[', ']')
        } else {
            ('(', ')')
        };
        if !self.consume_if(open) {
            return Err(self.wrong_token(format!("expected '{open_char}' in {context}")));
        }
        if self.consume_if(close) {
            return Ok(());
        }
        loop {
            element(self)?;
            if !self.consume_if(TokenKind::Comma) {
                break;
            }
        }
        if !self.consume_if(close) {
            return Err(self.wrong_token(format!("expected '{close_char}' in {context}")));
        }
        Ok(())
    }

    /// A list of dimension or symbol identifiers, each a bare word (a
    /// keyword or an integer type is one too) that no earlier identifier of
    /// the map or set has.
    fn parse_identifier_list(
        &mut self,
        delimiters: (TokenKind, TokenKind),
        context: &str,
        scope: &mut Scope<'s>,
    ) -> PResult<()> {
        self.parse_delimited_list(delimiters, context, |p| {
            if p.tok.kind != TokenKind::BareId {
                return Err(p.wrong_token("expected bare identifier"));
            }
            let name = p.spelling();
            if scope.position(name).is_some() {
                return Err(p.error(format!("redefinition of identifier '{name}'")));
            }
            scope.push(name);
            p.bump();
            Ok(())
        })
    }

    /// The results of an affine map, after its `->`.
    fn parse_affine_map_range(&mut self, scope: &Scope<'s>) -> PResult<AffineMap<'c, P>> {
        let mut results = Vec::new();
        self.parse_delimited_list(PARENS, "affine map range", |p| {
            results.push(p.parse_affine_expr(scope)?);
            Ok(())
        })?;
        Ok(self
            .ctx
            .affine()
            .map(scope.dim_count(), scope.symbol_count(), &results))
    }

    /// The constraints of an integer set, after its `:`; none is the
    /// trivially true `0 == 0`.
    fn parse_integer_set_constraints(&mut self, scope: &Scope<'s>) -> PResult<IntegerSet<'c, P>> {
        let mut constraints = Vec::new();
        let mut equalities = Vec::new();
        self.parse_delimited_list(PARENS, "integer set constraint list", |p| {
            let (c, eq) = p.parse_affine_constraint(scope)?;
            constraints.push(c);
            equalities.push(eq);
            Ok(())
        })?;
        let a = self.ctx.affine();
        if constraints.is_empty() {
            return Ok(a.integer_set(
                scope.dim_count(),
                scope.symbol_count(),
                &[a.constant(0)],
                &[true],
            ));
        }
        Ok(a.integer_set(
            scope.dim_count(),
            scope.symbol_count(),
            &constraints,
            &equalities,
        ))
    }

    /// `e >= f`, `e <= f` or `e == f`, normalised to `e - f >= 0`,
    /// `f - e >= 0` and `e - f == 0`; the flag says whether it is an
    /// equality.
    ///
    /// The comparison is two tokens, which MLIR tries as `>` `=`, then `<`
    /// `=`, then `=` `=`, each try consuming what it matched: so `> <=` is
    /// `<=`, `> = =` is `>=` followed by a bad operand, and what matches
    /// none is reported at the token where the last try stopped.
    fn parse_affine_constraint(&mut self, scope: &Scope<'s>) -> PResult<(AffineExpr<'c, P>, bool)> {
        let lhs = self.parse_affine_expr(scope)?;
        let a = self.ctx.affine();
        if self.consume_if(TokenKind::Greater) && self.consume_if(TokenKind::Equal) {
            let rhs = self.parse_affine_expr(scope)?;
            return Ok((a.sub(lhs, rhs), false));
        }
        if self.consume_if(TokenKind::Less) && self.consume_if(TokenKind::Equal) {
            let rhs = self.parse_affine_expr(scope)?;
            return Ok((a.sub(rhs, lhs), false));
        }
        if self.consume_if(TokenKind::Equal) && self.consume_if(TokenKind::Equal) {
            let rhs = self.parse_affine_expr(scope)?;
            return Ok((a.sub(lhs, rhs), true));
        }
        Err(self.error("expected '== affine-expr' or '>= affine-expr' at end of affine constraint"))
    }

    /// One affine expression: a sum of products.
    fn parse_affine_expr(&mut self, scope: &Scope<'s>) -> PResult<AffineExpr<'c, P>> {
        self.nested(|p| p.parse_affine_sum(scope))
    }

    /// `a + b - c`: the lowest precedence, left-associative.
    fn parse_affine_sum(&mut self, scope: &Scope<'s>) -> PResult<AffineExpr<'c, P>> {
        let mut lhs = self.parse_affine_product(scope, false)?;
        loop {
            let sub = match self.tok.kind {
                TokenKind::Plus => false,
                TokenKind::Minus => true,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.parse_affine_product(scope, true)?;
            let a = self.ctx.affine();
            lhs = if sub {
                a.sub(lhs, rhs)
            } else {
                a.add(lhs, rhs)
            };
        }
    }

    /// The multiplicative operator at the current token, if any.
    fn high_op(&self) -> Option<HighOp> {
        match self.tok.kind {
            TokenKind::Star => Some(HighOp::Mul),
            TokenKind::BareId => match self.spelling() {
                "floordiv" => Some(HighOp::FloorDiv),
                "ceildiv" => Some(HighOp::CeilDiv),
                "mod" => Some(HighOp::Mod),
                _ => None,
            },
            _ => None,
        }
    }

    /// `a * b floordiv c`: multiplicative operators, left-associative.
    /// `has_left`: whether the product is the right operand of a `+` or
    /// `-` (a missing operand is then a missing right operand).
    ///
    /// Each operation is checked when the operator after its right operand
    /// has been read, and a refusal is reported there; the last one at its
    /// own operator.
    fn parse_affine_product(
        &mut self,
        scope: &Scope<'s>,
        has_left: bool,
    ) -> PResult<AffineExpr<'c, P>> {
        let mut lhs = self.parse_affine_operand(scope, has_left)?;
        let Some(mut op) = self.high_op() else {
            return Ok(lhs);
        };
        let mut op_at = self.tok.start..self.tok.end;
        self.bump();
        loop {
            let rhs = self.parse_affine_operand(scope, true)?;
            let Some(next) = self.high_op() else {
                return self.high_op_expr(op, lhs, rhs, op_at);
            };
            let next_at = self.tok.start..self.tok.end;
            self.bump();
            lhs = self.high_op_expr(op, lhs, rhs, next_at.clone())?;
            op = next;
            op_at = next_at;
        }
    }

    /// `lhs op rhs`, or MLIR's refusal at `at` when it is not affine: a
    /// product needs a symbolic or constant factor, a division or `mod` a
    /// symbolic or constant right operand.
    fn high_op_expr(
        &self,
        op: HighOp,
        lhs: AffineExpr<'c, P>,
        rhs: AffineExpr<'c, P>,
        at: Range<usize>,
    ) -> PResult<AffineExpr<'c, P>> {
        let a = self.ctx.affine();
        let refuse = |name: &str| {
            ParseError::exact(
                at.clone(),
                format!(
                    "non-affine expression: right operand of {name} has to be either a constant or symbolic"
                ),
            )
        };
        match op {
            HighOp::Mul => {
                if !lhs.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant() {
                    return Err(ParseError::exact(at, NON_AFFINE_MUL));
                }
                Ok(a.mul(lhs, rhs))
            }
            _ if !rhs.is_symbolic_or_constant() => Err(refuse(match op {
                HighOp::FloorDiv => "floordiv",
                HighOp::CeilDiv => "ceildiv",
                _ => "mod",
            })),
            HighOp::FloorDiv => Ok(a.floor_div(lhs, rhs)),
            HighOp::CeilDiv => Ok(a.ceil_div(lhs, rhs)),
            HighOp::Mod => Ok(a.modulo(lhs, rhs)),
        }
    }

    /// One operand: an identifier, an integer, a parenthesised expression
    /// or a negated operand. `has_left`: whether it is the right operand of
    /// a binary operator.
    fn parse_affine_operand(
        &mut self,
        scope: &Scope<'s>,
        has_left: bool,
    ) -> PResult<AffineExpr<'c, P>> {
        let a = self.ctx.affine();
        match self.tok.kind {
            // `symbol(%x)`, an SSA value as a symbol, which only an
            // operation's custom syntax allows; the keyword is taken for it
            // even where a dimension has its name.
            TokenKind::BareId if self.spelling() == "symbol" => {
                self.bump();
                self.expect(TokenKind::LParen, "'(' at start of SSA symbol")?;
                Err(self.wrong_token("unexpected ssa identifier"))
            }
            TokenKind::BareId => {
                let Some(i) = scope.position(self.spelling()) else {
                    return Err(self.wrong_token("use of undeclared identifier"));
                };
                self.bump();
                let i = u32::try_from(i).unwrap_or(u32::MAX);
                Ok(if (i as usize) < scope.dims {
                    a.dim(i)
                } else {
                    a.symbol(i - scope.dim_count())
                })
            }
            TokenKind::PercentId => Err(self.wrong_token("unexpected ssa identifier")),
            TokenKind::Integer => {
                // A decimal or hexadecimal literal, at most `i64::MAX`.
                let v = token_u64(self.spelling())
                    .and_then(|v| i64::try_from(v).ok())
                    .ok_or_else(|| self.error("constant too large for index"))?;
                self.bump();
                Ok(a.constant(v))
            }
            TokenKind::LParen => {
                self.bump();
                if self.tok.kind == TokenKind::RParen {
                    return Err(self.error("no expression inside parentheses"));
                }
                let e = self.parse_affine_expr(scope)?;
                self.expect(TokenKind::RParen, "')'")?;
                Ok(e)
            }
            TokenKind::Minus => {
                self.bump();
                // `-` binds tighter than the multiplicative operators: its
                // operand is one operand, not a product.
                match self.nested(|p| p.parse_affine_operand(scope, has_left)) {
                    Ok(e) => Ok(a.mul(e, a.constant(-1))),
                    Err(e) if e.is_lexical() => Err(e),
                    Err(e) => {
                        let here = self.tok.start..self.tok.end;
                        Err(e.with_follow_up(here, "missing operand of negation"))
                    }
                }
            }
            TokenKind::Plus | TokenKind::Star if !has_left => {
                Err(self.error("missing left operand of binary operator"))
            }
            _ if has_left => Err(self.error("missing right operand of binary operator")),
            _ => Err(self.error("expected affine expression")),
        }
    }
}
