func.func @empty_symbol(%x: tensor<?xf32>, %s0: index {fx.symbol = ""}) {
  return
}
