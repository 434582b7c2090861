func.func private @negative_length(!fx.size<-1>)
