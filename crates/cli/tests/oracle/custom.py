"""Regenerates custom.jsonl, the oracle of strata's custom-form printing:
mlir-opt-19's default print (custom forms, no --mlir-print-op-generic) of
every generic text the other oracles hold, without and with
--mlir-print-debuginfo.

The inputs are the generic prints mlir-opt-19 made of MLIR 19's own test
files (strata-module's generic.jsonl and strata-cli's dialects.jsonl, each
row's "generic" and "debuginfo" texts), the custom-form files of
strata-dialects' tests and those of crates/cli/tests/custom (the corners of
the forms and of the numbering). Each row: {"source", "index", "key",
"custom"}, where "source" names the oracle file (or "data:" or "custom:"
and a file name), "index"
its row, "key" the text ("generic" or "debuginfo"), and "custom" what
mlir-opt-19 prints for it with the same debug-info flag. A text mlir-opt-19
rejects is not recorded. The tests read only this file.

Usage: python3 crates/cli/tests/oracle/custom.py (from anywhere).
"""
import glob
import json
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
SOURCES = [
    ("module/generic.jsonl", os.path.join(ROOT, "crates/module/tests/oracle/generic.jsonl")),
    ("cli/dialects.jsonl", os.path.join(ROOT, "crates/cli/tests/oracle/dialects.jsonl")),
]
DATA = os.path.join(ROOT, "crates/dialects/tests/data")
OWN = os.path.join(ROOT, "crates/cli/tests/custom")


def custom(text, debug):
    args = ["mlir-opt-19", "--allow-unregistered-dialect"]
    if debug:
        args.append("--mlir-print-debuginfo")
    p = subprocess.run(args, input=text.encode("utf-8"), stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, timeout=60)
    if p.returncode != 0:
        return None
    try:
        return p.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return None


def main():
    rows = []
    for name, path in SOURCES:
        with open(path, encoding="utf-8") as f:
            for i, line in enumerate(f):
                row = json.loads(line)
                for key, debug in [("generic", False), ("debuginfo", True)]:
                    out = custom(row[key], debug)
                    if out is not None:
                        rows.append({"source": name, "index": i, "key": key, "custom": out})
    files = [("data:", p) for p in sorted(glob.glob(os.path.join(DATA, "*.mlir")))]
    files += [("custom:", p) for p in sorted(glob.glob(os.path.join(OWN, "*.mlir")))]
    for prefix, path in files:
        text = open(path, encoding="utf-8").read()
        for key, debug in [("generic", False), ("debuginfo", True)]:
            out = custom(text, debug)
            if out is not None:
                rows.append({"source": prefix + os.path.basename(path), "index": 0,
                             "key": key, "custom": out})
    with open(os.path.join(HERE, "custom.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} custom prints recorded")


if __name__ == "__main__":
    main()
