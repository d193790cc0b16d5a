#!/usr/bin/env python3
"""Regenerates `cases.txt`, the fold oracle of `crates/dialects/tests/fold.rs`.

For every folded operation family it draws seeded cases (every integer
width 1-128 and `index`, every float type of MLIR 19 the operation
accepts, edge values and random ones), writes them as generic MLIR (one
function per batch, operands from `arith.constant`, each result used by an
unregistered `oracle.use`), runs

    mlir-opt-19 -allow-unregistered-dialect -test-constant-fold
                --mlir-print-op-generic

on the batches, and records for every case the operands' attribute text,
the operation, its attributes, and the folded result's attribute text, or
that it did not fold.

Layout of `cases.txt` (text, one case a line, grouped):

    # comment
    @<op>|<attribute dictionary or empty>|<operand types, comma separated>|<result type>
    <operand>|<operand>...|<result, or ~ when it did not fold>

An operand or result is an attribute's text without its ` : <type>`
suffix when that type is the one of its position in the group's header
(`true` and `false` have none); a text starting with `=` is the whole
attribute text.

Usage: python3 gen.py [--mlir-opt PATH] [--scale F]
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "cases.txt")
SEED = 19

# name: (bits, exponent bits, mantissa bits (stored), kind, bias)
# kind: "ieee", "fn" (no infinity, NaN all ones), "fnuz" (NaN is 0x80).
FLOATS = {
    "f16": (16, 5, 10, "ieee", 15),
    "bf16": (16, 8, 7, "ieee", 127),
    "f32": (32, 8, 23, "ieee", 127),
    "f64": (64, 11, 52, "ieee", 1023),
    "f80": (80, 15, 64, "ieee", 16383),
    "f128": (128, 15, 112, "ieee", 16383),
    "tf32": (19, 8, 10, "ieee", 127),
    "f8E5M2": (8, 5, 2, "ieee", 15),
    "f8E4M3": (8, 4, 3, "ieee", 7),
    "f8E4M3FN": (8, 4, 3, "fn", 7),
    "f8E5M2FNUZ": (8, 5, 2, "fnuz", 16),
    "f8E4M3FNUZ": (8, 4, 3, "fnuz", 8),
    "f8E4M3B11FNUZ": (8, 4, 3, "fnuz", 11),
}
FLOAT_NAMES = list(FLOATS)
# MLIR's `FloatType::getWidth` (what extf and truncf compare).
MLIR_WIDTH = {n: FLOATS[n][0] for n in FLOATS}
MLIR_WIDTH["tf32"] = 32

INT_BINARY = [
    "addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui",
    "floordivsi", "remsi", "remui", "andi", "ori", "xori", "shli", "shrsi",
    "shrui", "maxsi", "maxui", "minsi", "minui",
]
WITH_OVERFLOW = {"addi", "subi", "muli", "shli"}
FLOAT_BINARY = [
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf",
    "maxnumf", "minnumf",
]
OVERFLOW = ["", "#arith.overflow<nsw>", "#arith.overflow<nuw>", "#arith.overflow<nsw, nuw>"]
FASTMATH = ["", "", "#arith.fastmath<fast>", "#arith.fastmath<nnan,nsz>", "#arith.fastmath<nnan>"]

# Cases per family; scaled by --scale.
COUNTS = {}
for f in INT_BINARY:
    COUNTS["arith." + f] = 2500
for f in FLOAT_BINARY:
    COUNTS["arith." + f] = 2500
COUNTS.update({
    "arith.cmpi": 20000,
    "arith.cmpf": 20000,
    "arith.negf": 4000,
    "math.ctlz": 4000,
    "math.cttz": 4000,
    "math.ctpop": 4000,
    "math.absi": 3000,
    "arith.extsi": 3000,
    "arith.extui": 3000,
    "arith.trunci": 3000,
    "arith.index_cast": 3000,
    "arith.index_castui": 3000,
    "arith.bitcast": 3000,
    "arith.sitofp": 3000,
    "arith.uitofp": 3000,
    "arith.fptosi": 6000,
    "arith.fptoui": 6000,
    "arith.extf": 4000,
    "arith.truncf": 6000,
    "arith.select": 2000,
})

rng = random.Random(SEED)


# ----- values -------------------------------------------------------------

def int_width(ty):
    return 64 if ty == "index" else int(ty[1:])


def int_edges(w):
    m = (1 << w) - 1
    mn = 1 << (w - 1)
    vals = {0, 1, 2 & m, m, (m - 1) & m, mn, (mn - 1) & m, (mn + 1) & m, 3 & m}
    return sorted(vals)


def int_value(w, small=False):
    """Bits of a `w`-bit value: an edge, a power of two, or random."""
    m = (1 << w) - 1
    r = rng.random()
    if small:
        return rng.randrange(0, w + 3) & m
    if r < 0.35:
        return rng.choice(int_edges(w))
    if r < 0.5:
        k = rng.randrange(w)
        return ((1 << k) - rng.choice([0, 1])) & m
    if r < 0.7:
        # Small magnitudes of either sign.
        return rng.randrange(-40, 40) & m
    return rng.getrandbits(w) & m


def int_text(bits, ty):
    """The attribute text of an integer constant (without its type)."""
    w = int_width(ty)
    if ty == "i1":
        return "true" if bits else "false"
    if bits >> (w - 1):
        bits -= 1 << w
    return str(bits)


def float_edges(name):
    bits, eb, mb, kind, bias = FLOATS[name]
    explicit = name == "f80"
    emax = (1 << eb) - 1
    out = set()
    mans = {0, 1, (1 << mb) - 1, 1 << (mb - 1), (1 << (mb - 1)) + 1}
    if explicit:
        mans = {m | (1 << 63) for m in [0, 1, (1 << 63) - 1, 1 << 62, (1 << 62) + 1]}
        mans |= {0, 1 << 62, 1}
    for e in [0, 1, 2, emax - 1, emax, bias - 1, bias, bias + 1, bias + 2]:
        for m in mans:
            if explicit and e == 0 and m >> 63:
                continue
            for s in (0, 1):
                out.add((s << (bits - 1)) | (e << mb) | m)
    return sorted(out)


def float_value(name, near=None):
    """Bits of a `name` value: an edge value, one near an exponent, or
    random bits."""
    bits, eb, mb, kind, bias = FLOATS[name]
    r = rng.random()
    if r < 0.35:
        return rng.choice(float_edges(name))
    if r < 0.7:
        emax = (1 << eb) - 1
        centre = near if near is not None else rng.choice([bias, bias, 1, emax - 2, rng.randrange(emax)])
        e = min(max(centre + rng.randrange(-3, 4), 0), emax)
        m = rng.getrandbits(mb)
        if rng.random() < 0.5 and mb > 4:
            m &= ~((1 << (mb - 3)) - 1)
        if name == "f80":
            m = (m & ((1 << 63) - 1)) | ((1 << 63) if e else 0)
        return (rng.getrandbits(1) << (bits - 1)) | (e << mb) | m
    return rng.getrandbits(bits)


def float_text(bits, name):
    width = FLOATS[name][0]
    digits = (width + 3) // 4
    return "0x%0*X" % (digits, bits)


def exponent_of(bits, name):
    _, eb, mb, _, _ = FLOATS[name]
    return (bits >> mb) & ((1 << eb) - 1)


# ----- cases --------------------------------------------------------------

INT_TYPES = ["i%d" % w for w in range(1, 129)] + ["index"]


def int_type():
    return rng.choice(INT_TYPES)


def case_int_binary(op):
    ty = int_type()
    w = int_width(ty)
    a = int_value(w)
    shift = op in ("shli", "shrsi", "shrui")
    b = int_value(w, small=shift and rng.random() < 0.7)
    if op in ("divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi", "remui") and rng.random() < 0.3:
        b = rng.choice([1, 2, 3, (1 << w) - 1, 0, 1 << (w - 1), 7]) & ((1 << w) - 1)
    if rng.random() < 0.05:
        b = a
    attrs = ""
    if op in WITH_OVERFLOW:
        flag = rng.choice(OVERFLOW)
        if flag:
            attrs = "{overflowFlags = %s}" % flag
    return ("arith." + op, attrs, [ty, ty], ty, [int_text(a, ty), int_text(b, ty)])


def case_cmpi():
    ty = int_type()
    w = int_width(ty)
    a = int_value(w)
    b = a if rng.random() < 0.1 else int_value(w)
    pred = rng.randrange(10)
    return ("arith.cmpi", "{predicate = %d : i64}" % pred, [ty, ty], "i1",
            [int_text(a, ty), int_text(b, ty)])


def float_pair(name):
    a = float_value(name)
    r = rng.random()
    if r < 0.1:
        b = a
    elif r < 0.5:
        b = float_value(name, near=exponent_of(a, name))
    else:
        b = float_value(name)
    return a, b


def case_float_binary(op):
    name = rng.choice(FLOAT_NAMES)
    a, b = float_pair(name)
    fm = rng.choice(FASTMATH)
    attrs = "{fastmath = %s}" % fm if fm else ""
    return ("arith." + op, attrs, [name, name], name, [float_text(a, name), float_text(b, name)])


def case_cmpf():
    name = rng.choice(FLOAT_NAMES)
    a, b = float_pair(name)
    pred = rng.randrange(16)
    return ("arith.cmpf", "{predicate = %d : i64}" % pred, [name, name], "i1",
            [float_text(a, name), float_text(b, name)])


def case_negf():
    name = rng.choice(FLOAT_NAMES)
    a = float_value(name)
    return ("arith.negf", "", [name], name, [float_text(a, name)])


def case_math(op):
    ty = int_type()
    w = int_width(ty)
    a = int_value(w)
    return ("math." + op, "", [ty], ty, [int_text(a, ty)])


def case_ext(op):
    w1 = rng.randrange(1, 128)
    w2 = rng.randrange(w1 + 1, 129)
    a = int_value(w1)
    return ("arith." + op, "", ["i%d" % w1], "i%d" % w2, [int_text(a, "i%d" % w1)])


def case_trunci():
    w1 = rng.randrange(2, 129)
    w2 = rng.randrange(1, w1)
    a = int_value(w1)
    return ("arith.trunci", "", ["i%d" % w1], "i%d" % w2, [int_text(a, "i%d" % w1)])


def case_index_cast(op):
    w = rng.randrange(1, 129)
    ty = "i%d" % w
    if rng.random() < 0.5:
        a = int_value(w)
        return ("arith." + op, "", [ty], "index", [int_text(a, ty)])
    a = int_value(64)
    return ("arith." + op, "", ["index"], ty, [int_text(a, "index")])


BITCAST_FLOATS = [n for n in FLOAT_NAMES if n != "tf32"]


def case_bitcast():
    name = rng.choice(BITCAST_FLOATS)
    w = FLOATS[name][0]
    ity = "i%d" % w
    r = rng.random()
    if r < 0.4:
        a = rng.getrandbits(w) if rng.random() < 0.5 else rng.choice(float_edges(name))
        return ("arith.bitcast", "", [ity], name, [int_text(a, ity)])
    if r < 0.8:
        a = float_value(name)
        return ("arith.bitcast", "", [name], ity, [float_text(a, name)])
    others = [n for n in BITCAST_FLOATS if FLOATS[n][0] == w and n != name]
    if not others:
        a = float_value(name)
        return ("arith.bitcast", "", [name], ity, [float_text(a, name)])
    to = rng.choice(others)
    a = float_value(name)
    return ("arith.bitcast", "", [name], to, [float_text(a, name)])


def case_itofp(op):
    ty = rng.choice(INT_TYPES[:-1])
    w = int_width(ty)
    name = rng.choice(FLOAT_NAMES)
    a = int_value(w)
    return ("arith." + op, "", [ty], name, [int_text(a, ty)])


def case_fptoi(op):
    ty = rng.choice(INT_TYPES[:-1])
    w = int_width(ty)
    name = rng.choice(FLOAT_NAMES)
    _, eb, mb, _, bias = FLOATS[name]
    # Values around the integer's range: exponents up to the width.
    if rng.random() < 0.6:
        emax = (1 << eb) - 1
        e = min(emax, bias + rng.randrange(-2, w + 3))
        m = rng.getrandbits(mb)
        if name == "f80":
            m |= 1 << 63
        a = (rng.getrandbits(1) << (FLOATS[name][0] - 1)) | (e << mb) | m
    else:
        a = float_value(name)
    return ("arith." + op, "", [name], ty, [float_text(a, name)])


def float_pairs(wider):
    out = []
    for a in FLOAT_NAMES:
        for b in FLOAT_NAMES:
            if (MLIR_WIDTH[b] > MLIR_WIDTH[a]) == wider and MLIR_WIDTH[a] != MLIR_WIDTH[b]:
                out.append((a, b))
    return out


EXT_PAIRS = float_pairs(True)
TRUNC_PAIRS = float_pairs(False)


def case_extf():
    a, b = rng.choice(EXT_PAIRS)
    v = float_value(a)
    return ("arith.extf", "", [a], b, [float_text(v, a)])


def case_truncf():
    a, b = rng.choice(TRUNC_PAIRS)
    if rng.random() < 0.4:
        # A value of the narrower format widened: the exact cases.
        _, ebb, mbb, _, biasb = FLOATS[b]
        _, eba, mba, _, biasa = FLOATS[a]
        e = rng.randrange(-biasb - mbb, biasb + 2)
        m = rng.getrandbits(mbb) << (mba - mbb) if mba >= mbb else 0
        if a == "f80":
            m = (m >> 1) | (1 << 63)
        ea = min(max(e + biasa, 1), (1 << eba) - 2)
        v = (rng.getrandbits(1) << (FLOATS[a][0] - 1)) | (ea << mba) | m
    else:
        v = float_value(a)
    return ("arith.truncf", "", [a], b, [float_text(v, a)])


def case_select():
    if rng.random() < 0.5:
        ty = int_type()
        w = int_width(ty)
        vals = [int_text(int_value(w), ty), int_text(int_value(w), ty)]
    else:
        ty = rng.choice(FLOAT_NAMES)
        vals = [float_text(float_value(ty), ty), float_text(float_value(ty), ty)]
    c = rng.choice(["true", "false"])
    return ("arith.select", "", ["i1", ty, ty], ty, [c] + vals)


def make_case(family):
    op = family.split(".", 1)[1]
    if op in INT_BINARY:
        return case_int_binary(op)
    if op in FLOAT_BINARY:
        return case_float_binary(op)
    return {
        "cmpi": case_cmpi,
        "cmpf": case_cmpf,
        "negf": case_negf,
        "ctlz": lambda: case_math("ctlz"),
        "cttz": lambda: case_math("cttz"),
        "ctpop": lambda: case_math("ctpop"),
        "absi": lambda: case_math("absi"),
        "extsi": lambda: case_ext("extsi"),
        "extui": lambda: case_ext("extui"),
        "trunci": case_trunci,
        "index_cast": lambda: case_index_cast("index_cast"),
        "index_castui": lambda: case_index_cast("index_castui"),
        "bitcast": case_bitcast,
        "sitofp": lambda: case_itofp("sitofp"),
        "uitofp": lambda: case_itofp("uitofp"),
        "fptosi": lambda: case_fptoi("fptosi"),
        "fptoui": lambda: case_fptoi("fptoui"),
        "extf": case_extf,
        "truncf": case_truncf,
        "select": case_select,
    }[op]()


# ----- running mlir-opt ---------------------------------------------------

def batch_text(cases):
    lines = ["func.func @batch() {"]
    for i, (op, attrs, tys, rty, vals) in enumerate(cases):
        names = []
        for j, (v, t) in enumerate(zip(vals, tys)):
            n = "%%c%d_%d" % (i, j)
            lit = v if v in ("true", "false") else "%s : %s" % (v, t)
            lines.append('  %s = "arith.constant"() <{value = %s}> : () -> %s' % (n, lit, t))
            names.append(n)
        props = " <%s>" % attrs if attrs else ""
        lines.append('  %%r%d = "%s"(%s)%s : (%s) -> %s' % (
            i, op, ", ".join(names), props, ", ".join(tys), rty))
        lines.append('  "oracle.use"(%%r%d) : (%s) -> ()' % (i, rty))
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n"


CONST_RE = re.compile(r'^\s*(%\d+) = "arith.constant"\(\) <\{value = (.*)\}> : \(\) -> (.*)$')
USE_RE = re.compile(r'^\s*"oracle.use"\((%\w+)\)')


def run_batch(mlir_opt, cases):
    text = batch_text(cases)
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        p = subprocess.run(
            [mlir_opt, "-allow-unregistered-dialect", "-test-constant-fold",
             "--mlir-print-op-generic", path],
            capture_output=True, text=True)
    finally:
        os.unlink(path)
    if p.returncode != 0:
        sys.exit("mlir-opt failed on a batch:\n" + p.stderr[:3000])
    consts = {}
    results = []
    for line in p.stdout.splitlines():
        m = CONST_RE.match(line)
        if m:
            consts[m.group(1)] = m.group(2)
            continue
        m = USE_RE.match(line)
        if m:
            results.append(consts.get(m.group(1)))
    if len(results) != len(cases):
        sys.exit("mlir-opt printed %d uses for %d cases" % (len(results), len(cases)))
    return results


# ----- writing ------------------------------------------------------------

def strip(text, ty):
    """The stored form of an attribute text at a position of type `ty`."""
    if text in ("true", "false"):
        return text
    suffix = " : " + ty
    if text.endswith(suffix) and "|" not in text:
        short = text[: -len(suffix)]
        if short not in ("true", "false", "~") and not short.startswith("="):
            return short
    return "=" + text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mlir-opt", default="mlir-opt-19")
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()

    cases = []
    for family in COUNTS:
        n = int(COUNTS[family] * args.scale)
        for _ in range(n):
            cases.append(make_case(family))
    batches = [cases[i:i + 4000] for i in range(0, len(cases), 4000)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
        outs = list(pool.map(lambda b: run_batch(args.mlir_opt, b), batches))
    results = [r for out in outs for r in out]

    groups = {}
    for (op, attrs, tys, rty, vals), res in zip(cases, results):
        key = (op, attrs, tuple(tys), rty)
        ops = [strip(v if v in ("true", "false") else "%s : %s" % (v, t), t)
               for v, t in zip(vals, tys)]
        r = "~" if res is None else strip(res, rty)
        groups.setdefault(key, []).append("|".join(ops + [r]))

    with open(OUT, "w") as f:
        f.write("# Generated by gen.py from mlir-opt-19 -test-constant-fold; do not edit.\n")
        for key in sorted(groups):
            op, attrs, tys, rty = key
            f.write("@%s|%s|%s|%s\n" % (op, attrs, ",".join(tys), rty))
            for line in groups[key]:
                f.write(line + "\n")
    counts = {}
    for (op, *_), res in zip(cases, results):
        c = counts.setdefault(op, [0, 0])
        c[0] += 1
        c[1] += res is not None
    for op in sorted(counts):
        print("%-22s %6d cases, %6d folded" % (op, counts[op][0], counts[op][1]))
    print("total %d cases, %d bytes" % (len(cases), os.path.getsize(OUT)))


if __name__ == "__main__":
    main()
