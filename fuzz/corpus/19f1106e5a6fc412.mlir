func.func @sym_size_of_memref(%x: memref<?xf32>) -> index {
  %0 = fx.sym_size %x, dim = 0 : memref<?xf32>
  return %0 : index
}
