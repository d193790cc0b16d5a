//! `--verify-diagnostics`: the diagnostics of a chunk checked against its
//! `expected-*` directives with strata-diag's verifier (MLIR's semantics).

use strata_diag::{Emitter, SourceManager, SourceSet, Verifier};
use strata_syntax::ParseError;

/// Checks `errors` (the diagnostics of the buffer `text`, named `name`)
/// against the buffer's directives. Returns whether they agree, and the
/// rendered findings.
pub(crate) fn check(
    name: &str,
    text: &str,
    errors: &[ParseError],
    emitter: &dyn Emitter,
) -> (bool, String) {
    let manager = SourceManager::<strata_diag::Shared>::new();
    let file = manager.add_file(name, text);
    let mut verifier = Verifier::new();
    if let Some(f) = manager.file(file) {
        verifier.add_file(&f);
    }
    for e in errors {
        verifier.record(&e.to_diagnostic(file, 0));
    }
    let report = verifier.finish(&manager);
    let mut sources = SourceSet::new();
    sources.insert(&manager, file);
    let mut out = String::new();
    for f in report.findings() {
        emitter.render(&f.diagnostic, &sources, &mut out);
    }
    (report.is_ok(), out)
}
