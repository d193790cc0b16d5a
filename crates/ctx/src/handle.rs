//! Handles: typed (`Interned<'ctx, K>`) and erased (`Type`, `Attribute`,
//! `Location`).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::ptr::NonNull;

use crate::kind::{Kind, Storage, StorageHeader, StorageKind};

/// A handle to a value of kind `K` interned in a context that lives at least
/// `'ctx`.
///
/// - `Copy`, one pointer wide.
/// - Equality and hashing are by address: two handles are equal exactly when
///   they were interned from equal keys in the same context.
/// - `Deref`s to the payload; `Debug` and `Display` print the payload.
/// - The lifetime ties it to the context, so it cannot outlive it:
///
/// ```compile_fail
/// use strata_ctx::{Category, Context, storage_kind};
///
/// storage_kind! {
///     /// A name.
///     pub Name => String, "demo.name", Category::Other
/// }
///
/// let t = {
///     let ctx = Context::new();
///     ctx.intern::<Name>(&String::from("x")) // error: `ctx` does not live long enough
/// };
/// println!("{t}");
/// ```
pub struct Interned<'ctx, K: StorageKind> {
    storage: &'ctx Storage<K::Stored<'static>>,
}

impl<'ctx, K: StorageKind> Interned<'ctx, K> {
    /// Wraps a storage pointer handed out by the context.
    ///
    /// # Safety
    ///
    /// 1. `ptr` points to a `Storage` of kind `K` owned by a context that
    ///    lives at least `'ctx`, and is never moved or freed before that.
    #[inline]
    pub(crate) unsafe fn from_ptr(ptr: NonNull<Storage<K::Stored<'static>>>) -> Self {
        // SAFETY: by (1) the storage is live, immutable and pinned for 'ctx.
        let storage = unsafe { ptr.as_ref() };
        Self { storage }
    }

    /// The address of the storage, which identifies the interned value.
    #[inline]
    pub fn as_ptr(self) -> *const () {
        core::ptr::from_ref(self.storage).cast()
    }

    /// The payload, with the context's lifetime.
    #[inline]
    pub fn payload(self) -> &'ctx K::Stored<'ctx> {
        K::shorten(&self.storage.payload)
    }

    #[inline]
    pub(crate) fn header(self) -> &'ctx StorageHeader {
        &self.storage.header
    }
}

impl<'ctx, K: StorageKind> Interned<'ctx, K> {
    /// The handle with its context lifetime erased, to keep in state that
    /// lives as long as the context (an [`Extension`](crate::Extension)).
    #[inline]
    pub fn to_raw(self) -> RawInterned<K> {
        RawInterned {
            ptr: NonNull::from(self.storage),
        }
    }
}

/// A handle with its context lifetime erased: what per-context state (an
/// [`Extension`](crate::Extension), which is `'static`) keeps instead of an
/// [`Interned`]. [`get`](Self::get) turns it back into a handle, one pointer
/// copy, no lookup.
pub struct RawInterned<K: StorageKind> {
    ptr: NonNull<Storage<K::Stored<'static>>>,
}

impl<K: StorageKind> RawInterned<K> {
    /// Wraps a storage pointer (the inverse of [`as_ptr`](Self::as_ptr)).
    ///
    /// # Safety
    ///
    /// 1. `ptr` was a `RawInterned<K>`'s pointer, of this same `K`.
    #[inline(always)]
    pub(crate) unsafe fn from_ptr(ptr: NonNull<Storage<K::Stored<'static>>>) -> Self {
        Self { ptr }
    }

    /// The address of the storage, as the handle's [`Interned::as_ptr`].
    #[inline]
    pub fn as_ptr(self) -> *const () {
        self.ptr.as_ptr().cast_const().cast()
    }

    /// The storage pointer, its type erased.
    #[inline(always)]
    pub(crate) fn erased(self) -> NonNull<()> {
        self.ptr.cast()
    }

    /// The handle, borrowing the context it came from for `'ctx`.
    ///
    /// # Safety
    ///
    /// 1. `self` was made by [`Interned::to_raw`] from a handle of a context
    ///    that is borrowed for `'ctx` (the state that keeps `self` belongs to
    ///    that context, which is what [`Context::extension`](crate::Context::extension)
    ///    guarantees for an extension's state).
    #[inline]
    pub unsafe fn get<'ctx>(self) -> Interned<'ctx, K> {
        // SAFETY: by (1) the storage belongs to a context borrowed for
        // 'ctx, where it stays, unmoved, until the context drops.
        unsafe { Interned::from_ptr(self.ptr) }
    }
}

impl<K: StorageKind> Clone for RawInterned<K> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: StorageKind> Copy for RawInterned<K> {}

impl<K: StorageKind> fmt::Debug for RawInterned<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawInterned")
            .field(&K::info().name())
            .field(&self.ptr)
            .finish()
    }
}

// SAFETY: a `RawInterned` is an address into a context's table, only turned
// into a shared reference to a `Send + Sync` payload (the `Kind::Stored`
// bound) through `get`; sending or sharing it shares nothing else.
unsafe impl<K: StorageKind> Send for RawInterned<K> {}
// SAFETY: as above.
unsafe impl<K: StorageKind> Sync for RawInterned<K> {}

impl<K: StorageKind> Clone for Interned<'_, K> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: StorageKind> Copy for Interned<'_, K> {}

impl<K: StorageKind> PartialEq for Interned<'_, K> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.storage, other.storage)
    }
}

impl<K: StorageKind> Eq for Interned<'_, K> {}

impl<K: StorageKind> Hash for Interned<'_, K> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_ptr().hash(state);
    }
}

impl<'ctx, K: StorageKind> Deref for Interned<'ctx, K> {
    type Target = K::Stored<'ctx>;
    #[inline]
    fn deref(&self) -> &K::Stored<'ctx> {
        self.payload()
    }
}

impl<'ctx, K: StorageKind> fmt::Debug for Interned<'ctx, K>
where
    K::Stored<'ctx>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.payload(), f)
    }
}

impl<'ctx, K: StorageKind> fmt::Display for Interned<'ctx, K>
where
    K::Stored<'ctx>: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.payload(), f)
    }
}

macro_rules! erased_handle {
    ($(#[$doc:meta])* $name:ident, $marker:ident, $family:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        #[repr(transparent)]
        pub struct $name<'ctx> {
            header: &'ctx StorageHeader,
        }

        #[doc = concat!("Kinds whose handles convert to [`", stringify!($name), "`]: every kind of the family `", stringify!($family), "` (implemented for them all, and only them).")]
        pub trait $marker: Kind<Family = crate::$family> {}

        impl<K: Kind<Family = crate::$family>> $marker for K {}

        impl<'ctx> $name<'ctx> {
            /// The kind of the value.
            #[inline]
            pub fn kind(self) -> &'static crate::KindInfo {
                self.header.info
            }

            /// Whether the value is of kind `K`.
            #[inline]
            pub fn isa<K: $marker>(self) -> bool {
                core::ptr::eq(self.header.info, K::info())
            }

            /// The typed handle, if the value is of kind `K`.
            #[inline]
            pub fn dyn_cast<K: $marker + StorageKind>(self) -> Option<Interned<'ctx, K>> {
                if self.isa::<K>() {
                    let ptr = NonNull::from(self.header).cast();
                    // SAFETY: (1) the header says the storage is of kind `K`
                    // (headers are written with their own kind's info), and
                    // it lives, never moved or freed, in a context that lives
                    // for 'ctx.
                    Some(unsafe { Interned::from_ptr(ptr) })
                } else {
                    None
                }
            }

            /// The address of the storage, which identifies the value.
            #[inline]
            pub fn as_ptr(self) -> *const () {
                core::ptr::from_ref(self.header).cast()
            }

        }

        impl crate::body::sealed::Sealed for $name<'_> {
            /// The header with its lifetime erased, for a
            /// [`Body`](crate::Body), which hands it out again only as a
            /// handle at the lifetime of the payload that holds it.
            #[inline]
            fn static_header(self) -> &'static StorageHeader {
                // SAFETY: the storage lives as long as its context; the
                // `'static` header is kept only inside a `Body` of that
                // context's payloads, which hands it out at the payload's
                // own lifetime (`Body::get`), never beyond a borrow of the
                // context.
                unsafe { &*core::ptr::from_ref(self.header) }
            }
        }

        impl<'ctx, K: $marker + StorageKind> From<Interned<'ctx, K>> for $name<'ctx> {
            #[inline]
            fn from(h: Interned<'ctx, K>) -> Self {
                Self { header: h.header() }
            }
        }

        /// Makes the storage immortal (see [`Counted`](crate::Counted)):
        /// an erased handle is uncounted.
        impl<'ctx, K: $marker + crate::ReclaimableKind, P: crate::Policy> From<crate::Counted<'ctx, K, P>>
            for $name<'ctx>
        {
            fn from(h: crate::Counted<'ctx, K, P>) -> Self {
                Self { header: h.pin() }
            }
        }

        impl<'a, 'b> PartialEq<$name<'b>> for $name<'a> {
            #[inline]
            fn eq(&self, other: &$name<'b>) -> bool {
                core::ptr::eq(self.header, other.header)
            }
        }

        impl Eq for $name<'_> {}

        impl Hash for $name<'_> {
            #[inline]
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.as_ptr().hash(state);
            }
        }

        impl fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.header.info.fmt_display(self.header, f)
            }
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.header.info.fmt_debug(self.header, f)
            }
        }
    };
}

erased_handle!(
    /// A handle to an interned type of any kind (MLIR's `Type`): one pointer,
    /// compared by address, printed in MLIR syntax, downcast with
    /// [`dyn_cast`](Type::dyn_cast).
    Type, TypeKind, TypeFamily
);
erased_handle!(
    /// A handle to an interned attribute of any kind (MLIR's `Attribute`).
    Attribute, AttributeKind, AttributeFamily
);
erased_handle!(
    /// A handle to an interned source location of any kind (MLIR's
    /// `Location`).
    Location, LocationKind, LocationFamily
);
