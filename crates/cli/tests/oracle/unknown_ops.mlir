// Operations named in a dialect of mlir-opt-19 that does not allow unknown
// operations, which are not among them: MLIR's verifier refuses each as it
// enters it, after the successor rule of its block.
"test.op"() ({
  "arith.nosuch"() : () -> ()
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()
// -----
"test.op"() ({
  "test.a"() ({
    "scf.nosuch"() : () -> ()
  }) : () -> ()
  "memref.nosuch"() : () -> ()
}) : () -> ()
// -----
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.nosuch"() : () -> ()
  "func.return"() : () -> ()
}) : () -> ()
"cf.nosuch"() : () -> ()
// -----
%0 = "arith.nosuch"(%0) : (i32) -> i32
