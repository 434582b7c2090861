func.func @unknown_user(%x: tensor<?xf32>) -> !fx.size<1> {
  %0 = scf.execute_region -> !fx.size<1> {
    %1 = fx.size %x : tensor<?xf32> -> !fx.size<1>
    scf.yield %1 : !fx.size<1>
  }
  return %0 : !fx.size<1>
}
