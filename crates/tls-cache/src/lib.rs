//! The per-thread positive-only uniquer cache of strata.

#![doc = "(under construction)"]
