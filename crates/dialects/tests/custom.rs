//! The custom forms strata reads (`func.func`, `func.return` and `return`,
//! `arith.constant`) become exactly the generic operations `mlir-opt-19`
//! prints for them. The expected files are `mlir-opt-19
//! --allow-unregistered-dialect --mlir-print-op-generic
//! [--mlir-print-debuginfo] tests/data/custom[-module].mlir` (run in
//! `tests/data`); the error messages and positions below are what
//! `mlir-opt-19 --allow-unregistered-dialect` reports for each input.

use rustc_hash::FxBuildHasher;
use strata_ctx::{Context, Local, Policy, Shared};
use strata_ir::OpRegistry;
use strata_module::{ItemKind, ParseConfig, PrintOptions, print_module, scan_items};

/// The registry strata-opt parses with, for contexts of policy `P`: the
/// builtin dialect's operations and this crate's (`func`, `arith`).
fn registry<P: Policy + 'static>() -> OpRegistry {
    let mut ops = strata_module::builtin_ops::<P, FxBuildHasher>();
    strata_dialects::register_ops::<P, FxBuildHasher>(&mut ops);
    ops
}

const CUSTOM: &str = include_str!("data/custom.mlir");
const MODULE: &str = include_str!("data/custom-module.mlir");

/// Parses `text` on rayon into the thread-safe context and sequentially
/// into the single-threaded one, checks that both print the same, and
/// returns the print.
fn print_both(text: &str, name: &str, debug_info: bool) -> String {
    let options = PrintOptions {
        debug_info,
        ..PrintOptions::default()
    };
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let module = ParseConfig::new()
        .ops(&ops)
        .name(name)
        .parallel(true)
        .parse(&ctx, text)
        .unwrap();
    let printed = print_module(&module, options);
    let single = Context::single_threaded();
    let local_ops = registry::<Local>();
    let module = ParseConfig::new()
        .ops(&ops)
        .ops(&local_ops)
        .name(name)
        .parse(&single, text)
        .unwrap();
    assert_eq!(print_module(&module, options), printed);
    printed
}

#[test]
fn custom_functions_print_as_mlir_opt_prints_them() {
    assert_eq!(
        print_both(CUSTOM, "custom.mlir", false),
        include_str!("data/custom.expected")
    );
    assert_eq!(
        print_both(CUSTOM, "custom.mlir", true),
        include_str!("data/custom.debuginfo.expected")
    );
}

#[test]
fn custom_functions_in_a_generic_module_print_as_mlir_opt_prints_them() {
    assert_eq!(
        print_both(MODULE, "custom-module.mlir", false),
        include_str!("data/custom-module.expected")
    );
    assert_eq!(
        print_both(MODULE, "custom-module.mlir", true),
        include_str!("data/custom-module.debuginfo.expected")
    );
}

/// The scan cuts the file at every custom `func.func`, a signature written
/// over several lines (`attributes` on a line of its own) included, so the
/// functions are parsed in parallel; inside a generic `builtin.module` the
/// body is cut the same way (one unit per function).
#[test]
fn the_scan_finds_each_custom_function_as_one_top_level_operation() {
    let (items, end) = scan_items(CUSTOM, 0, CUSTOM.len());
    assert_eq!(end, CUSTOM.len());
    assert_eq!(items.len(), 8, "{items:?}");
    for item in &items {
        assert_eq!(item.kind, ItemKind::Op);
        assert!(
            CUSTOM[item.range.clone()].starts_with("func.func"),
            "{:?}",
            &CUSTOM[item.range.clone()]
        );
    }
    let quoted = &CUSTOM[items[4].range.clone()];
    assert!(quoted.contains("attributes {foo}") && quoted.ends_with("loc(\"there\")"));

    let ctx = Context::new();
    let ops = registry::<Shared>();
    let (module, stats) = ParseConfig::new()
        .ops(&ops)
        .name("custom-module.mlir")
        .parallel(true)
        .parse_with_stats(&ctx, MODULE);
    module.unwrap();
    // The module's own unit, then one per function.
    assert_eq!(stats.units, 3);
}

/// Parses `text` and returns the error's message and 1-based line and
/// column.
fn error_of(text: &str) -> (String, usize, usize) {
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let e = ParseConfig::new()
        .ops(&ops)
        .name("e.mlir")
        .parse(&ctx, text)
        .unwrap_err();
    let at = e.span().start;
    let line = text[..at].matches('\n').count() + 1;
    let column = at - text[..at].rfind('\n').map_or(0, |p| p + 1) + 1;
    (e.message().to_owned(), line, column)
}

#[test]
fn malformed_custom_forms_are_reported_as_mlir_reports_them() {
    let cases: [(&str, &str, usize); 14] = [
        (
            "func.func @f(%a: i32 {x.y}) attributes {arg_attrs = [{}]}",
            "custom op 'func.func' attribute 'arg_attrs' occurs more than once in the attribute list",
            1,
        ),
        (
            "func.func @f() -> (i32 {x.r}) attributes {res_attrs = [{}], arg_attrs = []}",
            "custom op 'func.func' attribute 'res_attrs' occurs more than once in the attribute list",
            1,
        ),
        (
            "func.func @f(%a: i32, i32)",
            "custom op 'func.func' expected SSA identifier",
            23,
        ),
        (
            "func.func @f(i32, %a: i32)",
            "custom op 'func.func' expected type instead of SSA identifier",
            19,
        ),
        (
            "func.func f()",
            "custom op 'func.func' expected valid '@'-identifier for symbol name",
            11,
        ),
        (
            "func.func @f() {}",
            "custom op 'func.func' expected non-empty function body",
            16,
        ),
        (
            "func.func @f(%a: i32) { ^bb0: }",
            "invalid block name in region with named arguments",
            25,
        ),
        (
            "func.func @f() attributes {sym_name = \"x\"}",
            "custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary",
            16,
        ),
        (
            "%0 = func.func @f()",
            "cannot name an operation with no results",
            1,
        ),
        (
            "func.func @f(%a: i32, %a: i32) { \"x.y\"() : () -> () }",
            "region entry argument '%a' is already in use",
            23,
        ),
        (
            "func.func @f(%a: i32) { return %a : f32 }",
            "use of value '%a' expects different type than prior uses: 'f32' vs 'i32'",
            32,
        ),
        (
            "func.func @f(%a: i32) { return %a, %a : i32 }",
            "custom op 'func.return' 2 operands present, but expected 1",
            32,
        ),
        // A missing token is reported after the previous one.
        ("func.func @f(%a i32)", "expected ':'", 16),
        (
            "%0, %1 = arith.constant 1 : i32",
            "operation defines 1 results but was provided 2 to bind",
            1,
        ),
    ];
    for (text, message, column) in cases {
        assert_eq!(
            error_of(text),
            (message.to_owned(), 1, column),
            "for {text:?}"
        );
    }
}

/// `return` is `func.return` only inside a function body (MLIR's default
/// dialect there); elsewhere it is looked up in `builtin`, which has no such
/// operation: MLIR's "unknown" error.
/// `arith.constant`'s custom form: a value that is not a typed attribute
/// is refused at the value, a string is taken (of type `none`, which
/// the verifier then refuses), and its
/// result names count as any operation's do (a sum taken wide, refused at
/// the first name).
#[test]
fn arith_constants_custom_form_is_read_as_mlir_reads_it() {
    assert_eq!(
        error_of("func.func @f() {\n  %c = arith.constant unit\n  return\n}\n"),
        (
            "custom op 'arith.constant' invalid kind of attribute specified".to_owned(),
            2,
            23
        )
    );
    assert_eq!(
        error_of("%a:4294967295, %b:2 = arith.constant 1 : i32\n\"y\"(%a#7) : (i32) -> ()\n"),
        (
            "operation defines 1 results but was provided 4294967297 to bind".to_owned(),
            1,
            1
        )
    );
    // A string's type is `none`, which the verifier then refuses (MLIR
    // prints the constant so in its note).
    assert_eq!(
        error_of("func.func @f() {\n  %c = arith.constant \"x\"\n  return\n}\n"),
        (
            "'arith.constant' op value must be an integer, float, or elements attribute".to_owned(),
            2,
            8
        )
    );
}

#[test]
fn return_outside_a_function_is_not_func_return() {
    let (message, line, column) = error_of("\"x.y\"() : () -> ()\nreturn\n");
    assert_eq!(
        message,
        "custom op 'return' is unknown (tried 'builtin.return' as well)"
    );
    assert_eq!((line, column), (2, 1));
}

/// The custom form of `builtin.module` (what `mlir-opt` prints by default):
/// a file that is one module is the root; several top-level operations are
/// wrapped in the implicit module; nested modules, `sym_name` and
/// `sym_visibility` given in the dictionary, an entry block label and a
/// trailing location, as `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic [--mlir-print-debuginfo]
/// tests/data/module-{root,many}.mlir` prints them (run in `tests/data`).
#[test]
fn custom_modules_print_as_mlir_opt_prints_them() {
    for (name, text, plain, debug) in [
        (
            "module-root.mlir",
            include_str!("data/module-root.mlir"),
            include_str!("data/module-root.expected"),
            include_str!("data/module-root.debuginfo.expected"),
        ),
        (
            "module-many.mlir",
            include_str!("data/module-many.mlir"),
            include_str!("data/module-many.expected"),
            include_str!("data/module-many.debuginfo.expected"),
        ),
    ] {
        assert_eq!(print_both(text, name, false), plain, "{name}");
        assert_eq!(print_both(text, name, true), debug, "{name}");
    }
    // The root module's body is cut into units, one per operation, as a
    // generic module's is: the module's own unit, then six.
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let text = include_str!("data/module-root.mlir");
    let (module, stats) = ParseConfig::new()
        .ops(&ops)
        .name("module-root.mlir")
        .parallel(true)
        .parse_with_stats(&ctx, text);
    module.unwrap();
    assert_eq!(stats.units, 7);
}

/// The builtin dialect's blobs are printed back only when an attribute
/// references them, in the order the printer meets the references; a
/// section left with nothing is not printed. The expected files are
/// `mlir-opt-19`'s, made as above from
/// `tests/data/module-{resources,resources-merged,unused-resources}.mlir`.
#[test]
fn only_referenced_builtin_resources_are_printed() {
    for (name, text, plain, debug) in [
        (
            "module-resources.mlir",
            include_str!("data/module-resources.mlir"),
            include_str!("data/module-resources.expected"),
            include_str!("data/module-resources.debuginfo.expected"),
        ),
        (
            "module-resources-merged.mlir",
            include_str!("data/module-resources-merged.mlir"),
            include_str!("data/module-resources-merged.expected"),
            include_str!("data/module-resources-merged.debuginfo.expected"),
        ),
        (
            "module-unused-resources.mlir",
            include_str!("data/module-unused-resources.mlir"),
            include_str!("data/module-unused-resources.expected"),
            include_str!("data/module-unused-resources.debuginfo.expected"),
        ),
    ] {
        assert_eq!(print_both(text, name, false), plain, "{name}");
        assert_eq!(print_both(text, name, true), debug, "{name}");
    }
}

/// Malformed module forms, and bare operation names the default dialect
/// does not have, with the message, line and column `mlir-opt-19
/// --allow-unregistered-dialect` reports for each.
#[test]
fn malformed_custom_modules_are_reported_as_mlir_reports_them() {
    let cases: [(&str, &str, usize, usize); 21] = [
        // `attributes` without its dictionary, after a function's
        // signature as after a module's name (it said "expected '{'" at the
        // next token once).
        (
            "func.func @f() attributes x\n",
            "expected '{' in attribute dictionary",
            1,
            26,
        ),
        (
            "func.func @f() attributes\n",
            "expected '{' in attribute dictionary",
            1,
            26,
        ),
        // A name with nothing after its first `.` takes the default
        // dialect's prefix; an operation the dialect lacks is "unknown"; a
        // dialect no one registered is "not found" (with MLIR's blank at
        // the end).
        (
            "foo.",
            "custom op 'foo.' is unknown (tried 'builtin.foo.' as well)",
            1,
            1,
        ),
        (
            "func.func @f() {\n  func.\n}",
            "custom op 'func.' is unknown (tried 'func.func.' as well)",
            2,
            3,
        ),
        ("func.fun", "custom op 'func.fun' is unknown", 1, 1),
        ("builtin.mod", "custom op 'builtin.mod' is unknown", 1, 1),
        (
            "foo.bar",
            "Dialect `foo' not found for custom op 'foo.bar' ",
            1,
            1,
        ),
        (
            "x.y.z {}",
            "Dialect `x' not found for custom op 'x.y.z' ",
            1,
            1,
        ),
        ("module @a\n", "expected '{' to begin a region", 1, 10),
        ("module foo {}", "expected '{' to begin a region", 1, 7),
        (
            "module attributes\n",
            "expected '{' in attribute dictionary",
            1,
            18,
        ),
        (
            "module attributes x {}",
            "expected '{' in attribute dictionary",
            1,
            18,
        ),
        ("module attributes {", "expected attribute name", 1, 18),
        (
            "module attributes {sym_name = 1} {}",
            "custom op 'builtin.module' 'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute",
            1,
            8,
        ),
        (
            "module attributes {sym_visibility = @x} {}",
            "custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute",
            1,
            8,
        ),
        (
            "%0 = module {}",
            "cannot name an operation with no results",
            1,
            1,
        ),
        (
            "module {\n  return\n}",
            "custom op 'return' is unknown (tried 'builtin.return' as well)",
            2,
            3,
        ),
        (
            "foo",
            "custom op 'foo' is unknown (tried 'builtin.foo' as well)",
            1,
            1,
        ),
        (
            "func.func @f() {\n  foo\n}",
            "custom op 'foo' is unknown (tried 'func.foo' as well)",
            2,
            3,
        ),
        // Inside a function body the default dialect is `func`: MLIR looks
        // for `func.module`.
        (
            "module {\n func.func @f() {\n   module {}\n   return\n }\n}",
            "custom op 'module' is unknown (tried 'func.module' as well)",
            3,
            4,
        ),
        // A generic operation's region keeps the default dialect of where
        // it is.
        (
            "func.func @f() {\n  \"t.x\"() ({\n    foo\n  }) : () -> ()\n}",
            "custom op 'foo' is unknown (tried 'func.foo' as well)",
            3,
            5,
        ),
    ];
    for (text, message, line, column) in cases {
        assert_eq!(
            error_of(text),
            (message.to_owned(), line, column),
            "for {text:?}"
        );
    }
}

/// A type mismatch on a use names the definition in a note, as MLIR's
/// "prior use here".
#[test]
fn a_type_mismatch_notes_the_prior_use() {
    let text = "func.func @f(%a: i32) {\n  return %a : f32\n}\n";
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let e = ParseConfig::new()
        .ops(&ops)
        .name("e.mlir")
        .parse(&ctx, text)
        .unwrap_err();
    assert_eq!(e.notes().len(), 1);
    let (span, note) = &e.notes()[0];
    assert_eq!(note, "prior use here");
    assert_eq!(&text[span.clone()], "%a");
    assert_eq!(span.start, text.find("%a").unwrap());
}

/// Every prefix of the custom-form file (a truncated file) parses or is a
/// diagnostic whose span lies inside the text; none panics.
#[test]
fn truncated_custom_forms_are_diagnostics() {
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let mut errors = 0;
    for text in [CUSTOM, MODULE, include_str!("data/module-root.mlir")] {
        for cut in (0..text.len()).filter(|&c| text.is_char_boundary(c)) {
            let t = &text[..cut];
            if let Err(e) = ParseConfig::new().ops(&ops).name("cut.mlir").parse(&ctx, t) {
                errors += 1;
                assert!(
                    e.span().start <= e.span().end && e.span().end <= t.len(),
                    "{e} in {t:?}"
                );
            }
        }
    }
    assert!(errors > 500, "{errors}");
}

/// Every prefix of a file that is one custom module (its body cut into
/// units) gives the same result whether the units are parsed on rayon into
/// the thread-safe context or in order into the single-threaded one: the
/// same print, or the same error at the same place.
#[test]
fn a_custom_module_cut_into_units_parses_as_one_unit_would() {
    let text = include_str!("data/module-root.mlir");
    let ctx = Context::new();
    let ops = registry::<Shared>();
    let single = Context::single_threaded();
    let local_ops = registry::<Local>();
    for cut in (0..=text.len()).filter(|&c| text.is_char_boundary(c)) {
        let t = &text[..cut];
        let parallel = ParseConfig::new()
            .ops(&ops)
            .name("cut.mlir")
            .parallel(true)
            .parse(&ctx, t)
            .map(|m| print_module(&m, PrintOptions::default()))
            .map_err(|e| (e.message().to_owned(), e.span()));
        let sequential = ParseConfig::new()
            .ops(&local_ops)
            .name("cut.mlir")
            .parse(&single, t)
            .map(|m| print_module(&m, PrintOptions::default()))
            .map_err(|e| (e.message().to_owned(), e.span()));
        assert_eq!(parallel, sequential, "cut at {cut}");
    }
}

/// A resource's string value is read and escaped again, as MLIR prints it:
/// a quote is `\22`, a byte outside printable ASCII two hex digits (the
/// expected text is `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic` of the input); a boolean and a blob are
/// unchanged.
#[test]
fn resource_strings_are_escaped_as_mlir_escapes_them() {
    let text = "\"t.op\"() : () -> ()\n{-#\n  external_resources: {\n    ext: {\n      a: \"\\\"string\\\"\",\n      b: \"x\\\\y\",\n      c: \"tab\\09é\\n\",\n      d: true,\n      e: \"0x0400000001000000\"\n    }\n  }\n#-}\n";
    let expected = "\"builtin.module\"() ({\n  \"t.op\"() : () -> ()\n}) : () -> ()\n\n{-#\n  external_resources: {\n    ext: {\n      a: \"\\22string\\22\",\n      b: \"x\\\\y\",\n      c: \"tab\\09\\C3\\A9\\0A\",\n      d: true,\n      e: \"0x0400000001000000\"\n    }\n  }\n#-}\n\n";
    assert_eq!(print_both(text, "er.mlir", false), expected);
}

/// An owner with no resource and a group with no owner print nothing, for
/// every group and owner (an empty entry of MLIR's test dialect goes too: a
/// by-hand check with strata-opt, whose syntax registers that dialect), as in `mlir-opt-19 --allow-unregistered-dialect
/// --mlir-print-op-generic` (a helper's mutant of the builtin-only test
/// found the empty `dialect_resources: {}` printed back).
#[test]
fn empty_resource_groups_and_owners_are_not_printed() {
    let op = "\"builtin.module\"() ({\n  \"t.op\"() : () -> ()\n}) : () -> ()\n\n";
    for section in [
        "dialect_resources: { }",
        "external_resources: { }",
        "external_resources: { x: { } }",
        "dialect_resources: { builtin: { } }",
    ] {
        let text = format!("\"t.op\"() : () -> ()\n{{-#\n  {section}\n#-}}\n");
        assert_eq!(print_both(&text, "e.mlir", false), op, "{section}");
    }
    let text = "\"t.op\"() : () -> ()\n{-#\n  dialect_resources: { },\n  external_resources: { x: { }, y: { b: \"s\" } }\n#-}\n";
    assert_eq!(
        print_both(text, "e.mlir", false),
        format!(
            "{op}{{-#\n  external_resources: {{\n    y: {{\n      b: \"s\"\n    }}\n  }}\n#-}}\n\n"
        )
    );
}
