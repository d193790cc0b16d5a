#!/bin/sh
# Regenerates stderr.jsonl, the oracle of the `stderr` test of strata-cli:
# mlir-opt-19's standard error and exit status for every error case the
# oracles of strata check, and for the renderer's own edge cases (see
# stderr.py). The test reads only the checked-in data: it needs neither this
# script nor mlir-opt. Then regenerate stderr_known.txt, the cases where
# strata reports another error:
#   STRATA_WRITE_KNOWN_FAILURES=1 cargo test -p strata-cli --test stderr
#
# Usage: crates/cli/tests/oracle/stderr.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
python3 "$here/stderr.py"
