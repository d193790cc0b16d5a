//! The core of the reclaim protocol: [`ReclaimTable`] and its counted handle
//! [`Strong`].
//!
//! A policy-generic table of reference-counted payloads built from
//! [`strata_table::PtrTable`] and [`strata_refcount::Counts`] (see the crate
//! documentation).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::mem::{ManuallyDrop, size_of};
use core::ops::Deref;
use core::ptr::NonNull;

use strata_refcount::Counts;
use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::policy::{AtomicInt, Policy, Shared};
use strata_sync::{CachePadded, Mutant, UnsafeCell, alloc, mutant};
use strata_table::{PtrProbe, PtrTable};

/// One reclaimable storage: the refcount header, what its owner needs to
/// leave the table, and the payload.
///
/// Allocated by [`alloc::into_raw`] (so loom's leak checker sees it) in
/// `ReclaimTable::insert`, freed by [`alloc::drop_raw`] in `release` or in the
/// table's `Drop`, never anywhere else.
struct Node<T, P: Policy> {
    /// The strong count (one per [`Strong`] handle), the weak count (only the
    /// collective reference of the strong side: the table's index is not
    /// counted, because every access through it happens under the shard's
    /// lock, which the owner takes before it frees anything), and the
    /// installed marker: set when the node enters the index, cleared once by
    /// whoever makes sure it has left (the owner in `release`, or the table's
    /// `Drop`).
    counts: Counts<P>,
    /// The table the node was inserted in. Invariant: it outlives every
    /// strong handle to the node, because each handle borrows it (`'t` in
    /// [`Strong`]), and it is never moved while borrowed.
    table: NonNull<ReclaimTable<T, P>>,
    /// The key's hash, to find the index entry again on removal.
    hash: u64,
    /// The bytes this storage accounts for: the node plus the payload's heap
    /// bytes, measured once at construction.
    bytes: usize,
    /// The payload. Initialised from construction until the owner drops it,
    /// which happens only after the node has left the index and its strong
    /// count has reached zero; behind the shim's cell so that loom checks
    /// every read through a handle against that drop.
    payload: UnsafeCell<ManuallyDrop<T>>,
}

// SAFETY: a node is shared by the handles and the index entry that point at
// it. Sharing it lets any thread read `&T` (needs `T: Sync`) and lets the
// thread that releases the last handle drop the `T` another thread built
// (needs `T: Send`); the counts are shared through their own atomics, which
// is what `Counts<P>: Send + Sync` states (false for the `Local` policy,
// whose `Cell`s keep every node on one thread). The `table` pointer is only
// read, to reach a table that is itself shared by `&`.
unsafe impl<T: Send + Sync, P: Policy> Send for Node<T, P> where Counts<P>: Send + Sync {}
// SAFETY: as for `Send`.
unsafe impl<T: Send + Sync, P: Policy> Sync for Node<T, P> where Counts<P>: Send + Sync {}

impl<T, P: Policy> Node<T, P> {
    /// The payload.
    ///
    /// # Safety
    ///
    /// 1. The payload has not been dropped: the caller holds a strong
    ///    reference, or reached the node through the index under its shard's
    ///    lock.
    #[inline]
    unsafe fn payload(&self) -> &T {
        // SAFETY: by (1) the payload is initialised, and it is only ever
        // written (dropped) by the owner once no reader can remain.
        self.payload.with(|p| unsafe { &**p })
    }
}

/// The statistics counters of one table, on their own cache lines.
///
/// Four monotonic counters instead of live counts that go up and down: a
/// creation costs two `Relaxed` increments, a reclamation two more, and the
/// live figures are differences. `Relaxed` throughout: they order nothing and
/// are read as snapshots.
#[derive(Debug)]
struct Counters<P: Policy> {
    created: P::AtomicU64,
    created_bytes: P::AtomicU64,
    reclaimed: P::AtomicU64,
    reclaimed_bytes: P::AtomicU64,
    /// Storages whose owner found the count revived (always 0, see
    /// `release`).
    revived: P::AtomicU64,
}

impl<P: Policy> Counters<P> {
    fn new() -> Self {
        Self {
            created: AtomicInt::new(0),
            created_bytes: AtomicInt::new(0),
            reclaimed: AtomicInt::new(0),
            reclaimed_bytes: AtomicInt::new(0),
            revived: AtomicInt::new(0),
        }
    }

    #[inline]
    fn count_created(&self, bytes: usize) {
        // Relaxed: statistics, pair with nothing.
        self.created.fetch_add(1, Relaxed);
        self.created_bytes.fetch_add(bytes as u64, Relaxed);
    }

    #[inline]
    fn count_reclaimed(&self, bytes: usize) {
        // Relaxed: statistics, pair with nothing.
        self.reclaimed.fetch_add(1, Relaxed);
        self.reclaimed_bytes.fetch_add(bytes as u64, Relaxed);
    }

    #[cold]
    fn count_revived(&self) {
        // Relaxed: statistics, pair with nothing.
        self.revived.fetch_add(1, Relaxed);
    }
}

/// A sharded table of reference-counted storages that free themselves when
/// their last [`Strong`] handle drops: the core of strata's reclaimable
/// storage kinds.
///
/// The caller hashes its key, says how to compare it with a stored payload
/// (`matches`), and how to build a payload (`make`); the table returns a
/// counted handle to the one live storage for that key.
///
/// # The protocol
///
/// - **Lookup** ([`intern`](Self::intern), [`get`](Self::get)): under the
///   shard's read lock, an entry whose hash and payload match is upgraded
///   with [`Counts::try_inc_strong`], a compare-and-swap that fails on zero.
///   A storage whose count reached zero is therefore never revived
///   (invariant 6): the lookup treats its entry as dead, and
///   [`intern`](Self::intern) replaces the entry, under the write lock after
///   the mandatory re-probe, with a fresh storage.
/// - **Last drop**: the handle that takes the count to zero removes the
///   entry under the shard's write lock, but only if the entry still holds
///   its own storage (`PtrTable::remove_ptr`'s owner check: a lookup may have
///   replaced it already, and the replacement is alive), then drops the
///   payload and frees the memory. Once `remove_ptr` has returned, no lookup
///   can reach the storage, since every lookup reaches entries under that
///   lock.
/// - **Table drop**: storages still in the table (their handles were leaked
///   with `mem::forget`; live handles borrow the table, so there are none)
///   are dropped and freed.
///
/// Equal keys give equal live handles, from any thread, at any time. A key
/// whose storage died and is interned again gets a fresh storage, which may
/// live at a different address (or at the same one, reused by the
/// allocator): compare handles only while both are alive.
///
/// # Threading policy
///
/// `ReclaimTable<T, Shared>` is `Sync` for `T: Send + Sync`; with
/// [`Local`](strata_sync::policy::Local) its counts are `Cell`s, its lock a
/// `RefCell` borrow flag, and neither the table nor its handles can leave the
/// thread.
///
/// # Example
///
/// ```
/// use strata_reclaim::ReclaimTable;
///
/// let table = ReclaimTable::<String>::new("names", 4, |s| s.capacity());
/// let key = "a long constant";
/// let hash = table.hash_one(key);
/// let a = table.intern(hash, |s| s == key, || key.to_string());
/// let b = table.intern(hash, |s| s == key, || unreachable!("the key is live"));
/// assert_eq!(a, b);
/// assert_eq!(table.memory().live, 1);
/// drop((a, b)); // the last handle: the storage leaves the table and is freed
/// assert!(table.get(hash, |s| s == key).is_none());
/// assert_eq!(table.memory().live, 0);
/// assert_eq!(table.memory().reclaimed, 1);
/// ```
pub struct ReclaimTable<T, P: Policy = Shared> {
    /// Invariant: every entry points at a node made by `insert` for this
    /// table, whose payload is initialised and whose memory is not freed. A
    /// node leaves the index (removed by its owner, or replaced by a lookup
    /// that found it dead) under its shard's write lock, before its payload
    /// is dropped and its memory freed.
    index: PtrTable<Node<T, P>, P>,
    counters: CachePadded<Counters<P>>,
    /// The payload's heap bytes, for [`memory`](Self::memory).
    heap_bytes: fn(&T) -> usize,
}

impl<T: Send + Sync, P: Policy> ReclaimTable<T, P> {
    /// An empty table for the storage kind `name`, with `shards` shards
    /// (rounded as [`PtrTable::with_shards`] requires: a power of two up to
    /// [`strata_table::MAX_SHARDS`]), whose storages count
    /// `heap_bytes(payload)` bytes beyond their node.
    ///
    /// # Panics
    ///
    /// If `shards` is not a power of two between 1 and
    /// [`strata_table::MAX_SHARDS`].
    pub fn new(name: &'static str, shards: usize, heap_bytes: fn(&T) -> usize) -> Self {
        Self {
            index: PtrTable::with_shards(name, shards),
            counters: CachePadded::new(Counters::new()),
            heap_bytes,
        }
    }

    /// Returns a handle to the live storage whose payload `matches`, or
    /// builds one with `make` and inserts it.
    ///
    /// `hash` is the key's 64-bit hash (equal keys, equal hashes); `matches`
    /// is called on stored payloads with that hash, under the shard's lock,
    /// and must not use this table; `make` runs under the shard's write lock,
    /// at most once, only when no live storage matches. If `make` panics,
    /// nothing changes.
    ///
    /// # Panics
    ///
    /// If `make` or `matches` uses this table's shard (re-entrancy is a
    /// panic, never a deadlock); propagates a panic of `make` or `matches`.
    #[inline]
    pub fn intern(
        &self,
        hash: u64,
        mut matches: impl FnMut(&T) -> bool,
        make: impl FnOnce() -> T,
    ) -> Strong<'_, T, P> {
        self.index.get_or_insert_ptr(
            hash,
            |ptr| self.probe(ptr, &mut matches),
            || self.insert(hash, make),
        )
    }

    /// Returns a handle to the live storage whose payload `matches`, if there
    /// is one; never inserts, and never revives a storage whose count reached
    /// zero.
    #[inline]
    pub fn get(&self, hash: u64, mut matches: impl FnMut(&T) -> bool) -> Option<Strong<'_, T, P>> {
        self.index
            .get_ptr(hash, |ptr| self.probe(ptr, &mut matches))
    }

    /// What a lookup makes of one entry with the probed hash.
    #[inline]
    fn probe(
        &self,
        ptr: NonNull<Node<T, P>>,
        matches: &mut impl FnMut(&T) -> bool,
    ) -> PtrProbe<Strong<'_, T, P>> {
        // SAFETY: `ptr` is an entry of the index, read under its shard's
        // lock, so by the invariant on `index` it is a node whose memory and
        // payload are alive until this closure returns (its owner frees
        // nothing before it has taken that lock for writing).
        let node = unsafe { ptr.as_ref() };
        // Under loom: the node's free must come after this access.
        // SAFETY: (1) every node is allocated by `into_raw` for
        // `Node<T, P>`, and, as just said, it is not freed while the lock is
        // held.
        unsafe { alloc::access_raw(ptr) };
        if mutant(Mutant::ReclaimMismatchKeepsRef)
            || mutant(Mutant::ReclaimMismatchGiveBackUnreleased)
        {
            return self.probe_upgrading_first(ptr, matches);
        }
        // The payload is compared before any reference is taken: an entry
        // of another key with the same hash (a collision) is passed over
        // without touching its count, so a lookup never holds, and never has
        // to give back, a reference to a storage it does not return. (Given
        // back, that reference could be the storage's last, and its release
        // would have to run here, under the shard's lock.)
        // SAFETY: (1) the node was reached through the index under its
        // shard's lock, so its payload has not been dropped.
        if !matches(unsafe { node.payload() }) {
            return PtrProbe::NoMatch;
        }
        if mutant(Mutant::ReclaimRevive) {
            // The deliberate bug: a plain increment, which moves a count
            // that reached zero back to one while its owner is on the way to
            // dropping the payload.
            node.counts.inc_strong();
            // SAFETY: (mutant only) (1) holds as on the correct path below;
            // (2) is the condition this mutant breaks on purpose: the plain
            // increment hands the handle a unit even of a count that was
            // already zero, which the loom models must catch.
            return PtrProbe::Match(unsafe { Strong::adopt(ptr) });
        }
        // Invariant 6: a CAS that fails on zero (Relaxed; see `Counts`: its
        // guarantee comes from the count's modification order). A storage
        // whose last handle is being dropped is dead for this lookup.
        if node.counts.try_inc_strong() {
            // SAFETY: the node belongs to this table, which the handle
            // borrows (1), and the successful upgrade is the reference the
            // handle takes over (2).
            PtrProbe::Match(unsafe { Strong::adopt(ptr) })
        } else {
            PtrProbe::Dead
        }
    }

    /// The probe of the `ReclaimMismatchKeepsRef` and
    /// `ReclaimMismatchGiveBackUnreleased` mutants: it upgrades the entry
    /// before it compares the payload, and on a mismatch (another key with
    /// the same hash) either keeps the reference it took or gives it back
    /// with a bare decrement that ignores being the last one. Either way,
    /// when the other key's last handle drops, nobody releases its storage,
    /// which stays in the index, payload alive, until the table drops.
    #[cold]
    fn probe_upgrading_first(
        &self,
        ptr: NonNull<Node<T, P>>,
        matches: &mut impl FnMut(&T) -> bool,
    ) -> PtrProbe<Strong<'_, T, P>> {
        // SAFETY: as in `probe`: an entry of the index, read under its
        // shard's lock.
        let node = unsafe { ptr.as_ref() };
        let upgraded = node.counts.try_inc_strong();
        // SAFETY: (1) as in `probe`: reached under the shard's lock.
        if !matches(unsafe { node.payload() }) {
            if upgraded && mutant(Mutant::ReclaimMismatchGiveBackUnreleased) {
                // The deliberate bug: `Released::Last` is dropped on the
                // floor, and with it the release it calls for.
                let _ = node.counts.dec_strong();
            }
            return PtrProbe::NoMatch;
        }
        if upgraded {
            // SAFETY: the node belongs to this table, which the handle
            // borrows (1), and the successful upgrade is the reference the
            // handle takes over (2).
            PtrProbe::Match(unsafe { Strong::adopt(ptr) })
        } else {
            PtrProbe::Dead
        }
    }

    /// Builds and allocates a storage (the `make` of the index), under the
    /// shard's write lock.
    fn insert(
        &self,
        hash: u64,
        make: impl FnOnce() -> T,
    ) -> (NonNull<Node<T, P>>, Strong<'_, T, P>) {
        // Everything that may panic (the user's `make` and `heap_bytes`)
        // runs before the allocation, so a panic leaves nothing behind.
        let value = make();
        let bytes = size_of::<Node<T, P>>() + (self.heap_bytes)(&value);
        let ptr = alloc::into_raw(Node {
            counts: Counts::new(),
            table: NonNull::from(self),
            hash,
            bytes,
            payload: UnsafeCell::new(ManuallyDrop::new(value)),
        });
        // SAFETY: just allocated and initialised; not shared yet.
        let node = unsafe { ptr.as_ref() };
        // The node enters the index as soon as this closure returns: set the
        // marker now, while no other thread can see the node (the shard's
        // write lock publishes it with the entry).
        let was_installed = node.counts.set_installed();
        debug_assert!(!was_installed, "a fresh node is not installed");
        self.counters.count_created(bytes);
        // SAFETY: the node belongs to this table (1); `Counts::new` counts
        // one strong reference, the creator's, which the handle takes (2).
        (ptr, unsafe { Strong::adopt(ptr) })
    }

    /// The storage kind's name.
    pub fn name(&self) -> &'static str {
        self.index.name()
    }

    /// Hashes `key` with FxHash, for callers without a hasher of their own.
    /// (The facade's `Context` hashes with its own hasher.)
    #[inline]
    pub fn hash_one<K: Hash + ?Sized>(&self, key: &K) -> u64 {
        self.index.hash_one(key)
    }

    /// Entries in the index, dead ones whose owner has not yet removed them
    /// included (each shard read under its read lock in turn).
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether the index has no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A snapshot of the table's memory: live storages and their bytes,
    /// reclaimed storages and theirs, and the index.
    ///
    /// The counters are read one after the other without a lock, so while
    /// other threads intern and drop the figures are approximate (each is a
    /// value the counter had); once the table is quiet they are exact.
    pub fn memory(&self) -> ReclaimStats {
        let c = &*self.counters;
        // Relaxed: statistics snapshots; pair with nothing.
        let reclaimed = c.reclaimed.load(Relaxed);
        let reclaimed_bytes = c.reclaimed_bytes.load(Relaxed);
        let created = c.created.load(Relaxed);
        let created_bytes = c.created_bytes.load(Relaxed);
        let index = self.index.stats().total();
        ReclaimStats {
            live: created.saturating_sub(reclaimed) as usize,
            live_bytes: created_bytes.saturating_sub(reclaimed_bytes) as usize,
            created,
            reclaimed,
            reclaimed_bytes,
            entries: index.entries,
            index_bytes: index.index_bytes,
            replaced: index.replaced,
            revived: c.revived.load(Relaxed),
        }
    }
}

impl<T, P: Policy> Drop for ReclaimTable<T, P> {
    /// Frees the storages still in the table. Their handles were leaked
    /// (`mem::forget`): a live handle borrows the table, so none survives
    /// it, and no storage can be half-way through its last drop either.
    fn drop(&mut self) {
        for ptr in self.index.drain() {
            // SAFETY: (1) by the invariant on `index`, a live node; with no
            // handle left (see above) and the entry drained, nothing else
            // can reach it.
            unsafe { free_abandoned(ptr) };
        }
    }
}

impl<T, P: Policy> fmt::Debug for ReclaimTable<T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReclaimTable")
            .field("name", &self.index.name())
            .field("policy", &P::NAME)
            .field("shards", &self.index.shard_count())
            .finish_non_exhaustive()
    }
}

/// A snapshot of a [`ReclaimTable`]'s memory ([`ReclaimTable::memory`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReclaimStats {
    /// Storages created and not yet reclaimed.
    pub live: usize,
    /// Their bytes: each storage's node plus its payload's heap bytes.
    pub live_bytes: usize,
    /// Storages created since the table was made.
    pub created: u64,
    /// Storages reclaimed (payload dropped, memory freed) since then.
    pub reclaimed: u64,
    /// Their bytes.
    pub reclaimed_bytes: u64,
    /// Entries in the index (dead entries not yet removed included).
    pub entries: usize,
    /// Bytes of the index's hash tables.
    pub index_bytes: usize,
    /// Dead entries a lookup replaced with a fresh storage before their
    /// owner removed them.
    pub replaced: u64,
    /// Storages whose count a lookup revived after it reached zero, found by
    /// the owner's check of invariant 6. Always 0: a nonzero value is a bug
    /// in strata (the loom models' `ReclaimRevive` mutant makes one), after
    /// which the owner backed off and left the storage, out of the table, to
    /// the handle that revived it.
    pub revived: u64,
}

/// A counted handle to a storage of a [`ReclaimTable`]: `Clone` adds a
/// reference (a `Relaxed` increment), `Drop` releases one, and the last
/// release removes the storage from its table and frees it.
///
/// `Deref`s to the payload; equality and hashing are by address, which is
/// meaningful while the handles compared are alive. `'t` is the borrow of
/// the table, so a handle cannot outlive it.
///
/// With the [`Local`](strata_sync::policy::Local) policy a handle is neither
/// `Send` nor `Sync`:
///
/// ```compile_fail
/// use strata_reclaim::ReclaimTable;
/// use strata_sync::policy::Local;
///
/// fn needs_send<T: Send>(_: T) {}
/// let table = ReclaimTable::<u64, Local>::new("numbers", 1, |_| 0);
/// let h = table.intern(7, |v| *v == 7, || 7);
/// needs_send(h); // error: the counts are `Cell`s
/// ```
pub struct Strong<'t, T, P: Policy = Shared> {
    /// Invariant: points at a node of a table borrowed for `'t`, and this
    /// handle owns one unit of the node's strong count, so the node's memory
    /// and payload are alive while the handle is.
    node: NonNull<Node<T, P>>,
    _table: PhantomData<&'t ReclaimTable<T, P>>,
}

// SAFETY: a handle shares the node (and through it the table): sending it
// lets another thread read the payload, clone the handle, and release the
// last reference there, dropping the payload and using the table. That is
// sound exactly when the node may be shared and sent (`Node: Send + Sync`,
// which needs `T: Send + Sync` and thread-safe counts) and the table may be
// shared (`ReclaimTable: Sync`).
unsafe impl<T, P: Policy> Send for Strong<'_, T, P>
where
    Node<T, P>: Send + Sync,
    ReclaimTable<T, P>: Sync,
{
}
// SAFETY: `&Strong` gives `&T` and `Clone` (a new handle, see `Send`).
unsafe impl<T, P: Policy> Sync for Strong<'_, T, P>
where
    Node<T, P>: Send + Sync,
    ReclaimTable<T, P>: Sync,
{
}

impl<T, P: Policy> Strong<'_, T, P> {
    /// Wraps a reference the caller took.
    ///
    /// # Safety
    ///
    /// 1. `node` points at a live node of a table that is borrowed for the
    ///    handle's lifetime.
    /// 2. The caller owns one unit of the node's strong count and hands it
    ///    to the handle.
    #[inline]
    unsafe fn adopt(node: NonNull<Node<T, P>>) -> Self {
        Self {
            node,
            _table: PhantomData,
        }
    }

    #[inline]
    fn node(&self) -> &Node<T, P> {
        // Under loom: the node's free must come after this access.
        // SAFETY: (1) the invariant on `node`: the node came from
        // `into_raw` for `Node<T, P>`, and the handle's reference keeps it
        // from being freed.
        unsafe { alloc::access_raw(self.node) };
        // SAFETY: the invariant on `node`: the handle's reference keeps the
        // node alive.
        unsafe { self.node.as_ref() }
    }

    /// The address of the storage, which identifies it while it is alive.
    #[inline]
    pub fn as_ptr(this: &Self) -> *const () {
        this.node.as_ptr().cast_const().cast()
    }

    /// Whether two handles are to the same storage.
    #[inline]
    pub fn ptr_eq(a: &Self, b: &Self) -> bool {
        a.node == b.node
    }

    /// The number of strong handles to the storage (a snapshot).
    #[inline]
    pub fn strong_count(this: &Self) -> usize {
        this.node().counts.strong_count()
    }
}

impl<T, P: Policy> Clone for Strong<'_, T, P> {
    #[inline]
    fn clone(&self) -> Self {
        // Relaxed increment (in `Counts::inc_strong`, which explains why):
        // the reference is made from this one, which keeps the node alive.
        self.node().counts.inc_strong();
        // SAFETY: same node and table (1); the increment is the new
        // reference (2).
        unsafe { Self::adopt(self.node) }
    }
}

impl<T, P: Policy> Drop for Strong<'_, T, P> {
    #[inline]
    fn drop(&mut self) {
        // Release decrement, Acquire fence on the last one (in
        // `Counts::dec_strong`): pairs with every other handle's decrement,
        // so the payload's destructor sees their writes.
        if self.node().counts.dec_strong().is_last() {
            // SAFETY: the decrement to zero makes this caller the owner (1),
            // and the table is borrowed for the handle's lifetime (2).
            unsafe { release(self.node) };
        }
    }
}

/// The owner's half of the protocol: the last strong reference is gone.
///
/// # Safety
///
/// 1. The caller's `dec_strong` on `ptr`'s node returned `Released::Last`.
/// 2. The node's table is alive (the caller's handle borrowed it).
#[cold]
#[inline(never)]
unsafe fn release<T, P: Policy>(ptr: NonNull<Node<T, P>>) {
    // SAFETY: by (1) the caller owns the collective weak reference, released
    // at the end, which keeps the memory alive until then.
    let node = unsafe { ptr.as_ref() };
    // Under loom: the node's free (by this thread or another) must come
    // after this access.
    // SAFETY: by (1) the node (from `into_raw`) is alive.
    unsafe { alloc::access_raw(ptr) };
    // SAFETY: by (2) and the invariant on `Node::table`.
    let table = unsafe { node.table.as_ref() };
    // Leave the index, under the shard's write lock, only if the entry still
    // holds this node: a lookup may have found it dead and replaced it with a
    // fresh, live storage, which must stay (the owner check; the
    // `ReclaimNoOwnerCheck` mutant, inside `remove_ptr`, skips it). After
    // this, no lookup can reach the node: every lookup reaches entries under
    // that lock, and the ones that held it before have finished.
    table.index.remove_ptr(node.hash, ptr);
    // Invariant 6, checked: every lookup that could have found the node ran
    // under the shard lock that `remove_ptr` has just taken after it, so an
    // increment that revived the count is visible to this load. That never
    // happens in correct code (lookups upgrade with `try_inc_strong`), but
    // freeing now would leave the reviving handle dangling. Instead the
    // owner backs off: the reviving handle holds the only strong reference,
    // and with it the collective weak one, so its own last drop runs this
    // function again and frees the node. That is memory-safe and leak-free;
    // what is lost is the storage's entry, so the key's next intern builds
    // another storage. The event is counted, which is how the loom models
    // (through `memory`) fail on it. (Not a panic: that would unwind out of
    // a destructor, aborting a thread that is already unwinding, and fail on
    // the thread that did nothing wrong.)
    if node.counts.strong_count() != 0 {
        table.counters.count_revived();
        return;
    }
    let was_installed = node.counts.clear_installed();
    debug_assert!(was_installed, "exactly one owner clears the marker");
    table.counters.count_reclaimed(node.bytes);
    // SAFETY: (1) is passed on: the node left the index, its count is zero
    // for good, so this caller is the only one that can reach it.
    unsafe { drop_payload_then_free(ptr) };
}

/// Frees a node the table's `Drop` drained.
///
/// # Safety
///
/// 1. `ptr` is a live node that nothing else can reach any more.
unsafe fn free_abandoned<T, P: Policy>(ptr: NonNull<Node<T, P>>) {
    // SAFETY: by (1).
    let node = unsafe { ptr.as_ref() };
    let was_installed = node.counts.clear_installed();
    debug_assert!(was_installed, "a node in the index is installed");
    // SAFETY: by (1).
    unsafe { drop_payload_then_free(ptr) };
}

/// Drops the payload, then releases the collective weak reference and frees
/// the memory, also when the payload's destructor panics.
///
/// # Safety
///
/// 1. The caller is the only one that can reach the node, its payload is
///    initialised, and it owns the collective weak reference.
unsafe fn drop_payload_then_free<T, P: Policy>(ptr: NonNull<Node<T, P>>) {
    /// The guard's job: free the node's memory even if the payload's
    /// destructor panics (the node has left the index, so nothing else
    /// would).
    struct Free<T, P: Policy>(NonNull<Node<T, P>>);
    impl<T, P: Policy> Drop for Free<T, P> {
        fn drop(&mut self) {
            // SAFETY: (1) of the enclosing function: the memory is alive and
            // ours until the weak count says otherwise.
            let last = unsafe { self.0.as_ref() }.counts.dec_weak();
            // Release decrement, Acquire fence on the last one (in
            // `Counts::dec_weak`): the free comes after every access.
            if last.is_last() {
                // SAFETY: the node was made by `alloc::into_raw` (1) and the
                // last weak reference is gone, so it is freed exactly once;
                // its payload is `ManuallyDrop` (already dropped), so
                // `drop_raw` drops only the header and the cell.
                unsafe { alloc::drop_raw(self.0) };
            }
        }
    }
    let free = Free(ptr);
    // SAFETY: by (1) the payload is initialised and no one else can read it;
    // it is dropped once, here.
    unsafe { ptr.as_ref() }
        .payload
        .with_mut(|p| unsafe { ManuallyDrop::drop(&mut *p) });
    drop(free);
}

impl<T, P: Policy> Deref for Strong<'_, T, P> {
    type Target = T;
    #[inline]
    fn deref(&self) -> &T {
        // SAFETY: (1) the caller of `payload` holds a strong reference: the
        // handle's own (the invariant on `node`), which keeps the payload
        // from being dropped.
        unsafe { self.node().payload() }
    }
}

impl<T, P: Policy> PartialEq for Strong<'_, T, P> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        Self::ptr_eq(self, other)
    }
}

impl<T, P: Policy> Eq for Strong<'_, T, P> {}

impl<T, P: Policy> Hash for Strong<'_, T, P> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        Self::as_ptr(self).hash(state);
    }
}

impl<T: fmt::Debug, P: Policy> fmt::Debug for Strong<'_, T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<T: fmt::Display, P: Policy> fmt::Display for Strong<'_, T, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&**self, f)
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;
    use strata_sync::policy::Local;

    fn lifecycle<P: Policy>() {
        let table = ReclaimTable::<Vec<u8>, P>::new("bytes", 1, Vec::len);
        let key = [1_u8, 2, 3];
        let hash = table.hash_one(&key[..]);
        let mut made = 0;
        let a = table.intern(
            hash,
            |v| v[..] == key,
            || {
                made += 1;
                key.to_vec()
            },
        );
        let b = table.intern(hash, |v| v[..] == key, || unreachable!("live"));
        assert_eq!(made, 1);
        assert_eq!(a, b);
        assert_eq!(Strong::strong_count(&a), 2);
        let m = table.memory();
        assert_eq!((m.live, m.created, m.reclaimed, m.entries), (1, 1, 0, 1));
        assert_eq!(m.live_bytes, size_of::<Node<Vec<u8>, P>>() + 3);
        let c = b.clone();
        drop((a, b));
        assert_eq!(Strong::strong_count(&c), 1);
        assert_eq!(table.get(hash, |v| v[..] == key), Some(c.clone()));
        drop(c);
        assert!(table.get(hash, |v| v[..] == key).is_none());
        assert!(table.is_empty());
        let m = table.memory();
        assert_eq!((m.live, m.live_bytes, m.reclaimed), (0, 0, 1));
        assert_eq!(
            m.reclaimed_bytes as usize,
            size_of::<Node<Vec<u8>, P>>() + 3
        );
        // Interned again: a fresh storage.
        let d = table.intern(
            hash,
            |v| v[..] == key,
            || {
                made += 1;
                key.to_vec()
            },
        );
        assert_eq!(made, 2);
        assert_eq!(*d, key);
        assert_eq!(table.memory().created, 2);
    }

    #[test]
    fn lifecycle_shared() {
        lifecycle::<Shared>();
    }

    #[test]
    fn lifecycle_local() {
        lifecycle::<Local>();
    }

    /// A dead entry the owner has not removed yet is replaced by a fresh
    /// storage, and the owner's removal then leaves the fresh one alone.
    #[test]
    fn dead_entry_is_replaced_and_the_owner_check_keeps_the_replacement() {
        let table = ReclaimTable::<u32>::new("numbers", 1, |_| 0);
        let old = table.intern(9, |v| *v == 1, || 1);
        let ptr = old.node;
        // Take the count to zero without running the owner's half yet, as a
        // thread preempted inside `Strong::drop` would.
        let old = ManuallyDrop::new(old);
        assert!(old.node().counts.dec_strong().is_last());
        assert!(
            table.get(9, |v| *v == 1).is_none(),
            "a dead entry is absent"
        );
        let fresh = table.intern(9, |v| *v == 1, || 1);
        assert_ne!(Strong::as_ptr(&fresh), ptr.as_ptr().cast_const().cast());
        assert_eq!(table.memory().replaced, 1);
        // The owner's half: it must not remove the replacement.
        // SAFETY: (1) the decrement above returned `Last`; (2) the table is
        // alive (borrowed by this test for the whole call).
        unsafe { release(ptr) };
        assert_eq!(table.get(9, |v| *v == 1), Some(fresh.clone()));
        assert_eq!(table.memory().live, 1);
    }

    #[test]
    fn leaked_handles_are_freed_with_the_table() {
        let table = ReclaimTable::<String>::new("strings", 2, String::capacity);
        for i in 0..10 {
            let s = i.to_string();
            core::mem::forget(table.intern(table.hash_one(&s), |v| *v == s, || s.clone()));
        }
        assert_eq!(table.memory().live, 10);
        drop(table); // LeakSanitizer checks the storages were freed.
    }

    #[test]
    fn a_panicking_make_changes_nothing() {
        let table = ReclaimTable::<u32>::new("numbers", 1, |_| 0);
        let r = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| {
            table.intern(1, |v| *v == 1, || panic!("no"))
        }));
        assert!(r.is_err());
        assert!(table.is_empty());
        assert_eq!(table.memory().created, 0);
        assert_eq!(*table.intern(1, |v| *v == 1, || 1), 1);
    }

    #[test]
    fn debug_and_display_go_through_the_payload() {
        let table = ReclaimTable::<String, Local>::new("strings", 1, |_| 0);
        let h = table.intern(1, |v| v == "x", || "x".to_string());
        assert_eq!(format!("{h} {h:?}"), "x \"x\"");
        assert!(format!("{table:?}").contains("strings"));
    }
}
