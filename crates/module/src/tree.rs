//! The parser's own arenas: units (one per top-level operation), and the
//! operations, blocks, regions and values they own, which `lower.rs` turns
//! into `strata-ir`'s bodies once the file has parsed.
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
pub(crate) struct OpId {
    /// The unit that owns the operation.
    pub(crate) unit: UnitId,
    /// The index in the unit's operations.
    pub(crate) index: u32,
}

/// A value (an operation result or a block argument): its unit and index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ValueId {
    /// The unit that owns the value.
    pub(crate) unit: UnitId,
    /// The index in the unit's values.
    pub(crate) index: u32,
}

/// What defines a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueDef {
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
pub(crate) struct ValueData<'c> {
    /// What defines it.
    pub(crate) def: ValueDef,
    /// Its type.
    pub(crate) ty: Type<'c>,
    /// The location of a block argument (`None` for results).
    pub(crate) loc: Option<Location<'c>>,
}

/// An operation in the generic form: `"name"(operands)[successors]
/// <properties> (regions) {attributes} : type loc(...)`.
#[derive(Clone, Debug)]
pub(crate) struct Operation<'c> {
    /// The operation name, interned in the context (MLIR's `OperationName`):
    /// equal names are one handle.
    pub(crate) name: Attribute<'c>,
    /// The operands.
    pub(crate) operands: SmallVec<[ValueId; 2]>,
    /// The index of the first result in the unit's values; results are
    /// consecutive.
    pub(crate) first_result: u32,
    /// The number of results.
    pub(crate) num_results: u32,
    /// The successor blocks (indices in the unit's blocks).
    pub(crate) successors: SmallVec<[u32; 2]>,
    /// The properties (`<{...}>`), if any.
    pub(crate) properties: Option<Attribute<'c>>,
    /// The regions (indices in the unit's regions).
    pub(crate) regions: SmallVec<[u32; 2]>,
    /// The attribute dictionary (never empty when `Some`).
    pub(crate) attributes: Option<Attribute<'c>>,
    /// The function type `(operand types) -> result types`.
    pub(crate) ty: Type<'c>,
    /// The location.
    pub(crate) loc: Location<'c>,
}

/// A block: arguments and operations.
#[derive(Clone, Debug, Default)]
pub(crate) struct Block {
    /// The arguments (indices in the unit's values).
    pub(crate) args: Vec<u32>,
    /// The operations, in order (they may live in other units: the body of
    /// a module parsed in parallel).
    pub(crate) ops: Vec<OpId>,
}

/// A region: its blocks, the first being the entry block.
#[derive(Clone, Debug, Default)]
pub(crate) struct Region {
    /// The blocks (indices in the unit's blocks).
    pub(crate) blocks: Vec<u32>,
}

/// One arena: the nodes of one top-level operation (or of the root).
#[derive(Clone, Debug, Default)]
pub(crate) struct Unit<'c> {
    /// The operations.
    pub(crate) ops: Vec<Operation<'c>>,
    /// The blocks.
    pub(crate) blocks: Vec<Block>,
    /// The regions.
    pub(crate) regions: Vec<Region>,
    /// The values.
    pub(crate) values: Vec<ValueData<'c>>,
}

/// A file as the parser builds it: its units, its root operation (a
/// `builtin.module`, the file's own or an implicit one) and the file
/// metadata section; turned into [`crate::Module`]'s bodies once parsed.
#[derive(Clone, Debug)]
pub(crate) struct Tree<'c> {
    /// The units; unit 0 holds the root.
    pub(crate) units: Vec<Unit<'c>>,
    /// The root operation.
    pub(crate) root: OpId,
    /// The `{-# ... #-}` section, as parsed entries.
    pub(crate) resources: Vec<crate::ResourceGroup>,
    /// The printing hooks of the dialects the module was parsed with (their
    /// aliases, the elements their kinds print inside themselves).
    pub(crate) asm: AsmHooks,
}

impl<'c> Tree<'c> {
    /// The operation `id`.
    pub(crate) fn op(&self, id: OpId) -> &Operation<'c> {
        &self.units[id.unit as usize].ops[id.index as usize]
    }
}
