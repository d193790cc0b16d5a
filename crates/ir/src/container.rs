//! The container: the two-layer locking of shared IR, applied to a body
//! whose isolated children are being worked on by several threads.
//!
//! While passes run on the functions of a module at once, each function's
//! body is checked out to one thread ([`Container::checkout`]): that
//! thread has `&mut` access to it and takes no lock on the hot path of a
//! rewrite. What the functions share, the module's own body (its symbol
//! table, the operations inserted at module level, the constants the
//! functions share), is reached only through the container's methods.
//!
//! - **Layer 1** is [`Container`]'s public methods: each takes the lock
//!   once and calls layer 2.
//! - **Layer 2** is [`ContainerMutator`]: holding one *is* holding the
//!   lock, so its methods call each other freely and none can lock again; a
//!   compound mutation (look a symbol up, build the operation, insert it
//!   and register its name) runs in one critical section, and a closure
//!   passed to [`Container::mutate`] gets the mutator, never the container,
//!   so it cannot deadlock on the non-recursive lock.
//!
//! What is inserted at the container's level is placed by its
//! [`InsertKey`] (the inserting owner's index and a sequence number within
//! that owner), never by the time it happened, so the resulting body does
//! not depend on the schedule.

use rustc_hash::FxHashMap;
#[cfg(not(strata_loom))]
use strata_builtin::{DictionaryAttr, StringAttr, TypedStringAttr};
use strata_sync::policy::{MutexApi, Policy, Shared};
use strata_sync::{Mutant, mutant};

use crate::body::{Body, ChildState};
use crate::error::IrError;
use crate::id::{BlockId, OpId, OwnerId};
use crate::mutate::InsertPoint;

/// The order of an operation inserted at the container's level: by owner
/// index, then by the owner's own sequence number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct InsertKey {
    /// The inserting owner's index (its position among its siblings when
    /// the parallel work began).
    pub owner: u32,
    /// The owner's count of its own insertions.
    pub seq: u32,
}

/// The symbol an operation defines: the string `sym_name` in its
/// properties or, failing that, its attributes (MLIR's
/// `SymbolTable::getSymbolName`).
#[cfg(not(strata_loom))]
pub fn symbol_name<'c>(body: &Body<'c>, op: OpId) -> Option<&'c str> {
    let d = body.op_data(op);
    defined_symbol(d.properties, d.attributes).map(|(_, text)| text)
}

/// The symbol an operation with `properties` and `attributes` defines: its
/// `sym_name` attribute if that is a string (MLIR's
/// `getAttrOfType<StringAttr>`: the properties' entry if they have one,
/// else the attribute dictionary's; a string with a type is a `StringAttr`
/// too, and a different one from the same string without), with its text.
#[cfg(not(strata_loom))]
pub fn defined_symbol<'c>(
    properties: Option<strata_ctx::Attribute<'c>>,
    attributes: Option<strata_ctx::Attribute<'c>>,
) -> Option<(strata_ctx::Attribute<'c>, &'c str)> {
    let entry = |dict: Option<strata_ctx::Attribute<'c>>| {
        dict?
            .dyn_cast::<DictionaryAttr>()?
            .payload()
            .get("sym_name")
    };
    let value = entry(properties).or_else(|| entry(attributes))?;
    let text = if let Some(s) = value.dyn_cast::<StringAttr>() {
        s.payload().value
    } else {
        value.dyn_cast::<TypedStringAttr>()?.payload().value
    };
    Some((value, text))
}

/// MLIR's `verifySymbolTable` over a module's body, its operations in
/// order with the symbol each defines (see [`defined_symbol`]): the first
/// one that redefines a symbol (the same attribute), the one that defined
/// it first, and the symbol's text.
#[cfg(not(strata_loom))]
pub fn first_redefinition<'c, T: Copy>(
    body: impl IntoIterator<Item = (T, Option<(strata_ctx::Attribute<'c>, &'c str)>)>,
) -> Option<(T, T, &'c str)> {
    // By address: an interned attribute is one storage. A body defines few
    // symbols, as a rule: a list first, a map past sixteen.
    let mut few: smallvec::SmallVec<[(usize, T); 16]> = smallvec::SmallVec::new();
    let mut many: FxHashMap<usize, T> = FxHashMap::default();
    for (op, symbol) in body {
        let Some((attr, text)) = symbol else { continue };
        let key = attr.as_ptr().addr();
        let first = if many.is_empty() {
            few.iter().find(|e| e.0 == key).map(|e| e.1)
        } else {
            many.get(&key).copied()
        };
        if let Some(first) = first {
            return Some((op, first, text));
        }
        if few.len() < 16 {
            few.push((key, op));
        } else {
            if many.is_empty() {
                many.extend(few.iter().copied());
            }
            many.insert(key, op);
        }
    }
    None
}

/// The symbol an operation defines, under loom: the stand-in properties'
/// name.
#[cfg(strata_loom)]
pub fn symbol_name<'c>(body: &Body<'c>, op: OpId) -> Option<&'c str> {
    body.op_data(op).properties.map(|p| p.0)
}

/// What the lock guards.
#[derive(Debug)]
struct State<'b, 'c> {
    body: &'b mut Body<'c>,
    block: BlockId,
    symbols: FxHashMap<&'c str, OpId>,
    /// The operations inserted through the container, sorted by key.
    inserted: Vec<(InsertKey, OpId)>,
    /// Checked-out bodies that came back to no slot (their operation was
    /// erased while they were out) and were dropped.
    stale_returns: usize,
}

/// A body shared by the threads working on its children (see the module
/// documentation). Built over `&mut Body` for the length of the parallel
/// work; the lock exists only while it lives.
pub struct Container<'b, 'c, P: Policy = Shared> {
    state: P::Mutex<State<'b, 'c>>,
}

impl<P: Policy> core::fmt::Debug for Container<'_, '_, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Container").finish_non_exhaustive()
    }
}

/// Layer 2: the container's state with its lock held.
#[derive(Debug)]
pub struct ContainerMutator<'s, 'b, 'c> {
    state: &'s mut State<'b, 'c>,
}

/// Exclusive access to one checked-out child body; it goes back to its slot
/// when the guard drops.
pub struct OwnerGuard<'k, 'b, 'c, P: Policy = Shared> {
    container: &'k Container<'b, 'c, P>,
    owner: OwnerId,
    body: Option<Box<Body<'c>>>,
}

impl<P: Policy> core::fmt::Debug for OwnerGuard<'_, '_, '_, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OwnerGuard")
            .field("owner", &self.owner)
            .finish_non_exhaustive()
    }
}

impl<'b, 'c, P: Policy> Container<'b, 'c, P> {
    /// Shares `body`, whose block `block` holds the symbols (a module's one
    /// block). The symbol table is built from the operations in it, the
    /// first definition of a name winning.
    pub fn new(body: &'b mut Body<'c>, block: BlockId) -> Self {
        let mut symbols = FxHashMap::default();
        for op in body.block_ops(block) {
            if let Some(name) = symbol_name(body, op) {
                symbols.entry(name).or_insert(op);
            }
        }
        Self {
            state: P::Mutex::new(State {
                body,
                block,
                symbols,
                inserted: Vec::new(),
                stale_returns: 0,
            }),
        }
    }

    /// Runs `f` with the lock held: a compound mutation, atomic for every
    /// other thread.
    pub fn mutate<R>(&self, f: impl FnOnce(&mut ContainerMutator<'_, 'b, 'c>) -> R) -> R {
        let mut guard = self.state.lock();
        f(&mut ContainerMutator { state: &mut guard })
    }

    /// Checks out the body of isolated operation `owner`, for this thread
    /// alone until the guard drops.
    ///
    /// # Errors
    ///
    /// [`IrError::ChildOut`] if it is checked out already,
    /// [`IrError::UnknownOwner`] if `owner` names no child.
    pub fn checkout(&self, owner: OwnerId) -> Result<OwnerGuard<'_, 'b, 'c, P>, IrError> {
        let body = self.mutate(|m| m.take_child(owner))?;
        Ok(OwnerGuard {
            container: self,
            owner,
            body: Some(body),
        })
    }

    /// The operation defining symbol `name` in the container's block.
    pub fn lookup_symbol(&self, name: &str) -> Option<OpId> {
        self.mutate(|m| m.lookup_symbol(name))
    }

    /// The operation defining symbol `name`, built by `build` and inserted
    /// at `key` if there is none; if an inserted one is there under a later
    /// key, it moves to `key`'s place, so where it ends up depends on the
    /// keys of all who asked, not on who asked first.
    ///
    /// # Errors
    ///
    /// Those of [`ContainerMutator::insert`].
    pub fn get_or_insert_symbol(
        &self,
        key: InsertKey,
        name: &str,
        build: impl FnOnce(&mut Body<'c>) -> OpId,
    ) -> Result<OpId, IrError> {
        if mutant(Mutant::IrSplitMutation) {
            // The mutant: the look-up and the insertion in two critical
            // sections, so two threads can both miss and both insert.
            if let Some(op) = self.lookup_symbol(name) {
                return Ok(op);
            }
            return self.mutate(|m| m.build_and_insert(key, Some(name), build));
        }
        self.mutate(|m| m.get_or_insert_symbol(key, name, build))
    }

    /// Builds an operation with `build` and inserts it at `key`.
    ///
    /// # Errors
    ///
    /// Those of [`ContainerMutator::insert`].
    pub fn insert(
        &self,
        key: InsertKey,
        build: impl FnOnce(&mut Body<'c>) -> OpId,
    ) -> Result<OpId, IrError> {
        self.mutate(|m| m.build_and_insert(key, None, build))
    }

    /// Gives the body back: every guard has been dropped (they borrow the
    /// container).
    pub fn into_inner(self) -> &'b mut Body<'c> {
        self.state.into_inner().body
    }

    fn give_back(&self, owner: OwnerId, body: Box<Body<'c>>) {
        // A body that no longer has a slot (its operation was erased while
        // it was out) is dropped after the lock is released.
        let stale = self.mutate(|m| m.return_child(owner, body));
        drop(stale);
    }
}

impl<'s, 'b, 'c> ContainerMutator<'s, 'b, 'c> {
    /// The container's body (every checked-out child's slot is marked out).
    /// Build operations in it freely; erase a symbol's operation through
    /// [`erase`](Self::erase), and place one in the symbol block through
    /// [`insert`](Self::insert), so that the symbol table and the order of
    /// insertions stay true.
    pub fn body(&mut self) -> &mut Body<'c> {
        self.state.body
    }

    /// The operation defining symbol `name`.
    pub fn lookup_symbol(&self, name: &str) -> Option<OpId> {
        self.state.symbols.get(name).copied()
    }

    /// How many checked-out bodies came back after their operation was
    /// erased, and were dropped: work a thread did that no longer has an
    /// owner.
    pub fn stale_returns(&self) -> usize {
        self.state.stale_returns
    }

    /// Places detached operation `op` at `key`'s place: after every
    /// operation inserted under a smaller key, before every one under a
    /// larger one, at the end of the block after the operations that were
    /// there; and registers its symbol.
    ///
    /// # Errors
    ///
    /// [`IrError::SymbolExists`] if `op` defines a symbol that is already
    /// defined, and those of [`Body::insert_op`]; nothing changes then.
    pub fn insert(&mut self, key: InsertKey, op: OpId) -> Result<(), IrError> {
        let name = symbol_name(self.state.body, op);
        if let Some(name) = name
            && let Some(&existing) = self.state.symbols.get(name)
        {
            return Err(IrError::SymbolExists(existing));
        }
        let at = self.place(key);
        self.state.body.insert_op(op, at)?;
        let pos = self.state.inserted.partition_point(|&(k, _)| k <= key);
        self.state.inserted.insert(pos, (key, op));
        if let Some(name) = name {
            self.state.symbols.insert(name, op);
        }
        Ok(())
    }

    /// Where an operation inserted at `key` goes.
    fn place(&self, key: InsertKey) -> InsertPoint {
        let pos = self.state.inserted.partition_point(|&(k, _)| k <= key);
        match self.state.inserted.get(pos) {
            Some(&(_, next)) => InsertPoint::Before(next),
            None => InsertPoint::End(self.state.block),
        }
    }

    /// [`Container::get_or_insert_symbol`], with the lock held.
    ///
    /// # Errors
    ///
    /// Those of [`insert`](Self::insert).
    pub fn get_or_insert_symbol(
        &mut self,
        key: InsertKey,
        name: &str,
        build: impl FnOnce(&mut Body<'c>) -> OpId,
    ) -> Result<OpId, IrError> {
        if let Some(op) = self.lookup_symbol(name) {
            if let Some(i) = self.state.inserted.iter().position(|&(_, o)| o == op)
                && key < self.state.inserted[i].0
            {
                self.state.inserted.remove(i);
                self.state.body.remove_op(op);
                let at = self.place(key);
                self.state.body.insert_op(op, at)?;
                let pos = self.state.inserted.partition_point(|&(k, _)| k <= key);
                self.state.inserted.insert(pos, (key, op));
            }
            return Ok(op);
        }
        self.build_and_insert(key, Some(name), build)
    }

    /// Builds an operation and inserts it at `key`; if it is not inserted
    /// (its symbol exists already, or is not `name` where a name is
    /// expected), it is erased again, so nothing changes.
    ///
    /// # Errors
    ///
    /// Those of [`insert`](Self::insert); [`IrError::SymbolMismatch`] if
    /// the built operation does not define `name`.
    pub fn build_and_insert(
        &mut self,
        key: InsertKey,
        name: Option<&str>,
        build: impl FnOnce(&mut Body<'c>) -> OpId,
    ) -> Result<OpId, IrError> {
        let op = build(self.state.body);
        let result = match name {
            Some(n) if symbol_name(self.state.body, op) != Some(n) => {
                Err(IrError::SymbolMismatch(op))
            }
            _ => self.insert(key, op),
        };
        match result {
            Ok(()) => Ok(op),
            Err(e) => {
                self.state.body.remove_op(op);
                self.state
                    .body
                    .erase_op(op)
                    .expect("a detached operation nobody uses is erasable");
                Err(e)
            }
        }
    }

    /// Erases `op` of the container's block and what is in it, a child body
    /// checked out included: its guard's body is dropped when it comes
    /// back, and the slot is reused under a new generation.
    ///
    /// # Errors
    ///
    /// Those of [`Body::erase_op`] but [`IrError::ChildOut`].
    pub fn erase(&mut self, op: OpId) -> Result<(), IrError> {
        self.state.body.erase_op_inner(op, true)?;
        self.state.symbols.retain(|_, o| *o != op);
        self.state.inserted.retain(|&(_, o)| o != op);
        Ok(())
    }

    fn take_child(&mut self, owner: OwnerId) -> Result<Box<Body<'c>>, IrError> {
        let slot = self
            .state
            .body
            .children
            .get_mut(owner.slot())
            .filter(|s| s.generation == owner.generation)
            .ok_or(IrError::UnknownOwner(owner))?;
        let Some((_, state)) = &mut slot.entry else {
            return Err(IrError::UnknownOwner(owner));
        };
        match state {
            ChildState::Out => Err(IrError::ChildOut(owner)),
            ChildState::Home(body) if mutant(Mutant::IrCheckoutShared) => {
                // The mutant: the body stays home and the guard gets a
                // copy, so two guards can hold it at once and the second
                // one back overwrites the first one's work.
                Ok(body.clone())
            }
            ChildState::Home(_) => match core::mem::replace(state, ChildState::Out) {
                ChildState::Home(body) => Ok(body),
                ChildState::Out => unreachable!("the state was home"),
            },
        }
    }

    /// Puts a checked-out body back; returns it if its slot is gone.
    fn return_child(&mut self, owner: OwnerId, body: Box<Body<'c>>) -> Option<Box<Body<'c>>> {
        let Some(slot) = self.state.body.children.get_mut(owner.slot()) else {
            self.state.stale_returns += 1;
            return Some(body);
        };
        let generation_ok = slot.generation == owner.generation;
        if !generation_ok && !mutant(Mutant::IrStaleOwnerReturn) {
            self.state.stale_returns += 1;
            return Some(body);
        }
        match &mut slot.entry {
            Some((_, state)) if generation_ok => {
                *state = ChildState::Home(body);
                None
            }
            Some((_, state)) => {
                // Only the mutant gets here: it puts an erased owner's body
                // into the slot of the operation that reused it.
                *state = ChildState::Home(body);
                None
            }
            None => {
                self.state.stale_returns += 1;
                Some(body)
            }
        }
    }
}

impl<'c, P: Policy> core::ops::Deref for OwnerGuard<'_, '_, 'c, P> {
    type Target = Body<'c>;

    fn deref(&self) -> &Body<'c> {
        self.body
            .as_deref()
            .expect("a guard holds its body until it drops")
    }
}

impl<'c, P: Policy> core::ops::DerefMut for OwnerGuard<'_, '_, 'c, P> {
    fn deref_mut(&mut self) -> &mut Body<'c> {
        self.body
            .as_deref_mut()
            .expect("a guard holds its body until it drops")
    }
}

impl<P: Policy> OwnerGuard<'_, '_, '_, P> {
    /// The owner this guard holds.
    pub fn owner(&self) -> OwnerId {
        self.owner
    }
}

impl<P: Policy> Drop for OwnerGuard<'_, '_, '_, P> {
    fn drop(&mut self) {
        if let Some(body) = self.body.take() {
            self.container.give_back(self.owner, body);
        }
    }
}
