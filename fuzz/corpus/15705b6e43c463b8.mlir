func.func @dead(%x: tensor<?x8xf32>, %s: !fx.size<2>) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %2 = fx.getitem %s[1] : !fx.size<2>
  return
}
