func.func @int64_min_index(%s: !fx.size<2>) -> index {
  %0 = fx.getitem %s[-9223372036854775808] : !fx.size<2>
  return %0 : index
}
