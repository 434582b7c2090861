func.func @getitem_empty(%s: !fx.size<0>) -> index {
  %0 = fx.getitem %s[0] : !fx.size<0>
  return %0 : index
}
