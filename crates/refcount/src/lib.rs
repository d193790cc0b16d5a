//! The thread-safe refcount base of strata: strong and weak counts with an
//! installed-in-table marker, and the `Ref` / `WeakRef` handles built on them.
//!
//! # The problem
//!
//! MLIR never frees a type or attribute before its context dies, and large
//! compilations run out of memory because of it. strata's answer is
//! reclaimable storage kinds: interned objects that carry a refcount header,
//! die when their last user lets go, and leave the table that interned them.
//! That header is the `llvm::ThreadSafeRefCountedBase` shape of the seed text
//! (`threading-and-synchronization.txt`, "ThreadSafeRefCountedBase"): a
//! strong count, a weak count and an installed-in-table marker, updated from
//! many threads at once.
//!
//! Three things must hold (invariant 6):
//!
//! - the thread that drops the payload sees every write made through every
//!   other handle (the decrement is `Release`, the last one adds an `Acquire`
//!   fence);
//! - the payload is dropped exactly once and the memory freed exactly once,
//!   after the payload;
//! - a strong count that reached zero is never revived: a lookup that finds a
//!   dying object in a table must fail to upgrade it, not resurrect it (the
//!   upgrade is a CAS loop that fails on zero).
//!
//! # The approach
//!
//! [`Counts`] is the header and nothing else: a few words any storage can
//! embed, with one method per transition, each returning what the caller must
//! do next ([`Released::Last`] means "you drop the payload" or "you free the
//! memory"). It is `std::sync::Arc`'s protocol taken out of `Arc`: the strong
//! references collectively hold one weak reference, released after the
//! payload is dropped, so the memory outlives the payload exactly as long as
//! weak references need it.
//!
//! [`Ref`] and [`WeakRef`] are an `Arc` / `Weak` pair built on that header,
//! for users who want an owning handle rather than a header inside their own
//! storage. Both, and the header, are generic over the threading policy
//! ([`strata_sync::policy`]): `Ref<T>` is thread-safe; `Ref<T, Local>` keeps
//! its counts in `Cell`s, compiles every update to a plain load and store (no
//! `lock`-prefixed instruction, no fence), and is neither `Send` nor `Sync`,
//! so the compiler refuses to let it cross threads.
//!
//! This crate knows nothing of tables. The installed marker is a flag it keeps
//! atomic and ordered for whoever owns the surrounding storage; what
//! "installed" means, and what the caller that clears it must do, is that
//! owner's business.
//!
//! # Inventory
//!
//! - [`Counts<P>`](Counts): the header. `new`, `inc_strong`, `dec_strong`,
//!   `try_inc_strong`, `inc_weak`, `dec_weak`, `strong_count`, `weak_count`,
//!   `set_installed`, `clear_installed`, `is_installed`.
//! - [`Released`]: the `#[must_use]` answer of a decrement, `Last` or
//!   `NotLast`.
//! - [`Ref<T, P>`](Ref): a strong handle (`Clone`, `Deref<Target = T>`);
//!   `Ref::new(value)` under the default policy, `Ref::new_in(value, Local)`
//!   under another.
//! - [`WeakRef<T, P>`](WeakRef): a weak handle; `upgrade` returns `None` once
//!   the payload is gone.
//! - [`MAX_REFCOUNT`]: the bound past which an increment aborts the process.
//!
//! # Example
//!
//! ```
//! use strata_refcount::{Ref, WeakRef};
//!
//! let config = Ref::new(String::from("-O2"));
//! let weak: WeakRef<String> = Ref::downgrade(&config);
//!
//! let worker = {
//!     let config = config.clone();
//!     strata_sync::thread::spawn(move || config.len())
//! };
//! assert_eq!(worker.join().unwrap(), 3);
//!
//! assert_eq!(weak.upgrade().as_deref().map(String::as_str), Some("-O2"));
//! drop(config); // the last strong handle: the `String` is dropped here
//! assert!(weak.upgrade().is_none()); // ... and never revived
//! ```
//!
//! The same code, single-threaded, with the policy chosen in the type:
//!
//! ```
//! use strata_refcount::Ref;
//! use strata_sync::policy::Local;
//!
//! let a = Ref::new_in([1_u8, 2, 3], Local);
//! let b = a.clone(); // a plain increment of a `Cell`
//! assert!(Ref::ptr_eq(&a, &b));
//! assert_eq!(Ref::strong_count(&a), 2);
//! ```
//!
//! # Atomic orderings
//!
//! The promise made to users, for the `Shared` policy:
//!
//! 1. **Everything done through any strong handle before it is dropped
//!    happens-before the payload's destructor runs.** Every strong decrement
//!    is `Release`; the one that reaches zero is followed by an `Acquire`
//!    fence, which synchronises with all of them. Writes through interior
//!    mutability in `T` are therefore visible to `T::drop`, whichever thread
//!    runs it.
//! 2. **Everything done through any handle, strong or weak, before it is
//!    dropped happens-before the memory is freed**, by the same pattern on the
//!    weak count. The payload's destructor is one of those things: the strong
//!    side releases its collective weak reference after it.
//! 3. **Increments are `Relaxed` and synchronise with nothing.** A new handle
//!    is made from one the caller holds, which keeps the object alive; handing
//!    the new handle to another thread goes through a channel (a spawn, a
//!    lock, a queue) that synchronises by itself. The payload was fully built
//!    before the first handle to it existed.
//! 4. **An upgrade never revives a dead object.** `try_inc_strong` (and so
//!    `WeakRef::upgrade`) is a compare-and-swap loop that refuses a zero
//!    count; its guarantee comes from the count's modification order, so it
//!    too is `Relaxed`.
//! 5. **The installed marker is a hand-over flag.** `set_installed` and
//!    `clear_installed` are `AcqRel` swaps and `is_installed` is an `Acquire`
//!    load: seeing a flip means seeing everything its author did before it,
//!    and of racing flips to the same value exactly one sees the old value.
//!
//! Strong and weak counts read through `strong_count` / `weak_count` are
//! `Relaxed` snapshots; decisions are taken on the answers of the
//! read-modify-write methods.
//!
//! # Overflow
//!
//! An increment that would take a count past [`MAX_REFCOUNT`] (`isize::MAX`)
//! aborts the process, as `Arc` does. A count can only get there through
//! leaked handles (`mem::forget` in a loop); aborting rather than panicking
//! keeps the count from ever wrapping, whatever the number of racing threads.

mod counts;
mod handle;

pub use counts::{Counts, MAX_REFCOUNT, Released};
pub use handle::{Ref, WeakRef};
