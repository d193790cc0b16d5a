//! The side-by-side comparison harness of strata, and the shared helpers of
//! its criterion benches.
//!
//! # The problem
//!
//! strata promises to intern faster than the designs a Rust compiler author
//! would otherwise pick: within 1.5x of an
//! unsynchronised hash table on the hit path and on inserts, ahead of
//! rustc's sharded interner, of a `dashmap` interner and of the published
//! interner crates, and scaling on two threads. A promise like that is only
//! worth the measurement behind it, and on a shared, noisy two-core machine
//! an absolute figure from one run means little: every implementation must
//! run the same workloads, on the same keys, in the same process, so that
//! the figures are read as ratios.
//!
//! # The approach
//!
//! - [`keys`] generates the keys of `benches/WORKLOADS.md` exactly
//!   (splitmix64 hot set, multiplicative insert keys, `sym_{i}` strings).
//! - [`impls`] wraps each implementation behind one trait,
//!   [`impls::Interner`], which turns a key into an identity (an address for
//!   the pointer-identity interners, the integer key for lasso):
//!   - `strata`: `strata_ctx::Context` (threaded) and `Context<Local>`
//!     (single), through the facade's `integer_attr` and `string_attr`;
//!   - `floor`: [`impls::Floor`], hashbrown + FxHash + a bump arena, one
//!     thread, no lock, no atomic;
//!   - `rustc-sharded`: [`impls::RustcSharded`], 32 cache-aligned
//!     `parking_lot::Mutex<HashTable>` shards picked by high hash bits, an
//!     arena per shard;
//!   - `dashmap`: [`impls::DashInterner`], a `get` probe then `entry`;
//!   - `internment`: [`impls::GlobalIntern`], `internment::Intern` (global
//!     pool: W1 and W3 only);
//!   - `lasso`: [`impls::RodeoThreaded`] and [`impls::RodeoSingle`], for the
//!     string workloads.
//! - [`harness`] runs the workloads, each measurement a monomorphised loop
//!   with identical bookkeeping for every implementation, and computes every
//!   `check` honestly (identities compared, never assumed): W1 and W3 count
//!   lookups whose identity differs from the pre-interned one; W2, W4 and W6a
//!   count duplicate identities among `N` distinct keys, plus (W2, W4) keys
//!   whose identity changes when asked again after timing; W5 counts keys
//!   the two threads got different identities for; W6b counts strings whose
//!   identity differs from W6a's.
//! - [`report`] renders the records as the `compare` section of
//!   `docs/compare.md` and the chart `docs/compare.svg`.
//!
//! Two binaries sit on top: `compare` prints the JSON lines of WORKLOADS.md
//! (nothing else on stdout), and `report` (run by `cargo xtask bench`) runs
//! the same harness and rewrites the docs.
//!
//! # Example
//!
//! ```
//! use strata_bench::harness::{self, Config, Impl, Workload};
//!
//! let config = Config {
//!     scale: 0.0001,
//!     impls: vec![Impl::Strata, Impl::Floor],
//!     workloads: vec![Workload::W1HotHits, Workload::W2Inserts],
//!     ..Config::default()
//! };
//! let records = harness::run(&config, |r| println!("{}", r.to_json()));
//! // strata in both modes and the floor, on both workloads.
//! assert_eq!(records.len(), 6);
//! assert!(records.iter().all(|r| r.check == 0));
//! ```
//!
//! # What is here
//!
//! - [`keys`]: [`keys::splitmix64`], [`keys::hot_values`],
//!   [`keys::insert_value`], [`keys::strings`], [`keys::IntKey`],
//!   [`keys::StoreKey`].
//! - [`impls`]: [`impls::Interner`] and the implementations above.
//! - [`harness`]: [`harness::Workload`], [`harness::Mode`],
//!   [`harness::Impl`], [`harness::Config`], [`harness::Record`],
//!   [`harness::run`].
//! - [`clock`]: [`clock::Stopwatch`], wall-clock and per-thread CPU time.
//! - [`report`]: [`report::markdown`], [`report::svg`], [`report::splice`],
//!   [`report::targets`], [`report::Machine`].

pub mod clock;
pub mod harness;
pub mod impls;
pub mod keys;
pub mod report;
