// A graph split at an upstream op (linalg.matmul, by match-fx-targets),
// lowered to LLVM and run with mlir-runner, split and unsplit: the printed results are identical
// (but for the buffers' addresses),
// and they are what torch computes:
//   x = torch.arange(1, 13.).view(3, 4); w = [[1,0,0,1],[0,2,0,0],[0,0,1,0],[1,0,0,-1]]
//   mm = x @ w; out = (mm.view(x.size()) + x) @ w; mapping[:x.size(0)]
// The pieces take and return tensors and index values: the size of x crosses
// as its elements (fx-decompose-size runs first), the slice is rebuilt.
//
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module( \
// RUN:     func.func(fx-decompose-size),fx-split-graph{splitting-ops=linalg.matmul match-fx-targets=true})' \
// RUN: | FileCheck %s --check-prefix=SPLIT
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module( \
// RUN:     func.func(fx-decompose-size),fx-split-graph{splitting-ops=linalg.matmul match-fx-targets=true}, \
// RUN:     convert-fx-to-tensor,canonicalize,one-shot-bufferize{bufferize-function-boundaries}, \
// RUN:     convert-linalg-to-loops,convert-scf-to-cf,expand-strided-metadata, \
// RUN:     finalize-memref-to-llvm,lower-affine,convert-arith-to-llvm,convert-func-to-llvm, \
// RUN:     convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.split
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module( \
// RUN:     func.func(fx-decompose-size), \
// RUN:     convert-fx-to-tensor,canonicalize,one-shot-bufferize{bufferize-function-boundaries}, \
// RUN:     convert-linalg-to-loops,convert-scf-to-cf,expand-strided-metadata, \
// RUN:     finalize-memref-to-llvm,lower-affine,convert-arith-to-llvm,convert-func-to-llvm, \
// RUN:     convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils \
// RUN: | sed -e 's/base@ = 0x[0-9a-f]*//' > %t.unsplit
// RUN: diff %t.split %t.unsplit
// RUN: FileCheck %s --input-file=%t.split

// SPLIT-LABEL: func.func @graph(
// SPLIT-NEXT: call @graph_submod_0(
// SPLIT-NEXT: call @graph_submod_1(
// SPLIT-NEXT: call @graph_submod_2(
// SPLIT-NEXT: call @graph_submod_3(
// SPLIT-NEXT: call @graph_submod_4(
// SPLIT-NEXT: return
// SPLIT-NOT: !fx.size<2>)
// SPLIT-NOT: -> !fx.size
// SPLIT-NOT: !fx.slice)
// SPLIT-LABEL: func.func @main(
// SPLIT-NOT: _submod_

func.func @graph(%x: tensor<?x4xf32>, %w: tensor<4x4xf32>, %mapping: tensor<?xi64>)
    -> (tensor<?x4xf32>, tensor<?xi64>) {
  %size = fx.size %x : tensor<?x4xf32> -> !fx.size<2>
  %n = fx.size %x, dim = 0 : tensor<?x4xf32> -> index
  %slice = fx.slice none, %n, none
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty(%n) : tensor<?x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x4xf32>, tensor<4x4xf32>)
                      outs(%acc : tensor<?x4xf32>) -> tensor<?x4xf32>
  %view = fx.view %mm, %size : tensor<?x4xf32>, !fx.size<2> -> tensor<?x4xf32>
  %init_1 = tensor.empty(%n) : tensor<?x4xf32>
  %add = linalg.add ins(%view, %x : tensor<?x4xf32>, tensor<?x4xf32>)
                    outs(%init_1 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %init_2 = tensor.empty(%n) : tensor<?x4xf32>
  %acc_2 = linalg.fill ins(%zero : f32) outs(%init_2 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm_2 = linalg.matmul ins(%add, %w : tensor<?x4xf32>, tensor<4x4xf32>)
                        outs(%acc_2 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %rows = fx.slice_tensor %mapping[%slice] : tensor<?xi64> -> tensor<?xi64>
  return %mm_2, %rows : tensor<?x4xf32>, tensor<?xi64>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @main() {
  %xs = arith.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0],
                              [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>
  %x = tensor.cast %xs : tensor<3x4xf32> to tensor<?x4xf32>
  %w = arith.constant dense<[[1.0, 0.0, 0.0, 1.0], [0.0, 2.0, 0.0, 0.0],
                             [0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, -1.0]]> : tensor<4x4xf32>
  %ms = arith.constant dense<[10, 11, 12, 13, 14]> : tensor<5xi64>
  %m = tensor.cast %ms : tensor<5xi64> to tensor<?xi64>
  %out:2 = call @graph(%x, %w, %m) : (tensor<?x4xf32>, tensor<4x4xf32>, tensor<?xi64>)
      -> (tensor<?x4xf32>, tensor<?xi64>)
  %b0 = bufferization.to_buffer %out#0 : tensor<?x4xf32> to memref<?x4xf32>
  %u0 = memref.cast %b0 : memref<?x4xf32> to memref<*xf32>
  // CHECK: sizes = [3, 4] strides = [4, 1] data =
  // CHECK-NEXT: {{\[}}[7,   12,   6,   5],
  // CHECK-NEXT: [23,   36,   14,   13],
  // CHECK-NEXT: [39,   60,   22,   21]]
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %b1 = bufferization.to_buffer %out#1 : tensor<?xi64> to memref<?xi64, strided<[?], offset: ?>>
  %u1 = memref.cast %b1 : memref<?xi64, strided<[?], offset: ?>> to memref<*xi64>
  // CHECK: sizes = [3] strides = [1] data =
  // CHECK-NEXT: [10,  11,  12]
  call @printMemrefI64(%u1) : (memref<*xi64>) -> ()
  return
}
