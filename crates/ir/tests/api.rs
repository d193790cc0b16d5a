//! Behaviour of the container API, one property per test.

#![cfg(not(strata_loom))]

use std::cell::Cell;

use strata_ir::{IrError, IrView, Local, Owner, OwnerId, Shared, Statement, ValueId};
use strata_sync::atomic::{AtomicUsize, Ordering};

type Ir = Owner<&'static str, &'static str>;

/// The ids and the holdings of a container, for before/after comparisons.
fn picture<V, E>(ir: &IrView<V, E>) -> (Vec<Statement>, Vec<(OwnerId, Vec<ValueId>)>) {
    let owners = ir
        .owners()
        .into_iter()
        .map(|o| (o, ir.owner_values(o).collect()))
        .collect();
    (ir.statements().collect(), owners)
}

#[test]
fn registration_links_values_and_expressions_in_creation_order() {
    let f = Ir::new();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let y = ir.register_value(f.id(), "i32").unwrap();
    let add = ir.register_expr(f.id(), "add", &[x, x], &[y]).unwrap();
    let z = ir.register_value(f.id(), "i32").unwrap();
    let mul = ir.register_expr(f.id(), "mul", &[y, x], &[z]).unwrap();

    assert!(x < y && y.seq() < add.seq() && add.seq() < z.seq() && z.seq() < mul.seq());
    assert_eq!(
        ir.statements().collect::<Vec<_>>(),
        [
            Statement::Value(x),
            Statement::Value(y),
            Statement::Expr(add),
            Statement::Value(z),
            Statement::Expr(mul)
        ]
    );
    assert!(Statement::Value(z) > Statement::Expr(add));
    assert!(ir.statements().collect::<Vec<_>>().is_sorted());
    assert_eq!(ir.values().collect::<Vec<_>>(), [x, y, z]);
    assert_eq!(ir.exprs().rev().collect::<Vec<_>>(), [mul, add]);
    // `add` reads `x` twice and is recorded once among its uses.
    assert_eq!(ir.value(x).unwrap().uses, &[add, mul]);
    assert_eq!(ir.value(y).unwrap().uses, &[mul]);
    assert_eq!(ir.definition(y), Some(add));
    assert_eq!(ir.definition(x), None);
    let e = ir.expr(add).unwrap();
    assert_eq!(
        (e.inputs, e.outputs, *e.payload, e.owner),
        (&[x, x][..], &[y][..], "add", f.id())
    );
    assert_eq!(
        (ir.num_values(), ir.num_exprs(), ir.num_owners()),
        (3, 2, 1)
    );
    ir.assert_consistent();
}

#[test]
fn ssa_redefinition_replaces_the_old_definition_whole() {
    let f = Ir::new();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let lo = ir.register_value(f.id(), "i32").unwrap();
    let hi = ir.register_value(f.id(), "i32").unwrap();
    let split = ir.register_expr(f.id(), "split", &[x], &[lo, hi]).unwrap();
    let trunc = ir.register_expr(f.id(), "trunc", &[x], &[lo]).unwrap();

    // The old definition is gone with all its links: `hi` has none now.
    assert!(!ir.contains_expr(split));
    assert_eq!(ir.definition(lo), Some(trunc));
    assert_eq!(ir.definition(hi), None);
    assert_eq!(ir.value(x).unwrap().uses, &[trunc]);
    assert_eq!(ir.owner_exprs(f.id()).collect::<Vec<_>>(), [trunc]);
    ir.assert_consistent();
}

#[test]
fn removing_a_value_removes_its_definition_and_uses_across_owners() {
    let f = Ir::new();
    let g = f.add_owner();
    let mut ir = f.write();
    let a = ir.register_value(f.id(), "i32").unwrap();
    let b = ir.register_value(f.id(), "i32").unwrap();
    let c = ir.register_value(g.id(), "i32").unwrap();
    let def = ir.register_expr(f.id(), "const", &[], &[b]).unwrap();
    let other = ir.register_expr(f.id(), "neg", &[a], &[]).unwrap();
    let use_in_g = ir.register_expr(g.id(), "add", &[b, a], &[c]).unwrap();

    ir.remove_value(b).unwrap();
    assert!(!ir.contains_value(b));
    assert!(!ir.contains_expr(def));
    assert!(!ir.contains_expr(use_in_g), "g's use of b goes too");
    assert!(
        ir.contains_expr(other),
        "expressions that do not reference b stay"
    );
    assert!(
        ir.contains_value(c),
        "removing expressions never removes values"
    );
    assert_eq!(ir.definition(c), None);
    assert_eq!(ir.value(a).unwrap().uses, &[other]);
    assert_eq!(ir.remove_value(b), Err(IrError::UnknownValue(b)));
    ir.assert_consistent();
}

#[test]
fn removing_an_expression_keeps_its_values() {
    let f = Ir::new();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let y = ir.register_value(f.id(), "i32").unwrap();
    let e = ir.register_expr(f.id(), "neg", &[x], &[y]).unwrap();
    ir.remove_expr(e).unwrap();
    assert_eq!(ir.values().collect::<Vec<_>>(), [x, y]);
    assert_eq!(ir.definition(y), None);
    assert!(ir.value(x).unwrap().uses.is_empty());
    assert_eq!(ir.remove_expr(e), Err(IrError::UnknownExpr(e)));
    ir.assert_consistent();
}

#[test]
fn refused_mutations_change_nothing() {
    let f = Ir::new();
    let g = f.add_owner();
    let gone = g.id();
    drop(g);
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let y = ir.register_value(f.id(), "i32").unwrap();
    let e = ir.register_expr(f.id(), "neg", &[x], &[y]).unwrap();
    ir.remove_value(x).unwrap();
    let before = picture(&ir);

    assert_eq!(
        ir.register_value(gone, "i32"),
        Err(IrError::UnknownOwner(gone))
    );
    assert_eq!(
        ir.register_expr(gone, "neg", &[x], &[y]),
        Err(IrError::UnknownOwner(gone))
    );
    assert_eq!(
        ir.register_expr(f.id(), "neg", &[x], &[y]),
        Err(IrError::UnknownValue(x))
    );
    let z = ir.register_value(f.id(), "i32").unwrap();
    let before_z = picture(&ir);
    assert_eq!(
        ir.register_expr(f.id(), "pair", &[y], &[z, z]),
        Err(IrError::DuplicateOutput(z))
    );
    assert_eq!(
        ir.register_expr(f.id(), "inc", &[z], &[z]),
        Err(IrError::OutputIsInput(z))
    );
    assert_eq!(ir.remove_expr(e), Err(IrError::UnknownExpr(e)));
    assert_eq!(ir.transfer(gone, f.id()), Err(IrError::UnknownOwner(gone)));
    assert_eq!(ir.transfer(f.id(), gone), Err(IrError::UnknownOwner(gone)));
    assert_eq!(ir.clear_owner(gone), Err(IrError::UnknownOwner(gone)));
    assert_eq!(picture(&ir), before_z);
    assert_ne!(before, before_z);
    assert!(ir.value_mut(x).is_none() && ir.expr_mut(e).is_none());
    ir.assert_consistent();
}

#[test]
fn errors_explain_themselves() {
    let f = Ir::new();
    let v = f.write().register_value(f.id(), "i32").unwrap();
    let msg = IrError::DuplicateOutput(v).to_string();
    assert_eq!(
        msg,
        "value v0 is listed twice among the outputs of one expression"
    );
    assert_eq!(
        IrError::UnknownOwner(f.id()).to_string(),
        "owner o0 is not registered in this container"
    );
}

#[test]
fn rollback_removes_only_what_the_owner_created_since() {
    let f = Ir::new();
    let g = f.add_owner();
    let x = f.write().register_value(f.id(), "i32").unwrap();
    let cp = f.checkpoint();
    assert_eq!((cp.owner(), cp.next_seq()), (f.id(), x.seq() + 1));

    let (y, neg, w, g_use) = {
        let mut ir = f.write();
        let y = ir.register_value(f.id(), "i32").unwrap();
        let neg = ir.register_expr(f.id(), "neg", &[x], &[y]).unwrap();
        // Another owner works concurrently (here: in between).
        let w = ir.register_value(g.id(), "i32").unwrap();
        let g_use = ir.register_expr(g.id(), "use", &[x], &[w]).unwrap();
        (y, neg, w, g_use)
    };
    let g_use_of_y = g.write().register_expr(g.id(), "use", &[y], &[]).unwrap();

    f.write().remove_statements_created_after(cp).unwrap();
    let ir = f.read();
    assert_eq!(ir.owner_values(f.id()).collect::<Vec<_>>(), [x]);
    assert!(!ir.contains_value(y) && !ir.contains_expr(neg));
    assert!(
        ir.contains_value(w) && ir.contains_expr(g_use),
        "g's work survives"
    );
    assert!(
        !ir.contains_expr(g_use_of_y),
        "except what read a removed value"
    );
    ir.assert_consistent();
    drop(ir);

    let g_cp = g.checkpoint();
    drop(g);
    assert_eq!(
        f.write().remove_statements_created_after(g_cp),
        Err(IrError::UnknownOwner(g_cp.owner()))
    );
}

#[test]
fn transfer_moves_holdings_and_keeps_links() {
    let f = Ir::new();
    let g = f.add_owner();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let y = ir.register_value(g.id(), "i32").unwrap();
    let e = ir.register_expr(f.id(), "neg", &[x], &[y]).unwrap();
    ir.transfer(f.id(), g.id()).unwrap();
    ir.transfer(g.id(), g.id()).unwrap();
    assert_eq!(ir.owner_values(f.id()).count(), 0);
    assert_eq!(ir.owner_values(g.id()).collect::<Vec<_>>(), [x, y]);
    assert_eq!(ir.owner_exprs(g.id()).collect::<Vec<_>>(), [e]);
    assert_eq!(ir.value(x).unwrap().owner, g.id());
    assert_eq!(ir.definition(y), Some(e));
    assert!(ir.has_owner(f.id()), "the source owner stays registered");
    ir.assert_consistent();
    drop(ir);

    // g now holds everything, so dropping it empties the container.
    drop(g);
    let ir = f.read();
    assert_eq!(
        (ir.num_values(), ir.num_exprs(), ir.num_owners()),
        (0, 0, 1)
    );
}

#[test]
fn clear_owner_keeps_the_owner_registered() {
    let f = Ir::new();
    let g = f.add_owner();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32").unwrap();
    let y = ir.register_value(g.id(), "i32").unwrap();
    ir.register_expr(g.id(), "neg", &[x], &[y]).unwrap();
    ir.clear_owner(f.id()).unwrap();
    assert!(ir.has_owner(f.id()));
    assert_eq!(ir.values().collect::<Vec<_>>(), [y]);
    assert_eq!(ir.num_exprs(), 0, "g's expression read a cleared value");
    ir.assert_consistent();
}

#[test]
fn owners_are_registered_exactly_while_their_handles_live() {
    let f = Ir::new();
    let g = f.add_owner();
    let h = g.add_owner();
    assert!(f.shares_container_with(&h));
    assert!(!f.shares_container_with(&Ir::new()));
    assert_eq!(f.owner_count(), 3);
    assert_eq!(f.read().owners(), [f.id(), g.id(), h.id()]);
    let x = f.write().register_value(g.id(), "i32").unwrap();
    let snapshot = g.snapshot();
    assert_eq!(
        (snapshot.owner, snapshot.values, snapshot.exprs),
        (g.id(), vec![x], vec![])
    );

    let g_id = g.id();
    drop(g);
    assert_eq!(f.read().owners(), [f.id(), h.id()]);
    assert!(f.read().snapshot_owner(g_id).is_none());
    assert!(!f.read().contains_value(x));
    // Owner ids are never reused.
    let k = f.add_owner();
    assert!(k.id() > h.id());
    assert_eq!(f.owner_count(), 3);
}

static DROPPED: AtomicUsize = AtomicUsize::new(0);

/// A payload that counts its drops.
#[derive(Debug)]
struct Counted;

impl Drop for Counted {
    fn drop(&mut self) {
        // Statistics only; the test reads it on the same thread.
        DROPPED.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn the_last_owner_drops_the_container_and_every_payload() {
    let f = Owner::<Counted, Counted, Shared>::new();
    let g = f.add_owner();
    let gone = f.add_owner().id();
    {
        let mut ir = f.write();
        let x = ir.register_value(f.id(), Counted).unwrap();
        let y = ir.register_value(g.id(), Counted).unwrap();
        ir.register_expr(g.id(), Counted, &[x], &[y]).unwrap();
        // A refused registration drops its payload too.
        assert!(ir.register_value(gone, Counted).is_err());
        assert_eq!(DROPPED.load(Ordering::Relaxed), 0, "not under the lock");
    }
    assert_eq!(DROPPED.load(Ordering::Relaxed), 1);
    drop(f); // Removes f's value and g's expression reading it.
    assert_eq!(DROPPED.load(Ordering::Relaxed), 3);
    drop(g); // The last owner: the container goes with what is left.
    assert_eq!(DROPPED.load(Ordering::Relaxed), 4);
}

strata_sync::thread_local! {
    /// Another owner of the container under test, read from a payload's
    /// destructor.
    static WITNESS: Cell<Option<Owner<Witness, (), Local>>> = const { Cell::new(None) };
    /// The number of values the witness saw from inside a destructor.
    static SEEN: Cell<Option<usize>> = const { Cell::new(None) };
}

/// A payload whose destructor reads the container it was removed from.
struct Witness;

impl Drop for Witness {
    fn drop(&mut self) {
        WITNESS.with(|w| {
            let owner = w.take();
            if let Some(owner) = &owner {
                // With `Local`, reading while a guard is alive panics: this
                // succeeds only if the lock was released first.
                SEEN.with(|s| s.set(Some(owner.read().num_values())));
            }
            w.set(owner);
        });
    }
}

#[test]
fn removed_payloads_are_dropped_after_the_lock_is_released() {
    let f = Owner::<Witness, (), Local>::new();
    let x = f.write().register_value(f.id(), Witness).unwrap();
    WITNESS.with(|w| w.set(Some(f.add_owner())));
    {
        let mut ir = f.write();
        ir.remove_value(x).unwrap();
        assert_eq!(SEEN.with(Cell::get), None, "not dropped under the lock");
    }
    assert_eq!(SEEN.with(Cell::get), Some(0));
    WITNESS.with(|w| drop(w.take()));
}

#[test]
fn payloads_can_be_changed_under_the_write_guard() {
    let f = Owner::<String, u8>::new();
    let mut ir = f.write();
    let x = ir.register_value(f.id(), "i32".to_string()).unwrap();
    let e = ir.register_expr(f.id(), 1, &[x], &[]).unwrap();
    ir.value_mut(x).unwrap().push('*');
    *ir.expr_mut(e).unwrap() += 1;
    assert_eq!(
        (
            ir.value(x).unwrap().payload.as_str(),
            *ir.expr(e).unwrap().payload
        ),
        ("i32*", 2)
    );
}

#[test]
fn the_local_policy_has_the_same_behaviour() {
    let f = Owner::<&str, &str, Local>::new();
    let g = f.add_owner();
    let x = f.write().register_value(f.id(), "i32").unwrap();
    let y = g.write().register_value(g.id(), "i32").unwrap();
    let e = g.write().register_expr(g.id(), "neg", &[x], &[y]).unwrap();
    drop(f);
    let ir = g.read();
    assert!(!ir.contains_expr(e) && ir.contains_value(y) && !ir.contains_value(x));
    ir.assert_consistent();
}

#[test]
#[should_panic(
    expected = "strata: a single-threaded lock was re-entered while held on this thread"
)]
fn the_local_policy_refuses_a_second_guard_while_writing() {
    let f = Owner::<u8, u8, Local>::new();
    let _writer = f.write();
    let _reader = f.read();
}

#[test]
fn shared_owners_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Owner<u32, String>>();
    send_sync::<strata_ir::IrContainer<u32, String>>();
}

#[test]
fn debug_output_names_the_state() {
    let f = Ir::new();
    f.write().register_value(f.id(), "i32").unwrap();
    assert_eq!(format!("{:?}", f), "Owner { id: o0, owners: 1 }");
    let shown = format!("{:?}", f.container());
    assert!(
        shown.starts_with("IrContainer(IrView { values: 1, exprs: 0"),
        "{shown}"
    );
    let writer = f.write();
    assert!(format!("{writer:?}").starts_with("Mutator(IrView"));
    assert_eq!(format!("{:?}", f.container()), "IrContainer(<locked>)");
}

#[test]
fn compile_segments_runs_every_segment_and_reports_failures_in_order() {
    let module = Ir::new();
    let ran = AtomicUsize::new(0);
    let result = module.compile_segments(0..9, |owner, i| {
        // Statistics only: read after the call returns (the scope joins).
        ran.fetch_add(1, Ordering::Relaxed);
        {
            let mut ir = owner.write();
            let x = ir.register_value(owner.id(), "i32").unwrap();
            ir.register_expr(owner.id(), "ret", &[x], &[]).unwrap();
        }
        if i % 3 == 0 { Err(i * 100) } else { Ok(owner) }
    });
    assert_eq!(ran.load(Ordering::Relaxed), 9);
    assert_eq!(result.unwrap_err(), [(0, 0), (3, 300), (6, 600)]);
    assert_eq!(
        module.read().num_values(),
        0,
        "every segment owner was dropped"
    );

    // Segments that succeed may keep their owners, in segment order.
    let owners = module
        .compile_segments(["a", "b", "c"], |owner, name| {
            owner.write().register_value(owner.id(), name).unwrap();
            Ok::<_, ()>(owner)
        })
        .unwrap();
    let ir = module.read();
    let names: Vec<&str> = owners
        .iter()
        .map(|o| {
            *ir.value(ir.owner_values(o.id()).next().unwrap())
                .unwrap()
                .payload
        })
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    assert!(
        owners.windows(2).all(|w| w[0].id() < w[1].id()),
        "owner ids follow segment order"
    );
}

#[test]
fn compile_segments_resumes_the_first_panic_after_every_segment_ran() {
    let module = Ir::new();
    let ran = AtomicUsize::new(0);
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        module.compile_segments(0..6, |owner, i| {
            // Statistics only: read after the call unwinds (the scope joins).
            ran.fetch_add(1, Ordering::Relaxed);
            let mut ir = owner.write();
            ir.register_value(owner.id(), "i32").unwrap();
            if i == 2 || i == 4 {
                panic!("segment {i} panicked");
            }
            Ok::<(), ()>(())
        })
    }));
    let payload = caught.unwrap_err();
    assert_eq!(
        payload.downcast_ref::<String>().unwrap(),
        "segment 2 panicked"
    );
    assert_eq!(ran.load(Ordering::Relaxed), 6);
    let ir = module.read();
    assert_eq!((ir.num_values(), ir.num_owners()), (0, 1));
    ir.assert_consistent();
}

#[test]
fn compile_segments_with_the_local_policy_runs_in_order() {
    let module = Owner::<usize, (), Local>::new();
    let mut order = Vec::new();
    let result = module.compile_segments(0..4, |owner, i| {
        order.push(i);
        owner.write().register_value(owner.id(), i).unwrap();
        if i == 1 { Err("bad") } else { Ok(i) }
    });
    assert_eq!(order, [0, 1, 2, 3]);
    assert_eq!(result, Err(vec![(1, "bad")]));
    let ok = module.compile_segments(Vec::<usize>::new(), |_, i| Ok::<_, ()>(i));
    assert_eq!(ok, Ok(vec![]));
}

#[test]
fn owners_count_and_number_in_creation_order_and_ids_print() {
    let f = Ir::new();
    let g = f.add_owner();
    let h = g.add_owner();
    assert_eq!([f.id().index(), g.id().index(), h.id().index()], [0, 1, 2]);
    assert_eq!(f.read().num_owners(), 3);
    let (x, y) = {
        let mut ir = f.write();
        (
            ir.register_value(f.id(), "i32").unwrap(),
            ir.register_value(g.id(), "i32").unwrap(),
        )
    };
    let cp = h.checkpoint();
    assert_eq!(cp.next_seq(), y.seq() + 1);
    assert_eq!(format!("{x:?}"), format!("v{}", x.seq()));
    drop(h);
    assert_eq!(f.read().num_owners(), 2);
}

/// Runs `f` on its own thread and waits for it against a generous deadline,
/// so that a deadlock fails the test instead of hanging it; returns `f`'s
/// panic message (`None` if it returned).
fn watched(f: impl FnOnce() + Send + 'static) -> Option<String> {
    let worker = std::thread::spawn(move || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .err()
            .map(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default()
            })
    });
    let start = std::time::Instant::now();
    while !worker.is_finished() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "a guard waited for a guard its own thread holds: a deadlock"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    worker.join().expect("the worker catches its panics")
}

/// A thread holds a `Reader` while another waits to write; the first thread
/// then reads again (`read`, `snapshot`, `checkpoint`). With a task-fair
/// lock a plain second read queues behind the writer, which waits for the
/// first reader: the nested read must not wait. The writer's wait is made
/// certain first (formatting the container finds the lock taken once the
/// writer has announced itself).
#[test]
fn a_nested_read_does_not_wait_behind_a_queued_writer() {
    let msg = watched(|| {
        let f = Ir::new();
        let g = f.add_owner();
        let reader = f.read();
        std::thread::scope(|s| {
            let writer = s.spawn(|| {
                let mut ir = g.write();
                ir.register_value(g.id(), "late").unwrap();
            });
            let start = std::time::Instant::now();
            while format!("{:?}", f.container()) != "IrContainer(<locked>)" {
                assert!(!writer.is_finished(), "the writer got past a held reader");
                if start.elapsed() > std::time::Duration::from_secs(30) {
                    // The writer never announced itself (no task-fair
                    // queueing here): nothing to test against.
                    break;
                }
                std::thread::yield_now();
            }
            let nested = f.read();
            assert_eq!(nested.num_owners(), 2);
            assert_eq!(f.snapshot().values.len(), 0);
            let _ = f.checkpoint();
            drop(nested);
            drop(reader);
        });
        assert_eq!(g.snapshot().values.len(), 1);
    });
    assert_eq!(msg, None);
}

/// A thread that holds a guard asks for the write lock of the same
/// container: under either policy a panic naming both, never a deadlock,
/// and the container works afterwards.
#[test]
fn a_write_under_a_held_guard_is_a_panic_not_a_deadlock() {
    let msg = watched(|| {
        let f = Ir::new();
        let _r = f.read();
        let _ = f.write();
    });
    let msg = msg.expect("a write under a held reader panics");
    assert!(
        msg.contains("`write` needs the container's write lock, but this thread holds a Reader"),
        "{msg}"
    );
    let msg = watched(|| {
        let f = Ir::new();
        let _w = f.write();
        let _ = f.read();
    })
    .expect("a read under the held mutator panics");
    assert!(
        msg.contains("a read needs the container's read lock, but this thread holds a Mutator"),
        "{msg}"
    );
    let msg = watched(|| {
        let f = Ir::new();
        let r = f.read();
        let _g = f.add_owner();
        drop(r);
    })
    .expect("add_owner under a held reader panics");
    assert!(msg.contains("`add_owner` needs"), "{msg}");
    let msg = watched(|| {
        let f = Ir::new();
        let g = f.add_owner();
        let _r = f.read();
        drop(g);
    })
    .expect("dropping an owner under a held reader panics");
    assert!(msg.contains("dropping an `Owner` needs"), "{msg}");
    // Guards dropped in any order leave the record clean: this thread can
    // write again.
    let f = Ir::new();
    let (a, b) = (f.read(), f.read());
    drop(a);
    drop(b);
    f.write().register_value(f.id(), "v").unwrap();
    assert_eq!(f.snapshot().values.len(), 1);
    // The single-threaded policy panics too (its `RefCell`).
    let local = Owner::<u32, u32, Local>::new();
    let _r = local.read();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = local.write();
    }));
    assert!(r.is_err());
}

/// An `Owner` dropped while its thread unwinds with a guard of the same
/// container held: under either policy the drop keeps the owner's
/// statements instead of panicking again (which would abort the process),
/// and the container stays usable.
#[test]
fn an_owner_dropped_while_unwinding_under_a_held_guard_keeps_its_statements() {
    fn check<P: strata_ir::Policy>() {
        let f = Owner::<&str, &str, P>::new();
        let g = f.add_owner();
        f.write().register_value(g.id(), "kept").unwrap();
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _r = f.read();
            let _g = g;
            panic!("the first panic");
        }));
        let e = caught.expect_err("the closure panics");
        assert_eq!(e.downcast_ref::<&str>(), Some(&"the first panic"));
        // The dropped owner's value is still there, held by an id that no
        // handle has; the container takes guards again.
        assert_eq!(f.read().num_values(), 1);
        assert_eq!(f.read().num_owners(), 2);
        assert_eq!(f.owner_count(), 1);
        f.read().assert_consistent();
        f.write().register_value(f.id(), "new").unwrap();
        assert_eq!(f.read().num_values(), 2);
    }
    check::<Shared>();
    check::<Local>();
}
