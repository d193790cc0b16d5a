//! MLIR's builtin dialect on strata: the builtin types, attributes, source
//! locations and dense elements, each printed in MLIR's textual syntax.
//!
#![doc = include_str!("../README.md")]

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

use core::hash::BuildHasher;

use strata_ctx::{
    Context, Dialect, Extension, ExtensionInfo, Interned, Policy, RawInterned, Registry,
    StorageKind,
};

mod affine_attrs;
mod attrs;
mod dense;
mod error;
mod locs;
mod misc_attrs;
mod types;

pub use affine_attrs::*;
pub use attrs::*;
pub use dense::*;
pub use error::BuiltinError;
pub use locs::*;
pub use misc_attrs::*;
pub use strata_apnum as apnum;
pub use types::*;

/// The extension traits that add the builtin constructors to every
/// [`Context`]: `use strata_builtin::prelude::*;`.
pub mod prelude {
    pub use crate::{
        AffineAttrs, AsContext, BuiltinAttrs, BuiltinLocs, BuiltinTypes, DenseAttrs, DenseElements,
        MiscAttrs, SparseElements, SparseElementsOfDense, StringAttrExt,
    };
}

/// What the builtin extension traits are implemented for: a context (any
/// policy, any hasher).
pub trait AsContext {
    /// The context's threading policy.
    type P: Policy;
    /// The context's key hasher.
    type S: BuildHasher;
    /// The context.
    fn context(&self) -> &Context<Self::P, Self::S>;
}

impl<P: Policy, S: BuildHasher> AsContext for Context<P, S> {
    type P = P;
    type S = S;
    #[inline(always)]
    fn context(&self) -> &Context<P, S> {
        self
    }
}

/// The builtin dialect: registers every builtin kind
/// (`ctx.register_dialect::<Builtin>()`).
#[derive(Debug, Clone, Copy)]
pub enum Builtin {}

impl Dialect for Builtin {
    const NAMESPACE: &'static str = "builtin";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<IntegerType>();
        registry.kind::<IndexType>();
        registry.kind::<FloatType>();
        registry.kind::<NoneType>();
        registry.kind::<FunctionType>();
        registry.kind::<TupleType>();
        registry.kind::<RankedTensorType>();
        registry.kind::<UnrankedTensorType>();
        registry.kind::<MemRefType>();
        registry.kind::<VectorType>();
        registry.kind::<ComplexType>();
        registry.kind::<UnrankedMemRefType>();
        registry.kind::<OpaqueType>();
        registry.kind::<IntegerAttr>();
        registry.kind::<FloatAttr>();
        registry.kind::<StringAttr>();
        registry.kind::<ArrayAttr>();
        registry.kind::<DictionaryAttr>();
        registry.kind::<UnitAttr>();
        registry.kind::<TypeAttr>();
        registry.kind::<AffineMapAttr>();
        registry.kind::<IntegerSetAttr>();
        registry.kind::<StridedLayoutAttr>();
        registry.kind::<DenseArrayAttr>();
        registry.kind::<SymbolRefAttr>();
        registry.kind::<OpaqueAttr>();
        registry.kind::<DistinctAttr>();
        registry.kind::<DenseResourceAttr>();
        registry.kind::<SparseElementsAttr>();
        registry.kind::<DenseAttr>();
        registry.kind::<DenseStringAttr>();
        registry.kind::<TypedStringAttr>();
        registry.kind::<ByteStringAttr>();
        registry.kind::<LocationAttr>();
        registry.kind::<UnknownLoc>();
        registry.kind::<FileLineColLoc>();
        registry.kind::<NameLoc>();
        registry.kind::<FusedLoc>();
        registry.kind::<CallSiteLoc>();
        registry.kind::<OpaqueLoc>();
    }
}

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

        impl ::strata_ctx::Kind for $kind {
            type Family = ::strata_ctx::family_by_category::$category;
            type Stored<'c> = $stored;
            type Key<'k, 'c> = $keyty where 'c: 'k;

            fn info() -> &'static ::strata_ctx::KindInfo {
                static INFO: ::strata_ctx::KindInfo =
                    ::strata_ctx::KindInfo::new::<$kind>($name);
                &INFO
            }

            #[inline]
            fn hash_key<'k, 'c: 'k, H: ::core::hash::Hasher>(key: &Self::Key<'k, 'c>, state: &mut H) {
                ::core::hash::Hash::hash(key, state)
            }

            #[inline]
            fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
                stored
            }
        }

        impl ::strata_ctx::StorageKind for $kind {
            #[inline]
            fn matches<'k, 'c: 'k>(stored: &'c Self::Stored<'c>, key: &Self::Key<'k, 'c>) -> bool {
                *stored == *key
            }

            // Inline: out of line, the call cost a one-word insert (W2)
            // about 18 instructions (docs/PERFORMANCE.md, issue 14).
            #[inline]
            fn construct<'k, 'c: 'k>($key: &Self::Key<'k, 'c>, $arena: &'c ::strata_ctx::Arena) -> Self::Stored<'c> {
                $construct
            }
        }

        // `$marker` (the erased handle's kind trait) follows from the family.
    };
}
pub(crate) use builtin_kind;

/// The builtins pre-created in every context (on first use), kept as raw
/// handles in the context's [`Extension`] slot.
#[derive(Debug)]
pub struct Builtins {
    ints: [RawInterned<IntegerType>; 6],
    index: RawInterned<IndexType>,
    floats: [RawInterned<FloatType>; 4],
    none: RawInterned<NoneType>,
    unit: RawInterned<UnitAttr>,
    bools: [RawInterned<IntegerAttr>; 2],
    empty_string: RawInterned<StringAttr>,
    empty_dict: RawInterned<DictionaryAttr>,
    empty_array: RawInterned<ArrayAttr>,
    unknown_loc: RawInterned<UnknownLoc>,
    /// The number of distinct attributes made so far.
    distinct: misc_attrs::DistinctCounter,
}

/// The widths of the pre-created signless integer types.
pub(crate) const COMMON_INT_WIDTHS: [u32; 6] = [1, 8, 16, 32, 64, 128];
/// The pre-created float kinds, in `Builtins::floats` order.
pub(crate) const COMMON_FLOATS: [FloatKind; 4] = [
    FloatKind::F16,
    FloatKind::BF16,
    FloatKind::F32,
    FloatKind::F64,
];

impl Extension for Builtins {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("builtin");
        &INFO
    }

    /// The pre-created types are read on nearly every lookup (`ctx.i64()`),
    /// so the builtins take the context's hot slot: one compare and one load
    /// instead of a bucket probe (docs/PERFORMANCE.md, issue 14).
    const HOT: bool = true;

    /// Interns the common builtins directly (not through the constructors,
    /// which would ask for this extension again).
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        let i1 = ctx.intern::<IntegerType>(IntegerTypeData::signless(1));
        let bool_attr = |v: bool| {
            let value = apnum::ApInt::from_u128(1, u128::from(v));
            ctx.intern::<IntegerAttr>(IntegerAttrKey::new(i1.into(), &value))
                .to_raw()
        };
        Self {
            ints: COMMON_INT_WIDTHS.map(|w| {
                ctx.intern::<IntegerType>(IntegerTypeData::signless(w))
                    .to_raw()
            }),
            index: ctx.intern::<IndexType>(IndexTypeData).to_raw(),
            floats: COMMON_FLOATS.map(|k| ctx.intern::<FloatType>(k).to_raw()),
            none: ctx.intern::<NoneType>(NoneTypeData).to_raw(),
            unit: ctx.intern::<UnitAttr>(UnitAttrData).to_raw(),
            bools: [bool_attr(false), bool_attr(true)],
            empty_string: ctx.intern::<StringAttr>("").to_raw(),
            empty_dict: ctx
                .intern::<DictionaryAttr>(DictionaryAttrData { entries: &[] })
                .to_raw(),
            empty_array: ctx
                .intern::<ArrayAttr>(ArrayAttrData { elements: &[] })
                .to_raw(),
            unknown_loc: ctx.intern::<UnknownLoc>(UnknownLocData).to_raw(),
            distinct: misc_attrs::DistinctCounter::default(),
        }
    }
}

/// A pre-created builtin of `ctx`, picked from its [`Builtins`].
#[inline(always)]
pub(crate) fn common<'c, K: StorageKind, P: Policy, S: BuildHasher>(
    ctx: &'c Context<P, S>,
    pick: impl FnOnce(&Builtins) -> RawInterned<K>,
) -> Interned<'c, K> {
    let raw = pick(ctx.extension::<Builtins>());
    // SAFETY: (1) `ctx.extension` returns the `Builtins` that
    // `Builtins::create` built for `ctx` itself (a context's extension slot
    // is only filled from that context), so every raw handle in it came from
    // a handle of `ctx`, which is borrowed for 'c.
    unsafe { raw.get() }
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
