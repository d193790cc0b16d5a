//! Per-context dialect state: [`Extension`], [`ExtensionInfo`] and
//! [`Context::extension`].
//!
//! A dialect often needs state that lives as long as one context: the
//! handles it pre-creates so that its most common values are returned
//! without a lookup (the builtin dialect's `i32`, `index`, `unknown` loc), a
//! cache, counters. The facade cannot name the dialect's types (a dialect is
//! built on the facade, not the other way round), so it keeps one type-erased
//! slot per extension type, indexed by a dense number that the extension's
//! `static` [`ExtensionInfo`] is assigned on first use, exactly as storage
//! kinds are indexed:
//!
//! - [`Context::extension::<E>()`](Context::extension) reads the slot: the
//!   extension's dense index (one load and one compare after the first use),
//!   the bucket array's slot (one `Acquire` load for the first 16 extensions,
//!   a segment load beyond), and the value. No hash, no lock.
//! - On first use the slot is filled behind the bucket array's once-gate:
//!   [`Extension::create`] runs with `&Context`, may intern, and the value it
//!   returns is published by compare-and-swap. When several threads make the
//!   first call at once, each may run `create` and every thread gets the one
//!   value that was published (the others are dropped), so `create` must be
//!   idempotent in effect: interning is.
//! - The state drops with the context.
//!
//! The state is `'static`, so it cannot hold handles with the context's
//! lifetime; it holds [`RawInterned`] handles instead, which
//! [`RawInterned::get`] turns back into handles of the context they came
//! from.

use core::any::Any;
use core::hash::BuildHasher;

use crate::Context;
use crate::Policy;

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

    /// Builds the state for `ctx`. May intern into `ctx`, but must not ask
    /// for this same extension (that would recurse).
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self;
}

/// One extension's state, type-erased.
pub(crate) struct ExtensionSlot {
    info: &'static ExtensionInfo,
    state: Box<dyn Any + Send + Sync>,
}

impl<P: Policy, S: BuildHasher> Context<P, S> {
    /// The state of extension `E` for this context, created on first use
    /// (see the [module](crate::extension)): after that, a few loads and no
    /// lookup.
    #[inline]
    pub fn extension<E: Extension>(&self) -> &E {
        let info = E::info();
        let slot = self.extensions.get_or_init(info.index(), || ExtensionSlot {
            info,
            state: Box::new(E::create(self)),
        });
        debug_assert!(
            core::ptr::eq(slot.info, info),
            "two extensions share one dense index"
        );
        let state: *const (dyn Any + Send + Sync) = &*slot.state;
        // SAFETY: the slot at `E`'s dense index is only ever filled just
        // above, with a `Box<E>`: dense indices are unique per `static`
        // (strata-buckets assigns each its own, once). The box lives until
        // the context drops, and the result borrows the context.
        unsafe { &*state.cast::<E>() }
    }
}
