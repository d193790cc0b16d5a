#!/usr/bin/env python3
"""Regenerates metadata.jsonl: what mlir-opt-19 says of file metadata
sections (`{-# dialect_resources: ... #-}`), valid and malformed. The texts
are the chunks of MLIR 19's own invalid-file-metadata.mlir (shipped in
crates/syntax/tests/mlir/IR with its licence) and the sections written
below. Each row holds the text and mlir-opt-19's first error as
`LINE:COL: error: MESSAGE`, or `ok`. The `metadata` test of strata-cli reads
only the checked-in file.

Usage: python3 crates/cli/tests/oracle/metadata.py   (needs mlir-opt-19)
"""
import json
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MLIR = os.path.join(HERE, '..', '..', '..', 'syntax', 'tests', 'mlir', 'IR',
                    'invalid-file-metadata.mlir')

OP = '"t.a"() : () -> ()\n'
DIALECT = [
    'builtin: { b1: "0x04000000AA", }',
    'builtin: { b1: "0x04000000AA" }, ',
    'builtin: {\n      b1: "0x04000000AA"\n      b2: "0x04000000BB"\n    }',
    'builtin: { b1: "0x04000000AA", b2: "0x04000000BB" }',
    'builtin: { b1 "x" }',
    'builtin: { true: "0x04000000AA" }',
    'builtin: { "q": "0x04000000AA" }',
    'builtin { }',
    '"builtin": { }',
    'builtin: { 4: "0x04000000AA" }',
    'builtin: {}',
    'builtin: { b1: true }',
    'builtin: { b1: 5 }',
    'builtin: { b1: "0x03000000AA" }',
    'builtin: { b1: "0xZZ" }',
    'test: { k: "x" }',
    'test: { k: "0x08000000AABBCCDD" }',
    'arith: { k: "x" }',
    'arith: {}',
    'tensor: { k: "x" }',
    'llvm: { k: "x" }',
    'ml_program: { k: "x" }',
    'sparse_tensor: { k: "x" }',
    'gpu: { k: "x" }',
    'foo: { k: "x" }',
    'builti: { k: "x" }',
    'builtin: { b1: "0x04000000AA" } builtin: {}',
    'builtin: { b1: "abc',
    'builtin: { "b1: 1 }',
]
EXTERNAL = [
    'foo: { a: 5 }',
    'foo: { "a b": 5 }',
    'foo: { a: { } }',
    'foo: { a: foo }',
    'foo: { a: "0x04000000AA" }',
    'foo: { a: true, }',
    'foo: { a: true b: false }',
    'foo: { a: true, b: false }',
    'foo: { }, ',
    'mlir_reproducer: { pipeline: 5 }',
    'mlir_reproducer: { pipeline: "builtin.module()", disable_threading: true }',
]
WHOLE = [
    '{-# external_resources: {}, #-}\n',
    '{-# external_resources: {} dialect_resources: {} #-}\n',
    '{-# dialect_resources: {}, external_resources: {} #-}\n',
    '{-# dialect_re!sources: {} #-}\n',
    '{-# dialect_resources: { builtin: { b: "abc\n',
    '{-# dialect_resources: { builtin: { b: "0x04000000AA" } }\n',
    '{-# #-}\n',
]


def texts():
    chunks = re.split(r'^// -----.*$', open(MLIR).read(), flags=re.M)
    yield from chunks
    for body in DIALECT:
        yield OP + '{-#\n  dialect_resources: {\n    ' + body + '\n  }\n#-}\n'
    for body in EXTERNAL:
        yield OP + '{-#\n  external_resources: {\n    ' + body + '\n  }\n#-}\n'
    for whole in WHOLE:
        yield OP + whole


def main():
    rows = []
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, 'm.mlir')
        for text in texts():
            with open(path, 'w') as f:
                f.write(text)
            r = subprocess.run(['mlir-opt-19', '--allow-unregistered-dialect', path],
                               capture_output=True, text=True)
            if r.returncode == 0:
                result = 'ok'
            else:
                first = [l for l in r.stderr.splitlines() if ': error: ' in l][0]
                result = first[len(path) + 1:]
            rows.append({'text': text, 'mlir': result})
    with open(os.path.join(HERE, 'metadata.jsonl'), 'w') as f:
        for row in rows:
            f.write(json.dumps(row) + '\n')


if __name__ == '__main__':
    main()
