func.func private @decl(i32, tensor<4xf32> {foo.bar = 1 : i32}) -> (f32 {a.b}, i64) attributes {x = 2}
func.func @f(%arg0: i32 {foo.x}, %y: f32 loc("custom.mlir":7:7)) -> i32 {
  "foo"(%arg0, %y) : (i32, f32) -> ()
  "func.return"(%arg0) : (i32) -> ()
}
func.func nested @g() -> () attributes {sym.z} {
^bb0:
  "x.y"() : () -> ()
  return
}
func.func @k(%a: i32, %b: i32) -> (i32, f32 {x.y}) {
  %0 = "foo"() : () -> f32
  return %a, %0 : i32, f32
}
func.func @"quoted name"(%a: i32)
    attributes {foo} {
  %c = arith.constant 42 : i32
  %d = arith.constant {note} dense<1.0> : tensor<2xf32>
  %e = arith.constant true loc("here")
  "x.use"(%a, %c, %d, %e) : (i32, i32, tensor<2xf32>, i1) -> ()
  func.return
} loc("there")
func.func public @pub(memref<?xf32>) -> vector<4xf32> {
^bb0(%m: memref<?xf32>):
  %v = "x.load"(%m) : (memref<?xf32>) -> vector<4xf32>
  return %v : vector<4xf32>
}
// The inherent `arg_attrs` and `res_attrs` given in the explicit attribute
// dictionary become properties; a value that is not an array is dropped.
func.func @inherent(%a: index) -> (index, i1) attributes {arg_attrs = [{test.q}], res_attrs = [{}, {test.r}], test.z} {
  %t = arith.constant true
  return %a, %t : index, i1
}
func.func private @dropped(f32) attributes {arg_attrs = 5, res_attrs = "no"}
