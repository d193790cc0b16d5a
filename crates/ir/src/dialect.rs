//! Dialects as plug-ins: operation definitions, their traits and
//! interfaces, and the registry that says which of three kinds an
//! operation name is.
//!
//! A dialect registers each operation it defines with an [`OpDef`]: its
//! name, its [`Traits`], and its hooks (a verifier, a folder, the
//! canonicalization patterns it contributes) and interfaces. An interface
//! is any `'static` value a layer above defines (the text layer's custom
//! assembly hooks, a pass's side-effect query): it is stored type-erased
//! and looked up by its type, MLIR's `InterfaceMap`. An operation created
//! with a definition records its [`OpDefId`], so reaching the definition
//! from an operation is one indexed load ([`OpRegistry::def_of`]).
//!
//! The registry knows three kinds of name ([`OpKind`]):
//!
//! - **defined**: a registered definition, verified and printed in its
//!   custom form;
//! - **registered without a definition**: a name of a dialect the tool
//!   says its reference registers (`tensor`, `memref` for mlir-opt-19)
//!   whose operations are not defined here: accepted, printed generic, not
//!   verified;
//! - **unregistered**: any other dialect, opaque. A name in a dialect that
//!   defines operations but not this one (`arith.bogus`) is
//!   [`OpKind::UnknownInDefinedDialect`], MLIR's "unregistered operation
//!   ... does not allow unknown operations".

use core::any::{Any, TypeId};
use core::fmt;
use core::num::NonZeroU32;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::body::Body;
use crate::handles::{Attribute, Context};
use crate::id::{OpId, Value};
use crate::pattern::RewritePattern;
use crate::verify::OpSite;

/// The traits of an operation (MLIR's op traits that the IR, the verifier
/// and the passes ask about), as a set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Traits(u32);

impl Traits {
    /// No trait.
    pub const NONE: Traits = Traits(0);
    /// `IsolatedFromAbove`: its regions use no value defined outside it,
    /// and live in a body of their own.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 0);
    /// `IsTerminator`: it ends its block.
    pub const TERMINATOR: Traits = Traits(1 << 1);
    /// `NoTerminator`: the blocks of its regions need no terminator.
    pub const NO_TERMINATOR: Traits = Traits(1 << 2);
    /// `SymbolTable`: its region's operations' symbols are unique.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 3);
    /// `Symbol`: it defines a symbol (`sym_name`).
    pub const SYMBOL: Traits = Traits(1 << 4);
    /// `Pure`: no side effect, always speculatable.
    pub const PURE: Traits = Traits(1 << 5);
    /// `SingleBlock`: each region has at most one block.
    pub const SINGLE_BLOCK: Traits = Traits(1 << 6);
    /// `ConstantLike`: it materialises a constant.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 7);
    /// `Commutative`: its operands may be reordered.
    pub const COMMUTATIVE: Traits = Traits(1 << 8);
    /// Reads memory (a memory effect).
    pub const READS_MEMORY: Traits = Traits(1 << 9);
    /// Writes memory (a memory effect).
    pub const WRITES_MEMORY: Traits = Traits(1 << 10);
    /// `RecursiveMemoryEffects`: its effects are those of its regions.
    pub const RECURSIVE_EFFECTS: Traits = Traits(1 << 11);

    const NAMES: [&'static str; 12] = [
        "IsolatedFromAbove",
        "IsTerminator",
        "NoTerminator",
        "SymbolTable",
        "Symbol",
        "Pure",
        "SingleBlock",
        "ConstantLike",
        "Commutative",
        "ReadsMemory",
        "WritesMemory",
        "RecursiveMemoryEffects",
    ];

    /// Whether every trait of `other` is in `self`.
    pub const fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets.
    pub const fn union(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }
}

impl core::ops::BitOr for Traits {
    type Output = Traits;

    fn bitor(self, other: Traits) -> Traits {
        self.union(other)
    }
}

impl fmt::Debug for Traits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut set = f.debug_set();
        for (i, name) in Self::NAMES.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                set.entry(name);
            }
        }
        set.finish()
    }
}

/// What a verifier found wrong with an operation: MLIR's message, reported
/// at the operation's location, and notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    /// The message, as MLIR words it. With [`VerifyError::op_prefix`] (MLIR's
    /// `emitOpError`) the reporter puts `'arith.addi' op ` in front of it;
    /// without (MLIR's `emitError`) it is reported as it is.
    pub message: String,
    /// Whether the reporter prefixes the operation's name.
    pub op_prefix: bool,
    /// Notes, each with the operation it points at, if not the one
    /// verified.
    pub notes: Vec<(Option<OpId>, String)>,
}

impl VerifyError {
    /// MLIR's `emitOpError(message)`: an error with `message`, after the
    /// operation's name, and no note.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            op_prefix: true,
            notes: Vec::new(),
        }
    }

    /// MLIR's `emitError(message)`: an error with `message` as it is.
    pub fn plain(message: impl Into<String>) -> Self {
        Self {
            op_prefix: false,
            ..Self::new(message)
        }
    }

    /// The message as it is reported for operation `name`.
    pub fn text(&self, name: &str) -> String {
        if self.op_prefix {
            format!("'{name}' op {}", self.message)
        } else {
            self.message.clone()
        }
    }
}

/// One result of a fold: a constant or an existing value (MLIR's
/// `OpFoldResult`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldValue<'c> {
    /// The result is this constant attribute.
    Attribute(Attribute<'c>),
    /// The result is this value.
    Value(Value),
}

/// What a folder did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fold<'c> {
    /// Nothing.
    None,
    /// It changed the operation in place.
    InPlace,
    /// One replacement per result.
    Results(SmallVec<[FoldValue<'c>; 1]>),
}

/// An operation's verifier (MLIR's `verifyInvariants`: its traits' checks
/// in their declared order, then its own `verify`), or its region verifier
/// (`verifyRegionInvariants`), given the operation where it lives (see
/// [`crate::verify`]).
pub type VerifyFn = for<'a, 'c> fn(OpSite<'a, 'c>) -> Result<(), VerifyError>;

/// What a property stores (MLIR's property storage type): whether an
/// attribute is of a kind it can hold. `strata_ir::verify::storage` has
/// the builtin ones.
pub type PropertyStorage = for<'c> fn(Attribute<'c>) -> bool;

/// An operation's folder (MLIR's `fold`): the context to intern constants
/// in, the body, the operation, and for each operand the constant it is
/// known to be, if it is one.
pub type FoldFn =
    for<'c> fn(&'c Context, &mut Body<'c>, OpId, &[Option<Attribute<'c>>]) -> Fold<'c>;

/// The index of a definition in its registry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpDefId(NonZeroU32);

impl OpDefId {
    fn new(i: usize) -> Self {
        let raw = u32::try_from(i + 1).expect("fewer than 2^32 - 1 definitions");
        Self(NonZeroU32::new(raw).expect("an index plus one is not zero"))
    }

    /// The index in the registry.
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// An operation's definition.
pub struct OpDef {
    name: &'static str,
    traits: Traits,
    verify: Option<VerifyFn>,
    verify_regions: Option<VerifyFn>,
    properties: Vec<(&'static str, PropertyStorage)>,
    fold: Option<FoldFn>,
    patterns: Vec<Box<dyn RewritePattern>>,
    interfaces: Vec<(TypeId, Box<dyn Any + Send + Sync>)>,
}

impl fmt::Debug for OpDef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpDef")
            .field("name", &self.name)
            .field("traits", &self.traits)
            .field("patterns", &self.patterns.len())
            .field("interfaces", &self.interfaces.len())
            .finish_non_exhaustive()
    }
}

impl OpDef {
    /// The definition of `name` (`dialect.op`), with `traits`.
    pub fn new(name: &'static str, traits: Traits) -> Self {
        Self {
            name,
            traits,
            verify: None,
            verify_regions: None,
            properties: Vec::new(),
            fold: None,
            patterns: Vec::new(),
            interfaces: Vec::new(),
        }
    }

    /// With this verifier.
    pub fn verifier(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }

    /// With this region verifier, run once the operations of the
    /// operation's regions have been verified.
    pub fn region_verifier(mut self, f: VerifyFn) -> Self {
        self.verify_regions = Some(f);
        self
    }

    /// With property `name` (an inherent attribute, MLIR's properties),
    /// stored where `storage` accepts the attribute (MLIR's property
    /// conversion: a generic text's `<{...}>` entry it refuses is "invalid
    /// properties", and an entry of the attribute dictionary it refuses is
    /// dropped). The order is the declaration's.
    pub fn property(mut self, name: &'static str, storage: PropertyStorage) -> Self {
        self.properties.retain(|(n, _)| *n != name);
        self.properties.push((name, storage));
        self
    }

    /// With this folder.
    pub fn folder(mut self, f: FoldFn) -> Self {
        self.fold = Some(f);
        self
    }

    /// With this canonicalization pattern.
    pub fn pattern(mut self, p: impl RewritePattern + 'static) -> Self {
        self.patterns.push(Box::new(p));
        self
    }

    /// With interface `value` (one per type: a second of the same type
    /// replaces the first).
    pub fn interface<T: Any + Send + Sync>(mut self, value: T) -> Self {
        let id = TypeId::of::<T>();
        self.interfaces.retain(|(t, _)| *t != id);
        self.interfaces.push((id, Box::new(value)));
        self
    }

    /// The full name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The dialect's name (before the first `.`).
    pub fn dialect(&self) -> &'static str {
        dialect_of(self.name)
    }

    /// The traits.
    pub fn traits(&self) -> Traits {
        self.traits
    }

    /// Whether the operation has every trait of `t`.
    pub fn has(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }

    /// The verifier.
    pub fn verify_fn(&self) -> Option<VerifyFn> {
        self.verify
    }

    /// The region verifier.
    pub fn region_verify_fn(&self) -> Option<VerifyFn> {
        self.verify_regions
    }

    /// The properties: each one's name and storage, in declaration order.
    pub fn properties(&self) -> &[(&'static str, PropertyStorage)] {
        &self.properties
    }

    /// The storage of property `name`, if the operation has it.
    pub fn property_storage(&self, name: &str) -> Option<PropertyStorage> {
        self.properties
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, s)| s)
    }

    /// The folder.
    pub fn fold_fn(&self) -> Option<FoldFn> {
        self.fold
    }

    /// The canonicalization patterns.
    pub fn patterns(&self) -> &[Box<dyn RewritePattern>] {
        &self.patterns
    }

    /// Interface `T`, if the operation has it.
    pub fn get_interface<T: Any>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.interfaces
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, v)| v.downcast_ref::<T>())
    }
}

/// The dialect of an operation name: what comes before its first `.`
/// (the whole name when there is none).
pub fn dialect_of(name: &str) -> &str {
    name.split_once('.').map_or(name, |(d, _)| d)
}

/// Which of the three kinds an operation name is (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpKind {
    /// A definition.
    Defined(OpDefId),
    /// A dialect registered without this operation's definition.
    RegisteredName,
    /// Any other dialect.
    Unregistered,
    /// A dialect that defines operations, but not this one.
    UnknownInDefinedDialect,
}

/// The operation definitions a context's dialects registered, and the
/// dialects known by name only.
#[derive(Debug, Default)]
pub struct OpRegistry {
    defs: Vec<OpDef>,
    by_name: FxHashMap<&'static str, OpDefId>,
    /// Dialects with definitions, and whether each allows unknown
    /// operations (MLIR's `allowsUnknownOperations`).
    defining: FxHashMap<&'static str, bool>,
    /// Dialects registered by name only.
    named: FxHashMap<String, ()>,
    /// Operations registered by name only.
    named_ops: FxHashMap<&'static str, ()>,
    /// The context type its definitions' context-typed interfaces (a text
    /// layer's custom forms) are for, once one is recorded.
    context_type: Option<(TypeId, &'static str)>,
}

impl OpRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers `def`; a second definition of one name replaces the first.
    pub fn register(&mut self, def: OpDef) -> OpDefId {
        self.defining.entry(def.dialect()).or_insert(false);
        if let Some(&id) = self.by_name.get(def.name) {
            self.defs[id.index()] = def;
            return id;
        }
        let id = OpDefId::new(self.defs.len());
        self.by_name.insert(def.name, id);
        self.defs.push(def);
        id
    }

    /// Lets dialect `dialect`, which defines operations, also hold unknown
    /// ones (opaque, as unregistered operations are).
    pub fn allow_unknown_operations(&mut self, dialect: &'static str) {
        self.defining.insert(dialect, true);
    }

    /// Records `dialect` as registered without definitions. A dialect that
    /// also has definitions is then defined in part: its operations without
    /// a definition are [`OpKind::RegisteredName`], not unknown.
    pub fn register_name_only(&mut self, dialect: &str) {
        self.named.insert(dialect.to_owned(), ());
    }

    /// Records operation `name` as registered without a definition (an
    /// operation of a dialect that defines others, which the tool's
    /// reference registers but this registry does not define).
    pub fn register_op_name(&mut self, name: &'static str) {
        self.named_ops.insert(name, ());
    }

    /// Records that the interfaces its definitions hold for a context type
    /// (a text layer's custom forms, found by the `TypeId` of an interface
    /// generic over the context) are for contexts of type `C`, so that a
    /// consumer can refuse the registry for another context type instead of
    /// finding none of them.
    ///
    /// ```
    /// use strata_ir::OpRegistry;
    /// struct A;
    /// struct B;
    /// let mut ops = OpRegistry::new();
    /// assert!(ops.is_for_context::<A>() && ops.is_for_context::<B>());
    /// ops.set_context_type::<A>();
    /// assert!(ops.is_for_context::<A>() && !ops.is_for_context::<B>());
    /// ```
    pub fn set_context_type<C: Any>(&mut self) {
        self.context_type = Some((TypeId::of::<C>(), core::any::type_name::<C>()));
    }

    /// Whether its context-typed interfaces are for contexts of type `C`:
    /// true when it recorded `C`, or no context type at all.
    pub fn is_for_context<C: Any>(&self) -> bool {
        self.context_type
            .is_none_or(|(id, _)| id == TypeId::of::<C>())
    }

    /// The name of the context type it recorded, if any.
    pub fn context_type_name(&self) -> Option<&'static str> {
        self.context_type.map(|(_, name)| name)
    }

    /// The definition `id`.
    ///
    /// # Panics
    ///
    /// If `id` is not of this registry.
    pub fn def(&self, id: OpDefId) -> &OpDef {
        &self.defs[id.index()]
    }

    /// The definition of operation `op` of `body`, if it was created with
    /// one: one indexed load.
    pub fn def_of(&self, body: &Body<'_>, op: OpId) -> Option<&OpDef> {
        body.op(op).def().map(|id| self.def(id))
    }

    /// Whether any definition has a verifier or a region verifier.
    pub fn has_verifiers(&self) -> bool {
        self.defs
            .iter()
            .any(|d| d.verify.is_some() || d.verify_regions.is_some())
    }

    /// The definition named `name`.
    pub fn lookup(&self, name: &str) -> Option<OpDefId> {
        self.by_name.get(name).copied()
    }

    /// Which kind `name` is.
    pub fn classify(&self, name: &str) -> OpKind {
        if let Some(id) = self.lookup(name) {
            return OpKind::Defined(id);
        }
        if self.named_ops.contains_key(name) {
            return OpKind::RegisteredName;
        }
        let dialect = dialect_of(name);
        if self.named.contains_key(dialect) {
            return OpKind::RegisteredName;
        }
        match self.defining.get(dialect) {
            Some(false) => OpKind::UnknownInDefinedDialect,
            Some(true) | None => OpKind::Unregistered,
        }
    }

    /// Whether `dialect` defines operations here or is registered by name.
    pub fn knows_dialect(&self, dialect: &str) -> bool {
        self.defining.contains_key(dialect) || self.named.contains_key(dialect)
    }

    /// Every definition, in registration order.
    pub fn defs(&self) -> impl Iterator<Item = (OpDefId, &OpDef)> + '_ {
        self.defs
            .iter()
            .enumerate()
            .map(|(i, d)| (OpDefId::new(i), d))
    }
}
