func.func @unranked_extremes(%u: tensor<*xf32>) -> (index, index) {
  %0 = fx.size %u, dim = -9223372036854775808 : tensor<*xf32> -> index
  %1 = fx.sym_size %u, dim = 9223372036854775807 : tensor<*xf32>
  return %0, %1 : index, index
}
