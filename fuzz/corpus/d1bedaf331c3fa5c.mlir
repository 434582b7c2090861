func.func @sym_size_dim_out_of_range(%x: tensor<?x8xf32>) -> index {
  %0 = fx.sym_size %x, dim = 2 : tensor<?x8xf32>
  return %0 : index
}
