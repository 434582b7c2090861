func.func @slice(%t: tensor<?x4xi64>, %stop: index) -> tensor<?x4xi64> {
  %s = fx.slice none, %stop, none
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?x4xi64>
  return %0 : tensor<?x4xi64>
}

func.func @slice_static(%t: tensor<5xi64>) -> tensor<3xi64> {
  %c2 = arith.constant 2 : index
  %s = fx.slice none, none, %c2
  %0 = fx.slice_tensor %t[%s] : tensor<5xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
