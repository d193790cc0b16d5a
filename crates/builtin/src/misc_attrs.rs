//! The smaller builtin attributes: dense arrays, symbol references, opaque
//! attributes of unknown dialects, distinct attributes and dense resource
//! handles.

use core::fmt;
use core::fmt::Write as _;

use strata_apnum::{ApFloat, ApInt};
use strata_ctx::{Attribute, Interned, Type};
use strata_sync::atomic::{AtomicU64, Ordering};

use crate::asm::{AsmPrinter, display_by_printer};
use crate::attrs::{is_bare_identifier, write_quoted};
use crate::error::BuiltinError;
use crate::types::{is_valid_dialect_namespace, write_dialect_symbol};
use crate::{AsContext, FloatType, IntegerType, NoneType, Signedness, UnitAttr, builtin_kind};

/// How one element of packed data prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    /// `true`/`false`.
    Bool,
    /// An integer of `width` bits, signed unless `signedness` is unsigned.
    Int(u32, Signedness),
    /// A float of a format.
    Float(strata_apnum::FloatSemantics),
}

impl Scalar {
    /// How an element of type `ty` prints, and its storage width in bytes
    /// (MLIR's: the bit width rounded up to bytes; `i1` takes a byte here).
    pub(crate) fn of(ty: Type<'_>) -> Option<(Scalar, usize)> {
        if let Some(t) = ty.dyn_cast::<IntegerType>() {
            let t = *t.payload();
            let bytes = (t.width as usize).div_ceil(8).max(1);
            if t.width == 1 {
                return Some((Scalar::Bool, 1));
            }
            return Some((Scalar::Int(t.width, t.signedness), bytes));
        }
        if ty.isa::<crate::IndexType>() {
            return Some((Scalar::Int(64, Signedness::Signed), 8));
        }
        if let Some(t) = ty.dyn_cast::<FloatType>() {
            let sem = *t.payload();
            return Some((Scalar::Float(sem), (sem.mlir_width() as usize).div_ceil(8)));
        }
        None
    }

    /// Writes the little-endian element in `bytes`.
    pub(crate) fn write(self, f: &mut dyn fmt::Write, bytes: &[u8]) -> fmt::Result {
        let limbs: Vec<u64> = bytes
            .chunks(8)
            .map(|c| {
                c.iter()
                    .rev()
                    .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
            })
            .collect();
        match self {
            Scalar::Bool => f.write_str(if bytes[0] & 1 == 1 { "true" } else { "false" }),
            Scalar::Int(width, signedness) => {
                let v = ApInt::from_limbs(width, &limbs);
                if signedness == Signedness::Unsigned {
                    f.write_str(&v.to_unsigned_string())
                } else {
                    f.write_str(&v.to_signed_string())
                }
            }
            Scalar::Float(sem) => {
                let bits =
                    u128::from(limbs[0]) | (u128::from(limbs.get(1).copied().unwrap_or(0)) << 64);
                let mask = if sem.bit_width() >= 128 {
                    u128::MAX
                } else {
                    (1u128 << sem.bit_width()) - 1
                };
                let v = ApFloat::from_bits(sem, bits & mask).expect("masked to the width");
                v.write_mlir(f).map(|_| ())
            }
        }
    }
}

/// The payload of a dense array attribute: `array<i64: 1, 2>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenseArrayAttrData<'s, 'c> {
    /// The element type: `i1`, an integer whose width is a multiple of 8, or
    /// a float type.
    pub element: Type<'c>,
    /// The elements, each little-endian in its byte width (`i1`: one byte,
    /// 0 or 1).
    pub data: &'s [u8],
}

impl DenseArrayAttrData<'_, '_> {
    /// The number of elements.
    pub fn len(&self) -> usize {
        Scalar::of(self.element).map_or(0, |(_, w)| self.data.len() / w)
    }

    /// Whether the array is empty.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

impl<'c> DenseArrayAttrData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("array<")?;
        p.print_type(self.element)?;
        if let Some((scalar, width)) = Scalar::of(self.element)
            && !self.data.is_empty()
        {
            p.write_str(": ")?;
            for (i, e) in self.data.chunks_exact(width).enumerate() {
                if i > 0 {
                    p.write_str(", ")?;
                }
                scalar.write(p, e)?;
            }
        }
        p.write_str(">")
    }
}

builtin_kind!(
    /// `array<i64: 1, 2>`, `array<f32: 1.0>`, `array<i1: true>`.
    DenseArrayAttr: "builtin.dense_array", Attribute, AttributeKind, DenseArrayAttrData<'c, 'c>, DenseArrayAttrData<'k, 'c>,
    |key, arena| DenseArrayAttrData { element: key.element, data: arena.alloc_slice_copy(key.data) }
);

/// The payload of a symbol reference: `@root::@nested::@leaf`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymbolRefAttrData<'s> {
    /// The root symbol.
    pub root: &'s str,
    /// The nested references, outermost first.
    pub nested: &'s [&'s str],
}

/// Writes `@name`, quoted when it is not a bare identifier (MLIR's
/// `printSymbolReference`).
pub fn write_symbol(f: &mut (impl fmt::Write + ?Sized), name: &str) -> fmt::Result {
    f.write_str("@")?;
    if is_bare_identifier(name) {
        f.write_str(name)
    } else {
        write_quoted(f, name)
    }
}

impl fmt::Display for SymbolRefAttrData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_symbol(f, self.root)?;
        for n in self.nested {
            f.write_str("::")?;
            write_symbol(f, n)?;
        }
        Ok(())
    }
}

builtin_kind!(
    /// `@func`, `@module::@func`: symbol references.
    SymbolRefAttr: "builtin.symbol_ref", Attribute, AttributeKind, SymbolRefAttrData<'c>, SymbolRefAttrData<'k>,
    |key, arena| {
        let nested: Vec<&str> = key.nested.iter().map(|s| -> &str { arena.alloc_str(s) }).collect();
        SymbolRefAttrData { root: arena.alloc_str(key.root), nested: arena.alloc_slice_copy(&nested) }
    }
);

/// The payload of an opaque attribute: an attribute of a dialect strata
/// does not know, kept as text (`#foo.bar<1>` is dialect `foo`, data
/// `bar<1>`), with its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueAttrData<'s, 'c> {
    /// The dialect namespace.
    pub dialect: &'s str,
    /// The attribute's text after the namespace.
    pub data: &'s str,
    /// The attribute's type (`none` is not printed).
    pub ty: Type<'c>,
}

impl<'c> OpaqueAttrData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        write_dialect_symbol(p, '#', self.dialect, self.data)?;
        if !self.ty.isa::<NoneType>() {
            p.write_str(" : ")?;
            p.print_type(self.ty)?;
        }
        Ok(())
    }
}

builtin_kind!(
    /// `#foo.bar<1>`: an attribute of an unregistered dialect, printed back
    /// as it was written.
    OpaqueAttr: "builtin.opaque_attr", Attribute, AttributeKind, OpaqueAttrData<'c, 'c>, OpaqueAttrData<'k, 'c>,
    |key, arena| OpaqueAttrData { dialect: arena.alloc_str(key.dialect), data: arena.alloc_str(key.data), ty: key.ty }
);

/// The payload of a distinct attribute: an attribute that is never equal to
/// another one built from the same referenced attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DistinctAttrData<'c> {
    /// The identity: the number of distinct attributes the context made
    /// before this one (never printed: a printing numbers distinct
    /// attributes in the order it meets them).
    pub id: u64,
    /// The referenced attribute.
    pub referenced: Attribute<'c>,
}

impl<'c> DistinctAttrData<'c> {
    /// `distinct[N]<attr>` (`distinct[N]<>` for a unit attribute): `N` is
    /// the number the printing gives it, in the order it meets distinct
    /// attributes, as MLIR prints it (so `Display`, a printing of its own,
    /// prints `distinct[0]`), never its creation number.
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let number = p.distinct_number(self);
        write!(p, "distinct[{number}]<")?;
        if !self.referenced.isa::<UnitAttr>() {
            p.print_attribute(self.referenced)?;
        }
        p.write_str(">")
    }
}

builtin_kind!(
    /// `distinct[0]<42 : i32>`: an attribute with an identity of its own.
    DistinctAttr: "builtin.distinct", Attribute, AttributeKind, DistinctAttrData<'c>, DistinctAttrData<'c>, |key, _arena| *key
);

/// The payload of a dense resource attribute: a handle to a blob kept
/// outside the IR (`dense_resource<blob1> : tensor<4xi32>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenseResourceAttrData<'s, 'c> {
    /// The resource's key.
    pub handle: &'s str,
    /// The shaped type.
    pub ty: Type<'c>,
}

impl<'c> DenseResourceAttrData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("dense_resource<")?;
        if is_bare_identifier(self.handle) {
            p.write_str(self.handle)?;
        } else {
            write_quoted(p, self.handle)?;
        }
        p.write_str("> : ")?;
        p.print_type(self.ty)
    }
}

display_by_printer!(
    DenseArrayAttrData<'_, '_>,
    OpaqueAttrData<'_, '_>,
    DistinctAttrData<'_>,
    DenseResourceAttrData<'_, '_>,
);

builtin_kind!(
    /// `dense_resource<blob1> : tensor<4xi32>`.
    DenseResourceAttr: "builtin.dense_resource", Attribute, AttributeKind, DenseResourceAttrData<'c, 'c>, DenseResourceAttrData<'k, 'c>,
    |key, arena| DenseResourceAttrData { handle: arena.alloc_str(key.handle), ty: key.ty }
);

/// The counter of a context's distinct attributes (kept in the
/// [`Builtins`](crate::Builtins) extension).
#[derive(Debug, Default)]
pub(crate) struct DistinctCounter(AtomicU64);

impl DistinctCounter {
    /// The next identity.
    fn next(&self) -> u64 {
        // Relaxed: only uniqueness matters; the id is published with the
        // attribute by the table's lock, so this pairs with nothing.
        self.0.fetch_add(1, Ordering::Relaxed)
    }
}

/// The smaller builtin attributes, as methods of a context.
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait MiscAttrs: AsContext {
    /// `array<element: ...>` of raw little-endian elements (one byte per
    /// `i1`, 0 or 1), checked as MLIR does: the element type is an integer
    /// (`i1`, or a width that is a multiple of 8) or a float, and the data
    /// holds whole elements.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_dense_array_attr<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
        data: &[u8],
    ) -> Result<Interned<'c, DenseArrayAttr>, BuiltinError> {
        let element = element.into();
        let Some((scalar, width)) =
            Scalar::of(element).filter(|_| !element.isa::<crate::IndexType>())
        else {
            return Err(BuiltinError::new("expected integer or float type"));
        };
        if let Scalar::Int(w, _) = scalar
            && w % 8 != 0
        {
            return Err(BuiltinError::new(
                "element type bitwidth must be a multiple of 8",
            ));
        }
        if !data.len().is_multiple_of(width) {
            return Err(BuiltinError::new(format!(
                "a dense array of `{element}` needs whole elements of {width} bytes, not {} bytes",
                data.len()
            )));
        }
        if scalar == Scalar::Bool && data.iter().any(|&b| b > 1) {
            return Err(BuiltinError::new("an `i1` dense array holds bytes 0 and 1"));
        }
        Ok(self
            .context()
            .intern::<DenseArrayAttr>(DenseArrayAttrData { element, data }))
    }

    /// `array<element: ...>` of raw little-endian elements.
    ///
    /// # Panics
    ///
    /// Where [`try_dense_array_attr`](Self::try_dense_array_attr) fails.
    #[track_caller]
    fn dense_array_attr<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
        raw: &[u8],
    ) -> Interned<'c, DenseArrayAttr> {
        crate::error::ok(self.try_dense_array_attr(element, raw))
    }

    /// `@root::@nested...`.
    ///
    /// # Panics
    ///
    /// If a name is empty.
    #[track_caller]
    fn symbol_ref_attr<'c>(&'c self, root: &str, nested: &[&str]) -> Interned<'c, SymbolRefAttr> {
        crate::error::ok(self.try_symbol_ref_attr(root, nested))
    }

    /// `dense_resource<handle> : ty`.
    ///
    /// # Panics
    ///
    /// If `ty` is not a tensor, vector or memref type.
    #[track_caller]
    fn dense_resource_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        handle: &str,
    ) -> Interned<'c, DenseResourceAttr> {
        crate::error::ok(self.try_dense_resource_attr(handle, ty))
    }

    /// `#dialect.data : ty`.
    ///
    /// # Panics
    ///
    /// If `dialect` is not a valid namespace.
    #[track_caller]
    fn opaque_attr<'c>(
        &'c self,
        dialect: &str,
        data: &str,
        ty: impl Into<Type<'c>>,
    ) -> Interned<'c, OpaqueAttr> {
        crate::error::ok(self.try_opaque_attr(dialect, data, ty))
    }

    /// `array<i64: values>`.
    fn dense_i64_array_attr(&self, values: &[i64]) -> Interned<'_, DenseArrayAttr> {
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let i64 = crate::BuiltinTypes::i64(self.context());
        self.context().intern::<DenseArrayAttr>(DenseArrayAttrData {
            element: i64.into(),
            data: &data,
        })
    }

    /// `array<i32: values>`.
    fn dense_i32_array_attr(&self, values: &[i32]) -> Interned<'_, DenseArrayAttr> {
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let i32 = crate::BuiltinTypes::i32(self.context());
        self.context().intern::<DenseArrayAttr>(DenseArrayAttrData {
            element: i32.into(),
            data: &data,
        })
    }

    /// `array<f64: values>`.
    fn dense_f64_array_attr(&self, values: &[f64]) -> Interned<'_, DenseArrayAttr> {
        let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        let f64 = crate::BuiltinTypes::f64(self.context());
        self.context().intern::<DenseArrayAttr>(DenseArrayAttrData {
            element: f64.into(),
            data: &data,
        })
    }

    /// `array<i1: values>`.
    fn dense_bool_array_attr(&self, values: &[bool]) -> Interned<'_, DenseArrayAttr> {
        let data: Vec<u8> = values.iter().map(|&v| u8::from(v)).collect();
        let i1 = crate::BuiltinTypes::i1(self.context());
        self.context().intern::<DenseArrayAttr>(DenseArrayAttrData {
            element: i1.into(),
            data: &data,
        })
    }

    /// `@root::@nested...`.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if a name is empty (MLIR has no empty symbol).
    fn try_symbol_ref_attr<'c>(
        &'c self,
        root: &str,
        nested: &[&str],
    ) -> Result<Interned<'c, SymbolRefAttr>, BuiltinError> {
        if root.is_empty() || nested.iter().any(|n| n.is_empty()) {
            return Err(BuiltinError::new(
                "a symbol reference needs non-empty names",
            ));
        }
        Ok(self
            .context()
            .intern::<SymbolRefAttr>(SymbolRefAttrData { root, nested }))
    }

    /// `#dialect.data` (or `#dialect<data>`), of type `ty` (pass the `none`
    /// type for an attribute without one).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `dialect` is not a valid namespace.
    fn try_opaque_attr<'c>(
        &'c self,
        dialect: &str,
        data: &str,
        ty: impl Into<Type<'c>>,
    ) -> Result<Interned<'c, OpaqueAttr>, BuiltinError> {
        if !is_valid_dialect_namespace(dialect) {
            return Err(BuiltinError::new(format!(
                "invalid dialect namespace '{dialect}'"
            )));
        }
        Ok(self.context().intern::<OpaqueAttr>(OpaqueAttrData {
            dialect,
            data,
            ty: ty.into(),
        }))
    }

    /// A new distinct attribute referencing `referenced`: never equal to any
    /// other, even one referencing the same attribute.
    fn distinct_attr<'c>(
        &'c self,
        referenced: impl Into<Attribute<'c>>,
    ) -> Interned<'c, DistinctAttr> {
        let id = common_counter(self).next();
        self.context().intern::<DistinctAttr>(DistinctAttrData {
            id,
            referenced: referenced.into(),
        })
    }

    /// `dense_resource<handle> : ty` (`ty` a tensor, vector or memref).
    ///
    /// MLIR's `DenseResourceElementsAttr` takes any shaped type, a dynamic
    /// or unranked one included (`dense_resource<r> : tensor<*xi32>` parses
    /// and prints as written), unlike the other elements attributes.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `ty` is not a tensor, vector or memref type.
    fn try_dense_resource_attr<'c>(
        &'c self,
        handle: &str,
        ty: impl Into<Type<'c>>,
    ) -> Result<Interned<'c, DenseResourceAttr>, BuiltinError> {
        let ty = ty.into();
        if !crate::dense::is_shaped(ty) {
            return Err(BuiltinError::new(format!(
                "a dense resource needs a tensor, vector or memref type, not `{ty}`"
            )));
        }
        Ok(self
            .context()
            .intern::<DenseResourceAttr>(DenseResourceAttrData { handle, ty }))
    }
}

/// The distinct-attribute counter of a context.
fn common_counter<T: AsContext + ?Sized>(ctx: &T) -> &DistinctCounter {
    &ctx.context().extension::<crate::Builtins>().distinct
}

impl<T: AsContext + ?Sized> MiscAttrs for T {}
