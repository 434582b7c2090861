func.func @getitem_index_repeated(%s: !fx.size<2>) -> index {
  %0 = fx.getitem %s[0] {index = 1} : !fx.size<2>
  return %0 : index
}
