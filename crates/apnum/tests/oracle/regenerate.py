#!/usr/bin/env python3
"""Regenerates the mlir-opt-19 oracle data of strata-apnum.

Generates integer and float attribute literals (fixed edge cases and seeded
random ones), runs them through `mlir-opt-19 --allow-unregistered-dialect
--split-input-file`, one literal per split, and writes what mlir-opt-19
printed for each (or the error it reported) to `ints.txt` and `floats.txt`:

    <type> TAB <literal> TAB <printed value, or "error: <message>">

The tests in `tests/oracle.rs` read these files; they need no mlir-opt.
Run through `regenerate.sh`, which installs `mlir-19-tools` when missing.
"""

import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MLIR_OPT = os.environ.get("MLIR_OPT", "mlir-opt-19")

# name: (precision, min_exp, max_exp, bits)
FLOATS = {
    "f16": (11, -14, 15, 16),
    "bf16": (8, -126, 127, 16),
    "f32": (24, -126, 127, 32),
    "f64": (53, -1022, 1023, 64),
    "f80": (64, -16382, 16383, 80),
    "f128": (113, -16382, 16383, 128),
    "tf32": (11, -126, 127, 19),
    "f8E5M2": (3, -14, 15, 8),
    "f8E4M3": (4, -6, 7, 8),
    "f8E4M3FN": (4, -6, 8, 8),
    "f8E5M2FNUZ": (3, -15, 15, 8),
    "f8E4M3FNUZ": (4, -7, 7, 8),
    "f8E4M3B11FNUZ": (4, -10, 4, 8),
}

FIXED_FLOATS = [
    "0.0", "-0.0", "1.0", "-1.0", "0.5", "0.1", "-0.1", "3.14159", "2.5",
    "1.", "1.e3", "0.2", "0.3", "100.0", "1000.0", "-1000.0", "1.5e2",
    "65504.0", "65519.0", "65520.0", "448.0", "460.0", "464.0", "470.0",
    "480.0", "57344.0", "61440.0", "240.0", "30.0", "1.0e10", "1.0e38",
    "3.4028235e38", "3.4028236e38", "1.0e39", "1.0e308", "1.7976931348623157e308",
    "1.7976931348623159e308", "1.0e309", "1.0e400", "1.0e4932", "1.0e5000",
    "1.0e99999", "1.0e-400", "1.0e-45", "1.4e-45", "7.0e-46", "1.0e-8",
    "5.0e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "1.0e-5", "6.0e-8", "5.960464477539063e-8", "2.9802322387695312e-8",
    "2.9802322387695313e-8", "123456789.0", "0.3333333333333333333333333333",
    "1.00000000000000000000000000000000000000001", "9.999999999999999e22",
    "1.2345678901234567890123456789e-300", "3.141592653589793",
    "2.718281828459045", "1.0000001", "1.00000005960464477539062500001",
    "0.000001", "0.0000001", "1000000.0", "10000000.0", "1.0e15", "1.0e16",
    "1.0e17", "1.0e21", "1.0e22", "1.0e23", "4.9406564584124654e-324",
    "2.2250738585072014e-308", "2.2250738585072011e-308", "0.0e100",
    "0.000000000000000000000000000000000000000000001", "1.9", "0.9", "0.09",
    "12345.678", "-12345.678", "1.0e-38", "1.17549435e-38", "1.0e-39",
    "0x0", "0x1", "0x7", "0x80", "0xFF", "0x7F", "0x7C00", "0x7E00", "0xFC00",
    "0x7FC00000", "0xFF800000", "0x7F800000", "0x80000000", "0x7FF8000000000000",
    "0xFFF0000000000000", "0x7FFFC000000000000000", "0x3FFF8000000000000000",
    "0x40000000000000000000", "0x00008000000000000000", "0x7FFF8000000000000000",
    "0x7FFF8000000000000001", "0x7FFF0000000000000001",
    "0x7FFF8000000000000000000000000000", "0x1FFFF", "0x3FE00", "0x7FE00",
    "0xFFFFFFFF", "0xFFF80000", "0x100000000", "0x100000000000000000000000000000000", "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
    "-0x1", "-0x0", "1", "0", "-1", "42",
]


def random_decimal(rng, min_exp, max_exp):
    """A random decimal literal around the type's range."""
    ndigits = rng.choice([1, 1, 2, 3, 5, 8, 12, 17, 20, 25, 40])
    digits = "".join(rng.choice("0123456789") for _ in range(ndigits))
    digits = str(rng.randint(1, 9)) + digits[1:]
    lo = int((min_exp - 30) * 0.30103) - 2
    hi = int((max_exp + 2) * 0.30103) + 2
    exp = rng.randint(lo, hi)
    form = rng.randint(0, 2)
    sign = "-" if rng.random() < 0.3 else ""
    if form == 0 or exp > 30 or exp < -30:
        return f"{sign}{digits[0]}.{digits[1:]}e{exp}"
    if form == 1 and -10 < exp < 20:
        # Plain notation: shift the dot.
        point = exp + 1
        if point <= 0:
            return f"{sign}0.{'0' * -point}{digits}"
        if point >= len(digits):
            return f"{sign}{digits}{'0' * (point - len(digits))}.0"
        return f"{sign}{digits[:point]}.{digits[point:]}"
    return f"{sign}{digits[0]}.{digits[1:]}E{exp:+d}"


def random_bits(rng, bits):
    """A random bit pattern, biased towards interesting exponents."""
    choice = rng.randint(0, 5)
    v = rng.getrandbits(bits)
    if choice == 0:
        v &= (1 << (bits // 3)) - 1  # Tiny: denormals and small normals.
    elif choice == 1:
        v |= ((1 << (bits // 3)) - 1) << (bits - bits // 3 - 1)  # Huge, NaN, inf.
    return f"0x{v:X}"


def float_cases():
    rng = random.Random(19)
    cases = []
    for ty, (prec, min_exp, max_exp, bits) in FLOATS.items():
        for lit in FIXED_FLOATS:
            cases.append((ty, lit))
        for _ in range(110):
            cases.append((ty, random_decimal(rng, min_exp - prec, max_exp)))
        if bits == 8:
            for v in range(256):
                cases.append((ty, f"0x{v:X}"))
        else:
            for _ in range(160):
                cases.append((ty, random_bits(rng, bits)))
            ebits = 15 if ty == "f80" else bits - prec
            for k in range(41):
                e = min((1 << ebits) - 1, k * ((1 << ebits) - 1) // 40)
                if ty == "f80":
                    v = (e << 64) | (1 << 63) | rng.getrandbits(63)
                else:
                    v = (e << (prec - 1)) | rng.getrandbits(prec - 1)
                cases.append((ty, f"0x{v:X}"))
    return cases


INT_TYPES = {
    "i1": 1, "si1": 1, "ui1": 1, "i2": 2, "i8": 8, "si8": 8, "ui8": 8,
    "i16": 16, "i17": 17, "si17": 17, "i32": 32, "si32": 32, "ui32": 32,
    "i64": 64, "si64": 64, "ui64": 64, "index": 64, "i65": 65, "si65": 65,
    "ui65": 65, "i128": 128, "si128": 128, "ui128": 128, "i200": 200,
    "si200": 200, "ui200": 200, "i0": 0, "si0": 0, "ui0": 0, "i1000": 1000,
}


def int_cases():
    rng = random.Random(18)
    cases = []
    for ty, width in INT_TYPES.items():
        values = {0, 1, 2, 5, 7, 42, 100, 127, 128, 255, 256}
        for w in (width - 1, width, width + 1):
            if w >= 0:
                values |= {(1 << w) - 1, 1 << w, (1 << w) + 1}
        for _ in range(12):
            values.add(rng.getrandbits(max(1, width + rng.randint(-3, 2))))
        for v in sorted(values):
            cases.append((ty, str(v)))
            cases.append((ty, f"-{v}"))
        for _ in range(4):
            v = rng.getrandbits(max(1, width))
            cases.append((ty, f"0x{v:X}"))
            cases.append((ty, f"0x{v:x}"))
        cases.append((ty, "0x0"))
        cases.append((ty, "-0x1"))
        cases.append((ty, "00012"))
        cases.append((ty, "0x000000000000000000000000000000001"))
    return cases


def run_oracle(cases):
    """Runs every case through mlir-opt-19; returns the printed values."""
    chunks = []
    for i, (ty, lit) in enumerate(cases):
        chunks.append(f'"t.c{i}"() {{a = {lit} : {ty}}} : () -> ()')
    text = "\n// -----\n".join(chunks) + "\n"
    proc = subprocess.run(
        [MLIR_OPT, "--allow-unregistered-dialect", "--split-input-file", "-"],
        input=text, capture_output=True, text=True,
    )
    results = {}
    for m in re.finditer(r'"t\.c(\d+)"\(\) \{a = (.*)\} : \(\) -> \(\)', proc.stdout):
        results[int(m.group(1))] = m.group(2)
    # An error is reported with the source line of its split after it.
    lines = proc.stderr.splitlines()
    for n, line in enumerate(lines):
        m = re.search(r": error: (.*)$", line)
        if m and n + 1 < len(lines):
            src = re.search(r'"t\.c(\d+)"', lines[n + 1])
            if src and int(src.group(1)) not in results:
                results[int(src.group(1))] = "error: " + m.group(1)
    out = []
    for i, (ty, lit) in enumerate(cases):
        if i not in results:
            sys.exit(f"no result for case {i}: {lit} : {ty}")
        out.append(f"{ty}\t{lit}\t{results[i]}")
    return out


def main():
    header = (
        "# Generated by regenerate.py from mlir-opt-19's output; do not edit.\n"
        "# type<TAB>literal<TAB>printed value or error\n"
    )
    for name, cases in (("ints.txt", int_cases()), ("floats.txt", float_cases())):
        rows = run_oracle(cases)
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(rows) + "\n")
        print(f"{name}: {len(rows)} cases")


if __name__ == "__main__":
    main()
