//! The dense elements attribute: large constants, interned as a reclaimable
//! kind (see [`strata_ctx::reclaim`]).

use core::fmt;
use core::hash::{Hash, Hasher};

use crate::attrs::write_mlir_float;
use crate::{
    FloatKind, FloatType, IndexType, IntegerType, RankedTensorType, Signedness, VectorType,
};
use strata_ctx::Type;
use strata_ctx::{Counted, ReclaimableInfo, ReclaimableKind};

use crate::AsContext;

/// Above this many elements a dense attribute that is not a splat prints its
/// raw bytes in hex (`dense<"0x...">`), as MLIR's printer does by default
/// (`--mlir-print-elementsattrs-with-hex-if-larger=100`).
pub const DENSE_HEX_THRESHOLD: usize = 100;

/// The payload of a dense elements attribute: a statically shaped tensor or
/// vector type and the elements' bytes, owned (the attribute is reclaimable,
/// so its buffer is freed when its last handle drops).
///
/// The layout of `data` is MLIR's raw dense storage: the elements in
/// row-major order, each in little-endian byte order and in the smallest
/// whole number of bytes that holds its bit width (so an `i1` element takes
/// one byte, unlike MLIR's bit-packed booleans; a `complex<f32>` element
/// takes eight, real part first).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct DenseElementsAttrData<'c> {
    /// The shaped type: a ranked tensor or a vector with a static shape.
    pub ty: Type<'c>,
    /// The elements' bytes.
    pub data: Box<[u8]>,
}

/// The lookup key of a dense elements attribute: the type and a borrowed
/// buffer, so that a hit allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenseElementsKey<'k, 'c> {
    /// The shaped type.
    pub ty: Type<'c>,
    /// The elements' bytes, laid out as in [`DenseElementsAttrData`].
    pub data: &'k [u8],
}

/// How the elements of a dense attribute are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Element {
    /// An integer of `width` bits (`i1` prints `true`/`false`).
    Int { width: u32, signed: bool },
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// Printed only as raw bytes (complex, `f80`, `f128`, `tf32`, integers
    /// wider than 128 bits).
    Opaque,
}

/// The shape and element type of a dense attribute's type, the bytes of one
/// element, and how elements print: `None` if `ty` is not a statically
/// shaped tensor or vector of a supported element type, or its size in bytes
/// does not fit in a `usize`.
fn describe(ty: Type<'_>) -> Option<(&[i64], Type<'_>, usize, Element)> {
    let shaped = if let Some(t) = ty.dyn_cast::<RankedTensorType>() {
        t.payload().0
    } else if let Some(t) = ty.dyn_cast::<VectorType>() {
        t.payload().0
    } else {
        return None;
    };
    if shaped.shape.iter().any(|&d| d < 0) {
        return None; // dynamic (or nonsensical) dimensions
    }
    let (bytes, element) = element_layout(shaped.element)?;
    (shaped.num_elements()? as usize).checked_mul(bytes)?;
    Some((shaped.shape, shaped.element, bytes, element))
}

/// The storage bytes and the printing of one element of type `ty`.
fn element_layout(ty: Type<'_>) -> Option<(usize, Element)> {
    if let Some(t) = ty.dyn_cast::<IntegerType>() {
        let width = t.width;
        let bytes = (width as usize).div_ceil(8).max(1);
        let element = if width <= 128 {
            Element::Int {
                width,
                signed: t.signedness != Signedness::Unsigned,
            }
        } else {
            Element::Opaque
        };
        return Some((bytes, element));
    }
    if ty.isa::<IndexType>() {
        return Some((
            8,
            Element::Int {
                width: 64,
                signed: true,
            },
        ));
    }
    if let Some(t) = ty.dyn_cast::<FloatType>() {
        let kind = *t.payload();
        let element = match kind {
            FloatKind::F16 => Element::F16,
            FloatKind::BF16 => Element::BF16,
            FloatKind::F32 => Element::F32,
            FloatKind::F64 => Element::F64,
            FloatKind::F80 | FloatKind::F128 | FloatKind::TF32 => Element::Opaque,
        };
        return Some(((kind.width() as usize).div_ceil(8), element));
    }
    if let Some(t) = ty.dyn_cast::<super::ComplexType>() {
        let (bytes, _) = element_layout(t.payload().element)?;
        return Some((2 * bytes, Element::Opaque));
    }
    None
}

impl DenseElementsAttrData<'_> {
    fn described(&self) -> (&[i64], Type<'_>, usize, Element) {
        describe(self.ty).expect("a dense attribute's type was checked at construction")
    }

    /// The dimensions of the type.
    pub fn shape(&self) -> &[i64] {
        self.described().0
    }

    /// The element type.
    pub fn element_type(&self) -> Type<'_> {
        self.described().1
    }

    /// The bytes one element takes in [`data`](Self::data).
    pub fn element_bytes(&self) -> usize {
        self.described().2
    }

    /// The number of elements.
    pub fn num_elements(&self) -> usize {
        self.data.len() / self.element_bytes()
    }

    /// The elements' bytes.
    pub fn raw_data(&self) -> &[u8] {
        &self.data
    }

    /// Whether every element is equal (a single element is a splat).
    pub fn is_splat(&self) -> bool {
        let width = self.element_bytes();
        !self.data.is_empty()
            && self
                .data
                .chunks_exact(width)
                .all(|e| e == &self.data[..width])
    }
}

/// Reads a little-endian integer of `width` bits from `bytes`.
fn read_int(bytes: &[u8], width: u32, signed: bool) -> i128 {
    let mut raw = 0_u128;
    for (i, b) in bytes.iter().enumerate().take(16) {
        raw |= (*b as u128) << (8 * i);
    }
    if width < 128 {
        raw &= (1_u128 << width) - 1;
        if signed && width > 0 && raw >> (width - 1) & 1 == 1 {
            return (raw | !((1_u128 << width) - 1)) as i128;
        }
    }
    raw as i128
}

/// An IEEE half-precision value, widened.
fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits >> 15 == 1 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let mant = f64::from(bits & 0x3ff);
    match exp {
        0 => sign * mant * 2f64.powi(-24),
        31 if mant == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1.0 + mant / 1024.0) * 2f64.powi(exp - 15),
    }
}

fn write_element(f: &mut fmt::Formatter<'_>, bytes: &[u8], element: Element) -> fmt::Result {
    let raw = read_int(bytes, 64, false) as u64;
    match element {
        Element::Int { width: 1, .. } => {
            f.write_str(if bytes[0] & 1 == 1 { "true" } else { "false" })
        }
        Element::Int { width, signed } => write!(f, "{}", read_int(bytes, width, signed)),
        Element::F16 => write_mlir_float(f, f16_to_f64(raw as u16), raw),
        Element::BF16 => write_mlir_float(f, f64::from(f32::from_bits((raw as u32) << 16)), raw),
        Element::F32 => write_mlir_float(f, f64::from(f32::from_bits(raw as u32)), raw),
        Element::F64 => write_mlir_float(f, f64::from_bits(raw), raw),
        Element::Opaque => unreachable!("opaque elements print in hex"),
    }
}

/// Writes the elements nested by `shape`: `[[1, 2], [3, 4]]`.
fn write_nested<'a>(
    f: &mut fmt::Formatter<'_>,
    shape: &[i64],
    elements: &mut impl Iterator<Item = &'a [u8]>,
    element: Element,
) -> fmt::Result {
    let Some((&dim, inner)) = shape.split_first() else {
        let bytes = elements.next().expect("the data holds every element");
        return write_element(f, bytes, element);
    };
    f.write_str("[")?;
    for i in 0..dim {
        if i > 0 {
            f.write_str(", ")?;
        }
        write_nested(f, inner, elements, element)?;
    }
    f.write_str("]")
}

impl fmt::Display for DenseElementsAttrData<'_> {
    /// MLIR's syntax: `dense<[1, 2, 3, 4]> : tensor<4xi8>`, `dense<0> :
    /// tensor<8xi32>` for a splat, `dense<"0x0102..."> : tensor<1024xi8>`
    /// above [`DENSE_HEX_THRESHOLD`] elements (and for element types printed
    /// only as bytes), `dense<> : tensor<0xf32>` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (shape, _, width, element) = self.described();
        f.write_str("dense<")?;
        let n = self.num_elements();
        if n > 0 {
            if element != Element::Opaque && self.is_splat() {
                write_element(f, &self.data[..width], element)?;
            } else if element != Element::Opaque && n <= DENSE_HEX_THRESHOLD {
                write_nested(f, shape, &mut self.data.chunks_exact(width), element)?;
            } else {
                f.write_str("\"0x")?;
                for b in &self.data {
                    write!(f, "{b:02X}")?;
                }
                f.write_str("\"")?;
            }
        }
        write!(f, "> : {}", self.ty)
    }
}

/// `dense<[1, 2]> : tensor<2xi8>`: a tensor or vector constant, interned and
/// **reclaimable**: freed when its last [`Counted`] handle drops.
#[derive(Debug, Clone, Copy)]
pub enum DenseElementsAttr {}

impl ReclaimableKind for DenseElementsAttr {
    type Stored<'c> = DenseElementsAttrData<'c>;
    type Key<'k, 'c>
        = DenseElementsKey<'k, 'c>
    where
        'c: 'k;

    fn info() -> &'static ReclaimableInfo {
        static INFO: ReclaimableInfo = ReclaimableInfo::new("builtin.dense_elements");
        &INFO
    }

    #[inline]
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &DenseElementsKey<'k, 'c>, state: &mut H) {
        key.hash(state)
    }

    #[inline]
    fn matches<'k, 'c: 'k>(
        stored: &DenseElementsAttrData<'c>,
        key: &DenseElementsKey<'k, 'c>,
    ) -> bool {
        stored.ty == key.ty && *stored.data == *key.data
    }

    /// Checks the key (on a miss only: a hit matched a checked payload) and
    /// copies the bytes.
    ///
    /// # Panics
    ///
    /// If the type is not a statically shaped tensor or vector of integers,
    /// `index`, floats or complex numbers, or the data's length is not the
    /// number of elements times the element's bytes.
    fn construct<'k, 'c: 'k>(key: &DenseElementsKey<'k, 'c>) -> DenseElementsAttrData<'c> {
        let Some((shape, element, width, _)) = describe(key.ty) else {
            panic!(
                "strata: a dense elements attribute needs a statically shaped tensor or vector of integers, index, floats or complex numbers, not `{}`",
                key.ty
            );
        };
        // `describe` checked that neither product overflows.
        let n = shape.iter().product::<i64>() as usize;
        assert!(
            key.data.len() == n * width,
            "strata: a dense elements attribute of type `{}` needs {n} elements of {width} bytes ({} bytes), not {} bytes (element type `{element}`)",
            key.ty,
            n * width,
            key.data.len()
        );
        DenseElementsAttrData {
            ty: key.ty,
            data: key.data.into(),
        }
    }

    fn heap_bytes(stored: &DenseElementsAttrData<'_>) -> usize {
        stored.data.len()
    }
}

/// The dense elements attribute, as a method of a context (`ctx.dense_elements_attr(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait DenseElements: AsContext {
    /// `dense<...> : ty`: the dense elements attribute of the shaped type
    /// `ty` (a statically shaped ranked tensor or vector) holding `data`,
    /// laid out as [`DenseElementsAttrData`] describes. Reclaimable: the
    /// storage and its copy of `data` are freed when the last handle drops.
    ///
    /// ```
    /// use strata_builtin::prelude::*;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let ty = ctx.tensor_type(&[2, 2], ctx.i16());
    /// let a = ctx.dense_elements_attr(ty, &[1, 0, 2, 0, 3, 0, 0xff, 0xff]);
    /// assert_eq!(a.to_string(), "dense<[[1, 2], [3, -1]]> : tensor<2x2xi16>");
    /// assert_eq!(a, ctx.dense_elements_attr(ty, &[1, 0, 2, 0, 3, 0, 0xff, 0xff]));
    /// ```
    ///
    /// # Panics
    ///
    /// If `ty` is not a statically shaped tensor or vector of a supported
    /// element type, or `data` does not hold exactly its elements (checked
    /// when the storage is built).
    #[inline]
    fn dense_elements_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        data: &[u8],
    ) -> Counted<'c, DenseElementsAttr, Self::P> {
        self.context()
            .intern_counted::<DenseElementsAttr>(DenseElementsKey {
                ty: ty.into(),
                data,
            })
    }
}

impl<T: AsContext + ?Sized> DenseElements for T {}
