//! The part of MLIR's `dlti` dialect that changes what `mlir-opt-19`
//! prints for forms strata otherwise keeps opaque, found by running
//! strata-opt over the generic form of MLIR 19's `Dialect/DLTI` tests: its
//! attributes nest others (`#dlti.dl_entry<"key", #map>`), so each of MLIR
//! 19's four (`dl_entry`, `dl_spec`, `target_device_spec`,
//! `target_system_spec`) is a [`DltiAttr`], kept as text with the values
//! written inside it parsed ([`crate::text`]); another mnemonic, and any
//! type, is MLIR's error.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::dlti::{DltiAttr, DltiDialect};
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<DltiDialect>();
//! let entry = syntax
//!     .parse_attribute(&ctx, "#dlti.dl_entry<\"key\", affine_map<(d0) -> (d0 + 1)>>")
//!     .unwrap();
//! assert!(entry.isa::<DltiAttr>());
//! assert_eq!(entry.to_string(), "#dlti.dl_entry<\"key\", affine_map<(d0) -> (d0 + 1)>>");
//! assert!(syntax.parse_type(&ctx, "!dlti.anything").is_err());
//! ```

use core::fmt;
use core::fmt::Write as _;
use core::hash::BuildHasher;

use strata_builtin::{AsmElement, AsmPrinter, DialectAsm};
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::{DialectSyntax, ParseError, Parser};

use crate::known::no_hook;

/// The `dlti` dialect (see the [module](self)).
#[derive(Debug)]
pub struct DltiDialect;

crate::text_kind!(
    /// `#dlti.mnemonic<...>`: an attribute of the `dlti` dialect, kept as
    /// text with the values written inside it parsed.
    DltiAttr, Attribute, "dlti.attribute"
);

impl Dialect for DltiDialect {
    const NAMESPACE: &'static str = "dlti";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<DltiAttr>();
    }
}

impl DialectAsm for DltiDialect {
    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        DltiAttr::elements(attr, visit);
    }

    fn print_attribute<'c>(attr: Attribute<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        DltiAttr::print(attr, p).unwrap_or_else(|| write!(p, "{attr}"))
    }
}

impl DialectSyntax for DltiDialect {
    /// Every type: the dialect has none, which MLIR reports.
    fn parses_type(_: &str) -> bool {
        true
    }

    /// Every attribute: MLIR 19's four are [`DltiAttr`]s, another is
    /// MLIR's error.
    fn parses_attribute(_: &str) -> bool {
        true
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        Err(no_hook(p, mnemonic, "dlti", "type"))
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("dlti", "attribute", mnemonic) {
            return Err(crate::known::refusal(p, "dlti", "attribute", mnemonic));
        }
        if let Some(e) = crate::known::bare_refusal(p, "dlti", "attribute", mnemonic) {
            return Err(e);
        }
        DltiAttr::parse(p, "#dlti.", mnemonic, None)
    }
}
