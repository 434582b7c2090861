// The LoRA graph, lowered to LLVM and run on concrete data. The slice
// token_lora_mapping[:x.size(0)] must print the same numbers with and without
// fx-decompose-size, for a stop inside the tensor, past its end, and zero.
//
// RUN: fx-opt %s --fx-decompose-size --fx-to-llvm \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s
//
// Before decomposition, and through Debian's mlir-opt with the fx plugin:
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(fx-to-llvm)' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | FileCheck %s

// token_lora_mapping[:x.size(0)], as in examples/lora.mlir.
func.func @lora_slice(%x: tensor<?x8xf32>, %token_lora_mapping: tensor<?xi64>)
    -> tensor<?xi64> {
  %size_1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %slice = fx.slice none, %size_1, none
  %mapping = fx.slice_tensor %token_lora_mapping[%slice]
      : tensor<?xi64> -> tensor<?xi64>
  return %mapping : tensor<?xi64>
}

// The same stop, read through the dimless x.size(): this is what the pass
// rewrites.
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

// token_lora_mapping[1::2] and token_lora_mapping[-2:].
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

// y.view(x.size()).
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

  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [10,  11,  12]
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [10,  11,  12]
  call @run(%c3, %mapping) : (index, tensor<?xi64>) -> ()
  // A stop past the end is clamped to it.
  // CHECK: sizes = [5] strides = [1] data =
  // CHECK-NEXT: [10,  11,  12,  13,  14]
  // CHECK: sizes = [5] strides = [1] data =
  // CHECK-NEXT: [10,  11,  12,  13,  14]
  call @run(%c7, %mapping) : (index, tensor<?xi64>) -> ()
  // An empty slice. (printMemref shows one stray element for an empty
  // memref, so only the size is checked.)
  // CHECK: sizes = [0] strides = [1] data =
  // CHECK: sizes = [0] strides = [1] data =
  call @run(%c0, %mapping) : (index, tensor<?xi64>) -> ()

  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [11,  13]
  %s = call @slice_step(%mapping) : (tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%s) : (tensor<?xi64>) -> ()
  // CHECK: sizes = [2] strides = [1] data =
  // CHECK-NEXT: [13,  14]
  %n = call @slice_negative_start(%mapping) : (tensor<?xi64>) -> tensor<?xi64>
  call @print_i64(%n) : (tensor<?xi64>) -> ()

  %ycst = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %y = tensor.cast %ycst : tensor<6xf32> to tensor<?xf32>
  %x = bufferization.alloc_tensor(%c3) : tensor<?x2xf32>
  %v = call @lora_view(%x, %y) : (tensor<?x2xf32>, tensor<?xf32>) -> tensor<?x2xf32>
  %vm = bufferization.to_buffer %v : tensor<?x2xf32> to memref<?x2xf32>
  %vu = memref.cast %vm : memref<?x2xf32> to memref<*xf32>
  // CHECK: rank = 2 offset = 0 sizes = [3, 2] strides = [2, 1] data =
  // CHECK-NEXT: {{\[}}[1,   2],
  // CHECK-NEXT: [3,   4],
  // CHECK-NEXT: [5,   6]]
  call @printMemrefF32(%vu) : (memref<*xf32>) -> ()
  return
}
