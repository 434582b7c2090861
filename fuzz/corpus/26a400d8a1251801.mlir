func.func @node_target_repeated(%x: tensor<?xf32>) {
  fx.node call_function "torch.relu"(%x) {target = "torch.sigmoid"} : (tensor<?xf32>) -> ()
  return
}
