//! Models of the MLIR dialects `mlir-opt-19` registers, as far as they
//! change what it parses and prints: each dialect's types and attributes as
//! strata kinds or opaque forms, the syntax hooks that read them, the
//! aliases their `OpAsmDialectInterface`s name, and the mnemonics each
//! family knows.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod bare;
pub mod dlti;
pub mod hookless;
mod known;
pub mod llvm;
pub mod ml_program;
mod mnemonics;
pub mod ptr;
pub mod sparse_tensor;
pub mod test;
pub mod text;
