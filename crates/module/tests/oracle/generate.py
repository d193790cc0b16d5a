"""Runs mlir-opt-19 over every shipped MLIR test file and records, per chunk,
the generic form it prints without and with debug info (see regenerate.sh).

Run from crates/syntax/tests/mlir; writes one JSON object per accepted chunk:
{"file", "chunk", "generic", "debuginfo"}, and "generic_reprint" /
"debuginfo_reprint" where mlir-opt-19, given its own print, prints something
else (its print is then not a fixed point: two objects MLIR keeps apart that
print the same, such as an affine map it leaves unsimplified, are one object
once the print is parsed). A chunk that mlir-opt-19 rejects prints nothing
and is not recorded; one whose output is not UTF-8 is counted and skipped.
"""
import glob
import json
import os
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


def reprint(text, extra):
    """mlir-opt-19's print of `text` (one chunk of its own print), or None."""
    try:
        p = subprocess.run(
            ["mlir-opt-19", "--mlir-print-op-generic", "--allow-unregistered-dialect", *extra],
            input=text.encode("utf-8"), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            timeout=60)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode != 0:
        return None
    return p.stdout.decode("utf-8", errors="replace")


def main(patterns):
    out = sys.argv[1]
    files = sorted(f for p in patterns for f in glob.glob(p))
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
                row = {"file": path, "chunk": i, "generic": g, "debuginfo": d}
                for key, text, extra in [("generic", g, []), ("debuginfo", d, ["--mlir-print-debuginfo"])]:
                    again = reprint(text, extra)
                    if again is not None and again != text:
                        row[key + "_reprint"] = again
                f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(files)} files ({skipped} skipped), {total} chunks, "
          f"{accepted} accepted by mlir-opt-19")


def verify(out):
    """Per chunk of the invalid-builtin files: whether
    `mlir-opt-19 --verify-diagnostics` passes it (each chunk run alone, as
    --split-input-file runs it, so its lines restart at the chunk), and the
    first error `mlir-opt-19` reports for it without the verifier (line,
    column, message), or null."""
    import os
    import re
    import tempfile
    rows = []
    for path in ["IR/invalid-builtin-attributes.mlir", "IR/invalid-builtin-types.mlir"]:
        text = open(path, encoding="utf-8").read()
        chunks = split(text)
        for i, chunk in enumerate(chunks):
            with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as t:
                t.write(chunk)
            try:
                p = subprocess.run(
                    ["mlir-opt-19", "--verify-diagnostics", "--allow-unregistered-dialect", t.name],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
                ok = p.returncode == 0
            except subprocess.TimeoutExpired:
                ok = False
            first = None
            try:
                p = subprocess.run(
                    ["mlir-opt-19", "--allow-unregistered-dialect", t.name],
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
                m = re.search(re.escape(t.name) + r":(\d+):(\d+): error: (.*)",
                              p.stderr.decode("utf-8", "replace"))
                if m:
                    first = {"line": int(m.group(1)), "column": int(m.group(2)),
                             "message": m.group(3)}
            except subprocess.TimeoutExpired:
                pass
            os.unlink(t.name)
            rows.append({"file": path, "chunk": i, "mlir_opt_passes": ok,
                         "first_error": first})
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    print(f"{len(rows)} invalid-builtin chunks, "
          f"{sum(r['mlir_opt_passes'] for r in rows)} pass mlir-opt-19 --verify-diagnostics")


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


# The verify oracle belongs to strata-dialects' tests/verify.rs (MLIR's
# invalid-builtin files write their functions in `func`'s custom form).
VERIFY_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "../../../dialects/tests/oracle/verify.jsonl")

# `generate.py OUT --verify-only` rewrites only verify.jsonl;
# `generate.py OUT --files GLOB...` writes only OUT, for the files GLOB names
# (strata-cli's oracle of the `llvm` dialect's test files).
if sys.argv[2:3] == ["--files"]:
    main(sys.argv[3:])
else:
    if sys.argv[2:] != ["--verify-only"]:
        main(["IR/*.mlir", "Dialect/Builtin/*.mlir"])
    verify(VERIFY_OUT)
