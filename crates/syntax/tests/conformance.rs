//! The conformance test: every form of MLIR 19's tests that `mlir-opt-19`
//! prints parses and prints back byte-identical, and parsing the print gives
//! the pointer-equal handle (another handle with the same print for a
//! distinct attribute, which is new at every parse as in MLIR); every input `mlir-opt-19` rejects is an `Err`
//! with a span inside the input, never a panic.
//!
//! Forms that do not pass yet are listed, with the reason, in
//! `tests/oracle/known_failures.tsv`: the test fails if a form outside the
//! list fails (a regression) and if a listed form passes (the list must
//! shrink). `STRATA_SYNTAX_BLESS=1 cargo test -p strata-syntax --test
//! conformance` rewrites the list from the current state.

mod corpus;

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_ctx::Context;

const KNOWN: &str = include_str!("oracle/known_failures.tsv");

/// The outcome of one form: `None` if it passes, else the reason.
fn accepted_outcome(ctx: &Context, kind: &str, input: &str, print: &str) -> Option<String> {
    let r = catch_unwind(AssertUnwindSafe(|| corpus::parse(ctx, kind, input)));
    match r {
        Err(_) => Some("panic".to_owned()),
        Ok(Err(e)) => Some(match e.missing_kind() {
            Some(k) => format!("missing: {k}"),
            None => format!("rejected: {}", e.message()),
        }),
        Ok(Ok((got, ptr))) => {
            if got != print {
                return Some(format!("prints {got}"));
            }
            // A distinct attribute is a new identity at every parse, as in
            // MLIR: its print parses back to an equal print and another
            // handle.
            let distinct = got.contains("distinct[");
            match catch_unwind(AssertUnwindSafe(|| corpus::parse(ctx, kind, &got))) {
                Ok(Ok((again, ptr2))) if again == got && (ptr2 == ptr) != distinct => None,
                Ok(Ok(_)) => Some("reparse gives another handle".to_owned()),
                Ok(Err(e)) => Some(format!("reparse fails: {}", e.message())),
                Err(_) => Some("reparse panics".to_owned()),
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
    let (mut pass, mut missing, mut wrong) = (0usize, BTreeMap::<String, usize>::new(), 0usize);
    for f in &accepted {
        match accepted_outcome(&ctx, &f.kind, &f.input, &f.print) {
            None => pass += 1,
            Some(why) => {
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
    println!(
        "conformance: {pass}/{} forms byte-identical, {} missing kinds, {wrong} wrong; {rejected_ok}/{} rejected inputs rejected with a span",
        accepted.len(),
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
