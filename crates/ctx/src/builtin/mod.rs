//! The builtin storage kinds: types, attributes and locations, each printed
//! in MLIR's textual syntax.
//!
//! Every builtin kind's payload is its own key (`Key<'c> = Stored<'c>`):
//! lookups pass the payload by value with borrowed slices and strings, and
//! construction copies those into the table's arena. The common ones are
//! created with the context and returned without any lookup.
//!
//! The exception is [`DenseElementsAttr`], the one builtin reclaimable kind
//! (see [`crate::reclaim`]): large constants own their bytes and are freed
//! when their last [`Counted`](crate::Counted) handle drops.

use core::hash::BuildHasher;

use core::ptr::NonNull;

use strata_diag::DiagPolicy;

use crate::kind::{KindInfo, StorageHeader, StorageKind};
use crate::{Context, Interned};

mod attrs;
mod dense;
mod locs;
mod types;

pub use attrs::*;
pub use dense::*;
pub use locs::*;
pub use types::*;

/// Implements [`StorageKind`] for a builtin kind whose key is its payload.
macro_rules! builtin_kind {
    (
        $(#[$doc:meta])*
        $kind:ident: $name:literal, $category:ident, $marker:ident,
        $stored:ty, $keyty:ty, |$key:ident, $arena:ident| $construct:expr
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub enum $kind {}

        impl $crate::StorageKind for $kind {
            type Stored<'c> = $stored;
            type Key<'k, 'c> = $keyty where 'c: 'k;

            fn info() -> &'static $crate::KindInfo {
                static INFO: $crate::KindInfo =
                    $crate::KindInfo::new::<$kind>($name, $crate::Category::$category);
                &INFO
            }

            #[inline]
            fn hash_key<'k, 'c: 'k, H: ::core::hash::Hasher>(key: &Self::Key<'k, 'c>, state: &mut H) {
                ::core::hash::Hash::hash(key, state)
            }

            #[inline]
            fn matches<'k, 'c: 'k>(stored: &'c Self::Stored<'c>, key: &Self::Key<'k, 'c>) -> bool {
                *stored == *key
            }

            fn construct<'k, 'c: 'k>($key: &Self::Key<'k, 'c>, $arena: &'c $crate::Arena) -> Self::Stored<'c> {
                $construct
            }

            #[inline]
            fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
                stored
            }
        }

        impl $crate::$marker for $kind {}
    };
}
pub(crate) use builtin_kind;

/// The builtins created with every context.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Common {
    pub(crate) ints: [NonNull<StorageHeader>; 6],
    pub(crate) index: NonNull<StorageHeader>,
    pub(crate) floats: [NonNull<StorageHeader>; 4],
    pub(crate) none: NonNull<StorageHeader>,
    pub(crate) unit: NonNull<StorageHeader>,
    pub(crate) bools: [NonNull<StorageHeader>; 2],
    pub(crate) empty_string: NonNull<StorageHeader>,
    pub(crate) empty_dict: NonNull<StorageHeader>,
    pub(crate) empty_array: NonNull<StorageHeader>,
    pub(crate) unknown_loc: NonNull<StorageHeader>,
}

// SAFETY: the pointers are addresses of immutable storages owned by the
// context that holds this `Common`; sharing or sending them shares `&`
// access to `Send + Sync` payloads.
unsafe impl Send for Common {}
// SAFETY: as above.
unsafe impl Sync for Common {}

fn header<K: StorageKind>(h: Interned<'_, K>) -> NonNull<StorageHeader> {
    NonNull::from(h.header())
}

/// The widths of the pre-created signless integer types.
pub(crate) const COMMON_INT_WIDTHS: [u32; 6] = [1, 8, 16, 32, 64, 128];
/// The pre-created float kinds, in `Common::floats` order.
pub(crate) const COMMON_FLOATS: [FloatKind; 4] = [
    FloatKind::F16,
    FloatKind::BF16,
    FloatKind::F32,
    FloatKind::F64,
];

impl Common {
    pub(crate) fn dangling() -> Self {
        let d = NonNull::dangling();
        Self {
            ints: [d; 6],
            index: d,
            floats: [d; 4],
            none: d,
            unit: d,
            bools: [d; 2],
            empty_string: d,
            empty_dict: d,
            empty_array: d,
            unknown_loc: d,
        }
    }

    pub(crate) fn create<P: DiagPolicy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        let ints = COMMON_INT_WIDTHS
            .map(|w| header(ctx.intern::<IntegerType>(IntegerTypeData::signless(w))));
        let i1 = ctx.intern::<IntegerType>(IntegerTypeData::signless(1));
        let bool_attr = |v: bool| {
            header(ctx.intern::<IntegerAttr>(IntegerAttrData {
                ty: i1.into(),
                value: v as i128,
            }))
        };
        Self {
            ints,
            index: header(ctx.intern::<IndexType>(IndexTypeData)),
            floats: COMMON_FLOATS.map(|k| header(ctx.intern::<FloatType>(k))),
            none: header(ctx.intern::<NoneType>(NoneTypeData)),
            unit: header(ctx.intern::<UnitAttr>(UnitAttrData)),
            bools: [bool_attr(false), bool_attr(true)],
            empty_string: header(ctx.intern::<StringAttr>("")),
            empty_dict: header(ctx.intern::<DictionaryAttr>(DictionaryAttrData { entries: &[] })),
            empty_array: header(ctx.intern::<ArrayAttr>(ArrayAttrData { elements: &[] })),
            unknown_loc: header(ctx.intern::<UnknownLoc>(UnknownLocData)),
        }
    }
}

impl<P: DiagPolicy, S: BuildHasher> Context<P, S> {
    /// A pre-created builtin as a typed handle.
    ///
    /// # Safety
    ///
    /// 1. `h` is one of `self.common`'s pointers and is of kind `K`.
    #[inline]
    pub(crate) unsafe fn common<K: StorageKind>(
        &self,
        h: NonNull<StorageHeader>,
    ) -> Interned<'_, K> {
        // SAFETY: by (1), a storage of kind `K` owned by `self`.
        unsafe { Interned::from_ptr(h.cast()) }
    }
}

/// Every builtin kind, registered with each context.
pub(crate) fn register_builtin_kinds(kinds: &mut Vec<&'static KindInfo>) {
    kinds.extend([
        IntegerType::info(),
        IndexType::info(),
        FloatType::info(),
        NoneType::info(),
        FunctionType::info(),
        TupleType::info(),
        RankedTensorType::info(),
        UnrankedTensorType::info(),
        MemRefType::info(),
        VectorType::info(),
        ComplexType::info(),
        IntegerAttr::info(),
        FloatAttr::info(),
        StringAttr::info(),
        ArrayAttr::info(),
        DictionaryAttr::info(),
        UnitAttr::info(),
        TypeAttr::info(),
        UnknownLoc::info(),
        FileLineColLoc::info(),
        NameLoc::info(),
        FusedLoc::info(),
    ]);
}

/// Writes `items` separated by `", "`.
pub(crate) fn comma_list<T: core::fmt::Display>(
    f: &mut core::fmt::Formatter<'_>,
    items: &[T],
) -> core::fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}
