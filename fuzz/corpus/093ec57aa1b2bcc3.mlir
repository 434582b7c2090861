func.func @dimless(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> (index, tensor<?x8xf32>) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  %2 = fx.view %y, %0 : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %1, %2 : index, tensor<?x8xf32>
}
