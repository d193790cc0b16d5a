#!/usr/bin/env python3
"""Regenerates crates/dialects/src/bare.rs and bare.txt: what the parser of
each known mnemonic of mlir-opt-19's opaque families (crates/dialects/src/
mnemonics.rs, made by mnemonics.py; run that first where it changed) needs
right after the mnemonic, and what mlir-opt-19 says when it is not there.

Each known mnemonic M of dialect D is asked of mlir-opt-19 bare
(`#D.M}`), bare before a blank (`#D.M }`), and followed by each of the
tokens a parser may want first: `#D.M<>` and the long forms `#D<M()>`,
`#D<M[]>`, `#D<M{}>`, `#D<M kw>`, `#D<M true>`, `#D<M i32>`, `#D<M 1>` and
`#D<M "s">`, with bodies of parameters (`#D.M<i32>`, `#D.M<i32, i32>`),
and, for an attribute, with a trailing type (`#D.M : i32`; where that gets
the parser past its first token, the parser wants the type, which a dialect
hook of strata does not see, and M has no rule; nor has an attribute that
MLIR 19's test files shipped in crates/*/tests/mlir write with a trailing
type after its body, which strata keeps opaque without a hook). Where the bare form is accepted, or its error is not at the
mnemonic or at the token after it, M has no rule. Otherwise M's rule is the
bare form's message and where MLIR puts it: `mnemonic` (at the mnemonic,
whatever follows: the `llvm` dialect's builtin types), `wrong` (after the
token before, MLIR's `emitWrongTokenError`: the column does not move with a
blank) or `at` (at the next token, `emitError` at the current location: it
moves with the blank); and the followers that get the parser past its first
token (its answer is another message, or is further on, or is `ok`); and
the errors MLIR reports after the bare form's, each with its place (a
generated enum attribute's "failed to parse ... parameter 'value'"; where
one is elsewhere, M has no rule). The keyword followers count as one (`keyword`, a bare identifier for strata)
only where all three get past; where only some do, or where the message
names a keyword (`expected 'begin'`), a bare identifier is left alone
(`some`), never refused. A follower not probed here (`#x`, `-1`, `:`) is
left alone too.

bare.rs holds the rules, sorted by namespace, family and mnemonic, for
strata-dialects' `crate::known::bare_refusal`; bare.txt holds every probe
form with mlir-opt-19's answer (`COL: error: MESSAGE`, `ok`, or `crash`
where it crashes), which the
`mnemonics` test of strata-cli compares with strata-opt's; the test reads
only the checked-in files.

Usage: python3 crates/cli/tests/oracle/bare.py   (needs mlir-opt-19 and
rustfmt; about a minute)
"""
import concurrent.futures
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from mnemonics import run_chunks, rs  # noqa: E402


def crashes(text):
    """Whether mlir-opt-19 crashes on the text, split at its `// -----`
    lines (some test-dialect parsers do on a body without a trailing type:
    `!test.ap_float<i32>`)."""
    r = subprocess.run(['mlir-opt-19', '--allow-unregistered-dialect', '--split-input-file',
                        '-o', os.devnull], input=text, capture_output=True, text=True)
    return r.returncode < 0 or 'PLEASE submit a bug report' in r.stderr


def errors(text):
    """Every error mlir-opt-19 reports on the one-line text, in order:
    (column, message)."""
    r = subprocess.run(['mlir-opt-19', '--allow-unregistered-dialect', '-o', os.devnull],
                       input=text, capture_output=True, text=True)
    return [(int(m[1]), m[2]) for m in
            re.finditer(r'^<stdin>:1:(\d+): error: (.*)$', r.stderr, re.M)]


def follow_ups(ns, family, m, start, after):
    """The errors mlir-opt-19 reports after the bare form's first, each
    with its place (as the rule's), or None where one is elsewhere."""
    s = '!' if family == 'type' else '#'
    bare = errors(op('%s%s.%s' % (s, ns, m)))[1:]
    blank = errors(op('%s%s.%s ' % (s, ns, m)))[1:]
    if len(bare) != len(blank):
        return None
    out = []
    for (col, msg), (bcol, bmsg) in zip(bare, blank):
        if msg != bmsg:
            return None
        if col == start and bcol == start:
            out.append(('mnemonic', msg))
        elif col == after and bcol == after:
            out.append(('wrong', msg))
        elif col == after and bcol == after + 1:
            out.append(('at', msg))
        else:
            return None
    return out


def answers_of(texts):
    """run_chunks, one mnemonic's probes at a time, where a crash would
    cut a run short: a form mlir-opt-19 crashes on is answered `crash`
    (and gets the parser past its first token, as far as the rules go)."""
    if not crashes('// -----\n'.join(texts)):
        return run_chunks(texts)
    return ['crash' if crashes(t) else run_chunks([t])[0] for t in texts]

SRC = os.path.join(HERE, '..', '..', '..', 'dialects', 'src')
RS = os.path.join(SRC, 'bare.rs')
TXT = os.path.join(HERE, 'bare.txt')
PREFIX = '"t.op"() {a = '
# The followers: a name, how the form is written (the sigil, namespace and
# mnemonic filled in), and the offset of the follower's first character
# from the end of the mnemonic.
FOLLOWERS = [
    ('<', '{s}{ns}.{m}<>', 0),
    ('(', '{s}{ns}<{m}()>', 0),
    ('[', '{s}{ns}<{m}[]>', 0),
    ('{', '{s}{ns}<{m}{{}}>', 0),
    ('kw', '{s}{ns}<{m} kw>', 1),
    ('true', '{s}{ns}<{m} true>', 1),
    ('i32', '{s}{ns}<{m} i32>', 1),
    ('integer', '{s}{ns}<{m} 1>', 1),
    ('string', '{s}{ns}<{m} "s">', 1),
    # MLIR parses an attribute's trailing type before the dialect's parser
    # runs, and hands it the type; a type's probe is the bare form again.
    ('colon', '{s}{ns}.{m} : i32', 1),
    # Bodies with parameters, for a parser that reports a wrong count at
    # the mnemonic (`!test.dynamic_pair<i32, f64>`): an error at the
    # mnemonic is the rule only where no body gets past it.
    ('body1', '{s}{ns}.{m}<i32>', 0),
    ('body2', '{s}{ns}.{m}<i32, i32>', 0),
]
# MLIR 19's test files that strata ships (crates/*/tests/mlir, with their
# licence): an attribute they write with a trailing type after its body
# (`#test.i64_elements<[10, 11]> : tensor<2xi64>`) keeps no rule, since a
# dialect hook of strata does not see the trailing type, which the
# opaque form without a hook keeps.
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..', '..'))
TYPED = re.compile(r'#(\w+)\.([\w.$]+)<[^<>]*(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>[^<>]*)*>[ \t]*:')


def typed_attributes():
    """(namespace, mnemonic) of the attributes MLIR's shipped test files
    write with a trailing type."""
    out = set()
    for crate in sorted(os.listdir(os.path.join(ROOT, 'crates'))):
        top = os.path.join(ROOT, 'crates', crate, 'tests', 'mlir')
        for d, _, files in os.walk(top):
            for name in files:
                if name.endswith('.mlir'):
                    with open(os.path.join(d, name), errors='replace') as f:
                        out |= set(TYPED.findall(f.read()))
    return out


def known():
    """(namespace, family, mnemonics) of crates/dialects/src/mnemonics.rs."""
    text = open(os.path.join(SRC, 'mnemonics.rs')).read()
    out = []
    for block in re.findall(r'Known \{(.*?)\n    \}', text, re.S):
        ns = re.search(r'namespace: "([^"]*)"', block)[1]
        family = re.search(r'family: "([^"]*)"', block)[1]
        words = re.findall(r'"([^"]*)"', block.split('mnemonics:', 1)[1])
        out.append((ns, family, words))
    return out


def op(form):
    return PREFIX + form + '} : () -> ()\n'


def answer(a):
    """(column, message) of an answer, or None for `ok`."""
    if a in ('ok', 'crash'):
        return None
    col, msg = a.split(': error: ', 1)
    return int(col), msg


def main():
    rules = []
    probes = []
    typed = typed_attributes()
    for ns, family, words in known():
        s = '!' if family == 'type' else '#'
        forms = []
        for m in words:
            forms.append('%s%s.%s' % (s, ns, m))
            forms.append('%s%s.%s ' % (s, ns, m))
            for _, f, _ in FOLLOWERS:
                forms.append(f.format(s=s, ns=ns, m=m))
        per = 2 + len(FOLLOWERS)
        texts = [op(f) for f in forms]
        groups = [texts[i:i + per] for i in range(0, len(texts), per)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            answers = [a for g in pool.map(answers_of, groups) for a in g]
        for i, m in enumerate(words):
            got = answers[i * per:(i + 1) * per]
            for f, a in zip(forms[i * per:(i + 1) * per], got):
                probes.append('%s\t%s' % (f, a))
            start = len(PREFIX) + 1 + len(ns) + 2
            after = start + len(m)
            bare, blank = answer(got[0]), answer(got[1])
            if bare is None or bare[0] not in (start, after):
                continue
            col, msg = bare
            if col == start:
                place = 'mnemonic'
            elif blank == (after, msg):
                place = 'wrong'
            elif blank == (after + 1, msg):
                place = 'at'
            else:
                print('%s %s %s: the blank moves the error to %s'
                      % (ns, family, m, blank), file=sys.stderr)
                continue
            passed = []
            for (name, _, offset), a in zip(FOLLOWERS, got[2:]):
                a = answer(a)
                refused = a is not None and a[1] == msg and a[0] <= after + offset
                if place == 'mnemonic':
                    refused = a is not None and a[1] == msg and a[0] == start
                if name == 'colon' and a is not None and a[0] < after:
                    # The dialect refuses the type itself (`spirv`'s
                    # "unexpected type", at the mnemonic): it does not
                    # want one.
                    refused = True
                if not refused:
                    passed.append(name)
            if 'colon' in passed and family == 'attribute' or (
                    family == 'attribute' and (ns, m) in typed):
                # The parser wants the trailing type, which strata's hook
                # does not see: no rule.
                continue
            if place == 'mnemonic' and ('body1' in passed or 'body2' in passed):
                continue
            passed = [p for p in passed if p not in ('colon', 'body1', 'body2')]
            keywords = [k for k in ('kw', 'true', 'i32') if k in passed]
            passed = [p for p in passed if p not in ('kw', 'true', 'i32')]
            if len(keywords) == 3:
                passed.append('keyword')
            elif keywords or re.fullmatch(r"expected '[A-Za-z_][A-Za-z0-9_]*'", msg):
                # Some keywords, or the one the message names (`begin`).
                passed.append('some')
            if place == 'mnemonic' and passed:
                print('%s %s %s: refused at the mnemonic but for %s'
                      % (ns, family, m, passed), file=sys.stderr)
                continue
            rules.append((ns, family, m, msg, place, passed, start, after))
    # The errors MLIR reports after the bare form's (a generated enum
    # attribute's "failed to parse ... parameter 'value'"), as the rule's
    # follow-ups.
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        ups = list(pool.map(lambda r: follow_ups(*r[:3], r[6], r[7]), rules))
    rules = [r[:6] + (u,) for r, u in zip(rules, ups) if u is not None]
    print('%d rules' % len(rules), file=sys.stderr)
    with open(TXT, 'w') as f:
        f.write('\n'.join(probes) + '\n')
    rules.sort(key=lambda r: (r[0], r[1], r[2]))
    names = {'<': 'Less', '(': 'LParen', '[': 'LSquare', '{': 'LBrace',
             'keyword': 'Keyword', 'some': 'SomeKeywords',
             'integer': 'Integer', 'string': 'String'}
    with open(RS, 'w') as f:
        f.write('//! What the parser of each known mnemonic of the families\n'
                '//! strata-opt keeps opaque needs right after the mnemonic, and\n'
                '//! `mlir-opt-19`\'s error where it is not there: generated by\n'
                '//! `python3 crates/cli/tests/oracle/bare.py` from `mlir-opt-19` and\n'
                '//! `crate::mnemonics`. Do not edit.\n\n'
                'use crate::known::{Bare, Follower::*, Place::*};\n\n'
                '/// Every rule, sorted by namespace, family and mnemonic, one a line.\n'
                '#[rustfmt::skip]\n'
                'pub(crate) const BARE: &[Bare] = &[\n')
        places = {'mnemonic': 'Mnemonic', 'wrong': 'WrongToken', 'at': 'AtToken'}
        for ns, family, m, msg, place, passed, ups in rules:
            f.write('    Bare { namespace: %s, family: %s, mnemonic: %s, message: %s, '
                    'place: %s, passes: &[%s], follow_ups: &[%s] },\n'
                    % (rs(ns), rs(family), rs(m), rs(msg), places[place],
                       ', '.join(names[p] for p in passed),
                       ', '.join('(%s, %s)' % (places[a], rs(b)) for a, b in ups)))
        f.write('];\n')
    # Laid out as `cargo fmt` lays it out (the workspace's edition).
    subprocess.run(['rustfmt', '--edition', '2024', RS], check=True)


if __name__ == '__main__':
    main()
