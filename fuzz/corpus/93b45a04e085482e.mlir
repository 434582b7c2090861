func.func @sizes(%x: tensor<?x8xf32>, %a: index, %b: index)
    -> (!fx.size<2>, index, index) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %made = fx.make_size %a, %b : !fx.size<2>
  %0 = fx.getitem %made[-1] : !fx.size<2>
  %1 = fx.getitem %size[1] : !fx.size<2>
  return %size, %0, %1 : !fx.size<2>, index, index
}

func.func @caller(%x: tensor<?x8xf32>) -> !fx.size<2> {
  %c1 = arith.constant 1 : index
  %0:3 = call @sizes(%x, %c1, %c1) : (tensor<?x8xf32>, index, index) -> (!fx.size<2>, index, index)
  return %0#0 : !fx.size<2>
}
