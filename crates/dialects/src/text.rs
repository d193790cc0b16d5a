//! Types and attributes of a registered dialect that strata keeps as text,
//! but with the types and attributes written inside them parsed.
//!
//! An unregistered dialect's `#foo.bar<...>` is opaque to MLIR too: its text
//! is kept and printed back as written, an alias it names (`#a`) included.
//! A registered dialect's is not: MLIR parses it, so an alias inside it is
//! the attribute it stands for, and the printer prints that attribute as
//! its alias again, with the alias's definition among the others. strata
//! models no registered dialect's forms in full, but where one nests other
//! types and attributes, keeping it opaque prints text that names aliases
//! the output no longer defines (`file = #di_file` inside an `llvm` debug
//! info attribute, `#map` inside a `dlti` entry, `#sparse` inside a
//! `sparse_tensor` type).
//!
//! A [`TextData`] is the form's text cut at what is written inside it: an
//! attribute alias, a dialect attribute, `distinct[N]<...>`, `loc(...)`, an
//! affine map or integer set (`#...`, `distinct`, `loc`, `affine_map`,
//! `affine_set`), a type alias or a dialect type (`!...`). Those are parsed
//! ([`Piece::Attr`], [`Piece::Type`]), the text between them is kept
//! ([`Piece::Text`]). Two forms are one value when their texts and nested
//! values are, so an alias and the form it stands for are one handle. The
//! printer visits the nested values (MLIR's alias pass finds them by
//! printing the form) and prints each through the printer
//! ([`TextData::print`]), as its alias where it has one. The kinds are
//! declared per dialect with [`text_kind!`](crate::text_kind) (the printer
//! finds a kind's dialect by the kind's name), and [`parse_pieces`] reads a
//! body.
//!
//! The text is kept as written: input that `mlir-opt-19` printed prints back
//! byte for byte, but strata neither checks nor normalises the parameters
//! as the dialect's own parser would.

use core::fmt;
use core::hash::BuildHasher;

use core::fmt::Write as _;

use strata_builtin::{AsmElement, AsmHooks, AsmPrinter};
use strata_ctx::{Attribute, Policy, Type};
use strata_syntax::lexer::TokenKind;
use strata_syntax::{ParseError, Parser};

/// One part of a [`TextData`]: text kept as written, or a value written
/// inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece<'t, 'c> {
    /// Text, printed as it was written.
    Text(&'t str),
    /// A nested attribute, printed as the printer prints it (its alias
    /// where it has one).
    Attr(Attribute<'c>),
    /// A nested type, printed as the printer prints it.
    Type(Type<'c>),
}

/// The payload of a dialect form kept as text (and the key it is interned
/// by, with borrowed text): `prefix`, `mnemonic`, then the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextData<'t, 'c> {
    /// What prints before the mnemonic: `#llvm.` for an attribute of
    /// `llvm`, `!ptr.` for a type of `ptr`; empty for a part that prints
    /// without it (a TBAA member's `<...>` inside its type descriptor).
    pub prefix: &'static str,
    /// The mnemonic (`di_file`), or empty.
    pub mnemonic: &'t str,
    /// The body after the mnemonic, in order.
    pub pieces: &'t [Piece<'t, 'c>],
}

impl<'c> TextData<'c, 'c> {
    /// The types and attributes written inside the body, in order, as the
    /// printer's alias pass visits them.
    pub fn elements(&self) -> impl Iterator<Item = AsmElement<'c>> + '_ {
        self.pieces.iter().filter_map(|p| match *p {
            Piece::Attr(a) => Some(AsmElement::Attribute(a)),
            Piece::Type(t) => Some(AsmElement::Type(t)),
            Piece::Text(_) => None,
        })
    }
}

impl<'t, 'c> TextData<'t, 'c> {
    /// The payload copied into `arena` (what a kind's `construct` stores).
    pub fn store(&self, arena: &'c strata_ctx::Arena) -> TextData<'c, 'c> {
        let pieces: Vec<Piece<'c, 'c>> = self
            .pieces
            .iter()
            .map(|p| match *p {
                Piece::Text(t) => Piece::Text(arena.alloc_str(t)),
                Piece::Attr(a) => Piece::Attr(a),
                Piece::Type(t) => Piece::Type(t),
            })
            .collect();
        TextData {
            prefix: self.prefix,
            mnemonic: arena.alloc_str(self.mnemonic),
            pieces: arena.alloc_slice_copy(&pieces),
        }
    }
    /// Whether `key`, a key of the same kind, is this value.
    pub fn same(&self, key: &TextData<'_, 'c>) -> bool {
        self.prefix == key.prefix && self.mnemonic == key.mnemonic && self.pieces == key.pieces
    }
}

impl<'c> TextData<'_, 'c> {
    /// Prints the prefix, the mnemonic and the body, each nested value
    /// through `p` (as its alias where it has one).
    pub fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        if self.prefix.is_empty() {
            return self.print_body(p);
        }
        // MLIR prints the dialect's text after `#llvm.` where it is a
        // keyword with one `<...>` body, else inside `#llvm<...>` (its
        // `printDialectSymbol`): `#llvm<comdat any>`.
        let data = p.capture(|p| self.print_body(p))?;
        let (sigil, dialect) = self.prefix.split_at(1);
        let sigil = sigil.chars().next().unwrap_or('#');
        strata_builtin::write_dialect_symbol(p, sigil, dialect.trim_end_matches('.'), &data)
    }

    /// The mnemonic and the pieces, each nested value through `p`.
    fn print_body(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str(self.mnemonic)?;
        for piece in self.pieces {
            match *piece {
                Piece::Text(t) => p.write_str(t)?,
                Piece::Attr(a) => p.print_attribute(a)?,
                Piece::Type(t) => p.print_type(t)?,
            }
        }
        Ok(())
    }
}

/// The printing hooks of this crate's dialects whose kinds are text forms
/// (and nest each other), for a text form printed on its own.
fn text_hooks() -> AsmHooks {
    let mut hooks = AsmHooks::new();
    hooks
        .register::<crate::llvm::LlvmDialect>()
        .register::<crate::dlti::DltiDialect>()
        .register::<crate::ptr::PtrDialect>()
        .register::<crate::sparse_tensor::SparseTensorDialect>();
    hooks
}

impl fmt::Display for TextData<'_, '_> {
    /// The form printed on its own, with a fresh state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        strata_builtin::print_standalone(f, &text_hooks(), |p| self.print(p))
    }
}

/// Declares a kind of a dialect whose payload is a [`TextData`]: `$name`
/// must start with the dialect's namespace and a dot, which is how the
/// printer finds the dialect that lists the kind's nested values. The
/// family is `Attribute` or `Type`. Besides the kind's traits it gives the
/// kind the three functions a dialect's hooks call: `parse` (read a body
/// with [`parse_pieces`] and intern it), `elements` (what
/// `DialectAsm::attribute_elements`/`type_elements` visit) and `print`
/// (what `DialectAsm::print_attribute`/`print_type` print).
#[macro_export]
macro_rules! text_kind {
    ($(#[$doc:meta])* $kind:ident, Attribute, $name:literal) => {
        $crate::text_kind!(@kind $(#[$doc])* $kind, ::strata_ctx::AttributeFamily, Attribute, $name);
    };
    ($(#[$doc:meta])* $kind:ident, Type, $name:literal) => {
        $crate::text_kind!(@kind $(#[$doc])* $kind, ::strata_ctx::TypeFamily, Type, $name);
    };
    (@kind $(#[$doc:meta])* $kind:ident, $family:ty, $variant:ident, $name:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy)]
        pub enum $kind {}

        impl ::strata_ctx::Kind for $kind {
            type Family = $family;
            type Stored<'c> = $crate::text::TextData<'c, 'c>;
            type Key<'k, 'c>
                = $crate::text::TextData<'k, 'c>
            where
                'c: 'k;

            fn info() -> &'static ::strata_ctx::KindInfo {
                static INFO: ::strata_ctx::KindInfo = ::strata_ctx::KindInfo::new::<$kind>($name);
                &INFO
            }

            fn hash_key<'k, 'c: 'k, H: ::core::hash::Hasher>(key: &Self::Key<'k, 'c>, state: &mut H) {
                ::core::hash::Hash::hash(key, state);
            }

            fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
                stored
            }
        }

        impl ::strata_ctx::StorageKind for $kind {
            fn matches<'k, 'c: 'k>(stored: &'c Self::Stored<'c>, key: &Self::Key<'k, 'c>) -> bool {
                stored.same(key)
            }

            fn construct<'k, 'c: 'k>(key: &Self::Key<'k, 'c>, arena: &'c ::strata_ctx::Arena) -> Self::Stored<'c> {
                key.store(arena)
            }
        }

        impl $kind {
            /// Reads the body at the parser (`text::parse_pieces`) and
            /// interns it with `prefix` and `mnemonic`.
            pub fn parse<'c, P: ::strata_ctx::Policy, S: ::core::hash::BuildHasher>(
                p: &mut ::strata_syntax::Parser<'c, '_, P, S>,
                prefix: &'static str,
                mnemonic: &str,
                parts: Option<$crate::text::PartHook<'c, P, S>>,
            ) -> Result<::strata_ctx::$variant<'c>, ::strata_syntax::ParseError> {
                let pieces = $crate::text::parse_pieces(p, parts)?;
                Ok(p.context()
                    .intern::<$kind>($crate::text::TextData {
                        prefix,
                        mnemonic,
                        pieces: &pieces,
                    })
                    .into())
            }

            /// Gives `visit` the values nested in `value`, if it is of this
            /// kind; whether it is.
            pub fn elements<'c>(
                value: ::strata_ctx::$variant<'c>,
                visit: &mut dyn FnMut(::strata_builtin::AsmElement<'c>),
            ) -> bool {
                match value.dyn_cast::<$kind>() {
                    Some(v) => {
                        v.payload().elements().for_each(visit);
                        true
                    }
                    None => false,
                }
            }

            /// Prints `value` in full through `printer`, if it is of this
            /// kind.
            pub fn print<'c>(
                value: ::strata_ctx::$variant<'c>,
                printer: &mut ::strata_builtin::AsmPrinter<'_, 'c>,
            ) -> Option<::core::fmt::Result> {
                value.dyn_cast::<$kind>().map(|v| v.payload().print(printer))
            }
        }
    };
}

/// Whether the current token starts a value written inside a body, and
/// whether that value is a type.
fn starts_nested<P: Policy, S: BuildHasher>(p: &Parser<'_, '_, P, S>) -> Option<bool> {
    match p.token().kind {
        TokenKind::HashId => Some(false),
        TokenKind::BangId => Some(true),
        TokenKind::BareId => matches!(
            p.spelling(),
            "distinct" | "loc" | "affine_map" | "affine_set"
        )
        .then_some(false),
        _ => None,
    }
}

/// A `<...>` inside a body that is a value of its own (a TBAA member), made
/// from its pieces (from its `<` to its `>`).
pub type PartHook<'c, P, S> =
    fn(&mut Parser<'c, '_, P, S>, &[Piece<'_, 'c>]) -> Result<Attribute<'c>, ParseError>;

/// Reads a body into pieces, from the parser's current token to the end of
/// the body (a dialect hook's parser ends there).
///
/// With `parts`, a `<` directly inside a `{...}` of the body (MLIR's TBAA
/// type descriptor's `members = {<#tbaa_root, 0>}`) starts a value of its
/// own: its pieces, from its `<` to the matching `>`, are given to `parts`,
/// and what it returns is the nested attribute.
///
/// # Errors
///
/// A nested value that does not parse, an unbalanced `>`, a part without
/// its `>`.
pub fn parse_pieces<'s, 'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, 's, P, S>,
    parts: Option<PartHook<'c, P, S>>,
) -> Result<Vec<Piece<'s, 'c>>, ParseError> {
    read(p, parts, false)
}

fn read<'s, 'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, 's, P, S>,
    parts: Option<PartHook<'c, P, S>>,
    part: bool,
) -> Result<Vec<Piece<'s, 'c>>, ParseError> {
    let src: &'s str = p.source();
    let mut pieces = Vec::new();
    // A body starts right after its mnemonic, with the blanks before its
    // first token (`#llvm<comdat any>`); a part at its `<`.
    let mut text_from = if part {
        p.token().start
    } else {
        src[..p.token().start].trim_end().len()
    };
    // Nesting of `<>` and `{}` since the start (a part starts inside its
    // own `<`, consumed here first; a body inside the `<` of its mnemonic).
    let mut angles = 0usize;
    let mut braces = 0usize;
    if part {
        p.expect(TokenKind::Less, "'<'")?;
        angles = 1;
    }
    loop {
        let tok = p.token();
        if tok.kind == TokenKind::Eof {
            if part {
                return Err(p.error("expected '>'"));
            }
            // The blanks that end a long form's body (`#llvm< x >`) are
            // not the form's: MLIR's printer does not write them.
            push_text(&mut pieces, src[text_from..tok.start].trim_end());
            return Ok(pieces);
        }
        if let Some(is_type) = starts_nested(p) {
            push_text(&mut pieces, &src[text_from..tok.start]);
            pieces.push(if is_type {
                Piece::Type(p.parse_type()?)
            } else {
                Piece::Attr(p.parse_attribute()?)
            });
            // The value ends at its last token: the space before the next
            // one stays text.
            let next = p.token().start;
            text_from = tok.start + src[tok.start..next].trim_end().len();
            continue;
        }
        if let Some(make) =
            parts.filter(|_| !part && braces == 1 && angles == 1 && tok.kind == TokenKind::Less)
        {
            push_text(&mut pieces, &src[text_from..tok.start]);
            let inner = read(p, parts, true)?;
            pieces.push(Piece::Attr(make(p, &inner)?));
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
                if part && angles == 0 {
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
