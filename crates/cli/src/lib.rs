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

mod known;
pub mod llvm;
mod mnemonics;
pub mod registered;
pub mod sparse_tensor;
pub mod test_dialect;
pub mod text;

pub use test_dialect::syntax;

use core::hash::BuildHasher;

use strata_ctx::{Context, Policy};

/// The dialects `mlir-opt-19` has compiled in: strata-module's list, which
/// its printer also uses.
pub use strata_module::MLIR_OPT_DIALECTS;

/// Registers [`MLIR_OPT_DIALECTS`] in `ctx` (but `builtin`, which every
/// context has), as `strata-opt` does before it parses. Their forms stay
/// opaque in strata, except the parts [`test_dialect`], [`sparse_tensor`],
/// [`llvm`] and [`registered`] model (and [`syntax`] refuses a mnemonic a
/// dialect does not know, as MLIR does), but they are registered: where MLIR's meaning depends on whether a
/// dialect is registered, `strata-opt` decides as `mlir-opt-19` does (a
/// memref's memory space may be `#gpu.address_space<workgroup>`, an
/// attribute of the registered `gpu` dialect, but not `#foo.bar`, an opaque
/// attribute of an unregistered one).
///
/// ```
/// let mut ctx = strata_ctx::Context::new();
/// strata_cli::register_mlir_opt_dialects(&mut ctx);
/// assert!(ctx.has_dialect("gpu") && !ctx.has_dialect("foo"));
/// ```
pub fn register_mlir_opt_dialects<P: Policy, S: BuildHasher>(ctx: &mut Context<P, S>) {
    for namespace in MLIR_OPT_DIALECTS.iter().filter(|n| **n != "builtin") {
        ctx.register_dialect_namespace(namespace);
    }
}
