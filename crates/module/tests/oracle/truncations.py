"""Records mlir-opt-19's first error for every prefix of the files in
tests/data/truncations (see truncations.sh): each prefix as it is, and with a
newline after it, as the file a writer who stopped there would leave.

Writes one JSON object per prefix: {"file", "cut", "newline", "error"}, where
"error" is "LINE:COLUMN: MESSAGE" (columns in bytes, as MLIR counts them) or
"" when mlir-opt-19 accepts the prefix.
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


def main(data_dir, out):
    with open(out, "w") as o:
        for path in sorted(glob.glob(os.path.join(data_dir, "*.mlir"))):
            name = os.path.basename(path)
            text = open(path, encoding="utf-8").read()
            for cut in range(len(text) + 1):
                for newline in (False, True):
                    prefix = text[:cut] + ("\n" if newline else "")
                    row = {"file": name, "cut": cut, "newline": newline,
                           "error": first_error(prefix)}
                    o.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
