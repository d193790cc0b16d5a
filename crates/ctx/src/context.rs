//! The context: one interning universe, with its threading policy in its type.

use core::fmt;
use core::hash::{BuildHasher, Hasher};
use core::marker::PhantomData;
use core::ptr::NonNull;

use rustc_hash::FxBuildHasher;
use strata_buckets::BucketArray;
use strata_diag::{DiagEngine, DiagPolicy, EngineBuilder};
use strata_sync::policy::{Local, Shared};
use strata_table::{Table, TableStats};

use crate::affine::AffineContext;
use crate::kind::{KindInfo, Storage, StorageHeader, StorageKind};
use crate::reclaim::{KindMemory, MemoryReport, ReclaimTables};
use crate::stats::{KindStatistics, Statistics};
use crate::Interned;
use crate::extension::ExtensionSlot;

/// The table of one kind, with its concrete type erased so that tables of
/// every kind fit in one bucket array.
pub(crate) struct KindTable<P: DiagPolicy> {
    /// Invariant: a leaked `Box<Table<Storage<K::Stored<'static>>, P>>` for
    /// the kind `info` describes, freed only by `Drop` below.
    table: NonNull<()>,
    info: &'static KindInfo,
    drop_table: unsafe fn(NonNull<()>),
    stats: unsafe fn(NonNull<()>) -> TableStats,
    _policy: PhantomData<P::Marker>,
}

// SAFETY: the erased table is a `Table<_, P>` whose payloads are `Send +
// Sync` (the `StorageKind::Stored` bound); such a table is `Send` exactly
// when its policy is, which `P::Marker` stands for.
unsafe impl<P: DiagPolicy> Send for KindTable<P> where P::Marker: Send {}
// SAFETY: as above, for `Sync`.
unsafe impl<P: DiagPolicy> Sync for KindTable<P> where P::Marker: Sync {}

type TableOf<K, P> = Table<Storage<<K as StorageKind>::Stored<'static>>, P>;

impl<P: DiagPolicy> KindTable<P> {
    fn new<K: StorageKind>(shards: usize) -> Self {
        let table: Box<TableOf<K, P>> = Box::new(Table::with_shards(K::info().name(), shards));
        Self {
            table: NonNull::from(Box::leak(table)).cast(),
            info: K::info(),
            drop_table: drop_table::<K, P>,
            stats: table_stats::<K, P>,
            _policy: PhantomData,
        }
    }

    /// The typed table.
    ///
    /// # Safety
    ///
    /// 1. `self` was created by `KindTable::new::<K>`.
    #[inline]
    unsafe fn typed<K: StorageKind>(&self) -> &TableOf<K, P> {
        // SAFETY: by (1) and the invariant on `table`, the pointer is a live
        // `Table` of exactly this type, freed only when `self` drops.
        unsafe { self.table.cast::<TableOf<K, P>>().as_ref() }
    }

    fn stats(&self) -> TableStats {
        // SAFETY: `stats` was instantiated for the type `table` holds.
        unsafe { (self.stats)(self.table) }
    }
}

/// # Safety
///
/// 1. `p` is the leaked box `KindTable::new::<K>` made, not freed before.
unsafe fn drop_table<K: StorageKind, P: DiagPolicy>(p: NonNull<()>) {
    // SAFETY: by (1).
    drop(unsafe { Box::from_raw(p.cast::<TableOf<K, P>>().as_ptr()) });
}

/// # Safety
///
/// 1. `p` is the live box `KindTable::new::<K>` made.
unsafe fn table_stats<K: StorageKind, P: DiagPolicy>(p: NonNull<()>) -> TableStats {
    // SAFETY: by (1).
    unsafe { p.cast::<TableOf<K, P>>().as_ref() }.stats()
}

impl<P: DiagPolicy> Drop for KindTable<P> {
    fn drop(&mut self) {
        // SAFETY: `drop_table` matches the table's type, and this is the one
        // place that frees it.
        unsafe { (self.drop_table)(self.table) }
    }
}

/// A dialect: a namespace of storage kinds, registered once per context.
pub trait Dialect: 'static {
    /// The dialect's namespace (`"arith"`).
    const NAMESPACE: &'static str;

    /// Registers the dialect's storage kinds (and anything else it needs).
    fn register(registry: &mut Registry<'_>);
}

/// What a dialect registers into, handed to [`Dialect::register`].
#[derive(Debug)]
pub struct Registry<'a> {
    kinds: &'a mut Vec<&'static KindInfo>,
}

impl Registry<'_> {
    /// Records kind `K` as registered (its table is still created lazily, on
    /// first use, lock-free). Registering a kind twice is a no-op.
    pub fn kind<K: StorageKind>(&mut self) {
        if !self.kinds.iter().any(|k| core::ptr::eq(*k, K::info())) {
            self.kinds.push(K::info());
        }
    }
}

/// One interning universe: the tables of every storage kind, the per-thread
/// cache generation, the affine cluster, the registries and the dialects'
/// per-context state ([`Extension`](crate::Extension)s).
///
/// The threading policy is part of the type (invariant 4):
///
/// - `Context` (= `Context<Shared>`) is `Send + Sync`: intern from any number
///   of threads; lookups go through the thread cache, then the kind's table.
/// - `Context<Local>` (made with [`Context::single_threaded`]) takes no lock,
///   skips the thread cache and does no atomic read-modify-write on any
///   interning path, and the compiler refuses to share it:
///
/// ```compile_fail
/// let ctx = strata_ctx::Context::single_threaded();
/// std::thread::scope(|s| {
///     s.spawn(|| ctx.mode()); // error: `Context<Local>` cannot be shared between threads
/// });
/// ```
pub struct Context<P: DiagPolicy = Shared, S = FxBuildHasher> {
    /// One table per reclaimable kind, created on first use. Declared first
    /// so that it drops first: a reclaimable payload may hold handles into
    /// the immortal tables below.
    pub(crate) reclaim: ReclaimTables<P>,
    /// One table per kind, indexed by the kind's dense index, created on
    /// first use and published by compare-and-swap (Level 1).
    tables: BucketArray<KindTable<P>, P>,
    /// This context's generation in every thread's cache.
    owner: strata_tls::Owner,
    /// The shard count of every table.
    pub(crate) shards: usize,
    /// Affine expressions, maps and integer sets, under one mutex.
    affine: AffineContext<P>,
    /// Kinds registered by dialects (or directly).
    kinds: Vec<&'static KindInfo>,
    /// Registered dialects, by namespace.
    dialects: Vec<&'static str>,
    /// The diagnostic engine parallel passes report through.
    diagnostics: DiagEngine<P>,
    /// The dialects' per-context state, one slot per extension type, created
    /// on first use and published by compare-and-swap (see
    /// [`Context::extension`]).
    pub(crate) extensions: BucketArray<ExtensionSlot, P>,
    /// Hashes every key (FxHash by default; a keyed hasher such as
    /// `std::hash::RandomState` for untrusted input, see
    /// [`Context::with_hasher`]).
    pub(crate) hasher: S,
}

impl Context<Shared> {
    /// A thread-safe context with one table shard per few cores.
    pub fn new() -> Self {
        Self::with_shards(strata_table::default_shard_count::<Shared>())
    }
}

impl Default for Context<Shared> {
    fn default() -> Self {
        Self::new()
    }
}

impl Context<Local> {
    /// A single-threaded context: no locks, no cache, no atomic
    /// read-modify-write, `!Sync`.
    pub fn single_threaded() -> Self {
        Self::with_shards(1)
    }
}

impl<P: DiagPolicy> Context<P> {
    /// A context whose tables have `shards` shards (rounded up to a power of
    /// two by the table).
    pub fn with_shards(shards: usize) -> Self {
        Self::with_engine(shards, EngineBuilder::new().build())
    }

    /// A context whose tables have `shards` shards and whose diagnostics go
    /// through `diagnostics` (to capture or render them differently).
    pub fn with_engine(shards: usize, diagnostics: DiagEngine<P>) -> Self {
        Self::with_hasher(shards, diagnostics, FxBuildHasher)
    }
}

impl<P: DiagPolicy, S: BuildHasher> Context<P, S> {
    /// A context that hashes keys with `hasher`.
    ///
    /// FxHash (the default) is the fastest for compiler-generated keys, but
    /// keys chosen by an adversary can all collide under it, turning every
    /// probe of a shard into a linear scan. For untrusted input (a compile
    /// service), build the context with a keyed hasher, such as
    /// `std::hash::RandomState`:
    ///
    /// ```
    /// use std::hash::RandomState;
    /// use strata_ctx::{Category, Context, Shared, diag::EngineBuilder, storage_kind};
    ///
    /// storage_kind! {
    ///     /// A name from the outside world.
    ///     pub Name => String, "demo.name", Category::Other
    /// }
    ///
    /// let ctx: Context<Shared, RandomState> =
    ///     Context::with_hasher(8, EngineBuilder::new().build(), RandomState::new());
    /// let name = String::from("untrusted");
    /// assert_eq!(ctx.intern::<Name>(&name), ctx.intern::<Name>(&name));
    /// ```
    pub fn with_hasher(shards: usize, diagnostics: DiagEngine<P>, hasher: S) -> Self {
        Self {
            reclaim: ReclaimTables::new(),
            tables: BucketArray::new(),
            owner: strata_tls::Owner::new(),
            shards: shards.max(1),
            affine: AffineContext::with_policy(),
            kinds: Vec::new(),
            dialects: Vec::new(),
            diagnostics,
            extensions: BucketArray::new(),
            hasher,
        }
    }

    /// The policy's name (`"shared"` or `"single"`).
    pub fn mode(&self) -> &'static str {
        P::NAME
    }

    /// The 64-bit hash of `key` under this context's hasher.
    #[inline]
    fn hash<'c, 'k, K: StorageKind>(&self, key: &K::Key<'k, 'c>) -> u64
    where
        'c: 'k,
    {
        let mut state = self.hasher.build_hasher();
        K::hash_key(key, &mut state);
        state.finish()
    }

    /// The kind's table, created and published on first use (Level 1).
    #[inline]
    fn table<K: StorageKind>(&self) -> &TableOf<K, P> {
        let info = K::info();
        let slot = self
            .tables
            .get_or_init(info.index(), || KindTable::new::<K>(self.shards));
        debug_assert!(
            core::ptr::eq(slot.info, info),
            "two kinds share one dense index"
        );
        // SAFETY: the slot at `K`'s dense index is only ever initialised by
        // `KindTable::new::<K>` just above: dense indices are unique per
        // kind (strata-buckets assigns each kind its own, once).
        unsafe { slot.typed::<K>() }
    }

    /// Interns `key` as kind `K` and returns the handle: equal keys give
    /// equal handles (the same address), from any thread.
    ///
    /// The lookup (DESIGN.md section 3): this thread's cache (no lock, no
    /// atomic read-modify-write); then the kind's table through the bucket
    /// array (first touch lock-free); a probe under the shard's read lock;
    /// and, on a miss, the shard's write lock, a re-probe, construction in
    /// the shard's arena and insertion. The thread cache is filled after the
    /// lock is released. A single-threaded context skips the cache.
    ///
    /// # Panics
    ///
    /// If `K::construct` interns into the shard it is being constructed in
    /// (a clear message naming the kind, never a deadlock), or if it panics
    /// (the table is left unchanged and usable).
    #[inline]
    pub fn intern<'c, 'k, K: StorageKind>(&'c self, key: K::Key<'k, 'c>) -> Interned<'c, K>
    where
        'c: 'k,
    {
        let hash = self.hash::<K>(&key);
        if P::THREAD_SAFE {
            let kind = K::info().index() as u32;
            let hit = strata_tls::lookup(&self.owner, kind, hash, |s: &Storage<K::Stored<'static>>| {
                // SAFETY: the payload is owned by this context's table (1),
                // and `self` is borrowed for 'c (2). `shorten` then gives the
                // payload the lifetime 'c (see "Lifetimes" on `StorageKind`).
                let stored: &'c K::Stored<'c> = K::shorten(unsafe { extend(&s.payload) });
                K::matches(stored, &key)
            });
            if let Some(p) = hit {
                // SAFETY: the cache returns only pointers inserted for this
                // owner (in `intern_cold`), which point into this context's
                // tables.
                return unsafe { Interned::from_ptr(p) };
            }
            // The miss path is kept out of line so that the hit path (the
            // common case) is a small function with few registers to save.
            return self.intern_cold::<K>(hash, key);
        }
        // A single-threaded context has no cache: the table probe is its hit
        // path, so it stays inline.
        self.intern_in_table::<K>(hash, key)
    }

    /// The thread-safe context's miss path: the table, then the cache fill.
    #[inline(never)]
    fn intern_cold<'c, 'k, K: StorageKind>(&'c self, hash: u64, key: K::Key<'k, 'c>) -> Interned<'c, K>
    where
        'c: 'k,
    {
        self.intern_in_table::<K>(hash, key)
    }

    /// Levels 1 and 2: the kind's table (published on first use), the read
    /// probe, then the write lock, re-probe and insert; then the cache fill
    /// (thread-safe contexts only), after the lock is released.
    #[inline]
    fn intern_in_table<'c, 'k, K: StorageKind>(&'c self, hash: u64, key: K::Key<'k, 'c>) -> Interned<'c, K>
    where
        'c: 'k,
    {
        let matches = |s: &Storage<K::Stored<'static>>| {
            // SAFETY: the payload is owned by this context's table (1), and
            // `self` is borrowed for 'c (2). `shorten` then gives the payload
            // the lifetime 'c (see "Lifetimes" on `StorageKind`).
            let stored: &'c K::Stored<'c> = K::shorten(unsafe { extend(&s.payload) });
            K::matches(stored, &key)
        };
        let table = self.table::<K>();
        let (found, outcome) = table.get_or_insert_with_outcome(hash, matches, |arena| {
            // SAFETY: the arena belongs to this context's table and is freed
            // only with it (1); `self` is borrowed for 'c (2). The payload
            // built here is stored with its lifetime erased and only handed
            // out shortened to a borrow of the context (see `StorageKind`).
            let arena: &'c strata_table::Arena = unsafe { extend(arena) };
            let payload = K::construct(&key, arena);
            Storage {
                header: StorageHeader { info: K::info() },
                payload: erase::<K>(payload),
            }
        });
        let ptr = NonNull::from(found);
        // The cache admits a storage on its second use, not on its creation:
        // a key interned once (most keys of a bulk insert) would only evict a
        // hot entry and cost a cache-line miss, while a key used again is
        // found by the read probe and cached then. Measured on W2 (inserts
        // of fresh keys): see docs/PERFORMANCE.md.
        if P::THREAD_SAFE && outcome != strata_table::Outcome::Inserted {
            let kind = K::info().index() as u32;
            // SAFETY: `ptr` points into this context's table, where it stays,
            // immutable, until the context (the owner) drops; this (owner,
            // kind) pair only ever stores `Storage<K::Stored>` values.
            unsafe { strata_tls::insert(&self.owner, kind, hash, ptr) };
        }
        // SAFETY: `ptr` points to a `Storage` of kind `K` in this context.
        unsafe { Interned::from_ptr(ptr) }
    }

    /// Like [`intern`](Self::intern) but only looks: `None` if `key` was
    /// never interned.
    pub fn lookup<'c, 'k, K: StorageKind>(&'c self, key: K::Key<'k, 'c>) -> Option<Interned<'c, K>>
    where
        'c: 'k,
    {
        let hash = self.hash::<K>(&key);
        let slot = self.tables.get(K::info().index())?;
        // SAFETY: as in `table`.
        let table = unsafe { slot.typed::<K>() };
        let found = table.get(hash, |s| {
            // SAFETY: as in `intern`: a payload of this context, borrowed for 'c.
            K::matches(K::shorten(unsafe { extend(&s.payload) }), &key)
        })?;
        // SAFETY: `found` is a storage of kind `K` in this context.
        Some(unsafe { Interned::from_ptr(NonNull::from(found)) })
    }

    /// Runs `f` under the write lock of the shard holding `handle`: the one
    /// place a kind's declared mutable component may change (invariant 5,
    /// MLIR's `mutate` for recursive types). Readers of that component use
    /// [`read_mutable`](Self::read_mutable).
    pub fn mutate<'c, 'k, K: StorageKind, R>(
        &'c self,
        handle: Interned<'c, K>,
        key: K::Key<'k, 'c>,
        f: impl FnOnce(&'c K::Stored<'c>) -> R,
    ) -> R
    where
        'c: 'k,
    {
        let hash = self.hash::<K>(&key);
        debug_assert!(
            K::matches(handle.payload(), &key),
            "mutate: the key does not describe the handle"
        );
        self.table::<K>()
            .with_write_lock(hash, || f(handle.payload()))
    }

    /// Runs `f` under the read lock of the shard holding `handle`.
    pub fn read_mutable<'c, 'k, K: StorageKind, R>(
        &'c self,
        handle: Interned<'c, K>,
        key: K::Key<'k, 'c>,
        f: impl FnOnce(&'c K::Stored<'c>) -> R,
    ) -> R
    where
        'c: 'k,
    {
        let hash = self.hash::<K>(&key);
        self.table::<K>()
            .with_read_lock(hash, || f(handle.payload()))
    }

    /// The affine cluster of this context: affine expressions, maps and
    /// integer sets, interned under one mutex (they share sub-expressions).
    #[inline]
    pub fn affine(&self) -> &AffineContext<P> {
        &self.affine
    }

    /// The diagnostic engine.
    #[inline]
    pub fn diagnostics(&self) -> &DiagEngine<P> {
        &self.diagnostics
    }

    /// The diagnostic engine, for configuration (needs `&mut self`: no
    /// diagnostic is in flight while it changes).
    pub fn diagnostics_mut(&mut self) -> &mut DiagEngine<P> {
        &mut self.diagnostics
    }

    /// Registers dialect `D` once (a second call is a no-op). Needs `&mut
    /// self`, so registration cannot race with interning: parallel work only
    /// ever holds `&Context`.
    pub fn register_dialect<D: Dialect>(&mut self) -> bool {
        if self.dialects.contains(&D::NAMESPACE) {
            return false;
        }
        D::register(&mut Registry {
            kinds: &mut self.kinds,
        });
        self.dialects.push(D::NAMESPACE);
        true
    }

    /// Registers kind `K` directly (a second call is a no-op).
    pub fn register_kind<K: StorageKind>(&mut self) {
        Registry {
            kinds: &mut self.kinds,
        }
        .kind::<K>();
    }

    /// Whether a dialect with this namespace is registered.
    pub fn has_dialect(&self, namespace: &str) -> bool {
        self.dialects.contains(&namespace)
    }

    /// The registered dialects' namespaces, in registration order.
    pub fn dialects(&self) -> &[&'static str] {
        &self.dialects
    }

    /// The registered kinds, in registration order.
    pub fn registered_kinds(&self) -> &[&'static KindInfo] {
        &self.kinds
    }

    /// Statistics: per kind, the entries, bytes, read hits, write-lock
    /// acquisitions and lost races; the calling thread's cache counters; the
    /// affine cluster; the total memory.
    pub fn statistics(&self) -> Statistics {
        let mut kinds: Vec<KindStatistics> = self
            .tables
            .iter()
            .map(|(_, t)| KindStatistics::from_table(t.info.name(), &t.stats()))
            .collect();
        kinds.sort_by(|a, b| a.name.cmp(b.name));
        Statistics::new(P::NAME, kinds, strata_tls::stats(), self.affine.stats())
    }

    /// Memory per kind: live storages, bytes in use and bytes reclaimed, for
    /// the immortal kinds (their arena's bytes; nothing is ever reclaimed)
    /// and the reclaimable ones (see [`crate::reclaim`]), plus the affine
    /// cluster.
    pub fn memory(&self) -> MemoryReport {
        let kinds = self
            .tables
            .iter()
            .map(|(_, t)| KindMemory::immortal(t.info.name(), &t.stats()))
            .chain(self.reclaim.memory())
            .collect();
        MemoryReport::new(kinds, self.affine.stats().bytes)
    }
}

impl<P: DiagPolicy, S> fmt::Debug for Context<P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Context")
            .field("mode", &P::NAME)
            .field("shards", &self.shards)
            .field("dialects", &self.dialects)
            .finish_non_exhaustive()
    }
}

/// Extends a borrow of data owned by the context to the lifetime `'c` of a
/// borrow of the context.
///
/// # Safety
///
/// 1. `r` points to data owned by a context (a payload or an arena in one of
///    its tables) that is never moved or freed before the context drops.
/// 2. The caller holds `&'c` of that context.
#[inline(always)]
unsafe fn extend<'c, T: ?Sized>(r: &T) -> &'c T {
    // SAFETY: by (1) and (2) the data outlives 'c.
    unsafe { &*core::ptr::from_ref(r) }
}

/// Erases the payload's lifetime for storage.
#[inline(always)]
fn erase<K: StorageKind>(payload: K::Stored<'_>) -> K::Stored<'static> {
    let payload = core::mem::ManuallyDrop::new(payload);
    // SAFETY: `Stored<'a>` and `Stored<'static>` differ only in a lifetime,
    // so they have one layout; the value is moved (the original is not
    // dropped, being `ManuallyDrop`), and it is only ever handed out again
    // through `StorageKind::shorten` at a borrow of the context (see the
    // trait's "Lifetimes").
    unsafe { core::mem::transmute_copy::<K::Stored<'_>, K::Stored<'static>>(&payload) }
}
