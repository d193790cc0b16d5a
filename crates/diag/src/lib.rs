//! The diagnostic engine of strata: ordered, whole, rustc-style diagnostics from parallel passes.

#![doc = "(under construction)"]
