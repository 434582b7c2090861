func.func @size_dim_added(%x: tensor<?x8xf32>) -> !fx.size<2> {
  %0 = fx.size %x {dim = 1} : tensor<?x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}
