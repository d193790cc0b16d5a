//! The two guards: [`Reader`] (shared lock, read API) and [`Mutator`]
//! (exclusive lock, read API plus mutations).
//!
//! This is the two-layer locking of the nvFuser container (its
//! `ContainerMutator`), expressed in types. Layer 1 is
//! [`IrContainer::read`] and [`IrContainer::write`]: the only places that
//! take the lock. Layer 2 is every method of [`Mutator`]: a `Mutator` *is*
//! the held write lock, so its methods (public and internal alike) call each
//! other freely (removing a value removes its defining expression; registering
//! a definition removes the previous one) and none of them can lock again,
//! because none of them has anything to lock with.

use core::fmt;
use core::ops::Deref;

use strata_sync::policy::{Policy, RwLockApi, Shared};
use strata_sync::{Mutant, mutant};

use crate::container::IrContainer;
use crate::error::IrError;
use crate::id::{Checkpoint, ExprId, OwnerId, ValueId};
use crate::view::{ExprNode, Holdings, IrView, ValueNode};

/// The shared-lock guard type of policy `P` for a container's state.
type ReadGuardOf<'a, V, E, P> =
    <<P as Policy>::RwLock<IrView<V, E>> as RwLockApi<IrView<V, E>>>::Read<'a>;

/// The exclusive-lock guard type of policy `P` for a container's state.
type WriteGuardOf<'a, V, E, P> =
    <<P as Policy>::RwLock<IrView<V, E>> as RwLockApi<IrView<V, E>>>::Write<'a>;

/// Shared access to a container: dereferences to the read API,
/// [`IrView`]. Other readers may hold the lock at the same time; writers
/// wait.
///
/// Everything borrowed through a `Reader` borrows the `Reader`, so the
/// compiler rejects any use of it after the lock is released:
///
/// ```compile_fail,E0597
/// use strata_ir::Owner;
///
/// let owner = Owner::<u32, &str>::new();
/// let v = owner.write().register_value(owner.id(), 7).unwrap();
/// let payload: &u32 = {
///     let reader = owner.read();
///     reader.value(v).unwrap().payload // error: `reader` does not live long enough
/// };
/// assert_eq!(*payload, 7);
/// ```
///
/// Copy what you need out ([`IrView::snapshot_owner`], the `Copy` ids) before
/// the guard goes.
///
/// A thread may hold several `Reader`s of one container at once (a nested
/// read takes the lock recursively, so it does not wait behind a writer
/// that waits for the first one). While it holds one, asking for the write
/// lock of the same container (`write`, `add_owner`, dropping an `Owner`)
/// is a panic that says so, since waiting would deadlock.
pub struct Reader<'a, V, E, P: Policy = Shared>
where
    V: 'a,
    E: 'a,
{
    guard: ReadGuardOf<'a, V, E, P>,
    /// The container's address, for this thread's record of its guards
    /// (`held`; thread-safe policy only).
    container: usize,
}

impl<'a, V, E, P: Policy> Reader<'a, V, E, P> {
    pub(crate) fn new(container: &'a IrContainer<V, E, P>) -> Self {
        let addr = core::ptr::from_ref(container).addr();
        if !P::THREAD_SAFE {
            // The `RefCell` stand-in panics on a read under this thread's
            // write, and nests reads by itself.
            return Self {
                guard: container.state.read(),
                container: addr,
            };
        }
        let guard = match crate::held::held(addr) {
            crate::held::Held::Nothing => container.state.read(),
            // This thread holds a reader: a plain read would queue behind a
            // waiting writer, which waits for that reader.
            crate::held::Held::Reader => container.state.read_recursive(),
            // This thread holds the write lock: any read waits for itself.
            held @ crate::held::Held::Mutator => crate::held::write_under_guard(held, "a read"),
        };
        crate::held::enter(addr, false);
        Self {
            guard,
            container: addr,
        }
    }
}

impl<V, E, P: Policy> Drop for Reader<'_, V, E, P> {
    /// The guard's record goes before its lock does.
    fn drop(&mut self) {
        if P::THREAD_SAFE {
            crate::held::exit(self.container, false);
        }
    }
}

impl<V, E, P: Policy> Deref for Reader<'_, V, E, P> {
    type Target = IrView<V, E>;
    #[inline]
    fn deref(&self) -> &IrView<V, E> {
        &self.guard
    }
}

impl<V, E, P: Policy> fmt::Debug for Reader<'_, V, E, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Reader").field(&**self).finish()
    }
}

/// Exclusive access to a container: the read API (through `Deref` to
/// [`IrView`]) and every mutation, all under the one write lock this guard
/// holds.
///
/// Each mutation is atomic with respect to every other guard: a reader sees
/// the container before it or after it, never half way (a removed value
/// together with its defining expression and its uses, an SSA redefinition
/// together with the removal of the old definition). Several mutations made
/// through one `Mutator` are atomic together.
///
/// Payloads removed through a `Mutator` are dropped when it is, *after* the
/// lock is released, so a payload's destructor never runs under the lock
/// (and a panicking destructor finds the container consistent).
///
/// While a thread holds a `Mutator`, the same thread must not call
/// [`IrContainer::read`] or [`IrContainer::write`] on the same container, or
/// drop an [`Owner`](crate::Owner) of it: waiting would deadlock, so with
/// either policy it is a panic that says so (an `Owner` dropped while the
/// thread unwinds keeps its statements instead, since a second panic would
/// abort). Nothing needs to: the `Mutator` already offers the whole read
/// API.
pub struct Mutator<'a, V, E, P: Policy = Shared> {
    /// The held write lock. Always `Some` when a method is entered or left;
    /// `None` only inside [`relock`](Self::relock), which exists for the
    /// `IrSplitMutation` mutant. Declared first so that it is dropped first:
    /// the lock is released before the dead payloads below are dropped.
    guard: Option<WriteGuardOf<'a, V, E, P>>,
    /// The container the lock belongs to (used only to re-take it in
    /// [`relock`](Self::relock)).
    container: &'a IrContainer<V, E, P>,
    /// Value payloads removed under this guard, dropped after the lock.
    dead_values: Vec<V>,
    /// Expression payloads removed under this guard, dropped after the lock.
    dead_exprs: Vec<E>,
}

const GUARD_HELD: &str = "strata-ir: a Mutator always holds its lock between operations";

impl<V, E, P: Policy> Deref for Mutator<'_, V, E, P> {
    type Target = IrView<V, E>;
    #[inline]
    fn deref(&self) -> &IrView<V, E> {
        self.guard.as_deref().expect(GUARD_HELD)
    }
}

impl<V, E, P: Policy> Drop for Mutator<'_, V, E, P> {
    /// The guard's record goes first; then the fields drop in order: the
    /// lock is released, then the removed payloads are dropped.
    fn drop(&mut self) {
        if P::THREAD_SAFE {
            crate::held::exit(core::ptr::from_ref(self.container).addr(), true);
        }
    }
}

impl<V, E, P: Policy> fmt::Debug for Mutator<'_, V, E, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Mutator").field(&**self).finish()
    }
}

/// The public mutations (each validates, then runs layer-2 steps).
impl<'a, V, E, P: Policy> Mutator<'a, V, E, P> {
    pub(crate) fn new(container: &'a IrContainer<V, E, P>) -> Self {
        Self::new_for(container, "`write`")
    }

    /// The `Mutator` of `container`, for `what` (named in the panic if this
    /// thread holds a guard of the container already).
    pub(crate) fn new_for(container: &'a IrContainer<V, E, P>, what: &str) -> Self {
        if P::THREAD_SAFE {
            let addr = core::ptr::from_ref(container).addr();
            match crate::held::held(addr) {
                crate::held::Held::Nothing => {}
                held => crate::held::write_under_guard(held, what),
            }
        }
        let guard = container.state.write();
        if P::THREAD_SAFE {
            crate::held::enter(core::ptr::from_ref(container).addr(), true);
        }
        Self {
            guard: Some(guard),
            container,
            dead_values: Vec::new(),
            dead_exprs: Vec::new(),
        }
    }

    /// Adds a value with `payload`, held by `owner`, and returns its id.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownOwner`] if `owner` is not registered (the payload is
    /// then dropped, after the lock).
    ///
    /// # Panics
    ///
    /// If the container's `u32` id space is exhausted (4 294 967 295
    /// statements created over its lifetime); nothing is changed then.
    pub fn register_value(&mut self, owner: OwnerId, payload: V) -> Result<ValueId, IrError> {
        if !self.has_owner(owner) {
            self.dead_values.push(payload);
            return Err(IrError::UnknownOwner(owner));
        }
        let id = ValueId(self.alloc_id());
        let state = self.state();
        state.values.insert(
            id,
            ValueNode {
                payload,
                owner,
                definition: None,
                uses: Vec::new(),
            },
        );
        state.holdings(owner).values.insert(id);
        Ok(id)
    }

    /// Adds an expression with `payload`, held by `owner`, that reads
    /// `inputs` and defines `outputs`, and returns its id.
    ///
    /// SSA: a value has at most one defining expression, so if an output
    /// already has one, that old expression is removed first (with all of
    /// its links; its other outputs are left without a definition). Readers
    /// see the old definition or the new one, never neither.
    ///
    /// # Errors
    ///
    /// Checked in this order; on error nothing changes (the payload is
    /// dropped after the lock):
    /// [`IrError::UnknownOwner`]; [`IrError::UnknownValue`] for the first
    /// input, then the first output, not in the container;
    /// [`IrError::DuplicateOutput`] for the first output listed twice;
    /// [`IrError::OutputIsInput`] for the first output that is also an
    /// input.
    ///
    /// # Panics
    ///
    /// If the id space is exhausted, as [`register_value`](Self::register_value).
    pub fn register_expr(
        &mut self,
        owner: OwnerId,
        payload: E,
        inputs: &[ValueId],
        outputs: &[ValueId],
    ) -> Result<ExprId, IrError> {
        if let Err(error) = self.validate_expr(owner, inputs, outputs) {
            self.dead_exprs.push(payload);
            return Err(error);
        }
        // Allocate before changing anything, so that an exhausted id space
        // panics with the container untouched.
        let id = ExprId(self.alloc_id());
        for &out in outputs {
            if let Some(old) = self.definition(out) {
                self.remove_expr_inner(old);
            }
        }
        let state = self.state();
        for &out in outputs {
            if let Some(n) = state.values.get_mut(&out) {
                n.definition = Some(id);
            }
        }
        for &input in inputs {
            if let Some(n) = state.values.get_mut(&input) {
                // `id` is the newest statement, so pushing keeps `uses`
                // ascending; a value read twice is recorded once.
                if n.uses.last() != Some(&id) {
                    n.uses.push(id);
                }
            }
        }
        state.exprs.insert(
            id,
            ExprNode {
                payload,
                owner,
                inputs: inputs.into(),
                outputs: outputs.into(),
            },
        );
        state.holdings(owner).exprs.insert(id);
        Ok(id)
    }

    /// Removes value `v`, together with every expression that references
    /// it: its defining expression and every expression that reads it
    /// (whichever owners hold them). Other values are never removed.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownValue`] if `v` is not in the container.
    pub fn remove_value(&mut self, v: ValueId) -> Result<(), IrError> {
        if self.remove_value_inner(v) {
            Ok(())
        } else {
            Err(IrError::UnknownValue(v))
        }
    }

    /// Removes expression `e`. Its outputs stay, without a definition; its
    /// inputs stay, without this use.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownExpr`] if `e` is not in the container.
    pub fn remove_expr(&mut self, e: ExprId) -> Result<(), IrError> {
        if self.remove_expr_inner(e) {
            Ok(())
        } else {
            Err(IrError::UnknownExpr(e))
        }
    }

    /// Rolls the checkpoint's owner back: removes every statement that owner
    /// holds and that was created after the checkpoint was taken, newest
    /// first, each with the expressions that reference it (as
    /// [`remove_value`](Self::remove_value)). Statements of other owners
    /// created in the meantime stay, unless they reference a removed value.
    ///
    /// Rollback removes; it does not restore. A definition that an SSA
    /// redefinition after the checkpoint replaced stays removed.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownOwner`] if the checkpoint's owner is no longer
    /// registered.
    pub fn remove_statements_created_after(
        &mut self,
        checkpoint: Checkpoint,
    ) -> Result<(), IrError> {
        if !self.has_owner(checkpoint.owner) {
            return Err(IrError::UnknownOwner(checkpoint.owner));
        }
        self.remove_held_from(checkpoint.owner, checkpoint.next);
        Ok(())
    }

    /// Moves everything `from` holds to `to` (both stay registered; `from`
    /// ends up holding nothing). Nothing else changes: ids, links and
    /// creation order stay as they were.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownOwner`] for `from`, then `to`, if not registered.
    pub fn transfer(&mut self, from: OwnerId, to: OwnerId) -> Result<(), IrError> {
        for owner in [from, to] {
            if !self.has_owner(owner) {
                return Err(IrError::UnknownOwner(owner));
            }
        }
        if from == to {
            return Ok(());
        }
        let state = self.state();
        let mut moved = core::mem::take(state.holdings(from));
        for v in &moved.values {
            if let Some(n) = state.values.get_mut(v) {
                n.owner = to;
            }
        }
        for e in &moved.exprs {
            if let Some(n) = state.exprs.get_mut(e) {
                n.owner = to;
            }
        }
        let target = state.holdings(to);
        target.values.append(&mut moved.values);
        target.exprs.append(&mut moved.exprs);
        Ok(())
    }

    /// Removes everything `owner` holds (newest first, each with the
    /// expressions that reference it); the owner stays registered.
    ///
    /// # Errors
    ///
    /// [`IrError::UnknownOwner`] if `owner` is not registered.
    pub fn clear_owner(&mut self, owner: OwnerId) -> Result<(), IrError> {
        if !self.has_owner(owner) {
            return Err(IrError::UnknownOwner(owner));
        }
        self.remove_held_from(owner, 0);
        Ok(())
    }

    /// The payload of value `v`, mutably, or `None` if `v` is not in the
    /// container.
    pub fn value_mut(&mut self, v: ValueId) -> Option<&mut V> {
        self.state().values.get_mut(&v).map(|n| &mut n.payload)
    }

    /// The payload of expression `e`, mutably, or `None` if `e` is not in
    /// the container.
    pub fn expr_mut(&mut self, e: ExprId) -> Option<&mut E> {
        self.state().exprs.get_mut(&e).map(|n| &mut n.payload)
    }
}

/// Owner registration, reserved to [`Owner`](crate::Owner) handles: an owner
/// id is registered exactly as long as its handle lives.
impl<V, E, P: Policy> Mutator<'_, V, E, P> {
    /// Registers a new, empty owner.
    pub(crate) fn add_owner_inner(&mut self) -> OwnerId {
        let state = self.state();
        let id = OwnerId(state.next_owner);
        state.next_owner = state
            .next_owner
            .checked_add(1)
            .expect("strata-ir: the owner id space (u32) is exhausted");
        state.owners.insert(id, Holdings::default());
        id
    }

    /// Removes everything `owner` holds and unregisters it.
    pub(crate) fn remove_owner_inner(&mut self, owner: OwnerId) {
        self.remove_held_from(owner, 0);
        self.state().owners.remove(&owner);
    }
}

/// Layer 2: steps that assume the lock is held (they are methods of the
/// guard) and call each other. None of them validates its arguments beyond
/// what it needs to stay consistent, and none of them takes a lock (except
/// the mutant's deliberate [`relock`](Self::relock)).
impl<V, E, P: Policy> Mutator<'_, V, E, P> {
    /// The state, mutably, through the held lock.
    #[inline]
    fn state(&mut self) -> &mut IrView<V, E> {
        self.guard.as_deref_mut().expect(GUARD_HELD)
    }

    /// Releases the write lock and takes it again: the bug the
    /// `IrSplitMutation` mutant switches on. Another thread may run a whole
    /// critical section in between and see whatever half-done state the
    /// caller left.
    #[cold]
    fn relock(&mut self) {
        self.guard = None;
        self.guard = Some(self.container.state.write());
    }

    /// Allocates the next statement id.
    fn alloc_id(&mut self) -> u32 {
        let state = self.state();
        let id = state.next_id;
        state.next_id = id
            .checked_add(1)
            .expect("strata-ir: the statement id space (u32) is exhausted");
        id
    }

    /// The registration checks of [`register_expr`](Self::register_expr), in
    /// its documented order.
    fn validate_expr(
        &self,
        owner: OwnerId,
        inputs: &[ValueId],
        outputs: &[ValueId],
    ) -> Result<(), IrError> {
        if !self.has_owner(owner) {
            return Err(IrError::UnknownOwner(owner));
        }
        if let Some(&v) = inputs
            .iter()
            .chain(outputs)
            .find(|&&v| !self.contains_value(v))
        {
            return Err(IrError::UnknownValue(v));
        }
        // Quadratic in the operand count, which is small for real
        // operations; no allocation on the registration path.
        for (i, &out) in outputs.iter().enumerate() {
            if outputs[..i].contains(&out) {
                return Err(IrError::DuplicateOutput(out));
            }
        }
        if let Some(&out) = outputs.iter().find(|out| inputs.contains(out)) {
            return Err(IrError::OutputIsInput(out));
        }
        Ok(())
    }

    /// Removes expression `e` in two steps (out of the tables, then out of
    /// its values' links); returns whether it was there.
    ///
    /// The two steps are one atomic change only because the lock is held
    /// across them. The `IrSplitMutation` mutant releases it in between, and
    /// a reader can then find a value whose definition was removed.
    fn remove_expr_inner(&mut self, e: ExprId) -> bool {
        // Step 1: out of the expression table and the owner's holdings.
        let state = self.state();
        let Some(node) = state.exprs.remove(&e) else {
            return false;
        };
        if let Some(h) = state.owners.get_mut(&node.owner) {
            h.exprs.remove(&e);
        }
        if mutant(Mutant::IrSplitMutation) {
            self.relock();
        }
        // Step 2: out of the links of the values it named.
        let state = self.state();
        for out in node.outputs.iter() {
            if let Some(n) = state.values.get_mut(out)
                && n.definition == Some(e)
            {
                n.definition = None;
            }
        }
        for input in node.inputs.iter() {
            if let Some(n) = state.values.get_mut(input)
                && let Ok(i) = n.uses.binary_search(&e)
            {
                n.uses.remove(i);
            }
        }
        self.dead_exprs.push(node.payload);
        true
    }

    /// Removes value `v` with every expression that references it; returns
    /// whether it was there.
    fn remove_value_inner(&mut self, v: ValueId) -> bool {
        let Some(definition) = self.state().values.get(&v).map(|n| n.definition) else {
            return false;
        };
        if let Some(d) = definition {
            self.remove_expr_inner(d);
        }
        // The use list is moved out whole (so the loop ends whatever the
        // removals find); each use's own unlinking then finds nothing left
        // to take out of it.
        let uses = match self.state().values.get_mut(&v) {
            Some(n) => core::mem::take(&mut n.uses),
            None => Vec::new(),
        };
        for u in uses {
            self.remove_expr_inner(u);
        }
        let state = self.state();
        let Some(node) = state.values.remove(&v) else {
            return false;
        };
        if let Some(h) = state.owners.get_mut(&node.owner) {
            h.values.remove(&v);
        }
        self.dead_values.push(node.payload);
        true
    }

    /// Removes every statement `owner` holds whose id is at least `first`,
    /// newest first: the expressions, then the values (each with the
    /// expressions that reference it, which may belong to other owners).
    fn remove_held_from(&mut self, owner: OwnerId, first: u32) {
        let Some(h) = self.state().owners.get(&owner) else {
            return;
        };
        let exprs: Vec<ExprId> = h.exprs.range(ExprId(first)..).rev().copied().collect();
        let values: Vec<ValueId> = h.values.range(ValueId(first)..).rev().copied().collect();
        for e in exprs {
            self.remove_expr_inner(e);
        }
        for v in values {
            self.remove_value_inner(v);
        }
    }
}

#[cfg(test)]
mod tests {

    use crate::{IrError, Owner};

    #[test]
    fn an_exhausted_id_space_panics_before_changing_anything() {
        let f = Owner::<u8, u8>::new();
        f.container().state.write().next_id = u32::MAX - 1;
        let last = f.write().register_value(f.id(), 1).unwrap();
        assert_eq!(last.seq(), u32::MAX - 1);
        let overflow = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = f.write().register_expr(f.id(), 2, &[last], &[]);
        }));
        let payload = overflow.unwrap_err();
        assert_eq!(
            payload.downcast_ref::<String>().map(String::as_str),
            Some("strata-ir: the statement id space (u32) is exhausted")
        );
        let ir = f.read();
        assert_eq!((ir.num_values(), ir.num_exprs()), (1, 0));
        assert!(ir.value(last).unwrap().uses.is_empty());
        ir.assert_consistent();
    }

    #[test]
    fn an_exhausted_owner_space_panics() {
        let f = Owner::<u8, u8>::new();
        f.container().state.write().next_owner = u32::MAX;
        let overflow = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f.add_owner()));
        assert!(overflow.is_err());
        assert_eq!(f.read().num_owners(), 1);
        assert_eq!(
            f.write().register_value(crate::OwnerId(u32::MAX), 0),
            Err(IrError::UnknownOwner(crate::OwnerId(u32::MAX)))
        );
    }
}
