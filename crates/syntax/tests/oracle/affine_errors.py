#!/usr/bin/env python3
"""Builds strata-syntax's oracle of the affine parser's diagnostics with
mlir-opt-19.

Usage: affine_errors.py FORMS OUT

Every form of FORMS (one attribute a line; `#` starts a comment line) is
given to `mlir-opt-19` as the value of an attribute of one operation,
`"oracle.op"() {w = FORM} : () -> ()`. OUT gets one JSON object a line, in
the order of FORMS: `{"input", "print"}` for a form MLIR accepts (its
print, in generic form with local scope), `{"input", "errors"}` for one it
rejects: every error MLIR reports, in order, each `{"offset", "message"}`
with the byte offset in the form (null when the error is not inside it).
"""

import json
import os
import re
import subprocess
import sys

MLIR_OPT = os.environ.get("MLIR_OPT", "mlir-opt-19")
ARGS = [MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-local-scope"]
PRE, POST = '"oracle.op"() {w = ', "} : () -> ()"
ERROR = re.compile(r"^<stdin>:(\d+):(\d+): error: (.*)$")


def oracle(form):
    p = subprocess.run(ARGS, input=PRE + form + POST + "\n", capture_output=True, text=True, timeout=60)
    if p.returncode == 0:
        for line in p.stdout.splitlines():
            line = line.strip()
            if line.startswith(PRE) and line.endswith(POST):
                return {"input": form, "print": line[len(PRE):-len(POST)]}
        raise SystemExit(f"no print found for {form!r}: {p.stdout}")
    errors = []
    for line in p.stderr.splitlines():
        m = ERROR.match(line)
        if not m:
            continue
        off = int(m.group(2)) - 1 - len(PRE) if m.group(1) == "1" else None
        if off is not None and not 0 <= off <= len(form):
            off = None
        errors.append({"offset": off, "message": m.group(3)})
    if not errors:
        raise SystemExit(f"mlir-opt-19 failed without an error on {form!r}: {p.stderr}")
    return {"input": form, "errors": errors}


def main():
    forms, out = sys.argv[1], sys.argv[2]
    rows = []
    for line in open(forms, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        rows.append(oracle(line))
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    rejected = sum("errors" in r for r in rows)
    print(f"{len(rows)} forms: {len(rows) - rejected} accepted, {rejected} rejected")


if __name__ == "__main__":
    main()
