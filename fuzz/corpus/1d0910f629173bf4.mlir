func.func @size_two_dims(%x: tensor<?x8xf32>, %d: index) -> index {
  %0 = "fx.size"(%x, %d) <{dim = 0 : i64}> : (tensor<?x8xf32>, index) -> index
  return %0 : index
}
