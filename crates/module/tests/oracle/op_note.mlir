// The "see current operation" note that MLIR attaches to an error about an
// operation: its scope (the nearest isolated operation), the numbering from
// there, operands from outside it, multi-line operations, elided elements
// attributes. Recorded by structure.py.

"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  "test.region"(%a, %late) ({
  ^bb0(%q: i32):
    %x = "test.d"() {big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, s = dense<["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q"]> : tensor<17x!foo.s>, small = dense<[1,2]> : tensor<2xi32>, sp = dense<7> : tensor<40xi32>, m = affine_map<(d0) -> (d0)>, r = dense_resource<blob> : tensor<4xi8>, e = dense<[[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5],[1,2,3,4,5]]> : tensor<4x5xi8>} : () -> i32
    "test.t"(%x, %q) : (i32, i32) -> ()
  }) : (i32, i32) -> ()
  %late = "test.v"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  %c = "test.c"() {big = dense<[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]> : tensor<17xi32>, s = dense<["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q"]> : tensor<17x!foo.s>, small = dense<[1,2]> : tensor<2xi32>, sp = dense<7> : tensor<40xi32>} : () -> i32
  "test.region"(%a) ({
    %x = "test.d"() : () -> i32
    "test.jump"(%c, %x)[^bb1] : (i32, i32) -> ()
    "test.other"() : () -> ()
  ^bb1:
    "test.t"() : () -> ()
  }) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// -----
%0 = "test.v"() : () -> i32
"test.a"(%0) {sym_name = "x"} : (i32) -> ()
"test.b"(%0) {sym_name = "x", sp = sparse<[[0, 0], [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [7, 7], [8, 8]], [1, 2, 3, 4, 5, 6, 7, 8, 9]> : tensor<9x9xi32>, sq = sparse<[[0, 0], [1, 1]], [1, 2]> : tensor<4x4xi32>} : (i32) -> ()
// -----
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: i32):
  %1 = "test.v"(%a) : (i32) -> i32
  "func.return"() : () -> ()
}) : () -> ()
// -----
%0 = "test.make"() : () -> i32
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "test.use"(%0) : (i32) -> ()
  "func.return"() : () -> ()
}) : () -> ()
// -----
"test.op"() ({
  "builtin.nosuch"() : () -> ()
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()
// -----
"test.op"() ({
  "test.a"() ({
    "builtin.nosuch"(%0) : (i32) -> ()
  }) : () -> ()
  %0 = "test.b"() : () -> i32
}) : () -> ()
