//! Storage-kind identities: a `static` sentinel per kind, compared by
//! address, with a dense index assigned lock-free on first use.

use core::cmp::Ordering as CmpOrdering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ptr::NonNull;

use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::atomic::{AtomicU32, AtomicU64};
use strata_sync::{Mutant, mutant};

/// The most storage kinds one registry numbers: `1 << 16`. Registering one
/// more panics with a message naming the kind; it is never memory-unsafe.
///
/// The limit counts reserved numbers, holes included (see
/// [`DenseKind::index_in`]); holes are bounded by the number of threads
/// that raced to index one kind, so in practice the limit is reached within
/// a handful of `MAX_KINDS` kinds.
pub const MAX_KINDS: u32 = 1 << 16;

/// The value of a kind's index slot before an index is assigned. Never a
/// valid index, since `MAX_KINDS < u32::MAX`.
const UNASSIGNED: u32 = u32::MAX;

// `assigned_index_or_max` returns the raw word: an unassigned kind must read
// as `u32::MAX`, above every index a registry hands out.
const _: () = assert!(UNASSIGNED == u32::MAX && MAX_KINDS < UNASSIGNED);

/// The identity of one kind of interned storage (a type, an attribute, a
/// location...): a sentinel declared once, as a `static`, whose **address**
/// is the identity (MLIR's TypeID-by-pointer-identity idiom), plus a
/// human-readable name and a dense index assigned on first use.
///
/// ```
/// use strata_buckets::{KindId, DenseKind};
///
/// static INTEGER_TYPE: DenseKind = DenseKind::new("builtin.integer");
/// static FLOAT_TYPE: DenseKind = DenseKind::new("builtin.float");
///
/// let int = INTEGER_TYPE.id();
/// assert_eq!(int, KindId::of(&INTEGER_TYPE));
/// assert_ne!(int, FLOAT_TYPE.id());
/// assert_eq!(int.name(), "builtin.integer");
///
/// // Dense indices: assigned once, on first use, then stable.
/// let i = INTEGER_TYPE.index();
/// assert_ne!(i, FLOAT_TYPE.index());
/// assert_eq!(INTEGER_TYPE.index(), i);
/// ```
///
/// Two sentinels with the same name are two different kinds: identity is
/// the address, never the name. A sentinel must therefore live at one
/// address for as long as it is used (a `static`, or a leaked or
/// reference-counted allocation); [`KindId`] requires `&'static`.
///
/// FIXME(loom): loom's atomics cannot be built in a `const` context, so
/// under `--cfg strata_loom` [`new`](Self::new) is not `const` and models
/// create their kinds at runtime (in an `Arc`). For the same reason there is
/// no process-global [`KindRegistry`] under loom: [`index`](Self::index)
/// does not exist there, and models pass their own registry to
/// [`index_in`](Self::index_in).
pub struct DenseKind {
    name: &'static str,
    /// `UNASSIGNED` until the kind's first [`index_in`](Self::index_in),
    /// then its dense index forever: written once, by the compare-and-swap
    /// in `assign`.
    index: AtomicU32,
}

impl DenseKind {
    /// Declares a kind named `name`. Meant for a `static`.
    #[cfg(not(strata_loom))]
    pub const fn new(name: &'static str) -> Self {
        Self {
            name,
            index: AtomicU32::new(UNASSIGNED),
        }
    }

    /// Declares a kind named `name` (not `const` under loom; see the type's
    /// FIXME).
    #[cfg(strata_loom)]
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            index: AtomicU32::new(UNASSIGNED),
        }
    }

    /// The kind's human-readable name (not its identity).
    #[inline]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The kind's identity: its address.
    #[inline]
    pub fn id(&'static self) -> KindId {
        KindId::of(self)
    }

    /// The kind's dense index in the process-global registry, assigned on
    /// first use (see [`index_in`](Self::index_in)).
    ///
    /// # Panics
    ///
    /// If this is the first use and the global registry has handed out
    /// [`MAX_KINDS`] numbers already.
    #[cfg(not(strata_loom))]
    #[inline]
    pub fn index(&self) -> u32 {
        self.index_in(KindRegistry::global())
    }

    /// The kind's dense index, assigned from `registry` on first use.
    ///
    /// After the first call this is one load and one compare. The first call
    /// reserves a number from the registry's counter (one `fetch_add`) and
    /// installs it by compare-and-swap; when several threads make the first
    /// call at once, all of them return the winner's number, and each
    /// loser's reserved number is left unused: a *hole*. Holes are bounded by
    /// the number of threads that raced on one kind, so indices stay dense
    /// enough to index a [`BucketArray`](crate::BucketArray).
    ///
    /// A kind takes its index from the first registry that assigns one and
    /// keeps it: index each kind through one registry only (the global one,
    /// outside loom models). A dense index is a number, not a proof of
    /// identity; a structure indexed by it that must not confuse two kinds
    /// stores the [`KindId`] beside the data and checks it.
    ///
    /// # Panics
    ///
    /// If this is the first use and `registry` has handed out its limit of
    /// numbers already; the message names the kind. The kind stays
    /// unassigned, so nothing is left half-registered.
    #[inline]
    pub fn index_in(&self, registry: &KindRegistry) -> u32 {
        // Relaxed: the index is a bare number that publishes no other data.
        // It is written once (the compare-and-swap in `assign`), so by
        // coherence of this one location every thread that sees a number sees
        // that same number.
        let index = self.index.load(Relaxed);
        if index != UNASSIGNED {
            return index;
        }
        self.assign(registry)
    }

    /// The kind's dense index if one was assigned already, else `u32::MAX`
    /// (which no assigned index reaches: [`MAX_KINDS`] is far below it). One
    /// load and no branch, for a caller whose lookup by index fails anyway
    /// on an index that large (a [`BucketArray`](crate::BucketArray)'s
    /// `get`), and who then assigns the index on its slow path.
    #[inline]
    pub fn assigned_index_or_max(&self) -> u32 {
        // Relaxed: a bare number, as in `index_in`. `UNASSIGNED` is
        // `u32::MAX`.
        self.index.load(Relaxed)
    }

    /// The kind's dense index if one was assigned already.
    #[inline]
    pub fn assigned_index(&self) -> Option<u32> {
        // Relaxed: a bare number, as in `index_in`.
        let index = self.index.load(Relaxed);
        (index != UNASSIGNED).then_some(index)
    }

    /// First use: reserve a number, then install it by compare-and-swap.
    #[cold]
    #[inline(never)]
    fn assign(&self, registry: &KindRegistry) -> u32 {
        let reserved = registry.reserve(self);
        if mutant(Mutant::BucketsKindIndexRace) {
            // The deliberate bug: a load, then a store. Two threads can both
            // see UNASSIGNED and both store, each returning its own number.
            let seen = self.index.load(Relaxed);
            if seen != UNASSIGNED {
                return seen;
            }
            self.index.store(reserved, Relaxed);
            return reserved;
        }
        // Relaxed on both outcomes: the read-modify-write is what makes the
        // number unique (only one compare-and-swap can replace UNASSIGNED),
        // and the number publishes no other data (see `index_in`).
        match self
            .index
            .compare_exchange(UNASSIGNED, reserved, Relaxed, Relaxed)
        {
            Ok(_) => reserved,
            // Lost the race: another thread installed its number first. Ours
            // becomes a hole; we use the winner's.
            Err(winner) => winner,
        }
    }
}

impl fmt::Debug for DenseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DenseKind")
            .field("name", &self.name)
            .field("index", &self.assigned_index())
            .finish()
    }
}

/// Hands out the dense indices of storage kinds: a counter and a limit.
///
/// A normal build numbers every kind from one process-global registry
/// ([`KindRegistry::global`], used by [`DenseKind::index`]). A registry of
/// one's own exists for loom models (loom atomics cannot live in a `static`)
/// and for tests of the limit; see [`DenseKind::index_in`] for the rule
/// that each kind is numbered by one registry only.
pub struct KindRegistry {
    /// The next number to hand out. A `u64`, so that calls failing past the
    /// limit (each of which still adds one) can never wrap it back to a
    /// number already given out.
    next: AtomicU64,
    /// Numbers `>= limit` are refused.
    limit: u32,
}

#[cfg(not(strata_loom))]
static GLOBAL: KindRegistry = KindRegistry::new();

impl KindRegistry {
    /// A registry with the limit [`MAX_KINDS`].
    #[cfg(not(strata_loom))]
    pub const fn new() -> Self {
        Self::with_limit(MAX_KINDS)
    }

    /// A registry with the limit [`MAX_KINDS`].
    #[cfg(strata_loom)]
    pub fn new() -> Self {
        Self::with_limit(MAX_KINDS)
    }

    /// A registry that numbers at most `limit` kinds.
    ///
    /// # Panics
    ///
    /// If `limit > MAX_KINDS`.
    #[cfg(not(strata_loom))]
    pub const fn with_limit(limit: u32) -> Self {
        assert!(
            limit <= MAX_KINDS,
            "strata: a kind registry's limit is at most MAX_KINDS"
        );
        Self {
            next: AtomicU64::new(0),
            limit,
        }
    }

    /// A registry that numbers at most `limit` kinds.
    ///
    /// # Panics
    ///
    /// If `limit > MAX_KINDS`.
    #[cfg(strata_loom)]
    pub fn with_limit(limit: u32) -> Self {
        assert!(
            limit <= MAX_KINDS,
            "strata: a kind registry's limit is at most MAX_KINDS"
        );
        Self {
            next: AtomicU64::new(0),
            limit,
        }
    }

    /// The process-global registry.
    #[cfg(not(strata_loom))]
    #[inline]
    pub fn global() -> &'static KindRegistry {
        &GLOBAL
    }

    /// The most kinds this registry numbers.
    #[inline]
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// How many numbers were handed out so far, holes included: every
    /// assigned index is below this, so it sizes an array indexed by kind.
    pub fn reserved(&self) -> u32 {
        // Relaxed: a snapshot of a counter; it orders nothing.
        let next = self.next.load(Relaxed);
        // Below the limit, which is a `u32`; the `min` makes the cast exact.
        next.min(u64::from(self.limit)) as u32
    }

    /// Reserves the next number for `kind`.
    fn reserve(&self, kind: &DenseKind) -> u32 {
        // Relaxed: the read-modify-write alone makes every number unique; the
        // number publishes no other data.
        let number = if mutant(Mutant::BucketsReserveSplit) {
            // The deliberate bug: a load, then a store. Two kinds reserving
            // at once can both read the same number.
            let n = self.next.load(Relaxed);
            self.next.store(n + 1, Relaxed);
            n
        } else {
            self.next.fetch_add(1, Relaxed)
        };
        if number >= u64::from(self.limit) {
            panic!(
                "strata: more than {} storage kinds; cannot register `{}`",
                self.limit, kind.name
            );
        }
        // Below the limit, which is a `u32`.
        number as u32
    }
}

impl Default for KindRegistry {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for KindRegistry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KindRegistry")
            .field("reserved", &self.reserved())
            .field("limit", &self.limit)
            .finish()
    }
}

/// The identity of a [`DenseKind`]: its address. `Copy`; equality,
/// hashing and ordering are by address (the order is arbitrary but fixed for
/// the process's lifetime); `Debug` and `Display` show the name.
///
/// It holds the address as a pointer rather than a `&'static DenseKind`
/// so that a `KindId` is a plain key to hash maps: the sentinel's index slot
/// is an atomic, and a reference to it would make lints (clippy's
/// `mutable_key_type`) treat every `KindId` key as mutable, although
/// equality and hashing never look at the sentinel's contents.
#[derive(Clone, Copy)]
pub struct KindId(NonNull<DenseKind>);

// SAFETY: a `KindId` is a `&'static DenseKind` in all but type: it is made
// only from one (in `of`) and only turned back into one (in `kind`), and
// `DenseKind` is `Sync`, so the reference may be sent and shared freely.
unsafe impl Send for KindId {}
// SAFETY: as for `Send`.
unsafe impl Sync for KindId {}

impl KindId {
    /// The identity of `kind`.
    #[inline]
    pub fn of(kind: &'static DenseKind) -> Self {
        KindId(NonNull::from(kind))
    }

    /// The sentinel this identity is the address of.
    #[inline]
    pub fn kind(self) -> &'static DenseKind {
        // SAFETY: the pointer was made from a `&'static DenseKind` in `of`,
        // so it is valid, and only read, for the rest of the program.
        unsafe { self.0.as_ref() }
    }

    /// The kind's name.
    #[inline]
    pub fn name(self) -> &'static str {
        self.kind().name
    }

    /// The address that is the identity.
    #[inline]
    pub fn addr(self) -> usize {
        self.0.as_ptr() as usize
    }

    /// The kind's dense index in the global registry (see
    /// [`DenseKind::index`]).
    #[cfg(not(strata_loom))]
    #[inline]
    pub fn index(self) -> u32 {
        self.kind().index()
    }
}

impl PartialEq for KindId {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for KindId {}

impl Hash for KindId {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.addr().hash(state);
    }
}

impl PartialOrd for KindId {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<CmpOrdering> {
        Some(self.cmp(other))
    }
}

impl Ord for KindId {
    #[inline]
    fn cmp(&self, other: &Self) -> CmpOrdering {
        self.addr().cmp(&other.addr())
    }
}

impl fmt::Debug for KindId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KindId({})", self.name())
    }
}

impl fmt::Display for KindId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
