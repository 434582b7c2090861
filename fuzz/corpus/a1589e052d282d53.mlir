func.func @size_with_dim_returns_size(%x: tensor<?x8xf32>) -> !fx.size<2> {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}
