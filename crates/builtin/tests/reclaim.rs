//! Reclaimable kinds through the facade: equal keys give equal live handles
//! from many threads, a dead storage is rebuilt fresh, the memory report adds
//! up, the single-threaded context works the same, dense attributes print as
//! MLIR prints them, and panics leave the tables consistent.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};

use strata_builtin::prelude::*;
use strata_builtin::{DYNAMIC, DenseElementsAttr, DenseElementsKey};
use strata_ctx::{Context, Counted, KindInfo, KindMemory, Local, Policy, ReclaimableKind, Shared};
use strata_sync::Mutex;
use strata_sync::atomic::AtomicUsize;
use strata_sync::atomic::Ordering::Relaxed;

const DENSE: &str = "builtin.dense_elements";

fn dense<P: Policy>(ctx: &Context<P>) -> KindMemory {
    ctx.memory()
        .kind(DENSE)
        .copied()
        .expect("the dense kind was used")
}

/// A 16-byte buffer for key `k`.
fn buffer(k: u64) -> [u8; 16] {
    let mut b = [0_u8; 16];
    b[..8].copy_from_slice(&k.to_le_bytes());
    b[8..].copy_from_slice(&(!k).to_le_bytes());
    b
}

#[test]
fn equal_keys_give_equal_live_handles_across_8_threads() {
    const KEYS: u64 = 32;
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[16], ctx.i8());
    let per_thread: Vec<Vec<Counted<'_, DenseElementsAttr>>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..8_u64)
            .map(|t| {
                let ctx = &ctx;
                s.spawn(move || {
                    // Each thread visits the keys in its own order, and hands
                    // back its handle for key k at index k.
                    let mut out: Vec<Option<Counted<'_, DenseElementsAttr>>> =
                        (0..KEYS).map(|_| None).collect();
                    for i in 0..KEYS {
                        let k = (i * (2 * t + 1) + t) % KEYS;
                        let h = ctx.dense_elements_attr(ty, &buffer(k));
                        assert_eq!(*h.data, buffer(k));
                        out[k as usize] = Some(h);
                    }
                    out.into_iter().map(Option::unwrap).collect()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for k in 0..KEYS as usize {
        let first = &per_thread[0][k];
        for handles in &per_thread[1..] {
            assert_eq!(&handles[k], first, "key {k}: two live storages");
        }
        assert_eq!(Counted::strong_count(first), 8);
    }
    // Every key was built once: its storage was alive from its first intern
    // on, so every later one found it.
    let m = dense(&ctx);
    assert_eq!((m.live, m.reclaimed), (KEYS as usize, 0));
    drop(per_thread);
    let m = dense(&ctx);
    assert_eq!((m.live, m.bytes_in_use, m.reclaimed), (0, 0, KEYS));
}

/// Threads intern, hold, share and drop handles to a few keys at random,
/// so storages die and are rebuilt all the time; whenever two handles to one
/// key are alive at once, they are equal.
#[test]
fn churn_keeps_equal_keys_equal_at_any_time() {
    const THREADS: u64 = 16;
    const KEYS: usize = 6;
    let ops: u64 = if cfg!(debug_assertions) {
        1_500
    } else {
        20_000
    };
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[16], ctx.i8());
    // One shared slot per key: a handle some thread parked there.
    let slots: Mutex<Vec<Option<Counted<'_, DenseElementsAttr>>>> =
        Mutex::new((0..KEYS).map(|_| None).collect());
    std::thread::scope(|s| {
        for t in 0..THREADS {
            let (ctx, slots) = (&ctx, &slots);
            s.spawn(move || {
                let mut state = t.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                let mut next = || {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state
                };
                for _ in 0..ops {
                    let r = next();
                    let k = (r % KEYS as u64) as usize;
                    let h = ctx.dense_elements_attr(ty, &buffer(k as u64));
                    assert_eq!(*h.data, buffer(k as u64));
                    if r & 0x100 != 0 {
                        let again = ctx.dense_elements_attr(ty, &buffer(k as u64));
                        assert_eq!(again, h, "a second intern of a live key differs");
                    }
                    let mut slots = slots.lock();
                    match &slots[k] {
                        Some(parked) => {
                            assert_eq!(*parked, h, "two live storages for key {k}");
                            if r & 0x600 == 0 {
                                slots[k] = None; // may be the last handle
                            }
                        }
                        None if r & 0x1000 != 0 => slots[k] = Some(h.clone()),
                        None => {}
                    }
                    drop(slots);
                    drop(h); // often the last handle: the storage dies
                }
            });
        }
    });
    let alive = slots.lock().iter().flatten().count();
    let m = dense(&ctx);
    assert_eq!(m.live, alive);
    assert!(
        m.reclaimed > KEYS as u64,
        "storages died and were rebuilt ({} reclaimed)",
        m.reclaimed
    );
    drop(slots);
    let m = dense(&ctx);
    assert_eq!((m.live, m.bytes_in_use), (0, 0));
    assert_eq!(ctx.memory().kind(DENSE).unwrap().index_bytes, m.index_bytes);
}

/// How many `Serial` payloads were built.
static BUILT: AtomicUsize = AtomicUsize::new(0);

/// A reclaimable kind that numbers its constructions.
enum Serial {}

impl strata_ctx::Kind for Serial {
    type Family = strata_ctx::OtherFamily;
    type Stored<'c> = (u32, usize);

    type Key<'k, 'c>
        = u32
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::opaque::<Serial>("test.serial");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u32, state: &mut H) {
        key.hash(state)
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl ReclaimableKind for Serial {
    fn matches<'k, 'c: 'k>(stored: &(u32, usize), key: &u32) -> bool {
        stored.0 == *key
    }

    fn construct<'k, 'c: 'k>(key: &u32) -> (u32, usize) {
        // Relaxed: a statistics counter of this test, read after the fact.
        (*key, BUILT.fetch_add(1, Relaxed))
    }
}

fn drop_then_reintern<P: Policy>(ctx: &Context<P>) {
    let a = ctx.intern_counted::<Serial>(1_000);
    let b = ctx.intern_counted::<Serial>(1_000);
    assert_eq!(a, b);
    assert_eq!(a.1, b.1, "one construction while a handle lives");
    let first = a.1;
    drop((a, b));
    assert!(
        ctx.lookup_counted::<Serial>(1_000).is_none(),
        "a dead storage is absent"
    );
    let c = ctx.intern_counted::<Serial>(1_000);
    assert_ne!(c.1, first, "the key was built anew");
    assert_eq!(ctx.lookup_counted::<Serial>(1_000).as_ref(), Some(&c));
    let m = *ctx.memory().kind("test.serial").unwrap();
    assert_eq!((m.live, m.reclaimed), (1, 1));

    // The same through a dense attribute.
    let ty = ctx.tensor_type(&[16], ctx.i8());
    let key = buffer(5);
    let d = ctx.dense_elements_attr(ty, &key);
    drop(d);
    let m = dense(ctx);
    assert_eq!((m.live, m.bytes_in_use), (0, 0));
    assert!(
        ctx.lookup_counted::<DenseElementsAttr>(DenseElementsKey {
            ty: ty.into(),
            data: &key
        })
        .is_none()
    );
    let e = ctx.dense_elements_attr(ty, &key);
    assert_eq!(dense(ctx).live, 1);
    assert_eq!(dense(ctx).reclaimed, m.reclaimed);
    assert_eq!(*e.data, key);
}

#[test]
fn drop_then_reintern_builds_a_fresh_storage() {
    drop_then_reintern(&Context::new());
}

#[test]
fn drop_then_reintern_builds_a_fresh_storage_single_threaded() {
    drop_then_reintern(&Context::single_threaded());
}

fn memory_adds_up<P: Policy>(ctx: &Context<P>) {
    let probe = ctx.dense_elements_attr(ctx.tensor_type(&[3], ctx.i8()), &[1, 2, 3]);
    let node = dense(ctx).bytes_in_use - 3;
    assert!(node > 0, "a storage counts its node");
    drop(probe);
    let base_reclaimed = dense(ctx).bytes_reclaimed;
    assert_eq!(base_reclaimed, (node + 3) as u64);

    // Ten attributes of ten sizes.
    let attrs: Vec<_> = (1..=10_usize)
        .map(|n| {
            let ty = ctx.tensor_type(&[n as i64 * 8], ctx.i8());
            ctx.dense_elements_attr(ty, &vec![n as u8; n * 8])
        })
        .collect();
    let data: usize = (1..=10).map(|n| n * 8).sum();
    let m = dense(ctx);
    assert_eq!(m.live, 10);
    assert_eq!(m.bytes_in_use, 10 * node + data);
    assert!(m.reclaimable);
    // Drop the odd sizes.
    let (odd, even): (Vec<_>, Vec<_>) = attrs.into_iter().partition(|a| a.data.len() / 8 % 2 == 1);
    let odd_bytes: usize = odd.iter().map(|a| node + a.data.len()).sum();
    drop(odd);
    let m = dense(ctx);
    assert_eq!(m.live, 5);
    assert_eq!(m.reclaimed, 1 + 5);
    assert_eq!(m.bytes_in_use, 10 * node + data - odd_bytes);
    assert_eq!(m.bytes_reclaimed, base_reclaimed + odd_bytes as u64);
    assert_eq!(
        m.bytes_in_use as u64 + m.bytes_reclaimed,
        (11 * node + data + 3) as u64,
        "in use + reclaimed = everything ever built"
    );
    drop(even);
    assert_eq!(dense(ctx).bytes_in_use, 0);

    // Immortal kinds: their arena's bytes, never reclaimed.
    let report = ctx.memory();
    let ints = report.kind("builtin.integer").unwrap();
    assert!(!ints.reclaimable);
    assert!(ints.bytes_in_use > 0 && ints.live >= 6);
    assert_eq!((ints.reclaimed, ints.bytes_reclaimed), (0, 0));
    let stats = ctx.statistics();
    for k in report.kinds.iter().filter(|k| !k.reclaimable) {
        let s = stats.kinds.iter().find(|s| s.name == k.name).unwrap();
        assert_eq!(k.live, s.entries, "{}", k.name);
    }
    assert_eq!(
        report.bytes_in_use(),
        report
            .kinds
            .iter()
            .map(|k| k.bytes_in_use + k.index_bytes)
            .sum::<usize>()
            + report.affine_bytes
    );
    assert_eq!(report.bytes_reclaimed(), dense(ctx).bytes_reclaimed);
    let text = report.to_string();
    assert!(text.contains(DENSE) && text.contains("reclaimable") && text.contains("immortal"));
    assert!(text.contains("bytes reclaimed"));
}

#[test]
fn memory_numbers_add_up() {
    memory_adds_up(&Context::new());
}

#[test]
fn memory_numbers_add_up_single_threaded() {
    memory_adds_up(&Context::single_threaded());
}

#[test]
fn handles_hash_and_compare_by_address_and_print_their_payload() {
    let ctx = Context::<Local>::single_threaded();
    let ty = ctx.tensor_type(&[2], ctx.i8());
    let a = ctx.dense_elements_attr(ty, &[1, 2]);
    let b = ctx.dense_elements_attr(ty, &[1, 2]);
    let c = ctx.dense_elements_attr(ty, &[2, 1]);
    let set: HashSet<_> = [a.clone(), b.clone(), c.clone()].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert_eq!(a.as_ptr(), b.as_ptr());
    assert_ne!(a, c);
    assert_eq!(Counted::strong_count(&a), 3);
    assert_eq!(a.to_string(), "dense<[1, 2]> : tensor<2xi8>");
    assert!(format!("{a:?}").starts_with("DenseElementsAttrData {"));
    assert_eq!(a.shape(), &[2]);
    assert_eq!(a.element_type(), ctx.i8().into());
    assert_eq!((a.num_elements(), a.element_bytes()), (2, 1));
    assert_eq!(a.raw_data(), &[1, 2]);
}

#[test]
fn shared_handles_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Counted<'static, DenseElementsAttr, Shared>>();
    send_sync::<Counted<'static, Serial, Shared>>();
}

#[test]
fn dense_attributes_print_as_mlir_does() {
    let ctx = Context::new();
    let show =
        |ty: strata_ctx::Type<'_>, data: &[u8]| ctx.dense_elements_attr(ty, data).to_string();
    let i8s = |n: i64| ctx.tensor_type(&[n], ctx.i8()).into();
    assert_eq!(
        show(i8s(4), &[1, 2, 3, 0xff]),
        "dense<[1, 2, 3, -1]> : tensor<4xi8>"
    );
    assert_eq!(show(i8s(4), &[7; 4]), "dense<7> : tensor<4xi8>");
    assert_eq!(show(i8s(0), &[]), "dense<> : tensor<0xi8>");
    let scalar = ctx.tensor_type(&[], ctx.i32()).into();
    assert_eq!(show(scalar, &[42, 0, 0, 0]), "dense<42> : tensor<i32>");
    let big: Vec<u8> = (0..=100).collect();
    let hex = show(i8s(101), &big);
    assert!(hex.starts_with("dense<\"0x000102030405"), "{hex}");
    assert!(hex.ends_with("6364\"> : tensor<101xi8>"), "{hex}");
    let nested = ctx.tensor_type(&[2, 3], ctx.int(16)).into();
    let data: Vec<u8> = (1..=6_i16).flat_map(|v| (-v).to_le_bytes()).collect();
    assert_eq!(
        show(nested, &data),
        "dense<[[-1, -2, -3], [-4, -5, -6]]> : tensor<2x3xi16>"
    );
    let ui8 = ctx.integer_type(8, strata_builtin::Signedness::Unsigned);
    assert_eq!(
        show(ctx.vector_type(&[2], ui8).into(), &[255, 1]),
        "dense<[255, 1]> : vector<2xui8>"
    );
    assert_eq!(
        show(ctx.tensor_type(&[3], ctx.i1()).into(), &[1, 0, 1]),
        "dense<[true, false, true]> : tensor<3xi1>"
    );
    let f32s: Vec<u8> = [1.5_f32, -0.25]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        show(ctx.tensor_type(&[2], ctx.f32()).into(), &f32s),
        "dense<[1.500000e+00, -2.500000e-01]> : tensor<2xf32>"
    );
    let f64s: Vec<u8> = [1e10_f64, f64::NAN]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(
        show(ctx.tensor_type(&[2], ctx.f64()).into(), &f64s),
        "dense<[1.000000e+10, 0x7FF8000000000000]> : tensor<2xf64>"
    );
    // f16 1.0 = 0x3C00, -2.0 = 0xC000; bf16 1.0 = 0x3F80.
    assert_eq!(
        show(
            ctx.tensor_type(&[2], ctx.f16()).into(),
            &[0x00, 0x3c, 0x00, 0xc0]
        ),
        "dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf16>"
    );
    assert_eq!(
        show(ctx.tensor_type(&[1], ctx.bf16()).into(), &[0x80, 0x3f]),
        "dense<1.000000e+00> : tensor<1xbf16>"
    );
    assert_eq!(
        show(
            ctx.tensor_type(&[2], ctx.index()).into(),
            &[[1, 0, 0, 0, 0, 0, 0, 0], [0xff; 8]].concat()
        ),
        "dense<[1, -1]> : tensor<2xindex>"
    );
    let complex = ctx.tensor_type(&[1], ctx.complex_type(ctx.f32())).into();
    assert_eq!(
        show(complex, &[0, 0, 0x80, 0x3f, 0, 0, 0, 0]),
        // As mlir-opt-19 prints `dense<[(1.0, 0.0)]>`.
        "dense<(1.000000e+00,0.000000e+00)> : tensor<1xcomplex<f32>>"
    );
}

#[test]
fn bad_dense_attributes_panic_and_leave_the_context_usable() {
    let ctx = Context::new();
    let cases: [(strata_ctx::Type<'_>, &[u8], &str); 5] = [
        (
            ctx.tensor_type(&[3], ctx.i8()).into(),
            &[1, 2],
            "needs 3 elements of 1 bytes (3 bytes), not 2 bytes",
        ),
        (
            ctx.tensor_type(&[DYNAMIC], ctx.i8()).into(),
            &[1],
            "statically shaped tensor, vector or memref",
        ),
        (
            ctx.unranked_tensor_type(ctx.i8()).into(),
            &[1],
            "statically shaped tensor, vector or memref",
        ),
        (ctx.i32().into(), &[1, 0, 0, 0], "not `i32`"),
        // Legal as a splat (MLIR's element count wraps), but every element
        // of a dense elements attribute is stored.
        (
            ctx.tensor_type(&[i64::MAX, 4], ctx.i8()).into(),
            &[1],
            "needs more than 2^63 elements of 1 bytes (more than fit in memory)",
        ),
    ];
    for (ty, data, expected) in cases {
        let err = catch_unwind(AssertUnwindSafe(|| ctx.dense_elements_attr(ty, data)))
            .expect_err("a bad dense attribute panics");
        let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(msg.contains(expected), "{msg}");
    }
    let m = dense(&ctx);
    assert_eq!((m.live, m.reclaimed), (0, 0));
    let ok = ctx.dense_elements_attr(ctx.tensor_type(&[2], ctx.i8()), &[1, 2]);
    assert_eq!(ok.to_string(), "dense<[1, 2]> : tensor<2xi8>");
}

/// A payload whose destructor panics on request.
struct Grumpy(u32);

impl Drop for Grumpy {
    fn drop(&mut self) {
        if self.0 == 13 && !std::thread::panicking() {
            panic!("grumpy payload");
        }
    }
}

enum GrumpyKind {}

impl strata_ctx::Kind for GrumpyKind {
    type Family = strata_ctx::OtherFamily;
    type Stored<'c> = Grumpy;

    type Key<'k, 'c>
        = u32
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::opaque::<GrumpyKind>("test.grumpy");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u32, state: &mut H) {
        key.hash(state)
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl ReclaimableKind for GrumpyKind {
    fn matches<'k, 'c: 'k>(stored: &Grumpy, key: &u32) -> bool {
        stored.0 == *key
    }

    fn construct<'k, 'c: 'k>(key: &u32) -> Grumpy {
        if *key == 666 {
            panic!("grumpy constructor");
        }
        Grumpy(*key)
    }

    fn heap_bytes(_: &Grumpy) -> usize {
        0
    }
}

#[test]
fn panics_in_construct_or_drop_leave_the_table_consistent() {
    let ctx = Context::new();
    let err = catch_unwind(AssertUnwindSafe(|| ctx.intern_counted::<GrumpyKind>(666)));
    assert!(err.is_err());
    let grumpy = |ctx: &Context| *ctx.memory().kind("test.grumpy").unwrap();
    assert_eq!(grumpy(&ctx).live, 0);
    // The payload's destructor panics when the last handle drops: the
    // storage has left the table and its memory is freed all the same
    // (LeakSanitizer checks the latter).
    let h = ctx.intern_counted::<GrumpyKind>(13);
    let err = catch_unwind(AssertUnwindSafe(move || drop(h)));
    assert!(err.is_err());
    let m = grumpy(&ctx);
    assert_eq!((m.live, m.reclaimed), (0, 1));
    assert!(ctx.lookup_counted::<GrumpyKind>(13).is_none());
    // The key can be interned again, from another thread too.
    let again = std::thread::scope(|s| {
        s.spawn(|| ctx.intern_counted::<GrumpyKind>(14).0)
            .join()
            .unwrap()
    });
    assert_eq!(again, 14);
    let h = ctx.intern_counted::<GrumpyKind>(13);
    assert_eq!(h.0, 13);
    assert!(catch_unwind(AssertUnwindSafe(move || drop(h))).is_err());
    assert_eq!(grumpy(&ctx).reclaimed, 3, "13, 14 and 13 again");
}

#[test]
fn leaked_handles_are_freed_with_the_context() {
    let ctx = Context::new();
    for i in 0..100_u64 {
        let ty = ctx.tensor_type(&[16], ctx.i8());
        std::mem::forget(ctx.dense_elements_attr(ty, &buffer(i)));
    }
    assert_eq!(dense(&ctx).live, 100);
    // LeakSanitizer fails the run if the context does not free them.
    drop(ctx);
}
