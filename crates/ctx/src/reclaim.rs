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
//! breaks that contract the moment its last handle drops, so a reclaimable
//! kind either bypasses the cache or validates what it finds there. Three
//! designs were measured on a scratch prototype (the figures are in
//! `docs/PERFORMANCE.md`): the **bypass** (the table's read probe,
//! `try_inc_strong`, the handle's drop), kept; a validated cache entry
//! (about 2.3 times faster, sound only if every entry owns a weak
//! reference); and the same inside a crossbeam-epoch pin (not sound).
//!
//! The epoch design, the declared candidate, is not sound for this cache:
//! deferring frees by epoch protects a pointer loaded *while* the thread is
//! pinned, until it unpins; a pointer kept in a per-thread cache from one
//! pin to the next is not protected, and the storage behind it may be freed
//! in between (two epoch advances suffice). The sound validated design
//! makes every cache entry own a weak reference (the memory of the node,
//! not its payload, then lives until the entry goes), with no epoch at all,
//! but it
//! needs the cache to release an entry's reference when it evicts or clears
//! it and at thread exit, and strata-tls's entries are plain pointers that it
//! overwrites, with no such hook; it would also keep up to one dead node
//! header per cache entry alive. Within strata-tls's contract, then, the
//! bypass is the design that is correct, and it is kept: a reclaimable hit
//! costs about three times an immortal cached hit, in exchange
//! for memory that is freed the moment the last handle drops and a protocol
//! loom checks end to end (loom cannot see crossbeam-epoch).
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
//! - [`ReclaimableKind`] and [`ReclaimableInfo`]: declaring a kind.
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
//! use strata_ctx::{Context, ReclaimableInfo, ReclaimableKind};
//!
//! /// A lookup table interned by its contents.
//! pub enum Table {}
//!
//! impl ReclaimableKind for Table {
//!     type Stored<'c> = Vec<u32>;
//!     type Key<'k, 'c> = &'k [u32] where 'c: 'k;
//!
//!     fn info() -> &'static ReclaimableInfo {
//!         static INFO: ReclaimableInfo = ReclaimableInfo::new("demo.table");
//!         &INFO
//!     }
//!     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u32], state: &mut H) {
//!         key.hash(state)
//!     }
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
mod memory;

pub(crate) use counted::ReclaimTables;
pub use counted::{Counted, ReclaimableInfo, ReclaimableKind};
pub use memory::{KindMemory, MemoryReport};
pub use strata_reclaim::{ReclaimStats, ReclaimTable, Strong};
