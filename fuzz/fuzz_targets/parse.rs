//! Feeds arbitrary text to every entry point of strata-syntax: each must
//! return `Ok` or `Err`, never panic or overflow the stack.
//!
//! `cd fuzz && cargo +nightly fuzz run parse -- -max_total_time=600`
//! (seed it with `fuzz/seed.sh`, which writes the conformance
//! corpus's forms to `corpus/parse/`).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let ctx = strata_ctx::Context::new();
    let _ = strata_syntax::parse_type(&ctx, text);
    let _ = strata_syntax::parse_attribute(&ctx, text);
    let _ = strata_syntax::parse_location(&ctx, text);
    let _ = strata_syntax::parse_affine_map(&ctx, text);
    let _ = strata_syntax::parse_integer_set(&ctx, text);
    let local = strata_ctx::Context::single_threaded();
    if let Ok(t) = strata_syntax::parse_type(&local, text) {
        // A form that parses prints to text that parses to the same handle.
        // Dialect symbols are exempt: MLIR's printer writes some it cannot
        // read back (`!foo.bf-` prints `!foo<bf->`, `!foo<a<b> c<d>>` prints
        // `!foo.a<b> c<d>`), and strata prints them as MLIR does. An affine
        // form's print must parse, but may be another handle: MLIR's print
        // of `(d1 + (d0 + 1) + 2)` is `(d1 + d0 + 1 + 2)`, which it parses
        // to `(d1 + d0 + 3)` (a test in `tests/robust.rs`).
        let print = t.to_string();
        if !print.contains('!') && !print.contains('#') {
            let affine = print.contains("affine_map<") || print.contains("affine_set<");
            match strata_syntax::parse_type(&local, &print) {
                Ok(again) => assert!(affine || again == t, "{text}: {again} != {t}"),
                Err(e) => panic!("the print {print} of {text} fails: {e}"),
            }
        }
    }
});
