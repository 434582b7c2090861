func.func @placement(%x: tensor<?x8xf32>) -> (!fx.size<2>, !fx.size<2>) {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.node "call_function" "torch.neg"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %t = fx.size %r : tensor<?x8xf32> -> !fx.size<2>
  return %s, %t : !fx.size<2>, !fx.size<2>
}
