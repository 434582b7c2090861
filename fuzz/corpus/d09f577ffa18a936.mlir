func.func @dim_symbols_rank(%x: tensor<?x8xf32> {fx.dim_symbols = ["s0"]}) {
  return
}
