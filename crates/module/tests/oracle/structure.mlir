// The rules MLIR's verifier applies to every operation, registered or not:
// entry blocks without predecessors, no empty block in a region of several,
// successors only on a block's last operation, and dominance (across blocks
// everywhere; inside a block where the region has SSA dominance), and the
// order in which MLIR checks them. `structure.py` records what
// `mlir-opt-19 --allow-unregistered-dialect --split-input-file` reports for
// each chunk in `structure.txt`; `tests/structure.rs` checks strata against it.
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

func.func @f() {
^bb0:
  "test.jump"()[^bb0] : () -> ()
}

// -----

module {
  func.func @g() {
    "test.jump"()[^bb1] : () -> ()
    "test.x"() : () -> ()
  ^bb1:
    "test.y"() : () -> ()
  }
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

func.func @f() {
  "test.use"(%0) : (i32) -> ()
  %0 = "test.v"() : () -> i32
  return
}

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

func.func @a() {
  "test.jump"()[^bb1] : () -> ()
  "test.x"() : () -> ()
^bb1:
  return
}
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
func.func @b() {
  "test.jump"()[^bb1] : () -> ()
^bb1:
  "test.x"() ({
  ^bb0:
    "test.jump"()[^bb0] : () -> ()
  }) : () -> ()
  return
}

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

func.func @c() {
  %1 = "test.op"() ({
    "test.use"(%1) : (i32) -> ()
  }) : () -> i32
  return
}

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
