func.func @all_static(%x: tensor<4x8xf32>) -> !fx.size<2> {
  %0 = fx.size %x : tensor<4x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}
