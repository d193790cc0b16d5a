//! Reclaimable storage kinds: interned storages that are freed when their
//! last handle drops, and memory that is visible per kind.
//!
//! # The problem
//!
//! MLIR never frees a type or an attribute before its context dies, which is
//! right for small, reused values (strata's immortal kinds) but not for
//! large, short-lived constants (`dense<...>` weights, lookup tables, blobs):
//! a long-running compile service runs out of memory. Those need interning
//! *and* reclamation.
//!
//! # The approach
//!
//! A kind is declared reclaimable by implementing [`ReclaimableKind`] instead
//! of `StorageKind`: the same key, hash and `matches`, but a payload that
//! owns its data (no arena: it is freed on its own). It is interned with
//! [`Context::intern_counted`](crate::Context::intern_counted), which returns
//! a [`Counted`] handle: `Clone` increments a count, `Drop` decrements it,
//! `Deref` reaches the payload, equality and hashing are by address, and the
//! lifetime ties the handle to the context.
//!
//! Underneath is `strata-reclaim`'s [`ReclaimTable`]: the protocol (lookup
//! under the shard's read lock with an upgrade that fails on zero, removal
//! by the last handle's owner under the write lock with the owner check,
//! leaked storages freed with the context) and its atomic orderings are
//! documented, and loom-checked, there. Equal keys give equal live handles
//! from any thread at any time, and a key whose storage died and is
//! interned again gets a *fresh* storage: it may live at a new address (or
//! at the old one, reused by the allocator). Compare handles only while both
//! are alive, and do not keep a storage's address (`as_ptr`) past its last
//! handle.
//!
//! An immortal storage refers to a reclaimable one only through the
//! conversion from [`Counted`] to the erased, uncounted
//! [`Attribute`](crate::Attribute) (`From`), which pins the storage: its
//! count is never released, and it lives until the context drops. So an
//! immortal payload never holds a pointer to a storage that can be freed.
//! The other way round is free: a reclaimable payload may hold immortal
//! handles (a dense attribute holds its tensor type).
//!
//! # The thread cache: bypassed
//!
//! Immortal lookups start in strata-tls's per-thread cache, whose contract
//! (the `# Safety` of `strata_tls::insert`) is that a cached pointer stays
//! valid for as long as its owner, the context, lives. A reclaimable storage
//! breaks that contract the moment its last handle drops, so reclaimable
//! lookups bypass the cache: a hit costs more than an immortal cached hit
//! (the figures are in `docs/PERFORMANCE.md`, "Reclaimable kinds"), in
//! exchange for memory freed the moment the last handle drops and a protocol
//! loom checks end to end. Why a cached entry (validated, or kept alive by an
//! epoch pin) was not kept: `docs/ARCHITECTURE.md`, sections
//! "`strata-reclaim`" and "Deliberately absent".
//!
//! # Memory
//!
//! [`Context::memory`](crate::Context::memory) reports, per kind, the live
//! storages, the bytes they hold and the bytes reclaimed so far
//! ([`MemoryReport`], [`KindMemory`]). Immortal kinds report their arena's
//! bytes and never reclaim anything.
//!
//! # What is here
//!
//! - [`ReclaimableKind`] (with [`Kind`](crate::Kind) and
//!   [`KindInfo`](crate::KindInfo)): declaring a kind.
//! - [`Counted`]: the typed, counted handle.
//! - [`MemoryReport`] and [`KindMemory`]: visible memory.
//! - [`ReclaimTable`], [`Strong`] and [`ReclaimStats`]: re-exported from
//!   `strata-reclaim`, the policy-generic core, usable on its own.
//! - The builtin reclaimable kind is `strata-builtin`'s
//!   `DenseElementsAttr`.
//!
//! # Example
//!
//! `strata-builtin`'s dense elements attribute is a reclaimable kind; a kind
//! of one's own implements [`Kind`](crate::Kind) and [`ReclaimableKind`]
//! (see `crates/ctx/tests/handles.rs`):
//!
//! ```
//! # use std::hash::{Hash, Hasher};
//! # use strata_ctx::{Context, Kind, KindInfo, OtherFamily, ReclaimableKind};
//! # pub enum Table {}
//! # impl Kind for Table { type Family = OtherFamily; type Stored<'c> = Vec<u32>; type Key<'k, 'c> = &'k [u32] where 'c: 'k;
//! #     fn info() -> &'static KindInfo { static I: KindInfo = KindInfo::opaque::<Table>("demo.table"); &I }
//! #     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u32], state: &mut H) { key.hash(state) }
//! #     fn shorten<'a, 'b: 'a>(stored: &'a Vec<u32>) -> &'a Vec<u32> { stored } }
//! # impl ReclaimableKind for Table {
//! #     fn matches<'k, 'c: 'k>(s: &Vec<u32>, k: &&'k [u32]) -> bool { s[..] == **k }
//! #     fn construct<'k, 'c: 'k>(k: &&'k [u32]) -> Vec<u32> { k.to_vec() } }
//! let ctx = Context::new();
//! let t = ctx.intern_counted::<Table>(&[1, 2, 3]);
//! assert_eq!(t, ctx.intern_counted::<Table>(&vec![1, 2, 3]));
//! drop(t); // the last handle: the storage is freed, and counted as reclaimed
//! assert_eq!(ctx.memory().kind("demo.table").unwrap().reclaimed, 1);
//! ```
//!
//! # Performance
//!
//! The figures (a counted hit and drop against an immortal cached hit, a
//! handle's clone and drop against `Arc`'s) live in `docs/PERFORMANCE.md`,
//! "Reclaimable kinds"; `cargo bench -p strata-bench --bench reclaim`
//! measures them.

mod counted;

pub(crate) use counted::ReclaimTables;
pub use counted::{Counted, ReclaimableKind};
pub use strata_reclaim::{KindMemory, MemoryReport, ReclaimStats, ReclaimTable, Strong};
