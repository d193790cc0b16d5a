#!/bin/sh
# Writes every input and print of the conformance corpus to corpus/parse/,
# one file each, as the fuzzer's seed corpus.
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/parse
python3 - <<'PY'
import json, hashlib
for line in open("../tests/oracle/accepted.jsonl"):
    r = json.loads(line)
    for k in ("input", "print"):
        b = r[k].encode()
        open("corpus/parse/" + hashlib.sha1(b).hexdigest(), "wb").write(b)
for line in open("../tests/oracle/rejected.jsonl"):
    b = json.loads(line)["input"].encode()
    open("corpus/parse/" + hashlib.sha1(b).hexdigest(), "wb").write(b)
PY
