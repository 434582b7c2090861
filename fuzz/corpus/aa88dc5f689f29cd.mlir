func.func @dim_symbols_on_index(%s0: index {fx.dim_symbols = ["s0"]}) {
  return
}
