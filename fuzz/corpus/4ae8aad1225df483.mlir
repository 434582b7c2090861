func.func @size_with_dim(%x: tensor<?x8xf32>, %d: index, %u: tensor<*xf32>)
    -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %3 = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  %4 = fx.sym_size %u, dim = -1 : tensor<*xf32>
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
