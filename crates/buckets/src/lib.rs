//! Level 1 of strata: the CAS-published bucket array and storage-kind
//! identities.
//!
//! # The problem
//!
//! Interning starts by finding the table that holds one kind of storage
//! (integer types, string attributes...). MLIR's `StorageUniquer` keeps those
//! per-kind tables in a bucket array indexed by the kind's identity, and the
//! first thread that ever touches a kind must create its table while other
//! threads may be touching it too. That first touch is rare; every later
//! lookup is hot. So the array must be read with no lock and no
//! read-modify-write, the rare creation must be safe against a racing
//! creation, and a reference handed out must never dangle, although the array
//! grows as kinds are added.
//!
//! # The approach
//!
//! **Publish-or-free.** A slot holds a pointer, null until published. A
//! thread that finds it null builds the value completely, in its own heap
//! allocation, then compare-and-swaps the pointer in. The winner's value is
//! now visible to every thread; a loser frees its own candidate and uses the
//! winner's. So `make` may run in several threads at once, but exactly one
//! result is ever published, and nobody ever sees a half-built value
//! (invariant 2 of DESIGN.md: Level 1 publishes only fully constructed
//! tables).
//!
//! **Growth without moving.** The slots live in segments of doubling size
//! (32, 64, 128... slots). Segment 0 is inline in the array, so the first 32
//! indices (every builtin kind of the facade) need no segment lookup; each
//! later segment is allocated on first use and published by the same
//! publish-or-free rule. Nothing published is ever moved or freed before the
//! array is dropped, so a `&T` is valid for the array's lifetime with no
//! epoch, hazard pointer or reference count, and the hit path is one acquire
//! load of the slot (below 32), or two: the segment pointer (found from the
//! index with one `leading_zeros`, no loop), then the slot.
//!
//! **Kinds by address.** A kind is a `static` [`DenseKind`] sentinel; its
//! address is its identity ([`KindId`]), as MLIR's `TypeID` is. The bucket
//! array wants a small number rather than an address, so each kind also gets
//! a dense `u32` index the first time it is used: a number reserved from a
//! [`KindRegistry`] counter, installed in the sentinel by compare-and-swap.
//!
//! # Inventory
//!
//! - [`BucketArray<T, P>`](BucketArray): the lock-free array of lazily
//!   published values; [`get`](BucketArray::get),
//!   [`get_or_init`](BucketArray::get_or_init), [`iter`](BucketArray::iter)
//!   ([`Iter`]), [`len_hint`](BucketArray::len_hint),
//!   [`allocated_slots`](BucketArray::allocated_slots),
//!   [`stats`](BucketArray::stats) ([`BucketStats`]: also how many
//!   candidates lost their publishing race). Indices below
//!   [`CAPACITY`] work; segment 0 holds [`FIRST_SEGMENT_LEN`] slots.
//! - [`DenseKind`]: a kind's sentinel (name, dense index).
//! - [`KindId`]: a kind's identity, `Copy`, compared and hashed by address.
//! - [`KindRegistry`]: the counter dense indices come from, limited to
//!   [`MAX_KINDS`].
//!
//! The threading mode is the policy parameter `P`
//! ([`strata_sync::policy`]): [`Shared`](strata_sync::policy::Shared), the
//! default, is thread-safe; [`Local`](strata_sync::policy::Local) is the same
//! code over `Cell`s: plain loads and stores, no atomic read-modify-write, and
//! the array is neither `Send` nor `Sync`.
//!
//! # Example
//!
//! One table per kind, created by whichever thread needs it first:
//!
//! ```
//! use strata_buckets::{BucketArray, DenseKind};
//! use strata_sync::Arc;
//!
//! static INTEGER_TYPE: DenseKind = DenseKind::new("builtin.integer");
//! static FLOAT_TYPE: DenseKind = DenseKind::new("builtin.float");
//!
//! /// Stands in for a per-kind storage table.
//! #[derive(Debug)]
//! struct Table {
//!     kind: &'static str,
//! }
//!
//! let tables: Arc<BucketArray<Table>> = Arc::new(BucketArray::new());
//! let workers: Vec<_> = [&INTEGER_TYPE, &FLOAT_TYPE, &INTEGER_TYPE]
//!     .into_iter()
//!     .map(|kind| {
//!         let tables = Arc::clone(&tables);
//!         strata_sync::thread::spawn(move || {
//!             let index = kind.index() as usize;
//!             // `make` may run in several threads; one table is published.
//!             let table = tables.get_or_init(index, || Table { kind: kind.name() });
//!             core::ptr::from_ref(table) as usize
//!         })
//!     })
//!     .collect();
//! let addresses: Vec<usize> = workers.into_iter().map(|w| w.join().unwrap()).collect();
//!
//! // Both integer lookups got the very same table.
//! assert_eq!(addresses[0], addresses[2]);
//! let int = tables.get(INTEGER_TYPE.index() as usize).unwrap();
//! assert_eq!(int.kind, "builtin.integer");
//! assert_eq!(tables.len_hint(), 2);
//! ```
//!
//! # Atomic orderings
//!
//! The promise: everything a `make` closure wrote while building a published
//! value happens-before every access through a reference that
//! [`BucketArray::get`], [`BucketArray::get_or_init`] or [`BucketArray::iter`]
//! returns. How (DESIGN.md section 5):
//!
//! | operation | ordering | pairs with |
//! |---|---|---|
//! | probe load of a slot (`get`, `get_or_init`, `Iter`) | Acquire | the publishing compare-and-swap |
//! | publishing compare-and-swap of a value | success AcqRel, failure Acquire | probe loads; the loser reads the winner's value |
//! | load of a segment pointer | Acquire | the compare-and-swap that published the segment |
//! | publishing compare-and-swap of a segment | success AcqRel, failure Acquire | segment loads; the loser uses the winner's slots |
//! | a kind's index: load, compare-and-swap | Relaxed | nothing: a bare number, written once; coherence of the one location makes all threads agree |
//! | the registry counter `fetch_add` | Relaxed | nothing: the read-modify-write alone makes numbers unique |
//! | statistics counters (`len_hint`, `stats`) | Relaxed | nothing: statistics |
//!
//! No SeqCst is needed anywhere: each publication is a single location
//! handed from one writer to its readers, which release/acquire covers.
//!
//! # Performance
//!
//! `cargo bench -p strata-bench --bench buckets -- --warm-up-time 1
//! --measurement-time 2` (minimum of six runs on the shared two-core
//! development machine, which other builds kept busy; per probe):
//!
//! | probe of a published slot | indices below 32 | 64 indices over `0..2048` |
//! |---|---|---|
//! | `Vec<u64>` | 0.83 ns | 0.89 ns |
//! | `Vec<Box<u64>>` | 1.03 ns | 0.99 ns |
//! | `BucketArray<u64>` (shared) | 1.10 ns (1.07x) | 2.23 ns (2.26x) |
//! | `Vec<OnceLock<Box<u64>>>` (cannot grow) | 1.18 ns | 1.18 ns |
//! | `RwLock<Vec<Option<Box<u64>>>>` (parking_lot) | 6.18 ns | 6.13 ns |
//!
//! Within the inline segment a probe is one load more than indexing a
//! `Vec<Box<T>>` whose buffer pointer the compiler hoisted, and costs the
//! same. Beyond it, the segment pointer is a third dependent load, found
//! with a `bsr` and an addressing mode; the whole path is about 14
//! instructions (checked in the disassembly: no variable shift, no bounds check of
//! the segment table). First touch (64 values into a fresh array) costs
//! 20.1 ns per value, the same as pushing a `Box` into a `Vec` (20.2 ns).
//!
//! # Model checking
//!
//! `tests/loom.rs` model-checks the publication race, a probe racing a
//! publication, segment growth racing itself, and two threads numbering one
//! kind, and shows that each of the mutants `BucketsRelaxedPublish`,
//! `BucketsRelaxedProbe`, `BucketsPublishBeforeInit`, `BucketsLoserLeaks` and
//! `BucketsKindIndexRace` ([`strata_sync::Mutant`]) is caught. Under
//! `--cfg strata_loom` segment 0 has one slot and there are four segments,
//! so that small models already grow the array.

mod array;
mod kind;

pub use array::{BucketArray, BucketStats, CAPACITY, FIRST_SEGMENT_LEN, Iter};
pub use kind::{DenseKind, KindId, KindRegistry, MAX_KINDS};
