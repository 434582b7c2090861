func.func @getitem_of_index(%s: index) -> index {
  %0 = fx.getitem %s[0] : index
  return %0 : index
}
