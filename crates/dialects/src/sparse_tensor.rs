//! The one part of MLIR's `sparse_tensor` dialect that changes what
//! `mlir-opt-19` prints for a module strata keeps opaque: its alias.
//!
//! `mlir-opt-19` registers `sparse_tensor`, whose `OpAsmDialectInterface`
//! names every sparse tensor encoding `#sparse` (an overridable alias, so
//! the printer numbers them `#sparse`, `#sparse1`, ... as it numbers `#map`).
//! strata keeps the encoding as an opaque attribute (its text, as
//! `mlir-opt-19` printed it), and this model names the same alias for it, so
//! a sparse tensor type prints as `tensor<?x?xf64, #sparse>` with
//! `#sparse = #sparse_tensor.encoding<{ ... }>` among the aliases, as in
//! MLIR. The dialect parses no form itself: every `sparse_tensor` type and
//! attribute stays opaque.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::sparse_tensor::SparseTensorDialect;
//! use strata_builtin::{AsmAlias, DialectAsm};
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<SparseTensorDialect>();
//! let encoding = "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>";
//! let t = syntax.parse_type(&ctx, &format!("tensor<8xf32, {encoding}>")).unwrap();
//! assert_eq!(t.to_string(), format!("tensor<8xf32, {encoding}>"));
//! let e = syntax.parse_attribute(&ctx, encoding).unwrap();
//! assert_eq!(
//!     SparseTensorDialect::attribute_alias(e),
//!     Some(AsmAlias::Overridable("sparse".into()))
//! );
//! ```

use core::fmt;
use core::fmt::Write as _;
use core::hash::BuildHasher;

use strata_builtin::OpaqueAttr;
use strata_builtin::{AsmAlias, AsmElement, AsmPrinter, DialectAsm};
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::{DialectSyntax, ParseError, Parser, ResourceSection};

crate::text_kind!(
    /// `!sparse_tensor.mnemonic<...>`: a type of the `sparse_tensor`
    /// dialect, kept as text with the values written inside it parsed.
    SparseTensorType, Type, "sparse_tensor.type"
);

/// The `sparse_tensor` dialect, as far as strata-opt models it (see the
/// [module](self)).
#[derive(Debug)]
pub struct SparseTensorDialect;

impl Dialect for SparseTensorDialect {
    const NAMESPACE: &'static str = "sparse_tensor";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<SparseTensorType>();
    }
}

impl DialectAsm for SparseTensorDialect {
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        SparseTensorType::elements(ty, visit);
    }

    /// MLIR's `SparseTensorAsmDialectInterface::getAlias`: `sparse` for a
    /// sparse tensor encoding, overridable.
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let o = attr.dyn_cast::<OpaqueAttr>()?;
        let p = o.payload();
        (p.dialect == "sparse_tensor" && p.data.starts_with("encoding<"))
            .then(|| AsmAlias::Overridable("sparse".into()))
    }

    fn print_type<'c>(ty: Type<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        SparseTensorType::print(ty, p).unwrap_or_else(|| write!(p, "{ty}"))
    }
}

impl DialectSyntax for SparseTensorDialect {
    /// MLIR's dialect has the asm interface and declares no resource.
    fn resource_section() -> ResourceSection {
        ResourceSection::NoKeys
    }

    /// Every type of the dialect is a [`SparseTensorType`].
    fn parses_type(_: &str) -> bool {
        true
    }

    /// A mnemonic the dialect does not know is MLIR's error.
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        if crate::known::refuses("sparse_tensor", "type", mnemonic) {
            return Err(crate::known::refusal(p, "sparse_tensor", "type", mnemonic));
        }
        if let Some(e) = crate::known::bare_refusal(p, "sparse_tensor", "type", mnemonic) {
            return Err(e);
        }
        SparseTensorType::parse(p, "!sparse_tensor.", mnemonic, None)
    }

    /// The dialect's attributes (its encodings) stay opaque, but for a
    /// mnemonic it does not know and a known one in a form its parser
    /// refuses (MLIR's errors).
    fn parses_attribute(mnemonic: &str) -> bool {
        crate::known::refuses("sparse_tensor", "attribute", mnemonic)
            || crate::known::has_bare_rule("sparse_tensor", "attribute", mnemonic)
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("sparse_tensor", "attribute", mnemonic) {
            return Err(crate::known::refusal(
                p,
                "sparse_tensor",
                "attribute",
                mnemonic,
            ));
        }
        match crate::known::bare_refusal(p, "sparse_tensor", "attribute", mnemonic) {
            Some(e) => Err(e),
            None => crate::known::opaque_attribute(p, "sparse_tensor", mnemonic),
        }
    }
}
