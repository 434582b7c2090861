func.func @unranked(%u: tensor<*xf32>) -> (index, index, index, index) {
  %0 = fx.size %u, dim = 1 : tensor<*xf32> -> index
  %1 = fx.size %u, dim = -1 : tensor<*xf32> -> index
  %2 = fx.sym_size %u, dim = -1 : tensor<*xf32>
  %c7 = arith.constant 7 : index
  %3 = fx.size %u, dim = %c7 : tensor<*xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}
