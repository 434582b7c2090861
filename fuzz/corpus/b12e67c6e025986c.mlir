func.func @view_element_type(%x: tensor<?x8xf32>, %s: !fx.size<2>) -> tensor<?x8xf16> {
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf16>
  return %0 : tensor<?x8xf16>
}
