//! The numbers MLIR prints: arbitrary-width integers and MLIR 19's float
//! formats, parsed, rounded and printed exactly as `mlir-opt-19` does.
//!
#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod big;
mod float;
mod float_ops;
mod int;
mod int_ops;

pub use float::{ApFloat, FloatError, FloatSemantics, Status};
pub use float_ops::RoundingMode;
pub use int::{ApInt, IntError, MAX_WIDTH, Signedness};
