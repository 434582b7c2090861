func.func @dynamic_step(%t: tensor<?xi64>, %x: tensor<?x8xf32>, %step: index) -> tensor<?xi64> {
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %s = fx.slice none, %n, %step
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}
