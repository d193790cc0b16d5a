//! The mnemonics of the type and attribute families that strata-opt keeps
//! opaque. A registered dialect of `mlir-opt-19` parses its own types and
//! attributes, and refuses a mnemonic it does not know, each in its own
//! words ("unknown attribute `fastmth` in dialect `arith`", "unknown gpu
//! type: async.tokn"). strata-opt has no model of most of these forms and
//! keeps them as opaque text, but it knows which mnemonics each family
//! has ([`crate::mnemonics`], generated from `mlir-opt-19` by
//! `crates/cli/tests/oracle/mnemonics.py`), so a misspelt one is refused as MLIR
//! refuses it, at the mnemonic.

use core::hash::BuildHasher;

use strata_ctx::Policy;
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

/// An error at the mnemonic, which a dialect hook's parser is just past.
pub(crate) fn at_mnemonic<P: Policy, S: BuildHasher>(
    p: &Parser<'_, '_, P, S>,
    mnemonic: &str,
    message: String,
) -> ParseError {
    let end = p.token().start;
    ParseError::new(end - mnemonic.len()..end, message)
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
