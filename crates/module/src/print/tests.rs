//! The parallel alias pass: runs merged in any order, and any split of
//! the root's body into runs, give the sequential pass's state and text.

use proptest::prelude::*;
use strata_ctx::Context;

use super::*;

/// A module whose top-level operations share aliased values: affine
/// maps and sets, distinct attributes, large tuples (as results and as
/// block arguments, which MLIR prints before the operation), and
/// locations, also used as attributes and inside fused and named ones.
fn generated() -> String {
    let big = |w: usize| vec![format!("i{w}"); 17].join(", ");
    let mut text = String::new();
    for i in 0..14 {
        let region = if i % 4 == 1 {
            format!(
                " ({{\n^bb0(%a{i}: tuple<{}>):\n  \"t.in\"() : () -> () loc(\"r.mlir\":{i}:3)\n}})",
                big(1 + i % 2)
            )
        } else {
            String::new()
        };
        text += &format!(
            "\"t.op{}\"(){region} {{m = affine_map<(d0) -> (d0 + {})>, s = affine_set<(d0) : (d0 - {} >= 0)>, \
             d = distinct[{}]<{} : i64>{}}} : () -> (tuple<{}>) \
             loc(fused[\"a.mlir\":{}:1, \"n\"(\"b.mlir\":{i}:2)])\n",
            i % 5,
            i % 3,
            i % 2,
            i % 4,
            i % 4,
            // A location an operation's location holds (deferrable) is an
            // attribute of some other operations (not deferrable).
            if i % 3 == 0 {
                format!(", l = loc(\"a.mlir\":{}:1)", i % 5)
            } else {
                String::new()
            },
            big(1 + i % 3),
            i % 5,
        );
    }
    text
}

/// The operations of the root's body.
fn body(m: &Module<'_>) -> Vec<OpId> {
    let b = m.root_body();
    b.roots()
        .iter()
        .flat_map(|&r| b.blocks(r))
        .flat_map(|block| b.block_ops(block))
        .collect()
}

/// The alias pass with the root's body cut at `cuts` into runs, visited
/// each into its own state and merged in the order `order` gives (a
/// permutation of the runs): what [`visit_op_aliases`] does for the
/// root, but with the split and the merge order chosen.
fn split_pass<'c, 'm>(
    m: &'m Module<'c>,
    debug: bool,
    cuts: &[usize],
    order: &[usize],
) -> AliasState<'c, 'm> {
    let root = m.body.op(m.root);
    assert!(root.attributes().is_none() && root.properties().is_none());
    let ops = body(m);
    let mut bounds: Vec<usize> = cuts.iter().map(|&c| c.min(ops.len())).collect();
    bounds.sort_unstable();
    let mut runs = Vec::new();
    let mut from = 0;
    for &b in &bounds {
        runs.push(&ops[from..b]);
        from = b;
    }
    runs.push(&ops[from..]);
    let mut state = AliasState::new(&m.asm);
    if debug {
        state.visit(Node::Loc(root.location()), true);
    }
    let bodies = Bodies::new(&m.body);
    let mut parts: Vec<Option<AliasState<'c, 'm>>> = state
        .visit_runs(&bodies, bodies.regions(0, m.root).0, &runs, debug)
        .into_iter()
        .map(Some)
        .collect();
    let parts = order
        .iter()
        .map(|&k| parts[k].take().expect("a permutation"))
        .collect();
    state.merge_runs(parts);
    state.finish();
    state
}

/// Every field of an alias state, the stamps left out where `stamps` is
/// false (the sequential pass stamps in one run).
fn fields(s: &AliasState<'_, '_>, stamps: bool) -> String {
    let entries: Vec<_> = s
        .entries
        .iter()
        .map(|e| {
            let stamp = if stamps { e.stamp } else { 0 };
            (e.node, &e.name, e.depth, e.deferrable, &e.children, stamp)
        })
        .collect();
    let mut index: Vec<_> = s.index.iter().filter(|e| *e.1 != NO_ENTRY).collect();
    index.sort_unstable();
    format!(
        "entries {entries:?}\nindex {index:?}\nlocation_attrs {:?}\nalias {:?}\norder {:?}",
        s.location_attrs, s.alias, s.order
    )
}

fn options(debug_info: bool) -> PrintOptions {
    PrintOptions {
        debug_info,
        local_scope: false,
        elide_elements_above: None,
    }
}

/// Three runs merged in order and in the reverse order: every field of
/// the merged state (entries with their stamps, index, locations used
/// as attributes, aliases, order, the next run) is the same, and is the
/// sequential pass's.
#[test]
fn merged_runs_do_not_depend_on_the_merge_order() {
    let ctx = Context::new();
    let text = generated();
    let m = crate::ParseConfig::new()
        .name("g.mlir")
        .parallel(true)
        .parse(&ctx, &text)
        .unwrap();
    for debug in [false, true] {
        let forward = split_pass(&m, debug, &[4, 9], &[0, 1, 2]);
        let backward = split_pass(&m, debug, &[4, 9], &[2, 1, 0]);
        let shuffled = split_pass(&m, debug, &[4, 9], &[1, 2, 0]);
        assert_eq!(fields(&forward, true), fields(&backward, true));
        assert_eq!(fields(&forward, true), fields(&shuffled, true));
        assert_eq!(forward.run, backward.run);
        let sequential = collect_aliases(&Bodies::new(&m.body), &m, debug, false, None);
        assert_eq!(fields(&forward, false), fields(&sequential, false));
        // Something to compare: aliases of each family, block
        // arguments' (not deferrable) and locations'.
        assert!(forward.order.len() > 10, "{}", fields(&forward, false));
        assert!(
            forward
                .entries
                .iter()
                .any(|e| e.name.is_some() && !e.deferrable)
        );
        assert_eq!(
            forward
                .entries
                .iter()
                .any(|e| e.deferrable && e.name.is_some()),
            debug
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any split of the root's body into runs (empty ones too), merged
    /// in any order, prints the sequential pass's text; for the shipped
    /// alias file, `mlir-opt-19`'s.
    #[test]
    fn any_split_prints_the_same_text(
        (cuts, order) in prop::collection::vec(0..=16usize, 0..6).prop_flat_map(|cuts| {
            let runs = cuts.len() + 1;
            (Just(cuts), Just((0..runs).collect::<Vec<_>>()).prop_shuffle())
        }),
        debug in any::<bool>(),
        shipped in any::<bool>(),
    ) {
        let ctx = Context::new();
        let text = if shipped {
            include_str!("../../tests/data/aliases.mlir").to_owned()
        } else {
            generated()
        };
        let m = crate::ParseConfig::new().name("g.mlir").parallel(true).parse(&ctx, &text).unwrap();
        let split = split_pass(&m, debug, &cuts, &order);
        let bodies = Bodies::new(&m.body);
        let printed = print_with_aliases(&bodies, &m, options(debug), false, Some(&split), None).0;
        prop_assert_eq!(&printed, &print_module(&m, options(debug)));
        if shipped && !debug {
            prop_assert_eq!(&printed, include_str!("../../tests/data/aliases.expected"));
        }
        let sequential = collect_aliases(&Bodies::new(&m.body), &m, debug, false, None);
        prop_assert_eq!(fields(&split, false), fields(&sequential, false));
    }
}
