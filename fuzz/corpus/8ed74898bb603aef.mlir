func.func @static_dim(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>)
    -> (index, index, index, index) {
  %0 = fx.size %x, dim = 1 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.sym_size %y, dim = -2 : tensor<4x8xf32>
  %c1 = arith.constant 1 : index
  %3 = fx.size %y, dim = %c1 : tensor<4x8xf32> -> index
  return %0, %1, %2, %3 : index, index, index, index
}
