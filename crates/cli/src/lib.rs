//! The library half of `strata-cli`: the dialects `strata-opt` registers
//! ([`syntax`] and [`register_mlir_opt_dialects`]).
//!
//! `strata-opt` models `mlir-opt-19`, which has MLIR's test dialect compiled
//! in; [`syntax`] is the dialect syntax it parses and prints with (the model
//! of that test dialect, [`test_dialect`]), so that a test of strata-opt's
//! output builds its module exactly as the tool does.
//!
//! ```
//! let syntax: strata_syntax::Syntax<strata_ctx::Shared, rustc_hash::FxBuildHasher> =
//!     strata_cli::syntax();
//! assert!(syntax.has_dialect("test"));
//! ```
#![forbid(unsafe_code)]

pub mod sparse_tensor;
pub mod test_dialect;

pub use test_dialect::syntax;

use core::hash::BuildHasher;

use strata_ctx::{Context, Policy};

/// The dialects `mlir-opt-19` has compiled in (`mlir-opt-19
/// --show-dialects`), builtin aside. Their forms stay opaque in strata,
/// except the part of `test` that [`test_dialect`] models, but they are
/// registered: where MLIR's meaning depends on whether a dialect is
/// registered, `strata-opt` must decide as `mlir-opt-19` does (a memref's
/// memory space may be `#gpu.address_space<workgroup>`, an attribute of the
/// registered `gpu` dialect, but not `#foo.bar`, an opaque attribute of an
/// unregistered one).
pub const MLIR_OPT_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// Registers [`MLIR_OPT_DIALECTS`] in `ctx`, as `strata-opt` does before it
/// parses.
///
/// ```
/// let mut ctx = strata_ctx::Context::new();
/// strata_cli::register_mlir_opt_dialects(&mut ctx);
/// assert!(ctx.has_dialect("gpu") && !ctx.has_dialect("foo"));
/// ```
pub fn register_mlir_opt_dialects<P: Policy, S: BuildHasher>(ctx: &mut Context<P, S>) {
    for namespace in MLIR_OPT_DIALECTS {
        ctx.register_dialect_namespace(namespace);
    }
}
