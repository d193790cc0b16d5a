#!/bin/sh
# Regenerates ints.txt and floats.txt from mlir-opt-19 (Debian's
# mlir-19-tools, installed here when missing). The tests read the data; they
# never run mlir-opt.
set -eu
cd "$(dirname "$0")"
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
    $SUDO apt-get update
    $SUDO apt-get install -y mlir-19-tools
fi
mlir-opt-19 --version | head -3
exec python3 regenerate.py
