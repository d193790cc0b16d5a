//! Dialect hooks: a registered dialect parses the bodies of its
//! `!dialect.mnemonic<...>` types and `#dialect.mnemonic<...>` attributes
//! (MLIR's `Dialect::parseType`/`parseAttribute`); its kinds' `Display`
//! prints them back (MLIR's `printType`/`printAttribute`, which write the
//! same `!dialect.mnemonic<...>` text).

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

/// The textual syntax of a dialect's types and attributes.
///
/// The default methods reject every mnemonic, so a dialect implements only
/// the families it has.
pub trait DialectSyntax: Dialect {
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
        self.types.push((D::NAMESPACE, D::parse_type::<P, S>));
        self.attrs.push((D::NAMESPACE, D::parse_attribute::<P, S>));
        self
    }

    /// Whether dialect `namespace` has registered syntax.
    pub fn has_dialect(&self, namespace: &str) -> bool {
        self.types.iter().any(|(n, _)| *n == namespace)
    }

    pub(crate) fn type_hook(&self, namespace: &str) -> Option<TypeHook<P, S>> {
        self.types
            .iter()
            .find(|(n, _)| *n == namespace)
            .map(|(_, h)| *h)
    }

    pub(crate) fn attr_hook(&self, namespace: &str) -> Option<AttrHook<P, S>> {
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
