//! A body: the arena of one isolated-from-above operation's regions, and
//! the read side of its nodes.
//!
//! Every node lives in a slot of one of the body's four slabs (operations,
//! blocks, regions, values) and is named by its id. An erased node leaves a
//! free slot that the next node of its kind reuses. The operations inside
//! an isolated-from-above operation of this body live in a child body of
//! their own, which this body owns (see [`Body::child`]).

use crate::handles::{Attribute, Location, Type};
use smallvec::SmallVec;

use crate::id::{BlockId, BlockOperand, OpId, OpOperand, OwnerId, RegionId, Value};

/// The elements of `v` in a vector of exactly their number (none
/// allocated when there are none), `v` left empty with its capacity.
fn take_exact<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len());
    out.append(v);
    out
}

/// A slab of one node kind with a free list.
#[derive(Clone, Debug)]
pub(crate) struct Slab<T> {
    pub(crate) slots: Vec<Option<T>>,
    free: Vec<u32>,
    live: usize,
}

impl<T> Default for Slab<T> {
    fn default() -> Self {
        Self {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
        }
    }
}

impl<T> Slab<T> {
    /// Moves the slots into a slab of exactly their size, leaving this one
    /// empty with its capacity kept for the next use.
    pub(crate) fn take_compact(&mut self) -> Self {
        let live = core::mem::replace(&mut self.live, 0);
        Self {
            slots: take_exact(&mut self.slots),
            free: take_exact(&mut self.free),
            live,
        }
    }

    /// Gives back the capacity past the slots in use.
    pub(crate) fn shrink_to_fit(&mut self) {
        self.slots.shrink_to_fit();
        self.free.shrink_to_fit();
    }

    /// Stores `value` in a free slot (the last freed first) or a new one.
    pub(crate) fn insert(&mut self, value: T) -> usize {
        self.live += 1;
        if let Some(i) = self.free.pop() {
            self.slots[i as usize] = Some(value);
            i as usize
        } else {
            self.slots.push(Some(value));
            self.slots.len() - 1
        }
    }

    /// Frees slot `i`, returning what it held.
    pub(crate) fn remove(&mut self, i: usize) -> Option<T> {
        let value = self.slots.get_mut(i)?.take()?;
        self.live -= 1;
        self.free
            .push(u32::try_from(i).expect("slab indices fit in 32 bits"));
        Some(value)
    }

    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&T> {
        self.slots.get(i)?.as_ref()
    }

    #[inline]
    pub(crate) fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        self.slots.get_mut(i)?.as_mut()
    }

    pub(crate) fn len(&self) -> usize {
        self.live
    }

    /// One past the largest index a live slot can have.
    pub(crate) fn bound(&self) -> usize {
        self.slots.len()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (usize, &T)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
    }
}

/// One operand of an operation: the value it reads and its links in that
/// value's use-list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Operand {
    /// The value read, or `None` while a clone has not yet mapped it.
    pub(crate) value: Option<Value>,
    pub(crate) prev: Option<OpOperand>,
    pub(crate) next: Option<OpOperand>,
}

/// One successor of an operation: the block it names and its links in that
/// block's predecessor list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Successor {
    pub(crate) block: Option<BlockId>,
    pub(crate) prev: Option<BlockOperand>,
    pub(crate) next: Option<BlockOperand>,
}

/// An operation's data. Laid out in the order given (`repr(C)`): the
/// fields a walk over the operations reads (the links, the owner, the
/// definition, the results and regions) share the first cache line, so
/// that numbering or walking a large module touches one line per
/// operation.
#[derive(Clone, Debug)]
#[repr(C)]
pub(crate) struct OpData<'c> {
    pub(crate) next: Option<OpId>,
    pub(crate) owner: Option<OwnerId>,
    /// The definition the operation was created with, if any.
    pub(crate) def: Option<crate::dialect::OpDefId>,
    pub(crate) parent: Option<BlockId>,
    pub(crate) results: SmallVec<[Value; 1]>,
    /// The regions, in this body; empty for an isolated operation, whose
    /// regions are its child body's roots.
    pub(crate) regions: SmallVec<[RegionId; 1]>,
    pub(crate) name: Attribute<'c>,
    pub(crate) prev: Option<OpId>,
    pub(crate) operands: SmallVec<[Operand; 2]>,
    pub(crate) successors: SmallVec<[Successor; 1]>,
    pub(crate) attributes: Option<Attribute<'c>>,
    pub(crate) properties: Option<Attribute<'c>>,
    pub(crate) loc: Location<'c>,
}

/// A block's data.
#[derive(Clone, Debug)]
pub(crate) struct BlockData {
    pub(crate) parent: Option<RegionId>,
    pub(crate) prev: Option<BlockId>,
    pub(crate) next: Option<BlockId>,
    pub(crate) args: SmallVec<[Value; 2]>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) first_use: Option<BlockOperand>,
}

/// What a region belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionParent {
    /// A region of operation `op` of this body.
    Op(OpId),
    /// Region `index` of the isolated operation that owns this body (the
    /// operation itself lives in the parent body).
    Owner(u32),
    /// No operation: created on its own, or taken out of one.
    Detached,
}

/// A region's data.
#[derive(Clone, Debug)]
pub(crate) struct RegionData {
    pub(crate) parent: RegionParent,
    pub(crate) first: Option<BlockId>,
    pub(crate) last: Option<BlockId>,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `number` of operation `op`.
    Result {
        /// The defining operation.
        op: OpId,
        /// The result's position.
        number: u32,
    },
    /// Argument `number` of block `block`.
    Argument {
        /// The block.
        block: BlockId,
        /// The argument's position.
        number: u32,
    },
}

/// A value's data.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ValueData<'c> {
    pub(crate) ty: Type<'c>,
    pub(crate) def: ValueDef,
    pub(crate) loc: Option<Location<'c>>,
    pub(crate) first_use: Option<OpOperand>,
}

/// Where an isolated operation's body is.
#[derive(Clone, Debug)]
pub(crate) enum ChildState<'c> {
    /// Here, owned by this body.
    Home(Box<Body<'c>>),
    /// Checked out by a guard of a container (see
    /// [`Container::checkout`](crate::Container::checkout)).
    Out,
}

/// One slot of a body's table of children.
#[derive(Clone, Debug)]
pub(crate) struct ChildSlot<'c> {
    pub(crate) generation: u32,
    /// The isolated operation and its body; `None` while the slot is free.
    pub(crate) entry: Option<(OpId, ChildState<'c>)>,
}

/// The arena of one isolated-from-above operation: its regions, their
/// blocks, the operations in them, and the values those define; the bodies
/// of the isolated operations among them are its children.
///
/// A body is the unit of ownership: `&mut Body` is exclusive access to
/// everything in it with no lock, so a pass on one function mutates that
/// function's body while other threads mutate others (see
/// [`Container`](crate::Container) for what they share). Values never cross
/// bodies: MLIR's `IsolatedFromAbove` forbids an isolated operation's
/// regions to use a value defined outside it, so every operand names a
/// value of its own body.
///
/// Reading is through ids: [`Body::op`] gives an [`OpRef`] view, and the
/// navigation methods (`first_op`, `next_op`, `blocks`, ...) follow the
/// links. Every mutation (in [`crate::mutate`] and [`crate::transform`])
/// keeps use-lists exact and links consistent; [`Body::check`] states and
/// verifies that. A clone of a body (`Clone`) copies its children that are
/// home; a child checked out at the time is missing from the copy.
#[derive(Clone, Debug, Default)]
pub struct Body<'c> {
    pub(crate) ops: Slab<OpData<'c>>,
    pub(crate) blocks: Slab<BlockData>,
    pub(crate) regions: Slab<RegionData>,
    pub(crate) values: Slab<ValueData<'c>>,
    /// The regions of the isolated operation that owns this body.
    pub(crate) roots: SmallVec<[RegionId; 1]>,
    pub(crate) children: Vec<ChildSlot<'c>>,
    pub(crate) free_children: Vec<u32>,
}

/// A view of one operation of a body.
#[derive(Clone, Copy)]
pub struct OpRef<'b, 'c> {
    body: &'b Body<'c>,
    id: OpId,
    data: &'b OpData<'c>,
}

impl core::fmt::Debug for OpRef<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpRef")
            .field("id", &self.id)
            .field("name", &self.data.name)
            .finish_non_exhaustive()
    }
}

impl<'b, 'c> OpRef<'b, 'c> {
    /// The operation's id.
    #[inline]
    pub fn id(&self) -> OpId {
        self.id
    }

    /// The operation's name, an interned attribute (MLIR's
    /// `OperationName`): equal names are one handle.
    #[inline]
    pub fn name(&self) -> Attribute<'c> {
        self.data.name
    }

    /// The definition the operation was created with (see
    /// [`OpRegistry::def_of`](crate::OpRegistry::def_of)).
    #[inline]
    pub fn def(&self) -> Option<crate::dialect::OpDefId> {
        self.data.def
    }

    /// The number of operands.
    #[inline]
    pub fn num_operands(&self) -> usize {
        self.data.operands.len()
    }

    /// Operand `i`.
    ///
    /// # Panics
    ///
    /// If the operation has no operand `i`.
    #[inline]
    pub fn operand(&self, i: usize) -> Value {
        self.data.operands[i]
            .value
            .expect("every operand of a finished operation names a value")
    }

    /// The operands, in order.
    #[inline]
    pub fn operands(&self) -> impl ExactSizeIterator<Item = Value> + 'b {
        self.data.operands.iter().map(|o| {
            o.value
                .expect("every operand of a finished operation names a value")
        })
    }

    /// The results, in order.
    #[inline]
    pub fn results(&self) -> &'b [Value] {
        &self.data.results
    }

    /// Result `i`.
    ///
    /// # Panics
    ///
    /// If the operation has no result `i`.
    #[inline]
    pub fn result(&self, i: usize) -> Value {
        self.data.results[i]
    }

    /// The successor blocks, in order.
    #[inline]
    pub fn successors(&self) -> impl ExactSizeIterator<Item = BlockId> + 'b {
        self.data.successors.iter().map(|s| {
            s.block
                .expect("every successor of a finished operation names a block")
        })
    }

    /// The number of successors.
    #[inline]
    pub fn num_successors(&self) -> usize {
        self.data.successors.len()
    }

    /// The regions of a non-isolated operation, in order, in this body. An
    /// isolated operation's regions are in its child body:
    /// [`num_regions`](Self::num_regions) counts them either way.
    #[inline]
    pub fn regions(&self) -> &'b [RegionId] {
        &self.data.regions
    }

    /// The number of regions, of this body or of the child body.
    #[inline]
    pub fn num_regions(&self) -> usize {
        match self.data.owner {
            None => self.data.regions.len(),
            Some(owner) => self.body.child(owner).map_or(0, |c| c.roots.len()),
        }
    }

    /// The child body of an isolated operation.
    #[inline]
    pub fn owner(&self) -> Option<OwnerId> {
        self.data.owner
    }

    /// The attribute dictionary (MLIR's discardable attributes), if any.
    #[inline]
    pub fn attributes(&self) -> Option<Attribute<'c>> {
        self.data.attributes
    }

    /// The properties (MLIR's inherent attributes, `<{...}>`), if any.
    #[inline]
    pub fn properties(&self) -> Option<Attribute<'c>> {
        self.data.properties
    }

    /// The location.
    #[inline]
    pub fn location(&self) -> Location<'c> {
        self.data.loc
    }

    /// The block the operation is in, if it is in one.
    #[inline]
    pub fn parent(&self) -> Option<BlockId> {
        self.data.parent
    }
}

impl<'c> Body<'c> {
    /// An empty body: no roots, nothing in it.
    #[inline]
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty body with `n` empty roots: the child body of an isolated
    /// operation with `n` regions, to build before the operation (see
    /// [`OperationState::with_body`](crate::OperationState::with_body)).
    #[inline]
    pub fn with_roots(n: usize) -> Self {
        let mut body = Self::new();
        for _ in 0..n {
            body.add_root();
        }
        body
    }

    /// Gives back the capacity of this body's tables past what they hold
    /// (not its child bodies'): for a body that is built and will not grow
    /// much more, as a parser's. Ids stay valid, and the body may still
    /// change.
    ///
    /// ```
    /// use strata_builtin::prelude::*;
    /// use strata_ctx::Context;
    /// use strata_ir::{Body, InsertPoint, OperationState};
    ///
    /// let ctx = Context::new();
    /// let (name, loc) = (ctx.string_attr("test.op").into(), ctx.unknown_loc().into());
    /// let mut body = Body::with_roots(1);
    /// let block = body.create_block();
    /// body.append_block(body.roots()[0], block).unwrap();
    /// let ops: Vec<_> = (0..100)
    ///     .map(|_| body.create_op(OperationState::new(name, loc)))
    ///     .collect();
    /// for &op in &ops {
    ///     body.insert_op(op, InsertPoint::End(block)).unwrap();
    /// }
    /// body.erase_op(ops[7]).unwrap();
    /// body.shrink_to_fit();
    /// assert!(body.check().is_ok());
    /// assert_eq!(body.block_ops(block).count(), 99);
    /// let again = body.create_op(OperationState::new(name, loc));
    /// body.insert_op(again, InsertPoint::Before(ops[0])).unwrap();
    /// assert_eq!(body.first_op(block), Some(again));
    /// ```
    pub fn shrink_to_fit(&mut self) {
        self.ops.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.regions.shrink_to_fit();
        self.values.shrink_to_fit();
        self.children.shrink_to_fit();
        self.free_children.shrink_to_fit();
    }

    /// Moves this body's contents into a body whose tables are exactly their
    /// size, leaving this one empty (as [`Body::new`]) with its tables'
    /// capacity kept: a parser builds each body in one scratch body and
    /// keeps the compact copy, so a body costs one allocation per table
    /// instead of a growth chain and a shrink. Ids stay valid in the
    /// returned body.
    ///
    /// ```
    /// use strata_builtin::prelude::*;
    /// use strata_ctx::Context;
    /// use strata_ir::{Body, InsertPoint, OperationState};
    ///
    /// let ctx = Context::new();
    /// let (name, loc) = (ctx.string_attr("test.op").into(), ctx.unknown_loc().into());
    /// let mut scratch = Body::with_roots(1);
    /// let block = scratch.create_block();
    /// scratch.append_block(scratch.roots()[0], block).unwrap();
    /// let op = scratch.create_op(OperationState::new(name, loc));
    /// scratch.insert_op(op, InsertPoint::End(block)).unwrap();
    /// let built = scratch.take_compact();
    /// assert!(built.check().is_ok());
    /// assert_eq!(built.block_ops(block).count(), 1);
    /// assert!(scratch.roots().is_empty() && scratch.op_ids().next().is_none());
    /// ```
    pub fn take_compact(&mut self) -> Self {
        Self {
            ops: self.ops.take_compact(),
            blocks: self.blocks.take_compact(),
            regions: self.regions.take_compact(),
            values: self.values.take_compact(),
            roots: core::mem::take(&mut self.roots),
            children: take_exact(&mut self.children),
            free_children: take_exact(&mut self.free_children),
        }
    }

    /// Adds one more empty root (the next region of the isolated operation
    /// this body is to be the child body of) and returns it: a parser
    /// learns how many regions an operation has only at the end of their
    /// list.
    #[inline]
    pub fn add_root(&mut self) -> RegionId {
        let r = self.new_region(RegionParent::Owner(self.roots.len() as u32));
        self.roots.push(r);
        r
    }

    /// A view of operation `op`.
    ///
    /// # Panics
    ///
    /// If `op` names no live operation of this body.
    #[track_caller]
    #[inline]
    pub fn op(&self, op: OpId) -> OpRef<'_, 'c> {
        OpRef {
            body: self,
            id: op,
            data: self.op_data(op),
        }
    }

    /// Whether `op` names a live operation of this body.
    #[inline]
    pub fn contains_op(&self, op: OpId) -> bool {
        self.ops.get(op.index()).is_some()
    }

    /// Whether `value` names a live value of this body.
    #[inline]
    pub fn contains_value(&self, value: Value) -> bool {
        self.values.get(value.index()).is_some()
    }

    /// Whether `region` names a live region of this body.
    #[inline]
    pub fn contains_region(&self, region: RegionId) -> bool {
        self.regions.get(region.index()).is_some()
    }

    /// Whether `block` names a live block of this body.
    #[inline]
    pub fn contains_block(&self, block: BlockId) -> bool {
        self.blocks.get(block.index()).is_some()
    }

    #[track_caller]
    #[inline]
    pub(crate) fn op_data(&self, op: OpId) -> &OpData<'c> {
        self.ops
            .get(op.index())
            .expect("a live operation of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn op_data_mut(&mut self, op: OpId) -> &mut OpData<'c> {
        self.ops
            .get_mut(op.index())
            .expect("a live operation of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn block_data(&self, block: BlockId) -> &BlockData {
        self.blocks
            .get(block.index())
            .expect("a live block of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn block_data_mut(&mut self, block: BlockId) -> &mut BlockData {
        self.blocks
            .get_mut(block.index())
            .expect("a live block of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn region_data(&self, region: RegionId) -> &RegionData {
        self.regions
            .get(region.index())
            .expect("a live region of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn region_data_mut(&mut self, region: RegionId) -> &mut RegionData {
        self.regions
            .get_mut(region.index())
            .expect("a live region of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn value_data(&self, value: Value) -> &ValueData<'c> {
        self.values
            .get(value.index())
            .expect("a live value of this body")
    }

    #[track_caller]
    #[inline]
    pub(crate) fn value_data_mut(&mut self, value: Value) -> &mut ValueData<'c> {
        self.values
            .get_mut(value.index())
            .expect("a live value of this body")
    }

    /// The regions of the isolated operation that owns this body, in order.
    #[inline]
    pub fn roots(&self) -> &[RegionId] {
        &self.roots
    }

    /// One past the largest index of a value id of this body (a size for a
    /// table indexed by [`Value::index`]).
    #[inline]
    pub fn value_bound(&self) -> usize {
        self.values.bound()
    }

    /// One past the largest index of a block id of this body.
    #[inline]
    pub fn block_bound(&self) -> usize {
        self.blocks.bound()
    }

    /// The number of live operations in this body (not its children).
    #[inline]
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// The number of live values in this body (not its children).
    #[inline]
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// The number of live blocks in this body (not its children).
    #[inline]
    pub fn num_blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The live operations of this body in slot order, attached or not.
    #[inline]
    pub fn op_ids(&self) -> impl Iterator<Item = OpId> + '_ {
        self.ops.iter().map(|(i, _)| OpId::new(i))
    }

    /// The live values of this body in slot order.
    #[inline]
    pub fn value_ids(&self) -> impl Iterator<Item = Value> + '_ {
        self.values.iter().map(|(i, _)| Value::new(i))
    }

    /// The live blocks of this body in slot order.
    #[inline]
    pub fn block_ids(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.blocks.iter().map(|(i, _)| BlockId::new(i))
    }

    // ---- values ----

    /// The type of `value`.
    #[inline]
    pub fn value_type(&self, value: Value) -> Type<'c> {
        self.value_data(value).ty
    }

    /// What defines `value`.
    #[inline]
    pub fn value_def(&self, value: Value) -> ValueDef {
        self.value_data(value).def
    }

    /// The location of a block argument (`None` for a result, whose
    /// location is its operation's).
    #[inline]
    pub fn value_location(&self, value: Value) -> Option<Location<'c>> {
        self.value_data(value).loc
    }

    /// The operation that defines `value`, if it is a result.
    #[inline]
    pub fn defining_op(&self, value: Value) -> Option<OpId> {
        match self.value_def(value) {
            ValueDef::Result { op, .. } => Some(op),
            ValueDef::Argument { .. } => None,
        }
    }

    /// The uses of `value`, the newest first (MLIR's use-list order).
    #[inline]
    pub fn uses(&self, value: Value) -> Uses<'_, 'c> {
        Uses {
            body: self,
            next: self.value_data(value).first_use,
        }
    }

    /// Whether `value` has no use.
    #[inline]
    pub fn use_empty(&self, value: Value) -> bool {
        self.value_data(value).first_use.is_none()
    }

    /// Whether `value` has exactly one use.
    #[inline]
    pub fn has_one_use(&self, value: Value) -> bool {
        let mut uses = self.uses(value);
        uses.next().is_some() && uses.next().is_none()
    }

    /// The operations that use `value`, in use-list order, once per use.
    #[inline]
    pub fn users(&self, value: Value) -> impl Iterator<Item = OpId> + '_ {
        self.uses(value).map(|u| u.op)
    }

    // ---- blocks ----

    /// The region `block` is in, if it is in one.
    #[inline]
    pub fn block_parent(&self, block: BlockId) -> Option<RegionId> {
        self.block_data(block).parent
    }

    /// The arguments of `block`, in order.
    #[inline]
    pub fn block_args(&self, block: BlockId) -> &[Value] {
        &self.block_data(block).args
    }

    /// The first operation of `block`.
    #[inline]
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.block_data(block).first
    }

    /// The last operation of `block` (its terminator, where it has one).
    #[inline]
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.block_data(block).last
    }

    /// The operation after `op` in its block.
    #[inline]
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.op_data(op).next
    }

    /// The operation before `op` in its block.
    #[inline]
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.op_data(op).prev
    }

    /// The operations of `block`, in order.
    #[inline]
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_, 'c> {
        BlockOps {
            body: self,
            next: self.block_data(block).first,
        }
    }

    /// The block after `block` in its region.
    #[inline]
    pub fn next_block(&self, block: BlockId) -> Option<BlockId> {
        self.block_data(block).next
    }

    /// The block before `block` in its region.
    #[inline]
    pub fn prev_block(&self, block: BlockId) -> Option<BlockId> {
        self.block_data(block).prev
    }

    /// The predecessors of `block`: the successor slots that name it, the
    /// newest first (MLIR's order).
    #[inline]
    pub fn predecessors(&self, block: BlockId) -> Preds<'_, 'c> {
        Preds {
            body: self,
            next: self.block_data(block).first_use,
        }
    }

    // ---- regions ----

    /// What `region` belongs to.
    #[inline]
    pub fn region_parent(&self, region: RegionId) -> RegionParent {
        self.region_data(region).parent
    }

    /// The blocks of `region`, the entry block first.
    #[inline]
    pub fn blocks(&self, region: RegionId) -> Blocks<'_, 'c> {
        Blocks {
            body: self,
            next: self.region_data(region).first,
        }
    }

    /// The entry block of `region`, if it has a block.
    #[inline]
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.region_data(region).first
    }

    /// The operation that holds `region` in this body (`None` for the
    /// roots and detached regions).
    #[inline]
    pub fn region_op(&self, region: RegionId) -> Option<OpId> {
        match self.region_parent(region) {
            RegionParent::Op(op) => Some(op),
            _ => None,
        }
    }

    /// The operation around `op` in this body: the holder of the region of
    /// its block. `None` for an operation in a root region (its parent is
    /// the owner, in the parent body) or a detached one.
    #[inline]
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let block = self.op_data(op).parent?;
        let region = self.block_data(block).parent?;
        self.region_op(region)
    }

    // ---- children ----

    /// The body of isolated operation `owner`, when it is here (not
    /// checked out by a container guard, not erased).
    #[inline]
    pub fn child(&self, owner: OwnerId) -> Option<&Body<'c>> {
        let slot = self.children.get(owner.slot())?;
        if slot.generation != owner.generation {
            return None;
        }
        match &slot.entry {
            Some((_, ChildState::Home(body))) => Some(body),
            _ => None,
        }
    }

    /// The body of isolated operation `owner`, mutably.
    #[inline]
    pub fn child_mut(&mut self, owner: OwnerId) -> Option<&mut Body<'c>> {
        let slot = self.children.get_mut(owner.slot())?;
        if slot.generation != owner.generation {
            return None;
        }
        match &mut slot.entry {
            Some((_, ChildState::Home(body))) => Some(body),
            _ => None,
        }
    }

    /// The isolated operation whose body is `owner`.
    #[inline]
    pub fn owner_op(&self, owner: OwnerId) -> Option<OpId> {
        let slot = self.children.get(owner.slot())?;
        if slot.generation != owner.generation {
            return None;
        }
        slot.entry.as_ref().map(|(op, _)| *op)
    }

    /// Every child body that is here, with its owner id, in slot order.
    #[inline]
    pub fn children(&self) -> impl Iterator<Item = (OwnerId, &Body<'c>)> + '_ {
        self.children
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.entry {
                Some((_, ChildState::Home(b))) => Some((
                    OwnerId {
                        slot: i as u32,
                        generation: s.generation,
                    },
                    &**b,
                )),
                _ => None,
            })
    }

    /// Takes the body apart into its children that are home (to drop or
    /// keep on their own: a large module's function bodies can be freed on
    /// many threads); the rest of the body is dropped.
    #[inline]
    pub fn into_children(self) -> Vec<Body<'c>> {
        self.children
            .into_iter()
            .filter_map(|slot| match slot.entry {
                Some((_, ChildState::Home(body))) => Some(*body),
                _ => None,
            })
            .collect()
    }

    /// Every child body that is here, mutably, with its owner id: disjoint
    /// borrows, so each may go to another thread.
    #[inline]
    pub fn children_mut(&mut self) -> impl Iterator<Item = (OwnerId, &mut Body<'c>)> + '_ {
        self.children
            .iter_mut()
            .enumerate()
            .filter_map(|(i, s)| match &mut s.entry {
                Some((_, ChildState::Home(b))) => Some((
                    OwnerId {
                        slot: i as u32,
                        generation: s.generation,
                    },
                    &mut **b,
                )),
                _ => None,
            })
    }
}

/// The uses of a value: [`Body::uses`].
#[derive(Clone, Debug)]
pub struct Uses<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<OpOperand>,
}

impl Iterator for Uses<'_, '_> {
    type Item = OpOperand;

    #[inline]
    fn next(&mut self) -> Option<OpOperand> {
        let u = self.next?;
        self.next = self.body.op_data(u.op).operands[u.index as usize].next;
        Some(u)
    }
}

/// The predecessors of a block: [`Body::predecessors`].
#[derive(Clone, Debug)]
pub struct Preds<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<BlockOperand>,
}

impl Iterator for Preds<'_, '_> {
    type Item = BlockOperand;

    #[inline]
    fn next(&mut self) -> Option<BlockOperand> {
        let u = self.next?;
        self.next = self.body.op_data(u.op).successors[u.index as usize].next;
        Some(u)
    }
}

/// The operations of a block: [`Body::block_ops`].
#[derive(Clone, Debug)]
pub struct BlockOps<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<OpId>,
}

impl Iterator for BlockOps<'_, '_> {
    type Item = OpId;

    #[inline]
    fn next(&mut self) -> Option<OpId> {
        let op = self.next?;
        self.next = self.body.op_data(op).next;
        Some(op)
    }
}

/// The blocks of a region: [`Body::blocks`].
#[derive(Clone, Debug)]
pub struct Blocks<'b, 'c> {
    body: &'b Body<'c>,
    next: Option<BlockId>,
}

impl Iterator for Blocks<'_, '_> {
    type Item = BlockId;

    #[inline]
    fn next(&mut self) -> Option<BlockId> {
        let block = self.next?;
        self.next = self.body.block_data(block).next;
        Some(block)
    }
}
