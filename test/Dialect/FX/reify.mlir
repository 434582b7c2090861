// RUN: fx-opt --verify-roundtrip %s --resolve-ranked-shaped-type-result-dims | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --resolve-ranked-shaped-type-result-dims | FileCheck %s

// fx.view and fx.slice_tensor reify their result shapes, so upstream shape
// passes fold a tensor.dim of their results into values of their operands.

// A view's dim i is element i of its size.
// CHECK-LABEL: func.func @view_dims
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[S:.*]]: !fx.size<3>)
// CHECK-NOT: tensor.dim
// CHECK: %[[D0:.*]] = fx.getitem %[[S]][0] : !fx.size<3>
// CHECK: %[[D2:.*]] = fx.getitem %[[S]][2] : !fx.size<3>
// CHECK-NOT: tensor.dim
// CHECK: return %[[D0]], %{{.*}}, %[[D2]]
func.func @view_dims(%x: tensor<?xf32>, %s: !fx.size<3>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v = fx.view %x, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x4x?xf32>
  %0 = tensor.dim %v, %c0 : tensor<?x4x?xf32>
  %1 = tensor.dim %v, %c1 : tensor<?x4x?xf32>
  %2 = tensor.dim %v, %c2 : tensor<?x4x?xf32>
  return %0, %1, %2 : index, index, index
}

// A view to a rebuilt size: the dim is the element it was built from, once
// the getitem of the make_size folds.
// CHECK-LABEL: func.func @view_of_make_size
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[N:.*]]: index)
// CHECK-NOT: tensor.dim
// CHECK: return %[[N]]
func.func @view_of_make_size(%x: tensor<?x8xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %s = fx.make_size %n, %c8 : !fx.size<2>
  %v = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %0 = tensor.dim %v, %c0 : tensor<?x8xf32>
  return %0 : index
}

// A slice keeps the trailing dims of its input; the number of rows depends on
// the slice's bounds at run time, so a tensor.dim of dim 0 stays.
// CHECK-LABEL: func.func @slice_tensor_dims
// CHECK-SAME: (%[[T:.*]]: tensor<?x?xi64>, %[[SL:.*]]: !fx.slice)
// CHECK: %[[R:.*]] = fx.slice_tensor %[[T]][%[[SL]]]
// CHECK: %[[ROWS:.*]] = tensor.dim %[[R]], %{{.*}} : tensor<?x?xi64>
// CHECK: %[[COLS:.*]] = fx.sym_size %[[T]], dim = 1 : tensor<?x?xi64>
// CHECK-NOT: tensor.dim
// CHECK: return %[[ROWS]], %[[COLS]]
func.func @slice_tensor_dims(%t: tensor<?x?xi64>, %sl: !fx.slice) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = fx.slice_tensor %t[%sl] : tensor<?x?xi64> -> tensor<?x?xi64>
  %0 = tensor.dim %r, %c0 : tensor<?x?xi64>
  %1 = tensor.dim %r, %c1 : tensor<?x?xi64>
  return %0, %1 : index, index
}
