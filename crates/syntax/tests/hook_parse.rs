//! The helpers a dialect's parse hook reads strings and lists with
//! (`Parser::parse_string_literal`, `Parser::parse_comma_separated_list`),
//! in a hook and on their own, with MLIR's messages at MLIR's places; and
//! one registration of a dialect for both its syntax and a context.

use std::fmt;
use std::hash::BuildHasher;

use strata_ctx::{Attribute, Context, Dialect, Policy, Registry, storage_kind};
use strata_syntax::{Delimiter, DialectSyntax, ParseError, Parser, Syntax};

/// `#lists.names<"a", "b">`: a list of strings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamesData {
    names: Vec<String>,
}

impl fmt::Display for NamesData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#lists.names<{:?}>", self.names)
    }
}

storage_kind! {
    /// An interned list of names.
    pub Names => NamesData, "lists.names", Category::Attribute
}

struct Lists;

impl Dialect for Lists {
    const NAMESPACE: &'static str = "lists";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<Names>();
    }
}

impl strata_builtin::DialectAsm for Lists {}

impl DialectSyntax for Lists {
    /// `names<...>` is parsed; every other attribute stays opaque.
    fn parses_attribute(mnemonic: &str) -> bool {
        mnemonic == "names"
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        _mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        let names = p.parse_comma_separated_list(
            Delimiter::LessGreater,
            " in names",
            Parser::parse_string_literal,
        )?;
        Ok(p.context().intern::<Names>(&NamesData { names }).into())
    }
}

fn syntax<P: Policy, S: BuildHasher>() -> Syntax<P, S> {
    let mut s = Syntax::new();
    s.register::<Lists>();
    s
}

/// The names a `#lists.names<...>` parses to.
fn names(text: &str) -> Result<Vec<String>, ParseError> {
    let ctx = Context::new();
    let a = syntax().parse_attribute(&ctx, text)?;
    Ok(a.dyn_cast::<Names>()
        .expect("a names attribute")
        .payload()
        .names
        .clone())
}

#[test]
fn a_hook_reads_a_list_of_strings() {
    assert_eq!(
        names(r#"#lists.names<"a", "b\"c\n", "\41">"#).unwrap(),
        ["a", "b\"c\n", "A"]
    );
    assert!(names("#lists.names<>").unwrap().is_empty());
    // The hook's errors are MLIR's, in the whole text.
    let e = names(r#"#lists.names<"a", 3>"#).unwrap_err();
    assert_eq!((e.message(), e.span()), ("expected string", 18..19));
    assert!(e.is_exact());
    let e = names(r#"#lists.names<"a" "b">"#).unwrap_err();
    assert_eq!((e.message(), e.span()), ("expected '>' in names", 16..16));
    assert!(e.is_wrong_token());
    let e = names(r#"#lists.names<"\FF">"#).unwrap_err();
    assert_eq!(e.missing_kind(), Some("string literals that are not UTF-8"));
    assert_eq!(e.span(), 13..18);
}

/// Each delimiter reads its brackets, an empty list inside them, and
/// reports a missing bracket with the context after it; an optional list
/// is absent, nothing consumed, unless its opening bracket is next.
#[test]
fn every_delimiter_reads_its_brackets() {
    let ctx = Context::new();
    let list = |text: &str, d: Delimiter| {
        let mut p = Parser::new(&ctx, text, None);
        let r = p.parse_comma_separated_list(d, " here", |p| p.parse_integer());
        r.map(|v| (v, p.token().start))
    };
    let cases = [
        (Delimiter::Paren, Delimiter::OptionalParen, "(", ")"),
        (Delimiter::Square, Delimiter::OptionalSquare, "[", "]"),
        (
            Delimiter::LessGreater,
            Delimiter::OptionalLessGreater,
            "<",
            ">",
        ),
        (Delimiter::Braces, Delimiter::OptionalBraces, "{", "}"),
    ];
    for (plain, optional, open, close) in cases {
        for d in [plain, optional] {
            let text = format!("{open}1, 2,3{close} x");
            assert_eq!(list(&text, d).unwrap(), (vec![1, 2, 3], 9), "{text}");
            assert_eq!(list(&format!("{open}{close}"), d).unwrap(), (vec![], 2));
            let e = list(&format!("{open}1 2"), d).unwrap_err();
            assert_eq!(e.message(), format!("expected '{close}' here"), "{d:?}");
            assert_eq!(e.span(), 2..2);
        }
        let e = list("1", plain).unwrap_err();
        assert_eq!(e.message(), format!("expected '{open}' here"));
        assert_eq!(list("1", optional).unwrap(), (vec![], 0));
    }
    assert_eq!(list("4, 5 6", Delimiter::None).unwrap(), (vec![4, 5], 5));
    // Without brackets a list has an element at least.
    let e = list("", Delimiter::None).unwrap_err();
    assert_eq!(e.message(), "expected integer value");
    // A trailing comma asks for one more element.
    let e = list("[1,]", Delimiter::Square).unwrap_err();
    assert_eq!((e.message(), e.span()), ("expected integer value", 3..4));
}

#[test]
fn an_optional_string_consumes_only_a_string() {
    let ctx = Context::new();
    let mut p = Parser::new(&ctx, r#"x "y""#, None);
    assert_eq!(p.parse_optional_string_literal().unwrap(), None);
    assert_eq!(p.token().start, 0);
    let e = p.parse_string_literal().unwrap_err();
    assert_eq!((e.message(), e.span()), ("expected string", 0..1));
    p.expect(strata_syntax::lexer::TokenKind::BareId, "x")
        .unwrap();
    assert_eq!(
        p.parse_optional_string_literal().unwrap().as_deref(),
        Some("y")
    );
    p.finish().unwrap();
    // A bad token is the lexer's error, as MLIR's lexer reports it first.
    let mut p = Parser::new(&ctx, "\"open", None);
    let e = p.parse_string_literal().unwrap_err();
    assert!(e.is_lexical(), "{e}");
}

/// One registration of a dialect with the syntax is enough for a context:
/// `register_dialects_in` registers its kinds and namespace there, and the
/// context then takes an opaque attribute of the dialect as a memory space,
/// as MLIR takes one of a registered dialect.
#[test]
fn a_dialect_registered_with_the_syntax_is_registered_in_the_context() {
    let syntax = syntax();
    let text = "memref<4xf32, #lists.space<1>>";
    let bare = Context::new();
    assert!(!bare.has_dialect("lists"));
    assert!(syntax.parse_type(&bare, text).is_err());
    let mut ctx = Context::new();
    syntax.register_dialects_in(&mut ctx);
    assert!(ctx.has_dialect("lists"));
    assert!(
        ctx.registered_kinds()
            .iter()
            .any(|k| core::ptr::eq(*k, <Names as strata_ctx::Kind>::info()))
    );
    assert_eq!(syntax.parse_type(&ctx, text).unwrap().to_string(), text);
    // A second time changes nothing.
    let (dialects, kinds) = (ctx.dialects().len(), ctx.registered_kinds().len());
    syntax.register_dialects_in(&mut ctx);
    assert_eq!(
        (ctx.dialects().len(), ctx.registered_kinds().len()),
        (dialects, kinds)
    );
}
