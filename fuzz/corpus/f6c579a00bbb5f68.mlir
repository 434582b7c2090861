func.func @unranked(%x: tensor<*xf32>) -> index {
  %0 = fx.size %x : tensor<*xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  return %1 : index
}
