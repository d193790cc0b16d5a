//! The printer's state, as MLIR's `AsmPrinter` keeps it: what one printing
//! knows before it prints ([`AsmState`], MLIR's `AsmState`: the options,
//! the dialects' hooks, the aliases the alias pass gave), the distinct
//! attributes' numbers it hands out as it prints ([`DistinctNumbering`],
//! MLIR's `DistinctState`), and the printer every print hook is given
//! ([`AsmPrinter`], MLIR's `AsmPrinter::Impl`), which holds all three and
//! the values being printed (MLIR's cyclic printing stack).
//!
//! `Display` of a handle is a printing of its own, with a fresh state: no
//! alias, distinct attributes numbered from 0.
//!
//! ```
//! use strata_builtin::prelude::*;
//! use strata_builtin::{AsmHooks, AsmPrinter, AsmState, DistinctNumbering, PrintOptions};
//!
//! let ctx = strata_ctx::Context::new();
//! let aff = ctx.affine();
//! let map = ctx.affine_map_attr(aff.map(1, 0, &[aff.dim(0) + 1]));
//! let d = ctx.distinct_attr(ctx.i64_attr(1));
//! let arr = ctx.array_attr(&[map.into(), d.into(), d.into()]);
//!
//! let hooks = AsmHooks::new();
//! let mut state = AsmState::new(PrintOptions::default(), &hooks);
//! state.set_alias(strata_ctx::Attribute::from(map), "#map");
//! let mut numbering = DistinctNumbering::new();
//! let mut out = String::new();
//! AsmPrinter::new(&mut out, &state, &mut numbering).print_attribute(arr.into()).unwrap();
//! assert_eq!(out, "[#map, distinct[0]<1 : i64>, distinct[0]<1 : i64>]");
//! // On its own, in place.
//! assert_eq!(arr.to_string(), "[affine_map<(d0) -> (d0 + 1)>, distinct[0]<1 : i64>, distinct[0]<1 : i64>]");
//! ```

use core::fmt;
use core::hash::{BuildHasherDefault, Hasher};
use core::marker::PhantomData;
use std::collections::HashMap;

use strata_ctx::{Attribute, Dialect, Location, Type};

/// What to print, as `mlir-opt`'s flags say (the part of MLIR's
/// `OpPrintingFlags` strata has).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PrintOptions {
    /// `--mlir-print-debuginfo`: print every operation's and block
    /// argument's location.
    pub debug_info: bool,
    /// `--mlir-print-local-scope`: print no aliases, every attribute and
    /// location in place.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`: print an elements
    /// attribute (`dense<...>`, `sparse<...>`) of more than `N` elements
    /// that is not a splat as `dense_resource<__elided__>`, with its type.
    /// MLIR's "see current operation" notes print with 16.
    pub elide_elements_above: Option<u64>,
}

/// The alias a dialect names for a type or an attribute (MLIR's
/// `OpAsmDialectInterface::AliasResult` with the name it wrote): the
/// printer sanitizes the name and numbers conflicts as MLIR's `AsmPrinter`
/// does (`test.alias` prints as `#test2Ealias`, a trailing digit gains a
/// `_`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AsmAlias {
    /// MLIR's `OverridableAlias`: a dialect asked after this one may name
    /// the value instead (the builtin dialect's `#map`, `!tuple`).
    Overridable(String),
    /// MLIR's `FinalAlias`: no later dialect is asked.
    Final(String),
}

/// A value the printer prints: a type, an attribute or a location. The
/// dialects' element hooks give the ones their kinds print inside
/// themselves, and an alias belongs to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AsmElement<'c> {
    /// A type.
    Type(Type<'c>),
    /// An attribute.
    Attribute(Attribute<'c>),
    /// A location.
    Location(Location<'c>),
}

impl<'c> From<Type<'c>> for AsmElement<'c> {
    fn from(t: Type<'c>) -> Self {
        Self::Type(t)
    }
}

impl<'c> From<Attribute<'c>> for AsmElement<'c> {
    fn from(a: Attribute<'c>) -> Self {
        Self::Attribute(a)
    }
}

impl<'c> From<Location<'c>> for AsmElement<'c> {
    fn from(l: Location<'c>) -> Self {
        Self::Location(l)
    }
}

impl AsmElement<'_> {
    /// The family's index and the handle's address: what the state knows
    /// the value by.
    fn key(self) -> (usize, usize) {
        match self {
            Self::Type(t) => (0, t.as_ptr().addr()),
            Self::Attribute(a) => (1, a.as_ptr().addr()),
            Self::Location(l) => (2, l.as_ptr().addr()),
        }
    }
}

/// A dialect's printing hooks: how its types and attributes print (MLIR's
/// `Dialect::printType`/`printAttribute`), the aliases it names (MLIR's
/// `OpAsmDialectInterface::getAlias`) and what its kinds print inside
/// themselves, for the alias pass. Every method has a default: no alias,
/// nothing nested, the kind's `Display`.
pub trait DialectAsm: Dialect {
    /// The alias the dialect names for `ty` (any type, of any dialect), as
    /// MLIR's `OpAsmDialectInterface::getAlias(Type, raw_ostream &)`. None
    /// by default.
    fn type_alias(ty: Type<'_>) -> Option<AsmAlias> {
        let _ = ty;
        None
    }

    /// The alias the dialect names for `attr` (any attribute, of any
    /// dialect), as MLIR's `OpAsmDialectInterface::getAlias(Attribute,
    /// raw_ostream &)`. None by default.
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let _ = attr;
        None
    }

    /// Gives `visit` the values that `attr`, an attribute of one of this
    /// dialect's kinds (its kind name starts with `NAMESPACE.`), prints
    /// inside itself, in printing order: the printer's alias pass visits
    /// them, as MLIR's does by printing the attribute. Nothing by default.
    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        let _ = (attr, visit);
    }

    /// [`DialectAsm::attribute_elements`] for the dialect's types.
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        let _ = (ty, visit);
    }

    /// Prints `ty`, a type of one of this dialect's kinds, in full (its
    /// alias, if it has one, is the printer's business): the values it
    /// holds go through `printer`, so that they print as their aliases and
    /// a distinct attribute keeps its number. By default the kind's
    /// `Display`, a printing of its own.
    fn print_type<'c>(ty: Type<'c>, printer: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        fmt::Write::write_fmt(printer, format_args!("{ty}"))
    }

    /// [`DialectAsm::print_type`] for the dialect's attributes.
    fn print_attribute<'c>(attr: Attribute<'c>, printer: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        fmt::Write::write_fmt(printer, format_args!("{attr}"))
    }
}

/// One dialect's printing hooks (see [`AsmHooks`]).
#[derive(Clone, Copy)]
struct DialectHooks {
    namespace: &'static str,
    type_alias: fn(Type<'_>) -> Option<AsmAlias>,
    attribute_alias: fn(Attribute<'_>) -> Option<AsmAlias>,
    type_elements: for<'c> fn(Type<'c>, &mut dyn FnMut(AsmElement<'c>)),
    attribute_elements: for<'c> fn(Attribute<'c>, &mut dyn FnMut(AsmElement<'c>)),
    print_type: for<'p, 'c> fn(Type<'c>, &mut AsmPrinter<'p, 'c>) -> fmt::Result,
    print_attribute: for<'p, 'c> fn(Attribute<'c>, &mut AsmPrinter<'p, 'c>) -> fmt::Result,
}

/// The printing hooks of the registered dialects, in registration order
/// (MLIR's collection of `OpAsmDialectInterface`s).
///
/// ```
/// use strata_builtin::{AsmAlias, AsmHooks};
///
/// let ctx = strata_ctx::Context::new();
/// let hooks = AsmHooks::new(); // no dialect: the builtin dialect's alias only
/// let i32 = strata_builtin::BuiltinTypes::i32(&ctx).into();
/// assert_eq!(hooks.type_alias(i32, None), None);
/// assert_eq!(hooks.type_alias(i32, Some(AsmAlias::Overridable("b".into()))), Some("b".into()));
/// ```
#[derive(Clone, Default)]
pub struct AsmHooks {
    dialects: Vec<DialectHooks>,
    /// Which operations the dialects register (see
    /// [`AsmHooks::is_registered_op`]).
    registered_ops: Option<fn(&str) -> Registration>,
}

/// Whether a dialect registers an operation, and how its regions are read
/// (MLIR's `Operation::isRegistered` and `RegionKindInterface`): see
/// [`AsmHooks::set_registered_ops`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registration {
    /// Not registered: its regions are graph regions, its properties are
    /// not visited by the printer's alias pass.
    Unregistered,
    /// Registered, with SSA-dominance regions.
    Registered,
    /// Registered, with graph regions (`HasOnlyGraphRegion`): inside its
    /// one block, uses may come before definitions.
    GraphRegions,
    /// Not registered, and named in a dialect that is loaded and does not
    /// allow unknown operations (`builtin.modul`, `arith.nosuch`): MLIR's
    /// verifier refuses it ("unregistered operation 'arith.nosuch' found
    /// in dialect ('arith') that does not allow unknown operations").
    /// Otherwise as [`Registration::Unregistered`].
    Unknown,
}

/// The hooks of no dialect, for a printing on its own of a builtin value.
pub(crate) static NO_HOOKS: AsmHooks = AsmHooks::new();

impl fmt::Debug for AsmHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.dialects.iter().map(|d| d.namespace).collect();
        f.debug_struct("AsmHooks")
            .field("dialects", &names)
            .finish()
    }
}

/// The dialect whose kind `name` is (`test.widget` is `test`'s).
fn kind_dialect(name: &str) -> &str {
    name.split_once('.').map_or(name, |(d, _)| d)
}

impl AsmHooks {
    /// No dialect.
    pub const fn new() -> Self {
        Self {
            dialects: Vec::new(),
            registered_ops: None,
        }
    }

    /// Says which operations the dialects register (MLIR's
    /// `Operation::isRegistered`): `registered(name)` for an operation named
    /// `name` outside the builtin dialect. Where MLIR treats a registered
    /// operation apart, strata does too: the printer's alias pass visits a
    /// registered operation's properties (its inherent attributes, with
    /// its attribute dictionary, sorted by name), and the verifier checks
    /// dominance inside the regions of a registered operation that does
    /// not have graph regions. Without it, only the builtin dialect's
    /// operations are registered.
    ///
    /// ```
    /// use strata_builtin::{AsmHooks, Registration};
    ///
    /// let mut hooks = AsmHooks::new();
    /// assert_eq!(hooks.registration("builtin.module"), Registration::GraphRegions);
    /// assert_eq!(hooks.registration("arith.addi"), Registration::Unregistered);
    /// hooks.set_registered_ops(|name| match name.starts_with("arith.") {
    ///     true => Registration::Registered,
    ///     false => Registration::Unregistered,
    /// });
    /// assert!(hooks.is_registered_op("arith.addi"));
    /// assert!(!hooks.is_registered_op("builtin.modul"));
    /// ```
    pub fn set_registered_ops(&mut self, registered: fn(&str) -> Registration) -> &mut Self {
        self.registered_ops = Some(registered);
        self
    }

    /// How operation `name` is registered (see
    /// [`AsmHooks::set_registered_ops`]). The builtin dialect's operations
    /// always are (`builtin.module` with graph regions,
    /// `builtin.unrealized_conversion_cast`); another `builtin.` name is
    /// [`Registration::Unknown`] (MLIR always loads the builtin dialect,
    /// which allows no unknown operation).
    pub fn registration(&self, name: &str) -> Registration {
        match name.strip_prefix("builtin.") {
            Some("module") => Registration::GraphRegions,
            Some("unrealized_conversion_cast") => Registration::Registered,
            Some(_) => Registration::Unknown,
            None => self
                .registered_ops
                .map_or(Registration::Unregistered, |f| f(name)),
        }
    }

    /// Whether operation `name` is registered (see
    /// [`AsmHooks::registration`]).
    pub fn is_registered_op(&self, name: &str) -> bool {
        matches!(
            self.registration(name),
            Registration::Registered | Registration::GraphRegions
        )
    }

    /// Registers the hooks of dialect `D` (replacing an earlier one of the
    /// same namespace).
    pub fn register<D: DialectAsm>(&mut self) -> &mut Self {
        self.dialects.retain(|d| d.namespace != D::NAMESPACE);
        self.dialects.push(DialectHooks {
            namespace: D::NAMESPACE,
            type_alias: D::type_alias,
            attribute_alias: D::attribute_alias,
            type_elements: D::type_elements,
            attribute_elements: D::attribute_elements,
            print_type: D::print_type,
            print_attribute: D::print_attribute,
        });
        self
    }

    /// Whether no dialect is registered.
    pub fn is_empty(&self) -> bool {
        self.dialects.is_empty()
    }

    /// The alias of `ty`: MLIR's `AliasInitializer::generateAlias` asks
    /// the dialects in order, starting from `builtin` (the alias the
    /// builtin dialect names, an overridable one); a final alias ends the
    /// search, an overridable one is kept unless a later dialect names
    /// another. The name is not yet sanitized.
    pub fn type_alias(&self, ty: Type<'_>, builtin: Option<AsmAlias>) -> Option<String> {
        self.generate(builtin, |d| (d.type_alias)(ty))
    }

    /// [`AsmHooks::type_alias`] for attributes.
    pub fn attribute_alias(
        &self,
        attr: Attribute<'_>,
        builtin: Option<AsmAlias>,
    ) -> Option<String> {
        self.generate(builtin, |d| (d.attribute_alias)(attr))
    }

    fn generate(
        &self,
        builtin: Option<AsmAlias>,
        ask: impl Fn(&DialectHooks) -> Option<AsmAlias>,
    ) -> Option<String> {
        let mut name = None;
        for r in builtin
            .into_iter()
            .chain(self.dialects.iter().filter_map(ask))
        {
            match r {
                AsmAlias::Overridable(n) => name = Some(n),
                AsmAlias::Final(n) => return Some(n),
            }
        }
        name
    }

    /// The hooks of the dialect that owns the kind named `kind`.
    fn owner(&self, kind: &str) -> Option<&DialectHooks> {
        let ns = kind_dialect(kind);
        self.dialects.iter().find(|d| d.namespace == ns)
    }

    /// Gives `visit` what `attr` prints inside itself when its kind belongs
    /// to a registered dialect ([`DialectAsm::attribute_elements`]);
    /// `false` when no registered dialect owns the kind.
    pub fn attribute_elements<'c>(
        &self,
        attr: Attribute<'c>,
        visit: &mut dyn FnMut(AsmElement<'c>),
    ) -> bool {
        match self.owner(attr.kind().name()) {
            Some(d) => {
                (d.attribute_elements)(attr, visit);
                true
            }
            None => false,
        }
    }

    /// [`AsmHooks::attribute_elements`] for types.
    pub fn type_elements<'c>(&self, ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) -> bool {
        match self.owner(ty.kind().name()) {
            Some(d) => {
                (d.type_elements)(ty, visit);
                true
            }
            None => false,
        }
    }
}

/// A hasher for handle addresses: one multiply (FxHash's), which spreads
/// the aligned low bits into the high bits the table's tags are taken from.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// A table keyed by handle or payload address.
type AddressMap<V> = HashMap<usize, V, BuildHasherDefault<AddressHasher>>;

/// MLIR's `AsmState`: what one printing knows before it prints and keeps
/// while it prints: its options, the dialects' hooks, and the aliases the
/// alias pass gave (`#map`, `!tuple`, `#loc3`), by value. It does not
/// change while it prints, so every thread of a parallel printing prints
/// under the same one; the numbers of distinct attributes, which a
/// printing hands out as it meets them, are each printing's own
/// ([`DistinctNumbering`]).
#[derive(Clone, Debug)]
pub struct AsmState<'s> {
    options: PrintOptions,
    hooks: &'s AsmHooks,
    /// Per family (types, attributes, locations), handle address to alias:
    /// three small tables, so that looking up a type does not touch the
    /// locations' (one per operation with debug info).
    aliases: [AddressMap<Box<str>>; 3],
    values: PhantomData<Attribute<'s>>,
}

impl<'s> AsmState<'s> {
    /// A state with `options` and `hooks`, and no alias yet.
    pub fn new(options: PrintOptions, hooks: &'s AsmHooks) -> Self {
        Self {
            options,
            hooks,
            aliases: Default::default(),
            values: PhantomData,
        }
    }

    /// The options.
    pub fn options(&self) -> PrintOptions {
        self.options
    }

    /// The dialects' hooks.
    pub fn hooks(&self) -> &'s AsmHooks {
        self.hooks
    }

    /// Gives `value` the alias `alias` (`#map1`, `!tuple`): wherever it is
    /// printed, the alias is printed instead, unless the options ask for
    /// local scope.
    pub fn set_alias(&mut self, value: impl Into<AsmElement<'s>>, alias: impl Into<Box<str>>) {
        let (family, addr) = value.into().key();
        self.aliases[family].insert(addr, alias.into());
    }

    /// The alias `value` prints as, if any (never in local scope).
    pub fn alias(&self, value: impl Into<AsmElement<'s>>) -> Option<&str> {
        let (family, addr) = value.into().key();
        self.alias_at(family, addr)
    }

    #[inline]
    fn alias_at(&self, family: usize, addr: usize) -> Option<&str> {
        let table = &self.aliases[family];
        if table.is_empty() || self.options.local_scope {
            return None;
        }
        table.get(&addr).map(|a| &**a)
    }
}

/// The numbers a printing gives distinct attributes, in the order it meets
/// them (MLIR's `DistinctState`): `distinct[0]` for the first one, the same
/// number again for the same attribute.
#[derive(Clone, Debug, Default)]
pub struct DistinctNumbering {
    /// Payload address to number.
    numbers: AddressMap<u64>,
}

impl DistinctNumbering {
    /// No attribute numbered yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many distinct attributes have a number.
    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    /// Whether no distinct attribute has a number.
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }
}

/// The printer a print hook is given (MLIR's `AsmPrinter::Impl`): it writes
/// to its output, under its [`AsmState`] (the aliases, the options, the
/// hooks), numbering distinct attributes in its [`DistinctNumbering`], and
/// knows which values it is printing (MLIR's cyclic printing stack).
/// Writing text to it is `core::fmt::Write`.
pub struct AsmPrinter<'p, 's> {
    out: &'p mut dyn fmt::Write,
    state: &'p AsmState<'s>,
    distinct: &'p mut DistinctNumbering,
    /// The payloads being printed, innermost last.
    cyclic: Vec<usize>,
    /// The handle address of the value whose alias definition is being
    /// printed (0 when none): it prints in full, not as its alias.
    definition: usize,
}

impl fmt::Debug for AsmPrinter<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AsmPrinter")
            .field("state", self.state)
            .field("distinct", self.distinct)
            .field("cyclic", &self.cyclic.len())
            .finish_non_exhaustive()
    }
}

impl fmt::Write for AsmPrinter<'_, '_> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.out.write_str(s)
    }

    #[inline]
    fn write_char(&mut self, c: char) -> fmt::Result {
        self.out.write_char(c)
    }
}

/// Prints with a fresh state, as `Display` does: `print` is given a
/// printer with no alias, a new distinct numbering and `hooks`.
///
/// ```
/// use strata_builtin::prelude::*;
///
/// let ctx = strata_ctx::Context::new();
/// let _first = ctx.distinct_attr(ctx.unit_attr());
/// let d = ctx.distinct_attr(ctx.i64_attr(1));
/// let mut out = String::new();
/// strata_builtin::print_standalone(&mut out, &strata_builtin::AsmHooks::new(), |p| {
///     p.print_attribute(d.into())?;
///     p.write_str(" ")?;
///     p.print_attribute(d.into())
/// })
/// .unwrap();
/// assert_eq!(out, "distinct[0]<1 : i64> distinct[0]<1 : i64>");
/// # use core::fmt::Write as _;
/// ```
pub fn print_standalone<'s>(
    out: &mut dyn fmt::Write,
    hooks: &'s AsmHooks,
    print: impl FnOnce(&mut AsmPrinter<'_, 's>) -> fmt::Result,
) -> fmt::Result {
    let state = AsmState::new(PrintOptions::default(), hooks);
    let mut distinct = DistinctNumbering::new();
    print(&mut AsmPrinter::new(out, &state, &mut distinct))
}

impl<'p, 's> AsmPrinter<'p, 's> {
    /// A printer writing to `out` under `state`, numbering distinct
    /// attributes in `distinct` (which may already hold the numbers an
    /// earlier printer of the same printing gave).
    pub fn new(
        out: &'p mut dyn fmt::Write,
        state: &'p AsmState<'s>,
        distinct: &'p mut DistinctNumbering,
    ) -> Self {
        Self {
            out,
            state,
            distinct,
            cyclic: Vec::new(),
            definition: 0,
        }
    }

    /// The printing's options.
    pub fn options(&self) -> PrintOptions {
        self.state.options
    }

    /// The alias `value` prints as, if any.
    pub fn alias(&self, value: impl Into<AsmElement<'s>>) -> Option<&'p str> {
        let state: &'p AsmState<'s> = self.state;
        state.alias(value)
    }

    /// The alias of the value at `(family, addr)`, unless it is the value
    /// whose definition is being printed.
    #[inline]
    fn alias_of(&self, family: usize, addr: usize) -> Option<&'p str> {
        if addr == self.definition {
            return None;
        }
        let state: &'p AsmState<'s> = self.state;
        state.alias_at(family, addr)
    }

    /// Prints `ty`: its alias if it has one, else in full (MLIR's
    /// `printType`).
    pub fn print_type(&mut self, ty: Type<'s>) -> fmt::Result {
        if let Some(a) = self.alias_of(0, ty.as_ptr().addr()) {
            return self.out.write_str(a);
        }
        self.print_type_in_full(ty)
    }

    /// Prints `attr`: its alias if it has one, else in full (MLIR's
    /// `printAttribute`).
    pub fn print_attribute(&mut self, attr: Attribute<'s>) -> fmt::Result {
        if let Some(a) = self.alias_of(1, attr.as_ptr().addr()) {
            return self.out.write_str(a);
        }
        self.print_attribute_in_full(attr)
    }

    /// Prints `loc(...)` for `loc`: inside it the location's alias where
    /// `allow_alias` and it has one, else the location in full, whose
    /// nested locations print as their aliases (MLIR's `printLocation`).
    pub fn print_location(&mut self, loc: Location<'s>, allow_alias: bool) -> fmt::Result {
        self.out.write_str("loc(")?;
        match self
            .alias_of(2, loc.as_ptr().addr())
            .filter(|_| allow_alias)
        {
            Some(a) => self.out.write_str(a)?,
            None => self.print_location_in_full(loc)?,
        }
        self.out.write_str(")")
    }

    /// Prints a location inside another one, without `loc(...)`: its alias
    /// if it has one, else in full (MLIR's `printLocationInternal` below
    /// the top level).
    pub fn print_nested_location(&mut self, loc: Location<'s>) -> fmt::Result {
        if let Some(a) = self.alias_of(2, loc.as_ptr().addr()) {
            return self.out.write_str(a);
        }
        self.print_location_in_full(loc)
    }

    /// Prints the text of `value`'s alias definition (what follows `#map =
    /// `): the value in full, its nested values as their aliases; a
    /// location as `loc(...)`. Met again inside itself (a recursive type),
    /// the value is printed in full too, and its kind's printer ends the
    /// cycle.
    pub fn print_alias_definition(&mut self, value: impl Into<AsmElement<'s>>) -> fmt::Result {
        let value = value.into();
        let outer = core::mem::replace(&mut self.definition, value.key().1);
        let r = match value {
            AsmElement::Type(t) => self.print_type_in_full(t),
            AsmElement::Attribute(a) => self.print_attribute_in_full(a),
            AsmElement::Location(l) => self.print_location(l, false),
        };
        self.definition = outer;
        r
    }

    fn print_type_in_full(&mut self, ty: Type<'s>) -> fmt::Result {
        if let Some(r) = crate::types::print_builtin_type(ty, self) {
            return r;
        }
        let hooks: &'s AsmHooks = self.state.hooks;
        match hooks.owner(ty.kind().name()) {
            Some(d) => (d.print_type)(ty, self),
            None => write!(self.out, "{ty}"),
        }
    }

    fn print_attribute_in_full(&mut self, attr: Attribute<'s>) -> fmt::Result {
        if let Some(r) = crate::attrs::print_builtin_attribute(attr, self) {
            return r;
        }
        let hooks: &'s AsmHooks = self.state.hooks;
        match hooks.owner(attr.kind().name()) {
            Some(d) => (d.print_attribute)(attr, self),
            None => write!(self.out, "{attr}"),
        }
    }

    fn print_location_in_full(&mut self, loc: Location<'s>) -> fmt::Result {
        match crate::locs::print_builtin_location(loc, self) {
            Some(r) => r,
            None => write!(self.out, "{loc:#}"),
        }
    }

    /// What `print` prints, as a string: the same printing (its state, its
    /// distinct numbering, the values being printed) written elsewhere, for
    /// a form that decides how to print from its own text (MLIR's dialect
    /// symbols: `#llvm.di_file<...>` or `#llvm<comdat any>`).
    pub fn capture(
        &mut self,
        print: impl FnOnce(&mut AsmPrinter<'_, 's>) -> fmt::Result,
    ) -> Result<String, fmt::Error> {
        let mut text = String::new();
        let mut inner = AsmPrinter {
            out: &mut text,
            state: self.state,
            distinct: &mut *self.distinct,
            cyclic: core::mem::take(&mut self.cyclic),
            definition: self.definition,
        };
        let r = print(&mut inner);
        self.cyclic = inner.cyclic;
        r.map(|()| text)
    }

    /// Runs `print` with `value` (a payload) marked as being printed,
    /// unless it already is: then `None`, and the caller prints the short
    /// form that ends the cycle (MLIR's `tryStartCyclicPrint`).
    pub fn cyclic<T: ?Sized, R>(
        &mut self,
        value: &T,
        print: impl FnOnce(&mut Self) -> R,
    ) -> Option<R> {
        let key = core::ptr::from_ref(value).cast::<()>().addr();
        if self.cyclic.contains(&key) {
            return None;
        }
        self.cyclic.push(key);
        let r = print(self);
        self.cyclic.pop();
        Some(r)
    }

    /// Whether `value` (a payload) is being printed ([`AsmPrinter::cyclic`]).
    pub fn is_printing<T: ?Sized>(&self, value: &T) -> bool {
        let key = core::ptr::from_ref(value).cast::<()>().addr();
        self.cyclic.contains(&key)
    }

    /// The number of the distinct attribute whose payload is `payload`:
    /// the one it got when first met in this printing, else the next.
    pub(crate) fn distinct_number<T>(&mut self, payload: &T) -> u64 {
        let numbers = &mut self.distinct.numbers;
        let next = numbers.len() as u64;
        *numbers
            .entry(core::ptr::from_ref(payload).addr())
            .or_insert(next)
    }
}

/// Implements `Display` for payload types as a printing of their own with
/// a fresh state, through their printer (`print`).
macro_rules! display_by_printer {
    ($($payload:ty),* $(,)?) => {$(
        impl ::core::fmt::Display for $payload {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                $crate::asm::print_standalone(f, &$crate::asm::NO_HOOKS, |p| self.print(p))
            }
        }
    )*};
}
pub(crate) use display_by_printer;

/// Tries each builtin kind in turn, and prints `$value` with the printer of
/// the first one it is (`print`: the payload's `print`; `display`: the
/// payload's `Display`, for a payload that holds no other value); `None`
/// when it is none of them.
macro_rules! print_kinds {
    ($value:expr, $printer:expr; $($kind:ty => $how:ident),* $(,)?) => {{
        $(
            if let Some(v) = $value.dyn_cast::<$kind>() {
                return Some($crate::asm::print_kinds!(@$how v.payload(), $printer));
            }
        )*
        None
    }};
    (@print $payload:expr, $printer:expr) => {
        $payload.print($printer)
    };
    (@display $payload:expr, $printer:expr) => {
        ::core::fmt::Write::write_fmt($printer, format_args!("{}", $payload))
    };
}
pub(crate) use print_kinds;

#[cfg(test)]
mod tests {
    use core::fmt::Write as _;

    use strata_ctx::{Attribute, Context, Type};

    use super::*;
    use crate::prelude::*;

    /// A distinct attribute printed alone is `distinct[0]`, whatever the
    /// context made before it: `mlir-opt-19` prints an attribute with a
    /// fresh state, and a file that defines `#d0 = distinct[0]<1 : i64>`
    /// and `#d1 = distinct[1]<2 : i64>` and uses only `distinct[2]<3 :
    /// i64>` prints that one as `distinct[0]<3 : i64>`.
    #[test]
    fn a_distinct_attribute_printed_alone_is_numbered_from_zero() {
        let ctx = Context::new();
        let first = ctx.distinct_attr(ctx.i64_attr(1));
        let second = ctx.distinct_attr(ctx.i64_attr(2));
        let third = ctx.distinct_attr(ctx.i64_attr(3));
        assert_eq!(third.payload().id, 2);
        assert_eq!(third.to_string(), "distinct[0]<3 : i64>");
        assert_eq!(Attribute::from(third).to_string(), "distinct[0]<3 : i64>");
        // In one printing, the order met: the third first.
        let arr = ctx.array_attr(&[third.into(), first.into(), third.into(), second.into()]);
        assert_eq!(
            arr.to_string(),
            "[distinct[0]<3 : i64>, distinct[1]<1 : i64>, distinct[0]<3 : i64>, distinct[2]<2 : i64>]"
        );
    }

    /// Aliases print in place of their values, never in local scope, and a
    /// value's own definition prints it in full with its nested values'
    /// aliases.
    #[test]
    fn aliases_local_scope_and_definitions() {
        let ctx = Context::new();
        let aff = ctx.affine();
        let map = ctx.affine_map_attr(aff.map(1, 0, &[aff.dim(0) + 2]));
        let memref: Type<'_> = ctx
            .memref_type_with(&[4], ctx.f32(), Some(map.into()), None)
            .into();
        let big: Vec<Type<'_>> = vec![memref; 17];
        let tuple: Type<'_> = ctx.tuple_type(&big).into();
        let hooks = AsmHooks::new();
        for local_scope in [false, true] {
            let options = PrintOptions {
                local_scope,
                ..PrintOptions::default()
            };
            let mut state = AsmState::new(options, &hooks);
            state.set_alias(Attribute::from(map), "#map");
            state.set_alias(tuple, "!tuple");
            let mut numbering = DistinctNumbering::new();
            let mut out = String::new();
            let mut p = AsmPrinter::new(&mut out, &state, &mut numbering);
            p.print_type(tuple).unwrap();
            p.write_str(" = ").unwrap();
            p.print_alias_definition(tuple).unwrap();
            if local_scope {
                assert_eq!(p.alias(tuple), None);
                assert_eq!(out, format!("{tuple} = {tuple}"));
            } else {
                assert_eq!(p.alias(tuple), Some("!tuple"));
                let inner = vec!["memref<4xf32, #map>"; 17].join(", ");
                assert_eq!(out, format!("!tuple = tuple<{inner}>"));
            }
        }
    }

    /// A capture prints with the printer's own numbering, and the values it
    /// marks as being printed are the printer's again afterwards.
    #[test]
    fn a_capture_is_the_same_printing() {
        let ctx = Context::new();
        let d = ctx.distinct_attr(ctx.unit_attr());
        let mut out = String::new();
        print_standalone(&mut out, &AsmHooks::new(), |p| {
            let marker = 7u8;
            p.cyclic(&marker, |p| {
                let text = p.capture(|p| {
                    assert!(p.is_printing(&marker));
                    p.print_attribute(d.into())
                })?;
                assert_eq!(text, "distinct[0]<>");
                assert!(p.is_printing(&marker));
                assert!(p.cyclic(&marker, |_| ()).is_none());
                p.print_attribute(d.into())
            })
            .unwrap()
        })
        .unwrap();
        assert_eq!(out, "distinct[0]<>");
    }
}
