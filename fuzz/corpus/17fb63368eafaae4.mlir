func.func @slice_tensor_rank0(%t: tensor<i64>, %s: !fx.slice) -> tensor<i64> {
  %0 = fx.slice_tensor %t[%s] : tensor<i64> -> tensor<i64>
  return %0 : tensor<i64>
}
