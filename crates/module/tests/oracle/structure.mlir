// The rules MLIR's verifier applies to every operation, registered or not:
// entry blocks without predecessors, no empty block in a region of several,
// successors only on a block's last operation, dominance (across blocks
// everywhere; inside a block where the region has SSA dominance) and a
// module's symbols, and the order in which MLIR checks them. `structure.py`
// records what `mlir-opt-19 --allow-unregistered-dialect --split-input-file`
// reports for each chunk in `structure.txt`; `tests/structure.rs` checks
// strata against it.
"test.op"() ({
^bb0:
  "test.jump"()[^bb0] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() ({
    "test.jump"()[^bb2] : () -> ()
    "test.x"() : () -> ()
  ^bb2:
    "test.z"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.a"() ({
    "test.jump"()[^bb2] : () -> ()
    "test.x"() : () -> ()
  ^bb2:
    "test.z"() : () -> ()
  }) : () -> ()
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
  "test.jump"()[^bb0] : () -> ()
}) : () -> ()

// -----

module {
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    "test.jump"()[^bb1] : () -> ()
    "test.x"() : () -> ()
  ^bb1:
    "test.y"() : () -> ()
  }) : () -> ()
}

// -----

"test.op"() ({
  "test.a"() ({
  ^bb0:
    "test.jump"()[^bb0] : () -> ()
  }) : () -> ()
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb2] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb2] : () -> ()
^bb2:
  "test.use"(%0) : (i32) -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb2] : () -> ()
^bb1(%a: i32):
  "test.jump"()[^bb2] : () -> ()
^bb2:
  "test.use"(%a) : (i32) -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb2] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb2] : () -> ()
^bb2:
  "test.n"() ({
    "test.use"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb2] : () -> ()
^bb1:
  "test.use"(%0) : (i32) -> ()
  "test.jump"()[^bb2] : () -> ()
^bb2:
  %0 = "test.v"() : () -> i32
}) : () -> ()

// -----

"scf.execute_region"() ({
  "test.use"(%0) : (i32) -> ()
  %0 = "test.v"() : () -> i32
  "scf.yield"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "test.use"(%0) : (i32) -> ()
  %0 = "test.v"() : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  %0 = "test.v"() : () -> i32
  "test.use"(%0, %1) : (i32, i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %1 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.a"(%0) : (i32) -> ()
  %0 = "test.b"() : () -> i32
}) : () -> ()

// -----

"test.a"(%0) : (i32) -> ()
%0 = "test.b"() : () -> i32

// -----

"test.op"() ({
  "test.a"(%1) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %1 = "test.b"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "a"}> ({
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "test.y"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%0) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()
"test.op"() ({
  "test.use"(%1) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %1 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%0) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "b"}> ({
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.x"() ({
  ^bb0:
    "test.jump"()[^bb0] : () -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.a"() ({
    "test.use"(%0) : (i32) -> ()
    "test.jump"()[^bb1] : () -> ()
  ^bb1:
    %0 = "test.v"() : () -> i32
    "test.jump"()[^bb1] : () -> ()
  }) : () -> ()
  "test.b"() ({
    "test.use"(%1) : (i32) -> ()
    "test.jump"()[^bb1] : () -> ()
  ^bb1:
    %1 = "test.v"() : () -> i32
    "test.jump"()[^bb1] : () -> ()
  }) : () -> ()
  "test.c"(%2) : (i32) -> ()
  "test.jump"()[^bb2] : () -> ()
^bb2:
  %2 = "test.v"() : () -> i32
  "test.jump"()[^bb2] : () -> ()
}) : () -> ()

// -----

%0 = "test.op"() ({
  "test.use"(%0) : (i32) -> ()
}) : () -> i32
"test.op"() ({
  %1 = "test.op"() ({
    "test.use"(%1) : (i32) -> ()
  }) : () -> i32
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "c"}> ({
  %1 = "test.op"() ({
    "test.use"(%1) : (i32) -> ()
  }) : () -> i32
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0(%a: i32):
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.n"() ({
  ^bb0(%b: i32):
    "test.jump"()[^bb1] : () -> ()
  ^bb1:
    "test.use"(%a, %b) : (i32, i32) -> ()
    "test.jump"()[^bb1] : () -> ()
  }) : () -> ()
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.jump"()[^bb2] : () -> ()
^bb2:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb3] : () -> ()
^bb3:
  "test.use"(%0) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0:
}, {
^bb0:
^bb1:
}) : () -> ()

// -----

"test.graph_region"() ({
  "test.use"(%0) : (i32) -> ()
  %0 = "test.v"() : () -> i32
}) : () -> ()
"scf.execute_region"() ({
  "test.use"(%1) : (i32) -> ()
  %1 = "test.v"() : () -> i32
  "scf.yield"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.brx"()[^bb1, ^bb2] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.brx"()[^bb3] : () -> ()
^bb2:
  "test.brx"()[^bb3] : () -> ()
^bb3:
  "test.use"(%0) : (i32) -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.brx"()[^bb3] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.brx"()[^bb2] : () -> ()
^bb2:
  "test.use"(%0) : (i32) -> ()
  "test.brx"()[^bb2] : () -> ()
^bb3:
  "test.use"(%0) : (i32) -> ()
  "test.brx"()[^bb3] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0(%a: i32):
  "test.brx"()[^bb2] : () -> ()
^bb1(%b: i32):
  "test.brx"()[^bb2] : () -> ()
^bb2:
  "test.n"() ({
    "test.use"(%b) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.n"() ({
  ^bb0(%b: i32):
    "test.brx"()[^bb1] : () -> ()
  ^bb1:
    "test.m"() : () -> ()
  }) : () -> ()
  "test.brx"()[^bb1] : () -> ()
^bb1:
  "test.m"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.a"() {sym_name = "x"} : () -> ()
"test.b"() <{sym_name = "x"}> : () -> ()
"test.c"() {sym_name = "x"} : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "h"}> ({
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "h"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%0) : (i32) -> ()
  "test.jump"()[^bb1] : () -> ()
^bb1:
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()
"test.a"() {sym_name = "y"} : () -> ()
"test.b"() {sym_name = "y"} : () -> ()

// -----

module {
  "test.a"() {sym_name = "z"} : () -> ()
  module {
    "test.a"() {sym_name = "z"} : () -> ()
    "test.b"() {sym_name = "z"} : () -> ()
  }
  "test.b"() {sym_name = "z"} : () -> ()
}

// -----

"test.a"() {sym_name = 1} : () -> ()
"test.b"() {sym_name = 1} : () -> ()
"test.c"() {sym_name = "q" : i32} : () -> ()
"test.d"() <{sym_name = "q"}> {sym_name = "r"} : () -> ()

// -----

"test.c"() {sym_name = "q" : i32} : () -> ()
"test.d"() {sym_name = "q"} : () -> ()

// -----

"test.c"() {sym_name = "q"} : () -> ()
"test.d"() <{sym_name = "q"}> {sym_name = "r"} : () -> ()

// -----

"test.c"() {sym_name = "r"} : () -> ()
"test.d"() <{sym_name = "q"}> {sym_name = "r"} : () -> ()

// -----

"test.c"() {sym_name = "q"} : () -> ()
"test.d"() <{sym_name = "q"}> : () -> ()

// -----

"test.c"() {sym_name = "q"} : () -> ()
"test.d"() <{sym_name = "q", x = 1}> {y} : () -> ()

// -----

"test.c"() <{sym_name = "q"}> : () -> ()
"test.d"() <{sym_name = "q"}> : () -> ()

// -----

"test.s0"() {sym_name = "s0"} : () -> ()
"test.s1"() {sym_name = "s1"} : () -> ()
"test.s2"() {sym_name = "s2"} : () -> ()
"test.s3"() {sym_name = "s3"} : () -> ()
"test.s4"() {sym_name = "s4"} : () -> ()
"test.s5"() {sym_name = "s5"} : () -> ()
"test.s6"() {sym_name = "s6"} : () -> ()
"test.s7"() {sym_name = "s7"} : () -> ()
"test.s8"() {sym_name = "s8"} : () -> ()
"test.s9"() {sym_name = "s9"} : () -> ()
"test.s10"() {sym_name = "s10"} : () -> ()
"test.s11"() {sym_name = "s11"} : () -> ()
"test.s12"() {sym_name = "s12"} : () -> ()
"test.s13"() {sym_name = "s13"} : () -> ()
"test.s14"() {sym_name = "s14"} : () -> ()
"test.s15"() {sym_name = "s15"} : () -> ()
"test.s16"() {sym_name = "s16"} : () -> ()
"test.s17"() {sym_name = "s17"} : () -> ()
"test.s18"() {sym_name = "s18"} : () -> ()
"test.s19"() {sym_name = "s19"} : () -> ()
"test.again"() {sym_name = "s17"} : () -> ()

// -----

"test.wrap"() ({
  "builtin.module"() ({
    "test.s0"() {sym_name = "s0"} : () -> ()
    "test.s1"() {sym_name = "s1"} : () -> ()
    "test.s2"() {sym_name = "s2"} : () -> ()
    "test.s3"() {sym_name = "s3"} : () -> ()
    "test.s4"() {sym_name = "s4"} : () -> ()
    "test.s5"() {sym_name = "s5"} : () -> ()
    "test.s6"() {sym_name = "s6"} : () -> ()
    "test.s7"() {sym_name = "s7"} : () -> ()
    "test.s8"() {sym_name = "s8"} : () -> ()
    "test.s9"() {sym_name = "s9"} : () -> ()
    "test.s10"() {sym_name = "s10"} : () -> ()
    "test.s11"() {sym_name = "s11"} : () -> ()
    "test.s12"() {sym_name = "s12"} : () -> ()
    "test.s13"() {sym_name = "s13"} : () -> ()
    "test.s14"() {sym_name = "s14"} : () -> ()
    "test.s15"() {sym_name = "s15"} : () -> ()
    "test.s16"() {sym_name = "s16"} : () -> ()
    "test.s17"() {sym_name = "s17"} : () -> ()
    "test.s18"() {sym_name = "s18"} : () -> ()
    "test.s19"() {sym_name = "s19"} : () -> ()
    "test.again"() {sym_name = "s3"} : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
^bb0:
}) : () -> ()
"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.n"() ({
  ^bb0:
  }) : () -> ()
  "test.jump"()[^bb1] : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.jump"()[^bb2] : () -> ()
^bb2:
}) : () -> ()

// -----

"test.op"() ({
  "test.jump"()[^bb2] : () -> ()
^bb1:
  "test.use"(%x) : (i32) -> ()
  %x = "test.v"() : () -> i32
  "test.jump"()[^bb2] : () -> ()
^bb2:
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%0) : (i32) -> ()
  %0 = "test.v"() : () -> i32
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.end"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%x) : (i32) -> ()
  "test.n"() ({
    %x = "test.v"() : () -> i32
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.n"() ({
    "test.use"(%x) : (i32) -> ()
  }) : () -> ()
  "test.m"() ({
    %x = "test.v"() : () -> i32
  }) : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "test.use"(%x) : (i32) -> ()
  "test.n"() ({
  ^bb0(%x: i32):
    "test.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
