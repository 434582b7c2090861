// RUN: fx-opt --verify-roundtrip %s --loop-invariant-code-motion | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --loop-invariant-code-motion | FileCheck %s

// A size op may leave a loop that may run zero times only when it cannot
// fail: its tensor is ranked and its dim a constant in range. Otherwise
// running it may be an error (as `x.size(5)` of a 2-d tensor is in PyTorch),
// which hoisting would raise where the program raised none.

// CHECK-LABEL: func.func @licm
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[U:.*]]: tensor<*xf32>, %[[D:.*]]: index, %[[N:.*]]: index)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// Hoisted: ranked tensor, dim in range.
// CHECK-DAG: fx.size %[[X]] : tensor<?x8xf32> -> !fx.size<2>
// CHECK-DAG: fx.size %[[X]], dim = 0 : tensor<?x8xf32> -> index
// CHECK-DAG: fx.size %[[X]], dim = -1 : tensor<?x8xf32> -> index
// CHECK-DAG: fx.size %[[X]], dim = %[[C1]] : tensor<?x8xf32> -> index
// CHECK-DAG: fx.sym_size %[[X]], dim = 1 : tensor<?x8xf32>
// CHECK: scf.for
// Left in the loop: an unranked tensor, an SSA dim, a constant out of range.
// CHECK-DAG: fx.size %[[U]] : tensor<*xf32> -> !fx.size<3>
// CHECK-DAG: fx.size %[[U]], dim = 5 : tensor<*xf32> -> index
// CHECK-DAG: fx.sym_size %[[U]], dim = 0 : tensor<*xf32>
// CHECK-DAG: fx.size %[[X]], dim = %[[D]] : tensor<?x8xf32> -> index
// CHECK-DAG: fx.size %[[X]], dim = %[[C9]] : tensor<?x8xf32> -> index
// CHECK: }
// CHECK-NEXT: return
func.func @licm(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %d: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  scf.for %i = %c0 to %n step %c1 {
    %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
    %a = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
    %b = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
    %c = fx.size %x, dim = %c1 : tensor<?x8xf32> -> index
    %e = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
    %us = fx.size %u : tensor<*xf32> -> !fx.size<3>
    %ua = fx.size %u, dim = 5 : tensor<*xf32> -> index
    %ub = fx.sym_size %u, dim = 0 : tensor<*xf32>
    %xd = fx.size %x, dim = %d : tensor<?x8xf32> -> index
    %x9 = fx.size %x, dim = %c9 : tensor<?x8xf32> -> index
  }
  return
}
