func.func @sym_size_int64_min(%x: tensor<?x8xf32>) -> index {
  %0 = fx.sym_size %x, dim = -9223372036854775808 : tensor<?x8xf32>
  return %0 : index
}
