//! Seeded random builtin forms, built through strata-builtin's constructors
//! and printed by strata. Shared by the `oracle_forms` example (which the
//! regeneration script runs to feed `mlir-opt-19`) and the `oracle` test
//! (which prints them again and compares with what `mlir-opt-19` printed).

use strata_builtin::DYNAMIC;
use strata_builtin::apnum::{ApFloat, FloatSemantics};
use strata_builtin::prelude::*;
use strata_ctx::{Attribute, Context, Location, Type};

/// A small deterministic generator (SplitMix64).
pub(crate) struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability 1 / `n`.
    pub(crate) fn one_in(&mut self, n: u64) -> bool {
        self.below(n) == 0
    }
}

/// What a form is, for the oracle's wrapping: a type, an attribute or a
/// location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// A type, wrapped as an attribute value.
    Type,
    /// An attribute.
    Attr,
    /// A location.
    Loc,
}

impl Form {
    /// The tag written in the oracle file.
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Form::Type => "type",
            Form::Attr => "attr",
            Form::Loc => "loc",
        }
    }
}

/// The low `bits` bits.
fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

fn float_kind(rng: &mut Rng) -> FloatSemantics {
    FloatSemantics::ALL[rng.below(FloatSemantics::ALL.len() as u64) as usize]
}

fn int_type<'c>(ctx: &'c Context, rng: &mut Rng) -> Type<'c> {
    let width = match rng.below(4) {
        0 => [1, 8, 16, 32, 64][rng.below(5) as usize],
        1 => 1 + rng.below(130) as u32,
        2 => [0, 128, 200, 1000][rng.below(4) as usize],
        _ => 32,
    };
    let signedness = [
        strata_builtin::Signedness::Signless,
        strata_builtin::Signedness::Signed,
        strata_builtin::Signedness::Unsigned,
    ][rng.below(3) as usize];
    ctx.integer_type(width, signedness).into()
}

/// A scalar type: integer, index or float.
fn scalar<'c>(ctx: &'c Context, rng: &mut Rng) -> Type<'c> {
    match rng.below(5) {
        0 | 1 => int_type(ctx, rng),
        2 => ctx.index().into(),
        _ => ctx.float_type(float_kind(rng)).into(),
    }
}

fn shape(rng: &mut Rng, dynamic: bool) -> Vec<i64> {
    (0..rng.below(4))
        .map(|_| {
            if dynamic && rng.one_in(4) {
                DYNAMIC
            } else {
                rng.below(9) as i64 + i64::from(!dynamic)
            }
        })
        .collect()
}

/// A random type, nested at most `depth` levels.
pub(crate) fn ty<'c>(ctx: &'c Context, rng: &mut Rng, depth: u32) -> Type<'c> {
    let pick = if depth == 0 {
        rng.below(3)
    } else {
        rng.below(13)
    };
    match pick {
        0 => scalar(ctx, rng),
        1 => ctx.none_type().into(),
        2 => ctx
            .complex_type(if rng.one_in(2) {
                int_type(ctx, rng)
            } else {
                ctx.float_type(float_kind(rng)).into()
            })
            .into(),
        3 => {
            let elems: Vec<Type<'c>> = (0..rng.below(4)).map(|_| ty(ctx, rng, depth - 1)).collect();
            ctx.tuple_type(&elems).into()
        }
        4 => {
            let ins: Vec<Type<'c>> = (0..rng.below(3)).map(|_| ty(ctx, rng, depth - 1)).collect();
            let outs: Vec<Type<'c>> = (0..rng.below(3)).map(|_| ty(ctx, rng, depth - 1)).collect();
            ctx.function_type(&ins, &outs).into()
        }
        5 | 6 => {
            let element = tensor_element(ctx, rng, depth - 1);
            let encoding = rng.one_in(3).then(|| small_attr(ctx, rng));
            ctx.try_tensor_type(&shape(rng, true), element, encoding)
                .map_or_else(|_| ctx.f32().into(), Into::into)
        }
        7 => ctx
            .unranked_tensor_type(tensor_element(ctx, rng, depth - 1))
            .into(),
        8 => {
            let dims = shape(rng, false);
            let scalable: Vec<bool> = if rng.one_in(2) {
                dims.iter().map(|_| rng.one_in(3)).collect()
            } else {
                Vec::new()
            };
            ctx.try_vector_type(&dims, scalar(ctx, rng), &scalable)
                .map_or_else(|_| ctx.f32().into(), Into::into)
        }
        9 | 10 => {
            let dims = shape(rng, true);
            let layout = match rng.below(3) {
                0 => None,
                1 => {
                    let strides: Vec<i64> = dims
                        .iter()
                        .map(|_| {
                            if rng.one_in(4) {
                                DYNAMIC
                            } else {
                                1 + rng.below(64) as i64
                            }
                        })
                        .collect();
                    let offset = match rng.below(3) {
                        0 => 0,
                        1 => DYNAMIC,
                        _ => rng.below(100) as i64,
                    };
                    Some(ctx.strided_layout_attr(offset, &strides).into())
                }
                _ => Some(
                    ctx.affine_map_attr(random_map(ctx, rng, dims.len() as u32))
                        .into(),
                ),
            };
            let space = memory_space(ctx, rng);
            let element = if rng.one_in(5) {
                ctx.complex_type(ctx.f32()).into()
            } else {
                scalar(ctx, rng)
            };
            ctx.try_memref_type(&dims, element, layout, space)
                .map_or_else(|_| ctx.f32().into(), Into::into)
        }
        11 => {
            let space = memory_space(ctx, rng);
            ctx.unranked_memref_type(scalar(ctx, rng), space).into()
        }
        _ => {
            let data = ["bar", "a.b", "x<1>", "y<\"s\">", "\"q r\""][rng.below(5) as usize];
            ctx.opaque_type("foo", data).into()
        }
    }
}

fn tensor_element<'c>(ctx: &'c Context, rng: &mut Rng, depth: u32) -> Type<'c> {
    match rng.below(6) {
        0 => ctx.complex_type(ctx.f64()).into(),
        1 if depth > 0 => ctx
            .vector_type(&[1 + rng.below(4) as i64], scalar(ctx, rng))
            .into(),
        2 => ctx.opaque_type("foo", "elt").into(),
        _ => scalar(ctx, rng),
    }
}

fn memory_space<'c>(ctx: &'c Context, rng: &mut Rng) -> Option<Attribute<'c>> {
    match rng.below(5) {
        0 => Some(ctx.i64_attr(rng.below(5) as i64).into()),
        1 => Some(ctx.integer_attr(ctx.i32(), rng.below(5) as i128).into()),
        2 => Some(ctx.string_attr("gpu").into()),
        3 => Some(ctx.dictionary_attr(&[("x", ctx.i64_attr(1).into())]).into()),
        _ => None,
    }
}

/// A random affine map over `num_dims` dimensions of sums of scaled
/// dimensions and symbols.
fn random_map<'c>(
    ctx: &'c Context,
    rng: &mut Rng,
    num_dims: u32,
) -> strata_ctx::affine::AffineMap<'c> {
    let aff = ctx.affine();
    let num_symbols = rng.below(3) as u32;
    let results: Vec<_> = (0..1 + rng.below(3))
        .map(|_| {
            let mut e = aff.constant(rng.below(5) as i64);
            for _ in 0..1 + rng.below(2) {
                let leaf = if num_symbols > 0 && rng.one_in(3) {
                    aff.symbol(rng.below(u64::from(num_symbols)) as u32)
                } else if num_dims > 0 {
                    aff.dim(rng.below(u64::from(num_dims)) as u32)
                } else {
                    aff.constant(3)
                };
                let scaled = aff.mul(leaf, aff.constant(1 + rng.below(4) as i64));
                e = aff.add(e, scaled);
            }
            // Only sums: MLIR simplifies divisions further than strata's
            // affine cluster does, which is not a printing matter.
            e
        })
        .collect();
    aff.map(num_dims, num_symbols, &results)
}

/// A random string of printable ASCII, escapes and UTF-8.
fn string(rng: &mut Rng) -> String {
    const PIECES: [&str; 10] = ["a", "Z", " ", "\"", "\\", "\n", "\t", "é", "\u{1}", "x.y"];
    (0..rng.below(6))
        .map(|_| PIECES[rng.below(10) as usize])
        .collect()
}

/// A random attribute that is valid anywhere (for encodings).
fn small_attr<'c>(ctx: &'c Context, rng: &mut Rng) -> Attribute<'c> {
    match rng.below(3) {
        0 => ctx.string_attr(&string(rng)).into(),
        1 => ctx.i64_attr(rng.below(100) as i64).into(),
        _ => ctx.opaque_attr("foo", "enc", ctx.none_type()).into(),
    }
}

/// A random float attribute: random bits of a random float type, or a
/// value of a decimal literal.
fn float_attr<'c>(ctx: &'c Context, rng: &mut Rng) -> Attribute<'c> {
    let sem = float_kind(rng);
    let ty = ctx.float_type(sem);
    // MLIR's parser reads a decimal literal through `f64`, so an `f80` or
    // `f128` value that is not an `f64` cannot come back from its print.
    let wide = matches!(sem, FloatSemantics::F80 | FloatSemantics::F128);
    if rng.one_in(2) && !wide {
        let bits = (u128::from(rng.next()) << 64 | u128::from(rng.next())) & mask(sem.bit_width());
        let v = ApFloat::from_bits(sem, bits).expect("masked to the width");
        ctx.try_float_attr_ap(ty, v).unwrap().into()
    } else {
        let v = (rng.next() as i64 as f64) / 2f64.powi(rng.below(80) as i32);
        ctx.float_attr(ty, v).into()
    }
}

/// Raw little-endian bytes for `n` elements of `width` bytes, each element's
/// value masked to `bits` (or a float of that format, for `sem`).
fn element_bytes(rng: &mut Rng, ty: Type<'_>, n: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..n {
        if let Some(t) = ty.dyn_cast::<strata_builtin::FloatType>() {
            let sem = *t.payload();
            let bytes = (sem.mlir_width() as usize).div_ceil(8);
            let bits = if matches!(sem, FloatSemantics::F80 | FloatSemantics::F128) {
                // Values MLIR's `f64`-based parser can read back.
                let v = (rng.next() as i64 as f64) / 2f64.powi(rng.below(80) as i32);
                ApFloat::from_f64(sem, v).to_bits()
            } else {
                u128::from(rng.next()) & mask(sem.bit_width())
            };
            out.extend_from_slice(&bits.to_le_bytes()[..bytes]);
        } else if let Some(t) = ty.dyn_cast::<strata_builtin::IntegerType>() {
            let w = t.payload().width;
            let bytes = (w as usize).div_ceil(8).max(1);
            let v = if w >= 64 {
                rng.next()
            } else {
                rng.next() & ((1u64 << w) - 1)
            };
            let mut le = v.to_le_bytes().to_vec();
            le.resize(bytes, 0);
            out.extend_from_slice(&le);
        } else {
            out.extend_from_slice(&rng.next().to_le_bytes());
        }
    }
    out
}

/// A random attribute, nested at most `depth` levels.
pub(crate) fn attr<'c>(ctx: &'c Context, rng: &mut Rng, depth: u32) -> Attribute<'c> {
    let pick = if depth == 0 {
        rng.below(4)
    } else {
        rng.below(22)
    };
    match pick {
        0 => {
            let t = int_type(ctx, rng);
            let v = rng.next() as i64 as i128;
            ctx.integer_attr(t, v).into()
        }
        1 => float_attr(ctx, rng),
        2 => ctx.string_attr(&string(rng)).into(),
        3 => ctx.unit_attr().into(),
        4 => {
            let elems: Vec<_> = (0..rng.below(4))
                .map(|_| attr(ctx, rng, depth - 1))
                .collect();
            ctx.array_attr(&elems).into()
        }
        5 => {
            let names = ["b", "a", "x.y", "with space", "_z"];
            let entries: Vec<(&str, Attribute<'c>)> = (0..rng.below(4))
                .map(|_| (names[rng.below(5) as usize], attr(ctx, rng, depth - 1)))
                .collect();
            ctx.dictionary_attr(&entries).into()
        }
        6 => ctx.type_attr(ty(ctx, rng, 2)).into(),
        7 | 8 => {
            // Dense elements of integers or floats, splat or not.
            let element = match rng.below(3) {
                0 => ctx.float_type(float_kind(rng)).into(),
                1 => ctx.i1().into(),
                _ => ctx.int([8, 16, 32, 64, 3][rng.below(5) as usize]).into(),
            };
            let dims: Vec<i64> = (0..rng.below(3)).map(|_| rng.below(4) as i64).collect();
            let n = dims.iter().product::<i64>() as usize;
            let t = ctx.tensor_type(&dims, element);
            let data = if rng.one_in(3) {
                element_bytes(rng, element, 1)
            } else {
                element_bytes(rng, element, n)
            };
            let data = if element == ctx.i1().into() {
                data.iter().map(|b| b & 1).collect()
            } else {
                data
            };
            ctx.try_dense_attr(t, &data)
                .map_or_else(|_| ctx.unit_attr().into(), Into::into)
        }
        9 => {
            let element = [
                ctx.i64().into(),
                ctx.i8().into(),
                ctx.i1().into(),
                ctx.f32().into(),
                ctx.f64().into(),
            ][rng.below(5) as usize];
            let n = rng.below(4) as usize;
            let data = element_bytes(rng, element, n);
            let data = if element == ctx.i1().into() {
                data.iter().map(|b| b & 1).collect()
            } else {
                data
            };
            ctx.dense_array_attr(element, &data).into()
        }
        10 => {
            let names = ["f", "g.h", "with space", "_x"];
            let nested: Vec<&str> = (0..rng.below(3))
                .map(|_| names[rng.below(4) as usize])
                .collect();
            ctx.symbol_ref_attr(names[rng.below(4) as usize], &nested)
                .into()
        }
        11 => {
            let n = rng.below(3) as u32;
            ctx.affine_map_attr(random_map(ctx, rng, n)).into()
        }
        12 => {
            let strides: Vec<i64> = (0..rng.below(3))
                .map(|_| {
                    if rng.one_in(3) {
                        DYNAMIC
                    } else {
                        1 + rng.below(9) as i64
                    }
                })
                .collect();
            let offset = [0, 7, DYNAMIC][rng.below(3) as usize];
            ctx.strided_layout_attr(offset, &strides).into()
        }
        13 => {
            let t = if rng.one_in(2) {
                ctx.none_type().into()
            } else {
                scalar(ctx, rng)
            };
            ctx.opaque_attr("foo", ["a", "b<1>", "\"s\""][rng.below(3) as usize], t)
                .into()
        }
        14 => {
            let t = ctx.tensor_type(&[4], ctx.f32());
            let values = element_bytes(rng, ctx.f32().into(), 2);
            let first = rng.below(4) as i64;
            let second = (first + 1 + rng.below(3) as i64) % 4;
            ctx.try_sparse_elements_attr(t, &[first, second], &values)
                .map_or_else(|_| ctx.unit_attr().into(), Into::into)
        }
        15 => ctx.typed_string_attr(&string(rng), scalar(ctx, rng)).into(),
        16 => {
            // Wide integers with random bits in every word.
            let t = ctx.integer_type(
                65 + rng.below(300) as u32,
                [
                    strata_builtin::Signedness::Signless,
                    strata_builtin::Signedness::Signed,
                    strata_builtin::Signedness::Unsigned,
                ][rng.below(3) as usize],
            );
            let width = t.payload().width;
            let limbs: Vec<u64> = (0..width.div_ceil(64)).map(|_| rng.next()).collect();
            let v = strata_builtin::apnum::ApInt::from_limbs(width, &limbs);
            // A signed type holds only its signed range: clear the sign bit.
            let v = if t.payload().signedness == strata_builtin::Signedness::Signed && v.sign_bit()
            {
                v.negated()
            } else {
                v
            };
            let v = if v.sign_bit() && t.payload().signedness == strata_builtin::Signedness::Signed
            {
                strata_builtin::apnum::ApInt::zero(width)
            } else {
                v
            };
            ctx.integer_attr_ap(t, &v).into()
        }
        17 => {
            // Dense strings, splat or not.
            let n = 1 + rng.below(3) as i64;
            let t = ctx.tensor_type(&[n], ctx.opaque_type("foo", "str"));
            let values: Vec<String> = (0..n).map(|_| string(rng)).collect();
            let refs: Vec<&str> = values.iter().map(String::as_str).collect();
            let refs = if rng.one_in(3) { vec![refs[0]] } else { refs };
            ctx.try_dense_string_attr(t, &refs).unwrap().into()
        }
        18 => {
            // Complex dense elements.
            let element = if rng.one_in(2) {
                ctx.f32().into()
            } else {
                ctx.int(16).into()
            };
            let t = ctx.tensor_type(&[2], ctx.complex_type(element));
            let data = element_bytes(rng, element, 4);
            ctx.try_dense_attr(t, &data).unwrap().into()
        }
        19 => {
            // Above 100 elements: hex.
            let element =
                [ctx.i1().into(), ctx.i32().into(), ctx.f16().into()][rng.below(3) as usize];
            let t = ctx.tensor_type(&[101 + rng.below(30) as i64, 1], element);
            let n = elements(t.into());
            let data = element_bytes(rng, element, n);
            let data = if element == ctx.i1().into() {
                data.iter().map(|b| b & 1).collect()
            } else {
                data
            };
            ctx.try_dense_attr(t, &data).unwrap().into()
        }
        20 => {
            // Distinct attributes, one of them twice.
            let d = ctx.distinct_attr(attr(ctx, rng, depth - 1));
            let other = ctx.distinct_attr(ctx.unit_attr());
            ctx.array_attr(&[other.into(), d.into(), d.into()]).into()
        }
        _ => {
            let t = ctx.tensor_type(&[1 + rng.below(4) as i64], ctx.i32());
            ctx.dense_resource_attr(t, ["blob1", "r_2", "x.y"][rng.below(3) as usize])
                .into()
        }
    }
}

/// The number of elements of a statically shaped tensor type.
fn elements(ty: Type<'_>) -> usize {
    ty.dyn_cast::<strata_builtin::RankedTensorType>()
        .and_then(|t| t.payload().num_elements())
        .unwrap_or(0) as usize
}

/// A random location, nested at most `depth` levels.
pub(crate) fn loc<'c>(ctx: &'c Context, rng: &mut Rng, depth: u32) -> Location<'c> {
    let pick = if depth == 0 {
        rng.below(2)
    } else {
        rng.below(6)
    };
    match pick {
        // A file name is never empty: MLIR's parser replaces an empty one.
        0 => ctx
            .file_loc(
                &format!("f{}", string(rng)),
                rng.below(100) as u32,
                rng.below(100) as u32,
            )
            .into(),
        1 => ctx.unknown_loc().into(),
        2 => {
            let child = loc(ctx, rng, depth - 1);
            ctx.name_loc(&string(rng), child).into()
        }
        3 => {
            let callee = loc(ctx, rng, depth - 1);
            let caller = loc(ctx, rng, depth - 1);
            ctx.call_site_loc(callee, caller).into()
        }
        _ => {
            let parts: Vec<Location<'c>> = (0..rng.below(4))
                .map(|_| loc(ctx, rng, depth - 1))
                .collect();
            let meta = rng.one_in(2).then(|| small_attr(ctx, rng));
            ctx.fused_loc(&parts, meta)
        }
    }
}

/// The forms of the oracle: `count` of each kind, from `seed`.
pub(crate) fn forms(ctx: &Context, seed: u64, count: usize) -> Vec<(Form, String)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..count {
        out.push((Form::Type, ty(ctx, &mut rng, 3).to_string()));
        let a = attr(ctx, &mut rng, 3);
        // One printing of its own, as mlir-opt prints a form: distinct
        // attributes numbered from 0.
        out.push((Form::Attr, a.to_string()));
        out.push((Form::Loc, loc(ctx, &mut rng, 3).to_string()));
    }
    out
}

/// The random generator's starting value for the checked-in oracle.
pub(crate) const SEED: u64 = 19;
/// Forms of each kind in the checked-in oracle.
pub(crate) const COUNT: usize = 700;
