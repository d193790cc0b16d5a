//! The shared IR container of strata with two-layer locking.

#![doc = "(under construction)"]
