func.func @inferred_dim(%x: tensor<?x4x2xf32>, %n: index) -> tensor<?x8xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  %0 = fx.view %x, %s : tensor<?x4x2xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
