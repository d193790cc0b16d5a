//! The printer: MLIR's generic operation form, byte-identical to
//! `mlir-opt --mlir-print-op-generic` (version 19), and the custom forms
//! the operations' definitions give (`custom`), byte-identical to
//! `mlir-opt`'s default print of the same operations.
//!
//! Three passes, as MLIR's `AsmPrinter`:
//!
//! 1. **Value numbering** (MLIR's `SSANameState`): regions are numbered
//!    from a stack, one counter for results and non-entry block arguments
//!    (`%0`), one for entry block arguments (`%arg0`); blocks are `^bbN`,
//!    numbered per region. In the generic form the counters are never
//!    reset (its numbers are unique); in the custom form each region
//!    starts from the counters its parent region left, and results take
//!    the names their definitions give (`custom::number`).
//! 2. **Aliases** (unless local scope is asked for): every type, attribute
//!    and location met in print order (with debug info, every location)
//!    that a dialect names gets an alias, numbered after a stable sort by
//!    nesting depth; those that cannot be deferred are printed before the
//!    operation, the others after it. They are given to the printing's
//!    `strata_builtin::AsmState`. A custom form's hook runs here too, and
//!    what it would print is what is visited.
//! 3. **Printing**: the operations here, every type, attribute and location
//!    through a `strata_builtin::AsmPrinter` under that state.

use core::fmt::Write as _;
use std::borrow::Cow;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::NamedAttribute;
use strata_builtin::{
    AffineMapAttr, ArrayAttr, AsmAlias, AsmElement, AsmHooks, AsmPrinter, AsmState, CallSiteLoc,
    ComplexType, DenseAttr, DenseResourceAttr, DenseStringAttr, DictionaryAttr, DistinctAttr,
    DistinctNumbering, FloatAttr, FunctionType, FusedLoc, IntegerAttr, IntegerSetAttr,
    LocationAttr, MemRefType, NameLoc, NoneType, OpaqueAttr, OpaqueLoc, PrintOptions,
    RankedTensorType, SparseElementsAttr, StringAttr, TupleType, TypeAttr, TypedStringAttr,
    UnitAttr, UnknownLoc, UnrankedMemRefType, UnrankedTensorType, VectorType,
};
use strata_ctx::{Attribute, Location, Type};
use strata_ir::{BlockId, Body, OpId, OpRegistry, RegionId, Value};

use custom::{FormPrinter, GENERIC_REGION, Names, RegionFlags};

use crate::{Module, ResourceGroup};

/// In a value's number (always below both flags): an entry block's argument.
const ARG: u32 = 1 << 31;
/// In a value's number: a result of an operation with several (`%N#k`).
const MULTI: u32 = 1 << 30;
/// In a value's number, in a custom-form printing: the value is named, and
/// the rest is its name's index in [`custom::Names::strings`].
const NAMED: u32 = 1 << 29;
const NONE: u32 = u32::MAX;

mod config;
pub(crate) mod custom;
mod note;
mod number;
mod resources;

pub use config::PrintConfig;
pub(crate) use note::op_note;
use number::{Numbers, cut, number_regions};
use resources::referenced_resources;

/// Writes `s` quoted with LLVM's escapes (`\\`, `\22`, `\XX` for what is
/// not printable), as MLIR's `printEscapedString` does.
pub fn write_escaped(out: &mut String, s: &str) {
    write_escaped_bytes(out, s.as_bytes());
}

/// [`write_escaped`] of bytes that need not be UTF-8 (an unescaped string
/// literal may hold any byte).
fn write_escaped_bytes(out: &mut String, bytes: &[u8]) {
    out.push('"');
    for &b in bytes {
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

/// A resource's value as MLIR prints it back: a string is read and escaped
/// again as [`write_escaped`] escapes (`"\"x\""` is `"\22x\22"`), a
/// boolean as written.
fn write_resource_value(out: &mut String, written: &str) {
    if !written.starts_with('"') {
        out.push_str(written);
        return;
    }
    write_escaped_bytes(out, &strata_syntax::lexer::unescape(written));
}

/// A value the alias pass meets: a location, an attribute or a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Node<'c> {
    Loc(Location<'c>),
    Attr(Attribute<'c>),
    Type(Type<'c>),
}

impl<'c> From<Node<'c>> for AsmElement<'c> {
    fn from(node: Node<'c>) -> Self {
        match node {
            Node::Loc(l) => AsmElement::Location(l),
            Node::Attr(a) => AsmElement::Attribute(a),
            Node::Type(t) => AsmElement::Type(t),
        }
    }
}

/// One value met by the alias pass (MLIR's `InProgressAliasInfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
struct AliasEntry<'c> {
    node: Node<'c>,
    /// The alias's name without number, sanitized (`loc`, `map`, `set`,
    /// `distinct`, `tuple`, or a dialect's), `None` for a value that has no
    /// alias.
    name: Option<Box<str>>,
    depth: u32,
    deferrable: bool,
    children: Vec<usize>,
    /// When the pass first met the value, in its visiting order: the run
    /// that met it (high half) and its place in that run (low half), so
    /// that runs merged in any order give the sequential pass's order.
    stamp: u64,
}

#[derive(Clone, Default)]
struct AliasState<'c, 'h> {
    /// The dialects' printing hooks (the module's).
    hooks: Option<&'h AsmHooks>,
    /// The operation definitions whose custom forms are printed, `None` in
    /// the generic form.
    forms: Option<&'h OpRegistry>,
    /// The run whose visits this state stamps (see [`AliasEntry::stamp`]).
    run: u32,
    entries: Vec<AliasEntry<'c>>,
    /// By handle address: the value's entry, or [`NO_ENTRY`] for a leaf
    /// without an alias (an integer type, a string), so that the hooks are
    /// asked about a value once however often the module uses it.
    index: FxHashMap<usize, usize>,
    /// Per entry, its alias (`#map1`, `!tuple`) once assigned.
    alias: Vec<Option<String>>,
    /// Aliased entry indices in printing order.
    order: Vec<usize>,
    /// The locations met as attribute values: the attribute and the
    /// location's entry (a location is an attribute in MLIR, with one alias
    /// for both uses).
    location_attrs: Vec<(Attribute<'c>, usize)>,
}

/// The alias MLIR's builtin dialect gives `node` (its
/// `OpAsmDialectInterface::getAlias`, whose aliases are all overridable).
fn builtin_alias(node: Node<'_>) -> Option<&'static str> {
    match node {
        Node::Loc(_) => Some("loc"),
        Node::Attr(a) => {
            if a.isa::<AffineMapAttr>() {
                Some("map")
            } else if a.isa::<IntegerSetAttr>() {
                Some("set")
            } else if let Some(d) = a.dyn_cast::<DistinctAttr>()
                && !d.payload().referenced.isa::<UnitAttr>()
            {
                // `distinct[0]<>` prints in place.
                Some("distinct")
            } else {
                None
            }
        }
        Node::Type(t) => match t.dyn_cast::<TupleType>() {
            Some(tu) if tu.payload().elements.len() > 16 => Some("tuple"),
            _ => None,
        },
    }
}

/// Sanitizes an alias name as MLIR 19's `AsmPrinter` does
/// (`sanitizeIdentifier` with the punctuation `$_-` and no trailing digit):
/// a name starting with a digit or with a byte that is neither allowed nor
/// a space gains a `_` in front, else one ending with a digit gains a `_`
/// at the end; every byte that is not alphanumeric or allowed is written as
/// its hexadecimal value (upper case, no leading zero), a space as `_`.
/// `None` for an empty name.
///
/// ```text
/// test.alias    -> test2Ealias      0_test_alias -> _0_test_alias
/// %test         -> _25test          test_ui8     -> test_ui8_
/// ```
pub fn sanitize_alias(name: &str) -> Option<String> {
    let b = name.as_bytes();
    let first = *b.first()?;
    let mut out = String::with_capacity(name.len() + 2);
    let valid = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'$' | b'_' | b'-');
    let copy = |out: &mut String| {
        for &c in b {
            if valid(c) {
                out.push(c as char);
            } else if c == b' ' {
                out.push('_');
            } else {
                let _ = write!(out, "{c:X}");
            }
        }
    };
    if first.is_ascii_digit() || (!valid(first) && first != b' ') {
        out.push('_');
        copy(&mut out);
    } else if b.last().is_some_and(u8::is_ascii_digit) {
        copy(&mut out);
        out.push('_');
    } else {
        copy(&mut out);
    }
    Some(out)
}

/// The alias `node` gets (sanitized, without number): the builtin
/// dialect's alias, unless a dialect of `hooks` names another (MLIR's
/// `AliasInitializer::generateAlias`).
fn alias_name(node: Node<'_>, hooks: &AsmHooks) -> Option<Box<str>> {
    let builtin = builtin_alias(node);
    let name = if hooks.is_empty() {
        builtin.map(str::to_owned)
    } else {
        let builtin = builtin.map(|n| AsmAlias::Overridable(n.to_owned()));
        match node {
            Node::Loc(_) => builtin.map(|_| "loc".to_owned()),
            Node::Attr(a) => hooks.attribute_alias(a, builtin),
            Node::Type(t) => hooks.type_alias(t, builtin),
        }
    };
    name.as_deref()
        .and_then(sanitize_alias)
        .map(String::into_boxed_str)
}

/// The values MLIR's alias pass visits inside `node`, in its order
/// (`DummyAliasDialectAsmPrinter::printAndVisitNestedAliasesImpl`).
fn children<'c>(node: Node<'c>, hooks: &AsmHooks) -> SmallVec<[Node<'c>; 4]> {
    let mut out = SmallVec::new();
    let mut element = |e: AsmElement<'c>| {
        out.push(match e {
            AsmElement::Type(t) => Node::Type(t),
            AsmElement::Attribute(a) => Node::Attr(a),
            AsmElement::Location(l) => Node::Loc(l),
        });
    };
    // A dialect's own kind: what it says it prints inside itself (a
    // builtin kind is known without asking).
    let dialect = match node {
        Node::Attr(a) => {
            !hooks.is_empty()
                && !a.kind().name().starts_with("builtin.")
                && hooks.attribute_elements(a, &mut element)
        }
        Node::Type(t) => {
            !hooks.is_empty()
                && !t.kind().name().starts_with("builtin.")
                && hooks.type_elements(t, &mut element)
        }
        Node::Loc(_) => false,
    };
    if dialect {
        return out;
    }
    match node {
        Node::Loc(loc) => {
            if let Some(n) = loc.dyn_cast::<NameLoc>() {
                // MLIR visits what it prints: an unknown child is not printed.
                if !n.payload().child.isa::<UnknownLoc>() {
                    out.push(Node::Loc(n.payload().child));
                }
            } else if let Some(f) = loc.dyn_cast::<FusedLoc>() {
                // The metadata first, as MLIR prints and visits it.
                out.extend(f.payload().metadata.map(Node::Attr));
                out.extend(f.payload().locations.iter().map(|&l| Node::Loc(l)));
            } else if let Some(c) = loc.dyn_cast::<CallSiteLoc>() {
                out.push(Node::Loc(c.payload().callee));
                out.push(Node::Loc(c.payload().caller));
            } else if let Some(o) = loc.dyn_cast::<OpaqueLoc>() {
                out.push(Node::Loc(o.payload().fallback));
            }
        }
        Node::Attr(a) => {
            if let Some(arr) = a.dyn_cast::<ArrayAttr>() {
                out.extend(arr.payload().elements.iter().map(|&e| Node::Attr(e)));
            } else if let Some(d) = a.dyn_cast::<DictionaryAttr>() {
                // The name, then the value, as MLIR visits a nested
                // dictionary (the names print in place, but a dialect may
                // name an alias for one, whose definition MLIR prints).
                for e in d.payload().entries {
                    out.push(Node::Attr(e.name.into()));
                    out.push(Node::Attr(e.value));
                }
            } else if let Some(t) = a.dyn_cast::<TypeAttr>() {
                out.push(Node::Type(t.payload().ty));
            } else if let Some(d) = a.dyn_cast::<DistinctAttr>() {
                out.push(Node::Attr(d.payload().referenced));
            } else if let Some(i) = a.dyn_cast::<IntegerAttr>() {
                out.push(Node::Type(i.payload().ty));
            } else if let Some(x) = a.dyn_cast::<FloatAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<DenseAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<DenseStringAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<SparseElementsAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<DenseResourceAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<TypedStringAttr>() {
                out.push(Node::Type(x.payload().ty));
            } else if let Some(x) = a.dyn_cast::<OpaqueAttr>() {
                // Its type, unless none (MLIR's `TypedAttr` rule).
                if !x.payload().ty.isa::<NoneType>() {
                    out.push(Node::Type(x.payload().ty));
                }
            }
        }
        Node::Type(t) => {
            if let Some(f) = t.dyn_cast::<FunctionType>() {
                let p = f.payload();
                out.extend(p.inputs.iter().chain(p.results).map(|&t| Node::Type(t)));
            } else if let Some(tu) = t.dyn_cast::<TupleType>() {
                out.extend(tu.payload().elements.iter().map(|&t| Node::Type(t)));
            } else if let Some(r) = t.dyn_cast::<RankedTensorType>() {
                out.push(Node::Type(r.payload().element));
                out.extend(r.payload().encoding.map(Node::Attr));
            } else if let Some(m) = t.dyn_cast::<MemRefType>() {
                let p = m.payload();
                out.push(Node::Type(p.element));
                out.extend(p.layout.map(Node::Attr));
                out.extend(p.memory_space.map(Node::Attr));
            } else if let Some(m) = t.dyn_cast::<UnrankedMemRefType>() {
                out.push(Node::Type(m.payload().element));
                out.extend(m.payload().memory_space.map(Node::Attr));
            } else if let Some(v) = t.dyn_cast::<VectorType>() {
                out.push(Node::Type(v.payload().element));
            } else if let Some(u) = t.dyn_cast::<UnrankedTensorType>() {
                out.push(Node::Type(u.payload().element));
            } else if let Some(c) = t.dyn_cast::<ComplexType>() {
                out.push(Node::Type(c.payload().element));
            }
        }
    }
    out
}

/// What [`AliasState::visit`] returns for a value it does not record.
const NO_ENTRY: usize = usize::MAX;

/// The key [`AliasState`] knows `node` by: its handle's address.
/// `attr` as an attribute of the shorter lifetime `'a` (a handle is
/// covariant in its context's lifetime).
fn shorten<'a, 'c: 'a>(attr: NamedAttribute<'c>) -> NamedAttribute<'a> {
    attr
}

fn node_key(node: Node<'_>) -> usize {
    match node {
        Node::Loc(l) => l.as_ptr().addr(),
        Node::Attr(a) => a.as_ptr().addr(),
        Node::Type(t) => t.as_ptr().addr(),
    }
}

impl<'c, 'h> AliasState<'c, 'h> {
    fn new(hooks: &'h AsmHooks) -> Self {
        Self {
            hooks: Some(hooks),
            ..Self::default()
        }
    }

    fn hooks(&self) -> &'h AsmHooks {
        static NONE: AsmHooks = AsmHooks::new();
        self.hooks.unwrap_or(&NONE)
    }

    fn visit(&mut self, node: Node<'c>, deferrable: bool) -> (u32, usize) {
        if let Node::Attr(a) = node
            && let Some(la) = a.dyn_cast::<LocationAttr>()
        {
            // A location used as an attribute is that location to MLIR's
            // alias pass (one `#locN` for both uses).
            let r = self.visit(Node::Loc(la.payload().location), deferrable);
            self.location_attrs.push((a, r.1));
            return r;
        }
        let key = node_key(node);
        if let Some(&i) = self.index.get(&key) {
            if i == NO_ENTRY {
                return (0, NO_ENTRY);
            }
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.entries[i].depth, i);
        }
        let hooks = self.hooks();
        let name = alias_name(node, hooks);
        let kids = children(node, hooks);
        if name.is_none() && kids.is_empty() {
            // A leaf without an alias (an integer type, a string): depth 0,
            // nothing to record, nothing to number.
            self.index.insert(key, NO_ENTRY);
            return (0, NO_ENTRY);
        }
        let i = self.entries.len();
        self.index.insert(key, i);
        let depth = u32::from(name.is_some());
        self.entries.push(AliasEntry {
            node,
            name,
            depth,
            deferrable,
            children: Vec::new(),
            stamp: (u64::from(self.run) << 32) | i as u64,
        });
        let mut max = 0;
        let mut child_indices = Vec::new();
        for c in kids {
            let (d, ci) = self.visit(c, deferrable);
            max = max.max(d);
            if ci != NO_ENTRY {
                child_indices.push(ci);
            }
        }
        if max > 0 {
            self.entries[i].depth = max + 1;
        }
        self.entries[i].children = child_indices;
        (self.entries[i].depth, i)
    }

    /// Visits `ops` of body `b` (and everything inside them) as a loop of
    /// [`visit_op_aliases`] would, on the current rayon pool: each run of
    /// operations is visited into a state of its own
    /// ([`AliasState::visit_runs`]), and the states are merged
    /// ([`AliasState::merge_runs`]).
    fn visit_ops_parallel(&mut self, bodies: &Bodies<'_, 'c>, b: u32, ops: &[OpId], debug: bool) {
        // Four runs a thread, as the printing's: enough to balance runs of
        // uneven size.
        let runs = rayon::current_num_threads().max(1) * 4;
        let len = ops.len().div_ceil(runs).max(1);
        let runs: Vec<&[OpId]> = ops.chunks(len).collect();
        let parts = self.visit_runs(bodies, b, &runs, debug);
        self.merge_runs(parts);
    }

    /// Visits each of `runs` into a state of its own, on the current rayon
    /// pool, as if `self` went on to visit them in order: run `k`'s stamps
    /// follow `self`'s and those of the runs before it.
    fn visit_runs(
        &self,
        bodies: &Bodies<'_, 'c>,
        b: u32,
        runs: &[&[OpId]],
        debug: bool,
    ) -> Vec<AliasState<'c, 'h>> {
        use rayon::prelude::*;
        let first = self.run + 1;
        runs.par_iter()
            .enumerate()
            .map(|(k, run)| {
                let mut part = AliasState {
                    hooks: self.hooks,
                    forms: self.forms,
                    run: first + k as u32,
                    ..AliasState::default()
                };
                for &op in *run {
                    visit_op_aliases(bodies, b, op, debug, &mut part, false);
                }
                part
            })
            .collect()
    }

    /// Merges the states of [`AliasState::visit_runs`], in any order: once
    /// finished ([`AliasState::canonicalize`]), the result is the same
    /// whatever the order, and it is what visiting the runs' operations in
    /// order would have made. Later visits stamp after the last run.
    fn merge_runs(&mut self, parts: Vec<AliasState<'c, 'h>>) {
        // Room for every entry at once: most are new in a large module
        // (each operation's location, its attribute dictionary).
        let total: usize = parts.iter().map(|p| p.entries.len()).sum();
        self.index.reserve(total);
        self.entries.reserve(total);
        let last = parts.iter().map(|p| p.run).max().unwrap_or(self.run);
        for part in parts {
            self.merge(part);
        }
        self.run = last + 1;
    }

    /// Adds what `part` met, visited after everything `self` met or before,
    /// so that `self` ends as if it had visited `part`'s operations too:
    ///
    /// 1. A value both met keeps the earlier stamp; a value new to `self`
    ///    keeps `part`'s. The sequential pass meets a value new to it first
    ///    on a path of values new to it (a known value's descendants are all
    ///    known), a path `part` walked too and in the same order; so
    ///    ordering the entries by stamp gives the sequential pass's order,
    ///    whatever the order of the merges.
    /// 2. An entry is deferrable when every visit that reached it was
    ///    (`mark_non_deferrable` follows the children), which does not
    ///    depend on the order: the flags are and-ed.
    /// 3. A value's depth and children depend on the value alone.
    fn merge(&mut self, part: AliasState<'c, 'h>) {
        let first_new = self.entries.len();
        // Per entry of `part`, its index in `self`.
        let mut map = Vec::with_capacity(part.entries.len());
        for e in part.entries {
            let key = node_key(e.node);
            match self.index.get(&key) {
                Some(&i) if i != NO_ENTRY => {
                    let known = &mut self.entries[i];
                    known.deferrable &= e.deferrable;
                    known.stamp = known.stamp.min(e.stamp);
                    map.push(i);
                }
                _ => {
                    let i = self.entries.len();
                    self.index.insert(key, i);
                    self.entries.push(e);
                    map.push(i);
                }
            }
        }
        for e in &mut self.entries[first_new..] {
            for c in &mut e.children {
                *c = map[*c];
            }
        }
        self.location_attrs.extend(
            part.location_attrs
                .into_iter()
                .map(|(a, i)| (a, map.get(i).copied().unwrap_or(NO_ENTRY))),
        );
    }

    /// Puts the entries in stamp order (the order of the sequential pass)
    /// and the locations used as attributes in entry order, renumbering
    /// the indices: after merges in any order, the same state.
    fn canonicalize(&mut self) {
        if !self.entries.is_sorted_by_key(|e| e.stamp) {
            let mut order: Vec<usize> = (0..self.entries.len()).collect();
            order.sort_unstable_by_key(|&i| self.entries[i].stamp);
            let mut new_index = vec![0; order.len()];
            for (new, &old) in order.iter().enumerate() {
                new_index[old] = new;
            }
            let mut old: Vec<Option<AliasEntry<'c>>> = core::mem::take(&mut self.entries)
                .into_iter()
                .map(Some)
                .collect();
            self.entries = order
                .iter()
                .map(|&i| old[i].take().expect("each entry once"))
                .collect();
            for e in &mut self.entries {
                for c in &mut e.children {
                    *c = new_index[*c];
                }
            }
            for i in self.index.values_mut() {
                if *i != NO_ENTRY {
                    *i = new_index[*i];
                }
            }
            for (_, i) in &mut self.location_attrs {
                if *i != NO_ENTRY {
                    *i = new_index[*i];
                }
            }
        }
        self.location_attrs
            .sort_unstable_by_key(|&(a, i)| (i, a.as_ptr().addr()));
        self.location_attrs.dedup();
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

    /// MLIR's `initializeAliases`: a stable sort by depth, types first, then
    /// by name, of the values in the order the pass met them (their
    /// stamps); numbers per name in that order.
    fn finish(&mut self) {
        self.canonicalize();
        let mut order: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].name.is_some())
            .collect();
        order.sort_by(|&i, &j| {
            let key = |e: &'_ AliasEntry<'c>| (e.depth, !matches!(e.node, Node::Type(_)));
            let (a, b) = (&self.entries[i], &self.entries[j]);
            key(a)
                .cmp(&key(b))
                .then_with(|| a.name.cmp(&b.name))
                .then(a.stamp.cmp(&b.stamp))
        });
        self.alias = vec![None; self.entries.len()];
        // One count per name, types and attributes together, as MLIR's
        // `nameCounts`: a second `test_alias_conflict0_` is
        // `test_alias_conflict0_1`.
        let mut counts: FxHashMap<&str, u32> = FxHashMap::default();
        for &i in &order {
            let e = &self.entries[i];
            let Some(name) = e.name.as_deref() else {
                continue;
            };
            let n = counts.entry(name).or_insert(0);
            let sigil = if matches!(e.node, Node::Type(_)) {
                '!'
            } else {
                '#'
            };
            self.alias[i] = Some(if *n == 0 {
                format!("{sigil}{name}")
            } else {
                format!("{sigil}{name}{n}")
            });
            *n += 1;
        }
        self.order = order;
    }

    /// Gives the printing's state every alias: each aliased value's, and
    /// each location used as an attribute its location's.
    fn install<'s>(&self, state: &mut AsmState<'s>)
    where
        'c: 's,
    {
        for &i in &self.order {
            if let Some(a) = &self.alias[i] {
                state.set_alias(self.entries[i].node, a.as_str());
            }
        }
        for &(attr, i) in &self.location_attrs {
            if let Some(Some(a)) = self.alias.get(i) {
                state.set_alias(attr, a.as_str());
            }
        }
    }
}

/// MLIR's `AliasInitializer` over the generic form: per operation its
/// location (with debug info, deferrable), its regions (block argument
/// types and locations, then the operations), its operand and result types,
/// its attributes (not its properties, which MLIR 19 does not visit). With
/// `parallel`, the operations of each of this operation's blocks (not
/// deeper) are visited on rayon.
fn visit_op_aliases<'c>(
    bodies: &Bodies<'_, 'c>,
    b: u32,
    id: OpId,
    debug: bool,
    state: &mut AliasState<'c, '_>,
    parallel: bool,
) {
    let body = bodies.list[b as usize];
    let o = body.op(id);
    if debug {
        state.visit(Node::Loc(o.location()), true);
    }
    if let Some(form) = custom::form_of(state.forms, body, id) {
        let mut p = custom::AliasPrinter {
            state,
            bodies,
            b,
            op: id,
            debug,
            parallel,
        };
        if form.print_with(&mut p) {
            return;
        }
    }
    let (k, regions) = bodies.regions(b, id);
    let inner = bodies.list[k as usize];
    for &r in regions {
        for block in inner.blocks(r) {
            for &a in inner.block_args(block) {
                state.visit(Node::Type(inner.value_type(a)), false);
                if debug && let Some(l) = inner.value_location(a) {
                    state.visit(Node::Loc(l), false);
                }
            }
            if parallel {
                let ops: Vec<OpId> = inner.block_ops(block).collect();
                if ops.len() > 1 {
                    state.visit_ops_parallel(bodies, k, &ops, debug);
                    continue;
                }
            }
            for op in inner.block_ops(block) {
                visit_op_aliases(bodies, k, op, debug, state, false);
            }
        }
    }
    // The types of the operation's function type, inputs then results.
    for v in o.operands().chain(o.results().iter().copied()) {
        state.visit(Node::Type(body.value_type(v)), false);
    }
    let entries = |a: Option<Attribute<'c>>| {
        a.and_then(|a| a.dyn_cast::<DictionaryAttr>())
            .map_or(&[][..], |d| d.payload().entries)
    };
    let name = o
        .name()
        .dyn_cast::<StringAttr>()
        .map_or("", |s| s.payload().value);
    if o.properties().is_some() && state.hooks().is_registered_op(name) {
        // A registered operation's attribute dictionary: inherent and
        // discardable attributes together, sorted by name.
        let mut all: Vec<_> = entries(o.properties())
            .iter()
            .chain(entries(o.attributes()))
            .collect();
        all.sort_by(|a, b| a.name.payload().value.cmp(b.name.payload().value));
        for e in all {
            state.visit(Node::Attr(e.value), false);
        }
    } else {
        for e in entries(o.attributes()) {
            state.visit(Node::Attr(e.value), false);
        }
    }
}

/// The bodies of a module, indexed for the printer's tables: the file's
/// body first, then each body's children depth first, so that those inside
/// one isolated operation (its own and those nested in it) are consecutive,
/// and so are their values' and blocks' places in the tables.
#[derive(Default)]
struct Bodies<'m, 'c> {
    list: Vec<&'m Body<'c>>,
    /// Per body, its roots (here to be found without reading the body).
    roots: Vec<&'m [RegionId]>,
    /// Per slot of each body's table of children, from the body's
    /// `kid_base` on: the child's index ([`NONE`] for none here).
    kid_base: Vec<usize>,
    kids: Vec<u32>,
    /// Per body and one past the last: where its values start in the
    /// tables of values, and its blocks in those of blocks.
    values: Vec<usize>,
    blocks: Vec<usize>,
}

impl<'m, 'c> Bodies<'m, 'c> {
    fn new(file: &'m Body<'c>) -> Self {
        let mut this = Self {
            values: vec![0],
            blocks: vec![0],
            ..Self::default()
        };
        // Each body to index, with its parent's index and its slot there.
        let mut stack = vec![(file, NONE, 0)];
        while let Some((body, parent, slot)) = stack.pop() {
            let i = this.list.len() as u32;
            if let Some(&base) = this.kid_base.get(parent as usize) {
                this.kids[base + slot] = i;
            }
            this.list.push(body);
            this.roots.push(body.roots());
            let (v, bl) = (this.values[i as usize], this.blocks[i as usize]);
            this.values.push(v + body.value_bound());
            this.blocks.push(bl + body.block_bound());
            let start = stack.len();
            stack.extend(body.children().map(|(owner, c)| (c, i, owner.slot())));
            let slots = stack[start..].iter().map(|c| c.2 + 1).max().unwrap_or(0);
            this.kid_base.push(this.kids.len());
            this.kids.resize(this.kids.len() + slots, NONE);
        }
        this
    }

    /// The body (its index) and the regions of operation `op` of body `b`:
    /// an isolated operation's child body and its roots (none while that
    /// body is checked out), or `b` and the operation's own regions.
    fn regions(&self, b: u32, op: OpId) -> (u32, &'m [RegionId]) {
        let o = self.list[b as usize].op(op);
        match o.owner() {
            None => (b, o.regions()),
            Some(owner) => match self.kids[self.kid_base[b as usize] + owner.slot()] {
                NONE => (b, &[]),
                k => (k, self.roots[k as usize]),
            },
        }
    }
}

/// The printer of one printing, or one worker of a parallel printing: the
/// tables the numbering and the alias pass fill are owned by the main
/// printer and borrowed by its workers.
struct Printer<'m, 'c> {
    module: &'m Module<'c>,
    /// The module's bodies, which index the tables.
    bodies: &'m Bodies<'m, 'c>,
    /// The printing's state: its options, hooks and aliases.
    state: &'m AsmState<'m>,
    /// Per value of each body: its number (see [`Numbers`]).
    names: Cow<'m, [u32]>,
    /// Per block of each body: its number in its region.
    block_ids: Cow<'m, [u32]>,
    /// The alias pass's result, for the alias definitions (none in local
    /// scope).
    aliases: Option<&'m AliasState<'c, 'm>>,
    /// The numbers this printer gave distinct attributes (a worker's, per
    /// run: see [`Printer::print_runs`]).
    distinct: DistinctNumbering,
    /// Whether the root operation's body is printed on rayon.
    parallel: bool,
    out: String,
    /// The printed text of the types and attributes written through
    /// [`Printer::write_type`] and [`Printer::write_attr`], by handle (a
    /// range of `memo_text`): a handle prints the same text all through one
    /// printing (its aliases are fixed before, a distinct attribute keeps
    /// its first number), and the same types and attribute dictionaries
    /// come back on most operations.
    memo: FxHashMap<Node<'c>, (u32, u32)>,
    memo_text: String,
    /// The operation definitions whose custom forms are printed, `None` in
    /// the generic form.
    forms: Option<&'m OpRegistry>,
    /// The custom form's value names (see [`NAMED`]).
    custom_names: Cow<'m, Names>,
    /// The default dialects of the regions being printed, innermost last
    /// (MLIR's `defaultDialectStack`, `builtin` at the top).
    dialects: Vec<&'static str>,
}

impl<'m, 'c> Printer<'m, 'c> {
    fn new(
        module: &'m Module<'c>,
        bodies: &'m Bodies<'m, 'c>,
        state: &'m AsmState<'m>,
        aliases: Option<&'m AliasState<'c, 'm>>,
    ) -> Self {
        Self {
            module,
            bodies,
            state,
            names: Cow::Owned(vec![NONE; bodies.values[bodies.list.len()]]),
            block_ids: Cow::Owned(vec![NONE; bodies.blocks[bodies.list.len()]]),
            aliases,
            distinct: DistinctNumbering::new(),
            parallel: false,
            out: String::new(),
            memo: FxHashMap::default(),
            memo_text: String::new(),
            forms: None,
            custom_names: Cow::Owned(Names::default()),
            dialects: vec!["builtin"],
        }
    }

    /// A printer for a worker of a parallel printing: the same tables,
    /// borrowed, and its own output and memo.
    fn worker(&self) -> Printer<'_, 'c> {
        Printer {
            module: self.module,
            bodies: self.bodies,
            state: self.state,
            names: Cow::Borrowed(&self.names),
            block_ids: Cow::Borrowed(&self.block_ids),
            aliases: self.aliases,
            distinct: DistinctNumbering::new(),
            parallel: false,
            out: String::new(),
            memo: FxHashMap::default(),
            memo_text: String::new(),
            forms: self.forms,
            custom_names: Cow::Borrowed(&self.custom_names),
            dialects: self.dialects.clone(),
        }
    }

    /// Prints `ops` (the operations of the root's body `b`, at `indent`) on
    /// the current rayon pool ([`Printer::print_runs`]).
    fn ops_parallel(&mut self, b: u32, ops: &[OpId], indent: usize) {
        self.print_runs(ops, |p, &op| {
            p.op(b, op, indent);
            p.out.push('\n');
        });
    }

    /// Prints `items` with `print` on the current rayon pool: each worker
    /// prints a run of them into its own buffer, under the same aliases,
    /// and the buffers are joined in order. The text does not depend on the
    /// thread that printed it: the numbering and the aliases are fixed
    /// before. The exception is a distinct attribute printed in place
    /// (`distinct[N]`, numbered in printing order): a run whose text has
    /// one is printed again here, in order.
    fn print_runs<T: Sync>(
        &mut self,
        items: &[T],
        print: impl Fn(&mut Printer<'_, 'c>, &T) + Sync,
    ) {
        use rayon::prelude::*;
        // Four runs a thread, at least two in a rayon job: enough to balance
        // runs of uneven size, few enough that the workers' memos (one per
        // job, see below) stay warm.
        let runs = rayon::current_num_threads().max(1) * 4;
        let len = items.len().div_ceil(runs).max(1);
        let this = &*self;
        let parts: Vec<Option<String>> = items
            .par_chunks(len)
            .with_min_len(2)
            // One worker (and so one memo) per rayon job, for all its runs.
            .map_init(
                || this.worker(),
                |w, run| {
                    // Each run numbers distinct attributes from 0: a run
                    // that meets one is printed again below, in order.
                    w.distinct = DistinctNumbering::new();
                    for item in run {
                        print(w, item);
                    }
                    let text = core::mem::take(&mut w.out);
                    (!text.contains("distinct[")).then_some(text)
                },
            )
            .collect();
        // Reserved at once, so that the text is copied once and each part is
        // freed as soon as it is copied (the peak holds the text about once).
        self.out
            .reserve(parts.iter().flatten().map(String::len).sum::<usize>());
        for (run, part) in items.chunks(len).zip(parts) {
            match part {
                Some(text) => self.out.push_str(&text),
                None => {
                    for item in run {
                        print(self, item);
                    }
                }
            }
        }
    }

    /// Writes `node` (a type or an attribute) as its `Display` does, from
    /// the memo when it was printed before.
    fn write_memo(&mut self, node: Node<'c>) {
        if let Some(&(s, e)) = self.memo.get(&node) {
            self.out.push_str(&self.memo_text[s as usize..e as usize]);
            return;
        }
        let start = self.out.len();
        let mut p = AsmPrinter::new(&mut self.out, self.state, &mut self.distinct);
        let _ = match node {
            Node::Type(t) => p.print_type(t),
            Node::Attr(a) => p.print_attribute(a),
            Node::Loc(l) => p.print_location(l, true),
        };
        let (Ok(s), Ok(e)) = (
            u32::try_from(self.memo_text.len()),
            u32::try_from(self.memo_text.len() + self.out.len() - start),
        ) else {
            return;
        };
        self.memo_text.push_str(&self.out[start..]);
        self.memo.insert(node, (s, e));
    }

    /// Writes the types of `values` of `body`, separated by `", "`.
    fn write_types(&mut self, body: &Body<'c>, values: impl Iterator<Item = Value>) {
        for (i, v) in values.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_type(body.value_type(v));
        }
    }

    /// Writes `ty` as its `Display` does (see [`Printer::write_memo`]).
    fn write_type(&mut self, ty: Type<'c>) {
        self.write_memo(Node::Type(ty));
    }

    /// Writes `attr` as its `Display` does (see [`Printer::write_memo`]).
    fn write_attr(&mut self, attr: Attribute<'c>) {
        self.write_memo(Node::Attr(attr));
    }

    fn indent(&mut self, n: usize) {
        for _ in 0..n {
            self.out.push(' ');
        }
    }

    /// The number of value `v` of body `b` (see [`Numbers`]).
    fn name(&self, b: u32, v: Value) -> u32 {
        self.names[self.bodies.values[b as usize] + v.index()]
    }

    /// The number of block `block` of body `b` in its region.
    fn block_id(&self, b: u32, block: BlockId) -> u32 {
        self.block_ids[self.bodies.blocks[b as usize] + block.index()]
    }

    /// Writes the name of value `v` of body `b`: `%N`, `%N#k` for result
    /// `k` of an operation with several, `%argN`.
    fn value_name(&mut self, b: u32, v: Value) {
        let name = self.name(b, v);
        if name == NONE {
            self.out.push_str("<<UNKNOWN SSA VALUE>>");
        } else if name & NAMED != 0 && name & ARG == 0 {
            let s = &self.custom_names.strings[(name & !(NAMED | MULTI)) as usize];
            self.out.push('%');
            self.out.push_str(s);
            self.result_number(b, v, name);
        } else if name & ARG != 0 {
            let _ = write!(self.out, "%arg{}", name & !ARG);
        } else {
            let _ = write!(self.out, "%{}", name & !MULTI);
            self.result_number(b, v, name);
        }
    }

    /// Writes `#k` after the name of `v` of body `b` (numbered `name`), a
    /// result of a group of several: its place in the group.
    fn result_number(&mut self, b: u32, v: Value, name: u32) {
        if name & MULTI == 0 {
            return;
        }
        let body = self.bodies.list[b as usize];
        if let Some(k) = custom::result_index(&self.custom_names, body, b, v) {
            let _ = write!(self.out, "#{k}");
        }
    }

    /// Writes the name of the group of results starting at `first`, with
    /// `:n` for a group of `n` results.
    fn result_group(&mut self, b: u32, first: Value, n: usize) {
        let name = self.name(b, first);
        if name != NONE && name & NAMED != 0 {
            let s = &self.custom_names.strings[(name & !(NAMED | MULTI)) as usize];
            self.out.push('%');
            self.out.push_str(s);
        } else {
            let _ = write!(self.out, "%{}", name & !MULTI);
        }
        if n > 1 {
            let _ = write!(self.out, ":{n}");
        }
    }

    /// Writes ` {a = 1 : i64, b}` for `attrs` (` attributes {...}` with
    /// `keyword`), nothing for none.
    fn attr_dict<'e>(
        &mut self,
        attrs: impl Iterator<Item = &'e NamedAttribute<'c>> + Clone,
        keyword: bool,
    ) where
        'c: 'e,
    {
        if attrs.clone().next().is_none() {
            return;
        }
        self.out
            .push_str(if keyword { " attributes " } else { " " });
        let attrs = attrs.copied().map(shorten);
        let _ = AsmPrinter::new(&mut self.out, self.state, &mut self.distinct)
            .print_named_attributes(attrs);
    }

    /// Writes `loc(...)` for `loc`: inside it its alias where
    /// `allow_alias` and it has one, else the location in full.
    fn location(&mut self, loc: Location<'c>, allow_alias: bool) {
        let _ = AsmPrinter::new(&mut self.out, self.state, &mut self.distinct)
            .print_location(loc, allow_alias);
    }

    fn block_name(&mut self, b: u32, block: BlockId) {
        let n = self.block_id(b, block);
        let _ = write!(self.out, "^bb{n}");
    }

    /// Prints operation `id` of body `b` at `indent`.
    fn op(&mut self, b: u32, id: OpId, indent: usize) {
        let body = self.bodies.list[b as usize];
        let o = body.op(id);
        self.indent(indent);
        let results = o.results();
        if !results.is_empty() {
            // Result groups exist only where a custom form named results.
            let groups = (!self.custom_names.groups.is_empty())
                .then(|| self.custom_names.groups.get(&(b, id)).cloned())
                .flatten();
            match groups {
                Some(g) => {
                    for (i, &start) in g.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let end = g.get(i + 1).map_or(results.len(), |&e| e as usize);
                        self.result_group(b, results[start as usize], end - start as usize);
                    }
                }
                None => self.result_group(b, results[0], results.len()),
            }
            self.out.push_str(" = ");
        }
        let name = o
            .name()
            .dyn_cast::<StringAttr>()
            .map_or("", |s| s.payload().value);
        if let Some(form) = custom::form_of(self.forms, body, id) {
            let start = self.out.len();
            let dialect = self.dialects.last().copied().unwrap_or("");
            self.out.push_str(custom::op_name(name, dialect));
            let mut p = FormPrinter {
                p: self,
                b,
                op: id,
                indent,
            };
            if form.print_with(&mut p) {
                if self.state.options().debug_info {
                    self.out.push(' ');
                    self.location(o.location(), true);
                }
                return;
            }
            self.out.truncate(start);
        }
        write_escaped(&mut self.out, name);
        self.out.push('(');
        for (i, v) in o.operands().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value_name(b, v);
        }
        self.out.push(')');
        if o.num_successors() > 0 {
            self.out.push('[');
            for (i, s) in o.successors().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.block_name(b, s);
            }
            self.out.push(']');
        }
        if let Some(p) = o.properties() {
            self.out.push_str(" <");
            self.write_attr(p);
            self.out.push('>');
        }
        let (k, regions) = self.bodies.regions(b, id);
        if !regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                let dialect = custom::default_dialect_of(self.forms, body, id);
                self.region(k, r, indent, GENERIC_REGION, dialect);
            }
            self.out.push(')');
        }
        if let Some(a) = o.attributes() {
            self.out.push(' ');
            self.write_attr(a);
        }
        // The function type, as `FunctionType` prints it: the results in
        // parentheses unless there is one that is not a function type.
        self.out.push_str(" : (");
        self.write_types(body, o.operands());
        self.out.push_str(") -> ");
        match results {
            &[r] if !body.value_type(r).isa::<FunctionType>() => {
                self.write_type(body.value_type(r));
            }
            _ => {
                self.out.push('(');
                self.write_types(body, results.iter().copied());
                self.out.push(')');
            }
        }
        if self.state.options().debug_info {
            self.out.push(' ');
            self.location(o.location(), true);
        }
    }

    /// Prints region `r` of body `b`, its operations at `indent` plus two,
    /// as `flags` say (see [`custom::OpAsmPrinter::print_region`]), under
    /// the default dialect `dialect`.
    fn region(
        &mut self,
        b: u32,
        r: RegionId,
        indent: usize,
        flags: RegionFlags,
        dialect: &'static str,
    ) {
        let body = self.bodies.list[b as usize];
        self.out.push_str("{\n");
        self.dialects.push(dialect);
        for (bi, block) in body.blocks(r).enumerate() {
            let args = body.block_args(block);
            if bi > 0
                || (flags.empty_block && body.first_op(block).is_none())
                || (flags.entry_args && !args.is_empty())
            {
                self.indent(indent);
                self.block_name(b, block);
                if !args.is_empty() {
                    self.out.push('(');
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.value_name(b, a);
                        self.out.push_str(": ");
                        self.write_type(body.value_type(a));
                        if self.state.options().debug_info
                            && let Some(l) = body.value_location(a)
                        {
                            self.out.push(' ');
                            self.location(l, false);
                        }
                    }
                    self.out.push(')');
                }
                self.out.push(':');
                // The blocks of the successor uses that name this one, sorted.
                let mut preds: SmallVec<[u32; 4]> = body
                    .predecessors(block)
                    .filter_map(|u| Some(self.block_id(b, body.op(u.op).parent()?)))
                    .collect();
                preds.sort_unstable();
                if preds.is_empty() {
                    if bi > 0 {
                        self.out.push_str("  // no predecessors");
                    }
                } else if preds.len() == 1 {
                    let _ = write!(self.out, "  // pred: ^bb{}", preds[0]);
                } else {
                    let _ = write!(self.out, "  // {} preds: ", preds.len());
                    for (i, n) in preds.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        let _ = write!(self.out, "^bb{n}");
                    }
                }
                self.out.push('\n');
            }
            // The root's body (the only region printed at indent 0).
            if self.parallel && indent == 0 {
                let ops: Vec<OpId> = body.block_ops(block).collect();
                if ops.len() > 1 {
                    self.ops_parallel(b, &ops, indent + 2);
                    continue;
                }
            }
            let last = body.last_op(block);
            for op in body.block_ops(block) {
                if !flags.terminators
                    && Some(op) == last
                    && custom::might_be_terminator(self.forms, body, op)
                {
                    continue;
                }
                self.op(b, op, indent + 2);
                self.out.push('\n');
            }
        }
        self.dialects.pop();
        self.indent(indent);
        self.out.push('}');
    }

    /// The alias definitions that MLIR prints before the operation, or the
    /// deferred ones (operation locations, with debug info) after it; on
    /// rayon in a parallel printing ([`Printer::print_runs`]), where a
    /// module with debug info has one per operation.
    fn alias_defs(&mut self, deferred: bool) {
        let Some(s) = self.aliases else {
            return;
        };
        let list: Vec<(&str, Node<'c>)> = s
            .order
            .iter()
            .filter(|&&i| s.entries[i].deferrable == deferred)
            .filter_map(|&i| Some((s.alias[i].as_deref()?, s.entries[i].node)))
            .collect();
        if self.parallel && list.len() > 1 {
            self.print_runs(&list, |p, item| p.alias_def(item));
        } else {
            for item in &list {
                self.alias_def(item);
            }
        }
    }

    /// One alias definition: `#name = text`.
    fn alias_def(&mut self, &(name, node): &(&str, Node<'c>)) {
        self.out.push_str(name);
        self.out.push_str(" = ");
        let _ = AsmPrinter::new(&mut self.out, self.state, &mut self.distinct)
            .print_alias_definition(node);
        self.out.push('\n');
    }

    fn metadata(&mut self) {
        let debug = self.state.options().debug_info;
        let groups = referenced_resources(self.bodies, self.module, debug);
        if groups.is_empty() {
            return;
        }
        self.out.push_str("\n{-#\n");
        for (gi, g) in groups.iter().enumerate() {
            let _ = writeln!(self.out, "  {}: {{", g.kind);
            for (ei, (owner, kv)) in g.entries.iter().enumerate() {
                let _ = writeln!(self.out, "    {owner}: {{");
                for (ki, (k, v)) in kv.iter().enumerate() {
                    let _ = write!(self.out, "      {k}: ");
                    write_resource_value(&mut self.out, v);
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
/// `mlir-opt` writes after every module. With
/// [`PrintOptions::local_scope`], as `--mlir-print-local-scope`: the root
/// operation and its newline only, every value in place.
///
/// Distinct attributes are numbered in print order, as MLIR numbers them:
/// the printing is one `strata_builtin::AsmState` and its numbering.
pub fn print_module(module: &Module<'_>, options: PrintOptions) -> String {
    PrintConfig::new().options(options).print(module)
}

/// [`print_module`] with the operations of the root's body (the units a
/// parallel parse made) numbered, visited by the alias pass and printed
/// concurrently on the current rayon pool, and the alias definitions
/// printed concurrently too, each joined in order: the same text.
pub fn print_module_parallel(module: &Module<'_>, options: PrintOptions) -> String {
    PrintConfig::new()
        .options(options)
        .parallel(true)
        .print(module)
}

/// MLIR's `AliasInitializer` over the generic form (see
/// [`visit_op_aliases`]), finished: in a parallel printing, the operations
/// of the root's body are visited on rayon
/// ([`AliasState::visit_ops_parallel`]).
fn collect_aliases<'c, 'm>(
    bodies: &Bodies<'_, 'c>,
    m: &'m Module<'c>,
    debug: bool,
    parallel: bool,
    forms: Option<&'m OpRegistry>,
) -> AliasState<'c, 'm> {
    let mut state = AliasState::new(&m.asm);
    state.forms = forms;
    visit_op_aliases(bodies, 0, m.root, debug, &mut state, parallel);
    state.finish();
    state
}

/// Numbers and prints `module` under the aliases of `aliases` (none in
/// local scope).
fn print_with_aliases<'c>(
    bodies: &Bodies<'_, 'c>,
    module: &Module<'c>,
    options: PrintOptions,
    parallel: bool,
    aliases: Option<&AliasState<'c, '_>>,
    forms: Option<&OpRegistry>,
) -> (String, Vec<String>) {
    let mut state = AsmState::new(options, &module.asm);
    if let Some(a) = aliases {
        a.install(&mut state);
    }
    let mut p = Printer::new(module, bodies, &state, aliases);
    p.parallel = parallel;
    p.forms = forms;
    p.number();
    let mut generic = core::mem::take(&mut p.custom_names.to_mut().generic_only);
    generic.sort_unstable();
    (p.print(), generic)
}

impl Printer<'_, '_> {
    /// The printing pass, after numbering and aliases.
    fn print(mut self) -> String {
        let p = &mut self;
        p.alias_defs(false);
        let root = p.module.root;
        p.op(0, root, 0);
        p.out.push('\n');
        if p.state.options().local_scope {
            // MLIR prints the operation alone in local scope (no aliases,
            // no metadata section), and mlir-opt its newline.
            return self.out;
        }
        p.alias_defs(true);
        p.metadata();
        p.out.push('\n');
        self.out
    }
}

#[cfg(test)]
mod tests;
