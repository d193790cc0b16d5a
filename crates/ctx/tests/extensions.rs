//! Per-context extension state: created once per context, and the same
//! state whether it is read through the hot slot or the bucket probe.

use std::hash::BuildHasher;

use strata_ctx::{Context, Extension, ExtensionInfo, Policy};

/// A hot extension that records which context built it.
struct First {
    built_for: usize,
    name: &'static str,
}

impl Extension for First {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.first");
        &INFO
    }
    const HOT: bool = true;
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        First {
            built_for: std::ptr::from_ref(ctx).addr(),
            name: "first",
        }
    }
}

/// A second hot extension: it loses the context's hot slot to whichever
/// hot extension was created first, and must still be found.
struct Second {
    built_for: usize,
    name: &'static str,
}

impl Extension for Second {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.second");
        &INFO
    }
    const HOT: bool = true;
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        Second {
            built_for: std::ptr::from_ref(ctx).addr(),
            name: "second",
        }
    }
}

fn check<P: Policy, S: BuildHasher>(
    a: &Context<P, S>,
    b: &Context<P, S>,
    first_in_a_is_first: bool,
) {
    let (fa, sa) = if first_in_a_is_first {
        (a.extension::<First>(), a.extension::<Second>())
    } else {
        let s = a.extension::<Second>();
        (a.extension::<First>(), s)
    };
    // Each type gets its own state, never the other's (a hot slot that
    // ignored the identity would hand `Second` the state of `First`).
    assert_eq!((fa.name, sa.name), ("first", "second"));
    assert_eq!(fa.built_for, std::ptr::from_ref(a).addr());
    assert_eq!(sa.built_for, std::ptr::from_ref(a).addr());
    // Read again: the same state, by address, whichever path serves it.
    assert!(std::ptr::eq(fa, a.extension::<First>()));
    assert!(std::ptr::eq(sa, a.extension::<Second>()));
    // Another context has its own state, never the first context's.
    let fb = b.extension::<First>();
    assert_eq!(fb.built_for, std::ptr::from_ref(b).addr());
    assert!(!std::ptr::eq(fa, fb));
    assert_eq!(
        b.extension::<Second>().built_for,
        std::ptr::from_ref(b).addr()
    );
}

#[test]
fn two_hot_extensions_each_get_their_own_state_in_either_order() {
    let (a, b) = (Context::new(), Context::new());
    check(&a, &b, true);
    let (a, b) = (Context::new(), Context::new());
    check(&a, &b, false);
    let (a, b) = (Context::single_threaded(), Context::single_threaded());
    check(&a, &b, false);
}

#[test]
fn threads_racing_on_first_use_get_one_state() {
    let ctx = Context::new();
    let addrs: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                let ctx = &ctx;
                s.spawn(move || {
                    if i % 2 == 0 {
                        std::ptr::from_ref(ctx.extension::<Second>()).addr()
                    } else {
                        ctx.extension::<First>();
                        std::ptr::from_ref(ctx.extension::<Second>()).addr()
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(addrs.windows(2).all(|w| w[0] == w[1]), "{addrs:?}");
}
