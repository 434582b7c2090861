func.func @dim_symbols_not_strings(%x: tensor<?xf32> {fx.dim_symbols = [0]}) {
  return
}
