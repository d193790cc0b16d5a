//! Level 1 of strata: the CAS-published bucket array and storage-kind identities.

#![doc = "(under construction)"]
