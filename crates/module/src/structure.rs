//! The rules MLIR's verifier applies to every operation, registered or not,
//! once a file has parsed (`mlir/lib/IR/Verifier.cpp` and `Dominance.cpp`),
//! checked on `strata-ir`'s bodies, so that they hold for a module however
//! it was made (parsed, or changed by a rewrite):
//!
//! 0. An operation is not an unknown operation of a dialect that allows
//!    none ([`strata_builtin::Registration::Unknown`]): "unregistered
//!    operation 'arith.nosuch' found in dialect ('arith') that does not
//!    allow unknown operations", at the operation, checked as the walk
//!    enters it.
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
//! 5. Inside a `builtin.module` (MLIR's `SymbolTable` trait), no two
//!    operations of its body define the same symbol (a `sym_name` string
//!    in their properties or attributes): "redefinition of symbol named
//!    'f'", at the later one, with a note at the first.
//!
//! An error of rules 0 and 3 to 5 is MLIR's `Operation::emitError`: its first note,
//! at the same place, is "see current operation: " and the operation as
//! `crate::print::op_note` prints it (where the checker asks for it; rules
//! 1 and 2 report at a location, with no note).
//!
//! MLIR checks rules 0 to 3 walking the operations in pre-order (an
//! operation's regions before its blocks, a block's operations before the
//! next block is entered: rule 3 for all the operations of a block before
//! rule 0 for the first), then rule 4, and stops at the first failure. An
//! operation isolated from above (one with a body of its own) is checked
//! whole, rules 0 to 5, when the walk leaves the operation around it (all
//! of them at once, on several threads where the parse is parallel: the
//! first failure in their order is the one reported), and then rule 5 of
//! the operation being left; rule 4's walk takes the operations of a
//! region in order and then the regions nested in them, the last first.
//! This module follows the same order, with explicit stacks, so nesting
//! depth costs no call stack (an isolated operation inside another is the
//! one recursion: its body is checked as MLIR checks it, as a whole).

use core::ops::Range;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::{CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc, UnknownLoc};
use strata_ctx::{Attribute, Location};
use strata_ir::{
    BlockId, Body, OpId, OpRegistry, OpSite, RegionId, RegionParent, Traits, Value, ValueDef,
};
use strata_ir::{defined_symbol as symbol_name, first_redefinition};
use strata_syntax::ParseError;

use strata_builtin::AsmHooks;

/// Where MLIR reports a diagnostic at a location (see [`locate`]).
pub(crate) type At<'a> = dyn Fn(Location<'_>) -> Place + Sync + 'a;

/// Where an error or a note about an operation is reported (see
/// [`Scope::place`]).
#[derive(Clone, Debug, Default)]
struct Placed {
    /// A place in the text.
    span: Range<usize>,
    /// Where MLIR reports it instead, outside the text (see [`Place`]).
    outside: Option<strata_diag::Location>,
    /// The places of the "called from" notes of an error there (see
    /// [`callers`]).
    callers: Vec<(Range<usize>, Option<strata_diag::Location>)>,
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
    /// The tree of a region whose blocks' successors, by position, are
    /// `succ`.
    fn new(succ: &[SmallVec<[u32; 2]>]) -> Self {
        let n = succ.len();
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

/// The note MLIR's `Operation::emitError` attaches to an error about an
/// operation (`current`: the operation's text, see [`crate::print::op_note`]),
/// at the error's place.
pub(crate) fn current_op_note(e: ParseError, current: Option<String>) -> ParseError {
    match current {
        Some(text) => {
            let at = e.span();
            let outside = e.location().cloned();
            e.with_located_note(at, outside, format!("see current operation: {text}"))
        }
        None => e,
    }
}

/// The "see current operation" note's text for the first operation, in
/// print order, named `name` and located at `loc`, where `op_note` asks for
/// one (for an error found while the parse keeps no handle on the
/// operation: a use of a value from outside an isolated operation).
pub(crate) fn current_op_at<'c>(
    module: &crate::Module<'c>,
    op_note: crate::parse::OpNote,
    loc: Location<'c>,
    name: Attribute<'c>,
) -> Option<String> {
    let options = op_note?;
    // The owner of each isolated operation's body, by the body's address.
    let mut owners: FxHashMap<usize, (&Body<'c>, OpId)> = FxHashMap::default();
    let mut found = None;
    module.walk(|body, op| {
        let o = body.op(op);
        if let Some(child) = o.owner().and_then(|c| body.child(c)) {
            owners.insert(core::ptr::from_ref(child).addr(), (body, op));
        }
        if found.is_none() && o.location() == loc && o.name() == name {
            found = Some((body, op));
        }
    });
    let (body, op) = found?;
    let owner = owners.get(&core::ptr::from_ref(body).addr()).copied();
    Some(crate::print::op_note(module, owner, body, op, options))
}

/// How the rules are checked: where locations are in the text, whether the
/// isolated operations of one region are checked on several threads, and
/// which operations of the file's top level need no check.
pub(crate) struct Checker<'a> {
    /// Places a location ([`locate`]); an error about an operation located
    /// outside the text (`loc("other.mlir":1:2)`, a name) is reported
    /// there, its span the nearest operation around it that is located in
    /// the text, or else the start of the text.
    pub(crate) at: &'a At<'a>,
    /// Whether to check the isolated operations of a region on rayon.
    pub(crate) parallel: bool,
    /// How an error about an operation prints it in its "see current
    /// operation" note; `None` for no note.
    pub(crate) op_note: crate::parse::OpNote,
    /// Operations of the root's body known to pass every rule (the parser
    /// saw nothing in them that could fail one), left out of the walks:
    /// by their index in the root's body, `true` to leave out.
    pub(crate) clean: &'a [bool],
    /// The definitions whose verifiers rule 6 runs.
    pub(crate) ops: &'a OpRegistry,
}

/// Checks the rules on `module`, MLIR's order (see the module
/// documentation): the first failure.
pub(crate) fn check_module(
    checker: &Checker<'_>,
    module: &crate::Module<'_>,
) -> Result<(), ParseError> {
    let file = Scope::new(module, &module.body, None, Placed::default(), "", &[]);
    checker.whole(&file, module.root, checker.clean)
}

/// Checks a parsed module: `root_needs` says whether the parser saw in the
/// root itself anything that could fail rules 1 to 4 (or rule 5 in a
/// nested module), `needs` the same for each operation of the root's body
/// in order; the root's own rule 5 is checked whatever they say, and the
/// rest only where they say so.
pub(crate) fn check_parsed(
    at: &At<'_>,
    parallel: bool,
    op_note: crate::parse::OpNote,
    ops: &OpRegistry,
    module: &crate::Module<'_>,
    root_needs: bool,
    needs: impl Iterator<Item = bool>,
) -> Result<(), ParseError> {
    let root_body = module.root_body();
    let block = root_body
        .roots()
        .first()
        .and_then(|&r| root_body.entry_block(r));
    // By index in the root's body: `true` for an operation left out.
    let mut clean = vec![false; root_body.op_ids().map(|o| o.index() + 1).max().unwrap_or(0)];
    let mut any = root_needs;
    for (op, needs) in block
        .into_iter()
        .flat_map(|b| root_body.block_ops(b))
        .zip(needs)
    {
        clean[op.index()] = !needs;
        any |= needs;
    }
    // The parser does not ask the definitions: in the units the walks leave
    // out, the rules that depend on them are checked first on their own,
    // and where one fails every rule is checked in order, so that the first
    // failure is MLIR's.
    if !definitions_hold(ops, module, parallel, &clean) {
        clean.iter_mut().for_each(|c| *c = false);
        any = true;
    }
    let checker = Checker {
        at,
        parallel,
        op_note,
        clean: &clean,
        ops,
    };
    let file = Scope::new(module, &module.body, None, Placed::default(), "", &[]);
    if any {
        return checker.whole(&file, module.root, &clean);
    }
    let place = file.place(&checker, module.root);
    let owner = Some((&module.body, module.root));
    let root = Scope::new(module, root_body, owner, place, "builtin.module", &[]);
    root.symbols(&checker, Holder::Owner)
}

/// Whether the rules that depend on the operations' definitions hold
/// (rule 2 in regions of one block, and rule 6) in the file's root and in
/// the top-level operations `clean` leaves out of the walks (by index in
/// the root's body), in no particular order: each body's operations in
/// arena order, the child bodies of the root's on rayon when `parallel`.
fn definitions_hold(
    ops: &OpRegistry,
    module: &crate::Module<'_>,
    parallel: bool,
    clean: &[bool],
) -> bool {
    /// Whether the operations of `body` pass, and those of its children
    /// when `deep`.
    fn passes<'c>(
        ops: &OpRegistry,
        body: &Body<'c>,
        owner: Option<(&Body<'c>, OpId)>,
        deep: bool,
    ) -> bool {
        body.op_ids().all(|x| {
            let site = match owner {
                Some((b, op)) => OpSite::in_child(ops, body, x, b, op),
                None => OpSite::new(ops, body, x),
            };
            passes_one(ops, site)
                && (!deep
                    || body
                        .op(x)
                        .owner()
                        .and_then(|c| body.child(c))
                        .is_none_or(|child| passes(ops, child, Some((body, x)), true)))
        })
    }
    let root_body = module.root_body();
    // Whether operation `x` of the root's body is in a top-level operation
    // the walks leave out.
    let left_out = |mut x: OpId| {
        while let Some(p) = root_body.parent_op(x) {
            x = p;
        }
        clean.get(x.index()).copied().unwrap_or(false)
    };
    let top = |x: OpId| {
        let site = OpSite::in_child(ops, root_body, x, &module.body, module.root);
        passes_one(ops, site)
    };
    let children: Vec<_> = root_body
        .children()
        .filter_map(|(c, child)| root_body.owner_op(c).map(|x| (x, child)))
        .filter(|&(x, _)| left_out(x))
        .collect();
    let child = |&(x, body): &(OpId, &Body<'_>)| passes(ops, body, Some((root_body, x)), true);
    passes(ops, &module.body, None, false)
        && root_body.op_ids().filter(|&x| left_out(x)).all(top)
        && if parallel {
            use rayon::prelude::*;
            children.par_iter().all(child)
        } else {
            children.iter().all(child)
        }
}

/// Whether one operation passes the rules that depend on its definition.
fn passes_one(ops: &OpRegistry, site: OpSite<'_, '_>) -> bool {
    site.op().def().is_none_or(|d| {
        let def = ops.def(d);
        let filled = || {
            site.regions_body().is_none_or(|b| {
                let full = |&r: &RegionId| b.entry_block(r).is_none_or(|e| b.last_op(e).is_some());
                site.regions().iter().all(full)
            })
        };
        (def.has(Traits::NO_TERMINATOR) || filled())
            && def.verify_fn().is_none_or(|f| f(site).is_ok())
            && def.region_verify_fn().is_none_or(|f| f(site).is_ok())
    })
}

/// What holds the regions a walk is in: the operation that owns the body
/// (the body's roots) or an operation of the body.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Holder {
    Owner,
    Op(OpId),
}

/// One body being checked, with where its owner is reported and its name,
/// the positions of its operations and blocks, and its dominator trees
/// built so far.
struct Scope<'m, 'c> {
    module: &'m crate::Module<'c>,
    body: &'m Body<'c>,
    /// The isolated operation that owns the body, with the body it is in
    /// (none for the file's body).
    owner: Option<(&'m Body<'c>, OpId)>,
    owner_place: Placed,
    owner_name: &'c str,
    /// By operation index: `true` for an operation the walks leave out.
    clean: &'m [bool],
    /// The module's dialect hooks: which operations are registered.
    hooks: &'m AsmHooks,
    /// By operation index: its position in its block (built on first need).
    op_pos: Vec<u32>,
    /// By block index: its position in its region (built on first need).
    block_pos: Vec<u32>,
    trees: FxHashMap<RegionId, DomTree>,
}

fn op_name<'c>(body: &Body<'c>, op: OpId) -> &'c str {
    body.op(op)
        .name()
        .dyn_cast::<strata_builtin::StringAttr>()
        .map_or("", |s| s.payload().value)
}

impl<'a> Checker<'a> {
    /// MLIR's `verifyOpAndDominance` of isolated operation `op` of `outer`:
    /// rules 1 to 5 inside it, then rule 4. `clean` is what its body's
    /// walks leave out.
    fn whole(&self, outer: &Scope<'_, '_>, op: OpId, clean: &[bool]) -> Result<(), ParseError> {
        outer.verify_op(self, op, Verify::Op)?;
        let Some(owner) = outer.body.op(op).owner() else {
            return Ok(());
        };
        // A body checked out by a container guard is its owner's to check.
        let Some(child) = outer.body.child(owner) else {
            return Ok(());
        };
        if child.roots().is_empty() {
            return outer.verify_op(self, op, Verify::Regions);
        }
        let mut scope = Scope::new(
            outer.module,
            child,
            Some((outer.body, op)),
            outer.place(self, op),
            op_name(outer.body, op),
            clean,
        );
        scope.structure(self, Holder::Owner)?;
        outer.verify_op(self, op, Verify::Regions)?;
        scope.dominance(self, Holder::Owner)
    }
}

/// Which of a definition's verifiers to run.
#[derive(Clone, Copy)]
enum Verify {
    /// MLIR's `verifyInvariants`, as the walk enters the operation.
    Op,
    /// MLIR's `verifyRegionInvariants`, as the walk leaves it.
    Regions,
}

/// An item of the structure walk's stack.
enum Work {
    /// Entering the holder: rule 1, then its blocks.
    Enter(Holder),
    /// Entering a block of the holder's regions (set when the block must
    /// not be empty: its region has several blocks, or its holder needs a
    /// terminator): rules 2 and 3, then its operations.
    Block(Holder, BlockId, bool),
    /// Leaving the holder: the isolated operations its blocks hold (from
    /// the given index of the deferred list on), then its rule 5.
    Exit(Holder, usize),
}

impl<'m, 'c> Scope<'m, 'c> {
    fn new(
        module: &'m crate::Module<'c>,
        body: &'m Body<'c>,
        owner: Option<(&'m Body<'c>, OpId)>,
        owner_place: Placed,
        owner_name: &'c str,
        clean: &'m [bool],
    ) -> Self {
        Scope {
            module,
            body,
            owner,
            owner_place,
            owner_name,
            clean,
            hooks: &module.asm,
            op_pos: Vec::new(),
            block_pos: Vec::new(),
            trees: FxHashMap::default(),
        }
    }

    fn is_clean(&self, op: OpId) -> bool {
        self.clean.get(op.index()).copied().unwrap_or(false)
    }

    fn regions(&self, h: Holder) -> &'m [RegionId] {
        match h {
            Holder::Owner => self.body.roots(),
            Holder::Op(op) => self.body.op(op).regions(),
        }
    }

    fn holder_name(&self, h: Holder) -> &'c str {
        match h {
            Holder::Owner => self.owner_name,
            Holder::Op(op) => op_name(self.body, op),
        }
    }

    fn holder_place(&self, checker: &Checker<'_>, h: Holder) -> Placed {
        match h {
            Holder::Owner => self.owner_place.clone(),
            Holder::Op(op) => self.place(checker, op),
        }
    }

    /// What holds region `r`.
    fn region_holder(&self, r: RegionId) -> Option<Holder> {
        match self.body.region_parent(r) {
            RegionParent::Op(op) => Some(Holder::Op(op)),
            RegionParent::Owner(_) => Some(Holder::Owner),
            RegionParent::Detached => None,
        }
    }

    /// Where operation `op` is reported: at its location when that is in
    /// the text; else at the nearest operation around it (or the owner)
    /// located in the text, with, where MLIR reports at a location outside
    /// the text, that location ([`Place::Outside`]).
    fn place(&self, checker: &Checker<'_>, op: OpId) -> Placed {
        let loc = self.body.op(op).location();
        let mut cur = op;
        let mut outside = None;
        let span = loop {
            match (checker.at)(self.body.op(cur).location()) {
                Place::Text(p) => break p..p,
                Place::Outside(l) if cur == op => outside = Some(l),
                Place::Outside(_) => {}
            }
            match self.body.parent_op(cur) {
                Some(parent) => cur = parent,
                None => break self.owner_place.span.clone(),
            }
        };
        let callers = callers(loc)
            .into_iter()
            .map(|c| match (checker.at)(c) {
                Place::Text(p) => (p..p, None),
                Place::Outside(l) => (span.clone(), Some(l)),
            })
            .collect();
        Placed {
            span,
            outside,
            callers,
        }
    }

    /// An error at `placed`, with its "called from" notes.
    fn error(placed: Placed, message: impl Into<String>) -> ParseError {
        let mut e = ParseError::new(placed.span, message);
        if let Some(l) = placed.outside {
            e = e.with_location(l);
        }
        placed.callers.into_iter().fold(e, |e, (at, outside)| {
            e.with_located_note(at, outside, "called from")
        })
    }

    /// `e` with a note at `placed` (MLIR's handler gives a note no call
    /// stack).
    fn note(e: ParseError, placed: Placed, message: impl Into<String>) -> ParseError {
        e.with_located_note(placed.span, placed.outside, message)
    }

    /// Rules 1 to 3 over the regions of `start` and everything in them
    /// (MLIR's `verifyOperation`), with rule 5 and the isolated operations
    /// checked whole as each holder is left.
    fn structure(&self, checker: &Checker<'_>, start: Holder) -> Result<(), ParseError> {
        let body = self.body;
        let mut stack = vec![Work::Enter(start)];
        let mut deferred: Vec<OpId> = Vec::new();
        while let Some(work) = stack.pop() {
            match work {
                Work::Enter(h) => {
                    if let Holder::Op(x) = h {
                        self.known(checker, x)?;
                        self.verify_op(checker, x, Verify::Op)?;
                    }
                    let regions = self.regions(h);
                    if regions.is_empty() {
                        continue;
                    }
                    for &r in regions {
                        if let Some(entry) = body.entry_block(r)
                            && body.predecessors(entry).next().is_some()
                        {
                            return Err(Self::error(
                                self.holder_place(checker, h),
                                "entry block of region may not have predecessors",
                            ));
                        }
                    }
                    stack.push(Work::Exit(h, deferred.len()));
                    let at = stack.len();
                    let terminated = self.needs_terminator(checker, h);
                    for &r in regions {
                        let many = terminated
                            || body
                                .entry_block(r)
                                .is_some_and(|e| body.next_block(e).is_some());
                        for b in body.blocks(r) {
                            stack.push(Work::Block(h, b, many));
                        }
                    }
                    stack[at..].reverse();
                }
                Work::Block(h, b, many) => {
                    let Some(last) = body.last_op(b) else {
                        if many {
                            return Err(Self::error(
                                self.holder_place(checker, h),
                                "empty block: expect at least a terminator",
                            ));
                        }
                        continue;
                    };
                    let at = stack.len();
                    for x in body.block_ops(b) {
                        if self.is_clean(x) {
                            continue;
                        }
                        let o = body.op(x);
                        if x != last && o.num_successors() != 0 {
                            let e = Self::error(
                                self.place(checker, x),
                                "operation with block successors must terminate its parent block",
                            );
                            return Err(current_op_note(e, self.current(checker, x)));
                        }
                        if o.owner().is_some() {
                            deferred.push(x);
                        } else {
                            stack.push(Work::Enter(Holder::Op(x)));
                        }
                    }
                    stack[at..].reverse();
                }
                Work::Exit(h, from) => {
                    let isolated = &deferred[from..];
                    let result = if checker.parallel && isolated.len() > 1 {
                        use rayon::prelude::*;
                        match isolated
                            .par_iter()
                            .map(|&x| checker.whole(self, x, &[]).err())
                            .find_map_first(|e| e)
                        {
                            Some(e) => Err(e),
                            None => Ok(()),
                        }
                    } else {
                        isolated
                            .iter()
                            .try_for_each(|&x| checker.whole(self, x, &[]))
                    };
                    result?;
                    deferred.truncate(from);
                    if self.holder_name(h) == "builtin.module" {
                        self.symbols(checker, h)?;
                    }
                    if let Holder::Op(x) = h {
                        self.verify_op(checker, x, Verify::Regions)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Rule 5 over the first region of `h`.
    fn symbols(&self, checker: &Checker<'_>, h: Holder) -> Result<(), ParseError> {
        let body = self.body;
        let ops = self
            .regions(h)
            .first()
            .into_iter()
            .flat_map(|&r| body.blocks(r))
            .flat_map(|b| body.block_ops(b))
            .map(|x| {
                let o = body.op(x);
                (x, symbol_name(o.properties(), o.attributes()))
            });
        match first_redefinition(ops) {
            Some((later, first, name)) => {
                let e = Self::error(
                    self.place(checker, later),
                    format!("redefinition of symbol named '{name}'"),
                );
                Err(Self::note(
                    current_op_note(e, self.current(checker, later)),
                    self.place(checker, first),
                    "see existing symbol definition here",
                ))
            }
            None => Ok(()),
        }
    }

    /// Rule 0 at operation `op`: its name is not an unknown operation of a
    /// dialect that allows none.
    fn known(&self, checker: &Checker<'_>, op: OpId) -> Result<(), ParseError> {
        let name = op_name(self.body, op);
        if self.hooks.registration(name) != strata_builtin::Registration::Unknown {
            return Ok(());
        }
        let dialect = name.split_once('.').map_or(name, |(d, _)| d);
        let e = Self::error(
            self.place(checker, op),
            format!(
                "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
            ),
        );
        Err(current_op_note(e, self.current(checker, op)))
    }

    /// Whether the blocks of `h`'s regions need a terminator even where a
    /// region has one block: `h` has a definition without `NoTerminator`
    /// (MLIR's `mayBeValidWithoutTerminator`; an operation without a
    /// definition might have the trait).
    fn needs_terminator(&self, checker: &Checker<'_>, h: Holder) -> bool {
        let def = match h {
            Holder::Op(x) => self.body.op(x).def(),
            Holder::Owner => self.owner.and_then(|(b, o)| b.op(o).def()),
        };
        def.is_some_and(|d| !checker.ops.def(d).has(Traits::NO_TERMINATOR))
    }

    /// Operation `op` where it lives, for its verifiers.
    fn site<'s>(&'s self, ops: &'s OpRegistry, op: OpId) -> OpSite<'s, 'c> {
        match self.owner {
            Some((b, o)) => OpSite::in_child(ops, self.body, op, b, o),
            None => OpSite::new(ops, self.body, op),
        }
    }

    /// Rule 6 at operation `op`: its definition's verifier, or its region
    /// verifier.
    fn verify_op(&self, checker: &Checker<'_>, op: OpId, which: Verify) -> Result<(), ParseError> {
        let Some(def) = self.body.op(op).def().map(|d| checker.ops.def(d)) else {
            return Ok(());
        };
        let f = match which {
            Verify::Op => def.verify_fn(),
            Verify::Regions => def.region_verify_fn(),
        };
        let Some(Err(v)) = f.map(|f| f(self.site(checker.ops, op))) else {
            return Ok(());
        };
        let e = Self::error(self.place(checker, op), v.text(def.name()));
        let mut e = current_op_note(e, self.current(checker, op));
        for (at, note) in v.notes {
            e = Self::note(e, self.place(checker, at.unwrap_or(op)), note);
        }
        Err(e)
    }

    /// The text of operation `op` for its "see current operation" note,
    /// where the checker prints one.
    fn current(&self, checker: &Checker<'_>, op: OpId) -> Option<String> {
        let options = checker.op_note?;
        Some(crate::print::op_note(
            self.module,
            self.owner,
            self.body,
            op,
            options,
        ))
    }

    /// Rule 4 over the regions of `start` (MLIR's
    /// `verifyDominanceOfContainedRegions`): the operations of a region in
    /// order, then the regions nested in them from a stack, skipping the
    /// operations isolated from above.
    fn dominance(&mut self, checker: &Checker<'_>, start: Holder) -> Result<(), ParseError> {
        let body = self.body;
        let mut stack = vec![start];
        while let Some(h) = stack.pop() {
            for &r in self.regions(h) {
                for (i, b) in body.blocks(r).enumerate() {
                    let reachable = i == 0 || self.tree(r).reachable(i as u32);
                    for x in body.block_ops(b) {
                        if self.is_clean(x) {
                            continue;
                        }
                        let o = body.op(x);
                        if reachable {
                            for (n, v) in o.operands().enumerate() {
                                if !self.value_dominates(v, x) {
                                    return Err(self.dominance_error(checker, x, n, v));
                                }
                            }
                        }
                        if o.num_regions() != 0 && o.owner().is_none() {
                            stack.push(Holder::Op(x));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The positions of the body's operations in their blocks and of its
    /// blocks in their regions.
    fn positions(&mut self) {
        if !self.block_pos.is_empty() || self.body.num_blocks() == 0 {
            return;
        }
        let body = self.body;
        self.block_pos = vec![0; body.block_bound()];
        let ops = body.op_ids().map(|o| o.index() + 1).max().unwrap_or(0);
        self.op_pos = vec![0; ops];
        for b in body.block_ids() {
            if body.prev_block(b).is_none() {
                let mut cur = Some(b);
                let mut i = 0u32;
                while let Some(c) = cur {
                    self.block_pos[c.index()] = i;
                    i += 1;
                    cur = body.next_block(c);
                }
            }
            for (i, x) in body.block_ops(b).enumerate() {
                self.op_pos[x.index()] = i as u32;
            }
        }
    }

    fn block_index(&mut self, b: BlockId) -> u32 {
        self.positions();
        self.block_pos[b.index()]
    }

    fn op_index(&mut self, op: OpId) -> u32 {
        self.positions();
        self.op_pos[op.index()]
    }

    fn tree(&mut self, r: RegionId) -> &DomTree {
        self.positions();
        let body = self.body;
        let block_pos = &self.block_pos;
        self.trees.entry(r).or_insert_with(|| {
            // Successors by position: a block's terminator's (rule 3 holds).
            let succ: Vec<SmallVec<[u32; 2]>> = body
                .blocks(r)
                .map(|b| match body.last_op(b) {
                    Some(o) => body
                        .op(o)
                        .successors()
                        .filter(|&s| body.block_parent(s) == Some(r))
                        .map(|s| block_pos[s.index()])
                        .collect(),
                    None => SmallVec::new(),
                })
                .collect();
            DomTree::new(&succ)
        })
    }

    /// Whether block `b` has SSA dominance (see the module's rule 4).
    fn ssa(&self, b: BlockId) -> bool {
        let Some(r) = self.body.block_parent(b) else {
            return true;
        };
        if self
            .body
            .entry_block(r)
            .is_some_and(|e| self.body.next_block(e).is_some())
        {
            return true;
        }
        let Some(h) = self.region_holder(r) else {
            return true;
        };
        let name = self.holder_name(h);
        self.hooks.registration(name) == strata_builtin::Registration::Registered
    }

    /// The block of region `r` that holds block `b`, if `b` is inside `r`.
    fn ancestor_block_in(&self, r: RegionId, mut b: BlockId) -> Option<BlockId> {
        loop {
            let region = self.body.block_parent(b)?;
            if region == r {
                return Some(b);
            }
            b = self.body.op(self.body.region_op(region)?).parent()?;
        }
    }

    /// The operation of region `r` that holds operation `o` (or is `o`),
    /// with its block, if any.
    fn ancestor_op_in(&self, r: RegionId, mut o: OpId) -> Option<(BlockId, OpId)> {
        loop {
            let b = self.body.op(o).parent()?;
            let region = self.body.block_parent(b)?;
            if region == r {
                return Some((b, o));
            }
            o = self.body.region_op(region)?;
        }
    }

    /// MLIR's `DominanceInfo::properlyDominates(Value, Operation *)`.
    fn value_dominates(&mut self, v: Value, user: OpId) -> bool {
        let body = self.body;
        let Some(ub) = body.op(user).parent() else {
            return true;
        };
        match body.value_def(v) {
            ValueDef::Argument { block: owner, .. } => {
                // `dominates(owner, user's block)`.
                let Some(r) = body.block_parent(owner) else {
                    return true;
                };
                let Some(b) = self.ancestor_block_in(r, ub) else {
                    return false;
                };
                if b == owner {
                    return true;
                }
                let (ia, ib) = (self.block_index(owner), self.block_index(b));
                self.tree(r).properly_dominates(ia, ib)
            }
            ValueDef::Result { op: def, .. } => {
                // A detached definition (a stand-in for a value the
                // module is refused for) is nobody's concern here.
                let Some(db) = body.op(def).parent() else {
                    return true;
                };
                if def == user {
                    return !self.ssa(db);
                }
                let Some(r) = body.block_parent(db) else {
                    return true;
                };
                let Some((b, holder)) = self.ancestor_op_in(r, user) else {
                    return false;
                };
                if b == db {
                    // (The defining operation holding the use is not
                    // enough: in a region with SSA dominance it does not
                    // come before itself.)
                    return self.op_index(def) < self.op_index(holder) || !self.ssa(db);
                }
                let (ia, ib) = (self.block_index(db), self.block_index(b));
                self.tree(r).properly_dominates(ia, ib)
            }
        }
    }

    /// MLIR's `diagnoseInvalidOperandDominance`.
    fn dominance_error(
        &mut self,
        checker: &Checker<'_>,
        user: OpId,
        n: usize,
        v: Value,
    ) -> ParseError {
        let body = self.body;
        let e = Self::error(
            self.place(checker, user),
            format!("operand #{n} does not dominate this use"),
        );
        let e = current_op_note(e, self.current(checker, user));
        let Some(r1) = body.op(user).parent().and_then(|b| body.block_parent(b)) else {
            return e;
        };
        let ub = body.op(user).parent();
        match body.value_def(v) {
            ValueDef::Result { op: def, .. } => {
                let Some(db) = body.op(def).parent() else {
                    return e;
                };
                let Some(r2) = body.block_parent(db) else {
                    return e;
                };
                let how = if ub == Some(db) {
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
                Self::note(
                    e,
                    self.place(checker, def),
                    format!("operand defined here ({how})"),
                )
            }
            ValueDef::Argument { block: owner, .. } => {
                let Some(r2) = body.block_parent(owner) else {
                    return e;
                };
                let how = if r1 == r2 {
                    "in the same region"
                } else if self.properly_inside(r1, r2) {
                    "in a parent region"
                } else if self.properly_inside(r2, r1) {
                    "in a child region"
                } else {
                    "neither in a parent nor in a child region"
                };
                let at = match self.region_holder(r2) {
                    Some(h) => self.holder_place(checker, h),
                    None => self.owner_place.clone(),
                };
                let index = self.block_index(owner);
                Self::note(
                    e,
                    at,
                    format!("operand defined as a block argument (block #{index} {how})"),
                )
            }
        }
    }

    /// Region `inner` is nested, at some depth, inside region `outer`.
    fn properly_inside(&self, inner: RegionId, outer: RegionId) -> bool {
        let mut r = inner;
        loop {
            let Some(b) = self
                .body
                .region_op(r)
                .and_then(|h| self.body.op(h).parent())
            else {
                return false;
            };
            let Some(up) = self.body.block_parent(b) else {
                return false;
            };
            if up == outer {
                return true;
            }
            r = up;
        }
    }
}

/// Where MLIR reports a diagnostic located at an operation's location.
pub(crate) enum Place {
    /// At this byte of the text.
    Text(usize),
    /// Outside the text, as MLIR's handler prints it: a file location of
    /// another file (or past the text's end), `loc(unknown)`, or a location
    /// with no file location in it, printed.
    Outside(strata_diag::Location),
}

/// Where a diagnostic at `loc` is reported in a text named `name` of `len`
/// bytes whose lines start at `starts`, as MLIR's
/// `SourceMgrDiagnosticHandler` reports it: at the first file location in
/// it (a name's child, a call site's callee then caller, a fused
/// location's in order, an opaque location's fallback), a byte of the text
/// when it is of that file; else `<unknown>:0:` with the location printed
/// before the message, unless it is `loc(unknown)`.
pub(crate) fn locate(loc: Location<'_>, name: &str, starts: &[usize], len: usize) -> Place {
    let Some(f) = first_file_loc(loc) else {
        if loc.isa::<UnknownLoc>() {
            return Place::Outside(strata_diag::Location::Unknown);
        }
        return Place::Outside(strata_diag::Location::Printed(loc.to_string().into()));
    };
    let p = f.payload();
    if p.file == name
        && let Some(&start) = (p.line as usize).checked_sub(1).and_then(|l| starts.get(l))
    {
        return Place::Text((start + (p.column as usize).saturating_sub(1)).min(len));
    }
    Place::Outside(strata_diag::Location::file_line_col(
        p.file.to_owned(),
        p.line,
        p.column,
    ))
}

/// The first file location of `loc` in MLIR's walk of it (its
/// `findInstanceOf<FileLineColLoc>`).
fn first_file_loc<'c>(loc: Location<'c>) -> Option<strata_ctx::Interned<'c, FileLineColLoc>> {
    let mut loc = loc;
    loop {
        if let Some(f) = loc.dyn_cast::<FileLineColLoc>() {
            return Some(f);
        } else if let Some(n) = loc.dyn_cast::<NameLoc>() {
            loc = n.payload().child;
        } else if let Some(c) = loc.dyn_cast::<CallSiteLoc>() {
            let p = c.payload();
            return first_file_loc(p.callee).or_else(|| first_file_loc(p.caller));
        } else if let Some(o) = loc.dyn_cast::<OpaqueLoc>() {
            loc = o.payload().fallback;
        } else if let Some(f) = loc.dyn_cast::<FusedLoc>() {
            return f
                .payload()
                .locations
                .iter()
                .find_map(|&l| first_file_loc(l));
        } else {
            return None;
        }
    }
}

/// An error at location `loc` (see [`locate`] for `at`), with its "called
/// from" notes; at the start of the text where MLIR reports it outside the
/// text.
pub(crate) fn error_at_loc(
    at: &At<'_>,
    loc: Location<'_>,
    message: impl Into<String>,
) -> ParseError {
    let place = |l| match at(l) {
        Place::Text(p) => (p..p, None),
        Place::Outside(l) => (0..0, Some(l)),
    };
    let (span, outside) = place(loc);
    let mut e = ParseError::new(span, message);
    if let Some(l) = outside {
        e = e.with_location(l);
    }
    callers(loc).into_iter().fold(e, |e, c| {
        let (span, outside) = place(c);
        e.with_located_note(span, outside, "called from")
    })
}

/// `e` with a note at location `loc` (see [`error_at_loc`]).
pub(crate) fn note_at_loc(
    e: ParseError,
    at: &At<'_>,
    loc: Location<'_>,
    message: impl Into<String>,
) -> ParseError {
    match at(loc) {
        Place::Text(p) => e.with_located_note(p..p, None, message),
        Place::Outside(l) => e.with_located_note(0..0, Some(l), message),
    }
}

/// The most call sites MLIR's handler follows up the call stack of a
/// diagnostic's location.
const CALL_STACK_LIMIT: usize = 10;

/// The callers of a diagnostic at `loc`, each of which MLIR's handler
/// reports in a note "called from": when `loc` is a call site (or holds
/// one, under a name or in a fused location), its caller, then the
/// caller's caller while that is a call site, at most
/// [`CALL_STACK_LIMIT`].
pub(crate) fn callers(loc: Location<'_>) -> Vec<Location<'_>> {
    let mut out = Vec::new();
    let mut call = call_site(loc);
    while let Some(c) = call
        && out.len() < CALL_STACK_LIMIT
    {
        let caller = c.payload().caller;
        out.push(caller);
        call = call_site(caller);
    }
    out
}

/// MLIR's `getCallSiteLoc`: the call site `loc` is, or holds under a name or
/// in a fused location.
fn call_site<'c>(loc: Location<'c>) -> Option<strata_ctx::Interned<'c, CallSiteLoc>> {
    if let Some(c) = loc.dyn_cast::<CallSiteLoc>() {
        Some(c)
    } else if let Some(n) = loc.dyn_cast::<NameLoc>() {
        call_site(n.payload().child)
    } else if let Some(f) = loc.dyn_cast::<FusedLoc>() {
        f.payload().locations.iter().find_map(|&l| call_site(l))
    } else {
        None
    }
}
