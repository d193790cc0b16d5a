//! Threads: `std::thread` normally, `loom::thread` under `--cfg strata_loom`.

#[cfg(strata_loom)]
pub use loom::thread::{JoinHandle, spawn, yield_now};
#[cfg(not(strata_loom))]
pub use std::thread::{JoinHandle, spawn, yield_now};

#[cfg(all(
    not(strata_loom),
    not(all(target_arch = "x86_64", target_os = "linux"))
))]
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
/// now: the thread pointer (the `%fs` base, which the x86-64 TLS ABI makes
/// the first word of the thread's control block). It costs one load (no
/// call, no system call), is never zero, and may be reused by a thread
/// started after this one exits.
///
/// Layers use it to detect re-entrant locking (a lock owner compares its
/// stored token with the caller's): a thread that exited holds no lock, so the
/// reuse of its token is harmless there.
// The thread pointer rather than the address of a `thread_local!` byte: the
// byte's `LocalKey` accessor is a closure that LLVM keeps out of line in
// every crate but this one, so each write lock of a table paid a call for
// an address computation (docs/notes/cold-path-steps.md, step 4).
#[cfg(all(not(strata_loom), target_arch = "x86_64", target_os = "linux"))]
#[inline(always)]
pub fn token() -> usize {
    let tp: usize;
    // SAFETY: the x86-64 ELF TLS ABI (which glibc and musl follow) points
    // `%fs` at the running thread's control block, whose first word holds the
    // block's own address, for the whole life of every thread, the main one
    // included; the load reads that word and touches nothing else (no stack,
    // no flags).
    unsafe {
        core::arch::asm!(
            "mov {tp}, qword ptr fs:[0]",
            tp = out(reg) tp,
            options(nostack, preserves_flags, readonly, pure),
        );
    }
    tp
}

/// A token that identifies the calling thread among the threads alive right
/// now: the address of a thread-local byte. It costs one thread-local address
/// computation (no system call), is never zero, and may be reused by a thread
/// started after this one exits.
///
/// Layers use it to detect re-entrant locking (a lock owner compares its
/// stored token with the caller's): a thread that exited holds no lock, so the
/// reuse of its token is harmless there.
#[cfg(all(
    not(strata_loom),
    not(all(target_arch = "x86_64", target_os = "linux"))
))]
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
