//! The printer over bodies of isolated operations: a module of
//! `func.func`s, a nested `builtin.module` of them and top-level results,
//! numbered as `mlir-opt-19 --mlir-print-op-generic
//! --allow-unregistered-dialect` numbers it (the expected texts are its
//! output), by the parallel printer as by the sequential one, and a
//! top-level operation of another shape (one that is not isolated and holds
//! a `func.func`), which the parallel numbering leaves to the sequential
//! one.

use strata_ctx::Context;
use strata_module::{ParseConfig, PrintOptions, print_module, print_module_parallel};

/// Functions with several blocks, block arguments, predecessors and
/// operations with several results, in the root's body and in a nested
/// module, with a top-level result used after them.
const FUNCS: &str = r##""func.func"() <{function_type = (i32) -> i32, sym_name = "a"}> ({
^bb0(%x: i32):
  %0:2 = "t.pair"(%x) : (i32) -> (i32, i32)
  "t.br"(%0#1)[^bb1] : (i32) -> ()
^bb1(%y: i32):
  %1 = "t.inner"() ({
  ^bb0(%z: i32):
    "t.yield"(%z, %y) : (i32, i32) -> ()
  }) : () -> i32
  "t.cond"(%1)[^bb1, ^bb2] : (i32) -> ()
^bb2:
  "func.return"(%1) : (i32) -> ()
}) : () -> ()
%t = "t.top"() : () -> i32
"builtin.module"() <{sym_name = "m"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
    %2 = "t.c"() : () -> i64
    "t.use"(%2) : (i64) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i64, i64) -> (), sym_name = "c"}> ({
  ^bb0(%p: i64, %q: i64):
    %3:3 = "t.three"(%q, %p) : (i64, i64) -> (i64, i64, i64)
    "t.use"(%3#2, %3#0) : (i64, i64) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "d", sym_visibility = "private"}> ({
}) : () -> ()
"t.last"(%t) : (i32) -> ()
"##;

/// What `mlir-opt-19` prints for [`FUNCS`].
const FUNCS_EXPECTED: &str = r##""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "a"}> ({
  ^bb0(%arg2: i32):
    %3:2 = "t.pair"(%arg2) : (i32) -> (i32, i32)
    "t.br"(%3#1)[^bb1] : (i32) -> ()
  ^bb1(%4: i32):  // 2 preds: ^bb0, ^bb1
    %5 = "t.inner"() ({
    ^bb0(%arg3: i32):
      "t.yield"(%arg3, %4) : (i32, i32) -> ()
    }) : () -> i32
    "t.cond"(%5)[^bb1, ^bb2] : (i32) -> ()
  ^bb2:  // pred: ^bb1
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
  %0 = "t.top"() : () -> i32
  "builtin.module"() <{sym_name = "m"}> ({
    "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
      %2 = "t.c"() : () -> i64
      "t.use"(%2) : (i64) -> ()
      "func.return"() : () -> ()
    }) : () -> ()
    "func.func"() <{function_type = (i64, i64) -> (), sym_name = "c"}> ({
    ^bb0(%arg0: i64, %arg1: i64):
      %1:3 = "t.three"(%arg1, %arg0) : (i64, i64) -> (i64, i64, i64)
      "t.use"(%1#2, %1#0) : (i64, i64) -> ()
      "func.return"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "d", sym_visibility = "private"}> ({
  }) : () -> ()
  "t.last"(%0) : (i32) -> ()
}) : () -> ()

"##;

/// A top-level operation that is not isolated and holds a `func.func`.
const WRAPPED: &str = r##"%t:2 = "t.wrap"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "w"}> ({
  ^bb0(%x: i32):
    %0 = "t.op"(%x) : (i32) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  %1 = "t.local"() : () -> i32
  "t.yield"(%1) : (i32) -> ()
}) : () -> (i32, i32)
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  %2 = "t.in_f"() : () -> f32
  "func.return"() : () -> ()
}) : () -> ()
"t.use"(%t#1) : (i32) -> ()
"##;

/// What `mlir-opt-19` prints for [`WRAPPED`].
const WRAPPED_EXPECTED: &str = r##""builtin.module"() ({
  %0:2 = "t.wrap"() ({
    "func.func"() <{function_type = (i32) -> (), sym_name = "w"}> ({
    ^bb0(%arg0: i32):
      %3 = "t.op"(%arg0) : (i32) -> i32
      "func.return"() : () -> ()
    }) : () -> ()
    %2 = "t.local"() : () -> i32
    "t.yield"(%2) : (i32) -> ()
  }) : () -> (i32, i32)
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    %1 = "t.in_f"() : () -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "t.use"(%0#1) : (i32) -> ()
}) : () -> ()

"##;

/// `text` printed by the sequential and the parallel printer (on 4
/// threads), from the sequential and the parallel parse: one text.
fn printed(text: &str, options: PrintOptions) -> String {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    pool.install(|| {
        let ctx = Context::new();
        let seq = ParseConfig::new().name("a.mlir").parse(&ctx, text).unwrap();
        let par = ParseConfig::new()
            .name("a.mlir")
            .parallel(true)
            .parse(&ctx, text)
            .unwrap();
        let printed = print_module(&seq, options);
        assert_eq!(printed, print_module_parallel(&seq, options));
        assert_eq!(printed, print_module(&par, options));
        assert_eq!(printed, print_module_parallel(&par, options));
        printed
    })
}

#[test]
fn functions_number_as_mlir_opt_numbers_them() {
    assert_eq!(printed(FUNCS, PrintOptions::default()), FUNCS_EXPECTED);
    assert_eq!(printed(WRAPPED, PrintOptions::default()), WRAPPED_EXPECTED);
}

/// With debug info, a block argument of a nested function prints its
/// location (`mlir-opt-19 --mlir-print-debuginfo` prints this line).
#[test]
fn block_arguments_of_nested_functions_print_their_locations() {
    let options = PrintOptions {
        debug_info: true,
        local_scope: false,
        elide_elements_above: None,
    };
    let text = printed(FUNCS, options);
    let line = r#"^bb0(%arg0: i64 loc("a.mlir":22:8), %arg1: i64 loc("a.mlir":22:17)):"#;
    assert!(text.contains(line), "{text}");
    printed(WRAPPED, options);
}
