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
//! attribute as [`LlvmAttr`]: the text of its body, cut at the attributes
//! written inside it (an alias such as `#di_file`, a nested `#llvm...`
//! attribute, `distinct[N]<...>`, `loc(...)`), which are parsed as
//! attributes. Two attributes are one when their texts and nested
//! attributes are, so `#di_file` and the `#llvm.di_file<...>` it stands for
//! are one handle. The printer visits the nested attributes as MLIR's alias
//! pass visits what an attribute prints (a TBAA type descriptor's member
//! `<#tbaa_root, 0>` is an attribute of its own, as MLIR's
//! `TBAAMemberAttr`, which puts the descriptor one level deeper in the
//! printer's order), and prints the aliases MLIR names.
//!
//! The text between the nested attributes is kept as written: input that
//! `mlir-opt-19` printed prints back byte for byte, but strata does not
//! check or normalise the parameters as MLIR's parsers of these kinds do.
//! The `llvm` dialect's types stay opaque.
//!
//! ```
//! use strata_ctx::Context;
//! use strata_module::{PrintOptions, parse_module_with, print_module};
//!
//! let ctx = Context::new();
//! let text = "#di_file = #llvm.di_file<\"a.c\" in \"/\">\n\
//!     \"x.op\"() {cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, isOptimized = false, emissionKind = Full>} : () -> ()\n";
//! let module = parse_module_with(&ctx, &strata_cli::syntax(), text, "d.mlir").unwrap();
//! let printed = print_module(&module, PrintOptions::default());
//! assert!(printed.starts_with(
//!     "#di_file = #llvm.di_file<\"a.c\" in \"/\">\n\
//!      #di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #di_file, isOptimized = false, emissionKind = Full>\n"
//! ));
//! assert!(printed.contains("{cu = #di_compile_unit}"));
//! ```

use core::fmt;
use core::hash::{BuildHasher, Hash, Hasher};

use strata_ctx::{
    Arena, Attribute, AttributeFamily, Dialect, Kind, KindInfo, Policy, Registry, StorageKind,
};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{AsmAlias, AsmElement, DialectSyntax, ParseError, Parser};

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

/// One part of an [`LlvmAttr`]'s body: text kept as written, or an
/// attribute written inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece<'t, 'c> {
    /// Text, printed as it was written.
    Text(&'t str),
    /// A nested attribute, printed as the printer prints it (its alias
    /// where it has one).
    Attr(Attribute<'c>),
}

/// The payload of an [`LlvmAttr`] (and the key it is interned by, with
/// borrowed text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LlvmAttrData<'t, 'c> {
    /// The mnemonic (`di_file`); empty for a TBAA member, which prints as
    /// `<...>` inside its type descriptor.
    pub mnemonic: &'t str,
    /// The body after the mnemonic, in order.
    pub pieces: &'t [Piece<'t, 'c>],
}

impl<'c> LlvmAttrData<'c, 'c> {
    /// The attributes written inside the body, in order.
    pub fn nested(&self) -> impl Iterator<Item = Attribute<'c>> + '_ {
        self.pieces.iter().filter_map(|p| match *p {
            Piece::Attr(a) => Some(a),
            Piece::Text(_) => None,
        })
    }
}

impl fmt::Display for LlvmAttrData<'_, '_> {
    /// `#llvm.mnemonic` and the body, each nested attribute printed as the
    /// printer prints it; or the attribute's alias.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = strata_builtin::write_alias(core::ptr::from_ref(self).cast(), f) {
            return r;
        }
        if !self.mnemonic.is_empty() {
            write!(f, "#llvm.{}", self.mnemonic)?;
        }
        for piece in self.pieces {
            match piece {
                Piece::Text(t) => f.write_str(t)?,
                Piece::Attr(a) => write!(f, "{a}")?,
            }
        }
        Ok(())
    }
}

/// An attribute of the `llvm` dialect: `#llvm.mnemonic<...>`, its body kept
/// as text cut at the attributes nested in it (see the [module](self)).
#[derive(Debug, Clone, Copy)]
pub enum LlvmAttr {}

impl Kind for LlvmAttr {
    type Family = AttributeFamily;
    type Stored<'c> = LlvmAttrData<'c, 'c>;
    type Key<'k, 'c>
        = LlvmAttrData<'k, 'c>
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<LlvmAttr>("llvm.attribute");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &Self::Key<'k, 'c>, state: &mut H) {
        key.hash(state);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for LlvmAttr {
    fn matches<'k, 'c: 'k>(stored: &'c Self::Stored<'c>, key: &Self::Key<'k, 'c>) -> bool {
        stored.mnemonic == key.mnemonic && stored.pieces == key.pieces
    }

    fn construct<'k, 'c: 'k>(key: &Self::Key<'k, 'c>, arena: &'c Arena) -> Self::Stored<'c> {
        let pieces: Vec<Piece<'c, 'c>> = key
            .pieces
            .iter()
            .map(|p| match *p {
                Piece::Text(t) => Piece::Text(arena.alloc_str(t)),
                Piece::Attr(a) => Piece::Attr(a),
            })
            .collect();
        LlvmAttrData {
            mnemonic: arena.alloc_str(key.mnemonic),
            pieces: arena.alloc_slice_copy(&pieces),
        }
    }
}

/// Whether the current token starts an attribute written inside a body: an
/// alias or a dialect attribute (`#...`), `distinct[N]<...>`, `loc(...)`.
fn starts_nested<P: Policy, S: BuildHasher>(p: &Parser<'_, '_, P, S>) -> bool {
    match p.token().kind {
        TokenKind::HashId => true,
        TokenKind::BareId => matches!(p.spelling(), "distinct" | "loc"),
        _ => false,
    }
}

/// The body of `#llvm.mnemonic...` as pieces, from the parser's current
/// token to the end of the body, or (for a TBAA member, `member`) to the
/// `>` that closes the member's `<`.
fn read_pieces<'s, 'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, 's, P, S>,
    members: bool,
    member: bool,
) -> Result<Vec<Piece<'s, 'c>>, ParseError> {
    let src: &'s str = p.source();
    let mut pieces = Vec::new();
    let mut text_from = p.token().start;
    // Nesting of `<>` and `{}` since the start (a member starts inside its
    // own `<`, consumed here first).
    let mut angles = 0usize;
    let mut braces = 0usize;
    if member {
        p.expect(TokenKind::Less, "'<'")?;
        angles = 1;
    }
    loop {
        let tok = p.token();
        if tok.kind == TokenKind::Eof {
            if member {
                return Err(p.error("expected '>'"));
            }
            push_text(&mut pieces, &src[text_from..tok.start]);
            return Ok(pieces);
        }
        if starts_nested(p) {
            push_text(&mut pieces, &src[text_from..tok.start]);
            let attr = p.parse_attribute()?;
            pieces.push(Piece::Attr(attr));
            // The attribute ends at its last token: the space before the
            // next one stays text.
            let next = p.token().start;
            text_from = tok.start + src[tok.start..next].trim_end().len();
            continue;
        }
        if members && braces == 1 && angles == 1 && tok.kind == TokenKind::Less {
            push_text(&mut pieces, &src[text_from..tok.start]);
            let inner = read_pieces(p, false, true)?;
            let ctx = p.context();
            let attr = ctx.intern::<LlvmAttr>(LlvmAttrData {
                mnemonic: "",
                pieces: &inner,
            });
            pieces.push(Piece::Attr(attr.into()));
            text_from = p.token().start;
            continue;
        }
        match tok.kind {
            TokenKind::Less => angles += 1,
            TokenKind::Greater => {
                if angles == 0 {
                    return Err(p.error("unbalanced '>'"));
                }
                angles -= 1;
                if member && angles == 0 {
                    p.consume_if(TokenKind::Greater);
                    push_text(&mut pieces, &src[text_from..tok.end]);
                    return Ok(pieces);
                }
            }
            TokenKind::LBrace => braces += 1,
            TokenKind::RBrace => braces = braces.saturating_sub(1),
            _ => {}
        }
        p.consume_if(tok.kind);
    }
}

/// Appends `text` unless it is empty.
fn push_text<'s, 'c>(pieces: &mut Vec<Piece<'s, 'c>>, text: &'s str) {
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
}

impl Dialect for LlvmDialect {
    const NAMESPACE: &'static str = "llvm";

    fn register(registry: &mut Registry<'_>) {
        registry.kind::<LlvmAttr>();
    }
}

impl DialectSyntax for LlvmDialect {
    /// The dialect's types stay opaque.
    fn parses_type(_: &str) -> bool {
        false
    }

    /// Every attribute of the dialect is an [`LlvmAttr`].
    fn parses_attribute(_: &str) -> bool {
        true
    }

    fn parse_attribute<'c, P: Policy, S: BuildHasher>(
        p: &mut Parser<'c, '_, P, S>,
        mnemonic: &str,
    ) -> Result<Attribute<'c>, ParseError> {
        let pieces = read_pieces(p, mnemonic == "tbaa_type_desc", false)?;
        let ctx = p.context();
        Ok(ctx
            .intern::<LlvmAttr>(LlvmAttrData {
                mnemonic,
                pieces: &pieces,
            })
            .into())
    }

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
        if let Some(a) = attr.dyn_cast::<LlvmAttr>() {
            for nested in a.payload().nested() {
                visit(AsmElement::Attribute(nested));
            }
        }
    }

    fn alias_key(value: AsmElement<'_>) -> Option<*const ()> {
        let AsmElement::Attribute(a) = value else {
            return None;
        };
        a.dyn_cast::<LlvmAttr>()
            .map(|a| core::ptr::from_ref(a.payload()).cast())
    }
}
