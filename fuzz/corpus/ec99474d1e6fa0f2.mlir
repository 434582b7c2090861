func.func @slice_tensor_element_type(%t: tensor<?xi64>, %s: !fx.slice) -> tensor<?xf32> {
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
