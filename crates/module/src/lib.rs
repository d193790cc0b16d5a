//! MLIR's generic operation form: an operation tree that owns what it
//! parses, a parse that cuts a module into its top-level operations and
//! runs strata-syntax's parser (which holds the operation grammar) on them
//! in parallel into one context, and a printer byte-identical to mlir-opt
//! 19.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod asm;
mod builtin_ops;
mod config;
pub mod generate;
mod module;
mod parse;
mod print;
mod split;
mod structure;
mod verify;

pub use builtin_ops::{builtin_ops, register_builtin};
pub use config::{ParseConfig, ParsePolicy};
pub use module::{Module, ResourceGroup};
pub use parse::{Item, ItemKind, MAX_REGION_NESTING, ParseStats, scan_items};
pub use print::{PrintConfig, print_module, print_module_parallel, sanitize_alias, write_escaped};
pub use split::{Chunk, split_input};
/// What to print, as `mlir-opt`'s flags say: the printing state's options
/// (`strata-builtin`'s), so that a caller can name them without depending
/// on that crate.
pub use strata_builtin::PrintOptions;
/// The error of every parse (`strata-syntax`'s), so that a caller can name
/// it without depending on that crate.
pub use strata_syntax::ParseError;
pub use verify::{diagnostic_location, verify_diagnostics};
