#!/usr/bin/env python3
"""Builds strata-syntax's conformance corpus with mlir-opt-19 as the oracle.

Usage: extract.py MLIR_TEST_DIR OUT_DIR

1. Every shipped MLIR test file is printed by `mlir-opt-19` in generic form
   with local scope (no aliases) and debug info, chunk by chunk.
2. Candidate forms are cut out of that output and out of the source files
   themselves: attribute dictionary values, alias definitions, the types of
   an operation's signature and of block arguments, `loc(...)` locations, and
   every text that starts with a builtin keyword (`tensor<`, `dense<`...);
   and the hand-written forms of `extra_forms.txt` (the issue's list).
3. Each candidate is wrapped in an operation of an unregistered dialect
   (`"oracle.op"() {w = ATTR}`, `%0:2 = "oracle.op"() : () -> (TYPE, i1)`,
   `"oracle.op"() : () -> () LOC`) and printed by `mlir-opt-19` alone. The
   print is the canonical form; a rejection is recorded with the first
   diagnostic. Rejections are kept only for candidates of the `invalid*`
   files (the builtin syntax MLIR's own tests expect to fail) and of
   `extra_forms.txt`.

4. Each accepted form's print is given back to `mlir-opt-19`: whether it
   reparses (and the diagnostic when it does not), and whether the reparse
   is the same uniqued object as the form (see `identity`).

Output: OUT_DIR/accepted.jsonl (`{"kind", "input", "print", "source",
"reparse", "reparse_error"?, "reparse_print"?}`) and
OUT_DIR/rejected.jsonl (`{"kind", "input", "error", "offset", "source"}`),
sorted, one JSON object a line.
"""

import concurrent.futures
import json
import os
import re
import subprocess
import sys

MLIR_OPT = os.environ.get("MLIR_OPT", "mlir-opt-19")
BASE = [MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-local-scope"]

OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
CLOSE = set(OPEN.values())


def scan(s, i, stops=""):
    """From index i, returns the end of the balanced text: the first index
    at depth 0 whose character is in `stops`, or the end of a bracketed
    group started at i when `stops` is empty. Strings and `->`/`>=` are
    skipped. Returns None when unbalanced."""
    depth = 0
    n = len(s)
    j = i
    while j < n:
        c = s[j]
        if c == '"':
            j += 1
            while j < n and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            if j >= n:
                return None
            j += 1
            if depth == 0 and not stops:
                return j
            continue
        if depth == 0 and stops and c in stops:
            return j
        if s.startswith("->", j) or s.startswith(">=", j):
            j += 2
            continue
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
            if depth < 0:
                return j if stops else None
            if depth == 0 and not stops:
                return j + 1
        j += 1
    if stops and depth == 0:
        return n
    return None


def strip_comment(line):
    in_str = False
    i = 0
    while i < len(line):
        c = line[i]
        if in_str:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif line.startswith("//", i):
            return line[:i]
        i += 1
    return line


def dict_values(line):
    """Values of every `{name = value, ...}` dictionary on the line."""
    out = []
    for m in re.finditer(r"\{", line):
        i = m.end()
        while True:
            k = re.compile(r'\s*([A-Za-z_][\w$.]*|"(?:[^"\\]|\\.)*")').match(line, i)
            if not k:
                break
            i = k.end()
            if line.startswith(" = ", i):
                i += 3
                end = scan(line, i, ",}")
                if end is None or end >= len(line):
                    break
                out.append(("attr", line[i:end].strip()))
                i = end
            if i < len(line) and line[i] == ",":
                i += 1
                continue
            break
    return out


KEYWORDS = r"(tensor|memref|vector|complex|tuple|dense|dense_resource|sparse|array|affine_map|affine_set|strided|opaque|distinct\[\d+\])<"
TYPE_KEYWORDS = {"tensor", "memref", "vector", "complex", "tuple"}


def keyword_forms(line):
    out = []
    for m in re.finditer(r"(?<![\w.!#$])" + KEYWORDS, line):
        start = m.start()
        end = scan(line, m.end() - 1)
        if end is None:
            # An unbalanced form (an invalid input): up to the end of line.
            out.append(("type" if m.group(1) in TYPE_KEYWORDS else "attr", line[start:].rstrip()))
            continue
        text = line[start:end]
        kind = "type" if m.group(1) in TYPE_KEYWORDS else "attr"
        out.append((kind, text))
        if kind == "attr":
            t = re.compile(r"\s*:\s*").match(line, end)
            if t:
                tend = scan(line, t.end(), ",)}")
                if tend is not None and tend > t.end():
                    out.append(("attr", text + " : " + line[t.end():tend].strip()))
    for m in re.finditer(r"(?<![\w.])loc\(", line):
        end = scan(line, m.end() - 1)
        if end is not None:
            out.append(("loc", line[m.start():end]))
    return out


def signature_types(line):
    """The types of the generic trailer `: (a, b) -> c` and of block
    arguments `%x: T`."""
    out = []
    body = re.sub(r"\s*loc\(.*\)\s*$", "", line.rstrip())
    # The top-level ` : ` of an operation line.
    i = 0
    while True:
        i = body.find(" : ", i)
        if i < 0:
            break
        # Depth of position i.
        depth = 0
        for c in body[:i]:
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
        if depth == 0:
            fn = body[i + 3:].strip()
            if fn.startswith("("):
                out.append(("type", fn))
                end = scan(fn, 0)
                if end:
                    inner = fn[1:end - 1]
                    j = 0
                    while j < len(inner):
                        e = scan(inner, j, ",")
                        if e is None:
                            break
                        if inner[j:e].strip():
                            out.append(("type", inner[j:e].strip()))
                        j = e + 1
                    rest = fn[end:].strip()
                    if rest.startswith("->"):
                        res = rest[2:].strip()
                        if res.startswith("(") and scan(res, 0) == len(res):
                            inner = res[1:-1]
                            j = 0
                            while j < len(inner):
                                e = scan(inner, j, ",")
                                if e is None:
                                    break
                                if inner[j:e].strip():
                                    out.append(("type", inner[j:e].strip()))
                                j = e + 1
                        elif res:
                            out.append(("type", res))
            break
        i += 3
    for m in re.finditer(r"%[\w#]+: ", line):
        e = scan(line, m.end(), ",)")
        if e is not None:
            t = re.sub(r"\s*loc\(.*$", "", line[m.end():e]).strip()
            if t:
                out.append(("type", t))
    m = re.match(r"\s*[#!][\w$.]+\s*=\s*(.*)$", line)
    if m:
        out.append(("attr" if line.strip().startswith("#") else "type", m.group(1).strip()))
    return out


def candidates(text):
    found = []
    for lineno, raw in enumerate(text.split("\n"), 1):
        line = strip_comment(raw)
        if not line.strip():
            continue
        for kind, form in dict_values(line) + keyword_forms(line) + signature_types(line):
            found.append((kind, form, lineno))
    return found


def registered_dialects():
    out = subprocess.run([MLIR_OPT, "--show-dialects"], capture_output=True, text=True).stdout
    names = out.split(":", 1)[1].replace("\n", ",").split(",")
    return {n.strip() for n in names if n.strip() and n.strip() != "builtin"}


def usable(form, dialects):
    if not form or len(form) > 4000 or "%" in form or "^" in form or "\t" in form:
        return False
    for m in re.finditer(r"[#!]([A-Za-z_][\w$]*)(\.?)", form):
        if m.group(2) == "" or m.group(1) in dialects:
            return False  # an alias reference or a registered dialect's form
    return True


WRAP = {
    "type": ('%0:2 = "oracle.op"() : () -> (', ", i1)"),
    "attr": ('"oracle.op"() {w = ', "} : () -> ()"),
    "loc": ('"oracle.op"() : () -> () ', ""),
}


def oracle(kind, form):
    pre, post = WRAP[kind]
    args = BASE + (["--mlir-print-debuginfo"] if kind == "loc" else [])
    p = subprocess.run(args, input=pre + form + post + "\n", capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        m = re.search(r"<stdin>:(\d+):(\d+): error: (.*)", p.stderr)
        if not m:
            return ("error", p.stderr.strip().splitlines()[0] if p.stderr.strip() else "crash", None)
        line, col = int(m.group(1)), int(m.group(2))
        off = col - 1 - len(pre) if line == 1 else None
        if off is not None and not (0 <= off <= len(form)):
            off = None
        return ("error", m.group(3), off)
    for l in p.stdout.splitlines():
        l = l.strip()
        if kind == "type" and l.startswith(pre) and l.endswith(post):
            return ("ok", l[len(pre):-len(post)], None)
        if kind == "attr" and l.startswith(pre) and l.endswith(post):
            return ("ok", l[len(pre):-len(post)], None)
        if kind == "loc" and l.startswith(pre):
            return ("ok", l[len(pre):], None)
    return ("odd", p.stdout, None)


PROBE = [MLIR_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo"]
PROBE_LINE = '"oracle.op"() : () -> () loc(fused<{} >["a":1:2, "b":3:4])'
OP_LOC = re.compile(r'^\s*"oracle\.op"\(\) : \(\) -> \(\) loc\((#loc\d*)\)$')


def fresh_distinct_ids(form):
    """The form with every `distinct[N]` renumbered to `distinct[N+1000000]`.
    Within one parse a distinct attribute is named by its id alone, so this
    is what a second, separate parse of the form sees: ids of its own."""
    return re.sub(r"distinct\[(\d+)\]", lambda m: f"distinct[{int(m.group(1)) + 1000000}]", form)


def identity(form, print_):
    """Whether `form` and its print `print_` are one uniqued object in MLIR:
    both are made the metadata of a fused location (an attribute as itself,
    a type as its type attribute, a location as itself) on two operations of
    one module, printed with debug info and aliases. Locations are uniqued
    and each distinct one gets its own `#locN` alias, so the two operations
    share an alias exactly when the two metadata objects are one. Returns
    "same", "other", or None when the probe does not parse."""
    text = PROBE_LINE.format(form) + "\n" + PROBE_LINE.format(fresh_distinct_ids(print_)) + "\n"
    p = subprocess.run(PROBE, input=text, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        return None
    locs = [m.group(1) for m in map(OP_LOC.match, p.stdout.splitlines()) if m]
    if len(locs) != 2:
        return None
    return "same" if locs[0] == locs[1] else "other"


def reparse(kind, form, print_):
    """How MLIR treats its own print of an accepted form: the fields added to
    the form's record. `reparse` is "same" (the print parses back to the one
    uniqued object), "other" (it parses to another object with the same
    print), "error" (mlir-opt-19 rejects its own print; `reparse_error` is
    the diagnostic) or "unknown" (the identity probe could not be built);
    `reparse_print` is the print of the print when that differs."""
    status, value, _ = oracle(kind, print_)
    if status != "ok":
        return {"reparse": "error", "reparse_error": value}
    out = {}
    if value != print_:
        out["reparse_print"] = value
    out["reparse"] = identity(form, print_) or "unknown"
    return out


def main():
    src, out = sys.argv[1], sys.argv[2]
    dialects = registered_dialects()
    files = []
    for root, _, names in os.walk(src):
        for n in sorted(names):
            if n.endswith(".mlir"):
                files.append(os.path.join(root, n))
    files.sort()
    cands = {}
    for path in files:
        rel = os.path.relpath(path, src)
        invalid = os.path.basename(path).startswith("invalid")
        text = open(path, encoding="utf-8", errors="replace").read()
        chunks = [text]
        if not invalid:
            p = subprocess.run(BASE + ["--mlir-print-debuginfo", "--split-input-file", path],
                               capture_output=True, text=True, timeout=300)
            chunks.append(p.stdout)
        for ci, chunk in enumerate(chunks):
            for kind, form, lineno in candidates(chunk):
                if not usable(form, dialects):
                    continue
                where = f"{rel}:{lineno}" if ci == 0 else f"{rel} (mlir-opt output)"
                key = (kind, form)
                if key not in cands or (invalid and not cands[key][1]):
                    cands[key] = (where, invalid)
    # The locations of the generic output are mostly one shape (the chunk's
    # file:line:col); keep a sample of them.
    split_locs = sorted(k for k in cands if k[0] == "loc" and "within split at" in k[1])
    for k in split_locs[40:]:
        del cands[k]
    extra = os.path.join(os.path.dirname(os.path.abspath(__file__)), "extra_forms.txt")
    for lineno, line in enumerate(open(extra, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        kind, form = line.split("\t", 1)
        cands[(kind, form)] = (f"extra_forms.txt:{lineno}", True)
    keys = sorted(cands)
    accepted, rejected = [], []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda k: oracle(*k), keys))
    prints = set()
    for (kind, form), (status, value, off) in zip(keys, results):
        where, invalid = cands[(kind, form)]
        if status == "ok":
            accepted.append({"kind": kind, "input": form, "print": value, "source": where})
            prints.add((kind, value))
        elif status == "error" and invalid:
            rejected.append({"kind": kind, "input": form, "error": value, "offset": off, "source": where})
    # Every canonical print is itself an input that prints back unchanged;
    # check it with the oracle when it was not a candidate already.
    extra = sorted(p for p in prints if p not in cands and "within split at" not in p[1])
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda k: oracle(*k), extra))
    for (kind, form), (status, value, _) in zip(extra, results):
        if status == "ok":
            accepted.append({"kind": kind, "input": form, "print": value, "source": "canonical print"})
    # How MLIR reparses each print (see `reparse`).
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda r: reparse(r["kind"], r["input"], r["print"]), accepted))
    for r, fields in zip(accepted, results):
        r.update(fields)
    accepted.sort(key=lambda r: (r["kind"], r["input"]))
    rejected.sort(key=lambda r: (r["kind"], r["input"]))
    with open(os.path.join(out, "accepted.jsonl"), "w") as f:
        for r in accepted:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "rejected.jsonl"), "w") as f:
        for r in rejected:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(accepted)} accepted, {len(rejected)} rejected, from {len(files)} files")


if __name__ == "__main__":
    main()
