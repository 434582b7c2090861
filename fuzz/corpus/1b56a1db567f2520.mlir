func.func @view_size_type(%x: tensor<4x8xf32>, %s: index) -> tensor<4x8xf32> {
  %0 = "fx.view"(%x, %s) : (tensor<4x8xf32>, index) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
