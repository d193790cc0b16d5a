//! The per-thread arenas of a thread-safe [`Table`](crate::Table): where a
//! thread's insertions put their values, so that what one thread interns in
//! a row lies in a row in memory, whichever shards the keys picked.
//!
//! With one arena per shard (the first design), consecutive insertions of a
//! thread landed in as many places as there are shards, and a later pass
//! over the same keys in the same order (the second walk over a module)
//! missed the cache on every value; rustc keeps its interned values in
//! per-thread arenas for the same reason. A thread's arena is registered in
//! its table on the thread's first insertion and found again through a small
//! per-thread table of `(table, arena)` pairs, so an insertion pays a
//! thread-local load and a compare, and no lock, to reach it.

use core::cell::Cell;
use core::fmt;
use core::ptr;

use strata_sync::atomic::Ordering::Relaxed;
use strata_sync::{Mutant, Mutex, mutant};

use crate::arena::Arena;
use crate::stats::ThreadArenaStats;

strata_sync::static_atomic! {
    /// Identities of arena sets (one per thread-safe table) and of threads:
    /// never 0, never reused within a process.
    static NEXT_ID: AtomicU64 = 1;
}

/// Draws a fresh identity (invariant 12: one read-modify-write, so two
/// threads asking at once get different numbers).
fn fresh_id() -> u64 {
    // Relaxed: uniqueness comes from the read-modify-write itself; the
    // number publishes no data. Pairs with nothing.
    NEXT_ID.fetch_add(1, Relaxed)
}

/// The number of `(table, arena)` pairs a thread remembers; tables whose
/// identities collide in it evict each other, and an evicted table's arena is
/// found again in the table's registry (by the thread's identity), so
/// eviction costs a lock, never a second arena.
const SLOTS: usize = 16;

/// What a thread remembers of its arenas.
struct Mine {
    /// The thread's identity, drawn on its first registration (0 until
    /// then), once: unlike `thread::token`, never reused by a later thread,
    /// so a registry entry names one thread for the whole life of the
    /// process.
    thread: Cell<u64>,
    /// `(arena set identity, this thread's arena in it)`, direct-mapped by
    /// the set's identity; `(0, null)` when empty.
    ///
    /// Invariant: a pointer here was returned by [`ThreadArenas::register`]
    /// for this thread and the set of that identity. It is dereferenced only
    /// through that set (which compares the identity first), so a pointer
    /// left behind by a dropped table is never read: identities are not
    /// reused.
    slots: [Cell<(u64, *const Arena)>; SLOTS],
}

impl Mine {
    /// Nothing remembered yet. `const`, so that the thread-local needs no
    /// lazy initialisation and reaching it is one thread-pointer-relative
    /// address (a lazily initialised one costs a state check and a call per
    /// insertion).
    const fn new() -> Self {
        Mine {
            thread: Cell::new(0),
            slots: [const { Cell::new((0, ptr::null())) }; SLOTS],
        }
    }

    /// The thread's identity, drawn on first use.
    fn thread(&self) -> u64 {
        if self.thread.get() == 0 {
            self.thread.set(fresh_id());
        }
        self.thread.get()
    }
}

#[cfg(not(strata_loom))]
strata_sync::thread_local! {
    static MINE: Mine = const { Mine::new() };
}

// Loom's `thread_local!` (which `strata_sync::thread_local!` is under loom)
// has no `const` form.
#[cfg(strata_loom)]
strata_sync::thread_local! {
    static MINE: Mine = Mine::new();
}

/// The arenas of one thread-safe table, one per thread that inserted.
pub(crate) struct ThreadArenas {
    /// This set's identity, the key of the threads' [`Mine::slots`].
    id: u64,
    /// The registry: `(thread identity, arena)`, one entry per thread that
    /// ever inserted into the table.
    ///
    /// Invariant 14: an arena here is allocated from only by the thread
    /// whose identity it is recorded with (no two threads ever share one),
    /// and only while that thread holds the write lock of one of the table's
    /// shards. Entries are only ever added (boxed, so an arena never moves)
    /// until the table drops, and the table drops its values before this set.
    arenas: Mutex<Vec<(u64, Box<Arena>)>>,
}

impl ThreadArenas {
    pub(crate) fn new() -> Self {
        ThreadArenas {
            id: fresh_id(),
            arenas: Mutex::new(Vec::new()),
        }
    }

    /// The calling thread's arena in this set, registered on the thread's
    /// first call. Call it only under the write lock of one of the table's
    /// shards, and allocate from the result only while that lock is held.
    #[inline]
    pub(crate) fn mine(&self) -> &Arena {
        let arena = MINE
            .try_with(|mine| {
                let slot = &mine.slots[self.id as usize % SLOTS];
                let (id, arena) = slot.get();
                if id == self.id {
                    return arena;
                }
                let arena = self.register(mine.thread());
                slot.set((self.id, arena));
                arena
            })
            // The thread's locals are being torn down (an insertion from
            // another thread-local's destructor): no slot to remember the
            // arena in, so ask the registry under a thread identity no other
            // thread has. Each such insertion registers an arena of its own.
            .unwrap_or_else(|_| self.register(fresh_id()));
        // SAFETY: `arena` came from `register` for this set (directly, or
        // through a slot whose identity matched this set's, and identities
        // are never reused): it points to a boxed arena in `self.arenas`,
        // which never moves or drops before `self` does. Invariant 14 makes
        // this thread the only one that uses it.
        unsafe { &*arena }
    }

    /// Finds or creates the arena of the thread with identity `thread`.
    #[cold]
    #[inline(never)]
    fn register(&self, thread: u64) -> *const Arena {
        let mut arenas = self.arenas.lock();
        if mutant(Mutant::TableSharedArena)
            && let Some((_, first)) = arenas.first()
        {
            // The deliberate bug of invariant 14: every thread gets the
            // first thread's arena.
            return &**first;
        }
        if let Some((_, arena)) = arenas.iter().find(|(t, _)| *t == thread) {
            return &**arena;
        }
        arenas.push((thread, Box::new(Arena::new())));
        let (_, arena) = arenas.last().expect("an arena was just pushed");
        &**arena
    }

    /// The arenas' count and byte figures, read under one acquisition of
    /// the registry.
    ///
    /// # Safety
    ///
    /// 1. No thread allocates from any of this set's arenas during the call:
    ///    the caller holds a lock of every shard of the table (invariant 14
    ///    puts every allocation under a shard's write lock), which also
    ///    orders every earlier allocation before this read.
    pub(crate) unsafe fn stats(&self) -> ThreadArenaStats {
        let arenas = self.arenas.lock();
        ThreadArenaStats {
            arenas: arenas.len(),
            bytes: arenas.iter().map(|(_, a)| a.bytes()).sum(),
            chunk_bytes: arenas.iter().map(|(_, a)| a.chunk_bytes()).sum(),
        }
    }
}

impl fmt::Debug for ThreadArenas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadArenas")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}
