//! Reclaimable storage kinds: interned storages that are freed when their
//! last handle drops, and memory that is visible per kind.
//!
//! # The problem
//!
//! MLIR never frees a type or an attribute before its context dies. For
//! small, endlessly reused values that is the right trade, and strata's
//! immortal kinds ([`StorageKind`](crate::StorageKind)) make it too: their
//! storages live in the table's arena and handles are plain `Copy` pointers.
//! But a compiler also interns large, short-lived constants (the weights of a
//! model folded into `dense<...>` attributes, lookup tables, string blobs),
//! and a long-running compile service that keeps them all until the context
//! dies runs out of memory (MLIR's bug tracker has reports in the tens of
//! gigabytes). Those values need interning (one storage per key, pointer
//! identity) *and* reclamation.
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
//! A reclaimable storage cannot be referred to by an immortal one: there is
//! no conversion from [`Counted`] to the erased, uncounted
//! [`Attribute`](crate::Attribute). The other way round is fine: a
//! reclaimable payload may hold immortal handles (a dense attribute holds its
//! tensor type).
//!
//! # The thread cache: bypassed
//!
//! Immortal lookups start in strata-tls's per-thread cache, whose contract
//! (the `# Safety` of `strata_tls::insert`) is that a cached pointer stays
//! valid for as long as its owner, the context, lives. A reclaimable storage
//! breaks that contract the moment its last handle drops, so reclaimable
//! lookups bypass the cache: a hit costs about three times an immortal
//! cached hit, in exchange for memory freed the moment the last handle drops
//! and a protocol loom checks end to end. The designs measured against it (a
//! validated cache entry, an epoch pin) and why they were not kept:
//! `docs/ARCHITECTURE.md`, "Reclaimable kinds".
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
//! ```
//! use std::hash::{Hash, Hasher};
//! use strata_ctx::{Context, Kind, KindInfo, OtherFamily, ReclaimableKind};
//!
//! /// A lookup table interned by its contents.
//! pub enum Table {}
//!
//! impl Kind for Table {
//!     type Family = OtherFamily;
//!     type Stored<'c> = Vec<u32>;
//!     type Key<'k, 'c> = &'k [u32] where 'c: 'k;
//!
//!     fn info() -> &'static KindInfo {
//!         static INFO: KindInfo = KindInfo::opaque::<Table>("demo.table");
//!         &INFO
//!     }
//!     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u32], state: &mut H) {
//!         key.hash(state)
//!     }
//!     fn shorten<'a, 'b: 'a>(stored: &'a Vec<u32>) -> &'a Vec<u32> {
//!         stored
//!     }
//! }
//!
//! impl ReclaimableKind for Table {
//!     fn matches<'k, 'c: 'k>(stored: &Vec<u32>, key: &&'k [u32]) -> bool {
//!         stored[..] == **key
//!     }
//!     fn construct<'k, 'c: 'k>(key: &&'k [u32]) -> Vec<u32> {
//!         key.to_vec()
//!     }
//!     fn heap_bytes(stored: &Vec<u32>) -> usize {
//!         stored.capacity() * 4
//!     }
//! }
//!
//! let ctx = Context::new();
//! let t = ctx.intern_counted::<Table>(&[1, 2, 3]);
//! assert_eq!(t, ctx.intern_counted::<Table>(&vec![1, 2, 3]));
//! assert_eq!(t.len(), 3);
//!
//! // Equal keys, equal live handles, from any thread.
//! let again = std::thread::scope(|s| {
//!     s.spawn(|| ctx.intern_counted::<Table>(&[1, 2, 3])).join().unwrap()
//! });
//! assert_eq!(t, again);
//! assert_eq!(ctx.memory().kind("demo.table").unwrap().live, 1);
//!
//! // The last handle goes: the storage is freed, and counted as reclaimed.
//! drop((t, again));
//! let m = *ctx.memory().kind("demo.table").unwrap();
//! assert_eq!((m.live, m.bytes_in_use, m.reclaimed), (0, 0, 1));
//! assert!(ctx.lookup_counted::<Table>(&[1, 2, 3]).is_none());
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
