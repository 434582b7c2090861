func.func @int64_max_dim(%x: tensor<?x8xf32>) -> index {
  %0 = fx.size %x, dim = 9223372036854775807 : tensor<?x8xf32> -> index
  return %0 : index
}
