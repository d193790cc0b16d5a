//! A small model of MLIR's *test dialect* as `mlir-opt-19` has it compiled
//! in (MLIR 19's `mlir/test/lib/Dialect/Test`), so that `strata-opt` prints
//! what `mlir-opt-19` prints for the MLIR test files that use it.
//!
//! `mlir-opt-19` registers the test dialect: its types and attributes are
//! real kinds there, and its `OpAsmDialectInterface` names aliases. strata
//! models only what the shipped MLIR test files show:
//!
//! - **Aliases** ([`TestDialect::type_alias`], [`TestDialect::attribute_alias`],
//!   MLIR's `TestOpAsmInterface::getAlias`): a tuple of `!test.smpla` types is
//!   `test_tuple`; `!test.int<unsigned, 8>` is `test_ui8`; the string
//!   attributes `"alias_test:dot_in_name"`, `trailing_digit`, `prefixed_digit`,
//!   `prefixed_symbol`, `sanitize_conflict_a`/`_b` and `tensor_encoding` are
//!   `test.alias`, `test_alias0`, `0_test_alias`, `%test`,
//!   `test_alias_conflict0`/`test_alias_conflict0_` and `test_encoding`; the
//!   recursive type named `type_to_alias` is `testrec`, a recursive alias
//!   type is its name. strata-module's printer sanitizes the names and
//!   numbers the conflicts as MLIR's `AsmPrinter` does (`#test2Ealias`,
//!   `!test_ui8_`, `#test_alias_conflict0_1`).
//! - **Kinds**: `!test.memref_element` ([`MemRefElementType`], MLIR's
//!   `TestMemRefElementType`, which implements `MemRefElementTypeInterface`:
//!   as a type of a dialect it may be a memref's element, where an opaque
//!   type may not); `#test.conditional_alias<...>` ([`ConditionalAliasAttr`],
//!   a string printed as its alias when it has one, else as a keyword or a
//!   string); the recursive types `!test.test_rec<name, body>`
//!   ([`RecursiveType`], whose body is a test type printed without its
//!   prefix, not visited for aliases) and `!test.test_rec_alias<name, body>`
//!   ([`RecursiveAliasType`], whose body prints as a full type): mutable
//!   kinds interned by name, the body set once (strata-ctx's `Body`), a type
//!   met again inside itself printed as its name only (MLIR's cyclic
//!   printing). strata reads the short form `<name>` anywhere; MLIR only
//!   inside the type itself.
//! - Every other test type and attribute stays opaque (its text kept and
//!   printed back as written), as an unregistered dialect's: the alias rules
//!   above recognise the opaque types by their text, as `mlir-opt-19` prints
//!   them (`!test.int<unsigned, 8>`, `!test.smpla`).
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::test::TestDialect;
//! use strata_builtin::{AsmAlias, DialectAsm};
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<TestDialect>();
//! let ui8 = syntax.parse_type(&ctx, "!test.int<unsigned, 8>").unwrap();
//! assert_eq!(TestDialect::type_alias(ui8), Some(AsmAlias::Final("test_ui8".into())));
//! let s = syntax.parse_attribute(&ctx, "\"alias_test:dot_in_name\"").unwrap();
//! assert_eq!(TestDialect::attribute_alias(s), Some(AsmAlias::Final("test.alias".into())));
//! let rec = syntax.parse_type(&ctx, "!test.test_rec<a, test_rec<a>>").unwrap();
//! assert_eq!(rec.to_string(), "!test.test_rec<a, test_rec<a>>");
//! ```

use core::fmt;
use core::fmt::Write as _;
use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_builtin::{
    AsmAlias, AsmElement, AsmHooks, AsmPrinter, DialectAsm, OpaqueType, StringAttr, TupleType,
    is_bare_identifier,
};

use strata_ctx::{
    Arena, Attribute, Body, Context, Dialect, Interned, Kind, KindInfo, MutableKind, Policy,
    Registry, StorageKind, Type, TypeFamily, storage_kind,
};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{DialectSyntax, ParseError, Parser, ResourceSection};

/// The test dialect of `mlir-opt-19`, in the part strata models (see the
/// [module](self)).
#[derive(Debug)]
pub struct TestDialect;

/// The payload of `!test.memref_element` (it has no parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemRefElementData;

impl fmt::Display for MemRefElementData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("!test.memref_element")
    }
}

storage_kind! {
    /// `!test.memref_element`: MLIR's `TestMemRefElementType`, a type of
    /// the test dialect that may be a memref's element.
    pub MemRefElementType => MemRefElementData, "test.memref_element", Category::Type
}

/// The payload of `#test.conditional_alias<...>`: a string attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConditionalAliasData<'c> {
    /// The string.
    pub value: Interned<'c, StringAttr>,
}

impl<'c> ConditionalAliasData<'c> {
    /// `#test.conditional_alias<#alias>` when the string has an alias in
    /// the printing under way, else the string as a keyword when it is a
    /// bare identifier, else quoted (MLIR's `printConditionalAlias`).
    pub fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let string: Attribute<'c> = self.value.into();
        let value = self.value.payload().value;
        p.write_str("#test.conditional_alias<")?;
        if p.alias(string).is_none() && is_bare_identifier(value) {
            p.write_str(value)?;
        } else {
            p.print_attribute(string)?;
        }
        p.write_str(">")
    }
}

/// The printing hooks of the test dialect, for one of its values printed
/// on its own.
fn test_hooks() -> AsmHooks {
    let mut hooks = AsmHooks::new();
    hooks.register::<TestDialect>();
    hooks
}

/// Implements `Display` for payloads of the test dialect: a printing of
/// their own, with a fresh state that knows the test dialect's hooks.
macro_rules! display_by_printer {
    ($($payload:ty),* $(,)?) => {$(
        impl fmt::Display for $payload {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                strata_builtin::print_standalone(f, &test_hooks(), |p| self.print(p))
            }
        }
    )*};
}

display_by_printer!(
    ConditionalAliasData<'_>,
    RecursiveData<'_>,
    RecursiveAliasData<'_>
);

/// `#test.conditional_alias<...>`: MLIR's `TestConditionalAliasAttr`.
#[derive(Debug, Clone, Copy)]
pub enum ConditionalAliasAttr {}

impl strata_ctx::Kind for ConditionalAliasAttr {
    type Family = strata_ctx::AttributeFamily;
    type Stored<'c> = ConditionalAliasData<'c>;
    type Key<'k, 'c>
        = ConditionalAliasData<'c>
    where
        'c: 'k;

    fn info() -> &'static strata_ctx::KindInfo {
        static INFO: strata_ctx::KindInfo =
            strata_ctx::KindInfo::new::<ConditionalAliasAttr>("test.conditional_alias");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: core::hash::Hasher>(key: &Self::Key<'k, 'c>, state: &mut H) {
        core::hash::Hash::hash(key, state);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl strata_ctx::StorageKind for ConditionalAliasAttr {
    fn matches<'k, 'c: 'k>(stored: &'c Self::Stored<'c>, key: &Self::Key<'k, 'c>) -> bool {
        stored == key
    }

    fn construct<'k, 'c: 'k>(
        key: &Self::Key<'k, 'c>,
        _arena: &'c strata_ctx::Arena,
    ) -> Self::Stored<'c> {
        *key
    }
}

/// The payload of the test dialect's recursive types: a name, and a body
/// set once after the type is made (so the body may name the type itself).
#[derive(Debug)]
pub struct RecursiveData<'c> {
    /// The name (the type's identity).
    pub name: &'c str,
    /// The body: one type, once set.
    pub body: Body<Type<'c>>,
}

impl<'c> RecursiveData<'c> {
    /// The body, once set.
    pub fn body(&self) -> Option<Type<'c>> {
        self.body.get().and_then(|b| b.first().copied())
    }
}

/// Prints a test-dialect type without its `!test.` prefix, as MLIR's
/// `printTestType` prints a recursive type's body.
fn print_test_type<'c>(p: &mut AsmPrinter<'_, 'c>, ty: Type<'c>) -> fmt::Result {
    if let Some(r) = ty.dyn_cast::<RecursiveType>() {
        return r.payload().print_bare(p);
    }
    match test_opaque_type(ty) {
        Some(data) => p.write_str(data),
        None => p.print_type(ty),
    }
}

impl<'c> RecursiveData<'c> {
    /// `test_rec<name, body>`, or `test_rec<name>` inside itself (MLIR's
    /// cyclic printing).
    fn print_bare(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        write!(p, "test_rec<{}", self.name)?;
        let body = self.body();
        p.cyclic(self, |p| match body {
            Some(b) => {
                p.write_str(", ")?;
                print_test_type(p, b)
            }
            None => Ok(()),
        })
        .unwrap_or(Ok(()))?;
        p.write_str(">")
    }

    /// `!test.test_rec<name, body>` (MLIR's `TestRecursiveType`).
    pub fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("!test.")?;
        self.print_bare(p)
    }
}

/// The payload of `!test.test_rec_alias<name, body>` (MLIR's
/// `TestRecursiveAliasType`, whose body prints as a full type).
#[derive(Debug)]
pub struct RecursiveAliasData<'c>(pub RecursiveData<'c>);

impl<'c> RecursiveAliasData<'c> {
    /// `!test.test_rec_alias<name, body>`, or `!test.test_rec_alias<name>`
    /// inside itself (in place, as MLIR prints a mutable type's alias
    /// definition without nested aliases).
    pub fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let inner = &self.0;
        if p.is_printing(inner) {
            return write!(p, "!test.test_rec_alias<{}>", inner.name);
        }
        write!(p, "!test.test_rec_alias<{}", inner.name)?;
        let body = inner.body();
        p.cyclic(inner, |p| match body {
            Some(b) => {
                p.write_str(", ")?;
                p.print_type(b)
            }
            None => Ok(()),
        })
        .unwrap_or(Ok(()))?;
        p.write_str(">")
    }
}

/// Declares a recursive kind of the test dialect, interned by name.
macro_rules! recursive_kind {
    ($(#[$doc:meta])* $kind:ident, $stored:ident, $name:literal, $wrap:expr, $unwrap:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub enum $kind {}

        impl Kind for $kind {
            type Family = TypeFamily;
            type Stored<'c> = $stored<'c>;
            type Key<'k, 'c>
                = &'k str
            where
                'c: 'k;

            fn info() -> &'static KindInfo {
                static INFO: KindInfo = KindInfo::new::<$kind>($name);
                &INFO
            }

            fn hash_key<'k, 'c: 'k, H: core::hash::Hasher>(key: &&'k str, state: &mut H) {
                core::hash::Hash::hash(key, state);
            }

            fn shorten<'a, 'b: 'a>(stored: &'a $stored<'b>) -> &'a $stored<'a> {
                stored
            }
        }

        impl StorageKind for $kind {
            fn matches<'k, 'c: 'k>(stored: &'c $stored<'c>, key: &&'k str) -> bool {
                let unwrap: for<'x, 'y> fn(&'x $stored<'y>) -> &'x RecursiveData<'y> = $unwrap;
                unwrap(stored).name == *key
            }

            fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c Arena) -> $stored<'c> {
                let wrap: fn(RecursiveData<'c>) -> $stored<'c> = $wrap;
                wrap(RecursiveData {
                    name: arena.alloc_str(key),
                    body: Body::new(),
                })
            }
        }

        impl MutableKind for $kind {
            fn key_of<'a>(stored: &'a $stored<'a>) -> &'a str {
                let unwrap: for<'x, 'y> fn(&'x $stored<'y>) -> &'x RecursiveData<'y> = $unwrap;
                unwrap(stored).name
            }
        }
    };
}

recursive_kind!(
    /// `!test.test_rec<name, body>`: MLIR's `TestRecursiveType`, whose
    /// body (a test type) prints without its `!test.` prefix.
    RecursiveType, RecursiveData, "test.test_rec", |d| d, |d| d
);

recursive_kind!(
    /// `!test.test_rec_alias<name, body>`: MLIR's `TestRecursiveAliasType`,
    /// aliased by its name.
    RecursiveAliasType, RecursiveAliasData, "test.test_rec_alias", RecursiveAliasData, |d| &d.0
);

/// Sets the body of a recursive type (once; the same body again is
/// accepted, another is MLIR's error).
fn set_body<'c, P: Policy, S: BuildHasher, K: MutableKind>(
    p: &Parser<'c, '_, P, S>,
    handle: Interned<'c, K>,
    body: Type<'c>,
    data: impl Fn(&'c K::Stored<'c>) -> &'c RecursiveData<'c>,
) -> Result<(), ParseError> {
    let ctx = p.context();
    let set = ctx.mutate(handle, |s| data(s).body.set(&[body]));
    if !set && ctx.read_mutable(handle, |s| data(s).body()) != Some(body) {
        return Err(p.error("recursive type already defined with another body"));
    }
    Ok(())
}

/// `<name, body>` or `<name>` of a recursive type, after its mnemonic:
/// the name, and the parser left on the body (after the comma) when there
/// is one.
fn parse_recursive_head<'s, P: Policy, S: BuildHasher>(
    p: &mut Parser<'_, 's, P, S>,
) -> Result<(&'s str, bool), ParseError> {
    p.expect(TokenKind::Less, "'<'")?;
    if p.token().kind != TokenKind::BareId {
        return Err(p.error("expected a name"));
    }
    let name = p.spelling();
    p.consume_if(TokenKind::BareId);
    // MLIR expects the short form only inside the type itself; strata reads
    // it anywhere (the type by its name).
    if p.consume_if(TokenKind::Greater) {
        return Ok((name, false));
    }
    p.expect(TokenKind::Comma, "','")?;
    Ok((name, true))
}

/// A test type written without its `!test.` prefix (a recursive type's
/// body: `test_rec<...>` or a keyword such as `test_type`, kept opaque).
fn parse_test_type<'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, '_, P, S>,
) -> Result<Type<'c>, ParseError> {
    if p.token().kind != TokenKind::BareId {
        return Err(p.error("expected a test type"));
    }
    let tag = p.spelling();
    p.consume_if(TokenKind::BareId);
    if tag == "test_rec" {
        return parse_test_rec(p);
    }
    Ok(p.context().opaque_type("test", tag).into())
}

/// `test_rec<name, body>` after `test_rec`.
fn parse_test_rec<'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, '_, P, S>,
) -> Result<Type<'c>, ParseError> {
    let (name, has_body) = parse_recursive_head(p)?;
    let rec = p.context().intern::<RecursiveType>(name);
    if has_body {
        let body = parse_test_type(p)?;
        p.expect(TokenKind::Greater, "'>'")?;
        set_body(p, rec, body, |s| s)?;
    }
    Ok(rec.into())
}

impl Dialect for TestDialect {
    const NAMESPACE: &'static str = "test";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<MemRefElementType>();
        registry.kind::<ConditionalAliasAttr>();
        registry.kind::<RecursiveType>();
        registry.kind::<RecursiveAliasType>();
    }
}

/// The text of an opaque type of the test dialect (`int<unsigned, 8>` of
/// `!test.int<unsigned, 8>`).
fn test_opaque_type<'c>(ty: Type<'c>) -> Option<&'c str> {
    let o = ty.dyn_cast::<OpaqueType>()?;
    let p = o.payload();
    (p.dialect == "test").then_some(p.data)
}

impl DialectAsm for TestDialect {
    fn type_alias(ty: Type<'_>) -> Option<AsmAlias> {
        if let Some(t) = ty.dyn_cast::<TupleType>() {
            let elements = t.payload().elements;
            if !elements.is_empty()
                && elements
                    .iter()
                    .all(|&e| test_opaque_type(e) == Some("smpla"))
            {
                return Some(AsmAlias::Final("test_tuple".into()));
            }
            return None;
        }
        if let Some(r) = ty.dyn_cast::<RecursiveType>() {
            // Only this one recursive type has an alias.
            return (r.payload().name == "type_to_alias")
                .then(|| AsmAlias::Final("testrec".into()));
        }
        if let Some(r) = ty.dyn_cast::<RecursiveAliasType>() {
            return Some(AsmAlias::Final(r.payload().0.name.into()));
        }
        (test_opaque_type(ty)? == "int<unsigned, 8>").then(|| AsmAlias::Final("test_ui8".into()))
    }

    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let s = attr.dyn_cast::<StringAttr>()?;
        let name = match s.payload().value.strip_prefix("alias_test:")? {
            "dot_in_name" => "test.alias",
            "trailing_digit" => "test_alias0",
            "prefixed_digit" => "0_test_alias",
            "prefixed_symbol" => "%test",
            "sanitize_conflict_a" => "test_alias_conflict0",
            "sanitize_conflict_b" => "test_alias_conflict0_",
            "tensor_encoding" => "test_encoding",
            _ => return None,
        };
        Some(AsmAlias::Final(name.into()))
    }

    /// A recursive alias type prints its body through the printer (MLIR
    /// visits it; a type met again inside itself is already visited); a
    /// `test_rec` type prints its body itself (MLIR does not visit it).
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        if let Some(body) = ty
            .dyn_cast::<RecursiveAliasType>()
            .and_then(|r| r.payload().0.body())
        {
            visit(AsmElement::Type(body));
        }
    }

    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        if let Some(c) = attr.dyn_cast::<ConditionalAliasAttr>() {
            visit(AsmElement::Attribute(c.payload().value.into()));
        }
    }

    fn print_type<'c>(ty: Type<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        if let Some(r) = ty.dyn_cast::<RecursiveType>() {
            return r.payload().print(p);
        }
        if let Some(r) = ty.dyn_cast::<RecursiveAliasType>() {
            return r.payload().print(p);
        }
        write!(p, "{ty}")
    }

    fn print_attribute<'c>(attr: Attribute<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        match attr.dyn_cast::<ConditionalAliasAttr>() {
            Some(c) => c.payload().print(p),
            None => write!(p, "{attr}"),
        }
    }
}

impl DialectSyntax for TestDialect {
    /// MLIR's test dialect declares any resource key, a blob.
    fn resource_section() -> ResourceSection {
        ResourceSection::Blobs
    }

    /// The three types modelled here, a mnemonic the dialect does not know
    /// and a known one in a form its parser refuses (MLIR's errors); its
    /// other types stay opaque.
    fn parses_type(mnemonic: &str) -> bool {
        matches!(mnemonic, "memref_element" | "test_rec" | "test_rec_alias")
            || crate::known::refuses("test", "type", mnemonic)
            || crate::known::has_bare_rule("test", "type", mnemonic)
    }

    /// `conditional_alias`, a mnemonic the dialect does not know and a
    /// known one in a form its parser refuses (MLIR's errors); its other
    /// attributes stay opaque.
    fn parses_attribute(mnemonic: &str) -> bool {
        mnemonic == "conditional_alias"
            || crate::known::refuses("test", "attribute", mnemonic)
            || crate::known::has_bare_rule("test", "attribute", mnemonic)
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        if let Some(e) = crate::known::bare_refusal(p, "test", "type", mnemonic) {
            return Err(e);
        }
        match mnemonic {
            "test_rec" => parse_test_rec(p),
            "test_rec_alias" => {
                let (name, has_body) = parse_recursive_head(p)?;
                let rec = p.context().intern::<RecursiveAliasType>(name);
                if has_body {
                    let body = p.parse_type()?;
                    p.expect(TokenKind::Greater, "'>'")?;
                    set_body(p, rec, body, |s| &s.0)?;
                }
                Ok(rec.into())
            }
            "memref_element" => Ok(p
                .context()
                .intern::<MemRefElementType>(&MemRefElementData)
                .into()),
            _ if crate::known::refuses("test", "type", mnemonic) => {
                Err(crate::known::refusal(p, "test", "type", mnemonic))
            }
            _ => crate::known::opaque_type(p, "test", mnemonic),
        }
    }

    /// `conditional_alias<keyword-or-string>` or `conditional_alias<#alias>`
    /// (MLIR's `parseConditionalAlias`: a keyword or a string, else an
    /// attribute, which must be a string).
    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("test", "attribute", mnemonic) {
            return Err(crate::known::refusal(p, "test", "attribute", mnemonic));
        }
        if let Some(e) = crate::known::bare_refusal(p, "test", "attribute", mnemonic) {
            return Err(e);
        }
        if mnemonic != "conditional_alias" {
            return crate::known::opaque_attribute(p, "test", mnemonic);
        }
        p.expect(TokenKind::Less, "'<'")?;
        let ctx: &'c Context<P, S> = p.context();
        let value = match p.token().kind {
            TokenKind::BareId => {
                let v = ctx.string_attr(p.spelling());
                p.consume_if(TokenKind::BareId);
                v
            }
            _ => {
                let at = p.error("expected a string attribute");
                p.parse_attribute()?.dyn_cast::<StringAttr>().ok_or(at)?
            }
        };
        p.expect(TokenKind::Greater, "'>'")?;
        Ok(ctx
            .intern::<ConditionalAliasAttr>(ConditionalAliasData { value })
            .into())
    }
}
