//! What `strata-opt` loads, shared by its binaries and its tests: the
//! dialect syntax it parses and prints with ([`syntax`]) and the dialect
//! namespaces it registers ([`register_mlir_opt_dialects`]), so that a test
//! of strata-opt's output builds its module exactly as the tool does. The
//! dialect models themselves are `strata-dialects`'.
//!
//! ```
//! let syntax: strata_syntax::Syntax<strata_ctx::Shared, rustc_hash::FxBuildHasher> =
//!     strata_cli::syntax();
//! assert!(syntax.has_dialect("test"));
//! ```
#![forbid(unsafe_code)]

use core::hash::BuildHasher;

use strata_ctx::{Context, Policy};
use strata_dialects::{dlti, hookless, llvm, ml_program, ptr, sparse_tensor, test};
use strata_syntax::Syntax;

/// The dialects `mlir-opt-19` has compiled in: strata-module's list, which
/// its printer also uses.
pub use strata_module::MLIR_OPT_DIALECTS;

/// The dialect syntax `strata-opt` parses and prints with: the models of
/// the dialects `mlir-opt-19` has compiled in, MLIR's test dialect among
/// them (`strata-dialects`). The conformance tests use the same.
pub fn syntax<P: Policy, S: BuildHasher>() -> Syntax<P, S> {
    let mut s = Syntax::new();
    s.register::<test::TestDialect>();
    s.register::<sparse_tensor::SparseTensorDialect>();
    s.register::<llvm::LlvmDialect>();
    s.register::<dlti::DltiDialect>();
    s.register::<ml_program::MlProgramDialect>();
    s.register::<ptr::PtrDialect>();
    hookless::register_hookless(&mut s);
    s
}

/// Registers [`MLIR_OPT_DIALECTS`] in `ctx` (but `builtin`, which every
/// context has), as `strata-opt` does before it parses. Their forms stay
/// opaque in strata, except the parts `strata-dialects` models (and
/// [`syntax`] refuses a mnemonic a dialect does not know, as MLIR does),
/// but they are registered: where MLIR's meaning depends on whether a
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
