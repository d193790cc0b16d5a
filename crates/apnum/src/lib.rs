//! The numbers MLIR prints: arbitrary-width integers and MLIR 19's float
//! formats, parsed, rounded and printed exactly as `mlir-opt-19` does.
//!
//! # The problem
//!
//! A builtin attribute means what MLIR says it means only if its number
//! does. `255 : i8` and `-1 : i8` are one attribute in MLIR because an
//! `IntegerAttr` holds the 8 bits, not an `i128`; `0.1 : f32` holds the
//! `f32` nearest to 0.1, not the `f64`; an `f16` NaN prints as `0x7E00`, the
//! bits of its own type; `3.14159 : f32` prints as `3.141590e+00` because
//! that text reads back as the same `f32`, while `3.14159274101257 : f64`
//! prints as `3.1415927410125701` because six digits would not. Rust's `f64`
//! cannot say any of this: `f80` and `f128` do not fit it, rounding a
//! decimal to `f64` and then to `f16` rounds twice, and Rust's float
//! formatting is not LLVM's.
//!
//! # The approach
//!
//! Two small value types, dependency-free and without `unsafe`:
//! - [`ApInt`], the bits of an integer of any width up to [`MAX_WIDTH`]
//!   (one inline word up to 64 bits, a limb vector beyond), with MLIR's
//!   literal parsing ([`ApInt::parse_mlir`]: signless takes either reading,
//!   signed and unsigned check their range) and printing
//!   ([`ApInt::to_mlir_string`]: `true`/`false` for `i1`, signed for
//!   signless and `si`, unsigned for `ui`).
//! - [`ApFloat`], a value of one of the [`FloatSemantics`] (every float type
//!   of MLIR 19: `f16`, `bf16`, `f32`, `f64`, `f80`, `f128`, `tf32` and the
//!   six `f8` formats) held as the bits of its encoding. Decimal strings are
//!   rounded to it exactly with big-integer arithmetic
//!   ([`ApFloat::from_decimal`]); [`ApFloat::parse_mlir`] reads an attribute
//!   literal as MLIR 19's parser does (through `f64`, as it does, or as hex
//!   bits); printing is a port of LLVM's `APFloat::toString` and MLIR's
//!   `printFloatValue` ([`ApFloat::write_mlir`]).
//!
//! The crate checks itself against `mlir-opt-19`: `tests/oracle/floats.txt`
//! and `tests/oracle/ints.txt` hold a few thousand literals with what
//! `mlir-opt-19` printed for them (or the error it gave), and
//! `tests/oracle/regenerate.sh` rebuilds them.
//!
//! # Example
//!
//! ```
//! use strata_apnum::{ApFloat, ApInt, FloatSemantics, Signedness};
//!
//! // `255 : i8` and `-1 : i8` are the same bits, printed signed.
//! let a = ApInt::parse_mlir("255", false, 8, Signedness::Signless).unwrap();
//! let b = ApInt::parse_mlir("1", true, 8, Signedness::Signless).unwrap();
//! assert_eq!(a, b);
//! assert_eq!(a.to_mlir_string(Signedness::Signless), "-1");
//! assert!(ApInt::parse_mlir("256", false, 8, Signedness::Signless).is_err());
//!
//! // Floats print as mlir-opt-19 prints them.
//! let pi = ApFloat::parse_mlir(FloatSemantics::F32, "3.14159", false).unwrap();
//! assert_eq!(pi.to_string(), "3.141590e+00");
//! let pi = ApFloat::from_f64(FloatSemantics::F32, core::f64::consts::PI);
//! assert_eq!(pi.to_string(), "3.14159274");
//! let tenth = ApFloat::parse_mlir(FloatSemantics::F16, "0.1", false).unwrap();
//! assert_eq!(tenth.to_string(), "9.997550e-02");
//! let nan = ApFloat::from_f64(FloatSemantics::F32, f64::NAN);
//! assert_eq!(nan.to_string(), "0x7FC00000");
//!
//! // A float attribute's value is rounded to its type on construction.
//! assert_eq!(
//!     ApFloat::from_f64(FloatSemantics::F32, 0.1),
//!     ApFloat::from_f64(FloatSemantics::F32, f64::from(0.1f32)),
//! );
//! ```
#![forbid(unsafe_code)]

mod big;
mod float;
mod int;

pub use float::{ApFloat, FloatError, FloatSemantics, Status};
pub use int::{ApInt, IntError, MAX_WIDTH, Signedness};
