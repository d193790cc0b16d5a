//! What `cargo mutants` found unchecked in the printer's neighbours
//! (`verify.rs`, `split.rs`): each test pins a behaviour that a surviving
//! mutant changed, against what `mlir-opt-19` does with the same input
//! (the split and the verifier's findings are where it reports them). The
//! printer's and `tree.rs`'s, which parse with what strata-opt registers,
//! are strata-cli's `tests/mutants_print.rs`.

use strata_ctx::Context;
use strata_diag::PlainEmitter;
use strata_module::{ParseConfig, split_input, verify_diagnostics};

/// A marker at the very end of the file, with nothing after its dashes,
/// is a near miss, as `mlir-opt-19 --split-input-file` warns ("near miss
/// with file split marker" at 2:7, the byte after `// ---`) before it
/// prints the one module of the whole file.
#[test]
fn a_marker_at_the_end_of_the_file_is_a_near_miss() {
    let text = "\"a.b\"() : () -> ()\n// -----";
    let (chunks, misses) = split_input(text);
    assert_eq!(chunks.len(), 1);
    assert_eq!(chunks[0].range, 0..text.len());
    assert_eq!(chunks[0].line, 1);
    assert_eq!(misses, [25]);
    assert_eq!(&text[..misses[0]], "\"a.b\"() : () -> ()\n// ---");
}

/// A directive that nothing matches, and an error that no directive
/// expects, fail `--verify-diagnostics` with one finding each, at the line,
/// column and message that `mlir-opt-19 --allow-unregistered-dialect
/// --verify-diagnostics` reports (exit status 1 for both inputs):
/// `v.mlir:1:23: error: expected error "never" was not produced` and
/// `v2.mlir:2:7: error: unexpected error: expected ')' to end operand
/// list`. strata renders them in its own plain form.
#[test]
fn verification_fails_where_mlir_opt_fails_it() {
    let ctx = Context::new();
    let text = "\"a.b\"() : () -> () // expected-error {{never}}\n";
    assert!(ParseConfig::new().name("v.mlir").parse(&ctx, text).is_ok());
    let (ok, rendered) = verify_diagnostics("v.mlir", text, &[], &PlainEmitter::new());
    assert!(!ok);
    assert_eq!(
        rendered,
        "error: expected error \"never\" was not produced\n --> v.mlir:1:23\n\n"
    );

    let text = "\"a.b\"() : () -> ()\n\"c.d\"(: () -> ()\n";
    let errors = vec![
        ParseConfig::new()
            .name("v2.mlir")
            .parse(&ctx, text)
            .unwrap_err(),
    ];
    let (ok, rendered) = verify_diagnostics("v2.mlir", text, &errors, &PlainEmitter::new());
    assert!(!ok);
    assert_eq!(
        rendered,
        "error: unexpected error: expected ')' to end operand list\n --> v2.mlir:2:7\n\n"
    );
}
