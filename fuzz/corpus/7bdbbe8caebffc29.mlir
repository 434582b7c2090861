func.func @opaque_user(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.node "call_method" "narrow"(%x, %0) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
  return %1 : tensor<?x8xf32>
}
