func.func @unranked_view(%t: tensor<?xf32>, %s: !fx.size<2>) -> tensor<*xf32> {
  %0 = fx.view %t, %s : tensor<?xf32>, !fx.size<2> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
