//! Per-context dialect state: [`Extension`], [`ExtensionInfo`] and
//! [`Context::extension`].
//!
//! A dialect often needs state that lives as long as one context (the
//! handles it pre-creates so that its common values need no lookup, a
//! cache). The facade cannot name the dialect's types, so it keeps one
//! type-erased slot per extension type, indexed by the dense number its
//! `static` [`ExtensionInfo`] is assigned on first use, as kinds are:
//!
//! - [`Context::extension::<E>()`](Context::extension) reads the slot: the
//!   dense index (a load and a compare), the bucket array's `Acquire` load,
//!   the value. No hash, no lock. The first [`Extension::HOT`] extension
//!   created in a context is read through the context's
//!   [`HotSlot`](strata_buckets::HotSlot) instead: one compare, one load.
//!   It may also publish up to [`HOT_WORDS`] handles of the context
//!   ([`Extension::hot_words`]), which [`Context::hot_word`] reads with one
//!   compare and one load from the context itself, without reaching the
//!   state at all: that is how `ctx.i64()` costs one load.
//! - On first use [`Extension::create`] runs with `&Context` (it may intern)
//!   and its value is published by compare-and-swap; threads racing on the
//!   first use may each build one, and all get the one published.
//! - The state is `'static` and drops with the context: it keeps
//!   [`RawInterned`] handles, which
//!   [`RawInterned::get`] turns back into
//!   handles of their context.

use core::hash::BuildHasher;

use crate::Context;
use crate::Policy;
use crate::erased::{Erased, Report};
use crate::handle::{Interned, RawInterned};
use crate::kind::StorageKind;
use core::num::NonZeroUsize;
use core::ptr::NonNull;

/// The identity of an [`Extension`] type: a `static` per type, whose dense
/// index (assigned on first use, from the same process-wide registry as the
/// storage kinds') picks the context's slot.
pub struct ExtensionInfo {
    id: strata_buckets::DenseKind,
}

impl ExtensionInfo {
    /// Describes an extension named `name` (by convention the dialect's
    /// namespace). Meant for a `static`.
    pub const fn new(name: &'static str) -> Self {
        Self {
            id: strata_buckets::DenseKind::new(name),
        }
    }

    /// The extension's name.
    pub fn name(&self) -> &'static str {
        self.id.name()
    }

    #[inline]
    fn index(&'static self) -> usize {
        self.id.index() as usize
    }

    /// The identity this extension presents to the context's hot slot: the
    /// address of its `static`, which no other extension shares.
    #[inline(always)]
    fn hot_id(&'static self) -> NonZeroUsize {
        NonZeroUsize::from(NonNull::from(self).addr())
    }
}

impl core::fmt::Debug for ExtensionInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ExtensionInfo")
            .field("name", &self.name())
            .finish()
    }
}

/// How many [hot words](Extension::hot_words) a context keeps.
pub const HOT_WORDS: usize = 32;

/// One handle of a context, its kind erased: what a hot extension
/// publishes with [`Extension::hot_words`] and [`Context::hot_word`] reads
/// back. One pointer wide; [`get`](Self::get) makes it a handle again.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HotWord {
    ptr: NonNull<()>,
}

impl HotWord {
    /// The address of the storage, as the handle's [`Interned::as_ptr`].
    #[inline]
    pub fn as_ptr(self) -> *const () {
        self.ptr.as_ptr().cast_const()
    }

    /// The handle of kind `K` this word was made from.
    ///
    /// # Safety
    ///
    /// 1. `self` was made from a [`RawInterned<K>`] of this same `K`.
    /// 2. That handle's context is borrowed for `'ctx` (as for
    ///    [`RawInterned::get`]).
    #[inline(always)]
    pub unsafe fn get<'ctx, K: StorageKind>(self) -> Interned<'ctx, K> {
        // SAFETY: by (1) the word is a `RawInterned<K>`'s pointer, and by
        // (2) its storage lives, unmoved, while 'ctx lasts.
        unsafe { RawInterned::<K>::from_ptr(self.ptr.cast()).get() }
    }
}

impl<K: StorageKind> From<RawInterned<K>> for HotWord {
    #[inline]
    fn from(raw: RawInterned<K>) -> Self {
        Self { ptr: raw.erased() }
    }
}

impl core::fmt::Debug for HotWord {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("HotWord").field(&self.ptr).finish()
    }
}

// SAFETY: a `HotWord` is an address into a context's table, as a
// `RawInterned` is (see its `Send`/`Sync`), only turned into a handle through
// the unsafe `get`.
unsafe impl Send for HotWord {}
// SAFETY: as above.
unsafe impl Sync for HotWord {}

/// State a dialect keeps per context, created on first use (see the
/// [module](self)).
///
/// ```
/// use std::hash::BuildHasher;
/// use strata_ctx::{Context, Extension, ExtensionInfo, Policy};
///
/// /// How many contexts asked for this state: once per context.
/// struct Greeting { text: String }
///
/// impl Extension for Greeting {
///     fn info() -> &'static ExtensionInfo {
///         static INFO: ExtensionInfo = ExtensionInfo::new("demo.greeting");
///         &INFO
///     }
///     fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
///         Greeting { text: format!("hello from a {} context", ctx.mode()) }
///     }
/// }
///
/// let ctx = Context::new();
/// assert_eq!(ctx.extension::<Greeting>().text, "hello from a shared context");
/// assert!(std::ptr::eq(ctx.extension::<Greeting>(), ctx.extension::<Greeting>()));
/// ```
pub trait Extension: Send + Sync + Sized + 'static {
    /// The extension's identity (a `static`).
    fn info() -> &'static ExtensionInfo;

    /// Whether this extension asks for the context's one *hot slot*: the
    /// state of the first `HOT` extension created in a context is then read
    /// with one compare and one load, in front of the bucket probe every
    /// other extension pays (see [`HotSlot`](strata_buckets::HotSlot)).
    /// strata-builtin sets it, as its pre-created types are read on nearly
    /// every lookup; a dialect read as often may too, and whichever is
    /// created first in a context wins.
    const HOT: bool = false;

    /// The handles this extension publishes as the context's hot words when
    /// it wins the hot slot (see [`Extension::HOT`]), at most [`HOT_WORDS`],
    /// each made from a [`RawInterned`] of the context `create` was given.
    /// [`Context::hot_word`] then reads word `k` with one compare and one
    /// load from the context, where the state's own field would take two
    /// dependent loads. The default publishes none.
    fn hot_words(&self) -> &[HotWord] {
        &[]
    }

    /// Builds the state for `ctx`. May intern into `ctx`, but must not ask
    /// for this same extension (that would recurse).
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self;
}

impl<E: Extension> Report<()> for E {
    fn report(&self) {}
}

/// One extension's state, its type erased (see [`Erased`]).
pub(crate) type ExtensionSlot<P> = Erased<P, ()>;

impl<P: Policy, S: BuildHasher> Context<P, S> {
    /// The state of extension `E` for this context, created on first use
    /// (see the [module](crate::extension)): after that, a few loads and no
    /// lookup.
    #[inline(always)]
    pub fn extension<E: Extension>(&self) -> &E {
        let info = E::info();
        if E::HOT
            && let Some(state) = self.hot_extension.get(info.hot_id())
        {
            // SAFETY: only `extension_slot_init::<E>` claims the hot slot
            // with `E`'s identity, and it publishes a pointer to `E`'s state,
            // which lives in `self.extensions` until the context drops
            // (after this borrow of `self` ends).
            return unsafe { state.cast::<E>().as_ref() };
        }
        // The published slot through `get` (a load and a null check), the
        // first use out of line: the pre-created handles of a dialect are
        // read on every lookup of a common type, so this must inline.
        let slot = match self.extensions.get(info.index()) {
            Some(slot) => slot,
            None => self.extension_slot_init::<E>(),
        };
        debug_assert!(slot.is(info), "two extensions share one dense index");
        // SAFETY: (1) the slot at `E`'s dense index is only ever filled just
        // above, with an `E`: dense indices are unique per `static`
        // (strata-buckets assigns each its own, once).
        unsafe { slot.typed::<E>() }
    }

    /// Word `k` of [`E::hot_words`](Extension::hot_words), if `E` holds
    /// this context's hot slot and published at least `k + 1` words; `None`
    /// otherwise (before `E`'s first use, when another `HOT` extension was
    /// created first here, or when `E` is not `HOT`), and the caller reads
    /// its state instead. One compare and one load when it is `Some`.
    ///
    /// ```
    /// use std::hash::BuildHasher;
    /// use strata_ctx::{Context, Extension, ExtensionInfo, HotWord, Interned, Policy, storage_kind};
    ///
    /// storage_kind! {
    ///     /// A name.
    ///     pub Name => String, "demo.hot_name", Category::Other
    /// }
    ///
    /// /// The one name this dialect reads all the time.
    /// struct Common { words: [HotWord; 1] }
    ///
    /// impl Extension for Common {
    ///     fn info() -> &'static ExtensionInfo {
    ///         static INFO: ExtensionInfo = ExtensionInfo::new("demo.hot");
    ///         &INFO
    ///     }
    ///     const HOT: bool = true;
    ///     fn hot_words(&self) -> &[HotWord] { &self.words }
    ///     fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
    ///         let main = ctx.intern::<Name>(&String::from("main"));
    ///         Common { words: [main.to_raw().into()] }
    ///     }
    /// }
    ///
    /// fn main_name<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Interned<'_, Name> {
    ///     let word = ctx.hot_word::<Common>(0).unwrap_or_else(|| ctx.extension::<Common>().words[0]);
    ///     // SAFETY: (1) word 0 is always a `Name`; (2) of `ctx`, which
    ///     // `Common::create` was given.
    ///     unsafe { word.get::<Name>() }
    /// }
    ///
    /// let ctx = Context::new();
    /// assert_eq!(ctx.hot_word::<Common>(0), None, "not created yet");
    /// let first = main_name(&ctx);
    /// assert!(ctx.hot_word::<Common>(0).is_some(), "published with the state");
    /// assert_eq!(main_name(&ctx), first);
    /// assert_eq!(first, ctx.intern::<Name>(&String::from("main")));
    /// ```
    #[inline(always)]
    pub fn hot_word<E: Extension>(&self, k: usize) -> Option<HotWord> {
        if !E::HOT {
            return None;
        }
        let ptr = self.hot_extension.word(E::info().hot_id(), k)?;
        Some(HotWord { ptr })
    }

    /// The first use of extension `E` in this context: create and publish.
    #[cold]
    #[inline(never)]
    fn extension_slot_init<E: Extension>(&self) -> &ExtensionSlot<P> {
        let info = E::info();
        let slot = self.extensions.get_or_init(info.index(), || {
            // SAFETY: (1) an extension's state is `Send + Sync` (the trait's
            // bound).
            unsafe { ExtensionSlot::new(info, E::create(self)) }
        });
        if E::HOT {
            // SAFETY: (1) the slot at `E`'s dense index holds an `E` (see
            // `extension`).
            let state: &E = unsafe { slot.typed::<E>() };
            let words: Vec<NonNull<()>> = state.hot_words().iter().map(|w| w.ptr).collect();
            assert!(
                words.len() <= HOT_WORDS,
                "extension `{}` publishes {} hot words; a context keeps {HOT_WORDS}",
                info.name(),
                words.len()
            );
            // The first `HOT` extension created here takes the slot; a later
            // one (or a thread that lost this race) keeps the bucket probe.
            self.hot_extension
                .claim(info.hot_id(), NonNull::from(state).cast(), &words);
        }
        slot
    }
}
