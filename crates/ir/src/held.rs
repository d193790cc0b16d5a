//! Which containers the calling thread holds a guard of.
//!
//! A `parking_lot` read lock queues a new reader behind a waiting writer,
//! and the writer waits for the readers already in: a thread that holds a
//! [`Reader`](crate::Reader) and asks for another (`read`, `snapshot`,
//! `checkpoint`) would wait for itself, but only when some other thread
//! happens to be waiting to write. A thread that holds a guard and asks for
//! the write lock (`write`, `add_owner`, dropping an `Owner`) would wait
//! for itself always. The single-threaded policy's `RefCell` turns both into
//! a panic at once; this record does the same for the thread-safe policy:
//! a nested read takes the lock recursively (it does not queue behind the
//! writer), and a write under a held guard is a panic that says so.
//!
//! The record is per thread and holds only this thread's guards, so it
//! needs no synchronisation; it costs a thread-local access per guard taken
//! and dropped, next to the lock's own atomic read-modify-writes.

use core::cell::RefCell;

/// This thread's guards of one container.
struct Hold {
    /// The container's address.
    container: usize,
    /// How many `Reader`s this thread holds.
    readers: u32,
    /// Whether this thread holds its `Mutator`.
    writer: bool,
}

#[cfg(not(strata_loom))]
strata_sync::thread_local! {
    static HELD: RefCell<Vec<Hold>> = const { RefCell::new(Vec::new()) };
}

// loom's thread-locals take no `const` initialiser.
#[cfg(strata_loom)]
strata_sync::thread_local! {
    static HELD: RefCell<Vec<Hold>> = RefCell::new(Vec::new());
}

/// What this thread holds of a container.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Held {
    /// No guard.
    Nothing,
    /// One or more `Reader`s.
    Reader,
    /// The `Mutator`.
    Mutator,
}

/// What this thread holds of the container at `container`.
pub(crate) fn held(container: usize) -> Held {
    HELD.with(
        |h| match h.borrow().iter().find(|e| e.container == container) {
            None => Held::Nothing,
            Some(e) if e.writer => Held::Mutator,
            Some(_) => Held::Reader,
        },
    )
}

/// Records a guard taken (`writer` for the `Mutator`).
pub(crate) fn enter(container: usize, writer: bool) {
    HELD.with(|h| {
        let mut h = h.borrow_mut();
        let hold = match h.iter_mut().position(|e| e.container == container) {
            Some(i) => &mut h[i],
            None => {
                h.push(Hold {
                    container,
                    readers: 0,
                    writer: false,
                });
                h.last_mut().expect("just pushed")
            }
        };
        if writer {
            hold.writer = true;
        } else {
            hold.readers += 1;
        }
    });
}

/// Records a guard dropped.
pub(crate) fn exit(container: usize, writer: bool) {
    // `try_with`: a guard dropped by a thread-local destructor after this
    // record was destroyed has nothing left to update.
    let _ = HELD.try_with(|h| {
        let mut h = h.borrow_mut();
        if let Some(i) = h.iter().position(|e| e.container == container) {
            let hold = &mut h[i];
            if writer {
                hold.writer = false;
            } else {
                hold.readers = hold.readers.saturating_sub(1);
            }
            if !hold.writer && hold.readers == 0 {
                h.swap_remove(i);
            }
        }
    });
}

/// The panic for a lock asked for by a thread that holds a guard of
/// the same container.
#[cold]
#[track_caller]
pub(crate) fn write_under_guard(held: Held, what: &str) -> ! {
    let guard = if held == Held::Mutator {
        "a Mutator"
    } else {
        "a Reader"
    };
    // A read waits for the read lock (behind this thread's Mutator); the
    // rest wait for the write lock.
    let lock = if what == "a read" { "read" } else { "write" };
    panic!(
        "strata-ir: {what} needs the container's {lock} lock, but this thread holds {guard} of the same container: drop it first (waiting would deadlock)"
    )
}
