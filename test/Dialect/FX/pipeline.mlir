// Nested in a pipeline with canonicalize and cse, on many functions (which the
// pass manager runs in parallel).
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' --mlir-disable-threading | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --pass-pipeline='builtin.module(func.func(fx-decompose-size,canonicalize,cse))' | FileCheck %s
// The pass is not tied to func.func.
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(fx-decompose-size,canonicalize,cse)' | FileCheck %s

// getitem of the rebuilt size folds to the element; static dims become
// constants; the with-dim size in the slice, which the pass leaves alone,
// canonicalizes to fx.sym_size, and CSE merges it with the decomposed dim 0.
// CHECK-LABEL: func.func @lora
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[M:.*]]: tensor<?xi64>)
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK-NEXT: %[[S:.*]] = fx.slice none, %[[D0]], none
// CHECK-NEXT: %[[R:.*]] = fx.slice_tensor %[[M]][%[[S]]]
// CHECK-NEXT: return %[[D0]], %[[C8]], %[[R]], %[[R]]
func.func @lora(%x: tensor<?x8xf32>, %m: tensor<?xi64>)
    -> (index, index, tensor<?xi64>, tensor<?xi64>) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.getitem %size[0] : !fx.size<2>
  %1 = fx.getitem %size[1] : !fx.size<2>
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %s0 = fx.slice none, %n, none
  %r0 = fx.slice_tensor %m[%s0] : tensor<?xi64> -> tensor<?xi64>
  %s1 = fx.slice none, %n, none
  %r1 = fx.slice_tensor %m[%s1] : tensor<?xi64> -> tensor<?xi64>
  return %0, %1, %r0, %r1 : index, index, tensor<?xi64>, tensor<?xi64>
}

// x.view(x.size()), decomposed, is x.
// CHECK-LABEL: func.func @view
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>)
// CHECK-NOT: fx.
// CHECK: return %[[X]]
func.func @view(%x: tensor<4x?xf32>) -> tensor<4x?xf32> {
  %size = fx.size %x : tensor<4x?xf32> -> !fx.size<2>
  %v = fx.view %x, %size : tensor<4x?xf32>, !fx.size<2> -> tensor<4x?xf32>
  return %v : tensor<4x?xf32>
}

// A real reshape stays, on the decomposed size.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[D1:.*]] = fx.sym_size %[[X]], dim = 1
// CHECK: %[[S:.*]] = fx.make_size %[[C4]], %[[D1]] : !fx.size<2>
// CHECK: fx.view %[[Y]], %[[S]]
func.func @reshape(%x: tensor<4x?xf32>, %y: tensor<?xf32>) -> tensor<4x?xf32> {
  %size = fx.size %x : tensor<4x?xf32> -> !fx.size<2>
  %v = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<4x?xf32>
  return %v : tensor<4x?xf32>
}

// CHECK-LABEL: func.func @static
// CHECK-NOT: fx.
// CHECK: return
func.func @static(%x: tensor<2x3xf32>) -> index {
  %size = fx.size %x : tensor<2x3xf32> -> !fx.size<2>
  %0 = fx.getitem %size[-1] : !fx.size<2>
  return %0 : index
}
