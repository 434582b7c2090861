func.func private @sizes(%x: tensor<?x8xf32>) -> (index, index) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %n = fx.getitem %s[0] : !fx.size<2>
  %m = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  return %n, %m : index, index
}

func.func private @relu_view(%x: tensor<?x8xf32>, %t: tensor<16xi64>, %n: index)
    -> (tensor<?x8xf32>, tensor<?xi64>) {
  %y = fx.node call_function "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = fx.size %y : tensor<?x8xf32> -> !fx.size<2>
  %v = fx.view %y, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %sl = fx.slice none, %n, none
  %r = fx.slice_tensor %t[%sl] : tensor<16xi64> -> tensor<?xi64>
  return %v, %r : tensor<?x8xf32>, tensor<?xi64>
}

func.func private @tensor_dim(%x: tensor<?x8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x8xf32>
  return %d : index
}

func.func @caller(%x: tensor<?x8xf32>, %t: tensor<16xi64>)
    -> (index, tensor<?x8xf32>, tensor<?xi64>, index) {
  %n, %m = func.call @sizes(%x) : (tensor<?x8xf32>) -> (index, index)
  %v, %r = func.call @relu_view(%x, %t, %n)
      : (tensor<?x8xf32>, tensor<16xi64>, index) -> (tensor<?x8xf32>, tensor<?xi64>)
  %d = func.call @tensor_dim(%x) : (tensor<?x8xf32>) -> index
  return %m, %v, %r, %d : index, tensor<?x8xf32>, tensor<?xi64>, index
}
