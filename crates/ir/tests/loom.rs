//! Loom models of the container: two owners rewriting while a third thread
//! adds a symbol, two threads asking for one symbol at once (invariant 8),
//! one owner handed between two threads, and an owner erased while it is
//! checked out and its slot reused (invariant 15); with the mutants
//! `IrSplitMutation`, `IrCheckoutShared` and `IrStaleOwnerReturn`.
//!
//! Run with `cargo xtask loom --crate strata-ir`.
//!
//! The facade does not build under loom, so the IR runs over its stand-in
//! handles (`strata_ir::Handle`, a name). Loom's threads need `'static`
//! closures, so each model leaks its body and its container (a few hundred
//! bytes per interleaving).

#![cfg(strata_loom)]

use std::sync::atomic::{AtomicUsize as Tally, Ordering::Relaxed as Plain}; // tidy: allow (tallies across loom iterations must not be loom objects)

use strata_ir::{
    BlockId, Body, Container, Handle, InsertKey, InsertPoint, IrError, OpId, OperationState,
    OwnerId, symbol_name,
};
use strata_sync::mutant::with_mutant;
use strata_sync::{Mutant, model, thread};

type Shared = Container<'static, 'static>;

/// A module body with functions `names` (each with an entry block), and
/// the owner of each function.
struct Module {
    container: &'static Shared,
    owners: Vec<OwnerId>,
    funcs: Vec<OpId>,
}

const LOC: Handle<'static> = Handle("loc");

/// A function defining symbol `name` (the stand-in properties hold it).
fn symbol_op(body: &mut Body<'static>, name: &'static str) -> OpId {
    let op = body.create_op(
        OperationState::new(Handle("func.func"), LOC)
            .properties(Handle(name))
            .regions(1)
            .isolated(),
    );
    let child = body.child_mut(body.op(op).owner().unwrap()).unwrap();
    let entry = child.create_block();
    child.append_block(child.roots()[0], entry).unwrap();
    op
}

fn module(names: &[&'static str]) -> Module {
    let body: &'static mut Body<'static> = Box::leak(Box::new(Body::new()));
    let region = body.create_region();
    let block = body.create_block();
    body.append_block(region, block).unwrap();
    let mut funcs = Vec::new();
    for n in names {
        let f = symbol_op(body, n);
        body.insert_op(f, InsertPoint::End(block)).unwrap();
        funcs.push(f);
    }
    let owners = funcs.iter().map(|&f| body.op(f).owner().unwrap()).collect();
    let container: &'static Shared = Box::leak(Box::new(Container::new(body, block)));
    Module {
        container,
        owners,
        funcs,
    }
}

/// Adds one operation to the entry block of a checked-out function; `ty`
/// is its result type.
fn rewrite(body: &mut Body<'static>, ty: Handle<'static>) {
    let entry = body.entry_block(body.roots()[0]).unwrap();
    let op = body.create_op(OperationState::new(Handle("test.op"), LOC).results(&[ty]));
    body.insert_op(op, InsertPoint::End(entry)).unwrap();
}

fn ops_in(container: &Shared, owner: OwnerId) -> usize {
    container.mutate(|m| m.body().child(owner).map_or(usize::MAX, Body::num_ops))
}

fn symbols(container: &Shared, block: BlockId) -> Vec<&'static str> {
    container.mutate(|m| {
        let body = m.body();
        body.block_ops(block)
            .map(|o| symbol_name(body, o).unwrap())
            .collect()
    })
}

/// Targets two threads each rewriting its own checked-out function while
/// a third adds a symbol to the module through the container: every
/// interleaving of the three critical sections (two checkouts and two
/// returns, one insertion) ends with each function holding its own work,
/// the symbol after the functions, and the module consistent. (Interning
/// while rewriting, which the facade's own models cover, runs on real
/// threads in `tests/parallel_rewrite.rs` and `tests/stress.rs`.)
///
/// Checks invariant 15.
#[test]
fn two_owners_rewrite_while_a_symbol_is_added() {
    model::check("two_owners_rewrite_while_a_symbol_is_added", || {
        let m = module(&["f", "g"]);
        let c = m.container;
        let (i32_, f32_) = (Handle("i32"), Handle("f32"));
        let block = c.mutate(|x| x.body().op(m.funcs[0]).parent().unwrap());
        let workers: Vec<_> = [(m.owners[0], i32_), (m.owners[1], f32_)]
            .into_iter()
            .map(|(owner, ty)| {
                thread::spawn(move || {
                    let mut body = c.checkout(owner).expect("no one else holds it");
                    rewrite(&mut body, ty);
                })
            })
            .collect();
        c.get_or_insert_symbol(InsertKey { owner: 0, seq: 0 }, "s", |b| symbol_op(b, "s"))
            .unwrap();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(ops_in(c, m.owners[0]), 1);
        assert_eq!(ops_in(c, m.owners[1]), 1);
        assert_eq!(symbols(c, block), ["f", "g", "s"]);
        c.mutate(|x| x.body().check()).unwrap();
    });
}

/// The model shared by the positive test and the `IrSplitMutation`
/// mutant: two threads ask for symbol `k` at once under different keys.
/// Both must get the one operation, and it sits at the smaller key's place.
fn two_threads_ask_for_one_symbol() {
    let m = module(&["f"]);
    let c = m.container;
    let block = c.mutate(|x| x.body().op(m.funcs[0]).parent().unwrap());
    let t = thread::spawn(move || {
        c.get_or_insert_symbol(InsertKey { owner: 2, seq: 0 }, "k", |b| symbol_op(b, "k"))
            .expect("the symbol is got or inserted")
    });
    let mine = c
        .get_or_insert_symbol(InsertKey { owner: 1, seq: 0 }, "k", |b| symbol_op(b, "k"))
        .expect("the symbol is got or inserted");
    let theirs = t.join().unwrap();
    assert_eq!(mine, theirs, "both threads get the one symbol");
    assert_eq!(symbols(c, block), ["f", "k"]);
    c.mutate(|x| x.body().check()).unwrap();
}

/// Targets the look-up and the insertion of `get_or_insert_symbol` racing
/// the same on another thread: one critical section does both, so exactly
/// one thread builds the symbol and the other finds it.
///
/// Checks invariant 8.
#[test]
fn one_symbol_for_two_threads() {
    model::check("one_symbol_for_two_threads", two_threads_ask_for_one_symbol);
}

/// `IrSplitMutation` (invariant 8): with the look-up and the insertion in
/// two critical sections, both threads miss and the second insertion finds
/// the symbol defined.
#[test]
#[should_panic(expected = "the symbol is got or inserted")]
fn mutant_split_get_or_insert() {
    with_mutant(Mutant::IrSplitMutation, || {
        model::check("mutant_split_get_or_insert", two_threads_ask_for_one_symbol);
    });
}

/// Checkouts that found the body out, over all interleavings of one model
/// (only `one_owner_two_holders_in_turn` counts them).
static FOUND_OUT: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)
/// Interleavings in which the erased owner's body came back to no slot
/// (only `erased_owner_body_is_dropped_not_returned` counts them).
static CAME_BACK_STALE: Tally = Tally::new(0); // tidy: allow (tallies across loom iterations)

/// The model shared by the hand-off test and the `IrCheckoutShared`
/// mutant: two threads check out the same function, waiting while it is
/// out, and each adds one operation.
fn one_owner_handed_between_two_threads() {
    let m = module(&["f"]);
    let (c, owner) = (m.container, m.owners[0]);
    let work = move || {
        loop {
            match c.checkout(owner) {
                Ok(mut body) => {
                    rewrite(&mut body, Handle("i32"));
                    return;
                }
                Err(IrError::ChildOut(_)) => {
                    FOUND_OUT.fetch_add(1, Plain);
                    thread::yield_now();
                }
                Err(e) => panic!("unexpected {e}"),
            }
        }
    };
    let t = thread::spawn(work);
    work();
    t.join().unwrap();
    assert_eq!(ops_in(c, owner), 2, "an owner's mutation was lost");
}

/// Targets two threads taking turns with one function's body: while one
/// holds it, the other's checkout is refused and waits; what the first
/// did is there when the second gets it. The model asserts that some
/// interleaving found the body out.
///
/// Checks invariant 15.
#[test]
fn one_owner_two_holders_in_turn() {
    model::check(
        "one_owner_two_holders_in_turn",
        one_owner_handed_between_two_threads,
    );
    assert!(
        FOUND_OUT.load(Plain) > 0,
        "no interleaving found the body checked out"
    );
}

/// `IrCheckoutShared` (invariant 15): a checkout that leaves the body home
/// and hands out a copy lets both threads hold it, and the second one back
/// overwrites the first one's work.
#[test]
#[should_panic(expected = "an owner's mutation was lost")]
fn mutant_checkout_shared() {
    with_mutant(Mutant::IrCheckoutShared, || {
        model::check(
            "mutant_checkout_shared",
            one_owner_handed_between_two_threads,
        );
    });
}

/// The model shared by the erasure test and the `IrStaleOwnerReturn`
/// mutant: a thread checks out `f` and rewrites it while the main thread
/// erases `f` and inserts `h`, which reuses `f`'s slot.
fn owner_erased_while_out() {
    let m = module(&["f"]);
    let (c, f, f_owner) = (m.container, m.funcs[0], m.owners[0]);
    let t = thread::spawn(move || {
        if let Ok(mut body) = c.checkout(f_owner) {
            rewrite(&mut body, Handle("i32"));
        }
    });
    c.mutate(|x| x.erase(f)).unwrap();
    let h = c
        .get_or_insert_symbol(InsertKey { owner: 0, seq: 0 }, "h", |b| symbol_op(b, "h"))
        .unwrap();
    t.join().unwrap();
    let (h_owner, stale) = c.mutate(|x| (x.body().op(h).owner().unwrap(), x.stale_returns()));
    assert_eq!(h_owner.slot(), f_owner.slot(), "h reuses f's slot");
    assert_eq!(
        ops_in(c, h_owner),
        0,
        "the erased owner's body replaced the new one"
    );
    if stale > 0 {
        CAME_BACK_STALE.fetch_add(1, Plain);
    }
    c.mutate(|x| x.body().check()).unwrap();
}

/// Targets an owner erased through the container while another thread
/// holds its body, and a new owner added in its slot before the body comes
/// back: the body goes to no slot and is dropped, the new owner keeps its
/// own. The model asserts that some interleaving brought a body back stale.
///
/// Checks invariant 15.
#[test]
fn erased_owner_body_is_dropped_not_returned() {
    model::check(
        "erased_owner_body_is_dropped_not_returned",
        owner_erased_while_out,
    );
    assert!(
        CAME_BACK_STALE.load(Plain) > 0,
        "no interleaving erased the owner while it was out"
    );
}

/// `IrStaleOwnerReturn` (invariant 15): a guard that gives its body back
/// without comparing generations puts the erased owner's body into the
/// slot of the operation that reused it.
#[test]
#[should_panic(expected = "the erased owner's body replaced the new one")]
fn mutant_stale_owner_return() {
    with_mutant(Mutant::IrStaleOwnerReturn, || {
        model::check("mutant_stale_owner_return", owner_erased_while_out);
    });
}
