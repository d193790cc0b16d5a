//! The registered dialects of `mlir-opt-19` that strata models no further
//! than their namespace, found by asking `mlir-opt-19` for a type and an
//! attribute of each dialect it registers
//! (`crates/cli/tests/oracle/hookless.sh`): thirty dialects with no parser
//! for their types, their attributes or both (`tensor`, `arith`, `func`,
//! `scf`, ...; `hookless_dialect!`), where such a form is MLIR's "dialect
//! 'tensor' provides no type parsing hook", at the same column, and the
//! rest, registered for their namespace. A family the dialect does parse
//! stays opaque, but for a mnemonic it does not know, which is MLIR's
//! error.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! strata_dialects::hookless::register_hookless(&mut syntax);
//! let e = syntax.parse_type(&ctx, "!tensor.thing").unwrap_err();
//! assert_eq!(e.message(), "dialect 'tensor' provides no type parsing hook");
//! assert!(syntax.parse_type(&ctx, "!gpu.async.token").is_ok());
//! ```

use core::hash::BuildHasher;

use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::{DialectSyntax, ParseError, Parser, Syntax};

use crate::known::no_hook;

/// A registered dialect of `mlir-opt-19` that strata-opt models no further
/// than its namespace. A family it has no parser for (`types: true`,
/// `attributes: true`) is refused as MLIR refuses every type (or
/// attribute) of it, with "dialect 'tensor' provides no type parsing
/// hook", at the first character after the namespace's `.` or `<`; a
/// family it does parse stays opaque here, but for a mnemonic it does not
/// know and a known one without the token its parser needs first (the bare
/// form), which are MLIR's errors ([`crate::known`]).
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

        impl strata_builtin::DialectAsm for $name {}

        impl DialectSyntax for $name {
            fn parses_type(mnemonic: &str) -> bool {
                $no_types
                    || crate::known::refuses($ns, "type", mnemonic)
                    || crate::known::has_bare_rule($ns, "type", mnemonic)
            }

            fn parses_attribute(mnemonic: &str) -> bool {
                $no_attrs
                    || crate::known::refuses($ns, "attribute", mnemonic)
                    || crate::known::has_bare_rule($ns, "attribute", mnemonic)
            }

            fn parse_type<'c, P: Policy, S: BuildHasher>(
                p: &mut Parser<'c, '_, P, S>,
                mnemonic: &str,
            ) -> Result<Type<'c>, ParseError> {
                if $no_types {
                    return Err(no_hook(p, mnemonic, $ns, "type"));
                }
                if crate::known::refuses($ns, "type", mnemonic) {
                    return Err(crate::known::refusal(p, $ns, "type", mnemonic));
                }
                match crate::known::bare_refusal(p, $ns, "type", mnemonic) {
                    Some(e) => Err(e),
                    None => crate::known::opaque_type(p, $ns, mnemonic),
                }
            }

            fn parse_attribute<'c, P: Policy, S: BuildHasher>(
                p: &mut Parser<'c, '_, P, S>,
                mnemonic: &str,
            ) -> Result<Attribute<'c>, ParseError> {
                if $no_attrs {
                    return Err(no_hook(p, mnemonic, $ns, "attribute"));
                }
                if crate::known::refuses($ns, "attribute", mnemonic) {
                    return Err(crate::known::refusal(p, $ns, "attribute", mnemonic));
                }
                match crate::known::bare_refusal(p, $ns, "attribute", mnemonic) {
                    Some(e) => Err(e),
                    None => crate::known::opaque_attribute(p, $ns, mnemonic),
                }
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
pub fn register_hookless<P: Policy, S: BuildHasher>(s: &mut Syntax<P, S>) {
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
