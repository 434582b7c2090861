func.func @size_of_non_tensor(%x: memref<?xf32>) -> index {
  %0 = "fx.size"(%x) <{dim = 0 : i64}> : (memref<?xf32>) -> index
  return %0 : index
}
