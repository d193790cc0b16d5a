//! Loom models of the container: concurrent owners, a reader against a
//! compound removal, rollback against a concurrent owner, and the
//! `IrSplitMutation` mutant.
//!
//! Run with
//! `RUSTFLAGS="--cfg strata_loom" LOOM_MAX_PREEMPTIONS=2 cargo test --release -p strata-ir --test loom`.

#![cfg(strata_loom)]

use strata_ir::Owner;
use strata_sync::Mutant;
use strata_sync::model::check;
use strata_sync::mutant::with_mutant;
use strata_sync::thread;

type Ir = Owner<u8, u8>;

/// Targets the interleavings of two owners' write sections: owner `g` (a
/// spawned thread) defines the shared value `y`, registers and removes a
/// private value; owner `f` (the main thread) defines `y` too and registers
/// a value. Whatever the lock order, afterwards the holdings agree with the
/// tables, no statement is lost or doubled, and SSA holds: `y` has exactly
/// one definition, the one registered last, and the other is gone with its
/// use of `x`.
///
/// Checks invariant 8.
#[test]
fn two_owners_register_and_remove() {
    check("two_owners_register_and_remove", || {
        let f = Ir::new();
        let g = f.add_owner();
        let (x, y) = {
            let mut ir = f.write();
            let x = ir.register_value(f.id(), 0).unwrap();
            let y = ir.register_value(f.id(), 1).unwrap();
            (x, y)
        };
        let t = thread::spawn(move || {
            let e = g.write().register_expr(g.id(), 2, &[x], &[y]).unwrap();
            let w = g.write().register_value(g.id(), 3).unwrap();
            g.write().remove_value(w).unwrap();
            (g, e)
        });
        let e_f = f.write().register_expr(f.id(), 4, &[x], &[y]).unwrap();
        let v = f.write().register_value(f.id(), 5).unwrap();
        let (g, e_g) = t.join().unwrap();

        let ir = f.read();
        ir.assert_consistent();
        let (later, earlier) = if e_f > e_g { (e_f, e_g) } else { (e_g, e_f) };
        assert_eq!(ir.definition(y), Some(later));
        assert!(!ir.contains_expr(earlier));
        assert_eq!(ir.exprs().collect::<Vec<_>>(), [later]);
        assert_eq!(ir.value(x).unwrap().uses, &[later]);
        assert_eq!(ir.values().collect::<Vec<_>>(), [x, y, v]);
        assert_eq!(ir.owner_values(f.id()).collect::<Vec<_>>(), [x, y, v]);
        assert_eq!(ir.owner_values(g.id()).count(), 0);
        let later_owner = if later == e_f { f.id() } else { g.id() };
        assert_eq!(ir.owner_exprs(later_owner).collect::<Vec<_>>(), [later]);
        drop(ir);

        // Dropping `g` removes its definition of `y` if that one won.
        drop(g);
        let ir = f.read();
        ir.assert_consistent();
        assert_eq!(ir.num_exprs(), usize::from(later == e_f));
        assert_eq!(ir.owners(), [f.id()]);
    });
}

/// The reader model shared by the positive test and the mutant: a spawned
/// writer runs `remove_value(y)`, a compound mutation (remove `y`'s
/// defining expression `e`, which also reads `x`, then `y` itself), while
/// the main thread takes a read guard at any point of it, iterates the
/// container and checks it.
fn reader_during_compound_removal() {
    let f = Ir::new();
    let g = f.add_owner();
    let (x, y, e) = {
        let mut ir = f.write();
        let x = ir.register_value(f.id(), 0).unwrap();
        let y = ir.register_value(f.id(), 1).unwrap();
        let e = ir.register_expr(f.id(), 2, &[x], &[y]).unwrap();
        (x, y, e)
    };
    let t = thread::spawn(move || {
        g.write().remove_value(y).unwrap();
        g
    });
    {
        let ir = f.read();
        let values: Vec<_> = ir.values().collect();
        let exprs: Vec<_> = ir.exprs().collect();
        ir.assert_consistent();
        match (ir.contains_value(y), ir.contains_expr(e)) {
            (true, true) => {
                assert_eq!((values, exprs), (vec![x, y], vec![e]));
                assert_eq!(ir.definition(y), Some(e));
                assert_eq!(ir.value(x).unwrap().uses, &[e]);
            }
            (false, false) => {
                assert_eq!((values, exprs), (vec![x], vec![]));
                assert!(ir.value(x).unwrap().uses.is_empty());
            }
            half => panic!("the removal of {y} is half visible: {half:?}"),
        }
    }
    drop(t.join().unwrap());
    let ir = f.read();
    ir.assert_consistent();
    assert_eq!(ir.values().collect::<Vec<_>>(), [x]);
}

/// Targets a reader that takes the lock at every point of a compound
/// removal (`remove_value` of a value with a defining expression): the
/// reader sees the container entirely before it or entirely after it.
///
/// Checks invariant 8.
#[test]
fn reader_never_sees_a_half_removal() {
    check(
        "reader_never_sees_a_half_removal",
        reader_during_compound_removal,
    );
}

/// Targets a reader that takes the lock at every point of an SSA
/// redefinition: owner `g` registers a new definition of `y`, which removes
/// `f`'s old one in the same critical section. The reader sees the old
/// definition or the new one (with `x`'s uses to match), never neither and
/// never both.
///
/// Checks invariant 8.
#[test]
fn reader_never_sees_a_half_redefinition() {
    check("reader_never_sees_a_half_redefinition", || {
        let f = Ir::new();
        let g = f.add_owner();
        let (x, y, old) = {
            let mut ir = f.write();
            let x = ir.register_value(f.id(), 0).unwrap();
            let y = ir.register_value(f.id(), 1).unwrap();
            let old = ir.register_expr(f.id(), 2, &[x], &[y]).unwrap();
            (x, y, old)
        };
        let t = thread::spawn(move || {
            let new = g.write().register_expr(g.id(), 3, &[x], &[y]).unwrap();
            (g, new)
        });
        {
            let ir = f.read();
            ir.assert_consistent();
            let definition = ir.definition(y).expect("y always has a definition");
            assert_eq!(ir.exprs().collect::<Vec<_>>(), [definition]);
            assert_eq!(ir.value(x).unwrap().uses, &[definition]);
            assert!(definition == old || ir.expr(definition).unwrap().owner != f.id());
        }
        let (g, new) = t.join().unwrap();
        let ir = f.read();
        ir.assert_consistent();
        assert_eq!(ir.definition(y), Some(new));
        assert!(!ir.contains_expr(old));
        drop(ir);
        drop(g);
        assert_eq!(f.read().definition(y), None);
    });
}

/// Targets owner `f` rolling back to a checkpoint while owner `g`
/// concurrently registers statements after that checkpoint (a value, then
/// an expression reading `f`'s pre-checkpoint value) and is dropped at the
/// end of its thread. The rollback removes only `f`'s new statements, in
/// every interleaving; `g`'s drop removes only `g`'s.
///
/// Checks invariant 8.
#[test]
fn rollback_spares_a_concurrent_owner() {
    check("rollback_spares_a_concurrent_owner", || {
        let f = Ir::new();
        let g = f.add_owner();
        let g_id = g.id();
        let x = f.write().register_value(f.id(), 0).unwrap();
        let cp = f.checkpoint();
        let t = thread::spawn(move || {
            let w = g.write().register_value(g.id(), 1).unwrap();
            g.write().register_expr(g.id(), 2, &[x], &[w]).unwrap();
            // `g` is dropped here, concurrently with `f`'s work.
        });
        let y = f.write().register_value(f.id(), 3).unwrap();
        {
            let mut ir = f.write();
            let g_before = ir.snapshot_owner(g_id);
            ir.remove_statements_created_after(cp).unwrap();
            assert_eq!(ir.snapshot_owner(g_id), g_before, "g's work is spared");
            assert!(!ir.contains_value(y) && ir.contains_value(x));
            ir.assert_consistent();
        }
        t.join().unwrap();
        let ir = f.read();
        ir.assert_consistent();
        assert_eq!(ir.values().collect::<Vec<_>>(), [x]);
        assert_eq!((ir.num_exprs(), ir.owners()), (0, vec![f.id()]));
        assert!(ir.value(x).unwrap().uses.is_empty());
    });
}

/// Breaks invariant 8 (a compound mutation is never half visible): with
/// `IrSplitMutation`, removing an expression releases the write lock between
/// taking it out of the tables and clearing its outputs' definitions, so the
/// reader of `reader_never_sees_a_half_removal` can find `y` (`v1`) still
/// naming its removed definition `e2`; the consistency checker reports it.
#[test]
#[should_panic(
    expected = "inconsistent container: value v1 has a defining expression e2 that was removed"
)]
fn mutant_ir_split_mutation() {
    with_mutant(Mutant::IrSplitMutation, || {
        check("ir_split_mutation", reader_during_compound_removal)
    });
}
