//! Dialect hooks: a registered dialect parses the bodies of its
//! `!dialect.mnemonic<...>` types and `#dialect.mnemonic<...>` attributes
//! (MLIR's `Dialect::parseType`/`parseAttribute`). How it prints them back,
//! the aliases it names and what its kinds print inside themselves are its
//! printing hooks, `strata_builtin::DialectAsm`, which every
//! [`DialectSyntax`] has and a [`Syntax`] gathers for the printer
//! ([`Syntax::asm_hooks`]).

use core::hash::BuildHasher;

use strata_builtin::{AsmHooks, DialectAsm};
use strata_ctx::{Attribute, Context, Policy, Type};

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

/// The textual syntax of a dialect's types and attributes: how they parse
/// (here) and how they print (its [`DialectAsm`]).
///
/// The default methods reject every mnemonic, so a dialect implements only
/// the families it has.
pub trait DialectSyntax: DialectAsm {
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
/// A `Syntax` is made once and parses with any number of contexts; each
/// context that it parses into learns its dialects from
/// [`Syntax::register_dialects_in`].
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
    dialects: Vec<DialectParse<P, S>>,
    asm: AsmHooks,
}

/// One dialect's parsing hooks.
struct DialectParse<P: Policy, S> {
    namespace: &'static str,
    parse_type: TypeHook<P, S>,
    parse_attribute: AttrHook<P, S>,
    parses_type: fn(&str) -> bool,
    parses_attribute: fn(&str) -> bool,
    resource_section: fn() -> ResourceSection,
    /// `Context::register_dialect` of the dialect.
    register_in: fn(&mut Context<P, S>) -> bool,
}

impl<P: Policy, S> core::fmt::Debug for Syntax<P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names: Vec<&str> = self.dialects.iter().map(|d| d.namespace).collect();
        f.debug_struct("Syntax").field("dialects", &names).finish()
    }
}

impl<P: Policy, S> Default for Syntax<P, S> {
    fn default() -> Self {
        Self {
            dialects: Vec::new(),
            asm: AsmHooks::new(),
        }
    }
}

impl<P: Policy, S: BuildHasher> Syntax<P, S> {
    /// No dialect syntax: every dialect form is opaque.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the syntax of dialect `D` and its printing hooks
    /// (replacing an earlier one of the same namespace).
    ///
    /// A dialect is registered with a context too (its kinds and its
    /// namespace, which decide where MLIR's meaning depends on a dialect
    /// being registered, as in a memref's memory space); MLIR's one
    /// registration does both. The syntax records that registration, and
    /// [`Syntax::register_dialects_in`] makes it in each context the syntax
    /// parses into, so a dialect is named once, here.
    ///
    /// ```
    /// use strata_syntax::Syntax;
    /// # struct Widgets;
    /// # impl strata_ctx::Dialect for Widgets {
    /// #     const NAMESPACE: &'static str = "widgets";
    /// #     fn register(_: &mut strata_ctx::Registry<'_>) {}
    /// # }
    /// # impl strata_builtin::DialectAsm for Widgets {}
    /// # impl strata_syntax::DialectSyntax for Widgets {
    /// #     fn parses_attribute(_: &str) -> bool { false }
    /// # }
    ///
    /// let mut syntax = Syntax::new();
    /// syntax.register::<Widgets>();
    /// let mut ctx = strata_ctx::Context::new();
    /// syntax.register_dialects_in(&mut ctx);
    /// assert!(ctx.has_dialect("widgets"));
    /// // An opaque attribute of a registered dialect may be a memory space.
    /// let m = syntax.parse_type(&ctx, "memref<4xf32, #widgets.space<1>>").unwrap();
    /// assert_eq!(m.to_string(), "memref<4xf32, #widgets.space<1>>");
    /// ```
    pub fn register<D: DialectSyntax>(&mut self) -> &mut Self {
        self.dialects.retain(|d| d.namespace != D::NAMESPACE);
        self.dialects.push(DialectParse {
            namespace: D::NAMESPACE,
            parse_type: D::parse_type::<P, S>,
            parse_attribute: D::parse_attribute::<P, S>,
            parses_type: D::parses_type,
            parses_attribute: D::parses_attribute,
            resource_section: D::resource_section,
            register_in: Context::<P, S>::register_dialect::<D>,
        });
        self.asm.register::<D>();
        self
    }

    /// Registers every dialect of this syntax with `ctx`, in registration
    /// order, as [`Context::register_dialect`] does (its kinds and its
    /// namespace; a dialect `ctx` has already is left as it is), so that
    /// `ctx` counts as registered the dialects whose text the syntax
    /// parses. A context needs it once, before it is shared with parsers
    /// (registration takes `&mut`); a dialect without syntax is registered
    /// with the context alone, by [`Context::register_dialect`] or
    /// [`Context::register_dialect_namespace`].
    ///
    /// See [`Syntax::register`] for an example.
    pub fn register_dialects_in(&self, ctx: &mut Context<P, S>) {
        for d in &self.dialects {
            (d.register_in)(ctx);
        }
    }

    /// The printing hooks of the registered dialects, in registration
    /// order, for a printer (a parsed module keeps a copy).
    pub fn asm_hooks(&self) -> &AsmHooks {
        &self.asm
    }

    /// Says which operations the dialects register (see
    /// [`AsmHooks::set_registered_ops`]): a module parsed with this syntax
    /// prints and verifies them as MLIR treats registered operations. A
    /// tool that models another tool's registrations (`strata-opt` models
    /// `mlir-opt-19`'s) names them here.
    ///
    /// ```
    /// use strata_syntax::Syntax;
    ///
    /// use strata_builtin::Registration;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let mut syntax = Syntax::new();
    /// syntax.registered_ops(|name| match name.starts_with("func.") {
    ///     true => Registration::Registered,
    ///     false => Registration::Unregistered,
    /// });
    /// assert_eq!(syntax.parse_type(&ctx, "i32").unwrap().to_string(), "i32");
    /// assert!(syntax.asm_hooks().is_registered_op("func.func"));
    /// assert!(!syntax.asm_hooks().is_registered_op("test.op"));
    /// ```
    pub fn registered_ops(
        &mut self,
        registered: fn(&str) -> strata_builtin::Registration,
    ) -> &mut Self {
        self.asm.set_registered_ops(registered);
        self
    }

    /// Whether dialect `namespace` has registered syntax (a context knows
    /// its dialects by [`Context::has_dialect`]).
    pub fn has_dialect(&self, namespace: &str) -> bool {
        self.dialect(namespace).is_some()
    }

    /// What registered dialect `namespace` does with its entry of a file's
    /// `dialect_resources` section, or `None` if no dialect of that
    /// namespace is registered.
    pub fn resource_section(&self, namespace: &str) -> Option<ResourceSection> {
        self.dialect(namespace).map(|d| (d.resource_section)())
    }

    /// The parsing hooks of dialect `namespace`, if registered.
    fn dialect(&self, namespace: &str) -> Option<&DialectParse<P, S>> {
        self.dialects.iter().find(|d| d.namespace == namespace)
    }

    /// The type hook of dialect `namespace` for the symbol data `data`
    /// (`mnemonic<...>`), unless the dialect keeps that mnemonic opaque.
    pub(crate) fn type_hook(&self, namespace: &str, data: &str) -> Option<TypeHook<P, S>> {
        self.dialect(namespace)
            .filter(|d| (d.parses_type)(mnemonic_of(data.trim_start())))
            .map(|d| d.parse_type)
    }

    /// [`Syntax::type_hook`] for attributes.
    pub(crate) fn attr_hook(&self, namespace: &str, data: &str) -> Option<AttrHook<P, S>> {
        self.dialect(namespace)
            .filter(|d| (d.parses_attribute)(mnemonic_of(data.trim_start())))
            .map(|d| d.parse_attribute)
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
