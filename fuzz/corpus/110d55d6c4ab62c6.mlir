func.func @upstream(%x: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, vector<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %filled = linalg.fill ins(%f : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %v = vector.transfer_read %x[%c0], %f : tensor<4xf32>, vector<4xf32>
  %s = math.sqrt %f : f32
  return %filled, %v, %s : tensor<4xf32>, vector<4xf32>, f32
}
