func.func @slice_tensor_trailing_dim(%t: tensor<?x4xi64>, %s: !fx.slice) -> tensor<?x3xi64> {
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?x3xi64>
  return %0 : tensor<?x3xi64>
}
