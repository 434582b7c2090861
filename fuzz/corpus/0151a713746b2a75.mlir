func.func @getitem_users(%x: tensor<?x8xf32>) -> (index, index) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  %2 = fx.getitem %0[-1] : !fx.size<2>
  return %1, %2 : index, index
}
