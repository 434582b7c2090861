func.func @getitem_of_argument(%s: !fx.size<2>) -> index {
  %0 = fx.getitem %s[-1] : !fx.size<2>
  return %0 : index
}
