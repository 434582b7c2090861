func.func @users_by_node(%x: tensor<?x8xf32>) -> (!fx.slice, !fx.slice, !fx.slice) {
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size")
  %a = fx.slice none, %n, none loc("getitem")
  %b = fx.slice none, %n, none loc("getitem")
  %c = fx.slice %n, none, none loc("getitem_1")
  return %a, %b, %c : !fx.slice, !fx.slice, !fx.slice
}
