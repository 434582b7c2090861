func.func @mixed(%x: tensor<?x8x?xf32>) -> !fx.size<3> {
  %0 = fx.size %x : tensor<?x8x?xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}
