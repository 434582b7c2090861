func.func @bindings(%s0: index {fx.symbol = "s0"},
                    %x: tensor<?x8x?xf32> {fx.dim_symbols = ["s0", "", ""]}) {
  return
}

func.func private @declaration(index {fx.symbol = "s1"},
                               tensor<?xi64> {fx.dim_symbols = ["s1"]})
