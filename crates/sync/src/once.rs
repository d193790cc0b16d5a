//! A once-gate: run an initialiser exactly once and publish its value.

use core::fmt;
use core::mem::MaybeUninit;

use crate::atomic::{AtomicU8, Ordering};
use crate::{Mutex, UnsafeCell};

const UNINIT: u8 = 0;
const DONE: u8 = 1;

/// Runs an initialiser exactly once and then hands out its value with one
/// acquire load, like `std::sync::OnceLock` (which loom cannot model, hence
/// this stand-in built from the shim's own atomics and mutex).
///
/// Concurrent callers of [`get_or_init`](Self::get_or_init) serialise on an
/// internal mutex: exactly one runs its initialiser, the others wait and then
/// see the published value. If the initialiser panics nothing is published
/// and the next caller runs its own.
///
/// # Atomic orderings
///
/// Everything the initialiser wrote happens-before every [`get`](Self::get)
/// that returns `Some`: the `Release` store of the state pairs with the
/// `Acquire` load in `get`.
pub struct OnceGate<T> {
    /// `UNINIT` until the value is written, then `DONE` forever. Written only
    /// under `init_lock` (Release, pairs with the Acquire load in `get`).
    state: AtomicU8,
    /// Serialises initialisers.
    init_lock: Mutex<()>,
    /// Initialised exactly when `state` is `DONE`; never written again after.
    value: UnsafeCell<MaybeUninit<T>>,
}

// SAFETY: the value is written once, under the mutex, before `DONE` is
// published, and only read after; sharing the gate shares `&T` between
// threads (needs `T: Sync`) and lets any thread run the initialiser that
// stores a `T` another thread drops later (needs `T: Send`).
unsafe impl<T: Send + Sync> Sync for OnceGate<T> {}
// SAFETY: moving the gate moves the `T` it may hold.
unsafe impl<T: Send> Send for OnceGate<T> {}

impl<T> OnceGate<T> {
    /// Creates an empty gate.
    #[cfg(not(strata_loom))]
    #[inline]
    pub const fn new() -> Self {
        Self {
            state: AtomicU8::new(UNINIT),
            init_lock: Mutex::new(()),
            value: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    /// Creates an empty gate.
    #[cfg(strata_loom)]
    pub fn new() -> Self {
        Self {
            state: AtomicU8::new(UNINIT),
            init_lock: Mutex::new(()),
            value: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    /// Returns the value if it has been published.
    #[inline]
    pub fn get(&self) -> Option<&T> {
        // Pairs with the Release store in `get_or_init`: seeing DONE means
        // seeing the value the initialiser wrote.
        if self.state.load(Ordering::Acquire) == DONE {
            // SAFETY: DONE is stored only after the value was written, and the
            // value is never written again, so a shared borrow is sound for
            // as long as `self` is borrowed.
            Some(self.value.with(|p| unsafe { (*p).assume_init_ref() }))
        } else {
            None
        }
    }

    /// Returns the value, running `init` first if no value was published yet.
    pub fn get_or_init(&self, init: impl FnOnce() -> T) -> &T {
        if let Some(v) = self.get() {
            return v;
        }
        let _serialise = self.init_lock.lock();
        // Another thread may have initialised while this one waited; the
        // mutex orders that store before this load, which pairs with the
        // Release store below as made by that thread.
        if self.state.load(Ordering::Acquire) != DONE {
            let value = init();
            // SAFETY: `state` is UNINIT and the mutex is held, so no other
            // thread reads or writes the slot right now.
            self.value.with_mut(|p| unsafe { (*p).write(value) });
            // Pairs with the Acquire load in `get`.
            self.state.store(DONE, Ordering::Release);
        }
        // SAFETY: `state` is DONE (set above or observed under the mutex),
        // so the value is initialised and never written again.
        self.value.with(|p| unsafe { (*p).assume_init_ref() })
    }
}

impl<T> Default for OnceGate<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Drop for OnceGate<T> {
    fn drop(&mut self) {
        // Pairs with the Release store in `get_or_init` (`&mut self` already
        // orders it before this point; the Acquire states it).
        if self.state.load(Ordering::Acquire) == DONE {
            // SAFETY: DONE means the value is initialised; `&mut self` means
            // nobody else can reach it, and it is dropped only here.
            self.value.with_mut(|p| unsafe { (*p).assume_init_drop() });
        }
    }
}

impl<T: fmt::Debug> fmt::Debug for OnceGate<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("OnceGate").field(&self.get()).finish()
    }
}
