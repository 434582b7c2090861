func.func @view_below_minus_one_runtime(%y: tensor<6xf32>, %n: index) -> tensor<?x?xf32> {
  %c-3 = arith.constant -3 : index
  %s = fx.make_size %n, %c-3 : !fx.size<2>
  %0 = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
