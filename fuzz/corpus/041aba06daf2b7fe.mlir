func.func @dead(%x: tensor<?x8xf32>) {
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  return
}
