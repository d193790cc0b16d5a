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
//! Underneath is [`ReclaimTable`], a policy-generic table with no statics
//! (which is what the loom models check), built from two layers:
//! strata-table's [`PtrTable`](strata_table::PtrTable), a sharded index of
//! caller-owned pointers with the owner-checked removal and dead-entry
//! replacement this protocol needs, and strata-refcount's
//! [`Counts`](strata_refcount::Counts) header (strong count, weak count,
//! installed marker) inside every storage:
//!
//! 1. **Lookup.** Under the shard's read lock, an entry whose hash and
//!    payload match is upgraded with `try_inc_strong`, a compare-and-swap
//!    that fails on zero. A storage whose count reached zero is never
//!    revived (invariant 6): the lookup treats it as absent, and
//!    `intern_counted` takes the write lock, re-probes, and *replaces* the
//!    dead entry with a fresh storage.
//! 2. **Last drop.** The handle whose decrement takes the count to zero
//!    (a `Release` decrement, then an `Acquire` fence) removes the storage's
//!    entry under the shard's write lock, but only if the entry still holds
//!    that storage: a lookup may have replaced it already, and the
//!    replacement is alive (the owner check). Then it checks that no lookup
//!    revived the count, drops the payload, and frees the memory through the
//!    weak count. Once the removal has returned no lookup can reach the
//!    storage, because lookups reach entries only under that lock.
//! 3. **Context drop.** Storages whose handles were leaked (`mem::forget`)
//!    are freed with the context, as the arenas are.
//!
//! So equal keys give equal live handles from any thread at any time, and a
//! key whose storage died and is interned again gets a *fresh* storage: it
//! may live at a new address (or at the old one, reused by the allocator).
//! Compare handles only while both are alive, and do not keep a storage's
//! address (`as_ptr`) past its last handle.
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
//! kind either bypasses the cache or validates what it finds there. The
//! designs, measured on a scratch prototype (not in the tree) with the hit
//! workload of the bench below (256 hot `u64` keys, pre-interned; the minimum
//! of 40 interleaved runs on this 2-core VM):
//!
//! | design | ns per hit | sound? |
//! |---|---|---|
//! | **bypass**: the table's read probe, `try_inc_strong`, the handle's drop (kept) | **11.3** | yes |
//! | validated entry: this thread's cache probe, `try_inc_strong` on the cached storage, the handle's drop | 4.9 | only if every entry owns a weak reference |
//! | the same inside a crossbeam-epoch pin (frees deferred by epoch) | 7.4 | no |
//! | (the crossbeam-epoch pin alone) | 3.8 | |
//!
//! The epoch design, the declared candidate, is not sound for this cache:
//! deferring frees by epoch protects a pointer loaded *while* the thread is
//! pinned, until it unpins; a pointer kept in a per-thread cache from one
//! pin to the next is not protected, and the storage behind it may be freed
//! in between (two epoch advances suffice). The sound validated design
//! makes every cache entry own a weak reference (the memory of the node,
//! not its payload, then lives until the entry goes), with no epoch at all:
//! it would be 2.3 times faster than the bypass on this workload, but it
//! needs the cache to release an entry's reference when it evicts or clears
//! it and at thread exit, and strata-tls's entries are plain pointers that it
//! overwrites, with no such hook; it would also keep up to one dead node
//! header per cache entry alive. Within strata-tls's contract, then, the
//! bypass is the design that is correct, and it is kept: a reclaimable hit
//! costs about three times an immortal cached hit (figures below), in exchange
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
//! - [`ReclaimTable`], [`Strong`] and [`ReclaimStats`]: the policy-generic
//!   core, usable on its own.
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
//! # Atomic orderings
//!
//! The promise made to users, for the thread-safe context:
//!
//! 1. **Construction happens-before every use through any handle.** The
//!    payload is built and inserted under the shard's write lock; a lookup
//!    reaches it under the same lock.
//! 2. **Everything done through any handle before it is dropped
//!    happens-before the payload's destructor.** Decrements are `Release`
//!    and the last one is followed by an `Acquire` fence (strata-refcount's
//!    `dec_strong`), so the destructor sees every write made through
//!    interior mutability, whichever thread runs it.
//! 3. **Increments are `Relaxed`**: `Clone` makes a handle from one the
//!    caller holds; a lookup's upgrade is a `Relaxed` compare-and-swap that
//!    fails on zero, whose guarantee (no revival) comes from the count's
//!    modification order; the data it hands over is ordered by the shard
//!    lock (point 1).
//! 4. **Removal before free.** The owner takes the shard's write lock to
//!    remove the entry before it drops the payload: every lookup that saw the
//!    storage released that lock (read or write) before, so none can still be
//!    reading it.
//! 5. **The statistics counters are `Relaxed`** and order nothing.
//!
//! The loom models in `tests/loom.rs` check points 2 to 4 (a lookup racing
//! the last drop; two last drops racing a lookup), and their mutants show
//! that the owner check and the no-revival rule are each needed.
//!
//! # Performance
//!
//! `cargo bench -p strata-bench --bench reclaim -- --warm-up-time 1
//! --measurement-time 2`, the minimum of 30 interleaved runs, in two
//! invocations (this 2-core VM is shared with other work, so the spread is
//! the noise), with the same `u64` key and payload for the immortal and the
//! reclaimable kind:
//!
//! | operation | ns | vs the immortal cached hit |
//! |---|---|---|
//! | immortal hit, thread cache (`Context`) | 4.6 / 3.9 | 1 |
//! | immortal hit, table probe (`Context<Local>`) | 6.5 / 7.9 | 1.4x / 2.0x |
//! | reclaimable hit and handle drop (`Context`) | 12.0 / 12.1 | 2.6x / 3.1x |
//! | reclaimable hit and handle drop (`Context<Local>`) | 12.0 / 11.1 | 2.6x / 2.8x |
//! | `Counted` clone and drop (`Context`) | 4.2 / 4.2 | 0.9x / 1.1x |
//! | `Counted` clone and drop (`Context<Local>`) | 1.2 / 1.2 | 0.3x / 0.3x |
//! | `std::sync::Arc` clone and drop, for reference | 3.8 / 3.7 | 0.8x / 0.9x |
//!
//! A handle's clone and drop cost what `Arc`'s do. The single-threaded hit
//! is no cheaper than the shared one although it does no atomic operation
//! and takes no lock (its clone and drop are 3.4 times cheaper), so what
//! separates it from the immortal single-threaded probe (6.5 ns) is not
//! synchronisation: it is what remains, reaching a separately allocated
//! node (immortal storages sit side by side in an arena) and writing its
//! count up and down. Building and freeing a 1 KiB dense attribute costs
//! 165 to 235 ns, a hit on one 102 to 128 ns (hashing and comparing the
//! kilobyte).

mod table;

pub use table::{ReclaimStats, ReclaimTable, Strong};

#[cfg(not(strata_loom))]
mod counted;
#[cfg(not(strata_loom))]
mod memory;

#[cfg(not(strata_loom))]
pub(crate) use counted::ReclaimTables;
#[cfg(not(strata_loom))]
pub use counted::{Counted, ReclaimableInfo, ReclaimableKind};
#[cfg(not(strata_loom))]
pub use memory::{KindMemory, MemoryReport};
