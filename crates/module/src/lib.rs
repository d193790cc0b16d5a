//! MLIR's generic operation form: an operation tree that owns what it
//! parses, a parser that parses a module's top-level operations in parallel
//! into one context, and a printer byte-identical to
//! `mlir-opt-19 --mlir-print-op-generic`.
//!
//! # The problem
//!
//! A compiler reading a large MLIR module interns hundreds of thousands of
//! types, attributes and locations. MLIR's parser does it on one thread.
//! strata's context interns from many threads into one set of tables, so a
//! module's top-level operations (its functions) can be parsed
//! concurrently, provided the operation tree they build does not need a
//! lock either, and the result does not depend on the number of threads.
//!
//! # The approach
//!
//! - A fast scan ([`scan_items`]) cuts the file (or the body of its
//!   `builtin.module`) into top-level operations by tracking only string
//!   literals, comments and bracket nesting.
//! - Every top-level operation is parsed into its own [`Unit`], an arena of
//!   operations, blocks, regions and values addressed by ids that name the
//!   unit ([`OpId`], [`ValueId`]). Types, attributes and locations are
//!   parsed by `strata-syntax` and interned in the one context; operations
//!   hold handles. Operation names are interned too (as string attributes),
//!   so equal names are one handle, like MLIR's `OperationName`.
//! - Names used by one top-level operation and defined by another are
//!   resolved after all units are parsed, in file order, so the tree is the
//!   same whether one thread or many parsed it.
//! - The printer ([`print_module`]) numbers values and blocks as MLIR's
//!   `AsmPrinter` does for the generic form and prints location aliases
//!   (`#loc3 = loc(...)`) where and in the order MLIR does.
//!
//! # Example
//!
//! ```
//! use strata_ctx::Context;
//! use strata_module::{PrintOptions, parse_module_parallel, print_module};
//!
//! let ctx = Context::new();
//! let text = r#""test.a"() ({
//! ^bb0(%x: i32):
//!   %0:2 = "test.b"(%x) : (i32) -> (i32, f32)
//!   "test.c"(%0#1)[^bb1] : (f32) -> ()
//! ^bb1:
//!   "test.d"() : () -> ()
//! }) : () -> ()
//! "#;
//! let module = parse_module_parallel(&ctx, text, "in.mlir").unwrap();
//! let printed = print_module(&module, PrintOptions::default());
//! assert_eq!(
//!     printed,
//!     r#""builtin.module"() ({
//!   "test.a"() ({
//!   ^bb0(%arg0: i32):
//!     %0:2 = "test.b"(%arg0) : (i32) -> (i32, f32)
//!     "test.c"(%0#1)[^bb1] : (f32) -> ()
//!   ^bb1:  // pred: ^bb0
//!     "test.d"() : () -> ()
//!   }) : () -> ()
//! }) : () -> ()
//!
//! "#
//! );
//! ```
//!
//! # What is here
//!
//! - [`parse_module`] (sequential, any context), [`parse_module_parallel`]
//!   (rayon, the thread-safe context), [`scan_items`].
//! - [`Module`], [`Unit`], [`Operation`], [`Block`], [`Region`],
//!   [`ValueData`]: the tree.
//! - [`print_module`], [`PrintOptions`], [`write_escaped`].
//! - [`split_input`]: `--split-input-file` as `mlir-opt` splits.
//! - [`generate::generate`]: large modules for the benchmark.
//! - [`verify_diagnostics`], [`diagnostic_location`]: `--verify-diagnostics`.

#![forbid(unsafe_code)]

pub mod generate;
mod parse;
mod print;
mod split;
mod tree;
mod verify;

pub use parse::{
    Item, ItemKind, MAX_REGION_NESTING, parse_module, parse_module_parallel,
    parse_module_parallel_timed, parse_module_timed, scan_items,
};
pub use print::{PrintOptions, print_module, write_escaped};
pub use split::{Chunk, split_input};
pub use tree::{
    Block, Module, OpId, Operation, Region, ResourceGroup, Unit, UnitId, ValueData, ValueDef,
    ValueId,
};
pub use verify::{diagnostic_location, verify_diagnostics};
