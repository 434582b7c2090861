func.func @lora_slice(%x: tensor<?x8xf32>, %token_lora_mapping: tensor<?xi64>)
    -> tensor<?xi64> {
  %size_1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %slice = fx.slice none, %size_1, none
  %mapping = fx.slice_tensor %token_lora_mapping[%slice]
      : tensor<?xi64> -> tensor<?xi64>
  return %mapping : tensor<?xi64>
}

func.func @lora_slice_dimless(%x: tensor<?x8xf32>,
                              %token_lora_mapping: tensor<?xi64>)
    -> tensor<?xi64> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %tokens = fx.getitem %size[0] : !fx.size<2>
  %slice = fx.slice none, %tokens, none
  %mapping = fx.slice_tensor %token_lora_mapping[%slice]
      : tensor<?xi64> -> tensor<?xi64>
  return %mapping : tensor<?xi64>
}

func.func @slice_step(%token_lora_mapping: tensor<?xi64>) -> tensor<?xi64> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %slice = fx.slice %c1, none, %c2
  %0 = fx.slice_tensor %token_lora_mapping[%slice] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

func.func @slice_negative_start(%token_lora_mapping: tensor<?xi64>) -> tensor<?xi64> {
  %c-2 = arith.constant -2 : index
  %slice = fx.slice %c-2, none, none
  %0 = fx.slice_tensor %token_lora_mapping[%slice] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

func.func @lora_view(%x: tensor<?x2xf32>, %y: tensor<?xf32>) -> tensor<?x2xf32> {
  %size = fx.size %x : tensor<?x2xf32> -> !fx.size<2>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x2xf32>
  return %view : tensor<?x2xf32>
}

func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @print_i64(%t: tensor<?xi64>) {
  %m = bufferization.to_buffer %t : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u = memref.cast %m : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

func.func @run(%tokens: index, %mapping: tensor<?xi64>) {
  %x = bufferization.alloc_tensor(%tokens) : tensor<?x8xf32>
  %0 = call @lora_slice(%x, %mapping) : (tensor<?x8xf32>, tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%0) : (tensor<?xi64>) -> ()
  %1 = call @lora_slice_dimless(%x, %mapping) : (tensor<?x8xf32>, tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%1) : (tensor<?xi64>) -> ()
  return
}

func.func @main() {
  %cst = arith.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %mapping = tensor.cast %cst : tensor<5xi64> to tensor<?xi64>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index

  call @run(%c3, %mapping) : (index, tensor<?xi64>) -> ()
  call @run(%c7, %mapping) : (index, tensor<?xi64>) -> ()
  call @run(%c0, %mapping) : (index, tensor<?xi64>) -> ()

  %s = call @slice_step(%mapping) : (tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%s) : (tensor<?xi64>) -> ()
  %n = call @slice_negative_start(%mapping) : (tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%n) : (tensor<?xi64>) -> ()

  %ycst = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %y = tensor.cast %ycst : tensor<6xf32> to tensor<?xf32>
  %x = bufferization.alloc_tensor(%c3) : tensor<?x2xf32>
  %v = call @lora_view(%x, %y) : (tensor<?x2xf32>, tensor<?xf32>) -> tensor<?x2xf32>
  %vm = bufferization.to_buffer %v : tensor<?x2xf32> to memref<?x2xf32>
  %vu = memref.cast %vm : memref<?x2xf32> to memref<*xf32>
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  return
}
