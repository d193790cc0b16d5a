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
//! - On first use [`Extension::create`] runs with `&Context` (it may intern)
//!   and its value is published by compare-and-swap; threads racing on the
//!   first use may each build one, and all get the one published.
//! - The state is `'static` and drops with the context: it keeps
//!   [`RawInterned`](crate::RawInterned) handles, which
//!   [`RawInterned::get`](crate::RawInterned::get) turns back into
//!   handles of their context.

use core::hash::BuildHasher;

use crate::Context;
use crate::Policy;
use crate::erased::{Erased, Report};
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
            // The first `HOT` extension created here takes the slot; a later
            // one (or a thread that lost this race) keeps the bucket probe.
            self.hot_extension
                .claim(info.hot_id(), NonNull::from(state).cast());
        }
        slot
    }
}
