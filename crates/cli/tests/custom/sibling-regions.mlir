func.func @f() {
  %x = "foo.op"() : () -> i32
  "foo.r"() ({
    %a = "foo.x"() : () -> i32
    %c = arith.constant 1 : i32
    "foo.y"() : () -> ()
  }, {
    %b = "foo.x"() : () -> i32
    %c = arith.constant 1 : i32
    "foo.y"() : () -> ()
  }) : () -> ()
  %z = "foo.op"() : () -> i32
  "foo.r"() ({
    %a = "foo.x"() : () -> i32
    "foo.y"() : () -> ()
  }) : () -> ()
  %c = arith.constant 1 : i32
  return
}
