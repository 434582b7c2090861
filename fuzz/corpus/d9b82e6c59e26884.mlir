func.func @view_numel(%x: tensor<4x8xf32>, %s: !fx.size<2>) -> tensor<3x8xf32> {
  %0 = fx.view %x, %s : tensor<4x8xf32>, !fx.size<2> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}
