func.func @view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %view : tensor<?x8xf32>
}
