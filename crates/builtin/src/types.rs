//! Builtin types.

use core::fmt;

use crate::{COMMON_FLOATS, COMMON_INT_WIDTHS, builtin_kind, comma_list};
use strata_ctx::{Interned, Type};

use crate::{AsContext, common};

/// The size of a dynamic dimension in a shape (MLIR's
/// `ShapedType::kDynamic`), printed `?`.
pub const DYNAMIC: i64 = i64::MIN;

/// The signedness semantics of an integer type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    /// `iN`: no sign semantics.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

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

/// The floating-point formats (the payload of a float type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// IEEE half precision.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single precision.
    F32,
    /// IEEE double precision.
    F64,
    /// x87 extended precision.
    F80,
    /// IEEE quadruple precision.
    F128,
    /// NVIDIA TensorFloat-32.
    TF32,
}

impl FloatKind {
    /// The width in bits.
    pub const fn width(self) -> u32 {
        match self {
            FloatKind::F16 | FloatKind::BF16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

impl fmt::Display for FloatKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
            FloatKind::TF32 => "tf32",
        })
    }
}

builtin_kind!(
    /// `f16`, `bf16`, `f32`, `f64`, `f80`, `f128`, `tf32`.
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

impl fmt::Display for FunctionTypeData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        comma_list(f, self.inputs)?;
        f.write_str(") -> ")?;
        match self.results {
            [single] if !single.isa::<FunctionType>() => write!(f, "{single}"),
            results => {
                f.write_str("(")?;
                comma_list(f, results)?;
                f.write_str(")")
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

impl fmt::Display for TupleTypeData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tuple<")?;
        comma_list(f, self.elements)?;
        f.write_str(">")
    }
}

builtin_kind!(
    /// `tuple<i32, f32>`.
    TupleType: "builtin.tuple", Type, TypeKind, TupleTypeData<'c, 'c>, TupleTypeData<'k, 'c>,
    |key, arena| TupleTypeData { elements: arena.alloc_slice_copy(key.elements) }
);

/// Writes `4x?x8x` (each dimension followed by `x`).
fn write_shape(f: &mut fmt::Formatter<'_>, shape: &[i64]) -> fmt::Result {
    for &d in shape {
        if d == DYNAMIC {
            f.write_str("?x")?;
        } else {
            write!(f, "{d}x")?;
        }
    }
    Ok(())
}

/// The payload of a shaped type (ranked tensor, memref, vector).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapedTypeData<'s, 'c> {
    /// The dimensions; [`DYNAMIC`] for an unknown size.
    pub shape: &'s [i64],
    /// The element type.
    pub element: Type<'c>,
}

impl ShapedTypeData<'_, '_> {
    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements, if every dimension is static.
    pub fn num_elements(&self) -> Option<i64> {
        self.shape.iter().try_fold(1i64, |acc, &d| {
            if d == DYNAMIC {
                None
            } else {
                acc.checked_mul(d)
            }
        })
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
        write!(f, "{name}<")?;
        write_shape(f, self.shape)?;
        write!(f, "{}>", self.element)
    }
}

/// Tensor payloads print as `tensor<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RankedTensorTypeData<'s, 'c>(pub ShapedTypeData<'s, 'c>);

impl fmt::Display for RankedTensorTypeData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, "tensor")
    }
}

builtin_kind!(
    /// `tensor<4x?xf32>`: ranked tensors.
    RankedTensorType: "builtin.ranked_tensor", Type, TypeKind, RankedTensorTypeData<'c, 'c>, RankedTensorTypeData<'k, 'c>,
    |key, arena| RankedTensorTypeData(ShapedTypeData { shape: arena.alloc_slice_copy(key.0.shape), element: key.0.element })
);

/// MemRef payloads print as `memref<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemRefTypeData<'s, 'c>(pub ShapedTypeData<'s, 'c>);

impl fmt::Display for MemRefTypeData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, "memref")
    }
}

builtin_kind!(
    /// `memref<4x8xf32>`: memory references with an identity layout.
    MemRefType: "builtin.memref", Type, TypeKind, MemRefTypeData<'c, 'c>, MemRefTypeData<'k, 'c>,
    |key, arena| MemRefTypeData(ShapedTypeData { shape: arena.alloc_slice_copy(key.0.shape), element: key.0.element })
);

/// Vector payloads print as `vector<...>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VectorTypeData<'s, 'c>(pub ShapedTypeData<'s, 'c>);

impl fmt::Display for VectorTypeData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f, "vector")
    }
}

builtin_kind!(
    /// `vector<4x4xf32>`: fixed-size vectors.
    VectorType: "builtin.vector", Type, TypeKind, VectorTypeData<'c, 'c>, VectorTypeData<'k, 'c>,
    |key, arena| VectorTypeData(ShapedTypeData { shape: arena.alloc_slice_copy(key.0.shape), element: key.0.element })
);

/// The payload of types that wrap one element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnrankedTensorTypeData<'c> {
    /// The element type.
    pub element: Type<'c>,
}

impl fmt::Display for UnrankedTensorTypeData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tensor<*x{}>", self.element)
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

impl fmt::Display for ComplexTypeData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "complex<{}>", self.element)
    }
}

builtin_kind!(
    /// `complex<f32>`.
    ComplexType: "builtin.complex", Type, TypeKind, ComplexTypeData<'c>, ComplexTypeData<'c>, |key, _arena| *key
);

/// The builtin types, as methods of a context (`ctx.i32()`, `ctx.tensor_type(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinTypes: AsContext {
    /// The integer type of `width` bits and the given signedness. The common
    /// signless widths (1, 8, 16, 32, 64, 128) are returned without a lookup.
    #[inline]
    fn integer_type(&self, width: u32, signedness: Signedness) -> Interned<'_, IntegerType> {
        if signedness == Signedness::Signless
            && let Some(i) = COMMON_INT_WIDTHS.iter().position(|&w| w == width)
        {
            return common(self.context(), |b| b.ints[i]);
        }
        self.context()
            .intern::<IntegerType>(IntegerTypeData { width, signedness })
    }

    /// The signless integer type `iN`.
    #[inline]
    fn int(&self, width: u32) -> Interned<'_, IntegerType> {
        self.integer_type(width, Signedness::Signless)
    }

    /// `i1`, pre-created.
    #[inline]
    fn i1(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[0])
    }

    /// `i8`, pre-created.
    #[inline]
    fn i8(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[1])
    }

    /// `i16`, pre-created.
    #[inline]
    fn i16(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[2])
    }

    /// `i32`, pre-created.
    #[inline]
    fn i32(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[3])
    }

    /// `i64`, pre-created.
    #[inline]
    fn i64(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[4])
    }

    /// `i128`, pre-created.
    #[inline]
    fn i128(&self) -> Interned<'_, IntegerType> {
        common(self.context(), |b| b.ints[5])
    }

    /// `index`, pre-created.
    #[inline]
    fn index(&self) -> Interned<'_, IndexType> {
        common(self.context(), |b| b.index)
    }

    /// The float type of `kind` (f16, bf16, f32 and f64 are pre-created).
    #[inline]
    fn float_type(&self, kind: FloatKind) -> Interned<'_, FloatType> {
        if let Some(i) = COMMON_FLOATS.iter().position(|&k| k == kind) {
            return common(self.context(), |b| b.floats[i]);
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
        common(self.context(), |b| b.none)
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
    fn tensor_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, RankedTensorType> {
        self.context()
            .intern::<RankedTensorType>(RankedTensorTypeData(ShapedTypeData {
                shape,
                element: element.into(),
            }))
    }

    /// `tensor<* x element>`.
    fn unranked_tensor_type<'c>(
        &'c self,
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, UnrankedTensorType> {
        self.context()
            .intern::<UnrankedTensorType>(UnrankedTensorTypeData {
                element: element.into(),
            })
    }

    /// `memref<shape x element>`.
    fn memref_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, MemRefType> {
        self.context()
            .intern::<MemRefType>(MemRefTypeData(ShapedTypeData {
                shape,
                element: element.into(),
            }))
    }

    /// `vector<shape x element>`.
    fn vector_type<'c>(
        &'c self,
        shape: &[i64],
        element: impl Into<Type<'c>>,
    ) -> Interned<'c, VectorType> {
        self.context()
            .intern::<VectorType>(VectorTypeData(ShapedTypeData {
                shape,
                element: element.into(),
            }))
    }

    /// `complex<element>`.
    fn complex_type<'c>(&'c self, element: impl Into<Type<'c>>) -> Interned<'c, ComplexType> {
        self.context().intern::<ComplexType>(ComplexTypeData {
            element: element.into(),
        })
    }
}

impl<T: AsContext + ?Sized> BuiltinTypes for T {}
