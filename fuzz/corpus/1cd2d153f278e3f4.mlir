func.func @view_dims(%x: tensor<?xf32>, %s: !fx.size<3>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = fx.view %x, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x4x?xf32>
  %0 = tensor.dim %v, %c0 : tensor<?x4x?xf32>
  %1 = tensor.dim %v, %c1 : tensor<?x4x?xf32>
  %2 = tensor.dim %v, %c2 : tensor<?x4x?xf32>
  return %0, %1, %2 : index, index, index
}

func.func @view_of_make_size(%x: tensor<?x8xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %s = fx.make_size %n, %c8 : !fx.size<2>
  %v = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %0 = tensor.dim %v, %c0 : tensor<?x8xf32>
  return %0 : index
}

func.func @slice_tensor_dims(%t: tensor<?x?xi64>, %sl: !fx.slice) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = fx.slice_tensor %t[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %0 = tensor.dim %r, %c0 : tensor<?x?xi64>
  %1 = tensor.dim %r, %c1 : tensor<?x?xi64>
  return %0, %1 : index, index
}
