#!/bin/sh
# Regenerates truncations.jsonl and mutations.jsonl: mlir-opt-19's first
# error for every prefix of two files in crates/module/tests/data/truncations
# (every byte, with and without a final newline) and for every one-character
# mistake in two of them (see truncations.py). The test
# (tests/truncations.rs) reads only the checked-in data: it needs neither
# this script nor mlir-opt.
#
# Usage: crates/module/tests/oracle/truncations.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
python3 "$here/truncations.py" prefixes "$here/../data/truncations" "$here/truncations.jsonl"
python3 "$here/truncations.py" mutations "$here/../data/truncations" "$here/mutations.jsonl"
