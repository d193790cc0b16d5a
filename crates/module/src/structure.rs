//! The rules MLIR's verifier applies to every operation, registered or not,
//! once a file has parsed (`mlir/lib/IR/Verifier.cpp` and `Dominance.cpp`):
//!
//! 1. The entry block of a region has no predecessors: "entry block of
//!    region may not have predecessors", at the operation that holds the
//!    region.
//! 2. A block of a region of several blocks is not empty: "empty block:
//!    expect at least a terminator", at the operation that holds the region.
//! 3. Only the last operation of a block has successors: "operation with
//!    block successors must terminate its parent block", at that operation.
//! 4. Every operand of an operation in a reachable block dominates it:
//!    "operand #N does not dominate this use", at the operation, with a note
//!    at the definition. A block dominates the blocks every path from its
//!    region's entry to them goes through; inside one block, a definition
//!    must come before its uses where the region has SSA dominance: a region
//!    of several blocks, or the one block of a registered operation other
//!    than a graph region (`builtin.module`, `scf.forall.in_parallel`, ...).
//!    A single block of an unregistered operation is a graph region, and a
//!    use inside an operation's own regions of a value that operation
//!    defines is dominated only in a graph region.
//!
//! 5. Inside a `builtin.module` (MLIR's `SymbolTable` trait), no two
//!    operations of its body define the same symbol (a `sym_name` string
//!    in their properties or attributes): "redefinition of symbol named
//!    'f'", at the later one, with a note at the first.
//!
//! MLIR checks rules 1 to 3 walking the operations in pre-order (an
//! operation's regions before its blocks, a block's operations before any
//! of them is entered), then rule 4, and stops at the first failure. An
//! operation isolated from above (`builtin.module`, `func.func`) is checked
//! whole, rules 1 to 5, when the walk leaves the operation around it, and
//! then rule 5 of the module being left; rule 4's walk takes the operations
//! of a region in order and then the regions nested in them, the last
//! first. This module follows the same order.

use core::ops::Range;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::FileLineColLoc;
use strata_ctx::{Attribute, Location};
use strata_syntax::ParseError;

use crate::print::registered_in_mlir_opt;
use crate::tree::{OpId, Operation, Unit, ValueData, ValueDef, ValueId};

/// The registered operations of `mlir-opt-19` whose regions are graph
/// regions (`RegionKindInterface`, `HasOnlyGraphRegion`): inside their one
/// block, uses may come before definitions.
const GRAPH_REGION_OPS: &[&str] = &[
    "builtin.module",
    "emitc.expression",
    "ml_program.subgraph",
    "scf.forall.in_parallel",
    "test.graph_loop",
    "test.graph_region",
    "test.single_no_terminator_op",
    "test.variadic_no_terminator_op",
    "transform.apply_conversion_patterns",
    "transform.apply_patterns",
    "transform.func.cast_and_call",
    "transform.structured.replace",
];

/// A block, as (unit, index in the unit's blocks).
type BlockRef = (u32, u32);

/// Where each node of a unit sits: an operation's block and position, a
/// block's region and position, a region's operation.
struct Parents {
    /// Per operation: its block and its position in the block (`None` for a
    /// top-level operation).
    op: Vec<Option<(BlockRef, u32)>>,
    /// Per block: its region and its position in the region.
    block: Vec<(u32, u32)>,
    /// Per region: the operation that holds it.
    region: Vec<u32>,
}

impl Parents {
    fn new(unit: &Unit<'_>, id: u32) -> Self {
        let mut p = Parents {
            op: vec![None; unit.ops.len()],
            block: vec![(0, 0); unit.blocks.len()],
            region: vec![0; unit.regions.len()],
        };
        for (oi, op) in unit.ops.iter().enumerate() {
            for &r in &op.regions {
                p.region[r as usize] = oi as u32;
                for (i, &b) in unit.regions[r as usize].blocks.iter().enumerate() {
                    p.block[b as usize] = (r, i as u32);
                    for (pos, o) in unit.blocks[b as usize].ops.iter().enumerate() {
                        p.op[o.index as usize] = Some(((id, b), pos as u32));
                    }
                }
            }
        }
        p
    }
}

/// A region's dominator tree (Cooper, Harvey and Kennedy's iteration over
/// the reverse post-order), by the blocks' positions in the region.
struct DomTree {
    /// The immediate dominator of each block (the entry's is itself);
    /// `u32::MAX` for a block not reachable from the entry.
    idom: Vec<u32>,
    /// Each reachable block's interval in a depth-first walk of the tree:
    /// `a` dominates `b` when `a`'s interval holds `b`'s, an answer in
    /// constant time however deep the tree (a chain of blocks each using a
    /// value of the first would otherwise cost its length squared).
    interval: Vec<(u32, u32)>,
}

impl DomTree {
    /// The tree of region `region` of `unit` (whose id is `id`).
    fn new(unit: &Unit<'_>, id: u32, region: u32) -> Self {
        let blocks = &unit.regions[region as usize].blocks;
        let n = blocks.len();
        let at: FxHashMap<u32, u32> = blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as u32))
            .collect();
        // Successors by position: a block's terminator's (rule 3 holds).
        let succ: Vec<Vec<u32>> = blocks
            .iter()
            .map(|&b| match unit.blocks[b as usize].ops.last() {
                Some(o) if o.unit == id => unit.ops[o.index as usize]
                    .successors
                    .iter()
                    .filter_map(|s| at.get(s).copied())
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        let mut pred: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (i, s) in succ.iter().enumerate() {
            for &t in s {
                pred[t as usize].push(i as u32);
            }
        }
        // Post-order from the entry, iteratively.
        let mut post = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        seen[0] = true;
        while let Some(&mut (b, ref mut next)) = stack.last_mut() {
            if let Some(&s) = succ[b as usize].get(*next) {
                *next += 1;
                if !seen[s as usize] {
                    seen[s as usize] = true;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let mut order = vec![u32::MAX; n];
        for (i, &b) in post.iter().rev().enumerate() {
            order[b as usize] = i as u32;
        }
        let mut idom = vec![u32::MAX; n];
        idom[0] = 0;
        let mut changed = true;
        while changed {
            changed = false;
            for &b in post.iter().rev().skip(1) {
                let mut new = u32::MAX;
                for &p in &pred[b as usize] {
                    if idom[p as usize] == u32::MAX {
                        continue;
                    }
                    new = if new == u32::MAX {
                        p
                    } else {
                        let (mut x, mut y) = (p, new);
                        while x != y {
                            while order[x as usize] > order[y as usize] {
                                x = idom[x as usize];
                            }
                            while order[y as usize] > order[x as usize] {
                                y = idom[y as usize];
                            }
                        }
                        x
                    };
                }
                if idom[b as usize] != new {
                    idom[b as usize] = new;
                    changed = true;
                }
            }
        }
        // The tree's intervals, by an iterative depth-first walk.
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (b, &d) in idom.iter().enumerate().skip(1) {
            if d != u32::MAX {
                children[d as usize].push(b as u32);
            }
        }
        let mut interval = vec![(0u32, 0u32); n];
        let mut clock = 0u32;
        let mut walk: Vec<(u32, usize)> = vec![(0, 0)];
        interval[0].0 = clock;
        while let Some(&mut (b, ref mut next)) = walk.last_mut() {
            if let Some(&c) = children[b as usize].get(*next) {
                *next += 1;
                clock += 1;
                interval[c as usize].0 = clock;
                walk.push((c, 0));
            } else {
                interval[b as usize].1 = clock;
                walk.pop();
            }
        }
        DomTree { idom, interval }
    }

    fn reachable(&self, b: u32) -> bool {
        self.idom[b as usize] != u32::MAX
    }

    /// LLVM's `properlyDominates` of two blocks of the region: a block not
    /// reachable from the entry is dominated by every other block, and a
    /// block not reachable dominates none.
    fn properly_dominates(&self, a: u32, b: u32) -> bool {
        if a == b {
            return false;
        }
        if !self.reachable(b) {
            return true;
        }
        if !self.reachable(a) {
            return false;
        }
        let (ia, ib) = (self.interval[a as usize], self.interval[b as usize]);
        ia.0 <= ib.0 && ib.1 <= ia.1
    }
}

/// The verifier's state: the unit checked (which holds everything inside
/// its top-level operations), its parents, the dominator trees built so
/// far, and how locations are placed in the text. A value of another unit
/// is defined at the top level of the module, whose body is a graph region:
/// it dominates every use.
struct Verifier<'m, 'c, 'a> {
    unit: &'m Unit<'c>,
    id: u32,
    parents: Parents,
    trees: FxHashMap<(u32, u32), DomTree>,
    at: &'a dyn Fn(Location<'_>) -> Option<usize>,
}

/// Which of MLIR's passes found an error in a top-level operation (see
/// [`check_tops`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Rules 1 to 3 in an operation not isolated from above.
    Structure,
    /// Any rule in an operation isolated from above.
    Whole,
    /// Rule 4 in an operation not isolated from above.
    Dominance,
}

/// The first error in MLIR's order among the errors of the top-level
/// operations of a module's body, each given with its phase, in the
/// operations' order, and the module's own rule 5 (`symbols`, see
/// [`first_redefinition`]): MLIR walks the body for rules 1 to 3, skipping
/// the operations isolated from above; checks those whole when it leaves
/// the module, then the module's rule 5; then checks rule 4 from a stack,
/// which takes the last operation first.
pub(crate) fn first_in_body(
    errors: impl IntoIterator<Item = (Phase, ParseError)>,
    symbols: impl FnOnce() -> Option<ParseError>,
) -> Option<ParseError> {
    let mut whole = None;
    let mut dominance = None;
    for (phase, e) in errors {
        match phase {
            Phase::Structure => return Some(e),
            Phase::Whole => {
                whole.get_or_insert(e);
            }
            Phase::Dominance => dominance = Some(e),
        }
    }
    whole.or_else(symbols).or(dominance)
}

/// The symbol operation `op` defines: its `sym_name` attribute if that is a
/// string (MLIR's `getAttrOfType<StringAttr>`: the properties' entry if
/// they have one, else the attribute dictionary's; a string with a type is
/// a `StringAttr` too, and a different one from the same string without),
/// with its text.
pub(crate) fn symbol_name<'c>(op: &Operation<'c>) -> Option<(Attribute<'c>, &'c str)> {
    let entry = |dict: Option<Attribute<'c>>| {
        let d = dict?.dyn_cast::<strata_builtin::DictionaryAttr>()?;
        d.payload()
            .entries
            .iter()
            .find(|e| e.name.payload().value == "sym_name")
            .map(|e| e.value)
    };
    let value = entry(op.properties).or_else(|| entry(op.attributes))?;
    let text = if let Some(s) = value.dyn_cast::<strata_builtin::StringAttr>() {
        s.payload().value
    } else {
        value
            .dyn_cast::<strata_builtin::TypedStringAttr>()?
            .payload()
            .value
    };
    Some((value, text))
}

/// MLIR's `verifySymbolTable` over a module's body, its operations in
/// order with the symbol each defines: the first one that redefines a
/// symbol (the same attribute), the one that defined it first, and the
/// symbol's text.
pub(crate) fn first_redefinition<'c, T: Copy>(
    body: impl IntoIterator<Item = (T, Option<(Attribute<'c>, &'c str)>)>,
) -> Option<(T, T, &'c str)> {
    // By address: an interned attribute is one storage. A body defines few
    // symbols, as a rule: a list first, a map past sixteen.
    let mut few: SmallVec<[(usize, T); 16]> = SmallVec::new();
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

/// Whether `builtin.module` operation `module` of `unit` has two operations
/// in its body that define the same symbol (all of them in `unit`: the root
/// is checked apart).
pub(crate) fn module_redefines(unit: &Unit<'_>, module: u32) -> bool {
    let body = unit.ops[module as usize]
        .regions
        .first()
        .into_iter()
        .flat_map(|&r| &unit.regions[r as usize].blocks)
        .flat_map(|&b| &unit.blocks[b as usize].ops)
        .filter_map(|o| unit.ops.get(o.index as usize))
        .map(|o| ((), symbol_name(o)));
    first_redefinition(body).is_some()
}

/// Rule 5's error: `later` redefines `name`, first defined at `first`.
pub(crate) fn redefinition(name: &str, later: Range<usize>, first: Range<usize>) -> ParseError {
    ParseError::new(later, format!("redefinition of symbol named '{name}'"))
        .with_note(first, "see existing symbol definition here")
}

/// Checks the top-level operations `tops` of the module's body, which with
/// everything inside them live in `unit` (whose id is `id`): the first error
/// of each that has one, with its phase, in their order (see
/// [`first_in_body`]). `at` places a location in the text, if it is a place
/// in the text; an operation located elsewhere (`loc("other.mlir":1:2)`, a
/// name) is reported at the nearest operation around it that is located in
/// the text, or else at the start of the text (MLIR reports it at its
/// location, which is not in the text).
pub(crate) fn check_tops(
    unit: &Unit<'_>,
    id: u32,
    tops: &[u32],
    at: &dyn Fn(Location<'_>) -> Option<usize>,
) -> Vec<(Phase, ParseError)> {
    let mut found = Vec::new();
    // Most operations hold no region: nothing to check, nothing to build.
    if !tops
        .iter()
        .any(|&t| !unit.ops[t as usize].regions.is_empty())
    {
        return found;
    }
    let mut v = Verifier::new(unit, id, at);
    for &t in tops {
        let top = OpId { unit: id, index: t };
        if v.op(top).regions.is_empty() {
            continue;
        }
        let result = if v.is_isolated(top) {
            v.op_and_dominance(top).map_err(|e| (Phase::Whole, e))
        } else {
            v.structure(top)
                .map_err(|e| (Phase::Structure, e))
                .and_then(|()| v.dominance(top).map_err(|e| (Phase::Dominance, e)))
        };
        if let Err(e) = result {
            found.push(e);
        }
    }
    found
}

impl<'m, 'c, 'a> Verifier<'m, 'c, 'a> {
    fn new(unit: &'m Unit<'c>, id: u32, at: &'a dyn Fn(Location<'_>) -> Option<usize>) -> Self {
        Verifier {
            unit,
            id,
            parents: Parents::new(unit, id),
            trees: FxHashMap::default(),
            at,
        }
    }

    /// Unit `u`, which is the one checked: every node the walks reach is in
    /// it.
    fn unit(&self, u: u32) -> &'m Unit<'c> {
        debug_assert_eq!(u, self.id);
        self.unit
    }

    fn op(&self, o: OpId) -> &'m Operation<'c> {
        &self.unit(o.unit).ops[o.index as usize]
    }

    /// The block and position of operation `o` (`None` for a top-level
    /// operation).
    fn op_block(&self, o: OpId) -> Option<(BlockRef, u32)> {
        self.parents.op[o.index as usize]
    }

    /// The region (unit, index) of block `b`.
    fn region_of(&self, b: BlockRef) -> (u32, u32) {
        (b.0, self.parents.block[b.1 as usize].0)
    }

    /// The operation that holds region `r`.
    fn region_op(&self, r: (u32, u32)) -> OpId {
        OpId {
            unit: r.0,
            index: self.parents.region[r.1 as usize],
        }
    }

    /// The definition of `v`, following forward references; `None` for a
    /// value of another unit (defined at the module's top level).
    fn resolve(&self, mut v: ValueId) -> Option<(ValueId, &'m ValueData<'c>)> {
        loop {
            if v.unit != self.id {
                return None;
            }
            let data = self.unit.values.get(v.index as usize)?;
            match data.def {
                ValueDef::Forward(to) => v = to,
                _ => return Some((v, data)),
            }
        }
    }

    fn name(&self, o: OpId) -> &'c str {
        self.op(o)
            .name
            .dyn_cast::<strata_builtin::StringAttr>()
            .map_or("", |s| s.payload().value)
    }

    fn is_isolated(&self, o: OpId) -> bool {
        !self.op(o).regions.is_empty() && crate::is_isolated(self.name(o))
    }

    /// Where operation `o` is reported.
    fn place(&self, o: OpId) -> Range<usize> {
        let mut cur = o;
        loop {
            if let Some(p) = (self.at)(self.op(cur).loc) {
                return p..p;
            }
            match self.op_block(cur) {
                Some((b, _)) => cur = self.region_op(self.region_of(b)),
                None => return 0..0,
            }
        }
    }

    /// MLIR's `verifyOpAndDominance`: rules 1 to 3, then rule 4.
    fn op_and_dominance(&mut self, op: OpId) -> Result<(), ParseError> {
        self.structure(op)?;
        self.dominance(op)
    }

    /// Rules 1 to 3 over `op` and the operations inside it (MLIR's
    /// `verifyOperation`); the operations isolated from above are checked
    /// whole when the walk leaves the operation whose regions hold them.
    /// Recursive: the parser bounds the nesting.
    fn structure(&mut self, op: OpId) -> Result<(), ParseError> {
        let o = self.op(op);
        if o.regions.is_empty() {
            return Ok(());
        }
        let unit = self.unit(op.unit);
        // Entering the operation: rule 1.
        for &r in &o.regions {
            let blocks = &unit.regions[r as usize].blocks;
            let Some(&entry) = blocks.first() else {
                continue;
            };
            // Successors name blocks of their own region, so the entry
            // block's predecessors are among the region's operations.
            let has_predecessor = blocks.iter().any(|&b| {
                unit.blocks[b as usize]
                    .ops
                    .iter()
                    .any(|&x| self.op(x).successors.contains(&entry))
            });
            if has_predecessor {
                return Err(ParseError::new(
                    self.place(op),
                    "entry block of region may not have predecessors",
                ));
            }
        }
        let mut isolated = Vec::new();
        for &r in &o.regions {
            let blocks = &unit.regions[r as usize].blocks;
            for &b in blocks {
                let ops = &unit.blocks[b as usize].ops;
                // Entering the block: rules 2 and 3.
                if ops.is_empty() && blocks.len() > 1 {
                    return Err(ParseError::new(
                        self.place(op),
                        "empty block: expect at least a terminator",
                    ));
                }
                if let Some((_, rest)) = ops.split_last()
                    && let Some(&x) = rest.iter().find(|&&x| !self.op(x).successors.is_empty())
                {
                    return Err(ParseError::new(
                        self.place(x),
                        "operation with block successors must terminate its parent block",
                    ));
                }
                for &x in ops {
                    if self.is_isolated(x) {
                        isolated.push(x);
                    } else {
                        self.structure(x)?;
                    }
                }
            }
        }
        // Leaving the operation: the isolated ones, whole. MLIR checks them
        // in parallel and reports each failure, in order; the first is this.
        for x in isolated {
            self.op_and_dominance(x)?;
        }
        // Then the module's own region invariants: rule 5.
        if self.name(op) == "builtin.module" {
            let body = o
                .regions
                .first()
                .into_iter()
                .flat_map(|&r| &unit.regions[r as usize].blocks)
                .flat_map(|&b| &unit.blocks[b as usize].ops)
                .map(|&x| (x, symbol_name(self.op(x))));
            if let Some((later, first, name)) = first_redefinition(body) {
                return Err(redefinition(name, self.place(later), self.place(first)));
            }
        }
        Ok(())
    }

    /// Rule 4 over the regions of `op` (MLIR's
    /// `verifyDominanceOfContainedRegions`): the operations of a region in
    /// order, then the regions nested in them from a stack, skipping the
    /// operations isolated from above.
    fn dominance(&mut self, op: OpId) -> Result<(), ParseError> {
        let mut stack = vec![op];
        while let Some(op) = stack.pop() {
            let unit = self.unit(op.unit);
            for &r in &self.op(op).regions {
                let blocks = &unit.regions[r as usize].blocks;
                for (i, &b) in blocks.iter().enumerate() {
                    let reachable = i == 0 || self.tree((op.unit, r)).reachable(i as u32);
                    for &x in &unit.blocks[b as usize].ops {
                        if reachable {
                            for (n, &v) in self.op(x).operands.iter().enumerate() {
                                if !self.value_dominates(v, x) {
                                    return Err(self.dominance_error(x, n, v));
                                }
                            }
                        }
                        if !self.op(x).regions.is_empty() && !self.is_isolated(x) {
                            stack.push(x);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn tree(&mut self, r: (u32, u32)) -> &DomTree {
        let unit = self.unit(r.0);
        self.trees
            .entry(r)
            .or_insert_with(|| DomTree::new(unit, r.0, r.1))
    }

    /// The position of block `b` in its region.
    fn block_index(&self, b: BlockRef) -> u32 {
        self.parents.block[b.1 as usize].1
    }

    /// Whether block `b` has SSA dominance (see the module's rule 4).
    fn ssa(&self, b: BlockRef) -> bool {
        let r = self.region_of(b);
        if self.unit(r.0).regions[r.1 as usize].blocks.len() > 1 {
            return true;
        }
        let name = self.name(self.region_op(r));
        registered_in_mlir_opt(name) && !GRAPH_REGION_OPS.contains(&name)
    }

    /// The block of region `r` that holds block `b`, if `b` is inside `r`.
    fn ancestor_block_in(&self, r: (u32, u32), mut b: BlockRef) -> Option<BlockRef> {
        loop {
            if self.region_of(b) == r {
                return Some(b);
            }
            let holder = self.region_op(self.region_of(b));
            b = self.op_block(holder)?.0;
        }
    }

    /// The operation of region `r` that holds operation `o` (or is `o`),
    /// with its block and position, if any.
    fn ancestor_op_in(&self, r: (u32, u32), mut o: OpId) -> Option<(BlockRef, u32)> {
        loop {
            let (b, pos) = self.op_block(o)?;
            if self.region_of(b) == r {
                return Some((b, pos));
            }
            o = self.region_op(self.region_of(b));
        }
    }

    /// MLIR's `DominanceInfo::properlyDominates(Value, Operation *)`.
    fn value_dominates(&mut self, v: ValueId, user: OpId) -> bool {
        let Some((v, data)) = self.resolve(v) else {
            return true;
        };
        let Some((ub, _)) = self.op_block(user) else {
            return true;
        };
        match data.def {
            ValueDef::Argument { block, .. } => {
                // `dominates(owner, user's block)`.
                let owner = (v.unit, block);
                let r = self.region_of(owner);
                let Some(b) = self.ancestor_block_in(r, ub) else {
                    return false;
                };
                if b == owner {
                    return true;
                }
                let (ia, ib) = (self.block_index(owner), self.block_index(b));
                self.tree(r).properly_dominates(ia, ib)
            }
            ValueDef::Result { op, .. } => {
                let def = OpId {
                    unit: v.unit,
                    index: op,
                };
                // A value of the module's body dominates everything in it.
                let Some((db, dpos)) = self.op_block(def) else {
                    return true;
                };
                if def == user {
                    return !self.ssa(db);
                }
                let r = self.region_of(db);
                let Some((b, upos)) = self.ancestor_op_in(r, user) else {
                    return false;
                };
                if b == db {
                    // (The defining operation holding the use is not
                    // enough: in a region with SSA dominance it does not
                    // come before itself.)
                    return dpos < upos || !self.ssa(db);
                }
                let (ia, ib) = (self.block_index(db), self.block_index(b));
                self.tree(r).properly_dominates(ia, ib)
            }
            ValueDef::Forward(_) => true,
        }
    }

    /// MLIR's `diagnoseInvalidOperandDominance`.
    fn dominance_error(&self, user: OpId, n: usize, v: ValueId) -> ParseError {
        let e = ParseError::new(
            self.place(user),
            format!("operand #{n} does not dominate this use"),
        );
        let (Some((v, data)), Some((ub, _))) = (self.resolve(v), self.op_block(user)) else {
            return e;
        };
        let r1 = self.region_of(ub);
        match data.def {
            ValueDef::Result { op, .. } => {
                let def = OpId {
                    unit: v.unit,
                    index: op,
                };
                let Some((db, _)) = self.op_block(def) else {
                    return e;
                };
                let r2 = self.region_of(db);
                let how = if ub == db {
                    "op in the same block"
                } else if r1 == r2 {
                    "op in the same region"
                } else if self.properly_inside(r1, r2) {
                    "op in a parent region"
                } else if self.properly_inside(r2, r1) {
                    "op in a child region"
                } else {
                    "op is neither in a parent nor in a child region"
                };
                e.with_note(self.place(def), format!("operand defined here ({how})"))
            }
            ValueDef::Argument { block, .. } => {
                let owner = (v.unit, block);
                let r2 = self.region_of(owner);
                let how = if r1 == r2 {
                    "in the same region"
                } else if self.properly_inside(r1, r2) {
                    "in a parent region"
                } else if self.properly_inside(r2, r1) {
                    "in a child region"
                } else {
                    "neither in a parent nor in a child region"
                };
                e.with_note(
                    self.place(self.region_op(r2)),
                    format!(
                        "operand defined as a block argument (block #{} {how})",
                        self.block_index(owner)
                    ),
                )
            }
            ValueDef::Forward(_) => e,
        }
    }

    /// Region `inner` is nested, at some depth, inside region `outer`.
    fn properly_inside(&self, inner: (u32, u32), outer: (u32, u32)) -> bool {
        let mut r = inner;
        loop {
            let Some((b, _)) = self.op_block(self.region_op(r)) else {
                return false;
            };
            r = self.region_of(b);
            if r == outer {
                return true;
            }
        }
    }
}

/// Where `loc` is in a text named `name` of `len` bytes whose lines start at
/// `starts`: a `file:line:col` location of that file is that byte (MLIR
/// reports a diagnostic at the operation's location); anything else is not
/// a place in the text.
pub(crate) fn locate(loc: Location<'_>, name: &str, starts: &[usize], len: usize) -> Option<usize> {
    let f = loc.dyn_cast::<FileLineColLoc>()?;
    let p = f.payload();
    if p.file != name {
        return None;
    }
    let start = *starts.get((p.line as usize).checked_sub(1)?)?;
    Some((start + (p.column as usize).saturating_sub(1)).min(len))
}
