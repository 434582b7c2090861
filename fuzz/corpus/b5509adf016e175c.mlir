func.func @make_size_count(%a: index) -> !fx.size<2> {
  %0 = fx.make_size %a : !fx.size<2>
  return %0 : !fx.size<2>
}
