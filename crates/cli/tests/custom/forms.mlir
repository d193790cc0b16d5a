#map = affine_map<(d0) -> (d0 + 1)>
module @m attributes {foo.x = #map, sym_visibility = "private"} {
  func.func private @ext(%a: i32 {foo.a = #map}, %b: f32) -> (i32 {foo.r = affine_map<(d0) -> (d0)>}, f32)
  func.func @g(%a: i32 {foo.a = affine_map<(d0) -> (d0 * 2)>}) -> (i32) attributes {foo.q = affine_map<(d0) -> (d0 * 3)>} {
    %c = arith.constant {foo.z = 1} 5 : i32
    %c2 = arith.constant 5 : i32
    %f = arith.constant 2.5 : f64
    %d = arith.constant dense<[1, 2]> : tensor<2xi8>
    %u = arith.constant 7 : i8
    %big = arith.constant 123456789012345678901234567890 : i128
    "foo.r"() ({
      %c3 = arith.constant 5 : i32
      "foo.r"() ({
        %c4 = arith.constant 5 : i32
        "foo.y"() : () -> ()
      }) : () -> ()
      "foo.y"() : () -> ()
    }) : () -> ()
    "foo.br"(%c) [^bb1] : (i32) -> ()
  ^bb1(%x: i32):
    return %x : i32
  }
  func.func @h() -> (() -> ()) {
    %0 = "foo.f"() : () -> (() -> ())
    return %0 : () -> ()
  }
  func.func public @p(%a: i32 loc("q.c":1:2)) -> i32 {
    return %a : i32
  }
  module {
    %c = arith.constant 5 : i32
    func.func @inner() {
      %c1 = arith.constant 5 : i32
      return
    }
  }
  "foo.iso"() ({
  ^bb0(%q: i32):
    %c = arith.constant 5 : i32
    "foo.y"(%q) : (i32) -> ()
  }) : () -> ()
}
