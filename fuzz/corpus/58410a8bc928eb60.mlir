func.func @make_size_element_type(%a: i64) -> !fx.size<1> {
  %0 = "fx.make_size"(%a) : (i64) -> !fx.size<1>
  return %0 : !fx.size<1>
}
