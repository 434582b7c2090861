func.func @view_below_minus_one(%y: tensor<6xf32>) -> tensor<?x3xf32> {
  %c-2 = arith.constant -2 : index
  %c3 = arith.constant 3 : index
  %s = fx.make_size %c-2, %c3 : !fx.size<2>
  %0 = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}
