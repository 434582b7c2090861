func.func @dynamic_dim(%x: tensor<?x8xf32>, %d: index) -> index {
  %0 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  return %0 : index
}
