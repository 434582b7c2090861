func.func @unranked_slice(%t: tensor<*xi64>, %s: !fx.slice) -> tensor<*xi64> {
  %0 = fx.slice_tensor %t[%s] : tensor<*xi64> -> tensor<*xi64>
  return %0 : tensor<*xi64>
}
