//! Custom forms in print: the print hook a dialect gives an operation's
//! definition ([`OpPrint`]), the printer the hook is handed
//! ([`OpAsmPrinter`], MLIR's `OpAsmPrinter`), and the value numbering of
//! the custom form (MLIR's `SSANameState`, with the names the definitions
//! give their results).
//!
//! MLIR's printer runs an operation's custom printer twice: once through a
//! printer that prints nothing and records the types, attributes and
//! locations the form would print (its alias pass, so that an attribute the
//! form elides gets no alias), and once for real. A hook here is the same
//! function for both: [`OpAsmPrinter`] is implemented by the alias pass and
//! by the printer, and the hook cannot tell them apart.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_builtin::{DictionaryAttr, FunctionType, NamedAttribute};
use strata_ctx::{Attribute, Type};
use strata_ir::{BlockId, Body, OpId, OpRegistry, RegionId, Traits, Value, ValueDef};

use super::{ARG, AliasState, Bodies, MULTI, NAMED, NONE, Node, Printer, visit_op_aliases};
use crate::asm::DefaultDialect;

/// A custom-form print hook: prints what follows the operation's name
/// (MLIR's `Op::print`), through `p`. It returns `false`, having printed
/// nothing, when the operation is not of the shape its form can print (a
/// missing attribute, the wrong number of regions: an operation the
/// verifier would refuse); the operation then prints in the generic form.
pub type PrintHook = for<'c> fn(p: &mut dyn OpAsmPrinter<'c>) -> bool;

/// A hook naming an operation's results (MLIR's
/// `OpAsmOpInterface::getAsmResultNames`): it calls `name` with a result's
/// index and the name it prints with (`c42_i32` for `%c42_i32`), for any of
/// the results. A name is sanitized and made unique in its scope as MLIR
/// does (`%c42_i32_0`); a result it does not name is numbered.
pub type ResultNamesHook = for<'c> fn(body: &Body<'c>, op: OpId, name: &mut dyn FnMut(usize, &str));

/// The custom form of an operation in print, an interface of its
/// [`strata_ir::OpDef`] (the parse hook is an [`crate::asm::OpAsm`]).
#[derive(Clone, Copy)]
pub struct OpPrint {
    print: PrintHook,
    result_names: Option<ResultNamesHook>,
}

impl OpPrint {
    /// The custom form printed by `print`.
    pub fn new(print: PrintHook) -> Self {
        Self {
            print,
            result_names: None,
        }
    }

    /// Prints operation `p.op()` through the hook (see [`PrintHook`]).
    pub(super) fn print_with(&self, p: &mut dyn OpAsmPrinter<'_>) -> bool {
        (self.print)(p)
    }

    /// With `names` naming the results.
    #[must_use]
    pub fn result_names(mut self, names: ResultNamesHook) -> Self {
        self.result_names = Some(names);
        self
    }
}

impl core::fmt::Debug for OpPrint {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("OpPrint")
            .field("result_names", &self.result_names.is_some())
            .finish_non_exhaustive()
    }
}

/// The printer a print hook is given (MLIR's `OpAsmPrinter`): the
/// operation it prints, and the pieces of the custom form. Every method
/// writes what MLIR's writes, spaces included (an attribute dictionary
/// brings its own leading space, as in MLIR).
pub trait OpAsmPrinter<'c> {
    /// The body the operation lives in.
    fn body(&self) -> &Body<'c>;
    /// The operation.
    fn op(&self) -> OpId;
    /// Writes `s` as it is.
    fn write_str(&mut self, s: &str);
    /// Prints `ty`: its alias, or the type.
    fn print_type(&mut self, ty: Type<'c>);
    /// Prints `attr` with its type where it has one (`1 : i64`).
    fn print_attribute(&mut self, attr: Attribute<'c>);
    /// Prints ` {a = 1 : i64, b}` for the entries of `attrs` not named in
    /// `elided`, nothing when none is left (MLIR's `printOptionalAttrDict`).
    fn print_optional_attr_dict(&mut self, attrs: &[NamedAttribute<'c>], elided: &[&str]);
    /// As [`OpAsmPrinter::print_optional_attr_dict`], with ` attributes`
    /// before the dictionary.
    fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[NamedAttribute<'c>],
        elided: &[&str],
    );
    /// Prints the name of `value`, a value of [`OpAsmPrinter::body`]
    /// (`%0`, `%arg1`, `%c1_i32`, `%0#1`).
    fn print_operand(&mut self, value: Value);
    /// Prints `@name`, quoted where it is not a bare identifier.
    fn print_symbol_name(&mut self, name: &str);
    /// Prints the name of `block`, a successor of the operation (`^bb1`).
    fn print_successor(&mut self, block: BlockId);
    /// The number of the operation's regions.
    fn num_regions(&self) -> usize;
    /// The number of arguments of region `region`'s entry block, `None`
    /// when the region has no block.
    fn entry_arguments(&self, region: usize) -> Option<usize>;
    /// Prints region `region` of the operation (MLIR's `printRegion`):
    /// `{`, its blocks, `}`. The entry block's header is printed when
    /// `entry_args` and it has arguments, or when `empty_block` and it has
    /// no operation; a block's last operation is left out unless
    /// `terminators`, when it may be a terminator.
    fn print_region(
        &mut self,
        region: usize,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    );
    /// Prints argument `arg` of region `region`'s entry block as a function
    /// signature does (MLIR's `printRegionArgument`): its name, `: type`
    /// unless `omit_type`, the dictionary of `attrs`, and its location with
    /// debug info.
    fn print_region_argument(
        &mut self,
        region: usize,
        arg: usize,
        attrs: &[NamedAttribute<'c>],
        omit_type: bool,
    );

    /// The operation's attributes as MLIR's `Operation::getAttrs` gives
    /// them: its properties and its other attributes in one list, sorted
    /// by name.
    fn attrs(&self) -> SmallVec<[NamedAttribute<'c>; 4]> {
        let o = self.body().op(self.op());
        let mut all: SmallVec<[NamedAttribute<'c>; 4]> = dict_entries(o.properties())
            .iter()
            .chain(dict_entries(o.attributes()))
            .copied()
            .collect();
        all.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        all
    }

    /// The attribute `name` of the operation (a property or not).
    fn attr(&self, name: &str) -> Option<Attribute<'c>> {
        let o = self.body().op(self.op());
        dict_get(o.properties(), name).or_else(|| dict_get(o.attributes(), name))
    }

    /// Prints `values`' names separated by `", "`.
    fn print_operands(&mut self, values: &[Value]) {
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                self.write_str(", ");
            }
            self.print_operand(v);
        }
    }

    /// Prints `types` separated by `", "`.
    fn print_types(&mut self, types: &[Type<'c>]) {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.write_str(", ");
            }
            self.print_type(t);
        }
    }

    /// Prints the operation's function type, `(operands) -> results`, the
    /// results in parentheses unless there is one that is not a function
    /// type (MLIR's `printFunctionalType`).
    fn print_functional_type(&mut self) {
        let o = self.body().op(self.op());
        let inputs: SmallVec<[Type<'c>; 4]> =
            o.operands().map(|v| self.body().value_type(v)).collect();
        let results: SmallVec<[Type<'c>; 4]> = o
            .results()
            .iter()
            .map(|&v| self.body().value_type(v))
            .collect();
        self.write_str("(");
        self.print_types(&inputs);
        self.write_str(") -> ");
        let wrapped = results.len() != 1 || results[0].isa::<FunctionType>();
        if wrapped {
            self.write_str("(");
        }
        self.print_types(&results);
        if wrapped {
            self.write_str(")");
        }
    }
}

/// The entries of `dict`, a dictionary attribute, or none.
pub(super) fn dict_entries<'a, 'c>(dict: Option<Attribute<'c>>) -> &'a [NamedAttribute<'c>]
where
    'c: 'a,
{
    dict.and_then(|a| a.dyn_cast::<DictionaryAttr>())
        .map_or(&[][..], |d| d.payload().entries)
}

fn dict_get<'c>(dict: Option<Attribute<'c>>, name: &str) -> Option<Attribute<'c>> {
    dict.and_then(|a| a.dyn_cast::<DictionaryAttr>())
        .and_then(|d| d.payload().get(name))
}

/// The entries of `attrs` that `elided` does not name.
fn kept<'a, 'c>(
    attrs: &'a [NamedAttribute<'c>],
    elided: &'a [&str],
) -> impl Iterator<Item = &'a NamedAttribute<'c>> + Clone {
    attrs
        .iter()
        .filter(move |a| !elided.contains(&a.name.as_str()))
}

/// The custom form of operation `op` of `body`, when `forms` has one and
/// the operation was created with its definition.
pub(super) fn form_of<'r>(
    forms: Option<&'r OpRegistry>,
    body: &Body<'_>,
    op: OpId,
) -> Option<&'r OpPrint> {
    forms?.def_of(body, op)?.get_interface::<OpPrint>()
}

/// The default dialect of the regions of operation `op` of `body` (MLIR's
/// `getDefaultDialect`, `""` for an operation without one).
pub(super) fn default_dialect_of(
    forms: Option<&OpRegistry>,
    body: &Body<'_>,
    op: OpId,
) -> &'static str {
    forms
        .and_then(|f| f.def_of(body, op))
        .and_then(|d| d.get_interface::<DefaultDialect>())
        .map_or("", |d| d.0)
}

/// Whether the last operation `op` of a block may be a terminator (MLIR's
/// `mightHaveTrait<IsTerminator>`): a defined operation says, any other may.
pub(super) fn might_be_terminator(forms: Option<&OpRegistry>, body: &Body<'_>, op: OpId) -> bool {
    forms
        .and_then(|f| f.def_of(body, op))
        .is_none_or(|d| d.has(Traits::TERMINATOR))
}

/// `name` as an operation prints it in its custom form under the default
/// dialect `dialect` (MLIR's `printOpName`): without the prefix when it is
/// that dialect's and has no other dot.
pub(super) fn op_name<'n>(name: &'n str, dialect: &str) -> &'n str {
    match name.strip_prefix(dialect).and_then(|r| r.strip_prefix('.')) {
        Some(rest) if !dialect.is_empty() && !rest.contains('.') => rest,
        _ => name,
    }
}

/// `name` made a valid value name as MLIR's `sanitizeIdentifier` makes it
/// (letters, digits and `$._-` kept, a blank made `_`, another byte its
/// hex digits, an `_` before a leading digit).
pub(super) fn sanitize_value_name(name: &str) -> std::borrow::Cow<'_, str> {
    let valid = |c: u8| c.is_ascii_alphanumeric() || b"$._-".contains(&c);
    let leading_digit = name.as_bytes().first().is_some_and(u8::is_ascii_digit);
    if name.bytes().all(valid) && !leading_digit {
        return std::borrow::Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 1);
    if leading_digit {
        out.push('_');
    }
    for c in name.bytes() {
        if valid(c) {
            out.push(c as char);
        } else if c == b' ' {
            out.push('_');
        } else {
            out.push_str(&format!("{c:X}"));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The names of a custom-form printing beyond the numbers of the tables:
/// the strings of named values (a table entry with [`NAMED`] holds an index
/// here) and the result groups of operations whose hooks named results
/// other than the first (MLIR's `opResultGroups`).
#[derive(Clone, Default)]
pub(super) struct Names {
    pub(super) strings: Vec<Box<str>>,
    pub(super) groups: FxHashMap<(u32, OpId), SmallVec<[u32; 2]>>,
    /// The names of the operations printed generic whose dialect is
    /// registered (MLIR prints them in a custom form strata does not have),
    /// each once, in the order met.
    pub(super) generic_only: Vec<String>,
}

impl Names {
    /// The first result of the group holding result `number` of `op`.
    pub(super) fn group_start(&self, b: u32, op: OpId, number: u32) -> u32 {
        self.groups.get(&(b, op)).map_or(0, |g| {
            g.iter()
                .copied()
                .take_while(|&s| s <= number)
                .last()
                .unwrap_or(0)
        })
    }
}

/// A run of a parallel numbering: the waiting regions of each of its
/// top-level operations, and the tables of their bodies, from `at` on.
struct Run<'t> {
    ops: Vec<Vec<Pending>>,
    names: &'t mut [u32],
    block_ids: &'t mut [u32],
    at: (usize, usize),
}

/// One region waiting to be numbered, with the counters and the depth of
/// the name scope it starts from (MLIR's naming context).
#[derive(Clone, Copy)]
struct Pending {
    b: u32,
    region: RegionId,
    next: (u32, u32, u32),
    scope: usize,
}

/// The custom form's numbering (MLIR's `SSANameState` outside the generic
/// form): regions from a stack, each starting from the counters its parent
/// region left (so sibling regions reuse numbers, and each isolated
/// operation starts where its parent's region ended), names from the
/// definitions' [`ResultNamesHook`]s unique in their scope and the scopes
/// around it.
pub(super) fn number(p: &mut Printer<'_, '_>, forms: &OpRegistry) {
    let (bodies, hooks, root) = (p.bodies, &p.module.asm, p.module.root);
    let mut n = Namer::new(bodies, forms, hooks, p.names.to_mut(), p.block_ids.to_mut());
    let stack = n.start(root);
    n.run(stack);
    p.custom_names = std::borrow::Cow::Owned(n.out);
}

/// [`number`] with the operations of the root's body numbered on rayon,
/// when the root has one region and each operation of its body that has
/// regions is isolated (as the generic form's `Printer::number_parallel`
/// asks): each one's bodies start from the state the root's region left,
/// so they are numbered apart, their names looked up in the root's scope
/// too, and their name strings appended in order. `false`, with the tables
/// untouched, when the module is not of that shape.
pub(super) fn number_parallel(p: &mut Printer<'_, '_>, forms: &OpRegistry) -> bool {
    use rayon::prelude::*;
    let (bodies, hooks, root) = (p.bodies, &p.module.asm, p.module.root);
    let (rb, roots) = bodies.regions(0, root);
    let &[_] = roots else {
        return false;
    };
    let body = bodies.list[rb as usize];
    for block in body.blocks(roots[0]) {
        for op in body.block_ops(block) {
            if let (k, [_, ..]) = bodies.regions(rb, op)
                && k == rb
            {
                return false;
            }
        }
    }
    let (names, block_ids) = (p.names.to_mut(), p.block_ids.to_mut());
    // The root's region: everything but the tables of the bodies below.
    let root_end = (
        bodies.values[rb as usize + 1],
        bodies.blocks[rb as usize + 1],
    );
    let (root_names, mut rest_names) = names.split_at_mut(root_end.0);
    let (root_blocks, mut rest_blocks) = block_ids.split_at_mut(root_end.1);
    let mut main = Namer::new(bodies, forms, hooks, root_names, root_blocks);
    let mut stack = main.start(root);
    let Some(region) = stack.pop() else {
        p.custom_names = std::borrow::Cow::Owned(main.out);
        return true;
    };
    let mut tops = Vec::new();
    main.region(region, &mut tops);
    // Each operation's bodies (consecutive, see `Bodies`), in body order,
    // with their pending regions.
    tops.sort_by_key(|t| t.b);
    // Runs of consecutive operations, four a thread (as the printing's),
    // each over the tables of its operations' bodies; an operation's
    // regions are numbered in one run.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < tops.len() {
        let j = i + tops[i..].iter().take_while(|t| t.b == tops[i].b).count();
        groups.push((i, j));
        i = j;
    }
    let per_run = groups
        .len()
        .div_ceil(rayon::current_num_threads().max(1) * 4)
        .max(1);
    let mut runs: Vec<Run<'_>> = Vec::new();
    let mut at = root_end;
    for (c, chunk) in groups.chunks(per_run).enumerate() {
        let first = tops[chunk[0].0].b as usize;
        let end = groups
            .get((c + 1) * per_run)
            .map_or(bodies.list.len(), |g| tops[g.0].b as usize);
        let from = (bodies.values[first], bodies.blocks[first]);
        let to = (bodies.values[end], bodies.blocks[end]);
        let own_names = super::cut(&mut rest_names, from.0 - at.0, to.0 - from.0);
        let own_blocks = super::cut(&mut rest_blocks, from.1 - at.1, to.1 - from.1);
        let pending = chunk
            .iter()
            .map(|&(i, j)| {
                // Scopes of the run's own, above the root's (read through
                // `base`).
                tops[i..j]
                    .iter()
                    .map(|&q| Pending { scope: 0, ..q })
                    .collect()
            })
            .collect();
        runs.push(Run {
            ops: pending,
            names: own_names,
            block_ids: own_blocks,
            at: from,
        });
        at = to;
    }
    let (base, arg_like, seen) = (&main.used, main.arg_like, &main.seen);
    let mut parts: Vec<(Names, &mut [u32])> = runs
        .into_par_iter()
        .map(|run| {
            let mut n = Namer::new(bodies, forms, hooks, run.names, run.block_ids);
            n.at = run.at;
            n.base = Some(base);
            n.arg_like = arg_like;
            n.seen = seen.clone();
            for op in run.ops {
                n.run(op);
            }
            (n.out, n.names)
        })
        .collect();
    // Each run's name strings follow those of the runs before it: shift its
    // named values' indices by as many.
    let mut out = main.out;
    let mut shifts = Vec::with_capacity(parts.len());
    for (part, names) in &mut parts {
        let offset = out.strings.len() as u32;
        out.strings.append(&mut part.strings);
        out.groups.extend(part.groups.drain());
        out.generic_only.append(&mut part.generic_only);
        if offset > 0 {
            shifts.push((&mut **names, offset));
        }
    }
    shifts.into_par_iter().for_each(|(names, offset)| {
        for n in names.iter_mut() {
            if *n != NONE && *n & NAMED != 0 && *n & ARG == 0 {
                *n += offset;
            }
        }
    });
    out.generic_only.sort_unstable();
    out.generic_only.dedup();
    p.custom_names = std::borrow::Cow::Owned(out);
    true
}

/// `N` when `name` is `argN` as MLIR writes an entry argument's number
/// (decimal, no leading zero).
fn entry_arg_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix("arg")?;
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    if !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

struct Namer<'a, 'm, 'c> {
    bodies: &'a Bodies<'m, 'c>,
    forms: &'a OpRegistry,
    /// The tables of values and blocks, from their places `at` on.
    names: &'a mut [u32],
    block_ids: &'a mut [u32],
    at: (usize, usize),
    /// The names of the scopes around the ones this namer opens (the root's
    /// region, in a parallel numbering), which it only reads.
    base: Option<&'a FxHashMap<Box<str>, ()>>,
    out: Names,
    /// The names in use in the scopes open now.
    used: FxHashMap<Box<str>, ()>,
    /// The names in `used`, in the order they were added.
    log: Vec<Box<str>>,
    /// Per open scope, where its names start in `log`.
    scopes: Vec<usize>,
    /// The next result number, entry argument number and conflict suffix.
    next: (u32, u32, u32),
    /// The module's printing hooks, which say what mlir-opt registers.
    hooks: &'a strata_builtin::AsmHooks,
    /// The operation names [`Namer::note_generic`] has seen, by address,
    /// and the last of them.
    seen: FxHashMap<usize, ()>,
    last_seen: usize,
    /// How many names in `used` have the shape of an entry argument's
    /// (`arg` and digits), which a definition's hook gave.
    arg_like: usize,
}

impl<'a, 'm, 'c> Namer<'a, 'm, 'c> {
    fn new(
        bodies: &'a Bodies<'m, 'c>,
        forms: &'a OpRegistry,
        hooks: &'a strata_builtin::AsmHooks,
        names: &'a mut [u32],
        block_ids: &'a mut [u32],
    ) -> Self {
        Self {
            bodies,
            forms,
            names,
            block_ids,
            at: (0, 0),
            base: None,
            out: Names::default(),
            used: FxHashMap::default(),
            log: Vec::new(),
            scopes: Vec::new(),
            next: (0, 0, 0),
            hooks,
            seen: FxHashMap::default(),
            last_seen: 0,
            arg_like: 0,
        }
    }

    /// Opens the top-level scope and numbers the root operation: its
    /// regions, waiting.
    fn start(&mut self, root: OpId) -> Vec<Pending> {
        self.scopes.push(0);
        self.number_op(0, root);
        let (k, regions) = self.bodies.regions(0, root);
        regions
            .iter()
            .map(|&r| Pending {
                b: k,
                region: r,
                next: (0, 0, 0),
                scope: 1,
            })
            .collect()
    }

    /// Numbers the waiting regions of `stack` and all inside them, the last
    /// first.
    fn run(&mut self, mut stack: Vec<Pending>) {
        while let Some(p) = stack.pop() {
            self.region(p, &mut stack);
        }
    }

    /// Numbers one region in a scope of its own (MLIR's
    /// `numberValuesInRegion`, from the counters and scope it waited
    /// with): its blocks, their arguments, its operations' results; the
    /// regions of its operations wait in `stack` with the counters it
    /// leaves.
    fn region(&mut self, pending: Pending, stack: &mut Vec<Pending>) {
        let Pending {
            b,
            region,
            next,
            scope,
        } = pending;
        self.next = next;
        self.pop_scopes_to(scope);
        self.scopes.push(self.log.len());
        let depth = self.scopes.len();
        let waiting = stack.len();
        let bodies = self.bodies;
        let body = bodies.list[b as usize];
        let block_base = bodies.blocks[b as usize] - self.at.1;
        for (bi, block) in body.blocks(region).enumerate() {
            self.block_ids[block_base + block.index()] = bi as u32;
            for &arg in body.block_args(block) {
                if bi == 0 {
                    // `%argN` is a name in MLIR's scope too; the numbers
                    // below `next.1` are those of the scopes open now, so
                    // only a hook's name of that shape can collide.
                    let id = self.next.1;
                    self.next.1 += 1;
                    let name = (self.arg_like > 0).then(|| format!("arg{id}"));
                    match name {
                        Some(name) if self.hook_used(&name) => self.set_name(b, arg, &name),
                        _ => self.set(b, arg, id | ARG),
                    }
                } else {
                    let id = self.next.0;
                    self.next.0 += 1;
                    self.set(b, arg, id);
                }
            }
            for op in body.block_ops(block) {
                self.number_op(b, op);
                let (k, regions) = bodies.regions(b, op);
                stack.extend(regions.iter().map(|&r| Pending {
                    b: k,
                    region: r,
                    next: (0, 0, 0),
                    scope: depth,
                }));
            }
        }
        // The regions inside wait with the counters the whole region left.
        for p in &mut stack[waiting..] {
            p.next = self.next;
        }
    }

    fn set(&mut self, b: u32, v: Value, n: u32) {
        self.names[self.bodies.values[b as usize] + v.index() - self.at.0] = n;
    }

    fn get(&self, b: u32, v: Value) -> u32 {
        self.names[self.bodies.values[b as usize] + v.index() - self.at.0]
    }

    /// Whether a hook gave `name` in the scopes open now.
    fn hook_used(&self, name: &str) -> bool {
        self.used.contains_key(name) || self.base.is_some_and(|b| b.contains_key(name))
    }

    fn insert_used(&mut self, name: Box<str>) {
        if entry_arg_number(&name).is_some() {
            self.arg_like += 1;
        }
        self.used.insert(name.clone(), ());
        self.log.push(name);
    }

    /// Whether `name` is in use in the scopes open now: given by a hook, or
    /// an entry argument's `argN` numbered in them.
    fn is_used(&self, name: &str) -> bool {
        self.hook_used(name) || entry_arg_number(name).is_some_and(|k| k < self.next.1)
    }

    /// Closes the scopes above the first `depth`.
    fn pop_scopes_to(&mut self, depth: usize) {
        while self.scopes.len() > depth {
            let start = self.scopes.pop().unwrap_or(0);
            for name in self.log.drain(start..) {
                if entry_arg_number(&name).is_some() {
                    self.arg_like -= 1;
                }
                self.used.remove(&name);
            }
        }
    }

    /// Gives `v` the name `name`, sanitized and made unique (MLIR's
    /// `uniqueValueName`).
    fn set_name(&mut self, b: u32, v: Value, name: &str) {
        if name.is_empty() {
            let id = self.next.0;
            self.next.0 += 1;
            self.set(b, v, id);
            return;
        }
        let clean = sanitize_value_name(name);
        let mut name = if self.is_used(&clean) {
            let mut name = clean.into_owned();
            let base = name.len() + 1;
            name.push('_');
            loop {
                name.truncate(base);
                name.push_str(&self.next.2.to_string());
                self.next.2 += 1;
                if !self.is_used(&name) {
                    break;
                }
            }
            name.into_boxed_str()
        } else {
            Box::from(&*clean)
        };
        let index = self.out.strings.len() as u32;
        self.insert_used(name.clone());
        self.out.strings.push(core::mem::take(&mut name));
        self.set(b, v, index | NAMED);
    }

    /// Numbers the results of operation `op` of body `b` (MLIR's
    /// `numberValuesInOp`), and notes its name when it prints generic
    /// though its dialect is registered.
    fn number_op(&mut self, b: u32, op: OpId) {
        let body = self.bodies.list[b as usize];
        let o = body.op(op);
        let form = form_of(Some(self.forms), body, op);
        if form.is_none() {
            self.note_generic(o.name());
        }
        let results = o.results();
        let Some(&first) = results.first() else {
            return;
        };
        let Some(hook) = form.and_then(|f| f.result_names) else {
            // Numbered: one number for all the results.
            let id = self.next.0;
            self.next.0 += 1;
            let multi = if results.len() > 1 { MULTI } else { 0 };
            for &r in results {
                self.set(b, r, id | multi);
            }
            return;
        };
        let mut named: SmallVec<[(usize, String); 2]> = SmallVec::new();
        hook(body, op, &mut |i, name| {
            if i < results.len() && !named.iter().any(|n| n.0 == i) {
                named.push((i, name.to_owned()));
            }
        });
        let mut groups: SmallVec<[u32; 2]> = SmallVec::new();
        groups.push(0);
        for (i, name) in named {
            self.set_name(b, results[i], &name);
            if i != 0 {
                groups.push(i as u32);
            }
        }
        if self.get(b, first) == NONE {
            let id = self.next.0;
            self.next.0 += 1;
            self.set(b, first, id);
        }
        groups.sort_unstable();
        // Each result takes its group's name, marked when the group has
        // several results.
        for (gi, &start) in groups.iter().enumerate() {
            let end = groups.get(gi + 1).map_or(results.len() as u32, |&e| e);
            let head = self.get(b, results[start as usize]);
            let multi = if end - start > 1 { MULTI } else { 0 };
            for r in start..end {
                self.set(b, results[r as usize], head | multi);
            }
        }
        if groups.len() > 1 {
            self.out.groups.insert((b, op), groups);
        }
    }

    /// Notes `name`, the name of an operation printed generic, when its
    /// dialect is registered (see [`Names::generic_only`]): once per name.
    fn note_generic(&mut self, name: Attribute<'_>) {
        let key = name.as_ptr().addr();
        if key == self.last_seen || self.seen.contains_key(&key) {
            self.last_seen = key;
            return;
        }
        self.last_seen = key;
        self.seen.insert(key, ());
        let name = name
            .dyn_cast::<strata_builtin::StringAttr>()
            .map_or("", |s| s.payload().value);
        let registered = match self.forms.classify(name) {
            strata_ir::OpKind::Defined(_) | strata_ir::OpKind::RegisteredName => true,
            _ => matches!(
                self.hooks.registration(name),
                strata_builtin::Registration::Registered
                    | strata_builtin::Registration::GraphRegions
            ),
        };
        if registered {
            self.out.generic_only.push(name.to_owned());
        }
    }
}

/// The flags of [`OpAsmPrinter::print_region`].
#[derive(Clone, Copy)]
pub(super) struct RegionFlags {
    pub(super) entry_args: bool,
    pub(super) terminators: bool,
    pub(super) empty_block: bool,
}

/// The generic form's region flags: every header that has something to
/// say, every terminator.
pub(super) const GENERIC_REGION: RegionFlags = RegionFlags {
    entry_args: true,
    terminators: true,
    empty_block: true,
};

/// The real printer, printing operation `op` of body `b` at `indent`.
pub(super) struct FormPrinter<'p, 'm, 'c> {
    pub(super) p: &'p mut Printer<'m, 'c>,
    pub(super) b: u32,
    pub(super) op: OpId,
    pub(super) indent: usize,
}

impl<'c> OpAsmPrinter<'c> for FormPrinter<'_, '_, 'c> {
    fn body(&self) -> &Body<'c> {
        self.p.bodies.list[self.b as usize]
    }
    fn op(&self) -> OpId {
        self.op
    }
    fn write_str(&mut self, s: &str) {
        self.p.out.push_str(s);
    }
    fn print_type(&mut self, ty: Type<'c>) {
        self.p.write_type(ty);
    }
    fn print_attribute(&mut self, attr: Attribute<'c>) {
        self.p.write_attr(attr);
    }
    fn print_optional_attr_dict(&mut self, attrs: &[NamedAttribute<'c>], elided: &[&str]) {
        self.p.attr_dict(kept(attrs, elided), false);
    }
    fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[NamedAttribute<'c>],
        elided: &[&str],
    ) {
        self.p.attr_dict(kept(attrs, elided), true);
    }
    fn print_operand(&mut self, value: Value) {
        self.p.value_name(self.b, value);
    }
    fn print_symbol_name(&mut self, name: &str) {
        let _ = strata_builtin::write_symbol(&mut self.p.out, name);
    }
    fn print_successor(&mut self, block: BlockId) {
        self.p.block_name(self.b, block);
    }
    fn num_regions(&self) -> usize {
        self.p.bodies.regions(self.b, self.op).1.len()
    }
    fn entry_arguments(&self, region: usize) -> Option<usize> {
        entry_arguments(self.p.bodies, self.b, self.op, region)
    }
    fn print_region(
        &mut self,
        region: usize,
        entry_args: bool,
        terminators: bool,
        empty_block: bool,
    ) {
        let (k, regions) = self.p.bodies.regions(self.b, self.op);
        let Some(&r) = regions.get(region) else {
            return;
        };
        let dialect = default_dialect_of(self.p.forms, self.body(), self.op);
        let flags = RegionFlags {
            entry_args,
            terminators,
            empty_block,
        };
        self.p.region(k, r, self.indent, flags, dialect);
    }
    fn print_region_argument(
        &mut self,
        region: usize,
        arg: usize,
        attrs: &[NamedAttribute<'c>],
        omit_type: bool,
    ) {
        let Some((k, body, v)) = region_argument(self.p.bodies, self.b, self.op, region, arg)
        else {
            return;
        };
        self.p.value_name(k, v);
        if !omit_type {
            self.p.out.push_str(": ");
            self.p.write_type(body.value_type(v));
        }
        self.p.attr_dict(attrs.iter(), false);
        if self.p.state.options().debug_info
            && let Some(l) = body.value_location(v)
        {
            self.p.out.push(' ');
            self.p.location(l, false);
        }
    }
}

fn entry_arguments(bodies: &Bodies<'_, '_>, b: u32, op: OpId, region: usize) -> Option<usize> {
    let (k, regions) = bodies.regions(b, op);
    let body = bodies.list[k as usize];
    let entry = body.entry_block(*regions.get(region)?)?;
    Some(body.block_args(entry).len())
}

fn region_argument<'m, 'c>(
    bodies: &Bodies<'m, 'c>,
    b: u32,
    op: OpId,
    region: usize,
    arg: usize,
) -> Option<(u32, &'m Body<'c>, Value)> {
    let (k, regions) = bodies.regions(b, op);
    let body = bodies.list[k as usize];
    let entry = body.entry_block(*regions.get(region)?)?;
    Some((k, body, *body.block_args(entry).get(arg)?))
}

/// The alias pass's printer: it prints nothing and visits what the form
/// would print (MLIR's `DummyAliasOperationPrinter`).
pub(super) struct AliasPrinter<'s, 'a, 'm, 'c, 'h> {
    pub(super) state: &'s mut AliasState<'c, 'h>,
    pub(super) bodies: &'a Bodies<'m, 'c>,
    pub(super) b: u32,
    pub(super) op: OpId,
    pub(super) debug: bool,
    /// Whether the operations of the regions printed are visited on rayon
    /// (those of the root's body in a parallel printing).
    pub(super) parallel: bool,
}

impl<'c> OpAsmPrinter<'c> for AliasPrinter<'_, '_, '_, 'c, '_> {
    fn body(&self) -> &Body<'c> {
        self.bodies.list[self.b as usize]
    }
    fn op(&self) -> OpId {
        self.op
    }
    fn write_str(&mut self, _: &str) {}
    fn print_type(&mut self, ty: Type<'c>) {
        self.state.visit(Node::Type(ty), false);
    }
    fn print_attribute(&mut self, attr: Attribute<'c>) {
        self.state.visit(Node::Attr(attr), false);
    }
    fn print_optional_attr_dict(&mut self, attrs: &[NamedAttribute<'c>], elided: &[&str]) {
        for a in kept(attrs, elided) {
            self.state.visit(Node::Attr(a.value), false);
        }
    }
    fn print_optional_attr_dict_with_keyword(
        &mut self,
        attrs: &[NamedAttribute<'c>],
        elided: &[&str],
    ) {
        self.print_optional_attr_dict(attrs, elided);
    }
    fn print_operand(&mut self, _: Value) {}
    fn print_symbol_name(&mut self, _: &str) {}
    fn print_successor(&mut self, _: BlockId) {}
    fn num_regions(&self) -> usize {
        self.bodies.regions(self.b, self.op).1.len()
    }
    fn entry_arguments(&self, region: usize) -> Option<usize> {
        entry_arguments(self.bodies, self.b, self.op, region)
    }
    fn print_region(&mut self, region: usize, entry_args: bool, terminators: bool, _: bool) {
        let (k, regions) = self.bodies.regions(self.b, self.op);
        let Some(&r) = regions.get(region) else {
            return;
        };
        let flags = (self.debug, entry_args, terminators, self.parallel);
        visit_region(self.state, self.bodies, k, r, flags);
    }
    fn print_region_argument(
        &mut self,
        region: usize,
        arg: usize,
        _: &[NamedAttribute<'c>],
        _: bool,
    ) {
        // MLIR's alias pass visits the argument's type and location, not
        // its attributes.
        let Some((_, body, v)) = region_argument(self.bodies, self.b, self.op, region, arg) else {
            return;
        };
        self.state.visit(Node::Type(body.value_type(v)), false);
        if self.debug
            && let Some(l) = body.value_location(v)
        {
            self.state.visit(Node::Loc(l), false);
        }
    }
}

/// The alias pass over region `r` of body `b` as a form prints it: the
/// entry block's argument types (and locations) when `entry_args`, every
/// other block's, and the operations, the last of a block left out unless
/// `terminators` when it may be a terminator; on rayon when `parallel`.
pub(super) fn visit_region<'c>(
    state: &mut AliasState<'c, '_>,
    bodies: &Bodies<'_, 'c>,
    b: u32,
    r: RegionId,
    (debug, entry_args, terminators, parallel): (bool, bool, bool, bool),
) {
    let body = bodies.list[b as usize];
    for (bi, block) in body.blocks(r).enumerate() {
        if bi > 0 || entry_args {
            for &a in body.block_args(block) {
                state.visit(Node::Type(body.value_type(a)), false);
                if debug && let Some(l) = body.value_location(a) {
                    state.visit(Node::Loc(l), false);
                }
            }
        }
        let last = body.last_op(block);
        let forms = state.forms;
        let kept =
            |op: &OpId| terminators || Some(*op) != last || !might_be_terminator(forms, body, *op);
        if parallel {
            let ops: Vec<OpId> = body.block_ops(block).filter(kept).collect();
            if ops.len() > 1 {
                state.visit_ops_parallel(bodies, b, &ops, debug);
                continue;
            }
        }
        for op in body.block_ops(block) {
            if kept(&op) {
                visit_op_aliases(bodies, b, op, debug, state, false);
            }
        }
    }
}

/// The name of value `v` of body `b` when its table entry is `name`, for
/// the printer: a result of several in its group (`#k`).
pub(super) fn result_index(names: &Names, body: &Body<'_>, b: u32, v: Value) -> Option<u32> {
    match body.value_def(v) {
        ValueDef::Result { op, number } => Some(number - names.group_start(b, op, number)),
        ValueDef::Argument { .. } => None,
    }
}
