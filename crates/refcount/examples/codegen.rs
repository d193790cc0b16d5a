//! Codegen probes: clone, drop and upgrade of a `Ref` under each policy, each
//! in its own `#[inline(never)]` function so that its machine code can be
//! read on its own. The single-threaded (`Local`) functions must contain no
//! `lock`-prefixed instruction and no fence; the `Shared` ones show the
//! `lock xadd` / `lock cmpxchg` they pay for. To look:
//!
//! ```text
//! cargo build --release -p strata-refcount --example codegen
//! objdump -d -C --no-show-raw-insn target/release/examples/codegen \
//!     | awk '/<codegen::(local|shared)_/,/^$/'
//! ```

use std::hint::black_box;

use strata_refcount::{Ref, WeakRef};
use strata_sync::policy::Local;

/// Clones a single-threaded handle: a plain load, add and store.
#[inline(never)]
fn local_clone(r: &Ref<u64, Local>) -> Ref<u64, Local> {
    r.clone()
}

/// Drops a single-threaded handle: a plain load, subtract and store, and the
/// call of the slow path when the count reached zero.
#[inline(never)]
fn local_drop(r: Ref<u64, Local>) {
    drop(r);
}

/// Upgrades a single-threaded weak handle: a compare against zero and a
/// store, no compare-and-swap.
#[inline(never)]
fn local_upgrade(w: &WeakRef<u64, Local>) -> Option<Ref<u64, Local>> {
    w.upgrade()
}

/// Clones a thread-safe handle: one `lock xadd`.
#[inline(never)]
fn shared_clone(r: &Ref<u64>) -> Ref<u64> {
    r.clone()
}

/// Drops a thread-safe handle: one `lock xadd` (the Acquire fence compiles
/// to nothing on x86-64, whose locked instructions already order).
#[inline(never)]
fn shared_drop(r: Ref<u64>) {
    drop(r);
}

/// Upgrades a thread-safe weak handle: a `lock cmpxchg` loop.
#[inline(never)]
fn shared_upgrade(w: &WeakRef<u64>) -> Option<Ref<u64>> {
    w.upgrade()
}

fn main() {
    let local = Ref::new_in(black_box(7_u64), Local);
    let local_weak = Ref::downgrade(&local);
    let c = local_clone(black_box(&local));
    local_drop(black_box(c));
    let u = local_upgrade(black_box(&local_weak)).expect("alive");
    assert_eq!(Ref::strong_count(&u), 2);
    local_drop(u);

    let shared = Ref::new(black_box(7_u64));
    let shared_weak = Ref::downgrade(&shared);
    let c = shared_clone(black_box(&shared));
    shared_drop(black_box(c));
    let u = shared_upgrade(black_box(&shared_weak)).expect("alive");
    assert_eq!(Ref::strong_count(&u), 2);
    shared_drop(u);
    println!("local: {}, shared: {}", *local, *shared);
}
