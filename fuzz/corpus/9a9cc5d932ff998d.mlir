func.func @make_size_of_index(%a: index) -> index {
  %0 = fx.make_size %a : index
  return %0 : index
}
