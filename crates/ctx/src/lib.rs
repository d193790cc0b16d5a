//! The strata facade: `Context`, storage kinds, typed handles, registries,
//! per-context dialect state and the parallel driver.
//!
//! # The problem
//!
//! A compiler interns its types and attributes: `i32` is created once, and
//! every later request for `i32` returns the same object, so that comparing
//! two types is comparing two pointers. When passes run on many threads at
//! once, that intern table is the most contended structure in the compiler.
//! MLIR's answer is a four-layer stack (a per-thread cache, a lock-free
//! bucket array of per-kind tables, a reader-writer-locked probe, and a
//! write-locked insert with a re-probe), which strata rebuilds as one crate
//! per layer. This crate composes them into the object a compiler holds: a
//! [`Context`].
//!
//! # The approach
//!
//! - [`Context::intern`] runs the lookup of DESIGN.md section 3: this
//!   thread's cache ([`strata_tls`], no lock, no atomic read-modify-write);
//!   the kind's table through the bucket array ([`strata_buckets`], first
//!   touch lock-free); a probe under the shard's read lock; on a miss the
//!   write lock, a re-probe, construction in the shard's arena and insertion
//!   ([`strata_table`]). The cache is filled after the lock is released.
//! - The threading mode is the context's type: `Context` (= `Context<Shared>`)
//!   is `Send + Sync`; `Context<Local>` ([`Context::single_threaded`]) skips
//!   the cache, takes no lock, does no atomic read-modify-write, and cannot be
//!   shared between threads (the compiler rejects it). No hot path branches on
//!   the mode.
//! - A storage kind ([`StorageKind`]) says how to hash a key, compare it with
//!   a stored payload, and construct the payload in the arena. Handles
//!   ([`Interned`]) are one pointer, `Copy`, compared and hashed by address,
//!   and borrow the context, so a handle cannot outlive it. Erased handles
//!   ([`Type`], [`Attribute`], [`Location`]) carry any kind of their family,
//!   print themselves in MLIR syntax, and downcast with `dyn_cast`.
//! - Dialects are built on this crate's public kind API: MLIR's builtin
//!   dialect is the `strata-builtin` crate, which declares its kinds as any
//!   user's dialect does and keeps its pre-created values (returned without
//!   a lookup) in an [`Extension`], the per-context state a dialect may
//!   attach to a context ([`Context::extension`]).
//! - The affine cluster ([`affine`], the `strata-affine` crate) interns
//!   affine expressions, maps and integer sets under one mutex, because they
//!   share sub-expressions; every context holds one ([`Context::affine`]).
//! - The parallel driver ([`Context::parallel_for_each`],
//!   [`Context::failable_parallel_for_each`]) runs every item on rayon (in
//!   order on the calling thread for a single-threaded context), orders the
//!   items' diagnostics by index through the context's [`DiagEngine`], and
//!   reports every failure in item order.
//! - Registration ([`Context::register_dialect`]) takes `&mut Context`, so it
//!   cannot race with interning: parallel work only ever holds `&Context`.
//!
//! # Example: a custom kind
//!
//! ```
//! use std::fmt;
//! use std::hash::{Hash, Hasher};
//! use strata_ctx::{Arena, Category, Context, KindInfo, StorageKind};
//!
//! // A dialect's kind: an interned symbol name, copied into the arena once
//! // and looked up by `&str` (no allocation on a hit).
//! #[derive(Debug, PartialEq, Eq, Hash)]
//! pub struct SymbolData<'c> {
//!     pub name: &'c str,
//! }
//!
//! impl fmt::Display for SymbolData<'_> {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "@{}", self.name)
//!     }
//! }
//!
//! pub enum Symbol {}
//!
//! impl StorageKind for Symbol {
//!     type Stored<'c> = SymbolData<'c>;
//!     type Key<'k, 'c> = &'k str where 'c: 'k;
//!
//!     fn info() -> &'static KindInfo {
//!         static INFO: KindInfo = KindInfo::new::<Symbol>("demo.symbol", Category::Other);
//!         &INFO
//!     }
//!     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k str, state: &mut H) {
//!         key.hash(state)
//!     }
//!     fn matches<'k, 'c: 'k>(stored: &'c SymbolData<'c>, key: &&'k str) -> bool {
//!         stored.name == *key
//!     }
//!     fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c Arena) -> SymbolData<'c> {
//!         SymbolData { name: arena.alloc_str(key) }
//!     }
//!     fn shorten<'a, 'b: 'a>(stored: &'a SymbolData<'b>) -> &'a SymbolData<'a> {
//!         stored
//!     }
//! }
//!
//! let ctx = Context::new();
//! let main = ctx.intern::<Symbol>("main");
//! assert_eq!(main, ctx.intern::<Symbol>(&String::from("main")));
//! assert_eq!(main.to_string(), "@main");
//!
//! // Intern from many threads: equal keys, equal handles.
//! let handles: Vec<_> = std::thread::scope(|s| {
//!     let workers: Vec<_> = (0..4).map(|_| s.spawn(|| ctx.intern::<Symbol>("f"))).collect();
//!     workers.into_iter().map(|w| w.join().unwrap()).collect()
//! });
//! assert!(handles.iter().all(|&h| h == handles[0]));
//! ```
//!
//! # What is here
//!
//! - [`Context`], [`Dialect`], [`Registry`], [`Statistics`], [`KindStatistics`].
//! - [`StorageKind`], [`KindInfo`], [`Category`], [`storage_kind!`], [`fx_hash`], [`Arena`].
//! - [`Interned`], [`Type`], [`Attribute`], [`Location`] and their marker traits.
//! - [`Extension`], [`ExtensionInfo`], [`RawInterned`]: per-context dialect
//!   state ([`extension`]).
//! - [`affine`]: the affine cluster (a re-export of `strata-affine`).
//! - [`reclaim`]: reclaimable kinds ([`ReclaimableKind`], the counted handle
//!   [`Counted`], [`Context::intern_counted`]) and visible memory
//!   ([`Context::memory`], [`MemoryReport`], [`KindMemory`]).
//! - Re-exports: [`Policy`], [`Shared`], [`Local`], [`DiagEngine`], [`diag`].
//!
//! # Lifetimes and safety
//!
//! Payloads live in their table's arena for the context's lifetime; handles
//! borrow the context. Payloads are stored with their lifetime erased and
//! handed out only through [`StorageKind::shorten`], a reborrow the compiler
//! checks is covariant. One hazard is not caught by the types, as in MLIR:
//! a key must not hold handles of *another* context (the payload would point
//! into a context that may die first).

/// Declares the facade's items, which do not build under `--cfg
/// strata_loom`: the kinds' `static` identities need `const` constructors
/// that loom's atomics lack. Under loom the crate is only the reclaim core
/// ([`reclaim::ReclaimTable`]), which the models of `tests/loom.rs` check.
macro_rules! facade {
    ($($item:item)*) => { $( #[cfg(not(strata_loom))] $item )* };
}

facade! {
    mod context;
    mod driver;
    pub mod extension;
    mod handle;
    mod kind;
    mod stats;

    pub use strata_affine as affine;

    pub use context::{Context, Dialect, Registry};
    pub use extension::{Extension, ExtensionInfo};
    pub use handle::{
        Attribute, AttributeKind, Interned, Location, LocationKind, RawInterned, Type, TypeKind,
    };
    pub use kind::{Category, KindInfo, StorageHeader, StorageKind, fx_hash};
    pub use reclaim::{Counted, KindMemory, MemoryReport, ReclaimableInfo, ReclaimableKind};
    pub use stats::{KindStatistics, Statistics};
    /// The threading policy of a [`Context`]: [`Shared`] or [`Local`]. (It is
    /// strata-diag's `DiagPolicy`, which extends strata-sync's policy with what
    /// the diagnostic engine needs, so that one parameter covers the context's
    /// tables and its diagnostics.)
    pub use strata_diag::DiagPolicy as Policy;
    pub use strata_diag::{self as diag, DiagEngine};
    pub use strata_table::Arena;
}

pub mod reclaim;

pub use strata_sync::policy::{Local, Shared};
