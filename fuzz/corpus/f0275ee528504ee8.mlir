func.func @lora(%x: tensor<?x8xf32>, %m: tensor<?xi64>)
    -> (index, index, tensor<?xi64>, tensor<?xi64>) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.getitem %size[0] : !fx.size<2>
  %1 = fx.getitem %size[1] : !fx.size<2>
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %s0 = fx.slice none, %n, none
  %r0 = fx.slice_tensor %m[%s0] : tensor<?xi64> -> tensor<?xi64>
  %s1 = fx.slice none, %n, none
  %r1 = fx.slice_tensor %m[%s1] : tensor<?xi64> -> tensor<?xi64>
  return %0, %1, %r0, %r1 : index, index, tensor<?xi64>, tensor<?xi64>
}

func.func @view(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %size = fx.size %x : tensor<4x?xf32> -> !fx.size<2>
  %v = fx.view %x, %size : tensor<4x?xf32>, !fx.size<2> -> tensor<4x?xf32>
  return %v : tensor<4x?xf32>
}

func.func @reshape(%x: tensor<4x?xf32>, %y: tensor<?xf32>) -> tensor<4x?xf32> {
  %size = fx.size %x : tensor<4x?xf32> -> !fx.size<2>
  %v = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<4x?xf32>
  return %v : tensor<4x?xf32>
}

func.func @static(%x: tensor<2x3xf32>) -> index {
  %size = fx.size %x : tensor<2x3xf32> -> !fx.size<2>
  %0 = fx.getitem %size[-1] : !fx.size<2>
  return %0 : index
}
