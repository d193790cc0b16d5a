// A file that is one module in the custom form, as `mlir-opt` prints one:
// the module is the root (no implicit module around it).
module @outer attributes {t.mode = "x", gpu.container_module} {
  func.func private @ext(i32) -> i32
  func.func @g(%x: i32) -> i32 {
    %c = arith.constant 3 : i32
    %0 = "t.addi"(%x, %c) : (i32, i32) -> i32
    %1 = "func.call"(%0) <{callee = @ext}> : (i32) -> i32
    return %1 : i32
  }
  module {
    "t.inner"() ({
      // Inside a generic operation's region the default dialect stays.
      builtin.module @deep {
      }
    }) : () -> ()
  }
  module attributes {sym_name = "renamed", sym_visibility = "private", t.kept} {
  }
  module @named {
  ^bb0:
  } loc("elsewhere")
  %r = "t.result"() : () -> i32
}
