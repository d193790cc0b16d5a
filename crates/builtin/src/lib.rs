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
    Context, Dialect, Extension, ExtensionInfo, HotWord, Interned, Policy, Registry, StorageKind,
};

mod affine_attrs;
mod asm;
mod attrs;
mod dense;
mod error;
mod locs;
mod misc_attrs;
mod types;

pub use affine_attrs::*;
pub use asm::{
    AsmAlias, AsmElement, AsmHooks, AsmPrinter, AsmState, DialectAsm, DistinctNumbering,
    PrintOptions, Registration, print_standalone,
};
pub use attrs::*;
pub use dense::*;
pub use error::BuiltinError;
pub use locs::*;
pub use misc_attrs::*;
pub use strata_apnum as apnum;
pub use types::*;

/// The extension traits that add the builtin constructors to every
/// [`Context`], and the two enums their arguments name
/// ([`Signedness`] for integer types, [`FloatKind`] for float types):
/// `use strata_builtin::prelude::*;`.
pub mod prelude {
    pub use crate::{
        AffineAttrs, AsContext, BuiltinAttrs, BuiltinLocs, BuiltinTypes, DYNAMIC, DenseAttrs,
        DenseElements, FloatKind, MiscAttrs, Signedness, SparseElements, SparseElementsOfDense,
        StringAttrExt,
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

/// The builtin dialect: registers every builtin kind, the reclaimable
/// dense elements included (`ctx.register_dialect::<Builtin>()`).
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
        registry.kind::<DenseElementsAttr>();
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

            // Inline: out of line, the call was a measurable part of a
            // one-word insert (docs/notes/facade-split-hot-hit.md).
            #[inline]
            fn construct<'k, 'c: 'k>($key: &Self::Key<'k, 'c>, $arena: &'c ::strata_ctx::Arena) -> Self::Stored<'c> {
                $construct
            }
        }

        // `$marker` (the erased handle's kind trait) follows from the family.
    };
}
pub(crate) use builtin_kind;

/// The builtins pre-created in every context (on first use), kept as hot
/// words in the context's [`Extension`] slot.
#[derive(Debug)]
pub struct Builtins {
    /// The pre-created handles, at the indices of the [`word`] constants;
    /// also the context's hot words (see [`Extension::hot_words`]).
    words: [HotWord; word::COUNT],
    /// The number of distinct attributes made so far.
    distinct: misc_attrs::DistinctCounter,
}

/// The index of one pre-created builtin of kind `K` in [`Builtins`]'s
/// words. The kind is part of the constant's type, so the handle stored at
/// an index and the handle read back from it are of one kind by
/// construction ([`Builtins::create`] stores through [`word::put`]).
pub(crate) struct Word<K> {
    index: usize,
    kind: core::marker::PhantomData<fn() -> K>,
}

impl<K> Word<K> {
    const fn new(index: usize) -> Self {
        Self {
            index,
            kind: core::marker::PhantomData,
        }
    }
}

impl<K> Clone for Word<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Word<K> {}

/// Where each pre-created builtin sits in [`Builtins`]'s words.
pub(crate) mod word {
    use super::{HotWord, Word};
    use crate::{
        ArrayAttr, DictionaryAttr, FloatType, IndexType, IntegerAttr, IntegerType, NoneType,
        StringAttr, UnitAttr, UnknownLoc,
    };
    use strata_ctx::{Interned, StorageKind};

    /// The signless integer types of [`COMMON_INT_WIDTHS`](crate::COMMON_INT_WIDTHS), in order.
    pub(crate) const INTS: [Word<IntegerType>; 6] = [
        Word::new(0),
        Word::new(1),
        Word::new(2),
        Word::new(3),
        Word::new(4),
        Word::new(5),
    ];
    pub(crate) const INDEX: Word<IndexType> = Word::new(6);
    /// The float types of [`COMMON_FLOATS`](crate::COMMON_FLOATS), in order.
    pub(crate) const FLOATS: [Word<FloatType>; 4] =
        [Word::new(7), Word::new(8), Word::new(9), Word::new(10)];
    pub(crate) const NONE: Word<NoneType> = Word::new(11);
    pub(crate) const UNIT: Word<UnitAttr> = Word::new(12);
    /// `false` and `true`.
    pub(crate) const BOOLS: [Word<IntegerAttr>; 2] = [Word::new(13), Word::new(14)];
    pub(crate) const EMPTY_STRING: Word<StringAttr> = Word::new(15);
    pub(crate) const EMPTY_DICT: Word<DictionaryAttr> = Word::new(16);
    pub(crate) const EMPTY_ARRAY: Word<ArrayAttr> = Word::new(17);
    pub(crate) const UNKNOWN_LOC: Word<UnknownLoc> = Word::new(18);
    /// The number of words: one past the last index above.
    pub(crate) const COUNT: usize = 19;

    /// Stores `handle` at `at`: the only way a word is written.
    pub(crate) fn put<K: StorageKind>(
        words: &mut [Option<HotWord>; COUNT],
        at: Word<K>,
        handle: Interned<'_, K>,
    ) {
        let slot = &mut words[at.index];
        assert!(
            slot.is_none(),
            "two pre-created builtins share word {}",
            at.index
        );
        *slot = Some(handle.to_raw().into());
    }
}

/// The widths of the pre-created signless integer types.
pub(crate) const COMMON_INT_WIDTHS: [u32; 6] = [1, 8, 16, 32, 64, 128];
/// The pre-created float kinds, in [`word::FLOATS`] order.
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
    /// so the builtins take the context's hot slot, and publish their
    /// handles as its hot words: `ctx.i64()` is one compare and one load
    /// from the context (docs/notes/facade-split-hot-hit.md).
    const HOT: bool = true;

    fn hot_words(&self) -> &[HotWord] {
        &self.words
    }

    /// Interns the common builtins directly (not through the constructors,
    /// which would ask for this extension again).
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        let mut words = [None; word::COUNT];
        let i1 = ctx.intern::<IntegerType>(IntegerTypeData::signless(1));
        for (at, w) in word::INTS.into_iter().zip(COMMON_INT_WIDTHS) {
            let ty = ctx.intern::<IntegerType>(IntegerTypeData::signless(w));
            word::put(&mut words, at, ty);
        }
        word::put(
            &mut words,
            word::INDEX,
            ctx.intern::<IndexType>(IndexTypeData),
        );
        for (at, k) in word::FLOATS.into_iter().zip(COMMON_FLOATS) {
            word::put(&mut words, at, ctx.intern::<FloatType>(k));
        }
        word::put(&mut words, word::NONE, ctx.intern::<NoneType>(NoneTypeData));
        word::put(&mut words, word::UNIT, ctx.intern::<UnitAttr>(UnitAttrData));
        for (at, v) in word::BOOLS.into_iter().zip([false, true]) {
            let value = apnum::ApInt::from_u128(1, u128::from(v));
            let attr = ctx.intern::<IntegerAttr>(IntegerAttrKey::new(i1.into(), &value));
            word::put(&mut words, at, attr);
        }
        word::put(&mut words, word::EMPTY_STRING, ctx.intern::<StringAttr>(""));
        let empty_dict = ctx.intern::<DictionaryAttr>(DictionaryAttrData { entries: &[] });
        word::put(&mut words, word::EMPTY_DICT, empty_dict);
        let empty_array = ctx.intern::<ArrayAttr>(ArrayAttrData { elements: &[] });
        word::put(&mut words, word::EMPTY_ARRAY, empty_array);
        word::put(
            &mut words,
            word::UNKNOWN_LOC,
            ctx.intern::<UnknownLoc>(UnknownLocData),
        );
        Self {
            words: words.map(|w| w.expect("every word is put above")),
            distinct: misc_attrs::DistinctCounter::default(),
        }
    }
}

/// The pre-created builtin of `ctx` at `at`: from the context's hot words
/// when the builtins hold its hot slot (one compare, one load), else from
/// the [`Builtins`] state.
#[inline(always)]
pub(crate) fn common<'c, K: StorageKind, P: Policy, S: BuildHasher>(
    ctx: &'c Context<P, S>,
    at: Word<K>,
) -> Interned<'c, K> {
    let word = match ctx.hot_word::<Builtins>(at.index) {
        Some(word) => word,
        None => ctx.extension::<Builtins>().words[at.index],
    };
    // SAFETY: (1) the word at `at.index` was made, by `word::put` in
    // `Builtins::create`, from a handle of kind `K`: `at` is a `Word<K>`,
    // and `put` is the only writer. Both sources hold those words: the hot
    // words are the ones `Builtins::hot_words` returns. (2) `Builtins::create`
    // interned them in `ctx` itself (a context's extension, and its hot
    // words, are only made from that context), which is borrowed for 'c.
    unsafe { word.get::<K>() }
}
