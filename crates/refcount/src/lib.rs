//! The thread-safe refcount base of strata: strong and weak counts with an installed-in-table marker.

#![doc = "(under construction)"]
