//! The printing hooks a `Syntax` gathers from its dialects
//! (strata-builtin's `AsmHooks`): MLIR's order of asking for an alias (the
//! builtin dialect first, an overridable alias replaced by a later
//! dialect's, a final one ending the search), the dispatch of nested
//! elements and of printing to the dialect that owns a kind (by the kind's
//! namespace), the defaults of `DialectSyntax` and `DialectAsm`, and what
//! registering a dialect twice does. strata-module's printer and
//! strata-dialects' models use all of it; these tests check it on this
//! crate alone.

use std::fmt;
use std::fmt::Write as _;
use std::hash::BuildHasher;

use strata_builtin::{AsmAlias, AsmElement, AsmHooks, AsmPrinter, DialectAsm};
use strata_ctx::{Attribute, Context, Dialect, Policy, Registry, Type, storage_kind};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{DialectSyntax, ParseError, Parser, Syntax};

/// `#alpha.my_word<"text">`: a word, which holds nothing nested.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WordData {
    text: String,
}

impl fmt::Display for WordData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#alpha.my_word<\"{}\">", self.text)
    }
}

storage_kind! {
    /// The `alpha` dialect's one kind.
    pub Word => WordData, "alpha.word", Category::Attribute
}

/// `!alpha.cell`: a type of no parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CellData;

impl fmt::Display for CellData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("!alpha.cell")
    }
}

storage_kind! {
    /// The `alpha` dialect's type.
    pub Cell => CellData, "alpha.cell", Category::Type
}

/// Parses the type `cell` and the attribute `my_word<"text">` only (every other mnemonic stays opaque), names
/// an overridable alias for every word and a final one for `i7`, lists
/// each word and cell as its own element, and prints a word in capitals
/// (unlike its `Display`, to see where the printer's call went).
struct Alpha;

impl Dialect for Alpha {
    const NAMESPACE: &'static str = "alpha";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<Word>();
        registry.kind::<Cell>();
    }
}

impl DialectAsm for Alpha {
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        if ty.isa::<Cell>() {
            visit(AsmElement::Type(ty));
        }
    }

    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        attr.isa::<Word>()
            .then(|| AsmAlias::Overridable("word".into()))
    }

    fn type_alias(ty: Type<'_>) -> Option<AsmAlias> {
        (ty.to_string() == "i7").then(|| AsmAlias::Final("seven".into()))
    }

    /// Lists the word itself: enough to see where the call went (a printer
    /// would loop on it, but no alias pass runs here).
    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        if attr.isa::<Word>() {
            visit(AsmElement::Attribute(attr));
        }
    }

    fn print_attribute<'c>(attr: Attribute<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        match attr.dyn_cast::<Word>() {
            Some(w) => write!(p, "#alpha.my_word<\"{}\">", w.payload().text.to_uppercase()),
            None => write!(p, "{attr}"),
        }
    }
}

impl DialectSyntax for Alpha {
    fn parses_type(mnemonic: &str) -> bool {
        mnemonic == "cell"
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        _mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        Ok(p.context().intern::<Cell>(&CellData).into())
    }

    fn parses_attribute(mnemonic: &str) -> bool {
        mnemonic == "my_word.v2"
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        _mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        p.expect(TokenKind::Less, "'<'")?;
        let text = p.parse_string_literal()?;
        p.expect(TokenKind::Greater, "'>'")?;
        Ok(p.context().intern::<Word>(&WordData { text }).into())
    }
}

/// A dialect that keeps every default, and renames words after `alpha`.
struct Beta;

impl Dialect for Beta {
    const NAMESPACE: &'static str = "beta";

    fn register(_: &mut Registry<'_>) {}
}

impl DialectAsm for Beta {
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        attr.isa::<Word>()
            .then(|| AsmAlias::Overridable("beta_word".into()))
    }
}

impl DialectSyntax for Beta {}

/// `value` printed by a printer with `hooks` (and no alias).
fn printed(hooks: &AsmHooks, value: Attribute<'_>) -> String {
    let mut out = String::new();
    strata_builtin::print_standalone(&mut out, hooks, |p| p.print_attribute(value)).unwrap();
    out
}

#[test]
fn aliases_are_asked_in_mlir_order() {
    let ctx = Context::new();
    let i7: Type<'_> = strata_syntax::parse_type(&ctx, "i7").unwrap();
    let i8: Type<'_> = strata_syntax::parse_type(&ctx, "i8").unwrap();
    assert!(AsmHooks::new().is_empty());
    assert_eq!(AsmHooks::new().type_alias(i7, None), None);

    let mut syntax = Syntax::new();
    syntax.register::<Alpha>();
    let hooks = syntax.asm_hooks();
    assert!(!hooks.is_empty());
    // A final alias ends the search, even over the builtin dialect's.
    let builtin = Some(AsmAlias::Overridable("b".into()));
    assert_eq!(
        hooks.type_alias(i7, builtin.clone()).as_deref(),
        Some("seven")
    );
    // No dialect names one: the builtin dialect's stays.
    assert_eq!(hooks.type_alias(i8, builtin).as_deref(), Some("b"));
    assert_eq!(hooks.type_alias(i8, None), None);

    let word = syntax
        .parse_attribute(&ctx, "#alpha.my_word.v2<\"w\">")
        .unwrap();
    assert!(word.isa::<Word>());
    assert_eq!(hooks.attribute_alias(word, None).as_deref(), Some("word"));
    // A later dialect's overridable alias replaces an earlier one.
    syntax.register::<Beta>();
    let hooks = syntax.asm_hooks();
    assert_eq!(
        hooks.attribute_alias(word, None).as_deref(),
        Some("beta_word")
    );
    let unit = strata_syntax::parse_attribute(&ctx, "unit").unwrap();
    assert_eq!(hooks.attribute_alias(unit, None), None);
}

#[test]
fn elements_and_printing_go_to_the_dialect_that_owns_the_kind() {
    let ctx = Context::new();
    let mut syntax = Syntax::new();
    syntax.register::<Beta>().register::<Alpha>();
    let hooks = syntax.asm_hooks().clone();
    let i7: Type<'_> = strata_syntax::parse_type(&ctx, "i7").unwrap();
    let word = syntax
        .parse_attribute(&ctx, "#alpha.my_word.v2<\"w\">")
        .unwrap();
    let mut seen = Vec::new();
    assert!(hooks.attribute_elements(word, &mut |e| seen.push(e)));
    assert_eq!(seen, [AsmElement::Attribute(word)]);
    // A printer with the hooks prints the word through `alpha`'s hook, and
    // one inside an array too; `Display` is the kind's own.
    assert_eq!(printed(&hooks, word), "#alpha.my_word<\"W\">");
    let array = syntax
        .parse_attribute(&ctx, "[#alpha.my_word.v2<\"w\">]")
        .unwrap();
    assert_eq!(printed(&hooks, array), "[#alpha.my_word<\"W\">]");
    assert_eq!(printed(&AsmHooks::new(), array), "[#alpha.my_word<\"w\">]");
    assert_eq!(word.to_string(), "#alpha.my_word<\"w\">");
    let cell = syntax.parse_type(&ctx, "!alpha.cell").unwrap();
    let mut seen = Vec::new();
    assert!(hooks.type_elements(cell, &mut |e| seen.push(e)));
    assert_eq!(seen, [AsmElement::Type(cell)]);
    // Another mnemonic of the dialect's types stays opaque.
    assert!(
        !syntax
            .parse_type(&ctx, "!alpha.other")
            .unwrap()
            .isa::<Cell>()
    );

    // A builtin kind belongs to no registered dialect.
    let unit = strata_syntax::parse_attribute(&ctx, "unit").unwrap();
    assert!(!hooks.attribute_elements(unit, &mut |_| panic!("no element")));
    assert!(!hooks.type_elements(i7, &mut |_| panic!("no element")));
    assert_eq!(printed(&hooks, unit), "unit");
}

#[test]
fn defaults_and_mnemonics() {
    let ctx = Context::new();
    let mut syntax = Syntax::new();
    syntax.register::<Alpha>().register::<Beta>();
    // The mnemonic runs over letters, digits, `_` and `.`: `my_word.v2` is
    // parsed, `my_word` (another mnemonic) stays opaque.
    assert!(
        syntax
            .parse_attribute(&ctx, "#alpha.my_word.v2<\"w\">")
            .unwrap()
            .isa::<Word>()
    );
    let opaque = syntax
        .parse_attribute(&ctx, "#alpha.my_word<\"w\">")
        .unwrap();
    assert!(!opaque.isa::<Word>());
    assert_eq!(opaque.to_string(), "#alpha.my_word<\"w\">");
    // The defaults parse every mnemonic: `beta` has no kinds, so its hooks
    // refuse them.
    let e = syntax.parse_attribute(&ctx, "#beta.thing").unwrap_err();
    assert_eq!(e.message(), "dialect 'beta' has no attribute 'thing'");
    let e = syntax.parse_type(&ctx, "!beta.thing").unwrap_err();
    assert_eq!(e.message(), "dialect 'beta' has no type 'thing'");
    // ... and the default printing hook prints the kind's `Display`.
    let word = syntax
        .parse_attribute(&ctx, "#alpha.my_word.v2<\"w\">")
        .unwrap();
    let mut out = String::new();
    strata_builtin::print_standalone(&mut out, &AsmHooks::new(), |p| {
        <Beta as DialectAsm>::print_attribute(word, p)
    })
    .unwrap();
    assert_eq!(out, "#alpha.my_word<\"w\">");
}

#[test]
fn registering_a_dialect_again_replaces_it_and_keeps_the_others() {
    let ctx = Context::new();
    let mut syntax = Syntax::new();
    syntax
        .register::<Alpha>()
        .register::<Beta>()
        .register::<Alpha>();
    assert!(syntax.parse_type(&ctx, "i32").is_ok());
    assert!(syntax.has_dialect("alpha") && syntax.has_dialect("beta"));
    // Registration order, one entry per dialect: `beta`, then `alpha` again.
    assert_eq!(
        format!("{:?}", syntax.asm_hooks()),
        "AsmHooks { dialects: [\"beta\", \"alpha\"] }"
    );
    assert!(
        format!("{syntax:?}").contains("\"beta\", \"alpha\""),
        "{syntax:?}"
    );
}
