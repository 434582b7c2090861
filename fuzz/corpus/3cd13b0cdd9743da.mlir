func.func @size_length_mismatch(%x: tensor<?x8xf32>) -> !fx.size<3> {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}
