func.func @with_dim_untouched(%x: tensor<?x8xf32>, %d: index)
    -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %3 = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
  %4 = fx.size %x, dim = 1 : tensor<?x8xf32> -> index
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
