func.func @size_dim_repeated(%x: tensor<?x8xf32>) -> index {
  %0 = fx.size %x, dim = 0 {dim = 1} : tensor<?x8xf32> -> index
  return %0 : index
}
