func.func @argument(%s: !fx.size<9223372036854775807>) -> index {
  %0 = fx.getitem %s[0] : !fx.size<9223372036854775807>
  return %0 : index
}
