func.func @real_view(%x: tensor<?x8xf32>, %y: tensor<?x8xf32>, %a: index)
    -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<8x?xf32>) {
  %sy = fx.size %y : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.view %x, %sy : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %r = fx.make_size %a, %c8 : !fx.size<2>
  %1 = fx.view %x, %r : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %n = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %c4 = arith.constant 4 : index
  %w = fx.make_size %n, %c4 : !fx.size<2>
  %2 = fx.view %x, %w : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %t = fx.make_size %c8, %n : !fx.size<2>
  %3 = fx.view %x, %t : tensor<?x8xf32>, !fx.size<2> -> tensor<8x?xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>, tensor<8x?xf32>
}
