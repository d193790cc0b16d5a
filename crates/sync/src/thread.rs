//! Threads: `std::thread` normally, `loom::thread` under `--cfg strata_loom`.

#[cfg(strata_loom)]
pub use loom::thread::{JoinHandle, spawn, yield_now};
#[cfg(not(strata_loom))]
pub use std::thread::{JoinHandle, spawn, yield_now};

#[cfg(not(strata_loom))]
std::thread_local! {
    static TOKEN_BYTE: u8 = const { 0 };
}

// Under loom a token is a number drawn once per loom thread, never reused
// within a model run. The address of a loom thread-local could be reused by
// a thread that starts after another exits (loom allocates thread-locals on
// the heap), and loom does not know that the allocator orders the exited
// thread's last accesses before the new thread's first ones: a model could
// then let the new thread read a stale owner word holding the exited
// thread's token, which is its own address, and report a re-entry that
// cannot happen (found by `same_key_one_storage` at preemption bound 3).
// In a real build the reuse of a thread's memory goes through the allocator
// (or the thread library's stack cache), whose locks order it.
#[cfg(strata_loom)]
crate::static_atomic! {
    static NEXT_TOKEN: AtomicUsize = 1;
}

#[cfg(strata_loom)]
loom::thread_local! {
    // Relaxed: only uniqueness matters, which the read-modify-write gives.
    // Pairs with nothing.
    static TOKEN: usize = NEXT_TOKEN.fetch_add(1, crate::atomic::Ordering::Relaxed);
}

/// A token that identifies the calling thread among the threads alive right
/// now: the address of a thread-local byte. It costs one thread-local address
/// computation (no system call), is never zero, and may be reused by a thread
/// started after this one exits.
///
/// Layers use it to detect re-entrant locking (a lock owner compares its
/// stored token with the caller's): a thread that exited holds no lock, so the
/// reuse of its token is harmless there.
#[cfg(not(strata_loom))]
#[inline]
pub fn token() -> usize {
    TOKEN_BYTE.with(|b| core::ptr::from_ref(b) as usize)
}

/// A token that identifies the calling loom thread: never zero, and never
/// reused within one iteration of a model (see the comment on `TOKEN`).
#[cfg(strata_loom)]
pub fn token() -> usize {
    TOKEN.with(|t| *t)
}
