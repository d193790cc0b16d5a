//! `strata_dialects::fold` against `mlir-opt-19 -test-constant-fold`:
//! every case of `tests/oracle/fold/cases.txt` (written by
//! `tests/oracle/fold/gen.py`, whose docstring describes the layout) is
//! parsed with strata's attribute parser, folded, printed with strata's
//! printer and compared byte for byte with what `mlir-opt-19` printed, or
//! required not to fold where `mlir-opt-19` did not.

use std::collections::BTreeMap;

use strata_ctx::{Attribute, Context, Type};
use strata_dialects::fold::{FOLDED_OPS, fold};

const CASES: &str = include_str!("oracle/fold/cases.txt");

/// The attribute text a stored operand or result stands for at a position
/// of type `ty` (see gen.py).
fn expand(stored: &str, ty: &str) -> String {
    if let Some(whole) = stored.strip_prefix('=') {
        return whole.to_string();
    }
    if stored == "true" || stored == "false" {
        return stored.to_string();
    }
    format!("{stored} : {ty}")
}

struct Group<'c> {
    op: String,
    props: Option<Attribute<'c>>,
    types: Vec<String>,
    result_text: String,
    result: Type<'c>,
}

#[test]
fn folds_as_mlir_opt_19() {
    let ctx = Context::new();
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut group: Option<Group<'_>> = None;
    for (n, line) in CASES.lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('@') {
            let parts: Vec<&str> = header.split('|').collect();
            assert_eq!(parts.len(), 4, "line {}: bad header", n + 1);
            let props = (!parts[1].is_empty()).then(|| {
                strata_syntax::parse_attribute(&ctx, parts[1])
                    .unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1))
            });
            let result = strata_syntax::parse_type(&ctx, parts[3])
                .unwrap_or_else(|e| panic!("line {}: {e:?}", n + 1));
            group = Some(Group {
                op: parts[0].to_string(),
                props,
                types: parts[2].split(',').map(str::to_string).collect(),
                result_text: parts[3].to_string(),
                result,
            });
            continue;
        }
        let g = group.as_ref().expect("a case before any header");
        let fields: Vec<&str> = line.split('|').collect();
        let (stored_operands, stored_result) = fields.split_at(fields.len() - 1);
        assert_eq!(stored_operands.len(), g.types.len(), "line {}", n + 1);
        let operands: Vec<Option<Attribute<'_>>> = stored_operands
            .iter()
            .zip(&g.types)
            .map(|(s, t)| {
                let text = expand(s, t);
                Some(
                    strata_syntax::parse_attribute(&ctx, &text)
                        .unwrap_or_else(|e| panic!("line {}: `{text}`: {e:?}", n + 1)),
                )
            })
            .collect();
        let expected = (stored_result[0] != "~").then(|| expand(stored_result[0], &g.result_text));
        let got = fold(&ctx, &g.op, &operands, g.props, g.result).map(|a| a.to_string());
        let c = counts.entry(g.op.clone()).or_default();
        c.0 += 1;
        c.1 += usize::from(expected.is_some());
        if got != expected {
            failures.push(format!(
                "line {}: {} {:?} ({}) -> {}: strata {:?}, mlir-opt-19 {:?}",
                n + 1,
                g.op,
                g.props.map(|p| p.to_string()),
                stored_operands.join(", "),
                g.result_text,
                got,
                expected
            ));
        }
    }
    let mut total = 0;
    for (op, (cases, folded)) in &counts {
        println!("{op:22} {cases:6} cases, {folded:6} folded by mlir-opt-19");
        total += cases;
    }
    println!("{total} cases");
    for op in FOLDED_OPS {
        assert!(counts.contains_key(*op), "no oracle case for {op}");
    }
    if !failures.is_empty() {
        let shown: Vec<&String> = failures.iter().take(40).collect();
        panic!(
            "{} of {total} cases differ from mlir-opt-19:\n{}",
            failures.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn odd_inputs_do_not_fold() {
    use strata_builtin::prelude::*;
    let ctx = Context::new();
    let i8t = ctx.integer_type(8, strata_builtin::Signedness::Signless);
    let i16t = ctx.integer_type(16, strata_builtin::Signedness::Signless);
    let f32t = ctx.f32();
    let a: Attribute<'_> = ctx.integer_attr(i8t, 3).into();
    let b: Attribute<'_> = ctx.integer_attr(i16t, 3).into();
    let f: Attribute<'_> = ctx.float_attr(f32t, 1.5).into();
    let t = |op: &str, operands: &[Option<Attribute<'_>>], ty: Type<'_>| {
        fold(&ctx, op, operands, None, ty).map(|a| a.to_string())
    };
    // Mismatched, missing, non-constant and wrongly kinded operands.
    assert_eq!(t("arith.addi", &[Some(a), Some(b)], i8t.into()), None);
    assert_eq!(t("arith.addi", &[Some(a)], i8t.into()), None);
    assert_eq!(t("arith.addi", &[], i8t.into()), None);
    assert_eq!(t("arith.addi", &[Some(a), None], i8t.into()), None);
    assert_eq!(t("arith.addf", &[Some(a), Some(a)], i8t.into()), None);
    assert_eq!(t("arith.addi", &[Some(f), Some(f)], f32t.into()), None);
    // A cmpi without a predicate, an unknown operation, casts to the
    // wrong kind of type.
    assert_eq!(t("arith.cmpi", &[Some(a), Some(a)], ctx.i1().into()), None);
    assert_eq!(t("arith.frobi", &[Some(a), Some(a)], i8t.into()), None);
    assert_eq!(t("arith.extsi", &[Some(b)], i8t.into()), None);
    assert_eq!(t("arith.sitofp", &[Some(a)], i8t.into()), None);
    assert_eq!(t("arith.fptosi", &[Some(f)], f32t.into()), None);
    assert_eq!(t("arith.bitcast", &[Some(a)], f32t.into()), None);
    assert_eq!(
        t("arith.select", &[Some(a), Some(a), Some(a)], i8t.into()),
        None
    );
    // The ordinary cases fold.
    assert_eq!(
        t("arith.extsi", &[Some(a)], i16t.into()),
        Some("3 : i16".into())
    );
    assert_eq!(
        t("arith.fptosi", &[Some(f)], i8t.into()),
        Some("1 : i8".into())
    );
    let c: Attribute<'_> = ctx.bool_attr(false).into();
    assert_eq!(
        t("arith.select", &[Some(c), Some(a), Some(a)], i8t.into()),
        Some("3 : i8".into())
    );
}
