//! Threads: `std::thread` normally, `loom::thread` under `--cfg strata_loom`.

#[cfg(strata_loom)]
pub use loom::thread::{JoinHandle, spawn, yield_now};
#[cfg(not(strata_loom))]
pub use std::thread::{JoinHandle, spawn, yield_now};

#[cfg(not(strata_loom))]
std::thread_local! {
    static TOKEN_BYTE: u8 = const { 0 };
}

#[cfg(strata_loom)]
loom::thread_local! {
    static TOKEN_BYTE: u8 = 0;
}

/// A token that identifies the calling thread among the threads alive right
/// now: the address of a thread-local byte. It costs one thread-local address
/// computation (no system call), is never zero, and may be reused by a thread
/// started after this one exits.
///
/// Layers use it to detect re-entrant locking (a lock owner compares its
/// stored token with the caller's): a thread that exited holds no lock, so the
/// reuse of its token is harmless there.
#[inline]
pub fn token() -> usize {
    TOKEN_BYTE.with(|b| core::ptr::from_ref(b) as usize)
}
