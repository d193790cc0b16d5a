#!/bin/sh
# Runs strata-opt over the generic form of MLIR 19's own test files and
# reports, per file, whether it prints mlir-opt-19's output back
# byte-identical, without and with --mlir-print-debuginfo; a file that
# mlir-opt-19 rejects as a whole (a test of its diagnostics) is compared
# chunk by chunk (`// -----`), so that its valid chunks are checked too. This is how the
# dialect models of strata-cli were found (docs/ARCHITECTURE.md,
# strata-cli); the tests do not run it (it needs mlir-opt-19 and the
# network). The files that differ are worth a look; some are known
# (mlir-opt-19 is not always a fixed point of its own print).
#
# Usage: crates/cli/tests/oracle/sweep.sh [SUBDIR...]   (default: Dialect Conversion Target/LLVMIR)
set -eu
root=$(cd "$(dirname "$0")/../../../.." && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        | $sudo tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
    $sudo apt-get update
fi
cargo build --release --manifest-path "$root/Cargo.toml" -p strata-cli --bin strata-opt
opt="$root/target/release/strata-opt"
work=$(mktemp -d)
cd "$work"
apt-get source --download-only llvm-toolchain-19 >/dev/null
[ $# -gt 0 ] || set -- Dialect Conversion Target/LLVMIR
for d in "$@"; do
    tar -xJf llvm-toolchain-19_*.orig.tar.xz --wildcards "*/mlir/test/$d/*"
done
same=0; diff=0; rejected=0
# One file or chunk, without and with debug info: mlir-opt-19's generic
# print, then strata-opt's print of that.
compare() {
    for dbg in "" --mlir-print-debuginfo; do
        if ! mlir-opt-19 --split-input-file --allow-unregistered-dialect $dbg \
            --mlir-print-op-generic "$1" > gen.mlir 2>/dev/null; then
            rejected=$((rejected + 1))
            continue
        fi
        if "$opt" --mlir-print-op-generic --split-input-file $dbg gen.mlir 2>/dev/null | cmp -s gen.mlir -; then
            same=$((same + 1))
        else
            diff=$((diff + 1))
            echo "differs: $2 ${dbg:-(no debug info)}"
        fi
    done
}
chunks=0
for f in $(find llvm-toolchain-19_*/mlir/test -name '*.mlir' | sort); do
    name=${f#*/mlir/test/}
    if mlir-opt-19 --split-input-file --allow-unregistered-dialect \
        --mlir-print-op-generic "$f" > /dev/null 2>&1; then
        compare "$f" "$name"
        continue
    fi
    # A file that mlir-opt-19 rejects as a whole (a test of its
    # diagnostics) is compared chunk by chunk: its valid chunks count.
    rm -f chunk.*.mlir
    awk '/^\/\/ -----/ { n++; next } { print > ("chunk." n ".mlir") }' n=0 "$f"
    for c in chunk.*.mlir; do
        [ -e "$c" ] || continue
        chunks=$((chunks + 1))
        compare "$c" "$name ${c#chunk.}"
    done
done
echo "$same prints byte-identical, $diff differ, $rejected rejected by mlir-opt-19 ($chunks chunks of files it rejects as a whole among them)"
rm -rf "$work"
