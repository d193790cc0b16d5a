#!/bin/sh
# Regenerates affine_parser.jsonl, the oracle of the `affine_parser` test of
# strata-cli, with mlir-opt-19: per chunk of MLIR 19's affine-map and
# integer-set error tests, whether `mlir-opt-19 --verify-diagnostics` passes
# it and every diagnostic it reports (see affine_parser.py). The test files
# are checked in under ../mlir/AffineParser: MLIR 19's
# mlir/test/IR/invalid-affinemap.mlir and the affine-map and integer-set
# chunks of mlir/test/Dialect/{Affine,Func}/invalid.mlir (from Debian's
# llvm-toolchain-19 source package, licence in ../mlir/LICENSE.TXT), with
# the affine dialect's custom forms written in generic form, as each file's
# header says. The tests read only the checked-in data: they need neither
# this script nor mlir-opt.
#
# Usage: crates/cli/tests/oracle/affine_parser.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
python3 "$here/affine_parser.py" "$here/../mlir/AffineParser" "$here/affine_parser.jsonl" \
    IR/invalid-affinemap.mlir Dialect/Affine/invalid.mlir Dialect/Func/invalid.mlir
