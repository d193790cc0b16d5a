//! Many threads intern through the cache in front of a shared table while
//! contexts (owners) are replaced under them: every answer is the storage of
//! the right key in the right context, the same key gives the same storage,
//! and no thread ever gets an entry of a dropped context (whose storages are
//! freed: AddressSanitizer would also catch the read).

#![cfg(not(strata_loom))]

use std::collections::HashMap;
use std::ptr::NonNull;

use strata_sync::{Arc, Mutex, thread};
use strata_tls::{Owner, insert, lookup, stats};

#[derive(Debug)]
struct Storage {
    generation: u64,
    key: u64,
}

/// A minimal context: an owner and the shared table of its storages.
struct Ctx {
    owner: Owner,
    /// The storages never move or die before the context (boxed, never
    /// removed), which is the `# Safety` contract of `insert`, clause 1.
    table: Mutex<HashMap<u64, Box<Storage>>>,
}

const KIND: u32 = 0;

fn hash(key: u64) -> u64 {
    key.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17)
}

/// The facade's lookup path: cache, then the shared table, then fill.
fn intern(ctx: &Ctx, key: u64) -> NonNull<Storage> {
    let h = hash(key);
    if let Some(p) = lookup(&ctx.owner, KIND, h, |s: &Storage| s.key == key) {
        return p;
    }
    let p = {
        let mut table = ctx.table.lock();
        let s = table.entry(key).or_insert_with(|| {
            Box::new(Storage {
                generation: ctx.owner.generation(),
                key,
            })
        });
        NonNull::from(&**s)
    };
    // SAFETY: (1) the storage lives in `ctx.table` until `ctx` drops, and
    // `ctx.owner` is dropped with it; it is never mutated; (2) `KIND` always
    // stores `Storage`.
    unsafe { insert(&ctx.owner, KIND, h, p) };
    p
}

#[test]
fn many_threads_and_replaced_contexts() {
    const THREADS: usize = 24;
    const ROUNDS: usize = 40;
    const KEYS: u64 = 96;
    let current = Arc::new(Mutex::new(Arc::new(Ctx {
        owner: Owner::new(),
        table: Mutex::new(HashMap::new()),
    })));
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let current = current.clone();
            thread::spawn(move || {
                for round in 0..ROUNDS {
                    // Every few rounds a thread replaces the context; the old
                    // one dies when the last thread using it lets go.
                    if (round + t) % 9 == 0 {
                        *current.lock() = Arc::new(Ctx {
                            owner: Owner::new(),
                            table: Mutex::new(HashMap::new()),
                        });
                    }
                    let ctx = current.lock().clone();
                    let g = ctx.owner.generation();
                    let mut seen = HashMap::new();
                    for i in 0..2 * KEYS {
                        let key = (i * 7 + t as u64) % KEYS;
                        let p = intern(&ctx, key);
                        // SAFETY: `ctx` is alive, so its storages are.
                        let s = unsafe { p.as_ref() };
                        assert_eq!((s.generation, s.key), (g, key), "wrong storage");
                        assert_eq!(*seen.entry(key).or_insert(p), p, "two storages for one key");
                    }
                }
                let s = stats();
                assert!(s.hits > 0 && s.len <= strata_tls::CAPACITY, "{s:?}");
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}
