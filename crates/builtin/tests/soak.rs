//! Soak test of reclaimable kinds: eight threads intern and drop a million
//! 1 KiB dense elements attributes (200,000 in a debug build, which is about
//! twenty times slower), each thread holding a bounded working set, and the
//! resident memory of the process stays flat while the storages are built and
//! freed over and over.
//!
//! Under AddressSanitizer (`cargo xtask asan` sets `STRATA_SANITIZER`; a run
//! without it is recognised by the sanitizer's shadow memory, terabytes of
//! virtual address space) freed memory goes to a quarantine of up to 256 MiB
//! before it is reused, and every block carries redzones, so the resident
//! bound is raised by 384 MiB there (measured: about 225 MiB of growth):
//! that check then only catches gross growth, and LeakSanitizer is what
//! checks that every storage was freed.

use strata_builtin::DenseElementsAttr;
use strata_builtin::prelude::*;
use strata_ctx::Context;

/// Interns over all threads.
const TOTAL: u64 = if cfg!(debug_assertions) {
    200_000
} else {
    1_000_000
};
const THREADS: u64 = 8;
/// Handles each thread keeps alive at once (its working set).
const WORKING_SET: usize = 32;
/// Distinct keys: more than the threads hold, so most interns build a fresh
/// storage (and the one they replace in the working set often dies), and
/// some find a storage another thread holds.
const KEYS: u64 = 4096;
const MIB: usize = 1 << 20;

/// The process's resident memory, from `/proc/self/statm` (pages).
fn resident_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|f| f.parse().ok())
        .expect("statm's second field");
    pages * 4096
}

/// Whether AddressSanitizer is on (see the file's documentation).
fn under_asan() -> bool {
    if std::env::var("STRATA_SANITIZER").is_ok_and(|s| s == "address") {
        return true;
    }
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let virtual_pages: usize = statm
        .split_whitespace()
        .next()
        .and_then(|f| f.parse().ok())
        .unwrap_or(0);
    virtual_pages * 4096 > (1 << 40)
}

/// The 1 KiB buffer of key `k`: its bytes differ from every other key's in
/// the first eight and the last eight.
fn buffer(k: u64, out: &mut [u8; 1024]) {
    out.fill(0xa5);
    out[..8].copy_from_slice(&k.to_le_bytes());
    out[1016..].copy_from_slice(&k.wrapping_mul(0x9e37_79b9_7f4a_7c15).to_le_bytes());
}

#[test]
fn a_million_large_attributes_with_flat_resident_memory() {
    let ctx = Context::new();
    let ty = ctx.tensor_type(&[1024], ctx.i8());
    let per_thread = TOTAL / THREADS;
    let warm_up = per_thread / 10;
    // The largest live count any thread saw, and the resident memory after
    // the warm-up and at the end, measured by thread 0.
    let observations: Vec<(usize, usize, usize)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|t| {
                let ctx = &ctx;
                s.spawn(move || {
                    let mut state = (t + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
                    let mut buf = [0_u8; 1024];
                    let mut ring: Vec<Option<strata_ctx::Counted<'_, DenseElementsAttr>>> =
                        (0..WORKING_SET).map(|_| None).collect();
                    let (mut max_live, mut rss_after_warm_up) = (0, 0);
                    for i in 0..per_thread {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        let k = state % KEYS;
                        buffer(k, &mut buf);
                        let h = ctx.dense_elements_attr(ty, &buf);
                        assert_eq!(h.data[..8], k.to_le_bytes());
                        // Replacing the oldest handle often drops a storage's
                        // last one: it is freed right here.
                        ring[i as usize % WORKING_SET] = Some(h);
                        if i % 1024 == 0 {
                            let live = ctx.memory().kind("builtin.dense_elements").unwrap().live;
                            max_live = max_live.max(live);
                        }
                        if t == 0 && i == warm_up {
                            rss_after_warm_up = resident_bytes();
                        }
                    }
                    drop(ring);
                    let rss_end = if t == 0 { resident_bytes() } else { 0 };
                    (max_live, rss_after_warm_up, rss_end)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });

    let max_live = observations.iter().map(|o| o.0).max().unwrap();
    let (_, rss_warm, rss_end) = observations[0];
    let bound = (THREADS as usize) * (WORKING_SET + 4);
    assert!(
        max_live <= bound,
        "the live storages exceed the working sets: {max_live} > {bound}"
    );
    let allowed = if under_asan() {
        64 * MIB + 384 * MIB
    } else {
        64 * MIB
    };
    let growth = rss_end.saturating_sub(rss_warm);
    assert!(
        growth < allowed,
        "resident memory grew by {} MiB after the warm-up (from {} MiB to {} MiB)",
        growth / MIB,
        rss_warm / MIB,
        rss_end / MIB
    );

    // Every handle is gone: every storage was reclaimed, and the bytes add
    // up to at least one node and one buffer per storage built.
    let m = *ctx.memory().kind("builtin.dense_elements").unwrap();
    assert_eq!((m.live, m.bytes_in_use), (0, 0));
    assert!(
        m.reclaimed > TOTAL / 2,
        "most interns built a fresh storage ({} of {TOTAL})",
        m.reclaimed
    );
    assert!(m.bytes_reclaimed >= m.reclaimed * 1024);
    eprintln!(
        "soak: {TOTAL} interns on {THREADS} threads, {} storages built and freed ({} MiB), at most {max_live} live; resident {} MiB after warm-up, {} MiB at the end",
        m.reclaimed,
        m.bytes_reclaimed / MIB as u64,
        rss_warm / MIB,
        rss_end / MIB
    );
}
