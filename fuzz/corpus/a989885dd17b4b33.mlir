func.func @slice_all_rows(%t: tensor<5xi64>) -> tensor<3xi64> {
  %s = fx.slice none, none, none
  %0 = fx.slice_tensor %t[%s] : tensor<5xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}
