//! strata-apnum's decimal rounding and narrowing against Rust's own, which
//! are correctly rounded for `f32` and `f64`: many seeded random decimal
//! strings and bit patterns, every one checked.

use strata_apnum::{ApFloat, FloatSemantics};

/// A small deterministic generator (SplitMix64), so the test needs no
/// dependency and every run checks the same inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random decimal literal: up to 30 significant digits, an exponent
/// across (and beyond) the range of `f64`.
fn decimal(rng: &mut Rng) -> String {
    let ndigits = 1 + rng.below(30) as usize;
    let mut digits: String = (0..ndigits)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect();
    if rng.below(4) == 0 {
        // Many digits near a halfway point: a run of 9s or 0s.
        let fill = if rng.below(2) == 0 { '9' } else { '0' };
        digits.extend(std::iter::repeat_n(fill, 20 + rng.below(20) as usize));
        digits.push('1');
    }
    let exp = rng.below(700) as i64 - 350;
    let sign = if rng.below(3) == 0 { "-" } else { "" };
    format!("{sign}{}.{}e{exp}", &digits[..1], &digits[1..])
}

#[test]
fn decimal_strings_round_as_rust_rounds_them() {
    let mut rng = Rng(0x5EED);
    for _ in 0..20_000 {
        let text = decimal(&mut rng);
        let want64: f64 = text.parse().unwrap();
        let got64 = ApFloat::from_decimal(FloatSemantics::F64, &text).unwrap();
        assert_eq!(got64.to_bits(), u128::from(want64.to_bits()), "f64 {text}");
        let want32: f32 = text.parse().unwrap();
        let got32 = ApFloat::from_decimal(FloatSemantics::F32, &text).unwrap();
        assert_eq!(got32.to_bits(), u128::from(want32.to_bits()), "f32 {text}");
    }
}

#[test]
fn narrowing_and_printing_agree_with_rust() {
    let mut rng = Rng(0xF10A7);
    for _ in 0..20_000 {
        let v = f64::from_bits(rng.next());
        let wide = ApFloat::from_f64(FloatSemantics::F64, v);
        assert_eq!(wide.to_bits(), u128::from(v.to_bits()));
        assert_eq!(wide.to_f64().to_bits(), v.to_bits());
        if !v.is_nan() {
            let narrow = ApFloat::from_f64(FloatSemantics::F32, v);
            assert_eq!(narrow.to_bits(), u128::from((v as f32).to_bits()), "{v:e}");
            // What MLIR prints reads back (through Rust's parser) as the value.
            let text = wide.to_mlir_string();
            if !text.starts_with("0x") {
                let back: f64 = text.parse().unwrap();
                assert_eq!(back.to_bits(), v.to_bits(), "{v:e} printed as {text}");
            }
        }
    }
}
