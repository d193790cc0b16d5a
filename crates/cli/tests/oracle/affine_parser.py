#!/usr/bin/env python3
"""Writes strata-cli's oracle of the affine parser's diagnostics per chunk
(affine_parser.jsonl) with mlir-opt-19; see affine_parser.sh.

Usage: affine_parser.py MLIR_DIR OUT FILE...

For every chunk (`// -----`, split as MLIR 19 splits) of each FILE (a path
relative to MLIR_DIR), run alone as `--split-input-file` runs it (its lines
restart at the chunk): whether `mlir-opt-19 --verify-diagnostics
--allow-unregistered-dialect` passes it, and every diagnostic `mlir-opt-19
--allow-unregistered-dialect` reports for it without the verifier, in
order, each `{"line", "column", "severity", "message"}`. One JSON object a
line: `{"file", "chunk", "mlir_opt_passes", "diagnostics"}`.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

MLIR_OPT = os.environ.get("MLIR_OPT", "mlir-opt-19")


def split(text):
    """MLIR 19's split at `// -----` (see strata-module's split.rs)."""
    raw = text.split("// ---")
    chunks = []
    prev = None
    for r in raw:
        if not prev:
            prev = r
            continue
        if r.startswith("--") and len(r) > 2 and r[2] != "-":
            chunks.append(prev)
            prev = r[2:]
        else:
            prev = prev + "// ---" + r
    if prev:
        chunks.append(prev)
    return chunks


def chunk_row(path, i, chunk):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False, encoding="utf-8") as t:
        t.write(chunk)
    try:
        p = subprocess.run([MLIR_OPT, "--verify-diagnostics", "--allow-unregistered-dialect", t.name],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        passes = p.returncode == 0
        p = subprocess.run([MLIR_OPT, "--allow-unregistered-dialect", t.name],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
        diagnostic = re.compile(re.escape(t.name) + r":(\d+):(\d+): (error|warning|note|remark): (.*)$")
        found = []
        for line in p.stderr.decode("utf-8", "replace").splitlines():
            m = diagnostic.match(line)
            if m:
                found.append({"line": int(m.group(1)), "column": int(m.group(2)),
                              "severity": m.group(3), "message": m.group(4)})
    finally:
        os.unlink(t.name)
    return {"file": path, "chunk": i, "mlir_opt_passes": passes, "diagnostics": found}


def main():
    root, out, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = []
    for path in files:
        text = open(os.path.join(root, path), encoding="utf-8").read()
        for i, chunk in enumerate(split(text)):
            rows.append(chunk_row(path, i, chunk))
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    for path in files:
        mine = [r for r in rows if r["file"] == path]
        print(f"{path}: {len(mine)} chunks, {sum(r['mlir_opt_passes'] for r in mine)} pass "
              f"mlir-opt-19 --verify-diagnostics")


if __name__ == "__main__":
    main()
