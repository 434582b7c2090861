func.func @sym_size_dim_repeated(%x: tensor<?x8xf32>) -> index {
  %0 = fx.sym_size %x, dim = 0 {dim = 1} : tensor<?x8xf32>
  return %0 : index
}
