func.func @slice_segments_repeated(%c: index) -> !fx.slice {
  %0 = fx.slice none, %c, none {operandSegmentSizes = array<i32: 1, 0, 0>}
  return %0 : !fx.slice
}
