func.func @all_symbolic(%x: tensor<?x?x?xf32>) -> !fx.size<3> {
  %0 = fx.size %x : tensor<?x?x?xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}
