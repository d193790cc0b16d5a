//! Builtin attributes.

use core::fmt;

use crate::{builtin_kind, comma_list};
use strata_ctx::{Attribute, Interned, Type};

use crate::{AsContext, BuiltinTypes, common};

/// The payload of an integer attribute: a value of an integer or index type.
///
/// Packed to 8-byte alignment: the `i128` would otherwise align the payload
/// to 16 bytes and pad every stored integer attribute from 32 to 48 bytes
/// (header, padding, value, type). Read the fields by value (`{ attr.value }`):
/// a packed field cannot be borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, packed(8))]
pub struct IntegerAttrData<'c> {
    /// The type (`i64`, `index`, `i1` for booleans...).
    pub ty: Type<'c>,
    /// The value (wide enough for every type up to `i128`).
    pub value: i128,
}

impl core::hash::Hash for IntegerAttrData<'_> {
    /// Hashes a value that fits in 64 bits as one word (the common case: one
    /// multiply fewer on every lookup than hashing the `i128`), a wider one
    /// as two; equal values always take the same branch.
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let (ty, value) = (self.ty, self.value);
        ty.hash(state);
        match i64::try_from(value) {
            Ok(narrow) => state.write_i64(narrow),
            Err(_) => state.write_i128(value),
        }
    }
}

impl fmt::Display for IntegerAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let is_bool = self
            .ty
            .dyn_cast::<super::IntegerType>()
            .is_some_and(|t| t.width == 1 && t.signedness == super::Signedness::Signless);
        if is_bool {
            f.write_str(if { self.value } != 0 { "true" } else { "false" })
        } else {
            write!(f, "{} : {}", { self.value }, { self.ty })
        }
    }
}

builtin_kind!(
    /// `42 : i64`, `true`: integer and boolean attributes (a boolean is an
    /// `i1` integer attribute, as in MLIR).
    IntegerAttr: "builtin.integer_attr", Attribute, AttributeKind, IntegerAttrData<'c>, IntegerAttrData<'c>, |key, _arena| *key
);

/// The payload of a float attribute. The value is kept as the bits of an
/// `f64`, so equality is bitwise (`-0.0` and `0.0` differ, a NaN equals
/// itself), as MLIR's `APFloat` comparison is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FloatAttrData<'c> {
    /// The float type.
    pub ty: Type<'c>,
    /// `f64::to_bits` of the value.
    pub bits: u64,
}

impl FloatAttrData<'_> {
    /// The value.
    pub fn value(&self) -> f64 {
        f64::from_bits(self.bits)
    }
}

/// Writes `v` as MLIR does (`1.000000e+00`), or, if it is not finite, the
/// bits of its stored form in hex (`0x7FC00000` for an `f32` NaN), which the
/// caller passes as `bits`.
pub(crate) fn write_mlir_float(f: &mut fmt::Formatter<'_>, v: f64, bits: u64) -> fmt::Result {
    if !v.is_finite() {
        return write!(f, "0x{bits:X}");
    }
    let s = format!("{v:.6e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    write!(
        f,
        "{mantissa}e{}{:02}",
        if exp < 0 { '-' } else { '+' },
        exp.abs()
    )
}

impl fmt::Display for FloatAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_mlir_float(f, self.value(), self.bits)?;
        write!(f, " : {}", self.ty)
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

/// Writes `s` quoted, escaping as MLIR does (`\"`, `\\`, and `\XX` for bytes
/// outside printable ASCII).
pub(crate) fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for b in s.bytes() {
        match b {
            b'"' => f.write_str("\\\"")?,
            b'\\' => f.write_str("\\\\")?,
            0x20..=0x7e => write!(f, "{}", b as char)?,
            _ => write!(f, "\\{b:02X}")?,
        }
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

impl strata_ctx::StorageKind for StringAttr {
    type Stored<'c> = StringAttrData<'c>;
    type Key<'k, 'c>
        = &'k str
    where
        'c: 'k;

    fn info() -> &'static strata_ctx::KindInfo {
        static INFO: strata_ctx::KindInfo = strata_ctx::KindInfo::new::<StringAttr>(
            "builtin.string",
            strata_ctx::Category::Attribute,
        );
        &INFO
    }

    #[inline]
    fn hash_key<'k, 'c: 'k, H: core::hash::Hasher>(key: &&'k str, state: &mut H) {
        core::hash::Hash::hash(*key, state)
    }

    #[inline]
    fn matches<'k, 'c: 'k>(stored: &'c StringAttrData<'c>, key: &&'k str) -> bool {
        stored.value == *key
    }

    fn construct<'k, 'c: 'k>(key: &&'k str, arena: &'c strata_ctx::Arena) -> StringAttrData<'c> {
        StringAttrData {
            value: arena.alloc_str(key),
        }
    }

    #[inline]
    fn shorten<'a, 'b: 'a>(stored: &'a StringAttrData<'b>) -> &'a StringAttrData<'a> {
        stored
    }
}

impl strata_ctx::AttributeKind for StringAttr {}

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

/// The payload of an array attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ArrayAttrData<'s, 'c> {
    /// The elements.
    pub elements: &'s [Attribute<'c>],
}

impl fmt::Display for ArrayAttrData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        comma_list(f, self.elements)?;
        f.write_str("]")
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
        self.entries
            .binary_search_by(|e| e.name.as_str().cmp(name))
            .ok()
            .map(|i| self.entries[i].value)
    }
}

fn is_bare_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.')
}

impl fmt::Display for DictionaryAttrData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let name = e.name.as_str();
            if is_bare_identifier(name) {
                f.write_str(name)?;
            } else {
                write_quoted(f, name)?;
            }
            if !e.value.isa::<UnitAttr>() {
                write!(f, " = {}", e.value)?;
            }
        }
        f.write_str("}")
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

impl fmt::Display for TypeAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ty)
    }
}

builtin_kind!(
    /// A type used as an attribute; prints as the type.
    TypeAttr: "builtin.type_attr", Attribute, AttributeKind, TypeAttrData<'c>, TypeAttrData<'c>, |key, _arena| *key
);

/// The builtin attributes, as methods of a context (`ctx.i64_attr(42)`, `ctx.dictionary_attr(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinAttrs: AsContext {
    /// The integer attribute `value : ty`.
    #[inline]
    fn integer_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        value: i128,
    ) -> Interned<'c, IntegerAttr> {
        self.context().intern::<IntegerAttr>(IntegerAttrData {
            ty: ty.into(),
            value,
        })
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
        common(self.context(), |b| b.bools[usize::from(value)])
    }

    /// The float attribute `value : ty`.
    fn float_attr<'c>(&'c self, ty: impl Into<Type<'c>>, value: f64) -> Interned<'c, FloatAttr> {
        self.context().intern::<FloatAttr>(FloatAttrData {
            ty: ty.into(),
            bits: value.to_bits(),
        })
    }

    /// The string attribute `"value"` (the empty string is pre-created).
    #[inline]
    fn string_attr<'c>(&'c self, value: &str) -> Interned<'c, StringAttr> {
        if value.is_empty() {
            return common(self.context(), |b| b.empty_string);
        }
        self.context().intern::<StringAttr>(value)
    }

    /// The array attribute `[elements]` (the empty array is pre-created).
    fn array_attr<'c>(&'c self, elements: &[Attribute<'c>]) -> Interned<'c, ArrayAttr> {
        if elements.is_empty() {
            return common(self.context(), |b| b.empty_array);
        }
        self.context()
            .intern::<ArrayAttr>(ArrayAttrData { elements })
    }

    /// The dictionary attribute of `entries`, sorted by name; of two entries
    /// with one name the later wins. The empty dictionary is pre-created.
    fn dictionary_attr<'c>(
        &'c self,
        entries: &[(&str, Attribute<'c>)],
    ) -> Interned<'c, DictionaryAttr> {
        if entries.is_empty() {
            return common(self.context(), |b| b.empty_dict);
        }
        let mut named: Vec<NamedAttribute<'c>> = entries
            .iter()
            .map(|&(n, value)| NamedAttribute {
                name: self.string_attr(n),
                value,
            })
            .collect();
        // Stable sort, then keep the last of equal names.
        named.sort_by(|a, b| a.name.as_str().cmp(b.name.as_str()));
        let mut unique: Vec<NamedAttribute<'c>> = Vec::with_capacity(named.len());
        for e in named {
            match unique.last_mut() {
                Some(last) if last.name == e.name => *last = e,
                _ => unique.push(e),
            }
        }
        self.context()
            .intern::<DictionaryAttr>(DictionaryAttrData { entries: &unique })
    }

    /// `unit` (pre-created).
    #[inline]
    fn unit_attr(&self) -> Interned<'_, UnitAttr> {
        common(self.context(), |b| b.unit)
    }

    /// The type attribute of `ty`.
    fn type_attr<'c>(&'c self, ty: impl Into<Type<'c>>) -> Interned<'c, TypeAttr> {
        self.context()
            .intern::<TypeAttr>(TypeAttrData { ty: ty.into() })
    }
}

impl<T: AsContext + ?Sized> BuiltinAttrs for T {}
