//! Bad input: keys and kinds chosen to hurt.
//!
//! - **Hash flooding.** Keys crafted to collide under FxHash (every key
//!   hashes to one 64-bit value) cost a quadratic number of equality calls
//!   in a context that uses FxHash, and a linear number in a context built
//!   with a keyed hasher (`Context::with_hasher(.., RandomState::new())`).
//!   Both are shown by counting `matches` calls, not by timing, so the
//!   test is exact on a loaded machine and can fail.
//! - **Re-entrant interning.** A constructor that interns into the shard it
//!   is being constructed in gets a clear panic, never a deadlock (checked
//!   against a deadline on a separate thread); so does a `mutate` nested in
//!   a `mutate` of the same shard. Interning another kind from a constructor
//!   is allowed and works.
//! - **Too many kinds.** Registering more storage kinds than
//!   `strata_buckets::MAX_KINDS` is a clear panic naming the kind. It
//!   exhausts the process-global kind registry for good, so it runs in a
//!   child process (this test binary, re-executed with an environment
//!   variable).
//!
//! Refcount overflow (a count past its bound aborts the process, as `Arc`
//! does) is tested where the refcount lives, in a child process too:
//! `strata-refcount`'s `counts::tests::overflow_aborts`. The facade exposes
//! no refcounted handle to overflow.

// OS threads, process-wide counters and timing: not a loom model.

use std::cell::Cell;
use std::fmt;
use std::hash::{Hasher, RandomState};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use strata_ctx::diag::EngineBuilder;
use strata_ctx::{Arena, Context, KindInfo, MutableKind, Shared, StorageKind};
use strata_sync::{Arc, Mutex};

fn panic_message(err: &(dyn std::any::Any + Send)) -> String {
    err.downcast_ref::<String>()
        .cloned()
        .or_else(|| err.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

// ---------------------------------------------------------------------------
// Hash flooding.

strata_sync::thread_local! {
    /// `Pair::matches` calls made on this thread (the contexts under test
    /// are used from one thread, so other tests cannot disturb the count).
    static MATCHES: Cell<u64> = const { Cell::new(0) };
}

fn matches_calls() -> u64 {
    MATCHES.with(Cell::get)
}

/// A kind keyed by two words, fed to the hasher one word at a time.
enum Pair {}

#[derive(Debug, PartialEq, Eq, Hash)]
struct PairData(u64, u64);

impl fmt::Display for PairData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0, self.1)
    }
}

impl strata_ctx::Kind for Pair {
    type Family = strata_ctx::OtherFamily;

    type Stored<'c> = PairData;

    type Key<'k, 'c>
        = (u64, u64)
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Pair>("bad.pair");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &(u64, u64), state: &mut H) {
        state.write_u64(key.0);
        state.write_u64(key.1);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for Pair {
    fn matches<'k, 'c: 'k>(stored: &'c PairData, key: &(u64, u64)) -> bool {
        MATCHES.with(|m| m.set(m.get() + 1));
        (stored.0, stored.1) == *key
    }

    fn construct<'k, 'c: 'k>(key: &(u64, u64), _arena: &'c Arena) -> PairData {
        PairData(key.0, key.1)
    }
}

/// rustc-hash 2's FxHasher multiplier: `write_u64(w)` does
/// `hash = (hash + w) * K` (wrapping), and `finish` rotates the result.
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;

/// The `i`-th key of a family that all hash alike under FxHash: after the
/// two words the state is `(a * K + b) * K`, so `b = C - a * K` makes it
/// `C * K` for every `a`.
fn colliding_key(i: u64) -> (u64, u64) {
    const C: u64 = 0x0123_4567_89ab_cdef;
    let a = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x55;
    (a, C.wrapping_sub(a.wrapping_mul(FX_K)))
}

/// Interns `n` colliding keys, then looks each one up again, and returns
/// the `matches` calls that took. Checks that every key got its own storage.
fn flood<S: std::hash::BuildHasher>(ctx: &Context<Shared, S>, n: u64) -> u64 {
    let start = matches_calls();
    let handles: Vec<usize> = (0..n)
        .map(|i| {
            let key = colliding_key(i);
            let h = ctx.intern::<Pair>(key);
            assert_eq!((h.0, h.1), key);
            h.as_ptr() as usize
        })
        .collect();
    for (i, &addr) in (0..n).zip(&handles) {
        let found = ctx.lookup::<Pair>(colliding_key(i)).unwrap();
        assert_eq!(found.as_ptr() as usize, addr);
    }
    let distinct: std::collections::HashSet<usize> = handles.iter().copied().collect();
    assert_eq!(distinct.len(), n as usize, "two keys share a storage");
    matches_calls() - start
}

fn fx_context() -> Context {
    Context::with_shards(4)
}

fn keyed_context() -> Context<Shared, RandomState> {
    Context::with_hasher(EngineBuilder::new().build(), RandomState::new()).with_table_shards(4)
}

/// The crafted keys do collide: one FxHash value for all of them, and
/// distinct values under a keyed hasher.
#[test]
fn crafted_keys_collide_under_fxhash_only() {
    use std::hash::BuildHasher;
    let fx = rustc_hash::FxBuildHasher;
    let keyed = RandomState::new();
    let hash = |b: &dyn Fn() -> Box<dyn Hasher>, i: u64| {
        let mut h = b();
        let (x, y) = colliding_key(i);
        h.write_u64(x);
        h.write_u64(y);
        h.finish()
    };
    let fx_hashes: std::collections::HashSet<u64> = (0..1000)
        .map(|i| hash(&|| Box::new(fx.build_hasher()), i))
        .collect();
    let keyed_hashes: std::collections::HashSet<u64> = (0..1000)
        .map(|i| hash(&|| Box::new(keyed.build_hasher()), i))
        .collect();
    assert_eq!(fx_hashes.len(), 1);
    assert_eq!(keyed_hashes.len(), 1000);
}

/// Against the FxHash context the flood is quadratic: every probe compares
/// the key with every stored colliding key (their 64-bit hashes are equal,
/// so the stored-hash check cannot tell them apart). Doubling the keys
/// quadruples the equality calls. This is the failure the keyed hasher
/// exists to prevent, and the proof that the counter can see it.
#[test]
fn fxhash_context_is_quadratic_under_a_flood() {
    let small = flood(&fx_context(), 400);
    let large = flood(&fx_context(), 800);
    eprintln!("flood, FxHash: 400 keys -> {small} matches calls, 800 keys -> {large}");
    assert!(small >= 400 * 400 / 2, "{small}");
    assert!(large as f64 / small as f64 > 3.5, "{small} -> {large}");
}

/// Against the context built with a keyed hasher, the same keys cost a
/// bounded number of equality calls each: linear in the number of keys.
#[test]
fn keyed_context_stays_linear_under_the_same_flood() {
    let small = flood(&keyed_context(), 400);
    let large = flood(&keyed_context(), 800);
    eprintln!("flood, keyed: 400 keys -> {small} matches calls, 800 keys -> {large}");
    assert!(small <= 4 * 400, "{small}");
    assert!(large <= 4 * 800, "{large}");
    assert!(
        large as f64 / small.max(1) as f64 <= 2.5,
        "{small} -> {large}"
    );
}

// ---------------------------------------------------------------------------
// Re-entrant interning.

strata_sync::thread_local! {
    /// The context a `Reenter` constructor interns into (set by the test on
    /// the thread that interns; null elsewhere).
    static TARGET: Cell<*const Context> = const { Cell::new(std::ptr::null()) };
}

/// Keys of `Reenter`: what its constructor does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Reentry {
    /// Interns another key of its own kind: the same shard (one shard).
    SameKind(u64),
    /// Interns a key of another kind: allowed.
    OtherKind(u64),
    /// Interns nothing.
    Plain(u64),
}

enum Reenter {}

#[derive(Debug, PartialEq, Eq, Hash)]
struct ReenterData(Reentry);

impl fmt::Display for ReenterData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl MutableKind for Reenter {
    fn key_of(stored: &ReenterData) -> Reentry {
        stored.0
    }
}

impl strata_ctx::Kind for Reenter {
    type Family = strata_ctx::OtherFamily;

    type Stored<'c> = ReenterData;

    type Key<'k, 'c>
        = Reentry
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<Reenter>("bad.reenter");
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &Reentry, state: &mut H) {
        std::hash::Hash::hash(key, state);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for Reenter {
    fn matches<'k, 'c: 'k>(stored: &'c ReenterData, key: &Reentry) -> bool {
        stored.0 == *key
    }

    fn construct<'k, 'c: 'k>(key: &Reentry, _arena: &'c Arena) -> ReenterData {
        let target = || {
            let ctx = TARGET.with(Cell::get);
            assert!(!ctx.is_null(), "the test sets TARGET before interning");
            // SAFETY: the test keeps the context alive while TARGET points to
            // it (it is reset before the context can be dropped).
            unsafe { &*ctx }
        };
        match *key {
            Reentry::SameKind(k) => {
                let _ = target().intern::<Reenter>(Reentry::Plain(k));
            }
            Reentry::OtherKind(k) => {
                let _ = target().intern::<Pair>((k, k));
            }
            Reentry::Plain(_) => {}
        }
        ReenterData(*key)
    }
}

/// How long a re-entrant call may take before the test calls it a deadlock
/// (generous: the machine is loaded, and sanitizers slow everything down).
const DEADLINE: Duration = Duration::from_secs(30);

/// Runs `f` with `TARGET` set to `ctx` on a separate thread and waits for
/// it against [`DEADLINE`], polling: a deadlock fails the test instead of
/// hanging it. Returns `f`'s panic message, or `None` if it returned.
fn on_watched_thread(
    ctx: &Arc<Context>,
    f: impl FnOnce(&Context) + Send + 'static,
) -> Option<String> {
    let ctx = Arc::clone(ctx);
    let worker = std::thread::spawn(move || {
        TARGET.with(|t| t.set(&*ctx));
        let r = catch_unwind(AssertUnwindSafe(|| f(&ctx)));
        TARGET.with(|t| t.set(std::ptr::null()));
        r.err().map(|e| panic_message(&*e))
    });
    let start = Instant::now();
    while !worker.is_finished() {
        assert!(
            start.elapsed() < DEADLINE,
            "re-entrant interning did not return within {DEADLINE:?}: a deadlock"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    worker.join().expect("the worker catches its panics")
}

/// A constructor interns another key of its own kind into its own (only)
/// shard. Targets invariant 9: the shard's write lock is held by this very
/// thread, so a second acquisition would deadlock; the owner check turns it
/// into a panic naming the kind, and the table is left unchanged.
#[test]
fn reentrant_interning_is_a_clear_panic_not_a_deadlock() {
    let ctx = Arc::new(Context::with_shards(1));
    let msg = on_watched_thread(&ctx, |ctx| {
        let _ = ctx.intern::<Reenter>(Reentry::SameKind(1));
    })
    .expect("re-entrant interning panics");
    assert!(
        msg.contains("strata: re-entrant interning into storage kind `bad.reenter`"),
        "{msg}"
    );
    // Nothing was inserted, and the table works (also for the inner key).
    assert!(ctx.lookup::<Reenter>(Reentry::SameKind(1)).is_none());
    assert!(ctx.lookup::<Reenter>(Reentry::Plain(1)).is_none());
    let plain = ctx.intern::<Reenter>(Reentry::Plain(1));
    assert_eq!(plain.0, Reentry::Plain(1));
    assert_eq!(ctx.lookup::<Reenter>(Reentry::Plain(1)), Some(plain));
}

/// A constructor interns a key of another kind: a different table, a
/// different lock, so nested construction works (as a function type's
/// constructor may intern its element types).
#[test]
fn interning_another_kind_from_a_constructor_works() {
    let ctx = Arc::new(Context::with_shards(1));
    let r = on_watched_thread(&ctx, |ctx| {
        let h = ctx.intern::<Reenter>(Reentry::OtherKind(5));
        assert_eq!(h.0, Reentry::OtherKind(5));
    });
    assert_eq!(r, None);
    assert!(ctx.lookup::<Reenter>(Reentry::OtherKind(5)).is_some());
    assert!(ctx.lookup::<Pair>((5, 5)).is_some());
}

/// `mutate` nested in a `mutate` of the same shard: the same lock taken
/// twice by one thread, which must panic instead of deadlocking.
#[test]
fn nested_mutate_of_one_shard_is_a_clear_panic_not_a_deadlock() {
    let ctx = Arc::new(Context::with_shards(1));
    let msg = on_watched_thread(&ctx, |ctx| {
        let key = Reentry::Plain(9);
        let h = ctx.intern::<Reenter>(key);
        ctx.mutate(h, |_| ctx.mutate(h, |_| ()));
    })
    .expect("a nested mutate panics");
    assert!(msg.contains("inside `Context::mutate`"), "{msg}");
    // The shard's lock was released by the unwinding: it works again.
    let h = ctx.intern::<Reenter>(Reentry::Plain(9));
    assert_eq!(ctx.mutate(h, |d| d.0), Reentry::Plain(9));
}

/// Interning a new key of a kind inside `mutate` of one of its handles, into
/// the shard `mutate` holds (one shard): a panic that names `mutate`, not the
/// constructor, and never a deadlock.
#[test]
fn interning_inside_mutate_into_its_shard_says_mutate() {
    let ctx = Arc::new(Context::with_shards(1));
    let msg = on_watched_thread(&ctx, |ctx| {
        let h = ctx.intern::<Reenter>(Reentry::Plain(10));
        let _ = ctx.mutate(h, |_| ctx.intern::<Reenter>(Reentry::Plain(11)));
    })
    .expect("interning into the mutated shard panics");
    assert!(
        msg.contains("inside `Context::mutate`") && msg.contains("bad.reenter"),
        "{msg}"
    );
    // Nothing was inserted, and the shard works again.
    assert!(ctx.lookup::<Reenter>(Reentry::Plain(11)).is_none());
    assert_eq!(
        ctx.intern::<Reenter>(Reentry::Plain(11)).0,
        Reentry::Plain(11)
    );
    // Another kind may be interned inside `mutate`.
    let h = ctx.intern::<Reenter>(Reentry::Plain(10));
    assert_eq!(ctx.mutate(h, |_| ctx.intern::<Pair>((6, 6)).1), 6);
}

/// Inside `mutate`, keys of the mutated kind that already exist in the shard
/// it holds are found, by `intern` and by `lookup`, whatever the thread
/// cache holds: on a fresh thread (nothing cached, so the lookups reach the
/// table) and after the keys were cached. Only a new key is refused.
#[test]
fn existing_keys_inside_mutate_of_their_shard_are_found() {
    let ctx = Arc::new(Context::with_shards(1));
    // Addresses as integers, which the watched thread may take along.
    let a = ctx.intern::<Reenter>(Reentry::Plain(20)).as_ptr().addr();
    let b = ctx.intern::<Reenter>(Reentry::Plain(21)).as_ptr().addr();
    for warm in [false, true] {
        let r = on_watched_thread(&ctx, move |ctx| {
            if warm {
                for _ in 0..3 {
                    let _ = ctx.intern::<Reenter>(Reentry::Plain(21));
                }
            }
            let h = ctx.intern::<Reenter>(Reentry::Plain(20));
            assert_eq!(h.as_ptr().addr(), a);
            let (found, looked) = ctx.mutate(h, |_| {
                (
                    ctx.intern::<Reenter>(Reentry::Plain(21)).as_ptr().addr(),
                    ctx.lookup::<Reenter>(Reentry::Plain(21))
                        .map(|h| h.as_ptr().addr()),
                )
            });
            assert_eq!((found, looked), (b, Some(b)), "warm cache: {warm}");
            let absent = ctx.mutate(h, |_| ctx.lookup::<Reenter>(Reentry::Plain(22)));
            assert!(absent.is_none());
        });
        assert_eq!(r, None, "warm cache: {warm}");
    }
    // The single-threaded context, on its one thread.
    let local = Context::single_threaded();
    let h = local.intern::<Reenter>(Reentry::Plain(20));
    let b = local.intern::<Reenter>(Reentry::Plain(21));
    assert!(local.mutate(h, |_| local.intern::<Reenter>(Reentry::Plain(21)) == b));
    assert!(
        local.mutate(h, |_| local.lookup::<Reenter>(Reentry::Plain(20))
            == Some(h))
    );
}

/// The deadlock trap: interning a new key of a kind inside `read_mutable` of
/// one of its handles, into the same shard (one shard, so every key lands
/// there). It used to wait forever for the write lock its own read lock
/// blocked; `read_mutable` takes no lock now, so it works, on every thread
/// count and every shard count.
#[test]
fn interning_inside_read_mutable_of_the_same_shard_works() {
    for shards in [1, 4] {
        let ctx = Arc::new(Context::with_shards(shards));
        let failure = on_watched_thread(&ctx, |ctx| {
            let h = ctx.intern::<Reenter>(Reentry::Plain(20));
            for k in 21..37 {
                let fresh = ctx.read_mutable(h, |d| {
                    assert_eq!(d.0, Reentry::Plain(20));
                    ctx.intern::<Reenter>(Reentry::Plain(k))
                });
                assert_eq!(fresh.0, Reentry::Plain(k));
            }
        });
        assert_eq!(failure, None, "{shards} shards");
        assert!(ctx.lookup::<Reenter>(Reentry::Plain(36)).is_some());
    }
}

// ---------------------------------------------------------------------------
// Too many kinds.

/// The environment variable that turns the child part of
/// [`more_kinds_than_the_limit_is_a_clear_panic`] on.
const KINDS_CHILD: &str = "STRATA_BAD_INPUT_KINDS_CHILD";

/// Kinds made at run time, kept reachable from a static so that
/// LeakSanitizer does not report them (they live as long as the process, as
/// a kind must).
static RUNTIME_KINDS: Mutex<Vec<&'static KindInfo>> = Mutex::new(Vec::new());

strata_sync::thread_local! {
    /// The identity `Dynamic::info` returns on this thread.
    static CURRENT_KIND: Cell<Option<&'static KindInfo>> = const { Cell::new(None) };
}

/// A kind whose identity is chosen at run time (as a dynamic dialect would
/// define types while parsing): `info` returns the thread's current
/// `KindInfo`, so one Rust type stands for any number of kinds.
enum Dynamic {}

#[derive(Debug, PartialEq, Eq, Hash)]
struct DynamicData(u64);

impl fmt::Display for DynamicData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "dyn{}", self.0)
    }
}

impl strata_ctx::Kind for Dynamic {
    type Family = strata_ctx::OtherFamily;

    type Stored<'c> = DynamicData;

    type Key<'k, 'c>
        = u64
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        CURRENT_KIND
            .with(Cell::get)
            .expect("the test chooses the current kind first")
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &u64, state: &mut H) {
        state.write_u64(*key);
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl StorageKind for Dynamic {
    fn matches<'k, 'c: 'k>(stored: &'c DynamicData, key: &u64) -> bool {
        stored.0 == *key
    }

    fn construct<'k, 'c: 'k>(key: &u64, _arena: &'c Arena) -> DynamicData {
        DynamicData(*key)
    }
}

/// Makes the run-time kind `dyn.kind.{i}` and makes it this thread's current
/// kind.
fn make_kind(i: u32) -> &'static KindInfo {
    let name: &'static str = Box::leak(format!("dyn.kind.{i}").into_boxed_str());
    let info: &'static KindInfo = Box::leak(Box::new(KindInfo::new::<Dynamic>(name)));
    RUNTIME_KINDS.lock().push(info);
    CURRENT_KIND.with(|c| c.set(Some(info)));
    info
}

/// The child: registers run-time kinds until the global registry refuses
/// one, then checks the refusal and that the context still works. Prints
/// `kinds-child: ok ...` for the parent. Does nothing unless `KINDS_CHILD`
/// is set.
#[test]
fn more_kinds_than_the_limit_child() {
    if std::env::var_os(KINDS_CHILD).is_none() {
        return;
    }
    let ctx = Context::<Shared>::with_shards(1);
    let registry = strata_buckets::KindRegistry::global();
    // A static kind used before the registry runs out (it keeps working).
    let pair = ctx.intern::<Pair>((1, 2));
    let already = registry.reserved();
    // The first run-time kinds work like any kind.
    make_kind(0);
    let first = ctx.intern::<Dynamic>(7);
    assert_eq!(first.0, 7);
    // Looking a key up assigns the kind its dense index without creating a
    // table, so this loop is cheap: it only burns index numbers.
    let mut i = 1;
    let refused = loop {
        let info = make_kind(i);
        match catch_unwind(AssertUnwindSafe(|| ctx.lookup::<Dynamic>(1).is_none())) {
            Ok(none) => assert!(none),
            Err(err) => break (info, panic_message(&*err)),
        }
        i += 1;
        assert!(i <= strata_buckets::MAX_KINDS, "the registry has no limit");
    };
    let (info, msg) = refused;
    assert_eq!(
        msg,
        format!(
            "strata: more than {} storage kinds; cannot register `{}`",
            strata_buckets::MAX_KINDS,
            info.name()
        )
    );
    // The registry handed out exactly its limit: the static kinds and the
    // kinds registered before, plus the `i` run-time kinds that fit.
    assert_eq!(already + i, strata_buckets::MAX_KINDS);
    // Interning with the refused kind panics the same way, every time: it
    // is never given an index.
    let again = catch_unwind(AssertUnwindSafe(|| ctx.intern::<Dynamic>(1))).unwrap_err();
    assert_eq!(panic_message(&*again), msg);
    // Kinds registered before still work, in this context and a new one.
    CURRENT_KIND.with(|c| c.set(Some(RUNTIME_KINDS.lock()[0])));
    assert_eq!(ctx.intern::<Dynamic>(7), first);
    let other = Context::<Shared>::with_shards(1);
    assert_eq!(other.intern::<Dynamic>(7).0, 7);
    assert_eq!(ctx.intern::<Pair>((1, 2)), pair);
    assert_eq!(other.intern::<Pair>((1, 2)).1, 2);
    // A static kind first used after the registry ran out is refused too.
    let late = catch_unwind(AssertUnwindSafe(|| {
        other.intern::<Reenter>(Reentry::Plain(0))
    }));
    assert!(panic_message(&*late.unwrap_err()).contains("cannot register `bad.reenter`"));
    println!(
        "kinds-child: ok, refused `{}` after {i} run-time kinds",
        info.name()
    );
}

/// More storage kinds than `MAX_KINDS`: a clear panic naming the kind, and
/// the kinds registered before keep working. Runs
/// [`more_kinds_than_the_limit_child`] in a child process, because the
/// global registry stays exhausted for the rest of the process.
#[test]
fn more_kinds_than_the_limit_is_a_clear_panic() {
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = std::process::Command::new(exe)
        .args([
            "--exact",
            "more_kinds_than_the_limit_child",
            "--test-threads=1",
            "--nocapture",
        ])
        .env(KINDS_CHILD, "1")
        .output()
        .expect("the child test process starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Under ThreadSanitizer (informational, `cargo xtask tsan`) the child
    // exits with TSan's code 66 when the uninstrumented libtest draws a
    // report; its own verdict is then the line it printed.
    let tsan_reported = std::env::var_os("STRATA_SANITIZER").is_some_and(|s| s == "thread")
        && out.status.code() == Some(66);
    assert!(
        (out.status.success() || tsan_reported)
            && stdout.contains("kinds-child: ok, refused `dyn.kind."),
        "child failed ({:?}):\n{stdout}\n{stderr}",
        out.status
    );
}

/// A shard count that is not a power of two is rounded up (and one past
/// `MAX_SHARDS` brought down to it), as `with_table_shards` says, instead of
/// a panic at the first intern; a single-threaded context keeps its fixed
/// count.
#[test]
fn odd_shard_counts_are_rounded_not_refused() {
    for (asked, got) in [
        (0, 1),
        (3, 4),
        (5, 8),
        (64, 64),
        (usize::MAX, strata_table::MAX_SHARDS),
    ] {
        let ctx = Context::<Shared>::with_shards(asked);
        assert!(
            format!("{ctx:?}").contains(&format!("shards: {got},")),
            "{asked} shards: {ctx:?}"
        );
        let a = ctx.intern::<Pair>((1, 2));
        assert_eq!(a, ctx.intern::<Pair>((1, 2)));
        assert_ne!(a, ctx.intern::<Pair>((2, 1)));
    }
    let local = Context::single_threaded().with_table_shards(3);
    let a = local.intern::<Pair>((1, 2));
    assert_eq!(a, local.intern::<Pair>((1, 2)));
}
