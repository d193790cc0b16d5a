//! The operation tree: units (one arena per top-level operation), and the
//! operations, blocks, regions and values they own.
//!
//! Every node is addressed by a small id that names its unit and its index
//! in that unit's arena, so units parsed on different threads can refer to
//! each other (a value defined by one top-level operation and used by
//! another) without sharing memory while they are built.

use smallvec::SmallVec;
use strata_builtin::AsmHooks;
use strata_ctx::{Attribute, Location, Type};

/// The unit (arena) of a node.
pub(crate) type UnitId = u32;

/// An operation: its unit and its index in that unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId {
    /// The unit that owns the operation.
    pub unit: UnitId,
    /// The index in the unit's operations.
    pub index: u32,
}

/// A value (an operation result or a block argument): its unit and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId {
    /// The unit that owns the value.
    pub unit: UnitId,
    /// The index in the unit's values.
    pub index: u32,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `number` of operation `op` (of the same unit).
    Result {
        /// The defining operation's index in the unit.
        op: u32,
        /// The result number.
        number: u32,
    },
    /// Argument `number` of block `block` (of the same unit).
    Argument {
        /// The block's index in the unit.
        block: u32,
        /// The argument number.
        number: u32,
    },
    /// A use of a name the unit did not define, resolved after all units
    /// are parsed: it stands for the value it was resolved to.
    Forward(ValueId),
}

/// A value's definition and type.
#[derive(Clone, Copy, Debug)]
pub struct ValueData<'c> {
    /// What defines it.
    pub def: ValueDef,
    /// Its type.
    pub ty: Type<'c>,
    /// The location of a block argument (`None` for results).
    pub loc: Option<Location<'c>>,
}

/// An operation in the generic form: `"name"(operands)[successors]
/// <properties> (regions) {attributes} : type loc(...)`.
#[derive(Clone, Debug)]
pub struct Operation<'c> {
    /// The operation name, interned in the context (MLIR's `OperationName`):
    /// equal names are one handle.
    pub name: Attribute<'c>,
    /// The operands.
    pub operands: SmallVec<[ValueId; 2]>,
    /// The index of the first result in the unit's values; results are
    /// consecutive.
    pub first_result: u32,
    /// The number of results.
    pub num_results: u32,
    /// The successor blocks (indices in the unit's blocks).
    pub successors: SmallVec<[u32; 2]>,
    /// The properties (`<{...}>`), if any.
    pub properties: Option<Attribute<'c>>,
    /// The regions (indices in the unit's regions).
    pub regions: SmallVec<[u32; 2]>,
    /// The attribute dictionary (never empty when `Some`).
    pub attributes: Option<Attribute<'c>>,
    /// The function type `(operand types) -> result types`.
    pub ty: Type<'c>,
    /// The location.
    pub loc: Location<'c>,
}

/// A block: arguments and operations.
#[derive(Clone, Debug, Default)]
pub struct Block {
    /// The arguments (indices in the unit's values).
    pub args: Vec<u32>,
    /// The operations, in order (they may live in other units: the body of
    /// a module parsed in parallel).
    pub ops: Vec<OpId>,
}

/// A region: its blocks, the first being the entry block.
#[derive(Clone, Debug, Default)]
pub struct Region {
    /// The blocks (indices in the unit's blocks).
    pub blocks: Vec<u32>,
}

/// One arena: the nodes of one top-level operation (or of the root).
#[derive(Clone, Debug, Default)]
pub struct Unit<'c> {
    /// The operations.
    pub ops: Vec<Operation<'c>>,
    /// The blocks.
    pub blocks: Vec<Block>,
    /// The regions.
    pub regions: Vec<Region>,
    /// The values.
    pub values: Vec<ValueData<'c>>,
}

/// A file as the parser builds it: its units, its root operation (a
/// `builtin.module`, the file's own or an implicit one) and the file
/// metadata section; turned into [`crate::Module`]'s bodies once parsed.
#[derive(Clone, Debug)]
pub struct Tree<'c> {
    /// The units; unit 0 holds the root.
    pub units: Vec<Unit<'c>>,
    /// The root operation.
    pub root: OpId,
    /// The `{-# ... #-}` section, as parsed entries.
    pub resources: Vec<crate::ResourceGroup>,
    /// The printing hooks of the dialects the module was parsed with (their
    /// aliases, the elements their kinds print inside themselves).
    pub asm: AsmHooks,
}

impl<'c> Tree<'c> {
    /// The operation `id`.
    pub fn op(&self, id: OpId) -> &Operation<'c> {
        &self.units[id.unit as usize].ops[id.index as usize]
    }

    /// The value `id`, following forward references to their definition.
    pub fn value(&self, mut id: ValueId) -> (ValueId, &ValueData<'c>) {
        loop {
            let data = &self.units[id.unit as usize].values[id.index as usize];
            match data.def {
                ValueDef::Forward(to) => id = to,
                _ => return (id, data),
            }
        }
    }

    /// The number of operations in the module, the root included.
    pub fn num_operations(&self) -> usize {
        self.units.iter().map(|u| u.ops.len()).sum()
    }

    /// The results of operation `id`, in order.
    pub fn results(&self, id: OpId) -> impl ExactSizeIterator<Item = ValueId> + '_ {
        let op = self.op(id);
        (op.first_result..op.first_result + op.num_results).map(move |index| ValueId {
            unit: id.unit,
            index,
        })
    }

    /// The regions of operation `id`, in order. A region's and a block's
    /// indices are in the unit of the operation that owns them, so the
    /// tree is read through these accessors rather than through `units`.
    pub fn regions(&self, id: OpId) -> impl ExactSizeIterator<Item = &Region> + '_ {
        let unit = &self.units[id.unit as usize];
        self.op(id)
            .regions
            .iter()
            .map(move |&r| &unit.regions[r as usize])
    }

    /// The blocks of region `region` (an index into
    /// [`Operation::regions`]) of operation `id`, the entry block first.
    ///
    /// # Panics
    ///
    /// If the operation has no region `region`.
    pub fn blocks(&self, id: OpId, region: usize) -> impl ExactSizeIterator<Item = &Block> + '_ {
        let unit = &self.units[id.unit as usize];
        let region = &unit.regions[self.op(id).regions[region] as usize];
        region.blocks.iter().map(move |&b| &unit.blocks[b as usize])
    }

    /// The arguments of a block of operation `id` (a block that
    /// [`blocks`](Self::blocks) gave for that operation), in order.
    pub fn block_arguments<'m>(
        &'m self,
        id: OpId,
        block: &'m Block,
    ) -> impl ExactSizeIterator<Item = ValueId> + 'm {
        block.args.iter().map(move |&index| ValueId {
            unit: id.unit,
            index,
        })
    }

    /// The successors of operation `id`: the blocks its terminator may
    /// branch to, in order.
    pub fn successors(&self, id: OpId) -> impl ExactSizeIterator<Item = &Block> + '_ {
        let unit = &self.units[id.unit as usize];
        self.op(id)
            .successors
            .iter()
            .map(move |&b| &unit.blocks[b as usize])
    }

    /// Calls `f` on every operation of the module in pre-order (an
    /// operation before the operations of its regions, regions, blocks and
    /// operations in order), the root first: the order in which they are
    /// printed. Iterative, so a deeply nested module cannot overflow the
    /// stack.
    pub fn walk(&self, mut f: impl FnMut(OpId, &Operation<'c>)) {
        let mut stack = vec![self.root];
        while let Some(id) = stack.pop() {
            f(id, self.op(id));
            let unit = &self.units[id.unit as usize];
            let start = stack.len();
            for &r in &self.op(id).regions {
                for &b in &unit.regions[r as usize].blocks {
                    stack.extend_from_slice(&unit.blocks[b as usize].ops);
                }
            }
            stack[start..].reverse();
        }
    }
}
