//! The conformance corpus, shared by the integration tests: the oracle's
//! data (`tests/oracle/*.jsonl`) and a parse-and-print of one form.

#![allow(dead_code, unreachable_pub)]

use std::hash::BuildHasher;

use strata_ctx::{Context, Policy};
use strata_syntax::ParseError;

/// One accepted form: its family, the input and MLIR's canonical print.
#[derive(Debug)]
pub struct Accepted {
    /// `type`, `attr` or `loc`.
    pub kind: String,
    /// The text given to the parser.
    pub input: String,
    /// `mlir-opt-19`'s print of it.
    pub print: String,
    /// What `mlir-opt-19` makes of its own print.
    pub reparse: Reparse,
}

/// How `mlir-opt-19` parses its own print of an accepted form (the oracle's
/// `reparse` field, found by `extract.py`'s identity probe).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reparse {
    /// The print parses back to the one uniqued object.
    Same {
        /// The print of the reparse when it differs from the print.
        print: Option<String>,
    },
    /// The print parses to another object with the same print (a distinct
    /// attribute, or a form MLIR keeps unsimplified until printed).
    Other {
        /// The print of the reparse when it differs from the print.
        print: Option<String>,
    },
    /// `mlir-opt-19` rejects its own print with this diagnostic.
    Error(String),
}

/// One rejected form: its family, the input and MLIR's diagnostic.
#[derive(Debug)]
pub struct Rejected {
    /// `type`, `attr` or `loc`.
    pub kind: String,
    /// The text given to the parser.
    pub input: String,
    /// `mlir-opt-19`'s first diagnostic on it.
    pub error: String,
}

fn field(v: &serde_json::Value, name: &str) -> String {
    v[name].as_str().unwrap_or_default().to_owned()
}

fn lines(text: &str) -> impl Iterator<Item = serde_json::Value> + '_ {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a corpus line is JSON"))
}

/// Every accepted form of the corpus.
pub fn accepted() -> Vec<Accepted> {
    lines(include_str!("oracle/accepted.jsonl"))
        .map(|v| Accepted {
            kind: field(&v, "kind"),
            input: field(&v, "input"),
            print: field(&v, "print"),
            reparse: {
                let print = v["reparse_print"].as_str().map(str::to_owned);
                match v["reparse"].as_str() {
                    Some("same") => Reparse::Same { print },
                    Some("other") => Reparse::Other { print },
                    Some("error") => Reparse::Error(field(&v, "reparse_error")),
                    other => panic!("unknown reparse verdict {other:?} in the corpus"),
                }
            },
        })
        .collect()
}

/// Every rejected form of the corpus.
pub fn rejected() -> Vec<Rejected> {
    lines(include_str!("oracle/rejected.jsonl"))
        .map(|v| Rejected {
            kind: field(&v, "kind"),
            input: field(&v, "input"),
            error: field(&v, "error"),
        })
        .collect()
}

/// Parses `text` as a form of family `kind` (`type`, `attr`, `loc`) and
/// returns its print and its address.
pub fn parse<P: Policy, S: BuildHasher + 'static>(
    ctx: &Context<P, S>,
    kind: &str,
    text: &str,
) -> Result<(String, *const ()), ParseError> {
    // One form is one printing, as mlir-opt prints it: distinct attributes
    // are numbered from 0 in it (`Display`'s fresh printing state).
    let print = |h: &dyn std::fmt::Display| h.to_string();
    match kind {
        "type" => strata_syntax::parse_type(ctx, text).map(|h| (print(&h), h.as_ptr())),
        "attr" => strata_syntax::parse_attribute(ctx, text).map(|h| (print(&h), h.as_ptr())),
        "loc" => strata_syntax::parse_location(ctx, text).map(|h| (print(&h), h.as_ptr())),
        other => panic!("unknown corpus family {other}"),
    }
}
