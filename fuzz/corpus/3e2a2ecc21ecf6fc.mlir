func.func @no_fold(%x: tensor<?x8xf32>, %u: tensor<*xf32>)
    -> (index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  %2 = fx.size %u, dim = 1 : tensor<*xf32> -> index
  %c5 = arith.constant 5 : index
  %3 = fx.size %x, dim = %c5 : tensor<?x8xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}
