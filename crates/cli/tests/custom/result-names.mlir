func.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %c2 = arith.constant 1 : i32
  %x = "foo.op"(%a, %c) : (i32, i32) -> i32
  %y:2 = "foo.two"() : () -> (i32, i32)
  "foo.region"() ({
  ^bb0(%z: i32):
    %w = "foo.op"(%z) : (i32) -> i32
    %cc = arith.constant 1 : i32
    "foo.yield"(%w) : (i32) -> ()
  }) : () -> ()
  return %x : i32
}
func.func private @g(%a: i32 {foo.bar}, %b: f32) -> (i32 {foo.r}, f32) attributes {foo = 1}
func.func @h() {
  %c = arith.constant 3.0 : f32
  %t = arith.constant true
  %i = arith.constant 7 : index
  %d = arith.constant dense<1> : tensor<2xi32>
  %n = arith.constant -1 : i8
  return
}
"foo.top"() : () -> ()
