func.func @getitem_make_size(%a: index, %b: index) -> (index, index, index) {
  %s = fx.make_size %a, %b : !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  %1 = fx.getitem %s[1] : !fx.size<2>
  %2 = fx.getitem %s[-1] : !fx.size<2>
  return %0, %1, %2 : index, index, index
}
