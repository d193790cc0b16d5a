//! What `cargo mutants` found unchecked in the lexer (`src/lexer.rs`, the
//! third ninth of strata-syntax's mutants): each test fails with at least
//! one mutant that the crate's other tests let through (see
//! docs/RELIABILITY.md, "Source mutants"). Where the behaviour is visible
//! in MLIR, the test pins what `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-op-generic` does with `"t.op"() {a = ATTR} : () -> ()`,
//! whose columns are those of the attribute text here plus 14 (the length
//! of `"t.op"() {a = `).

use strata_ctx::Context;
use strata_syntax::lexer::{Lexer, TokenKind, unescape};

/// The print of attribute `text`, or its error as its byte span and
/// message.
fn attr(text: &str) -> Result<String, (core::ops::Range<usize>, String)> {
    let ctx = Context::new();
    strata_syntax::parse_attribute(&ctx, text)
        .map(|a| a.to_string())
        .map_err(|e| (e.span(), e.message().to_owned()))
}

/// Every token of `src` as its kind, its byte range and the lexer's
/// position after it, up to and including the end of the text, but never
/// more than 8 (a lexer that goes back would otherwise lex forever).
fn tokens(src: &str) -> Vec<(TokenKind, core::ops::Range<usize>, usize)> {
    let mut lexer = Lexer::new(src);
    let mut out = Vec::new();
    while out.len() < 8 {
        let t = lexer.next_token();
        out.push((t.kind, t.start..t.end, lexer.position()));
        if t.kind == TokenKind::Eof {
            break;
        }
    }
    out
}

const AT: TokenKind = TokenKind::Error("@ identifier expected to start with letter or '_'");
const ESCAPE: TokenKind = TokenKind::Error("unknown escape in string literal");

/// An `@` that is not followed by a letter, `_` or a string is refused at
/// the character after it, and the error token covers exactly that
/// character (two bytes for `é`); the lexer goes on after it, as MLIR's
/// `lexAtIdentifier` does (its error token ends where its cursor stopped,
/// one byte on, where strata's takes the whole character so that every
/// token stays a slice of the text).
/// `mlir-opt-19` reports "@ identifier expected to start with letter or
/// '_'" at 1:16 for `@1`, `@é` and `@-a` alike, the byte after the `@`.
///
/// Catches `self.pos = at + len` made `at - len` or `at * len` (the lexer
/// then lexes the `@` or the refused character again), and the error
/// token's `end: at + len` made `at - len` or `at * len`.
#[test]
fn a_refused_symbol_name_covers_the_character_after_the_at() {
    assert_eq!(
        tokens("@1 x"),
        [
            (AT, 1..2, 2),
            (TokenKind::BareId, 3..4, 4),
            (TokenKind::Eof, 4..4, 4)
        ]
    );
    assert_eq!(
        tokens("@\u{e9}y"),
        [
            (AT, 1..3, 3),
            (TokenKind::BareId, 3..4, 4),
            (TokenKind::Eof, 4..4, 4)
        ]
    );
    let message = "@ identifier expected to start with letter or '_'".to_owned();
    assert_eq!(attr("@1"), Err((1..2, message.clone())));
    assert_eq!(attr("@\u{e9}"), Err((1..3, message.clone())));
    assert_eq!(attr("@-a"), Err((1..2, message)));
}

/// A backslash in a string must start `\"`, `\\`, `\n`, `\t` or two
/// hexadecimal digits; anything else is "unknown escape in string
/// literal" at the backslash, and the error token is the backslash alone.
/// `mlir-opt-19` reports that error at 1:16, the backslash, for `"\q"`,
/// `"\ag"` (one hexadecimal digit and then another letter), `"\0"` (one
/// digit and then the closing quote) and `"\q0"`, and prints `"\0A"` back
/// unchanged.
///
/// Catches `self.peek_at(i + 1)` made `i * 1` (the backslash is then read
/// as its own escape, `\\`, and every escape passes), the hexadecimal test
/// `&&` made `||` (one hexadecimal digit, or one after a letter, then
/// passes, and `"\0"` also swallows its closing quote), and the error
/// token's `end: i + 1` made `i - 1` or `i * 1`.
#[test]
fn unknown_escapes_are_refused_at_the_backslash() {
    let message = "unknown escape in string literal".to_owned();
    for text in [r#""\q""#, r#""\ag""#, r#""\0""#, r#""\q0""#] {
        assert_eq!(attr(text), Err((1..2, message.clone())), "{text}");
    }
    assert_eq!(attr(r#""\0A""#), Ok(r#""\0A""#.to_owned()));
    assert_eq!(unescape(r#""\0A""#), b"\n");
}

/// After an unknown escape the lexer goes on at the byte after the
/// backslash, where MLIR's `lexString` leaves its cursor when it returns
/// the error token: `"\q" x` is the error, then the identifier `q`, the
/// string `" x` left unterminated at the end of the text.
///
/// Catches `self.pos = i + 1` made `i - 1` (the lexer starts the string
/// again) or `i * 1` (it lexes the backslash, an unexpected character).
#[test]
fn lexing_goes_on_after_an_unknown_escape() {
    assert_eq!(
        tokens(r#""\q" x"#),
        [
            (ESCAPE, 1..2, 2),
            (TokenKind::BareId, 2..3, 3),
            (TokenKind::Error("expected '\"' in string literal"), 6..6, 6),
            (TokenKind::Eof, 6..6, 6)
        ]
    );
}

/// An unbalanced dialect body is reported at its `<`, on that one byte.
/// `mlir-opt-19` reports "unbalanced '(' character in pretty dialect name"
/// for `#t.a<(>` and "unbalanced '[' ..." for `#t.a<[x)>` at 1:19, the
/// `<`.
///
/// Catches the span's `at..at + 1` made `at - 1` or `at * 1` (an empty or
/// reversed span).
#[test]
fn an_unbalanced_body_is_reported_on_its_open_bracket() {
    let unbalanced = |c: char| format!("unbalanced '{c}' character in pretty dialect name");
    assert_eq!(attr("#t.a<(>"), Err((4..5, unbalanced('('))));
    assert_eq!(attr("#t.a<[x)>"), Err((4..5, unbalanced('['))));
    let lexer = Lexer::new("!t.a<(>");
    let e = lexer.balanced_body_end(4).unwrap_err();
    assert_eq!((e.span(), e.message()), (4..5, &*unbalanced('(')));
}

/// A NUL byte ends a dialect body's text, as the end of MLIR's buffer does
/// in its `parseDialectSymbolBody`, even with a `>` after it: `mlir-opt-19`
/// reports "unbalanced '<' character in pretty dialect name" at 1:19 (the
/// `<`) for `#t.a<x` NUL `>`.
///
/// Catches the deletion of the `b'\0'` arm (the scan then skips the NUL and
/// closes the body at the `>`).
#[test]
fn a_nul_byte_ends_a_dialect_body() {
    let unbalanced = "unbalanced '<' character in pretty dialect name".to_owned();
    assert_eq!(attr("#t.a<x\0>"), Err((4..5, unbalanced)));
    assert!(Lexer::new("#t.a<x\0>").balanced_body_end(4).is_err());
    assert_eq!(Lexer::new("#t.a<x>").balanced_body_end(4), Ok(7));
}

/// Only the `-` of `->` hides the next character from a dialect body's
/// bracket count; a `-` before anything else is an ordinary character.
/// `mlir-opt-19` prints `#t.a<a-(b)>` back unchanged, and refuses
/// `#t.a<x->` with "unbalanced '<' character in pretty dialect name" at
/// 1:19.
///
/// Catches the guard `self.peek_at(i + 1) == b'>'` made `true` (the `-`
/// then hides the `(`, and the `)` is taken for unbalanced).
#[test]
fn only_an_arrow_hides_a_bracket_in_a_dialect_body() {
    assert_eq!(attr("#t.a<a-(b)>"), Ok("#t.a<a-(b)>".to_owned()));
    assert_eq!(
        attr("#t.a<x->"),
        Err((
            4..5,
            "unbalanced '<' character in pretty dialect name".to_owned()
        ))
    );
    assert_eq!(Lexer::new("!t.a<a-(b)>").balanced_body_end(4), Ok(11));
}

/// A dense array whose element type does not parse gets MLIR's second
/// error, "expected an integer or floating point type", at the type's
/// first token, placed exactly (at the very end of a file it is not moved
/// back as the type's own error is); a type that parses but is neither an
/// integer nor a float gets one error only (`mlir-opt-19`).
#[test]
fn a_dense_array_whose_type_fails_gets_mlirs_second_error() {
    let ctx = Context::new();
    let e = strata_syntax::parse_attribute(&ctx, "array<f32x: 1>").unwrap_err();
    assert_eq!(e.message(), "expected non-function type");
    assert_eq!(e.follow_ups().len(), 1);
    assert_eq!(
        e.follow_ups()[0],
        (
            6..6,
            "expected an integer or floating point type".to_owned()
        )
    );
    assert!(e.is_follow_up_exact(0));
    let e = strata_syntax::parse_attribute(&ctx, "array<tensor<i32>: 1>").unwrap_err();
    assert_eq!(
        e.message(),
        "expected integer or float type, got: 'tensor<i32>'"
    );
    assert!(e.follow_ups().is_empty());
    // A distinct attribute's referenced attribute likewise.
    let e = strata_syntax::parse_attribute(&ctx, "distinct[0]<attribute>").unwrap_err();
    assert_eq!(e.message(), "expected attribute value");
    assert_eq!(
        e.follow_ups(),
        [(12..12, "expected attribute".to_owned())].as_slice()
    );
    assert!(e.is_follow_up_exact(0));
}
