//! The part of MLIR's `llvm` dialect that changes what `mlir-opt-19` prints
//! for a module strata otherwise keeps opaque: the aliases of its debug
//! info, TBAA, alias-scope and loop attributes, and the attributes nested
//! in them.
//!
//! `mlir-opt-19` registers `llvm`, whose `OpAsmDialectInterface` names an
//! alias for 33 of its attribute kinds after their mnemonic (`#di_file`,
//! `#di_subprogram`, `#tbaa_root`, `#loop_annotation`, ...: MLIR 19's
//! `LLVMOpAsmDialectInterface::getAlias`, every one overridable, so the
//! printer numbers a second one `#di_file1`). Those attributes nest each
//! other: a compile unit holds its file, a subprogram its compile unit. A
//! module that uses them prints every one as its alias, after the alias
//! definitions, and each definition refers to the ones nested in it by
//! their aliases too:
//!
//! ```text
//! #di_file = #llvm.di_file<"foo.c" in "/tmp">
//! #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, ...>
//! ```
//!
//! Kept as opaque text, such an attribute would print whole where MLIR
//! prints its alias, and its text would still name `#di_file`, an alias the
//! output no longer defines. strata models every `#llvm.mnemonic<...>`
//! attribute as an [`LlvmAttr`], a form kept as text with the values
//! written inside it parsed ([`crate::text`]), so `#di_file` and the
//! `#llvm.di_file<...>` it stands for are one handle, and names MLIR's
//! aliases for them. A TBAA type descriptor's member `<#tbaa_root, 0>` is
//! an attribute of its own ([`TbaaMemberAttr`], MLIR's `TBAAMemberAttr`),
//! which puts the descriptor one level deeper in the printer's order, as in
//! MLIR. The `llvm` dialect's types stay opaque.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_dialects::llvm::{LlvmAttr, LlvmDialect};
//! use strata_builtin::{AsmAlias, AsmElement, DialectAsm};
//! use strata_syntax::Syntax;
//!
//! let ctx = Context::new();
//! let mut syntax = Syntax::new();
//! syntax.register::<LlvmDialect>();
//! let text = "#llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, \
//!     file = #llvm.di_file<\"a.c\" in \"/\">, isOptimized = false, emissionKind = Full>";
//! let cu = syntax.parse_attribute(&ctx, text).unwrap();
//! assert_eq!(cu.to_string(), text);
//! assert_eq!(
//!     LlvmDialect::attribute_alias(cu),
//!     Some(AsmAlias::Overridable("di_compile_unit".into()))
//! );
//! // The file is an attribute of its own, with its own alias.
//! let file = syntax.parse_attribute(&ctx, "#llvm.di_file<\"a.c\" in \"/\">").unwrap();
//! let nested: Vec<_> = cu.dyn_cast::<LlvmAttr>().unwrap().payload().elements().collect();
//! assert_eq!(nested[1], AsmElement::Attribute(file));
//! ```

use core::fmt;
use core::fmt::Write as _;
use core::hash::BuildHasher;

use strata_builtin::{AsmAlias, AsmElement, AsmPrinter, DialectAsm};
use strata_ctx::{Attribute, Dialect, Policy, Registry, Type};
use strata_syntax::{DialectSyntax, ParseError, Parser, ResourceSection};

use crate::text::{PartHook, Piece, TextData};

/// The `llvm` dialect, as far as strata-opt models it (see the
/// [module](self)).
#[derive(Debug)]
pub struct LlvmDialect;

/// The mnemonics of the attribute kinds MLIR 19's `llvm` dialect names an
/// alias for (`LLVMOpAsmDialectInterface::getAlias`): the alias is the
/// mnemonic.
pub const ALIASED_MNEMONICS: [&str; 33] = [
    "access_group",
    "alias_scope",
    "alias_scope_domain",
    "di_basic_type",
    "di_compile_unit",
    "di_composite_type",
    "di_derived_type",
    "di_file",
    "di_global_variable",
    "di_global_variable_expression",
    "di_label",
    "di_lexical_block",
    "di_lexical_block_file",
    "di_local_variable",
    "di_module",
    "di_namespace",
    "di_null_type",
    "di_string_type",
    "di_subprogram",
    "di_subroutine_type",
    "loop_annotation",
    "loop_distribute",
    "loop_interleave",
    "loop_licm",
    "loop_peeled",
    "loop_pipeline",
    "loop_unroll",
    "loop_unroll_and_jam",
    "loop_unswitch",
    "loop_vectorize",
    "tbaa_root",
    "tbaa_tag",
    "tbaa_type_desc",
];

crate::text_kind!(
    /// `#llvm.mnemonic<...>`: an attribute of the `llvm` dialect, kept as
    /// text with the values written inside it parsed (see the
    /// [module](self)).
    LlvmAttr, Attribute, "llvm.attribute"
);

crate::text_kind!(
    /// `<#tbaa_root, 0>` inside a TBAA type descriptor's `members = {...}`:
    /// MLIR's `TBAAMemberAttr`, an attribute of its own, printed without a
    /// prefix.
    TbaaMemberAttr, Attribute, "llvm.tbaa_member"
);

/// A TBAA member from its pieces (`<`, the type descriptor, `, 0>`).
fn tbaa_member<'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, '_, P, S>,
    pieces: &[Piece<'_, 'c>],
) -> Result<Attribute<'c>, ParseError> {
    let member = TextData {
        prefix: "",
        mnemonic: "",
        pieces,
    };
    Ok(p.context().intern::<TbaaMemberAttr>(member).into())
}

impl Dialect for LlvmDialect {
    const NAMESPACE: &'static str = "llvm";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<LlvmAttr>();
        registry.kind::<TbaaMemberAttr>();
    }
}

impl DialectAsm for LlvmDialect {
    /// MLIR 19's `LLVMOpAsmDialectInterface::getAlias`: the mnemonic, for
    /// the kinds of [`ALIASED_MNEMONICS`], overridable.
    fn attribute_alias(attr: Attribute<'_>) -> Option<AsmAlias> {
        let a = attr.dyn_cast::<LlvmAttr>()?;
        let mnemonic = a.payload().mnemonic;
        ALIASED_MNEMONICS
            .contains(&mnemonic)
            .then(|| AsmAlias::Overridable(mnemonic.into()))
    }

    fn attribute_elements<'c>(attr: Attribute<'c>, visit: &mut dyn FnMut(AsmElement<'c>)) {
        let _ = LlvmAttr::elements(attr, visit) || TbaaMemberAttr::elements(attr, visit);
    }

    fn print_attribute<'c>(attr: Attribute<'c>, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        match LlvmAttr::print(attr, p).or_else(|| TbaaMemberAttr::print(attr, p)) {
            Some(r) => r,
            None => write!(p, "{attr}"),
        }
    }
}

impl DialectSyntax for LlvmDialect {
    /// MLIR's dialect has the asm interface and declares no resource.
    fn resource_section() -> ResourceSection {
        ResourceSection::NoKeys
    }

    /// The dialect's types stay opaque, but for a mnemonic it does not
    /// know, a builtin integer type and a known mnemonic in a form its
    /// parser refuses (MLIR's errors).
    fn parses_type(mnemonic: &str) -> bool {
        integer_width(mnemonic).is_some()
            || crate::known::refuses("llvm", "type", mnemonic)
            || crate::known::has_bare_rule("llvm", "type", mnemonic)
    }

    fn parse_type<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Type<'c>, ParseError> {
        // MLIR's `LLVMDialect::parseType` reads a builtin type where its
        // keyword is one (`!llvm.i32`, `!llvm.f32`), and refuses it; the
        // float keywords are in the known list (and their rule is in
        // `crate::bare`), the integer types are not.
        if integer_width(mnemonic).is_none() && !crate::known::refuses("llvm", "type", mnemonic) {
            return match crate::known::bare_refusal(p, "llvm", "type", mnemonic) {
                Some(e) => Err(e),
                None => crate::known::opaque_type(p, "llvm", mnemonic),
            };
        }
        Err(match integer_width(mnemonic) {
            Some(width) => {
                let message = match width.parse::<u64>() {
                    Ok(w) if w <= 16_777_215 => "unexpected type, expected keyword",
                    Ok(_) => "integer bitwidth is limited to 16777215 bits",
                    Err(_) => "invalid integer width",
                };
                crate::known::at_mnemonic(p, mnemonic, message.into())
            }
            None => crate::known::refusal(p, "llvm", "type", mnemonic),
        })
    }

    /// Every attribute of the dialect is an [`LlvmAttr`]; a mnemonic it does
    /// not know is MLIR's error.
    fn parses_attribute(_: &str) -> bool {
        true
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        if crate::known::refuses("llvm", "attribute", mnemonic) {
            return Err(crate::known::refusal(p, "llvm", "attribute", mnemonic));
        }
        if let Some(e) = crate::known::bare_refusal(p, "llvm", "attribute", mnemonic) {
            return Err(e);
        }
        let part: PartHook<'c, P, S> = tbaa_member;
        let members = mnemonic == "tbaa_type_desc";
        LlvmAttr::parse(p, "#llvm.", mnemonic, members.then_some(part))
    }
}

/// The width of `mnemonic` if MLIR's lexer reads it as a builtin integer
/// type (`i32`, `si8`, `ui1`: `i`, `si` or `ui` and decimal digits).
fn integer_width(mnemonic: &str) -> Option<&str> {
    let digits = ["si", "ui", "i"]
        .iter()
        .find_map(|p| mnemonic.strip_prefix(p))?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}
