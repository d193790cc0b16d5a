//! The facade of reclaimable kinds: [`ReclaimableKind`],
//! the typed handle [`Counted`], and the per-context tables behind
//! [`Context::intern_counted`].

use core::fmt;
use core::hash::{BuildHasher, Hash, Hasher};
use core::marker::PhantomData;
use core::ops::Deref;
use core::ptr::NonNull;

use strata_buckets::BucketArray;
use strata_sync::policy::{Policy, Shared};

use crate::Context;
use crate::erased::{Erased, Report};
use crate::kind::{Kind, Storage, StorageHeader};
use strata_reclaim::KindMemory;
use strata_reclaim::{ReclaimTable, Strong};

/// A kind of interned storage that is freed when its last handle drops.
///
/// The same [`Kind`] as an immortal [`StorageKind`](crate::StorageKind) (a
/// family, a key that is hashed and compared with stored payloads, an
/// identity made with [`KindInfo::new`](crate::KindInfo::new), a covariant
/// payload built from the key the first time), except that the payload owns
/// its data: it is built without an arena (a `Box<[u8]>`, a `Vec`, a
/// `String`) because it is freed on its own, long before the context.
/// Interned with [`Context::intern_counted`], which returns a [`Counted`]
/// handle.
///
/// A kind is either reclaimable or immortal, never both: a reclaimable kind
/// is not a `StorageKind`, so `Context::intern` does not accept it.
///
/// # Lifetimes
///
/// As for `StorageKind`, `'ctx` in `Stored<'ctx>` is the lifetime of the
/// immortal handles the payload may hold ([`Type`](crate::Type),
/// [`Attribute`](crate::Attribute) of the same context): they outlive any
/// reclaimable storage. The payload must hold nothing else borrowed, and no
/// handle of another context.
pub trait ReclaimableKind: Kind {
    /// Whether the stored payload is the one `key` describes.
    fn matches<'k, 'ctx: 'k>(stored: &Self::Stored<'ctx>, key: &Self::Key<'k, 'ctx>) -> bool;

    /// Builds the payload for `key`, owning its data. Runs under the shard's
    /// write lock, once per storage (again after a storage died and its key
    /// is interned anew).
    fn construct<'k, 'ctx: 'k>(key: &Self::Key<'k, 'ctx>) -> Self::Stored<'ctx>;

    /// The bytes the payload owns on the heap, for
    /// [`Context::memory`](crate::Context::memory). Zero by default.
    fn heap_bytes(stored: &Self::Stored<'_>) -> usize {
        let _ = stored;
        0
    }
}

/// The table of a reclaimable kind `K` under policy `P`.
type TableOf<K, P> = ReclaimTable<Storage<<K as Kind>::Stored<'static>>, P>;

/// A counted handle to a storage of the reclaimable kind `K`, interned in a
/// context that lives at least `'ctx`
/// ([`Context::intern_counted`]).
///
/// - `Clone` adds a reference (a `Relaxed` increment); dropping the last
///   handle removes the storage from its table, drops the payload and frees
///   its memory (invariant 6's orderings, see the [module](crate::reclaim)).
/// - `Deref`s to the payload; `Debug` and `Display` print the payload.
/// - Equality and hashing are by address: equal keys give equal handles
///   while a handle is alive. After the last handle drops, interning the
///   key again builds a fresh storage, possibly at another address.
/// - The lifetime ties it to the context, as for [`Interned`](crate::Interned):
///
/// ```compile_fail
/// use strata_ctx::Context;
/// # use std::hash::{Hash, Hasher};
/// # use strata_ctx::{Kind, KindInfo, OtherFamily as F, ReclaimableKind};
/// # pub enum Blob {}
/// # impl Kind for Blob { type Family = F; type Stored<'c> = Vec<u8>; type Key<'k, 'c> = &'k [u8] where 'c: 'k;
/// #     fn info() -> &'static KindInfo { static I: KindInfo = KindInfo::opaque::<Blob>("b"); &I }
/// #     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u8], state: &mut H) { key.hash(state) }
/// #     fn shorten<'a, 'b: 'a>(stored: &'a Vec<u8>) -> &'a Vec<u8> { stored }
/// # }
/// # impl ReclaimableKind for Blob {
/// #     fn matches<'k, 'c: 'k>(s: &Vec<u8>, k: &&'k [u8]) -> bool { s[..] == **k }
/// #     fn construct<'k, 'c: 'k>(k: &&'k [u8]) -> Vec<u8> { k.to_vec() } }
/// let blob = {
///     let ctx = Context::new();
///     ctx.intern_counted::<Blob>(&[1, 2])
///     // error: `ctx` does not live long enough
/// };
/// ```
///
/// - With a single-threaded context the handle cannot leave its thread:
///
/// ```compile_fail
/// use strata_ctx::Context;
/// # use std::hash::{Hash, Hasher};
/// # use strata_ctx::{Kind, KindInfo, OtherFamily as F, ReclaimableKind};
/// # pub enum Blob {}
/// # impl Kind for Blob { type Family = F; type Stored<'c> = Vec<u8>; type Key<'k, 'c> = &'k [u8] where 'c: 'k;
/// #     fn info() -> &'static KindInfo { static I: KindInfo = KindInfo::opaque::<Blob>("b"); &I }
/// #     fn hash_key<'k, 'c: 'k, H: Hasher>(key: &&'k [u8], state: &mut H) { key.hash(state) }
/// #     fn shorten<'a, 'b: 'a>(stored: &'a Vec<u8>) -> &'a Vec<u8> { stored }
/// # }
/// # impl ReclaimableKind for Blob {
/// #     fn matches<'k, 'c: 'k>(s: &Vec<u8>, k: &&'k [u8]) -> bool { s[..] == **k }
/// #     fn construct<'k, 'c: 'k>(k: &&'k [u8]) -> Vec<u8> { k.to_vec() } }
/// fn needs_send<T: Send>(_: T) {}
/// let ctx = Context::single_threaded();
/// let blob = ctx.intern_counted::<Blob>(&[1, 2]);
/// needs_send(blob); // error: `Counted<'_, _, Local>` is not `Send`
/// ```
///
/// It converts (`From`, consuming it) to the erased handle of its family (a
/// dense elements attribute to an [`Attribute`](crate::Attribute), to go
/// into a dictionary): an erased handle is `Copy` and uncounted, so the
/// conversion makes the storage immortal (its reference is never released;
/// the context frees it when it drops). Convert only what must live that
/// long.
pub struct Counted<'ctx, K: ReclaimableKind, P: Policy = Shared> {
    inner: Strong<'ctx, Storage<K::Stored<'static>>, P>,
    _kind: PhantomData<fn() -> K>,
}

impl<'ctx, K: ReclaimableKind, P: Policy> Counted<'ctx, K, P> {
    /// The payload, borrowed from the handle.
    #[inline]
    pub fn payload(&self) -> &K::Stored<'ctx> {
        relabel::<K>(&self.inner.payload)
    }

    /// The address of the storage, which identifies it while it is alive.
    #[inline]
    pub fn as_ptr(&self) -> *const () {
        // The header's address, as the erased handles report it.
        core::ptr::from_ref(self.header()).cast()
    }

    /// The storage's header, for the erased handles.
    #[inline]
    pub(crate) fn header(&self) -> &StorageHeader {
        &self.inner.header
    }

    /// Makes the storage immortal and returns its header, borrowed for the
    /// context's lifetime: the handle's reference is never released, so the
    /// storage lives until the context drops (which frees it, as it frees
    /// every leaked storage). What the erased handles' `From<Counted>` uses.
    pub(crate) fn pin(self) -> &'ctx StorageHeader {
        let header = NonNull::from(self.header());
        core::mem::forget(self);
        // SAFETY: the storage's strong count keeps one reference that is
        // never released (the forgotten handle), so it is neither removed
        // nor freed before its table drops with the context, which 'ctx
        // borrows; nothing writes a storage's header after construction.
        unsafe { header.as_ref() }
    }

    /// The number of handles to the storage (a snapshot).
    #[inline]
    pub fn strong_count(this: &Self) -> usize {
        Strong::strong_count(&this.inner)
    }
}

/// Gives a payload stored with its lifetime erased the lifetime `'ctx` of
/// the context's borrow.
///
/// Sound for the reason the immortal tables rely on (see [`Kind`]'s
/// "Lifetimes"): what the payload borrows lives as long as the context, so it
/// lives for any borrow `'ctx` of it; the payload is covariant (checked by
/// [`Kind::shorten`]), and `Stored<'static>` and `Stored<'ctx>` differ only
/// in that lifetime, so they have one layout.
/// The outer borrow `'a` (of a handle, or of the shard lock) bounds the use.
#[inline(always)]
fn relabel<'a, 'ctx, K: ReclaimableKind>(stored: &'a K::Stored<'static>) -> &'a K::Stored<'ctx> {
    let ptr = core::ptr::from_ref(stored).cast::<K::Stored<'ctx>>();
    // SAFETY: see above: the same value, read at a shorter lifetime of what
    // it borrows, for no longer than `'a`.
    unsafe { &*ptr }
}

/// Erases the payload's lifetime for storage.
#[inline(always)]
fn erase<K: ReclaimableKind>(payload: K::Stored<'_>) -> K::Stored<'static> {
    let payload = core::mem::ManuallyDrop::new(payload);
    // SAFETY: `Stored<'a>` and `Stored<'static>` differ only in a lifetime,
    // so they have one layout; the value is moved (the original is
    // `ManuallyDrop`), and it is only ever handed out again through
    // `relabel` at a borrow of the context.
    unsafe { core::mem::transmute_copy::<K::Stored<'_>, K::Stored<'static>>(&payload) }
}

fn heap_bytes_of<K: ReclaimableKind>(stored: &Storage<K::Stored<'static>>) -> usize {
    K::heap_bytes(&stored.payload)
}

impl<K: ReclaimableKind, P: Policy> Clone for Counted<'_, K, P> {
    #[inline]
    fn clone(&self) -> Self {
        Self {
            inner: self.inner.clone(),
            _kind: PhantomData,
        }
    }
}

impl<'ctx, K: ReclaimableKind, P: Policy> Deref for Counted<'ctx, K, P> {
    type Target = K::Stored<'ctx>;
    #[inline]
    fn deref(&self) -> &K::Stored<'ctx> {
        self.payload()
    }
}

impl<K: ReclaimableKind, P: Policy> PartialEq for Counted<'_, K, P> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<K: ReclaimableKind, P: Policy> Eq for Counted<'_, K, P> {}

impl<K: ReclaimableKind, P: Policy> Hash for Counted<'_, K, P> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.inner.hash(state);
    }
}

impl<'ctx, K: ReclaimableKind, P: Policy> fmt::Debug for Counted<'ctx, K, P>
where
    K::Stored<'ctx>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.payload(), f)
    }
}

impl<'ctx, K: ReclaimableKind, P: Policy> fmt::Display for Counted<'ctx, K, P>
where
    K::Stored<'ctx>: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.payload(), f)
    }
}

impl<T: Send + Sync, P: Policy> Report<KindMemory> for ReclaimTable<T, P> {
    fn report(&self) -> KindMemory {
        KindMemory::reclaimable(self.name(), &self.memory())
    }
}

/// The reclaimable tables of one context, indexed by the kinds' dense
/// indices, created on first use and published by compare-and-swap (the
/// Level 1 of the immortal tables, a second bucket array).
pub(crate) struct ReclaimTables<P: Policy> {
    slots: BucketArray<Erased<P, KindMemory>, P>,
}

impl<P: Policy> ReclaimTables<P> {
    pub(crate) fn new() -> Self {
        Self {
            slots: BucketArray::new(),
        }
    }

    /// The kind's table, created and published on first use.
    #[inline]
    fn table<K: ReclaimableKind>(&self, shards: usize) -> &TableOf<K, P> {
        let info = K::info();
        let slot = self.slots.get_or_init(info.index(), || {
            let table: TableOf<K, P> = ReclaimTable::new(info.name(), shards, heap_bytes_of::<K>);
            // SAFETY: (1) a `ReclaimTable` of `P` whose payloads are
            // `Send + Sync` (the `ReclaimableKind::Stored` bound) is
            // `Send + Sync` when `P` is thread-safe.
            unsafe { Erased::new(info, table) }
        });
        debug_assert!(slot.is(info), "two reclaimable kinds share one dense index");
        // SAFETY: (1) the slot at `K`'s dense index is only ever initialised
        // with a `TableOf<K, P>` just above: dense indices are unique per kind.
        unsafe { slot.typed::<TableOf<K, P>>() }
    }

    /// The kind's table if it was ever used.
    #[inline]
    fn get<K: ReclaimableKind>(&self) -> Option<&TableOf<K, P>> {
        let slot = self.slots.get(K::info().index())?;
        // SAFETY: (1) as in `table`.
        Some(unsafe { slot.typed::<TableOf<K, P>>() })
    }

    /// The memory of every reclaimable kind that was used.
    pub(crate) fn memory(&self) -> impl Iterator<Item = KindMemory> + '_ {
        self.slots.iter().map(|(_, slot)| slot.report())
    }
}

impl<P: Policy> fmt::Debug for ReclaimTables<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReclaimTables")
            .field("kinds", &self.slots.len_hint())
            .finish()
    }
}

impl<P: Policy, S: BuildHasher> Context<P, S> {
    /// The 64-bit hash of a reclaimable kind's key under this context's
    /// hasher.
    #[inline]
    fn hash_counted<'c, 'k, K: ReclaimableKind>(&self, key: &K::Key<'k, 'c>) -> u64
    where
        'c: 'k,
    {
        let mut state = self.hasher.build_hasher();
        K::hash_key(key, &mut state);
        state.finish()
    }

    /// Interns `key` as the reclaimable kind `K` and returns a counted
    /// handle: equal keys give equal handles (one address) while any handle
    /// to the storage is alive, from any thread. When the last handle drops,
    /// the storage leaves the table and is freed; interning the key again
    /// then builds a fresh storage, which may live at another address.
    ///
    /// The lookup bypasses the thread cache (a cached pointer could outlive
    /// its storage; see the [module](crate::reclaim) for the reasons behind
    /// that choice): the kind's table through the bucket array, a
    /// probe under the shard's read lock that upgrades the count with a
    /// compare-and-swap failing on zero, and on a miss (or a dead entry) the
    /// write lock, a re-probe, construction and insertion.
    ///
    /// # Panics
    ///
    /// If `K::construct` or `K::matches` interns a reclaimable `K` into the
    /// same shard (a clear message, never a deadlock); propagates a panic of
    /// either (the table is left unchanged).
    #[inline]
    pub fn intern_counted<'c, 'k, K: ReclaimableKind>(
        &'c self,
        key: K::Key<'k, 'c>,
    ) -> Counted<'c, K, P>
    where
        'c: 'k,
    {
        let hash = self.hash_counted::<K>(&key);
        let inner = self.reclaim.table::<K>(self.shards).intern(
            hash,
            |stored| K::matches(relabel::<K>(&stored.payload), &key),
            || Storage {
                header: StorageHeader { info: K::info() },
                payload: erase::<K>(K::construct(&key)),
            },
        );
        Counted {
            inner,
            _kind: PhantomData,
        }
    }

    /// Like [`intern_counted`](Self::intern_counted), but only looks: `None`
    /// if no live storage holds `key` (never interned, or every handle to it
    /// dropped).
    pub fn lookup_counted<'c, 'k, K: ReclaimableKind>(
        &'c self,
        key: K::Key<'k, 'c>,
    ) -> Option<Counted<'c, K, P>>
    where
        'c: 'k,
    {
        let hash = self.hash_counted::<K>(&key);
        let inner = self.reclaim.get::<K>()?.get(hash, |stored| {
            K::matches(relabel::<K>(&stored.payload), &key)
        })?;
        Some(Counted {
            inner,
            _kind: PhantomData,
        })
    }
}
