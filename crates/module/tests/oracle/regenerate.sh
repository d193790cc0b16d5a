#!/bin/sh
# Regenerates the operation-level conformance data of strata-module
# (generic.jsonl) with mlir-opt-19 as the oracle: every chunk (`// -----`) of
# the MLIR 19 test files shipped in crates/syntax/tests/mlir, printed by
# `mlir-opt-19 --mlir-print-op-generic`, without and with
# `--mlir-print-debuginfo`. The tests read only the checked-in data: they need
# neither this script nor mlir-opt.
#
# Usage: crates/module/tests/oracle/regenerate.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
cd "$here/../../../syntax/tests/mlir"
python3 "$here/generate.py" "$here/generic.jsonl"

# The expected text of the rewrite test (tests/rewrite.rs): what mlir-opt-19
# prints for the text the rewrites of tests/data/rewrite.mlir must leave.
mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic \
    "$here/../data/rewrite.after.mlir" > "$here/../data/rewrite.expected"
mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic \
    "$here/../data/rewrite.parallel.after.mlir" > "$here/../data/rewrite.parallel.expected"
