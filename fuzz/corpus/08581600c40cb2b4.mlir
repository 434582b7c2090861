func.func @one_form(%x: tensor<?x?xf32>)
    -> (index, index, index, index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x?xf32> -> index
  %1 = fx.sym_size %x, dim = -2 : tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %2 = fx.size %x, dim = %c0 : tensor<?x?xf32> -> index
  %s = fx.size %x : tensor<?x?xf32> -> !fx.size<2>
  %3 = fx.getitem %s[0] : !fx.size<2>
  %4 = fx.getitem %s[-2] : !fx.size<2>
  %5 = fx.size %x, dim = -1 : tensor<?x?xf32> -> index
  %cm1 = arith.constant -1 : index
  %6 = fx.size %x, dim = %cm1 : tensor<?x?xf32> -> index
  %7 = fx.getitem %s[1] : !fx.size<2>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : index, index, index, index, index, index, index, index
}
