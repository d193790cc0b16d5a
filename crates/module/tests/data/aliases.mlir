%9 = "test.op"() <{p = affine_map<(d0) -> (d0 + 7)>}> {a = [affine_map<(d0) -> (d0 + 1)>, affine_set<(d0) : (d0 >= 0)>], b = distinct[0]<affine_map<(d0) -> (d0 + 2)>>} : () -> (memref<4xf32, affine_map<(d0) -> (d0 + 3)>>)
"test.op2"(%9) : (memref<4xf32, affine_map<(d0) -> (d0 + 3)>>) -> (tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>)
"func.func"() <{function_type = (index) -> (), sym_name = "f"}> ({
^bb0(%i: index):
  %0 = "affine.apply"(%i) <{map = affine_map<(d0) -> (d0 + 1)>}> {a = affine_map<(d0) -> (d0 + 2)>} : (index) -> index
  "func.return"() : () -> ()
}) : () -> ()
"func.func"() <{function_type = (memref<4xf32, affine_map<(d0) -> (d0 + 5)>>) -> (), sym_name = "g"}> ({
^bb0(%m: memref<4xf32, affine_map<(d0) -> (d0 + 5)>>):
  "func.return"() : () -> ()
}) : () -> ()
"test.x"() <{map = affine_map<(d0) -> (d0 + 9)>}> : () -> ()
