"""Records mlir-opt-19's first error for variants of the files in
tests/data/truncations (see truncations.sh).

`prefixes`: every prefix of func.mlir and attributes.mlir as it is, and
with a newline after it, as the file a writer who stopped there would
leave; one JSON object per prefix: {"file", "cut", "newline", "error"}.

`mutations`: every one-character mistake in ops.mlir and attributes.mlir:
the character deleted, doubled, or replaced by one of MUTANTS (the N-th
character by the N-th of them, round the list); one JSON object per
variant: {"file", "at", "edit", "error"}, `edit` being "delete", "double"
or the replacing character.

"error" is "LINE:COLUMN: MESSAGE" (columns in bytes, as MLIR counts them) or
"" when mlir-opt-19 accepts the text.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def first_error(text):
    with tempfile.NamedTemporaryFile("wb", suffix=".mlir", delete=False) as f:
        f.write(text.encode("utf-8"))
        path = f.name
    try:
        p = subprocess.run(
            ["mlir-opt-19", "--allow-unregistered-dialect", path],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.unlink(path)
    if p.returncode == 0:
        return ""
    m = re.search(r":(\d+):(\d+): error: (.*)", p.stderr.decode("utf-8"))
    return f"{m.group(1)}:{m.group(2)}: {m.group(3)}"


MUTANTS = '(){}[]<>:,=%^#!"@-0x. '


def prefixes(data_dir, o):
    for name in ("attributes.mlir", "func.mlir"):
        text = open(os.path.join(data_dir, name), encoding="utf-8").read()
        for cut in range(len(text) + 1):
            for newline in (False, True):
                prefix = text[:cut] + ("\n" if newline else "")
                row = {"file": name, "cut": cut, "newline": newline,
                       "error": first_error(prefix)}
                o.write(json.dumps(row) + "\n")


def mutations(data_dir, o):
    for name in ("attributes.mlir", "ops.mlir"):
        text = open(os.path.join(data_dir, name), encoding="utf-8").read()
        for at in range(len(text)):
            sub = MUTANTS[at % len(MUTANTS)]
            for edit, variant in (
                ("delete", text[:at] + text[at + 1:]),
                ("double", text[:at] + text[at] + text[at:]),
                (sub, text[:at] + sub + text[at + 1:]),
            ):
                row = {"file": name, "at": at, "edit": edit,
                       "error": first_error(variant)}
                o.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    mode, data_dir, out = sys.argv[1:4]
    with open(out, "w") as o:
        {"prefixes": prefixes, "mutations": mutations}[mode](data_dir, o)
