func.func @size_dim_of_rank0(%x: tensor<f32>) -> index {
  %0 = fx.size %x, dim = 0 : tensor<f32> -> index
  return %0 : index
}
