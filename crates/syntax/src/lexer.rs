//! The lexer: MLIR's tokens, as byte ranges of the source text.
//!
//! The lexer is pull-based and restartable at any byte offset
//! ([`Lexer::reset`]), which the parser uses where MLIR does: a shape such
//! as `4x8xf32` lexes as the integer `4` and the identifier `x8xf32`, and the
//! parser splits the identifier at the `x`.

/// The kind of a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// The end of the input.
    Eof,
    /// A character or construct that is not a token; the message says why.
    Error(&'static str),
    /// `[a-zA-Z_][a-zA-Z0-9_$.]*`: keywords and bare identifiers.
    BareId,
    /// A decimal (`42`) or hexadecimal (`0x2A`) integer, without a sign.
    Integer,
    /// A decimal floating-point literal (`1.5`, `2.0e-3`), without a sign.
    Float,
    /// A string literal with its quotes (`"a\"b"`).
    String,
    /// `#name`: an attribute alias or a dialect attribute.
    HashId,
    /// `!name`: a type alias or a dialect type.
    BangId,
    /// `@name` or `@"name"`: a symbol reference.
    AtId,
    /// `%name`: an SSA value (for the operation syntax).
    PercentId,
    /// `^name`: a block label (for the operation syntax).
    CaretId,
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `[`.
    LSquare,
    /// `]`.
    RSquare,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `<`.
    Less,
    /// `>`.
    Greater,
    /// `,`.
    Comma,
    /// `:`.
    Colon,
    /// `=`.
    Equal,
    /// `->`.
    Arrow,
    /// `?`.
    Question,
    /// `*`.
    Star,
    /// `+`.
    Plus,
    /// `-`.
    Minus,
    /// `...`.
    Ellipsis,
    /// `{-#`: the start of a file metadata section.
    FileMetadataBegin,
    /// `#-}`: the end of a file metadata section.
    FileMetadataEnd,
}

/// A token: its kind and the byte range of its spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: TokenKind,
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// Where MLIR reports that `tok`, a token of `src`, is not the one expected
/// (its `emitWrongTokenError`): at the end of the previous token on the
/// same line, or, when the token starts a line, at the end of the last line
/// above that has text (before its `//` comment), so that "expected ')'"
/// points where the `)` is missing. At the end of the text it is the end of
/// the last token.
pub fn wrong_token_position(src: &str, tok: &Token) -> usize {
    let b = src.as_bytes();
    let mut loc = tok.start.min(b.len());
    // MLIR steps back from the end of its buffer, which ends in a newline
    // where a file does; a text that ends at its last token is treated as
    // if it did.
    if tok.kind == TokenKind::Eof && loc > 0 && b[loc - 1].is_ascii_whitespace() {
        loc -= 1;
    }
    let mut end = loc;
    loop {
        while end > 0 && matches!(b[end - 1], b' ' | b'\t') {
            end -= 1;
        }
        if end == 0 {
            return loc;
        }
        if !matches!(b[end - 1], b'\n' | b'\r') {
            return end;
        }
        end -= 1;
        // Emit before a `//` comment of the line above (a `//` inside a
        // string literal is taken for one too, as MLIR takes it).
        let line = b[..end]
            .iter()
            .rposition(|&c| matches!(c, b'\n' | b'\r'))
            .unwrap_or(0);
        if let Some(c) = b[line..end].windows(2).position(|w| w == b"//") {
            end = line + c;
        }
    }
}

/// Splits a source text into [`Token`]s, skipping whitespace and `//`
/// comments.
#[derive(Clone, Debug)]
pub struct Lexer<'s> {
    src: &'s str,
    pos: usize,
}

/// Per byte: bit 0 for a bare-identifier character (`[A-Za-z0-9_$.]`),
/// bit 1 for a character of a sigil's suffix (those and `-`): one load
/// instead of a chain of comparisons in the lexer's hottest loops.
const CHAR_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
            t[c] = 0b11;
        } else if b == b'-' {
            t[c] = 0b10;
        }
        c += 1;
    }
    t
};

/// Whether the lexer skips byte `b` between tokens: MLIR's whitespace
/// (space, tab, newline and carriage return, but not a form feed, which is
/// an "unexpected character"), and a NUL byte, which MLIR's lexer skips as
/// well (only the one past the end of its buffer ends the input).
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0)
}

fn is_id_char(b: u8) -> bool {
    CHAR_CLASS[b as usize] & 0b01 != 0
}

fn is_suffix_char(b: u8) -> bool {
    CHAR_CLASS[b as usize] & 0b10 != 0
}

impl<'s> Lexer<'s> {
    /// A lexer at the start of `src`.
    pub fn new(src: &'s str) -> Self {
        Self { src, pos: 0 }
    }

    /// The source text.
    pub fn source(&self) -> &'s str {
        self.src
    }

    /// The offset of the next byte to lex.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Continues lexing at byte `pos` (clamped to the end of the text).
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos.min(self.src.len());
    }

    fn bytes(&self) -> &'s [u8] {
        self.src.as_bytes()
    }

    fn peek_at(&self, i: usize) -> u8 {
        self.bytes().get(i).copied().unwrap_or(0)
    }

    /// The next token.
    pub fn next_token(&mut self) -> Token {
        let b = self.bytes();
        // Whitespace and comments.
        loop {
            while self.pos < b.len() && is_space(b[self.pos]) {
                self.pos += 1;
            }
            if b[self.pos..].starts_with(b"//") {
                // A comment ends at a newline or carriage return, as in MLIR.
                while self.pos < b.len() && !matches!(b[self.pos], b'\n' | b'\r') {
                    self.pos += 1;
                }
                continue;
            }
            break;
        }
        let start = self.pos;
        let tok = |lexer: &mut Self, kind: TokenKind, len: usize| {
            lexer.pos = start + len;
            Token {
                kind,
                start,
                end: start + len,
            }
        };
        if start >= b.len() {
            return tok(self, TokenKind::Eof, 0);
        }
        let c = b[start];
        match c {
            b'(' => tok(self, TokenKind::LParen, 1),
            b')' => tok(self, TokenKind::RParen, 1),
            b'[' => tok(self, TokenKind::LSquare, 1),
            b']' => tok(self, TokenKind::RSquare, 1),
            b'{' if b[start..].starts_with(b"{-#") => tok(self, TokenKind::FileMetadataBegin, 3),
            b'{' => tok(self, TokenKind::LBrace, 1),
            b'}' => tok(self, TokenKind::RBrace, 1),
            b'<' => tok(self, TokenKind::Less, 1),
            b'>' => tok(self, TokenKind::Greater, 1),
            b',' => tok(self, TokenKind::Comma, 1),
            b':' => tok(self, TokenKind::Colon, 1),
            b'=' => tok(self, TokenKind::Equal, 1),
            b'?' => tok(self, TokenKind::Question, 1),
            b'*' => tok(self, TokenKind::Star, 1),
            b'+' => tok(self, TokenKind::Plus, 1),
            b'-' if self.peek_at(start + 1) == b'>' => tok(self, TokenKind::Arrow, 2),
            b'-' => tok(self, TokenKind::Minus, 1),
            b'.' if b[start..].starts_with(b"...") => tok(self, TokenKind::Ellipsis, 3),
            b'#' if self.peek_at(start + 1) == b'-' && self.peek_at(start + 2) == b'}' => {
                tok(self, TokenKind::FileMetadataEnd, 3)
            }
            b'"' => self.lex_string(start),
            b'#' | b'!' | b'%' | b'^' => {
                let (kind, invalid) = match c {
                    b'#' => (TokenKind::HashId, "invalid attribute name"),
                    b'!' => (TokenKind::BangId, "invalid type identifier"),
                    b'%' => (TokenKind::PercentId, "invalid SSA name"),
                    _ => (TokenKind::CaretId, "invalid block name"),
                };
                // MLIR's suffix-id: all digits (`%12`), or a letter or one
                // of `$._-` and then those and digits (`%a1`); `%1abc` is
                // `%1` and the identifier `abc`.
                let mut end = start + 1;
                if self.peek_at(end).is_ascii_digit() {
                    while end < b.len() && b[end].is_ascii_digit() {
                        end += 1;
                    }
                } else {
                    while end < b.len() && is_suffix_char(b[end]) {
                        end += 1;
                    }
                }
                if end == start + 1 {
                    return tok(self, TokenKind::Error(invalid), 1);
                }
                tok(self, kind, end - start)
            }
            b'@' => {
                if self.peek_at(start + 1) == b'"' {
                    let s = self.lex_string(start + 1);
                    return match s.kind {
                        TokenKind::String => Token {
                            kind: TokenKind::AtId,
                            start,
                            end: s.end,
                        },
                        _ => s,
                    };
                }
                // MLIR's bare symbol name is a bare identifier: a letter or
                // `_`, then letters, digits and `_$.` (no `-`). Anything else
                // is refused at the character after the `@`.
                let first = self.peek_at(start + 1);
                if !(first.is_ascii_alphabetic() || first == b'_') {
                    let at = start + 1;
                    let len = self
                        .src
                        .get(at..)
                        .and_then(|r| r.chars().next())
                        .map_or(0, char::len_utf8);
                    self.pos = at + len;
                    return Token {
                        kind: TokenKind::Error("@ identifier expected to start with letter or '_'"),
                        start: at,
                        end: at + len,
                    };
                }
                let mut end = start + 1;
                while end < b.len() && is_id_char(b[end]) {
                    end += 1;
                }
                tok(self, TokenKind::AtId, end - start)
            }
            b'0'..=b'9' => self.lex_number(start),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let mut end = start + 1;
                while end < b.len() && is_id_char(b[end]) {
                    end += 1;
                }
                tok(self, TokenKind::BareId, end - start)
            }
            // MLIR lexes `.` as the start of `...` and reports the
            // character after a lone one.
            b'.' if !b[start..].starts_with(b"...") => {
                self.pos = start + 1;
                Token {
                    kind: TokenKind::Error("expected three consecutive dots for an ellipsis"),
                    start: start + 1,
                    end: start + 1,
                }
            }
            _ => {
                let len = self.src[start..].chars().next().map_or(1, char::len_utf8);
                tok(self, TokenKind::Error("unexpected character"), len)
            }
        }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let b = self.bytes();
        let mut end = start;
        if b[start] == b'0'
            && self.peek_at(start + 1) == b'x'
            && self.peek_at(start + 2).is_ascii_hexdigit()
        {
            end = start + 2;
            while end < b.len() && b[end].is_ascii_hexdigit() {
                end += 1;
            }
            self.pos = end;
            return Token {
                kind: TokenKind::Integer,
                start,
                end,
            };
        }
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        let mut kind = TokenKind::Integer;
        if self.peek_at(end) == b'.' {
            kind = TokenKind::Float;
            end += 1;
            while end < b.len() && b[end].is_ascii_digit() {
                end += 1;
            }
            if matches!(self.peek_at(end), b'e' | b'E') {
                let mut e = end + 1;
                if matches!(self.peek_at(e), b'+' | b'-') {
                    e += 1;
                }
                if self.peek_at(e).is_ascii_digit() {
                    while e < b.len() && b[e].is_ascii_digit() {
                        e += 1;
                    }
                    end = e;
                }
            }
        }
        self.pos = end;
        Token { kind, start, end }
    }

    fn lex_string(&mut self, start: usize) -> Token {
        let b = self.bytes();
        let mut i = start + 1;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    self.pos = i + 1;
                    return Token {
                        kind: TokenKind::String,
                        start,
                        end: i + 1,
                    };
                }
                // MLIR's `lexString` ends a string, unterminated, at a line
                // feed, a vertical tab or a form feed; a carriage return is a
                // character of the string there (printed `\0D`).
                b'\n' | 0x0b | 0x0c => break,
                b'\\' => {
                    let n = self.peek_at(i + 1);
                    if matches!(n, b'"' | b'\\' | b'n' | b't') {
                        i += 2;
                    } else if n.is_ascii_hexdigit() && self.peek_at(i + 2).is_ascii_hexdigit() {
                        i += 3;
                    } else {
                        self.pos = i + 1;
                        return Token {
                            kind: TokenKind::Error("unknown escape in string literal"),
                            start: i,
                            end: i + 1,
                        };
                    }
                }
                _ => i += 1,
            }
        }
        self.pos = b.len().min(i);
        // MLIR reports it where the string should have ended: at the end of
        // the line (or of the text).
        Token {
            kind: TokenKind::Error("expected '\"' in string literal"),
            start: self.pos,
            end: self.pos,
        }
    }

    /// The end of the balanced `<...>` body that starts at `open` (a `<`),
    /// scanning characters as MLIR's `parseDialectSymbolBody` does: nested
    /// `<>`, `()`, `[]`, `{}` and string literals (lexed as tokens); the `>`
    /// of `->` does not close, and a NUL byte ends the text.
    ///
    /// # Errors
    ///
    /// MLIR's: a string literal's own error where the lexer stops, or
    /// "unbalanced 'C' character" (the innermost open one) at the `<` or at
    /// the last string literal of the body, MLIR's current token then.
    pub fn balanced_body_end(&self, open: usize) -> Result<usize, crate::ParseError> {
        let b = self.bytes();
        let mut stack: Vec<u8> = Vec::new();
        let mut at = open;
        let unbalanced = |stack: &[u8], at: usize| {
            crate::ParseError::exact(
                at..at + 1,
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    char::from(*stack.last().unwrap_or(&b'<'))
                ),
            )
        };
        let mut i = open;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    let t = self.clone().lex_string(i);
                    if let TokenKind::Error(why) = t.kind {
                        return Err(crate::ParseError::lexical(t.start..t.end, why));
                    }
                    at = i;
                    i = t.end;
                    continue;
                }
                b'\0' => break,
                b'-' if self.peek_at(i + 1) == b'>' => i += 1,
                c @ (b'<' | b'(' | b'[' | b'{') => stack.push(c),
                c @ (b'>' | b')' | b']' | b'}') => {
                    let want = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.last() != Some(&want) {
                        return Err(unbalanced(&stack, at));
                    }
                    stack.pop();
                    if stack.is_empty() {
                        return Ok(i + 1);
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Err(unbalanced(&stack, at))
    }
}

/// The value of a string literal's spelling (with quotes): MLIR's escapes
/// `\"`, `\\`, `\n`, `\t` and `\XX` (two hex digits) decoded. The result may
/// not be UTF-8.
pub fn unescape(spelling: &str) -> Vec<u8> {
    let b = spelling.as_bytes();
    let inner = &b[1..b.len().saturating_sub(1).max(1)];
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        if inner[i] == b'\\' && i + 1 < inner.len() {
            let n = inner[i + 1];
            match n {
                b'"' | b'\\' => {
                    out.push(n);
                    i += 2;
                }
                b'n' => {
                    out.push(b'\n');
                    i += 2;
                }
                b't' => {
                    out.push(b'\t');
                    i += 2;
                }
                _ => {
                    let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                    let lo = inner.get(i + 2).copied().unwrap_or(b'0');
                    out.push(hex(n) * 16 + hex(lo));
                    i += 3;
                }
            }
        } else {
            out.push(inner[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<TokenKind> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next_token();
            out.push(t.kind);
            if t.kind == TokenKind::Eof {
                return out;
            }
        }
    }

    #[test]
    fn shapes_lex_as_mlir_does() {
        use TokenKind::*;
        assert_eq!(
            kinds("tensor<4x?xf32>"),
            [
                BareId, Less, Integer, BareId, Question, BareId, Greater, Eof
            ]
        );
        assert_eq!(kinds("0xf32"), [Integer, Eof]);
        assert_eq!(
            kinds("-> 1.5e3 // c\n@\"a b\" #x.y !t"),
            [Arrow, Float, AtId, HashId, BangId, Eof]
        );
    }

    /// The position of MLIR's `emitWrongTokenError` for the last token of
    /// each text (`mlir-opt-19` reports "expected ':'" for `(%a i32` after
    /// `%a`, and for a token that starts a line at the end of the line above,
    /// before its comment).
    #[test]
    fn wrong_tokens_are_reported_after_the_previous_token() {
        let last = |src: &str| {
            let mut lexer = Lexer::new(src);
            let mut t = lexer.next_token();
            loop {
                let next = lexer.next_token();
                if next.kind == TokenKind::Eof {
                    return wrong_token_position(src, &t);
                }
                t = next;
            }
        };
        assert_eq!(last("(%a i32"), 3);
        assert_eq!(last("(%a\ti32"), 3);
        assert_eq!(last("(%a // note\n\n  i32"), 3);
        assert_eq!(last("\n\n  i32"), 4);
        let at_end = |src: &str| {
            let mut lexer = Lexer::new(src);
            loop {
                let t = lexer.next_token();
                if t.kind == TokenKind::Eof {
                    return wrong_token_position(src, &t);
                }
            }
        };
        assert_eq!(at_end("[@m:\n"), 4);
        assert_eq!(at_end("[@m:"), 4);
        // MLIR steps back one byte from the end, onto the newline, and so
        // keeps the comment of the last line.
        assert_eq!(at_end("[1, // c\n"), 8);
    }

    /// Every token of `s` as its kind and its spelling, up to and including
    /// the end of the input or the first error.
    fn spelled(s: &str) -> Vec<(TokenKind, &str)> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let t = l.next_token();
            out.push((t.kind, &s[t.start..t.end]));
            if matches!(t.kind, TokenKind::Eof | TokenKind::Error(_)) {
                return out;
            }
        }
    }

    /// Each punctuation token, the file metadata brackets, the ellipsis and
    /// the four sigils lex with their exact spelling, and sigil suffixes of
    /// digits stop at the first non-digit, also at the end of the text.
    #[test]
    fn every_token_kind_has_its_spelling() {
        use TokenKind::*;
        assert_eq!(
            spelled("()[]{}<>,:=?*+-->... {-# #-} #- {-"),
            [
                (LParen, "("),
                (RParen, ")"),
                (LSquare, "["),
                (RSquare, "]"),
                (LBrace, "{"),
                (RBrace, "}"),
                (Less, "<"),
                (Greater, ">"),
                (Comma, ","),
                (Colon, ":"),
                (Equal, "="),
                (Question, "?"),
                (Star, "*"),
                (Plus, "+"),
                (Minus, "-"),
                (Arrow, "->"),
                (Ellipsis, "..."),
                (FileMetadataBegin, "{-#"),
                (FileMetadataEnd, "#-}"),
                (HashId, "#-"),
                (LBrace, "{"),
                (Minus, "-"),
                (Eof, ""),
            ]
        );
        assert_eq!(
            spelled("#a.b !t$1 %x-y ^bb0 %12 ^3"),
            [
                (HashId, "#a.b"),
                (BangId, "!t$1"),
                (PercentId, "%x-y"),
                (CaretId, "^bb0"),
                (PercentId, "%12"),
                (CaretId, "^3"),
                (Eof, ""),
            ]
        );
        assert_eq!(
            spelled("@_s.a$1 a$b.c_9 x"),
            [
                (AtId, "@_s.a$1"),
                (BareId, "a$b.c_9"),
                (BareId, "x"),
                (Eof, ""),
            ]
        );
    }

    /// Whitespace (with NUL) and `//` comments are skipped up to the next
    /// token, a comment also when it runs to the end of the text; a lone `.`
    /// is refused at the character after it (MLIR's "expected three
    /// consecutive dots for an ellipsis"), and an unknown character at
    /// itself.
    #[test]
    fn blanks_comments_and_refused_characters() {
        use TokenKind::*;
        assert_eq!(
            spelled(" \t\r\n\0a // c\r\nb // last"),
            [(BareId, "a"), (BareId, "b"), (Eof, "")]
        );
        let mut l = Lexer::new("x .y");
        assert_eq!(l.next_token().kind, BareId);
        let dot = l.next_token();
        assert_eq!(
            dot.kind,
            Error("expected three consecutive dots for an ellipsis")
        );
        assert_eq!((dot.start, dot.end, l.position()), (3, 3, 3));
        assert_eq!(spelled("&"), [(Error("unexpected character"), "&")]);
        assert_eq!(spelled("%"), [(Error("invalid SSA name"), "%")]);
        assert_eq!(spelled("^"), [(Error("invalid block name"), "^")]);
    }

    /// A lexer can be moved to any byte (clamped to the end of its text)
    /// and says where it is.
    #[test]
    fn reset_and_position() {
        let mut l = Lexer::new("4x8xf32");
        assert_eq!(l.source(), "4x8xf32");
        assert_eq!(l.next_token().end, 1);
        assert_eq!(l.position(), 1);
        l.reset(2);
        assert_eq!(
            l.next_token(),
            Token {
                kind: TokenKind::Integer,
                start: 2,
                end: 3
            }
        );
        l.reset(100);
        assert_eq!(l.position(), 7);
        assert_eq!(l.next_token().kind, TokenKind::Eof);
    }

    /// The wrong-token position of a text's first token, after only blanks,
    /// is the token itself (MLIR finds no line above), and that of the end
    /// of an empty text is 0.
    #[test]
    fn wrong_tokens_with_nothing_before_them() {
        let first = |src: &str| wrong_token_position(src, &Lexer::new(src).next_token());
        assert_eq!(first("  )"), 2);
        assert_eq!(first("\n\t)"), 2);
        assert_eq!(first(""), 0);
        assert_eq!(first("  "), 1);
    }

    #[test]
    fn strings_unescape() {
        assert_eq!(unescape(r#""a\"b\\c\0A\n""#), b"a\"b\\c\n\n");
        assert!(matches!(
            Lexer::new("\"abc").next_token().kind,
            TokenKind::Error(_)
        ));
    }
}
