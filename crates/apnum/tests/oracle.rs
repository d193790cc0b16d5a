//! strata-apnum against `mlir-opt-19`: every literal in `oracle/*.txt` must
//! parse, round and print exactly as `mlir-opt-19` printed it, or be
//! rejected with the error it reported. `oracle/regenerate.sh` rebuilds the
//! data; these tests need no mlir-opt.

use strata_apnum::{ApFloat, ApInt, FloatSemantics, Signedness};

/// The rows of an oracle file: (type, literal, expected).
fn rows(data: &'static str) -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            let ty = parts.next().expect("type column");
            let lit = parts.next().expect("literal column");
            let expected = parts.next().expect("expected column");
            (ty, lit, expected)
        })
}

/// Splits a literal into its sign and spelling, as MLIR's parser does.
fn split_sign(lit: &str) -> (bool, &str) {
    match lit.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, lit),
    }
}

/// Prints one failure list and fails if it is not empty.
fn report(what: &str, total: usize, failures: &[String]) {
    println!(
        "{what}: {} of {total} oracle cases agree with mlir-opt-19",
        total - failures.len()
    );
    for f in failures.iter().take(40) {
        println!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} {what} cases differ",
        failures.len()
    );
}

#[test]
fn floats_print_as_mlir_opt_19() {
    let mut total = 0;
    let mut errors = 0;
    let mut failures = Vec::new();
    for (ty, lit, expected) in rows(include_str!("oracle/floats.txt")) {
        total += 1;
        let sem = FloatSemantics::from_name(ty).expect("a float type of MLIR 19");
        let (negative, spelling) = split_sign(lit);
        let got = match ApFloat::parse_mlir(sem, spelling, negative) {
            Ok(v) => format!("{v} : {ty}"),
            Err(e) => {
                errors += 1;
                format!("error: {e}")
            }
        };
        if got != expected {
            failures.push(format!(
                "{lit} : {ty}: got `{got}`, mlir-opt-19 `{expected}`"
            ));
        }
    }
    println!("floats: {errors} rejected literals among them");
    assert!(total > 5000, "the oracle data is missing rows");
    report("float", total, &failures);
}

/// The width and signedness of an integer type spelling.
fn int_type(ty: &str) -> (u32, Signedness) {
    if ty == "index" {
        return (64, Signedness::Signed);
    }
    let (signedness, width) = if let Some(w) = ty.strip_prefix("si") {
        (Signedness::Signed, w)
    } else if let Some(w) = ty.strip_prefix("ui") {
        (Signedness::Unsigned, w)
    } else {
        (Signedness::Signless, &ty[1..])
    };
    (width.parse().expect("an integer type"), signedness)
}

#[test]
fn integers_print_as_mlir_opt_19() {
    let mut total = 0;
    let mut failures = Vec::new();
    for (ty, lit, expected) in rows(include_str!("oracle/ints.txt")) {
        total += 1;
        let (width, signedness) = int_type(ty);
        let (negative, spelling) = split_sign(lit);
        let got = match ApInt::parse_mlir(spelling, negative, width, signedness) {
            // A signless i1 prints as a bare `true`/`false`.
            Ok(v) if width == 1 && signedness == Signedness::Signless => {
                v.to_mlir_string(signedness)
            }
            Ok(v) => format!("{} : {ty}", v.to_mlir_string(signedness)),
            Err(e) => format!("error: {e}"),
        };
        if got != expected {
            failures.push(format!(
                "{lit} : {ty}: got `{got}`, mlir-opt-19 `{expected}`"
            ));
        }
    }
    assert!(total > 1500, "the oracle data is missing rows");
    report("integer", total, &failures);
}

/// A value printed by MLIR must read back as the same bits (the property
/// `printFloatValue` is built on), for every bit pattern of the 8-bit
/// formats and a sweep of the others.
#[test]
fn printed_floats_read_back() {
    for sem in FloatSemantics::ALL {
        let width = sem.bit_width();
        let patterns: Vec<u128> = if width <= 16 {
            (0..1u128 << width)
                .step_by(if width > 8 { 7 } else { 1 })
                .collect()
        } else {
            // A multiplicative sweep across the whole encoding space.
            let mut v = Vec::new();
            let mut x: u128 = 1;
            while x < (1u128 << (width - 1)) {
                v.push(x);
                v.push(x | (1u128 << (width - 1)));
                x = x * 3 + 1;
            }
            v
        };
        for bits in patterns {
            let Some(v) = ApFloat::from_bits(sem, bits) else {
                continue;
            };
            let text = v.to_mlir_string();
            let back = if let Some(hex) = text.strip_prefix("0x") {
                ApFloat::parse_mlir(sem, &format!("0x{hex}"), false).unwrap()
            } else {
                ApFloat::from_decimal(sem, &text).unwrap()
            };
            assert_eq!(back, v, "{sem} {bits:#X} printed as {text}");
        }
    }
}
