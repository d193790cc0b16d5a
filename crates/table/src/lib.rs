//! Level 2 of strata: the sharded, reader-writer-locked storage table of one
//! storage kind, and the arena its values live in.
//!
//! # The problem
//!
//! Interning hands every caller that asks for an equal key the *same*
//! address, so that the rest of the compiler can compare and hash types and
//! attributes by pointer. Many threads intern at once: most lookups find a
//! key that is already there (hits), a few insert. The table must let hits
//! proceed in parallel, must never create two storages for one key (the
//! pointer-equality contract), must keep every storage at a stable address
//! for the table's lifetime, and must not turn a programming error (a
//! constructor that interns into the table it is being inserted into) into a
//! silent deadlock.
//!
//! # The approach
//!
//! This is the Level-2 table of MLIR's `StorageUniquer` (see DESIGN.md
//! section 3), with the weaknesses DESIGN.md section 6 lists removed:
//!
//! - **Shards.** A power-of-two number of shards, chosen at construction
//!   ([`default_shard_count`]: four per hardware thread, rounded up, at most
//!   64; one for the single-threaded policy; or [`Table::with_shards`]). Each
//!   shard is a reader-writer lock over a `hashbrown::HashTable` of
//!   `(hash, pointer)` entries plus a bump arena that owns the values, padded
//!   to its own cache lines. The caller hashes its key (with the table's
//!   hasher, [`Table::hash_one`]) and passes the 64-bit hash: the top
//!   `log2(shards)` bits pick the shard, the low bits the bucket. Since
//!   hashbrown also keeps the top seven bits as each entry's tag, and within
//!   one shard the shard bits never vary, the next bits down are folded into
//!   the tag so that it keeps its full seven bits of entropy.
//! - **The stored hash is compared first.** An entry keeps the full 64-bit
//!   hash; the caller's key equality (`matches`) runs only when it is equal,
//!   and a resize never calls a hasher.
//! - **Read, then write with a re-probe.** [`Table::get_or_insert_with`]
//!   probes under the shard's read lock. On a miss it takes the write lock
//!   and probes *again* (invariant 3: another thread may have
//!   inserted the key between the two locks; without the re-probe two
//!   storages for one key appear), and only if the key is still absent does
//!   it run the caller's constructor in the shard's [`Arena`] and insert.
//!   Values are never removed, moved or mutated until the table drops, so the
//!   returned `&T` is valid for as long as the table is borrowed.
//! - **Re-entrancy is a panic** (invariant 9). Each shard has an owner word
//!   holding the [token](strata_sync::thread::token) of the thread that holds
//!   its write lock. Locks are first tried without blocking; only when that
//!   fails does the caller compare the owner word with its own token, and
//!   panic, naming the storage kind, if it is the owner: "strata: re-entrant
//!   interning into storage kind `NAME`: the constructor interned into the
//!   shard it is being constructed in". The uncontended paths pay nothing
//!   for the check.
//! - **Panic safety.** A panicking constructor inserts nothing; the write
//!   guard clears the owner word and releases the lock as it unwinds, and
//!   the table stays usable by every thread.
//! - **Destructors** of stored values run exactly once, when the table drops,
//!   and only for types that need it (`needs_drop`); values a constructor put
//!   in the arena with [`Arena::alloc`] or [`Arena::alloc_slice_clone`] are
//!   dropped after the table's own values (which may refer to them).
//! - **Threading policy in the type** (invariant 4). `Table<T, Shared>` uses
//!   `parking_lot` reader-writer locks and is `Sync`; `Table<T, Local>` has
//!   one shard behind a `RefCell` borrow flag (no lock, no atomic
//!   read-modify-write) and is `!Sync`, so sharing it does not compile. A
//!   single-threaded lookup takes the borrow once and, on a miss, constructs
//!   and inserts under it: with one thread nothing can be inserted between
//!   probe and insertion, so the miss costs one probe instead of two. The
//!   choice is made on the policy's constant, so neither instance carries a
//!   branch for the other.
//!
//! For reclaimable kinds, whose storages are heap objects owned by their
//! handles rather than by an arena, [`PtrTable`] offers the same sharding and
//! locking over caller-owned pointers, with the replacement of dead entries
//! and the owner-checked removal the facade's reference counting needs.
//!
//! ## Why construction runs under the write lock
//!
//! The seed constructs under the write lock; constructing before taking it
//! would shorten the exclusive section only if the constructor allocated
//! somewhere other than the shard's arena, which is a single-owner bump
//! allocator reachable only under that lock. Moving construction out would
//! need a per-thread arena whose memory outlives the thread (or a
//! synchronised one), and would let a thread that loses the race waste its
//! construction. Interned constructors copy a key into the arena; that costs
//! less than a second lock round trip. So construction stays under the lock.
//!
//! ## Counting read hits
//!
//! The read-hit counter lives in the first cache line of its shard, next to
//! the lock word (the shard is `repr(C)` for that: in the first layout the
//! counter sat 152 bytes into the shard, on a line of its own), and is bumped
//! with a Relaxed load and store *before* the read lock is released. The
//! alternatives, measured on the hot-set hit loop (min of 30 interleaved runs
//! of 51,200 lookups, this 2-core VM, Shared policy):
//!
//! | read-hit counting | ns per hit |
//! |---|---|
//! | none | 10.9 – 11.2 |
//! | `fetch_add` after the unlock | 13.0 |
//! | load + store after the unlock | 13.8 |
//! | `fetch_add` before the unlock | 10.4 – 12.2 |
//! | **load + store before the unlock** (kept) | **10.3** |
//!
//! After the unlock, any store delays the next lookup's lock (a locked
//! instruction waits for the store buffer to drain); before it, the unlock's
//! own locked instruction drains it at no extra cost. The price of the plain
//! store: readers of one shard that count at the same moment may lose an
//! increment, so the figure is exact single-threaded and a lower bound under
//! contention. Every other counter changes under the write lock and is a
//! plain integer.
//!
//! # Untrusted keys
//!
//! The hasher is a type parameter, FxHash ([`rustc_hash::FxBuildHasher`]) by
//! default: fast, and fine for keys a compiler makes itself. FxHash is not
//! collision resistant: an adversary can craft many keys with one 64-bit
//! hash (for a two-word key `(a, b)`, pick `b = c - a·K`), and all of them
//! then land in one shard and one probe sequence, making each insertion cost
//! a key comparison per earlier key. For keys from untrusted input, use a
//! keyed hasher such as `std::collections::hash_map::RandomState`:
//!
//! ```
//! use std::collections::hash_map::RandomState;
//! use strata_table::Table;
//!
//! let table: Table<(u64, u64), strata_sync::policy::Shared, RandomState> =
//!     Table::new("untrusted");
//! let key = (1, 2);
//! let h = table.hash_one(&key);
//! assert_eq!(*table.get_or_insert_with(h, |s| *s == key, |_| key), key);
//! ```
//!
//! # What is here
//!
//! - [`Table`]: the arena-owning storage table. [`Table::get`],
//!   [`Table::get_or_insert_with`], [`Table::get_or_insert_with_outcome`]
//!   (with an [`Outcome`]: read hit, re-probe hit, or insert),
//!   [`Table::with_write_lock`] for explicitly mutable components,
//!   [`Table::stats`].
//! - [`Arena`]: what a constructor allocates variable-sized parts in.
//! - [`PtrTable`] and [`PtrProbe`]: the table of caller-owned objects for
//!   reclaimable kinds.
//! - [`TableStats`] and [`ShardStats`]: entries, bytes, read hits,
//!   write-lock acquisitions and races lost, per shard.
//! - [`default_shard_count`] and [`MAX_SHARDS`].
//!
//! # Example
//!
//! A storage kind for integer attributes, keyed by `(type id, value)`:
//!
//! ```
//! use strata_table::{Outcome, Table};
//!
//! #[derive(Debug, PartialEq)]
//! struct IntAttr {
//!     ty: usize,
//!     value: i64,
//! }
//!
//! let table = Table::<IntAttr>::with_shards("integer attribute", 4);
//! let key = (7usize, -3i64);
//! let hash = table.hash_one(&key);
//! let matches = |s: &IntAttr| (s.ty, s.value) == key;
//! let construct = |_: &strata_table::Arena| IntAttr { ty: key.0, value: key.1 };
//!
//! let (a, how) = table.get_or_insert_with_outcome(hash, matches, construct);
//! assert_eq!(how, Outcome::Inserted);
//! let (b, how) = table.get_or_insert_with_outcome(hash, matches, construct);
//! assert_eq!(how, Outcome::ReadHit);
//! assert!(std::ptr::eq(a, b)); // one storage per key: pointer identity
//! assert_eq!(table.get(hash, matches), Some(a));
//! assert_eq!(table.stats().total().entries, 1);
//! ```
//!
//! The shared table may be used from many threads:
//!
//! ```
//! fn needs_sync<T: Sync>(_: &T) {}
//! needs_sync(&strata_table::Table::<u64>::new("k"));
//! ```
//!
//! The single-threaded table may not:
//!
//! ```compile_fail
//! use strata_sync::policy::Local;
//! fn needs_sync<T: Sync>(_: &T) {}
//! let local = strata_table::Table::<u64, Local>::new("k");
//! needs_sync(&local); // error: `Cell<u64>` cannot be shared between threads
//! ```
//!
//! # Atomic orderings
//!
//! The happens-before promise: everything a constructor wrote (the value
//! and whatever it allocated in the arena) happens-before every lookup, on
//! any thread, that returns that value. The shard's lock provides it: the
//! value is written and inserted under the write lock, whose release
//! synchronises with the acquisition of every later read or write lock on
//! that shard, under which any later lookup finds the entry.
//!
//! The table's own atomics order nothing:
//!
//! - the owner word is stored and loaded Relaxed: only the owning thread ever
//!   stores its own token, so by coherence a thread reads its own token
//!   exactly while it holds the write lock, whatever the ordering;
//! - the read-hit counter is a Relaxed load and store (statistics).
//!
//! # Performance
//!
//! `cargo bench -p strata-bench --bench table -- --warm-up-time 1
//! --measurement-time 2`, integer-attribute keys `(type, i64)` hashed with
//! FxHash, against the unsynchronised floor (a `hashbrown::HashTable` over a
//! `bumpalo` arena, no lock, no atomic). The bench first runs floor, Shared
//! and Local alternately and prints the minimum of each; on this shared
//! 2-core VM (load average about 12 while it ran) those are the figures to
//! read:
//!
//! | workload | floor | `Shared` | `Local` |
//! |---|---|---|---|
//! | hit (256 hot keys, read path) | 6.27 ns | 10.25 ns (**1.64x**) | 7.70 ns (**1.23x**) |
//! | insert (fresh table, 100,000 keys) | 81.4 ns | 113.7 ns (**1.40x**) | 96.5 ns (**1.19x**) |
//!
//! Criterion's own means in the same run, inflated by the load: hits 17.2 /
//! 46.5 / 34.7 ns (2.7x, 2.0x), inserts 181 / 224 / 218 ns (1.24x, 1.20x).
//! Instruction counts (cachegrind, deterministic): a hit costs 71
//! instructions on the floor (`entry`; 49 with a bare `find`), 79 under
//! `Local` and 89 under `Shared`,
//! whose remaining gap is the latency of the lock's two locked instructions,
//! which also keep consecutive lookups from overlapping; an insert costs 139
//! on the floor, 169 under `Local` and 284 under `Shared` (read probe, lock,
//! re-probe), all three dominated by about three cache misses.
//!
//! Two threads hitting the same hot keys through one table share the
//! shards' lock words, whose cache lines then travel between the cores on
//! most lookups: the read path does not scale across threads on hot keys,
//! which is what the thread cache in front of it (strata-tls) is for.

mod arena;
mod ptr_table;
mod shard;
mod stats;
mod table;

pub use arena::Arena;
pub use ptr_table::{PtrProbe, PtrTable};
pub use shard::{MAX_SHARDS, default_shard_count};
pub use stats::{ShardStats, TableStats};
pub use table::{Outcome, Table};
