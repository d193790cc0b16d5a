//! Many owners mutating one container from many threads (far more threads
//! than this machine has cores), with the consistency checker run under read
//! guards throughout. Bounded by operation count: a few seconds at most.

#![cfg(not(strata_loom))]

use strata_ir::{IrError, IrView, Owner, ValueId};
use strata_sync::atomic::{AtomicUsize, Ordering};
use strata_sync::thread;

const THREADS: u64 = 16;
const OPS: usize = 300;
const SHARED: u32 = 8;

/// A small deterministic generator (xorshift64*), one per thread.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

type Ir = Owner<u32, u32>;

/// One thread's life as an owner: registers, removes, redefines shared
/// values, rolls back, transfers itself to a fresh owner, and checks the
/// container and its own holdings under read guards.
fn churn(mut owner: Ir, shared: &[ValueId], seed: u64) {
    let mut rng = Rng::new(seed);
    // The values this owner holds: only this thread removes them (other
    // owners' removals and rollbacks cascade to expressions, never to
    // values), so this list is exact.
    let mut mine: Vec<ValueId> = Vec::new();
    for step in 0..OPS {
        match rng.below(10) {
            0..=2 => {
                let v = owner
                    .write()
                    .register_value(owner.id(), step as u32)
                    .unwrap();
                mine.push(v);
            }
            3..=5 => {
                let mut pool: Vec<ValueId> = shared.to_vec();
                pool.extend(&mine);
                let inputs = [rng.pick(&pool), rng.pick(&pool)];
                // Usually define one of ours; sometimes redefine a shared
                // value, replacing whichever owner's definition it had.
                let output = if mine.is_empty() || rng.below(4) == 0 {
                    rng.pick(shared)
                } else {
                    rng.pick(&mine)
                };
                let mut ir = owner.write();
                match ir.register_expr(owner.id(), step as u32, &inputs, &[output]) {
                    Ok(e) => {
                        assert_eq!(ir.definition(output), Some(e));
                        assert!(ir.owner_exprs(owner.id()).any(|x| x == e));
                    }
                    Err(error) => assert_eq!(error, IrError::OutputIsInput(output)),
                }
            }
            6 if !mine.is_empty() => {
                let v = mine.swap_remove(rng.below(mine.len()));
                let mut ir = owner.write();
                ir.remove_value(v).unwrap();
                assert!(gone_without_trace(&ir, v));
            }
            7 => {
                let cp = owner.checkpoint();
                let temp: Vec<ValueId> = (0..3)
                    .map(|i| owner.write().register_value(owner.id(), i).unwrap())
                    .collect();
                owner
                    .write()
                    .register_expr(owner.id(), 0, &temp[..1], &temp[1..])
                    .unwrap();
                owner.write().remove_statements_created_after(cp).unwrap();
                let ir = owner.read();
                assert!(temp.iter().all(|&v| !ir.contains_value(v)));
            }
            8 => {
                let ir = owner.read();
                ir.assert_consistent();
                let mut expected = mine.clone();
                expected.sort_unstable();
                assert_eq!(ir.owner_values(owner.id()).collect::<Vec<_>>(), expected);
                assert!(
                    ir.owner_exprs(owner.id())
                        .all(|e| ir.expr(e).unwrap().owner == owner.id())
                );
            }
            _ => {
                // Move everything to a fresh owner and retire the old one,
                // which then holds nothing, so its drop removes nothing.
                let successor = owner.add_owner();
                owner.write().transfer(owner.id(), successor.id()).unwrap();
                owner = successor;
            }
        }
    }
    let snapshot = owner.snapshot();
    mine.sort_unstable();
    assert_eq!(snapshot.values, mine);
    // Dropping the owner removes what it holds, concurrently with the
    // others' work.
}

/// Whether `v` is gone and no expression names it any more.
fn gone_without_trace(ir: &IrView<u32, u32>, v: ValueId) -> bool {
    !ir.contains_value(v)
        && ir.exprs().all(|e| {
            let x = ir.expr(e).unwrap();
            !x.inputs.contains(&v) && !x.outputs.contains(&v)
        })
}

#[test]
fn many_owners_mutating_concurrently_keep_the_container_consistent() {
    let root = Ir::new();
    let shared: Vec<ValueId> = {
        let mut ir = root.write();
        (0..SHARED)
            .map(|i| ir.register_value(root.id(), i).unwrap())
            .collect()
    };
    let workers: Vec<_> = (0..THREADS)
        .map(|t| {
            let owner = root.add_owner();
            let shared = shared.clone();
            thread::spawn(move || churn(owner, &shared, t + 1))
        })
        .collect();
    // The main thread reads concurrently.
    for _ in 0..50 {
        root.read().assert_consistent();
        thread::yield_now();
    }
    for worker in workers {
        worker.join().unwrap();
    }

    let ir = root.read();
    ir.assert_consistent();
    assert_eq!(ir.owners(), [root.id()]);
    assert_eq!(ir.values().collect::<Vec<_>>(), shared);
    assert_eq!(
        ir.num_exprs(),
        0,
        "every expression belonged to a dropped owner"
    );
    assert!(shared.iter().all(|&v| ir.definition(v).is_none()));
}

#[test]
fn compile_segments_under_load_reports_every_failure_in_order() {
    let module = Ir::new();
    let shared: Vec<ValueId> = {
        let mut ir = module.write();
        (0..SHARED)
            .map(|i| ir.register_value(module.id(), i).unwrap())
            .collect()
    };
    let ran = AtomicUsize::new(0);
    let result = module.compile_segments(0..32u64, |owner, i| {
        // Statistics only: read after the call returns (the scope joins).
        ran.fetch_add(1, Ordering::Relaxed);
        let mut rng = Rng::new(i + 100);
        for step in 0..40u32 {
            let mut ir = owner.write();
            let v = ir.register_value(owner.id(), step).unwrap();
            let input = rng.pick(&shared);
            ir.register_expr(owner.id(), step, &[input], &[v]).unwrap();
            drop(ir);
            if step % 8 == 0 {
                owner.read().assert_consistent();
            }
        }
        if i % 5 == 0 {
            Err(format!("segment {i}"))
        } else {
            Ok(owner.snapshot().values.len())
        }
    });
    assert_eq!(ran.load(Ordering::Relaxed), 32);
    let errors = result.unwrap_err();
    let indices: Vec<usize> = errors.iter().map(|(i, _)| *i).collect();
    assert_eq!(indices, [0, 5, 10, 15, 20, 25, 30]);
    assert!(errors.iter().all(|(i, e)| *e == format!("segment {i}")));
    let ir = module.read();
    ir.assert_consistent();
    assert_eq!(
        (ir.num_values(), ir.num_exprs(), ir.num_owners()),
        (shared.len(), 0, 1)
    );
}
