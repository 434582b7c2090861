func.func @view_size_of_index(%x: tensor<4xf32>, %s: index) {
  %0 = fx.view %x, %s : tensor<4xf32>, index -> tensor<4xf32>
  return
}
