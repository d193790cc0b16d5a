//! MLIR 19's float formats, and values of them as LLVM's `APFloat` holds them.

use core::fmt;
use core::fmt::Write as _;

use crate::big::Big;
use crate::int::hex_to_u128;

/// What a format does with values that are not finite numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NonFinite {
    /// IEEE 754: an all-ones exponent is infinity (zero mantissa) or NaN.
    Ieee,
    /// No infinity; the one NaN pattern per sign is all ones
    /// (`f8E4M3FN`), and overflow gives NaN.
    NanAllOnes,
    /// No infinity and no negative zero: the negative-zero pattern is the
    /// only NaN (`f8E5M2FNUZ` and the other `FNUZ` formats).
    NanNegativeZero,
}

/// A float format of MLIR 19 (LLVM's `fltSemantics`), named as MLIR's type.
///
/// Every builtin float type of `mlir-opt-19` is here; MLIR 19 has no
/// `f8E3M4`, `f6` or `f4` types (`mlir-opt-19` rejects those spellings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatSemantics {
    /// `f16`: IEEE binary16.
    F16,
    /// `bf16`: bfloat16.
    BF16,
    /// `f32`: IEEE binary32.
    F32,
    /// `f64`: IEEE binary64.
    F64,
    /// `f80`: the x87 80-bit extended format (explicit integer bit).
    F80,
    /// `f128`: IEEE binary128.
    F128,
    /// `tf32`: NVIDIA's 19-bit TensorFloat-32.
    TF32,
    /// `f8E5M2`: 8 bits, IEEE-like, with infinities and NaNs.
    F8E5M2,
    /// `f8E4M3`: 8 bits, IEEE-like, with infinities and NaNs.
    F8E4M3,
    /// `f8E4M3FN`: 8 bits, finite, NaN is all ones.
    F8E4M3FN,
    /// `f8E5M2FNUZ`: 8 bits, finite, unsigned zero, NaN is `0x80`.
    F8E5M2FNUZ,
    /// `f8E4M3FNUZ`: 8 bits, finite, unsigned zero, NaN is `0x80`.
    F8E4M3FNUZ,
    /// `f8E4M3B11FNUZ`: 8 bits, bias 11, finite, unsigned zero, NaN `0x80`.
    F8E4M3B11FNUZ,
}

/// The parameters of a format: LLVM's `fltSemantics` fields.
pub(crate) struct Params {
    pub(crate) max_exp: i32,
    pub(crate) min_exp: i32,
    /// Significand bits, the integer bit included.
    pub(crate) precision: u32,
    /// Bits of the encoding.
    pub(crate) size: u32,
    pub(crate) non_finite: NonFinite,
    /// The encoding stores the integer bit (x87).
    pub(crate) explicit_int: bool,
}

impl FloatSemantics {
    /// Every format, in the order of the enum.
    pub const ALL: [FloatSemantics; 13] = [
        FloatSemantics::F16,
        FloatSemantics::BF16,
        FloatSemantics::F32,
        FloatSemantics::F64,
        FloatSemantics::F80,
        FloatSemantics::F128,
        FloatSemantics::TF32,
        FloatSemantics::F8E5M2,
        FloatSemantics::F8E4M3,
        FloatSemantics::F8E4M3FN,
        FloatSemantics::F8E5M2FNUZ,
        FloatSemantics::F8E4M3FNUZ,
        FloatSemantics::F8E4M3B11FNUZ,
    ];

    /// The MLIR type spelling (`f16`, `f8E4M3FN`...).
    pub fn name(self) -> &'static str {
        match self {
            FloatSemantics::F16 => "f16",
            FloatSemantics::BF16 => "bf16",
            FloatSemantics::F32 => "f32",
            FloatSemantics::F64 => "f64",
            FloatSemantics::F80 => "f80",
            FloatSemantics::F128 => "f128",
            FloatSemantics::TF32 => "tf32",
            FloatSemantics::F8E5M2 => "f8E5M2",
            FloatSemantics::F8E4M3 => "f8E4M3",
            FloatSemantics::F8E4M3FN => "f8E4M3FN",
            FloatSemantics::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatSemantics::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatSemantics::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
        }
    }

    /// The format an MLIR type spelling names, if any.
    pub fn from_name(name: &str) -> Option<FloatSemantics> {
        FloatSemantics::ALL.into_iter().find(|s| s.name() == name)
    }

    pub(crate) fn params(self) -> Params {
        let p = |max_exp, min_exp, precision, size, non_finite| Params {
            max_exp,
            min_exp,
            precision,
            size,
            non_finite,
            explicit_int: false,
        };
        use NonFinite::*;
        match self {
            FloatSemantics::F16 => p(15, -14, 11, 16, Ieee),
            FloatSemantics::BF16 => p(127, -126, 8, 16, Ieee),
            FloatSemantics::F32 => p(127, -126, 24, 32, Ieee),
            FloatSemantics::F64 => p(1023, -1022, 53, 64, Ieee),
            FloatSemantics::F80 => Params {
                explicit_int: true,
                ..p(16383, -16382, 64, 80, Ieee)
            },
            FloatSemantics::F128 => p(16383, -16382, 113, 128, Ieee),
            FloatSemantics::TF32 => p(127, -126, 11, 19, Ieee),
            FloatSemantics::F8E5M2 => p(15, -14, 3, 8, Ieee),
            FloatSemantics::F8E4M3 => p(7, -6, 4, 8, Ieee),
            FloatSemantics::F8E4M3FN => p(8, -6, 4, 8, NanAllOnes),
            FloatSemantics::F8E5M2FNUZ => p(15, -15, 3, 8, NanNegativeZero),
            FloatSemantics::F8E4M3FNUZ => p(7, -7, 4, 8, NanNegativeZero),
            FloatSemantics::F8E4M3B11FNUZ => p(4, -10, 4, 8, NanNegativeZero),
        }
    }

    /// The width of the encoding in bits (19 for `tf32`, 80 for `f80`).
    pub fn bit_width(self) -> u32 {
        self.params().size
    }

    /// The width MLIR's `FloatType::getWidth` gives the type: the encoding's
    /// width, except 32 for `tf32` (whose 19 bits MLIR stores in 32). A
    /// hexadecimal literal may have this many bits; the bits above
    /// [`FloatSemantics::bit_width`] are dropped.
    pub fn mlir_width(self) -> u32 {
        match self {
            FloatSemantics::TF32 => 32,
            _ => self.bit_width(),
        }
    }

    /// The significand's precision in bits, the integer bit included (24
    /// for `f32`).
    pub fn precision(self) -> u32 {
        self.params().precision
    }

    /// The largest exponent `e` such that `2^e` is finite.
    pub fn max_exponent(self) -> i32 {
        self.params().max_exp
    }

    /// The smallest exponent of a normal number.
    pub fn min_exponent(self) -> i32 {
        self.params().min_exp
    }

    /// Whether the format has infinities.
    pub fn has_infinity(self) -> bool {
        self.params().non_finite == NonFinite::Ieee
    }

    /// Whether the format has a negative zero.
    pub fn has_negative_zero(self) -> bool {
        self.params().non_finite != NonFinite::NanNegativeZero
    }
}

impl fmt::Display for FloatSemantics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value decoded from its bits, in `APFloat`'s terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unpacked {
    Zero,
    Inf,
    /// A NaN and its significand as `APFloat` stores it (the mantissa field;
    /// for `f80` the 64-bit significand with its integer bit).
    NaN(u128),
    /// `sig * 2^(exp - (precision - 1))`, with `sig < 2^precision`; a
    /// denormal has `exp == min_exp` and `sig < 2^(precision - 1)`.
    Finite {
        sig: u128,
        exp: i32,
    },
}

/// What rounding did, as `APFloat`'s `opStatus` flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The result differs from the exact value.
    pub inexact: bool,
    /// The exact value was beyond the largest finite number (the result is
    /// infinity, or NaN for a format without infinity).
    pub overflow: bool,
}

/// Why a float literal was not accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatError {
    /// The text is not a decimal float literal (`[+-]? digits [. digits]
    /// [eE [+-] digits]`).
    Malformed,
    /// A decimal integer where MLIR wants a float (MLIR: "unexpected decimal
    /// integer literal for a floating point value"; add a trailing dot).
    DecimalInteger,
    /// A hexadecimal bit pattern with a minus sign (MLIR: "hexadecimal float
    /// literal should not have a leading minus").
    NegativeHex,
    /// A hexadecimal bit pattern wider than the format (MLIR: "hexadecimal
    /// float constant out of range for type").
    HexOutOfRange,
}

impl fmt::Display for FloatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FloatError::Malformed => "expected floating point literal",
            FloatError::DecimalInteger => {
                "unexpected decimal integer literal for a floating point value"
            }
            FloatError::NegativeHex => "hexadecimal float literal should not have a leading minus",
            FloatError::HexOutOfRange => "hexadecimal float constant out of range for type",
        })
    }
}

impl std::error::Error for FloatError {}

/// A value of one of MLIR 19's float formats: the format and the bits of
/// its encoding, canonical as LLVM's `APFloat` would give them back.
///
/// Equality and hashing are bitwise, as MLIR's uniquing of `FloatAttr` is:
/// `-0.0` and `0.0` differ, a NaN equals itself, two NaN payloads differ.
/// `Display` writes the value as `mlir-opt-19` prints a float attribute's
/// value (see [`ApFloat::write_mlir`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ApFloat {
    sem: FloatSemantics,
    bits: u128,
}

impl fmt::Debug for ApFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApFloat({} {:#X})", self.sem, self.bits)
    }
}

impl fmt::Display for ApFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_mlir(f).map(|_| ())
    }
}

/// `2^n - 1` for `n` in `0..=128`.
pub(crate) fn mask(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Whether `bytes` is the spelling of one float literal token of MLIR's
/// lexer: digits, a dot, digits, and an optional exponent (`e` or `E`, an
/// optional sign, at least one digit).
fn is_float_literal(bytes: &[u8]) -> bool {
    let digits = |at: usize| {
        bytes[at..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let int = digits(0);
    if int == 0 || bytes.get(int) != Some(&b'.') {
        return false;
    }
    let mut at = int + 1;
    at += digits(at);
    if at == bytes.len() {
        return true;
    }
    if !matches!(bytes[at], b'e' | b'E') {
        return false;
    }
    at += 1;
    if matches!(bytes.get(at), Some(b'+' | b'-')) {
        at += 1;
    }
    let exp = digits(at);
    exp > 0 && at + exp == bytes.len()
}

impl ApFloat {
    /// The format.
    pub fn semantics(&self) -> FloatSemantics {
        self.sem
    }

    /// The bits of the encoding (in the low [`FloatSemantics::bit_width`]
    /// bits).
    pub fn to_bits(&self) -> u128 {
        self.bits
    }

    /// The value with `bits` as its encoding, or `None` if `bits` has a bit
    /// set above the format's width. The bits are canonicalised as
    /// `APFloat(semantics, APInt)` followed by `bitcastToAPInt` would: only
    /// `f80` has encodings that change (an unnormal reads as a NaN, a
    /// pseudo-denormal as the normal number it denotes).
    pub fn from_bits(sem: FloatSemantics, bits: u128) -> Option<ApFloat> {
        if bits & !mask(sem.bit_width()) != 0 {
            return None;
        }
        let neg = (bits >> (sem.bit_width() - 1)) & 1 == 1;
        Some(encode(sem, neg, &decode(sem, bits)))
    }

    /// Positive or negative zero (an `FNUZ` format has only positive zero).
    pub fn zero(sem: FloatSemantics, negative: bool) -> ApFloat {
        encode(sem, negative, &Unpacked::Zero)
    }

    /// The value of `v` rounded to `sem` to nearest, ties to even (the
    /// conversion `FloatAttr::get(type, double)` does). NaN payloads are
    /// kept as far as the target holds them and quieted, as LLVM's
    /// `APFloat::convert` does.
    pub fn from_f64(sem: FloatSemantics, v: f64) -> ApFloat {
        let src = ApFloat {
            sem: FloatSemantics::F64,
            bits: u128::from(v.to_bits()),
        };
        src.convert(sem).0
    }

    /// The value of `v` rounded to `sem` (see [`ApFloat::from_f64`]).
    pub fn from_f32(sem: FloatSemantics, v: f32) -> ApFloat {
        let src = ApFloat {
            sem: FloatSemantics::F32,
            bits: u128::from(v.to_bits()),
        };
        src.convert(sem).0
    }

    /// The value converted to an `f64` (rounded to nearest, ties to even;
    /// exact for every format narrower than `f64`).
    pub fn to_f64(&self) -> f64 {
        f64::from_bits(self.convert(FloatSemantics::F64).0.bits as u64)
    }

    /// Whether the value is a NaN.
    pub fn is_nan(&self) -> bool {
        matches!(decode(self.sem, self.bits), Unpacked::NaN(_))
    }

    /// Whether the value is an infinity.
    pub fn is_infinite(&self) -> bool {
        decode(self.sem, self.bits) == Unpacked::Inf
    }

    /// Whether the value is a zero of either sign.
    pub fn is_zero(&self) -> bool {
        decode(self.sem, self.bits) == Unpacked::Zero
    }

    /// Whether the sign bit is set.
    pub fn is_negative(&self) -> bool {
        (self.bits >> (self.sem.bit_width() - 1)) & 1 == 1
    }

    /// The value with its sign flipped, as `APFloat::changeSign` does (for
    /// an `FNUZ` format, zero stays zero and NaN stays NaN).
    pub fn negated(&self) -> ApFloat {
        match decode(self.sem, self.bits) {
            Unpacked::Zero | Unpacked::NaN(_)
                if self.sem.params().non_finite == NonFinite::NanNegativeZero =>
            {
                *self
            }
            u => encode(self.sem, !self.is_negative(), &u),
        }
    }

    /// The value converted to `to`, rounded to nearest, ties to even, and
    /// what the rounding did (LLVM's `APFloat::convert`).
    pub fn convert(&self, to: FloatSemantics) -> (ApFloat, Status) {
        if to == self.sem {
            // `APFloat::convert` to its own semantics changes nothing (a
            // signaling NaN stays signaling).
            return (*self, Status::default());
        }
        let from = self.sem.params();
        let neg = self.is_negative();
        match decode(self.sem, self.bits) {
            Unpacked::Zero => (ApFloat::zero(to, neg), Status::default()),
            Unpacked::Inf => (encode(to, neg, &Unpacked::Inf), Status::default()),
            Unpacked::Finite { sig, exp } => round(
                to,
                neg,
                &Big::from_u128(sig),
                i64::from(exp) - i64::from(from.precision) + 1,
                false,
            ),
            Unpacked::NaN(payload) => {
                let tp = to.params();
                if tp.non_finite != NonFinite::Ieee {
                    return (encode(to, neg, &Unpacked::NaN(0)), Status::default());
                }
                if from.non_finite == NonFinite::NanNegativeZero {
                    // LLVM makes a fresh positive quiet NaN here, so that the
                    // negative-zero pattern does not become -inf.
                    let mut q = quiet_bit(tp.precision);
                    if tp.explicit_int {
                        q |= 1u128 << (tp.precision - 1);
                    }
                    return (encode(to, false, &Unpacked::NaN(q)), Status::default());
                }
                let signaling =
                    from.non_finite == NonFinite::Ieee && payload & quiet_bit(from.precision) == 0;
                let shift = tp.precision as i32 - from.precision as i32;
                let mut p = if shift >= 0 {
                    payload.checked_shl(shift as u32).unwrap_or(0)
                } else {
                    payload.checked_shr((-shift) as u32).unwrap_or(0)
                };
                if tp.explicit_int {
                    p |= 1u128 << (tp.precision - 1);
                }
                if signaling {
                    p |= quiet_bit(tp.precision);
                }
                (encode(to, neg, &Unpacked::NaN(p)), Status::default())
            }
        }
    }

    /// The value of the decimal string `text` (`[+-]? digits [. digits]
    /// [eE [+-]? digits]`, digits on at least one side of the dot) correctly
    /// rounded to `sem` (nearest, ties to even), as LLVM's
    /// `APFloat(semantics, text)` gives it: no detour through `f64`, however
    /// many digits. Values beyond the format give infinity (NaN for a format
    /// without one), values below half the smallest denormal give zero.
    ///
    /// # Errors
    ///
    /// [`FloatError::Malformed`] if `text` is not such a string.
    pub fn from_decimal(sem: FloatSemantics, text: &str) -> Result<ApFloat, FloatError> {
        if let Some(v) = from_decimal_native(sem, text) {
            return Ok(v);
        }
        Ok(from_decimal_status(sem, text)?.0)
    }

    /// Parses a float literal as MLIR 19's parser does for an attribute of
    /// type `sem` (`Parser::parseFloatFromLiteral`).
    ///
    /// `spelling` is the token without its sign and `negative` says a minus
    /// preceded it:
    /// - a decimal float literal (`1.5`, `2.0e-3`) is read as an `f64` (so
    ///   a value rounds twice, to `f64` and then to `sem`, exactly as
    ///   `mlir-opt-19` rounds it; an `f80` or `f128` literal keeps only
    ///   `f64`'s precision), negated, and converted to `sem`; a value beyond
    ///   the format becomes infinity (NaN without one), not an error;
    /// - `0x` and hexadecimal digits are the bits of the encoding (up to
    ///   [`FloatSemantics::mlir_width`] bits, truncated to the encoding);
    /// - a decimal integer (`1`) is an error, as in MLIR, and so is any
    ///   other spelling that MLIR's lexer does not read as one float
    ///   literal (`1e3`, which it reads as `1` and `e3`; `.5`; `inf`).
    ///
    /// # Errors
    ///
    /// [`FloatError`] with MLIR's reason.
    pub fn parse_mlir(
        sem: FloatSemantics,
        spelling: &str,
        negative: bool,
    ) -> Result<ApFloat, FloatError> {
        let bytes = spelling.as_bytes();
        if let Some(hex) = bytes.strip_prefix(b"0x") {
            if hex.is_empty() || !hex.iter().all(u8::is_ascii_hexdigit) {
                return Err(FloatError::Malformed);
            }
            if negative {
                return Err(FloatError::NegativeHex);
            }
            let bits = hex_to_u128(hex).ok_or(FloatError::HexOutOfRange)?;
            if bits & !mask(sem.mlir_width()) != 0 {
                return Err(FloatError::HexOutOfRange);
            }
            return ApFloat::from_bits(sem, bits & mask(sem.bit_width()))
                .ok_or(FloatError::HexOutOfRange);
        }
        if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
            return Err(FloatError::DecimalInteger);
        }
        if !is_float_literal(bytes) {
            return Err(FloatError::Malformed);
        }
        let double = ApFloat::from_decimal(FloatSemantics::F64, spelling)?;
        let double = if negative { double.negated() } else { double };
        Ok(double.convert(sem).0)
    }

    /// Writes the value as LLVM's `APFloat::toString(FormatPrecision,
    /// FormatMaxPadding, TruncateZero)` does (`NaN`, `+Inf`, `-Inf` for the
    /// values that are not numbers). `toString()` with its defaults is
    /// `to_llvm_string(0, 3, true)`.
    pub fn to_llvm_string(&self, precision: u32, max_padding: u32, truncate_zero: bool) -> String {
        let mut out = String::new();
        let neg = self.is_negative();
        match decode(self.sem, self.bits) {
            Unpacked::Inf => out.push_str(if neg { "-Inf" } else { "+Inf" }),
            Unpacked::NaN(_) => out.push_str("NaN"),
            Unpacked::Zero => {
                if neg {
                    out.push('-');
                }
                if max_padding == 0 {
                    if truncate_zero {
                        out.push_str("0.0E+0");
                    } else {
                        out.push_str("0.0");
                        for _ in 1..precision.max(1) {
                            out.push('0');
                        }
                        out.push_str("e+00");
                    }
                } else {
                    out.push('0');
                }
            }
            Unpacked::Finite { sig, exp } => {
                let p = self.sem.precision();
                to_string_impl(
                    &mut out,
                    neg,
                    i64::from(exp) - i64::from(p) + 1,
                    sig,
                    p,
                    precision,
                    max_padding,
                    truncate_zero,
                );
            }
        }
        out
    }

    /// Writes the value as MLIR 19 prints a float attribute's value
    /// (`printFloatValue` in `AsmPrinter.cpp`), and says whether it wrote
    /// the hexadecimal bits:
    /// 1. the value in six-digit scientific form (`1.000000e+00`), if that
    ///    text reads back as the same bits;
    /// 2. otherwise LLVM's default form (`3.14159274`, `0.100000000000000005551`,
    ///    `6.369196069825794E-16`), if it contains a `.`;
    /// 3. otherwise, and always for NaN and infinity, the bits in
    ///    hexadecimal (`0x7FC00000`, `0xFC00` for an `f16` -inf).
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_mlir(&self, out: &mut dyn fmt::Write) -> Result<bool, fmt::Error> {
        let finite = matches!(
            decode(self.sem, self.bits),
            Unpacked::Zero | Unpacked::Finite { .. }
        );
        if finite {
            let short = self.to_llvm_string(6, 0, false);
            if ApFloat::from_decimal(self.sem, &short).is_ok_and(|v| v == *self) {
                out.write_str(&short)?;
                return Ok(false);
            }
            let default = self.to_llvm_string(0, 3, true);
            if default.contains('.') {
                out.write_str(&default)?;
                return Ok(false);
            }
        }
        write!(out, "0x{:X}", self.bits)?;
        Ok(true)
    }

    /// The value as MLIR prints it (see [`ApFloat::write_mlir`]).
    pub fn to_mlir_string(&self) -> String {
        let mut s = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_mlir(&mut s);
        s
    }
}

/// The quiet bit of a NaN significand of `precision` bits.
pub(crate) fn quiet_bit(precision: u32) -> u128 {
    1u128 << (precision - 2)
}

/// Decodes `bits` as `APFloat`'s `initFromAPInt` does.
pub(crate) fn decode(sem: FloatSemantics, bits: u128) -> Unpacked {
    let p = sem.params();
    let exp_bits = if p.explicit_int {
        15
    } else {
        p.size - p.precision
    };
    let man_bits = p.size - 1 - exp_bits;
    let man = bits & mask(man_bits);
    let field = ((bits >> man_bits) & mask(exp_bits)) as i32;
    let all_ones = mask(exp_bits) as i32;
    let bias = 1 - p.min_exp;
    let neg = (bits >> (p.size - 1)) & 1 == 1;
    if p.explicit_int {
        let int_bit = (man >> 63) & 1 == 1;
        if field == 0 && man == 0 {
            return Unpacked::Zero;
        }
        if field == all_ones {
            return if man == 1u128 << 63 {
                Unpacked::Inf
            } else {
                Unpacked::NaN(man)
            };
        }
        if field != 0 && !int_bit {
            // An unnormal: LLVM reads it as a NaN.
            return Unpacked::NaN(man);
        }
        let exp = if field == 0 { p.min_exp } else { field - bias };
        return Unpacked::Finite { sig: man, exp };
    }
    match p.non_finite {
        NonFinite::Ieee if field == all_ones => {
            return if man == 0 {
                Unpacked::Inf
            } else {
                Unpacked::NaN(man)
            };
        }
        NonFinite::NanAllOnes if field == all_ones && man == mask(man_bits) => {
            return Unpacked::NaN(man);
        }
        NonFinite::NanNegativeZero if neg && field == 0 && man == 0 => {
            return Unpacked::NaN(0);
        }
        _ => {}
    }
    if field == 0 {
        if man == 0 {
            Unpacked::Zero
        } else {
            Unpacked::Finite {
                sig: man,
                exp: p.min_exp,
            }
        }
    } else {
        Unpacked::Finite {
            sig: man | (1u128 << man_bits),
            exp: field - bias,
        }
    }
}

/// Encodes a value as `APFloat`'s `bitcastToAPInt` does.
pub(crate) fn encode(sem: FloatSemantics, neg: bool, u: &Unpacked) -> ApFloat {
    let p = sem.params();
    let exp_bits = if p.explicit_int {
        15
    } else {
        p.size - p.precision
    };
    let man_bits = p.size - 1 - exp_bits;
    let all_ones = mask(exp_bits);
    let bias = 1 - p.min_exp;
    let (neg, field, man) = match *u {
        Unpacked::Zero => (neg && p.non_finite != NonFinite::NanNegativeZero, 0, 0),
        Unpacked::Inf => match p.non_finite {
            NonFinite::Ieee => (neg, all_ones, if p.explicit_int { 1u128 << 63 } else { 0 }),
            // No infinity: `makeInf` makes a NaN.
            _ => return encode(sem, neg, &Unpacked::NaN(0)),
        },
        Unpacked::NaN(payload) => match p.non_finite {
            NonFinite::Ieee => (neg, all_ones, payload & mask(man_bits)),
            NonFinite::NanAllOnes => (neg, all_ones, mask(man_bits)),
            NonFinite::NanNegativeZero => (true, 0, 0),
        },
        Unpacked::Finite { sig, exp } => {
            let normal = (sig >> (p.precision - 1)) & 1 == 1;
            let field = if normal { (exp + bias) as u128 } else { 0 };
            (neg, field, sig & mask(man_bits))
        }
    };
    ApFloat {
        sem,
        bits: (u128::from(neg) << (p.size - 1)) | (field << man_bits) | man,
    }
}

/// Rounds `mant * 2^exp2` (plus a positive amount below one unit of
/// `mant`'s last bit when `sticky`) to `sem`, to nearest, ties to even.
/// `sticky` needs at least two bits of `mant` below the rounding point.
fn round(sem: FloatSemantics, neg: bool, mant: &Big, exp2: i64, sticky: bool) -> (ApFloat, Status) {
    let p = sem.params();
    let overflow = || {
        (
            encode(sem, neg, &Unpacked::Inf),
            Status {
                inexact: true,
                overflow: true,
            },
        )
    };
    if mant.is_zero() {
        let status = Status {
            inexact: sticky,
            overflow: false,
        };
        return (ApFloat::zero(sem, neg), status);
    }
    let e_msb = exp2 + mant.bits() as i64 - 1;
    if e_msb > i64::from(p.max_exp) {
        return overflow();
    }
    let mut e = e_msb.max(i64::from(p.min_exp));
    let lsb = e - i64::from(p.precision) + 1;
    let shift = lsb - exp2;
    let (mut sig, inexact) = if shift <= 0 {
        debug_assert!(!sticky, "round: sticky without bits below the point");
        let s = mant.shl((-shift) as u64).to_u128().unwrap_or(0);
        (s, sticky)
    } else {
        let shift = shift as u64;
        let half = mant.bit(shift - 1);
        let rest = sticky || mant.any_below(shift - 1);
        let mut s = mant.shr(shift).to_u128().unwrap_or(0);
        if half && (rest || s & 1 == 1) {
            s += 1;
        }
        (s, half || rest)
    };
    if sig == 1u128 << p.precision {
        sig >>= 1;
        e += 1;
    }
    if e > i64::from(p.max_exp)
        || (p.non_finite == NonFinite::NanAllOnes
            && e == i64::from(p.max_exp)
            && sig == mask(p.precision))
    {
        return overflow();
    }
    let status = Status {
        inexact,
        overflow: false,
    };
    if sig == 0 {
        return (ApFloat::zero(sem, neg), status);
    }
    let value = encode(sem, neg, &Unpacked::Finite { sig, exp: e as i32 });
    (value, status)
}

/// The significant digits kept of a decimal string. Every representable
/// value and every midpoint of a format up to `f128` has fewer significant
/// digits (about 11,600 at most), so replacing the digits beyond this by a
/// single nonzero digit never moves the value across one: rounding stays
/// exact.
const MAX_DIGITS: usize = 20_000;

/// LLVM's `readExponent` saturates a decimal exponent at this magnitude.
const OVERLARGE_EXPONENT: i64 = 24_000;

/// The longest decimal string [`from_decimal_native`] reads: far below the
/// exponent and digit clamps of [`from_decimal_status`], so that both give
/// the correctly rounded value.
const NATIVE_DECIMAL_MAX_LEN: usize = 40;

/// Whether `b` is `[+-]? digits? (. digits?)? ([eE] [+-]? digits)?` with at
/// least one significand digit: the strings [`from_decimal_status`] accepts.
fn is_plain_decimal(b: &[u8]) -> bool {
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let mut digits = 0;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

/// A short decimal string read as an `f64` or `f32` by the standard
/// library, whose parser rounds correctly to nearest, ties to even, as
/// [`from_decimal_status`] does: the same bits at a fraction of the cost.
/// `None` for the other formats, long strings and anything the standard
/// library does not read (the caller then takes the exact path).
fn from_decimal_native(sem: FloatSemantics, text: &str) -> Option<ApFloat> {
    if text.len() > NATIVE_DECIMAL_MAX_LEN || !is_plain_decimal(text.as_bytes()) {
        return None;
    }
    let bits = match sem {
        FloatSemantics::F64 => u128::from(text.parse::<f64>().ok()?.to_bits()),
        FloatSemantics::F32 => u128::from(text.parse::<f32>().ok()?.to_bits()),
        _ => return None,
    };
    Some(ApFloat { sem, bits })
}

/// Parses and correctly rounds a decimal string (see
/// [`ApFloat::from_decimal`]).
fn from_decimal_status(sem: FloatSemantics, text: &str) -> Result<(ApFloat, Status), FloatError> {
    let bytes = text.as_bytes();
    let (neg, rest) = match bytes.first() {
        Some(b'-') => (true, &bytes[1..]),
        Some(b'+') => (false, &bytes[1..]),
        _ => (false, bytes),
    };
    // Split the significand from the exponent.
    let (sig_part, exp_part) = match rest.iter().position(|&c| c == b'e' || c == b'E') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (int_part, frac_part) = match sig_part.iter().position(|&c| c == b'.') {
        Some(i) => (&sig_part[..i], &sig_part[i + 1..]),
        None => (sig_part, &sig_part[..0]),
    };
    if int_part.len() + frac_part.len() == 0
        || !int_part.iter().all(u8::is_ascii_digit)
        || !frac_part.iter().all(u8::is_ascii_digit)
    {
        return Err(FloatError::Malformed);
    }
    let mut exp10: i64 = 0;
    if let Some(e) = exp_part {
        let (eneg, digits) = match e.first() {
            Some(b'-') => (true, &e[1..]),
            Some(b'+') => (false, &e[1..]),
            _ => (false, e),
        };
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return Err(FloatError::Malformed);
        }
        let mut abs: i64 = 0;
        for &d in digits {
            abs = abs * 10 + i64::from(d - b'0');
            if abs >= OVERLARGE_EXPONENT {
                abs = OVERLARGE_EXPONENT;
                break;
            }
        }
        exp10 = if eneg { -abs } else { abs };
    }
    // The significant digits, without leading or trailing zeros, and the
    // power of ten of the last one.
    let all: Vec<u8> = int_part.iter().chain(frac_part).copied().collect();
    exp10 -= frac_part.len() as i64;
    let first = all.iter().position(|&c| c != b'0');
    let Some(first) = first else {
        return Ok((ApFloat::zero(sem, neg), Status::default()));
    };
    let last = all.iter().rposition(|&c| c != b'0').unwrap_or(first);
    exp10 += (all.len() - 1 - last) as i64;
    let mut digits: Vec<u8> = all[first..=last].to_vec();
    if digits.len() > MAX_DIGITS {
        // Keep MAX_DIGITS digits and stand for the (nonzero, since the last
        // digit is nonzero) rest with one digit 1 after them.
        exp10 += (digits.len() - MAX_DIGITS - 1) as i64;
        digits.truncate(MAX_DIGITS);
        digits.push(b'1');
    }
    let p = sem.params();
    // The value lies in [10^ne, 10^(ne+1)).
    let ne = exp10 + digits.len() as i64 - 1;
    // 0.30103 < log10(2): beyond these bounds the result is certain.
    if ne * 100_000 > (i64::from(p.max_exp) + 2) * 30_103 + 100_000 {
        return Ok(round(
            sem,
            neg,
            &Big::from_u64(1),
            i64::from(p.max_exp) + 1,
            false,
        ));
    }
    let floor = i64::from(p.min_exp) - i64::from(p.precision) - 2;
    if (ne + 2) * 100_000 < floor * 30_103 {
        return Ok((
            ApFloat::zero(sem, neg),
            Status {
                inexact: true,
                overflow: false,
            },
        ));
    }
    let d = Big::from_decimal_digits(&digits);
    if exp10 >= 0 {
        let mant = d.mul(&Big::pow(10, exp10 as u64));
        return Ok(round(sem, neg, &mant, 0, false));
    }
    let den = Big::pow(10, (-exp10) as u64);
    let want = u64::from(p.precision) + 3;
    let s = (want + den.bits()).saturating_sub(d.bits()) + 1;
    let (q, r) = d.shl(s).divrem(&den);
    Ok(round(sem, neg, &q, -(s as i64), !r.is_zero()))
}

/// LLVM's `toStringImpl`: writes `sig * 2^exp` (nonzero) with at most
/// `precision` significant digits (0: enough to round-trip), in scientific
/// form when `max_padding` is 0 or the plain form would need more than
/// `max_padding` zeros.
#[allow(clippy::too_many_arguments)]
fn to_string_impl(
    out: &mut String,
    neg: bool,
    mut exp: i64,
    sig: u128,
    sem_precision: u32,
    mut precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) {
    if neg {
        out.push('-');
    }
    if precision == 0 {
        // 2 + floor(significand bits / log2(10)), after Steele and White.
        precision = 2 + sem_precision * 59 / 196;
    }
    // Ignore trailing binary zeros.
    let tz = sig.trailing_zeros();
    exp += i64::from(tz);
    let sig = sig >> tz;
    // The digits, least significant first, without trailing zeros.
    let mut buffer: Vec<u8> = Vec::with_capacity(48);
    match decimal_small(sig, exp, precision) {
        Some((n, e)) => {
            exp = e;
            push_digits_u128(&mut buffer, &mut exp, n);
        }
        None => {
            let (mut n, e) = decimal_big(Big::from_u128(sig), exp, precision);
            exp = e;
            let mut in_trail = true;
            while !n.is_zero() {
                let d = n.divrem_small(10) as u8;
                if in_trail && d == 0 {
                    exp += 1;
                } else {
                    buffer.push(b'0' + d);
                    in_trail = false;
                }
            }
        }
    }
    adjust_digits(&mut buffer, &mut exp, precision as usize);
    let ndigits = buffer.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp >= 0 {
        exp as u64 > u64::from(max_padding) || ndigits as u64 + exp as u64 > u64::from(precision)
    } else {
        let msd = exp + ndigits as i64 - 1;
        msd < 0 && (-msd) as u64 > u64::from(max_padding)
    };
    let digit = |i: usize| char::from(buffer[ndigits - 1 - i]);
    if scientific {
        exp += ndigits as i64 - 1;
        out.push(digit(0));
        out.push('.');
        if ndigits == 1 && truncate_zero {
            out.push('0');
        } else {
            for i in 1..ndigits {
                out.push(digit(i));
            }
        }
        if !truncate_zero && precision as usize > ndigits - 1 {
            for _ in 0..(precision as usize - ndigits + 1) {
                out.push('0');
            }
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if exp >= 0 { '+' } else { '-' });
        let e = exp.unsigned_abs();
        if !truncate_zero && e < 10 {
            out.push('0');
        }
        // Writing to a String cannot fail.
        let _ = write!(out, "{e}");
        return;
    }
    if exp >= 0 {
        for i in 0..ndigits {
            out.push(digit(i));
        }
        for _ in 0..exp {
            out.push('0');
        }
        return;
    }
    let whole = exp + ndigits as i64;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        for _ in 0..(-whole) {
            out.push('0');
        }
    }
    while i < ndigits {
        out.push(digit(i));
        i += 1;
    }
}

/// The integer `N` and power of ten `E` with `N * 10^E == sig * 2^exp`
/// (`sig` odd), after LLVM's truncation of the decimal digits beyond what
/// `precision` digits can show (the digit rounding looks at what is left):
/// on `u128`, or `None` when an intermediate value does not fit (then
/// [`decimal_big`] does the same on big integers).
fn decimal_small(sig: u128, exp: i64, precision: u32) -> Option<(u128, i64)> {
    let (mut n, mut exp) = if exp > 0 {
        if i64::from(sig.leading_zeros()) <= exp {
            return None;
        }
        (sig << exp, 0)
    } else if exp < 0 {
        // N * 2^-e == N * 5^e * 10^-e.
        let k = u32::try_from(-exp).ok()?;
        (sig.checked_mul(5u128.checked_pow(k)?)?, exp)
    } else {
        (sig, exp)
    };
    let bits = u64::from(128 - n.leading_zeros());
    let bits_required = (u64::from(precision) * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            // `tens` < 39 since `n` < 2^128 < 10^39.
            exp += tens as i64;
            n /= 10u128.pow(tens as u32);
        }
    }
    Some((n, exp))
}

/// [`decimal_small`] on big integers.
fn decimal_big(mut sig: Big, mut exp: i64, precision: u32) -> (Big, i64) {
    // Change the exponent from base 2 to base 10.
    if exp > 0 {
        sig = sig.shl(exp as u64);
        exp = 0;
    } else if exp < 0 {
        // N * 2^-e == N * 5^e * 10^-e.
        sig = sig.mul(&Big::pow(5, (-exp) as u64));
    }
    // Drop decimal digits beyond what the precision can show (truncating,
    // as LLVM does; the digit rounding below looks at what is left).
    let bits = sig.bits();
    let bits_required = (u64::from(precision) * 196).div_ceil(59);
    if bits > bits_required {
        let tens = (bits - bits_required) * 59 / 196;
        if tens > 0 {
            exp += tens as i64;
            sig = sig.divrem(&Big::pow(10, tens)).0;
        }
    }
    (sig, exp)
}

/// Pushes the decimal digits of `n`, least significant first, skipping
/// (and counting in `exp`) its trailing zeros.
fn push_digits_u128(buffer: &mut Vec<u8>, exp: &mut i64, mut n: u128) {
    // Work on u64 once the value fits: much cheaper divisions.
    while n > u128::from(u64::MAX) {
        let d = (n % 10) as u8;
        n /= 10;
        if buffer.is_empty() && d == 0 {
            *exp += 1;
        } else {
            buffer.push(b'0' + d);
        }
    }
    let mut m = n as u64;
    while m != 0 {
        let d = (m % 10) as u8;
        m /= 10;
        if buffer.is_empty() && d == 0 {
            *exp += 1;
        } else {
            buffer.push(b'0' + d);
        }
    }
}

/// LLVM's `AdjustToPrecision` on the digit buffer (least significant digit
/// first): keeps `precision` digits, rounding half up, and drops the zeros
/// that leaves at the bottom.
fn adjust_digits(buffer: &mut Vec<u8>, exp: &mut i64, precision: usize) {
    let n = buffer.len();
    if n <= precision {
        return;
    }
    let mut first = n - precision;
    if buffer[first - 1] < b'5' {
        while first < n && buffer[first] == b'0' {
            first += 1;
        }
        *exp += first as i64;
        buffer.drain(..first);
        return;
    }
    // Round up: a decimal add with carry.
    let carried = buffer[first..].iter().take_while(|&&d| d == b'9').count();
    first += carried;
    if first < n {
        buffer[first] += 1;
    }
    if first == n {
        *exp += first as i64;
        buffer.clear();
        buffer.push(b'1');
        return;
    }
    *exp += first as i64;
    buffer.drain(..first);
}

#[cfg(test)]
mod tests {
    use super::*;
    use FloatSemantics::*;

    fn mlir(sem: FloatSemantics, lit: &str) -> String {
        let neg = lit.starts_with('-');
        ApFloat::parse_mlir(sem, lit.trim_start_matches('-'), neg)
            .unwrap()
            .to_mlir_string()
    }

    #[test]
    fn prints_as_mlir_opt_19() {
        // Each expectation is mlir-opt-19's own output.
        assert_eq!(mlir(F32, "3.14159"), "3.141590e+00");
        assert_eq!(mlir(F16, "0.1"), "9.997550e-02");
        assert_eq!(mlir(F64, "1.0e10"), "1.000000e+10");
        assert_eq!(mlir(F80, "0.1"), "0.100000000000000005551");
        assert_eq!(mlir(F128, "0.1"), "0.100000000000000005551115123125782702");
        assert_eq!(mlir(BF16, "0.1"), "1.000980e-01");
        assert_eq!(mlir(F16, "65520.0"), "0x7C00");
        assert_eq!(mlir(F16, "65519.0"), "6.550400e+04");
        assert_eq!(mlir(F32, "-0.0"), "-0.000000e+00");
        assert_eq!(mlir(F32, "0x7FC00001"), "0x7FC00001");
        assert_eq!(mlir(F64, "0x1"), "4.940660e-324");
        assert_eq!(mlir(F32, "1.0e39"), "0x7F800000");
        assert_eq!(mlir(F8E4M3FN, "1000.0"), "0x7F");
        assert_eq!(mlir(F8E4M3FN, "-1000.0"), "0xFF");
        assert_eq!(mlir(F8E5M2FNUZ, "-0.0"), "0.000000e+00");
        assert_eq!(mlir(F8E5M2FNUZ, "-1000.0"), "-1.024000e+03");
        assert_eq!(mlir(TF32, "0x3FFF"), "3.849980e-34");
        assert_eq!(
            mlir(F80, "0x40000000000000000000"),
            "0x7FFF0000000000000000"
        );
        assert_eq!(
            mlir(F80, "0x00008000000000000000"),
            "3.36210314311209350626E-4932"
        );
    }

    /// A deterministic stream of pseudo-random numbers (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    #[test]
    fn small_decimal_expansion_matches_the_big_one() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut small = 0;
        for _ in 0..200_000 {
            let r = rng.next();
            // Odd significands of 1 to 113 bits, exponents around zero.
            let width = 1 + (r % 113) as u32;
            let sig = ((u128::from(rng.next()) << 64 | u128::from(rng.next())) & mask(width)) | 1;
            let exp = (rng.next() % 200) as i64 - 120;
            let precision = [0, 6, 8, 17, 36][(r >> 40) as usize % 5];
            let Some((n, e)) = decimal_small(sig, exp, precision) else {
                continue;
            };
            small += 1;
            let (big, big_e) = decimal_big(Big::from_u128(sig), exp, precision);
            assert_eq!((Big::from_u128(n), e), (big, big_e), "{sig:#x} * 2^{exp}");
        }
        // The comparison must have exercised the fast path.
        assert!(small > 10_000, "only {small} values took the u128 path");
    }

    #[test]
    fn native_decimal_parse_matches_the_exact_one() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let mut texts = vec![
            "0".to_owned(),
            "-0.0".to_owned(),
            "1.".to_owned(),
            ".5".to_owned(),
            "1e400".to_owned(),
            "1e-400".to_owned(),
            "+2.5E+3".to_owned(),
            "16777217".to_owned(),
            "4.9406564584124654e-324".to_owned(),
            "2.4703282292062327e-324".to_owned(),
            "2.4703282292062328e-324".to_owned(),
        ];
        for _ in 0..50_000 {
            let x = f64::from_bits(rng.next());
            if !x.is_finite() {
                continue;
            }
            let digits = (rng.next() % 20) as usize;
            texts.push(format!("{x:e}"));
            texts.push(format!("{x:.digits$e}"));
            texts.push(format!("{:.digits$e}", x as f32));
            // A midpoint-heavy mix: few digits, small exponents.
            texts.push(format!(
                "{}.{}e{}",
                rng.next() % 1000,
                rng.next() % 100_000,
                (rng.next() % 90) as i64 - 45
            ));
        }
        let mut compared = 0;
        for text in &texts {
            for sem in [FloatSemantics::F32, FloatSemantics::F64] {
                let native = from_decimal_native(sem, text);
                let exact = from_decimal_status(sem, text).map(|v| v.0).ok();
                if let Some(native) = native {
                    assert_eq!(Some(native), exact, "{sem} {text}");
                    compared += 1;
                }
            }
        }
        assert!(
            compared > 100_000,
            "only {compared} strings took the native path"
        );
    }

    #[test]
    fn decimal_rounding_is_exact() {
        // 2^-24 + 2^-35 + tiny is above the f16 midpoint only by the tail.
        let v = ApFloat::from_decimal(F32, "16777217").unwrap();
        assert_eq!(v.to_bits(), 0x4B80_0000);
        let v = ApFloat::from_decimal(F32, "16777217.000000000000000000001").unwrap();
        assert_eq!(v.to_bits(), 0x4B80_0001);
        let v = ApFloat::from_decimal(F64, "4.9406564584124654e-324").unwrap();
        assert_eq!(v.to_bits(), 1);
        let v = ApFloat::from_decimal(F64, "2.4703282292062327e-324").unwrap();
        assert_eq!(v.to_bits(), 0);
        let v = ApFloat::from_decimal(F64, "2.4703282292062328e-324").unwrap();
        assert_eq!(v.to_bits(), 1);
        assert_eq!(ApFloat::from_decimal(F64, "0.1").unwrap().to_f64(), 0.1);
        assert_eq!(
            ApFloat::from_f64(F32, 0.1).to_bits(),
            u128::from(0.1f32.to_bits())
        );
        assert_eq!(
            ApFloat::from_f64(F32, f64::NAN).to_bits(),
            u128::from(f32::NAN.to_bits())
        );
    }
}
