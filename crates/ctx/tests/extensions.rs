//! Per-context extension state: created once per context, and the same
//! state whether it is read through the hot slot or the bucket probe.

use std::hash::BuildHasher;

use strata_ctx::{Context, Extension, ExtensionInfo, HOT_WORDS, HotWord, Policy, storage_kind};

storage_kind! {
    /// A name, for the hot words.
    pub Name => String, "test.hot_name", Category::Other
}

/// `n` names interned in `ctx`, as hot words: `"{prefix}{i}"`.
fn names<P: Policy, S: BuildHasher>(ctx: &Context<P, S>, prefix: &str, n: usize) -> Vec<HotWord> {
    (0..n)
        .map(|i| ctx.intern::<Name>(&format!("{prefix}{i}")).to_raw().into())
        .collect()
}

/// Word `k` of extension `E`, read as a name, if `E` published it.
fn hot_name<E: Extension, P: Policy, S: BuildHasher>(
    ctx: &Context<P, S>,
    k: usize,
) -> Option<String> {
    // SAFETY: (1) every test extension here publishes `Name`s only, (2)
    // interned in the context it was created for, which is `ctx`.
    ctx.hot_word::<E>(k)
        .map(|w| unsafe { w.get::<Name>() }.payload().clone())
}

/// A hot extension that records which context built it.
struct First {
    built_for: usize,
    name: &'static str,
    words: Vec<HotWord>,
}

impl Extension for First {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.first");
        &INFO
    }
    const HOT: bool = true;
    fn hot_words(&self) -> &[HotWord] {
        &self.words
    }
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        First {
            built_for: std::ptr::from_ref(ctx).addr(),
            name: "first",
            words: names(ctx, "first", 2),
        }
    }
}

/// A second hot extension: it loses the context's hot slot to whichever
/// hot extension was created first, and must still be found.
struct Second {
    built_for: usize,
    name: &'static str,
    words: Vec<HotWord>,
}

impl Extension for Second {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.second");
        &INFO
    }
    const HOT: bool = true;
    fn hot_words(&self) -> &[HotWord] {
        &self.words
    }
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        Second {
            built_for: std::ptr::from_ref(ctx).addr(),
            name: "second",
            words: names(ctx, "second", HOT_WORDS),
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
    // The hot words are the first-created extension's, and only its; the
    // other reads its state.
    let (won, lost) = if first_in_a_is_first {
        (
            hot_name::<First, _, _>(a, 1),
            hot_name::<Second, _, _>(a, 1),
        )
    } else {
        (
            hot_name::<Second, _, _>(a, 1),
            hot_name::<First, _, _>(a, 1),
        )
    };
    let winner = if first_in_a_is_first {
        "first"
    } else {
        "second"
    };
    assert_eq!(won, Some(format!("{winner}1")));
    assert_eq!(lost, None, "the extension that lost the hot slot got words");
    assert_eq!(sa.words.len(), HOT_WORDS);
    if !first_in_a_is_first {
        // `Second` publishes every word a context keeps; one more is none.
        let last = HOT_WORDS - 1;
        assert_eq!(
            hot_name::<Second, _, _>(a, last),
            Some(format!("second{last}"))
        );
        assert_eq!(hot_name::<Second, _, _>(a, HOT_WORDS), None);
    } else {
        // `First` publishes two words; the third is none.
        assert_eq!(hot_name::<First, _, _>(a, 2), None);
    }
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

/// A cold extension: `hot_word` never answers for it.
struct Cold;

impl Extension for Cold {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.cold");
        &INFO
    }
    fn create<P: Policy, S: BuildHasher>(_: &Context<P, S>) -> Self {
        Cold
    }
}

#[test]
fn hot_words_are_none_before_first_use_and_for_a_cold_extension() {
    let ctx = Context::new();
    assert_eq!(hot_name::<First, _, _>(&ctx, 0), None, "before first use");
    ctx.extension::<Cold>();
    assert_eq!(ctx.hot_word::<Cold>(0), None);
    ctx.extension::<First>();
    assert_eq!(hot_name::<First, _, _>(&ctx, 0).as_deref(), Some("first0"));
    // The word is the interned handle itself.
    let word = ctx.hot_word::<First>(0).unwrap();
    assert_eq!(
        word.as_ptr(),
        ctx.intern::<Name>(&"first0".to_string()).as_ptr()
    );
}

/// A hot extension that asks for more words than a context keeps.
struct TooMany {
    words: Vec<HotWord>,
}

impl Extension for TooMany {
    fn info() -> &'static ExtensionInfo {
        static INFO: ExtensionInfo = ExtensionInfo::new("test.too_many");
        &INFO
    }
    const HOT: bool = true;
    fn hot_words(&self) -> &[HotWord] {
        &self.words
    }
    fn create<P: Policy, S: BuildHasher>(ctx: &Context<P, S>) -> Self {
        TooMany {
            words: names(ctx, "many", HOT_WORDS + 1),
        }
    }
}

#[test]
fn too_many_hot_words_is_a_clear_panic_and_the_context_goes_on() {
    let ctx = Context::new();
    let err = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        ctx.extension::<TooMany>();
    }))
    .expect_err("more words than a context keeps");
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        msg.contains("extension `test.too_many` publishes 33 hot words; a context keeps 32"),
        "{msg}"
    );
    // The state was made and stays; the hot slot is still free for another.
    assert_eq!(ctx.extension::<TooMany>().words.len(), HOT_WORDS + 1);
    assert_eq!(ctx.hot_word::<TooMany>(0), None);
    ctx.extension::<First>();
    assert_eq!(hot_name::<First, _, _>(&ctx, 1).as_deref(), Some("first1"));
}
