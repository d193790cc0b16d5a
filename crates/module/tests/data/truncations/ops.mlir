#map = affine_map<(d0)[s0] -> (d0 + s0)>
!t = tuple<i32, f32>
"builtin.module"() ({
  "t.func"() <{function_type = (i32, memref<4xf32>) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: memref<4xf32>):
    %0:2 = "t.op"(%arg0) {a = #map, b = [1, 2.5, "s"], c = dense<[1, 2]> : tensor<2xi32>} : (i32) -> (i32, !t)
    "t.cond_br"(%arg0, %0#0)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
  ^bb1(%1: i32):
    "t.return"(%1) : (i32) -> ()
  ^bb2:
    %2 = "t.c"() {v = 3 : i64} : () -> i32 loc("x.c":1:2)
    "t.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
