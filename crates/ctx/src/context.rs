//! The context: one interning universe, with its threading policy in its type.

use core::fmt;
use core::hash::{BuildHasher, Hasher};
use core::ptr::NonNull;
use std::panic::AssertUnwindSafe;

use rustc_hash::FxBuildHasher;
use strata_buckets::{BucketArray, HotSlot};
use strata_diag::{DiagEngine, EngineBuilder, Policy};
use strata_sync::policy::{Local, Shared};
use strata_table::{Table, TableStats};

use crate::Interned;
use crate::affine::AffineContext;
use crate::erased::{Erased, Report};
use crate::extension::ExtensionSlot;
use crate::kind::{Kind, KindInfo, MutableKind, Storage, StorageHeader, StorageKind};
use crate::reclaim::{KindMemory, MemoryReport, ReclaimTables};
use crate::stats::{KindStatistics, Statistics};

type TableOf<K, P> = Table<Storage<<K as Kind>::Stored<'static>>, P>;

impl<S, P: Policy> Report<TableStats> for Table<S, P> {
    fn report(&self) -> TableStats {
        self.stats()
    }
}

/// The table of one kind, its type erased (see [`Erased`]).
type KindTable<P> = Erased<P, TableStats>;

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
    /// Records kind `K` (a [`StorageKind`] or a reclaimable kind) as
    /// registered (its table is still created lazily, on first use,
    /// lock-free). Registering a kind twice is a no-op.
    pub fn kind<K: Kind>(&mut self) {
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
pub struct Context<P: Policy = Shared, S = FxBuildHasher> {
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
    pub(crate) extensions: BucketArray<ExtensionSlot<P>, P>,
    /// The state of the first [`Extension::HOT`](crate::Extension::HOT)
    /// extension created in this context, in front of `extensions`, and
    /// its [hot words](crate::Extension::hot_words).
    pub(crate) hot_extension: HotSlot<(), P, { crate::extension::HOT_WORDS }>,
    /// Hashes every key (FxHash by default; a keyed hasher such as
    /// `std::hash::RandomState` for untrusted input, see
    /// [`Context::with_hasher`]).
    pub(crate) hasher: S,
}

impl Context<Shared> {
    /// A thread-safe context with the default shard count (a few shards per
    /// hardware thread).
    pub fn new() -> Self {
        Self::with_engine(EngineBuilder::new().build())
    }

    /// A thread-safe context whose tables have `shards` shards (see
    /// [`with_table_shards`](Self::with_table_shards): rounded up to a power
    /// of two). Only the thread-safe context has it, so that
    /// `Context::with_shards(4)` needs no type annotation: a
    /// single-threaded context's tables keep their fixed count.
    pub fn with_shards(shards: usize) -> Self {
        Self::new().with_table_shards(shards)
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
        Self::with_engine(EngineBuilder::new().build())
    }
}

impl<P: Policy> Context<P> {
    /// A context whose diagnostics go through `diagnostics` (to capture or
    /// render them differently), with the policy's default shard count
    /// (change it with [`with_table_shards`](Self::with_table_shards)).
    pub fn with_engine(diagnostics: DiagEngine<P>) -> Self {
        Self::with_hasher(diagnostics, FxBuildHasher)
    }
}

impl<P: Policy, S: BuildHasher> Context<P, S> {
    /// The same context, whose tables created from now on have `shards`
    /// shards (rounded up to a power of two, at most
    /// [`strata_table::MAX_SHARDS`]) instead of the policy's default
    /// (`strata_table::default_shard_count`: a few per hardware thread for
    /// [`Shared`]). A [`Local`] context's tables keep their fixed
    /// [`strata_table::LOCAL_SHARDS`] whatever this says. Meant for the
    /// construction chain: `Context::with_engine(e).with_table_shards(4)`.
    pub fn with_table_shards(mut self, shards: usize) -> Self {
        self.shards = shards
            .max(1)
            .checked_next_power_of_two()
            .map_or(strata_table::MAX_SHARDS, |n| {
                n.min(strata_table::MAX_SHARDS)
            });
        self
    }

    /// A context that hashes keys with `hasher`, with the policy's default
    /// shard count.
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
    ///     Context::with_hasher(EngineBuilder::new().build(), RandomState::new());
    /// let name = String::from("untrusted");
    /// assert_eq!(ctx.intern::<Name>(&name), ctx.intern::<Name>(&name));
    /// ```
    pub fn with_hasher(diagnostics: DiagEngine<P>, hasher: S) -> Self {
        Self {
            reclaim: ReclaimTables::new(),
            tables: BucketArray::new(),
            owner: strata_tls::Owner::new(),
            shards: strata_table::default_shard_count::<P>(),
            affine: AffineContext::with_policy(),
            kinds: Vec::new(),
            dialects: Vec::new(),
            diagnostics,
            extensions: BucketArray::new(),
            hot_extension: HotSlot::new(),
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
    #[inline(always)]
    fn table<K: StorageKind>(&self) -> &TableOf<K, P> {
        let info = K::info();
        // The published table through `get` (a load and a null check); the
        // first use out of line, so that the single-threaded hit path stays
        // small.
        // An unassigned kind reads as index `u32::MAX`, which no slot has:
        // one compare then sends both "unassigned" and "not published" to
        // `table_init`, which assigns the index and publishes the table.
        let slot = match self.tables.get(info.index_or_max() as usize) {
            Some(slot) => slot,
            None => self.table_init::<K>(),
        };
        debug_assert!(slot.is(info), "two kinds share one dense index");
        // SAFETY: (1) the slot at `K`'s dense index is only ever initialised
        // with a `TableOf<K, P>` just above: dense indices are unique per
        // kind (strata-buckets assigns each kind its own, once).
        unsafe { slot.typed::<TableOf<K, P>>() }
    }

    /// The first use of kind `K` in this context: create and publish its
    /// table.
    #[cold]
    #[inline(never)]
    fn table_init<K: StorageKind>(&self) -> &KindTable<P> {
        let info = K::info();
        self.tables.get_or_init(info.index(), || {
            let table: TableOf<K, P> = Table::with_shards(info.name(), self.shards);
            // SAFETY: (1) a `Table` of `P` whose payloads are `Send + Sync`
            // (the `Kind::Stored` bound) is `Send + Sync` when `P`
            // is thread-safe.
            unsafe { KindTable::new(info, table) }
        })
    }

    /// Interns `key` as kind `K` and returns the handle: equal keys give
    /// equal handles (the same address), from any thread.
    ///
    /// The lookup (MLIR's four layers): this thread's cache (no lock, no
    /// atomic read-modify-write); then the kind's table through the bucket
    /// array (first touch lock-free); a probe under the shard's read lock;
    /// and, on a miss, the shard's write lock, a re-probe, construction in
    /// the thread's arena and insertion. The thread cache is filled after the
    /// lock is released. A single-threaded context skips the cache.
    ///
    /// # Panics
    ///
    /// If `K::construct` interns into the shard it is being constructed in
    /// (a clear message naming the kind, never a deadlock), or if it panics
    /// (the table is left unchanged and usable). Which shard a key of `K`
    /// lands in depends on the shard count, by default derived from the
    /// machine's hardware threads, and on the hasher, so whether a
    /// constructor that interns its own kind panics may differ between
    /// machines. `K::matches` must not
    /// intern: one that interns a new key into its own shard is the same
    /// panic in debug builds and can deadlock in release builds, where the
    /// read probe does not record its shard (docs/ARCHITECTURE.md,
    /// strata-table).
    // Always inline: left to itself LLVM kept `intern` out of line in the
    // builtin constructors, and its prologue and epilogue (register saves)
    // were a large share of a cached hit (docs/notes/cold-path-steps.md,
    // step 1).
    #[inline(always)]
    pub fn intern<'c, 'k, K: StorageKind>(&'c self, key: K::Key<'k, 'c>) -> Interned<'c, K>
    where
        'c: 'k,
    {
        let hash = self.hash::<K>(&key);
        if P::THREAD_SAFE {
            // Unassigned (`u32::MAX`), the kind has no table yet and so no
            // cached entry: the lookup misses, and the miss path's `table`
            // assigns the index.
            let kind = K::info().index_or_max();
            let hit = strata_tls::lookup(
                &self.owner,
                kind,
                hash,
                |s: &Storage<K::Stored<'static>>| {
                    // SAFETY: the payload is owned by this context's table (1),
                    // and `self` is borrowed for 'c (2). `shorten` then gives the
                    // payload the lifetime 'c (see "Lifetimes" on `StorageKind`).
                    let stored: &'c K::Stored<'c> = K::shorten(unsafe { extend(&s.payload) });
                    K::matches(stored, &key)
                },
            );
            if let Some(p) = hit {
                // SAFETY: `from_ptr`'s (1): the cache returns only pointers
                // inserted for this owner and `K`'s kind index (in
                // `intern_in_table`, whose `insert` call keeps that pair to
                // `Storage<K::Stored>`), so `p` points to a `Storage` of kind
                // `K` in one of this context's tables, where it stays, never
                // moved or freed, until the context drops; `self` is borrowed
                // for 'c.
                return unsafe { Interned::from_ptr(p) };
            }
            // The miss path is kept out of line so that the hit path (the
            // common case) is a small function with few registers to save.
            return self.intern_cold::<K>(hash, key);
        }
        // A single-threaded context has no cache: the table probe is its hit
        // path, so it stays inline.
        self.intern_in_table::<K>(hash, &key)
    }

    /// The thread-safe context's miss path: the table, then the cache fill.
    #[inline(never)]
    fn intern_cold<'c, 'k, K: StorageKind>(
        &'c self,
        hash: u64,
        key: K::Key<'k, 'c>,
    ) -> Interned<'c, K>
    where
        'c: 'k,
    {
        self.intern_in_table::<K>(hash, &key)
    }

    /// Levels 1 and 2: the kind's table (published on first use), the read
    /// probe, then the write lock, re-probe and insert; then the cache fill
    /// (thread-safe contexts only), after the lock is released.
    // Always inline: it is the single-threaded context's hit path, and left
    // out of line its prologue and epilogue (register saves) were paid on
    // every hit (docs/notes/cold-path-steps.md, step 2). The thread-safe
    // context reaches it only through the out-of-line `intern_cold`.
    #[inline(always)]
    fn intern_in_table<'c, 'k, K: StorageKind>(
        &'c self,
        hash: u64,
        key: &K::Key<'k, 'c>,
    ) -> Interned<'c, K>
    where
        'c: 'k,
    {
        let matches = |s: &Storage<K::Stored<'static>>| {
            // SAFETY: the payload is owned by this context's table (1), and
            // `self` is borrowed for 'c (2). `shorten` then gives the payload
            // the lifetime 'c (see "Lifetimes" on `StorageKind`).
            let stored: &'c K::Stored<'c> = K::shorten(unsafe { extend(&s.payload) });
            K::matches(stored, key)
        };
        let table = self.table::<K>();
        let (found, outcome) = table.get_or_insert_with_outcome(hash, matches, |arena| {
            // SAFETY: the arena belongs to this context's table and is freed
            // only with it (1); `self` is borrowed for 'c (2). The payload
            // built here is stored with its lifetime erased and only handed
            // out shortened to a borrow of the context (see `StorageKind`).
            let arena: &'c strata_table::Arena = unsafe { extend(arena) };
            let payload = K::construct(key, arena);
            Storage {
                header: StorageHeader { info: K::info() },
                payload: erase::<K>(payload),
            }
        });
        let ptr = NonNull::from(found);
        // The cache admits a storage on its second use, not on its creation:
        // a key interned once (most keys of a bulk insert) would only evict a
        // hot entry and cost a cache-line miss, while a key used again is
        // found by the read probe and cached then, through the cache's
        // doorkeeper, which lets it evict an entry of this context only on a
        // third use (a scan of second uses then churns nothing). The
        // measurements behind the choice are history:
        // docs/notes/architecture-long-form.md, strata-ctx, and
        // docs/notes/cold-path-steps.md, step 1.
        if P::THREAD_SAFE && outcome != strata_table::Outcome::Inserted {
            // Assigned by `table` above: the raw read needs no check.
            let kind = K::info().index_or_max();
            // SAFETY: (1) `ptr` points into this context's table, where it
            // stays, immutable, until the context (the owner) drops; (2) this
            // (owner, kind) pair only ever stores `Storage<K::Stored>` values.
            unsafe { strata_tls::admit(&self.owner, kind, hash, ptr) };
        }
        // SAFETY: (1) `ptr` points to a `Storage` of kind `K` in this
        // context's table (`table::<K>()`), which never moves or frees it
        // before the context drops, and `self` is borrowed for 'c.
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
        // SAFETY: (1) as in `table`.
        let table = unsafe { slot.typed::<TableOf<K, P>>() };
        let found = table.get(hash, |s| {
            // SAFETY: (1) the payload is owned by this context's table and
            // never moved or freed before the context drops; (2) `self` is
            // borrowed for 'c.
            K::matches(K::shorten(unsafe { extend(&s.payload) }), &key)
        })?;
        // SAFETY: (1) `found` is a `Storage` of kind `K` in this context's
        // table for `K`, never moved or freed before the context drops, and
        // `self` is borrowed for 'c.
        Some(unsafe { Interned::from_ptr(NonNull::from(found)) })
    }

    /// Runs `f` under the write lock of the shard holding `handle`: the one
    /// place a kind's declared mutable component may change (invariant 5,
    /// MLIR's `mutate` for recursive types). The shard is found from the
    /// handle alone ([`MutableKind::key_of`]), never from a key the caller
    /// passes again.
    ///
    /// `f` may intern any kind, except a new key of `K` that lands in the
    /// shard being mutated: that would wait for the lock `f` runs under, and
    /// is a panic that says so ("... inside `Context::mutate` ...") instead
    /// of a deadlock. A key of `K` already in that shard is found, by
    /// [`intern`](Self::intern) and [`lookup`](Self::lookup) alike: the
    /// thread reads the shard under the lock it holds. Readers of the
    /// component use
    /// [`read_mutable`](Self::read_mutable), which takes no lock.
    pub fn mutate<'c, K: MutableKind, R>(
        &'c self,
        handle: Interned<'c, K>,
        f: impl FnOnce(&'c K::Stored<'c>) -> R,
    ) -> R {
        let stored = handle.payload();
        let key = K::key_of(stored);
        debug_assert!(
            K::matches(stored, &key),
            "MutableKind::key_of of `{}` does not give the key that built the payload",
            K::info().name()
        );
        let hash = self.hash::<K>(&key);
        let table = self.table::<K>();
        match std::panic::catch_unwind(AssertUnwindSafe(|| {
            table.with_write_lock(hash, || f(stored))
        })) {
            Ok(r) => r,
            Err(payload) => {
                // The table's re-entrancy panic for this kind (a nested
                // `mutate`, or an intern whose construction needs this
                // shard's lock) is reported as what it is: `f` re-entered.
                let reentered = panic_text(&*payload)
                    .and_then(|m| {
                        m.strip_prefix("strata: re-entrant interning into storage kind `")
                    })
                    .and_then(|m| m.strip_prefix(K::info().name()))
                    .is_some_and(|m| m.starts_with('`'));
                if reentered {
                    panic!(
                        "strata: interning into storage kind `{}` inside `Context::mutate` of one of its handles, into the shard `mutate` holds locked: the callback of `mutate` must not intern a new key of the kind it mutates into that shard",
                        K::info().name()
                    );
                }
                std::panic::resume_unwind(payload)
            }
        }
    }

    /// Runs `f` on the payload of `handle` to read its mutable component,
    /// without any lock (MLIR takes none for this read either).
    ///
    /// The payload is `Sync`, so the component is a type that may be read
    /// while [`mutate`](Self::mutate) writes it on another thread (atomics, a
    /// `OnceLock` body set once, a lock of its own); what `mutate` wrote is
    /// visible through the component's own synchronisation (the `Release` of
    /// its store or `set` pairs with the `Acquire` of the read). A component
    /// whose fields must be read together keeps them behind one such cell.
    /// Because no shard lock is held, `f` may intern anything, including new
    /// keys of `K` in the same shard.
    pub fn read_mutable<'c, K: StorageKind, R>(
        &'c self,
        handle: Interned<'c, K>,
        f: impl FnOnce(&'c K::Stored<'c>) -> R,
    ) -> R {
        f(handle.payload())
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
    ///
    /// A dialect whose text is parsed is registered with strata-syntax's
    /// `Syntax` instead, whose `register_dialects_in` calls this for each
    /// of its dialects.
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

    /// Registers a dialect by its namespace alone: a dialect with no kinds
    /// of its own here, whose types and attributes stay in their opaque
    /// form, but which counts as registered where MLIR's meaning depends on
    /// it (a memref's memory space may be an attribute of a registered
    /// dialect, not of an unregistered one). Returns whether it was new.
    /// Needs `&mut self`, as [`register_dialect`](Self::register_dialect).
    ///
    /// ```
    /// let mut ctx = strata_ctx::Context::new();
    /// assert!(ctx.register_dialect_namespace("gpu"));
    /// assert!(!ctx.register_dialect_namespace("gpu"));
    /// assert!(ctx.has_dialect("gpu"));
    /// ```
    pub fn register_dialect_namespace(&mut self, namespace: &'static str) -> bool {
        if self.dialects.contains(&namespace) {
            return false;
        }
        self.dialects.push(namespace);
        true
    }

    /// Registers kind `K` directly (a [`StorageKind`] or a reclaimable
    /// kind; a second call is a no-op).
    pub fn register_kind<K: Kind>(&mut self) {
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
            .map(|(_, t)| {
                let stats = t.report();
                KindStatistics::from_table(stats.name, &stats)
            })
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
            .map(|(_, t)| {
                let stats = t.report();
                KindMemory::immortal(stats.name, &stats)
            })
            .chain(self.reclaim.memory())
            .collect();
        MemoryReport::new(kinds, self.affine.stats().bytes)
    }
}

impl<P: Policy, S> fmt::Debug for Context<P, S> {
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
    // through `Kind::shorten` at a borrow of the context (see the
    // trait's "Lifetimes").
    unsafe { core::mem::transmute_copy::<K::Stored<'_>, K::Stored<'static>>(&payload) }
}

/// The message of a panic payload (`panic!` with a literal or a format).
fn panic_text(payload: &(dyn core::any::Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
}
