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
//! - **Two kinds**: `!test.memref_element` ([`MemRefElementType`], MLIR's
//!   `TestMemRefElementType`, which implements `MemRefElementTypeInterface`:
//!   as a type of a dialect it may be a memref's element, where an opaque
//!   type may not) and `#test.conditional_alias<...>`
//!   ([`ConditionalAliasAttr`], a string printed as its alias when it has
//!   one, else as a keyword or a string).
//! - Every other test type and attribute stays opaque (its text kept and
//!   printed back as written), as an unregistered dialect's: the alias rules
//!   above recognise the opaque types by their text, as `mlir-opt-19` prints
//!   them (`!test.int<unsigned, 8>`, `!test.smpla`).
//!
//! ```
//! use strata_ctx::Context;
//! use strata_module::{PrintOptions, parse_module_with, print_module};
//!
//! let ctx = Context::new();
//! let syntax = strata_cli::syntax();
//! let text = "\"test.op\"() {a = \"alias_test:dot_in_name\"} : () -> !test.int<unsigned, 8>\n";
//! let module = parse_module_with(&ctx, &syntax, text, "in.mlir").unwrap();
//! let printed = print_module(&module, PrintOptions::default());
//! assert!(printed.starts_with("!test_ui8_ = !test.int<unsigned, 8>\n#test2Ealias = \"alias_test:dot_in_name\"\n"));
//! ```

use core::fmt;
use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_builtin::{OpaqueType, StringAttr, TupleType, is_bare_identifier};
use strata_ctx::{Attribute, Context, Dialect, Interned, Policy, Registry, Type, storage_kind};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{AsmAlias, AsmElement, DialectSyntax, ParseError, Parser, Syntax};

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

impl fmt::Display for ConditionalAliasData<'_> {
    /// `#test.conditional_alias<#alias>` when the string has an alias in
    /// the printing under way, else the string as a keyword when it is a
    /// bare identifier, else quoted (MLIR's `printConditionalAlias`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The string's own `Display` prints its alias when it has one, and
        // the quoted string otherwise.
        let printed = self.value.to_string();
        let value = self.value.payload().value;
        if !printed.starts_with('#') && is_bare_identifier(value) {
            write!(f, "#test.conditional_alias<{value}>")
        } else {
            write!(f, "#test.conditional_alias<{printed}>")
        }
    }
}

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

impl Dialect for TestDialect {
    const NAMESPACE: &'static str = "test";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<MemRefElementType>();
        registry.kind::<ConditionalAliasAttr>();
    }
}

/// The text of an opaque type of the test dialect (`int<unsigned, 8>` of
/// `!test.int<unsigned, 8>`).
fn test_opaque_type<'c>(ty: Type<'c>) -> Option<&'c str> {
    let o = ty.dyn_cast::<OpaqueType>()?;
    let p = o.payload();
    (p.dialect == "test").then_some(p.data)
}

/// The name of a recursive type of the test dialect, `NAME` of
/// `test_rec<NAME, ...>` or `test_rec_alias<NAME, ...>` (`mnemonic` is
/// `test_rec` or `test_rec_alias`).
fn recursive_name<'s>(data: &'s str, mnemonic: &str) -> Option<&'s str> {
    let rest = data.strip_prefix(mnemonic)?.strip_prefix('<')?;
    let end = rest.find([',', '>'])?;
    Some(rest[..end].trim())
}

impl DialectSyntax for TestDialect {
    fn parses_type(mnemonic: &str) -> bool {
        mnemonic == "memref_element"
    }

    fn parses_attribute(mnemonic: &str) -> bool {
        mnemonic == "conditional_alias"
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        debug_assert_eq!(mnemonic, "memref_element");
        Ok(p.context()
            .intern::<MemRefElementType>(&MemRefElementData)
            .into())
    }

    /// `conditional_alias<keyword-or-string>` or `conditional_alias<#alias>`
    /// (MLIR's `parseConditionalAlias`: a keyword or a string, else an
    /// attribute, which must be a string).
    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        debug_assert_eq!(mnemonic, "conditional_alias");
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
        let data = test_opaque_type(ty)?;
        if data == "int<unsigned, 8>" {
            return Some(AsmAlias::Final("test_ui8".into()));
        }
        if recursive_name(data, "test_rec") == Some("type_to_alias") {
            return Some(AsmAlias::Final("testrec".into()));
        }
        recursive_name(data, "test_rec_alias").map(|n| AsmAlias::Final(n.into()))
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

    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        if let Some(c) = attr.dyn_cast::<ConditionalAliasAttr>() {
            visit(AsmElement::Attribute(c.payload().value.into()));
        }
    }
}

/// The dialect syntax `strata-opt` parses and prints with: the model of
/// MLIR's test dialect that `mlir-opt-19` has compiled in (see the
/// [module](self)). The conformance test uses the same.
pub fn syntax<P: Policy, S: BuildHasher>() -> Syntax<P, S> {
    let mut s = Syntax::new();
    s.register::<TestDialect>();
    s
}
