func.func @slice_bound_type(%a: i64) -> !fx.slice {
  %0 = "fx.slice"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !fx.slice
  return %0 : !fx.slice
}
