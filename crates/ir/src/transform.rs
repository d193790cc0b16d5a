//! The compound mutations of a body, in MLIR's order: replacing uses,
//! replacing an operation, splitting, merging and inlining blocks and
//! regions, and cloning (within a body, or into another one).
//!
//! Where MLIR's result depends on the order in which it moves uses (the
//! use-lists after a replacement or a clone), these do the same moves in
//! the same order, so that the printer, CSE and bytecode's use-list orders
//! see what they would see in MLIR.

use crate::handles::{Attribute, Location, Type};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::body::{Body, RegionParent};
use crate::error::IrError;
use crate::id::{BlockId, BlockOperand, OpId, OpOperand, RegionId, Value};
use crate::mutate::{InsertPoint, OperationState};

/// A mapping from the values and blocks of what is cloned to those of the
/// clone (MLIR's `IRMapping`). Map the values a clone into another body
/// reads from outside what it clones before cloning.
#[derive(Clone, Debug, Default)]
pub struct IrMapping {
    values: FxHashMap<Value, Value>,
    blocks: FxHashMap<BlockId, BlockId>,
}

impl IrMapping {
    /// An empty mapping.
    pub fn new() -> Self {
        Self::default()
    }

    /// Maps `from` to `to`.
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }

    /// Maps block `from` to `to`.
    pub fn map_block(&mut self, from: BlockId, to: BlockId) {
        self.blocks.insert(from, to);
    }

    /// What `v` maps to.
    pub fn value(&self, v: Value) -> Option<Value> {
        self.values.get(&v).copied()
    }

    /// What block `b` maps to.
    pub fn block(&self, b: BlockId) -> Option<BlockId> {
        self.blocks.get(&b).copied()
    }
}

impl<'c> Body<'c> {
    /// Replaces every use of `from` with `to` (MLIR's
    /// `replaceAllUsesWith`: the first use moves to the front of `to`'s list,
    /// then the next, so `from`'s uses end up reversed in front of `to`'s).
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        while let Some(u) = self.value_data(from).first_use {
            self.unlink_use(u);
            self.link_use(to, u);
        }
    }

    /// Replaces the uses of `from` for which `replace` says yes, visiting
    /// them in use-list order (MLIR's `replaceUsesWithIf`).
    pub fn replace_uses_with_if(
        &mut self,
        from: Value,
        to: Value,
        mut replace: impl FnMut(&Body<'c>, OpOperand) -> bool,
    ) {
        if from == to {
            return;
        }
        let uses: SmallVec<[OpOperand; 8]> = self.uses(from).collect();
        for u in uses {
            if replace(self, u) {
                self.unlink_use(u);
                self.link_use(to, u);
            }
        }
    }

    /// Replaces every use of `op`'s results with `values`, result by result,
    /// then erases `op` (MLIR's `RewriterBase::replaceOp`).
    ///
    /// # Errors
    ///
    /// [`IrError::CountMismatch`] if `values` is not one per result; those
    /// of [`erase_op`](Self::erase_op) if a replacement is defined inside
    /// `op`.
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Result<(), IrError> {
        let results = self.op_data(op).results.clone();
        if results.len() != values.len() {
            return Err(IrError::CountMismatch {
                expected: results.len(),
                found: values.len(),
            });
        }
        for (&r, &v) in results.iter().zip(values) {
            self.replace_all_uses_with(r, v);
        }
        self.erase_op(op)
    }

    /// Splits `block` before `op`: a new block placed right after `block`
    /// takes `op` and everything after it (MLIR's `Block::splitBlock`). The
    /// new block has no arguments.
    ///
    /// # Errors
    ///
    /// [`IrError::BadBlockPair`] if `op` is not in `block`,
    /// [`IrError::DetachedBlock`] if `block` is in no region.
    pub fn split_block(&mut self, block: BlockId, op: OpId) -> Result<BlockId, IrError> {
        if self.op_data(op).parent != Some(block) {
            return Err(IrError::BadBlockPair(block, block));
        }
        if self.block_data(block).parent.is_none() {
            return Err(IrError::DetachedBlock(block));
        }
        let new = self.create_block();
        self.insert_block_after(block, new)?;
        let prev = self.op_data(op).prev;
        let last = self.block_data(block).last;
        match prev {
            Some(p) => self.op_data_mut(p).next = None,
            None => self.block_data_mut(block).first = None,
        }
        self.block_data_mut(block).last = prev;
        self.op_data_mut(op).prev = None;
        {
            let d = self.block_data_mut(new);
            d.first = Some(op);
            d.last = last;
        }
        let mut cursor = Some(op);
        while let Some(o) = cursor {
            let d = self.op_data_mut(o);
            d.parent = Some(new);
            cursor = d.next;
        }
        Ok(new)
    }

    /// Moves the operations of `source` to `at`, replacing each argument of
    /// `source` with the value of `args` at its position, and erases the
    /// emptied `source` (MLIR's `RewriterBase::inlineBlockBefore`).
    ///
    /// # Errors
    ///
    /// [`IrError::CountMismatch`] if `args` is not one per argument,
    /// [`IrError::BlockInUse`] if `source` has predecessors,
    /// [`IrError::BadBlockPair`] if `at` is in `source` or inside one of its
    /// operations; nothing is changed then.
    pub fn inline_block_before(
        &mut self,
        source: BlockId,
        at: InsertPoint,
        args: &[Value],
    ) -> Result<(), IrError> {
        let n = self.block_data(source).args.len();
        if n != args.len() {
            return Err(IrError::CountMismatch {
                expected: n,
                found: args.len(),
            });
        }
        if let Some(pred) = self.predecessors(source).next() {
            return Err(IrError::BlockInUse {
                block: source,
                pred,
            });
        }
        let (dest, before) = match at {
            InsertPoint::Before(o) => {
                (self.op_data(o).parent.ok_or(IrError::Detached(o))?, Some(o))
            }
            InsertPoint::After(o) => (
                self.op_data(o).parent.ok_or(IrError::Detached(o))?,
                self.op_data(o).next,
            ),
            InsertPoint::Start(b) => (b, self.block_data(b).first),
            InsertPoint::End(b) => (b, None),
        };
        let dest_inside = self
            .block_data(dest)
            .parent
            .is_some_and(|r| self.enclosing_blocks(r).any(|b| b == source));
        if dest == source || dest_inside {
            return Err(IrError::BadBlockPair(source, dest));
        }
        let old_args = self.block_data(source).args.clone();
        for (&a, &v) in old_args.iter().zip(args) {
            self.replace_all_uses_with(a, v);
        }
        let ops: Vec<OpId> = self.block_ops(source).collect();
        for o in ops {
            self.remove_op(o);
            let at = match before {
                Some(b) => InsertPoint::Before(b),
                None => InsertPoint::End(dest),
            };
            self.insert_op(o, at)?;
        }
        self.erase_block(source)
    }

    /// Moves the operations of `source` to the end of `dest` and erases
    /// `source` (MLIR's `RewriterBase::mergeBlocks`).
    ///
    /// # Errors
    ///
    /// As [`inline_block_before`](Self::inline_block_before).
    pub fn merge_blocks(
        &mut self,
        source: BlockId,
        dest: BlockId,
        args: &[Value],
    ) -> Result<(), IrError> {
        self.inline_block_before(source, InsertPoint::End(dest), args)
    }

    /// Moves every block of `region` into `dest`, before `before` or, when
    /// `before` is `None`, at its end (MLIR's `inlineRegionBefore`).
    ///
    /// # Errors
    ///
    /// [`IrError::BadBlockPair`] if `before` is not in `dest`,
    /// [`IrError::RegionInUse`] if `dest` is `region` or inside it.
    pub fn inline_region_before(
        &mut self,
        region: RegionId,
        dest: RegionId,
        before: Option<BlockId>,
    ) -> Result<(), IrError> {
        if let Some(b) = before
            && self.block_data(b).parent != Some(dest)
        {
            return Err(IrError::BadBlockPair(b, b));
        }
        let dest_inside = self
            .enclosing_blocks(dest)
            .any(|b| self.block_data(b).parent == Some(region));
        if dest == region || dest_inside {
            return Err(IrError::RegionInUse(dest));
        }
        let blocks: Vec<BlockId> = self.blocks(region).collect();
        for b in blocks {
            self.remove_block(b);
            match before {
                Some(before) => self.insert_block_before(before, b)?,
                None => self.append_block(dest, b)?,
            }
        }
        Ok(())
    }

    /// Clones `op` and everything in it within this body, detached (place
    /// it with [`insert_op`](Self::insert_op)); `mapping` maps what is
    /// cloned to the clone afterwards (MLIR's `Operation::clone`, in its
    /// order: an operand whose value is defined later in the clone reads
    /// the original until the region's cloning ends and remaps it).
    ///
    /// # Errors
    ///
    /// [`IrError::ChildOut`] if a child body inside `op` is checked out.
    pub fn clone_op(&mut self, op: OpId, mapping: &mut IrMapping) -> Result<OpId, IrError> {
        let plan = Plan::of_op(self, op)?;
        plan.materialize(self, mapping, true)
    }

    /// Clones `op` of body `src`, and everything in it, into this body,
    /// detached. The values `op`'s tree reads from outside it, and the
    /// blocks it names outside it, must be mapped in `mapping` to values and
    /// blocks of this body: this is how an operation moves between owners
    /// (clone it into the target, then erase the original).
    ///
    /// # Errors
    ///
    /// [`IrError::Unmapped`] or [`IrError::UnmappedBlock`] for what is read
    /// from outside and not mapped (nothing is left in this body then);
    /// [`IrError::ChildOut`] if a child body inside `op` is checked out.
    pub fn clone_op_from(
        &mut self,
        src: &Body<'c>,
        op: OpId,
        mapping: &mut IrMapping,
    ) -> Result<OpId, IrError> {
        let plan = Plan::of_op(src, op)?;
        plan.materialize(self, mapping, false)
    }

    /// A copy of this body made the way MLIR clones an isolated operation's
    /// regions (use-lists in the clone's creation order), children
    /// included.
    pub(crate) fn clone_roots(&self) -> Result<Body<'c>, IrError> {
        let plan = Plan::of_roots(self)?;
        let mut dst = Body::new();
        for i in 0..self.roots.len() {
            let r = dst.new_region(RegionParent::Owner(i as u32));
            dst.roots.push(r);
        }
        plan.materialize_roots(&mut dst)?;
        Ok(dst)
    }
}

/// One step of a clone, read from the source before anything is written.
#[derive(Debug)]
enum Step<'c> {
    Op(Box<OpCopy<'c>>),
    Region,
    Block {
        src: BlockId,
        args: SmallVec<[(Value, Type<'c>, Option<Location<'c>>); 2]>,
    },
    EndBlock,
    EndRegion,
    EndOp,
}

#[derive(Debug)]
struct OpCopy<'c> {
    name: Attribute<'c>,
    def: Option<crate::dialect::OpDefId>,
    operands: SmallVec<[Value; 4]>,
    results: SmallVec<[(Value, Type<'c>); 2]>,
    successors: SmallVec<[BlockId; 2]>,
    attributes: Option<Attribute<'c>>,
    properties: Option<Attribute<'c>>,
    loc: Location<'c>,
    regions: usize,
    child: Option<Box<Body<'c>>>,
}

/// A clone's steps in MLIR's order: an operation, then each region's
/// blocks (their arguments, then their operations), then the end of the
/// operation, where its results are mapped.
#[derive(Debug)]
struct Plan<'c> {
    steps: Vec<Step<'c>>,
    /// The values defined and the blocks held in what is cloned: an
    /// operand reading one of them before it is mapped waits for the remap.
    inner_values: rustc_hash::FxHashSet<Value>,
    inner_blocks: rustc_hash::FxHashSet<BlockId>,
}

/// Where a materialisation is.
enum Frame {
    Op {
        op: OpId,
        next_region: usize,
        results: SmallVec<[Value; 2]>,
    },
    Roots {
        next_region: usize,
    },
    Region(RegionId),
    Block(BlockId),
}

impl<'c> Plan<'c> {
    fn empty() -> Self {
        Plan {
            steps: Vec::new(),
            inner_values: rustc_hash::FxHashSet::default(),
            inner_blocks: rustc_hash::FxHashSet::default(),
        }
    }

    fn of_op(src: &Body<'c>, op: OpId) -> Result<Self, IrError> {
        let mut plan = Plan::empty();
        plan.push_tree(src, op)?;
        Ok(plan)
    }

    fn of_roots(src: &Body<'c>) -> Result<Self, IrError> {
        let mut plan = Plan::empty();
        for &r in &src.roots {
            plan.push_region(src, r)?;
        }
        Ok(plan)
    }

    /// The steps of `region` and everything in it. Iterative: the stack
    /// holds what is left to emit.
    fn push_region(&mut self, src: &Body<'c>, region: RegionId) -> Result<(), IrError> {
        enum Todo {
            Region(RegionId),
            Block(BlockId),
            Op(OpId),
            Emit(u8),
        }
        const END_BLOCK: u8 = 0;
        const END_REGION: u8 = 1;
        const END_OP: u8 = 2;
        let mut todo = vec![Todo::Region(region)];
        while let Some(t) = todo.pop() {
            match t {
                Todo::Region(r) => {
                    self.steps.push(Step::Region);
                    todo.push(Todo::Emit(END_REGION));
                    let blocks: SmallVec<[BlockId; 4]> = src.blocks(r).collect();
                    todo.extend(blocks.into_iter().rev().map(Todo::Block));
                }
                Todo::Block(b) => {
                    self.inner_blocks.insert(b);
                    self.inner_values.extend(src.block_args(b).iter().copied());
                    let args = src
                        .block_args(b)
                        .iter()
                        .map(|&a| (a, src.value_type(a), src.value_location(a)))
                        .collect();
                    self.steps.push(Step::Block { src: b, args });
                    todo.push(Todo::Emit(END_BLOCK));
                    let ops: SmallVec<[OpId; 8]> = src.block_ops(b).collect();
                    todo.extend(ops.into_iter().rev().map(Todo::Op));
                }
                Todo::Op(o) => {
                    let copy = self.copy_op(src, o)?;
                    self.steps.push(Step::Op(Box::new(copy)));
                    todo.push(Todo::Emit(END_OP));
                    let regions = &src.op_data(o).regions;
                    todo.extend(regions.iter().rev().map(|&r| Todo::Region(r)));
                }
                Todo::Emit(END_BLOCK) => self.steps.push(Step::EndBlock),
                Todo::Emit(END_REGION) => self.steps.push(Step::EndRegion),
                Todo::Emit(_) => self.steps.push(Step::EndOp),
            }
        }
        Ok(())
    }

    fn push_tree(&mut self, src: &Body<'c>, op: OpId) -> Result<(), IrError> {
        let copy = self.copy_op(src, op)?;
        self.steps.push(Step::Op(Box::new(copy)));
        for &r in &src.op_data(op).regions {
            self.push_region(src, r)?;
        }
        self.steps.push(Step::EndOp);
        Ok(())
    }

    fn copy_op(&mut self, src: &Body<'c>, op: OpId) -> Result<OpCopy<'c>, IrError> {
        let d = src.op_data(op);
        self.inner_values.extend(d.results.iter().copied());
        let child = match d.owner {
            None => None,
            Some(owner) => {
                let body = src.child(owner).ok_or(IrError::ChildOut(owner))?;
                Some(Box::new(body.clone_roots()?))
            }
        };
        Ok(OpCopy {
            name: d.name,
            def: d.def,
            operands: d
                .operands
                .iter()
                .map(|o| o.value.expect("a finished operation's operand"))
                .collect(),
            results: d.results.iter().map(|&v| (v, src.value_type(v))).collect(),
            successors: d
                .successors
                .iter()
                .map(|s| s.block.expect("a finished operation's successor"))
                .collect(),
            attributes: d.attributes,
            properties: d.properties,
            loc: d.loc,
            regions: d.regions.len(),
            child,
        })
    }

    fn materialize(
        self,
        dst: &mut Body<'c>,
        mapping: &mut IrMapping,
        same_body: bool,
    ) -> Result<OpId, IrError> {
        let mut m = Materializer {
            dst,
            mapping,
            same_body,
            operands: FxHashMap::default(),
            successors: FxHashMap::default(),
            frames: Vec::new(),
            root: None,
            inner_values: &self.inner_values,
            inner_blocks: &self.inner_blocks,
            failed: None,
        };
        for step in self.steps {
            m.step(step)?;
        }
        let root = m.root.expect("a plan of an operation creates it");
        m.finish(root)?;
        Ok(root)
    }

    fn materialize_roots(self, dst: &mut Body<'c>) -> Result<(), IrError> {
        let mut mapping = IrMapping::new();
        let mut m = Materializer {
            dst,
            mapping: &mut mapping,
            same_body: false,
            operands: FxHashMap::default(),
            successors: FxHashMap::default(),
            frames: vec![Frame::Roots { next_region: 0 }],
            root: None,
            inner_values: &self.inner_values,
            inner_blocks: &self.inner_blocks,
            failed: None,
        };
        for step in self.steps {
            m.step(step)?;
        }
        if let Some(e) = m.failed {
            return Err(e);
        }
        if let Some(&v) = m.operands.values().next() {
            return Err(IrError::Unmapped(v));
        }
        if let Some(&b) = m.successors.values().next() {
            return Err(IrError::UnmappedBlock(b));
        }
        Ok(())
    }
}

/// The state of one clone being written.
struct Materializer<'d, 'm, 'c> {
    dst: &'d mut Body<'c>,
    mapping: &'m mut IrMapping,
    same_body: bool,
    /// Operands whose value was not mapped when they were created: the
    /// source value, to remap at the end of the enclosing region.
    operands: FxHashMap<OpOperand, Value>,
    /// Successors likewise.
    successors: FxHashMap<BlockOperand, BlockId>,
    frames: Vec<Frame>,
    root: Option<OpId>,
    inner_values: &'m rustc_hash::FxHashSet<Value>,
    inner_blocks: &'m rustc_hash::FxHashSet<BlockId>,
    /// The first value or block read from outside and not mapped, in a
    /// clone into another body.
    failed: Option<IrError>,
}

impl<'c> Materializer<'_, '_, 'c> {
    fn step(&mut self, step: Step<'c>) -> Result<(), IrError> {
        match step {
            Step::Op(copy) => return self.op(*copy),
            Step::Region => {
                let region = match self.frames.last_mut() {
                    Some(Frame::Op {
                        op, next_region, ..
                    }) => {
                        let r = self.dst.op_data(*op).regions[*next_region];
                        *next_region += 1;
                        r
                    }
                    Some(Frame::Roots { next_region }) => {
                        let r = self.dst.roots[*next_region];
                        *next_region += 1;
                        r
                    }
                    _ => unreachable!("a region step follows an operation or the roots"),
                };
                self.frames.push(Frame::Region(region));
            }
            Step::Block { src, args } => {
                let Some(&Frame::Region(region)) = self.frames.last() else {
                    unreachable!("a block step follows a region step")
                };
                let b = self.dst.create_block();
                self.mapping.map_block(src, b);
                // An argument the caller mapped already is dropped from the
                // clone, as MLIR's `Region::cloneInto` drops it.
                for (a, ty, loc) in args {
                    if self.mapping.value(a).is_none() {
                        let v = self.dst.add_block_argument(b, ty, loc);
                        self.mapping.map_value(a, v);
                    }
                }
                self.dst.append_block(region, b)?;
                self.frames.push(Frame::Block(b));
            }
            Step::EndBlock => {
                self.frames.pop();
            }
            Step::EndRegion => {
                let Some(Frame::Region(region)) = self.frames.pop() else {
                    unreachable!("an end of region closes a region")
                };
                self.remap_region(region);
            }
            Step::EndOp => {
                let Some(Frame::Op { op, results, .. }) = self.frames.pop() else {
                    unreachable!("an end of operation closes an operation")
                };
                // The results are mapped once the operation's regions are
                // cloned, as MLIR's `Operation::clone` maps them: a use of
                // them inside those regions is remapped by the region
                // around the operation.
                let new = self.dst.op_data(op).results.clone();
                for (src, new) in results.into_iter().zip(new) {
                    self.mapping.map_value(src, new);
                }
            }
        }
        Ok(())
    }

    fn op(&mut self, copy: OpCopy<'c>) -> Result<(), IrError> {
        let mut state = OperationState::new(copy.name, copy.loc);
        state.def = copy.def;
        state.attributes = copy.attributes;
        state.properties = copy.properties;
        state.regions = copy.regions;
        state.result_types = copy.results.iter().map(|&(_, t)| t).collect();
        let op = self.dst.create_op(state);
        // Operands and successors join their lists in order, each at the
        // front, as the constructor in `create_op` would link them.
        self.dst.op_data_mut(op).operands = SmallVec::from_elem(
            crate::body::Operand {
                value: None,
                prev: None,
                next: None,
            },
            copy.operands.len(),
        );
        for (i, &v) in copy.operands.iter().enumerate() {
            let u = OpOperand {
                op,
                index: i as u32,
            };
            match self.mapping.value(v) {
                Some(m) => self.dst.link_use(m, u),
                None => {
                    if self.same_body {
                        self.dst.link_use(v, u);
                    }
                    if self.inner_values.contains(&v) {
                        self.operands.insert(u, v);
                    } else if !self.same_body {
                        self.failed.get_or_insert(IrError::Unmapped(v));
                    }
                }
            }
        }
        let n = copy.successors.len();
        self.dst.op_data_mut(op).successors = SmallVec::from_elem(
            crate::body::Successor {
                block: None,
                prev: None,
                next: None,
            },
            n,
        );
        for (i, &b) in copy.successors.iter().enumerate() {
            let u = BlockOperand {
                op,
                index: i as u32,
            };
            match self.mapping.block(b) {
                Some(m) => self.dst.link_pred(m, u),
                None => {
                    if self.same_body {
                        self.dst.link_pred(b, u);
                    }
                    if self.inner_blocks.contains(&b) {
                        self.successors.insert(u, b);
                    } else if !self.same_body {
                        self.failed.get_or_insert(IrError::UnmappedBlock(b));
                    }
                }
            }
        }
        if let Some(child) = copy.child {
            let owner = self.dst.adopt_child(op, child);
            self.dst.op_data_mut(op).owner = Some(owner);
        }
        match self.frames.last() {
            Some(&Frame::Block(b)) => self.dst.insert_op(op, InsertPoint::End(b))?,
            Some(_) => unreachable!("an operation step follows a block step or starts the plan"),
            None => self.root = Some(op),
        }
        self.frames.push(Frame::Op {
            op,
            next_region: 0,
            results: copy.results.iter().map(|&(v, _)| v).collect(),
        });
        Ok(())
    }

    /// MLIR's second pass of `Region::cloneInto`: every operation of the
    /// region's blocks, nested ones first (a post-order walk), gets the
    /// mapped value of each operand and successor that was not mapped when
    /// it was created.
    fn remap_region(&mut self, region: RegionId) {
        // The walk changes something only if a waiting operand's value (or
        // successor's block) is mapped by now; skipping it otherwise keeps a
        // deep clone linear.
        let ready = self
            .operands
            .values()
            .any(|&v| self.mapping.value(v).is_some())
            || self
                .successors
                .values()
                .any(|&b| self.mapping.block(b).is_some());
        if !ready {
            return;
        }
        let mut order = Vec::new();
        let mut stack: Vec<(OpId, bool)> = Vec::new();
        for b in self.dst.blocks(region).collect::<SmallVec<[BlockId; 4]>>() {
            let ops: SmallVec<[OpId; 8]> = self.dst.block_ops(b).collect();
            for o in ops {
                stack.push((o, false));
                while let Some((o, expanded)) = stack.pop() {
                    if expanded {
                        order.push(o);
                        continue;
                    }
                    stack.push((o, true));
                    let mut inner = Vec::new();
                    for &r in &self.dst.op_data(o).regions {
                        for b in self.dst.blocks(r) {
                            inner.extend(self.dst.block_ops(b));
                        }
                    }
                    stack.extend(inner.into_iter().rev().map(|o| (o, false)));
                }
            }
        }
        for o in order {
            for i in 0..self.dst.op_data(o).operands.len() {
                let u = OpOperand {
                    op: o,
                    index: i as u32,
                };
                if let Some(&v) = self.operands.get(&u)
                    && let Some(m) = self.mapping.value(v)
                {
                    self.dst.unlink_use(u);
                    self.dst.link_use(m, u);
                    self.operands.remove(&u);
                }
            }
            for i in 0..self.dst.op_data(o).successors.len() {
                let u = BlockOperand {
                    op: o,
                    index: i as u32,
                };
                if let Some(&b) = self.successors.get(&u)
                    && let Some(m) = self.mapping.block(b)
                {
                    self.dst.unlink_pred(u);
                    self.dst.link_pred(m, u);
                    self.successors.remove(&u);
                }
            }
        }
    }

    /// What is left unmapped reads the original in the same body (MLIR's
    /// `lookupOrDefault`); into another body it is an error, and the
    /// half-made clone goes.
    fn finish(&mut self, root: OpId) -> Result<(), IrError> {
        if self.same_body {
            return Ok(());
        }
        let mut err = self.failed;
        if err.is_some() {
        } else if let Some((_, &v)) = self.operands.iter().min_by_key(|(u, _)| **u) {
            err = Some(IrError::Unmapped(v));
        } else if let Some((_, &b)) = self.successors.iter().min_by_key(|(u, _)| **u) {
            err = Some(IrError::UnmappedBlock(b));
        }
        match err {
            None => Ok(()),
            Some(e) => {
                let tree = self.dst.subtree(root);
                for &o in &tree.ops {
                    self.dst.drop_references(o);
                }
                self.dst
                    .erase_op(root)
                    .expect("a detached clone with no references is erasable");
                Err(e)
            }
        }
    }
}
