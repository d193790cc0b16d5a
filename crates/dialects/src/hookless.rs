//! More registered dialects of `mlir-opt-19`, in the part that changes
//! what it prints or refuses for forms strata otherwise keeps opaque. The
//! first three were found by running strata-opt over the generic form of
//! the dialect's MLIR 19 tests (`Dialect/DLTI`, `Dialect/MLProgram`,
//! `Dialect/Ptr`); the rest by asking `mlir-opt-19` for a type and an
//! attribute of each dialect it registers (`tests/oracle/hookless.sh`).
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
//!   MLIR prints it). Another type, and an attribute other than
//!   `#ptr.spec<...>` (kept opaque), is MLIR's error.
//! - thirty dialects with no parser for their types, their attributes or
//!   both (`tensor`, `arith`, `func`, `scf`, ...; `hookless_dialect!`):
//!   such a form is MLIR's "dialect 'tensor' provides no type parsing
//!   hook", at the same column. A family the dialect does parse stays
//!   opaque.
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
use strata_syntax::{
    AsmAlias, AsmElement, DialectSyntax, ParseError, Parser, ResourceSection, Syntax,
};

use crate::known::at_mnemonic;
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
        Err(no_hook(p, mnemonic, "dlti", "type"))
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("dlti", "attribute", mnemonic) {
            return Err(crate::known::refusal(p, "dlti", "attribute", mnemonic));
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
    /// MLIR's dialect has the asm interface and declares no resource.
    fn resource_section() -> ResourceSection {
        ResourceSection::NoKeys
    }

    /// Only a type the dialect does not know: MLIR's error.
    fn parses_type(mnemonic: &str) -> bool {
        crate::known::refuses("ml_program", "type", mnemonic)
    }

    /// Only an attribute the dialect does not know: MLIR's error.
    fn parses_attribute(mnemonic: &str) -> bool {
        crate::known::refuses("ml_program", "attribute", mnemonic)
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        Err(crate::known::refusal(p, "ml_program", "type", mnemonic))
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        Err(crate::known::refusal(
            p,
            "ml_program",
            "attribute",
            mnemonic,
        ))
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

    /// Every attribute but MLIR 19's one, `spec` (a data layout entry,
    /// `#ptr.spec<size = 32, abi = 32, preferred = 64>`), which stays
    /// opaque: another is MLIR's error.
    fn parses_attribute(mnemonic: &str) -> bool {
        crate::known::refuses("ptr", "attribute", mnemonic)
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        Err(crate::known::refusal(p, "ptr", "attribute", mnemonic))
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

/// A registered dialect of `mlir-opt-19` that strata-opt models no further
/// than its namespace. A family it has no parser for (`types: true`,
/// `attributes: true`) is refused as MLIR refuses every type (or
/// attribute) of it, with "dialect 'tensor' provides no type parsing
/// hook", at the first character after the namespace's `.` or `<`; a
/// family it does parse stays opaque here, but for a mnemonic it does not
/// know, which is MLIR's error ([`crate::known`]).
macro_rules! hookless_dialect {
    ($(#[$doc:meta])* $name:ident, $ns:literal, types: $no_types:literal, attributes: $no_attrs:literal) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub(crate) struct $name;

        impl Dialect for $name {
            const NAMESPACE: &'static str = $ns;

            /// No kinds: what the dialect parses stays opaque.
            fn register(_: &mut Registry<'_>) {}
        }

        impl DialectSyntax for $name {
            fn parses_type(mnemonic: &str) -> bool {
                $no_types || crate::known::refuses($ns, "type", mnemonic)
            }

            fn parses_attribute(mnemonic: &str) -> bool {
                $no_attrs || crate::known::refuses($ns, "attribute", mnemonic)
            }

            fn parse_type<'c, P: Policy, S: BuildHasher>(
                p: &mut Parser<'c, '_, P, S>,
                mnemonic: &str,
            ) -> Result<Type<'c>, ParseError> {
                Err(if $no_types {
                    no_hook(p, mnemonic, $ns, "type")
                } else {
                    crate::known::refusal(p, $ns, "type", mnemonic)
                })
            }

            fn parse_attribute<'c, P: Policy, S: BuildHasher>(
                p: &mut Parser<'c, '_, P, S>,
                mnemonic: &str,
            ) -> Result<Attribute<'c>, ParseError> {
                Err(if $no_attrs {
                    no_hook(p, mnemonic, $ns, "attribute")
                } else {
                    crate::known::refusal(p, $ns, "attribute", mnemonic)
                })
            }
        }
    };
}

hookless_dialect!(
    /// MLIR 19's `affine` dialect, which parses no types and attributes.
    AffineDialect, "affine", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `amdgpu` dialect, which parses no types. Its attributes stay opaque.
    AmdgpuDialect, "amdgpu", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `amx` dialect, which parses no types and attributes.
    AmxDialect, "amx", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `arith` dialect, which parses no types. Its attributes stay opaque.
    ArithDialect, "arith", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `arm_neon` dialect, which parses no types and attributes.
    ArmNeonDialect, "arm_neon", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `arm_sme` dialect, which parses no types. Its attributes stay opaque.
    ArmSmeDialect, "arm_sme", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `arm_sve` dialect, which parses no types and attributes.
    ArmSveDialect, "arm_sve", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `async` dialect, which parses no attributes. Its types stay opaque.
    AsyncDialect, "async", types: false, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `bufferization` dialect, which parses no types and attributes.
    BufferizationDialect, "bufferization", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `cf` dialect, which parses no types and attributes.
    CfDialect, "cf", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `complex` dialect, which parses no types. Its attributes stay opaque.
    ComplexDialect, "complex", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `func` dialect, which parses no types and attributes.
    FuncDialect, "func", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `index` dialect, which parses no types. Its attributes stay opaque.
    IndexDialect, "index", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `linalg` dialect, which parses no types. Its attributes stay opaque.
    LinalgDialect, "linalg", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `math` dialect, which parses no types and attributes.
    MathDialect, "math", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `memref` dialect, which parses no types and attributes.
    MemrefDialect, "memref", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `mesh` dialect, which parses no types. Its attributes stay opaque.
    MeshDialect, "mesh", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `nvvm` dialect, which parses no types. Its attributes stay opaque.
    NvvmDialect, "nvvm", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `pdl` dialect, which parses no attributes. Its types stay opaque.
    PdlDialect, "pdl", types: false, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `pdl_interp` dialect, which parses no types and attributes.
    PdlInterpDialect, "pdl_interp", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `quant` dialect, which parses no attributes. Its types stay opaque.
    QuantDialect, "quant", types: false, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `rocdl` dialect, which parses no types. Its attributes stay opaque.
    RocdlDialect, "rocdl", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `scf` dialect, which parses no types and attributes.
    ScfDialect, "scf", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `shape` dialect, which parses no attributes. Its types stay opaque.
    ShapeDialect, "shape", types: false, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `tensor` dialect, which parses no types and attributes.
    TensorDialect, "tensor", types: true, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `tosa` dialect, which parses no types. Its attributes stay opaque.
    TosaDialect, "tosa", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `transform` dialect, which parses no attributes. Its types stay opaque.
    TransformDialect, "transform", types: false, attributes: true
);
hookless_dialect!(
    /// MLIR 19's `ub` dialect, which parses no types. Its attributes stay opaque.
    UbDialect, "ub", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `vector` dialect, which parses no types. Its attributes stay opaque.
    VectorDialect, "vector", types: true, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `x86vector` dialect, which parses no types and attributes.
    X86vectorDialect, "x86vector", types: true, attributes: true
);

hookless_dialect!(
    /// MLIR 19's `acc` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    AccDialect, "acc", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `emitc` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    EmitcDialect, "emitc", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `gpu` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    GpuDialect, "gpu", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `irdl` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    IrdlDialect, "irdl", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `mpi` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    MpiDialect, "mpi", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `nvgpu` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    NvgpuDialect, "nvgpu", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `omp` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    OmpDialect, "omp", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `polynomial` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    PolynomialDialect, "polynomial", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `spirv` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    SpirvDialect, "spirv", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `test_dyn` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    TestDynDialect, "test_dyn", types: false, attributes: false
);
hookless_dialect!(
    /// MLIR 19's `xegpu` dialect: its types and attributes stay opaque, and
    /// it is registered for its namespace (a `dialect_resources` entry).
    XegpuDialect, "xegpu", types: false, attributes: false
);

/// Registers the dialects of `mlir-opt-19` that parse no types or no
/// attributes (see `hookless_dialect!`), so that strata-opt refuses such a
/// form with MLIR's message where it would otherwise keep it opaque, and
/// the rest of its dialects that strata-opt has no model of, so that every
/// namespace `mlir-opt-19` registers is registered here too (a
/// `dialect_resources` entry of another is "dialect 'foo' is unknown").
pub(crate) fn register_hookless<P: Policy, S: BuildHasher>(s: &mut Syntax<P, S>) {
    s.register::<AffineDialect>();
    s.register::<AmdgpuDialect>();
    s.register::<AmxDialect>();
    s.register::<ArithDialect>();
    s.register::<ArmNeonDialect>();
    s.register::<ArmSmeDialect>();
    s.register::<ArmSveDialect>();
    s.register::<AsyncDialect>();
    s.register::<BufferizationDialect>();
    s.register::<CfDialect>();
    s.register::<ComplexDialect>();
    s.register::<FuncDialect>();
    s.register::<IndexDialect>();
    s.register::<LinalgDialect>();
    s.register::<MathDialect>();
    s.register::<MemrefDialect>();
    s.register::<MeshDialect>();
    s.register::<NvvmDialect>();
    s.register::<PdlDialect>();
    s.register::<PdlInterpDialect>();
    s.register::<QuantDialect>();
    s.register::<RocdlDialect>();
    s.register::<ScfDialect>();
    s.register::<ShapeDialect>();
    s.register::<TensorDialect>();
    s.register::<TosaDialect>();
    s.register::<TransformDialect>();
    s.register::<UbDialect>();
    s.register::<VectorDialect>();
    s.register::<X86vectorDialect>();
    s.register::<AccDialect>();
    s.register::<EmitcDialect>();
    s.register::<GpuDialect>();
    s.register::<IrdlDialect>();
    s.register::<MpiDialect>();
    s.register::<NvgpuDialect>();
    s.register::<OmpDialect>();
    s.register::<PolynomialDialect>();
    s.register::<SpirvDialect>();
    s.register::<TestDynDialect>();
    s.register::<XegpuDialect>();
}

/// MLIR's "dialect 'tensor' provides no type parsing hook" (`family` is
/// `type` or `attribute`), for a dialect without a parser for that family.
fn no_hook<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    dialect: &str,
    family: &str,
) -> ParseError {
    at_mnemonic(
        p,
        mnemonic,
        format!("dialect '{dialect}' provides no {family} parsing hook"),
    )
}
