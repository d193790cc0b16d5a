//! Builtin kinds through both contexts.

use strata_builtin::prelude::*;
use strata_builtin::*;
use strata_ctx::{Attribute, Context, Local, Location, Policy, Shared, Type};

fn suite<P: Policy>(ctx: &Context<P>) {
    let i32t = ctx.i32();
    assert_eq!(i32t, ctx.int(32));
    assert_eq!(i32t, ctx.integer_type(32, Signedness::Signless));
    assert_eq!(i32t.to_string(), "i32");
    assert_eq!(ctx.integer_type(7, Signedness::Signed).to_string(), "si7");
    assert_eq!(
        ctx.integer_type(64, Signedness::Unsigned).to_string(),
        "ui64"
    );
    assert_eq!(ctx.index().to_string(), "index");
    assert_eq!(ctx.bf16().to_string(), "bf16");
    assert_eq!(ctx.float_type(FloatKind::F128).to_string(), "f128");
    assert_eq!(ctx.none_type().to_string(), "none");
    let f = ctx.function_type(&[i32t.into(), ctx.f32().into()], &[ctx.i64().into()]);
    assert_eq!(f.to_string(), "(i32, f32) -> i64");
    assert_eq!(ctx.function_type(&[], &[]).to_string(), "() -> ()");
    let two = ctx.function_type(&[i32t.into()], &[i32t.into(), i32t.into()]);
    assert_eq!(two.to_string(), "(i32) -> (i32, i32)");
    let t = ctx.tensor_type(&[4, DYNAMIC, 8], ctx.f32());
    assert_eq!(t.to_string(), "tensor<4x?x8xf32>");
    assert_eq!(t, ctx.tensor_type(&[4, DYNAMIC, 8], ctx.f32()));
    assert_eq!(ctx.tensor_type(&[], ctx.f32()).to_string(), "tensor<f32>");
    assert_eq!(
        ctx.unranked_tensor_type(ctx.f16()).to_string(),
        "tensor<*xf16>"
    );
    assert_eq!(
        ctx.memref_type(&[4, 8], ctx.f32()).to_string(),
        "memref<4x8xf32>"
    );
    assert_eq!(ctx.vector_type(&[4], ctx.i8()).to_string(), "vector<4xi8>");
    assert_eq!(ctx.complex_type(ctx.f64()).to_string(), "complex<f64>");
    assert_eq!(
        ctx.tuple_type(&[i32t.into(), t.into()]).to_string(),
        "tuple<i32, tensor<4x?x8xf32>>"
    );
    let ty: Type<'_> = t.into();
    assert!(ty.isa::<RankedTensorType>());
    assert_eq!(ty.dyn_cast::<RankedTensorType>(), Some(t));
    assert!(ty.dyn_cast::<IntegerType>().is_none());
    assert_eq!(format!("{ty}"), "tensor<4x?x8xf32>");

    assert_eq!(ctx.i64_attr(42).to_string(), "42 : i64");
    assert_eq!(ctx.i64_attr(42), ctx.integer_attr(ctx.i64(), 42));
    assert_eq!(ctx.bool_attr(true).to_string(), "true");
    assert_eq!(ctx.bool_attr(false), ctx.integer_attr(ctx.i1(), 0));
    assert_eq!(
        ctx.float_attr(ctx.f32(), 1.5).to_string(),
        "1.500000e+00 : f32"
    );
    assert_eq!(
        ctx.float_attr(ctx.f64(), -0.00025).to_string(),
        "-2.500000e-04 : f64"
    );
    assert_ne!(
        ctx.float_attr(ctx.f64(), 0.0),
        ctx.float_attr(ctx.f64(), -0.0)
    );
    assert_eq!(
        ctx.string_attr("hi \"x\"\n").to_string(),
        // mlir-opt-19 escapes `"` as `\22`.
        r#""hi \22x\22\0A""#
    );
    assert_eq!(ctx.string_attr(""), ctx.string_attr(""));
    let s = ctx.string_attr("sym");
    assert_eq!(s.as_str(), "sym");
    let arr = ctx.array_attr(&[ctx.i64_attr(1).into(), s.into()]);
    // Inside an array MLIR elides an `i64` integer's type.
    assert_eq!(arr.to_string(), r#"[1, "sym"]"#);
    let d = ctx.dictionary_attr(&[
        ("b", ctx.unit_attr().into()),
        ("a", ctx.i64_attr(1).into()),
        ("a b", s.into()),
    ]);
    assert_eq!(d.to_string(), r#"{a = 1 : i64, "a b" = "sym", b}"#);
    assert_eq!(
        d,
        ctx.dictionary_attr(&[
            ("a b", s.into()),
            ("a", ctx.i64_attr(1).into()),
            ("b", ctx.unit_attr().into())
        ])
    );
    assert_eq!(
        d.get("a").map(|a| a.to_string()),
        Some("1 : i64".to_string())
    );
    // Of entries with one name the later wins, wherever they stand.
    let dup = ctx.dictionary_attr(&[
        ("a", ctx.i64_attr(1).into()),
        ("b", ctx.unit_attr().into()),
        ("a", ctx.i64_attr(2).into()),
        ("a", ctx.i64_attr(3).into()),
    ]);
    assert_eq!(dup.to_string(), "{a = 3 : i64, b}");
    assert_eq!(ctx.type_attr(t).to_string(), "tensor<4x?x8xf32>");
    let a: Attribute<'_> = ctx.unit_attr().into();
    assert_eq!(a.to_string(), "unit");

    assert_eq!(ctx.unknown_loc().to_string(), "loc(unknown)");
    let fl = ctx.file_loc("a.mlir", 3, 7);
    assert_eq!(fl.to_string(), r#"loc("a.mlir":3:7)"#);
    assert_eq!(
        ctx.name_loc("x", fl).to_string(),
        r#"loc("x"("a.mlir":3:7))"#
    );
    assert_eq!(
        ctx.name_loc("y", ctx.unknown_loc()).to_string(),
        r#"loc("y")"#
    );
    let fused = ctx.fused_loc(&[fl.into(), ctx.file_loc("b.mlir", 1, 1).into()], None);
    assert_eq!(
        fused.to_string(),
        r#"loc(fused["a.mlir":3:7, "b.mlir":1:1])"#
    );
    let single: Location<'_> = ctx.fused_loc(&[fl.into()], None);
    assert_eq!(single, Location::from(fl));
}

#[test]
fn shared_context() {
    let ctx = Context::new();
    suite(&ctx);
    let stats = ctx.statistics();
    assert!(stats.total_entries() > 20);
    println!("{stats}");
}

#[test]
fn single_threaded_context() {
    suite(&Context::single_threaded());
}

#[test]
fn eight_threads_agree() {
    // Every builtin kind and the affine cluster, interned by 8 threads in
    // different orders: equal keys must give equal handles on every thread.
    let ctx = Context::new();
    let results: Vec<Vec<usize>> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..8)
            .map(|t| {
                let ctx = &ctx;
                s.spawn(move || {
                    const N: usize = 600;
                    const PER: usize = 17;
                    let mut out = vec![0usize; N * PER];
                    let mut order: Vec<usize> = (0..N).collect();
                    if t % 2 == 1 {
                        order.reverse();
                    }
                    order.rotate_left(t * 37 % N);
                    for i in order {
                        let n = i as i64;
                        let ty = ctx.tensor_type(&[n % 17, 4], ctx.f32());
                        let a = ctx.integer_attr(ctx.i64(), i as i128 / 3);
                        let st = ctx.string_attr(&format!("s{}", i / 2));
                        let d = ctx.dictionary_attr(&[("k", a.into()), ("s", st.into())]);
                        let int = ctx.integer_type(1 + (i % 70) as u32, Signedness::Signed);
                        let f = ctx.function_type(&[int.into(), ty.into()], &[ctx.index().into()]);
                        let tup = ctx.tuple_type(&[f.into(), int.into()]);
                        let m = ctx.memref_type(&[n % 5, DYNAMIC], int);
                        let v = ctx.vector_type(&[n % 9 + 1], ctx.f16());
                        let c = ctx.complex_type(ctx.float_type(FloatKind::F128));
                        let u = ctx.unranked_tensor_type(c);
                        let fa = ctx.float_attr(ctx.f64(), n as f64 / 4.0);
                        let arr = ctx.array_attr(&[
                            fa.into(),
                            ctx.type_attr(u).into(),
                            ctx.unit_attr().into(),
                        ]);
                        let fl = ctx.file_loc("a.mlir", (i % 50) as u32, 1);
                        let nl = ctx.name_loc(&format!("n{}", i % 30), fl);
                        let fused = ctx.fused_loc(&[fl.into(), nl.into()], Some(arr.into()));
                        let aff = ctx.affine();
                        let e =
                            aff.add(aff.mul(aff.dim(0), aff.constant(n % 7 + 1)), aff.symbol(0));
                        let map =
                            aff.map(1, 1, &[e, aff.modulo(aff.dim(0), aff.constant(n % 5 + 1))]);
                        let row = [
                            ty.as_ptr(),
                            a.as_ptr(),
                            st.as_ptr(),
                            d.as_ptr(),
                            int.as_ptr(),
                            f.as_ptr(),
                            tup.as_ptr(),
                            m.as_ptr(),
                            v.as_ptr(),
                            c.as_ptr(),
                            u.as_ptr(),
                            fa.as_ptr(),
                            arr.as_ptr(),
                            fl.as_ptr(),
                            nl.as_ptr(),
                            fused.as_ptr(),
                            // An affine map's results live in the cluster's
                            // arena, once per distinct map.
                            map.results().as_ptr().cast(),
                        ];
                        for (j, p) in row.into_iter().enumerate() {
                            out[i * PER + j] = p as usize;
                        }
                    }
                    out
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for r in &results[1..] {
        assert_eq!(r, &results[0]);
    }
    let _ = Shared;
    let _ = Local;
}

/// A splat of a type with no elements is kept and printed, as MLIR keeps it
/// (`mlir-opt-19` prints `dense<1> : tensor<0xi8>` and `dense<"a"> :
/// tensor<0x!foo.str>` back unchanged).
#[test]
fn splat_of_zero_elements() {
    let ctx = Context::new();
    let t = ctx.tensor_type(&[0], ctx.i8());
    let a = ctx.try_dense_attr(t, &[1]).unwrap();
    assert_eq!(a.to_string(), "dense<1> : tensor<0xi8>");
    let none = ctx.try_dense_attr(t, &[]).unwrap();
    assert_eq!(none.to_string(), "dense<> : tensor<0xi8>");
    assert!(ctx.try_dense_attr(t, &[1, 2]).is_err());
    let s = ctx.tensor_type(&[2, 0], ctx.opaque_type("foo", "str"));
    let a = ctx.try_dense_string_attr(s, &["a"]).unwrap();
    assert_eq!(a.to_string(), r#"dense<"a"> : tensor<2x0x!foo.str>"#);
}
