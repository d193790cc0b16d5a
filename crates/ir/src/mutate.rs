//! The primitive mutations of a body: creating, placing and erasing
//! operations, blocks and block arguments, and setting operands and
//! successors. Each keeps every use-list exact: a new use goes to the front
//! of its value's list, as MLIR's `IROperand::insertIntoCurrent` puts it.

use crate::handles::{Attribute, Location, Type};
use smallvec::SmallVec;

use crate::body::{
    BlockData, Body, ChildSlot, ChildState, OpData, Operand, RegionData, RegionParent, Successor,
    ValueData, ValueDef,
};
use crate::error::IrError;
use crate::id::{BlockId, BlockOperand, OpId, OpOperand, OwnerId, RegionId, Value};

/// Everything an operation is made of, before it exists (MLIR's
/// `OperationState`).
#[derive(Clone, Debug)]
pub struct OperationState<'c> {
    /// The name, an interned attribute (see [`OpRef::name`](crate::OpRef::name)).
    pub name: Attribute<'c>,
    /// The operands, in order.
    pub operands: SmallVec<[Value; 4]>,
    /// The result types, in order.
    pub result_types: SmallVec<[Type<'c>; 2]>,
    /// The successors, in order.
    pub successors: SmallVec<[BlockId; 2]>,
    /// The attribute dictionary.
    pub attributes: Option<Attribute<'c>>,
    /// The properties.
    pub properties: Option<Attribute<'c>>,
    /// How many (empty) regions the operation gets.
    pub regions: usize,
    /// Whether the operation is isolated from above: its regions then live
    /// in a child body of their own.
    pub isolated: bool,
    /// The definition it is an instance of, if it is defined.
    pub def: Option<crate::dialect::OpDefId>,
    /// The location.
    pub loc: Location<'c>,
    /// Regions built before the operation (detached regions of the body it
    /// is created in, as MLIR's parser builds an operation's regions before
    /// the operation): they become its first regions, the `regions` empty
    /// ones after them.
    pub built_regions: SmallVec<[RegionId; 2]>,
    /// The child body of an isolated operation, built before it: its roots
    /// are the operation's regions (and `regions` must be 0).
    pub body: Option<Box<Body<'c>>>,
}

impl<'c> OperationState<'c> {
    /// An operation named `name` at `loc`, with nothing else yet.
    pub fn new(name: Attribute<'c>, loc: Location<'c>) -> Self {
        Self {
            name,
            operands: SmallVec::new(),
            result_types: SmallVec::new(),
            successors: SmallVec::new(),
            attributes: None,
            properties: None,
            regions: 0,
            isolated: false,
            def: None,
            loc,
            built_regions: SmallVec::new(),
            body: None,
        }
    }

    /// An instance of definition `id` of `registry`, named as it is, and
    /// isolated if the definition is.
    pub fn defined(
        name: Attribute<'c>,
        loc: Location<'c>,
        registry: &crate::dialect::OpRegistry,
        id: crate::dialect::OpDefId,
    ) -> Self {
        let mut s = Self::new(name, loc);
        s.def = Some(id);
        s.isolated = registry
            .def(id)
            .has(crate::dialect::Traits::ISOLATED_FROM_ABOVE);
        s
    }

    /// With these operands.
    pub fn operands(mut self, values: &[Value]) -> Self {
        self.operands.extend_from_slice(values);
        self
    }

    /// With these result types.
    pub fn results(mut self, types: &[Type<'c>]) -> Self {
        self.result_types.extend_from_slice(types);
        self
    }

    /// With these successors.
    pub fn successors(mut self, blocks: &[BlockId]) -> Self {
        self.successors.extend_from_slice(blocks);
        self
    }

    /// With this attribute dictionary.
    pub fn attributes(mut self, dict: Attribute<'c>) -> Self {
        self.attributes = Some(dict);
        self
    }

    /// With these properties.
    pub fn properties(mut self, props: Attribute<'c>) -> Self {
        self.properties = Some(props);
        self
    }

    /// With `n` empty regions.
    pub fn regions(mut self, n: usize) -> Self {
        self.regions = n;
        self
    }

    /// Isolated from above (its regions in a child body).
    pub fn isolated(mut self) -> Self {
        self.isolated = true;
        self
    }

    /// With these regions, built before the operation: detached regions of
    /// the body it is created in (see [`Body::create_region`]).
    pub fn with_regions(mut self, regions: &[RegionId]) -> Self {
        self.built_regions.extend_from_slice(regions);
        self
    }

    /// Isolated from above, with `body` as its child body, built before the
    /// operation (see [`Body::with_roots`]): the body's roots are the
    /// operation's regions.
    pub fn with_body(mut self, body: Body<'c>) -> Self {
        self.isolated = true;
        self.body = Some(Box::new(body));
        self
    }
}

/// Where an operation goes in a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// Right before this operation.
    Before(OpId),
    /// Right after this operation.
    After(OpId),
    /// First in this block.
    Start(BlockId),
    /// Last in this block.
    End(BlockId),
}

impl<'c> Body<'c> {
    // ---- use-lists ----

    /// Puts operand slot `u` at the front of `value`'s use-list.
    pub(crate) fn link_use(&mut self, value: Value, u: OpOperand) {
        let head = self.value_data(value).first_use;
        {
            let slot = &mut self.op_data_mut(u.op).operands[u.index as usize];
            slot.value = Some(value);
            slot.prev = None;
            slot.next = head;
        }
        if let Some(h) = head {
            self.op_data_mut(h.op).operands[h.index as usize].prev = Some(u);
        }
        self.value_data_mut(value).first_use = Some(u);
    }

    /// Takes operand slot `u` out of its value's use-list (if it is in one),
    /// leaving it naming no value.
    pub(crate) fn unlink_use(&mut self, u: OpOperand) {
        let Operand { value, prev, next } = self.op_data(u.op).operands[u.index as usize];
        let Some(value) = value else { return };
        match prev {
            Some(p) => self.op_data_mut(p.op).operands[p.index as usize].next = next,
            None => self.value_data_mut(value).first_use = next,
        }
        if let Some(n) = next {
            self.op_data_mut(n.op).operands[n.index as usize].prev = prev;
        }
        let slot = &mut self.op_data_mut(u.op).operands[u.index as usize];
        slot.value = None;
        slot.prev = None;
        slot.next = None;
    }

    /// Puts successor slot `u` at the front of `block`'s predecessor list.
    pub(crate) fn link_pred(&mut self, block: BlockId, u: BlockOperand) {
        let head = self.block_data(block).first_use;
        {
            let slot = &mut self.op_data_mut(u.op).successors[u.index as usize];
            slot.block = Some(block);
            slot.prev = None;
            slot.next = head;
        }
        if let Some(h) = head {
            self.op_data_mut(h.op).successors[h.index as usize].prev = Some(u);
        }
        self.block_data_mut(block).first_use = Some(u);
    }

    /// Takes successor slot `u` out of its block's predecessor list.
    pub(crate) fn unlink_pred(&mut self, u: BlockOperand) {
        let Successor { block, prev, next } = self.op_data(u.op).successors[u.index as usize];
        let Some(block) = block else { return };
        match prev {
            Some(p) => self.op_data_mut(p.op).successors[p.index as usize].next = next,
            None => self.block_data_mut(block).first_use = next,
        }
        if let Some(n) = next {
            self.op_data_mut(n.op).successors[n.index as usize].prev = prev;
        }
        let slot = &mut self.op_data_mut(u.op).successors[u.index as usize];
        slot.block = None;
        slot.prev = None;
        slot.next = None;
    }

    // ---- operations ----

    /// Creates an operation from `state`, in no block yet (place it with
    /// [`insert_op`](Self::insert_op)). Its operands join their values'
    /// use-lists in order, each at the front, as MLIR's constructor links
    /// them.
    ///
    /// # Panics
    ///
    /// If an operand or successor names no live value or block of this
    /// body, if a built region is not a detached region of this body, or if
    /// an operation given a child body is also given regions.
    pub fn create_op(&mut self, state: OperationState<'c>) -> OpId {
        for &r in &state.built_regions {
            assert!(
                self.contains_region(r) && self.region_data(r).parent == RegionParent::Detached,
                "built region {r:?} is not a detached region of this body"
            );
        }
        assert!(
            state.body.is_none() || (state.regions == 0 && state.built_regions.is_empty()),
            "an operation given a child body has its regions there"
        );
        assert!(
            !state.isolated || state.built_regions.is_empty(),
            "an isolated operation's regions are built in its child body (`with_body`)"
        );
        for &v in &state.operands {
            assert!(
                self.contains_value(v),
                "operand {v:?} is not a live value of this body"
            );
        }
        for &b in &state.successors {
            assert!(
                self.contains_block(b),
                "successor {b:?} is not a live block of this body"
            );
        }
        let n_operands = state.operands.len();
        let n_successors = state.successors.len();
        let data = OpData {
            name: state.name,
            def: state.def,
            operands: SmallVec::from_elem(
                Operand {
                    value: None,
                    prev: None,
                    next: None,
                },
                n_operands,
            ),
            results: SmallVec::new(),
            successors: SmallVec::from_elem(
                Successor {
                    block: None,
                    prev: None,
                    next: None,
                },
                n_successors,
            ),
            regions: SmallVec::new(),
            owner: None,
            attributes: state.attributes,
            properties: state.properties,
            loc: state.loc,
            parent: None,
            prev: None,
            next: None,
        };
        let op = OpId::new(self.ops.insert(data));
        let mut results = SmallVec::with_capacity(state.result_types.len());
        for (number, &ty) in state.result_types.iter().enumerate() {
            results.push(self.new_value(
                ty,
                ValueDef::Result {
                    op,
                    number: number as u32,
                },
                None,
            ));
        }
        self.op_data_mut(op).results = results;
        for (i, &v) in state.operands.iter().enumerate() {
            self.link_use(
                v,
                OpOperand {
                    op,
                    index: i as u32,
                },
            );
        }
        for (i, &b) in state.successors.iter().enumerate() {
            self.link_pred(
                b,
                BlockOperand {
                    op,
                    index: i as u32,
                },
            );
        }
        if let Some(child) = state.body {
            let owner = self.adopt_child(op, child);
            self.op_data_mut(op).owner = Some(owner);
        } else if state.isolated {
            let child = Body::with_roots(state.regions);
            let owner = self.adopt_child(op, Box::new(child));
            self.op_data_mut(op).owner = Some(owner);
        } else {
            let mut regions: SmallVec<[RegionId; 1]> =
                state.built_regions.iter().copied().collect();
            for &r in &regions {
                self.region_data_mut(r).parent = RegionParent::Op(op);
            }
            regions.extend((0..state.regions).map(|_| self.new_region(RegionParent::Op(op))));
            self.op_data_mut(op).regions = regions;
        }
        op
    }

    pub(crate) fn new_value(
        &mut self,
        ty: Type<'c>,
        def: ValueDef,
        loc: Option<Location<'c>>,
    ) -> Value {
        Value::new(self.values.insert(ValueData {
            ty,
            def,
            loc,
            first_use: None,
        }))
    }

    pub(crate) fn new_region(&mut self, parent: RegionParent) -> RegionId {
        RegionId::new(self.regions.insert(RegionData {
            parent,
            first: None,
            last: None,
        }))
    }

    /// Records `body` as the child body of isolated operation `op`.
    pub(crate) fn adopt_child(&mut self, op: OpId, body: Box<Body<'c>>) -> OwnerId {
        let entry = Some((op, ChildState::Home(body)));
        if let Some(slot) = self.free_children.pop() {
            let s = &mut self.children[slot as usize];
            s.entry = entry;
            OwnerId {
                slot,
                generation: s.generation,
            }
        } else {
            self.children.push(ChildSlot {
                generation: 0,
                entry,
            });
            OwnerId {
                slot: (self.children.len() - 1) as u32,
                generation: 0,
            }
        }
    }

    /// Places detached operation `op` at `at`.
    ///
    /// # Errors
    ///
    /// [`IrError::Attached`] if `op` is in a block already,
    /// [`IrError::Detached`] if `at` is relative to an operation in no block,
    /// [`IrError::IntoItself`] if the block is inside `op`.
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) -> Result<(), IrError> {
        if self.op_data(op).parent.is_some() {
            return Err(IrError::Attached(op));
        }
        let (block, prev, next) = match at {
            InsertPoint::Before(o) => {
                let d = self.op_data(o);
                (d.parent.ok_or(IrError::Detached(o))?, d.prev, Some(o))
            }
            InsertPoint::After(o) => {
                let d = self.op_data(o);
                (d.parent.ok_or(IrError::Detached(o))?, Some(o), d.next)
            }
            InsertPoint::Start(b) => (b, None, self.block_data(b).first),
            InsertPoint::End(b) => (b, self.block_data(b).last, None),
        };
        if self.has_blocks(op) && self.block_is_inside(block, op) {
            return Err(IrError::IntoItself(op));
        }
        let d = self.op_data_mut(op);
        d.parent = Some(block);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.op_data_mut(p).next = Some(op),
            None => self.block_data_mut(block).first = Some(op),
        }
        match next {
            Some(n) => self.op_data_mut(n).prev = Some(op),
            None => self.block_data_mut(block).last = Some(op),
        }
        Ok(())
    }

    /// Whether one of `op`'s regions in this body has a block: only then can
    /// a block be inside it.
    fn has_blocks(&self, op: OpId) -> bool {
        self.op_data(op)
            .regions
            .iter()
            .any(|&r| self.region_data(r).first.is_some())
    }

    /// The blocks around `region`, innermost first: the block of the
    /// operation that holds it, then the block of the operation around that
    /// one, up to a root, a detached region or a detached operation.
    pub(crate) fn enclosing_blocks(&self, region: RegionId) -> impl Iterator<Item = BlockId> + '_ {
        let mut region = Some(region);
        core::iter::from_fn(move || {
            let RegionParent::Op(holder) = self.region_data(region?).parent else {
                region = None;
                return None;
            };
            let b = self.op_data(holder).parent;
            region = b.and_then(|b| self.block_data(b).parent);
            b
        })
    }

    /// Whether `block` is in one of `op`'s regions, at any depth.
    fn block_is_inside(&self, block: BlockId, op: OpId) -> bool {
        let mut block = block;
        loop {
            let Some(region) = self.block_data(block).parent else {
                return false;
            };
            let RegionParent::Op(holder) = self.region_data(region).parent else {
                return false;
            };
            if holder == op {
                return true;
            }
            match self.op_data(holder).parent {
                Some(b) => block = b,
                None => return false,
            }
        }
    }

    /// Takes `op` out of its block, keeping it and everything in it (MLIR's
    /// `Operation::remove`). Nothing happens to a detached operation.
    pub fn remove_op(&mut self, op: OpId) {
        let d = self.op_data(op);
        let Some(block) = d.parent else { return };
        let (prev, next) = (d.prev, d.next);
        match prev {
            Some(p) => self.op_data_mut(p).next = next,
            None => self.block_data_mut(block).first = next,
        }
        match next {
            Some(n) => self.op_data_mut(n).prev = prev,
            None => self.block_data_mut(block).last = prev,
        }
        let d = self.op_data_mut(op);
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Moves `op` to `at` (from wherever it is: MLIR's `moveBefore` and
    /// `moveAfter`). Its operands' use-lists do not change.
    ///
    /// # Errors
    ///
    /// As [`insert_op`](Self::insert_op), with nothing moved; moving an
    /// operation next to itself leaves it where it is.
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) -> Result<(), IrError> {
        if matches!(at, InsertPoint::Before(o) | InsertPoint::After(o) if o == op) {
            return Ok(());
        }
        let target_block = match at {
            InsertPoint::Before(o) | InsertPoint::After(o) => {
                self.op_data(o).parent.ok_or(IrError::Detached(o))?
            }
            InsertPoint::Start(b) | InsertPoint::End(b) => b,
        };
        if self.has_blocks(op) && self.block_is_inside(target_block, op) {
            return Err(IrError::IntoItself(op));
        }
        self.remove_op(op);
        self.insert_op(op, at)
    }

    /// The operations of the tree rooted at `op` (itself and everything in
    /// its regions in this body), in pre-order, with the blocks and regions
    /// met. Iterative.
    pub(crate) fn subtree(&self, op: OpId) -> Subtree {
        let mut out = Subtree::default();
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            out.ops.push(o);
            let start = stack.len();
            for &r in &self.op_data(o).regions {
                out.regions.push(r);
                for b in self.blocks(r) {
                    out.blocks.push(b);
                    stack.extend(self.block_ops(b));
                }
            }
            stack[start..].reverse();
        }
        out
    }

    /// Erases `op` and everything in it (MLIR's `Operation::erase`, after
    /// `dropAllReferences`): its operands and successors leave their lists,
    /// its results, regions, blocks and child bodies are freed.
    ///
    /// # Errors
    ///
    /// [`IrError::ValueInUse`] if a value defined by `op` or in it is used
    /// from outside it, [`IrError::BlockInUse`] if a block in it is a
    /// successor of an operation outside it, [`IrError::ChildOut`] if a child
    /// body in it is checked out; nothing is changed then.
    pub fn erase_op(&mut self, op: OpId) -> Result<(), IrError> {
        self.erase_op_inner(op, false)
    }

    /// [`erase_op`](Self::erase_op); `allow_out` lets a checked-out child
    /// body go (the container's erasure: the guard's body is dropped when it
    /// comes back).
    pub(crate) fn erase_op_inner(&mut self, op: OpId, allow_out: bool) -> Result<(), IrError> {
        let tree = self.subtree(op);
        self.check_erasable(&tree, allow_out)?;
        self.remove_op(op);
        self.free_tree(&tree);
        Ok(())
    }

    fn check_erasable(&self, tree: &Subtree, allow_out: bool) -> Result<(), IrError> {
        let inside: rustc_hash::FxHashSet<OpId> = tree.ops.iter().copied().collect();
        let escapes = |v: Value| self.uses(v).find(|u| !inside.contains(&u.op));
        for &o in &tree.ops {
            let d = self.op_data(o);
            for &v in &d.results {
                if let Some(user) = escapes(v) {
                    return Err(IrError::ValueInUse { value: v, user });
                }
            }
            if let Some(owner) = d.owner
                && !allow_out
                && self.child(owner).is_none()
            {
                return Err(IrError::ChildOut(owner));
            }
        }
        for &b in &tree.blocks {
            for &v in &self.block_data(b).args {
                if let Some(user) = escapes(v) {
                    return Err(IrError::ValueInUse { value: v, user });
                }
            }
            if let Some(pred) = self.predecessors(b).find(|p| !inside.contains(&p.op)) {
                return Err(IrError::BlockInUse { block: b, pred });
            }
        }
        Ok(())
    }

    /// Frees what `tree` names; the caller checked nothing outside uses it.
    fn free_tree(&mut self, tree: &Subtree) {
        for &o in &tree.ops {
            self.drop_references(o);
        }
        for &o in &tree.ops {
            let d = self.ops.remove(o.index()).expect("a live operation");
            for v in d.results {
                self.values.remove(v.index());
            }
            if let Some(owner) = d.owner {
                self.release_child(owner);
            }
        }
        for &b in &tree.blocks {
            let d = self.blocks.remove(b.index()).expect("a live block");
            for v in d.args {
                self.values.remove(v.index());
            }
        }
        for &r in &tree.regions {
            self.regions.remove(r.index());
        }
    }

    /// Frees child slot `owner` for reuse under the next generation.
    pub(crate) fn release_child(&mut self, owner: OwnerId) -> Option<ChildState<'c>> {
        let slot = self.children.get_mut(owner.slot())?;
        if slot.generation != owner.generation {
            return None;
        }
        let (_, state) = slot.entry.take()?;
        slot.generation = slot.generation.wrapping_add(1);
        self.free_children.push(owner.slot);
        Some(state)
    }

    /// Takes every operand and successor of `op` out of its list (MLIR's
    /// `dropAllReferences` for one operation).
    pub(crate) fn drop_references(&mut self, op: OpId) {
        for i in 0..self.op_data(op).operands.len() {
            self.unlink_use(OpOperand {
                op,
                index: i as u32,
            });
        }
        for i in 0..self.op_data(op).successors.len() {
            self.unlink_pred(BlockOperand {
                op,
                index: i as u32,
            });
        }
    }

    // ---- operands, successors, attributes ----

    /// Sets operand `index` of `op` to `value` (MLIR's `setOperand`: the use
    /// moves to the front of `value`'s list, even when it read `value`
    /// already).
    ///
    /// # Errors
    ///
    /// [`IrError::OutOfRange`] if `op` has no operand `index`.
    pub fn set_operand(&mut self, op: OpId, index: usize, value: Value) -> Result<(), IrError> {
        let len = self.op_data(op).operands.len();
        if index >= len {
            return Err(IrError::OutOfRange {
                what: "operand",
                index,
                len,
            });
        }
        assert!(
            self.contains_value(value),
            "{value:?} is not a live value of this body"
        );
        let u = OpOperand {
            op,
            index: index as u32,
        };
        self.unlink_use(u);
        self.link_use(value, u);
        Ok(())
    }

    /// Appends an operand to `op`.
    pub fn push_operand(&mut self, op: OpId, value: Value) {
        assert!(
            self.contains_value(value),
            "{value:?} is not a live value of this body"
        );
        let d = self.op_data_mut(op);
        d.operands.push(Operand {
            value: None,
            prev: None,
            next: None,
        });
        let index = (d.operands.len() - 1) as u32;
        self.link_use(value, OpOperand { op, index });
    }

    /// Erases operand `index` of `op`. The operands after it shift down one
    /// place and, as MLIR moves them, each rejoins its value's list at the
    /// front, in order.
    ///
    /// # Errors
    ///
    /// [`IrError::OutOfRange`] if `op` has no operand `index`.
    pub fn erase_operand(&mut self, op: OpId, index: usize) -> Result<(), IrError> {
        let len = self.op_data(op).operands.len();
        if index >= len {
            return Err(IrError::OutOfRange {
                what: "operand",
                index,
                len,
            });
        }
        let mut moved = SmallVec::<[Value; 4]>::new();
        for i in index..len {
            let u = OpOperand {
                op,
                index: i as u32,
            };
            if i > index {
                moved.push(
                    self.op_data(op).operands[i]
                        .value
                        .expect("a linked operand"),
                );
            }
            self.unlink_use(u);
        }
        self.op_data_mut(op).operands.truncate(len - 1);
        for (k, v) in moved.into_iter().enumerate() {
            let u = OpOperand {
                op,
                index: (index + k) as u32,
            };
            self.link_use(v, u);
        }
        Ok(())
    }

    /// Sets successor `index` of `op` to `block`.
    ///
    /// # Errors
    ///
    /// [`IrError::OutOfRange`] if `op` has no successor `index`.
    pub fn set_successor(&mut self, op: OpId, index: usize, block: BlockId) -> Result<(), IrError> {
        let len = self.op_data(op).successors.len();
        if index >= len {
            return Err(IrError::OutOfRange {
                what: "successor",
                index,
                len,
            });
        }
        assert!(
            self.contains_block(block),
            "{block:?} is not a live block of this body"
        );
        let u = BlockOperand {
            op,
            index: index as u32,
        };
        self.unlink_pred(u);
        self.link_pred(block, u);
        Ok(())
    }

    /// Sets the attribute dictionary of `op`.
    pub fn set_attributes(&mut self, op: OpId, dict: Option<Attribute<'c>>) {
        self.op_data_mut(op).attributes = dict;
    }

    /// Sets the properties of `op`.
    pub fn set_properties(&mut self, op: OpId, props: Option<Attribute<'c>>) {
        self.op_data_mut(op).properties = props;
    }

    /// Sets the location of `op`.
    pub fn set_location(&mut self, op: OpId, loc: Location<'c>) {
        self.op_data_mut(op).loc = loc;
    }

    /// Sets the type of `value` (MLIR's `Value::setType`).
    pub fn set_value_type(&mut self, value: Value, ty: Type<'c>) {
        self.value_data_mut(value).ty = ty;
    }

    // ---- blocks and regions ----

    /// Creates an empty block in no region yet.
    pub fn create_block(&mut self) -> BlockId {
        BlockId::new(self.blocks.insert(BlockData {
            parent: None,
            prev: None,
            next: None,
            args: SmallVec::new(),
            first: None,
            last: None,
            first_use: None,
        }))
    }

    /// Creates an empty region that belongs to no operation (a place to
    /// build blocks in before they move into one, as MLIR's `Region` on its
    /// own).
    pub fn create_region(&mut self) -> RegionId {
        self.new_region(RegionParent::Detached)
    }

    /// Places detached `block` last in `region`.
    ///
    /// # Errors
    ///
    /// [`IrError::AttachedBlock`] if `block` is in a region already,
    /// [`IrError::BlockIntoItself`] if `region` is inside `block`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) -> Result<(), IrError> {
        let last = self.region_data(region).last;
        self.link_block(region, block, last, None)
    }

    /// Places detached `block` right before `before` in `before`'s region.
    ///
    /// # Errors
    ///
    /// [`IrError::AttachedBlock`] if `block` is in a region already,
    /// [`IrError::DetachedBlock`] if `before` is not.
    pub fn insert_block_before(&mut self, before: BlockId, block: BlockId) -> Result<(), IrError> {
        let d = self.block_data(before);
        let region = d.parent.ok_or(IrError::DetachedBlock(before))?;
        let prev = d.prev;
        self.link_block(region, block, prev, Some(before))
    }

    /// Places detached `block` right after `after` in `after`'s region.
    ///
    /// # Errors
    ///
    /// As [`insert_block_before`](Self::insert_block_before).
    pub fn insert_block_after(&mut self, after: BlockId, block: BlockId) -> Result<(), IrError> {
        let d = self.block_data(after);
        let region = d.parent.ok_or(IrError::DetachedBlock(after))?;
        let next = d.next;
        self.link_block(region, block, Some(after), next)
    }

    pub(crate) fn link_block(
        &mut self,
        region: RegionId,
        block: BlockId,
        prev: Option<BlockId>,
        next: Option<BlockId>,
    ) -> Result<(), IrError> {
        if self.block_data(block).parent.is_some() {
            return Err(IrError::AttachedBlock(block));
        }
        // An empty block holds no operation, so no region can be inside it.
        if self.block_data(block).first.is_some()
            && self.enclosing_blocks(region).any(|b| b == block)
        {
            return Err(IrError::BlockIntoItself(block));
        }
        let d = self.block_data_mut(block);
        d.parent = Some(region);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.block_data_mut(p).next = Some(block),
            None => self.region_data_mut(region).first = Some(block),
        }
        match next {
            Some(n) => self.block_data_mut(n).prev = Some(block),
            None => self.region_data_mut(region).last = Some(block),
        }
        Ok(())
    }

    /// Takes `block` out of its region, keeping it and what it holds.
    pub fn remove_block(&mut self, block: BlockId) {
        let d = self.block_data(block);
        let Some(region) = d.parent else { return };
        let (prev, next) = (d.prev, d.next);
        match prev {
            Some(p) => self.block_data_mut(p).next = next,
            None => self.region_data_mut(region).first = next,
        }
        match next {
            Some(n) => self.block_data_mut(n).prev = prev,
            None => self.region_data_mut(region).last = prev,
        }
        let d = self.block_data_mut(block);
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Erases `block` and the operations in it (MLIR's `Block::erase`).
    ///
    /// # Errors
    ///
    /// [`IrError::BlockInUse`] if an operation outside the block names it as
    /// a successor, [`IrError::ValueInUse`] if a value defined in it is used
    /// outside it; nothing is changed then.
    pub fn erase_block(&mut self, block: BlockId) -> Result<(), IrError> {
        let mut tree = Subtree::default();
        for o in self.block_ops(block).collect::<Vec<_>>() {
            let t = self.subtree(o);
            tree.ops.extend(t.ops);
            tree.blocks.extend(t.blocks);
            tree.regions.extend(t.regions);
        }
        tree.blocks.push(block);
        self.check_erasable(&tree, false)?;
        self.remove_block(block);
        self.free_tree(&tree);
        Ok(())
    }

    /// Appends an argument of type `ty` to `block`.
    pub fn add_block_argument(
        &mut self,
        block: BlockId,
        ty: Type<'c>,
        loc: Option<Location<'c>>,
    ) -> Value {
        let n = self.block_data(block).args.len();
        self.insert_block_argument(block, n, ty, loc)
            .expect("appending is in range")
    }

    /// Inserts an argument of type `ty` at position `index` of `block`.
    ///
    /// # Errors
    ///
    /// [`IrError::OutOfRange`] if `index` is past the end.
    pub fn insert_block_argument(
        &mut self,
        block: BlockId,
        index: usize,
        ty: Type<'c>,
        loc: Option<Location<'c>>,
    ) -> Result<Value, IrError> {
        let len = self.block_data(block).args.len();
        if index > len {
            return Err(IrError::OutOfRange {
                what: "block argument",
                index,
                len,
            });
        }
        let v = self.new_value(
            ty,
            ValueDef::Argument {
                block,
                number: index as u32,
            },
            loc,
        );
        self.block_data_mut(block).args.insert(index, v);
        self.renumber_args(block, index + 1);
        Ok(v)
    }

    /// Erases argument `index` of `block`.
    ///
    /// # Errors
    ///
    /// [`IrError::OutOfRange`] if there is no such argument,
    /// [`IrError::ValueInUse`] if it is used.
    pub fn erase_block_argument(&mut self, block: BlockId, index: usize) -> Result<(), IrError> {
        let args = &self.block_data(block).args;
        let Some(&v) = args.get(index) else {
            return Err(IrError::OutOfRange {
                what: "block argument",
                index,
                len: args.len(),
            });
        };
        if let Some(user) = self.uses(v).next() {
            return Err(IrError::ValueInUse { value: v, user });
        }
        self.block_data_mut(block).args.remove(index);
        self.values.remove(v.index());
        self.renumber_args(block, index);
        Ok(())
    }

    fn renumber_args(&mut self, block: BlockId, from: usize) {
        let args = self.block_data(block).args.clone();
        for (i, &v) in args.iter().enumerate().skip(from) {
            self.value_data_mut(v).def = ValueDef::Argument {
                block,
                number: i as u32,
            };
        }
    }
}

/// The nodes of an operation's tree in this body, in pre-order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Subtree {
    pub(crate) ops: Vec<OpId>,
    pub(crate) blocks: Vec<BlockId>,
    pub(crate) regions: Vec<RegionId>,
}
