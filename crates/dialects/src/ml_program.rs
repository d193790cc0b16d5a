//! The part of MLIR's `ml_program` dialect that changes what `mlir-opt-19`
//! prints, found by running strata-opt over the generic form of MLIR 19's
//! `Dialect/MLProgram` tests: MLIR's `MLProgramOpAsmDialectInterface` names
//! `#ml_program.extern : type` the overridable alias `extern`. The
//! attribute stays opaque.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::ml_program::MlProgramDialect;
//! use strata_builtin::{AsmAlias, DialectAsm};
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<MlProgramDialect>();
//! let e = syntax.parse_attribute(&ctx, "#ml_program.extern : i32").unwrap();
//! assert_eq!(e.to_string(), "#ml_program.extern : i32");
//! assert_eq!(
//!     MlProgramDialect::attribute_alias(e),
//!     Some(AsmAlias::Overridable("extern".into()))
//! );
//! ```

use core::hash::BuildHasher;

use strata_builtin::OpaqueAttr;
use strata_builtin::{AsmAlias, DialectAsm};
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::{DialectSyntax, ParseError, Parser, ResourceSection};

/// The `ml_program` dialect (see the [module](self)).
#[derive(Debug)]
pub struct MlProgramDialect;

impl Dialect for MlProgramDialect {
    const NAMESPACE: &'static str = "ml_program";

    /// No kinds: every form of the dialect stays opaque.
    fn register(_: &mut Registry<'_>) {}
}

impl DialectAsm for MlProgramDialect {
    /// MLIR's `MLProgramOpAsmDialectInterface::getAlias`: `extern` for an
    /// `ExternAttr`, overridable.
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let o = attr.dyn_cast::<OpaqueAttr>()?;
        let p = o.payload();
        (p.dialect == "ml_program" && p.data == "extern")
            .then(|| AsmAlias::Overridable("extern".into()))
    }
}

impl DialectSyntax for MlProgramDialect {
    /// MLIR's dialect has the asm interface and declares no resource.
    fn resource_section() -> ResourceSection {
        ResourceSection::NoKeys
    }

    /// Only a type the dialect does not know, or a known one in a form its
    /// parser refuses (the bare form): MLIR's errors.
    fn parses_type(mnemonic: &str) -> bool {
        crate::known::refuses("ml_program", "type", mnemonic)
            || crate::known::has_bare_rule("ml_program", "type", mnemonic)
    }

    /// Only an attribute the dialect does not know, or a known one in a
    /// form its parser refuses: MLIR's errors.
    fn parses_attribute(mnemonic: &str) -> bool {
        crate::known::refuses("ml_program", "attribute", mnemonic)
            || crate::known::has_bare_rule("ml_program", "attribute", mnemonic)
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        if crate::known::refuses("ml_program", "type", mnemonic) {
            return Err(crate::known::refusal(p, "ml_program", "type", mnemonic));
        }
        match crate::known::bare_refusal(p, "ml_program", "type", mnemonic) {
            Some(e) => Err(e),
            None => crate::known::opaque_type(p, "ml_program", mnemonic),
        }
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("ml_program", "attribute", mnemonic) {
            return Err(crate::known::refusal(
                p,
                "ml_program",
                "attribute",
                mnemonic,
            ));
        }
        match crate::known::bare_refusal(p, "ml_program", "attribute", mnemonic) {
            Some(e) => Err(e),
            None => crate::known::opaque_attribute(p, "ml_program", mnemonic),
        }
    }
}
