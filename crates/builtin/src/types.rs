//! Builtin types.

use core::fmt;
use core::fmt::Write as _;

use crate::asm::{AsmPrinter, display_by_printer, print_kinds};
use crate::error::{BuiltinError, fail, ok};
use crate::{COMMON_FLOATS, COMMON_INT_WIDTHS, builtin_kind};
use core::hash::BuildHasher;
use strata_ctx::{Attribute, Context, Interned, Policy, Type};

use crate::{AsContext, common, word};

/// The size of a dynamic dimension in a shape (MLIR's
/// `ShapedType::kDynamic`), printed `?`.
pub const DYNAMIC: i64 = i64::MIN;

/// The signedness semantics of an integer type (`iN`, `siN`, `uiN`).
pub use strata_apnum::Signedness;

/// The payload of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntegerTypeData {
    /// The width in bits (MLIR allows up to 2^24 - 1).
    pub width: u32,
    /// The signedness.
    pub signedness: Signedness,
}

impl IntegerTypeData {
    /// A signless integer type of `width` bits.
    pub const fn signless(width: u32) -> Self {
        Self {
            width,
            signedness: Signedness::Signless,
        }
    }
}

impl fmt::Display for IntegerTypeData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match self.signedness {
            Signedness::Signless => "i",
            Signedness::Signed => "si",
            Signedness::Unsigned => "ui",
        };
        write!(f, "{prefix}{}", self.width)
    }
}

builtin_kind!(
    /// `i32`, `si8`, `ui64`...: integer types of any width and signedness.
    IntegerType: "builtin.integer", Type, TypeKind, IntegerTypeData, IntegerTypeData, |key, _arena| *key
);

/// The payload of the `index` type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IndexTypeData;

impl fmt::Display for IndexTypeData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("index")
    }
}

builtin_kind!(
    /// `index`: the target's pointer-sized integer (a singleton).
    IndexType: "builtin.index", Type, TypeKind, IndexTypeData, IndexTypeData, |key, _arena| *key
);

/// The floating-point formats of MLIR 19 (the payload of a float type):
/// `f16`, `bf16`, `f32`, `f64`, `f80`, `f128`, `tf32` and the `f8` formats,
/// with their rounding and printing (see [`strata_apnum::FloatSemantics`]).
pub use strata_apnum::FloatSemantics as FloatKind;

builtin_kind!(
    /// `f16`, `bf16`, `f32`, `f64`, `f80`, `f128`, `tf32`, `f8E5M2`,
    /// `f8E4M3`, `f8E4M3FN`, `f8E5M2FNUZ`, `f8E4M3FNUZ`, `f8E4M3B11FNUZ`.
    FloatType: "builtin.float", Type, TypeKind, FloatKind, FloatKind, |key, _arena| *key
);

/// The payload of the `none` type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NoneTypeData;

impl fmt::Display for NoneTypeData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("none")
    }
}

builtin_kind!(
    /// `none`: the unit type (a singleton).
    NoneType: "builtin.none", Type, TypeKind, NoneTypeData, NoneTypeData, |key, _arena| *key
);

/// The payload of a function type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FunctionTypeData<'s, 'c> {
    /// The argument types.
    pub inputs: &'s [Type<'c>],
    /// The result types.
    pub results: &'s [Type<'c>],
}

/// Prints `types` separated by `", "`.
fn print_types<'c>(p: &mut AsmPrinter<'_, 'c>, types: &[Type<'c>]) -> fmt::Result {
    for (i, &t) in types.iter().enumerate() {
        if i > 0 {
            p.write_str(", ")?;
        }
        p.print_type(t)?;
    }
    Ok(())
}

impl<'c> FunctionTypeData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("(")?;
        print_types(p, self.inputs)?;
        p.write_str(") -> ")?;
        match self.results {
            [single] if !single.isa::<FunctionType>() => p.print_type(*single),
            results => {
                p.write_str("(")?;
                print_types(p, results)?;
                p.write_str(")")
            }
        }
    }
}

builtin_kind!(
    /// `(i32, f32) -> i64`: function types.
    FunctionType: "builtin.function", Type, TypeKind, FunctionTypeData<'c, 'c>, FunctionTypeData<'k, 'c>,
    |key, arena| FunctionTypeData {
        inputs: arena.alloc_slice_copy(key.inputs),
        results: arena.alloc_slice_copy(key.results),
    }
);

/// The payload of a tuple type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TupleTypeData<'s, 'c> {
    /// The element types.
    pub elements: &'s [Type<'c>],
}

impl<'c> TupleTypeData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("tuple<")?;
        print_types(p, self.elements)?;
        p.write_str(">")
    }
}

builtin_kind!(
    /// `tuple<i32, f32>`.
    TupleType: "builtin.tuple", Type, TypeKind, TupleTypeData<'c, 'c>, TupleTypeData<'k, 'c>,
    |key, arena| TupleTypeData { elements: arena.alloc_slice_copy(key.elements) }
);

/// Writes `4x?x8x` (each dimension followed by `x`; a scalable one in
/// brackets, `[4]x`).
fn write_shape(f: &mut dyn fmt::Write, shape: &[i64], scalable: &[bool]) -> fmt::Result {
    for (i, &d) in shape.iter().enumerate() {
        let scalable = scalable.get(i).copied().unwrap_or(false);
        if scalable {
            f.write_str("[")?;
        }
        if d == DYNAMIC {
            f.write_str("?")?;
        } else {
            write!(f, "{d}")?;
        }
        f.write_str(if scalable { "]x" } else { "x" })?;
    }
    Ok(())
}

/// The number of elements of a static shape, if every dimension is static
/// and the product does not overflow.
pub fn num_elements(shape: &[i64]) -> Option<i64> {
    shape.iter().try_fold(
        1i64,
        |acc, &d| {
            if d < 0 { None } else { acc.checked_mul(d) }
        },
    )
}

/// The payload of a ranked tensor type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RankedTensorTypeData<'s, 'c> {
    /// The dimensions; [`DYNAMIC`] for an unknown size.
    pub shape: &'s [i64],
    /// The element type.
    pub element: Type<'c>,
    /// The encoding attribute (`tensor<4xf32, "enc">`), if any.
    pub encoding: Option<Attribute<'c>>,
}

impl RankedTensorTypeData<'_, '_> {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements, if every dimension is static.
    pub fn num_elements(&self) -> Option<i64> {
        num_elements(self.shape)
    }
}

impl<'c> RankedTensorTypeData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("tensor<")?;
        write_shape(p, self.shape, &[])?;
        p.print_type(self.element)?;
        if let Some(e) = self.encoding {
            p.write_str(", ")?;
            p.print_attribute(e)?;
        }
        p.write_str(">")
    }
}

builtin_kind!(
    /// `tensor<4x?xf32>`, `tensor<4xf32, #enc>`: ranked tensors.
    RankedTensorType: "builtin.ranked_tensor", Type, TypeKind, RankedTensorTypeData<'c, 'c>, RankedTensorTypeData<'k, 'c>,
    |key, arena| RankedTensorTypeData { shape: arena.alloc_slice_copy(key.shape), element: key.element, encoding: key.encoding }
);

/// The payload of a memref type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemRefTypeData<'s, 'c> {
    /// The dimensions; [`DYNAMIC`] for an unknown size.
    pub shape: &'s [i64],
    /// The element type.
    pub element: Type<'c>,
    /// The layout (an [`AffineMapAttr`](crate::AffineMapAttr) that is not
    /// the identity, or a [`StridedLayoutAttr`](crate::StridedLayoutAttr));
    /// `None` is the identity layout.
    pub layout: Option<Attribute<'c>>,
    /// The memory space; `None` is the default one (an integer `0` is
    /// canonicalised to `None`, as MLIR does).
    pub memory_space: Option<Attribute<'c>>,
}

impl MemRefTypeData<'_, '_> {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements, if every dimension is static.
    pub fn num_elements(&self) -> Option<i64> {
        num_elements(self.shape)
    }
}

/// Writes a memory space as MLIR does: an `i64` integer without its type.
fn print_memory_space<'c>(p: &mut AsmPrinter<'_, 'c>, space: Attribute<'c>) -> fmt::Result {
    if let Some(i) = space.dyn_cast::<crate::IntegerAttr>()
        && i.payload().ty.dyn_cast::<IntegerType>().is_some_and(|t| {
            t.payload().width == 64 && t.payload().signedness == Signedness::Signless
        })
    {
        return p.write_str(&i.payload().value().to_signed_string());
    }
    p.print_attribute(space)
}

impl<'c> MemRefTypeData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("memref<")?;
        write_shape(p, self.shape, &[])?;
        p.print_type(self.element)?;
        if let Some(l) = self.layout {
            p.write_str(", ")?;
            p.print_attribute(l)?;
        }
        if let Some(m) = self.memory_space {
            p.write_str(", ")?;
            print_memory_space(p, m)?;
        }
        p.write_str(">")
    }
}

builtin_kind!(
    /// `memref<4x8xf32>`, `memref<4xf32, strided<[2]>, 1>`: memory references.
    MemRefType: "builtin.memref", Type, TypeKind, MemRefTypeData<'c, 'c>, MemRefTypeData<'k, 'c>,
    |key, arena| MemRefTypeData {
        shape: arena.alloc_slice_copy(key.shape),
        element: key.element,
        layout: key.layout,
        memory_space: key.memory_space,
    }
);

/// The payload of an unranked memref type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnrankedMemRefTypeData<'c> {
    /// The element type.
    pub element: Type<'c>,
    /// The memory space (`None` is the default one).
    pub memory_space: Option<Attribute<'c>>,
}

impl<'c> UnrankedMemRefTypeData<'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("memref<*x")?;
        p.print_type(self.element)?;
        if let Some(m) = self.memory_space {
            p.write_str(", ")?;
            print_memory_space(p, m)?;
        }
        p.write_str(">")
    }
}

builtin_kind!(
    /// `memref<*xf32>`, `memref<*xf32, 3>`: unranked memory references.
    UnrankedMemRefType: "builtin.unranked_memref", Type, TypeKind, UnrankedMemRefTypeData<'c>, UnrankedMemRefTypeData<'c>, |key, _arena| *key
);

/// The payload of a vector type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VectorTypeData<'s, 'c> {
    /// The dimensions (all static and positive).
    pub shape: &'s [i64],
    /// The element type.
    pub element: Type<'c>,
    /// Which dimensions are scalable (`vector<[4]xf32>`): empty when none
    /// is (the canonical form), else one flag per dimension.
    pub scalable: &'s [bool],
}

impl VectorTypeData<'_, '_> {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements (of the minimal vector, for a scalable one).
    pub fn num_elements(&self) -> Option<i64> {
        num_elements(self.shape)
    }

    /// Whether dimension `i` is scalable.
    pub fn is_scalable_dim(&self, i: usize) -> bool {
        self.scalable.get(i).copied().unwrap_or(false)
    }
}

impl<'c> VectorTypeData<'_, 'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("vector<")?;
        write_shape(p, self.shape, self.scalable)?;
        p.print_type(self.element)?;
        p.write_str(">")
    }
}

builtin_kind!(
    /// `vector<4x4xf32>`, `vector<[4]x8xi1>`: vectors, fixed or scalable.
    VectorType: "builtin.vector", Type, TypeKind, VectorTypeData<'c, 'c>, VectorTypeData<'k, 'c>,
    |key, arena| VectorTypeData {
        shape: arena.alloc_slice_copy(key.shape),
        element: key.element,
        scalable: arena.alloc_slice_copy(key.scalable),
    }
);

/// The payload of types that wrap one element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnrankedTensorTypeData<'c> {
    /// The element type.
    pub element: Type<'c>,
}

impl<'c> UnrankedTensorTypeData<'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("tensor<*x")?;
        p.print_type(self.element)?;
        p.write_str(">")
    }
}

builtin_kind!(
    /// `tensor<*xf32>`: unranked tensors.
    UnrankedTensorType: "builtin.unranked_tensor", Type, TypeKind, UnrankedTensorTypeData<'c>, UnrankedTensorTypeData<'c>, |key, _arena| *key
);

/// The payload of a complex type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ComplexTypeData<'c> {
    /// The element type (a float or integer type).
    pub element: Type<'c>,
}

impl<'c> ComplexTypeData<'c> {
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("complex<")?;
        p.print_type(self.element)?;
        p.write_str(">")
    }
}

display_by_printer!(
    FunctionTypeData<'_, '_>,
    TupleTypeData<'_, '_>,
    RankedTensorTypeData<'_, '_>,
    MemRefTypeData<'_, '_>,
    UnrankedMemRefTypeData<'_>,
    VectorTypeData<'_, '_>,
    UnrankedTensorTypeData<'_>,
    ComplexTypeData<'_>,
);

builtin_kind!(
    /// `complex<f32>`.
    ComplexType: "builtin.complex", Type, TypeKind, ComplexTypeData<'c>, ComplexTypeData<'c>, |key, _arena| *key
);

/// The payload of an opaque type: a type of a dialect strata does not know,
/// kept as text (`!foo.bar<"x">` is dialect `foo`, data `bar<"x">`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueTypeData<'s> {
    /// The dialect namespace.
    pub dialect: &'s str,
    /// The type's text after the namespace.
    pub data: &'s str,
}

/// Whether `data` can follow `dialect.` unquoted (MLIR's
/// `isDialectSymbolSimpleEnoughForPrettyForm`).
fn is_pretty_dialect_symbol(data: &str) -> bool {
    if !data.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = data.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

/// Writes `!dialect.data` or `!dialect<data>` (`#` for attributes), as
/// MLIR's `printDialectSymbol` does: the short form where `data` is a
/// keyword, optionally followed by one `<...>` body.
///
/// ```
/// struct Sym(&'static str);
/// impl core::fmt::Display for Sym {
///     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///         strata_builtin::write_dialect_symbol(f, '#', "llvm", self.0)
///     }
/// }
/// assert_eq!(Sym("linkage<internal>").to_string(), "#llvm.linkage<internal>");
/// assert_eq!(Sym("comdat any").to_string(), "#llvm<comdat any>");
/// ```
pub fn write_dialect_symbol(
    f: &mut (impl fmt::Write + ?Sized),
    prefix: char,
    dialect: &str,
    data: &str,
) -> fmt::Result {
    if is_pretty_dialect_symbol(data) {
        write!(f, "{prefix}{dialect}.{data}")
    } else {
        write!(f, "{prefix}{dialect}<{data}>")
    }
}

impl fmt::Display for OpaqueTypeData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_dialect_symbol(f, '!', self.dialect, self.data)
    }
}

builtin_kind!(
    /// `!foo.bar<"x">`: a type of an unregistered dialect, printed back as
    /// it was written.
    OpaqueType: "builtin.opaque_type", Type, TypeKind, OpaqueTypeData<'c>, OpaqueTypeData<'k>,
    |key, arena| OpaqueTypeData { dialect: arena.alloc_str(key.dialect), data: arena.alloc_str(key.data) }
);

/// Prints `ty` in full if it is a builtin type; `None` if it is not.
pub(crate) fn print_builtin_type<'c>(
    ty: Type<'c>,
    p: &mut AsmPrinter<'_, 'c>,
) -> Option<fmt::Result> {
    // The most common kinds first.
    print_kinds!(ty, p;
        IntegerType => display,
        FloatType => display,
        IndexType => display,
        FunctionType => print,
        RankedTensorType => print,
        MemRefType => print,
        VectorType => print,
        NoneType => display,
        TupleType => print,
        ComplexType => print,
        UnrankedTensorType => print,
        UnrankedMemRefType => print,
        OpaqueType => display,
    )
}

/// Whether `name` is a valid dialect namespace (`[a-zA-Z_][a-zA-Z_0-9$]*`,
/// MLIR's `Dialect::isValidNamespace`).
pub fn is_valid_dialect_namespace(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Whether `ty` is a builtin integer, index or float type.
pub fn is_int_or_index_or_float(ty: Type<'_>) -> bool {
    ty.isa::<IntegerType>() || ty.isa::<IndexType>() || ty.isa::<FloatType>()
}

/// Whether `ty` belongs to the builtin dialect.
pub fn is_builtin_type(ty: Type<'_>) -> bool {
    ty.kind().name().starts_with("builtin.")
}

/// Whether `ty` may be a tensor's element (MLIR's
/// `TensorType::isValidElementType`).
pub fn is_valid_tensor_element(ty: Type<'_>) -> bool {
    is_int_or_index_or_float(ty)
        || ty.isa::<ComplexType>()
        || ty.isa::<OpaqueType>()
        || ty.isa::<VectorType>()
        || !is_builtin_type(ty)
}

/// Whether `ty` may be a memref's element (MLIR's
/// `BaseMemRefType::isValidElementType`; types of other dialects are
/// assumed to implement `MemRefElementTypeInterface`).
pub fn is_valid_memref_element(ty: Type<'_>) -> bool {
    is_int_or_index_or_float(ty)
        || ty.isa::<ComplexType>()
        || ty.isa::<MemRefType>()
        || ty.isa::<UnrankedMemRefType>()
        || ty.isa::<VectorType>()
        || !is_builtin_type(ty)
}

/// Whether `space` may be a memref's memory space (MLIR's
/// `isSupportedMemorySpace`: an integer, string or dictionary attribute, or
/// an attribute of another dialect).
pub fn is_supported_memory_space(space: Attribute<'_>) -> bool {
    space.isa::<crate::IntegerAttr>()
        || space.isa::<crate::StringAttr>()
        || space.isa::<crate::DictionaryAttr>()
        || !space.kind().name().starts_with("builtin.")
}

/// Whether `space` may be a memory space in `ctx`: [`is_supported_memory_space`],
/// or the opaque form of an attribute of a dialect `ctx` has registered
/// ([`Context::has_dialect`](strata_ctx::Context::has_dialect)). MLIR
/// accepts any attribute of a non-builtin dialect; an opaque attribute is
/// builtin in MLIR too, and stands for an unregistered dialect's, unless
/// its dialect is registered (then strata keeps the text of an attribute
/// MLIR would have parsed into that dialect's own, e.g.
/// `#gpu.address_space<workgroup>` in `mlir-opt`).
fn is_memory_space_in<P: Policy, S: BuildHasher>(
    ctx: &Context<P, S>,
    space: Attribute<'_>,
) -> bool {
    is_supported_memory_space(space)
        || space.dyn_cast::<crate::OpaqueAttr>().is_some_and(|o| {
            let dialect = o.payload().dialect;
            dialect != "builtin" && ctx.has_dialect(dialect)
        })
}

/// `None` for the default memory space (absent, or an integer 0).
fn canonical_memory_space(space: Option<Attribute<'_>>) -> Option<Attribute<'_>> {
    space.filter(|s| {
        !s.dyn_cast::<crate::IntegerAttr>()
            .is_some_and(|i| i.payload().value().is_zero())
    })
}

/// Checks that every dimension is static and non-negative or [`DYNAMIC`].
fn check_dims(shape: &[i64], message: &str) -> Result<(), BuiltinError> {
    if shape.iter().any(|&d| d < 0 && d != DYNAMIC) {
        return Err(BuiltinError::new(message));
    }
    Ok(())
}

/// The builtin types, as methods of a context (`ctx.i32()`, `ctx.tensor_type(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinTypes: AsContext {
    /// The integer type of `width` bits and the given signedness. The common
    /// signless widths (1, 8, 16, 32, 64, 128) are returned without a lookup.
    ///
    /// # Panics
    ///
    /// If `width` is above 2^24 - 1 (see
    /// [`try_integer_type`](Self::try_integer_type)).
    #[inline]
    #[track_caller]
    fn integer_type(&self, width: u32, signedness: Signedness) -> Interned<'_, IntegerType> {
        if width > strata_apnum::MAX_WIDTH {
            fail(BuiltinError::new(
                "integer bitwidth is limited to 16777215 bits",
            ));
        }
        if signedness == Signedness::Signless
            && let Some(i) = COMMON_INT_WIDTHS.iter().position(|&w| w == width)
        {
            return common(self.context(), word::INTS[i]);
        }
        self.context()
            .intern::<IntegerType>(IntegerTypeData { width, signedness })
    }

    /// The integer type of `width` bits, rejecting a width above 2^24 - 1
    /// (`integer bitwidth is limited to 16777215 bits`).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_integer_type(
        &self,
        width: u32,
        signedness: Signedness,
    ) -> Result<Interned<'_, IntegerType>, BuiltinError> {
        if width > strata_apnum::MAX_WIDTH {
            return Err(BuiltinError::new(
                "integer bitwidth is limited to 16777215 bits",
            ));
        }
        Ok(self.integer_type(width, signedness))
    }

    /// The signless integer type `iN`.
    #[inline]
    fn int(&self, width: u32) -> Interned<'_, IntegerType> {
        self.integer_type(width, Signedness::Signless)
    }

    /// `i1`, pre-created.
    #[inline]
    fn i1(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[0])
    }

    /// `i8`, pre-created.
    #[inline]
    fn i8(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[1])
    }

    /// `i16`, pre-created.
    #[inline]
    fn i16(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[2])
    }

    /// `i32`, pre-created.
    #[inline]
    fn i32(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[3])
    }

    /// `i64`, pre-created.
    #[inline]
    fn i64(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[4])
    }

    /// `i128`, pre-created.
    #[inline]
    fn i128(&self) -> Interned<'_, IntegerType> {
        common(self.context(), word::INTS[5])
    }

    /// `index`, pre-created.
    #[inline]
    fn index(&self) -> Interned<'_, IndexType> {
        common(self.context(), word::INDEX)
    }

    /// The float type of `kind` (f16, bf16, f32 and f64 are pre-created).
    #[inline]
    fn float_type(&self, kind: FloatKind) -> Interned<'_, FloatType> {
        if let Some(i) = COMMON_FLOATS.iter().position(|&k| k == kind) {
            return common(self.context(), word::FLOATS[i]);
        }
        self.context().intern::<FloatType>(kind)
    }

    /// `f16`, pre-created.
    #[inline]
    fn f16(&self) -> Interned<'_, FloatType> {
        self.float_type(FloatKind::F16)
    }

    /// `bf16`, pre-created.
    #[inline]
    fn bf16(&self) -> Interned<'_, FloatType> {
        self.float_type(FloatKind::BF16)
    }

    /// `f32`, pre-created.
    #[inline]
    fn f32(&self) -> Interned<'_, FloatType> {
        self.float_type(FloatKind::F32)
    }

    /// `f64`, pre-created.
    #[inline]
    fn f64(&self) -> Interned<'_, FloatType> {
        self.float_type(FloatKind::F64)
    }

    /// `none`, pre-created.
    #[inline]
    fn none_type(&self) -> Interned<'_, NoneType> {
        common(self.context(), word::NONE)
    }

    /// The function type `(inputs) -> (results)`.
    fn function_type<'c>(
        &'c self,
        inputs: &[Type<'c>],
        results: &[Type<'c>],
    ) -> Interned<'c, FunctionType> {
        self.context()
            .intern::<FunctionType>(FunctionTypeData { inputs, results })
    }

    /// `tuple<elements>`.
    fn tuple_type<'c>(&'c self, elements: &[Type<'c>]) -> Interned<'c, TupleType> {
        self.context()
            .intern::<TupleType>(TupleTypeData { elements })
    }

    /// `tensor<shape x element>`; use [`DYNAMIC`] for `?`.
    ///
    /// # Panics
    ///
    /// Where [`try_tensor_type`](Self::try_tensor_type) fails.
    #[track_caller]
    fn tensor_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, RankedTensorType> {
        ok(self.try_tensor_type(shape, element, None))
    }

    /// `tensor<shape x element[, encoding]>`, checked as MLIR's verifier
    /// does: every dimension is non-negative or [`DYNAMIC`] (`invalid tensor
    /// dimension size`), and the element is an integer, index, float,
    /// complex, vector or opaque type or a type of another dialect
    /// (`invalid tensor element type`).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_tensor_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
        encoding: Option<Attribute<'c>>,
    ) -> Result<Interned<'c, RankedTensorType>, BuiltinError> {
        let element = element.into();
        check_dims(shape, "invalid tensor dimension size")?;
        if !is_valid_tensor_element(element) {
            return Err(BuiltinError::new(format!(
                "invalid tensor element type: {element}"
            )));
        }
        Ok(self
            .context()
            .intern::<RankedTensorType>(RankedTensorTypeData {
                shape,
                element,
                encoding,
            }))
    }

    /// `tensor<* x element>`.
    ///
    /// # Panics
    ///
    /// If the element type is not valid for a tensor.
    #[track_caller]
    fn unranked_tensor_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, UnrankedTensorType> {
        ok(self.try_unranked_tensor_type(element))
    }

    /// `tensor<* x element>`, checked as [`try_tensor_type`](Self::try_tensor_type)
    /// checks the element.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_unranked_tensor_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
    ) -> Result<Interned<'c, UnrankedTensorType>, BuiltinError> {
        let element = element.into();
        if !is_valid_tensor_element(element) {
            return Err(BuiltinError::new(format!(
                "invalid tensor element type: {element}"
            )));
        }
        Ok(self
            .context()
            .intern::<UnrankedTensorType>(UnrankedTensorTypeData { element }))
    }

    /// `memref<shape x element>` (identity layout, default memory space).
    ///
    /// # Panics
    ///
    /// Where [`try_memref_type`](Self::try_memref_type) fails.
    #[track_caller]
    fn memref_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, MemRefType> {
        ok(self.try_memref_type(shape, element, None, None))
    }

    /// `memref<shape x element[, layout][, memory_space]>`, checked as MLIR's
    /// verifier does: dimensions (`invalid memref size`), the element type
    /// (`invalid memref element type`), the layout (an affine map with one
    /// dimension per rank, or a strided layout with one stride per rank) and
    /// the memory space (an integer, string or dictionary attribute, one of
    /// another dialect, or the opaque form of one of a dialect the context
    /// has registered: `unsupported memory space Attribute`). As in MLIR an
    /// identity affine map layout is dropped, and so is an integer `0`
    /// memory space.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_memref_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
        layout: Option<Attribute<'c>>,
        memory_space: Option<Attribute<'c>>,
    ) -> Result<Interned<'c, MemRefType>, BuiltinError> {
        let element = element.into();
        check_dims(shape, "invalid memref size")?;
        if !is_valid_memref_element(element) {
            return Err(BuiltinError::new("invalid memref element type"));
        }
        let mut layout = layout;
        if let Some(l) = layout {
            if let Some(map) = l.dyn_cast::<crate::AffineMapAttr>() {
                let map = map.payload();
                if map.num_dims as usize != shape.len() {
                    return Err(BuiltinError::new(format!(
                        "memref layout mismatch between rank and affine map: {} != {}",
                        shape.len(),
                        map.num_dims
                    )));
                }
                if map.is_identity() {
                    layout = None;
                }
            } else if let Some(s) = l.dyn_cast::<crate::StridedLayoutAttr>() {
                if s.payload().strides.len() != shape.len() {
                    return Err(BuiltinError::new(
                        "expected the number of strides to match the rank",
                    ));
                }
            } else {
                return Err(BuiltinError::new(format!(
                    "unsupported memref layout `{l}` (an affine map or a strided layout)"
                )));
            }
        }
        if let Some(m) = memory_space
            && !is_memory_space_in(self.context(), m)
        {
            return Err(BuiltinError::new("unsupported memory space Attribute"));
        }
        Ok(self.context().intern::<MemRefType>(MemRefTypeData {
            shape,
            element,
            layout,
            memory_space: canonical_memory_space(memory_space),
        }))
    }

    /// `memref<* x element[, memory_space]>`, checked as
    /// [`try_memref_type`](Self::try_memref_type) checks the element and the
    /// memory space.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_unranked_memref_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
        memory_space: Option<Attribute<'c>>,
    ) -> Result<Interned<'c, UnrankedMemRefType>, BuiltinError> {
        let element = element.into();
        if !is_valid_memref_element(element) {
            return Err(BuiltinError::new("invalid memref element type"));
        }
        if let Some(m) = memory_space
            && !is_memory_space_in(self.context(), m)
        {
            return Err(BuiltinError::new("unsupported memory space Attribute"));
        }
        Ok(self
            .context()
            .intern::<UnrankedMemRefType>(UnrankedMemRefTypeData {
                element,
                memory_space: canonical_memory_space(memory_space),
            }))
    }

    /// `memref<* x element[, memory_space]>`.
    ///
    /// # Panics
    ///
    /// Where [`try_unranked_memref_type`](Self::try_unranked_memref_type)
    /// fails.
    #[track_caller]
    fn unranked_memref_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
        memory_space: Option<Attribute<'c>>,
    ) -> Interned<'c, UnrankedMemRefType> {
        ok(self.try_unranked_memref_type(element, memory_space))
    }

    /// `memref<shape x element[, layout][, memory_space]>`.
    ///
    /// # Panics
    ///
    /// Where [`try_memref_type`](Self::try_memref_type) fails.
    #[track_caller]
    fn memref_type_with<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
        layout: Option<Attribute<'c>>,
        memory_space: Option<Attribute<'c>>,
    ) -> Interned<'c, MemRefType> {
        ok(self.try_memref_type(shape, element, layout, memory_space))
    }

    /// `tensor<shape x element[, encoding]>`.
    ///
    /// # Panics
    ///
    /// Where [`try_tensor_type`](Self::try_tensor_type) fails.
    #[track_caller]
    fn tensor_type_with_encoding<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
        encoding: Option<Attribute<'c>>,
    ) -> Interned<'c, RankedTensorType> {
        ok(self.try_tensor_type(shape, element, encoding))
    }

    /// `vector<shape x element>` with the flagged dimensions scalable.
    ///
    /// # Panics
    ///
    /// Where [`try_vector_type`](Self::try_vector_type) fails.
    #[track_caller]
    fn scalable_vector_type<'c>(
        &'c self,
        shape: &[i64],
        scalable: &[bool],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, VectorType> {
        ok(self.try_vector_type(shape, element, scalable))
    }

    /// `!dialect.data`.
    ///
    /// # Panics
    ///
    /// If `dialect` is not a valid namespace.
    #[track_caller]
    fn opaque_type<'c>(&'c self, dialect: &str, data: &str) -> Interned<'c, OpaqueType> {
        ok(self.try_opaque_type(dialect, data))
    }

    /// `vector<shape x element>`.
    ///
    /// # Panics
    ///
    /// Where [`try_vector_type`](Self::try_vector_type) fails.
    #[track_caller]
    fn vector_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, VectorType> {
        ok(self.try_vector_type(shape, element, &[]))
    }

    /// `vector<shape x element>` with the dimensions flagged in `scalable`
    /// scalable (`vector<[4]xf32>`; pass `&[]` for none), checked as MLIR's
    /// verifier does: every dimension is a positive constant (`vector<?xf32>`
    /// and `vector<0xf32>` are rejected), the element is an integer, index
    /// or float type, and `scalable` is empty or has one flag per dimension.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_vector_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
        scalable: &[bool],
    ) -> Result<Interned<'c, VectorType>, BuiltinError> {
        let element = element.into();
        if shape.iter().any(|&d| d <= 0) {
            return Err(BuiltinError::new(
                "vector types must have positive constant sizes",
            ));
        }
        if !is_int_or_index_or_float(element) {
            return Err(BuiltinError::new(
                "vector elements must be int/index/float type",
            ));
        }
        if !scalable.is_empty() && scalable.len() != shape.len() {
            return Err(BuiltinError::new(format!(
                "number of dims must match, got {} and {}",
                scalable.len(),
                shape.len()
            )));
        }
        let scalable = if scalable.iter().any(|&s| s) {
            scalable
        } else {
            &[]
        };
        Ok(self.context().intern::<VectorType>(VectorTypeData {
            shape,
            element,
            scalable,
        }))
    }

    /// `complex<element>`.
    ///
    /// # Panics
    ///
    /// If the element is not an integer or float type.
    #[track_caller]
    fn complex_type<'c>(&'c self, element: impl Into<Type<'c>>) -> Interned<'c, ComplexType> {
        ok(self.try_complex_type(element))
    }

    /// `complex<element>`, rejecting an element that is not an integer or
    /// float type (`invalid element type for complex`).
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] with MLIR's message.
    fn try_complex_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
    ) -> Result<Interned<'c, ComplexType>, BuiltinError> {
        let element = element.into();
        if !(element.isa::<IntegerType>() || element.isa::<FloatType>()) {
            return Err(BuiltinError::new("invalid element type for complex"));
        }
        Ok(self
            .context()
            .intern::<ComplexType>(ComplexTypeData { element }))
    }

    /// `!dialect.data` (or `!dialect<data>`): a type of a dialect strata does
    /// not know, printed back as written.
    ///
    /// # Errors
    ///
    /// [`BuiltinError`] if `dialect` is not a valid namespace.
    fn try_opaque_type<'c>(
        &'c self,
        dialect: &str,
        data: &str,
    ) -> Result<Interned<'c, OpaqueType>, BuiltinError> {
        if !is_valid_dialect_namespace(dialect) {
            return Err(BuiltinError::new(format!(
                "invalid dialect namespace '{dialect}'"
            )));
        }
        Ok(self
            .context()
            .intern::<OpaqueType>(OpaqueTypeData { dialect, data }))
    }
}

impl<T: AsContext + ?Sized> BuiltinTypes for T {}
