func.func @size_wrong_result_type(%x: tensor<?x8xf32>) -> i64 {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> i64
  return %0 : i64
}
