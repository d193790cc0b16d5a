//! The facade's behaviour: the parallel driver, registration, re-entrancy,
//! panics in constructors, statistics.

use std::cell::Cell;

use strata_builtin::prelude::*;
use strata_ctx::diag::{EngineBuilder, HumanEmitter, Location as DiagLoc, SharedBuffer};
use strata_ctx::{Arena, Context, Dialect, KindInfo, Local, Registry, Shared, StorageKind};

/// A kind whose constructor can be told to intern again or to panic, through
/// a thread-local that points at the context under test.
enum Probe {}

#[derive(Debug, PartialEq, Eq, Hash)]
struct ProbeData(u64);

impl std::fmt::Display for ProbeData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "probe{}", self.0)
    }
}

strata_sync::thread_local! {
    static REENTER: Cell<*const Context> = const { Cell::new(std::ptr::null()) };
}

impl strata_ctx::Kind for Probe {
    type Family = strata_ctx::OtherFamily;

    type Stored<'c> = ProbeData;

    type Key<'k, 'c>
        = u64
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Probe>("test.probe");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: std::hash::Hasher>(key: &u64, state: &mut H) {
        state.write_u64(*key);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for Probe {
    fn matches<'k, 'c: 'k>(stored: &'c ProbeData, key: &u64) -> bool {
        stored.0 == *key
    }

    fn construct<'k, 'c: 'k>(key: &u64, _arena: &'c Arena) -> ProbeData {
        if *key == 666 {
            panic!("constructor refused key 666");
        }
        let ctx = REENTER.with(Cell::get);
        if !ctx.is_null() && *key == 7 {
            // SAFETY: the test keeps the context alive while it is set.
            let ctx = unsafe { &*ctx };
            let _ = ctx.intern::<Probe>(8);
        }
        ProbeData(*key)
    }
}

#[test]
fn reentrant_interning_is_a_clear_panic() {
    let ctx = Context::with_shards(1);
    REENTER.with(|r| r.set(&ctx));
    let err = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.intern::<Probe>(7)))
        .unwrap_err();
    REENTER.with(|r| r.set(std::ptr::null()));
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("re-entrant interning into storage kind `test.probe`"),
        "{msg}"
    );
    // The table is unchanged and usable.
    assert!(ctx.lookup::<Probe>(7).is_none());
    assert_eq!(ctx.intern::<Probe>(7).0, 7);
}

#[test]
fn a_panicking_constructor_leaves_the_table_usable() {
    for ctx in [Context::new(), Context::with_shards(1)] {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| ctx.intern::<Probe>(666)));
        assert!(r.is_err());
        assert!(ctx.lookup::<Probe>(666).is_none());
        let a = ctx.intern::<Probe>(1);
        assert_eq!(a, ctx.intern::<Probe>(1));
        std::thread::scope(|s| {
            s.spawn(|| assert_eq!(ctx.intern::<Probe>(1), a));
        });
    }
}

fn engine_into(buf: &SharedBuffer) -> strata_ctx::DiagEngine {
    EngineBuilder::new()
        .emitter(HumanEmitter::new())
        .sink(buf.clone())
        .build()
}

#[test]
fn parallel_driver_orders_diagnostics_and_reports_every_failure() {
    let items: Vec<u32> = (0..200).collect();
    let mut outputs = Vec::new();
    for _ in 0..5 {
        let buf = SharedBuffer::new();
        let ctx = Context::<Shared>::with_engine(engine_into(&buf)).with_table_shards(4);
        let r = ctx.failable_parallel_for_each(&items, |ctx, i, &item| {
            let _ = ctx.index_attr(i as i64 % 7);
            if item % 3 == 0 {
                ctx.diagnostics()
                    .warning(DiagLoc::Unknown, "item {}")
                    .arg(item)
                    .emit();
            }
            if item % 50 == 49 { Err(item) } else { Ok(()) }
        });
        assert_eq!(r, Err(vec![(49, 49), (99, 99), (149, 149), (199, 199)]));
        outputs.push(buf.contents());
    }
    assert!(outputs.iter().all(|o| *o == outputs[0]));
    let expected: String = (0..200)
        .filter(|i| i % 3 == 0)
        .map(|i| format!("warning: item {i}\n\n"))
        .collect();
    assert_eq!(outputs[0], expected);

    // The single-threaded context's driver gives the same output.
    let buf = SharedBuffer::new();
    let engine = EngineBuilder::<Local>::new()
        .emitter(HumanEmitter::new())
        .sink(buf.clone())
        .build();
    let ctx = Context::<Local>::with_engine(engine);
    let r = ctx.failable_parallel_for_each(&items, |ctx, _, &item| {
        if item % 3 == 0 {
            ctx.diagnostics()
                .warning(DiagLoc::Unknown, "item {}")
                .arg(item)
                .emit();
        }
        if item % 50 == 49 { Err(item) } else { Ok(()) }
    });
    assert_eq!(r, Err(vec![(49, 49), (99, 99), (149, 149), (199, 199)]));
    assert_eq!(buf.contents(), expected);
}

#[test]
fn parallel_for_each_runs_every_item() {
    let ctx = Context::new();
    let items: Vec<u64> = (0..1000).collect();
    ctx.parallel_for_each(&items, |ctx, _, &k| {
        let _ = ctx.intern::<Probe>(k % 100);
    });
    let stats = ctx.statistics();
    let probe = stats
        .kinds
        .iter()
        .find(|k| k.name == "test.probe")
        .expect("the probe table exists");
    assert_eq!(probe.entries, 100);
    assert!(probe.write_locks >= 100);
}

struct Demo;

impl Dialect for Demo {
    const NAMESPACE: &'static str = "demo";
    fn register(registry: &mut Registry<'_>) {
        registry.kind::<Probe>();
        registry.kind::<Probe>();
    }
}

#[test]
fn dialects_register_once() {
    let mut ctx = Context::new();
    let builtin = ctx.registered_kinds().len();
    assert!(ctx.register_dialect::<Demo>());
    assert!(!ctx.register_dialect::<Demo>());
    assert!(ctx.has_dialect("demo"));
    assert_eq!(ctx.dialects(), &["demo"]);
    assert_eq!(ctx.registered_kinds().len(), builtin + 1);
    assert_eq!(ctx.registered_kinds().last().unwrap().name(), "test.probe");
}

#[test]
fn the_builtin_dialect_registers_every_builtin_kind() {
    let mut ctx = Context::new();
    let before = ctx.registered_kinds().len();
    assert!(ctx.register_dialect::<strata_builtin::Builtin>());
    assert!(!ctx.register_dialect::<strata_builtin::Builtin>());
    assert!(ctx.has_dialect("builtin"));
    let added: Vec<&str> = ctx.registered_kinds()[before..]
        .iter()
        .map(|k| k.name())
        .collect();
    // One kind each, in the order `Builtin::register` lists them.
    let mut unique = added.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), added.len(), "{added:?}");
    for name in [
        "builtin.integer",
        "builtin.index",
        "builtin.float",
        "builtin.function",
        "builtin.memref",
        "builtin.vector",
        "builtin.integer_attr",
        "builtin.string",
        "builtin.dictionary",
        "builtin.affine_map",
        "builtin.dense",
        "builtin.dense_elements",
        "builtin.unknown_loc",
        "builtin.file_line_col_loc",
        "builtin.opaque_loc",
    ] {
        assert!(
            added.contains(&name),
            "`{name}` is not registered: {added:?}"
        );
    }
    assert!(added.iter().all(|n| n.starts_with("builtin.")), "{added:?}");
    assert_eq!(added.len(), 41, "{added:?}");
}

#[test]
fn common_builtins_need_no_lookup() {
    let ctx = Context::new();
    // The first use of any common builtin interns all of them, once, into
    // the context's `Builtins` extension; every later use is a load.
    let _ = ctx.i1();
    let before = ctx.statistics();
    for _ in 0..100 {
        let _ = (
            ctx.i32(),
            ctx.f32(),
            ctx.index(),
            ctx.unit_attr(),
            ctx.bool_attr(true),
            ctx.string_attr(""),
        );
        let _ = (
            ctx.dictionary_attr(&[]),
            ctx.array_attr(&[]),
            ctx.none_type(),
            ctx.unknown_loc(),
            ctx.int(64),
        );
    }
    let after = ctx.statistics();
    let hits = |s: &strata_ctx::Statistics| {
        s.kinds
            .iter()
            .map(|k| k.read_hits + k.write_locks)
            .sum::<u64>()
    };
    assert_eq!(
        hits(&before),
        hits(&after),
        "a common builtin went through a table"
    );
    assert_eq!(
        before.cache.hits + before.cache.misses,
        after.cache.hits + after.cache.misses
    );
}

#[test]
fn contexts_do_not_share_cache_entries() {
    // Two contexts interning the same keys on one thread: each gets its own
    // storages, and a dropped context's entries are never returned.
    let a = Context::new();
    let ha = a.intern::<Probe>(5).as_ptr();
    for _ in 0..3 {
        let b = Context::new();
        let hb = b.intern::<Probe>(5);
        assert_ne!(hb.as_ptr(), ha);
        assert_eq!(b.intern::<Probe>(5), hb);
    }
    assert_eq!(a.intern::<Probe>(5).as_ptr(), ha);
}

#[test]
fn the_thread_cache_admits_a_storage_on_its_second_use() {
    let ctx = Context::new();
    strata_tls::reset_stats();
    let a = ctx.intern::<Probe>(4242);
    // Created: not cached yet, so the second lookup goes to the table (a
    // read hit) and caches it; the third is a cache hit.
    let before = strata_tls::stats();
    assert_eq!(ctx.intern::<Probe>(4242), a);
    let mid = strata_tls::stats();
    assert_eq!(mid.hits, before.hits);
    assert_eq!(mid.inserts, before.inserts + 1);
    assert_eq!(ctx.intern::<Probe>(4242), a);
    assert_eq!(strata_tls::stats().hits, mid.hits + 1);
}

#[test]
fn after_a_scan_the_thread_cache_serves_a_hot_set_again() {
    // A scan of fresh keys parks this thread's cache for a while (the scan
    // bypass of strata-tls). A hot set used after the scan is served from
    // the cache again: its sampled admissions find their keys cached and
    // end the bypass.
    let ctx = Context::new();
    // A key's second use allocates the thread's cache (the first
    // admission); a thread without one probes nothing to skip.
    ctx.intern::<Probe>(7);
    ctx.intern::<Probe>(7);
    for k in 0..20_000u64 {
        ctx.intern::<Probe>(1_000_000 + k);
    }
    assert!(
        strata_tls::stats().bypasses > 0,
        "the scan was not detected"
    );
    for _ in 0..40 {
        for k in 0..256u64 {
            ctx.intern::<Probe>(k);
        }
    }
    let before = strata_tls::stats();
    for _ in 0..4 {
        for k in 0..256u64 {
            ctx.intern::<Probe>(k);
        }
    }
    let hits = strata_tls::stats().hits - before.hits;
    assert!(hits >= 4 * 256 * 9 / 10, "{hits} hits in 1024 lookups");
}

/// A hot extension that takes the context's hot slot before the builtins
/// can, so that their common values come from their state instead.
struct Squatter;

impl strata_ctx::Extension for Squatter {
    fn info() -> &'static strata_ctx::ExtensionInfo {
        static INFO: strata_ctx::ExtensionInfo = strata_ctx::ExtensionInfo::new("test.squatter");
        &INFO
    }
    const HOT: bool = true;
    fn create<P: strata_ctx::Policy, S: std::hash::BuildHasher>(_: &Context<P, S>) -> Self {
        Squatter
    }
}

/// Every common builtin, through its accessor and through the table (the
/// key interned directly), by address.
fn common_builtins_are_the_interned_values<P: strata_ctx::Policy, S: std::hash::BuildHasher>(
    ctx: &Context<P, S>,
) {
    use strata_builtin::{
        ArrayAttr, ArrayAttrData, DictionaryAttr, DictionaryAttrData, FloatKind, FloatType,
        IndexType, IndexTypeData, IntegerAttr, IntegerAttrKey, IntegerType, IntegerTypeData,
        NoneType, NoneTypeData, StringAttr, UnitAttr, UnitAttrData, UnknownLoc, UnknownLocData,
        apnum::ApInt,
    };
    let int = |w| {
        ctx.intern::<IntegerType>(IntegerTypeData::signless(w))
            .as_ptr()
    };
    let accessors = [
        ctx.i1(),
        ctx.i8(),
        ctx.i16(),
        ctx.i32(),
        ctx.i64(),
        ctx.i128(),
    ];
    for (ty, w) in accessors.into_iter().zip([1, 8, 16, 32, 64, 128]) {
        assert_eq!(ty.as_ptr(), int(w), "i{w}");
        assert_eq!(ctx.int(w).as_ptr(), int(w), "int({w})");
    }
    let float = |k| ctx.intern::<FloatType>(k).as_ptr();
    assert_eq!(ctx.f16().as_ptr(), float(FloatKind::F16));
    assert_eq!(ctx.bf16().as_ptr(), float(FloatKind::BF16));
    assert_eq!(ctx.f32().as_ptr(), float(FloatKind::F32));
    assert_eq!(ctx.f64().as_ptr(), float(FloatKind::F64));
    assert_eq!(
        ctx.index().as_ptr(),
        ctx.intern::<IndexType>(IndexTypeData).as_ptr()
    );
    assert_eq!(
        ctx.none_type().as_ptr(),
        ctx.intern::<NoneType>(NoneTypeData).as_ptr()
    );
    assert_eq!(
        ctx.unit_attr().as_ptr(),
        ctx.intern::<UnitAttr>(UnitAttrData).as_ptr()
    );
    for v in [false, true] {
        let value = ApInt::from_u128(1, u128::from(v));
        let key = IntegerAttrKey::new(ctx.i1().into(), &value);
        assert_eq!(
            ctx.bool_attr(v).as_ptr(),
            ctx.intern::<IntegerAttr>(key).as_ptr(),
            "{v}"
        );
    }
    assert_eq!(
        ctx.string_attr("").as_ptr(),
        ctx.intern::<StringAttr>("").as_ptr()
    );
    let dict = ctx.intern::<DictionaryAttr>(DictionaryAttrData { entries: &[] });
    assert_eq!(ctx.dictionary_attr(&[]).as_ptr(), dict.as_ptr());
    let array = ctx.intern::<ArrayAttr>(ArrayAttrData { elements: &[] });
    assert_eq!(ctx.array_attr(&[]).as_ptr(), array.as_ptr());
    assert_eq!(
        ctx.unknown_loc().as_ptr(),
        ctx.intern::<UnknownLoc>(UnknownLocData).as_ptr()
    );
    assert_eq!(ctx.i64().to_string(), "i64");
}

#[test]
fn common_builtins_are_the_interned_values_with_and_without_the_hot_slot() {
    // The builtins take the hot slot: their values come from the hot words.
    let ctx = Context::new();
    common_builtins_are_the_interned_values(&ctx);
    assert!(ctx.hot_word::<strata_builtin::Builtins>(0).is_some());
    // Another hot extension took it first: the values come from the state.
    let ctx = Context::new();
    ctx.extension::<Squatter>();
    common_builtins_are_the_interned_values(&ctx);
    assert!(ctx.hot_word::<strata_builtin::Builtins>(0).is_none());
    let ctx = Context::single_threaded();
    common_builtins_are_the_interned_values(&ctx);
}

/// An opaque attribute is a memory space only when its dialect is
/// registered in the context (it then stands for that dialect's own
/// attribute, which MLIR accepts); of an unregistered dialect, or of the
/// builtin namespace, it is MLIR's error.
#[test]
fn opaque_memory_spaces_need_a_registered_dialect() {
    let space = |ctx: &Context, ns: &str| {
        let attr = ctx.opaque_attr(ns, "address_space<workgroup>", ctx.none_type());
        ctx.try_memref_type(&[4], ctx.f32(), None, Some(attr.into()))
            .map(|t| t.to_string())
            .map_err(|e| e.message().to_owned())
    };
    let mut ctx = Context::new();
    let refused = Err("unsupported memory space Attribute".to_owned());
    assert_eq!(space(&ctx, "gpu"), refused);
    assert!(ctx.register_dialect_namespace("gpu"));
    assert_eq!(
        space(&ctx, "gpu").as_deref(),
        Ok("memref<4xf32, #gpu.address_space<workgroup>>")
    );
    assert_eq!(space(&ctx, "other"), refused);
    ctx.register_dialect_namespace("builtin");
    assert_eq!(space(&ctx, "builtin"), refused);
    let unranked = ctx.try_unranked_memref_type(
        ctx.f32(),
        Some(
            ctx.opaque_attr("gpu", "address_space<private>", ctx.none_type())
                .into(),
        ),
    );
    assert_eq!(
        unranked.unwrap().to_string(),
        "memref<*xf32, #gpu.address_space<private>>"
    );
}

#[test]
fn a_small_working_set_is_never_taken_for_a_scan() {
    // Three passes over a working set smaller than half the thread cache:
    // the second pass caches it, and the third finds it there, as before
    // the scan bypass existed.
    for n in [100u64, 500, 1000] {
        std::thread::spawn(move || {
            let ctx = Context::new();
            // (Keys from 10,000: the `Probe` kind refuses key 666.)
            for _ in 0..2 {
                for k in 0..n {
                    ctx.intern::<Probe>(10_000 + k);
                }
            }
            let before = strata_tls::stats();
            for k in 0..n {
                ctx.intern::<Probe>(10_000 + k);
            }
            let after = strata_tls::stats();
            assert_eq!(after.bypasses, 0, "{n} keys taken for a scan");
            let hits = after.hits - before.hits;
            assert!(
                hits * 10 >= n * 9,
                "{hits} of {n} keys hit on the third pass"
            );
        })
        .join()
        .unwrap();
    }
}
