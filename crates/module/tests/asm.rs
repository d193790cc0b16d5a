//! Custom forms and isolation as plug-ins: a user's operation definitions,
//! registered in the parse's registry, decide what the parser reads.

use core::hash::BuildHasher;

use strata_ctx::{Context, Policy, Shared};
use strata_ir::{OpDef, OpRegistry, Traits};
use strata_module::asm::{Argument, DefaultDialect, OpAsm, OpAsmParser, OpAsmPrinter, OpPrint};
use strata_module::{ParseConfig, ParseError, PrintConfig, PrintOptions, print_module};
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

/// `toy.const : type`, one result named `k`.
fn parse_const<P: Policy, H: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, H>,
) -> Result<(), ParseError> {
    p.expect(TokenKind::Colon, "':'")?;
    let ty = p.parse_type()?;
    p.add_result_type(ty);
    Ok(())
}

fn print_const(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let o = p.body().op(p.op());
    let &[r] = o.results() else {
        return false;
    };
    let ty = p.body().value_type(r);
    p.write_str(" : ");
    p.print_type(ty);
    true
}

fn name_const(_: &strata_ir::Body<'_>, _: strata_ir::OpId, name: &mut dyn FnMut(usize, &str)) {
    name(0, "k");
}

fn print_lambda(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    if p.num_regions() != 1 || p.entry_arguments(0) != Some(1) {
        return false;
    }
    p.write_str(" (");
    p.print_region_argument(0, 0, &[], false);
    p.write_str(") ");
    p.print_region(0, false, true, false);
    true
}

fn print_yield(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let o = p.body().op(p.op());
    let operands: Vec<_> = o.operands().collect();
    let &[v] = &operands[..] else {
        return false;
    };
    let ty = p.body().value_type(v);
    p.write_str(" ");
    p.print_operand(v);
    p.write_str(" : ");
    p.print_type(ty);
    true
}

/// A user's dialect prints in its custom forms: through its hooks, under
/// its default dialect, with its result names made unique across scopes as
/// MLIR makes them, and with the generic form for an operation its hook
/// refuses.
#[test]
fn a_users_custom_form_prints_through_its_hook() {
    let mut ops = strata_module::builtin_ops::<Shared, S>();
    ops.register(
        OpDef::new("toy.lambda", Traits::ISOLATED_FROM_ABOVE)
            .interface(OpAsm::<Shared, S>::new(parse_lambda))
            .interface(OpPrint::new(print_lambda))
            .interface(DefaultDialect("toy")),
    );
    ops.register(
        OpDef::new("toy.yield", Traits::TERMINATOR)
            .interface(OpAsm::<Shared, S>::new(parse_yield))
            .interface(OpPrint::new(print_yield)),
    );
    ops.register(
        OpDef::new("toy.const", Traits::NONE)
            .interface(OpAsm::<Shared, S>::new(parse_const))
            .interface(OpPrint::new(print_const).result_names(name_const)),
    );
    let ctx = Context::new();
    let text = "%a = toy.const : i32\n%b = toy.const : i32\n\
                toy.lambda (%x: i32) {\n  yield %x : i32\n}\n\
                toy.lambda (%y: i32) {\n  %c = toy.const : i32\n  yield %c : i32\n}\n\
                \"toy.yield\"(%a, %b) : (i32, i32) -> ()\n";
    let module = ParseConfig::new().ops(&ops).parse(&ctx, text).unwrap();
    let expected = "module {\n  %k = toy.const : i32\n  %k_0 = toy.const : i32\n  \
                    toy.lambda (%arg0: i32) {\n    yield %arg0 : i32\n  }\n  \
                    toy.lambda (%arg0: i32) {\n    %k_1 = const : i32\n    yield %k_1 : i32\n  }\n  \
                    \"toy.yield\"(%k, %k_0) : (i32, i32) -> ()\n}\n\n";
    for parallel in [false, true] {
        let config = PrintConfig::new().ops(&ops).parallel(parallel);
        assert_eq!(config.print(&module), expected, "parallel: {parallel}");
        assert!(config.print_listing_generic(&module).1.is_empty());
    }
    // The custom print reads back to the same module.
    let again = ParseConfig::new().ops(&ops).parse(&ctx, expected).unwrap();
    assert_eq!(PrintConfig::new().ops(&ops).print(&again), expected);
    // Generic, the same module prints MLIR's generic form and numbers.
    let generic = PrintConfig::new().ops(&ops).generic(true).print(&module);
    assert_eq!(generic, print_module(&module, PrintOptions::default()));
    assert!(generic.starts_with("\"builtin.module\"() ({\n  %0 = \"toy.const\"() : () -> i32\n"));
}
