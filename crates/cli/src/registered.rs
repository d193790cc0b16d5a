//! Three more registered dialects of `mlir-opt-19`, in the part that
//! changes what it prints for forms strata otherwise keeps opaque. Each was
//! found by running strata-opt over the generic form of the dialect's MLIR
//! 19 tests (`Dialect/DLTI`, `Dialect/MLProgram`, `Dialect/Ptr`).
//!
//! - `dlti` ([`DltiDialect`]): its attributes nest others (`#dlti.dl_entry<
//!   "key", #map>`), so each of MLIR 19's four (`dl_entry`, `dl_spec`,
//!   `target_device_spec`, `target_system_spec`) is a [`DltiAttr`], kept as
//!   text with the values written inside it parsed ([`crate::text`]);
//!   another mnemonic, and any type, is MLIR's error.
//! - `ml_program` ([`MlProgramDialect`]): MLIR's
//!   `MLProgramOpAsmDialectInterface` names `#ml_program.extern : type` the
//!   overridable alias `extern`. The attribute stays opaque.
//! - `ptr` ([`PtrDialect`]): `!ptr.ptr` implements MLIR's
//!   `MemRefElementTypeInterface`, so it may be a memref's element, where an
//!   opaque type may not. `!ptr.ptr` and `!ptr.ptr<memory-space>` are
//!   [`PtrType`]s; the memory space is parsed (`<3>` prints `<3 : i64>`, as
//!   MLIR prints it). Another type, and any attribute, is MLIR's error.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_module::{PrintOptions, parse_module_with, print_module};
//!
//! let ctx = Context::new();
//! let text = "\"x.op\"() {e = #ml_program.extern : i32} : () -> memref<4x!ptr.ptr<3>>\n";
//! let module = parse_module_with(&ctx, &strata_cli::syntax(), text, "r.mlir").unwrap();
//! let printed = print_module(&module, PrintOptions::default());
//! assert!(printed.starts_with("#extern = #ml_program.extern : i32\n"));
//! assert!(printed.contains("{e = #extern} : () -> memref<4x!ptr.ptr<3 : i64>>"));
//! ```

use core::hash::BuildHasher;

use strata_builtin::OpaqueAttr;
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{AsmAlias, AsmElement, DialectSyntax, ParseError, Parser};

use crate::text::{Piece, TextData};

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
        Err(at_mnemonic(
            p,
            mnemonic,
            "dialect 'dlti' provides no type parsing hook".into(),
        ))
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if !DLTI_ATTRIBUTES.contains(&mnemonic) {
            return Err(unknown(p, "attribute", mnemonic, "dlti"));
        }
        DltiAttr::parse(p, "#dlti.", mnemonic, None)
    }

    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        DltiAttr::elements(attr, visit);
    }
}

/// The `ml_program` dialect (see the [module](self)).
#[derive(Debug)]
pub struct MlProgramDialect;

impl Dialect for MlProgramDialect {
    const NAMESPACE: &'static str = "ml_program";

    /// No kinds: every form of the dialect stays opaque.
    fn register(_: &mut Registry<'_>) {}
}

impl DialectSyntax for MlProgramDialect {
    fn parses_type(_: &str) -> bool {
        false
    }

    fn parses_attribute(_: &str) -> bool {
        false
    }

    /// MLIR's `MLProgramOpAsmDialectInterface::getAlias`: `extern` for an
    /// `ExternAttr`, overridable.
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let o = attr.dyn_cast::<OpaqueAttr>()?;
        let p = o.payload();
        (p.dialect == "ml_program" && p.data == "extern")
            .then(|| AsmAlias::Overridable("extern".into()))
    }
}

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

impl DialectSyntax for PtrDialect {
    /// Every type: `ptr` is a [`PtrType`], another is MLIR's error.
    fn parses_type(_: &str) -> bool {
        true
    }

    /// Every attribute: the dialect has none this model knows, which MLIR
    /// reports.
    fn parses_attribute(_: &str) -> bool {
        true
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        Err(unknown(p, "attribute", mnemonic, "ptr"))
    }

    /// `ptr` or `ptr<attribute>`.
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        if mnemonic != "ptr" {
            // MLIR's message, two spaces and all.
            return Err(unknown(p, " type", mnemonic, "ptr"));
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

    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        PtrType::elements(ty, visit);
    }
}

/// The attributes of MLIR 19's `dlti` dialect.
const DLTI_ATTRIBUTES: [&str; 4] = [
    "dl_entry",
    "dl_spec",
    "target_device_spec",
    "target_system_spec",
];

/// An error at the mnemonic, which a dialect hook's parser is just past.
fn at_mnemonic<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    message: String,
) -> ParseError {
    let end = p.token().start;
    ParseError::new(end - mnemonic.len()..end, message)
}

/// MLIR's "unknown attribute `foo` in dialect `ptr`" (`family` is
/// `attribute`, or ` type`: MLIR writes "unknown  type").
fn unknown<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    family: &str,
    mnemonic: &str,
    dialect: &str,
) -> ParseError {
    at_mnemonic(
        p,
        mnemonic,
        format!("unknown {family} `{mnemonic}` in dialect `{dialect}`"),
    )
}
