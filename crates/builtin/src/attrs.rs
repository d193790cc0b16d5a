//! Builtin attributes.

use core::fmt;
use core::fmt::Write as _;

use strata_apnum::{ApFloat, ApInt};

use crate::asm::{AsmPrinter, display_by_printer, print_kinds};
use crate::error::{BuiltinError, fail, ok};
use crate::{FloatType, IndexType, IntegerType, Signedness, builtin_kind};
use core::hash::BuildHasher;
use strata_ctx::{Attribute, Context, Interned, Policy, Type};

use crate::{AsContext, BuiltinTypes, common, word};

/// The payload of an integer attribute: the bits of a value of an integer
/// or `index` type, exactly as wide as the type (`index` is 64 bits), as
/// MLIR's `IntegerAttr` holds an `APInt`. `255 : i8` and `-1 : i8` are the
/// same bits, so the same attribute.
///
/// Three words: the type, the low 64 bits, and (only above 64 bits) a
/// pointer to the other words in the arena. The bits are canonical (zero
/// above the width), so equal values are equal payloads. Look one up with
/// an [`IntegerAttrKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntegerAttrData<'c> {
    /// The type (`i64`, `index`, `i1` for booleans...).
    pub ty: Type<'c>,
    /// The low 64 bits of the value.
    pub(crate) word: u64,
    /// The words above the first (`None` up to 64 bits).
    pub(crate) wide: Option<&'c &'c [u64]>,
}

/// The lookup key of an integer attribute: the type and the value's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntegerAttrKey<'k, 'c> {
    /// The type.
    pub ty: Type<'c>,
    /// The low 64 bits.
    pub(crate) word: u64,
    /// The words above the first (empty up to 64 bits).
    pub(crate) wide: &'k [u64],
}

impl<'k, 'c> IntegerAttrKey<'k, 'c> {
    /// The key of `value : ty`. `value` must have the type's width (64 for
    /// `index`), and `ty` must be an integer or index type; the
    /// constructors of [`BuiltinAttrs`] check both.
    pub fn new(ty: Type<'c>, value: &'k ApInt) -> Self {
        let limbs = value.limbs();
        IntegerAttrKey {
            ty,
            word: limbs[0],
            wide: &limbs[1..],
        }
    }
}

/// Hashes the type and the low word, and the words above it only when
/// there are any: a one-word value (nearly all of them) costs two hasher
/// rounds, not three. Equal keys have equal words, so equal hashes.
impl core::hash::Hash for IntegerAttrKey<'_, '_> {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.ty.hash(state);
        state.write_u64(self.word);
        if !self.wide.is_empty() {
            self.wide.hash(state);
        }
    }
}

/// `LOW_MASKS[w]` keeps the low `w` bits of a word, for `w` in `0..=64`.
static LOW_MASKS: [u64; 65] = {
    let mut masks = [0; 65];
    let mut w = 1;
    while w <= 64 {
        masks[w] = u64::MAX >> (64 - w);
        w += 1;
    }
    masks
};

/// `value` truncated to the width of `ty` when `ty` is an integer type of
/// at most 64 bits or `index`; `None` for a wider integer type or another
/// type. On the hit path of `integer_attr`: one kind compare, one width
/// load, and for a width other than 64 one table load.
///
/// The 64-bit case returns the value untouched behind a branch rather than
/// through the table: the branch is predicted, so the key's hash (and the
/// thread cache's probe after it) starts as soon as the value is there
/// instead of waiting for the width load and the table load. On the W1 hot
/// hit (`integer_attr(ctx.i64(), v)`) that chain was the latency left
/// between this crate and the pre-split build (docs/PERFORMANCE.md).
#[inline(always)]
fn one_word(ty: Type<'_>, value: i128) -> Option<u64> {
    let word = value as u64;
    if let Some(t) = ty.dyn_cast::<IntegerType>() {
        let width = t.payload().width;
        if width == 64 {
            return Some(word);
        }
        return LOW_MASKS.get(width as usize).map(|mask| word & mask);
    }
    ty.isa::<IndexType>().then_some(word)
}

/// The width of the value of an integer attribute of type `ty`: the
/// integer type's width, 64 for `index`, `None` for another type.
pub fn integer_attr_width(ty: Type<'_>) -> Option<(u32, Signedness)> {
    if let Some(t) = ty.dyn_cast::<IntegerType>() {
        return Some((t.payload().width, t.payload().signedness));
    }
    ty.isa::<IndexType>().then_some((64, Signedness::Signed))
}

impl IntegerAttrData<'_> {
    /// The words above the first.
    #[inline]
    fn wide(&self) -> &[u64] {
        self.wide.map_or(&[], |w| w)
    }

    /// The value's width in bits.
    pub fn width(&self) -> u32 {
        integer_attr_width(self.ty).map_or(64, |(w, _)| w)
    }

    /// The signedness of the type (`index` is signed).
    pub fn signedness(&self) -> Signedness {
        integer_attr_width(self.ty).map_or(Signedness::Signless, |(_, s)| s)
    }

    /// The value's bits.
    pub fn value(&self) -> ApInt {
        let mut limbs = Vec::with_capacity(1 + self.wide().len());
        limbs.push(self.word);
        limbs.extend_from_slice(self.wide());
        ApInt::from_limbs(self.width(), &limbs)
    }

    /// The value read as the type reads it (two's complement unless the
    /// type is unsigned), if it fits an `i128`.
    pub fn as_i128(&self) -> Option<i128> {
        let v = self.value();
        if self.signedness() == Signedness::Unsigned {
            v.to_u128().and_then(|u| i128::try_from(u).ok())
        } else {
            v.to_i128()
        }
    }

    /// The value read as the type reads it, if it fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        self.as_i128().and_then(|v| i64::try_from(v).ok())
    }
}

impl<'c> IntegerAttrData<'c> {
    /// MLIR's form: `true`/`false` for a signless `i1`, else the value
    /// (unsigned for `uiN`, signed otherwise) and the type.
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let (width, signedness) = integer_attr_width(self.ty).unwrap_or((64, Signedness::Signless));
        if width == 1 && signedness == Signedness::Signless {
            return p.write_str(if self.word != 0 { "true" } else { "false" });
        }
        if width <= 64 {
            // The common case, without a big-integer conversion.
            if signedness == Signedness::Unsigned || width == 0 {
                write!(p, "{}", self.word)?;
            } else {
                let shift = 64 - width;
                write!(p, "{}", ((self.word << shift) as i64) >> shift)?;
            }
        } else {
            p.write_str(&self.value().to_mlir_string(signedness))?;
        }
        p.write_str(" : ")?;
        p.print_type(self.ty)
    }
}

/// A stored integer attribute is the one a key describes when the type and
/// every word agree.
impl<'k, 'c> PartialEq<IntegerAttrKey<'k, 'c>> for IntegerAttrData<'c> {
    /// Inline, and the words above the first compared only when there are
    /// any: a one-word value (nearly all of them) then costs no call to
    /// `memcmp`, which was a fifth of a cached lookup's instructions.
    #[inline]
    fn eq(&self, key: &IntegerAttrKey<'k, 'c>) -> bool {
        // `wide` is `Some` only for a non-empty slice (`construct_integer_attr`),
        // so a one-word key (whose empty `wide` the compiler sees) compares
        // the `Option` against `None` and nothing more.
        self.word == key.word
            && self.ty == key.ty
            && match self.wide {
                None => key.wide.is_empty(),
                Some(wide) => !key.wide.is_empty() && *wide == key.wide,
            }
    }
}

/// Copies the words above the first into the arena, behind one pointer.
#[inline]
fn construct_integer_attr<'c>(
    key: &IntegerAttrKey<'_, 'c>,
    arena: &'c strata_ctx::Arena,
) -> IntegerAttrData<'c> {
    let wide = if key.wide.is_empty() {
        None
    } else {
        Some(alloc_wide(key.wide, arena))
    };
    IntegerAttrData {
        ty: key.ty,
        word: key.word,
        wide,
    }
}

/// The words of an integer wider than 64 bits, behind one pointer in the
/// arena. Out of line: integers that wide are rare, and inline, these two
/// allocations cost every insertion of an integer attribute through the
/// single-threaded context measurably more (the instruction counts are in
/// docs/notes/cold-path-steps.md, step 7).
#[cold]
#[inline(never)]
fn alloc_wide<'c>(wide: &[u64], arena: &'c strata_ctx::Arena) -> &'c &'c [u64] {
    let words: &'c [u64] = arena.alloc_slice_copy(wide);
    arena.alloc(words)
}

builtin_kind!(
    /// `42 : i64`, `true`: integer and boolean attributes (a boolean is an
    /// `i1` integer attribute, as in MLIR), of any width.
    IntegerAttr: "builtin.integer_attr", Attribute, AttributeKind, IntegerAttrData<'c>, IntegerAttrKey<'k, 'c>,
    |key, arena| construct_integer_attr(key, arena)
);

/// The payload of a float attribute: a value of the attribute's own float
/// type (rounded to it on construction), compared bitwise as MLIR's
/// `APFloat` is (`-0.0` and `0.0` differ, a NaN equals itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatAttrData<'c> {
    /// The float type.
    pub ty: Type<'c>,
    /// The value, in the type's format.
    pub value: ApFloat,
}

impl FloatAttrData<'_> {
    /// The value widened (or, for `f80` and `f128`, rounded) to an `f64`.
    pub fn to_f64(&self) -> f64 {
        self.value.to_f64()
    }
}

impl<'c> FloatAttrData<'c> {
    /// MLIR's form (`1.000000e+00 : f32`, `0x7FC00000 : f32` for a NaN):
    /// see [`ApFloat::write_mlir`].
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        write!(p, "{} : ", self.value)?;
        p.print_type(self.ty)
    }
}

builtin_kind!(
    /// `1.500000e+00 : f32`.
    FloatAttr: "builtin.float_attr", Attribute, AttributeKind, FloatAttrData<'c>, FloatAttrData<'c>, |key, _arena| *key
);

/// The payload of a string attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StringAttrData<'c> {
    /// The string.
    pub value: &'c str,
}

/// Writes `s` quoted, escaping as MLIR does (LLVM's `printEscapedString`:
/// `\\` for a backslash, `\XX` in uppercase hex for `"` and every byte that
/// is not printable ASCII).
pub fn write_quoted(f: &mut (impl fmt::Write + ?Sized), s: &str) -> fmt::Result {
    // A run of printable ASCII starts and ends on character boundaries.
    write_quoted_runs(f, s.as_bytes(), |a, b| Ok(&s[a..b]))
}

/// [`write_quoted`] for any bytes (MLIR strings need not be UTF-8).
pub fn write_quoted_bytes(f: &mut (impl fmt::Write + ?Sized), s: &[u8]) -> fmt::Result {
    write_quoted_runs(f, s, |a, b| {
        core::str::from_utf8(&s[a..b]).map_err(|_| fmt::Error)
    })
}

/// Writes `s` quoted, each run of bytes that needs no escape whole (`run`
/// gives it as text, from its bounds).
fn write_quoted_runs<'t>(
    f: &mut (impl fmt::Write + ?Sized),
    s: &[u8],
    run: impl Fn(usize, usize) -> Result<&'t str, fmt::Error>,
) -> fmt::Result {
    f.write_str("\"")?;
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        let escape = match b {
            b'\\' => "\\\\",
            b'"' => "\\22",
            0x20..=0x7e => continue,
            _ => "",
        };
        if start < i {
            f.write_str(run(start, i)?)?;
        }
        if escape.is_empty() {
            write!(f, "\\{b:02X}")?;
        } else {
            f.write_str(escape)?;
        }
        start = i + 1;
    }
    if start < s.len() {
        f.write_str(run(start, s.len())?)?;
    }
    f.write_str("\"")
}

impl fmt::Display for StringAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted(f, self.value)
    }
}

/// String attributes are looked up by `&str`: no allocation on a hit.
#[derive(Debug, Clone, Copy)]
pub enum StringAttr {}

impl strata_ctx::Kind for StringAttr {
    type Family = strata_ctx::AttributeFamily;

    type Stored<'c> = StringAttrData<'c>;

    type Key<'k, 'c>
        = &'k str
    where
        'c: 'k;

    fn info() -> &'static strata_ctx::KindInfo {
        static INFO: strata_ctx::KindInfo =
            strata_ctx::KindInfo::new::<StringAttr>("builtin.string");
        &INFO
    }

    #[inline]
    fn hash_key<'k, 'c: 'k, H: core::hash::Hasher>(key: &&'k str, state: &mut H) {
        core::hash::Hash::hash(*key, state)
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl strata_ctx::StorageKind for StringAttr {
    #[inline]
    fn matches<'k, 'c: 'k>(stored: &'c StringAttrData<'c>, key: &&'k str) -> bool {
        strata_ctx::bytes_equal(stored.value.as_bytes(), key.as_bytes())
    }

    fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c strata_ctx::Arena) -> StringAttrData<'c> {
        StringAttrData {
            value: arena.alloc_str(key),
        }
    }
}

/// `as_str` on a string attribute's handle (a trait, because the handle type
/// belongs to strata-ctx; in the [prelude](crate::prelude)).
pub trait StringAttrExt<'c> {
    /// The string.
    fn as_str(&self) -> &'c str;
}

impl<'c> StringAttrExt<'c> for Interned<'c, StringAttr> {
    #[inline]
    fn as_str(&self) -> &'c str {
        self.payload().value
    }
}

/// The payload of a string attribute with a type (`"abc" : i32`; MLIR's
/// `StringAttr` of a type other than `none`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypedStringAttrData<'s, 'c> {
    /// The string.
    pub value: &'s str,
    /// The type.
    pub ty: Type<'c>,
}

impl<'c> TypedStringAttrData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        write_quoted(p, self.value)?;
        p.write_str(" : ")?;
        p.print_type(self.ty)
    }
}

builtin_kind!(
    /// `"abc" : i32`: a string attribute with a type.
    TypedStringAttr: "builtin.typed_string", Attribute, AttributeKind, TypedStringAttrData<'c, 'c>, TypedStringAttrData<'k, 'c>,
    |key, arena| TypedStringAttrData { value: arena.alloc_str(key.value), ty: key.ty }
);

/// The payload of a string attribute whose bytes are not UTF-8 (MLIR's
/// strings are bytes: `"\FF"` is valid MLIR). A string of valid UTF-8 is
/// always a [`StringAttr`]; [`BuiltinAttrs::string_attr_bytes`] picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteStringAttrData<'s> {
    /// The bytes (never valid UTF-8).
    pub value: &'s [u8],
}

impl fmt::Display for ByteStringAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quoted_bytes(f, self.value)
    }
}

builtin_kind!(
    /// `"\FF"`: a string attribute of bytes that are not UTF-8.
    ByteStringAttr: "builtin.byte_string", Attribute, AttributeKind, ByteStringAttrData<'c>, ByteStringAttrData<'k>,
    |key, arena| ByteStringAttrData { value: arena.alloc_slice_copy(key.value) }
);

/// The payload of an array attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArrayAttrData<'s, 'c> {
    /// The elements.
    pub elements: &'s [Attribute<'c>],
}

/// Writes `attr` as MLIR does where its type may be elided
/// (`AttrTypeElision::May`, inside arrays): an `i64` integer and an `f64`
/// float (unless printed as hex bits) without their type.
fn print_type_elided<'c>(printer: &mut AsmPrinter<'_, 'c>, attr: Attribute<'c>) -> fmt::Result {
    if let Some(i) = attr.dyn_cast::<IntegerAttr>() {
        let p = i.payload();
        if integer_attr_width(p.ty) == Some((64, Signedness::Signless)) && p.ty.isa::<IntegerType>()
        {
            return printer.write_str(&p.value().to_signed_string());
        }
    }
    if let Some(x) = attr.dyn_cast::<FloatAttr>() {
        let p = x.payload();
        if p.value.semantics() == strata_apnum::FloatSemantics::F64 {
            let text = p.value.to_mlir_string();
            if !text.starts_with("0x") {
                return printer.write_str(&text);
            }
        }
    }
    printer.print_attribute(attr)
}

impl<'c> ArrayAttrData<'_, 'c> {
    /// `[1, 2.000000e+00, "x"]`: an `i64` or `f64` element without its type,
    /// as MLIR prints arrays.
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("[")?;
        for (i, &e) in self.elements.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            print_type_elided(p, e)?;
        }
        p.write_str("]")
    }
}

builtin_kind!(
    /// `[1 : i64, "a"]`.
    ArrayAttr: "builtin.array", Attribute, AttributeKind, ArrayAttrData<'c, 'c>, ArrayAttrData<'k, 'c>,
    |key, arena| ArrayAttrData { elements: arena.alloc_slice_copy(key.elements) }
);

/// One entry of a dictionary attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttribute<'c> {
    /// The name.
    pub name: Interned<'c, StringAttr>,
    /// The value.
    pub value: Attribute<'c>,
}

/// The payload of a dictionary attribute: entries sorted by name, names
/// unique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DictionaryAttrData<'s, 'c> {
    /// The entries, sorted by name.
    pub entries: &'s [NamedAttribute<'c>],
}

impl<'c> DictionaryAttrData<'_, 'c> {
    /// The value of entry `name`.
    pub fn get(&self, name: &str) -> Option<Attribute<'c>> {
        // A few entries, as an operation's properties have, are scanned:
        // names of another length are told apart without comparing bytes.
        if self.entries.len() <= 8 {
            return self
                .entries
                .iter()
                .find(|e| e.name.as_str() == name)
                .map(|e| e.value);
        }
        self.entries
            .binary_search_by(|e| e.name.as_str().cmp(name))
            .ok()
            .map(|i| self.entries[i].value)
    }
}

/// Whether `s` prints unquoted as a name (MLIR's `isBareIdentifier`:
/// `[a-zA-Z_][a-zA-Z0-9_$.]*`).
pub fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

impl<'c> DictionaryAttrData<'_, 'c> {
    /// `{a = 1 : i64, b}`: each name in place (a unit value prints as the
    /// bare name), each value through the printer.
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.print_named_attributes(self.entries.iter().copied())
    }
}

impl<'c> AsmPrinter<'_, 'c> {
    /// Prints `entries` as a dictionary does, `{a = 1 : i64, b}` (MLIR's
    /// `printNamedAttribute` between braces): an operation's printer prints
    /// its attribute dictionary less the attributes its form elides.
    pub fn print_named_attributes(
        &mut self,
        entries: impl Iterator<Item = NamedAttribute<'c>>,
    ) -> fmt::Result {
        let p = self;
        p.write_str("{")?;
        for (i, e) in entries.enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            let name = e.name.as_str();
            if is_bare_identifier(name) {
                p.write_str(name)?;
            } else {
                write_quoted(p, name)?;
            }
            if !e.value.isa::<UnitAttr>() {
                p.write_str(" = ")?;
                p.print_attribute(e.value)?;
            }
        }
        p.write_str("}")
    }
}

builtin_kind!(
    /// `{a = 1 : i64, b}` (a unit value prints as the bare name).
    DictionaryAttr: "builtin.dictionary", Attribute, AttributeKind, DictionaryAttrData<'c, 'c>, DictionaryAttrData<'k, 'c>,
    |key, arena| {
        debug_assert!(
            key.entries.windows(2).all(|w| w[0].name.as_str() < w[1].name.as_str()),
            "dictionary entries must be sorted by name and unique (use Context::dictionary_attr)"
        );
        DictionaryAttrData { entries: arena.alloc_slice_copy(key.entries) }
    }
);

/// The payload of the unit attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitAttrData;

impl fmt::Display for UnitAttrData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unit")
    }
}

builtin_kind!(
    /// `unit`: presence without a value (a singleton).
    UnitAttr: "builtin.unit", Attribute, AttributeKind, UnitAttrData, UnitAttrData, |key, _arena| *key
);

/// The payload of a type attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeAttrData<'c> {
    /// The type.
    pub ty: Type<'c>,
}

impl<'c> TypeAttrData<'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.print_type(self.ty)
    }
}

display_by_printer!(
    IntegerAttrData<'_>,
    FloatAttrData<'_>,
    TypedStringAttrData<'_, '_>,
    ArrayAttrData<'_, '_>,
    DictionaryAttrData<'_, '_>,
    TypeAttrData<'_>,
);

/// Prints `attr` in full if it is a builtin attribute; `None` if it is not.
pub(crate) fn print_builtin_attribute<'c>(
    attr: Attribute<'c>,
    p: &mut AsmPrinter<'_, 'c>,
) -> Option<fmt::Result> {
    use crate::*;
    // The most common kinds first.
    print_kinds!(attr, p;
        IntegerAttr => print,
        StringAttr => display,
        DictionaryAttr => print,
        ArrayAttr => print,
        TypeAttr => print,
        FloatAttr => print,
        UnitAttr => display,
        LocationAttr => print,
        DenseAttr => print,
        AffineMapAttr => display,
        SymbolRefAttr => display,
        DenseArrayAttr => print,
        OpaqueAttr => print,
        DistinctAttr => print,
        IntegerSetAttr => display,
        StridedLayoutAttr => display,
        DenseStringAttr => print,
        SparseElementsAttr => print,
        DenseResourceAttr => print,
        TypedStringAttr => print,
        ByteStringAttr => display,
    )
}

builtin_kind!(
    /// A type used as an attribute; prints as the type.
    TypeAttr: "builtin.type_attr", Attribute, AttributeKind, TypeAttrData<'c>, TypeAttrData<'c>, |key, _arena| *key
);

/// The rare cases of [`BuiltinAttrs::integer_attr`], out of line: a type
/// wider than 64 bits, or one that is not an integer or index type.
#[cold]
#[inline(never)]
#[track_caller]
fn integer_attr_rare<'c, P: Policy, S: BuildHasher>(
    ctx: &'c Context<P, S>,
    ty: Type<'c>,
    value: i128,
) -> Interned<'c, IntegerAttr> {
    let Some((width, _)) = integer_attr_width(ty) else {
        fail(BuiltinError::new(format!(
            "expected integer or index type, not `{ty}`"
        )))
    };
    let value = ApInt::from_i128(width, value);
    ctx.intern::<IntegerAttr>(IntegerAttrKey::new(ty, &value))
}

/// The builtin attributes, as methods of a context (`ctx.i64_attr(42)`, `ctx.dictionary_attr(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinAttrs: AsContext {
    /// The integer attribute `value : ty`, `value` truncated to the type's
    /// width as MLIR 19's `IntegerAttr::get(type, int64_t)` truncates it (so
    /// `integer_attr(i8, 255)` and `integer_attr(i8, -1)` are one
    /// attribute). [`try_integer_attr`](Self::try_integer_attr) rejects a
    /// value that does not fit instead.
    ///
    /// # Panics
    ///
    /// If `ty` is not an integer or index type.
    // Always inline, with the rare cases out of line: kept out of line, the
    // call's prologue and epilogue were a sizeable share of a
    // single-threaded hit (docs/notes/cold-path-steps.md).
    #[inline(always)]
    #[track_caller]
    fn integer_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: i128,
    ) -> Interned<'c, IntegerAttr> {
        let ty = ty.into();
        if let Some(word) = one_word(ty, value) {
            // The common case: one word, no big-integer value.
            return self.context().intern::<IntegerAttr>(IntegerAttrKey {
                ty,
                word,
                wide: &[],
            });
        }
        integer_attr_rare(self.context(), ty, value)
    }

    /// The integer attribute `value : ty`, or an error if `ty` is not an
    /// integer or index type or `value` does not fit it: a signless type
    /// takes either reading (`255` and `-1` for `i8`), a signed type (and
    /// `index`) its signed range, an unsigned type its unsigned range.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] saying why.
    fn try_integer_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: i128,
    ) -> Result<Interned<'c, IntegerAttr>, BuiltinError> {
        let ty = ty.into();
        let Some((width, signedness)) = integer_attr_width(ty) else {
            return Err(BuiltinError::new(format!(
                "expected integer or index type, not `{ty}`"
            )));
        };
        let fits_signed = width >= 128
            || (width > 0 && value >= -(1i128 << (width - 1)) && value < (1i128 << (width - 1)));
        let fits_unsigned = value >= 0 && (width >= 127 || value < (1i128 << width));
        let fits = match signedness {
            Signedness::Signless => fits_signed || fits_unsigned,
            Signedness::Signed => fits_signed,
            Signedness::Unsigned => fits_unsigned,
        };
        if !fits {
            return Err(BuiltinError::new(format!(
                "integer constant {value} out of range for type {ty}"
            )));
        }
        Ok(self.integer_attr(ty, value))
    }

    /// The integer attribute holding exactly `value`, whose width must be
    /// the type's (64 for `index`), as MLIR's `IntegerAttr::get(type, APInt)`
    /// requires.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not an integer or index type or the
    /// widths differ.
    fn try_integer_attr_ap<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: &ApInt,
    ) -> Result<Interned<'c, IntegerAttr>, BuiltinError> {
        let ty = ty.into();
        let Some((width, _)) = integer_attr_width(ty) else {
            return Err(BuiltinError::new(format!(
                "expected integer or index type, not `{ty}`"
            )));
        };
        if width != value.width() {
            return Err(BuiltinError::new(format!(
                "integer type bit width ({width}) doesn't match value bit width ({})",
                value.width()
            )));
        }
        Ok(self
            .context()
            .intern::<IntegerAttr>(IntegerAttrKey::new(ty, value)))
    }

    /// The integer attribute holding exactly `value`.
    ///
    /// # Panics
    ///
    /// Where [`try_integer_attr_ap`](Self::try_integer_attr_ap) fails.
    #[track_caller]
    fn integer_attr_ap<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: &ApInt,
    ) -> Interned<'c, IntegerAttr> {
        ok(self.try_integer_attr_ap(ty, value))
    }

    /// `value : i64`.
    #[inline]
    fn i64_attr(&self, value: i64) -> Interned<'_, IntegerAttr> {
        self.integer_attr(self.context().i64(), i128::from(value))
    }

    /// `value : index`.
    #[inline]
    fn index_attr(&self, value: i64) -> Interned<'_, IntegerAttr> {
        self.integer_attr(self.context().index(), i128::from(value))
    }

    /// `true` or `false` (pre-created).
    #[inline]
    fn bool_attr(&self, value: bool) -> Interned<'_, IntegerAttr> {
        common(self.context(), word::BOOLS[usize::from(value)])
    }

    /// The float attribute `value : ty`, `value` rounded to the type (to
    /// nearest, ties to even) as MLIR's `FloatAttr::get(type, double)` does:
    /// `float_attr(f32, 0.1)` and `float_attr(f32, 0.1f32 as f64)` are one
    /// attribute.
    ///
    /// # Panics
    ///
    /// If `ty` is not a float type (see [`try_float_attr`](Self::try_float_attr)).
    #[track_caller]
    fn float_attr<'c>(&'c self, ty: impl Into<Type<'c>>, value: f64) -> Interned<'c, FloatAttr> {
        ok(self.try_float_attr(ty, value))
    }

    /// The float attribute `value : ty` (rounded to the type), or an error
    /// if `ty` is not a float type (`1.0 : i32` is not a float attribute).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not a float type.
    fn try_float_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: f64,
    ) -> Result<Interned<'c, FloatAttr>, BuiltinError> {
        let ty = ty.into();
        let Some(t) = ty.dyn_cast::<FloatType>() else {
            return Err(BuiltinError::new(format!(
                "floating point value not valid for type `{ty}` (a float attribute needs a float type)"
            )));
        };
        let value = ApFloat::from_f64(*t.payload(), value);
        Ok(self
            .context()
            .intern::<FloatAttr>(FloatAttrData { ty, value }))
    }

    /// The float attribute holding exactly `value`, whose format must be
    /// the type's.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not a float type or the formats differ.
    fn try_float_attr_ap<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: ApFloat,
    ) -> Result<Interned<'c, FloatAttr>, BuiltinError> {
        let ty = ty.into();
        let Some(t) = ty.dyn_cast::<FloatType>() else {
            return Err(BuiltinError::new(format!(
                "floating point value not valid for type `{ty}` (a float attribute needs a float type)"
            )));
        };
        if *t.payload() != value.semantics() {
            return Err(BuiltinError::new(
                "FloatAttr type doesn't match the type implied by its value",
            ));
        }
        Ok(self
            .context()
            .intern::<FloatAttr>(FloatAttrData { ty, value }))
    }

    /// The float attribute of a literal as MLIR 19 reads one for type `ty`
    /// (see [`ApFloat::parse_mlir`]): a decimal literal (`-1.5`, `2.0e-3`)
    /// through `f64`, or the type's bits in hex (`0x7FC00000`).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not a float type or the literal is not
    /// accepted, with MLIR's message.
    fn float_attr_from_str<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        literal: &str,
    ) -> Result<Interned<'c, FloatAttr>, BuiltinError> {
        let ty = ty.into();
        let Some(t) = ty.dyn_cast::<FloatType>() else {
            return Err(BuiltinError::new(
                "floating point value not valid for specified type",
            ));
        };
        let (negative, spelling) = match literal.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, literal),
        };
        let value = ApFloat::parse_mlir(*t.payload(), spelling, negative)
            .map_err(|e| BuiltinError::new(e.to_string()))?;
        Ok(self
            .context()
            .intern::<FloatAttr>(FloatAttrData { ty, value }))
    }

    /// The float attribute with the bits `bits` (little-endian words) of
    /// type `ty`.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not a float type or the bits do not fit
    /// it.
    fn float_attr_from_bits<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        bits: &[u64],
    ) -> Result<Interned<'c, FloatAttr>, BuiltinError> {
        let ty = ty.into();
        let Some(t) = ty.dyn_cast::<FloatType>() else {
            return Err(BuiltinError::new(
                "floating point value not valid for specified type",
            ));
        };
        let sem = *t.payload();
        let too_wide = bits.iter().skip(2).any(|&w| w != 0);
        let raw = u128::from(bits.first().copied().unwrap_or(0))
            | (u128::from(bits.get(1).copied().unwrap_or(0)) << 64);
        let value = (!too_wide)
            .then(|| ApFloat::from_bits(sem, raw))
            .flatten()
            .ok_or_else(|| BuiltinError::new("hexadecimal float constant out of range for type"))?;
        Ok(self
            .context()
            .intern::<FloatAttr>(FloatAttrData { ty, value }))
    }

    /// The string attribute of `bytes`: a [`StringAttr`] when they are
    /// UTF-8, else a [`ByteStringAttr`] (so one byte string is always one
    /// attribute).
    fn string_attr_bytes<'c>(&'c self, bytes: &[u8]) -> Attribute<'c> {
        match core::str::from_utf8(bytes) {
            Ok(s) => self.string_attr(s).into(),
            Err(_) => self
                .context()
                .intern::<ByteStringAttr>(ByteStringAttrData { value: bytes })
                .into(),
        }
    }

    /// The string attribute `"value" : ty`.
    fn typed_string_attr<'c>(
        &'c self,
        value: &str,
        ty: impl Into<Type<'c>>,
    ) -> Interned<'c, TypedStringAttr> {
        self.context()
            .intern::<TypedStringAttr>(TypedStringAttrData {
                value,
                ty: ty.into(),
            })
    }

    /// The string attribute `"value"` (the empty string is pre-created).
    #[inline]
    fn string_attr<'c>(&'c self, value: &str) -> Interned<'c, StringAttr> {
        if value.is_empty() {
            return common(self.context(), word::EMPTY_STRING);
        }
        self.context().intern::<StringAttr>(value)
    }

    /// The array attribute `[elements]` (the empty array is pre-created).
    fn array_attr<'c>(&'c self, elements: &[Attribute<'c>]) -> Interned<'c, ArrayAttr> {
        if elements.is_empty() {
            return common(self.context(), word::EMPTY_ARRAY);
        }
        self.context()
            .intern::<ArrayAttr>(ArrayAttrData { elements })
    }

    /// The dictionary attribute of `entries`, sorted by name; of two entries
    /// with one name the later wins. The empty dictionary is pre-created.
    ///
    /// # Panics
    ///
    /// If a name is empty: MLIR has no attribute of an empty name (its
    /// parser says "expected valid attribute name", and no text could name
    /// it). [`try_dictionary_attr`](Self::try_dictionary_attr) returns the
    /// error instead.
    #[track_caller]
    fn dictionary_attr<'c>(
        &'c self,
        entries: &[(&str, Attribute<'c>)],
    ) -> Interned<'c, DictionaryAttr> {
        ok(self.try_dictionary_attr(entries))
    }

    /// As [`dictionary_attr`](Self::dictionary_attr), or an error if a name
    /// is empty.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] "expected valid attribute name" (MLIR's message) if
    /// a name is empty.
    fn try_dictionary_attr<'c>(
        &'c self,
        entries: &[(&str, Attribute<'c>)],
    ) -> Result<Interned<'c, DictionaryAttr>, BuiltinError> {
        if entries.is_empty() {
            return Ok(common(self.context(), word::EMPTY_DICT));
        }
        if entries.iter().any(|(name, _)| name.is_empty()) {
            return Err(BuiltinError::new("expected valid attribute name"));
        }
        let mut named: Vec<NamedAttribute<'c>> = entries
            .iter()
            .map(|&(n, value)| NamedAttribute {
                name: self.string_attr(n),
                value,
            })
            .collect();
        // Stable sort, then keep the last of equal names, in place (one
        // vector, where a second one had been filled from the first):
        // `dedup_by` keeps the earlier of two equal neighbours, so the later
        // one's value is copied into it before it is dropped.
        named.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        named.dedup_by(|later, kept| {
            let same = later.name == kept.name;
            if same {
                *kept = *later;
            }
            same
        });
        Ok(self
            .context()
            .intern::<DictionaryAttr>(DictionaryAttrData { entries: &named }))
    }

    /// `unit` (pre-created).
    #[inline]
    fn unit_attr(&self) -> Interned<'_, UnitAttr> {
        common(self.context(), word::UNIT)
    }

    /// The type attribute of `ty`.
    fn type_attr<'c>(&'c self, ty: impl Into<Type<'c>>) -> Interned<'c, TypeAttr> {
        self.context()
            .intern::<TypeAttr>(TypeAttrData { ty: ty.into() })
    }
}

impl<T: AsContext + ?Sized> BuiltinAttrs for T {}

#[cfg(test)]
mod tests {
    use super::*;

    /// An integer attribute's payload stays three words, as the packed
    /// `i128` payload before it was (the wide words live behind a pointer).
    #[test]
    fn integer_payload_is_three_words() {
        assert_eq!(core::mem::size_of::<IntegerAttrData<'_>>(), 24);
    }
}
