func.func @dimless(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> (index, tensor<?x8xf32>) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %d = fx.getitem %size[0] : !fx.size<2>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %d, %view : index, tensor<?x8xf32>
}
