func.func @node_kind(%x: tensor<?xf32>) {
  fx.node "placeholder" "x"(%x) : (tensor<?xf32>) -> ()
  return
}
