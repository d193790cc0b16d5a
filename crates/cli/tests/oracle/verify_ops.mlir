// The verifiers of func.func, func.return and arith.constant (MLIR 19's
// ODS traits, interfaces and own checks, in their order) and the rule that a
// block of a defined operation without NoTerminator is not empty. Each chunk
// holds one mistake unless it says otherwise.
func.func @f(%a: i32) -> i64 {
  return %a : i32
}

// -----

func.func @g(%a: i32) -> (i32, i32) {
  return %a : i32
}

// -----

func.func @h() {
  %c = arith.constant 1 : si32
  return
}

// -----

func.func @k() {
  %c = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @k2() {
  %c = "arith.constant"() <{value = "s"}> : () -> i32
  return
}

// -----

func.func @k3() {
  %c = "arith.constant"() <{value = unit}> : () -> i32
  return
}

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e"}> ({
^bb0(%x: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e2"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @m() {
  "func.return"() : () -> ()
  "func.return"() : () -> ()
}

// -----

func.func @n() {
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @o() {
  %0 = arith.constant 1.0 : i32
  return
}

// -----

"func.func"() <{sym_name = "a"}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = i32, sym_name = "b"}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "c", arg_attrs = []}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "d", arg_attrs = [1]}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", arg_attrs = [{a = 1}]}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "f", sym_visibility = "bogus"}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (i32), sym_name = "g", res_attrs = [{}, {}]}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "h"}> ({
^bb0:
  "func.return"() : () -> ()
}, {
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "i"}> ({
^bb0:
  "test.foo"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "j"}> ({
^bb0:
  "func.return"() : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (), sym_name = "k"}> ({
^bb0:
}) : () -> ()

// -----

%0 = "func.func"() <{function_type = () -> (), sym_name = "l"}> ({
}) : () -> (i32)

// -----

"func.func"() <{function_type = () -> (), sym_name = "m"}> ({
}) {a = 1} : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "n", arg_attrs = [{a = 1}, {b = 2}]}> ({
}) : () -> ()

// -----

func.func @o() {
  %0 = "func.return"() : () -> (i32)
}

// -----

func.func @p() {
  "func.return"() ({}) : () -> ()
}

// -----

func.func @q(%a: i32) {
  "func.return"() [^bb1] : () -> ()
^bb1:
  "func.return"() : () -> ()
}

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "c", arg_attrs = []}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", arg_attrs = [{a = 1}]}> ({
^bb0(%a: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = () -> (i32), sym_name = "g", res_attrs = [{}, {}]}> ({
^bb0:
  %0 = "test.x"() : () -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", arg_attrs = [{test.a = 1}]}> ({
^bb0(%a: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", sym_visibility = "private"}> ({
}) {arg_attrs = [{a = 1}, {b = 2}]} : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", sym_visibility = "private", arg_attrs = [{a = 1}, {b = 2}]}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", sym_visibility = "private", res_attrs = [{a = 1}]}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", sym_visibility = "private"}> ({
^bb0(%a: i32, %b: i32):
  "func.return"() : () -> ()
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = "e", sym_visibility = 1}> ({
}) : () -> ()

// -----

"func.func"() <{function_type = (i32) -> (), sym_name = 1}> ({
}) : () -> ()

// -----

func.func @r() {
  "func.return"() : () -> ()
^bb1:
}

// -----

"test.op"() ({
^bb0:
}) : () -> ()

// -----

"builtin.module"() ({
^bb0:
}) : () -> ()

// -----

func.func @s() {
  "test.op"() ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.return"() : () -> ()
}

// -----

func.func @t() -> i32 {
  "func.return"() : () -> ()
}

// -----

func.func @u(%a: i32) -> i32 {
  "func.return"(%a, %a) : (i32, i32) -> ()
}

// -----

func.func @a(%x: i32) {
  %0 = "arith.constant"(%x) <{value = 1 : i32}> : (i32) -> i32
  return
}

// -----

func.func @b() {
  "arith.constant"() <{value = 1 : i32}> : () -> ()
  return
}

// -----

func.func @c() {
  %0:2 = "arith.constant"() <{value = 1 : i32}> : () -> (i32, i32)
  return
}

// -----

func.func @d() {
  %0 = "arith.constant"() ({}) <{value = 1 : i32}> : () -> i32
  return
}

// -----

func.func @e() {
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f() {
  %0 = "arith.constant"() {value = 1 : i32} : () -> i32
  return
}

// -----

func.func @g() {
  %0 = "arith.constant"() <{value = 1 : i32}> {value = 2 : i32} : () -> i32
  return
}

// -----

func.func @h() {
  %0 = "arith.constant"() <{value = 1 : ui32}> : () -> ui32
  return
}

// -----

func.func @i() {
  %0 = "arith.constant"() <{value = [1]}> : () -> i32
  return
}

// -----

func.func @j() {
  %0 = "arith.constant"() <{value = dense<1> : vector<[2]xi32>}> : () -> vector<[2]xi32>
  %1 = "arith.constant"() <{value = #test.x : i32}> : () -> i32
  return
}

// -----

func.func @k() {
  %0 = "arith.constant"() <{value = 1 : index}> : () -> index
  %1 = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
  %2 = "arith.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %3 = "arith.constant"() <{value = unit}> : () -> i32
  return
}

// -----

// A function inside a function: its parent is no symbol table.
func.func @outer() {
  func.func @inner() {
    return
  }
  return
}

// -----

// The arguments' attributes name a dialect; the results' too.
"func.func"() <{function_type = (i32) -> i32, sym_name = "r", res_attrs = [{a = 1}]}> ({
^bb0(%a: i32):
  "func.return"(%a) : (i32) -> ()
}) : () -> ()

// -----

// Every rule holds: nothing is reported.
func.func private @ext(i32 {foo.bar}) -> (i64 {foo.baz})
func.func @ok(%a: i32) -> (i32, f32) {
  %c = arith.constant 1.5 : f32
  %v = arith.constant dense<2> : vector<[4]xi32>
  %t = arith.constant dense<[1, 2]> : tensor<2xi8>
  return %a, %c : i32, f32
}

// -----

// The verifier of a function runs before its operations' verifiers.
func.func @first(%a: i32) -> i64 {
  %c = arith.constant 1 : si8
  return %a : i32
}

// -----

// Functions are verified in order: the first one's error is reported.
func.func @one() -> i32 {
  return
}
func.func @two() {
  %c = arith.constant 1 : ui8
  return
}

// -----

// A nested module's function.
module {
  module @m {
    func.func @g() -> i32 {
      %c = arith.constant 1 : i32
      return %c, %c : i32, i32
    }
  }
}

// -----

// A return in a region of an unregistered operation inside a function.
func.func @h() {
  "test.region"() ({
    return
  }) : () -> ()
  return
}

// -----

// A dominance error comes after every verifier.
func.func @d() {
  "test.use"(%0) : (i32) -> ()
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : si2
  return
}

// -----

// A module's region has one block (the file's own module too).
"builtin.module"() ({
}) : () -> ()

// -----

// A module's attributes name a dialect, but for its symbol's.
module attributes {foo = 1} {
}

// -----

// A named private module with a dialect attribute is fine.
module @a attributes {test.foo = 1, sym_visibility = "private"} {
}

// -----

// A module's block takes no argument.
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// A module has one region.
"builtin.module"() ({
^bb0:
}, {
^bb0:
}) : () -> ()

// -----

// A module has no result.
%0 = "builtin.module"() ({
^bb0:
}) : () -> (i32)

// -----

// A named module needs a symbol table around it.
func.func @f() {
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "m"} : () -> ()
  return
}

// -----

// An unnamed module does not.
func.func @g() {
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

// An unnamed module's visibility is not checked.
"builtin.module"() <{sym_visibility = "bogus"}> ({
^bb0:
}) : () -> ()

// -----

// An inherent attribute in the dictionary goes to the properties, unless
// they name it too.
%0 = "arith.constant"() <{value = 1 : i32}> {value = 2 : i32, x = 3} : () -> i32
%1 = "arith.constant"() {value = 2 : i32, x = 3} : () -> i32
"test.use"(%0, %1) : (i32, i32) -> ()

// -----

// Properties that are not a dictionary.
%0 = "arith.constant"() <1> : () -> i32

// -----

// Every property of the wrong kind: the first in their sorted order is named.
"func.func"() <{function_type = 1, sym_name = 2, sym_visibility = 3, arg_attrs = 4, res_attrs = 5}> ({
}) : () -> ()

// -----

// An entry of the properties that names no property is dropped.
%0 = "arith.constant"() <{value = 1 : i32, foo = 2}> : () -> i32
"test.use"(%0) : (i32) -> ()

// -----

// The error is at the operation, whatever its location says.
%0 = "arith.constant"() <{value = 1 : i32}> : () -> i32 loc("elsewhere.mlir":7:9)
%1 = "arith.constant"() <{value = unit}> : () -> i32 loc("elsewhere.mlir":7:9)
