func.func @node_target(%x: tensor<?xf32>) {
  fx.node "call_function" ""(%x) : (tensor<?xf32>) -> ()
  return
}
