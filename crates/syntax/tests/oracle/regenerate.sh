#!/bin/sh
# Regenerates the conformance corpus of strata-syntax (accepted.jsonl,
# rejected.jsonl) and the affine parser's diagnostics (affine_errors.jsonl,
# from the forms of affine_forms.txt) with mlir-opt-19 as the oracle. The
# tests read only the checked-in data: they need neither this script nor
# mlir-opt.
#
# Usage: crates/syntax/tests/oracle/regenerate.sh [--refresh-tests]
#
# --refresh-tests first replaces ../mlir with MLIR 19's test files from
# Debian's llvm-toolchain-19 source package (mlir/test/IR/*.mlir,
# mlir/test/Dialect/Builtin/*.mlir and mlir/LICENSE.TXT).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
if [ "${1:-}" = "--refresh-tests" ]; then
    if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            | $sudo tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
        $sudo apt-get update
    fi
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get source --download-only llvm-toolchain-19 >/dev/null \
        && tar -xJf llvm-toolchain-19_*.orig.tar.xz --wildcards \
            '*/mlir/test/IR/*.mlir' '*/mlir/test/Dialect/Builtin/*.mlir' '*/mlir/LICENSE.TXT')
    src=$(echo "$tmp"/llvm-toolchain-19_*/mlir)
    rm -rf "$here/../mlir"
    mkdir -p "$here/../mlir/IR" "$here/../mlir/Dialect/Builtin"
    cp "$src"/test/IR/*.mlir "$here/../mlir/IR/"
    cp "$src"/test/Dialect/Builtin/*.mlir "$here/../mlir/Dialect/Builtin/"
    cp "$src"/LICENSE.TXT "$here/../mlir/LICENSE.TXT"
    rm -rf "$tmp"
fi
cd "$here"
python3 extract.py ../mlir .
python3 affine_errors.py affine_forms.txt affine_errors.jsonl
