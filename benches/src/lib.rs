//! Shared helpers of the strata benches and the comparison harness.
