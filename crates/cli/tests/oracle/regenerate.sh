#!/bin/sh
# Regenerates strata-cli's oracle of the registered dialects it models
# (dialects.jsonl) with mlir-opt-19: every chunk (`// -----`) of the MLIR 19
# test files shipped in crates/cli/tests/mlir (from Debian's
# llvm-toolchain-19 source package, mlir/test/Dialect/{LLVMIR,DLTI,
# MLProgram,Ptr,SparseTensor} and mlir/test/Target/LLVMIR, with their
# licence),
# printed by `mlir-opt-19 --mlir-print-op-generic`, without and with
# `--mlir-print-debuginfo`. The tests read only the checked-in data: they
# need neither this script nor mlir-opt. It uses strata-module's generator.
#
# Usage: crates/cli/tests/oracle/regenerate.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
cd "$here/../mlir"
python3 "$here/../../../module/tests/oracle/generate.py" "$here/dialects.jsonl" \
    --files 'Dialect/*/*.mlir' 'Target/LLVMIR/*.mlir'
