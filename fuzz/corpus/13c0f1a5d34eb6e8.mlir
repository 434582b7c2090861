func.func @with_dim_unused(%x: tensor<?x8xf32>) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  return
}
