func.func @slice_tensor_rank(%t: tensor<?x4xi64>, %s: !fx.slice) -> tensor<?xi64> {
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
