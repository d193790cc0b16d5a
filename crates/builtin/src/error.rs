//! Why a builtin was not built.

use core::fmt;

/// A builtin type, attribute or location that MLIR's verifiers reject
/// (`vector<?xf32>`, `tensor<-5xf32>`, `complex<tensor<2xf32>>`, a float
/// attribute of an integer type...). The message is MLIR 19's own where it
/// has one (`invalid element type for complex`).
///
/// The `try_*` constructors return it; the other constructors panic with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuiltinError {
    message: String,
}

impl BuiltinError {
    /// An error with `message`.
    pub fn new(message: impl Into<String>) -> BuiltinError {
        BuiltinError {
            message: message.into(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for BuiltinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BuiltinError {}

/// Unwraps the result of a `try_*` constructor for its panicking form.
#[track_caller]
pub(crate) fn ok<T>(result: Result<T, BuiltinError>) -> T {
    match result {
        Ok(v) => v,
        Err(e) => fail(e),
    }
}

/// Panics with `error`, as the panicking constructors do.
#[track_caller]
pub(crate) fn fail(error: BuiltinError) -> ! {
    panic!("strata: invalid builtin: {error}")
}
