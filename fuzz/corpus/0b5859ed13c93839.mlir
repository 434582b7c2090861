func.func @huge_static_dim(%x: tensor<9223372036854775806x?xf32>)
    -> (!fx.size<2>, index) {
  %0 = fx.size %x : tensor<9223372036854775806x?xf32> -> !fx.size<2>
  %1 = fx.size %x, dim = 0 : tensor<9223372036854775806x?xf32> -> index
  return %0, %1 : !fx.size<2>, index
}
