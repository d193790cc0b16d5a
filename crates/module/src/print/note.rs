//! The operation MLIR prints in the note it attaches to an operation's
//! error (`Operation::emitError` with the context's `printOpOnDiagnostic`:
//! "see current operation: ..."): the operation alone, in the generic form
//! and in local scope, numbered from the nearest operation isolated from
//! above that holds it (MLIR's `findParent`), with large elements
//! attributes elided.

use strata_builtin::{AsmState, PrintOptions};
use strata_ir::{Body, OpId};

use super::{Bodies, MULTI, Numbers, Printer, number_regions};
use crate::Module;

/// How many elements an elements attribute may have in the note before it
/// is elided (MLIR's `elideLargeElementsAttrs()` default).
const NOTE_ELEMENTS: u64 = 16;

/// The note's text after "see current operation: ": operation `op` of
/// `body`, where `owner` is the operation (and the body it is in) that
/// owns `body` if `body` is an isolated operation's (`None` for the file's
/// body). A text of several lines starts with a newline, as MLIR's
/// `Diagnostic::appendOp` writes it. `options` gives the debug info; the
/// rest is the note's own (local scope, elided elements).
pub(crate) fn op_note<'c>(
    module: &Module<'c>,
    owner: Option<(&Body<'c>, OpId)>,
    body: &Body<'c>,
    op: OpId,
    options: PrintOptions,
) -> String {
    let bodies = Bodies::new(&module.body);
    let index = |b: &Body<'c>| {
        bodies
            .list
            .iter()
            .position(|&x| core::ptr::eq(x, b))
            .map(|i| i as u32)
    };
    let Some(at) = index(body) else {
        return String::new();
    };
    // The scope: the operation itself if it is isolated, else the one that
    // owns its body, else (the file's body has no owner) the operation.
    let (scope_body, scope) = match owner {
        Some((b, o)) if body.op(op).owner().is_none() => match index(b) {
            Some(i) => (i, o),
            None => return String::new(),
        },
        _ => (at, op),
    };
    let options = PrintOptions {
        local_scope: true,
        elide_elements_above: Some(NOTE_ELEMENTS),
        ..options
    };
    let state = AsmState::new(options, &module.asm);
    let mut p = Printer::new(module, &bodies, &state, None);
    {
        // MLIR's `SSANameState` from the scope: its results, then its
        // regions, the counters running on into nested regions (the
        // generic form's names are unique).
        let mut t = Numbers {
            names: p.names.to_mut(),
            block_ids: p.block_ids.to_mut(),
            at: (0, 0),
        };
        let mut next = (0u32, 0u32);
        let sb = bodies.list[scope_body as usize];
        let results = sb.op(scope).results();
        if !results.is_empty() {
            let n = next.0 | if results.len() > 1 { MULTI } else { 0 };
            let base = bodies.values[scope_body as usize];
            for &v in results {
                t.names[base + v.index()] = n;
            }
            next.0 += 1;
        }
        let (k, regions) = bodies.regions(scope_body, scope);
        number_regions(&bodies, k, regions, &mut t, &mut next, true);
    }
    p.op(at, op, 0);
    let mut out = p.out;
    if out.contains('\n') {
        out.insert(0, '\n');
    }
    out
}
