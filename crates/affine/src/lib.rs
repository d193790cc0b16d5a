//! The affine cluster: interned affine expressions, affine maps and integer
//! sets, all under one mutex.
//!
#![doc = include_str!("../README.md")]

mod context;
mod handle;
mod node;
mod ops;
mod print;
mod simplify;
mod tables;

pub use context::AffineContext;
pub use handle::{AffineExpr, AffineExprKind, AffineMap, IntegerSet, Operand};
pub use tables::AffineStats;
