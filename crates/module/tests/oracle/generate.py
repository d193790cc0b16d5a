"""Runs mlir-opt-19 over every shipped MLIR test file and records, per chunk,
the generic form it prints without and with debug info (see regenerate.sh).

Run from crates/syntax/tests/mlir; writes one JSON object per accepted chunk:
{"file", "chunk", "generic", "debuginfo"}. A chunk that mlir-opt-19 rejects
prints nothing and is not recorded; one whose output is not UTF-8 is counted
and skipped.
"""
import glob
import json
import subprocess
import sys

SEP = "// -----\n"


def run(path, extra):
    try:
        p = subprocess.run(
            ["mlir-opt-19", "--split-input-file", "--mlir-print-op-generic",
             "--allow-unregistered-dialect", *extra, path],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    except subprocess.TimeoutExpired:
        return None
    try:
        text = p.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text.split(SEP)


def main():
    out = sys.argv[1]
    files = sorted(glob.glob("IR/*.mlir") + glob.glob("Dialect/Builtin/*.mlir"))
    accepted = skipped = total = 0
    with open(out, "w", encoding="utf-8") as f:
        for path in files:
            plain = run(path, [])
            debug = run(path, ["--mlir-print-debuginfo"])
            if plain is None or debug is None or len(plain) != len(debug):
                skipped += 1
                continue
            total += len(plain)
            for i, (g, d) in enumerate(zip(plain, debug)):
                if not g or not d:
                    continue
                accepted += 1
                f.write(json.dumps({"file": path, "chunk": i, "generic": g,
                                    "debuginfo": d}, ensure_ascii=False) + "\n")
    print(f"{len(files)} files ({skipped} skipped), {total} chunks, "
          f"{accepted} accepted by mlir-opt-19")


main()
