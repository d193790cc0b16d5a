//! `--verify-diagnostics`: the diagnostics of a buffer checked against its
//! `expected-*` directives with strata-diag's verifier (MLIR 19's
//! semantics), and the file location MLIR's verifier finds in a location.

use strata_builtin::{FileLineColLoc, FusedLoc, NameLoc};
use strata_ctx::Location;

use strata_diag::{Emitter, SourceManager, SourceSet, Verifier};
use strata_syntax::ParseError;

/// Checks `errors` (the diagnostics of the buffer `text`, named `name`)
/// against the buffer's directives. Returns whether they agree, and the
/// rendered findings.
pub fn verify_diagnostics(
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
    // Every error MLIR reports, the follow-ups of a parse error included
    // (a failed negation's "missing operand of negation").
    for d in errors.iter().flat_map(|e| e.to_diagnostics(file, 0)) {
        verifier.record(&d);
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

/// The location a diagnostic at `loc` has for the verifier, as MLIR's
/// `SourceMgrDiagnosticVerifierHandler` finds it: the first file-line-column
/// location in a pre-order walk of `loc` (through name, call-site and fused
/// locations); a name location without one is a name, anything else
/// unknown.
pub fn diagnostic_location(loc: Location<'_>) -> strata_diag::Location {
    fn first_file(loc: Location<'_>) -> Option<(String, u32, u32)> {
        if let Some(f) = loc.dyn_cast::<FileLineColLoc>() {
            let p = f.payload();
            return Some((p.file.to_owned(), p.line, p.column));
        }
        if let Some(n) = loc.dyn_cast::<NameLoc>() {
            return first_file(n.payload().child);
        }
        if let Some(f) = loc.dyn_cast::<FusedLoc>() {
            return f.payload().locations.iter().find_map(|&l| first_file(l));
        }
        None
    }
    match first_file(loc) {
        Some((file, line, column)) => strata_diag::Location::file_line_col(file, line, column),
        None => match loc.dyn_cast::<NameLoc>() {
            Some(n) => strata_diag::Location::name(n.payload().name.to_owned()),
            None => strata_diag::Location::Unknown,
        },
    }
}
