//! The structural invariants of a body, stated as a check: what every
//! mutation keeps, and what the property tests verify after random
//! sequences of them.

use crate::body::{Body, ChildState, RegionParent, ValueDef};
use crate::error::Inconsistency;
use crate::id::{BlockId, BlockOperand, OpId, OpOperand, RegionId, Value};

macro_rules! ensure {
    ($cond:expr, $($fmt:tt)*) => {
        if !$cond {
            return Err(Inconsistency(format!($($fmt)*)));
        }
    };
}

impl Body<'_> {
    /// Checks the body's structure, and its children's that are home:
    ///
    /// 1. Every use-list is exact: it holds, once each, exactly the operand
    ///    slots that read its value, linked both ways; so do the
    ///    predecessor lists of blocks.
    /// 2. Every operand and successor names a live value or block.
    /// 3. A value's definition names the result or argument slot that
    ///    holds it, and every result and argument is a live value.
    /// 4. Every block's operation list and every region's block list is
    ///    linked both ways, and each member names it as its parent; every
    ///    operation or block with a parent is in that parent's list.
    /// 5. A region belongs to the operation that lists it (or is a root at
    ///    its position), an isolated operation lists no region of this body
    ///    and its child slot names it back.
    /// 6. No operation is inside its own regions (the parent chain of every
    ///    block ends).
    ///
    /// # Errors
    ///
    /// The first inconsistency found.
    pub fn check(&self) -> Result<(), Inconsistency> {
        self.check_uses()?;
        self.check_values()?;
        self.check_lists()?;
        self.check_regions()?;
        self.check_acyclic()?;
        for (i, slot) in self.children.iter().enumerate() {
            if let Some((op, state)) = &slot.entry {
                ensure!(self.contains_op(*op), "child slot {i} names dead {op:?}");
                let owner = self.op_data(*op).owner;
                ensure!(
                    owner.is_some_and(|o| o.slot() == i && o.generation() == slot.generation),
                    "child slot {i} and {op:?} disagree"
                );
                if let ChildState::Home(body) = state {
                    body.check()?;
                }
            }
        }
        Ok(())
    }

    fn check_uses(&self) -> Result<(), Inconsistency> {
        let mut linked = 0usize;
        let mut linked_succ = 0usize;
        for (i, op) in self.ops.iter() {
            let id = OpId::new(i);
            for (k, o) in op.operands.iter().enumerate() {
                let v = o.value.ok_or_else(|| {
                    Inconsistency(format!("operand {k} of {id:?} names no value"))
                })?;
                ensure!(
                    self.contains_value(v),
                    "operand {k} of {id:?} names dead {v:?}"
                );
                linked += 1;
            }
            for (k, s) in op.successors.iter().enumerate() {
                let b = s.block.ok_or_else(|| {
                    Inconsistency(format!("successor {k} of {id:?} names no block"))
                })?;
                ensure!(
                    self.contains_block(b),
                    "successor {k} of {id:?} names dead {b:?}"
                );
                linked_succ += 1;
            }
        }
        let mut listed = 0usize;
        for (i, v) in self.values.iter() {
            let value = Value::new(i);
            let mut prev: Option<OpOperand> = None;
            let mut cur = v.first_use;
            while let Some(u) = cur {
                listed += 1;
                ensure!(listed <= linked, "the use-list of {value:?} has a cycle");
                ensure!(
                    self.contains_op(u.op),
                    "a use of {value:?} names dead {:?}",
                    u.op
                );
                let slot = self
                    .op_data(u.op)
                    .operands
                    .get(u.index as usize)
                    .ok_or_else(|| Inconsistency(format!("a use of {value:?} is out of range")))?;
                ensure!(
                    slot.value == Some(value),
                    "{u:?} is in the list of {value:?} but reads {:?}",
                    slot.value
                );
                ensure!(slot.prev == prev, "{u:?} has a wrong back link");
                prev = Some(u);
                cur = slot.next;
            }
        }
        ensure!(
            listed == linked,
            "{linked} operands but {listed} entries in use-lists"
        );
        let mut listed = 0usize;
        for (i, b) in self.blocks.iter() {
            let block = BlockId::new(i);
            let mut prev: Option<BlockOperand> = None;
            let mut cur = b.first_use;
            while let Some(u) = cur {
                listed += 1;
                ensure!(
                    listed <= linked_succ,
                    "the predecessor list of {block:?} has a cycle"
                );
                ensure!(
                    self.contains_op(u.op),
                    "a predecessor of {block:?} is dead {:?}",
                    u.op
                );
                let slot = self
                    .op_data(u.op)
                    .successors
                    .get(u.index as usize)
                    .ok_or_else(|| {
                        Inconsistency(format!("a predecessor of {block:?} is out of range"))
                    })?;
                ensure!(
                    slot.block == Some(block),
                    "{u:?} is in the list of {block:?} but names {:?}",
                    slot.block
                );
                ensure!(slot.prev == prev, "{u:?} has a wrong back link");
                prev = Some(u);
                cur = slot.next;
            }
        }
        ensure!(
            listed == linked_succ,
            "{linked_succ} successors but {listed} entries in predecessor lists"
        );
        Ok(())
    }

    fn check_values(&self) -> Result<(), Inconsistency> {
        let mut defined = 0usize;
        for (i, op) in self.ops.iter() {
            let id = OpId::new(i);
            for (k, &v) in op.results.iter().enumerate() {
                ensure!(self.contains_value(v), "result {k} of {id:?} is dead {v:?}");
                ensure!(
                    self.value_def(v)
                        == ValueDef::Result {
                            op: id,
                            number: k as u32
                        },
                    "result {k} of {id:?} says it is {:?}",
                    self.value_def(v)
                );
                defined += 1;
            }
        }
        for (i, b) in self.blocks.iter() {
            let block = BlockId::new(i);
            for (k, &v) in b.args.iter().enumerate() {
                ensure!(
                    self.contains_value(v),
                    "argument {k} of {block:?} is dead {v:?}"
                );
                ensure!(
                    self.value_def(v)
                        == ValueDef::Argument {
                            block,
                            number: k as u32
                        },
                    "argument {k} of {block:?} says it is {:?}",
                    self.value_def(v)
                );
                defined += 1;
            }
        }
        ensure!(
            defined == self.values.len(),
            "{} live values but {defined} results and arguments",
            self.values.len()
        );
        Ok(())
    }

    fn check_lists(&self) -> Result<(), Inconsistency> {
        let mut attached = 0usize;
        for (i, b) in self.blocks.iter() {
            let block = BlockId::new(i);
            let mut prev = None;
            let mut cur = b.first;
            while let Some(o) = cur {
                attached += 1;
                ensure!(
                    attached <= self.ops.len(),
                    "the operation list of {block:?} has a cycle"
                );
                ensure!(self.contains_op(o), "{block:?} lists dead {o:?}");
                let d = self.op_data(o);
                ensure!(
                    d.parent == Some(block),
                    "{o:?} is in {block:?} but names {:?}",
                    d.parent
                );
                ensure!(d.prev == prev, "{o:?} has a wrong back link");
                prev = Some(o);
                cur = d.next;
            }
            ensure!(b.last == prev, "{block:?} has a wrong last operation");
        }
        let with_parent = self.ops.iter().filter(|(_, d)| d.parent.is_some()).count();
        ensure!(
            attached == with_parent,
            "{with_parent} operations name a block but blocks list {attached}"
        );
        let mut in_regions = 0usize;
        for (i, r) in self.regions.iter() {
            let region = RegionId::new(i);
            let mut prev = None;
            let mut cur = r.first;
            while let Some(b) = cur {
                in_regions += 1;
                ensure!(
                    in_regions <= self.blocks.len(),
                    "the block list of {region:?} has a cycle"
                );
                ensure!(self.contains_block(b), "{region:?} lists dead {b:?}");
                let d = self.block_data(b);
                ensure!(
                    d.parent == Some(region),
                    "{b:?} is in {region:?} but names {:?}",
                    d.parent
                );
                ensure!(d.prev == prev, "{b:?} has a wrong back link");
                prev = Some(b);
                cur = d.next;
            }
            ensure!(r.last == prev, "{region:?} has a wrong last block");
        }
        let with_parent = self
            .blocks
            .iter()
            .filter(|(_, d)| d.parent.is_some())
            .count();
        ensure!(
            in_regions == with_parent,
            "{with_parent} blocks name a region but regions list {in_regions}"
        );
        Ok(())
    }

    fn check_regions(&self) -> Result<(), Inconsistency> {
        let mut owned = 0usize;
        for (i, op) in self.ops.iter() {
            let id = OpId::new(i);
            if let Some(owner) = op.owner {
                ensure!(
                    op.regions.is_empty(),
                    "isolated {id:?} lists regions of its parent body"
                );
                ensure!(
                    self.owner_op(owner) == Some(id),
                    "{id:?} names a child slot that is not its own"
                );
            }
            for &r in &op.regions {
                ensure!(
                    self.regions.get(r.index()).is_some(),
                    "{id:?} lists dead {r:?}"
                );
                ensure!(
                    self.region_parent(r) == RegionParent::Op(id),
                    "{r:?} is listed by {id:?} but belongs to {:?}",
                    self.region_parent(r)
                );
                owned += 1;
            }
        }
        for (k, &r) in self.roots.iter().enumerate() {
            ensure!(
                self.regions.get(r.index()).is_some(),
                "root {k} is dead {r:?}"
            );
            ensure!(
                self.region_parent(r) == RegionParent::Owner(k as u32),
                "root {k} says it belongs to {:?}",
                self.region_parent(r)
            );
        }
        let claimed = self
            .regions
            .iter()
            .filter(|(_, r)| matches!(r.parent, RegionParent::Op(_)))
            .count();
        ensure!(
            claimed == owned,
            "{claimed} regions name an operation but operations list {owned}"
        );
        Ok(())
    }

    fn check_acyclic(&self) -> Result<(), Inconsistency> {
        // Each block's chain of enclosing blocks is followed until it ends or
        // meets a block already known to end; a block met twice on one
        // chain is inside itself. Linear: every block is marked once.
        const UNKNOWN: u8 = 0;
        const ON_PATH: u8 = 1;
        const ENDS: u8 = 2;
        let mut state = vec![UNKNOWN; self.blocks.slots.len()];
        let mut path = Vec::new();
        for (i, _) in self.blocks.iter() {
            let mut block = BlockId::new(i);
            path.clear();
            loop {
                match state[block.index()] {
                    ENDS => break,
                    ON_PATH => {
                        return Err(Inconsistency(format!("{block:?} is inside itself")));
                    }
                    _ => {}
                }
                state[block.index()] = ON_PATH;
                path.push(block);
                let Some(region) = self.block_data(block).parent else {
                    break;
                };
                let RegionParent::Op(holder) = self.region_parent(region) else {
                    break;
                };
                let Some(b) = self.op_data(holder).parent else {
                    break;
                };
                block = b;
            }
            for b in &path {
                state[b.index()] = ENDS;
            }
        }
        Ok(())
    }
}
