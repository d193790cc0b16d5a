//! The file metadata section, `{-# dialect_resources: {...},
//! external_resources: {...} #-}`: its grammar as MLIR's
//! `parseFileMetadataDictionary` reads it, and the check of the builtin
//! dialect's blobs.

use core::hash::BuildHasher;
use core::ops::Range;

use strata_ctx::{Context, Policy};

use crate::lexer::TokenKind;
use crate::{ParseError, Parser, ResourceSection, Syntax};

/// The entries of one metadata group: per dialect (or external tool), its
/// entries, key and value text.
pub type Entries = Vec<(String, Vec<(String, String)>)>;

/// Parses the file metadata section `{-# ... #-}` at `range`, as MLIR's
/// `parseFileMetadataDictionary` does: comma-separated lists closed by
/// `#-}` and `}`, each key checked after its `:`, a dialect's resources
/// handled as the dialect says ([`ResourceSection`]; the builtin dialect's
/// are blobs), an external resource's value a string or `true`/`false`.
/// The messages and positions are MLIR's. Each group (`dialect_resources`
/// or `external_resources`, with its entries per dialect or tool: key and
/// value text) is what `group` makes of its kind and entries.
///
/// # Errors
///
/// MLIR's first error in the section.
pub fn parse_metadata<P: Policy, S: BuildHasher + 'static, G>(
    ctx: &Context<P, S>,
    text: &str,
    range: Range<usize>,
    syntax: &Syntax<P, S>,
    mut group: impl FnMut(String, Entries) -> G,
) -> Result<Vec<G>, ParseError> {
    // The whole text is lexed, as MLIR lexes its buffer: a section that
    // never ends reports its errors at the end of the file. An error while
    // a bad token is current is the lexer's, as MLIR's eager lexer reports
    // it before any parser error.
    let mut p = Parser::new_at(ctx, text, range.start, Some(syntax));
    if !p.consume_if(TokenKind::FileMetadataBegin) {
        return Err(p.error("expected '{-#'"));
    }
    p.parse_comma_separated_list_until(TokenKind::FileMetadataEnd, "'#-}'", |p| {
        let key = p.token();
        if key.kind != TokenKind::BareId {
            return Err(p.error("expected identifier key in file metadata dictionary"));
        }
        let kind = p.spelling();
        p.bump();
        p.expect(TokenKind::Colon, "':'")?;
        let dialect = match kind {
            "dialect_resources" => true,
            "external_resources" => false,
            _ => {
                return Err(p.error_at_token(
                    key,
                    format!("unknown key '{kind}' in file metadata dictionary"),
                ));
            }
        };
        p.expect(TokenKind::LBrace, "'{'")?;
        let entries = p.parse_comma_separated_list_until(TokenKind::RBrace, "'}'", |p| {
            let name = p.token();
            if name.kind != TokenKind::BareId {
                return Err(p.error("expected identifier key for 'resource' entry"));
            }
            let owner = p.spelling();
            p.bump();
            p.expect(TokenKind::Colon, "':'")?;
            p.expect(TokenKind::LBrace, "'{'")?;
            let section = if !dialect {
                None
            } else if owner == "builtin" {
                Some(ResourceSection::Blobs)
            } else {
                match syntax.resource_section(owner) {
                    Some(ResourceSection::Refused) => {
                        return Err(p.error(format!(
                            "unexpected 'resource' section for dialect '{owner}'"
                        )));
                    }
                    Some(s) => Some(s),
                    None => {
                        return Err(p.error_at_token(name, format!("dialect '{owner}' is unknown")));
                    }
                }
            };
            let kv = p.parse_comma_separated_list_until(TokenKind::RBrace, "'}'", |p| {
                if p.token().kind != TokenKind::BareId {
                    return Err(p.error(if dialect {
                        "expected identifier key for 'resource' entry"
                    } else {
                        "expected identifier key for 'external_resources' entry"
                    }));
                }
                let key = p.spelling();
                if section == Some(ResourceSection::NoKeys) {
                    return Err(p.error(format!(
                        "unknown 'resource' key '{key}' for dialect '{owner}'"
                    )));
                }
                p.bump();
                p.expect(TokenKind::Colon, "':'")?;
                // The value is one token, whatever it is; what it must be is
                // the resource's parser's to say.
                let v = p.token();
                let value = p.spelling();
                if section == Some(ResourceSection::Blobs) {
                    if let TokenKind::Error(why) = v.kind {
                        // The lexer's error, then the blob's parser's at
                        // the token (MLIR's `parseAsBlob`).
                        let key = key.trim_matches('"');
                        return Err(
                            ParseError::lexical(v.start..v.end, why).with_exact_follow_up(
                                v.start..v.start,
                                format!("expected hex string blob for key '{key}'"),
                            ),
                        );
                    }
                    check_blob(key, value).map_err(|m| p.error(m))?;
                } else if v.kind != TokenKind::String && value != "true" && value != "false" {
                    return Err(p.error(format!("expected string value for key '{key}'")));
                }
                p.bump();
                Ok((key.to_owned(), value.to_owned()))
            })?;
            Ok((owner.to_owned(), kv))
        })?;
        Ok(group(kind.to_owned(), entries))
    })
}

/// Checks the value of the builtin dialect's resource `key` (as written, a
/// string literal or a word) as MLIR's builtin dialect parses it: a blob,
/// written `"0x..."`, whose first four bytes are its alignment (little
/// endian), a power of two.
///
/// # Errors
///
/// MLIR's message when it is not such a blob. (An alignment of zero, which
/// makes `mlir-opt-19` abort, is a non-power-of-two value here.)
fn check_blob(key: &str, value: &str) -> Result<(), String> {
    let key = key.trim_matches('"');
    let not_blob = || format!("expected hex string blob for key '{key}'");
    let hex = value
        .strip_prefix("\"0x")
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(not_blob)?;
    if hex.len() % 2 != 0 || !hex.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(not_blob());
    }
    if hex.len() < 8 {
        return Err(format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
        ));
    }
    let byte = |i: usize| u32::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0);
    let align = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24;
    if !align.is_power_of_two() {
        return Err(format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes, \
             but got non-power-of-2 value: {align}"
        ));
    }
    Ok(())
}
