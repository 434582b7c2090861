func.func @int64_max_index(%s: !fx.size<9223372036854775807>) -> index {
  %0 = fx.getitem %s[9223372036854775807] : !fx.size<9223372036854775807>
  return %0 : index
}
