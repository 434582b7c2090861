func.func @valid(%t: tensor<?xi64>, %u: tensor<5xi64>, %y: tensor<6xf32>,
                 %n: index) -> (tensor<3xi64>, tensor<3xi64>, tensor<?x3xf32>,
                                tensor<?x3xf32>) {
  %all = fx.slice none, none, none
  %0 = fx.slice_tensor %t[%all] : tensor<?xi64> -> tensor<3xi64>
  %c3 = arith.constant 3 : index
  %head = fx.slice none, %c3, none
  %1 = fx.slice_tensor %u[%head] : tensor<5xi64> -> tensor<3xi64>
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %c-1, %c3 : !fx.size<2>
  %2 = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  %r = fx.make_size %n, %c3 : !fx.size<2>
  %3 = fx.view %y, %r : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  return %0, %1, %2, %3 : tensor<3xi64>, tensor<3xi64>, tensor<?x3xf32>, tensor<?x3xf32>
}
