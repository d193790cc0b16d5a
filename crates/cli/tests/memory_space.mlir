// A memref's memory space may be an attribute of a dialect mlir-opt-19 has
// registered (here `gpu`), in ranked and unranked memrefs, in a function's
// signature and in an operation's result.
"test.alloc"() : () -> memref<4xf32, #gpu.address_space<workgroup>>
"test.use"() {m = memref<*xf16, #gpu.address_space<private>>, n = memref<2x?xi8, strided<[?, 1]>, #gpu.address_space<global>>} : () -> ()
func.func @f(%a: memref<8xf32, #gpu.address_space<workgroup>>) {
  return
}
