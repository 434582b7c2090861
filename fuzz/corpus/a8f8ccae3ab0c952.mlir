func.func @getitem_size(%x: tensor<?x8xf32>) -> (index, index) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  %1 = fx.getitem %s[-1] : !fx.size<2>
  return %0, %1 : index, index
}
