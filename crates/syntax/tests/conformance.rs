//! The conformance test: every form of MLIR 19's tests that `mlir-opt-19`
//! prints parses and prints back byte-identical, and the print, parsed
//! again, behaves as it does in MLIR 19 (the oracle's `reparse` field): the
//! pointer-equal handle exactly when MLIR's reparse is the same uniqued
//! object, another handle with the same print exactly when MLIR's is another
//! object (a distinct attribute, new at every parse; an affine map MLIR
//! keeps unsimplified until printed), and an error exactly when `mlir-opt-19`
//! cannot parse its own print either. Every input `mlir-opt-19` rejects is
//! an `Err` with a span inside the input, never a panic.
//!
//! Forms that do not pass yet are listed, with the reason, in
//! `tests/oracle/known_failures.tsv`: the test fails if a form outside the
//! list fails (a regression) and if a listed form passes (the list must
//! shrink). `STRATA_SYNTAX_BLESS=1 cargo test -p strata-syntax --test
//! conformance` rewrites the list from the current state.

mod corpus;

use corpus::Reparse;

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_ctx::Context;

const KNOWN: &str = include_str!("oracle/known_failures.tsv");

/// How a passing accepted form behaved, by the oracle's reparse verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Exact {
    /// The print parses back to the pointer-equal handle, as in MLIR.
    SameHandle,
    /// The print parses to another handle with the same print, as in MLIR.
    OtherHandle,
    /// Neither strata nor MLIR parses the print; `true` when the two
    /// diagnostics say the same.
    ReparseFails(bool),
}

/// The outcome of one form: how it passes, or why it does not.
fn accepted_outcome(ctx: &Context, f: &corpus::Accepted) -> Result<Exact, String> {
    let (kind, input) = (f.kind.as_str(), f.input.as_str());
    let r = catch_unwind(AssertUnwindSafe(|| corpus::parse(ctx, kind, input)));
    let (got, ptr) = match r {
        Err(_) => return Err("panic".to_owned()),
        Ok(Err(e)) => {
            return Err(match e.missing_kind() {
                Some(k) => format!("missing: {k}"),
                None => format!("rejected: {}", e.message()),
            });
        }
        Ok(Ok(v)) => v,
    };
    if got != f.print {
        return Err(format!("prints {got}"));
    }
    // The print is given back to the parser and must behave as MLIR's
    // parser behaved on it (the oracle's `reparse` verdict).
    let again = match catch_unwind(AssertUnwindSafe(|| corpus::parse(ctx, kind, &got))) {
        Err(_) => return Err("reparse panics".to_owned()),
        Ok(r) => r,
    };
    match (&f.reparse, again) {
        (Reparse::Error(mlir), Err(e)) => Ok(Exact::ReparseFails(e.message() == mlir.as_str())),
        (Reparse::Error(mlir), Ok((p, _))) => Err(format!(
            "reparse succeeds, prints {p} (mlir-opt-19 rejects its print: {mlir})"
        )),
        (_, Err(e)) => Err(format!(
            "reparse fails: {} (mlir-opt-19 reparses its print)",
            e.message()
        )),
        (Reparse::Same { print } | Reparse::Other { print }, Ok((p, ptr2))) => {
            let want = print.as_deref().unwrap_or(&f.print);
            if p != want {
                return Err(format!("reparse prints {p}, mlir-opt-19 {want}"));
            }
            match (&f.reparse, ptr2 == ptr) {
                (Reparse::Same { .. }, true) => Ok(Exact::SameHandle),
                (Reparse::Other { .. }, false) => Ok(Exact::OtherHandle),
                (Reparse::Same { .. }, false) => {
                    Err("reparse gives another handle (mlir-opt-19: the same object)".to_owned())
                }
                _ => Err("reparse gives the same handle (mlir-opt-19: another object)".to_owned()),
            }
        }
    }
}

fn rejected_outcome(ctx: &Context, kind: &str, input: &str) -> Option<String> {
    match catch_unwind(AssertUnwindSafe(|| corpus::parse(ctx, kind, input))) {
        Err(_) => Some("panic".to_owned()),
        Ok(Ok((got, _))) => Some(format!("accepted, prints {got}")),
        Ok(Err(e)) => {
            let s = e.span();
            if s.start <= s.end && s.end <= input.len() {
                None
            } else {
                Some(format!("span {s:?} outside the input"))
            }
        }
    }
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\t', "\\t")
        .replace('\n', "\\n")
}

#[test]
fn conformance() {
    let ctx = Context::new();
    let mut failures: BTreeMap<(String, String), String> = BTreeMap::new();
    let accepted = corpus::accepted();
    let rejected = corpus::rejected();
    let (mut exact, mut missing, mut wrong) = (
        BTreeMap::<Exact, usize>::new(),
        BTreeMap::<String, usize>::new(),
        0usize,
    );
    for f in &accepted {
        match accepted_outcome(&ctx, f) {
            Ok(how) => *exact.entry(how).or_default() += 1,
            Err(why) => {
                if let Some(k) = why.strip_prefix("missing: ") {
                    *missing.entry(k.to_owned()).or_default() += 1;
                } else {
                    wrong += 1;
                }
                failures.insert((format!("accept-{}", f.kind), f.input.clone()), why);
            }
        }
    }
    let mut rejected_ok = 0usize;
    for f in &rejected {
        match rejected_outcome(&ctx, &f.kind, &f.input) {
            None => rejected_ok += 1,
            Some(why) => {
                failures.insert(
                    (format!("reject-{}", f.kind), f.input.clone()),
                    format!("{why} (mlir-opt: {})", f.error),
                );
            }
        }
    }
    let count = |k: Exact| exact.get(&k).copied().unwrap_or(0);
    let fails_same = count(Exact::ReparseFails(true));
    let fails = fails_same + count(Exact::ReparseFails(false));
    println!(
        "conformance: {}/{} forms exact: {} round-trip pointer-equal, {} reparse to another object as in MLIR 19, \
         {fails} print text MLIR 19 cannot reparse either ({fails_same} with MLIR's diagnostic); \
         {} missing kinds, {wrong} wrong; {rejected_ok}/{} rejected inputs rejected with a span",
        exact.values().sum::<usize>(),
        accepted.len(),
        count(Exact::SameHandle),
        count(Exact::OtherHandle),
        missing.values().sum::<usize>(),
        rejected.len()
    );
    for (k, n) in &missing {
        println!("  missing {n:5}  {k}");
    }

    if std::env::var_os("STRATA_SYNTAX_BLESS").is_some() {
        let mut out = String::from(
            "# Forms of the conformance corpus that do not pass yet: family, input, reason (tab-separated).\n# Regenerate with STRATA_SYNTAX_BLESS=1 cargo test -p strata-syntax --test conformance; the list may only shrink.\n",
        );
        for ((family, input), why) in &failures {
            out.push_str(&format!("{family}\t{}\t{}\n", escape(input), escape(why)));
        }
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/oracle/known_failures.tsv"
        );
        std::fs::write(path, out).expect("write the known failures");
        return;
    }

    let known: BTreeMap<(String, String), String> = KNOWN
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let mut parts = l.splitn(3, '\t');
            let family = parts.next()?.to_owned();
            let input = unescape(parts.next()?);
            Some(((family, input), parts.next().unwrap_or_default().to_owned()))
        })
        .collect();
    let regressions: Vec<_> = failures
        .iter()
        .filter(|(k, _)| !known.contains_key(*k))
        .collect();
    let fixed: Vec<_> = known
        .keys()
        .filter(|k| !failures.contains_key(*k))
        .collect();
    for ((family, input), why) in &regressions {
        println!("REGRESSION {family} {input}: {why}");
    }
    for (family, input) in &fixed {
        println!("NOW PASSES (remove it from known_failures.tsv) {family} {input}");
    }
    assert!(
        regressions.is_empty(),
        "{} forms regressed",
        regressions.len()
    );
    assert!(
        fixed.is_empty(),
        "{} listed forms pass now: shrink the list",
        fixed.len()
    );
    assert!(
        failures.values().all(|w| !w.contains("panic")),
        "a form made the parser panic"
    );
}

#[test]
fn single_threaded_context_agrees() {
    let shared = Context::new();
    let local = Context::single_threaded();
    for f in corpus::accepted().iter().chain([]) {
        let a = corpus::parse(&shared, &f.kind, &f.input).map(|(s, _)| s);
        let b = corpus::parse(&local, &f.kind, &f.input).map(|(s, _)| s);
        assert_eq!(a, b, "{}", f.input);
    }
}
