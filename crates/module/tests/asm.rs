//! Custom forms and isolation as plug-ins: a user's operation definitions,
//! registered in the parse's registry, decide what the parser reads.

use core::hash::BuildHasher;

use strata_ctx::{Context, Policy, Shared};
use strata_ir::{OpDef, OpRegistry, Traits};
use strata_module::asm::{Argument, DefaultDialect, OpAsm, OpAsmParser};
use strata_module::{ParseConfig, ParseError, PrintOptions, print_module};
use strata_syntax::lexer::TokenKind;

type S = rustc_hash::FxBuildHasher;

/// `toy.lambda (%x: type) { body }`: one region whose entry block has the
/// argument, isolated from above, `toy` its default dialect.
fn parse_lambda<P: Policy, H: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, H>,
) -> Result<(), ParseError> {
    p.expect(TokenKind::LParen, "'('")?;
    let name = p.spelling();
    let span = p.token().start..p.token().end;
    if p.token().kind != TokenKind::PercentId {
        return Err(p.emit_error("expected an argument"));
    }
    p.bump();
    p.expect(TokenKind::Colon, "':'")?;
    let ty = p.parse_type()?;
    p.expect(TokenKind::RParen, "')'")?;
    let arg = Argument {
        name,
        span,
        ty,
        loc: None,
    };
    p.parse_region(&[arg])?;
    Ok(())
}

/// `yield %v : type`.
fn parse_yield<P: Policy, H: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, H>,
) -> Result<(), ParseError> {
    let v = p.parse_operand()?;
    p.expect(TokenKind::Colon, "':'")?;
    let ty = p.parse_type()?;
    p.add_operand(v, ty);
    Ok(())
}

fn registry() -> OpRegistry {
    let mut ops = strata_module::builtin_ops::<Shared, S>();
    ops.register(
        OpDef::new("toy.lambda", Traits::ISOLATED_FROM_ABOVE)
            .interface(OpAsm::<Shared, S>::new(parse_lambda))
            .interface(DefaultDialect("toy")),
    );
    ops.register(
        OpDef::new("toy.yield", Traits::TERMINATOR).interface(OpAsm::<Shared, S>::new(parse_yield)),
    );
    ops.register(OpDef::new("toy.island", Traits::ISOLATED_FROM_ABOVE));
    ops
}

#[test]
fn a_users_custom_form_is_parsed_through_its_hook() {
    let ops = registry();
    let ctx = Context::new();
    let text = "toy.lambda (%x: i32) {\n  yield %x : i32\n}\n";
    let module = ParseConfig::new().ops(&ops).parse(&ctx, text).unwrap();
    assert_eq!(
        print_module(&module, PrintOptions::default()),
        "\"builtin.module\"() ({\n  \"toy.lambda\"() ({\n  ^bb0(%arg0: i32):\n    \"toy.yield\"(%arg0) : (i32) -> ()\n  }) : () -> ()\n}) : () -> ()\n\n"
    );
    // The lambda is isolated: its region is in a body of its own.
    let root = module.root_body();
    let lambda = root
        .block_ops(root.entry_block(root.roots()[0]).unwrap())
        .next()
        .unwrap();
    assert!(root.op(lambda).owner().is_some());

    // Outside the lambda, `yield` is not `toy.yield`.
    let err = ParseConfig::new()
        .ops(&ops)
        .parse(&ctx, "yield %x : i32\n")
        .unwrap_err();
    assert_eq!(
        err.message(),
        "custom op 'yield' is unknown (tried 'builtin.yield' as well)"
    );
    // A hook's own error carries MLIR's prefix.
    let err = ParseConfig::new()
        .ops(&ops)
        .parse(&ctx, "toy.lambda (i32) {\n}\n")
        .unwrap_err();
    assert_eq!(err.message(), "custom op 'toy.lambda' expected an argument");
    // Without the definitions, the form is not read.
    let err = ParseConfig::new().parse(&ctx, text).unwrap_err();
    assert!(err.message().contains("Dialect `toy' not found"), "{err:?}");
}

#[test]
fn isolation_is_the_registrys_word_in_the_generic_form() {
    let text = "%0 = \"test.make\"() : () -> i32\n\"toy.island\"() ({\n  \"test.use\"(%0) : (i32) -> ()\n}) : () -> ()\n";
    let ctx = Context::new();
    let ops = registry();
    let err = ParseConfig::new().ops(&ops).parse(&ctx, text).unwrap_err();
    assert_eq!(
        err.message(),
        "'test.use' op using value defined outside the region"
    );
    // Unregistered, the same operation is not isolated.
    assert!(ParseConfig::new().parse(&ctx, text).is_ok());
}

/// A registry's custom forms are for the context type it was made for: a
/// parse into another context type refuses it, loudly, instead of reading
/// no custom form (they are found by the hooks' type).
#[test]
fn a_registry_for_another_context_type_is_refused() {
    let ops = registry();
    let local = Context::single_threaded();
    let parse = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ParseConfig::new()
            .ops(&ops)
            .parse(&local, "toy.lambda (%x: i32) {\n  yield %x : i32\n}\n")
            .is_ok()
    }));
    let message = parse.expect_err("a panic");
    let message = message.downcast_ref::<String>().expect("a message");
    assert!(
        message.contains("the operation registry's custom forms are for"),
        "{message}"
    );
    // Made for the parse's context type, the same definitions are read.
    let mut ops = strata_module::builtin_ops::<strata_ctx::Local, S>();
    ops.register(
        OpDef::new("toy.lambda", Traits::ISOLATED_FROM_ABOVE)
            .interface(OpAsm::<strata_ctx::Local, S>::new(parse_lambda))
            .interface(DefaultDialect("toy")),
    );
    ops.register(
        OpDef::new("toy.yield", Traits::TERMINATOR)
            .interface(OpAsm::<strata_ctx::Local, S>::new(parse_yield)),
    );
    assert!(
        ParseConfig::new()
            .ops(&ops)
            .parse(&local, "toy.lambda (%x: i32) {\n  yield %x : i32\n}\n")
            .is_ok()
    );
}
