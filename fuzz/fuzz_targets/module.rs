//! Feeds arbitrary text to strata-module exactly as `strata-opt
//! --split-input-file` reads a file: the text is cut at `// -----`, and every
//! chunk is parsed (alias definitions, operations, regions, the metadata
//! section) and printed in the generic form and in the custom forms of
//! strata-opt's definitions, with and without debug info.
//! Each chunk must parse to `Ok` (and then pass `Module::verify`) or to an
//! `Err` whose span lies inside the chunk, never panic, overflow the stack
//! or hang. It parses with
//! strata-opt's own dialect models (`strata_cli::syntax`: the test dialect,
//! `llvm`, `dlti`, `sparse_tensor`, `ml_program`, `ptr`), whose hooks read
//! the bodies of those dialects' forms, and its operations
//! (`strata_cli::ops`: the custom forms of `builtin.module`, `func` and
//! `arith`).
//!
//! `cd fuzz && cargo +nightly fuzz run module -- -max_total_time=600 -dict=module.dict`
//! (seed it with `fuzz/seed.sh`, which writes the chunks of the
//! module conformance corpus and of `crates/cli/data/mlir-tests.mlir` to
//! `corpus/module/`; `module.dict` holds the words of the generic form).

#![no_main]

use libfuzzer_sys::fuzz_target;
use strata_module::{ParseConfig, PrintConfig, PrintOptions, print_module, split_input};

fuzz_target!(|data: &[u8]| {
    // strata-opt refuses a file that is not UTF-8 before it parses anything.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (chunks, _near_misses) = split_input(text);
    let syntax = strata_cli::syntax();
    let ops = strata_cli::ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    for chunk in &chunks {
        let chunk_text = &text[chunk.range.clone()];
        let name = chunk.buffer_name("fuzz.mlir");
        // strata-opt's default context is a thread-safe one; one thread
        // parses here (`--mlir-disable-threading`).
        let ctx = strata_ctx::Context::new();
        match ParseConfig::new()
            .syntax(&syntax)
            .ops(&ops)
            .name(&name)
            .parse(&ctx, chunk_text)
        {
            Ok(module) => {
                // What the parse verified verifies again, every rule in
                // order (the parse checks the definitions alone first).
                if let Err(e) = module.verify(&ops, &name, chunk_text) {
                    panic!("a parsed module fails its verifier: {}", e.message());
                }
                let _ = print_module(&module, PrintOptions::default());
                let debug = PrintOptions {
                    debug_info: true,
                    ..PrintOptions::default()
                };
                let _ = print_module(&module, debug);
                // The custom forms, whose hooks meet any operation under
                // their names (a `func.func` without `sym_name`...).
                let custom = PrintConfig::new().ops(&ops);
                let _ = custom.print(&module);
                let _ = custom.options(debug).print(&module);
            }
            Err(e) => {
                let span = e.span();
                assert!(
                    span.start <= span.end && span.end <= chunk_text.len(),
                    "span {span:?} outside a chunk of {} bytes: {e}",
                    chunk_text.len()
                );
            }
        }
    }
});
