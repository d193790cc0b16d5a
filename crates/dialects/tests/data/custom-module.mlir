"builtin.module"() ({
  func.func @f(%a: i32)
      attributes {foo} {
    "x.y"(%a) : (i32) -> ()
    return
  }
  func.func private @g() -> i32
}) : () -> ()
