func.func @integer_symbol(%s0: index {fx.symbol = 0}) {
  return
}
