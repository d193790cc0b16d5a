//! The library half of `strata-cli`: the dialects `strata-opt` registers.
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

pub mod test_dialect;

pub use test_dialect::syntax;
