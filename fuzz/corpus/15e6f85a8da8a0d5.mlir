func.func @int64_min_dim(%x: tensor<?x8xf32>) -> index {
  %0 = fx.size %x, dim = -9223372036854775808 : tensor<?x8xf32> -> index
  return %0 : index
}
