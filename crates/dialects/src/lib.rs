//! Models of the MLIR dialects `mlir-opt-19` registers, as far as they
//! change what it parses and prints: each dialect's types and attributes as
//! strata kinds or opaque forms, the syntax hooks that read them, the
//! aliases their `OpAsmDialectInterface`s name, and the mnemonics each
//! family knows.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod arith;
mod bare;
pub mod dlti;
pub mod fold;
pub mod func;
pub mod hookless;
mod known;
pub mod llvm;
pub mod ml_program;
mod mnemonics;
pub mod ptr;
pub mod sparse_tensor;
pub mod test;
pub mod text;

use core::hash::BuildHasher;

use strata_ctx::Policy;
use strata_ir::OpRegistry;

/// Registers in `ops` every operation this crate defines, with its custom
/// form for contexts of type `Context<P, S>`: the `func` dialect's
/// ([`func::register_ops`]) and the `arith` dialect's
/// ([`arith::register_ops`]).
///
/// ```
/// use strata_ctx::Shared;
/// type S = rustc_hash::FxBuildHasher;
///
/// let mut ops = strata_module::builtin_ops::<Shared, S>();
/// strata_dialects::register_ops::<Shared, S>(&mut ops);
/// assert!(ops.lookup("func.func").is_some() && ops.lookup("arith.constant").is_some());
/// ```
pub fn register_ops<P: Policy + 'static, S: BuildHasher + 'static>(ops: &mut OpRegistry) {
    func::register_ops::<P, S>(ops);
    arith::register_ops::<P, S>(ops);
}
