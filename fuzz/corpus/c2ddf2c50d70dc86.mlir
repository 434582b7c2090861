func.func @used_twice(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, !fx.size<2>) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.view %x, %0 : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %1, %0 : tensor<?x8xf32>, !fx.size<2>
}
