//! The reclaim core of strata: an interning table whose storages are freed
//! when their last handle drops.
//!
//! # The problem
//!
//! MLIR never frees a type or an attribute before its context dies. For
//! large, short-lived constants (the weights of a model folded into
//! `dense<...>` attributes) a long-running compile service then runs out of
//! memory. Those values need interning (one storage per key, pointer
//! identity) *and* reclamation, from many threads at once, without a lookup
//! ever reviving a storage that is being freed.
//!
//! # The approach
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
//!    `intern` takes the write lock, re-probes, and *replaces* the
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
//!
//! This crate is that core alone: [`ReclaimTable`], its counted handle
//! [`Strong`] and its figures [`ReclaimStats`], plus the per-kind memory
//! report the facade builds from them and from the immortal tables
//! ([`MemoryReport`], [`KindMemory`]). It knows nothing of contexts,
//! kinds or statics, and is built from three layers only (strata-table,
//! strata-refcount, strata-sync), so that it builds under `--cfg strata_loom`
//! and the models of `tests/loom.rs` check exactly the code the facade runs.
//! The facade (`strata-ctx`) puts a typed, per-kind front on it: reclaimable
//! kinds, `Counted` handles, `Context::intern_counted`.
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
//!
//! # Example
//!
//! ```
//! use strata_reclaim::ReclaimTable;
//!
//! let table = ReclaimTable::<Vec<u32>>::new("tables", 1, |v| v.capacity() * 4);
//! let key = [1_u32, 2, 3];
//! let hash = table.hash_one(&key[..]);
//! let a = table.intern(hash, |v| v[..] == key, || key.to_vec());
//! assert_eq!(a, table.intern(hash, |v| v[..] == key, || unreachable!("live")));
//! drop(a); // the last handle: freed, and counted as reclaimed
//! assert_eq!(table.memory().reclaimed, 1);
//! ```

mod memory;
mod table;

pub use memory::{KindMemory, MemoryReport};
pub use table::{ReclaimStats, ReclaimTable, Strong};
