//! The facade's own surface, each behaviour checked here rather than only
//! through the dialect crates built on it: registration, the parallel
//! driver, when the thread cache admits a storage, handle hashing and
//! printing, and the drop of every stored value with its context.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};

use strata_ctx::{
    AttributeFamily, Context, Dialect, Kind, KindInfo, KindStatistics, Local, Registry,
    StorageKind, storage_kind,
};
use strata_sync::atomic::{AtomicUsize, Ordering};

storage_kind! {
    /// A name (the test's storage kind).
    pub Name => String as &str, "surface.name", Category::Other
}

storage_kind! {
    /// A second kind, for registration.
    pub Tag => String as &str, "surface.tag", Category::Other
}

/// A dialect with the two kinds.
struct Demo;

impl Dialect for Demo {
    const NAMESPACE: &'static str = "demo";
    fn register(registry: &mut Registry<'_>) {
        registry.kind::<Name>();
        registry.kind::<Tag>();
        // A second registration of one kind is a no-op.
        registry.kind::<Name>();
    }
}

#[test]
fn a_dialect_registers_once_with_its_kinds_in_order() {
    let mut ctx = Context::new();
    assert!(!ctx.has_dialect("demo"));
    assert!(ctx.dialects().is_empty());
    assert!(
        ctx.register_dialect::<Demo>(),
        "the first registration is new"
    );
    assert!(!ctx.register_dialect::<Demo>(), "the second is a no-op");
    assert!(ctx.has_dialect("demo"));
    assert!(!ctx.has_dialect("dem"));
    assert_eq!(ctx.dialects(), ["demo"]);
    let names: Vec<&str> = ctx.registered_kinds().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["surface.name", "surface.tag"]);
    assert!(ctx.register_dialect_namespace("gpu"));
    assert_eq!(ctx.dialects(), ["demo", "gpu"]);
}

#[test]
fn a_kind_registers_directly_once() {
    let mut ctx = Context::<Local>::single_threaded();
    ctx.register_kind::<Tag>();
    ctx.register_kind::<Tag>();
    let names: Vec<&str> = ctx.registered_kinds().iter().map(|k| k.name()).collect();
    assert_eq!(names, ["surface.tag"]);
}

/// The parallel driver (the `driver` feature, on by default).
#[cfg(feature = "driver")]
mod driver {
    use super::Name;
    use strata_ctx::diag::{PlainEmitter, SharedBuffer};
    use strata_ctx::{Context, DiagEngine, Local, Policy, Shared};
    use strata_sync::Mutex;

    fn every_item_runs_once_with_its_index<P: Policy>(ctx: &Context<P>) {
        let items: Vec<usize> = (0..200).map(|i| i * 3).collect();
        let seen = Mutex::new(vec![0u32; items.len()]);
        ctx.parallel_for_each(&items, |ctx, i, &item| {
            assert_eq!(item, i * 3, "item {i} came with another's index");
            let _ = ctx.intern::<Name>(&format!("n{item}"));
            seen.lock()[i] += 1;
        });
        assert!(seen.into_inner().iter().all(|&n| n == 1));
        let failed =
            ctx.failable_parallel_for_each(
                &items,
                |_, i, &item| {
                    if i % 7 == 3 { Err(item) } else { Ok(()) }
                },
            );
        let expected: Vec<(usize, usize)> = (0..items.len())
            .filter(|i| i % 7 == 3)
            .map(|i| (i, i * 3))
            .collect();
        assert_eq!(failed, Err(expected), "failures in index order");
        assert_eq!(
            ctx.failable_parallel_for_each(&items, |_, _, _| Ok::<(), ()>(())),
            Ok(())
        );
        // The map gives each item's result at the item's index.
        let mapped = ctx.parallel_map(&items, |ctx, i, &item| {
            let _ = ctx.intern::<Name>(&format!("m{item}"));
            (i, item + 1)
        });
        let expected: Vec<(usize, usize)> = items.iter().map(|&x| (x / 3, x + 1)).collect();
        assert_eq!(mapped, expected, "results in index order");
    }

    #[test]
    fn the_driver_runs_every_item_once_and_reports_every_failure_in_order() {
        every_item_runs_once_with_its_index(&Context::new());
        every_item_runs_once_with_its_index(&Context::<Local>::single_threaded());
    }

    /// Two items panic: every other item still runs, once, and the panic
    /// that propagates is the lower-indexed item's, whatever the schedule.
    fn a_panicking_item_stops_no_other<P: Policy>(ctx: &Context<P>) {
        let items: Vec<usize> = (0..64).collect();
        let seen = Mutex::new(vec![0u32; items.len()]);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            ctx.parallel_for_each(&items, |_, i, _| {
                seen.lock()[i] += 1;
                if i == 11 || i == 50 {
                    // Item 50 panics first more often than not.
                    if i == 11 {
                        std::thread::sleep(std::time::Duration::from_millis(5));
                    }
                    std::panic::panic_any(format!("item {i} failed"));
                }
            });
        }));
        let payload = caught.expect_err("the items' panic propagates");
        assert_eq!(
            payload.downcast_ref::<String>().map(String::as_str),
            Some("item 11 failed")
        );
        assert!(seen.lock().iter().all(|&n| n == 1), "{:?}", seen.lock());
        // The failable form runs every item too, and reports the panic after
        // all of them.
        let ran = Mutex::new(0usize);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            ctx.failable_parallel_for_each(&items, |_, i, _| {
                *ran.lock() += 1;
                if i == 0 {
                    panic!("first");
                }
                Err::<(), usize>(i)
            })
        }));
        assert!(caught.is_err());
        assert_eq!(*ran.lock(), items.len());
        // So does the map, and the panic is the lower-indexed item's.
        let ran = Mutex::new(0usize);
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            ctx.parallel_map(&items, |_, i, _| {
                *ran.lock() += 1;
                if i == 7 || i == 40 {
                    std::panic::panic_any(format!("map item {i} failed"));
                }
                i
            })
        }));
        let payload = caught.expect_err("the items' panic propagates");
        assert_eq!(
            payload.downcast_ref::<String>().map(String::as_str),
            Some("map item 7 failed")
        );
        assert_eq!(*ran.lock(), items.len());
    }

    #[test]
    fn a_panicking_item_stops_no_other_item() {
        a_panicking_item_stops_no_other(&Context::new());
        a_panicking_item_stops_no_other(&Context::<Local>::single_threaded());
    }

    fn diagnostics_follow_item_order<P: Policy>(engine: DiagEngine<P>, out: &SharedBuffer) {
        let ctx = Context::<P>::with_engine(engine);
        let items: Vec<u32> = (0..64).collect();
        ctx.parallel_for_each(&items, |ctx, _, &n| {
            // Later items finish first more often than not.
            std::thread::sleep(std::time::Duration::from_micros(u64::from(64 - n) * 20));
            ctx.diagnostics()
                .error(strata_ctx::diag::Location::name("x"), format!("item {n}"))
                .emit();
        });
        let text = out.contents();
        let order: Vec<u32> = text
            .lines()
            .filter_map(|l| l.strip_prefix("error: item "))
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(order, items, "diagnostics out of item order:\n{text}");
    }

    #[test]
    fn diagnostics_of_the_driver_come_out_in_item_order() {
        let out = SharedBuffer::new();
        let engine = DiagEngine::builder()
            .emitter(PlainEmitter::new())
            .sink(out.clone())
            .build();
        diagnostics_follow_item_order::<Shared>(engine, &out);
        let out = SharedBuffer::new();
        let engine = DiagEngine::<Local>::builder_with_policy()
            .emitter(PlainEmitter::new())
            .sink(out.clone())
            .build();
        diagnostics_follow_item_order::<Local>(engine, &out);
    }

    /// A diagnostic handler panics on item 5's diagnostic while the driver
    /// reports the items' diagnostics: with an item that panicked too, the
    /// item's panic propagates (the handler's does not replace it); without
    /// one, the handler's does. Every item runs either way, and every other
    /// diagnostic is reported.
    fn a_handler_panic_does_not_replace_an_item_panic<P: Policy>(
        engine: DiagEngine<P>,
        out: &SharedBuffer,
    ) {
        use strata_ctx::diag::{Handled, Location};
        let ctx = Context::<P>::with_engine(engine);
        let _handler = ctx.diagnostics().push_handler(|_, d| {
            assert!(
                !d.message().contains("item 5"),
                "the handler refuses item 5"
            );
            Handled::Pass
        });
        let items: Vec<u32> = (0..8).collect();
        for item_panics in [true, false] {
            let ran = Mutex::new(0usize);
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                ctx.failable_parallel_for_each(&items, |ctx, i, _| {
                    *ran.lock() += 1;
                    ctx.diagnostics()
                        .error(Location::name("x"), format!("round {item_panics} item {i}"))
                        .emit();
                    if item_panics && i == 2 {
                        panic!("item 2 panics");
                    }
                    if i % 3 == 0 { Err(i) } else { Ok(()) }
                })
            }));
            let payload = caught.expect_err("a panic propagates");
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            if item_panics {
                assert_eq!(message, "item 2 panics");
            } else {
                assert!(message.contains("the handler refuses item 5"), "{message}");
            }
            assert_eq!(*ran.lock(), items.len());
        }
        // Every diagnostic but item 5's was reported, both times, and the
        // context is still usable.
        let text = out.contents();
        for round in [true, false] {
            for i in (0..8).filter(|&i| i != 5) {
                let line = format!("error: round {round} item {i}\n");
                assert_eq!(text.matches(&line).count(), 1, "{text}");
            }
        }
        assert!(!text.contains("item 5\n"), "{text}");
        assert_eq!(ctx.intern::<Name>("after"), ctx.intern::<Name>("after"));
    }

    #[test]
    fn a_diagnostic_handler_panic_does_not_replace_an_item_panic() {
        let out = SharedBuffer::new();
        let engine = DiagEngine::builder()
            .emitter(PlainEmitter::new())
            .sink(out.clone())
            .build();
        a_handler_panic_does_not_replace_an_item_panic::<Shared>(engine, &out);
        let out = SharedBuffer::new();
        let engine = DiagEngine::<Local>::builder_with_policy()
            .emitter(PlainEmitter::new())
            .sink(out.clone())
            .build();
        a_handler_panic_does_not_replace_an_item_panic::<Local>(engine, &out);
    }
}

#[test]
fn the_thread_cache_admits_a_storage_on_its_second_use_not_its_creation() {
    // A thread of its own: the cache's counters are per thread.
    std::thread::spawn(|| {
        let ctx = Context::new();
        let hits = || ctx.statistics().cache.hits;
        let first = ctx.intern::<Name>("admitted");
        let before = hits();
        // Its creation did not cache it: the second use misses the cache
        // (and is found in the table, which caches it now).
        assert_eq!(ctx.intern::<Name>("admitted"), first);
        assert_eq!(hits(), before, "cached on creation");
        // The third use is a cache hit.
        assert_eq!(ctx.intern::<Name>("admitted"), first);
        assert_eq!(hits(), before + 1, "not cached on its second use");
    })
    .join()
    .unwrap();
}

#[test]
fn handles_hash_and_print_as_their_storage() {
    let ctx = Context::new();
    let a = ctx.intern::<Name>("a");
    let b = ctx.intern::<Name>("b");
    let hash = |h: &dyn Fn(&mut DefaultHasher)| {
        let mut s = DefaultHasher::new();
        h(&mut s);
        s.finish()
    };
    assert_eq!(
        hash(&|s| a.hash(s)),
        hash(&|s| ctx.intern::<Name>("a").hash(s))
    );
    assert_ne!(
        hash(&|s| a.hash(s)),
        hash(&|s| b.hash(s)),
        "two storages hash alike"
    );
    assert_eq!(hash(&|s| a.hash(s)), hash(&|s| a.as_ptr().hash(s)));
    assert_eq!(format!("{a:?}"), "\"a\"");
    let raw = a.to_raw();
    assert_eq!(raw.as_ptr(), a.as_ptr());
    let printed = format!("{raw:?}");
    assert!(
        printed.starts_with("RawInterned(\"surface.name\""),
        "{printed}"
    );
}

/// Counts the drops of [`Dropped`] payloads.
static DROPS: AtomicUsize = AtomicUsize::new(0);

/// A payload that counts its drops.
#[derive(Debug)]
struct DropCounted(u32);

impl Drop for DropCounted {
    fn drop(&mut self) {
        DROPS.fetch_add(1, Ordering::Relaxed);
    }
}

impl fmt::Display for DropCounted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A kind whose payloads count their drops.
enum Dropped {}

impl Kind for Dropped {
    type Family = AttributeFamily;
    type Stored<'c> = DropCounted;
    type Key<'k, 'c>
        = u32
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Dropped>("surface.dropped");
        &INFO
    }
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u32, state: &mut H) {
        key.hash(state);
    }
    fn shorten<'a, 'b: 'a>(stored: &'a DropCounted) -> &'a DropCounted {
        stored
    }
}

impl StorageKind for Dropped {
    fn matches<'k, 'c: 'k>(stored: &'c DropCounted, key: &u32) -> bool {
        stored.0 == *key
    }
    fn construct<'k, 'c: 'k>(key: &u32, _arena: &'c strata_ctx::Arena) -> DropCounted {
        DropCounted(*key)
    }
}

#[test]
fn a_context_drops_every_stored_value_once() {
    let ctx = Context::new();
    for k in 0..10 {
        ctx.intern::<Dropped>(k);
        ctx.intern::<Dropped>(k);
    }
    assert_eq!(DROPS.load(Ordering::Relaxed), 0);
    drop(ctx);
    assert_eq!(DROPS.load(Ordering::Relaxed), 10);
}

#[test]
fn kind_infos_compare_by_identity_and_print_their_name() {
    let name = <Name as Kind>::info();
    let tag = <Tag as Kind>::info();
    assert_eq!(name, <Name as Kind>::info());
    assert_ne!(name, tag, "two kinds' infos compared equal");
    let printed = format!("{name:?}");
    assert!(printed.contains("surface.name"), "{printed}");
}

#[test]
fn fx_hash_tells_values_apart() {
    use strata_ctx::fx_hash;
    assert_eq!(fx_hash("a"), fx_hash("a"));
    assert_ne!(fx_hash("a"), fx_hash("b"));
    assert_ne!(fx_hash(&1u64), fx_hash(&2u64));
}

fn kind_row(
    name: &'static str,
    entries: usize,
    memory: usize,
    locks: u64,
    lost: u64,
) -> KindStatistics {
    KindStatistics {
        name,
        entries,
        bytes: entries * 8,
        memory,
        read_hits: 0,
        write_locks: locks,
        lost_races: lost,
    }
}

#[test]
fn statistics_add_up_over_kinds() {
    let mut stats = Context::new().statistics();
    stats.kinds = vec![kind_row("a", 3, 100, 4, 1), kind_row("b", 5, 1000, 6, 2)];
    stats.affine.bytes = 10_000;
    stats.affine.exprs = 7;
    stats.affine.maps = 2;
    stats.affine.sets = 3;
    assert_eq!(stats.total_entries(), 8);
    assert_eq!(stats.total_memory(), 11_100);
    assert_eq!(stats.total_write_locks(), 10);
    assert_eq!(stats.total_lost_races(), 3);
    stats.cache.hits = 3;
    stats.cache.misses = 1;
    assert_eq!(stats.cache_hit_rate(), 0.75);
    stats.cache.hits = 0;
    stats.cache.misses = 0;
    assert_eq!(stats.cache_hit_rate(), 0.0, "no lookups is a rate of 0");
    let table = stats.counts_table();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 5, "{table}");
    assert!(lines[1].starts_with('a') && lines[1].contains(" 3 ") && lines[1].ends_with(" 24"));
    assert!(lines[3].starts_with("affine") && lines[3].contains(" 12 "));
    assert!(lines[4].starts_with("total") && lines[4].ends_with(" 8"));
    let shown = stats.to_string();
    assert!(
        shown.contains("8 entries; 11100 bytes of memory; 10 write locks, 3 races lost"),
        "{shown}"
    );
    let affine_row = shown
        .lines()
        .find(|l| l.starts_with("affine"))
        .expect("{shown}");
    assert!(affine_row.contains(" 12 "), "{affine_row}");
}

#[test]
fn the_affine_cluster_is_the_contexts_own() {
    let ctx = Context::new();
    assert!(std::ptr::eq(ctx.affine(), ctx.affine()));
    let a = ctx.affine();
    let map = a.map(1, 0, &[a.dim(0)]);
    assert_eq!(map, ctx.affine().map(1, 0, &[ctx.affine().dim(0)]));
}
