module @outer attributes {foo.a = 1} {
  module @inner {
    "foo.x"() ({
      module {}
      func.func private @q()
      %0 = "foo.v"() : () -> i32
      %1 = builtin.unrealized_conversion_cast %0 : i32 to i64
      "foo.y"() : () -> ()
    }) : () -> ()
  }
  %0 = "foo.v"() : () -> i32
  %1:2 = builtin.unrealized_conversion_cast %0 : i32 to i64, i8
  func.func @f() {
    builtin.module {}
    return
  }
}
