//! The dense elements attribute: large constants, interned as a reclaimable
//! kind (see [`strata_ctx::reclaim`]).

use core::fmt;
use core::fmt::Write as _;
use core::hash::{Hash, Hasher};

use crate::asm::AsmPrinter;
use crate::misc_attrs::Scalar;
use crate::{ComplexType, MemRefType, RankedTensorType, VectorType};
use strata_ctx::{Attribute, Counted, Interned, KindInfo, ReclaimableKind, Type};

use crate::AsContext;

/// Above this many elements a dense attribute that is not a splat prints its
/// raw bytes in hex (`dense<"0x...">`), as MLIR's printer does by default
/// (`--mlir-print-elementsattrs-with-hex-if-larger=100`).
pub const DENSE_HEX_THRESHOLD: usize = 100;

/// The payload of a dense elements attribute: a statically shaped tensor,
/// vector or memref type and the elements' bytes, owned (the attribute is reclaimable,
/// so its buffer is freed when its last handle drops).
///
/// The layout of `data` is MLIR's raw dense storage: the elements in
/// row-major order, each in little-endian byte order and in the smallest
/// whole number of bytes that holds its bit width (`tf32` takes four bytes,
/// as MLIR stores it; an `i1` element takes one byte, 0 or 1, unlike MLIR's
/// bit-packed booleans, which are packed when printed in hex; a
/// `complex<f32>` element takes eight, real part first).
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

/// How one element of a dense attribute prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Element {
    /// An integer, index or float.
    Scalar(Scalar),
    /// A complex number of two scalars of `half` bytes each.
    Complex(Scalar, usize),
}

/// The shape and element type of a statically shaped tensor, vector or
/// memref: MLIR's elements attributes take any ranked shaped type with a
/// static shape (`dense<1> : memref<2xi32, 1>` parses and prints as it is
/// written), whatever the memref's layout and memory space.
pub(crate) fn static_shape(ty: Type<'_>) -> Option<(&[i64], Type<'_>)> {
    let (shape, element) = if let Some(t) = ty.dyn_cast::<RankedTensorType>() {
        (t.payload().shape, t.payload().element)
    } else if let Some(t) = ty.dyn_cast::<VectorType>() {
        (t.payload().shape, t.payload().element)
    } else if let Some(t) = ty.dyn_cast::<MemRefType>() {
        (t.payload().shape, t.payload().element)
    } else {
        return None;
    };
    if shape.iter().any(|&d| d < 0) {
        return None; // dynamic dimensions
    }
    Some((shape, element))
}

/// Whether `ty` is one of MLIR's builtin shaped types (`ShapedType`): a
/// tensor, vector or memref, ranked or not, static or not.
///
/// ```
/// use strata_builtin::prelude::*;
/// let ctx = strata_ctx::Context::new();
/// assert!(strata_builtin::is_shaped(ctx.unranked_tensor_type(ctx.f32()).into()));
/// assert!(!strata_builtin::is_shaped(ctx.f32().into()));
/// ```
pub fn is_shaped(ty: Type<'_>) -> bool {
    ty.isa::<RankedTensorType>()
        || ty.isa::<VectorType>()
        || ty.isa::<MemRefType>()
        || ty.isa::<crate::UnrankedTensorType>()
        || ty.isa::<crate::UnrankedMemRefType>()
}

/// The shape and element type of a dense attribute's type, the bytes of one
/// element, and how elements print: `None` if `ty` is not a statically
/// shaped tensor, vector or memref of a supported element type. (A shape whose
/// elements would not fit in memory, or whose count overflows 64 bits, is
/// legal as in MLIR: only a splat of it can be built.)
fn describe(ty: Type<'_>) -> Option<(&[i64], Type<'_>, usize, Element)> {
    let (shape, element_ty) = static_shape(ty)?;
    let (bytes, element) = element_layout(element_ty)?;
    Some((shape, element_ty, bytes, element))
}

/// The storage bytes and the printing of one element of type `ty`.
pub(crate) fn element_layout(ty: Type<'_>) -> Option<(usize, Element)> {
    if let Some(t) = ty.dyn_cast::<ComplexType>() {
        let (scalar, half) = Scalar::of(t.payload().element)?;
        return Some((2 * half, Element::Complex(scalar, half)));
    }
    let (scalar, bytes) = Scalar::of(ty)?;
    Some((bytes, Element::Scalar(scalar)))
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
        is_splat(&self.data, self.element_bytes())
    }
}

/// Clears the bits of each element above its type's bit width (an `i1`
/// keeps bit 0, an `i3` its low three bits, a `tf32` its low 19), so that
/// elements that print alike are stored alike and intern to one attribute.
/// Borrows when nothing needs clearing (the common case).
fn canonical_bytes<'d>(ty: Type<'_>, data: &'d [u8]) -> std::borrow::Cow<'d, [u8]> {
    let Some((_, element_ty)) = static_shape(ty) else {
        return data.into();
    };
    let Some((width, element)) = element_layout(element_ty) else {
        return data.into();
    };
    let (scalar, half) = match element {
        Element::Scalar(s) => (s, width),
        Element::Complex(s, half) => (s, half),
    };
    let bits = match scalar {
        Scalar::Bool => 1,
        Scalar::Int(w, _) => w as usize,
        Scalar::Float(sem) => sem.bit_width() as usize,
    };
    if bits >= half * 8 {
        return data.into();
    }
    // The mask of the last byte of a part, and the bytes wholly above.
    let full = bits / 8;
    let top_mask = ((1u16 << (bits % 8)) - 1) as u8;
    let clean = |part: &[u8]| {
        part.iter()
            .enumerate()
            .all(|(i, &b)| i < full || (i == full && b & !top_mask == 0) || (i > full && b == 0))
    };
    if data.chunks(half).all(clean) {
        return data.into();
    }
    let mut owned = data.to_vec();
    for part in owned.chunks_mut(half) {
        for (i, b) in part.iter_mut().enumerate() {
            if i == full {
                *b &= top_mask;
            } else if i > full {
                *b = 0;
            }
        }
    }
    owned.into()
}

/// What MLIR prints for an elements attribute it elides.
const ELIDED: &str = "dense_resource<__elided__>";

/// Writes `dense_resource<__elided__> : ty` for an elements attribute of
/// type `ty` (of dimensions `shape`) when the printer's
/// [`PrintOptions::elide_elements_above`] elides it (MLIR's
/// `shouldElideElementsAttr`: more elements than the limit, and not a
/// splat); whether it did.
///
/// [`PrintOptions::elide_elements_above`]: crate::PrintOptions::elide_elements_above
fn write_elided<'c>(
    p: &mut AsmPrinter<'_, 'c>,
    ty: Type<'c>,
    shape: &[i64],
    splat: bool,
) -> Result<bool, fmt::Error> {
    let Some(limit) = p.options().elide_elements_above else {
        return Ok(false);
    };
    let count = shape.iter().map(|&d| d.max(0) as u64).product::<u64>();
    if count <= limit || splat {
        return Ok(false);
    }
    p.write_str(ELIDED)?;
    p.write_str(" : ")?;
    p.print_type(ty)?;
    Ok(true)
}

/// Whether every `width`-byte element of `data` is equal (and there is one).
fn is_splat(data: &[u8], width: usize) -> bool {
    !data.is_empty() && data.chunks_exact(width).all(|e| e == &data[..width])
}

/// Writes one element.
fn write_element(f: &mut dyn fmt::Write, bytes: &[u8], element: Element) -> fmt::Result {
    match element {
        Element::Scalar(s) => s.write(f, bytes),
        Element::Complex(s, half) => {
            f.write_str("(")?;
            s.write(f, &bytes[..half])?;
            f.write_str(",")?;
            s.write(f, &bytes[half..])?;
            f.write_str(")")
        }
    }
}

/// Writes the body of a dense literal as MLIR's `printDenseIntOrFPElementsAttr`
/// does: a splat as its one element, nothing for no elements, the raw bytes
/// in hex above [`DENSE_HEX_THRESHOLD`] elements when `allow_hex` (booleans
/// bit-packed, as MLIR stores them), else the elements nested by the shape.
pub(crate) fn write_dense_body(
    f: &mut dyn fmt::Write,
    shape: &[i64],
    element_ty: Type<'_>,
    data: &[u8],
    allow_hex: bool,
) -> fmt::Result {
    let Some((width, element)) = element_layout(element_ty) else {
        return Ok(());
    };
    write_elements(f, shape, width, element, data, allow_hex)
}

/// [`write_dense_body`] for elements of `width` bytes printed as `element`.
fn write_elements(
    f: &mut dyn fmt::Write,
    shape: &[i64],
    width: usize,
    element: Element,
    data: &[u8],
    allow_hex: bool,
) -> fmt::Result {
    let n = data.len() / width;
    if is_splat(data, width) {
        return write_element(f, &data[..width], element);
    }
    if n == 0 {
        return Ok(());
    }
    if allow_hex && n > DENSE_HEX_THRESHOLD {
        f.write_str("\"0x")?;
        if element == Element::Scalar(Scalar::Bool) {
            for chunk in data.chunks(8) {
                let byte = chunk
                    .iter()
                    .enumerate()
                    .fold(0u8, |acc, (i, &b)| acc | ((b & 1) << i));
                write!(f, "{byte:02X}")?;
            }
        } else {
            for b in data {
                write!(f, "{b:02X}")?;
            }
        }
        return f.write_str("\"");
    }
    let elements: Vec<&[u8]> = data.chunks_exact(width).collect();
    write_nested(f, shape, elements.len(), |f, i| {
        write_element(f, elements[i], element)
    })
}

/// Writes `n` elements nested by `shape` (`[[1, 2], [3, 4]]`) with a
/// mixed-radix counter, as MLIR's `printDenseElementsAttrImpl` walks them.
fn write_nested(
    f: &mut dyn fmt::Write,
    shape: &[i64],
    n: usize,
    mut element: impl FnMut(&mut dyn fmt::Write, usize) -> fmt::Result,
) -> fmt::Result {
    let rank = shape.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0usize;
    for idx in 0..n {
        if idx != 0 {
            f.write_str(", ")?;
        }
        while open < rank {
            f.write_str("[")?;
            open += 1;
        }
        element(f, idx)?;
        if rank > 0 {
            counter[rank - 1] += 1;
            for i in (1..rank).rev() {
                if counter[i] >= shape[i] {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    f.write_str("]")?;
                }
            }
        }
    }
    for _ in 0..open {
        f.write_str("]")?;
    }
    Ok(())
}

impl<'c> DenseElementsAttrData<'c> {
    /// MLIR's syntax: `dense<[1, 2, 3, 4]> : tensor<4xi8>`, `dense<0> :
    /// tensor<8xi32>` for a splat, `dense<"0x0102..."> : tensor<1024xi8>`
    /// above [`DENSE_HEX_THRESHOLD`] elements, `dense<> : tensor<0xf32>`
    /// when empty, `dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>`.
    /// (A reclaimable kind: an erased handle of it prints through this
    /// `Display`, a printing of its own.)
    fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let (shape, element_ty, width, _) = self.described();
        if write_elided(p, self.ty, shape, is_splat(&self.data, width))? {
            return Ok(());
        }
        p.write_str("dense<")?;
        write_dense_body(p, shape, element_ty, &self.data, true)?;
        p.write_str("> : ")?;
        p.print_type(self.ty)
    }
}

/// `dense<[1, 2]> : tensor<2xi8>`: a tensor, vector or memref constant, interned and
/// **reclaimable**: freed when its last [`Counted`] handle drops.
#[derive(Debug, Clone, Copy)]
pub enum DenseElementsAttr {}

impl strata_ctx::Kind for DenseElementsAttr {
    type Family = strata_ctx::AttributeFamily;
    type Stored<'c> = DenseElementsAttrData<'c>;

    type Key<'k, 'c>
        = DenseElementsKey<'k, 'c>
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<DenseElementsAttr>("builtin.dense_elements");
        &INFO
    }

    #[inline]
    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &DenseElementsKey<'k, 'c>, state: &mut H) {
        key.hash(state)
    }

    fn shorten<'a, 'b: 'a>(stored: &'a Self::Stored<'b>) -> &'a Self::Stored<'a> {
        stored
    }
}

impl ReclaimableKind for DenseElementsAttr {
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
    /// If the type is not a statically shaped tensor, vector or memref of integers,
    /// `index`, floats or complex numbers, or the data's length is not the
    /// number of elements times the element's bytes.
    fn construct<'k, 'c: 'k>(key: &DenseElementsKey<'k, 'c>) -> DenseElementsAttrData<'c> {
        let Some((shape, element, width, _)) = describe(key.ty) else {
            panic!(
                "strata: a dense elements attribute needs a statically shaped tensor, vector or memref of integers, index, floats or complex numbers, not `{}`",
                key.ty
            );
        };
        // Every element is stored: their bytes must fit in memory.
        let count = crate::types::num_elements(shape);
        let total = count.and_then(|n| usize::try_from(n).ok()?.checked_mul(width));
        assert!(
            Some(key.data.len()) == total,
            "strata: a dense elements attribute of type `{}` needs {} elements of {width} bytes ({}), not {} bytes (element type `{element}`)",
            key.ty,
            count.map_or_else(|| "more than 2^63".to_owned(), |n| n.to_string()),
            total.map_or_else(
                || "more than fit in memory".to_owned(),
                |t| format!("{t} bytes")
            ),
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
    /// `ty` (a statically shaped tensor, vector or memref) holding `data`,
    /// laid out as [`DenseElementsAttrData`] describes. Reclaimable: the
    /// storage and its copy of `data` are freed when the last handle drops.
    ///
    /// Being reclaimable, it is a storage kind of its own: it prints as
    /// MLIR's `dense<...>` but is not the handle that the parser, or
    /// `try_dense_attr`, makes for
    /// the same value (those are immortal, as every other attribute). Use
    /// it for large constants a compiler drops; compare with parsed
    /// attributes through the other.
    ///
    /// ```
    /// use strata_builtin::prelude::*;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// let ty = ctx.tensor_type(&[2, 2], ctx.i16());
    /// let a = ctx.dense_elements_attr(ty, &[1, 0, 2, 0, 3, 0, 0xff, 0xff]);
    /// assert_eq!(a.to_string(), "dense<[[1, 2], [3, -1]]> : tensor<2x2xi16>");
    /// assert_eq!(a, ctx.dense_elements_attr(ty, &[1, 0, 2, 0, 3, 0, 0xff, 0xff]));
    /// let immortal = ctx.try_dense_attr(ty, &[1, 0, 2, 0, 3, 0, 0xff, 0xff]).unwrap();
    /// assert_eq!(immortal.to_string(), a.to_string());
    /// assert_ne!(strata_ctx::Attribute::from(immortal), strata_ctx::Attribute::from(a));
    /// ```
    ///
    /// # Panics
    ///
    /// If `ty` is not a statically shaped tensor, vector or memref of a supported
    /// element type, or `data` does not hold exactly its elements (checked
    /// when the storage is built).
    #[inline]
    fn dense_elements_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        data: &[u8],
    ) -> Counted<'c, DenseElementsAttr, Self::P> {
        let ty = ty.into();
        let data = canonical_bytes(ty, data);
        self.context()
            .intern_counted::<DenseElementsAttr>(DenseElementsKey { ty, data: &data })
    }
}

impl<T: AsContext + ?Sized> DenseElements for T {}

/// The payload of a sparse elements attribute: `sparse<[[0, 0], [1, 2]],
/// [1, 5]> : tensor<3x4xi32>`, the coordinates of the stored elements and
/// their values; every other element is zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SparseElementsAttrData<'s, 'c> {
    /// The statically shaped tensor, vector or memref type.
    pub ty: Type<'c>,
    /// The coordinates, `rank` per stored element, row-major.
    pub indices: &'s [i64],
    /// Whether the indices are one-dimensional (`nnz` coordinates of a
    /// rank-1 type, `sparse<[0, 2], ...>`) rather than `nnz x rank`
    /// (`sparse<[[0], [2]], ...>`): MLIR keeps the two layouts as two
    /// attributes and prints each as it is.
    pub flat_indices: bool,
    /// The stored elements' bytes, laid out as in [`DenseElementsAttrData`]
    /// (empty when the elements are strings).
    pub values: &'s [u8],
    /// The stored elements as strings, for an element type that is not a
    /// number (`sparse<0, "foo"> : tensor<1x!foo.str>`, MLIR's string
    /// values); empty otherwise.
    pub strings: &'s [&'s str],
}

impl<'c> SparseElementsAttrData<'_, 'c> {
    /// MLIR's test for a sparse attribute: elided when its indices or its
    /// values would be (each a dense attribute of its own).
    fn elided(&self, p: &AsmPrinter<'_, 'c>) -> bool {
        let Some(limit) = p.options().elide_elements_above else {
            return false;
        };
        let over = |n: usize, splat: bool| n as u64 > limit && !splat;
        let index_splat = self
            .indices
            .first()
            .is_some_and(|&f| self.indices.iter().all(|&i| i == f));
        let (count, splat) = if self.strings.is_empty() {
            let width = static_shape(self.ty)
                .and_then(|(_, e)| element_layout(e))
                .map_or(1, |l| l.0);
            (
                self.values.len() / width.max(1),
                is_splat(self.values, width.max(1)),
            )
        } else {
            let first = self.strings[0];
            (self.strings.len(), self.strings.iter().all(|s| *s == first))
        };
        over(self.indices.len(), index_splat) || over(count, splat)
    }

    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        if self.elided(p) {
            p.write_str(ELIDED)?;
            p.write_str(" : ")?;
            return p.print_type(self.ty);
        }
        let f: &mut dyn fmt::Write = p;
        f.write_str("sparse<")?;
        if let Some((shape, element_ty)) = static_shape(self.ty)
            && !self.indices.is_empty()
        {
            let rank = shape.len().max(1);
            let nnz = self.indices.len() / rank;
            let bytes: Vec<u8> = self.indices.iter().flat_map(|i| i.to_le_bytes()).collect();
            let index = Element::Scalar(Scalar::Int(64, crate::Signedness::Signless));
            if self.flat_indices {
                write_elements(f, &[nnz as i64], 8, index, &bytes, false)?;
            } else {
                write_elements(f, &[nnz as i64, rank as i64], 8, index, &bytes, false)?;
            }
            f.write_str(", ")?;
            if self.strings.is_empty() {
                write_dense_body(f, &[nnz as i64], element_ty, self.values, true)?;
            } else if self.strings.iter().all(|v| *v == self.strings[0]) {
                // A splat, as MLIR prints a dense string attribute.
                crate::attrs::write_quoted(f, self.strings[0])?;
            } else {
                write_nested(f, &[nnz as i64], self.strings.len(), |f, i| {
                    crate::attrs::write_quoted(f, self.strings[i])
                })?;
            }
        }
        p.write_str("> : ")?;
        p.print_type(self.ty)
    }
}

crate::builtin_kind!(
    /// `sparse<[[0, 1]], [5]> : tensor<2x2xi32>`.
    SparseElementsAttr: "builtin.sparse_elements", Attribute, AttributeKind, SparseElementsAttrData<'c, 'c>, SparseElementsAttrData<'k, 'c>,
    |key, arena| SparseElementsAttrData {
        ty: key.ty,
        indices: arena.alloc_slice_copy(key.indices),
        flat_indices: key.flat_indices,
        values: arena.alloc_slice_copy(key.values),
        strings: if key.strings.is_empty() {
            &[]
        } else {
            let strings: Vec<&str> = key.strings.iter().map(|s| -> &str { arena.alloc_str(s) }).collect();
            arena.alloc_slice_copy(&strings)
        },
    }
);

/// The sparse elements attribute, as a method of a context.
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait SparseElements: AsContext {
    /// `sparse<indices, values> : ty`: `indices` holds `rank` coordinates
    /// per stored element, each inside the shape; `values` one element per
    /// coordinate tuple, laid out as in [`DenseElementsAttrData`].
    ///
    /// # Errors
    ///
    /// [`crate::BuiltinError`] if `ty` is not a statically shaped tensor,
    /// vector or memref of a supported element type, or the indices or values do not
    /// fit it.
    fn try_sparse_elements_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        indices: &[i64],
        values: &[u8],
    ) -> Result<Interned<'c, SparseElementsAttr>, crate::BuiltinError> {
        sparse_elements(self, ty.into(), indices, false, values)
    }

    /// `sparse<indices, values> : ty` with one-dimensional indices (MLIR's
    /// `[N]` indices shape, allowed for a rank-1 type): another attribute
    /// than [`try_sparse_elements_attr`](Self::try_sparse_elements_attr)'s
    /// `N x 1` indices, printed `sparse<[0, 2], ...>` where that one prints
    /// `sparse<[[0], [2]], ...>`. Empty indices are the one `sparse<>`.
    ///
    /// # Errors
    ///
    /// As [`try_sparse_elements_attr`](Self::try_sparse_elements_attr), and
    /// if `ty` is not of rank 1.
    fn try_sparse_elements_attr_1d<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        indices: &[i64],
        values: &[u8],
    ) -> Result<Interned<'c, SparseElementsAttr>, crate::BuiltinError> {
        let ty = ty.into();
        if describe(ty).is_some_and(|(shape, ..)| shape.len() != 1) {
            return Err(crate::BuiltinError::new(format!(
                "one-dimensional sparse indices need a rank-1 type, not `{ty}`"
            )));
        }
        sparse_elements(self, ty, indices, !indices.is_empty(), values)
    }

    /// `sparse<indices, ["a", "b"]> : ty` with string values, for a
    /// statically shaped `ty` whose element type is not a number (MLIR
    /// keeps the values as a dense string attribute); `flat_indices` as
    /// [`try_sparse_elements_attr_1d`](Self::try_sparse_elements_attr_1d).
    ///
    /// # Errors
    ///
    /// [`crate::BuiltinError`] if `ty` is not statically shaped or has a
    /// numeric element type, or the indices do not fit it, or there is not
    /// one string per stored element.
    fn try_sparse_string_elements_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        indices: &[i64],
        flat_indices: bool,
        strings: &[&str],
    ) -> Result<Interned<'c, SparseElementsAttr>, crate::BuiltinError> {
        let ty = ty.into();
        let Some((shape, _)) = static_shape(ty).filter(|(_, e)| element_layout(*e).is_none())
        else {
            return Err(crate::BuiltinError::new(format!(
                "sparse string values need a statically shaped type of a non-numeric element type, not `{ty}`"
            )));
        };
        let rank = if flat_indices { 1 } else { shape.len().max(1) };
        check_sparse_indices(ty, shape, rank, indices)?;
        if strings.len() != indices.len() / rank {
            return Err(crate::BuiltinError::new(
                "a sparse elements attribute needs `rank` indices and one value per stored element",
            ));
        }
        Ok(self
            .context()
            .intern::<SparseElementsAttr>(SparseElementsAttrData {
                ty,
                indices,
                flat_indices: flat_indices && !indices.is_empty(),
                values: &[],
                strings,
            }))
    }
}

/// Checks that every coordinate tuple of `indices` (`rank` a tuple) lies
/// inside `shape`.
fn check_sparse_indices(
    ty: Type<'_>,
    shape: &[i64],
    rank: usize,
    indices: &[i64],
) -> Result<(), crate::BuiltinError> {
    if !indices.len().is_multiple_of(rank) {
        return Err(crate::BuiltinError::new(
            "a sparse elements attribute needs `rank` indices and one value per stored element",
        ));
    }
    for (n, coords) in indices.chunks(rank).enumerate() {
        if shape.iter().zip(coords).any(|(&d, &i)| i < 0 || i >= d) {
            // MLIR prints the index as it reads it back, unsigned: `-1` is
            // 18446744073709551615 there.
            let index: Vec<String> = coords.iter().map(|&i| (i as u64).to_string()).collect();
            return Err(crate::BuiltinError::new(format!(
                "sparse index #{n} is not contained within the value shape, with index=[{}], and type='{ty}'",
                index.join(", ")
            )));
        }
    }
    Ok(())
}

/// The checks and the interning of both sparse constructors.
fn sparse_elements<'c, C: AsContext + ?Sized>(
    cx: &'c C,
    ty: Type<'c>,
    indices: &[i64],
    flat_indices: bool,
    values: &[u8],
) -> Result<Interned<'c, SparseElementsAttr>, crate::BuiltinError> {
    let Some((shape, _, width, _)) = describe(ty) else {
        return Err(crate::BuiltinError::new(format!(
            "a sparse elements attribute needs a statically shaped tensor, vector or memref type, not `{ty}`"
        )));
    };
    let rank = shape.len().max(1);
    if !indices.len().is_multiple_of(rank) || values.len() != indices.len() / rank * width {
        return Err(crate::BuiltinError::new(
            "a sparse elements attribute needs `rank` indices and one value per stored element",
        ));
    }
    check_sparse_indices(ty, shape, rank, indices)?;
    let values = canonical_bytes(ty, values);
    Ok(cx
        .context()
        .intern::<SparseElementsAttr>(SparseElementsAttrData {
            ty,
            indices,
            flat_indices,
            values: &values,
            strings: &[],
        }))
}

/// The bytes of a dense attribute given as an attribute: its type and raw
/// elements, every element present (a splat expanded).
fn dense_parts<'c>(attr: Attribute<'c>) -> Option<(Type<'c>, Vec<u8>)> {
    let d = attr.dyn_cast::<DenseAttr>()?;
    let p = d.payload();
    let (shape, _, width, _) = describe(p.ty)?;
    let n = usize::try_from(crate::types::num_elements(shape)?).ok()?;
    // A splat of more elements than fit in memory has no expansion.
    n.checked_mul(width)?;
    let data = if p.data.len() == width && n != 1 {
        p.data.repeat(n)
    } else {
        p.data.to_vec()
    };
    Some((p.ty, data))
}

/// The sparse elements attribute of dense attributes, as MLIR builds it.
pub trait SparseElementsOfDense: AsContext {
    /// `sparse<indices, values> : ty` of two [`DenseAttr`]s: `indices` of
    /// integers (shape `nnz x rank`, or `nnz` for rank 1), `values` of `ty`'s
    /// element type.
    ///
    /// # Errors
    ///
    /// [`crate::BuiltinError`] if they are not such attributes or do not fit
    /// `ty`.
    fn sparse_elements_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        indices: Attribute<'c>,
        values: Attribute<'c>,
    ) -> Result<Interned<'c, SparseElementsAttr>, crate::BuiltinError> {
        let bad = || {
            crate::BuiltinError::new(
                "sparse indices and values must be dense integer and element attributes",
            )
        };
        let (ity, ibytes) = dense_parts(indices).ok_or_else(bad)?;
        let flat = static_shape(ity).is_some_and(|(s, _)| s.len() == 1);
        let (_, vbytes) = dense_parts(values).ok_or_else(bad)?;
        let (_, _, iwidth, iel) = describe(ity).ok_or_else(bad)?;
        let Element::Scalar(Scalar::Int(w, s)) = iel else {
            return Err(bad());
        };
        let coords: Vec<i64> = ibytes
            .chunks_exact(iwidth)
            .map(|c| {
                let mut limbs = [0u64; 2];
                for (i, &b) in c.iter().enumerate().take(16) {
                    limbs[i / 8] |= u64::from(b) << (8 * (i % 8));
                }
                let v = strata_apnum::ApInt::from_limbs(w, &limbs);
                let v = if s == crate::Signedness::Unsigned {
                    v.to_u128().and_then(|u| i128::try_from(u).ok())
                } else {
                    v.to_i128()
                };
                v.and_then(|v| i64::try_from(v).ok()).unwrap_or(-1)
            })
            .collect();
        if flat {
            self.try_sparse_elements_attr_1d(ty, &coords, &vbytes)
        } else {
            self.try_sparse_elements_attr(ty, &coords, &vbytes)
        }
    }
}

impl<T: AsContext + ?Sized> SparseElements for T {}

impl<T: AsContext + ?Sized> SparseElementsOfDense for T {}

/// The payload of a dense elements attribute interned for the life of the
/// context (an ordinary attribute, unlike the reclaimable
/// [`DenseElementsAttr`]), so that it can sit in arrays and dictionaries
/// like any other attribute. Same layout and printing as
/// [`DenseElementsAttrData`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenseAttrData<'s, 'c> {
    /// The statically shaped tensor, vector or memref type.
    pub ty: Type<'c>,
    /// The elements' bytes, laid out as in [`DenseElementsAttrData`]; a
    /// splat holds its one element.
    pub data: &'s [u8],
}

impl<'c> DenseAttrData<'_, 'c> {
    /// Whether every element is equal (MLIR's `SplatElementsAttr`; one
    /// element is a splat).
    pub fn is_splat(&self) -> bool {
        let width = static_shape(self.ty)
            .and_then(|(_, element)| element_layout(element))
            .map_or(1, |l| l.0);
        is_splat(self.data, width)
    }

    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        if let Some((shape, element_ty)) = static_shape(self.ty) {
            let width = element_layout(element_ty).map_or(1, |l| l.0);
            if write_elided(p, self.ty, shape, is_splat(self.data, width))? {
                return Ok(());
            }
        }
        p.write_str("dense<")?;
        if let Some((shape, element_ty)) = static_shape(self.ty) {
            write_dense_body(p, shape, element_ty, self.data, true)?;
        }
        p.write_str("> : ")?;
        p.print_type(self.ty)
    }
}

crate::builtin_kind!(
    /// `dense<[1, 2]> : tensor<2xi32>` as an ordinary (context-lived)
    /// attribute.
    DenseAttr: "builtin.dense", Attribute, AttributeKind, DenseAttrData<'c, 'c>, DenseAttrData<'k, 'c>,
    |key, arena| DenseAttrData { ty: key.ty, data: arena.alloc_slice_copy(key.data) }
);

/// The payload of a dense string elements attribute: `dense<["a", "bc"]> :
/// tensor<2x!foo.str>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DenseStringAttrData<'s, 'c> {
    /// The statically shaped tensor, vector or memref type.
    pub ty: Type<'c>,
    /// The strings, row-major (one for a splat, however it was given).
    pub values: &'s [&'s str],
}

impl<'c> DenseStringAttrData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        let splat = !self.values.is_empty() && self.values.iter().all(|v| *v == self.values[0]);
        if let Some((shape, _)) = static_shape(self.ty)
            && write_elided(p, self.ty, shape, splat)?
        {
            return Ok(());
        }
        p.write_str("dense<")?;
        if splat {
            crate::attrs::write_quoted(p, self.values[0])?;
        } else if let Some((shape, _)) = static_shape(self.ty) {
            write_nested(p, shape, self.values.len(), |f, i| {
                crate::attrs::write_quoted(f, self.values[i])
            })?;
        }
        p.write_str("> : ")?;
        p.print_type(self.ty)
    }
}

crate::asm::display_by_printer!(
    DenseElementsAttrData<'_>,
    SparseElementsAttrData<'_, '_>,
    DenseAttrData<'_, '_>,
    DenseStringAttrData<'_, '_>,
);

crate::builtin_kind!(
    /// `dense<["a", "bc"]> : tensor<2x!foo.str>`.
    DenseStringAttr: "builtin.dense_string", Attribute, AttributeKind, DenseStringAttrData<'c, 'c>, DenseStringAttrData<'k, 'c>,
    |key, arena| {
        let values: Vec<&str> = key.values.iter().map(|s| -> &str { arena.alloc_str(s) }).collect();
        DenseStringAttrData { ty: key.ty, values: arena.alloc_slice_copy(&values) }
    }
);

/// Dense attributes as ordinary attributes, as methods of a context.
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait DenseAttrs: AsContext {
    /// `dense<...> : ty` holding `data` (laid out as in
    /// [`DenseElementsAttrData`]; one element for a splat), interned for the
    /// context's life.
    ///
    /// # Errors
    ///
    /// [`crate::BuiltinError`] if `ty` is not a statically shaped tensor,
    /// vector or memref of integers, index, floats or complex numbers, or `data` holds
    /// neither one element nor all of them.
    fn try_dense_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        data: &[u8],
    ) -> Result<Interned<'c, DenseAttr>, crate::BuiltinError> {
        let ty = ty.into();
        let Some((shape, _, width, _)) = describe(ty) else {
            return Err(crate::BuiltinError::new(format!(
                "a dense elements attribute needs a statically shaped tensor, vector or memref of integers, index, floats or complex numbers, not `{ty}`"
            )));
        };
        // The bytes of every element, if that many fit in memory.
        let count = crate::types::num_elements(shape);
        let total = count.and_then(|n| usize::try_from(n).ok()?.checked_mul(width));
        let canonical = canonical_bytes(ty, data);
        let data: &[u8] = &canonical;
        let data = if Some(data.len()) == total && !data.is_empty() && is_splat(data, width) {
            // A splat is stored as its one element, however it was given.
            &data[..width]
        } else if Some(data.len()) == total || data.len() == width {
            // One element is a splat, even of a type with no elements, which
            // MLIR keeps and prints (`dense<1> : tensor<0xi8>`).
            data
        } else if data.is_empty() && shape.iter().fold(1i64, |a, &d| a.wrapping_mul(d)) == 0 {
            // MLIR counts elements in 64 bits that wrap: a shape of 2^62 x
            // 4 has none there, and `dense<>` of it is legal.
            data
        } else {
            let n = count.map_or_else(|| "more than 2^63".to_owned(), |n| n.to_string());
            return Err(crate::BuiltinError::new(format!(
                "a dense elements attribute of type `{ty}` needs {n} elements of {width} bytes, not {} bytes",
                data.len()
            )));
        };
        Ok(self
            .context()
            .intern::<DenseAttr>(DenseAttrData { ty, data }))
    }

    /// `dense<...> : ty` of strings (one for a splat).
    ///
    /// # Errors
    ///
    /// [`crate::BuiltinError`] if `ty` is not statically shaped, or
    /// `values` holds neither one string nor one per element.
    fn try_dense_string_attr<'c>(
        &'c self,
        ty: impl Into<Type<'c>>,
        values: &[&str],
    ) -> Result<Interned<'c, DenseStringAttr>, crate::BuiltinError> {
        let ty = ty.into();
        let Some((shape, _)) = static_shape(ty) else {
            return Err(crate::BuiltinError::new(format!(
                "a dense string attribute needs a statically shaped tensor, vector or memref type, not `{ty}`"
            )));
        };
        let n = crate::types::num_elements(shape).unwrap_or(0) as usize;
        let values = if !values.is_empty() && values.iter().all(|v| *v == values[0]) {
            // A splat is stored as its one string, even for a type with no
            // elements, which MLIR keeps and prints (`dense<"a"> :
            // tensor<0x!foo.str>`).
            &values[..1]
        } else if values.len() == n {
            values
        } else {
            return Err(crate::BuiltinError::new(format!(
                "a dense string attribute of type `{ty}` needs {n} strings, not {}",
                values.len()
            )));
        };
        Ok(self
            .context()
            .intern::<DenseStringAttr>(DenseStringAttrData { ty, values }))
    }
}

impl<T: AsContext + ?Sized> DenseAttrs for T {}
