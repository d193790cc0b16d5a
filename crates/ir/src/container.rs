//! The shared container and the owner handles that keep it alive.

use core::fmt;
use core::ops::Deref;

use strata_sync::policy::{ArcApi, Policy, RwLockApi, Shared};

use crate::guard::{Mutator, Reader};
use crate::id::{Checkpoint, OwnerId, OwnerSnapshot};
use crate::view::IrView;

/// A container of values (payload `V`) and expressions (payload `E`) shared
/// by several owners, behind one reader-writer lock.
///
/// A container is reached only through an [`Owner`] (which dereferences to
/// its container) and lives exactly as long as its last owner. Layer 1 of the locking
/// is here: [`read`](Self::read) and [`write`](Self::write) are the only
/// methods that take the lock, and they hand it over as a guard.
pub struct IrContainer<V, E, P: Policy = Shared> {
    pub(crate) state: P::RwLock<IrView<V, E>>,
}

impl<V, E, P: Policy> IrContainer<V, E, P> {
    /// Takes the lock shared and returns the read API. Blocks while a
    /// [`Mutator`] of another thread is alive; panics if this thread holds
    /// the `Mutator` (waiting would deadlock). A thread that already holds a
    /// [`Reader`] gets another without waiting behind a queued writer.
    #[inline]
    pub fn read(&self) -> Reader<'_, V, E, P> {
        Reader::new(self)
    }

    /// Takes the lock exclusively and returns the mutation API. Blocks while
    /// another thread's guard is alive; panics if this thread holds a guard
    /// of this container (waiting would deadlock).
    #[inline]
    pub fn write(&self) -> Mutator<'_, V, E, P> {
        Mutator::new(self)
    }
}

impl<V, E, P: Policy> fmt::Debug for IrContainer<V, E, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `try_read`: formatting must not block, nor panic on a `Local`
        // container whose lock this very thread holds.
        match self.state.try_read() {
            Some(state) => f.debug_tuple("IrContainer").field(&*state).finish(),
            None => f.write_str("IrContainer(<locked>)"),
        }
    }
}

/// An owner of statements in a shared [`IrContainer`] (a function, a
/// fusion, a segment being compiled), and a handle that keeps the container
/// alive.
///
/// [`Owner::new`] makes a container with one owner; [`add_owner`](Self::add_owner)
/// adds another owner to the same container. Dropping an `Owner` removes
/// every statement it holds (with the expressions of other owners that
/// reference them) and unregisters it; dropping the last one drops the
/// container. An `Owner` dereferences to its container, so
/// `owner.read()` and `owner.write()` take the container's lock.
///
/// With the `Shared` policy an owner is `Send` and `Sync` (when the payloads
/// are), so owners can be handed to threads that work on the same container.
pub struct Owner<V, E, P: Policy = Shared> {
    /// This owner's id. Invariant: registered in `container` from the
    /// handle's creation until its drop, and only this handle unregisters it.
    id: OwnerId,
    /// The shared container; only owner handles hold one.
    container: P::Arc<IrContainer<V, E, P>>,
}

impl<V, E, P: Policy> Owner<V, E, P> {
    /// Creates a container whose first owner this is.
    pub fn new() -> Self {
        let state = IrView::with_first_owner();
        Self {
            id: OwnerId(0),
            container: P::Arc::new(IrContainer {
                state: P::RwLock::new(state),
            }),
        }
    }

    /// Registers a new owner of the same container and returns its handle.
    pub fn add_owner(&self) -> Self {
        let id = Mutator::new_for(&self.container, "`add_owner`").add_owner_inner();
        Self {
            id,
            container: P::Arc::clone(&self.container),
        }
    }

    /// This owner's id.
    #[inline]
    pub fn id(&self) -> OwnerId {
        self.id
    }

    /// The shared container.
    #[inline]
    pub fn container(&self) -> &IrContainer<V, E, P> {
        &self.container
    }

    /// Whether `self` and `other` own statements in the same container.
    #[inline]
    pub fn shares_container_with(&self, other: &Self) -> bool {
        P::Arc::ptr_eq(&self.container, &other.container)
    }

    /// The number of owners of the container (this one included).
    #[inline]
    pub fn owner_count(&self) -> usize {
        P::Arc::strong_count(&self.container)
    }

    /// An owned copy of this owner's holdings, in creation order (takes the
    /// lock shared).
    pub fn snapshot(&self) -> OwnerSnapshot {
        self.read()
            .snapshot_owner(self.id)
            .expect("strata-ir: an owner is registered while its handle lives")
    }

    /// A checkpoint of this owner's history (takes the lock shared); see
    /// [`Mutator::remove_statements_created_after`].
    pub fn checkpoint(&self) -> Checkpoint {
        self.read().checkpoint(self.id)
    }
}

impl<V, E, P: Policy> Default for Owner<V, E, P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V, E, P: Policy> Deref for Owner<V, E, P> {
    type Target = IrContainer<V, E, P>;
    #[inline]
    fn deref(&self) -> &IrContainer<V, E, P> {
        &self.container
    }
}

impl<V, E, P: Policy> Drop for Owner<V, E, P> {
    fn drop(&mut self) {
        // The last owner: the container is dropped with the `Arc` below, which
        // frees every statement in linear time, so there is nothing to
        // unregister. The count cannot rise under us: only an owner handle
        // can make another, and this is the only one left. The load inside
        // `strong_count` needs no ordering of its own: when it reads 1, the
        // final decrement of the `Arc` drop acquires every other owner's
        // release of its reference (and with it their last mutations).
        if P::Arc::strong_count(&self.container) == 1 {
            return;
        }
        if std::thread::panicking() && self.guard_held_here() {
            // This thread holds a guard of the container and is unwinding:
            // the write lock would wait for that guard (or, under `Local`,
            // refuse it), and the panic that says so would abort the
            // process. The owner's statements stay in the container, held
            // by an owner id no handle has.
            return;
        }
        // Removed payloads drop when the guard does, after the lock.
        Mutator::new_for(&self.container, "dropping an `Owner`").remove_owner_inner(self.id);
    }
}

impl<V, E, P: Policy> Owner<V, E, P> {
    /// Whether this thread holds a guard of the container: its record of
    /// guards under a thread-safe policy; under `Local`, whose guards are
    /// all this thread's, whether the write lock is refused.
    fn guard_held_here(&self) -> bool {
        if P::THREAD_SAFE {
            crate::held::held(core::ptr::from_ref(&*self.container).addr())
                != crate::held::Held::Nothing
        } else {
            self.container.state.try_write().is_none()
        }
    }
}

impl<V, E, P: Policy> fmt::Debug for Owner<V, E, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Owner")
            .field("id", &self.id)
            .field("owners", &self.owner_count())
            .finish()
    }
}
