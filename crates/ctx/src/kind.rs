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

/// A kind's family, as a type: [`TypeFamily`], [`AttributeFamily`],
/// [`LocationFamily`] or [`OtherFamily`] ([`Kind::Family`]). Being a
/// type, the family decides at compile time which erased handle a kind's
/// handles convert to: converting a type kind's handle into an
/// [`Attribute`](crate::Attribute) does not compile.
pub trait Family: 'static {
    /// The family as a value.
    const CATEGORY: Category;
}

macro_rules! families {
    ($($(#[$doc:meta])* $name:ident => $category:ident),*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub enum $name {}
        impl Family for $name {
            const CATEGORY: Category = Category::$category;
        }
    )*};
}

families!(
    /// The family of type kinds (handles convert to [`Type`](crate::Type)).
    TypeFamily => Type,
    /// The family of attribute kinds (handles convert to
    /// [`Attribute`](crate::Attribute)).
    AttributeFamily => Attribute,
    /// The family of location kinds (handles convert to
    /// [`Location`](crate::Location)).
    LocationFamily => Location,
    /// Any other kind a dialect interns (no erased handle).
    OtherFamily => Other
);

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
    /// Describes kind `K`, named `name` (by convention `dialect.kind`); its
    /// category is `K`'s [`Family`]. The payload prints through its
    /// `Display` (an erased handle of the family prints it); a payload that
    /// never prints uses [`KindInfo::opaque`] instead, which asks for no
    /// `Display`.
    pub const fn new<K>(name: &'static str) -> Self
    where
        K: Kind,
        for<'c> K::Stored<'c>: fmt::Display + fmt::Debug,
    {
        Self {
            id: strata_buckets::DenseKind::new(name),
            category: K::Family::CATEGORY,
            display: display_erased::<K>,
            debug: debug_erased::<K>,
        }
    }

    /// Describes kind `K` whose payload does not print (an erased handle of
    /// it, should its family have one, prints as `<name>`).
    pub const fn opaque<K: Kind>(name: &'static str) -> Self {
        Self {
            id: strata_buckets::DenseKind::new(name),
            category: K::Family::CATEGORY,
            display: opaque_erased,
            debug: opaque_erased,
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

    /// The dense index if assigned, else `u32::MAX` (no branch): for the
    /// lookups that miss on an index that large and assign it on their slow
    /// path.
    #[inline(always)]
    pub(crate) fn index_or_max(&'static self) -> u32 {
        self.id.assigned_index_or_max()
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
    K: Kind,
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
    K: Kind,
    for<'c> K::Stored<'c>: fmt::Debug,
{
    // SAFETY: by (1); `Storage` is `repr(C)` with the header first.
    let storage = unsafe { &*h.cast::<Storage<K::Stored<'static>>>() };
    fmt::Debug::fmt(K::shorten(&storage.payload), f)
}

/// Prints an erased header of an opaque kind as `<name>`.
///
/// # Safety
///
/// 1. `h` points to a live header (any kind).
unsafe fn opaque_erased(h: *const StorageHeader, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // SAFETY: by (1).
    write!(f, "<{}>", unsafe { &*h }.info.name())
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

/// What every kind of interned value has, immortal ([`StorageKind`]) or
/// reclaimable ([`ReclaimableKind`](crate::ReclaimableKind)): a family, a
/// payload, a lookup key and how to hash it, an identity, and the
/// covariance check that makes handing the payload out sound.
///
/// # Lifetimes
///
/// `Stored<'ctx>` is the payload as users see it: it may hold `&'ctx str`,
/// `&'ctx [Type<'ctx>]` and other handles of the same context. strata stores
/// it with the lifetime erased and hands it out only at a borrow of the
/// context, which is sound because the payload is covariant: that is what
/// [`shorten`](Self::shorten) checks.
pub trait Kind: Sized + 'static {
    /// The kind's family ([`TypeFamily`], [`AttributeFamily`],
    /// [`LocationFamily`], [`OtherFamily`]): which erased handle its handles
    /// convert to.
    type Family: Family;
    /// The payload.
    type Stored<'ctx>: Send + Sync + 'ctx;
    /// The lookup key: a borrowed form where that saves an allocation (a
    /// `&str` for a string payload). `'k` is the borrow of the key's own
    /// slices and strings (often a temporary); `'ctx` is the lifetime of the
    /// handles it holds, which the payload keeps.
    type Key<'k, 'ctx>
    where
        'ctx: 'k;

    /// The kind's identity (a `static`, made with [`KindInfo::new`]).
    fn info() -> &'static KindInfo;

    /// Feeds the key to the context's hasher (FxHash by default, a keyed
    /// hasher for untrusted input). Equal keys must hash equally; the 64-bit
    /// hash is compared before the kind's `matches` is called.
    fn hash_key<'k, 'ctx: 'k, H: Hasher>(key: &Self::Key<'k, 'ctx>, state: &mut H);

    /// Shortens the payload's lifetime to the borrow's. Implement it as
    /// `{ stored }`: that compiles exactly when the payload is covariant,
    /// which is what makes handing out `&'a Stored<'a>` sound.
    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a>;
}

/// Byte-slice equality for [`StorageKind::matches`]: the same answer as
/// `a == b`, with slices of 8 to 16 bytes (most symbol names and short
/// strings) compared inline by two overlapping words each, where `==` calls
/// the C library's `bcmp`.
///
/// A call in a kind's `matches` is a call inside the table's probe, which
/// the probe pays in saved registers as well as in the call; inlined, the
/// common case is a handful of loads and compares (the measurement is in
/// `docs/notes/cold-path-steps.md`, step 11).
///
/// ```
/// assert!(strata_ctx::bytes_equal(b"symbol_name", b"symbol_name"));
/// assert!(!strata_ctx::bytes_equal(b"symbol_name", b"symbol_nbme"));
/// assert!(!strata_ctx::bytes_equal(b"a", b"ab"));
/// ```
#[inline(always)]
pub fn bytes_equal(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if !(8..=16).contains(&n) {
        return a == b;
    }
    let word = |s: &[u8], at: usize| {
        u64::from_le_bytes(s[at..at + 8].try_into().expect("a slice of 8 bytes"))
    };
    // Two words, which overlap when the length is under 16, cover every
    // byte.
    word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8)
}

/// An immortal kind of interned storage: a key that is looked up, and the
/// payload built from it the first time, in the table's arena, kept until
/// the context drops. The rest of its shape is [`Kind`].
///
/// Implement it by hand for payloads that borrow from the arena or hold other
/// handles (see the builtin kinds), or declare simple kinds with
/// [`storage_kind!`](crate::storage_kind).
pub trait StorageKind: Kind {
    /// Whether the stored payload is the one `key` describes.
    fn matches<'k, 'ctx: 'k>(stored: &'ctx Self::Stored<'ctx>, key: &Self::Key<'k, 'ctx>) -> bool;

    /// Builds the payload for `key`, copying slices and strings into `arena`.
    /// Runs under the shard's write lock, at most once per distinct key.
    fn construct<'k, 'ctx: 'k>(key: &Self::Key<'k, 'ctx>, arena: &'ctx Arena)
    -> Self::Stored<'ctx>;
}

/// A storage kind with a declared mutable component (an identified struct's
/// body), changed only through [`Context::mutate`](crate::Context::mutate).
///
/// `mutate` finds the shard of a handle from the handle alone: it rebuilds
/// the key from the payload with [`key_of`](Self::key_of) and hashes it. The
/// key must be the one that built the payload (checked in debug builds with
/// [`matches`](StorageKind::matches)); it describes the immutable part only
/// (an identified struct's name), never the mutable component.
pub trait MutableKind: StorageKind {
    /// The key that built `stored`.
    fn key_of<'a>(stored: &'a Self::Stored<'a>) -> Self::Key<'a, 'a>;
}

/// FxHash of a value, as the builtin kinds hash their keys.
#[inline]
pub fn fx_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut h = FxHasher::default();
    value.hash(&mut h);
    h.finish()
}

/// The families by their [`Category`] name, for [`storage_kind!`](crate::storage_kind).
#[doc(hidden)]
pub mod family_by_category {
    pub type Type = super::TypeFamily;
    pub type Attribute = super::AttributeFamily;
    pub type Location = super::LocationFamily;
    pub type Other = super::OtherFamily;
}

/// Declares a simple storage kind whose payload is an owned value compared
/// with `==` and hashed with FxHash, in the family that `Category::X` names
/// (a type, attribute or location kind converts to its erased handle; a
/// category mismatch is a compile error).
///
/// The key is a reference to a payload (`=> Opcode`), or, with
/// `=> Payload as &Borrowed`, a borrowed form (`String as &str`,
/// `Vec<u32> as &[u32]`): a hit then allocates nothing, and a miss builds
/// the payload with `ToOwned`. The borrowed form must hash as the payload
/// does (`Borrow`'s contract).
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
/// storage_kind! {
///     /// An interned name, looked up by `&str`.
///     pub Name => String as &str, "demo.name", Category::Other
/// }
///
/// let ctx = Context::new();
/// let a = ctx.intern::<OpcodeKind>(&Opcode { dialect: "demo", id: 7 });
/// let b = ctx.intern::<OpcodeKind>(&Opcode { dialect: "demo", id: 7 });
/// assert_eq!(a, b); // one storage, compared by address
/// assert_eq!(a.to_string(), "demo.op7");
/// assert_eq!(ctx.intern::<Name>("main"), ctx.intern::<Name>(&String::from("main")));
/// ```
///
/// A kind of the `Other` family has no erased handle:
///
/// ```compile_fail
/// use strata_ctx::{Attribute, Category, Context, storage_kind};
///
/// storage_kind! {
///     /// An interned number, not an attribute.
///     pub Number => u64, "demo.number", Category::Other
/// }
///
/// let ctx = Context::new();
/// let a: Attribute<'_> = ctx.intern::<Number>(&7).into(); // error: not an attribute kind
/// ```
#[macro_export]
macro_rules! storage_kind {
    ($(#[$doc:meta])* $vis:vis $kind:ident => $payload:ty as &$borrowed:ty, $name:literal, Category::$family:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        $vis enum $kind {}

        impl $crate::Kind for $kind {
            type Family = $crate::family_by_category::$family;
            type Stored<'ctx> = $payload;
            type Key<'k, 'ctx> = &'k $borrowed where 'ctx: 'k;

            fn info() -> &'static $crate::KindInfo {
                static INFO: $crate::KindInfo = $crate::KindInfo::new::<$kind>($name);
                &INFO
            }

            fn hash_key<'k, 'ctx: 'k, H: ::core::hash::Hasher>(key: &Self::Key<'k, 'ctx>, state: &mut H) {
                ::core::hash::Hash::hash(*key, state)
            }

            fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
                stored
            }
        }

        impl $crate::StorageKind for $kind {
            fn matches<'k, 'ctx: 'k>(stored: &'ctx Self::Stored<'ctx>, key: &Self::Key<'k, 'ctx>) -> bool {
                <$payload as ::core::borrow::Borrow<$borrowed>>::borrow(stored) == *key
            }

            fn construct<'k, 'ctx: 'k>(key: &Self::Key<'k, 'ctx>, _arena: &'ctx $crate::Arena) -> Self::Stored<'ctx> {
                <$borrowed as ::std::borrow::ToOwned>::to_owned(*key)
            }
        }
    };
    ($(#[$doc:meta])* $vis:vis $kind:ident => $payload:ty, $name:literal, Category::$family:ident) => {
        $crate::storage_kind! {
            $(#[$doc])*
            $vis $kind => $payload as &$payload, $name, Category::$family
        }
    };
}
