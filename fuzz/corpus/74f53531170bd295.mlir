func.func @negative_step(%t: tensor<?xi64>) -> tensor<?xi64> {
  %c-1 = arith.constant -9223372036854775808 : index
  %s = fx.slice none, none, %c-1
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
