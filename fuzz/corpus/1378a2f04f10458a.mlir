func.func @size_dimless_returns_index(%x: tensor<?x8xf32>) -> index {
  %0 = fx.size %x : tensor<?x8xf32> -> index
  return %0 : index
}
