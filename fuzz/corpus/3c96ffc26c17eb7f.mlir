func.func @report(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %r: tensor<f32>) -> (!fx.size<2>, index, index, !fx.size<3>, !fx.size<0>) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("s")
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("dead")
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("n")
  %k = fx.sym_size %x, dim = -1 : tensor<?x8xf32> loc("k")
  %us = fx.size %u : tensor<*xf32> -> !fx.size<3> loc("us")
  %rs = fx.size %r : tensor<f32> -> !fx.size<0> loc("rs")
  return %s, %n, %k, %us, %rs : !fx.size<2>, index, index, !fx.size<3>, !fx.size<0>
}

func.func @other(%y: tensor<3xf32>) -> !fx.size<1> {
  %t = fx.size %y : tensor<3xf32> -> !fx.size<1> loc("t")
  return %t : !fx.size<1>
}
