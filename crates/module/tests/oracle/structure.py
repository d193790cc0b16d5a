#!/usr/bin/env python3
"""Records what mlir-opt-19 reports for each chunk of structure.mlir and of
op_note.mlir.

Writes structure.txt, op_note.txt and (with `--mlir-print-debuginfo`)
op_note.debuginfo.txt: one line per diagnostic, `CHUNK<TAB>LINE:COL: KIND:
MESSAGE`, the chunk's index (from 0), the line and column in the chunk as
MLIR counts them (the chunk starts with the rest of its marker's line), and
MLIR's error or note. A "see current operation" note prints the operation,
which may take several lines: they are joined with `\\n` (a backslash and
an `n`). A chunk mlir-opt-19 accepts has no line. Run from this directory:
`python3 structure.py` (needs `mlir-opt-19`).
"""
import re
import subprocess

pat = re.compile(r"^within split at [^:]*:(\d+) offset :(\d+):(\d+): (error|note): (.*)$")


def record(name, flags, out_name):
    text = open(name).read()
    # The line each chunk starts on, as MLIR's `--split-input-file` names it.
    starts = [1] + [i + 1 for i, l in enumerate(text.split("\n")) if l.startswith("// -----")]
    out = subprocess.run(
        ["mlir-opt-19", "--allow-unregistered-dialect", "--split-input-file", *flags, name],
        capture_output=True, text=True).stderr
    lines = []
    # Whether the lines that follow belong to a "see current operation" note
    # (the operation it prints) rather than being a source line and its caret.
    in_op = False
    for l in out.split("\n"):
        m = pat.match(l)
        if not m:
            if in_op and l:
                lines[-1] += "\\n" + l
            continue
        chunk = starts.index(int(m.group(1)))
        in_op = m.group(5).startswith("see current operation")
        lines.append(f"{chunk}\t{m.group(2)}:{m.group(3)}: {m.group(4)}: {m.group(5)}")
    open(out_name, "w").write("\n".join(lines) + "\n")


record("structure.mlir", [], "structure.txt")
record("op_note.mlir", [], "op_note.txt")
record("op_note.mlir", ["--mlir-print-debuginfo"], "op_note.debuginfo.txt")
