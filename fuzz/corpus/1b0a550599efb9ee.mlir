func.func @getitem_out_of_range(%s: !fx.size<2>) -> index {
  %0 = fx.getitem %s[2] : !fx.size<2>
  return %0 : index
}
