#!/bin/sh
# The real-work benchmark of strata-opt against mlir-opt-19 (issue: strata-opt).
#
# Generates a >= 50 MiB generic-form module (gen-mlir, deterministic), checks
# that strata-opt prints it byte-identically at 1 and 2 threads and with the
# single-threaded context, then times, on the same file, each parsing and
# printing to /dev/null, with its peak resident memory (/usr/bin/time -v):
#   strata-opt at 1 thread, at 2 threads, with the single-threaded context,
#   mlir-opt-19 with threading on and off. (mlir-opt 19 has no flag that turns
#   its verifier off on parsing: --verify-each=0
#   came with MLIR 20; --verify-each=0 turns off the verifier after passes,
#   and there are none here. Its times include one verification.)
# Also times the crafted-FxHash-collision file with the keyed and the FxHash
# context. Run it on an idle machine.
#
# Usage: crates/cli/bench/compare.sh [MEGABYTES] [RUNS]
set -eu
mb=${1:-50}
runs=${2:-3}
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if ! command -v mlir-opt-19 >/dev/null 2>&1; then
    $sudo apt-get update
    $sudo apt-get install -y mlir-19-tools
fi
[ -x /usr/bin/time ] || { $sudo apt-get install -y time; }
cargo build --release -p strata-cli --bins >/dev/null
bin=target/release
work=${TMPDIR:-/tmp}/strata-opt-bench
mkdir -p "$work"
big=$work/big.mlir
$bin/gen-mlir --megabytes "$mb" -o "$big"
$bin/gen-mlir --fx-collisions 200000 -o "$work/collide.mlir"
echo "input: $big ($(wc -c <"$big") bytes)"

# Byte-identical at 1 and 2 threads and single-threaded.
$bin/strata-opt --mlir-print-op-generic --threads 1 "$big" -o "$work/out1.mlir"
$bin/strata-opt --mlir-print-op-generic --threads 2 "$big" -o "$work/out2.mlir"
$bin/strata-opt --mlir-print-op-generic --context single "$big" -o "$work/outs.mlir"
cmp "$work/out1.mlir" "$work/out2.mlir"
cmp "$work/out1.mlir" "$work/outs.mlir"
echo "output byte-identical at 1 and 2 threads and single-threaded ($(wc -c <"$work/out1.mlir") bytes)"

measure() {
    name=$1
    shift
    best=""
    rss=""
    i=0
    while [ "$i" -lt "$runs" ]; do
        /usr/bin/time -v "$@" >/dev/null 2>"$work/time.txt"
        t=$(grep 'Elapsed (wall clock)' "$work/time.txt" | sed 's/.*: //' | awk -F: '{ if (NF == 3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
        r=$(grep 'Maximum resident' "$work/time.txt" | sed 's/.*: //')
        if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" -eq 1 ]; then best=$t; rss=$r; fi
        i=$((i + 1))
    done
    printf '| %s | %s | %s |\n' "$name" "$best" "$((rss / 1024))"
}

echo
echo "| command (best of $runs) | wall s | peak RSS MiB |"
echo "|---|---:|---:|"
measure "strata-opt, 1 thread" $bin/strata-opt --mlir-print-op-generic --threads 1 "$big" -o /dev/null
measure "strata-opt, 2 threads" $bin/strata-opt --mlir-print-op-generic --threads 2 "$big" -o /dev/null
measure "strata-opt, single-threaded context" $bin/strata-opt --mlir-print-op-generic --context single "$big" -o /dev/null
measure "mlir-opt-19, threading on" mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic --verify-each=0 "$big" -o /dev/null
measure "mlir-opt-19, threading off" mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic --verify-each=0 --mlir-disable-threading "$big" -o /dev/null
measure "strata-opt, FxHash collisions, keyed context" $bin/strata-opt --threads 1 "$work/collide.mlir" -o /dev/null
measure "strata-opt, FxHash collisions, FxHash context" $bin/strata-opt --threads 1 --context fx "$work/collide.mlir" -o /dev/null
