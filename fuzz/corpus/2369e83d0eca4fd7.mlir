func.func @dim_too_wide(%x: tensor<?xf32>) -> index {
  %0 = fx.size %x, dim = 9223372036854775808 : tensor<?xf32> -> index
  return %0 : index
}
