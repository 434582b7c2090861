func.func @node_kind_keyword(%x: tensor<?xf32>) {
  fx.node output "x"(%x) : (tensor<?xf32>) -> ()
  return
}
