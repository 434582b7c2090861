func.func @identity_view(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>)
    -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %n = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %c8 = arith.constant 8 : index
  %r = fx.make_size %n, %c8 : !fx.size<2>
  %1 = fx.view %x, %r : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %c4 = arith.constant 4 : index
  %t = fx.make_size %c4, %c8 : !fx.size<2>
  %2 = fx.view %y, %t : tensor<4x8xf32>, !fx.size<2> -> tensor<4x8xf32>
  %m = fx.size %x, dim = -2 : tensor<?x8xf32> -> index
  %e = fx.getitem %s[1] : !fx.size<2>
  %u = fx.make_size %m, %e : !fx.size<2>
  %3 = fx.view %x, %u : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %0, %1, %2, %3 : tensor<?x8xf32>, tensor<?x8xf32>, tensor<4x8xf32>, tensor<?x8xf32>
}
