//! A user's dialect against the plug-in API: definitions with traits,
//! a verifier, a folder, a canonicalization pattern and an interface; the
//! three kinds of operation name; a pattern run through the rewriter.

#![cfg(not(strata_loom))]

use strata_builtin::IntegerAttr;
use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context};
use strata_ir::{
    Body, Fold, FoldValue, InsertPoint, OpDef, OpId, OpKind, OpRegistry, OpSite, OperationState,
    PatternRewriter, RewriteEvent, RewritePattern, Traits, VerifyError,
};

/// An interface a layer above would define (here: a mnemonic for a custom
/// printer), looked up by its type.
#[derive(Debug, PartialEq, Eq)]
struct Mnemonic(&'static str);

/// `toy.add`'s verifier: two operands of one type, one result of it.
fn verify_add(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    let body = site.body();
    let o = site.op();
    if o.num_operands() != 2 {
        return Err(VerifyError::new(format!(
            "expected 2 operands, but found {}",
            o.num_operands()
        )));
    }
    let (a, b) = (o.operand(0), o.operand(1));
    if body.value_type(a) != body.value_type(b) {
        return Err(VerifyError::new("requires the same type for all operands"));
    }
    Ok(())
}

/// `toy.add`'s folder: two integer constants fold to their sum (a new
/// constant, interned), and adding a constant zero folds to the other
/// operand.
fn fold_add<'c>(
    ctx: &'c Context,
    body: &mut Body<'c>,
    op: OpId,
    constants: &[Option<Attribute<'c>>],
) -> Fold<'c> {
    let int = |c: Option<Attribute<'c>>| c?.dyn_cast::<IntegerAttr>()?.payload().as_i64();
    match (int(constants[0]), int(constants[1])) {
        (Some(a), Some(b)) => Fold::Results(
            [FoldValue::Attribute(ctx.i64_attr(a + b).into())]
                .into_iter()
                .collect(),
        ),
        (_, Some(0)) => Fold::Results(
            [FoldValue::Value(body.op(op).operand(0))]
                .into_iter()
                .collect(),
        ),
        _ => Fold::None,
    }
}

/// `add(x, c)` where `c` is `toy.zero` becomes `x`.
struct AddZero;

impl RewritePattern for AddZero {
    fn root(&self) -> Option<&str> {
        Some("toy.add")
    }

    fn benefit(&self) -> u16 {
        2
    }

    fn match_and_rewrite<'c>(&self, op: OpId, rewriter: &mut PatternRewriter<'_, 'c>) -> bool {
        let body = rewriter.body();
        let rhs = body.op(op).operand(1);
        let Some(def) = body.defining_op(rhs) else {
            return false;
        };
        if body
            .op(def)
            .name()
            .dyn_cast::<strata_builtin::StringAttr>()
            .map(|s| s.as_str())
            != Some("toy.zero")
        {
            return false;
        }
        let lhs = body.op(op).operand(0);
        rewriter.replace_op(op, &[lhs]).unwrap();
        true
    }
}

fn registry() -> OpRegistry {
    let mut r = OpRegistry::new();
    r.register(
        OpDef::new("toy.func", Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL)
            .interface(Mnemonic("func")),
    );
    r.register(OpDef::new("toy.zero", Traits::PURE | Traits::CONSTANT_LIKE));
    r.register(
        OpDef::new("toy.add", Traits::PURE | Traits::COMMUTATIVE)
            .verifier(verify_add)
            .folder(fold_add)
            .pattern(AddZero)
            .interface(Mnemonic("add")),
    );
    r.register_name_only("tensor");
    r
}

#[test]
fn names_are_one_of_three_kinds() {
    let r = registry();
    assert!(matches!(r.classify("toy.add"), OpKind::Defined(_)));
    assert_eq!(r.classify("toy.bogus"), OpKind::UnknownInDefinedDialect);
    assert_eq!(r.classify("tensor.empty"), OpKind::RegisteredName);
    assert_eq!(r.classify("mydialect.anything"), OpKind::Unregistered);
    let mut r = r;
    r.register_op_name("toy.mul");
    assert_eq!(r.classify("toy.mul"), OpKind::RegisteredName);
    assert_eq!(r.classify("toy.bogus"), OpKind::UnknownInDefinedDialect);
    r.allow_unknown_operations("toy");
    assert_eq!(r.classify("toy.bogus"), OpKind::Unregistered);
    // A dialect defined in part: what it does not define is a registered
    // name.
    r.register_name_only("toy");
    assert_eq!(r.classify("toy.bogus"), OpKind::RegisteredName);
}

#[test]
fn definitions_carry_traits_hooks_and_interfaces() {
    let r = registry();
    let add = r.def(r.lookup("toy.add").unwrap());
    assert!(add.has(Traits::PURE | Traits::COMMUTATIVE));
    assert!(!add.has(Traits::TERMINATOR));
    assert_eq!(add.dialect(), "toy");
    assert_eq!(add.get_interface::<Mnemonic>(), Some(&Mnemonic("add")));
    assert_eq!(add.get_interface::<u32>(), None);
    assert_eq!(add.patterns().len(), 1);
    assert_eq!(add.patterns()[0].benefit(), 2);
    assert_eq!(format!("{:?}", add.traits()), r#"{"Pure", "Commutative"}"#);

    let ctx = Context::new();
    let loc = ctx.unknown_loc().into();
    let mut top = Body::new();
    let func_id = r.lookup("toy.func").unwrap();
    let func = top.create_op(
        OperationState::defined(ctx.string_attr("toy.func").into(), loc, &r, func_id).regions(1),
    );
    // The definition's trait decides where the regions live.
    assert!(top.op(func).owner().is_some());
    assert_eq!(r.def_of(&top, func).unwrap().name(), "toy.func");
}

#[test]
fn the_verifier_folder_and_pattern_run_on_a_body() {
    let r = registry();
    let ctx = Context::new();
    let loc = ctx.unknown_loc().into();
    let i32_ = ctx.i32().into();
    let mut body = Body::new();
    let region = body.create_region();
    let block = body.create_block();
    body.append_block(region, block).unwrap();
    let x = body.add_block_argument(block, i32_, None);
    let zero_id = r.lookup("toy.zero").unwrap();
    let add_id = r.lookup("toy.add").unwrap();
    let zero = body.create_op(
        OperationState::defined(ctx.string_attr("toy.zero").into(), loc, &r, zero_id)
            .results(&[i32_]),
    );
    body.insert_op(zero, InsertPoint::End(block)).unwrap();
    let z = body.op(zero).result(0);
    let add = body.create_op(
        OperationState::defined(ctx.string_attr("toy.add").into(), loc, &r, add_id)
            .operands(&[x, z])
            .results(&[i32_]),
    );
    body.insert_op(add, InsertPoint::End(block)).unwrap();
    let sum = body.op(add).result(0);
    let user = body
        .create_op(OperationState::new(ctx.string_attr("test.use").into(), loc).operands(&[sum]));
    body.insert_op(user, InsertPoint::End(block)).unwrap();

    let def = r.def_of(&body, add).unwrap();
    assert_eq!(
        def.verify_fn().unwrap()(OpSite::new(&r, &body, add)),
        Ok(())
    );
    let f64_ = ctx.f64().into();
    let y = body.add_block_argument(block, f64_, None);
    let bad = body.create_op(
        OperationState::defined(ctx.string_attr("toy.add").into(), loc, &r, add_id)
            .operands(&[x, y])
            .results(&[i32_]),
    );
    assert_eq!(
        def.verify_fn().unwrap()(OpSite::new(&r, &body, bad))
            .unwrap_err()
            .message,
        "requires the same type for all operands"
    );
    body.erase_op(bad).unwrap();

    let (seven, five): (Attribute<'_>, Attribute<'_>) =
        (ctx.i64_attr(7).into(), ctx.i64_attr(5).into());
    let nought: Attribute<'_> = ctx.i64_attr(0).into();
    let fold = def.fold_fn().unwrap();
    assert_eq!(
        fold(&ctx, &mut body, add, &[Some(seven), Some(five)]),
        Fold::Results(
            [FoldValue::Attribute(ctx.i64_attr(12).into())]
                .into_iter()
                .collect()
        )
    );
    assert_eq!(
        fold(&ctx, &mut body, add, &[None, Some(nought)]),
        Fold::Results([FoldValue::Value(x)].into_iter().collect())
    );
    assert_eq!(fold(&ctx, &mut body, add, &[None, Some(five)]), Fold::None);

    // The pattern, through the rewriter: `add(x, zero)` becomes `x`.
    let mut rw = PatternRewriter::new(&mut body);
    assert!(def.patterns()[0].match_and_rewrite(add, &mut rw));
    assert_eq!(
        rw.take_events(),
        [
            RewriteEvent::Replaced(add),
            RewriteEvent::Modified(user),
            RewriteEvent::Erased(add)
        ]
    );
    assert!(!body.contains_op(add));
    assert_eq!(body.op(user).operand(0), x);
    body.check().unwrap();
    // An add whose right operand is not a zero does not match, and the
    // rewriter records nothing.
    let again = body.create_op(
        OperationState::defined(ctx.string_attr("toy.add").into(), loc, &r, add_id)
            .operands(&[x, x])
            .results(&[i32_]),
    );
    body.insert_op(again, InsertPoint::End(block)).unwrap();
    let mut rw = PatternRewriter::new(&mut body);
    assert!(!def.patterns()[0].match_and_rewrite(again, &mut rw));
    assert!(rw.events().is_empty());
}
