//! Dialect hooks: a registered dialect parses the bodies of its
//! `!dialect.mnemonic<...>` types and `#dialect.mnemonic<...>` attributes
//! (MLIR's `Dialect::parseType`/`parseAttribute`); its kinds' `Display`
//! prints them back (MLIR's `printType`/`printAttribute`, which write the
//! same `!dialect.mnemonic<...>` text). For the printer's alias pass a
//! dialect also names aliases for types and attributes (MLIR's
//! `OpAsmDialectInterface::getAlias`) and lists what its own kinds print
//! inside themselves ([`AsmHooks`]).

use core::hash::BuildHasher;

use strata_ctx::{Attribute, Context, Dialect, Policy, Type};

use crate::error::ParseError;
use crate::parser::Parser;

/// A dialect's parser of its types: given the parser positioned after
/// `!dialect.mnemonic` (on the `<` of the body, or at the end) and the
/// mnemonic, it parses the rest of the body and returns the type.
pub type TypeHook<P, S> =
    for<'c, 's> fn(&mut Parser<'c, 's, P, S>, &str) -> Result<Type<'c>, ParseError>;

/// A dialect's parser of its attributes, as [`TypeHook`] for types.
pub type AttrHook<P, S> =
    for<'c, 's> fn(&mut Parser<'c, 's, P, S>, &str) -> Result<Attribute<'c>, ParseError>;

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

/// A type or an attribute a dialect kind prints inside itself, for the
/// printer's alias pass (MLIR visits them by printing the value with a
/// printer that records what it is given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmElement<'c> {
    /// A nested type.
    Type(Type<'c>),
    /// A nested attribute.
    Attribute(Attribute<'c>),
}

/// The textual syntax of a dialect's types and attributes.
///
/// The default methods reject every mnemonic, so a dialect implements only
/// the families it has.
pub trait DialectSyntax: Dialect {
    /// Whether [`DialectSyntax::parse_type`] parses the type `mnemonic`; a
    /// type it does not parse is kept as an opaque type, as an unregistered
    /// dialect's are (for a dialect modelled in part). Every mnemonic by
    /// default.
    fn parses_type(mnemonic: &str) -> bool {
        let _ = mnemonic;
        true
    }

    /// Whether [`DialectSyntax::parse_attribute`] parses the attribute
    /// `mnemonic`, as [`DialectSyntax::parses_type`] for types.
    fn parses_attribute(mnemonic: &str) -> bool {
        let _ = mnemonic;
        true
    }

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

    /// Gives `visit` the types and attributes that `attr`, an attribute of
    /// one of this dialect's kinds (its kind name starts with
    /// `NAMESPACE.`), prints inside itself, in printing order: the
    /// printer's alias pass visits them, as MLIR's does by printing the
    /// attribute. Nothing by default.
    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        let _ = (attr, visit);
    }

    /// [`DialectSyntax::attribute_elements`] for the dialect's types.
    fn type_elements<'c>(ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        let _ = (ty, visit);
    }

    /// For a type or attribute of one of this dialect's kinds that prints
    /// its alias (its `Display` calls `strata_builtin::write_alias` with
    /// its payload's address), that address; `None` by default (the value
    /// prints in place even where an alias is named for it).
    fn alias_key(value: AsmElement<'_>) -> Option<*const ()> {
        let _ = value;
        None
    }

    /// What the dialect does with its entry of a file's
    /// `dialect_resources` section: by default
    /// [`ResourceSection::Refused`], as MLIR has it for a dialect without
    /// an `OpAsmDialectInterface`.
    fn resource_section() -> ResourceSection {
        ResourceSection::Refused
    }

    /// Parses the type `!NAMESPACE.mnemonic...`: `parser` is positioned
    /// after the mnemonic, and must consume the whole body.
    fn parse_type<'c, P: Policy, S: BuildHasher>(
        parser: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        Err(parser.error(format!(
            "dialect '{}' has no type '{mnemonic}'",
            Self::NAMESPACE
        )))
    }

    /// Parses the attribute `#NAMESPACE.mnemonic...`, as
    /// [`DialectSyntax::parse_type`] does for types.
    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        parser: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        Err(parser.error(format!(
            "dialect '{}' has no attribute '{mnemonic}'",
            Self::NAMESPACE
        )))
    }
}

/// What a dialect does with its entry of a file's `dialect_resources`
/// section (`{-# dialect_resources: { NAMESPACE: { key: value } } #-}`),
/// as MLIR's `OpAsmDialectInterface` resource hooks decide; a namespace
/// no dialect registers is MLIR's "dialect 'foo' is unknown".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceSection {
    /// Every key names a blob, written `"0x..."` with its alignment in the
    /// first four bytes (the builtin dialect's and MLIR's test dialect's).
    Blobs,
    /// The dialect has the interface but declares no resource: each key is
    /// MLIR's "unknown 'resource' key 'k' for dialect 'd'" (`llvm`,
    /// `ml_program`, `sparse_tensor` in MLIR 19).
    NoKeys,
    /// The dialect has no such interface: an entry is MLIR's "unexpected
    /// 'resource' section for dialect 'd'".
    Refused,
}

/// The mnemonic at the start of a dialect symbol's data (`widget` of
/// `widget<3>`), as the parser hands it to a hook: the characters of MLIR's
/// bare identifier, which a dialect's `parseKeyword` reads (`a.b$c` of
/// `a.b$c-d`).
pub(crate) fn mnemonic_of(data: &str) -> &str {
    let end = data
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '$')))
        .unwrap_or(data.len());
    &data[..end]
}

/// The registered dialect syntaxes for contexts of type `Context<P, S>`: a
/// namespace that is not here parses as an opaque type or attribute.
///
/// ```
/// use strata_syntax::Syntax;
///
/// let ctx = strata_ctx::Context::new();
/// let syntax = Syntax::new();
/// let t = syntax.parse_type(&ctx, "!acme.widget<3, \"x\">").unwrap();
/// assert_eq!(t.to_string(), "!acme.widget<3, \"x\">"); // opaque: no acme syntax registered
/// ```
pub struct Syntax<P: Policy, S> {
    types: Vec<(&'static str, TypeHook<P, S>)>,
    attrs: Vec<(&'static str, AttrHook<P, S>)>,
    asm: AsmHooks,
}

/// One dialect's printing hooks (see [`AsmHooks`]).
#[derive(Clone, Copy)]
struct DialectAsm {
    namespace: &'static str,
    parses_type: fn(&str) -> bool,
    parses_attribute: fn(&str) -> bool,
    type_alias: fn(Type<'_>) -> Option<AsmAlias>,
    attribute_alias: fn(Attribute<'_>) -> Option<AsmAlias>,
    type_elements: for<'c> fn(Type<'c>, &mut dyn FnMut(AsmElement<'c>)),
    attribute_elements: for<'c> fn(Attribute<'c>, &mut dyn FnMut(AsmElement<'c>)),
    alias_key: fn(AsmElement<'_>) -> Option<*const ()>,
    resource_section: fn() -> ResourceSection,
}

/// The printing hooks of the dialects a [`Syntax`] registers, in
/// registration order (MLIR's collection of `OpAsmDialectInterface`s),
/// with no type parameter, so that a parsed module can keep them for its
/// printer ([`Syntax::asm_hooks`]).
///
/// ```
/// use strata_syntax::AsmHooks;
///
/// let ctx = strata_ctx::Context::new();
/// let hooks = AsmHooks::default(); // no dialect: no alias, no nested element
/// assert_eq!(hooks.type_alias(strata_syntax::parse_type(&ctx, "i32").unwrap(), None), None);
/// ```
#[derive(Clone, Default)]
pub struct AsmHooks {
    dialects: Vec<DialectAsm>,
}

impl core::fmt::Debug for AsmHooks {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
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
        ask: impl Fn(&DialectAsm) -> Option<AsmAlias>,
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

    /// Gives `visit` what `attr` prints inside itself when its kind belongs
    /// to a registered dialect ([`DialectSyntax::attribute_elements`]);
    /// `false` when no registered dialect owns the kind.
    pub fn attribute_elements<'c>(
        &self,
        attr: Attribute<'c>,
        visit: &mut dyn FnMut(AsmElement<'c>),
    ) -> bool {
        let ns = kind_dialect(attr.kind().name());
        match self.dialects.iter().find(|d| d.namespace == ns) {
            Some(d) => {
                (d.attribute_elements)(attr, visit);
                true
            }
            None => false,
        }
    }

    /// The payload address a registered dialect's own kind prints its
    /// alias by ([`DialectSyntax::alias_key`]), if any.
    pub fn alias_key(&self, value: AsmElement<'_>) -> Option<*const ()> {
        let name = match value {
            AsmElement::Type(t) => t.kind().name(),
            AsmElement::Attribute(a) => a.kind().name(),
        };
        let ns = kind_dialect(name);
        let d = self.dialects.iter().find(|d| d.namespace == ns)?;
        (d.alias_key)(value)
    }

    /// [`AsmHooks::attribute_elements`] for types.
    pub fn type_elements<'c>(&self, ty: Type<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) -> bool {
        let ns = kind_dialect(ty.kind().name());
        match self.dialects.iter().find(|d| d.namespace == ns) {
            Some(d) => {
                (d.type_elements)(ty, visit);
                true
            }
            None => false,
        }
    }
}

impl<P: Policy, S> core::fmt::Debug for Syntax<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names: Vec<&str> = self.types.iter().map(|(n, _)| *n).collect();
        f.debug_struct("Syntax").field("dialects", &names).finish()
    }
}

impl<P: Policy, S> Default for Syntax<P, S> {
    fn default() -> Self {
        Self {
            types: Vec::new(),
            attrs: Vec::new(),
            asm: AsmHooks::default(),
        }
    }
}

impl<P: Policy, S: BuildHasher> Syntax<P, S> {
    /// No dialect syntax: every dialect form is opaque.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the syntax of dialect `D` (replacing an earlier one of the
    /// same namespace).
    pub fn register<D: DialectSyntax>(&mut self) -> &mut Self {
        self.types.retain(|(n, _)| *n != D::NAMESPACE);
        self.attrs.retain(|(n, _)| *n != D::NAMESPACE);
        self.asm.dialects.retain(|d| d.namespace != D::NAMESPACE);
        self.types.push((D::NAMESPACE, D::parse_type::<P, S>));
        self.attrs.push((D::NAMESPACE, D::parse_attribute::<P, S>));
        self.asm.dialects.push(DialectAsm {
            namespace: D::NAMESPACE,
            parses_type: D::parses_type,
            parses_attribute: D::parses_attribute,
            type_alias: D::type_alias,
            attribute_alias: D::attribute_alias,
            type_elements: D::type_elements,
            attribute_elements: D::attribute_elements,
            alias_key: D::alias_key,
            resource_section: D::resource_section,
        });
        self
    }

    /// The printing hooks of the registered dialects, for a printer (a
    /// parsed module keeps a copy).
    pub fn asm_hooks(&self) -> &AsmHooks {
        &self.asm
    }

    /// Whether dialect `namespace` has registered syntax.
    pub fn has_dialect(&self, namespace: &str) -> bool {
        self.types.iter().any(|(n, _)| *n == namespace)
    }

    /// What registered dialect `namespace` does with its entry of a file's
    /// `dialect_resources` section, or `None` if no dialect of that
    /// namespace is registered.
    pub fn resource_section(&self, namespace: &str) -> Option<ResourceSection> {
        self.asm_of(namespace).map(|d| (d.resource_section)())
    }

    /// Whether a dialect of `namespace` is registered here.
    pub(crate) fn is_registered(&self, namespace: &str) -> bool {
        self.asm_of(namespace).is_some()
    }

    /// The asm record of dialect `namespace`, if registered.
    fn asm_of(&self, namespace: &str) -> Option<&DialectAsm> {
        self.asm.dialects.iter().find(|d| d.namespace == namespace)
    }

    /// The type hook of dialect `namespace` for the symbol data `data`
    /// (`mnemonic<...>`), unless the dialect keeps that mnemonic opaque.
    pub(crate) fn type_hook(&self, namespace: &str, data: &str) -> Option<TypeHook<P, S>> {
        if !self
            .asm_of(namespace)
            .is_some_and(|d| (d.parses_type)(mnemonic_of(data.trim_start())))
        {
            return None;
        }
        self.types
            .iter()
            .find(|(n, _)| *n == namespace)
            .map(|(_, h)| *h)
    }

    /// [`Syntax::type_hook`] for attributes.
    pub(crate) fn attr_hook(&self, namespace: &str, data: &str) -> Option<AttrHook<P, S>> {
        if !self
            .asm_of(namespace)
            .is_some_and(|d| (d.parses_attribute)(mnemonic_of(data.trim_start())))
        {
            return None;
        }
        self.attrs
            .iter()
            .find(|(n, _)| *n == namespace)
            .map(|(_, h)| *h)
    }

    /// [`crate::parse_type`] with these dialect hooks.
    pub fn parse_type<'c>(
        &self,
        ctx: &'c Context<P, S>,
        text: &str,
    ) -> Result<Type<'c>, ParseError> {
        let mut p = Parser::new(ctx, text, Some(self));
        let t = p.parse_type()?;
        p.finish()?;
        Ok(t)
    }

    /// [`crate::parse_attribute`] with these dialect hooks.
    pub fn parse_attribute<'c>(
        &self,
        ctx: &'c Context<P, S>,
        text: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        let mut p = Parser::new(ctx, text, Some(self));
        let a = p.parse_attribute()?;
        p.finish()?;
        Ok(a)
    }
}
