//! What `strata-opt` loads, shared by its binaries and its tests: the
//! dialect syntax it parses and prints with ([`syntax`]), whose dialects it
//! registers in each context it parses into
//! ([`Syntax::register_dialects_in`]), so that a test of strata-opt's
//! output builds its module exactly as the tool does. The dialect models
//! themselves are `strata-dialects`'.
//!
//! ```
//! let syntax: strata_syntax::Syntax<strata_ctx::Shared, rustc_hash::FxBuildHasher> =
//!     strata_cli::syntax();
//! assert!(syntax.has_dialect("test"));
//! let mut ctx = strata_ctx::Context::new();
//! syntax.register_dialects_in(&mut ctx);
//! assert!(ctx.has_dialect("gpu") && !ctx.has_dialect("foo"));
//! ```
#![forbid(unsafe_code)]

use core::hash::BuildHasher;

use strata_ctx::Policy;
use strata_dialects::{dlti, hookless, llvm, ml_program, ptr, sparse_tensor, test};
use strata_ir::OpRegistry;
use strata_syntax::Syntax;

mod mlir_opt;
mod mlir_opt_ops;

pub use mlir_opt::{
    MLIR_OPT_DIALECTS, MLIR_OPT_GRAPH_REGION_OPS, MLIR_OPT_OPEN_DIALECTS, MLIR_OPT_OPS,
    MLIR_OPT_TEST_OPS, mlir_opt_registration,
};

/// The dialect syntax `strata-opt` parses and prints with: the models of
/// the dialects `mlir-opt-19` has compiled in, MLIR's test dialect among
/// them (`strata-dialects`), one for each of [`MLIR_OPT_DIALECTS`] but
/// `builtin`. The conformance tests use the same.
///
/// `strata-opt` registers them in the context it parses into
/// ([`Syntax::register_dialects_in`]) before it parses. Their forms stay
/// opaque in strata, except the parts `strata-dialects` models (and the
/// syntax refuses a mnemonic a dialect does not know, as MLIR does), but
/// they are registered: where MLIR's meaning depends on whether a dialect
/// is registered, `strata-opt` decides as `mlir-opt-19` does (a memref's
/// memory space may be `#gpu.address_space<workgroup>`, an attribute of
/// the registered `gpu` dialect, but not `#foo.bar`, an opaque attribute of
/// an unregistered one).
pub fn syntax<P: Policy, S: BuildHasher>() -> Syntax<P, S> {
    let mut s = Syntax::new();
    s.register::<test::TestDialect>();
    s.register::<sparse_tensor::SparseTensorDialect>();
    s.register::<llvm::LlvmDialect>();
    s.register::<dlti::DltiDialect>();
    s.register::<ml_program::MlProgramDialect>();
    s.register::<ptr::PtrDialect>();
    hookless::register_hookless(&mut s);
    s.registered_ops(mlir_opt_registration);
    s
}

/// The operations `strata-opt` defines, with their custom forms for
/// contexts of type `Context<P, S>`: the builtin dialect's
/// ([`strata_module::builtin_ops`]) and `strata-dialects`' (`func`,
/// `arith`). Which operations `mlir-opt-19` registers is the syntax's
/// word ([`syntax`], [`mlir_opt_registration`]); this registry says which
/// are isolated from above and reads their custom forms.
///
/// ```
/// use strata_ctx::{Context, Shared};
/// use strata_module::ParseConfig;
///
/// let ops = strata_cli::ops::<Shared, rustc_hash::FxBuildHasher>();
/// let ctx = Context::new();
/// let module = ParseConfig::new()
///     .ops(&ops)
///     .parse(&ctx, "func.func @f() {\n  return\n}\n")
///     .unwrap();
/// assert_eq!(module.num_operations(), 3);
/// ```
pub fn ops<P: Policy + 'static, S: BuildHasher + 'static>() -> OpRegistry {
    let mut ops = strata_module::builtin_ops::<P, S>();
    strata_dialects::register_ops::<P, S>(&mut ops);
    ops
}

#[cfg(test)]
mod tests {
    use strata_ctx::Context;

    /// The syntax registers in a context the namespaces `mlir-opt-19`
    /// registers, no more and no fewer (`builtin` every context has).
    #[test]
    fn the_syntax_registers_the_dialects_of_mlir_opt() {
        let syntax = super::syntax();
        let mut ctx = Context::new();
        syntax.register_dialects_in(&mut ctx);
        let mut registered = ctx.dialects().to_vec();
        registered.sort_unstable();
        let mut expected: Vec<&str> = super::MLIR_OPT_DIALECTS
            .iter()
            .copied()
            .filter(|n| *n != "builtin")
            .collect();
        expected.sort_unstable();
        assert_eq!(registered, expected);
        assert!(expected.iter().all(|n| syntax.has_dialect(n)));
    }
}
