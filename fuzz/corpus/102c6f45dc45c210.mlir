func.func @view_rank(%x: tensor<?x8xf32>, %s: !fx.size<2>) -> tensor<?xf32> {
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
