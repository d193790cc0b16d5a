//! What a dialect's parse hook reads besides types, attributes and single
//! tokens, in the manner of MLIR's `AsmParser`: string literals
//! ([`Parser::parse_string_literal`]) and comma-separated lists inside
//! their brackets ([`Parser::parse_comma_separated_list`]) or up to a
//! closing token ([`Parser::parse_comma_separated_list_until`]), with
//! MLIR's messages; and errors at a token read before
//! ([`Parser::error_at_token`]).

use core::hash::BuildHasher;

use strata_ctx::Policy;

use crate::error::ParseError;
use crate::lexer::{Token, TokenKind, unescape};
use crate::parser::Parser;

/// The brackets around a list that
/// [`Parser::parse_comma_separated_list`] reads, as MLIR's
/// `AsmParser::Delimiter` names them.
///
/// A list in brackets may be empty; a list without them has at least one
/// element. An optional list is absent unless the next token is its
/// opening bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delimiter {
    /// No brackets: one element or more.
    None,
    /// `(` and `)`.
    Paren,
    /// `[` and `]`.
    Square,
    /// `<` and `>`.
    LessGreater,
    /// `{` and `}`.
    Braces,
    /// `(` and `)`, or no list unless the next token is `(`.
    OptionalParen,
    /// `[` and `]`, or no list unless the next token is `[`.
    OptionalSquare,
    /// `<` and `>`, or no list unless the next token is `<`.
    OptionalLessGreater,
    /// `{` and `}`, or no list unless the next token is `{`.
    OptionalBraces,
}

/// One bracket of a [`Delimiter`]: its token and its spelling in a message.
type Bracket = (TokenKind, &'static str);

impl Delimiter {
    /// The opening and closing brackets, and whether the list is optional;
    /// `None` for [`Delimiter::None`].
    fn brackets(self) -> Option<(Bracket, Bracket, bool)> {
        const PAREN: (Bracket, Bracket) = ((TokenKind::LParen, "'('"), (TokenKind::RParen, "')'"));
        const SQUARE: (Bracket, Bracket) =
            ((TokenKind::LSquare, "'['"), (TokenKind::RSquare, "']'"));
        const ANGLE: (Bracket, Bracket) = ((TokenKind::Less, "'<'"), (TokenKind::Greater, "'>'"));
        const BRACE: (Bracket, Bracket) = ((TokenKind::LBrace, "'{'"), (TokenKind::RBrace, "'}'"));
        let ((open, close), optional) = match self {
            Self::None => return None,
            Self::Paren => (PAREN, false),
            Self::Square => (SQUARE, false),
            Self::LessGreater => (ANGLE, false),
            Self::Braces => (BRACE, false),
            Self::OptionalParen => (PAREN, true),
            Self::OptionalSquare => (SQUARE, true),
            Self::OptionalLessGreater => (ANGLE, true),
            Self::OptionalBraces => (BRACE, true),
        };
        Some((open, close, optional))
    }
}

impl<P: Policy, S: BuildHasher> Parser<'_, '_, P, S> {
    /// Parses a string literal and returns its value, unescaped (MLIR's
    /// `AsmParser::parseString`).
    ///
    /// # Errors
    ///
    /// MLIR's "expected string", at the current token, when it is not a
    /// string literal (the lexer's error when the token is a bad one); a
    /// [missing kind](ParseError::missing_kind) for a string whose escapes
    /// make bytes that are not UTF-8 (`"\FF"`), which MLIR accepts.
    ///
    /// ```
    /// use strata_syntax::Parser;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut p = Parser::new(&ctx, r#""a\"b\0A" 7"#, None);
    /// assert_eq!(p.parse_string_literal().unwrap(), "a\"b\n");
    /// let e = p.parse_string_literal().unwrap_err();
    /// assert_eq!((e.message(), e.span()), ("expected string", 10..11));
    /// ```
    pub fn parse_string_literal(&mut self) -> Result<String, ParseError> {
        match self.parse_optional_string_literal()? {
            Some(s) => Ok(s),
            None => {
                // MLIR's `emitError` at the location of the current token,
                // taken before: exactly there.
                let at = self.tok.start..self.tok.end;
                Err(self.lexer_first(ParseError::exact(at, "expected string")))
            }
        }
    }

    /// Parses a string literal if the current token is one, and returns its
    /// value, unescaped (MLIR's `AsmParser::parseOptionalString`); `None`,
    /// consuming nothing, for another token.
    ///
    /// # Errors
    ///
    /// A [missing kind](ParseError::missing_kind) for a string whose
    /// escapes make bytes that are not UTF-8, as
    /// [`Parser::parse_string_literal`].
    ///
    /// ```
    /// use strata_syntax::Parser;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut p = Parser::new(&ctx, r#"name "\t""#, None);
    /// assert_eq!(p.parse_optional_string_literal().unwrap(), None);
    /// assert_eq!(p.spelling(), "name");
    /// ```
    pub fn parse_optional_string_literal(&mut self) -> Result<Option<String>, ParseError> {
        if self.tok.kind != TokenKind::String {
            return Ok(None);
        }
        let at = self.tok.start..self.tok.end;
        let value = String::from_utf8(unescape(self.spelling()))
            .map_err(|_| ParseError::missing(at, "string literals that are not UTF-8"))?;
        self.bump();
        Ok(Some(value))
    }

    /// Parses a list of elements separated by commas, in the brackets
    /// `delimiter` names, with `element` parsing each, and returns the
    /// elements in order (MLIR's `AsmParser::parseCommaSeparatedList`).
    ///
    /// A list in brackets may be empty (`<>`); a list of
    /// [`Delimiter::None`] has one element or more; an optional list that
    /// is absent is empty, nothing consumed. `context` ends the message of
    /// a missing bracket, as MLIR's `contextMessage` does (`" in tuple
    /// type"` makes "expected '>' in tuple type"); most lists pass `""`.
    ///
    /// # Errors
    ///
    /// MLIR's "expected '<'" (and so on, followed by `context`) where a
    /// bracket is missing, placed as MLIR places a wrong token (see
    /// [`Parser::expect`]), and the first error of `element`. Where MLIR
    /// 19 reports a missing `<` of [`Delimiter::LessGreater`] and goes on as
    /// if the list were empty, strata stops at that error, the first MLIR
    /// reports.
    ///
    /// ```
    /// use strata_syntax::{Delimiter, Parser};
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut p = Parser::new(&ctx, "<1, -2, 3> [] (4", None);
    /// let list = p.parse_comma_separated_list(Delimiter::LessGreater, "", |p| p.parse_integer());
    /// assert_eq!(list.unwrap(), [1, -2, 3]);
    /// let absent = p.parse_comma_separated_list(Delimiter::OptionalParen, "", |p| p.parse_integer());
    /// assert!(absent.unwrap().is_empty());
    /// let empty = p.parse_comma_separated_list(Delimiter::Square, "", |p| p.parse_integer());
    /// assert!(empty.unwrap().is_empty());
    /// let e = p
    ///     .parse_comma_separated_list(Delimiter::Paren, " in my list", |p| p.parse_integer())
    ///     .unwrap_err();
    /// assert_eq!(e.message(), "expected ')' in my list");
    /// ```
    pub fn parse_comma_separated_list<T>(
        &mut self,
        delimiter: Delimiter,
        context: &str,
        mut element: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<Vec<T>, ParseError> {
        let mut elements = Vec::new();
        self.comma_list(delimiter, context, |p| {
            elements.push(element(p)?);
            Ok(())
        })?;
        Ok(elements)
    }

    /// Parses elements separated by commas up to and including the token
    /// `end` (spelled `end_spelling`, quotes included, in the message), with
    /// `element` parsing each, and returns the elements in order (MLIR's
    /// `Parser::parseCommaSeparatedListUntil`, the opening token already
    /// consumed). `end` at once is an empty list.
    ///
    /// # Errors
    ///
    /// MLIR's "expected ',' or '}'" (with `end_spelling`) where `end` is
    /// missing after an element, placed as MLIR places a wrong token (see
    /// [`Parser::expect`]), and the first error of `element`.
    ///
    /// ```
    /// use strata_syntax::Parser;
    /// use strata_syntax::lexer::TokenKind;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut p = Parser::new(&ctx, "1, 2] ] 3 4", None);
    /// let list = p.parse_comma_separated_list_until(TokenKind::RSquare, "']'", |p| p.parse_integer());
    /// assert_eq!(list.unwrap(), [1, 2]);
    /// let empty = p.parse_comma_separated_list_until(TokenKind::RSquare, "']'", |p| p.parse_integer());
    /// assert!(empty.unwrap().is_empty());
    /// let e = p
    ///     .parse_comma_separated_list_until(TokenKind::RSquare, "']'", |p| p.parse_integer())
    ///     .unwrap_err();
    /// assert_eq!((e.message(), e.span()), ("expected ',' or ']'", 9..9));
    /// ```
    pub fn parse_comma_separated_list_until<T>(
        &mut self,
        end: TokenKind,
        end_spelling: &str,
        mut element: impl FnMut(&mut Self) -> Result<T, ParseError>,
    ) -> Result<Vec<T>, ParseError> {
        let mut elements = Vec::new();
        if self.consume_if(end) {
            return Ok(elements);
        }
        self.comma_list(Delimiter::None, "", |p| {
            elements.push(element(p)?);
            Ok(())
        })?;
        if !self.consume_if(end) {
            return Err(self.wrong_token(format!("expected ',' or {end_spelling}")));
        }
        Ok(elements)
    }

    /// An error at `tok`, a token read before the current one (MLIR's
    /// `emitError` at a location kept from it); the lexer's error instead
    /// while the current token is a bad one, as MLIR's lexer has reported
    /// it first.
    ///
    /// ```
    /// use strata_syntax::Parser;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut p = Parser::new(&ctx, "key : &", None);
    /// let key = p.token();
    /// p.bump();
    /// let e = p.error_at_token(key, "unknown key");
    /// assert_eq!((e.message(), e.span()), ("unknown key", 0..3));
    /// p.bump();
    /// let e = p.error_at_token(key, "unknown key");
    /// assert_eq!((e.message(), e.span()), ("unexpected character", 6..7));
    /// ```
    pub fn error_at_token(&self, tok: Token, message: impl Into<String>) -> ParseError {
        self.lexer_first(ParseError::new(tok.start..tok.end, message))
    }

    /// [`Parser::parse_comma_separated_list`] handing each element to
    /// `element` as it is parsed (the caller keeps them where it wants).
    pub(crate) fn comma_list(
        &mut self,
        delimiter: Delimiter,
        context: &str,
        mut element: impl FnMut(&mut Self) -> Result<(), ParseError>,
    ) -> Result<(), ParseError> {
        let close = match delimiter.brackets() {
            None => None,
            Some(((open, open_spelling), close, optional)) => {
                if optional && self.tok.kind != open {
                    return Ok(());
                }
                // The message is made only when it is needed.
                if !self.consume_if(open) {
                    return Err(self.wrong_token(format!("expected {open_spelling}{context}")));
                }
                if self.consume_if(close.0) {
                    return Ok(());
                }
                Some(close)
            }
        };
        element(self)?;
        while self.consume_if(TokenKind::Comma) {
            element(self)?;
        }
        if let Some((close, close_spelling)) = close
            && !self.consume_if(close)
        {
            return Err(self.wrong_token(format!("expected {close_spelling}{context}")));
        }
        Ok(())
    }
}
