func.func @kept(%x: tensor<?x8xf32>, %z: tensor<f32>, %u: tensor<*xf32>,
                %d: index) -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %c5 = arith.constant 5 : index
  %1 = fx.size %x, dim = %c5 : tensor<?x8xf32> -> index
  %cm3 = arith.constant -3 : index
  %2 = fx.size %x, dim = %cm3 : tensor<?x8xf32> -> index
  %c0 = arith.constant 0 : index
  %3 = fx.size %z, dim = %c0 : tensor<f32> -> index
  %s = fx.size %u : tensor<*xf32> -> !fx.size<2>
  %4 = fx.getitem %s[0] : !fx.size<2>
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}
