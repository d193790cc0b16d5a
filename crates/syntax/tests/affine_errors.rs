//! The affine parser's diagnostics are MLIR 19's: for every form of
//! `tests/oracle/affine_forms.txt` (each error path of MLIR's affine parser
//! and the edges of what it accepts), strata does what `mlir-opt-19` did
//! (`tests/oracle/affine_errors.jsonl`, written by `affine_errors.py`): it
//! prints an accepted form as MLIR prints it, and refuses a rejected one
//! with every error MLIR reports, in order, each with MLIR's message at
//! MLIR's byte offset.

use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_ctx::Context;

/// One form and what `mlir-opt-19` made of it.
struct Case {
    input: String,
    /// The print, when MLIR accepts the form.
    print: Option<String>,
    /// Every error, in order, as (offset in the form, message).
    errors: Vec<(Option<usize>, String)>,
}

fn cases() -> Vec<Case> {
    include_str!("oracle/affine_errors.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("an oracle line is JSON");
            let errors = v["errors"]
                .as_array()
                .map(|es| {
                    es.iter()
                        .map(|e| {
                            (
                                e["offset"].as_u64().map(|o| o as usize),
                                e["message"].as_str().unwrap_or_default().to_owned(),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            Case {
                input: v["input"].as_str().expect("an input").to_owned(),
                print: v["print"].as_str().map(str::to_owned),
                errors,
            }
        })
        .collect()
}

/// What strata does with `input`, in the oracle's terms: the print, or the
/// errors as (offset, message).
fn strata(ctx: &Context, input: &str) -> Result<String, Vec<(Option<usize>, String)>> {
    match strata_syntax::parse_attribute(ctx, input) {
        Ok(a) => Ok(a.to_string()),
        Err(e) => {
            let mut all = vec![(Some(e.span().start), e.message().to_owned())];
            all.extend(
                e.follow_ups()
                    .iter()
                    .map(|(span, m)| (Some(span.start), m.clone())),
            );
            Err(all)
        }
    }
}

#[test]
fn affine_errors_are_mlir_opts() {
    let ctx = Context::new();
    let cases = cases();
    let mut wrong = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for c in &cases {
        let got = catch_unwind(AssertUnwindSafe(|| strata(&ctx, &c.input)));
        let Ok(got) = got else {
            wrong.push(format!("{}: panics", c.input));
            continue;
        };
        match (&c.print, got) {
            (Some(want), Ok(p)) if *want == p => accepted += 1,
            (None, Err(errors)) => {
                // An offset the oracle could not place (outside the form)
                // is compared by message only.
                let same = errors.len() == c.errors.len()
                    && errors
                        .iter()
                        .zip(&c.errors)
                        .all(|((o, m), (wo, wm))| m == wm && (wo.is_none() || o == wo));
                if same {
                    rejected += 1;
                } else {
                    wrong.push(format!(
                        "{}: strata {errors:?}, mlir-opt-19 {:?}",
                        c.input, c.errors
                    ));
                }
            }
            (want, got) => wrong.push(format!(
                "{}: strata {got:?}, mlir-opt-19 {}",
                c.input,
                want.as_deref()
                    .map_or_else(|| format!("{:?}", c.errors), str::to_owned)
            )),
        }
    }
    println!(
        "affine diagnostics: {accepted} accepted and {rejected} rejected forms as mlir-opt-19, {} differ",
        wrong.len()
    );
    for w in &wrong {
        println!("DIFFERS {w}");
    }
    assert!(
        wrong.is_empty(),
        "{} forms differ from mlir-opt-19",
        wrong.len()
    );
    assert!(accepted > 0 && rejected > 0);
}
