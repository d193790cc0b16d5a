//! The part of MLIR's `ptr` dialect that changes what `mlir-opt-19` prints
//! or refuses, found by running strata-opt over the generic form of MLIR
//! 19's `Dialect/Ptr` tests: `!ptr.ptr` implements MLIR's
//! `MemRefElementTypeInterface`, so it may be a memref's element, where an
//! opaque type may not. `!ptr.ptr` and `!ptr.ptr<memory-space>` are
//! [`PtrType`]s; the memory space is parsed (`<3>` prints `<3 : i64>`, as
//! MLIR prints it). Another type, and an attribute other than
//! `#ptr.spec<...>` (kept opaque), is MLIR's error.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::ptr::PtrDialect;
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<PtrDialect>();
//! let m = syntax.parse_type(&ctx, "memref<4x!ptr.ptr<3>>").unwrap();
//! assert_eq!(m.to_string(), "memref<4x!ptr.ptr<3 : i64>>");
//! ```

use core::fmt;
use core::fmt::Write as _;
use core::hash::BuildHasher;

use strata_builtin::{AsmElement, AsmPrinter, DialectAsm};
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{DialectSyntax, ParseError, Parser};

use crate::text::{Piece, TextData};

/// The `ptr` dialect (see the [module](self)).
#[derive(Debug)]
pub struct PtrDialect;

crate::text_kind!(
    /// `!ptr.ptr` or `!ptr.ptr<memory-space>`: MLIR's `ptr::PtrType`, a
    /// valid memref element.
    PtrType, Type, "ptr.ptr"
);

impl Dialect for PtrDialect {
    const NAMESPACE: &'static str = "ptr";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<PtrType>();
    }
}

impl DialectAsm for PtrDialect {
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        PtrType::elements(ty, visit);
    }

    fn print_type<'c>(ty: Type<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        PtrType::print(ty, p).unwrap_or_else(|| write!(p, "{ty}"))
    }
}

impl DialectSyntax for PtrDialect {
    /// Every type: `ptr` is a [`PtrType`], another is MLIR's error.
    fn parses_type(_: &str) -> bool {
        true
    }

    /// Every attribute but MLIR 19's one, `spec` (a data layout entry,
    /// `#ptr.spec<size = 32, abi = 32, preferred = 64>`), which stays
    /// opaque but bare (MLIR's error): another is MLIR's error.
    fn parses_attribute(mnemonic: &str) -> bool {
        crate::known::refuses("ptr", "attribute", mnemonic)
            || crate::known::has_bare_rule("ptr", "attribute", mnemonic)
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("ptr", "attribute", mnemonic) {
            return Err(crate::known::refusal(p, "ptr", "attribute", mnemonic));
        }
        match crate::known::bare_refusal(p, "ptr", "attribute", mnemonic) {
            Some(e) => Err(e),
            None => crate::known::opaque_attribute(p, "ptr", mnemonic),
        }
    }

    /// `ptr` or `ptr<attribute>`.
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        if mnemonic != "ptr" {
            // MLIR's message, two spaces and all (`crate::mnemonics`).
            return Err(crate::known::refusal(p, "ptr", "type", mnemonic));
        }
        if let Some(e) = crate::known::bare_refusal(p, "ptr", "type", mnemonic) {
            return Err(e);
        }
        let space = if p.consume_if(TokenKind::Less) {
            let a = p.parse_attribute()?;
            p.expect(TokenKind::Greater, "'>'")?;
            Some(a)
        } else {
            None
        };
        let pieces: &[Piece<'_, 'c>] = match space {
            Some(a) => &[Piece::Text("<"), Piece::Attr(a), Piece::Text(">")],
            None => &[],
        };
        Ok(p.context()
            .intern::<PtrType>(TextData {
                prefix: "!ptr.",
                mnemonic,
                pieces,
            })
            .into())
    }
}
