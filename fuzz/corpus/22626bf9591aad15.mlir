func.func @dim_symbols_static(%x: tensor<?x8xf32> {fx.dim_symbols = ["s0", "s1"]}) {
  return
}
