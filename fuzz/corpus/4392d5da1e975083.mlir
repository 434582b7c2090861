func.func @dim_symbols_unranked(%x: tensor<*xf32> {fx.dim_symbols = ["s0"]}) {
  return
}
