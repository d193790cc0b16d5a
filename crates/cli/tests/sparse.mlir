// Sparse tensor encodings: mlir-opt-19's sparse_tensor dialect names each
// one `#sparse`, numbered in order, as the alias of the tensor types and
// attributes that hold it.
#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
"test.op"() {e = #SV, t = tensor<8xf32, #SV>} : () -> ()
func.func @f(%a: tensor<?x?xf64, #CSR>, %b: tensor<4xf64>) -> tensor<?x?xf64, #CSR> {
  return %a : tensor<?x?xf64, #CSR>
}
