//! The file metadata section a printing writes back.

use super::*;

/// The file metadata section as MLIR prints it back: the builtin dialect's
/// blobs that an attribute of the module references (a `dense_resource`),
/// in the order the printer meets them, and every other group and entry as
/// read. MLIR's builtin dialect builds its section from the resources the
/// printer referenced, so a blob nothing uses is dropped, a group left empty
/// is dropped with it, a reference to a blob the file does not define
/// prints nothing, and the builtin entries of a group are one entry, where
/// a later value of a key replaces an earlier one. An owner with no
/// resource and a group with no owner are dropped, whatever the dialect. (MLIR's test dialect does the same with its own
/// attributes, which strata keeps opaque: its blobs are printed as read.)
pub(super) fn referenced_resources(
    bodies: &Bodies<'_, '_>,
    module: &Module<'_>,
    debug: bool,
) -> Vec<ResourceGroup> {
    let builtin = |g: &ResourceGroup| {
        g.kind == "dialect_resources" && g.entries.iter().any(|(owner, _)| owner == "builtin")
    };
    // The keys in the order the printer meets them: an operation's
    // properties, its regions, its attribute dictionary, its type and its
    // location, each attribute before what it holds.
    let mut keys: Vec<&str> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<usize> = rustc_hash::FxHashSet::default();
    fn visit<'c>(
        node: Node<'c>,
        hooks: &AsmHooks,
        seen: &mut rustc_hash::FxHashSet<usize>,
        keys: &mut Vec<&'c str>,
    ) {
        if !seen.insert(node_key(node)) {
            return;
        }
        if let Node::Attr(a) = node
            && let Some(r) = a.dyn_cast::<DenseResourceAttr>()
        {
            keys.push(r.payload().handle);
        }
        if let Node::Attr(a) = node
            && let Some(la) = a.dyn_cast::<LocationAttr>()
        {
            visit(Node::Loc(la.payload().location), hooks, seen, keys);
            return;
        }
        for c in children(node, hooks) {
            visit(c, hooks, seen, keys);
        }
    }
    fn visit_op<'c>(
        (bodies, b, id): (&Bodies<'_, 'c>, u32, OpId),
        hooks: &AsmHooks,
        debug: bool,
        seen: &mut rustc_hash::FxHashSet<usize>,
        keys: &mut Vec<&'c str>,
    ) {
        let body = bodies.list[b as usize];
        let o = body.op(id);
        if let Some(p) = o.properties() {
            visit(Node::Attr(p), hooks, seen, keys);
        }
        let (k, regions) = bodies.regions(b, id);
        let inner = bodies.list[k as usize];
        for &r in regions {
            for block in inner.blocks(r) {
                for &a in inner.block_args(block) {
                    visit(Node::Type(inner.value_type(a)), hooks, seen, keys);
                    if debug && let Some(l) = inner.value_location(a) {
                        visit(Node::Loc(l), hooks, seen, keys);
                    }
                }
                for op in inner.block_ops(block) {
                    visit_op((bodies, k, op), hooks, debug, seen, keys);
                }
            }
        }
        if let Some(a) = o.attributes() {
            visit(Node::Attr(a), hooks, seen, keys);
        }
        // The function type: its inputs, then its results.
        for v in o.operands().chain(o.results().iter().copied()) {
            visit(Node::Type(body.value_type(v)), hooks, seen, keys);
        }
        if debug {
            visit(Node::Loc(o.location()), hooks, seen, keys);
        }
    }
    // Without a builtin entry there is nothing to look up.
    if module.resources.iter().any(builtin) {
        let root = (bodies, 0, module.root);
        visit_op(root, &module.asm, debug, &mut seen, &mut keys);
    }
    let mut groups = Vec::with_capacity(module.resources.len());
    for original in &module.resources {
        let mut g = original.clone();
        if g.kind == "dialect_resources" {
            // The builtin entries of the group are one set of blobs to MLIR
            // (a later value of a key replaces an earlier one), printed as
            // one entry where the first was.
            // (A resource key is a bare identifier: MLIR's parser, and
            // strata's, refuse a quoted one.)
            let mut blobs: FxHashMap<&str, &(String, String)> = FxHashMap::default();
            for (owner, entries) in &original.entries {
                if owner == "builtin" {
                    for e in entries {
                        blobs.insert(&e.0, e);
                    }
                }
            }
            let mut kept: Vec<(String, String)> = Vec::new();
            for k in &keys {
                if let Some(e) = blobs.remove(*k) {
                    kept.push(e.clone());
                }
            }
            let mut first = true;
            g.entries.retain_mut(|(owner, entries)| {
                if owner != "builtin" {
                    return true;
                }
                if core::mem::take(&mut first) {
                    *entries = core::mem::take(&mut kept);
                    return !entries.is_empty();
                }
                false
            });
        }
        // An owner with no resource, and a group with no owner, print
        // nothing in MLIR.
        g.entries.retain(|(_, entries)| !entries.is_empty());
        if g.entries.is_empty() {
            continue;
        }
        groups.push(g);
    }
    groups
}
