//! The arena a shard's storages live in, as the constructor sees it.

use core::cell::{Cell, RefCell};
use core::fmt;
use core::mem;
use core::ptr::{self, NonNull};

use bumpalo::Bump;

/// The bump arena of one shard, handed to the constructor of
/// [`Table::get_or_insert_with`](crate::Table::get_or_insert_with) so that a
/// storage can keep its variable-sized parts (a slice of element types, a
/// string) next to itself.
///
/// Everything allocated here lives, unmoved, until the table is dropped:
/// nothing is freed individually (interned storage is immortal). Values whose
/// type needs dropping are dropped exactly once when the table drops, after
/// the table's own values (which may refer to them).
///
/// The references returned borrow the `&Arena` the constructor received, so
/// they cannot be stored in the constructed value as they are; a layer above
/// (the facade) that stores them erases the lifetime, which is sound because
/// the arena outlives every value of its table.
///
/// Counts the bytes its constructors request, for statistics.
///
/// `repr(C)`, in the order an insertion reads it: the bump allocator's chunk
/// pointer and the byte counter fill the cache line after the shard's lock
/// line, and the drop list (touched only by values that need dropping)
/// comes last, so that an insertion writes as few cache lines as it can
/// (docs/notes/cold-path-steps.md, step 5).
#[repr(C)]
pub struct Arena {
    bump: Bump,
    /// Bytes requested through this arena's public methods (values and
    /// slices that constructors allocate), not counting alignment padding or
    /// unused chunk space. The table's own values ([`store`](Self::store))
    /// are not counted here: a table knows how many it holds.
    bytes: Cell<usize>,
    /// Values allocated here whose type needs dropping, in allocation order.
    ///
    /// Invariant: each entry describes `len` initialised values of one type
    /// in `bump`, not dropped yet, which nothing drops but `Arena::drop`.
    drops: RefCell<Vec<DropEntry>>,
}

/// A run of values in the arena that must be dropped with the arena.
struct DropEntry {
    ptr: NonNull<u8>,
    len: usize,
    /// `drop_slice::<X>` for the values' type `X`.
    drop: unsafe fn(NonNull<u8>, usize),
}

/// Drops `len` values of type `X` starting at `ptr`.
///
/// # Safety
///
/// 1. `ptr` points to `len` initialised, properly aligned values of type `X`.
/// 2. Nothing uses or drops them afterwards.
unsafe fn drop_slice<X>(ptr: NonNull<u8>, len: usize) {
    // SAFETY: (1) makes the slice valid for dropping; (2) makes it the only
    // drop.
    unsafe { ptr::drop_in_place(ptr::slice_from_raw_parts_mut(ptr.as_ptr().cast::<X>(), len)) }
}

// SAFETY: the arena owns its chunks (`Bump` is `Send`) and the values in them.
// The only values it drops are those registered in `drops`, and `alloc` and
// `alloc_slice_clone` register only `X: Send`, so dropping them on whichever
// thread drops the arena is sound. The raw pointers in `drops` point into
// `bump` and move with it. (The arena stays `!Sync`: allocating needs
// exclusive access, which the table provides with the shard's write lock.)
unsafe impl Send for Arena {}

impl Arena {
    pub(crate) fn new() -> Self {
        Arena {
            bump: Bump::new(),
            bytes: Cell::new(0),
            drops: RefCell::new(Vec::new()),
        }
    }

    #[inline]
    fn count(&self, bytes: usize) {
        self.bytes.set(self.bytes.get() + bytes);
    }

    /// Registers `len` values of type `X` at `ptr` to be dropped with the
    /// arena, if `X` needs dropping at all.
    #[inline]
    fn register_drop<X>(&self, ptr: NonNull<X>, len: usize) {
        if mem::needs_drop::<X>() && len > 0 {
            self.drops.borrow_mut().push(DropEntry {
                ptr: ptr.cast(),
                len,
                drop: drop_slice::<X>,
            });
        }
    }

    /// Moves `value` into the arena. If `X` needs dropping, it is dropped
    /// when the table drops.
    #[inline]
    pub fn alloc<X: Send>(&self, value: X) -> &X {
        self.count(mem::size_of::<X>());
        let slot: &mut X = self.bump.alloc(value);
        self.register_drop(NonNull::from(&mut *slot), 1);
        slot
    }

    /// Copies `src` into the arena.
    #[inline]
    pub fn alloc_slice_copy<X: Copy>(&self, src: &[X]) -> &[X] {
        // An empty slice needs no memory; asking bumpalo for one writes its
        // shared empty-chunk sentinel, a known data race (fitzgen/bumpalo#289)
        // that ThreadSanitizer reports, since every context builds `[]`.
        if src.is_empty() {
            return &[];
        }
        self.count(mem::size_of_val(src));
        self.bump.alloc_slice_copy(src)
    }

    /// Clones `src` element by element into the arena. If `X` needs dropping,
    /// the clones are dropped when the table drops. If a `clone` panics, the
    /// clones made so far are leaked (never dropped twice) and the panic
    /// propagates.
    #[inline]
    pub fn alloc_slice_clone<X: Clone + Send>(&self, src: &[X]) -> &[X] {
        self.count(mem::size_of_val(src));
        let slice: &mut [X] = self.bump.alloc_slice_clone(src);
        let len = slice.len();
        self.register_drop(NonNull::from(&mut *slice).cast::<X>(), len);
        slice
    }

    /// Copies `src` into the arena.
    #[inline]
    pub fn alloc_str(&self, src: &str) -> &str {
        // As in `alloc_slice_copy`: no arena write for an empty string.
        if src.is_empty() {
            return "";
        }
        self.count(src.len());
        self.bump.alloc_str(src)
    }

    /// Bytes requested from this arena so far through [`alloc`](Self::alloc),
    /// [`alloc_slice_copy`](Self::alloc_slice_copy),
    /// [`alloc_slice_clone`](Self::alloc_slice_clone) and
    /// [`alloc_str`](Self::alloc_str), without padding. The table's stored
    /// values are not included: [`ShardStats::bytes`](crate::ShardStats)
    /// adds them.
    pub fn bytes(&self) -> usize {
        self.bytes.get()
    }

    /// Bytes of the chunks the arena holds (what it costs in memory).
    pub fn chunk_bytes(&self) -> usize {
        self.bump.allocated_bytes()
    }

    /// Moves a table value into the arena without registering it for
    /// dropping: the table drops its values itself (it knows each one from
    /// its index), before the arena's registered values.
    ///
    /// Not counted in [`bytes`](Self::bytes): the table derives its values'
    /// bytes from its entry count, so that an insertion writes nothing of
    /// the arena but the bump allocator's own pointer.
    #[inline]
    pub(crate) fn store<T>(&self, value: T) -> NonNull<T> {
        NonNull::from(self.bump.alloc(value))
    }
}

impl Drop for Arena {
    /// Drops the registered values, newest first (a value may refer to an
    /// older one), then the chunks go with `bump`. If a destructor panics,
    /// the values not yet dropped are leaked, never dropped twice.
    fn drop(&mut self) {
        let drops = self.drops.get_mut();
        while let Some(entry) = drops.pop() {
            // SAFETY: the invariant on `drops`: the entry describes `len`
            // live values of the type its `drop` was instantiated with, still
            // in `bump` (not freed before this body ends), and popping it
            // first means this is their only drop.
            unsafe { (entry.drop)(entry.ptr, entry.len) };
        }
    }
}

impl fmt::Debug for Arena {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arena")
            .field("bytes", &self.bytes.get())
            .field("chunk_bytes", &self.bump.allocated_bytes())
            .finish_non_exhaustive()
    }
}

#[cfg(all(test, not(strata_loom)))]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn allocations_are_counted_and_readable() {
        let arena = Arena::new();
        let a = arena.alloc_slice_copy(&[1u32, 2, 3]);
        let s = arena.alloc_str("hello");
        let v = arena.alloc(7u64);
        assert_eq!(a, &[1, 2, 3]);
        assert_eq!(s, "hello");
        assert_eq!(*v, 7);
        assert_eq!(arena.bytes(), 12 + 5 + 8);
        assert!(arena.chunk_bytes() >= arena.bytes());
        assert!(arena.drops.borrow().is_empty(), "Copy values need no drop");
        let shown = format!("{arena:?}");
        assert!(
            shown.starts_with("Arena { bytes: 25, chunk_bytes: "),
            "{shown}"
        );
    }

    #[test]
    fn values_that_need_drop_are_dropped_once_newest_first() {
        let order = Rc::new(RefCell::new(Vec::new()));
        struct Noisy(u32, Rc<RefCell<Vec<u32>>>);
        // SAFETY: test-only; the `Rc` never leaves this thread, which is the
        // only one that touches the arena.
        unsafe impl Send for Noisy {}
        impl Clone for Noisy {
            fn clone(&self) -> Self {
                Noisy(self.0 + 10, Rc::clone(&self.1))
            }
        }
        impl Drop for Noisy {
            fn drop(&mut self) {
                self.1.borrow_mut().push(self.0);
            }
        }
        {
            let arena = Arena::new();
            arena.alloc(Noisy(1, Rc::clone(&order)));
            let src = [Noisy(2, Rc::clone(&order)), Noisy(3, Rc::clone(&order))];
            let copy = arena.alloc_slice_clone(&src);
            assert_eq!(copy[1].0, 13);
            drop(src);
            assert_eq!(*order.borrow(), vec![2, 3]);
        }
        assert_eq!(*order.borrow(), vec![2, 3, 12, 13, 1]);
        assert_eq!(Rc::strong_count(&order), 1);
    }

    #[test]
    fn empty_slices_register_nothing() {
        let arena = Arena::new();
        let empty: &[String] = arena.alloc_slice_clone(&[]);
        assert!(empty.is_empty());
        assert!(arena.drops.borrow().is_empty());
    }
}
