func.func @remarks(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %r: tensor<f32>) -> (!fx.size<2>, index, index, !fx.size<3>, !fx.size<0>) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %k = fx.sym_size %x, dim = -1 : tensor<?x8xf32>
  %us = fx.size %u : tensor<*xf32> -> !fx.size<3>
  %rs = fx.size %r : tensor<f32> -> !fx.size<0>
  return %s, %n, %k, %us, %rs : !fx.size<2>, index, index, !fx.size<3>, !fx.size<0>
}
