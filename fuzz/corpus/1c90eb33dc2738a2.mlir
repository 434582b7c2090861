func.func @symbol_on_tensor(%x: tensor<?xf32> {fx.symbol = "s0"}) {
  return
}
