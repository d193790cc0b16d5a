//! `gen-mlir`: writes a large generic-form module for the benchmark,
//! deterministically, from the MLIR test files' modules as `mlir-opt-19`
//! printed them (the conformance oracle of strata-module): each copy is a
//! nested, renamed `builtin.module`.
//!
//! ```text
//! cargo run --release -p strata-cli --bin gen-mlir -- --megabytes 50 -o big.mlir
//! ```

#![forbid(unsafe_code)]

use clap::Parser;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "gen-mlir",
    about = "Write a large generic-form MLIR module for the benchmark"
)]
struct Args {
    /// The size to reach, in MiB.
    #[arg(long, default_value_t = 50)]
    megabytes: usize,
    /// The output file (`-` for standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,
    /// Every usable module once (ignores `--megabytes`).
    #[arg(long)]
    once: bool,
    /// Crafted integer attributes that all collide under FxHash, instead of
    /// copies of real modules (`count` operations).
    #[arg(long)]
    fx_collisions: Option<u64>,
    /// The folder of strata-module's conformance oracle (`generic.jsonl`,
    /// `known_failures.txt`); by default the one of the workspace this was
    /// built in.
    #[arg(long)]
    oracle: Option<std::path::PathBuf>,
}

/// The oracle's modules that strata round-trips (not known failures), read
/// from `dir` (read at run time, so that the package does not need the
/// workspace's test data to build).
fn modules(dir: &std::path::Path) -> std::io::Result<Vec<String>> {
    let known = std::fs::read_to_string(dir.join("known_failures.txt"))?;
    let generic = std::fs::read_to_string(dir.join("generic.jsonl"))?;
    Ok(generic
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|row| {
            let key = format!(
                "{}#{} generic\t",
                row["file"].as_str().unwrap_or(""),
                row["chunk"].as_u64().unwrap_or(0)
            );
            !known.contains(&key)
        })
        .filter_map(|row| row["generic"].as_str().map(str::to_owned))
        .collect())
}

/// rustc-hash 2's FxHasher multiplier (see strata-module's hostile tests,
/// which check that these values collide).
const FX_K: u64 = 0xf135_7aea_2e62_a9c5;

fn inverse(k: u64) -> u64 {
    let mut x = k;
    for _ in 0..6 {
        x = x.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(x)));
    }
    x
}

/// rustc-hash's `hash_bytes` of the 8 bytes of `w`.
fn hash_bytes(w: u64) -> u64 {
    use std::hash::Hasher;
    let mut h = rustc_hash::FxHasher::default();
    h.write(&w.to_le_bytes());
    h.finish().rotate_right(26).wrapping_mul(inverse(FX_K))
}

/// `n` operations whose `i128` attributes all hash alike under FxHash: the
/// key is the type, the low word `lo`, then the high words `[hi]`, so
/// `lo = (C - hash_bytes(hi)) / K^2` cancels `hi`.
fn colliding(n: u64) -> String {
    const C: u64 = 0x0123_4567_89ab_cdef;
    let k2 = inverse(FX_K.wrapping_mul(FX_K));
    let mut s = String::new();
    for i in 0..n {
        let hi = i + 1;
        let lo = C.wrapping_sub(hash_bytes(hi)).wrapping_mul(k2);
        let v = (((hi as u128) << 64) | lo as u128) as i128;
        s.push_str(&format!("\"t.op\"() {{v = {v} : i128}} : () -> ()\n"));
    }
    s
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let text = match args.fx_collisions {
        Some(n) => colliding(n),
        None => {
            let dir = args.oracle.clone().unwrap_or_else(|| {
                std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../module/tests/oracle")
            });
            let modules = match modules(&dir) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!(
                        "gen-mlir: cannot read the oracle in {} ({e}); name it with --oracle",
                        dir.display()
                    );
                    return std::process::ExitCode::FAILURE;
                }
            };
            let refs: Vec<&str> = modules.iter().map(String::as_str).collect();
            let text = if args.once {
                strata_module::generate::generate_once(&refs)
            } else {
                strata_module::generate::generate(&refs, args.megabytes << 20)
            };
            match text {
                Some(t) => t,
                None => {
                    eprintln!("gen-mlir: no usable module in the oracle");
                    return std::process::ExitCode::FAILURE;
                }
            }
        }
    };
    let written = if args.output == "-" {
        use std::io::Write;
        std::io::stdout().lock().write_all(text.as_bytes())
    } else {
        std::fs::write(&args.output, text)
    };
    match written {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-mlir: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
