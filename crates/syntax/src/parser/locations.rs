//! The grammar of locations: `loc(...)` with its file, name, call-site,
//! fused and unknown forms, and location aliases.

use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_ctx::{Location, Policy};

use crate::hook_parse::Delimiter;
use crate::lexer::{TokenKind, unescape};

use super::{PResult, Parser, token_u64};

impl<'c, 's, P: Policy, S: BuildHasher> Parser<'c, 's, P, S> {
    /// Parses `loc(...)`, an operation's location.
    pub fn parse_location(&mut self) -> PResult<Location<'c>> {
        self.parse_location_in("location")
    }

    /// Parses `loc(...)`; a missing parenthesis is "expected '(' in
    /// `context`" (MLIR says "location" for an operation's location and
    /// "inline location" for a location attribute).
    pub(super) fn parse_location_in(&mut self, context: &str) -> PResult<Location<'c>> {
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
