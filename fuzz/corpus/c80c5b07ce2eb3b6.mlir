func.func @node_kind_repeated(%x: tensor<?xf32>) {
  fx.node call_function "torch.relu"(%x) {kind = #fx<node_kind get_attr>} : (tensor<?xf32>) -> ()
  return
}
