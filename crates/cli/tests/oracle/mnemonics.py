#!/usr/bin/env python3
"""Regenerates crates/dialects/src/mnemonics.rs and mnemonics.txt: which
mnemonics each dialect of mlir-opt-19 knows, for the type and attribute
families that strata-opt keeps opaque, and what mlir-opt-19 says of one it
does not know.

A family is probed with a mnemonic no dialect has (`!ns.zzqqx`, `#ns.zzqqx`):
where mlir-opt-19 answers "unknown ... zzqqx" (each dialect words it its own
way: "unknown  type `zzqqx` in dialect `async`", "unknown gpu type: zzqqx",
"unknown SPIR-V attribute kind: zzqqx"), that message, with the mnemonic
cut out, is the family's template. A family whose dialect has no parser
("provides no type parsing hook", strata-dialects' `hookless_dialect!`) is
skipped. Every word that MLIR 19's sources spell as a string literal
(`mlir/include/mlir/Dialect`, `mlir/lib/Dialect`, `mlir/test/lib`), that
its tests write after `!ns.`, `#ns.`, `!ns<` or `#ns<`, or that LLVM's
directive files (`llvm/include/llvm/Frontend`, from which the OpenMP and
OpenACC enumerations are generated) name, as written and lowercased, or
that the mlir-opt-19 binary holds as a string, is then asked of
mlir-opt-19 as a mnemonic of each family (`--split-input-file`, one chunk per word): a word
whose answer is not the template is one the dialect knows (it parses it,
or fails later, in the body).

mnemonics.rs holds the known words of each family, sorted, and the
template; strata-dialects refuses any other mnemonic of the family with the
template's message. mnemonics.txt holds mlir-opt-19's answer (`COL:
error: MESSAGE`, or `ok`) for every known word, for its misspellings (one
letter added, the last removed) and for a few forms of an unknown one, which the
`mnemonics` test of strata-cli compares with strata-opt's; the test reads
only the checked-in files.

Usage: python3 crates/cli/tests/oracle/mnemonics.py SOURCE_DIR
  (SOURCE_DIR: Debian's llvm-toolchain-19 source package, unpacked, with
  its `mlir` and `llvm/include/llvm/Frontend` directories: `apt-get source
  llvm-toolchain-19`; needs mlir-opt-19)
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
RS = os.path.join(HERE, '..', '..', '..', 'dialects', 'src', 'mnemonics.rs')
TXT = os.path.join(HERE, 'mnemonics.txt')
PROBE = 'zzqqx'
FAMILIES = [('type', '!'), ('attribute', '#')]
BUILTIN_TYPES = ['bf16', 'f16', 'tf32', 'f32', 'f64', 'f80', 'f128', 'index',
                 'none', 'f8E5M2', 'f8E4M3', 'f8E4M3FN', 'f8E5M2FNUZ',
                 'f8E4M3FNUZ', 'f8E4M3B11FNUZ', 'complex', 'memref', 'tensor',
                 'tuple', 'vector']
# MLIR's bare identifier, which a dialect's `parseKeyword` reads.
WORD = r'[A-Za-z_][A-Za-z0-9_.$]*'


def line(sigil, ns, word):
    return '"t.op"() {a = %s%s.%s} : () -> ()\n' % (sigil, ns, word)


def run_chunks(texts):
    """mlir-opt-19's first error of each text (`COL: error: MESSAGE`, the
    column on the text's one line), or `ok`."""
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, 'chunks.mlir')
        with open(path, 'w') as f:
            f.write('// -----\n'.join(texts))
        r = subprocess.run(['mlir-opt-19', '--allow-unregistered-dialect',
                            '--split-input-file', path, '-o', os.devnull],
                           capture_output=True, text=True)
    answers = ['ok'] * len(texts)
    pat = re.compile(r'^within split at [^:]*:(\d+) offset :(\d+):(\d+): '
                     r'error: (.*)$')
    for l in r.stderr.splitlines():
        m = pat.match(l)
        if not m:
            continue
        start, row, col, msg = int(m[1]), int(m[2]), int(m[3]), m[4]
        # Chunk 0 starts at line 1, chunk i at its separator, line 2i.
        i = 0 if start == 1 else start // 2
        if row == (1 if i == 0 else 2) and answers[i] == 'ok':
            answers[i] = '%d: error: %s' % (col, msg)
    return answers


def candidates(root):
    src = os.path.join(root, 'mlir')
    words = set()
    for d in ['include/mlir/Dialect', 'lib/Dialect', 'test/lib']:
        out = subprocess.run(['grep', '-rhoE', '"%s"' % WORD,
                              os.path.join(src, d)],
                             capture_output=True, text=True).stdout
        words |= {w.strip('"') for w in out.split()}
    # The tests' mnemonics, in both forms (`#omp.x`, `#omp<x ...>`).
    out = subprocess.run(['grep', '-rhoE', r'[!#][a-z_0-9]+[.<]%s' % WORD,
                          os.path.join(src, 'test')],
                         capture_output=True, text=True).stdout
    words |= {re.split(r'[.<]', w, maxsplit=1)[1].rstrip('.') for w in out.split()}
    # The OpenMP and OpenACC enumerations are generated from LLVM's
    # directive files, their mnemonics lowercased (`ScheduleKind` is
    # `#omp<schedulekind static>`).
    out = subprocess.run(['grep', '-rhoE', '[A-Za-z_][A-Za-z0-9_]*',
                          os.path.join(root, 'llvm', 'include', 'llvm', 'Frontend'),
                          '--include=*.td'],
                         capture_output=True, text=True).stdout
    words |= {w for w in out.split()} | {w.lower() for w in out.split()}
    # The builtin types' keywords, which a dialect that reads a builtin
    # type first (`llvm`) answers differently.
    words |= set(BUILTIN_TYPES)
    # Every identifier among the strings of the mlir-opt-19 binary, where
    # the generated parsers keep the mnemonics they compare a keyword with
    # (the slow part: about 55,000 words a family).
    binary = os.path.realpath(subprocess.run(['sh', '-c', 'command -v mlir-opt-19'],
                                             capture_output=True, text=True).stdout.strip())
    out = subprocess.run(['strings', '-n', '2', binary],
                         capture_output=True, text=True).stdout
    # C++ symbols (`_Z...`) and long strings are no mnemonic.
    words |= {w for w in out.split('\n') if not w.startswith('_Z') and len(w) <= 40}
    return sorted(w for w in words if w and len(w) < 64 and re.fullmatch(WORD, w))


def probe_family(ns, family, sigil, words):
    """The family's template and known words, and mlir-opt-19's answers for
    the misspellings of each, or None if the family has no parser."""
    text = line(sigil, ns, PROBE)
    col0 = text.index(PROBE) + 1
    (answer,) = run_chunks([text])
    if answer == 'ok' or 'provides no' in answer:
        return None
    col, msg = answer.split(': error: ', 1)
    if int(col) != col0:
        print('%s %s: unknown mnemonic reported at column %s, not %d'
              % (ns, family, col, col0), file=sys.stderr)
        return None
    # The message with `{}` where the mnemonic is (some do not name it:
    # "unknown type!").
    template = msg.replace(PROBE, '{}', 1)
    answers = run_chunks([line(sigil, ns, w) for w in words])
    known = []
    for w, a in zip(words, answers):
        unknown = '%d: error: %s' % (col0, template.replace('{}', w, 1))
        if a != unknown:
            known.append(w)
    print('%s %s: %d known' % (ns, family, len(known)), file=sys.stderr)
    # Every known word, its misspellings, and forms of an unknown one.
    tries = set(known)
    for w in known:
        tries.add(w + 'x')
        if len(w) > 1:
            tries.add(w[:-1])
    tries = sorted(t for t in tries if re.fullmatch(WORD, t))
    tries += ['zz<1>', 'zz.yy', 'zz$1', '_zz', 'zz-1']
    texts = [line(sigil, ns, t) for t in tries]
    probes = ['%s%s.%s\t%s' % (sigil, ns, t, a) for t, a in zip(tries, run_chunks(texts))]
    return (ns, family, template, known), probes


def main():
    root = sys.argv[1]
    dialects = subprocess.run(['mlir-opt-19', '--show-dialects'],
                              capture_output=True, text=True).stdout
    dialects = dialects.split(': ', 1)[1].strip().split(',')
    dialects = [d for d in dialects if d != 'builtin']
    words = candidates(root)
    tasks = [(ns, family, sigil) for ns in dialects for family, sigil in FAMILIES]
    # Two families at a time: each is one mlir-opt-19 run over every word.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda t: probe_family(*t, words), tasks))
    families = [r[0] for r in results if r]
    probes = [p for r in results if r for p in r[1]]
    with open(TXT, 'w') as f:
        f.write('\n'.join(probes) + '\n')
    with open(RS, 'w') as f:
        f.write('//! The mnemonics that each dialect of `mlir-opt-19` knows, for the\n'
                '//! type and attribute families that strata-opt keeps opaque, and\n'
                '//! how `mlir-opt-19` words its error for any other: generated by\n'
                '//! `crates/cli/tests/oracle/mnemonics.py` from `mlir-opt-19` and MLIR 19\'s\n'
                '//! sources. Do not edit.\n\n'
                'use crate::known::Known;\n\n'
                '/// Every family, by namespace and then family.\n'
                'pub(crate) const KNOWN: &[Known] = &[\n')
        for ns, family, template, known in families:
            f.write('    Known {\n        namespace: %s,\n        family: %s,\n'
                    '        message: %s,\n        mnemonics: &[\n'
                    % (rs(ns), rs(family), rs(template)))
            for w in known:
                f.write('            %s,\n' % rs(w))
            f.write('        ],\n    },\n')
        f.write('];\n')


def rs(s):
    return '"%s"' % s.replace('\\', '\\\\').replace('"', '\\"')


if __name__ == '__main__':
    main()
