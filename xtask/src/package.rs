//! The packaging steps of `cargo xtask ci`: what proves on every change that
//! the library crates are packages a compiler could depend on today.
//!
//! - `licences`: every package folder carries `LICENSE-MIT` and
//!   `LICENSE-APACHE`, byte-identical to the root's.
//! - `package`: `cargo package --workspace` without the bench and xtask
//!   crates, verification on (each package is unpacked under
//!   `target/package-verify/package` and built from its own sources, against the other
//!   packages of the same run). `--allow-dirty` because this is a check of
//!   the working tree, not a release (a release starts from a clean clone,
//!   see `CONTRIBUTING.md`). The step starts from an empty target directory
//!   and removes the copies an earlier run unpacked into Cargo's home (see
//!   [`forget_unpacked_packages`]): both would otherwise let an earlier
//!   run's `strata-sync 0.1.0` stand in for this one's.
//! - `docs`: `cargo doc --workspace --no-deps` with `RUSTDOCFLAGS="-D
//!   warnings"` (broken or ambiguous links, missing docs of public items).
//! - `features`: clippy with warnings denied on every feature combination
//!   listed in [`FEATURE_SETS`], and the tests of each crate with its default
//!   features off (an explicit list rather than `cargo hack`, so that the
//!   xtask needs nothing installed).
//! - `scratch user`: a crate generated under `target/scratch-user`, outside
//!   the workspace, that depends on the packaged `strata-table` and
//!   `strata-tls` alone (through `[patch.crates-io]` to the unpacked package
//!   sources) builds and runs its example. It needs the `package` step first.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

use crate::{Result, cargo, root, run, step, target_dir};

/// The packages `cargo package` leaves out: never published.
const UNPUBLISHED: &[&str] = &["strata-bench", "xtask"];

/// The feature combinations that matter, per crate: each entry is built
/// with `--no-default-features --features LIST` (the empty list is the crate
/// without its optional parts). A crate's default build is covered by the
/// workspace's clippy and test steps. For `strata-diag` this is the whole
/// feature powerset (`json` implies `human`, so `human,json` is `json`),
/// the same seven builds `cargo hack --feature-powerset` makes; for
/// `strata-ctx` likewise (its two features and the default, both on).
pub(crate) const FEATURE_SETS: &[(&str, &[&str])] = &[
    (
        "strata-diag",
        &[
            "",
            "human",
            "json",
            "verifier",
            "human,verifier",
            "json,verifier",
        ],
    ),
    // The facade without the parallel driver (no rayon) and without the
    // diagnostic renderers, and each alone.
    ("strata-ctx", &["", "driver", "diag-renderers"]),
];

/// All package steps, in order, each under its own `ci` heading.
pub(crate) fn ci() -> Result {
    step("licences", licences)?;
    step("package", package)?;
    step("docs", docs)?;
    step("features", features)?;
    step("scratch user", scratch_user)
}

/// Every folder with a `Cargo.toml` under `crates/` holds copies of the
/// root's licence files.
fn licences() -> Result {
    let root = root();
    let mut errors = Vec::new();
    let crates = fs::read_dir(root.join("crates")).map_err(|e| format!("crates/: {e}"))?;
    for entry in crates.flatten() {
        let dir = entry.path();
        if !dir.join("Cargo.toml").is_file() {
            continue;
        }
        for name in ["LICENSE-MIT", "LICENSE-APACHE"] {
            let want = fs::read(root.join(name)).map_err(|e| format!("{name}: {e}"))?;
            match fs::read(dir.join(name)) {
                Ok(have) if have == want => {}
                Ok(_) => errors.push(format!("{}: differs from the root's", rel(&dir, name))),
                Err(_) => errors.push(format!("{}: missing (copy the root's)", rel(&dir, name))),
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors.join("\n"))
    }
}

/// `crates/NAME/FILE`, for messages.
fn rel(dir: &Path, file: &str) -> String {
    let name = dir
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    format!("crates/{name}/{file}")
}

/// The target directory of the `package` step. It starts empty on every
/// run: Cargo takes a registry package's build as current whatever its
/// sources, so a build of `strata-sync 0.1.0` from the last run's temporary
/// registry would otherwise stand in for this run's.
fn package_target() -> PathBuf {
    target_dir("package-verify")
}

fn package() -> Result {
    forget_unpacked_packages()?;
    let target = package_target();
    if target.exists() {
        fs::remove_dir_all(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    let mut cmd = cargo();
    cmd.args(["package", "--workspace", "--allow-dirty", "--target-dir"])
        .arg(&target);
    for name in UNPUBLISHED {
        cmd.args(["--exclude", name]);
    }
    run("cargo package (verified)", &mut cmd)
}

/// Removes the copies of strata's own packages that an earlier `cargo
/// package` run unpacked into Cargo's home.
///
/// Verification publishes each package into a temporary local registry under
/// the package target directory and unpacks it into `$CARGO_HOME/registry/src/-HASH/`,
/// where `HASH` depends only on that registry's path. Cargo skips unpacking
/// when the folder is already there, so a later run from a checkout at the
/// same path (a CI machine that clones into the same folder every time)
/// builds the dependent packages against the sources of the earlier run,
/// with the same version number and older code. Local-path registries are
/// the folders whose name starts with `-` (no host), and only this step puts
/// `strata-*` packages there, so removing those folders loses nothing.
fn forget_unpacked_packages() -> Result {
    let home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    let Some(home) = home else { return Ok(()) };
    let Ok(registries) = fs::read_dir(home.join("registry").join("src")) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(unpacked) = fs::read_dir(registry.path()) else {
            continue;
        };
        for package in unpacked.flatten() {
            if package.file_name().to_string_lossy().starts_with("strata-") {
                let path = package.path();
                fs::remove_dir_all(&path)
                    .map_err(|e| format!("cannot remove stale {}: {e}", path.display()))?;
            }
        }
    }
    Ok(())
}

fn docs() -> Result {
    run(
        "cargo doc, warnings denied",
        cargo()
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    )
}

fn features() -> Result {
    for (krate, sets) in FEATURE_SETS {
        for features in *sets {
            run(
                &format!("clippy -p {krate} --no-default-features --features '{features}'"),
                cargo().args([
                    "clippy",
                    "-p",
                    krate,
                    "--no-default-features",
                    "--features",
                    features,
                    "--all-targets",
                    "--",
                    "-D",
                    "warnings",
                ]),
            )?;
        }
        run(
            &format!("tests of {krate} without default features"),
            cargo().args([
                "test",
                "-p",
                krate,
                "--no-default-features",
                "--lib",
                "--tests",
            ]),
        )?;
    }
    Ok(())
}

/// The scratch crate's `main`: a compiler's own context with the thread
/// cache in front of a storage table (the `strata-tls` README example).
const SCRATCH_MAIN: &str = r#"//! A compiler's own context on strata-table and strata-tls alone.

use core::ptr::NonNull;
use strata_table::Table;
use strata_tls::{Owner, insert, lookup};

#[derive(Debug)]
struct IntType {
    width: u32,
}

const INT: u32 = 0;

struct Context {
    // Dropped first: no cache entry outlives the table's values.
    cache: Owner,
    ints: Table<IntType>,
}

impl Context {
    fn int(&self, width: u32) -> &IntType {
        let hash = self.ints.hash_one(&width);
        let eq = |t: &IntType| t.width == width;
        if let Some(hit) = lookup(&self.cache, INT, hash, eq) {
            // SAFETY: every pointer cached under `self.cache` points into
            // `self.ints`, which outlives the cache.
            return unsafe { hit.as_ref() };
        }
        let found = self.ints.get_or_insert_with(hash, eq, |_| IntType { width });
        // SAFETY: (1) `found` lives unmoved and unchanged in `self.ints`
        // until the table drops, after `self.cache`; (2) kind `INT` only
        // ever stores `IntType`.
        unsafe { insert(&self.cache, INT, hash, NonNull::from(found)) };
        found
    }
}

fn main() {
    let ctx = Context { cache: Owner::new(), ints: Table::new("integer type") };
    let widths = [1, 8, 16, 32, 64];
    let first: Vec<usize> = widths.iter().map(|&w| core::ptr::from_ref(ctx.int(w)) as usize).collect();
    let other: Vec<usize> = std::thread::scope(|s| {
        s.spawn(|| widths.iter().map(|&w| core::ptr::from_ref(ctx.int(w)) as usize).collect())
            .join()
            .unwrap()
    });
    assert_eq!(first, other, "one storage per key across threads");
    let before = strata_tls::stats().hits;
    for &w in &widths {
        assert_eq!(ctx.int(w).width, w);
    }
    let hits = strata_tls::stats().hits - before;
    assert_eq!(hits, widths.len() as u64, "repeat lookups hit the thread cache");
    println!("scratch user: {} types interned, {hits} cache hits", ctx.ints.len());
}
"#;

fn scratch_user() -> Result {
    let root = root();
    let packaged = package_target().join("package");
    let dir = target_dir("scratch-user");
    let unpacked = |name: &str| packaged.join(format!("{name}-{}", env!("CARGO_PKG_VERSION")));
    let mut patch = String::new();
    for name in ["strata-sync", "strata-table", "strata-tls"] {
        let src = unpacked(name);
        if !src.join("Cargo.toml").is_file() {
            return Err(format!(
                "{} is missing: the package step unpacks it",
                src.display()
            ));
        }
        // TOML literal strings: no escaping of the path.
        patch.push_str(&format!("{name} = {{ path = '{}' }}\n", src.display()));
    }
    let manifest = format!(
        "[package]\nname = \"scratch-user\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\nstrata-table = \"{v}\"\nstrata-tls = \"{v}\"\n\n\
         # Its own workspace: it sits under the strata target directory.\n[workspace]\n\n\
         [patch.crates-io]\n{patch}",
        v = env!("CARGO_PKG_VERSION"),
    );
    let write = |path: &Path, text: &str| {
        fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    fs::create_dir_all(dir.join("src")).map_err(|e| format!("{}: {e}", dir.display()))?;
    write(&dir.join("Cargo.toml"), &manifest)?;
    write(&dir.join("src/main.rs"), SCRATCH_MAIN)?;
    // The workspace's lock file pins the same registry versions, so the
    // scratch build needs no new download.
    fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut cmd = cargo();
    cmd.current_dir(&dir)
        .args(["run", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(dir.join("target"));
    run(
        "scratch crate on the packaged strata-table and strata-tls",
        &mut cmd,
    )
}
