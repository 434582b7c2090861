func.func @licm(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
    %a = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
    %b = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
    %c = fx.size %x, dim = %c1 : tensor<?x8xf32> -> index
    %e = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
    %us = fx.size %u : tensor<*xf32> -> !fx.size<3>
    %ua = fx.size %u, dim = 5 : tensor<*xf32> -> index
    %ub = fx.sym_size %u, dim = 0 : tensor<*xf32>
    %xd = fx.size %x, dim = %d : tensor<?x8xf32> -> index
    %x9 = fx.size %x, dim = %c9 : tensor<?x8xf32> -> index
  }
  return
}
