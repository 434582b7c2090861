func.func @with_dim_one_user(%x: tensor<?x8xf32>) -> !fx.slice {
  %0 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %1 = fx.slice %0, %0, none
  return %1 : !fx.slice
}
