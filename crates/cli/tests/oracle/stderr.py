#!/usr/bin/env python3
"""Records mlir-opt-19's standard error and exit status for every error case
the oracles of strata check (see stderr.sh); writes stderr.jsonl, which the
`stderr` test of strata-cli compares strata-opt's standard error with, byte
for byte.

Usage: python3 crates/cli/tests/oracle/stderr.py   (from anywhere; needs
mlir-opt-19)

Two kinds of case, one JSON object a line:

- Standard input: one text given to `mlir-opt-19 ARGS` on standard input
  (so every diagnostic says `<stdin>`). `{"id", "set", "args", "rc",
  "stderr"}` with the text as `input` (or `input_hex` where it is not
  UTF-8; a text mlir-opt-19 accepts has rc 0 and an empty `stderr`), except
  for the sets `truncation` and `mutation`, whose text is
  rebuilt from strata-module's files as its truncations test builds it, from
  `recipe`: `{"file", "cut", "newline"}` (the first `cut` characters, and a
  newline) or `{"file", "at", "edit"}` (the character at `at` deleted,
  doubled, or replaced by `edit`). Where mlir-opt-19 crashes after its
  error, the row has `"crashed": true` and `stderr` is what it printed
  before LLVM's crash report.
- A chunk of a split file: `mlir-opt-19 --split-input-file ARGS FILE` run in
  `cwd` (a directory of the repository), or, where the file's first row has
  `input`, on that text written to `FILE` in an empty directory. Its standard error is
  cut into the lines each chunk's diagnostics print: a line that starts with
  `within split at FILE:N offset ` starts chunk N's part, every other line
  belongs to the part before it (the lines before the first chunk's are
  the file's own, chunk_line 0: the warnings of near misses of the marker).
  A chunk whose part has an error failed; `rc` is the whole run's status. One row per chunk: `{"id", "set": "split",
  "cwd" or "input", "file", "args", "chunk_line", "rc", "stderr"}`, `rc`
  being the status of the whole run; `stderr` is the chunk's part (empty
  for a chunk without diagnostics). The parts put back together in order
  are the whole standard error (checked here).

The sets: every prefix and one-character mistake of strata-module's
truncation files that mlir-opt-19 rejects (truncations.jsonl,
mutations.jsonl), strata-syntax's rejected forms and affine-parser errors,
strata-cli's hookless, mnemonic and metadata errors, the chunks of the
MLIR test files those oracles and strata-module's verify and structure
tests use (with and without --verify-diagnostics), and the hand-written
texts of EDGES below: what a renderer must get right (tabs, CR, non-ASCII
bytes, notes, follow-up errors, the end of a file, near misses of the split
marker, LLVM's colours under `--color`) and the malformed and hostile inputs
of strata-module's tests.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))
MLIR_OPT = os.environ.get("MLIR_OPT", "mlir-opt-19")
UNREG = ["--allow-unregistered-dialect"]
GENERIC = UNREG + ["--mlir-print-op-generic", "--mlir-print-local-scope"]
OP = '"t.op"() {{a = {}}} : () -> ()\n'


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def jsonl(rel):
    return [json.loads(l) for l in read(rel).splitlines() if l.strip()]


def truncations():
    data = "crates/module/tests/data/truncations/"
    texts = {n: read(data + n) for n in ("attributes.mlir", "func.mlir", "ops.mlir")}
    for row in jsonl("crates/module/tests/oracle/truncations.jsonl"):
        if not row["error"]:
            continue
        name, cut, nl = row["file"], row["cut"], row["newline"]
        text = texts[name][:cut] + ("\n" if nl else "")
        yield {"id": f"truncation {name} {cut}{' +newline' if nl else ''}", "set": "truncation",
               "args": UNREG, "recipe": {"file": name, "cut": cut, "newline": nl}}, text
    for row in jsonl("crates/module/tests/oracle/mutations.jsonl"):
        if not row["error"]:
            continue
        name, at, edit = row["file"], row["at"], row["edit"]
        t = texts[name]
        if edit == "delete":
            text = t[:at] + t[at + 1:]
        elif edit == "double":
            text = t[:at + 1] + t[at:]
        else:
            text = t[:at] + edit + t[at + 1:]
        yield {"id": f"mutation {name} {at} {json.dumps(edit)}", "set": "mutation",
               "args": UNREG, "recipe": {"file": name, "at": at, "edit": edit}}, text


WRAP = {
    "type": ('%0:2 = "oracle.op"() : () -> (', ", i1)"),
    "attr": ('"oracle.op"() {w = ', "} : () -> ()"),
    "loc": ('"oracle.op"() : () -> () ', ""),
}


def forms():
    for i, row in enumerate(jsonl("crates/syntax/tests/oracle/rejected.jsonl")):
        pre, post = WRAP[row["kind"]]
        args = GENERIC + (["--mlir-print-debuginfo"] if row["kind"] == "loc" else [])
        yield {"id": f"syntax-rejected #{i}", "set": "syntax-rejected", "args": args}, \
            pre + row["input"] + post + "\n"
    pre, post = WRAP["attr"]
    for i, row in enumerate(jsonl("crates/syntax/tests/oracle/affine_errors.jsonl")):
        if "errors" in row:
            yield {"id": f"affine-error #{i}", "set": "affine-error", "args": GENERIC}, \
                pre + row["input"] + post + "\n"
    for name in ("hookless", "mnemonics"):
        for i, line in enumerate(read(f"crates/cli/tests/oracle/{name}.txt").splitlines()):
            form, answer = line.split("\t", 1)
            if answer != "ok":
                yield {"id": f"{name} #{i}", "set": name, "args": UNREG}, OP.format(form)
    for i, row in enumerate(jsonl("crates/cli/tests/oracle/metadata.jsonl")):
        if row["mlir"] != "ok":
            yield {"id": f"metadata #{i}", "set": "metadata", "args": UNREG}, row["text"]


SUCCESSOR = '"test.op"() ({{\n  "test.jump"()[^bb1] : () -> () {}\n  "test.x"() : () -> ()\n^bb1:\n  "test.y"() : () -> ()\n}}) : () -> ()\n'

# Texts written for the renderer, and the malformed and hostile inputs of
# strata-module's tests (malformed.rs, hostile.rs); bytes where a text is not
# UTF-8.
EDGES = [
    '\t"a.b"(%x) : (i32) -> ()\n',
    '"a.b"()\t:\t() -> (i32,\t)\n',
    '\t\t"a.b"() :\t() -> (i32, \t)',
    '"a.b"() {s = "h\u00e9llo"} : () -> (i32, )\n',
    '"a.b"() {s = "\u00e9"} : () -> ()\n"a.b"() : () -> (i32, )\n',
    '"a.b"() {s = "\u00e9\t"} :\t() -> (i32, )\n',
    '"a.b"() : () -> ()\r\n"a.b"() : () -> (i32, )\r\n',
    '"a.b"() :\r () -> (i32, )\n',
    '"a.b"() : () -> (i32, )\r  "c.d"() : () -> ()\n',
    '"a.b"() : () -> ()\r"a.b"() : () -> (i32, )\n',
    '%0 = "a.b"() : () -> i32\n%0 = "a.b"() : () -> i32\n',
    '"a.b"(%0) : (i32) -> ()\n"a.c"(%0) : (i64) -> ()\n%0 = "a.d"() : () -> i32\n',
    '"a.b"() {x = 1 : f32} : () -> ()\n',
    '#map = affine_map<(d0) -> (- - )>\n',
    '#map = affine_map<(d0) -> (-\n',
    '"a.b"() {x = [' + ", ".join(str(i) for i in range(80)) + ', ]} : () -> ()\n',
    '"a.b"() : () -> (\n',
    '"a.b"() : () -> (',
    '"a.b"() : () -> (\n\n\n',
    '"a.b"() : () -> ()\n"a.b"() : (',
    '"a.b"() {s = "abc} : () -> ()\n',
    '"a.b"() {s = "abc\n} : () -> ()\n',
    '"a.b"() {x = #fo\u00e9} : () -> ()\n',
    '\u00e9\n',
    '\ufeff"a.b"() : () -> ()\n',
    '\0 this is garbage {{{',
    '"a.b"() \0 : () -> (i32, )\n',
    ') foo\n',
    ';\n',
    '  $x\n"a.b"() : () -> ()\n',
    '"a.b"() ({\n ) x\n}) : () -> ()\n',
    '#a = #a\n"a.b"() {x = #a} : () -> ()\n',
    '"a.b"() : () -> !t\n!t = i32\n',
    '"a.b"() : () -> ()\n#a = [#b, 1]\n#b = "s"\n',
    '"a.b"() {x = ' + "[" * 300 + "]" * 300 + '} : () -> ()\n',
    '"a.b"() : () -> () loc(' + "fused[" * 300 + '"x":1:2' + "]" * 300 + ')\n',
    SUCCESSOR.format(""),
    '"a.b"() : () -> ()\n// -----0\n"a.b"() : () -> (i32, )\n',
    '"a.b"() : () -> ()\n// ---x "a.b"() : () -> (\n',
]

# Texts run on standard input only: bytes that are not UTF-8, and
# diagnostics located outside the text (which a split run would print under
# no chunk's name).
STDIN_ONLY = [
    b'\x7fELF\xff\xfe\x00',
    b'"a.b"() : () -> ()\n"a.b"() {x = "a\xff\xfeb"} : () -> ()\n',
    b'"a.b"() : () -> ()\n\xff"a.b"() : () -> ()\n',
    SUCCESSOR.format("loc(unknown)"),
    SUCCESSOR.format('loc("nowhere.c":7:9)'),
    SUCCESSOR.format('loc("n\\"ame")'),
    SUCCESSOR.format('loc("<stdin>":1:3)'),
    # Where MLIR's handler reports an operation's location: its first file
    # location, else the location printed; a call site's callers as notes.
    SUCCESSOR.format('loc(callsite("foo.c":1:2 at "bar.c":3:4))'),
    SUCCESSOR.format('loc(fused["a", "b"])'),
    SUCCESSOR.format('loc(callsite("f" at callsite("g.c":1:1 at "h.c":2:2)))'),
    SUCCESSOR.format('loc(fused<"m">["a"("b"), callsite("f" at "g")])'),
    SUCCESSOR.format('loc(callsite("a0.c":1:1 at callsite("a1.c":1:1 at callsite("a2.c":1:1 at callsite("a3.c":1:1 at callsite("a4.c":1:1 at callsite("a5.c":1:1 at callsite("a6.c":1:1 at callsite("a7.c":1:1 at callsite("a8.c":1:1 at callsite("a9.c":1:1 at callsite("a10.c":1:1 at callsite("a11.c":1:1 at "a12.c":1:1)))))))))))))'),
    SUCCESSOR.format('loc("n"("<stdin>":2:3))'),
    SUCCESSOR.format('loc(callsite("<stdin>":1:3 at "<stdin>":4:1))'),
    SUCCESSOR.format('loc("<stdin>":99:1)'),
    '"test.op"() ({\n  "test.use"(%0) : (i32) -> () loc(callsite("u.c":1:1 at "v.c":2:2))\n'
    '  %0 = "test.def"() : () -> i32 loc("d.c":5:5)\n  "test.jump"()[^bb1] : () -> ()\n^bb1:\n'
    '  "test.y"() : () -> ()\n}) : () -> ()\n',
    '"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n  "func.return"() : () -> ()\n'
    '}) : () -> () loc("a.c":1:1)\n"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n'
    '  "func.return"() : () -> ()\n}) : () -> () loc(fused["q"])\n',
    '%0 = "test.v"() : () -> i32 loc("p.c":1:1)\n"func.func"() <{function_type = () -> (), sym_name = "g"}> ({\n'
    '  "test.use"(%0) : (i32) -> () loc(callsite("u.c":1:1 at "v.c":2:2))\n  "func.return"() : () -> ()\n'
    '}) : () -> () loc("iso.c":3:3)\n',
] + [
    # builtin.unrealized_conversion_cast's custom form, good and bad.
    '%0 = "x.y"() : () -> i32\n' + t + '\n' for t in [
        '%1 = builtin.unrealized_conversion_cast %0 i64',
        '%1 = builtin.unrealized_conversion_cast %0 : i32 i64',
        '%1 = builtin.unrealized_conversion_cast %0 : i32, i32 to i64',
        '%1 = builtin.unrealized_conversion_cast %0 : i32 to',
        '%1 = unrealized_conversion_cast to i64 {a = 1}',
        '%1:2 = builtin.unrealized_conversion_cast %0, %0 : i32, i32 to i64, i8 {a}',
        '%1 = unrealized_conversion_cast %0 : i32 to i8 {}',
        '"x.z"() ({\n  %1 = unrealized_conversion_cast %0 : i32 to i8\n}) : () -> ()',
    ]
]


# Texts split on standard input (`within split at <stdin>:N offset `).
SPLIT_STDIN = [
    '"a.b"() : () -> ()\n// -----\n"a.b"() : () -> (i32, )\n// -----\n"a.b"() : (',
    '// -----\n"a.b"() : () -> (\n// -----0\n// -----\n\t"a.b"(%x) : (i32) -> ()\n',
    '"a.b"() : () -> ()\n// -----\n// -----\n"a.b"() {x = 1 : f32} : () -> ()\n',
]


def edges():
    for i, text in enumerate(EDGES + STDIN_ONLY):
        yield {"id": f"edge #{i}", "set": "edge", "args": UNREG}, text
    for i, text in enumerate(SPLIT_STDIN):
        yield {"id": f"edge split #{i}", "set": "edge", "args": ["--split-input-file"] + UNREG}, text
    # LLVM's colours, as `--color` forces them.
    for i, text in enumerate(EDGES):
        yield {"id": f"color #{i}", "set": "color", "args": ["--color"] + UNREG}, text
    for i, text in enumerate(SPLIT_STDIN):
        yield {"id": f"color split #{i}", "set": "color",
               "args": ["--color", "--split-input-file"] + UNREG}, text


# The split files: (cwd, file, whether to run it with --verify-diagnostics
# too, as its expected-* directives ask).
SPLIT = [
    ("crates/syntax/tests/mlir", "IR/invalid-builtin-attributes.mlir", True),
    ("crates/syntax/tests/mlir", "IR/invalid-builtin-types.mlir", True),
    ("crates/syntax/tests/mlir", "IR/invalid-file-metadata.mlir", True),
    ("crates/cli/tests/mlir/AffineParser", "IR/invalid-affinemap.mlir", True),
    ("crates/cli/tests/mlir/AffineParser", "Dialect/Affine/invalid.mlir", True),
    ("crates/cli/tests/mlir/AffineParser", "Dialect/Func/invalid.mlir", True),
    ("crates/module/tests/oracle", "structure.mlir", False),
    ("crates/module/tests/oracle", "op_note.mlir", False),
    ("crates/cli/tests/oracle", "unknown_ops.mlir", False),
    ("crates/cli/tests/oracle", "verify_ops.mlir", False),
]


def split_lines(text):
    """The line each chunk starts on, as MLIR 19 splits (strata-module's
    split.rs: a cut at `// ---` counts when `--` and then not `0` follow)."""
    raw, start = [], 0
    while True:
        p = text.find("// ---", start)
        if p < 0:
            break
        raw.append((start, p))
        start = p + len("// ---")
    raw.append((start, len(text)))
    chunks, prev = [], None
    for (a, b) in raw:
        if prev is None or prev[0] == prev[1]:
            prev = (a, b)
            continue
        r = text[a:b]
        if r.startswith("--") and len(r) > 2 and r[2] != "0":
            chunks.append(prev)
            prev = (a + 2, b)
        else:
            prev = (prev[0], b)
    if prev is not None and prev[0] != prev[1]:
        chunks.append(prev)
    return [text.count("\n", 0, a) + 1 for (a, _) in chunks]


def parts(stderr, file, lines):
    """Cuts a split run's standard error into each chunk's part; the lines
    before the first chunk's are the file's own (part 0: the warnings of
    near misses of the marker), present only when there are such lines."""
    head = re.compile(re.escape("within split at " + file + ":") + r"(\d+) offset ")
    out = {n: "" for n in [0] + lines}
    current = 0
    for line in stderr.splitlines(keepends=True):
        m = head.match(line)
        if m:
            current = int(m.group(1))
        if current not in out:
            raise SystemExit(f"{file}: a line no chunk's: {line!r}")
        out[current] += line
    assert "".join(out[n] for n in [0] + lines) == stderr, file
    if not out[0]:
        del out[0]
    return out


# Where LLVM's crash report starts.
CRASH = b"PLEASE submit a bug report"


def run_stdin(case):
    row, text = case
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    p = subprocess.run([MLIR_OPT, *row["args"]], input=data, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=120)
    if "recipe" not in row:
        if isinstance(text, bytes):
            row["input_hex"] = text.hex()
        else:
            row["input"] = text
    row["rc"] = p.returncode
    err = p.stderr
    if CRASH in err:
        # What it printed before the crash; the stack dump is not recorded.
        row["crashed"] = True
        err = err[:err.index(CRASH)]
    try:
        row["stderr"] = err.decode("utf-8")
    except UnicodeDecodeError:
        row["stderr_hex"] = err.hex()
    return row


def split_rows():
    for cwd, file, verify in SPLIT:
        text = read(os.path.join(cwd, file))
        lines = split_lines(text)
        for mode in ["plain"] + (["verify"] if verify else []):
            args = ["--split-input-file"] + UNREG + (["--verify-diagnostics"] if mode == "verify" else [])
            p = subprocess.run([MLIR_OPT, *args, file], cwd=os.path.join(ROOT, cwd),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
            for n, part in parts(p.stderr.decode("utf-8"), file, lines).items():
                yield {"id": f"split {file} {mode} :{n}", "set": "split", "cwd": cwd, "file": file,
                       "args": args, "chunk_line": n, "rc": p.returncode, "stderr": part}
    # The edges as one split file, in a directory of their own.
    text = "// -----\n".join(EDGES)
    lines = split_lines(text)
    args = ["--split-input-file"] + UNREG
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "edges.mlir"), "w", encoding="utf-8") as f:
            f.write(text)
        p = subprocess.run([MLIR_OPT, *args, "edges.mlir"], cwd=d, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=600)
    for n, part in parts(p.stderr.decode("utf-8"), "edges.mlir", lines).items():
        row = {"id": f"split edges.mlir plain :{n}", "set": "split", "file": "edges.mlir",
               "args": args, "chunk_line": n, "rc": p.returncode, "stderr": part}
        if n == lines[0]:
            row["input"] = text
        yield row


def main():
    cases = list(truncations()) + list(forms()) + list(edges())
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        rows = list(pool.map(run_stdin, cases))
    rows += list(split_rows())
    with open(os.path.join(HERE, "stderr.jsonl"), "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} cases recorded", file=sys.stderr)


if __name__ == "__main__":
    main()
