//! Storage kinds: what can be interned, and how.

use core::fmt;
use core::hash::{Hash, Hasher};

use rustc_hash::FxHasher;
use strata_table::Arena;

/// The broad family a kind belongs to, which decides the erased handle it
/// converts to ([`Type`](crate::Type), [`Attribute`](crate::Attribute),
/// [`Location`](crate::Location)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Category {
    /// A type (`i32`, `tensor<4xf32>`).
    Type,
    /// An attribute (`42 : i64`, `"str"`).
    Attribute,
    /// A source location.
    Location,
    /// Anything else a dialect interns.
    Other,
}

/// The identity of a storage kind: the address of its `static` (the
/// TypeID-by-address idiom of MLIR), a human-readable name, its category, and
/// how to print an erased handle of it.
///
/// Declared once per kind, as a `static`, by [`storage_kind!`](crate::storage_kind)
/// or by hand with [`KindInfo::new`].
pub struct KindInfo {
    pub(crate) id: strata_buckets::DenseKind,
    category: Category,
    display: unsafe fn(*const StorageHeader, &mut fmt::Formatter<'_>) -> fmt::Result,
    debug: unsafe fn(*const StorageHeader, &mut fmt::Formatter<'_>) -> fmt::Result,
}

impl KindInfo {
    /// Describes kind `K`, named `name` (by convention `dialect.kind`).
    pub const fn new<K>(name: &'static str, category: Category) -> Self
    where
        K: StorageKind,
        for<'c> K::Stored<'c>: fmt::Display + fmt::Debug,
    {
        Self {
            id: strata_buckets::DenseKind::new(name),
            category,
            display: display_erased::<K>,
            debug: debug_erased::<K>,
        }
    }

    /// The kind's name.
    pub fn name(&self) -> &'static str {
        self.id.name()
    }

    /// The kind's category.
    pub fn category(&self) -> Category {
        self.category
    }

    /// The kind's dense index, assigned on first use.
    #[inline]
    pub(crate) fn index(&'static self) -> usize {
        self.id.index() as usize
    }

    pub(crate) fn fmt_display(
        &self,
        h: *const StorageHeader,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        // SAFETY: `h` heads a `Storage` of this very kind (every header is
        // written with its own kind's info), which is what the thunk needs.
        unsafe { (self.display)(h, f) }
    }

    pub(crate) fn fmt_debug(
        &self,
        h: *const StorageHeader,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        // SAFETY: as in `fmt_display`.
        unsafe { (self.debug)(h, f) }
    }
}

impl fmt::Debug for KindInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("KindInfo")
            .field("name", &self.name())
            .field("category", &self.category)
            .finish()
    }
}

impl PartialEq for KindInfo {
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self, other)
    }
}

impl Eq for KindInfo {}

/// Prints the payload behind an erased header of kind `K`.
///
/// # Safety
///
/// 1. `h` points to the header of a live `Storage<K::Stored<'static>>`.
unsafe fn display_erased<K>(h: *const StorageHeader, f: &mut fmt::Formatter<'_>) -> fmt::Result
where
    K: StorageKind,
    for<'c> K::Stored<'c>: fmt::Display,
{
    // SAFETY: by (1); `Storage` is `repr(C)` with the header first.
    let storage = unsafe { &*h.cast::<Storage<K::Stored<'static>>>() };
    fmt::Display::fmt(K::shorten(&storage.payload), f)
}

/// As [`display_erased`], for `Debug`.
///
/// # Safety
///
/// 1. `h` points to the header of a live `Storage<K::Stored<'static>>`.
unsafe fn debug_erased<K>(h: *const StorageHeader, f: &mut fmt::Formatter<'_>) -> fmt::Result
where
    K: StorageKind,
    for<'c> K::Stored<'c>: fmt::Debug,
{
    // SAFETY: by (1); `Storage` is `repr(C)` with the header first.
    let storage = unsafe { &*h.cast::<Storage<K::Stored<'static>>>() };
    fmt::Debug::fmt(K::shorten(&storage.payload), f)
}

/// The first word of every interned storage: its kind. An erased handle is a
/// pointer to this header.
#[derive(Debug)]
#[repr(C)]
pub struct StorageHeader {
    pub(crate) info: &'static KindInfo,
}

/// An interned value as it lives in its table's arena: the header, then the
/// payload.
#[derive(Debug)]
#[repr(C)]
pub(crate) struct Storage<S> {
    pub(crate) header: StorageHeader,
    pub(crate) payload: S,
}

/// A kind of interned storage: a key that is looked up, and the payload built
/// from it the first time.
///
/// Implement it by hand for payloads that borrow from the arena or hold other
/// handles (see the builtin kinds), or declare simple kinds with
/// [`storage_kind!`](crate::storage_kind).
///
/// # Lifetimes
///
/// `Stored<'ctx>` is the payload as users see it: it may hold `&'ctx str`,
/// `&'ctx [Type<'ctx>]` and other handles of the same context. strata stores
/// it with the lifetime erased and hands it out only through
/// [`shorten`](Self::shorten), which the compiler checks is a covariant
/// reborrow: whatever the payload holds lives as long as the context.
pub trait StorageKind: Sized + 'static {
    /// The payload.
    type Stored<'ctx>: Send + Sync + 'ctx;
    /// The lookup key: a borrowed form where that saves an allocation (a
    /// `&str` for a string payload). `'k` is the borrow of the key's own
    /// slices and strings (often a temporary); `'ctx` is the lifetime of the
    /// handles it holds, which the payload keeps.
    type Key<'k, 'ctx>
    where
        'ctx: 'k;

    /// The kind's identity.
    fn info() -> &'static KindInfo;

    /// Feeds the key to the context's hasher (FxHash by default, a keyed
    /// hasher for untrusted input). Equal keys must hash equally; the 64-bit
    /// hash is compared before [`matches`](Self::matches) is called.
    fn hash_key<'k, 'ctx: 'k, H: Hasher>(key: &Self::Key<'k, 'ctx>, state: &mut H);

    /// Whether the stored payload is the one `key` describes.
    fn matches<'k, 'ctx: 'k>(stored: &'ctx Self::Stored<'ctx>, key: &Self::Key<'k, 'ctx>) -> bool;

    /// Builds the payload for `key`, copying slices and strings into `arena`.
    /// Runs under the shard's write lock, at most once per distinct key.
    fn construct<'k, 'ctx: 'k>(key: &Self::Key<'k, 'ctx>, arena: &'ctx Arena)
    -> Self::Stored<'ctx>;

    /// Shortens the payload's lifetime to the borrow's. Implement it as
    /// `{ stored }`: that compiles exactly when the payload is covariant,
    /// which is what makes handing out `&'a Stored<'a>` sound.
    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a>;
}

/// FxHash of a value, as the builtin kinds hash their keys.
#[inline]
pub fn fx_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// Declares a simple storage kind whose payload is an owned value compared
/// with `==` and hashed with FxHash; the key is a reference to a payload.
///
/// ```
/// use strata_ctx::{Category, Context, storage_kind};
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// pub struct Opcode { pub dialect: &'static str, pub id: u32 }
///
/// impl std::fmt::Display for Opcode {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{}.op{}", self.dialect, self.id)
///     }
/// }
///
/// storage_kind! {
///     /// An interned opcode.
///     pub OpcodeKind => Opcode, "demo.opcode", Category::Other
/// }
///
/// let ctx = Context::new();
/// let a = ctx.intern::<OpcodeKind>(&Opcode { dialect: "demo", id: 7 });
/// let b = ctx.intern::<OpcodeKind>(&Opcode { dialect: "demo", id: 7 });
/// assert_eq!(a, b); // one storage, compared by address
/// assert_eq!(a.to_string(), "demo.op7");
/// ```
#[macro_export]
macro_rules! storage_kind {
    ($(#[$doc:meta])* $vis:vis $kind:ident => $payload:ty, $name:literal, $category:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        $vis enum $kind {}

        impl $crate::StorageKind for $kind {
            type Stored<'ctx> = $payload;
            type Key<'k, 'ctx> = &'k $payload where 'ctx: 'k;

            fn info() -> &'static $crate::KindInfo {
                static INFO: $crate::KindInfo = $crate::KindInfo::new::<$kind>($name, $category);
                &INFO
            }

            fn hash_key<'k, 'ctx: 'k, H: ::core::hash::Hasher>(key: &Self::Key<'k, 'ctx>, state: &mut H) {
                ::core::hash::Hash::hash(*key, state)
            }

            fn matches<'k, 'ctx: 'k>(stored: &'ctx Self::Stored<'ctx>, key: &Self::Key<'k, 'ctx>) -> bool {
                stored == *key
            }

            fn construct<'k, 'ctx: 'k>(key: &Self::Key<'k, 'ctx>, _arena: &'ctx $crate::Arena) -> Self::Stored<'ctx> {
                ::core::clone::Clone::clone(*key)
            }

            fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
                stored
            }
        }
    };
}
