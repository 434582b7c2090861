func.func @node_kind_generic(%x: tensor<?xf32>) {
  "fx.node"(%x) <{kind = #fx<node_kind placeholder>, target = "x"}> : (tensor<?xf32>) -> ()
  return
}
