"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "x.a"(%arg0) : (i32) -> i32
  %1 = "x.b"(%0, %arg0) : (i32, i32) -> i32
  "x.region"() ({
    %2 = "x.inner"(%1) : (i32) -> i32
    "x.yield"(%2) : (i32) -> ()
  }) : () -> ()
  "x.br"()[^bb1] : () -> ()
^bb1:
  "func.return"(%1) : (i32) -> ()
^bb2:
  "x.dead"(%0) : (i32) -> ()
  "x.br"()[^bb1] : () -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  %0 = "x.c"() {moved} : () -> i64
  "func.return"() : () -> ()
}) : () -> ()
