func.func @slice_tensor_of_memref(%t: memref<?xi64>, %s: !fx.slice) {
  %0 = fx.slice_tensor %t[%s] : memref<?xi64> -> tensor<?xi64>
  return
}
