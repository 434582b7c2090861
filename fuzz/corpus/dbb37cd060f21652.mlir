func.func private @overlong_declaration(!fx.size<65537>)
