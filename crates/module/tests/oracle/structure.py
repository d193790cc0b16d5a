#!/usr/bin/env python3
"""Records what mlir-opt-19 reports for each chunk of structure.mlir.

Writes structure.txt: one line per diagnostic, `CHUNK<TAB>LINE:COL: KIND:
MESSAGE`, the chunk's index (from 0), the line and column in the chunk as
MLIR counts them (the chunk starts with the rest of its marker's line), and
MLIR's error or note without the "see current operation" notes, which print
the operation. A chunk mlir-opt-19 accepts has no line. Run from this
directory: `python3 structure.py` (needs `mlir-opt-19`).
"""
import re
import subprocess

text = open("structure.mlir").read()
# The line each chunk starts on, as MLIR's `--split-input-file` names it.
starts = [1] + [i + 1 for i, l in enumerate(text.split("\n")) if l.startswith("// -----")]
out = subprocess.run(
    ["mlir-opt-19", "--allow-unregistered-dialect", "--split-input-file", "structure.mlir"],
    capture_output=True, text=True).stderr
lines = []
pat = re.compile(r"^within split at [^:]*:(\d+) offset :(\d+):(\d+): (error|note): (.*)$")
for l in out.split("\n"):
    m = pat.match(l)
    if not m or m.group(5).startswith("see current operation"):
        continue
    chunk = starts.index(int(m.group(1)))
    lines.append(f"{chunk}\t{m.group(2)}:{m.group(3)}: {m.group(4)}: {m.group(5)}")
open("structure.txt", "w").write("\n".join(lines) + "\n")
