//! The mnemonics of the type and attribute families that strata-opt keeps
//! opaque. A registered dialect of `mlir-opt-19` parses its own types and
//! attributes, and refuses a mnemonic it does not know, each in its own
//! words ("unknown attribute `fastmth` in dialect `arith`", "unknown gpu
//! type: async.tokn"). strata-opt has no model of most of these forms and
//! keeps them as opaque text, but it knows which mnemonics each family
//! has ([`crate::mnemonics`], generated from `mlir-opt-19` by
//! `crates/cli/tests/oracle/mnemonics.py`), so a misspelt one is refused as MLIR
//! refuses it, at the mnemonic. A known mnemonic whose parser needs a
//! token first (`#acc.declare` needs `<`, `#omp.clause_depend` needs `(`,
//! `#gpu.dim` a keyword) is refused as MLIR refuses it where that token is
//! not there ([`crate::bare`], generated from `mlir-opt-19` by
//! `crates/cli/tests/oracle/bare.py`): the bare form.

use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Policy, Type};
use strata_syntax::lexer::{TokenKind, wrong_token_position};
use strata_syntax::{ParseError, Parser};

/// The mnemonics one family of one dialect knows, and the message for any
/// other.
#[derive(Debug)]
pub(crate) struct Known {
    /// The dialect's namespace.
    pub(crate) namespace: &'static str,
    /// `type` or `attribute`.
    pub(crate) family: &'static str,
    /// `mlir-opt-19`'s message for an unknown mnemonic, with `{}` where it
    /// names the mnemonic (some do not: the test dialect's "unknown type!").
    pub(crate) message: &'static str,
    /// The known mnemonics, sorted.
    pub(crate) mnemonics: &'static [&'static str],
}

/// What the parser of one known mnemonic needs right after the mnemonic,
/// and `mlir-opt-19`'s error where it is not there.
#[derive(Debug)]
pub(crate) struct Bare {
    /// The dialect's namespace.
    pub(crate) namespace: &'static str,
    /// `type` or `attribute`.
    pub(crate) family: &'static str,
    /// The mnemonic.
    pub(crate) mnemonic: &'static str,
    /// `mlir-opt-19`'s message where the parser does not get what it needs.
    pub(crate) message: &'static str,
    /// Where `mlir-opt-19` reports it.
    pub(crate) place: Place,
    /// The tokens that get the parser past its first one; every token that
    /// `bare.py` does not probe does too, as far as strata knows.
    pub(crate) passes: &'static [Follower],
    /// The errors `mlir-opt-19` reports after it on its way out, each with
    /// where it reports it (a generated enum attribute's "failed to parse
    /// ... parameter 'value'").
    pub(crate) follow_ups: &'static [(Place, &'static str)],
}

/// Where `mlir-opt-19` reports a [`Bare`] error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// At the mnemonic, whatever follows it (`llvm`'s parser reads a
    /// builtin type where its keyword is one, and refuses it).
    Mnemonic,
    /// After the token before, which is the mnemonic (MLIR's
    /// `emitWrongTokenError`: `parseLess`).
    WrongToken,
    /// At the token after the mnemonic (MLIR's `emitError` at the current
    /// location: `parseKeyword`).
    AtToken,
}

/// A token after a mnemonic that `bare.py` asks `mlir-opt-19` about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Follower {
    /// `<`.
    Less,
    /// `(`.
    LParen,
    /// `[`.
    LSquare,
    /// `{`.
    LBrace,
    /// Any bare identifier (`kw`, `true` and `i32` all get past).
    Keyword,
    /// Some bare identifiers, or the one the message names: a bare
    /// identifier is never refused.
    SomeKeywords,
    /// An integer.
    Integer,
    /// A string.
    String,
}

/// The bare-form rule of `mnemonic` in `family` of dialect `namespace`, if
/// its parser needs something after it.
pub(crate) fn bare(namespace: &str, family: &str, mnemonic: &str) -> Option<&'static Bare> {
    let table = crate::bare::BARE;
    table
        .binary_search_by(|b| {
            (b.namespace, b.family, b.mnemonic).cmp(&(namespace, family, mnemonic))
        })
        .ok()
        .map(|i| &table[i])
}

/// Whether `mnemonic` has a bare-form rule, which its dialect's hook must
/// then see ([`bare_refusal`]).
pub(crate) fn has_bare_rule(namespace: &str, family: &str, mnemonic: &str) -> bool {
    bare(namespace, family, mnemonic).is_some()
}

/// `mlir-opt-19`'s error for `mnemonic`, which the hook's parser is just
/// past, where the token there is not what the mnemonic's parser needs
/// (see [`Bare`]); `None` where it is, or where the mnemonic has no rule.
pub(crate) fn bare_refusal<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    namespace: &str,
    family: &str,
    mnemonic: &str,
) -> Option<ParseError> {
    let rule = bare(namespace, family, mnemonic)?;
    let tok = p.token();
    let passes = |f: Follower| rule.passes.contains(&f);
    let refused = match tok.kind {
        // The end of the symbol: the bare form (`#acc.declare`, `#acc<declare>`).
        TokenKind::Eof => true,
        TokenKind::Less => !passes(Follower::Less),
        TokenKind::LParen => !passes(Follower::LParen),
        TokenKind::LSquare => !passes(Follower::LSquare),
        TokenKind::LBrace => !passes(Follower::LBrace),
        TokenKind::BareId => !(passes(Follower::Keyword) || passes(Follower::SomeKeywords)),
        TokenKind::Integer => !passes(Follower::Integer),
        TokenKind::String => !passes(Follower::String),
        // A token `bare.py` does not probe: the form stays as it was.
        _ => rule.place == Place::Mnemonic,
    };
    if !refused {
        return None;
    }
    let error = placed(p, mnemonic, rule.place, rule.message);
    Some(rule.follow_ups.iter().fold(error, |e, &(place, message)| {
        let up = placed(p, mnemonic, place, message);
        e.with_follow_up(up.span(), message)
    }))
}

/// The error `message` where `place` says, for `mnemonic`, which the hook's
/// parser is just past.
fn placed<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    place: Place,
    message: &str,
) -> ParseError {
    let message = message.to_owned();
    match place {
        Place::Mnemonic => at_mnemonic(p, mnemonic, message),
        Place::WrongToken => {
            ParseError::wrong_token(wrong_token_position(p.source(), &p.token()), message)
        }
        // MLIR's next token is the one after the symbol in the short form,
        // which a hook does not see: strata reports it at the end of the
        // symbol, which is that token's start unless blanks come between.
        Place::AtToken => p.error(message),
    }
}

/// The start of `mnemonic`, which the hook's parser is past: the current
/// token may come after blanks.
fn mnemonic_start<P: Policy, S: BuildHasher>(p: &Parser<'_, '_, P, S>, mnemonic: &str) -> usize {
    let head = &p.source()[..p.token().start];
    let trimmed = head.trim_end();
    if trimmed.ends_with(mnemonic) {
        trimmed.len() - mnemonic.len()
    } else {
        head.rfind(mnemonic).unwrap_or(head.len())
    }
}

/// The opaque attribute of dialect `namespace` whose data starts at
/// `mnemonic` (the hook's parser is just past it) and runs to the end of
/// the symbol, which the parser consumes: what strata-opt keeps of a known
/// attribute it has no model of, as it keeps one without a hook.
pub(crate) fn opaque_attribute<'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, '_, P, S>,
    namespace: &str,
    mnemonic: &str,
) -> Result<Attribute<'c>, ParseError> {
    let start = mnemonic_start(p, mnemonic);
    let src = p.source();
    let data = src[start..].trim();
    p.seek(src.len());
    let ctx = p.context();
    ctx.try_opaque_attr(namespace, data, ctx.none_type())
        .map(Into::into)
        .map_err(|e| ParseError::new(start..src.len(), e.message()))
}

/// [`opaque_attribute`] for a type.
pub(crate) fn opaque_type<'c, P: Policy, S: BuildHasher>(
    p: &mut Parser<'c, '_, P, S>,
    namespace: &str,
    mnemonic: &str,
) -> Result<Type<'c>, ParseError> {
    let start = mnemonic_start(p, mnemonic);
    let src = p.source();
    let data = src[start..].trim();
    p.seek(src.len());
    p.context()
        .try_opaque_type(namespace, data)
        .map(Into::into)
        .map_err(|e| ParseError::new(start..src.len(), e.message()))
}

/// The family `family` (`type` or `attribute`) of dialect `namespace`, if
/// `mlir-opt-19` parses it.
pub(crate) fn family(namespace: &str, family: &str) -> Option<&'static Known> {
    crate::mnemonics::KNOWN
        .iter()
        .find(|k| k.namespace == namespace && k.family == family)
}

/// Whether dialect `namespace` refuses `mnemonic` in `family`: it parses
/// the family and does not know the mnemonic. A family without a parser is
/// `hookless_dialect!`'s, and is not decided here.
pub(crate) fn refuses(namespace: &str, family_name: &str, mnemonic: &str) -> bool {
    family(namespace, family_name).is_some_and(|k| k.mnemonics.binary_search(&mnemonic).is_err())
}

/// The error for a mnemonic that dialect `namespace` does not know in
/// `family`, at the mnemonic (the hook's parser is just past it): MLIR's
/// "expected valid keyword" where the text after the namespace does not
/// start with a keyword (`!acc<4>`), or the family's own message.
pub(crate) fn refusal<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    namespace: &str,
    family_name: &str,
    mnemonic: &str,
) -> ParseError {
    if !mnemonic.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return at_mnemonic(p, mnemonic, "expected valid keyword".into());
    }
    let message = match family(namespace, family_name) {
        Some(k) => k.message.replacen("{}", mnemonic, 1),
        // Not reached: a hook asks only for a family `refuses` named.
        None => format!("unknown {family_name} `{mnemonic}` in dialect `{namespace}`"),
    };
    at_mnemonic(p, mnemonic, message)
}

/// An error at the mnemonic, which a dialect hook's parser is just past
/// (its current token may come after blanks: `#gpu<zz 1>`).
pub(crate) fn at_mnemonic<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    message: String,
) -> ParseError {
    let start = mnemonic_start(p, mnemonic);
    ParseError::new(start..start + mnemonic.len(), message)
}

/// MLIR's "dialect 'tensor' provides no type parsing hook" (`family` is
/// `type` or `attribute`), for a dialect without a parser for that family.
pub(crate) fn no_hook<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    dialect: &str,
    family: &str,
) -> ParseError {
    at_mnemonic(
        p,
        mnemonic,
        format!("dialect '{dialect}' provides no {family} parsing hook"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_is_sorted_and_named_once() {
        for (i, k) in crate::mnemonics::KNOWN.iter().enumerate() {
            assert!(
                k.mnemonics.windows(2).all(|w| w[0] < w[1]),
                "{} {}: the mnemonics must be sorted for the binary search",
                k.namespace,
                k.family
            );
            assert!(matches!(k.family, "type" | "attribute"));
            assert!(
                crate::mnemonics::KNOWN[..i]
                    .iter()
                    .all(|o| (o.namespace, o.family) != (k.namespace, k.family)),
                "{} {} listed twice",
                k.namespace,
                k.family
            );
        }
    }

    #[test]
    fn the_bare_rules_are_sorted_once_each_and_for_known_mnemonics() {
        let table = crate::bare::BARE;
        assert!(
            table
                .windows(2)
                .all(|w| (w[0].namespace, w[0].family, w[0].mnemonic)
                    < (w[1].namespace, w[1].family, w[1].mnemonic)),
            "the rules must be sorted, once each, for the binary search"
        );
        for b in table {
            assert!(
                family(b.namespace, b.family)
                    .is_some_and(|k| k.mnemonics.binary_search(&b.mnemonic).is_ok()),
                "{} {} {}: a rule for a mnemonic the family does not know",
                b.namespace,
                b.family,
                b.mnemonic
            );
            // A rule at the mnemonic holds whatever follows.
            assert!(b.place != Place::Mnemonic || b.passes.is_empty());
        }
        assert!(table.len() >= 300, "{} rules", table.len());
    }

    #[test]
    fn a_rule_is_found_for_its_mnemonic_only() {
        let declare = bare("acc", "attribute", "declare").expect("a rule");
        assert_eq!(declare.message, "expected '<'");
        assert_eq!(declare.passes, &[Follower::Less]);
        assert!(has_bare_rule("omp", "attribute", "clause_depend"));
        // Valid bare, or not a known mnemonic: no rule.
        assert!(!has_bare_rule("gpu", "type", "async.token"));
        assert!(!has_bare_rule("acc", "attribute", "declarex"));
    }

    #[test]
    fn a_known_mnemonic_is_not_refused_and_a_misspelt_one_is() {
        assert!(!refuses("arith", "attribute", "fastmath"));
        assert!(refuses("arith", "attribute", "fastmth"));
        assert!(!refuses("gpu", "type", "async.token"));
        assert!(refuses("gpu", "type", "async.tokn"));
        // A family that `mlir-opt-19` has no parser for is not decided here.
        assert!(!refuses("arith", "type", "anything"));
        assert!(!refuses("acme", "type", "anything"));
    }
}
