func.func @slice_tensor_grows(%t: tensor<4xi64>, %s: !fx.slice) -> tensor<5xi64> {
  %0 = fx.slice_tensor %t[%s] : tensor<4xi64> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}
