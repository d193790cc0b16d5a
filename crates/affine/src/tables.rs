//! The three hash tables of the affine cluster and the arena their nodes
//! live in: the state behind the cluster's one mutex.

use core::hash::Hasher;
use core::mem::size_of;
use core::ptr::NonNull;

use bumpalo::Bump;
use hashbrown::HashTable;
use hashbrown::hash_table::Entry;
use rustc_hash::FxHasher;
use strata_sync::policy::Policy;

use crate::node::{
    BinOp, ExprNode, MapNode, MapRef, NodeKind, NodeRef, OwnerRef, OwnerTag, Ptr, SetNode, SetRef,
};

/// Everything the cluster mutex protects.
///
/// Each table holds pointers to nodes in `arena`, keyed by the node's stored
/// 64-bit hash; a node is fully written before it is inserted and never
/// changes afterwards, so readers holding a handle need no lock.
pub(crate) struct Tables<P: Policy> {
    /// The arena of every node and child slice. Freed (all at once) when the
    /// context drops.
    arena: Bump,
    /// Interned expressions.
    exprs: HashTable<NodeRef<P>>,
    /// Interned affine maps.
    maps: HashTable<MapRef<P>>,
    /// Interned integer sets.
    sets: HashTable<SetRef<P>>,
    /// The `Inner` holding these tables, recorded in every node. `None`
    /// only until `set_owner` runs, which `AffineContext::new` does before
    /// any node is built.
    owner: Option<OwnerRef<P>>,
    /// Counted mutex acquisitions (see `AffineStats`).
    pub(crate) acquisitions: u64,
    /// Acquisitions that had to wait.
    pub(crate) contended: u64,
}

/// What [`AffineContext::stats`](crate::AffineContext::stats) reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AffineStats {
    /// Interned expressions (including the intermediate ones that
    /// canonicalisation built).
    pub exprs: usize,
    /// Interned affine maps.
    pub maps: usize,
    /// Interned integer sets.
    pub sets: usize,
    /// Bytes held: the arena's chunks plus the three tables' buckets.
    pub bytes: usize,
    /// Acquisitions of the cluster mutex by interning operations (one per
    /// public call that builds something; `stats` itself is not counted).
    pub lock_acquisitions: u64,
    /// How many of those acquisitions found the mutex held by another thread
    /// and had to wait. Always 0 for `Local`.
    pub contended_acquisitions: u64,
}

/// The hash of a node's structure. Children contribute their stored hashes,
/// so the cost is O(1) and the value does not depend on addresses.
fn hash_kind<P: Policy>(kind: &NodeKind<P>) -> u64 {
    let mut h = FxHasher::default();
    match *kind {
        NodeKind::Dim(i) => {
            h.write_u8(0);
            h.write_u32(i);
        }
        NodeKind::Symbol(i) => {
            h.write_u8(1);
            h.write_u32(i);
        }
        NodeKind::Constant(c) => {
            h.write_u8(2);
            h.write_i64(c);
        }
        NodeKind::Binary(op, l, r) => {
            h.write_u8(match op {
                BinOp::Add => 3,
                BinOp::Mul => 4,
                BinOp::Mod => 5,
                BinOp::FloorDiv => 6,
                BinOp::CeilDiv => 7,
            });
            h.write_u64(l.get().hash);
            h.write_u64(r.get().hash);
        }
    }
    h.finish()
}

/// The hash of a map's or set's key.
fn hash_list<P: Policy>(tag: u8, num_dims: u32, num_symbols: u32, exprs: &[NodeRef<P>]) -> u64 {
    let mut h = FxHasher::default();
    h.write_u8(tag);
    h.write_u32(num_dims);
    h.write_u32(num_symbols);
    h.write_usize(exprs.len());
    for e in exprs {
        h.write_u64(e.get().hash);
    }
    h.finish()
}

impl<P: Policy> Tables<P> {
    /// Empty tables; `set_owner` must run before the first node is built.
    pub(crate) fn new() -> Self {
        Tables {
            arena: Bump::new(),
            exprs: HashTable::new(),
            maps: HashTable::new(),
            sets: HashTable::new(),
            owner: None,
            acquisitions: 0,
            contended: 0,
        }
    }

    /// Records the `Inner` that holds these tables.
    ///
    /// # Safety
    ///
    /// 1. `owner` is the `Inner` that holds these tables, so that it
    ///    outlives every node they build.
    pub(crate) unsafe fn set_owner(&mut self, owner: NonNull<OwnerTag<P>>) {
        // SAFETY: by (1) the `Inner` lives as long as the arena whose nodes
        // record it, and it is only reached through a node while its context
        // is borrowed (`Ptr`'s invariant); its one field is only written
        // through its mutex.
        self.owner = Some(unsafe { Ptr::new(owner) });
    }

    /// The owner, for a new node.
    fn owner(&self) -> OwnerRef<P> {
        self.owner
            .expect("strata: affine tables used before their owner was recorded")
    }

    /// Interns `kind` as it is (no simplification): the one place an
    /// expression node is created.
    pub(crate) fn intern(&mut self, kind: NodeKind<P>) -> NodeRef<P> {
        let hash = hash_kind(&kind);
        let owner = self.owner();
        let arena = &self.arena;
        match self
            .exprs
            .entry(hash, |n| n.get().kind == kind, |n| n.get().hash)
        {
            Entry::Occupied(hit) => *hit.get(),
            Entry::Vacant(slot) => {
                // The node is complete before it is inserted, and never
                // written again.
                let node: &ExprNode<P> = arena.alloc(ExprNode::new(kind, hash, owner));
                // SAFETY: (1) the node lives in the arena until the context
                // drops, and nothing writes it after this point.
                let r = unsafe { Ptr::new(NonNull::from(node)) };
                slot.insert(r);
                r
            }
        }
    }

    /// The constant `c`.
    pub(crate) fn constant(&mut self, c: i64) -> NodeRef<P> {
        self.intern(NodeKind::Constant(c))
    }

    /// Interns an affine map (the results are already checked against
    /// `num_dims` and `num_symbols`).
    pub(crate) fn map(
        &mut self,
        num_dims: u32,
        num_symbols: u32,
        results: &[NodeRef<P>],
    ) -> MapRef<P> {
        let hash = hash_list(0, num_dims, num_symbols, results);
        let owner = self.owner();
        let arena = &self.arena;
        let eq = |m: &MapRef<P>| {
            let m = m.get();
            m.num_dims == num_dims && m.num_symbols == num_symbols && m.results() == results
        };
        match self.maps.entry(hash, eq, |m| m.get().hash) {
            Entry::Occupied(hit) => *hit.get(),
            Entry::Vacant(slot) => {
                let results: &[NodeRef<P>] = arena.alloc_slice_copy(results);
                // SAFETY: (1) the slice lives in the arena until the context
                // drops and is never written again.
                let results = unsafe { Ptr::new(NonNull::from(results)) };
                let node: &MapNode<P> = arena.alloc(MapNode {
                    num_dims,
                    num_symbols,
                    results,
                    hash,
                    owner,
                });
                // SAFETY: (1) as for the slice.
                let r = unsafe { Ptr::new(NonNull::from(node)) };
                slot.insert(r);
                r
            }
        }
    }

    /// Interns an integer set (the constraints are already checked).
    pub(crate) fn set(
        &mut self,
        num_dims: u32,
        num_symbols: u32,
        constraints: &[NodeRef<P>],
        is_eq: &[bool],
    ) -> SetRef<P> {
        let mut hash = hash_list(1, num_dims, num_symbols, constraints);
        for &flag in is_eq {
            hash = hash.rotate_left(1) ^ u64::from(flag);
        }
        let arena = &self.arena;
        let eq = |s: &SetRef<P>| {
            let s = s.get();
            s.num_dims == num_dims
                && s.num_symbols == num_symbols
                && s.constraints() == constraints
                && s.eq_flags() == is_eq
        };
        match self.sets.entry(hash, eq, |s| s.get().hash) {
            Entry::Occupied(hit) => *hit.get(),
            Entry::Vacant(slot) => {
                let constraints: &[NodeRef<P>] = arena.alloc_slice_copy(constraints);
                let is_eq: &[bool] = arena.alloc_slice_copy(is_eq);
                // SAFETY: (1) both slices live in the arena until the context
                // drops and are never written again.
                let (constraints, is_eq) = unsafe {
                    (
                        Ptr::new(NonNull::from(constraints)),
                        Ptr::new(NonNull::from(is_eq)),
                    )
                };
                let node: &SetNode<P> = arena.alloc(SetNode {
                    num_dims,
                    num_symbols,
                    constraints,
                    is_eq,
                    hash,
                });
                // SAFETY: (1) as for the slices.
                let r = unsafe { Ptr::new(NonNull::from(node)) };
                slot.insert(r);
                r
            }
        }
    }

    /// The statistics.
    pub(crate) fn stats(&self) -> AffineStats {
        let slot = size_of::<usize>() + 1; // one pointer and one control byte
        AffineStats {
            exprs: self.exprs.len(),
            maps: self.maps.len(),
            sets: self.sets.len(),
            bytes: self.arena.allocated_bytes()
                + (self.exprs.capacity() + self.maps.capacity() + self.sets.capacity()) * slot,
            lock_acquisitions: self.acquisitions,
            contended_acquisitions: self.contended,
        }
    }
}
