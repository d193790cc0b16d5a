"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%arg0: i32):
  %0 = "x.a"(%arg0) : (i32) -> i32
  %2 = "x.inner"(%0) : (i32) -> i32
  %3 = "x.c"() {moved} : () -> i64
  "x.br"()[^bb1] : () -> ()
^bb1:
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g"}> ({
  "func.return"() : () -> ()
}) : () -> ()
