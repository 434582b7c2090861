func.func @slice_tensor_to_memref(%t: tensor<?xi64>, %s: !fx.slice) {
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> memref<?xi64>
  return
}
