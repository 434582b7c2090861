func.func @opaque(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
