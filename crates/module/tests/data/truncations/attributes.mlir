#set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>
#loc0 = loc("a.c":3:4)
"t.top"() <{p = {k = unit, n = 0x10 : i8}}> ({
^bb0(%a: tensor<?x4xf32> loc(#loc0), %b: vector<[4]x2xi1>):
  %c = "t.k"(%a, %b) {d = dense<[[1.5, -2.0e3]]> : tensor<1x2xf64>, e = sparse<[[0, 1]], [7]> : tensor<2x2xi16>, f = #set, g = "esc\"\n\t\0A", h = @sym::@inner, i = array<i64: 1, -2>} : (tensor<?x4xf32>, vector<[4]x2xi1>) -> memref<4x?xcomplex<f32>, strided<[?, 1], offset: 2>, 3>
  "t.u"(%c) [^bb1] : (memref<4x?xcomplex<f32>, strided<[?, 1], offset: 2>, 3>) -> () loc(fused<"m">["b.c":1:1, callsite("f" at "c.c":2:2)])
^bb1(%x: memref<4x?xcomplex<f32>, strided<[?, 1], offset: 2>, 3>):
  %t:3 = "t.v"() {j = -0.5 : bf16, k = 1 : ui7, l = [true, unit, none], m = !t.opaque<"x">, n = #t.attr<[1]>, o = i1, p = (i32, !t.x) -> tuple<>, q = 0x7FC00000 : f32} : () -> (i1, f16, index)
}, {
  "t.w"() : () -> ()
}) : () -> ()
