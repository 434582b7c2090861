func.func @rank0(%x: tensor<f32>) -> !fx.size<0> {
  %0 = fx.size %x : tensor<f32> -> !fx.size<0>
  return %0 : !fx.size<0>
}
