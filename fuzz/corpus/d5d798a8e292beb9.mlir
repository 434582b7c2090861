func.func @dim_symbols_not_array(%x: tensor<?xf32> {fx.dim_symbols = "s0"}) {
  return
}
