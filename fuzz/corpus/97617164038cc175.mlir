func.func @size_dim_out_of_range(%x: tensor<?x8xf32>) -> index {
  %0 = fx.size %x, dim = 2 : tensor<?x8xf32> -> index
  return %0 : index
}
