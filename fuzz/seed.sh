#!/bin/sh
# Writes the seed corpora of the fuzz targets, one file per input:
# - corpus/parse/: every input and print of strata-syntax's conformance
#   corpus;
# - corpus/module/: every chunk of strata-module's conformance corpus (the
#   generic form with and without debug info), of strata-cli's dialect
#   corpus, the alias test file, the verifier cases of strata-cli's stderr
#   oracle, and every nested module of strata-opt's shipped MLIR test file.
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/parse corpus/module
python3 - <<'PY'
import json, hashlib, re

def put(kind, s):
    b = s.encode()
    open("corpus/%s/%s" % (kind, hashlib.sha1(b).hexdigest()), "wb").write(b)

for line in open("../crates/syntax/tests/oracle/accepted.jsonl"):
    r = json.loads(line)
    for k in ("input", "print"):
        put("parse", r[k])
for line in open("../crates/syntax/tests/oracle/rejected.jsonl"):
    put("parse", json.loads(line)["input"])

for line in open("../crates/module/tests/oracle/generic.jsonl"):
    r = json.loads(line)
    for k in ("generic", "debuginfo"):
        if r.get(k):
            put("module", r[k])
for line in open("../crates/cli/tests/oracle/dialects.jsonl"):
    r = json.loads(line)
    for k in ("generic", "debuginfo"):
        if r.get(k):
            put("module", r[k])
put("module", open("../crates/module/tests/data/aliases.mlir").read())
# The shipped file is one module of many `copy_N` modules: each is a seed.
text = open("../crates/cli/data/mlir-tests.mlir").read()
starts = [m.start() for m in re.finditer(r'(?m)^  "builtin.module"\(\) <\{sym_name = "copy_', text)]
ends = starts[1:] + [text.rstrip().rfind("})")]
for a, b in zip(starts, ends):
    put("module", text[a:b].rstrip() + "\n")
# The verifier and property cases of the stderr oracle, one chunk each.
for chunk in open("../crates/cli/tests/oracle/verify_ops.mlir").read().split("\n// -----\n"):
    put("module", chunk)
# A few files of several chunks, for the `// -----` splitting.
chunks = [json.loads(l)["generic"] for l in open("../crates/module/tests/oracle/generic.jsonl")]
for i in range(0, min(len(chunks), 30), 3):
    put("module", "\n// -----\n".join(chunks[i:i + 3]))
PY
