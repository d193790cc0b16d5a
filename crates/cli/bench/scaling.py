#!/usr/bin/env python3
"""strata-opt on 1 to 16 threads: the table of docs/PERFORMANCE.md,
"strata-opt on 1 to 16 threads".

Generates the 50 MiB module with gen-mlir, runs strata-opt three times per
row (keeping the best wall time), checks that every row's output is
byte-identical to the first, and prints the table. Run it from the
workspace root after `cargo build --release -p strata-cli`; the first
argument, if given, is the folder holding the binaries (default
target/release).
"""
import os
import resource
import subprocess
import sys
import time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release"
INPUT = "/tmp/strata-scaling.mlir"


def best_of_three(args, out):
    best = None
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([f"{BIN}/strata-opt", *args, INPUT, "-o", out], check=True)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best


def main():
    subprocess.run(
        [f"{BIN}/gen-mlir", "--megabytes", "50", "--oracle",
         "crates/module/tests/oracle", "-o", INPUT],
        check=True,
    )
    print("input bytes", os.path.getsize(INPUT), flush=True)
    rows = [("threads 1", ["--threads", "1"]),
            ("single-threaded context", ["--context", "single"])]
    rows += [(f"threads {t}", ["--threads", str(t)]) for t in (2, 4, 8, 16)]
    first = None
    for name, args in rows:
        out = "/tmp/strata-scaling-" + name.replace(" ", "-") + ".mlir"
        took = best_of_three(args, out)
        text = open(out, "rb").read()
        same = ""
        if first is None:
            first = text
        else:
            same = "identical" if text == first else "DIFFERENT"
        print(f"{name}: best of 3 {took:.3f} s {same}", flush=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print("peak RSS of any child MiB", peak)


if __name__ == "__main__":
    main()
