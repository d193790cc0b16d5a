//! The printer: MLIR's generic operation form, byte-identical to
//! `mlir-opt --mlir-print-op-generic` (version 19).
//!
//! Three passes, as MLIR's `AsmPrinter`:
//!
//! 1. **Value numbering** (MLIR's `SSANameState` with unique SSA ids, which
//!    the generic form implies): regions are numbered from a stack, one
//!    counter for results and non-entry block arguments (`%0`), one for entry
//!    block arguments (`%arg0`), neither reset between regions; blocks are
//!    `^bbN`, numbered per region.
//! 2. **Aliases** (with debug info, unless local scope is asked for): every
//!    location met in print order gets a `#loc` alias, numbered after a
//!    stable sort by nesting depth; aliases used by block arguments are
//!    printed before the operation, the others after it.
//! 3. **Printing**.

use core::fmt::Write as _;

use rustc_hash::FxHashMap;
use strata_builtin::{FileLineColLoc, FusedLoc, NameLoc, StringAttr, UnknownLoc};
use strata_ctx::Location;

use crate::tree::{Module, OpId, ValueDef, ValueId};

/// What to print, as `mlir-opt`'s flags say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// `--mlir-print-debuginfo`: print every operation's and block
    /// argument's location.
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: print no aliases, every attribute and
    /// location in place.
    pub local_scope: bool,
}

const ARG: u32 = 1 << 31;
const NONE: u32 = u32::MAX;

/// Writes `s` quoted with LLVM's escapes (`\\`, `\22`, `\XX` for what is
/// not printable), as MLIR's `printEscapedString` does.
pub fn write_escaped(out: &mut String, s: &str) {
    out.push('"');
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'"' => out.push_str("\\22"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:02X}");
            }
        }
    }
    out.push('"');
}

/// One location met by the alias pass.
struct AliasEntry<'c> {
    loc: Location<'c>,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
}

#[derive(Default)]
struct AliasState<'c> {
    entries: Vec<AliasEntry<'c>>,
    index: FxHashMap<*const (), usize>,
    /// Per entry, its alias number once assigned.
    number: Vec<u32>,
    /// Entry indices in printing order.
    order: Vec<usize>,
}

impl<'c> AliasState<'c> {
    fn visit(&mut self, loc: Location<'c>, deferrable: bool) -> (u32, usize) {
        if let Some(&i) = self.index.get(&loc.as_ptr()) {
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.entries[i].depth, i);
        }
        let i = self.entries.len();
        self.index.insert(loc.as_ptr(), i);
        self.entries.push(AliasEntry {
            loc,
            depth: 0,
            deferrable,
            children: Vec::new(),
        });
        let mut children = Vec::new();
        if let Some(n) = loc.dyn_cast::<NameLoc>() {
            // MLIR visits what it prints: an unknown child is not printed.
            if !n.payload().child.isa::<UnknownLoc>() {
                children.push(n.payload().child);
            }
        } else if let Some(f) = loc.dyn_cast::<FusedLoc>() {
            children.extend_from_slice(f.payload().locations);
        }
        let mut max = 0;
        let mut child_indices = Vec::with_capacity(children.len());
        for c in children {
            let (d, ci) = self.visit(c, deferrable);
            max = max.max(d);
            child_indices.push(ci);
        }
        self.entries[i].depth = max + 1;
        self.entries[i].children = child_indices;
        (max + 1, i)
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        if !self.entries[i].deferrable {
            return;
        }
        self.entries[i].deferrable = false;
        for c in self.entries[i].children.clone() {
            self.mark_non_deferrable(c);
        }
    }

    fn finish(&mut self) {
        let mut order: Vec<usize> = (0..self.entries.len()).collect();
        order.sort_by_key(|&i| self.entries[i].depth);
        self.number = vec![NONE; self.entries.len()];
        for (n, &i) in order.iter().enumerate() {
            self.number[i] = n as u32;
        }
        self.order = order;
    }

    fn alias(&self, loc: Location<'c>) -> Option<u32> {
        self.index
            .get(&loc.as_ptr())
            .map(|&i| self.number[i])
            .filter(|&n| n != NONE)
    }
}

fn write_alias_name(out: &mut String, n: u32) {
    if n == 0 {
        out.push_str("#loc");
    } else {
        let _ = write!(out, "#loc{n}");
    }
}

struct Printer<'m, 'c> {
    module: &'m Module<'c>,
    options: PrintOptions,
    /// Per unit, per value: its number (`ARG` set for `%argN`).
    names: Vec<Vec<u32>>,
    /// Per unit, per block: its number in its region.
    block_ids: Vec<Vec<u32>>,
    /// Per unit, per block: its predecessors' numbers (one per use).
    preds: Vec<Vec<Vec<u32>>>,
    aliases: Option<AliasState<'c>>,
    out: String,
}

impl<'m, 'c> Printer<'m, 'c> {
    fn new(module: &'m Module<'c>, options: PrintOptions) -> Self {
        let names = module
            .units
            .iter()
            .map(|u| vec![NONE; u.values.len()])
            .collect();
        let block_ids = module
            .units
            .iter()
            .map(|u| vec![NONE; u.blocks.len()])
            .collect();
        let preds = module
            .units
            .iter()
            .map(|u| vec![Vec::new(); u.blocks.len()])
            .collect();
        Self {
            module,
            options,
            names,
            block_ids,
            preds,
            aliases: None,
            out: String::new(),
        }
    }

    fn number(&mut self) {
        let m = self.module;
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        let root = m.op(m.root);
        let mut stack: Vec<(u32, u32)> = root.regions.iter().map(|&r| (m.root.unit, r)).collect();
        while let Some((unit, r)) = stack.pop() {
            let u = &m.units[unit as usize];
            let region = &u.regions[r as usize];
            for (bi, &b) in region.blocks.iter().enumerate() {
                self.block_ids[unit as usize][b as usize] = bi as u32;
                for &arg in &u.blocks[b as usize].args {
                    self.names[unit as usize][arg as usize] = if bi == 0 {
                        next_arg += 1;
                        (next_arg - 1) | ARG
                    } else {
                        next_value += 1;
                        next_value - 1
                    };
                }
                for &op in &u.blocks[b as usize].ops {
                    let o = m.op(op);
                    if o.num_results > 0 {
                        // One number per operation: `%N` or `%N:k`.
                        self.names[op.unit as usize][o.first_result as usize] = next_value;
                        next_value += 1;
                    }
                }
            }
            for &b in &region.blocks {
                for &op in &u.blocks[b as usize].ops {
                    let o = m.op(op);
                    for &s in &o.successors {
                        let id = self.block_ids[unit as usize][b as usize];
                        if let Some(p) = self.preds[op.unit as usize].get_mut(s as usize) {
                            p.push(id);
                        }
                    }
                    for &nr in &o.regions {
                        stack.push((op.unit, nr));
                    }
                }
            }
        }
    }

    fn collect_aliases(&mut self) {
        let mut state = AliasState::default();
        let m = self.module;
        fn visit_op<'c>(m: &Module<'c>, id: OpId, state: &mut AliasState<'c>) {
            let o = m.op(id);
            state.visit(o.loc, true);
            let u = &m.units[id.unit as usize];
            for &r in &o.regions {
                for &b in &u.regions[r as usize].blocks {
                    let block = &u.blocks[b as usize];
                    for &a in &block.args {
                        if let Some(l) = u.values[a as usize].loc {
                            state.visit(l, false);
                        }
                    }
                    for &op in &block.ops {
                        visit_op(m, op, state);
                    }
                }
            }
        }
        visit_op(m, m.root, &mut state);
        state.finish();
        self.aliases = Some(state);
    }

    fn indent(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    fn value_name(&mut self, id: ValueId) {
        let (id, data) = self.module.value(id);
        let (unit, n, sub) = match data.def {
            ValueDef::Result { op, number } => {
                let o = &self.module.units[id.unit as usize].ops[op as usize];
                let sub = (o.num_results > 1).then_some(number);
                (id.unit, o.first_result, sub)
            }
            _ => (id.unit, id.index, None),
        };
        let name = self.names[unit as usize][n as usize];
        if name == NONE {
            self.out.push_str("<<UNKNOWN SSA VALUE>>");
            return;
        }
        if name & ARG != 0 {
            let _ = write!(self.out, "%arg{}", name & !ARG);
        } else {
            let _ = write!(self.out, "%{name}");
        }
        if let Some(s) = sub {
            let _ = write!(self.out, "#{s}");
        }
    }

    fn loc_internal(&mut self, loc: Location<'c>, top: bool) {
        if !top && let Some(a) = self.aliases.as_ref().and_then(|s| s.alias(loc)) {
            write_alias_name(&mut self.out, a);
            return;
        }
        if loc.isa::<UnknownLoc>() {
            self.out.push_str("unknown");
        } else if let Some(f) = loc.dyn_cast::<FileLineColLoc>() {
            let p = f.payload();
            write_escaped(&mut self.out, p.file);
            let _ = write!(self.out, ":{}:{}", p.line, p.column);
        } else if let Some(n) = loc.dyn_cast::<NameLoc>() {
            let p = n.payload();
            write_escaped(&mut self.out, p.name);
            if !p.child.isa::<UnknownLoc>() {
                self.out.push('(');
                self.loc_internal(p.child, false);
                self.out.push(')');
            }
        } else if let Some(f) = loc.dyn_cast::<FusedLoc>() {
            let p = f.payload();
            self.out.push_str("fused");
            if let Some(m) = p.metadata {
                let _ = write!(self.out, "<{m}>");
            }
            self.out.push('[');
            for (i, &l) in p.locations.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.loc_internal(l, false);
            }
            self.out.push(']');
        } else {
            let _ = write!(self.out, "{loc:#}");
        }
    }

    fn location(&mut self, loc: Location<'c>, allow_alias: bool) {
        self.out.push_str("loc(");
        match self
            .aliases
            .as_ref()
            .and_then(|s| s.alias(loc))
            .filter(|_| allow_alias)
        {
            Some(a) => write_alias_name(&mut self.out, a),
            None => self.loc_internal(loc, true),
        }
        self.out.push(')');
    }

    fn block_name(&mut self, unit: u32, b: u32) {
        let _ = write!(self.out, "^bb{}", self.block_ids[unit as usize][b as usize]);
    }

    fn op(&mut self, id: OpId, indent: usize) {
        let m = self.module;
        let o = m.op(id);
        self.indent(indent);
        if o.num_results > 0 {
            let n = self.names[id.unit as usize][o.first_result as usize];
            let _ = write!(self.out, "%{n}");
            if o.num_results > 1 {
                let _ = write!(self.out, ":{}", o.num_results);
            }
            self.out.push_str(" = ");
        }
        let name = o
            .name
            .dyn_cast::<StringAttr>()
            .map_or("", |s| s.payload().value);
        write_escaped(&mut self.out, name);
        self.out.push('(');
        for (i, &v) in o.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value_name(v);
        }
        self.out.push(')');
        if !o.successors.is_empty() {
            self.out.push('[');
            for (i, &s) in o.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.block_name(id.unit, s);
            }
            self.out.push(']');
        }
        if let Some(p) = o.properties {
            let _ = write!(self.out, " <{p}>");
        }
        if !o.regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in o.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(id.unit, r, indent);
            }
            self.out.push(')');
        }
        if let Some(a) = o.attributes {
            let _ = write!(self.out, " {a}");
        }
        let _ = write!(self.out, " : {}", o.ty);
        if self.options.debug_info {
            self.out.push(' ');
            self.location(o.loc, true);
        }
    }

    fn region(&mut self, unit: u32, r: u32, indent: usize) {
        let m = self.module;
        let u = &m.units[unit as usize];
        self.out.push_str("{\n");
        let blocks = &u.regions[r as usize].blocks;
        for (bi, &b) in blocks.iter().enumerate() {
            let block = &u.blocks[b as usize];
            let header = bi > 0 || block.ops.is_empty() || !block.args.is_empty();
            if header {
                self.indent(indent);
                self.block_name(unit, b);
                if !block.args.is_empty() {
                    self.out.push('(');
                    for (i, &a) in block.args.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.value_name(ValueId { unit, index: a });
                        let v = &u.values[a as usize];
                        let _ = write!(self.out, ": {}", v.ty);
                        if self.options.debug_info
                            && let Some(l) = v.loc
                        {
                            self.out.push(' ');
                            self.location(l, false);
                        }
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                let preds = &self.preds[unit as usize][b as usize];
                if preds.is_empty() {
                    if bi > 0 {
                        self.out.push_str("  // no predecessors");
                    }
                } else if preds.len() == 1 {
                    let _ = write!(self.out, "  // pred: ^bb{}", preds[0]);
                } else {
                    let mut p = preds.clone();
                    p.sort_unstable();
                    let _ = write!(self.out, "  // {} preds: ", p.len());
                    for (i, n) in p.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let _ = write!(self.out, "^bb{n}");
                    }
                }
                self.out.push('\n');
            }
            for &op in &block.ops {
                self.op(op, indent + 2);
                self.out.push('\n');
            }
        }
        self.indent(indent);
        self.out.push('}');
    }

    fn alias_defs(&mut self, deferred: bool) {
        let list: Vec<(u32, Location<'c>)> = match &self.aliases {
            None => return,
            Some(s) => s
                .order
                .iter()
                .filter(|&&i| s.entries[i].deferrable == deferred)
                .map(|&i| (s.number[i], s.entries[i].loc))
                .collect(),
        };
        for (n, loc) in list {
            write_alias_name(&mut self.out, n);
            self.out.push_str(" = loc(");
            self.loc_internal(loc, true);
            self.out.push_str(")\n");
        }
    }

    fn metadata(&mut self) {
        let groups = &self.module.resources;
        if groups.is_empty() {
            return;
        }
        self.out.push_str("\n{-#\n");
        for (gi, g) in groups.iter().enumerate() {
            let _ = writeln!(self.out, "  {}: {{", g.kind);
            for (ei, (owner, kv)) in g.entries.iter().enumerate() {
                let _ = writeln!(self.out, "    {owner}: {{");
                for (ki, (k, v)) in kv.iter().enumerate() {
                    let _ = write!(self.out, "      {k}: {v}");
                    self.out
                        .push_str(if ki + 1 < kv.len() { ",\n" } else { "\n" });
                }
                self.out.push_str("    }");
                self.out.push_str(if ei + 1 < g.entries.len() {
                    ",\n"
                } else {
                    "\n"
                });
            }
            self.out.push_str("  }");
            self.out
                .push_str(if gi + 1 < groups.len() { ",\n" } else { "\n" });
        }
        self.out.push_str("#-}\n");
    }
}

/// Prints `module` as `mlir-opt-19 --mlir-print-op-generic` prints a file:
/// the aliases that cannot be deferred, the root operation and a newline,
/// the deferred aliases, the file metadata section, and the final newline
/// `mlir-opt` writes after every module.
///
/// Distinct attributes are numbered in print order, as MLIR numbers them
/// (`strata_builtin::with_distinct_numbering`).
pub fn print_module(module: &Module<'_>, options: PrintOptions) -> String {
    strata_builtin::with_distinct_numbering(|| print_module_numbered(module, options))
}

fn print_module_numbered(module: &Module<'_>, options: PrintOptions) -> String {
    let mut p = Printer::new(module, options);
    p.number();
    if options.debug_info && !options.local_scope {
        p.collect_aliases();
    }
    p.alias_defs(false);
    p.op(module.root, 0);
    p.out.push('\n');
    p.alias_defs(true);
    p.metadata();
    p.out.push('\n');
    p.out
}
