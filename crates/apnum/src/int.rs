//! Arbitrary-width integers: the values of MLIR's `IntegerAttr`.

use core::fmt;

use crate::big::{Big, hex_value};

/// The widest integer MLIR 19 allows (`IntegerType::kMaxWidth`, 2^24 - 1).
pub const MAX_WIDTH: u32 = (1 << 24) - 1;

/// How an integer type reads its bits, as MLIR's `IntegerType` spells it:
/// `i8` is signless, `si8` signed, `ui8` unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no sign of its own; MLIR accepts literals of either reading and
    /// prints the signed one.
    Signless,
    /// `siN`, and `index` (which MLIR treats as a signed 64-bit value).
    Signed,
    /// `uiN`.
    Unsigned,
}

/// Why an integer literal was not accepted for a width.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntError {
    /// The text is not a decimal or `0x` hexadecimal integer literal.
    Malformed,
    /// A minus sign on a literal for an unsigned type.
    NegativeUnsigned,
    /// The value does not fit the type's width (MLIR: "integer constant out
    /// of range for attribute").
    OutOfRange,
    /// The width is above [`MAX_WIDTH`].
    WidthTooLarge,
}

impl fmt::Display for IntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IntError::Malformed => "expected an integer literal",
            IntError::NegativeUnsigned => {
                "negative integer literal not valid for unsigned integer type"
            }
            IntError::OutOfRange => "integer constant out of range for attribute",
            IntError::WidthTooLarge => "integer bitwidth is limited to 16777215 bits",
        })
    }
}

impl std::error::Error for IntError {}

/// The bits of an integer of a fixed width, as LLVM's `APInt` holds them.
///
/// A value of at most 64 bits is one inline word; a wider one is a boxed
/// limb slice. Bits above the width are always zero, so two `ApInt`s are
/// equal (and hash equal) exactly when their widths and bits are equal. The
/// value carries no sign: [`ApInt::to_signed_string`] and
/// [`ApInt::to_unsigned_string`] choose the reading.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    repr: Repr,
}

/// The storage of an [`ApInt`]: `Inline` exactly when the width is at most
/// 64, so the representation of a value is unique.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline(u64),
    Limbs(Box<[u64]>),
}

/// The number of 64-bit limbs a width needs.
fn limb_count(width: u32) -> usize {
    (width as usize).div_ceil(64)
}

/// A mask of the low `bits` bits of a limb (`bits` in `1..=64`).
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

impl ApInt {
    /// Zero of `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn zero(width: u32) -> ApInt {
        ApInt::from_limbs(width, &[])
    }

    /// The low `width` bits of `limbs` (little-endian 64-bit words; missing
    /// words are zero, extra bits are dropped).
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn from_limbs(width: u32, limbs: &[u64]) -> ApInt {
        assert!(width <= MAX_WIDTH, "ApInt width {width} is above MAX_WIDTH");
        if width <= 64 {
            let v = limbs.first().copied().unwrap_or(0);
            let v = if width == 0 { 0 } else { v & low_mask(width) };
            return ApInt {
                width,
                repr: Repr::Inline(v),
            };
        }
        let n = limb_count(width);
        let mut out = vec![0u64; n];
        for (o, &l) in out.iter_mut().zip(limbs) {
            *o = l;
        }
        let top = width - (n as u32 - 1) * 64;
        out[n - 1] &= low_mask(top);
        ApInt {
            width,
            repr: Repr::Limbs(out.into_boxed_slice()),
        }
    }

    /// `v` truncated to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn from_u128(width: u32, v: u128) -> ApInt {
        ApInt::from_limbs(width, &[v as u64, (v >> 64) as u64])
    }

    /// `v` in two's complement, sign-extended or truncated to `width` bits
    /// (`from_i128(8, -1)` and `from_u128(8, 255)` are the same value).
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn from_i128(width: u32, v: i128) -> ApInt {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut limbs = vec![fill; limb_count(width).max(2)];
        limbs[0] = v as u64;
        limbs[1] = (v >> 64) as u64;
        ApInt::from_limbs(width, &limbs)
    }

    /// The width in bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The bits as little-endian 64-bit words (`ceil(width / 64)` of them,
    /// at least one).
    pub fn limbs(&self) -> &[u64] {
        match &self.repr {
            Repr::Inline(v) => core::slice::from_ref(v),
            Repr::Limbs(l) => l,
        }
    }

    /// Whether every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs().iter().all(|&l| l == 0)
    }

    /// The top bit (false for width 0).
    pub fn sign_bit(&self) -> bool {
        self.width != 0 && self.bit(self.width - 1)
    }

    /// Bit `i` (false at or above the width).
    pub fn bit(&self, i: u32) -> bool {
        i < self.width && (self.limbs()[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// The bits read as unsigned, if that fits a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        let l = self.limbs();
        if l.iter().skip(2).any(|&x| x != 0) {
            return None;
        }
        Some(u128::from(l[0]) | (u128::from(l.get(1).copied().unwrap_or(0)) << 64))
    }

    /// The bits read as two's complement, if that fits an `i128`.
    pub fn to_i128(&self) -> Option<i128> {
        if !self.sign_bit() {
            return self.to_u128().and_then(|v| i128::try_from(v).ok());
        }
        // Negative: the magnitude is the two's complement negation.
        let mag = self.negated().to_u128()?;
        if mag <= 1u128 << 127 {
            Some((mag as i128).wrapping_neg())
        } else {
            None
        }
    }

    /// The value truncated or zero-extended to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn zext_or_trunc(&self, width: u32) -> ApInt {
        ApInt::from_limbs(width, self.limbs())
    }

    /// The value truncated or sign-extended to `width` bits.
    ///
    /// # Panics
    ///
    /// If `width` is above [`MAX_WIDTH`].
    pub fn sext_or_trunc(&self, width: u32) -> ApInt {
        if width <= self.width || !self.sign_bit() {
            return self.zext_or_trunc(width);
        }
        let mut limbs = vec![u64::MAX; limb_count(width)];
        let own = self.limbs();
        limbs[..own.len()].copy_from_slice(own);
        let top = self.width % 64;
        if top != 0 {
            limbs[own.len() - 1] |= !low_mask(top);
        }
        ApInt::from_limbs(width, &limbs)
    }

    /// The two's complement negation (`0 - self`, modulo 2^width).
    pub fn negated(&self) -> ApInt {
        let mut limbs: Vec<u64> = self.limbs().iter().map(|&l| !l).collect();
        for l in &mut limbs {
            let (v, carry) = l.overflowing_add(1);
            *l = v;
            if !carry {
                break;
            }
        }
        ApInt::from_limbs(self.width, &limbs)
    }

    /// The number of bits needed to hold the unsigned value (0 for zero).
    pub fn active_bits(&self) -> u32 {
        Big::from_limbs(self.limbs()).bits() as u32
    }

    /// Parses an MLIR integer literal for an integer attribute of `width`
    /// bits, exactly as MLIR 19's parser does (`buildAttributeAPInt`).
    ///
    /// `spelling` is the literal without its sign: decimal digits, or `0x`
    /// and hexadecimal digits. `negative` says a minus sign preceded it. The
    /// value must fit the width: a signless type takes either reading
    /// (`255 : i8` and `-1 : i8` are the same bits), a signed one only the
    /// signed range, an unsigned one only the unsigned range and no minus.
    /// As in MLIR, `-0` is rejected (its negation has no sign bit), and for
    /// `index` pass width 64 and [`Signedness::Signed`].
    ///
    /// # Errors
    ///
    /// [`IntError`] says why the literal does not fit.
    pub fn parse_mlir(
        spelling: &str,
        negative: bool,
        width: u32,
        signedness: Signedness,
    ) -> Result<ApInt, IntError> {
        if width > MAX_WIDTH {
            return Err(IntError::WidthTooLarge);
        }
        if too_many_digits(spelling, width) {
            // Certainly wider than the type: say so before building a huge
            // number (a literal of a million digits costs nothing here).
            return if negative && signedness == Signedness::Unsigned {
                Err(IntError::NegativeUnsigned)
            } else {
                Err(IntError::OutOfRange)
            };
        }
        let magnitude = parse_magnitude(spelling)?;
        if negative && signedness == Signedness::Unsigned {
            return Err(IntError::NegativeUnsigned);
        }
        if magnitude.bits() > u64::from(width) {
            return Err(IntError::OutOfRange);
        }
        let value = ApInt::from_limbs(width, magnitude.limbs());
        if width == 0 {
            // A zero-bit integer has no sign bit to check; MLIR rejects any
            // minus sign here.
            return if negative {
                Err(IntError::OutOfRange)
            } else {
                Ok(value)
            };
        }
        if negative {
            let value = value.negated();
            // The negated value must be negative, or the magnitude did not
            // fit the signed range (and `-0` is rejected, as in MLIR).
            return if value.sign_bit() {
                Ok(value)
            } else {
                Err(IntError::OutOfRange)
            };
        }
        if signedness == Signedness::Signed && value.sign_bit() {
            return Err(IntError::OutOfRange);
        }
        Ok(value)
    }

    /// The value read as two's complement, in decimal (`-1` for `i8` 255).
    pub fn to_signed_string(&self) -> String {
        if self.sign_bit() {
            format!("-{}", Big::from_limbs(self.negated().limbs()).to_decimal())
        } else {
            Big::from_limbs(self.limbs()).to_decimal()
        }
    }

    /// The value read as unsigned, in decimal.
    pub fn to_unsigned_string(&self) -> String {
        Big::from_limbs(self.limbs()).to_decimal()
    }

    /// The value as MLIR prints an integer attribute's value of a type with
    /// this signedness: `true`/`false` for a signless 1-bit integer, the
    /// unsigned reading for `uiN`, the signed reading otherwise (`si1` 1
    /// prints `-1`, as MLIR's does).
    pub fn to_mlir_string(&self, signedness: Signedness) -> String {
        match signedness {
            Signedness::Signless if self.width == 1 => {
                if self.is_zero() { "false" } else { "true" }.to_string()
            }
            Signedness::Unsigned => self.to_unsigned_string(),
            _ => self.to_signed_string(),
        }
    }

    /// The bits in hexadecimal as LLVM's `APInt::toString(16, false, true)`
    /// writes them: `0x`, uppercase digits, no leading zeros (`0x0` for zero).
    pub fn to_hex_literal(&self) -> String {
        let limbs = self.limbs();
        let mut s = String::from("0x");
        let mut started = false;
        for &l in limbs.iter().rev() {
            if started {
                s.push_str(&format!("{l:016X}"));
            } else if l != 0 {
                s.push_str(&format!("{l:X}"));
                started = true;
            }
        }
        if !started {
            s.push('0');
        }
        s
    }
}

impl fmt::Debug for ApInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ApInt(i{} {})", self.width, self.to_hex_literal())
    }
}

/// Whether a well-formed literal certainly has more than `width` bits: its
/// significant digits alone need more (a decimal digit carries more than 3.3
/// bits, a hex digit 4). Malformed text is left to the parser.
fn too_many_digits(spelling: &str, width: u32) -> bool {
    let bytes = spelling.as_bytes();
    let (digits, bits_per_digit_x10, valid): (_, u64, fn(&u8) -> bool) =
        match bytes.strip_prefix(b"0x") {
            Some(hex) => (hex, 40, u8::is_ascii_hexdigit),
            None => (bytes, 33, u8::is_ascii_digit),
        };
    if !digits.iter().all(valid) {
        return false;
    }
    let significant = digits.iter().skip_while(|&&c| c == b'0').count() as u64;
    // The leading digit may carry a single bit.
    significant > 1 && (significant - 1) * bits_per_digit_x10 > u64::from(width) * 10
}

/// Parses decimal digits or `0x` hexadecimal digits into an unbounded value.
pub(crate) fn parse_magnitude(spelling: &str) -> Result<Big, IntError> {
    let bytes = spelling.as_bytes();
    if let Some(hex) = bytes
        .strip_prefix(b"0x")
        .or_else(|| bytes.strip_prefix(b"0X"))
    {
        if hex.is_empty() || !hex.iter().all(u8::is_ascii_hexdigit) {
            return Err(IntError::Malformed);
        }
        // Skip leading zeros before parsing: they add no bits.
        let first = hex.iter().position(|&c| c != b'0').unwrap_or(hex.len());
        return Ok(Big::from_hex_digits(&hex[first..]));
    }
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(IntError::Malformed);
    }
    let first = bytes.iter().position(|&c| c != b'0').unwrap_or(bytes.len());
    Ok(Big::from_decimal_digits(&bytes[first..]))
}

/// Reads a hexadecimal digit string into limbs (a helper for float bits).
pub(crate) fn hex_to_u128(hex: &[u8]) -> Option<u128> {
    let first = hex.iter().position(|&c| c != b'0').unwrap_or(hex.len());
    let hex = &hex[first..];
    if hex.len() > 32 {
        return None;
    }
    Some(
        hex.iter()
            .fold(0u128, |acc, &c| (acc << 4) | u128::from(hex_value(c))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signless_literals_take_either_reading() {
        let a = ApInt::parse_mlir("255", false, 8, Signedness::Signless).unwrap();
        let b = ApInt::parse_mlir("1", true, 8, Signedness::Signless).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_signed_string(), "-1");
        assert_eq!(a.to_mlir_string(Signedness::Unsigned), "255");
        assert_eq!(
            ApInt::parse_mlir("256", false, 8, Signedness::Signless),
            Err(IntError::OutOfRange)
        );
        assert_eq!(
            ApInt::parse_mlir("129", true, 8, Signedness::Signless),
            Err(IntError::OutOfRange)
        );
        assert_eq!(
            ApInt::parse_mlir("128", false, 8, Signedness::Signed),
            Err(IntError::OutOfRange)
        );
        assert_eq!(
            ApInt::parse_mlir("0", true, 8, Signedness::Signless),
            Err(IntError::OutOfRange)
        );
        assert_eq!(
            ApInt::parse_mlir("1", true, 8, Signedness::Unsigned),
            Err(IntError::NegativeUnsigned)
        );
    }

    #[test]
    fn huge_literals_are_rejected_without_being_built() {
        let huge = "9".repeat(2_000_000);
        assert_eq!(
            ApInt::parse_mlir(&huge, false, 64, Signedness::Signless),
            Err(IntError::OutOfRange)
        );
        let hex = format!("0x1{}", "0".repeat(16));
        assert_eq!(
            ApInt::parse_mlir(&hex, false, 64, Signedness::Signless),
            Err(IntError::OutOfRange)
        );
        let hex = format!("0x{}", "F".repeat(16));
        assert!(ApInt::parse_mlir(&hex, false, 64, Signedness::Signless).is_ok());
        assert_eq!(
            ApInt::parse_mlir("12a", false, 1, Signedness::Signless),
            Err(IntError::Malformed)
        );
        let max = "18446744073709551615";
        assert!(ApInt::parse_mlir(max, false, 64, Signedness::Unsigned).is_ok());
        assert_eq!(
            ApInt::parse_mlir("18446744073709551616", false, 64, Signedness::Unsigned),
            Err(IntError::OutOfRange)
        );
    }

    #[test]
    fn wide_values_print_in_decimal() {
        let v = ApInt::parse_mlir(
            "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
            false,
            144,
            Signedness::Signless,
        )
        .unwrap();
        assert_eq!(v.to_signed_string(), "-1");
        assert_eq!(
            v.to_unsigned_string(),
            "22300745198530623141535718272648361505980415"
        );
        assert_eq!(v.active_bits(), 144);
        assert_eq!(ApInt::from_i128(200, -2).to_signed_string(), "-2");
        assert_eq!(
            ApInt::from_i128(200, -2).sext_or_trunc(8).to_i128(),
            Some(-2)
        );
        assert_eq!(
            ApInt::from_i128(8, -2).sext_or_trunc(300).to_i128(),
            Some(-2)
        );
        assert_eq!(ApInt::from_u128(8, 0xFE).to_hex_literal(), "0xFE");
        assert_eq!(ApInt::zero(0).to_signed_string(), "0");
    }
}
